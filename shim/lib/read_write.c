// SPDX-License-Identifier: GPL-2.0
/*
 * read_write.c - file positions and the kernel's own reads and writes (the
 * kernel's fs/read_write.c). default_llseek() is in fs.c.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/overflow.h>

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
