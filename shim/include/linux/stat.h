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
#include <linux/version.h>

/* the statx(2) attributes that mirror FS_*_FL inode flags, and those the VFS enforces */
#define KSTAT_ATTR_FS_IOC_FLAGS	(STATX_ATTR_COMPRESSED | STATX_ATTR_IMMUTABLE |	\
				 STATX_ATTR_APPEND | STATX_ATTR_NODUMP |	\
				 STATX_ATTR_ENCRYPTED | STATX_ATTR_VERITY)
#define KSTAT_ATTR_VFS_FLAGS	(STATX_ATTR_IMMUTABLE | STATX_ATTR_APPEND)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the kernel-internal statx bits above the uapi ones */
#define STATX_CHANGE_COOKIE		0x40000000U
#define STATX_ATTR_CHANGE_MONOTONIC	0x8000000000000000ULL
#endif

/* what getattr() reports of a file (stat(2), statx(2)) */
struct kstat {
	u32 result_mask;
	umode_t mode;
	unsigned int nlink;
	uint32_t blksize;
	u64 attributes;
	u64 attributes_mask;
	u64 ino;
	dev_t dev;
	dev_t rdev;
	loff_t size;
	struct timespec64 atime;
	struct timespec64 mtime;
	struct timespec64 ctime;
	struct timespec64 btime;
	u64 blocks;
	u64 mnt_id;
	u32 dio_mem_align;
	u32 dio_offset_align;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u64 change_cookie;
	u64 subvol;
	u32 atomic_write_unit_min;
	u32 atomic_write_unit_max;
	u32 atomic_write_segments_max;
#endif
};

#endif
