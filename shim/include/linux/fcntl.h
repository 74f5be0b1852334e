/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's linux/fcntl.h over the uapi one (linux-libc-dev's, whose
 * include guard is the kernel header's own name): open flags a module may
 * check, lock commands on a 64-bit machine.
 */
#ifndef _QDK_SHIM_LINUX_FCNTL_H
#define _QDK_SHIM_LINUX_FCNTL_H

#include <linux/stat.h>
#include <linux/kconfig.h>
#include <linux/version.h>
#include_next <linux/fcntl.h>

/* every flag open(2) takes */
#define VALID_OPEN_FLAGS \
	(O_RDONLY | O_WRONLY | O_RDWR | O_CREAT | O_EXCL | O_NOCTTY | O_TRUNC | \
	 O_APPEND | O_NDELAY | O_NONBLOCK | __O_SYNC | O_DSYNC | \
	 FASYNC | O_DIRECT | O_LARGEFILE | O_DIRECTORY | O_NOFOLLOW | \
	 O_NOATIME | O_CLOEXEC | O_PATH | __O_TMPFILE)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 1, 0)
/* openat2()'s OPENAT2_REGULAR (bit 32 of open_how.flags), inside as bit 30 */
#ifndef OPENAT2_REGULAR
#define OPENAT2_REGULAR		((__u64)1 << 32)
#endif
#define __O_REGULAR		(1 << 30)
#define VALID_OPENAT2_FLAGS	(VALID_OPEN_FLAGS | OPENAT2_REGULAR)
#endif

/* openat2()'s resolve flags */
#define VALID_RESOLVE_FLAGS \
	(RESOLVE_NO_XDEV | RESOLVE_NO_MAGICLINKS | RESOLVE_NO_SYMLINKS | \
	 RESOLVE_BENEATH | RESOLVE_IN_ROOT | RESOLVE_CACHED)

#define OPEN_HOW_SIZE_VER0	24
#define OPEN_HOW_SIZE_LATEST	OPEN_HOW_SIZE_VER0

/* 64-bit: every file is large, and F_GETLK & co. are the 64-bit ones */
#define force_o_largefile()	(!IS_ENABLED(CONFIG_ARCH_32BIT_OFF_T))
#define IS_GETLK32(cmd)		(0)
#define IS_SETLK32(cmd)		(0)
#define IS_SETLKW32(cmd)	(0)
#define IS_GETLK64(cmd)		((cmd) == F_GETLK)
#define IS_SETLK64(cmd)		((cmd) == F_SETLK)
#define IS_SETLKW64(cmd)	((cmd) == F_SETLKW)
#define IS_GETLK(cmd)		(IS_GETLK32(cmd) || IS_GETLK64(cmd))
#define IS_SETLK(cmd)		(IS_SETLK32(cmd) || IS_SETLK64(cmd))
#define IS_SETLKW(cmd)		(IS_SETLKW32(cmd) || IS_SETLKW64(cmd))

#endif
