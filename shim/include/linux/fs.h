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
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/errno.h>
#include <linux/fcntl.h>	/* O_* (uapi) */
#include <linux/kdev_t.h>
#include <linux/list.h>
#include <linux/stat.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <linux/version.h>

struct module;
struct poll_table_struct;
struct cdev;

/* lseek(2)'s whence (uapi linux/fs.h) */
#define SEEK_SET	0
#define SEEK_CUR	1
#define SEEK_END	2

/* f_mode bits */
#define FMODE_READ		((__force fmode_t)0x1)
#define FMODE_WRITE		((__force fmode_t)0x2)
#define FMODE_LSEEK		((__force fmode_t)0x4)
#define FMODE_PREAD		((__force fmode_t)0x8)
#define FMODE_PWRITE		((__force fmode_t)0x10)
#define FMODE_STREAM		((__force fmode_t)0x200000)

struct inode {
	umode_t i_mode;
	dev_t i_rdev;
	loff_t i_size;
	struct cdev *i_cdev;	/* set by the character device open */
	void *i_private;	/* debugfs's data, proc's entry */
};

struct file {
	loff_t f_pos;
	unsigned int f_flags;	/* O_* of open(2) */
	fmode_t f_mode;
	struct inode *f_inode;
	const struct file_operations *f_op;
	void *private_data;
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
	int (*flush)(struct file *file, void *id);
	int (*release)(struct inode *inode, struct file *file);
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
#endif
