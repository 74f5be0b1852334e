// SPDX-License-Identifier: GPL-2.0
/*
 * bad_inode.c - an inode a file system could not read (fs/bad_inode.c):
 * unhashed, a regular file as far as the VFS can tell, its times now,
 * every operation failing with -EIO (the shim's VFS finds no operation
 * in its inode_operations, and its open fails).
 */
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/fs.h>
#include <linux/version.h>

static int bad_file_open(struct inode *inode, struct file *filp)
{
	return -EIO;
}

static const struct file_operations bad_file_ops = {
	.open = bad_file_open,
};

static const struct inode_operations bad_inode_ops;

void make_bad_inode(struct inode *inode)
{
	struct timespec64 now;

	remove_inode_hash(inode);
	inode->i_mode = S_IFREG;
	now = current_time(inode);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	inode->i_atime = now;
	inode->i_mtime = now;
	inode->i_ctime = now;
#else
	inode_set_atime_to_ts(inode, now);
	inode_set_mtime_to_ts(inode, now);
	inode_set_ctime_to_ts(inode, now);
#endif
	inode->i_op = &bad_inode_ops;
	inode->i_opflags &= ~IOP_XATTR;
	inode->i_fop = &bad_file_ops;
}
EXPORT_SYMBOL(make_bad_inode);

bool is_bad_inode(struct inode *inode)
{
	return inode->i_op == &bad_inode_ops;
}
EXPORT_SYMBOL(is_bad_inode);
