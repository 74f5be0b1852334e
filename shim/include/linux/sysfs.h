/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysfs attributes as device drivers use them: struct attribute, and
 * sysfs_emit()/sysfs_emit_at(), which format into the PAGE_SIZE buffer a
 * show() handler gets (the kernel warns when buf is not that buffer).
 */
#ifndef _LINUX_SYSFS_H
#define _LINUX_SYSFS_H

#include <linux/compiler.h>
#include <linux/types.h>

struct attribute {
	const char *name;
	umode_t mode;
};

__printf(2, 3) int sysfs_emit(char *buf, const char *fmt, ...);
__printf(3, 4) int sysfs_emit_at(char *buf, int at, const char *fmt, ...);

#endif
