// SPDX-License-Identifier: GPL-2.0
/*
 * libfs.c - the simple file helpers (the kernel's fs/libfs.c): one-number
 * attribute files (DEFINE_SIMPLE_ATTRIBUTE(), debugfs's), transaction
 * files, simple_open(), noop_fsync().
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/sprintf.h>

int simple_open(struct inode *inode, struct file *file)
{
	if (inode->i_private)
		file->private_data = inode->i_private;
	return 0;
}

int noop_fsync(struct file *file, loff_t start, loff_t end, int datasync)
{
	return 0;
}

ssize_t generic_read_dir(struct file *filp, char __user *buf, size_t siz, loff_t *ppos)
{
	return -EISDIR;
}

int generic_file_open(struct inode *inode, struct file *filp)
{
	if (!(filp->f_flags & O_LARGEFILE) && i_size_read(inode) > MAX_NON_LFS)
		return -EOVERFLOW;
	return 0;
}

/* an open simple attribute file: the text last read, and what was written */
struct simple_attr {
	int (*get)(void *data, u64 *val);
	int (*set)(void *data, u64 val);
	char get_buf[24];
	char set_buf[24];
	void *data;
	const char *fmt;
	struct mutex mutex;
};

int simple_attr_open(struct inode *inode, struct file *file, int (*get)(void *, u64 *),
		     int (*set)(void *, u64), const char *fmt)
{
	struct simple_attr *attr = kzalloc(sizeof(*attr), GFP_KERNEL);

	if (!attr)
		return -ENOMEM;
	attr->get = get;
	attr->set = set;
	attr->data = inode->i_private;
	attr->fmt = fmt;
	mutex_init(&attr->mutex);
	file->private_data = attr;
	return nonseekable_open(inode, file);
}

int simple_attr_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

/*
 * The value is read once, at offset 0; a read further on continues the
 * same text, so a value cannot change in the middle of one read(2) series.
 */
ssize_t simple_attr_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct simple_attr *attr = file->private_data;
	size_t size;
	ssize_t ret;

	if (!attr->get)
		return -EACCES;
	ret = mutex_lock_interruptible(&attr->mutex);
	if (ret)
		return ret;
	if (*ppos && attr->get_buf[0]) {
		size = strlen(attr->get_buf);
	} else {
		u64 val;

		ret = attr->get(attr->data, &val);
		if (ret)
			goto out;
		size = scnprintf(attr->get_buf, sizeof(attr->get_buf), attr->fmt,
				 (unsigned long long)val);
	}
	ret = simple_read_from_buffer(buf, len, ppos, attr->get_buf, size);
out:
	mutex_unlock(&attr->mutex);
	return ret;
}

static ssize_t simple_attr_write_xsigned(struct file *file, const char __user *buf,
					 size_t len, loff_t *ppos, bool is_signed)
{
	struct simple_attr *attr = file->private_data;
	unsigned long long val;
	size_t size;
	ssize_t ret;

	if (!attr->set)
		return -EACCES;
	ret = mutex_lock_interruptible(&attr->mutex);
	if (ret)
		return ret;
	ret = -EFAULT;
	size = min(sizeof(attr->set_buf) - 1, len);
	if (copy_from_user(attr->set_buf, buf, size))
		goto out;
	attr->set_buf[size] = '\0';
	if (is_signed)
		ret = kstrtoll(attr->set_buf, 0, (long long *)&val);
	else
		ret = kstrtoull(attr->set_buf, 0, &val);
	if (ret)
		goto out;
	ret = attr->set(attr->data, val);
	if (ret == 0)
		ret = len;	/* the whole write is taken, as the kernel does */
out:
	mutex_unlock(&attr->mutex);
	return ret;
}

ssize_t simple_attr_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	return simple_attr_write_xsigned(file, buf, len, ppos, false);
}

ssize_t simple_attr_write_signed(struct file *file, const char __user *buf, size_t len,
				 loff_t *ppos)
{
	return simple_attr_write_xsigned(file, buf, len, ppos, true);
}

static DEFINE_SPINLOCK(simple_transaction_lock);

/* the request written (one write per open), in a page the answer reuses */
char *simple_transaction_get(struct file *file, const char __user *buf, size_t size)
{
	struct simple_transaction_argresp *ar;

	if (size > SIMPLE_TRANSACTION_LIMIT - 1)
		return ERR_PTR(-EFBIG);
	ar = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!ar)
		return ERR_PTR(-ENOMEM);
	spin_lock(&simple_transaction_lock);
	if (file->private_data) {
		spin_unlock(&simple_transaction_lock);
		kfree(ar);
		return ERR_PTR(-EBUSY);
	}
	file->private_data = ar;
	spin_unlock(&simple_transaction_lock);
	if (copy_from_user(ar->data, buf, size))
		return ERR_PTR(-EFAULT);
	return ar->data;
}

void simple_transaction_set(struct file *file, size_t n)
{
	struct simple_transaction_argresp *ar = file->private_data;

	BUG_ON(n > SIMPLE_TRANSACTION_LIMIT);
	ar->size = n;
}

ssize_t simple_transaction_read(struct file *file, char __user *buf, size_t size, loff_t *pos)
{
	struct simple_transaction_argresp *ar = file->private_data;

	if (!ar)
		return 0;
	return simple_read_from_buffer(buf, size, pos, ar->data, ar->size);
}

int simple_transaction_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

/*
 * The last block's byte offset must fit a sector_t counted in 512-byte
 * sectors and its page a pgoff_t (both 64 bits here). 6.12 lets a block be
 * larger than a page (the page index is then that of the last byte).
 */
int generic_check_addressable(unsigned int blocksize_bits, u64 num_blocks)
{
	u64 last_fs_block = num_blocks - 1;
	u64 last_fs_page;

	if (unlikely(num_blocks == 0))
		return 0;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	if (blocksize_bits < 9 || blocksize_bits > PAGE_SHIFT)
		return -EINVAL;
	last_fs_page = last_fs_block >> (PAGE_SHIFT - blocksize_bits);
#else
	{
		u64 max_bytes;

		if (check_shl_overflow(num_blocks, blocksize_bits, &max_bytes))
			return -EFBIG;
		last_fs_page = (max_bytes >> PAGE_SHIFT) - 1;
	}
	if (blocksize_bits < 9)
		return -EINVAL;
#endif
	if (last_fs_block > (sector_t)(~0ULL) >> (blocksize_bits - 9) ||
	    last_fs_page > (unsigned long)(~0ULL))	/* pgoff_t */
		return -EFBIG;
	return 0;
}

/* ->free_link(): the body ->get_link() allocated */
void kfree_link(void *p)
{
	kfree(p);
}

/* ->direct_IO() of a file system that opens with O_DIRECT but never does it */
ssize_t noop_direct_IO(struct kiocb *iocb, struct iov_iter *iter)
{
	return -EINVAL;
}

/* ->d_delete(): no dentry is kept once unused */
int always_delete_dentry(const struct dentry *dentry)
{
	return 1;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
/* ->setlease() of a file system that grants no leases */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int simple_nosetlease(struct file *filp, long arg, struct file_lock **flp, void **priv)
#else
int simple_nosetlease(struct file *filp, int arg, struct file_lease **flp, void **priv)
#endif
{
	return -EINVAL;
}
#endif

/* ->get_link() of a symlink whose target the inode keeps */
const char *simple_get_link(struct dentry *dentry, struct inode *inode,
			    struct delayed_call *done)
{
	return inode->i_link;
}

const struct inode_operations simple_symlink_inode_operations = {
	.get_link = simple_get_link,
};

/*
 * A libfs directory: looking names up and reading it need dentries, which
 * the shim does not have (simple_lookup() stops the call).
 */
const struct inode_operations simple_dir_inode_operations = {
	.lookup = simple_lookup,
};

const struct file_operations simple_dir_operations = {
	.read	= generic_read_dir,
	.fsync	= noop_fsync,
};

const struct address_space_operations empty_aops = {
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct timespec64 simple_inode_init_ts(struct inode *inode)
{
	struct timespec64 ts = inode_set_ctime_current(inode);

	inode_set_atime_to_ts(inode, ts);
	inode_set_mtime_to_ts(inode, ts);
	return ts;
}
#endif
