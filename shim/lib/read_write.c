// SPDX-License-Identifier: GPL-2.0
/*
 * read_write.c - file positions and the kernel's own reads and writes (the
 * kernel's fs/read_write.c). default_llseek() is in fs.c.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/overflow.h>
#include <linux/uio.h>

/* may the position go negative (/dev/mem and the like)? */
static bool unsigned_offsets(struct file *file)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	return file->f_mode & FMODE_UNSIGNED_OFFSET;
#else
	return file->f_op && (file->f_op->fop_flags & FOP_UNSIGNED_OFFSET);
#endif
}

loff_t vfs_setpos(struct file *file, loff_t offset, loff_t maxsize)
{
	if (offset < 0 && !unsigned_offsets(file))
		return -EINVAL;
	if (offset > maxsize)
		return -EINVAL;
	if (offset != file->f_pos) {
		file->f_pos = offset;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
		file->f_version = 0;
#endif
	}
	return offset;
}

/*
 * SEEK_SET, SEEK_CUR, SEEK_END relative to eof, and SEEK_DATA/SEEK_HOLE
 * of a file without holes: data everywhere before eof, one hole at eof.
 */
loff_t generic_file_llseek_size(struct file *file, loff_t offset, int whence,
				loff_t maxsize, loff_t eof)
{
	switch (whence) {
	case SEEK_END:
		offset += eof;
		break;
	case SEEK_CUR:
		/* a position query changes nothing */
		if (offset == 0)
			return file->f_pos;
		offset += file->f_pos;
		break;
	case SEEK_DATA:
		if ((unsigned long long)offset >= eof)
			return -ENXIO;
		break;
	case SEEK_HOLE:
		if ((unsigned long long)offset >= eof)
			return -ENXIO;
		offset = eof;
		break;
	}
	/* any other whence is taken as SEEK_SET: lseek(2) refused it before */
	return vfs_setpos(file, offset, maxsize);
}

/* the shim's inodes have no super block: the largest size is MAX_LFS_FILESIZE */
loff_t generic_file_llseek(struct file *file, loff_t offset, int whence)
{
	struct inode *inode = file_inode(file);
	loff_t maxbytes = inode->i_sb ? inode->i_sb->s_maxbytes : MAX_LFS_FILESIZE;

	return generic_file_llseek_size(file, offset, whence, maxbytes, i_size_read(inode));
}

loff_t fixed_size_llseek(struct file *file, loff_t offset, int whence, loff_t size)
{
	switch (whence) {
	case SEEK_SET:
	case SEEK_CUR:
	case SEEK_END:
		return generic_file_llseek_size(file, offset, whence, size, size);
	default:
		return -EINVAL;
	}
}

loff_t no_seek_end_llseek(struct file *file, loff_t offset, int whence)
{
	switch (whence) {
	case SEEK_SET:
	case SEEK_CUR:
		return generic_file_llseek_size(file, offset, whence, OFFSET_MAX, 0);
	default:
		return -EINVAL;
	}
}

loff_t no_seek_end_llseek_size(struct file *file, loff_t offset, int whence, loff_t size)
{
	switch (whence) {
	case SEEK_SET:
	case SEEK_CUR:
		return generic_file_llseek_size(file, offset, whence, size, 0);
	default:
		return -EINVAL;
	}
}

/* a file opened without a position (nonseekable_open()) is -ESPIPE */
loff_t vfs_llseek(struct file *file, loff_t offset, int whence)
{
	if (!(file->f_mode & FMODE_LSEEK) || !file->f_op || !file->f_op->llseek)
		return -ESPIPE;
	return file->f_op->llseek(file, offset, whence);
}

/* count and the range [*ppos, *ppos + count) a read or write may use */
int rw_verify_area(int read_write, struct file *file, const loff_t *ppos, size_t count)
{
	loff_t pos, end;

	if (unlikely((ssize_t)count < 0))
		return -EINVAL;
	if (!ppos)
		return 0;
	pos = *ppos;
	if (unlikely(pos < 0)) {
		if (!unsigned_offsets(file))
			return -EINVAL;
		if (count >= -pos)
			return -EOVERFLOW;
	} else if (unlikely(check_add_overflow(pos, (loff_t)count, &end))) {
		if (!unsigned_offsets(file))
			return -EINVAL;
	}
	return 0;
}

/*
 * The kernel's reads go through read_iter, which the shim has no iov_iter
 * for: the file's read handler gets the kernel buffer as its user buffer
 * (one address space, see linux/uaccess.h).
 */
ssize_t kernel_read(struct file *file, void *buf, size_t count, loff_t *pos)
{
	int ret = rw_verify_area(READ, file, pos, count);

	if (ret)
		return ret;
	if (!(file->f_mode & FMODE_READ))
		return -EBADF;
	if (!(file->f_mode & FMODE_CAN_READ) || !file->f_op->read)
		return -EINVAL;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	return file->f_op->read(file, (char __user *)buf, count, pos ? pos : &file->f_pos);
}

ssize_t __kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos)
{
	if (!(file->f_mode & FMODE_WRITE))
		return -EBADF;
	if (!(file->f_mode & FMODE_CAN_WRITE) || !file->f_op->write)
		return -EINVAL;
	if (count > MAX_RW_COUNT)
		count = MAX_RW_COUNT;
	return file->f_op->write(file, (const char __user *)buf, count,
				 pos ? pos : &file->f_pos);
}

ssize_t kernel_write(struct file *file, const void *buf, size_t count, loff_t *pos)
{
	int ret = rw_verify_area(WRITE, file, pos, count);

	return ret ? ret : __kernel_write(file, buf, count, pos);
}

/* a read-only file of the page cache (its reads stop: no page cache here) */
const struct file_operations generic_ro_fops = {
	.llseek		= generic_file_llseek,
	.read_iter	= generic_file_read_iter,
};

/*
 * The largest position a write may reach: the super block's, or
 * MAX_LFS_FILESIZE for the shim's inodes without one; 2 GiB - 1 without
 * O_LARGEFILE. No RLIMIT_FSIZE: the shim's task has none (RLIM_INFINITY).
 */
int generic_write_check_limits(struct file *file, loff_t pos, loff_t *count)
{
	struct inode *inode = file->f_mapping->host;
	loff_t max_size = inode->i_sb ? inode->i_sb->s_maxbytes : MAX_LFS_FILESIZE;

	if (!(file->f_flags & O_LARGEFILE))
		max_size = MAX_NON_LFS;
	if (unlikely(pos >= max_size))
		return -EFBIG;
	*count = min(*count, max_size - pos);
	return 0;
}

int generic_write_checks_count(struct kiocb *iocb, loff_t *count)
{
	struct file *file = iocb->ki_filp;
	struct inode *inode = file->f_mapping->host;
	bool buffered_nowait;

	if (IS_SWAPFILE(inode))
		return -ETXTBSY;
	if (!*count)
		return 0;
	if (iocb->ki_flags & IOCB_APPEND)
		iocb->ki_pos = i_size_read(inode);
	/* a non-blocking write must be direct, or the file able to buffer one */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	buffered_nowait = file->f_mode & FMODE_BUF_WASYNC;
#else
	buffered_nowait = file->f_op->fop_flags & FOP_BUFFER_WASYNC;
#endif
	if ((iocb->ki_flags & IOCB_NOWAIT) && !((iocb->ki_flags & IOCB_DIRECT) || buffered_nowait))
		return -EINVAL;
	return generic_write_check_limits(file, iocb->ki_pos, count);
}

/* the count the write may go on with, the iterator cut to it */
ssize_t generic_write_checks(struct kiocb *iocb, struct iov_iter *from)
{
	loff_t count = iov_iter_count(from);
	int ret = generic_write_checks_count(iocb, &count);

	if (ret)
		return ret;
	iov_iter_truncate(from, count);
	return iov_iter_count(from);
}

/* a synchronous request on the file, at *ppos (0 without one), which moves on */
static ssize_t iter_rw(struct file *file, struct iov_iter *iter, loff_t *ppos, int type,
		       rwf_t flags)
{
	struct kiocb kiocb;
	ssize_t ret;

	init_sync_kiocb(&kiocb, file);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	ret = kiocb_set_rw_flags(&kiocb, flags);
#else
	ret = kiocb_set_rw_flags(&kiocb, flags, type);
#endif
	if (ret)
		return ret;
	kiocb.ki_pos = ppos ? *ppos : 0;
	if (type == READ)
		ret = file->f_op->read_iter(&kiocb, iter);
	else
		ret = file->f_op->write_iter(&kiocb, iter);
	/* synchronous: the handler may not leave it queued */
	BUG_ON(ret == -EIOCBQUEUED);
	if (ppos)
		*ppos = kiocb.ki_pos;
	return ret;
}

/* the checks of a read or write: the handler, the mode, the range */
static ssize_t iter_check(struct file *file, int type, const loff_t *ppos, size_t len)
{
	if (type == READ) {
		if (!file->f_op->read_iter)
			return -EINVAL;
		if (!(file->f_mode & FMODE_READ))
			return -EBADF;
		if (!(file->f_mode & FMODE_CAN_READ))
			return -EINVAL;
	} else {
		if (!file->f_op->write_iter)
			return -EINVAL;
		if (!(file->f_mode & FMODE_WRITE))
			return -EBADF;
		if (!(file->f_mode & FMODE_CAN_WRITE))
			return -EINVAL;
	}
	if (!len)
		return 0;
	return rw_verify_area(type, file, ppos, len);
}

ssize_t vfs_iter_read(struct file *file, struct iov_iter *iter, loff_t *ppos, rwf_t flags)
{
	size_t len = iov_iter_count(iter);
	ssize_t ret = iter_check(file, READ, ppos, len);

	if (ret || !len)
		return ret;
	return iter_rw(file, iter, ppos, READ, flags);
}

ssize_t vfs_iter_write(struct file *file, struct iov_iter *iter, loff_t *ppos, rwf_t flags)
{
	size_t len = iov_iter_count(iter);
	ssize_t ret = iter_check(file, WRITE, ppos, len);

	if (ret || !len)
		return ret;
	return iter_rw(file, iter, ppos, WRITE, flags);
}

/* the caller's own kiocb, at its ki_pos */
ssize_t vfs_iocb_iter_read(struct file *file, struct kiocb *iocb, struct iov_iter *iter)
{
	size_t len = iov_iter_count(iter);
	ssize_t ret = iter_check(file, READ, &iocb->ki_pos, len);

	if (ret || !len)
		return ret;
	return file->f_op->read_iter(iocb, iter);
}

ssize_t vfs_iocb_iter_write(struct file *file, struct kiocb *iocb, struct iov_iter *iter)
{
	size_t len = iov_iter_count(iter);
	ssize_t ret = iter_check(file, WRITE, &iocb->ki_pos, len);

	if (ret || !len)
		return ret;
	return file->f_op->write_iter(iocb, iter);
}
