/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysfs attributes as device drivers use them: struct attribute, and
 * sysfs_emit()/sysfs_emit_at(), which format into the PAGE_SIZE buffer a
 * show() handler gets (the kernel warns when buf is not that buffer).
 */
#ifndef _LINUX_SYSFS_H
#define _LINUX_SYSFS_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/stat.h>
#include <linux/types.h>
#include <linux/version.h>

struct attribute {
	const char *name;
	umode_t mode;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* linux/kernel.h's before 7.x: the rules of a permission, at build time */
#define VERIFY_OCTAL_PERMISSIONS(perms)					\
	(BUILD_BUG_ON_ZERO((perms) < 0) +				\
	 BUILD_BUG_ON_ZERO((perms) > 0777) +				\
	 BUILD_BUG_ON_ZERO((((perms) >> 6) & 4) < (((perms) >> 3) & 4)) + \
	 BUILD_BUG_ON_ZERO((((perms) >> 3) & 4) < ((perms) & 4)) +	\
	 BUILD_BUG_ON_ZERO((((perms) >> 6) & 2) < (((perms) >> 3) & 2)) + \
	 BUILD_BUG_ON_ZERO((perms) & 2) +				\
	 (perms))
#endif

__printf(2, 3) int sysfs_emit(char *buf, const char *fmt, ...);
__printf(3, 4) int sysfs_emit_at(char *buf, int at, const char *fmt, ...);

#endif
