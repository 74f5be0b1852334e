/* SPDX-License-Identifier: GPL-2.0 */
/*
 * File mode bits: the uapi header's S_IFMT, S_IRUSR ... (linux-libc-dev,
 * through #include_next; its guard is _LINUX_STAT_H, hence this header's
 * own) and the kernel's S_IRUGO family. linux/module.h, linux/fs.h and
 * linux/sysfs.h include it, as in the kernel.
 */
#ifndef _QDK_SHIM_LINUX_STAT_H
#define _QDK_SHIM_LINUX_STAT_H

#include_next <linux/stat.h>

#define S_IRWXUGO	(S_IRWXU | S_IRWXG | S_IRWXO)
#define S_IALLUGO	(S_ISUID | S_ISGID | S_ISVTX | S_IRWXUGO)
#define S_IRUGO		(S_IRUSR | S_IRGRP | S_IROTH)
#define S_IWUGO		(S_IWUSR | S_IWGRP | S_IWOTH)
#define S_IXUGO		(S_IXUSR | S_IXGRP | S_IXOTH)

#define UTIME_NOW	((1l << 30) - 1l)
#define UTIME_OMIT	((1l << 30) - 2l)

#include <linux/types.h>
#include <linux/time.h>

#endif
