/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The file side of character devices: struct inode and struct file (the
 * members a driver's handlers use), file_operations with the kernel's
 * signatures, character device numbers (register_chrdev_region(),
 * alloc_chrdev_region(): shim/lib/char_dev.c), noop_llseek (no_llseek
 * until 6.12, which removed it), nonseekable_open(), stream_open(),
 * simple_read_from_buffer() and simple_write_to_buffer().
 *
 * Files are opened by the shim's stand-in of the VFS (shim/lib/fs.c), which
 * finds the node of a path (/dev/NAME, /proc/..., /sys/...), builds the
 * inode and the file, calls open and, for every successful open, release
 * exactly once.
 */
#ifndef _QDK_SHIM_LINUX_FS_H
#define _QDK_SHIM_LINUX_FS_H

/* the uapi header (linux-libc-dev): SEEK_*, RWF_*, FS_IOC_*; its guard is _LINUX_FS_H */
#include_next <linux/fs.h>

#include <linux/errno.h>
#include <linux/fcntl.h>	/* O_* (uapi) */
#include <linux/ioctl.h>	/* _IOC_*() (uapi) */
#include <linux/kdev_t.h>
#include <linux/list.h>
#include <linux/limits.h>
#include <linux/mm.h>		/* PAGE_SHIFT, PAGE_MASK */
#include <linux/mutex.h>	/* spinlock_t, atomic_long_t, struct mutex */
#include <linux/overflow.h>	/* type_max() */
#include <linux/rbtree.h>	/* address_space.i_mmap */
#include <linux/rwsem.h>	/* i_rwsem, i_mmap_rwsem, invalidate_lock */
#include <linux/stat.h>
#include <linux/time64.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <linux/uidgid.h>
#include <linux/version.h>
#include <linux/xarray.h>	/* address_space.i_pages */

struct module;
struct poll_table_struct;
struct cdev;
struct dentry;
struct vfsmount;
struct address_space;
struct inode_operations;
struct super_operations;
struct fs_context;
struct file_lock;
struct vm_area_struct;
struct kiocb;
struct iov_iter;
struct seq_file;
struct pipe_inode_info;
struct file_system_type;

/* RWF_* newer than the installed uapi header */
#ifndef RWF_NOAPPEND
#define RWF_NOAPPEND	((__kernel_rwf_t)0x00000020)
#endif
#ifndef RWF_ATOMIC
#define RWF_ATOMIC	((__kernel_rwf_t)0x00000040)
#endif
#ifndef RWF_DONTCACHE
#define RWF_DONTCACHE	((__kernel_rwf_t)0x00000080)
#endif
#ifndef RWF_NOSIGNAL
#define RWF_NOSIGNAL	((__kernel_rwf_t)0x00000100)
#endif

typedef __kernel_rwf_t rwf_t;

/* a directory entry's type (dir_emit()), as readdir(3)'s d_type */
#ifndef DT_UNKNOWN
#define DT_UNKNOWN	0
#define DT_FIFO		1
#define DT_CHR		2
#define DT_DIR		4
#define DT_BLK		6
#define DT_REG		8
#define DT_LNK		10
#define DT_SOCK		12
#define DT_WHT		14
#endif
typedef void *fl_owner_t;

/* f_mode bits */
#define FMODE_READ		((__force fmode_t)0x1)
#define FMODE_WRITE		((__force fmode_t)0x2)
#define FMODE_LSEEK		((__force fmode_t)0x4)
#define FMODE_PREAD		((__force fmode_t)0x8)
#define FMODE_PWRITE		((__force fmode_t)0x10)
#define FMODE_STREAM		((__force fmode_t)0x200000)
/*
 * f_mode bits beyond the access ones (the kernel's values; 6.12 renumbered
 * nothing, it dropped a few and added others).
 */
#define FMODE_EXEC		((__force fmode_t)(1 << 5))
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define FMODE_NDELAY		((__force fmode_t)(1 << 6))
#define FMODE_EXCL		((__force fmode_t)(1 << 7))
#define FMODE_WRITE_IOCTL	((__force fmode_t)(1 << 8))
#define FMODE_UNSIGNED_OFFSET	((__force fmode_t)(1 << 13))
#define FMODE_BUF_RASYNC	((__force fmode_t)(1 << 30))
#define FMODE_BUF_WASYNC	((__force fmode_t)(1U << 31))
#else
#define FMODE_WRITE_RESTRICTED	((__force fmode_t)(1 << 6))
#define FMODE_CAN_ATOMIC_WRITE	((__force fmode_t)(1 << 7))
#define FMODE_NOREUSE		((__force fmode_t)(1 << 23))
#define FMODE_BACKING		((__force fmode_t)(1 << 24))
#define FMODE_NONOTIFY_PERM	((__force fmode_t)(1 << 26))
#define FMODE_FSNOTIFY_MASK	(FMODE_NONOTIFY | FMODE_NONOTIFY_PERM)
#define FMODE_FSNOTIFY_NONE(mode)	(((mode) & FMODE_FSNOTIFY_MASK) == FMODE_NONOTIFY)
#endif
#define FMODE_32BITHASH		((__force fmode_t)(1 << 9))
#define FMODE_64BITHASH		((__force fmode_t)(1 << 10))
#define FMODE_NOCMTIME		((__force fmode_t)(1 << 11))
#define FMODE_RANDOM		((__force fmode_t)(1 << 12))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define FMODE_HAS_METADATA	((__force fmode_t)(1 << 13))
#endif
#define FMODE_PATH		((__force fmode_t)(1 << 14))
#define FMODE_ATOMIC_POS	((__force fmode_t)(1 << 15))
#define FMODE_WRITER		((__force fmode_t)(1 << 16))
#define FMODE_CAN_READ		((__force fmode_t)(1 << 17))
#define FMODE_CAN_WRITE		((__force fmode_t)(1 << 18))
#define FMODE_OPENED		((__force fmode_t)(1 << 19))
#define FMODE_CREATED		((__force fmode_t)(1 << 20))
#define FMODE_CAN_ODIRECT	((__force fmode_t)(1 << 22))
#define FMODE_NONOTIFY		((__force fmode_t)(1 << 25))
#define FMODE_NOWAIT		((__force fmode_t)(1 << 27))
#define FMODE_NEED_UNMOUNT	((__force fmode_t)(1 << 28))
#define FMODE_NOACCOUNT		((__force fmode_t)(1 << 29))

/* fsnotify hooks: the shim has no fsnotify, so no file wants them */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define FMODE_FSNOTIFY_HSM(mode)	0
#elif LINUX_VERSION_CODE < KERNEL_VERSION(6, 14, 0)
#define FMODE_FSNOTIFY_PERM(mode)	(((mode) & FMODE_FSNOTIFY_MASK) == 0 ||	\
					 ((mode) & FMODE_FSNOTIFY_MASK) == FMODE_FSNOTIFY_MASK)
#define FMODE_FSNOTIFY_HSM(mode)	(((mode) & FMODE_FSNOTIFY_MASK) == 0)
#else
#define FMODE_FSNOTIFY_ACCESS_PERM(mode)	(((mode) & FMODE_FSNOTIFY_MASK) == 0)
#define FMODE_FSNOTIFY_HSM(mode)	(((mode) & FMODE_FSNOTIFY_MASK) == 0 ||	\
					 ((mode) & FMODE_FSNOTIFY_MASK) == FMODE_FSNOTIFY_MASK)
#endif

/* open(2)'s O_ACCMODE as f_mode's read/write bits, and as MAY_* */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 14, 0)
#define __FMODE_NONOTIFY	((__force int)FMODE_NONOTIFY)
#define OPEN_FMODE(flag)	((__force fmode_t)((((flag) + 1) & O_ACCMODE) |	\
						   ((flag) & __FMODE_NONOTIFY)))
#else
#define OPEN_FMODE(flag)	((__force fmode_t)(((flag) + 1) & O_ACCMODE))
#endif
#define ACC_MODE(x)		("\004\002\006\006"[(x) & O_ACCMODE])

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* file_operations.fop_flags */
typedef unsigned int __bitwise fop_flags_t;
#define FOP_BUFFER_RASYNC	((__force fop_flags_t)(1 << 0))
#define FOP_BUFFER_WASYNC	((__force fop_flags_t)(1 << 1))
#define FOP_MMAP_SYNC		((__force fop_flags_t)(1 << 2))
#define FOP_DIO_PARALLEL_WRITE	((__force fop_flags_t)(1 << 3))
#define FOP_HUGE_PAGES		((__force fop_flags_t)(1 << 4))
#define FOP_UNSIGNED_OFFSET	((__force fop_flags_t)(1 << 5))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 14, 0)
#define FOP_ASYNC_LOCK		((__force fop_flags_t)(1 << 6))
#define FOP_DONTCACHE		((__force fop_flags_t)(1 << 7))
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define FOP_IMMUTABLE		((__force fop_flags_t)(1 << 8))
#endif
#endif

/* the access a permission check asks for (inode_permission()'s mask) */
#define MAY_EXEC		0x00000001
#define MAY_WRITE		0x00000002
#define MAY_READ		0x00000004
#define MAY_APPEND		0x00000008
#define MAY_ACCESS		0x00000010
#define MAY_OPEN		0x00000020
#define MAY_CHDIR		0x00000040
#define MAY_NOT_BLOCK		0x00000080

/* struct iattr's ia_valid: what a setattr changes */
#define ATTR_MODE		(1 << 0)
#define ATTR_UID		(1 << 1)
#define ATTR_GID		(1 << 2)
#define ATTR_SIZE		(1 << 3)
#define ATTR_ATIME		(1 << 4)
#define ATTR_MTIME		(1 << 5)
#define ATTR_CTIME		(1 << 6)
#define ATTR_ATIME_SET		(1 << 7)
#define ATTR_MTIME_SET		(1 << 8)
#define ATTR_FORCE		(1 << 9)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define ATTR_CTIME_SET		(1 << 10)
#endif
#define ATTR_KILL_SUID		(1 << 11)
#define ATTR_KILL_SGID		(1 << 12)
#define ATTR_FILE		(1 << 13)
#define ATTR_KILL_PRIV		(1 << 14)
#define ATTR_OPEN		(1 << 15)
#define ATTR_TIMES_SET		(1 << 16)
#define ATTR_TOUCH		(1 << 17)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define ATTR_DELEG		(1 << 18)
#endif

/* inode->i_flags */
#define S_SYNC			(1 << 0)
#define S_NOATIME		(1 << 1)
#define S_APPEND		(1 << 2)
#define S_IMMUTABLE		(1 << 3)
#define S_DEAD			(1 << 4)
#define S_NOQUOTA		(1 << 5)
#define S_DIRSYNC		(1 << 6)
#define S_NOCMTIME		(1 << 7)
#define S_SWAPFILE		(1 << 8)
#define S_PRIVATE		(1 << 9)
#define S_IMA			(1 << 10)
#define S_AUTOMOUNT		(1 << 11)
#define S_NOSEC			(1 << 12)
#define S_DAX			(1 << 13)
#define S_ENCRYPTED		(1 << 14)
#define S_CASEFOLD		(1 << 15)
#define S_VERITY		(1 << 16)
#define S_KERNEL_FILE		(1 << 17)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define S_ANON_INODE		(1 << 19)
#endif

/* super_block->s_flags (the MS_* of mount(2) the VFS keeps) */
#define SB_RDONLY		BIT(0)
#define SB_NOSUID		BIT(1)
#define SB_NODEV		BIT(2)
#define SB_NOEXEC		BIT(3)
#define SB_SYNCHRONOUS		BIT(4)
#define SB_MANDLOCK		BIT(6)
#define SB_DIRSYNC		BIT(7)
#define SB_NOATIME		BIT(10)
#define SB_NODIRATIME		BIT(11)
#define SB_SILENT		BIT(15)
#define SB_POSIXACL		BIT(16)
#define SB_INLINECRYPT		BIT(17)
#define SB_KERNMOUNT		BIT(22)
#define SB_I_VERSION		BIT(23)
#define SB_LAZYTIME		BIT(25)
#define SB_SUBMOUNT		BIT(26)
#define SB_FORCE		BIT(27)
#define SB_NOSEC		BIT(28)
#define SB_BORN			BIT(29)
#define SB_ACTIVE		BIT(30)
#define SB_NOUSER		BIT(31)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
#define SB_DEAD			BIT(21)
#define SB_DYING		BIT(24)
#endif

#define SB_ENC_STRICT_MODE_FL	(1 << 0)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define SB_ENC_NO_COMPAT_FALLBACK_FL	(1 << 1)
#endif

/* super_block->s_iflags */
#define SB_I_CGROUPWB		0x00000001
#define SB_I_NOEXEC		0x00000002
#define SB_I_NODEV		0x00000004
#define SB_I_STABLE_WRITES	0x00000008
#define SB_I_USERNS_VISIBLE	0x00000010
#define SB_I_IMA_UNVERIFIABLE_SIGNATURE	0x00000020
#define SB_I_UNTRUSTED_MOUNTER	0x00000040
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define SB_I_EVM_HMAC_UNSUPPORTED	0x00000080
#endif
#define SB_I_SKIP_SYNC		0x00000100
#define SB_I_PERSB_BDI		0x00000200
#define SB_I_TS_EXPIRY_WARNED	0x00000400
#define SB_I_RETIRED		0x00000800
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define SB_I_NOUMASK		0x00001000
#define SB_I_NOIDMAP		0x00002000
#endif

/* file_system_type->fs_flags */
#define FS_REQUIRES_DEV		1
#define FS_BINARY_MOUNTDATA	2
#define FS_HAS_SUBTYPE		4
#define FS_USERNS_MOUNT		8
#define FS_DISALLOW_NOTIFY_PERM	16
#define FS_ALLOW_IDMAP		32
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define FS_MGTIME		64
#define FS_LBS			128
#define FS_POWER_FREEZE		256
#define FS_USERNS_MOUNT_RESTRICTED	512
#define FS_USERNS_DELEGATABLE	1024
#define FS_DISALLOW_NOTIFY	2048
#endif
#define FS_RENAME_DOES_D_MOVE	32768

/* inode_operations' flags in inode->i_opflags */
#define IOP_FASTPERM		0x0001
#define IOP_LOOKUP		0x0002
#define IOP_NOFOLLOW		0x0004
#define IOP_XATTR		0x0008
#define IOP_DEFAULT_READLINK	0x0010
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define IOP_MGTIME		0x0020
#define IOP_CACHED_LINK		0x0040
#define IOP_FASTPERM_MAY_EXEC	0x0080
#define IOP_FLCTX		0x0100
#endif

/* kiocb->ki_flags: the first ones are the RWF_* of preadv2(2) (uapi linux/fs.h) */
#define IOCB_HIPRI		((__force int)RWF_HIPRI)
#define IOCB_DSYNC		((__force int)RWF_DSYNC)
#define IOCB_SYNC		((__force int)RWF_SYNC)
#define IOCB_NOWAIT		((__force int)RWF_NOWAIT)
#define IOCB_APPEND		((__force int)RWF_APPEND)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define IOCB_ATOMIC		((__force int)RWF_ATOMIC)
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define IOCB_DONTCACHE		((__force int)RWF_DONTCACHE)
#define IOCB_NOSIGNAL		((__force int)RWF_NOSIGNAL)
#endif
#define IOCB_EVENTFD		(1 << 16)
#define IOCB_DIRECT		(1 << 17)
#define IOCB_WRITE		(1 << 18)
#define IOCB_WAITQ		(1 << 19)
#define IOCB_NOIO		(1 << 20)
#define IOCB_ALLOC_CACHE	(1 << 21)
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define IOCB_AIO_RW		(1 << 23)
#elif LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define IOCB_DIO_CALLER_COMP	(1 << 22)
#define IOCB_AIO_RW		(1 << 23)
#else
#define IOCB_AIO_RW		(1 << 22)
#define IOCB_HAS_METADATA	(1 << 23)
#endif

/* umount2(2)'s flags */
#define MNT_FORCE		0x00000001
#define MNT_DETACH		0x00000002
#define MNT_EXPIRE		0x00000004
#define UMOUNT_NOFOLLOW		0x00000008
#define UMOUNT_UNUSED		0x80000000

/* remap_file_range()'s flags */
#define REMAP_FILE_DEDUP	(1 << 0)
#define REMAP_FILE_CAN_SHORTEN	(1 << 1)
#define REMAP_FILE_ADVISORY	(REMAP_FILE_CAN_SHORTEN)

#define COPY_FILE_SPLICE	(1 << 0)

/* the page cache's XArray marks */
#define PAGECACHE_TAG_DIRTY	XA_MARK_0
#define PAGECACHE_TAG_WRITEBACK	XA_MARK_1
#define PAGECACHE_TAG_TOWRITE	XA_MARK_2

/* NOMMU mmap capabilities (a no-MMU kernel's) */
#define NOMMU_MAP_COPY		0x00000001
#define NOMMU_MAP_DIRECT	0x00000008
#define NOMMU_MAP_READ		VM_MAYREAD
#define NOMMU_MAP_WRITE		VM_MAYWRITE
#define NOMMU_MAP_EXEC		VM_MAYEXEC
#define NOMMU_VMFLAGS		(NOMMU_MAP_READ | NOMMU_MAP_WRITE | NOMMU_MAP_EXEC)

/* a whiteout is a character device 0:0 */
#define WHITEOUT_MODE		0
#define WHITEOUT_DEV		0

#define ACL_NOT_CACHED		((void *)(-1))
#define ACL_DONT_CACHE		((void *)(-3))

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 6, 0)
/* struct file_lock's fl_flags (6.6 moves them to linux/filelock.h) */
#define FL_POSIX		1
#define FL_FLOCK		2
#define FL_DELEG		4	/* an NFSv4 delegation */
#define FL_ACCESS		8	/* a test, not a lock */
#define FL_EXISTS		16	/* an unlock fails if there is no lock */
#define FL_LEASE		32
#define FL_CLOSE		64	/* dropped at close */
#define FL_SLEEP		128	/* a blocking request */
#define FL_DOWNGRADE_PENDING	256
#define FL_UNLOCK_PENDING	512
#define FL_OFDLCK		1024	/* owned by the open file, not the process */
#define FL_LAYOUT		2048	/* a pNFS layout */
#define FL_RECLAIM		4096	/* reclaimed after a server reboot */
#define FL_CLOSE_POSIX		(FL_POSIX | FL_CLOSE)
/* a lock request queued to a lock manager: the answer comes later */
#define FILE_LOCK_DEFERRED	1
#endif

#define FASYNC_MAGIC		0x4601
#define FILESYSTEM_MAX_STACK_DEPTH	2

/* file sizes and offsets */
#define MAX_NON_LFS		((1UL << 31) - 1)
#define MAX_LFS_FILESIZE	((loff_t)LLONG_MAX)	/* 64-bit */
/* the largest value of a signed type (6.12 spells it type_max()) */
#define __QDK_INT_LIMIT(x)	(~((x)1 << (sizeof(x) * 8 - 1)))
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define INT_LIMIT(x)		__QDK_INT_LIMIT(x)
#endif
#define OFFSET_MAX		__QDK_INT_LIMIT(loff_t)
#define OFFT_OFFSET_MAX		__QDK_INT_LIMIT(off_t)
/* the most one read(2) or write(2) moves: INT_MAX rounded down to a page */
#define MAX_RW_COUNT		(INT_MAX & PAGE_MASK)

/* a character or block device, a FIFO or a socket */
#define special_file(m)		(S_ISCHR(m) || S_ISBLK(m) || S_ISFIFO(m) || S_ISSOCK(m))

#define MODULE_ALIAS_FS(NAME)	MODULE_ALIAS("fs-" NAME)


/* inode->i_state (a series renumbers them; 7.x keeps them in an enum) */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define I_DIRTY_SYNC		(1 << 0)
#define I_DIRTY_DATASYNC	(1 << 1)
#define I_DIRTY_PAGES		(1 << 2)
#define __I_NEW			3
#define I_NEW			(1 << __I_NEW)
#define I_WILL_FREE		(1 << 4)
#define I_FREEING		(1 << 5)
#define I_CLEAR			(1 << 6)
#define __I_SYNC		7
#define I_SYNC			(1 << __I_SYNC)
#define I_REFERENCED		(1 << 8)
#define __I_DIO_WAKEUP		9
#define I_DIO_WAKEUP		(1 << __I_DIO_WAKEUP)
#define I_LINKABLE		(1 << 10)
#define I_DIRTY_TIME		(1 << 11)
#define I_WB_SWITCH		(1 << 13)
#define I_OVL_INUSE		(1 << 14)
#define I_CREATING		(1 << 15)
#define I_DONTCACHE		(1 << 16)
#define I_SYNC_QUEUED		(1 << 17)
#define I_PINNING_FSCACHE_WB	(1 << 18)
#define __I_LRU_ISOLATING	19
#define I_LRU_ISOLATING		(1 << __I_LRU_ISOLATING)
#elif LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define __I_NEW			0
#define I_NEW			(1 << __I_NEW)
#define __I_SYNC		1
#define I_SYNC			(1 << __I_SYNC)
#define __I_LRU_ISOLATING	2
#define I_LRU_ISOLATING		(1 << __I_LRU_ISOLATING)
#define I_DIRTY_SYNC		(1 << 3)
#define I_DIRTY_DATASYNC	(1 << 4)
#define I_DIRTY_PAGES		(1 << 5)
#define I_WILL_FREE		(1 << 6)
#define I_FREEING		(1 << 7)
#define I_CLEAR			(1 << 8)
#define I_REFERENCED		(1 << 9)
#define I_LINKABLE		(1 << 10)
#define I_DIRTY_TIME		(1 << 11)
#define I_WB_SWITCH		(1 << 12)
#define I_OVL_INUSE		(1 << 13)
#define I_CREATING		(1 << 14)
#define I_DONTCACHE		(1 << 15)
#define I_SYNC_QUEUED		(1 << 16)
#define I_PINNING_NETFS_WB	(1 << 17)
#else
enum inode_state_bits {
	__I_NEW			= 0U,
	__I_SYNC		= 1U,
	__I_LRU_ISOLATING	= 2U,
};

enum inode_state_flags_enum {
	I_NEW			= 1U << __I_NEW,
	I_SYNC			= 1U << __I_SYNC,
	I_LRU_ISOLATING		= 1U << __I_LRU_ISOLATING,
	I_DIRTY_SYNC		= 1U << 4,
	I_DIRTY_DATASYNC	= 1U << 5,
	I_DIRTY_PAGES		= 1U << 6,
	I_WILL_FREE		= 1U << 7,
	I_FREEING		= 1U << 8,
	I_CLEAR			= 1U << 9,
	I_REFERENCED		= 1U << 10,
	I_LINKABLE		= 1U << 11,
	I_DIRTY_TIME		= 1U << 12,
	I_WB_SWITCH		= 1U << 13,
	I_OVL_INUSE		= 1U << 14,
	I_CREATING		= 1U << 15,
	I_DONTCACHE		= 1U << 16,
	I_SYNC_QUEUED		= 1U << 17,
	I_PINNING_NETFS_WB	= 1U << 18,
	I_METADATA_WRITEBACK	= 1U << 19,
};

struct inode_state_flags {
	enum inode_state_flags_enum __state;
};

enum fs_update_time {
	FS_UPD_ATIME,
	FS_UPD_CMTIME,
};
#endif
#define I_DIRTY_INODE		(I_DIRTY_SYNC | I_DIRTY_DATASYNC)
#define I_DIRTY			(I_DIRTY_INODE | I_DIRTY_PAGES)
#define I_DIRTY_ALL		(I_DIRTY | I_DIRTY_TIME)

/* a_ops->writepage()'s and write_begin()'s positive returns */
enum positive_aop_returns {
	AOP_WRITEPAGE_ACTIVATE	= 0x80000,
	AOP_TRUNCATED_PAGE	= 0x80001,
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* a write's expected data lifetime (fcntl(F_SET_RW_HINT)) */
enum rw_hint {
	WRITE_LIFE_NOT_SET	= 0,
	WRITE_LIFE_NONE		= RWH_WRITE_LIFE_NONE,
	WRITE_LIFE_SHORT	= RWH_WRITE_LIFE_SHORT,
	WRITE_LIFE_MEDIUM	= RWH_WRITE_LIFE_MEDIUM,
	WRITE_LIFE_LONG		= RWH_WRITE_LIFE_LONG,
	WRITE_LIFE_EXTREME	= RWH_WRITE_LIFE_EXTREME,
};
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
/* which times an update_time() changes */
enum file_time_flags {
	S_ATIME = 1,
	S_MTIME = 2,
	S_CTIME = 4,
	S_VERSION = 8,
};
#endif

/* the lockdep subclasses of inode->i_rwsem */
enum inode_i_mutex_lock_class {
	I_MUTEX_NORMAL,
	I_MUTEX_PARENT,
	I_MUTEX_CHILD,
	I_MUTEX_XATTR,
	I_MUTEX_NONDIR2,
	I_MUTEX_PARENT2,
};

/* the freeze levels of a super block */
enum {
	SB_UNFROZEN		= 0,
	SB_FREEZE_WRITE		= 1,
	SB_FREEZE_PAGEFAULT	= 2,
	SB_FREEZE_FS		= 3,
	SB_FREEZE_COMPLETE	= 4,
};
#define SB_FREEZE_LEVELS	(SB_FREEZE_COMPLETE - 1)

/* __blockdev_direct_IO()'s flags */
enum {
	DIO_LOCKING	= 0x01,
	DIO_SKIP_HOLES	= 0x02,
};

/*
 * A super block's freeze protection: a level's lock is taken for reading by
 * each writer (sb_start_write() ...) and for writing by freeze_super(). The
 * kernel's are percpu_rw_semaphores; the shim's rw_semaphore has the same
 * rules on its one task (a writer on a frozen super block never returns:
 * the shim reports it stuck).
 */
struct sb_writers {
	int frozen;			/* SB_UNFROZEN ... SB_FREEZE_COMPLETE */
	struct rw_semaphore rw_sem[SB_FREEZE_LEVELS];
};

/* a mounted file system: what a module may look at of one */
struct super_block {
	struct list_head s_list;
	dev_t s_dev;
	unsigned char s_blocksize_bits;
	unsigned long s_blocksize;
	loff_t s_maxbytes;
	struct file_system_type *s_type;
	const struct super_operations *s_op;
	unsigned long s_flags;		/* SB_* */
	unsigned long s_iflags;		/* SB_I_* */
	unsigned long s_magic;
	time64_t s_time_min;		/* the times its inodes can hold */
	time64_t s_time_max;
	struct dentry *s_root;
	int s_count;
	atomic_t s_active;
	char s_id[32];
	struct sb_writers s_writers;
	struct list_head s_inodes;	/* its inodes (inode_sb_list_add()) */
	struct user_namespace *s_user_ns;	/* the ids its inodes keep are of it */
	spinlock_t s_inode_list_lock;
	void *s_fs_info;
	u32 s_time_gran;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	__u16 s_encoding_flags;
#endif
};

/* a file system type, as register_filesystem() takes it */
struct file_system_type {
	const char *name;
	int fs_flags;			/* FS_* */
	int (*init_fs_context)(struct fs_context *fc);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	struct dentry *(*mount)(struct file_system_type *fs_type, int flags,
				const char *dev_name, void *data);
#endif
	void (*kill_sb)(struct super_block *sb);
	struct module *owner;
	struct file_system_type *next;
};

/* one file of simple_fill_super()'s table: name "" skips a number */
struct tree_descr {
	const char *name;
	const struct file_operations *ops;
	int mode;
};

/* name_to_handle_at(2)'s opaque handle of a file */
struct file_handle {
	__u32 handle_bytes;
	int handle_type;
	unsigned char f_handle[] __counted_by(handle_bytes);
};

/* notify_change()'s request */
struct iattr {
	unsigned int ia_valid;		/* ATTR_* */
	umode_t ia_mode;
	loff_t ia_size;
	struct timespec64 ia_atime;
	struct timespec64 ia_mtime;
	struct timespec64 ia_ctime;
	struct file *ia_file;
};

/* a directory read: each entry goes to actor (dir_emit()) */
struct dir_context;
typedef bool (*filldir_t)(struct dir_context *ctx, const char *name, int namelen,
			  loff_t pos, u64 ino, unsigned int d_type);

struct dir_context {
	filldir_t actor;
	loff_t pos;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
	int count;
#endif
};

/* the asynchronous-I/O signal list of a file (fcntl(F_SETFL, O_ASYNC)) */
struct fasync_struct {
	rwlock_t fa_lock;
	int magic;			/* FASYNC_MAGIC */
	int fa_fd;
	struct fasync_struct *fa_next;
	struct file *fa_file;
	struct rcu_head fa_rcu;
};

/* the owner that receives a file's SIGIO */
struct fown_struct {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct file *file;
#endif
	rwlock_t lock;
	struct pid *pid;
	int signum;
};

/* readahead state */
struct file_ra_state {
	unsigned long start;		/* pgoff_t */
	unsigned int size;
	unsigned int async_size;
	unsigned int ra_pages;
	unsigned int mmap_miss;
	loff_t prev_pos;
};

/* a read or write request (the read_iter/write_iter path) */
struct kiocb {
	struct file *ki_filp;
	loff_t ki_pos;
	void (*ki_complete)(struct kiocb *iocb, long ret);
	void *private;
	int ki_flags;			/* IOCB_* */
	u16 ki_ioprio;
};

static inline bool is_sync_kiocb(struct kiocb *kiocb)
{
	return !kiocb->ki_complete;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
/* a file's reference count (linux/file_ref.h) */
typedef struct {
	atomic_long_t refcnt;
} file_ref_t;
#endif

typedef u32 errseq_t;		/* linux/errseq.h: an error and its sequence */

/*
 * A file's page cache. The shim has none: a mapping is its pages' XArray
 * (empty), its ops, its mmap state and its locks, which the helpers below
 * compute on.
 */
struct address_space {
	struct inode *host;
	struct xarray i_pages;
	struct rw_semaphore invalidate_lock;	/* against page cache invalidation */
	gfp_t gfp_mask;
	atomic_t i_mmap_writable;	/* > 0 shared writable maps, < 0 denied */
	struct rb_root_cached i_mmap;	/* the VMAs mapping it */
	struct rw_semaphore i_mmap_rwsem;	/* guards i_mmap */
	unsigned long nrpages;
	pgoff_t writeback_index;
	const struct address_space_operations *a_ops;
	unsigned long flags;		/* AS_* */
	errseq_t wb_err;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	spinlock_t private_lock;
	struct list_head private_list;
	void *private_data;
#else
	spinlock_t i_private_lock;
#endif
} __attribute__((aligned(sizeof(long))));

/*
 * The members of an inode a driver's handlers and the helpers below use.
 * The shim's VFS fills i_mode, i_rdev, i_private and i_cdev at open.
 */
struct inode {
	umode_t i_mode;
	unsigned short i_opflags;	/* IOP_* */
	kuid_t i_uid;
	kgid_t i_gid;
	unsigned int i_flags;		/* S_SYNC, S_APPEND, ... */
	const struct inode_operations *i_op;
	struct super_block *i_sb;	/* NULL for the shim's nodes */
	struct address_space *i_mapping;
	unsigned long i_ino;
	union {
		const unsigned int i_nlink;
		unsigned int __i_nlink;
	};
	dev_t i_rdev;
	loff_t i_size;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	struct timespec64 i_atime;
	struct timespec64 i_mtime;
	struct timespec64 i_ctime;
#else
	time64_t i_atime_sec;
	time64_t i_mtime_sec;
	time64_t i_ctime_sec;
	u32 i_atime_nsec;
	u32 i_mtime_nsec;
	u32 i_ctime_nsec;
#endif
	spinlock_t i_lock;
	unsigned short i_bytes;
	u8 i_blkbits;
	blkcnt_t i_blocks;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	unsigned long i_state;
#elif LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	u32 i_state;
#else
	struct inode_state_flags i_state;
#endif
	struct hlist_node i_hash;	/* the inode cache's chain (shim/lib/inode.c) */
	struct list_head i_sb_list;	/* on i_sb->s_inodes */
	struct rw_semaphore i_rwsem;	/* inode_lock() */
	atomic_t i_count;
	atomic_t i_dio_count;		/* direct I/O in flight (inode_dio_begin()) */
	atomic_t i_writecount;
	atomic_t i_readcount;		/* files open read-only (CONFIG_IMA) */
	const struct file_operations *i_fop;
	struct cdev *i_cdev;	/* set by the character device open */
	char *i_link;		/* a symlink's target (simple_get_link()) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	union {
		struct list_head i_devices;
		int i_linklen;	/* i_link's length (inode_set_cached_link()) */
	};
#else
	struct list_head i_devices;
#endif
	struct address_space i_data;
	__u32 i_generation;
	void *i_private;	/* debugfs's data, proc's entry */
};

struct file {
	spinlock_t f_lock;
	fmode_t f_mode;
	const struct file_operations *f_op;
	struct address_space *f_mapping;
	void *private_data;
	struct inode *f_inode;
	unsigned int f_flags;	/* O_* of open(2) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned int f_iocb_flags;
	struct fown_struct *f_owner;
#else
	struct fown_struct f_owner;
#endif
	loff_t f_pos;
	struct mutex f_pos_lock;
	struct file_ra_state f_ra;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	u64 f_version;
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	atomic_long_t f_count;	/* 1 from the open on */
#else
	file_ref_t f_ref;	/* 1 from the open on */
#endif
};

static inline struct inode *file_inode(const struct file *f)
{
	return f->f_inode;
}

static inline unsigned int iminor(const struct inode *inode)
{
	return MINOR(inode->i_rdev);
}

static inline unsigned int imajor(const struct inode *inode)
{
	return MAJOR(inode->i_rdev);
}

/*
 * The user namespace of an inode's ids: its super block's. The shim's own
 * nodes (/dev, /proc, /sys) have no super block: the initial namespace.
 */
static inline struct user_namespace *i_user_ns(const struct inode *inode)
{
	if (!inode->i_sb)
		return &init_user_ns;
	return inode->i_sb->s_user_ns;
}

/* an inode's owner as the file system stores it (its namespace's ids) */
static inline uid_t i_uid_read(const struct inode *inode)
{
	return from_kuid(i_user_ns(inode), inode->i_uid);
}

static inline gid_t i_gid_read(const struct inode *inode)
{
	return from_kgid(i_user_ns(inode), inode->i_gid);
}

static inline void i_uid_write(struct inode *inode, uid_t uid)
{
	inode->i_uid = make_kuid(i_user_ns(inode), uid);
}

static inline void i_gid_write(struct inode *inode, gid_t gid)
{
	inode->i_gid = make_kgid(i_user_ns(inode), gid);
}

/*
 * The inode's lock (i_rwsem): exclusive for a change of the inode, shared
 * for a lookup or a read; the _nested ones give lockdep a subclass
 * (I_MUTEX_PARENT ...) for a second inode of the same class.
 */
static inline void inode_lock(struct inode *inode)
{
	down_write(&inode->i_rwsem);
}

static inline void inode_unlock(struct inode *inode)
{
	up_write(&inode->i_rwsem);
}

static inline void inode_lock_shared(struct inode *inode)
{
	down_read(&inode->i_rwsem);
}

static inline void inode_unlock_shared(struct inode *inode)
{
	up_read(&inode->i_rwsem);
}

static inline int inode_trylock(struct inode *inode)
{
	return down_write_trylock(&inode->i_rwsem);
}

static inline int inode_trylock_shared(struct inode *inode)
{
	return down_read_trylock(&inode->i_rwsem);
}

static inline int inode_is_locked(struct inode *inode)
{
	return rwsem_is_locked(&inode->i_rwsem);
}

static inline void inode_lock_nested(struct inode *inode, unsigned int subclass)
{
	down_write_nested(&inode->i_rwsem, subclass);
}

static inline void inode_lock_shared_nested(struct inode *inode, unsigned int subclass)
{
	down_read_nested(&inode->i_rwsem, subclass);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* -EINTR where the lock would be waited for (a signal ends the wait) */
static inline __must_check int inode_lock_killable(struct inode *inode)
{
	return down_write_killable(&inode->i_rwsem);
}

static inline __must_check int inode_lock_shared_killable(struct inode *inode)
{
	return down_read_killable(&inode->i_rwsem);
}
#endif

/* a mapping's lock against invalidation of its page cache */
static inline void filemap_invalidate_lock(struct address_space *mapping)
{
	down_write(&mapping->invalidate_lock);
}

static inline void filemap_invalidate_unlock(struct address_space *mapping)
{
	up_write(&mapping->invalidate_lock);
}

static inline void filemap_invalidate_lock_shared(struct address_space *mapping)
{
	down_read(&mapping->invalidate_lock);
}

static inline int filemap_invalidate_trylock_shared(struct address_space *mapping)
{
	return down_read_trylock(&mapping->invalidate_lock);
}

static inline void filemap_invalidate_unlock_shared(struct address_space *mapping)
{
	up_read(&mapping->invalidate_lock);
}

/* both mappings' invalidate locks, in address order; either may be NULL (fs/inode.c) */
/* two non-directories' locks, in address order (fs/inode.c) */
void lock_two_nondirectories(struct inode *inode1, struct inode *inode2);
void unlock_two_nondirectories(struct inode *inode1, struct inode *inode2);

void filemap_invalidate_lock_two(struct address_space *mapping1,
				 struct address_space *mapping2);
void filemap_invalidate_unlock_two(struct address_space *mapping1,
				   struct address_space *mapping2);

/* the lock of a mapping's tree of VMAs (i_mmap) */
static inline void i_mmap_lock_write(struct address_space *mapping)
{
	down_write(&mapping->i_mmap_rwsem);
}

static inline int i_mmap_trylock_write(struct address_space *mapping)
{
	return down_write_trylock(&mapping->i_mmap_rwsem);
}

static inline void i_mmap_unlock_write(struct address_space *mapping)
{
	up_write(&mapping->i_mmap_rwsem);
}

static inline int i_mmap_trylock_read(struct address_space *mapping)
{
	return down_read_trylock(&mapping->i_mmap_rwsem);
}

static inline void i_mmap_lock_read(struct address_space *mapping)
{
	down_read(&mapping->i_mmap_rwsem);
}

static inline void i_mmap_unlock_read(struct address_space *mapping)
{
	up_read(&mapping->i_mmap_rwsem);
}

static inline void i_mmap_assert_locked(struct address_space *mapping)
{
	lockdep_assert_held(&mapping->i_mmap_rwsem);
}

static inline void i_mmap_assert_write_locked(struct address_space *mapping)
{
	lockdep_assert_held_write(&mapping->i_mmap_rwsem);
}

/*
 * Direct I/O in flight on an inode: begin and end count it. A wait for it
 * to drain (inode_dio_wait()) with I/O in flight would sleep until another
 * task ends it, and the shim's one thread has none: it warns ("would sleep
 * forever") and returns, as the shim's other waits without a timeout do.
 */
static inline void inode_dio_begin(struct inode *inode)
{
	atomic_inc(&inode->i_dio_count);
}

static inline void inode_dio_end(struct inode *inode)
{
	/* the last one would wake the waiters: there are none */
	atomic_dec(&inode->i_dio_count);
}

void inode_dio_wait(struct inode *inode);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool inode_dio_finished(const struct inode *inode);
void inode_dio_wait_interruptible(struct inode *inode);
#endif

struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
	ssize_t (*read)(struct file *file, char __user *buf, size_t count, loff_t *ppos);
	ssize_t (*write)(struct file *file, const char __user *buf, size_t count,
			 loff_t *ppos);
	__poll_t (*poll)(struct file *file, struct poll_table_struct *wait);
	long (*unlocked_ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
	long (*compat_ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
	int (*open)(struct inode *inode, struct file *file);
	int (*flush)(struct file *file, fl_owner_t id);
	int (*release)(struct inode *inode, struct file *file);
	int (*fsync)(struct file *file, loff_t start, loff_t end, int datasync);
	int (*fasync)(int fd, struct file *file, int on);
	int (*mmap)(struct file *file, struct vm_area_struct *vma);
	ssize_t (*read_iter)(struct kiocb *iocb, struct iov_iter *iter);
	ssize_t (*write_iter)(struct kiocb *iocb, struct iov_iter *iter);
	unsigned long (*get_unmapped_area)(struct file *file, unsigned long addr,
					   unsigned long len, unsigned long pgoff,
					   unsigned long flags);
	int (*check_flags)(int flags);
	int (*lock)(struct file *file, int cmd, struct file_lock *fl);
	int (*flock)(struct file *file, int cmd, struct file_lock *fl);
	ssize_t (*splice_write)(struct pipe_inode_info *pipe, struct file *out,
				loff_t *ppos, size_t len, unsigned int flags);
	ssize_t (*splice_read)(struct file *in, loff_t *ppos, struct pipe_inode_info *pipe,
			       size_t len, unsigned int flags);
	long (*fallocate)(struct file *file, int mode, loff_t offset, loff_t len);
	void (*show_fdinfo)(struct seq_file *m, struct file *f);
	ssize_t (*copy_file_range)(struct file *file_in, loff_t pos_in, struct file *file_out,
				   loff_t pos_out, size_t len, unsigned int flags);
	loff_t (*remap_file_range)(struct file *file_in, loff_t pos_in, struct file *file_out,
				   loff_t pos_out, loff_t len, unsigned int remap_flags);
	int (*fadvise)(struct file *file, loff_t offset, loff_t len, int advice);
	int (*iterate_shared)(struct file *file, struct dir_context *ctx);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	fop_flags_t fop_flags;
#endif
};

/* A device without a file position: seeking succeeds and changes nothing. */
static inline loff_t noop_llseek(struct file *file, loff_t offset, int whence)
{
	return file->f_pos;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define no_llseek NULL
#endif

/*
 * fs/read_write.c's default_llseek(): a position relative to the start, the
 * current position or i_size; a negative one is -EINVAL.
 */
loff_t default_llseek(struct file *file, loff_t offset, int whence);

/* write a file's dirty data out: user space has no file systems */
int vfs_fsync(struct file *file, int datasync);

/* open(2) of a file that has no position (pread/pwrite/lseek refused) */
static inline int nonseekable_open(struct inode *inode, struct file *filp)
{
	filp->f_mode &= ~(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	return 0;
}

static inline int stream_open(struct inode *inode, struct file *filp)
{
	filp->f_mode &= ~(FMODE_LSEEK | FMODE_PREAD | FMODE_PWRITE);
	filp->f_mode |= FMODE_STREAM;
	return 0;
}

/*
 * The bytes between a buffer of the kernel, buf[0..available) from *ppos
 * on, and user memory: at most count, none at or past the end (0); *ppos
 * moves by what was copied, or -EFAULT when nothing could be, as the
 * kernel's simple_read_from_buffer()/simple_write_to_buffer() do.
 */
static inline ssize_t __qdk_simple_copy(void *kbuf, size_t available, loff_t *ppos,
					void __user *ubuf, size_t count, bool to_user)
{
	loff_t pos = *ppos;
	size_t left;

	if (pos < 0)
		return -EINVAL;
	if (pos >= available || !count)
		return 0;
	if (count > available - pos)
		count = available - pos;
	left = to_user ? copy_to_user(ubuf, (const char *)kbuf + pos, count) :
		copy_from_user((char *)kbuf + pos, ubuf, count);
	if (left == count)
		return -EFAULT;
	count -= left;
	*ppos = pos + count;
	return count;
}

static inline ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos,
					      const void *from, size_t available)
{
	return __qdk_simple_copy((void *)from, available, ppos, to, count, true);
}

static inline ssize_t simple_write_to_buffer(void *to, size_t available, loff_t *ppos,
					     const void __user *from, size_t count)
{
	return __qdk_simple_copy(to, available, ppos, (void __user *)from, count, false);
}

/* the inode's i_flags and its super block's s_flags */
#define __IS_FLG(inode, flg)	((inode)->i_sb->s_flags & (flg))
static inline bool sb_rdonly(const struct super_block *sb)
{
	return sb->s_flags & SB_RDONLY;
}

#define IS_RDONLY(inode)	sb_rdonly((inode)->i_sb)
#define IS_SYNC(inode)		(__IS_FLG(inode, SB_SYNCHRONOUS) || ((inode)->i_flags & S_SYNC))
#define IS_DIRSYNC(inode)	(__IS_FLG(inode, SB_SYNCHRONOUS | SB_DIRSYNC) || \
				 ((inode)->i_flags & (S_SYNC | S_DIRSYNC)))
#define IS_MANDLOCK(inode)	__IS_FLG(inode, SB_MANDLOCK)
#define IS_NOATIME(inode)	__IS_FLG(inode, SB_RDONLY | SB_NOATIME)
#define IS_I_VERSION(inode)	__IS_FLG(inode, SB_I_VERSION)
#define IS_NOQUOTA(inode)	((inode)->i_flags & S_NOQUOTA)
#define IS_APPEND(inode)	((inode)->i_flags & S_APPEND)
#define IS_IMMUTABLE(inode)	((inode)->i_flags & S_IMMUTABLE)
#define IS_POSIXACL(inode)	__IS_FLG(inode, SB_POSIXACL)
#define IS_DEADDIR(inode)	((inode)->i_flags & S_DEAD)
#define IS_NOCMTIME(inode)	((inode)->i_flags & S_NOCMTIME)
#define IS_SWAPFILE(inode)	((inode)->i_flags & S_SWAPFILE)
#define IS_PRIVATE(inode)	((inode)->i_flags & S_PRIVATE)
#define IS_IMA(inode)		((inode)->i_flags & S_IMA)
#define IS_AUTOMOUNT(inode)	((inode)->i_flags & S_AUTOMOUNT)
#define IS_NOSEC(inode)		((inode)->i_flags & S_NOSEC)
#define IS_DAX(inode)		((inode)->i_flags & S_DAX)
#define IS_ENCRYPTED(inode)	((inode)->i_flags & S_ENCRYPTED)
#define IS_CASEFOLDED(inode)	((inode)->i_flags & S_CASEFOLD)
#define IS_VERITY(inode)	((inode)->i_flags & S_VERITY)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
#define IS_ANON_FILE(inode)	((inode)->i_flags & S_ANON_INODE)
#endif
#define IS_WHITEOUT(inode)	(S_ISCHR((inode)->i_mode) && (inode)->i_rdev == WHITEOUT_DEV)

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define sb_has_strict_encoding(sb)	((sb)->s_encoding_flags & SB_ENC_STRICT_MODE_FL)
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define sb_no_casefold_compat_fallback(sb)	\
	((sb)->s_encoding_flags & SB_ENC_NO_COMPAT_FALLBACK_FL)
#endif

/* the reference count of an open file */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
#define file_count(x)		atomic_long_read(&(x)->f_count)
static inline struct file *get_file(struct file *f)
{
	atomic_long_inc(&f->f_count);
	return f;
}
#else
#define file_count(f)		atomic_long_read(&(f)->f_ref.refcnt)
static inline struct file *get_file(struct file *f)
{
	atomic_long_inc(&f->f_ref.refcnt);
	return f;
}
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define get_file_rcu(x)		atomic_long_inc_not_zero(&(x)->f_count)
#define locks_inode(f)		file_inode(f)
#endif

/* a module's ops: a reference on their owner while a file uses them */
#define fops_get(fops) ({							\
	const struct file_operations *__fops = (fops);				\
	__fops && try_module_get(__fops->owner) ? __fops : NULL;		\
})
#define fops_put(fops) ({							\
	const struct file_operations *__fops = (fops);				\
	if (__fops)								\
		module_put(__fops->owner);					\
})
/* an open that hands the file to other ops (a multiplexing driver's) */
#define replace_fops(f, fops) do {						\
	struct file *__file = (f);						\
	fops_put(__file->f_op);							\
	BUG_ON(!(__file->f_op = (fops)));					\
} while (0)

/* i_size: one CPU, so no seqcount around it */
static inline loff_t i_size_read(const struct inode *inode)
{
	return READ_ONCE(inode->i_size);
}

static inline void i_size_write(struct inode *inode, loff_t i_size)
{
	WRITE_ONCE(inode->i_size, i_size);
}

#define i_size_ordered_init(inode)	do { } while (0)

static inline unsigned int i_blocksize(const struct inode *node)
{
	return 1U << node->i_blkbits;
}

/* fs/inode.c (shim/lib/inode.c): the link count */
void set_nlink(struct inode *inode, unsigned int nlink);
void inc_nlink(struct inode *inode);
void drop_nlink(struct inode *inode);
void clear_nlink(struct inode *inode);
/* the shim's inodes are never written back: marking dirty sets i_state only */
void __mark_inode_dirty(struct inode *inode, int flags);

static inline void mark_inode_dirty(struct inode *inode)
{
	__mark_inode_dirty(inode, I_DIRTY);
}

static inline void mark_inode_dirty_sync(struct inode *inode)
{
	__mark_inode_dirty(inode, I_DIRTY_SYNC);
}

static inline void inode_inc_link_count(struct inode *inode)
{
	inc_nlink(inode);
	mark_inode_dirty(inode);
}

static inline void inode_dec_link_count(struct inode *inode)
{
	drop_nlink(inode);
	mark_inode_dirty(inode);
}

/* the timestamps, whose members differ by series */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline struct timespec64 inode_get_ctime(const struct inode *inode)
{
	return inode->i_ctime;
}

static inline struct timespec64 inode_set_ctime_to_ts(struct inode *inode, struct timespec64 ts)
{
	inode->i_ctime = ts;
	return ts;
}
#else
#define __QDK_INODE_TIME(which)							\
static inline time64_t inode_get_##which##_sec(const struct inode *inode)	\
{										\
	return inode->i_##which##_sec;						\
}										\
static inline long inode_get_##which##_nsec(const struct inode *inode)	\
{										\
	return inode->i_##which##_nsec;						\
}										\
static inline struct timespec64 inode_get_##which(const struct inode *inode)	\
{										\
	struct timespec64 ts = {						\
		.tv_sec = inode_get_##which##_sec(inode),			\
		.tv_nsec = inode_get_##which##_nsec(inode),			\
	};									\
	return ts;								\
}
__QDK_INODE_TIME(atime)
__QDK_INODE_TIME(mtime)
__QDK_INODE_TIME(ctime)

static inline struct timespec64 inode_set_atime_to_ts(struct inode *inode, struct timespec64 ts)
{
	inode->i_atime_sec = ts.tv_sec;
	inode->i_atime_nsec = ts.tv_nsec;
	return ts;
}

static inline struct timespec64 inode_set_atime(struct inode *inode, time64_t sec, long nsec)
{
	struct timespec64 ts = { .tv_sec = sec, .tv_nsec = nsec };

	return inode_set_atime_to_ts(inode, ts);
}

static inline struct timespec64 inode_set_mtime_to_ts(struct inode *inode, struct timespec64 ts)
{
	inode->i_mtime_sec = ts.tv_sec;
	inode->i_mtime_nsec = ts.tv_nsec;
	return ts;
}

static inline struct timespec64 inode_set_mtime(struct inode *inode, time64_t sec, long nsec)
{
	struct timespec64 ts = { .tv_sec = sec, .tv_nsec = nsec };

	return inode_set_mtime_to_ts(inode, ts);
}

static inline struct timespec64 inode_set_ctime_to_ts(struct inode *inode, struct timespec64 ts)
{
	inode->i_ctime_sec = ts.tv_sec;
	inode->i_ctime_nsec = ts.tv_nsec;
	return ts;
}
#endif

static inline struct timespec64 inode_set_ctime(struct inode *inode, time64_t sec, long nsec)
{
	struct timespec64 ts = { .tv_sec = sec, .tv_nsec = nsec };

	return inode_set_ctime_to_ts(inode, ts);
}

/* writers and "deny write" (exec) share i_writecount: > 0 writers, < 0 deniers */
static inline int get_write_access(struct inode *inode)
{
	if (atomic_read(&inode->i_writecount) < 0)
		return -ETXTBSY;
	atomic_inc(&inode->i_writecount);
	return 0;
}

static inline int deny_write_access(struct file *file)
{
	struct inode *inode = file_inode(file);

	if (atomic_read(&inode->i_writecount) > 0)
		return -ETXTBSY;
	atomic_dec(&inode->i_writecount);
	return 0;
}

static inline void put_write_access(struct inode *inode)
{
	atomic_dec(&inode->i_writecount);
}

static inline void allow_write_access(struct file *file)
{
	if (file)
		atomic_inc(&file_inode(file)->i_writecount);
}

/* an executable's write denial, skipped for a file with pre-content watches */
static inline int exe_file_deny_write_access(struct file *exe_file)
{
	if (unlikely(FMODE_FSNOTIFY_HSM(exe_file->f_mode)))
		return 0;
	return deny_write_access(exe_file);
}

static inline void exe_file_allow_write_access(struct file *exe_file)
{
	if (unlikely(!exe_file || FMODE_FSNOTIFY_HSM(exe_file->f_mode)))
		return;
	allow_write_access(exe_file);
}

static inline bool inode_is_open_for_write(const struct inode *inode)
{
	return atomic_read(&inode->i_writecount) > 0;
}

static inline bool inode_has_no_xattr(struct inode *inode)
{
	return false;	/* no super block of the shim's says SB_NOSEC */
}

/* a set-user-ID file, or a set-group-ID one with group execute */
static inline bool is_sxid(umode_t mode)
{
	return mode & (S_ISUID | S_ISGID);
}

static inline bool is_zero_ino(unsigned long ino)
{
	return (u32)ino == 0;
}

static inline bool is_dot_dotdot(const char *name, size_t len)
{
	return len && unlikely(name[0] == '.') &&
		(len == 1 || (len == 2 && name[1] == '.'));
}

/* an inode nobody can find by number: never put in (or taken off) the hash */
static inline int inode_unhashed(struct inode *inode)
{
	return hlist_unhashed(&inode->i_hash);
}

/* mark an inode hashed without a hash chain, so that writeback takes it */
static inline void inode_fake_hash(struct inode *inode)
{
	hlist_add_fake(&inode->i_hash);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
/* drop_inode(): free an inode at its last iput() if unlinked or unhashed */
static inline int generic_drop_inode(struct inode *inode)
{
	return !inode->i_nlink || inode_unhashed(inode);
}
#endif

/* only the timestamps are dirty, and the inode is neither new nor dying */
static inline bool inode_is_dirtytime_only(struct inode *inode)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	unsigned long state = inode->i_state;
#else
	unsigned long state = inode->i_state.__state;
#endif

	return (state & (I_DIRTY_TIME | I_NEW | I_FREEING | I_WILL_FREE)) == I_DIRTY_TIME;
}

/* some execute bit is set, or it is a directory (search permission) */
static inline bool execute_ok(struct inode *inode)
{
	return (inode->i_mode & S_IXUGO) || S_ISDIR(inode->i_mode);
}

/* the file type (S_IFMT part) of mode differs from the inode's */
static inline bool inode_wrong_type(const struct inode *inode, umode_t mode)
{
	return (inode->i_mode ^ mode) & S_IFMT;
}

/* the count of read-only opens (the kernel keeps it with CONFIG_IMA, as Debian) */
static inline void i_readcount_dec(struct inode *inode)
{
	BUG_ON(atomic_dec_return(&inode->i_readcount) < 0);
}

static inline void i_readcount_inc(struct inode *inode)
{
	atomic_inc(&inode->i_readcount);
}

/* the bytes an inode occupies: 512-byte blocks plus a remainder (fs/stat.c) */
static inline loff_t __inode_get_bytes(struct inode *inode)
{
	return (((loff_t)inode->i_blocks) << 9) + inode->i_bytes;
}

void __inode_add_bytes(struct inode *inode, loff_t bytes);
void inode_add_bytes(struct inode *inode, loff_t bytes);
void __inode_sub_bytes(struct inode *inode, loff_t bytes);
void inode_sub_bytes(struct inode *inode, loff_t bytes);
loff_t inode_get_bytes(struct inode *inode);
void inode_set_bytes(struct inode *inode, loff_t bytes);

/* one more reference to an inode its caller already holds (or holds i_lock of) */
static inline void __iget(struct inode *inode)
{
	atomic_inc(&inode->i_count);
}

/* a reference, unless the inode is being freed (then NULL) */
struct inode *igrab(struct inode *inode);
/* an inode number above max_reserved no inode of sb uses */
ino_t iunique(struct super_block *sb, ino_t max_reserved);
/* writes to it must reach the disk before returning (sync, or dirsync dir) */
int inode_needs_sync(struct inode *inode);
/* evict_inode()'s end: the inode is I_FREEING | I_CLEAR */
void clear_inode(struct inode *inode);
/* i_flags' bits in mask become those of flags */
void inode_set_flags(struct inode *inode, unsigned int flags, unsigned int mask);
/* t clamped to the super block's time range and cut to its granularity */
struct timespec64 timestamp_truncate(struct timespec64 t, struct inode *inode);
/* 0 if num_blocks blocks of 2^blocksize_bits bytes fit the page cache's indexes */
int generic_check_addressable(unsigned int blocksize_bits, u64 num_blocks);

/* the small libfs helpers of ->get_link(), ->direct_IO(), ->d_delete() and leases */
void kfree_link(void *p);
ssize_t noop_direct_IO(struct kiocb *iocb, struct iov_iter *iter);
int always_delete_dentry(const struct dentry *dentry);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int simple_nosetlease(struct file *filp, long arg, struct file_lock **flp, void **priv);
#elif LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
struct file_lease;
int simple_nosetlease(struct file *filp, int arg, struct file_lease **flp, void **priv);
#endif

/* the kiocb of a synchronous read or write of filp */
static inline int iocb_flags(struct file *file)
{
	int res = 0;

	if (file->f_flags & O_APPEND)
		res |= IOCB_APPEND;
	if (file->f_flags & O_DIRECT)
		res |= IOCB_DIRECT;
	if (file->f_flags & O_DSYNC)
		res |= IOCB_DSYNC;
	if (file->f_flags & __O_SYNC)
		res |= IOCB_SYNC;
	return res;
}

static inline bool iocb_is_dsync(const struct kiocb *iocb)
{
	return iocb->ki_flags & IOCB_DSYNC;
}

static inline void init_sync_kiocb(struct kiocb *kiocb, struct file *filp)
{
	*kiocb = (struct kiocb) {
		.ki_filp = filp,
		.ki_flags = iocb_flags(filp),
	};
}

static inline void kiocb_clone(struct kiocb *kiocb, struct kiocb *kiocb_src, struct file *filp)
{
	*kiocb = (struct kiocb) {
		.ki_filp = filp,
		.ki_flags = kiocb_src->ki_flags,
		.ki_ioprio = kiocb_src->ki_ioprio,
		.ki_pos = kiocb_src->ki_pos,
	};
}

/* one directory entry to the reader: false when its buffer is full */
static inline bool dir_emit(struct dir_context *ctx, const char *name, int namelen,
			    u64 ino, unsigned int type)
{
	return ctx->actor(ctx, name, namelen, ctx->pos, ino, type);
}

static inline bool dir_emit_dot(struct file *file, struct dir_context *ctx)
{
	return ctx->actor(ctx, ".", 1, ctx->pos, file_inode(file)->i_ino, DT_DIR);
}

/*
 * "..": the kernel names the parent's inode number; the shim's files have no
 * dentries, so it is the directory's own.
 */
static inline bool dir_emit_dotdot(struct file *file, struct dir_context *ctx)
{
	return ctx->actor(ctx, "..", 2, ctx->pos, file_inode(file)->i_ino, DT_DIR);
}

static inline bool dir_emit_dots(struct file *file, struct dir_context *ctx)
{
	if (ctx->pos == 0) {
		if (!dir_emit_dot(file, ctx))
			return false;
		ctx->pos = 1;
	}
	if (ctx->pos == 1) {
		if (!dir_emit_dotdot(file, ctx))
			return false;
		ctx->pos = 2;
	}
	return true;
}

/* fs/read_write.c (shim/lib/read_write.c): positions */
loff_t vfs_setpos(struct file *file, loff_t offset, loff_t maxsize);
loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence,
				loff_t maxsize, loff_t eof);
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence);
loff_t fixed_size_llseek(struct file *file, loff_t offset, int whence, loff_t size);
loff_t no_seek_end_llseek(struct file *file, loff_t offset, int whence);
loff_t no_seek_end_llseek_size(struct file *file, loff_t offset, int whence, loff_t size);
loff_t vfs_llseek(struct file *file, loff_t offset, int whence);
int rw_verify_area(int read_write, struct file *file, const loff_t *ppos, size_t count);
/* a read or write of a file the kernel opened, buf in kernel memory */
ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos);
ssize_t kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos);
ssize_t __kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos);

/* fs/open.c (shim/lib/fs.c): a file opened by the kernel, by path in the node table */
struct file *filp_open(const char *filename, int flags, umode_t mode);
int filp_close(struct file *filp, fl_owner_t id);
int generic_file_open(struct inode *inode, struct file *filp);

/* fs/libfs.c (shim/lib/libfs.c) */
int simple_open(struct inode *inode, struct file *file);
int noop_fsync(struct file *file, loff_t start, loff_t end, int datasync);
ssize_t generic_read_dir(struct file *filp, char __user *buf, size_t siz, loff_t *ppos);

/*
 * A file of one number (debugfs's and the simple_attr ones): read prints
 * get()'s value with fmt, write parses a number and calls set().
 */
int simple_attr_open(struct inode *inode, struct file *file, int (*get)(void *, u64 *),
		     int (*set)(void *, u64), const char *fmt);
int simple_attr_release(struct inode *inode, struct file *file);
ssize_t simple_attr_read(struct file *file, char __user *buf, size_t len, loff_t *ppos);
ssize_t simple_attr_write(struct file *file, const char __user *buf, size_t len,
			  loff_t *ppos);
ssize_t simple_attr_write_signed(struct file *file, const char __user *buf, size_t len,
				 loff_t *ppos);

static inline __printf(1, 2) void __simple_attr_check_format(const char *fmt, ...)
{
}

#define DEFINE_SIMPLE_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, __is_signed)	\
static int __fops ## _open(struct inode *inode, struct file *file)		\
{										\
	__simple_attr_check_format(__fmt, 0ull);				\
	return simple_attr_open(inode, file, __get, __set, __fmt);		\
}										\
static const struct file_operations __fops = {					\
	.owner	 = THIS_MODULE,							\
	.open	 = __fops ## _open,						\
	.release = simple_attr_release,						\
	.read	 = simple_attr_read,						\
	.write	 = (__is_signed) ? simple_attr_write_signed : simple_attr_write,	\
	.llseek	 = generic_file_llseek,						\
}
#define DEFINE_SIMPLE_ATTRIBUTE(__fops, __get, __set, __fmt)			\
	DEFINE_SIMPLE_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, false)
#define DEFINE_SIMPLE_ATTRIBUTE_SIGNED(__fops, __get, __set, __fmt)		\
	DEFINE_SIMPLE_ATTRIBUTE_XSIGNED(__fops, __get, __set, __fmt, true)

/* a request and its answer through one file (nfsd's transaction files) */
struct simple_transaction_argresp {
	ssize_t size;
	char data[];
};

#define SIMPLE_TRANSACTION_LIMIT (PAGE_SIZE - sizeof(struct simple_transaction_argresp))

char *simple_transaction_get(struct file *file, const char __user *buf, size_t size);
ssize_t simple_transaction_read(struct file *file, char __user *buf, size_t size, loff_t *pos);
int simple_transaction_release(struct inode *inode, struct file *file);
void simple_transaction_set(struct file *file, size_t n);

/* fs/fcntl.c (shim/lib/fcntl.c): the O_ASYNC list of a driver */
int fasync_helper(int fd, struct file *filp, int on, struct fasync_struct **fapp);
void kill_fasync(struct fasync_struct **fp, int sig, int band);

/* fs/ioctl.c: a compat ioctl whose argument is a pointer (x86-64: the same value) */
long compat_ptr_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

/* fs/filesystems.c (shim/lib/filesystems.c): the registered file system types */
int register_filesystem(struct file_system_type *fs);
int unregister_filesystem(struct file_system_type *fs);

/* fs/inode.c: numbers and times the shim can give */
unsigned int get_next_ino(void);
struct timespec64 current_time(struct inode *inode);
/* fs/namei.c: the umask of the task (the shim's: init's, 0022) */
int current_umask(void);

/*
 * The inode cache (shim/lib/inode.c): a super block's inodes, allocated by
 * its alloc_inode() or the shim, hashed by (super block, number or hash
 * value); a lookup takes a reference, iput() of the last one drops the inode
 * (drop_inode(), generic_drop_inode() without one) or keeps it cached while
 * the super block is SB_ACTIVE; a dropped inode is evicted (evict_inode(),
 * or its pages and clear_inode()), unhashed and freed (destroy_inode(),
 * free_inode(), or the shim's free). A lookup meeting an I_NEW inode would
 * sleep until unlock_new_inode() in the kernel; the shim's one task has no
 * one to wait for, so it warns and goes on.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define __qdk_hashval_t	unsigned long
#else
#define __qdk_hashval_t	u64
#endif
struct kstatfs;
void iput(struct inode *inode);
void ihold(struct inode *inode);
struct inode *new_inode(struct super_block *sb);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
struct inode *new_inode_pseudo(struct super_block *sb);
#else
struct inode *alloc_inode(struct super_block *sb);
/* an inode on no super block list (a pseudo file system's) */
static inline struct inode *new_inode_pseudo(struct super_block *sb)
{
	return alloc_inode(sb);
}
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int inode_init_always(struct super_block *sb, struct inode *inode);
#else
int inode_init_always_gfp(struct super_block *sb, struct inode *inode, gfp_t gfp);
static inline int inode_init_always(struct super_block *sb, struct inode *inode)
{
	return inode_init_always_gfp(sb, inode, GFP_NOFS);
}
#endif
void inode_sb_list_add(struct inode *inode);
void __destroy_inode(struct inode *inode);
void free_inode_nonrcu(struct inode *inode);
void evict_inodes(struct super_block *sb);
struct inode *iget_locked(struct super_block *sb, __qdk_hashval_t ino);
struct inode *iget5_locked(struct super_block *sb, __qdk_hashval_t hashval,
			   int (*test)(struct inode *, void *),
			   int (*set)(struct inode *, void *), void *data);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* iget5_locked() whose test may run under RCU only */
struct inode *iget5_locked_rcu(struct super_block *sb, __qdk_hashval_t hashval,
			       int (*test)(struct inode *, void *),
			       int (*set)(struct inode *, void *), void *data);
#endif
struct inode *inode_insert5(struct inode *inode, __qdk_hashval_t hashval,
			    int (*test)(struct inode *, void *),
			    int (*set)(struct inode *, void *), void *data);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
struct inode *ilookup5_nowait(struct super_block *sb, unsigned long hashval,
			      int (*test)(struct inode *, void *), void *data);
#else
/* *isnew: the inode found is still I_NEW */
struct inode *ilookup5_nowait(struct super_block *sb, u64 hashval,
			      int (*test)(struct inode *, void *), void *data, bool *isnew);
#endif
struct inode *ilookup5(struct super_block *sb, __qdk_hashval_t hashval,
		       int (*test)(struct inode *, void *), void *data);
struct inode *ilookup(struct super_block *sb, __qdk_hashval_t ino);
/* match: 0 go on, 1 this one (match took any reference it needs), -1 stop, none */
struct inode *find_inode_nowait(struct super_block *sb, __qdk_hashval_t hashval,
				int (*match)(struct inode *, __qdk_hashval_t, void *),
				void *data);
/* under RCU: no reference taken, inodes being freed skipped */
struct inode *find_inode_rcu(struct super_block *sb, __qdk_hashval_t hashval,
			     int (*test)(struct inode *, void *), void *data);
struct inode *find_inode_by_ino_rcu(struct super_block *sb, __qdk_hashval_t ino);
/* hash a new inode I_NEW; -EBUSY when a live one has its number (or test's match) */
int insert_inode_locked(struct inode *inode);
int insert_inode_locked4(struct inode *inode, __qdk_hashval_t hashval,
			 int (*test)(struct inode *, void *), void *data);
void unlock_new_inode(struct inode *inode);
/* a new inode that failed: unlocked and dropped (iget_failed() marks it bad first) */
void discard_new_inode(struct inode *inode);
void iget_failed(struct inode *inode);
int file_update_time(struct file *file);
int generic_delete_inode(struct inode *inode);
/* an inode whose every operation fails with -EIO (fs/bad_inode.c) */
void make_bad_inode(struct inode *inode);
bool is_bad_inode(struct inode *inode);
void kill_anon_super(struct super_block *sb);
void kill_litter_super(struct super_block *sb);
void deactivate_super(struct super_block *sb);
int sync_filesystem(struct super_block *sb);
int vfs_fsync_range(struct file *file, loff_t start, loff_t end, int datasync);
int simple_pin_fs(struct file_system_type *type, struct vfsmount **mount, int *count);
void simple_release_fs(struct vfsmount **mount, int *count);
int simple_statfs(struct dentry *dentry, struct kstatfs *buf);
int simple_unlink(struct inode *dir, struct dentry *dentry);
int simple_rmdir(struct inode *dir, struct dentry *dentry);
struct dentry *simple_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags);
int simple_empty(struct dentry *dentry);
struct inode *alloc_anon_inode(struct super_block *sb);
struct dentry *d_alloc_name(struct dentry *parent, const char *name);
char *file_path(struct file *file, char *buf, int buflen);
ssize_t generic_file_read_iter(struct kiocb *iocb, struct iov_iter *iter);
ssize_t generic_file_write_iter(struct kiocb *iocb, struct iov_iter *from);
ssize_t filemap_read(struct kiocb *iocb, struct iov_iter *to, ssize_t already_read);

/* ---- more of the VFS's types and the helpers that compute on them ------------- */

struct audit_names;
struct buffer_head;
struct bio;
struct delayed_call;
struct folio;
struct kstat;
struct path;
struct posix_acl;
struct readahead_control;
struct writeback_control;
struct task_struct;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 3, 0)
struct user_namespace;
#define __QDK_IDMAP	struct user_namespace
#else
struct mnt_idmap;
#define __QDK_IDMAP	struct mnt_idmap
#endif

/* a file system's block mapping and direct I/O callbacks */
typedef int (get_block_t)(struct inode *inode, sector_t iblock, struct buffer_head *bh_result,
			  int create);
typedef int (dio_iodone_t)(struct kiocb *iocb, loff_t offset, ssize_t bytes, void *private);
typedef void (dio_submit_t)(struct bio *bio, struct inode *inode, loff_t file_offset);

/* a page cache's operations (the shim has no page cache: nothing calls them) */
struct address_space_operations {
	int (*read_folio)(struct file *file, struct folio *folio);
	int (*writepages)(struct address_space *mapping, struct writeback_control *wbc);
	bool (*dirty_folio)(struct address_space *mapping, struct folio *folio);
	void (*readahead)(struct readahead_control *rac);
	sector_t (*bmap)(struct address_space *mapping, sector_t block);
	void (*invalidate_folio)(struct folio *folio, size_t offset, size_t len);
	bool (*release_folio)(struct folio *folio, gfp_t gfp);
	void (*free_folio)(struct folio *folio);
	ssize_t (*direct_IO)(struct kiocb *iocb, struct iov_iter *iter);
};

/* an empty set: a mapping without page cache operations */
extern const struct address_space_operations empty_aops;

/* an inode's operations, with the series' signatures */
struct inode_operations {
	struct dentry *(*lookup)(struct inode *dir, struct dentry *dentry, unsigned int flags);
	const char *(*get_link)(struct dentry *dentry, struct inode *inode,
				struct delayed_call *done);
	int (*permission)(__QDK_IDMAP *idmap, struct inode *inode, int mask);
	int (*readlink)(struct dentry *dentry, char __user *buf, int buflen);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	int (*create)(__QDK_IDMAP *idmap, struct inode *dir, struct dentry *dentry,
		      umode_t mode, bool excl);
#else
	int (*create)(__QDK_IDMAP *idmap, struct inode *dir, struct dentry *dentry,
		      umode_t mode);
#endif
	int (*link)(struct dentry *old_dentry, struct inode *dir, struct dentry *dentry);
	int (*unlink)(struct inode *dir, struct dentry *dentry);
	int (*symlink)(__QDK_IDMAP *idmap, struct inode *dir, struct dentry *dentry,
		       const char *symname);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 15, 0)
	int (*mkdir)(__QDK_IDMAP *idmap, struct inode *dir, struct dentry *dentry,
		     umode_t mode);
#else
	struct dentry *(*mkdir)(__QDK_IDMAP *idmap, struct inode *dir, struct dentry *dentry,
				umode_t mode);
#endif
	int (*rmdir)(struct inode *dir, struct dentry *dentry);
	int (*mknod)(__QDK_IDMAP *idmap, struct inode *dir, struct dentry *dentry,
		     umode_t mode, dev_t dev);
	int (*rename)(__QDK_IDMAP *idmap, struct inode *old_dir, struct dentry *old_dentry,
		      struct inode *new_dir, struct dentry *new_dentry, unsigned int flags);
	int (*setattr)(__QDK_IDMAP *idmap, struct dentry *dentry, struct iattr *attr);
	int (*getattr)(__QDK_IDMAP *idmap, const struct path *path, struct kstat *stat,
		       u32 request_mask, unsigned int query_flags);
	ssize_t (*listxattr)(struct dentry *dentry, char *list, size_t size);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 6, 0)
	int (*update_time)(struct inode *inode, struct timespec64 *time, int flags);
#elif LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	int (*update_time)(struct inode *inode, int flags);
#else
	int (*update_time)(struct inode *inode, enum fs_update_time type, unsigned int flags);
#endif
	int (*atomic_open)(struct inode *dir, struct dentry *dentry, struct file *file,
			   unsigned int open_flag, umode_t create_mode);
};

/* the directory and symlink inode operations of libfs and the page cache */
extern const struct inode_operations simple_dir_inode_operations;
extern const struct inode_operations simple_symlink_inode_operations;
extern const struct inode_operations page_symlink_inode_operations;
/* a directory of libfs: reading one is not modelled (no dentries) */
extern const struct file_operations simple_dir_operations;
/* a read-only file of the page cache */
extern const struct file_operations generic_ro_fops;
/* /sys/fs */
extern struct kobject *fs_kobj;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
/* the block devices' pseudo file system: the shim has no block devices */
extern struct super_block *blockdev_superblock;
static inline bool sb_is_blkdev_sb(struct super_block *sb)
{
	return sb == blockdev_superblock;
}
#endif

/* a super block's operations (the shim mounts nothing: nothing calls them) */
struct super_operations {
	struct inode *(*alloc_inode)(struct super_block *sb);
	void (*destroy_inode)(struct inode *inode);
	void (*free_inode)(struct inode *inode);
	void (*dirty_inode)(struct inode *inode, int flags);
	int (*write_inode)(struct inode *inode, struct writeback_control *wbc);
	int (*drop_inode)(struct inode *inode);
	void (*evict_inode)(struct inode *inode);
	void (*put_super)(struct super_block *sb);
	int (*sync_fs)(struct super_block *sb, int wait);
	int (*freeze_fs)(struct super_block *sb);
	int (*unfreeze_fs)(struct super_block *sb);
	int (*statfs)(struct dentry *dentry, struct kstatfs *buf);
	void (*umount_begin)(struct super_block *sb);
	int (*show_options)(struct seq_file *m, struct dentry *root);
};

/* a path name copied in from user space or the kernel (getname_kernel()) */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
struct filename {
	const char *name;		/* the string: iname, or a buffer of its own */
	const __user char *uptr;	/* the user pointer it came from */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 9, 0)
	int refcnt;
#else
	atomic_t refcnt;
#endif
	struct audit_names *aname;
	const char iname[];
};
#else
struct __filename_head {
	const char *name;
	int refcnt;
	struct audit_names *aname;
};

#define EMBEDDED_NAME_MAX	(192 - sizeof(struct __filename_head))
struct filename {
	struct {			/* struct __filename_head's members */
		const char *name;
		int refcnt;
		struct audit_names *aname;
	};
	const char iname[EMBEDDED_NAME_MAX];
};

/* a name getname() will copy later */
struct delayed_filename {
	struct filename *__incomplete_filename;
};
#define INIT_DELAYED_FILENAME(ptr)	((void)(*(ptr) = (struct delayed_filename){}))
#endif

/*
 * A kernel string as a struct filename (refcount 1), ERR_PTR(-ENAMETOOLONG)
 * from PATH_MAX bytes on; putname() drops a reference and frees at the last.
 */
struct filename *getname_kernel(const char *name);
void putname(struct filename *name);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
DEFINE_FREE(putname, struct filename *, if (!IS_ERR_OR_NULL(_T)) putname(_T))
#endif

/*
 * A path name copied from user space (shim/lib/namei.c): -EFAULT where the
 * copy faults, -ENAMETOOLONG from PATH_MAX bytes on, -ENOENT for an empty
 * name unless LOOKUP_EMPTY (AT_EMPTY_PATH for the _uflags one) allows it.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* *empty (when not NULL) is set to 1 for an empty name */
struct filename *getname_flags(const char __user *filename, int flags, int *empty);
#else
struct filename *getname_flags(const char __user *filename, int flags);
#endif
struct filename *getname_uflags(const char __user *filename, int uflags);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
struct filename *getname(const char __user *filename);
#else
static inline struct filename *getname(const char __user *name)
{
	return getname_flags(name, 0);
}

/* NULL for a NULL or empty name when flags have AT_EMPTY_PATH */
struct filename *__getname_maybe_null(const char __user *pathname);
static inline struct filename *getname_maybe_null(const char __user *name, int flags)
{
	if (!(flags & AT_EMPTY_PATH))
		return getname(name);
	if (!name)
		return NULL;
	return __getname_maybe_null(name);
}

/*
 * A name copied now and completed later (complete_getname()), or dropped
 * (dismiss_delayed_filename()); putname_to_delayed() hands a name over.
 */
int delayed_getname(struct delayed_filename *v, const char __user *string);
int delayed_getname_uflags(struct delayed_filename *v, const char __user *string, int uflags);
void dismiss_delayed_filename(struct delayed_filename *v);
int putname_to_delayed(struct delayed_filename *v, struct filename *name);
struct filename *complete_getname(struct delayed_filename *v);

DEFINE_CLASS(filename, struct filename *, putname(_T), getname(p), const char __user *p)
EXTEND_CLASS(filename, _kernel, getname_kernel(p), const char *p)
EXTEND_CLASS(filename, _flags, getname_flags(p, f), const char __user *p, unsigned int f)
EXTEND_CLASS(filename, _uflags, getname_uflags(p, f), const char __user *p, unsigned int f)
EXTEND_CLASS(filename, _maybe_null, getname_maybe_null(p, f), const char __user *p,
	     unsigned int f)
EXTEND_CLASS(filename, _complete_delayed, complete_getname(p), struct delayed_filename *p)
#endif

/* rename's arguments (vfs_rename()) */
struct renamedata {
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 3, 0)
	struct user_namespace *old_mnt_userns;
#else
	struct mnt_idmap *old_mnt_idmap;
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 17, 0)
	struct inode *old_dir;
#else
	struct dentry *old_parent;
#endif
	struct dentry *old_dentry;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 3, 0)
	struct user_namespace *new_mnt_userns;
#elif LINUX_VERSION_CODE < KERNEL_VERSION(6, 17, 0)
	struct mnt_idmap *new_mnt_idmap;
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 17, 0)
	struct inode *new_dir;
#else
	struct dentry *new_parent;
#endif
	struct dentry *new_dentry;
	struct inode **delegated_inode;
	unsigned int flags;
};

/* the page cache's XArray has a page marked with tag (never: it is empty) */
static inline bool mapping_tagged(const struct address_space *mapping, xa_mark_t tag)
{
	return xa_marked(&mapping->i_pages, tag);
}

/* some VMA maps the file */
static inline int mapping_mapped(const struct address_space *mapping)
{
	return !RB_EMPTY_ROOT(&mapping->i_mmap.rb_root);
}

/* shared writable mappings: > 0 counts them, < 0 forbids them (a swap file's) */
static inline int mapping_writably_mapped(const struct address_space *mapping)
{
	return atomic_read(&mapping->i_mmap_writable) > 0;
}

static inline int mapping_map_writable(struct address_space *mapping)
{
	if (atomic_read(&mapping->i_mmap_writable) < 0)
		return -EPERM;
	atomic_inc(&mapping->i_mmap_writable);
	return 0;
}

static inline void mapping_unmap_writable(struct address_space *mapping)
{
	atomic_dec(&mapping->i_mmap_writable);
}

static inline int mapping_deny_writable(struct address_space *mapping)
{
	if (atomic_read(&mapping->i_mmap_writable) > 0)
		return -EBUSY;
	atomic_dec(&mapping->i_mmap_writable);
	return 0;
}

static inline void mapping_allow_writable(struct address_space *mapping)
{
	atomic_inc(&mapping->i_mmap_writable);
}

/* the page index lies in the readahead window */
static inline int ra_has_index(struct file_ra_state *ra, pgoff_t index)
{
	return index >= ra->start && index < ra->start + ra->size;
}

/* an ACL cache slot being filled by task: odd pointers are not ACLs */
static inline struct posix_acl *uncached_acl_sentinel(struct task_struct *task)
{
	return (void *)task + 1;
}

static inline bool is_uncached_acl(struct posix_acl *acl)
{
	return (long)acl & 1;
}

/* a VMA of a DAX file (CONFIG_FS_DAX); fsdax: not a device DAX (a char device) */
static inline bool vma_is_dax(const struct vm_area_struct *vma)
{
	return vma->vm_file && IS_DAX(vma->vm_file->f_mapping->host);
}

static inline bool vma_is_fsdax(struct vm_area_struct *vma)
{
	struct inode *inode;

	if (!vma->vm_file)
		return false;
	if (!vma_is_dax(vma))
		return false;
	inode = file_inode(vma->vm_file);
	if (S_ISCHR(inode->i_mode))
		return false;
	return true;
}

/* a file system's own lockdep class for i_rwsem: no lockdep in the shim */
static inline void lockdep_annotate_inode_mutex_key(struct inode *inode)
{
}

/*
 * The inode hash (fs/inode.c, shim/lib/inode.c): an inode of a super block
 * findable by number. The shim keeps the table; it looks nothing up itself.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
void __insert_inode_hash(struct inode *inode, unsigned long hashval);
#else
void __insert_inode_hash(struct inode *inode, u64 hashval);
#endif
void __remove_inode_hash(struct inode *inode);

static inline void insert_inode_hash(struct inode *inode)
{
	__insert_inode_hash(inode, inode->i_ino);
}

static inline void remove_inode_hash(struct inode *inode)
{
	if (!inode_unhashed(inode) && !hlist_fake(&inode->i_hash))
		__remove_inode_hash(inode);
}

/* an inode from a file system's cache (no LRU of the super block in the shim) */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 6, 0)
static inline void *alloc_inode_sb(struct super_block *sb, struct kmem_cache *cache, gfp_t gfp)
{
	return kmem_cache_alloc_lru(cache, NULL, gfp);
}
#else
#define alloc_inode_sb(_sb, _cache, _gfp)	kmem_cache_alloc_lru(_cache, NULL, _gfp)
#endif

/* inode_init_once(): a new inode's lists, locks and mapping, zeroed otherwise */
void inode_init_once(struct inode *inode);
/* ctime set to now (current_time()), which it returns */
struct timespec64 inode_set_ctime_current(struct inode *inode);
/* ioctl(2) on a file: its unlocked_ioctl, -ENOTTY without one or for -ENOIOCTLCMD */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
long vfs_ioctl(struct file *file, unsigned int cmd, unsigned long arg);
#endif
/* a symlink's target kept in the inode (i_link) */
const char *simple_get_link(struct dentry *dentry, struct inode *inode,
			    struct delayed_call *done);

/* preadv2(2)'s RWF_* flags on a request: -EOPNOTSUPP for those the file cannot do */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define __QDK_RWF_SUPPORTED	(RWF_HIPRI | RWF_DSYNC | RWF_SYNC | RWF_NOWAIT | RWF_APPEND)
static inline int kiocb_set_rw_flags(struct kiocb *ki, rwf_t flags)
#else
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define __QDK_RWF_SUPPORTED	(RWF_HIPRI | RWF_DSYNC | RWF_SYNC | RWF_NOWAIT | RWF_APPEND | \
				 RWF_NOAPPEND | RWF_ATOMIC)
#else
#define __QDK_RWF_SUPPORTED	(RWF_HIPRI | RWF_DSYNC | RWF_SYNC | RWF_NOWAIT | RWF_APPEND | \
				 RWF_NOAPPEND | RWF_ATOMIC | RWF_DONTCACHE | RWF_NOSIGNAL)
#endif
static inline int kiocb_set_rw_flags(struct kiocb *ki, rwf_t flags, int rw_type)
#endif
{
	int kiocb_flags = 0;

	if (!flags)
		return 0;
	if (unlikely(flags & ~__QDK_RWF_SUPPORTED))
		return -EOPNOTSUPP;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (unlikely((flags & RWF_APPEND) && (flags & RWF_NOAPPEND)))
		return -EINVAL;
#endif
	if (flags & RWF_NOWAIT) {
		if (!(ki->ki_filp->f_mode & FMODE_NOWAIT))
			return -EOPNOTSUPP;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
		kiocb_flags |= IOCB_NOIO;
#endif
	}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (flags & RWF_ATOMIC) {
		if (rw_type != WRITE || !(ki->ki_filp->f_mode & FMODE_CAN_ATOMIC_WRITE))
			return -EOPNOTSUPP;
	}
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
	if (flags & RWF_DONTCACHE) {
		if (!(ki->ki_filp->f_op->fop_flags & FOP_DONTCACHE) ||
		    IS_DAX(ki->ki_filp->f_mapping->host))
			return -EOPNOTSUPP;
	}
#endif
	kiocb_flags |= (__force int)(flags & __QDK_RWF_SUPPORTED);
	if (flags & RWF_SYNC)
		kiocb_flags |= IOCB_DSYNC;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if ((flags & RWF_NOAPPEND) && (ki->ki_flags & IOCB_APPEND)) {
		if (IS_APPEND(file_inode(ki->ki_filp)))
			return -EPERM;
		ki->ki_flags &= ~IOCB_APPEND;
	}
#endif
	ki->ki_flags |= kiocb_flags;
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* the file's own read_iter, write_iter and mmap */
static inline ssize_t call_read_iter(struct file *file, struct kiocb *kio, struct iov_iter *iter)
{
	return file->f_op->read_iter(kio, iter);
}

static inline ssize_t call_write_iter(struct file *file, struct kiocb *kio,
				      struct iov_iter *iter)
{
	return file->f_op->write_iter(kio, iter);
}

static inline int call_mmap(struct file *file, struct vm_area_struct *vma)
{
	return file->f_op->mmap(file, vma);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline struct fown_struct *file_f_owner(const struct file *file)
{
	return READ_ONCE(file->f_owner);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
/* i_state, read and changed under i_lock (the _raw and _once ones without) */
static inline enum inode_state_flags_enum inode_state_read_once(struct inode *inode)
{
	return READ_ONCE(inode->i_state.__state);
}

static inline enum inode_state_flags_enum inode_state_read(struct inode *inode)
{
	lockdep_assert_held(&inode->i_lock);
	return inode->i_state.__state;
}

static inline void inode_state_assign_raw(struct inode *inode, enum inode_state_flags_enum flags)
{
	WRITE_ONCE(inode->i_state.__state, flags);
}

static inline void inode_state_assign(struct inode *inode, enum inode_state_flags_enum flags)
{
	lockdep_assert_held(&inode->i_lock);
	inode_state_assign_raw(inode, flags);
}

static inline void inode_state_set_raw(struct inode *inode, enum inode_state_flags_enum flags)
{
	inode_state_assign_raw(inode, inode->i_state.__state | flags);
}

static inline void inode_state_set(struct inode *inode, enum inode_state_flags_enum flags)
{
	lockdep_assert_held(&inode->i_lock);
	inode_state_set_raw(inode, flags);
}

static inline void inode_state_clear_raw(struct inode *inode, enum inode_state_flags_enum flags)
{
	inode_state_assign_raw(inode, inode->i_state.__state & ~flags);
}

static inline void inode_state_clear(struct inode *inode, enum inode_state_flags_enum flags)
{
	lockdep_assert_held(&inode->i_lock);
	inode_state_clear_raw(inode, flags);
}

static inline void inode_state_replace_raw(struct inode *inode,
					   enum inode_state_flags_enum clearflags,
					   enum inode_state_flags_enum setflags)
{
	inode_state_assign_raw(inode, (inode->i_state.__state & ~clearflags) | setflags);
}

static inline void inode_state_replace(struct inode *inode,
				       enum inode_state_flags_enum clearflags,
				       enum inode_state_flags_enum setflags)
{
	lockdep_assert_held(&inode->i_lock);
	inode_state_replace_raw(inode, clearflags, setflags);
}

/* the inode's metadata is being written back */
static inline void set_inode_metadata_writeback(struct inode *inode)
{
	spin_lock(&inode->i_lock);
	inode_state_set(inode, I_METADATA_WRITEBACK);
	spin_unlock(&inode->i_lock);
}

/* the reference count, under i_lock or once */
static inline int icount_read_once(const struct inode *inode)
{
	return atomic_read(&inode->i_count);
}

static inline int icount_read(const struct inode *inode)
{
	lockdep_assert_held(&inode->i_lock);
	return atomic_read(&inode->i_count);
}

/* drop a reference that is not the last one (false: it is, nothing done) */
static inline bool __must_check iput_if_not_last(struct inode *inode)
{
	return atomic_add_unless(&inode->i_count, -1, 1);
}

/* the dirty flag a timestamp update sets: lazytime keeps it in memory */
static inline int inode_time_dirty_flag(struct inode *inode)
{
	if (inode->i_sb->s_flags & SB_LAZYTIME)
		return I_DIRTY_TIME;
	return I_DIRTY_SYNC;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a symlink's target kept in the inode, its length known */
static inline void inode_set_cached_link(struct inode *inode, char *link, int linklen)
{
	WARN_ON_ONCE(strlen(link) != linklen);
	WARN_ON_ONCE(inode->i_opflags & IOP_CACHED_LINK);
	inode->i_link = link;
	inode->i_linklen = linklen;
	inode->i_opflags |= IOP_CACHED_LINK;
}

/* drop_inode(): an unlinked or unhashed inode goes at its last reference */
static inline int inode_generic_drop(struct inode *inode)
{
	return !inode->i_nlink || inode_unhashed(inode);
}

/* drop_inode() that never caches the inode */
int inode_just_drop(struct inode *inode);
/* drop a reference the caller knows is not the last */
void iput_not_last(struct inode *inode);
#endif

/* multigrain timestamps (the file system's IOP_MGTIME) */
static inline bool is_mgtime(const struct inode *inode)
{
	return inode->i_opflags & IOP_MGTIME;
}

/* "." and ".." as a component of len bytes; a path with a ".." component */
static inline bool name_is_dot(const char *name, size_t len)
{
	return unlikely(len == 1 && name[0] == '.');
}

static inline bool name_is_dotdot(const char *name, size_t len)
{
	return unlikely(len == 2 && name[0] == '.' && name[1] == '.');
}

static inline bool name_is_dot_dotdot(const char *name, size_t len)
{
	return name_is_dot(name, len) || name_is_dotdot(name, len);
}

static inline bool name_contains_dotdot(const char *name)
{
	size_t len = strlen(name);

	return !strcmp(name, "..") || !strncmp(name, "../", 3) || strstr(name, "/../") ||
	       (len >= 3 && !strcmp(name + len - 3, "/.."));
}

/*
 * An ioctl number of an extensible struct: the same direction, type and
 * number as cmd_b, with a size of at least min_size.
 */
static inline bool extensible_ioctl_valid(unsigned int cmd_a, unsigned int cmd_b,
					  size_t min_size)
{
	return _IOC_DIR(cmd_a) == _IOC_DIR(cmd_b) && _IOC_TYPE(cmd_a) == _IOC_TYPE(cmd_b) &&
	       _IOC_NR(cmd_a) == _IOC_NR(cmd_b) && _IOC_SIZE(cmd_a) >= min_size;
}
#endif

/* a character device inode's file operations: the open finds the cdev (char_dev.c) */
extern const struct file_operations def_chr_fops;

/*
 * An inode of a special file: a character device opens through
 * def_chr_fops, a block device keeps its number (the shim has no block
 * layer: no def_blk_fops), a FIFO or socket nothing more (fs/inode.c).
 */
void init_special_inode(struct inode *inode, umode_t mode, dev_t rdev);
/* the inode's page cache takes no highmem pages: GFP_USER */
void inode_nohighmem(struct inode *inode);
/* 0 when the inode may be truncated or extended to offset (fs/attr.c) */
int inode_newsize_ok(const struct inode *inode, loff_t offset);

/*
 * A write's checks (fs/read_write.c): an append starts at i_size, the
 * count is cut to the file's largest size (a file opened without
 * O_LARGEFILE: 2 GiB - 1), a write at or past it is -EFBIG. The shim's task
 * has no RLIMIT_FSIZE (RLIM_INFINITY). An inode without a super block has
 * MAX_LFS_FILESIZE as its largest size.
 */
int generic_write_check_limits(struct file *file, loff_t pos, loff_t *count);
int generic_write_checks_count(struct kiocb *iocb, loff_t *count);
ssize_t generic_write_checks(struct kiocb *iocb, struct iov_iter *from);

/* reads and writes through the file's read_iter/write_iter (fs/read_write.c) */
ssize_t vfs_iter_read(struct file *file, struct iov_iter *iter, loff_t *ppos, rwf_t flags);
ssize_t vfs_iter_write(struct file *file, struct iov_iter *iter, loff_t *ppos, rwf_t flags);
ssize_t vfs_iocb_iter_read(struct file *file, struct kiocb *iocb, struct iov_iter *iter);
ssize_t vfs_iocb_iter_write(struct file *file, struct kiocb *iocb, struct iov_iter *iter);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* start writing a RWF_DONTCACHE write's pages back (mm/filemap.c) */
void filemap_dontcache_kick_writeback(struct address_space *mapping);
#endif

/*
 * After a write: an O_DSYNC or O_SYNC one writes the range out
 * (vfs_fsync_range(), which the shim does not model: no file systems).
 */
static inline ssize_t generic_write_sync(struct kiocb *iocb, ssize_t count)
{
	if (iocb_is_dsync(iocb)) {
		int ret = vfs_fsync_range(iocb->ki_filp, iocb->ki_pos - count, iocb->ki_pos - 1,
					  (iocb->ki_flags & IOCB_SYNC) ? 0 : 1);

		if (ret)
			return ret;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	} else if (iocb->ki_flags & IOCB_DONTCACHE) {
		filemap_dontcache_kick_writeback(iocb->ki_filp->f_mapping);
#endif
	}
	return count;
}

/* let others take a directory's lock: false when the directory died meanwhile */
static inline bool dir_relax(struct inode *inode)
{
	inode_unlock(inode);
	inode_lock(inode);
	return !IS_DEADDIR(inode);
}

static inline bool dir_relax_shared(struct inode *inode)
{
	inode_unlock_shared(inode);
	inode_lock_shared(inode);
	return !IS_DEADDIR(inode);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline bool file_is_dax(const struct file *file)
{
	return file && IS_DAX(file->f_mapping->host);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a new inode's atime, mtime and ctime: now (fs/libfs.c) */
struct timespec64 simple_inode_init_ts(struct inode *inode);
#endif

/*
 * Freeze protection (sb_writers): a write to a file system's files holds
 * SB_FREEZE_WRITE for reading, a page fault SB_FREEZE_PAGEFAULT, the file
 * system's own internal writes SB_FREEZE_FS; freeze_super() takes them all
 * for writing, in order.
 */
static inline void __sb_end_write(struct super_block *sb, int level)
{
	up_read(sb->s_writers.rw_sem + level - 1);
}

static inline void __sb_start_write(struct super_block *sb, int level)
{
	down_read(sb->s_writers.rw_sem + level - 1);
}

static inline bool __sb_start_write_trylock(struct super_block *sb, int level)
{
	return down_read_trylock(sb->s_writers.rw_sem + level - 1);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline bool sb_write_started(const struct super_block *sb)
{
	return lockdep_is_held_type(sb->s_writers.rw_sem + SB_FREEZE_WRITE - 1, 1);
}
#else
/* 1 when the task holds the level, 0 when not (the kernel's -1: lockdep cannot tell) */
static inline int __sb_write_started(const struct super_block *sb, int level)
{
	return lockdep_is_held_type(sb->s_writers.rw_sem + level - 1, 1);
}

static inline bool sb_write_started(const struct super_block *sb)
{
	return __sb_write_started(sb, SB_FREEZE_WRITE);
}

static inline bool sb_write_not_started(const struct super_block *sb)
{
	return __sb_write_started(sb, SB_FREEZE_WRITE) <= 0;
}

/* a file other than a regular one takes no freeze protection: always started */
static inline bool file_write_started(const struct file *file)
{
	if (!S_ISREG(file_inode(file)->i_mode))
		return true;
	return sb_write_started(file_inode(file)->i_sb);
}

static inline bool file_write_not_started(const struct file *file)
{
	if (!S_ISREG(file_inode(file)->i_mode))
		return true;
	return sb_write_not_started(file_inode(file)->i_sb);
}
#endif

static inline void sb_end_write(struct super_block *sb)
{
	__sb_end_write(sb, SB_FREEZE_WRITE);
}

static inline void sb_end_pagefault(struct super_block *sb)
{
	__sb_end_write(sb, SB_FREEZE_PAGEFAULT);
}

static inline void sb_end_intwrite(struct super_block *sb)
{
	__sb_end_write(sb, SB_FREEZE_FS);
}

static inline void sb_start_write(struct super_block *sb)
{
	__sb_start_write(sb, SB_FREEZE_WRITE);
}

static inline bool sb_start_write_trylock(struct super_block *sb)
{
	return __sb_start_write_trylock(sb, SB_FREEZE_WRITE);
}

static inline void sb_start_pagefault(struct super_block *sb)
{
	__sb_start_write(sb, SB_FREEZE_PAGEFAULT);
}

static inline void sb_start_intwrite(struct super_block *sb)
{
	__sb_start_write(sb, SB_FREEZE_FS);
}

static inline bool sb_start_intwrite_trylock(struct super_block *sb)
{
	return __sb_start_write_trylock(sb, SB_FREEZE_FS);
}

/* write access to a regular file's super block; nothing for other files */
static inline void file_start_write(struct file *file)
{
	if (!S_ISREG(file_inode(file)->i_mode))
		return;
	sb_start_write(file_inode(file)->i_sb);
}

static inline bool file_start_write_trylock(struct file *file)
{
	if (!S_ISREG(file_inode(file)->i_mode))
		return true;
	return sb_start_write_trylock(file_inode(file)->i_sb);
}

static inline void file_end_write(struct file *file)
{
	if (!S_ISREG(file_inode(file)->i_mode))
		return;
	sb_end_write(file_inode(file)->i_sb);
}

/*
 * The same for an asynchronous write (any file): the kernel hands lockdep's
 * ownership from the submitter to the completion; the shim's one task is both.
 */
static inline void kiocb_start_write(struct kiocb *iocb)
{
	sb_start_write(file_inode(iocb->ki_filp)->i_sb);
}

static inline void kiocb_end_write(struct kiocb *iocb)
{
	sb_end_write(file_inode(iocb->ki_filp)->i_sb);
}

/* character device numbers (shim/lib/char_dev.c) */
#define CHRDEV_MAJOR_MAX		512
#define CHRDEV_MAJOR_DYN_END		234
#define CHRDEV_MAJOR_DYN_EXT_START	511
#define CHRDEV_MAJOR_DYN_EXT_END	384

int register_chrdev_region(dev_t from, unsigned int count, const char *name);
int alloc_chrdev_region(dev_t *dev, unsigned int baseminor, unsigned int count,
			const char *name);
void unregister_chrdev_region(dev_t from, unsigned int count);
int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
		      const char *name, const struct file_operations *fops);
void __unregister_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
			 const char *name);

static inline int register_chrdev(unsigned int major, const char *name,
				  const struct file_operations *fops)
{
	return __register_chrdev(major, 0, 256, name, fops);
}

static inline void unregister_chrdev(unsigned int major, const char *name)
{
	__unregister_chrdev(major, 0, 256, name);
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/linkage.h>
#include <linux/cache.h>
#include <linux/xarray.h>
#include <linux/rbtree.h>
#include <linux/init.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/atomic.h>
#include <linux/lockdep.h>
#include <linux/workqueue.h>
#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/slab.h>
#include <asm/byteorder.h>
#include <linux/seqlock.h>
#include <linux/err.h>
#include <linux/kconfig.h>
#include <linux/notifier.h>
#endif
