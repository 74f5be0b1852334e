// SPDX-License-Identifier: GPL-2.0
/*
 * attr.c - whether an inode may take a new size (the kernel's fs/attr.c).
 * The shim's task has no RLIMIT_FSIZE (RLIM_INFINITY); an inode without a
 * super block may grow to MAX_LFS_FILESIZE.
 */
#include <linux/errno.h>
#include <linux/fs.h>

int inode_newsize_ok(const struct inode *inode, loff_t offset)
{
	loff_t max_size = inode->i_sb ? inode->i_sb->s_maxbytes : MAX_LFS_FILESIZE;

	if (offset < 0)
		return -EINVAL;
	if (inode->i_size < offset) {
		if (offset > max_size)
			return -EFBIG;
	} else if (IS_SWAPFILE(inode)) {
		/* a swap file's blocks stay where swap put them */
		return -ETXTBSY;
	}
	return 0;
}
