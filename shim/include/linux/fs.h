/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The file side of character devices: struct file and file_operations with
 * the kernel's signatures, noop_llseek, simple_read_from_buffer. Only the
 * members a device driver's handlers use are here.
 */
#ifndef _LINUX_FS_H
#define _LINUX_FS_H

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct module;
struct inode;
struct poll_table_struct;

struct file {
	loff_t f_pos;
	unsigned int f_flags;
	void *private_data;
};

struct file_operations {
	struct module *owner;
	loff_t (*llseek)(struct file *file, loff_t offset, int whence);
	ssize_t (*read)(struct file *file, char __user *buf, size_t count, loff_t *ppos);
	ssize_t (*write)(struct file *file, const char __user *buf, size_t count,
			 loff_t *ppos);
	__poll_t (*poll)(struct file *file, struct poll_table_struct *wait);
	long (*unlocked_ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
	int (*open)(struct inode *inode, struct file *file);
	int (*release)(struct inode *inode, struct file *file);
};

/* A device without a file position: seeking succeeds and changes nothing. */
static inline loff_t noop_llseek(struct file *file, loff_t offset, int whence)
{
	return file->f_pos;
}

/*
 * Copy from the kernel buffer from[0..available) at *ppos to the user
 * buffer: returns the bytes copied (0 at or past the end) and advances
 * *ppos, or -EFAULT when nothing could be copied, as the kernel's does.
 */
static inline ssize_t simple_read_from_buffer(void __user *to, size_t count, loff_t *ppos,
					      const void *from, size_t available)
{
	loff_t pos = *ppos;
	size_t left;

	if (pos < 0)
		return -EINVAL;
	if (pos >= available || !count)
		return 0;
	if (count > available - pos)
		count = available - pos;
	left = copy_to_user(to, (const char *)from + pos, count);
	if (left == count)
		return -EFAULT;
	count -= left;
	*ppos = pos + count;
	return count;
}

#endif
