// SPDX-License-Identifier: GPL-2.0
/*
 * super.c - super blocks (the kernel's fs/super.c, fs/sync.c): user space
 * has no mounted file systems, so these are declared, not modelled.
 */
#include <linux/fs.h>
#include <qdk/unmodelled.h>

void kill_anon_super(struct super_block *sb)
{
	QDK_UNMODELLED(kill_anon_super, "user space has no super blocks");
}

void kill_litter_super(struct super_block *sb)
{
	QDK_UNMODELLED(kill_litter_super, "user space has no super blocks");
}

void deactivate_super(struct super_block *sb)
{
	QDK_UNMODELLED(deactivate_super, "user space has no super blocks");
}

int sync_filesystem(struct super_block *sb)
{
	QDK_UNMODELLED(sync_filesystem, "user space has no file systems");
}

int vfs_fsync_range(struct file *file, loff_t start, loff_t end, int datasync)
{
	QDK_UNMODELLED(vfs_fsync_range, "user space has no file systems");
}

/* fs/libfs.c's mount and dentry helpers */
int simple_pin_fs(struct file_system_type *type, struct vfsmount **mount, int *count)
{
	QDK_UNMODELLED(simple_pin_fs, "user space has no mounts");
}

void simple_release_fs(struct vfsmount **mount, int *count)
{
	QDK_UNMODELLED(simple_release_fs, "user space has no mounts");
}

int simple_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	QDK_UNMODELLED(simple_statfs, "user space has no super blocks");
}

int simple_unlink(struct inode *dir, struct dentry *dentry)
{
	QDK_UNMODELLED(simple_unlink, "user space has no dentries");
}

int simple_rmdir(struct inode *dir, struct dentry *dentry)
{
	QDK_UNMODELLED(simple_rmdir, "user space has no dentries");
}

struct dentry *simple_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags)
{
	QDK_UNMODELLED(simple_lookup, "user space has no dentries");
}

int simple_empty(struct dentry *dentry)
{
	QDK_UNMODELLED(simple_empty, "user space has no dentries");
}

struct inode *alloc_anon_inode(struct super_block *sb)
{
	QDK_UNMODELLED(alloc_anon_inode, "user space has no super blocks");
}

/* fs/dcache.c, fs/d_path.c */
struct dentry *d_alloc_name(struct dentry *parent, const char *name)
{
	QDK_UNMODELLED(d_alloc_name, "user space has no dentries");
}

char *file_path(struct file *file, char *buf, int buflen)
{
	QDK_UNMODELLED(file_path, "user space has no dentries or mounts");
}

/* mm/filemap.c: the page cache */
ssize_t generic_file_read_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	QDK_UNMODELLED(generic_file_read_iter, "user space has no page cache");
}

ssize_t generic_file_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	QDK_UNMODELLED(generic_file_write_iter, "user space has no page cache");
}

ssize_t filemap_read(struct kiocb *iocb, struct iov_iter *to, ssize_t already_read)
{
	QDK_UNMODELLED(filemap_read, "user space has no page cache");
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
/* block/bdev.c: the block devices' super block; the shim has no block devices */
struct super_block *blockdev_superblock;
#endif
