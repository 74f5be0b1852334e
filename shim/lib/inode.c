// SPDX-License-Identifier: GPL-2.0
/*
 * inode.c - an inode's link count and dirty state (the kernel's
 * fs/inode.c, fs/fs-writeback.c). Nothing writes a shim inode back:
 * marking it dirty only records the flags in i_state.
 */
#include <linux/bug.h>
#include <linux/fs.h>

void clear_nlink(struct inode *inode)
{
	if (inode->i_nlink)
		inode->__i_nlink = 0;
}

void set_nlink(struct inode *inode, unsigned int nlink)
{
	if (!nlink)
		clear_nlink(inode);
	else
		inode->__i_nlink = nlink;
}

void inc_nlink(struct inode *inode)
{
	inode->__i_nlink++;
}

/* dropping a link the inode does not have is a file system's bug */
void drop_nlink(struct inode *inode)
{
	WARN_ON(inode->i_nlink == 0);
	inode->__i_nlink--;
}

void __mark_inode_dirty(struct inode *inode, int flags)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	inode->i_state |= flags;
#else
	inode->i_state.__state |= flags;
#endif
}
