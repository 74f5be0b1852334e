// SPDX-License-Identifier: GPL-2.0
/*
 * inode.c - an inode's link count and dirty state (the kernel's
 * fs/inode.c, fs/fs-writeback.c). Nothing writes a shim inode back:
 * marking it dirty only records the flags in i_state.
 */
#include <linux/bug.h>
#include <linux/fs.h>
#include <linux/timekeeping.h>
#include <qdk/unmodelled.h>

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

/* inode numbers for pseudo files: never 0, as the kernel's */
unsigned int get_next_ino(void)
{
	static unsigned int last_ino;

	if (unlikely(!++last_ino))
		++last_ino;
	return last_ino;
}

/*
 * Now for a timestamp: the coarse realtime clock, cut to the super block's
 * granularity (the shim's inodes have none: nanoseconds).
 */
struct timespec64 current_time(struct inode *inode)
{
	struct timespec64 now;
	u32 gran = inode->i_sb ? inode->i_sb->s_time_gran : 1;

	ktime_get_coarse_real_ts64(&now);
	if (gran > 1 && gran <= NSEC_PER_SEC)
		now.tv_nsec -= now.tv_nsec % gran;
	return now;
}

int current_umask(void)
{
	return 0022;
}

void iput(struct inode *inode)
{
	QDK_UNMODELLED(iput, "user space has no inode cache");
}

void ihold(struct inode *inode)
{
	QDK_UNMODELLED(ihold, "user space has no inode cache");
}

struct inode *new_inode(struct super_block *sb)
{
	QDK_UNMODELLED(new_inode, "user space has no super blocks");
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
struct inode *iget_locked(struct super_block *sb, unsigned long ino)
#else
struct inode *iget_locked(struct super_block *sb, u64 ino)
#endif
{
	QDK_UNMODELLED(iget_locked, "user space has no inode cache");
}

void unlock_new_inode(struct inode *inode)
{
	QDK_UNMODELLED(unlock_new_inode, "user space has no inode cache");
}

int file_update_time(struct file *file)
{
	QDK_UNMODELLED(file_update_time, "user space has no file systems");
}

int generic_delete_inode(struct inode *inode)
{
	QDK_UNMODELLED(generic_delete_inode, "user space has no inode cache");
}

void make_bad_inode(struct inode *inode)
{
	QDK_UNMODELLED(make_bad_inode, "user space has no file systems");
}

bool is_bad_inode(struct inode *inode)
{
	QDK_UNMODELLED(is_bad_inode, "user space has no file systems");
}
