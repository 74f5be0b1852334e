// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_fslock.c - read-write semaphores (linux/rwsem.h) and the locks of
 * linux/fs.h built on them: inode_lock() and kin, a mapping's invalidate
 * and i_mmap locks, two inodes or mappings in address order, and the
 * direct I/O count; fs.h's read, write and inode helpers that compute;
 * seq_read_iter(); debugfs and proc symbolic links.
 */
#include <linux/debugfs.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/proc_fs.h>
#include <linux/rwsem.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uio.h>
#include <linux/version.h>

#include "ktest.h"
#include "../api/qdk_api.h"

static DECLARE_RWSEM(test_sem);

KTEST(rwsem, readers_nest_writer_excludes)
{
	struct rw_semaphore sem;

	init_rwsem(&sem);
	KT_ASSERT(!rwsem_is_locked(&sem), "free at init");
	KT_ASSERT(!lockdep_is_held(&sem), "not held");
	down_read(&sem);
	down_read(&sem);
	KT_EQ(atomic_long_read(&sem.count), 2 << 8);	/* two readers, the kernel's bias */
	KT_ASSERT(rwsem_is_locked(&sem), "read-held");
	KT_ASSERT(lockdep_is_held(&sem), "lockdep sees it");
	/* a writer would wait for the readers */
	KT_EQ(down_write_trylock(&sem), 0);
	KT_EQ(down_write_killable(&sem), -EINTR);
	KT_EQ(down_read_trylock(&sem), 1);
	up_read(&sem);
	up_read(&sem);
	up_read(&sem);
	KT_ASSERT(!rwsem_is_locked(&sem), "free again");

	down_write(&sem);
	KT_EQ(atomic_long_read(&sem.count), RWSEM_WRITER_LOCKED);
	rwsem_assert_held_write(&sem);
	/* readers wait for a writer */
	KT_EQ(down_read_trylock(&sem), 0);
	KT_EQ(down_read_killable(&sem), -EINTR);
	KT_EQ(down_read_interruptible(&sem), -EINTR);
	KT_EQ(down_write_trylock(&sem), 0);
	/* the writer becomes a reader: other readers may come, no writer */
	downgrade_write(&sem);
	KT_EQ(atomic_long_read(&sem.count), 1 << 8);
	KT_EQ(down_read_trylock(&sem), 1);
	KT_EQ(down_write_trylock(&sem), 0);
	up_read(&sem);
	up_read(&sem);
	KT_EQ(down_write_trylock(&sem), 1);
	up_write(&sem);
	KT_ASSERT(!rwsem_is_contended(&sem), "nobody waits");

	KT_ASSERT(!rwsem_is_locked(&test_sem), "static one free");
	down_write_nested(&test_sem, 1);
	KT_ASSERT(rwsem_is_locked(&test_sem), "taken");
	up_write(&test_sem);
	KT_EQ(qdk_warnings(), 0);
	return 0;
}

KTEST(rwsem, guards)
{
	struct rw_semaphore sem;

	init_rwsem(&sem);
	{
		guard(rwsem_read)(&sem);
		KT_EQ(atomic_long_read(&sem.count), 1 << 8);
	}
	KT_ASSERT(!rwsem_is_locked(&sem), "released at scope end");
	scoped_guard(rwsem_write, &sem)
		KT_EQ(atomic_long_read(&sem.count), RWSEM_WRITER_LOCKED);
	KT_ASSERT(!rwsem_is_locked(&sem), "released after the statement");
	return 0;
}

static void test_inode_init(struct inode *inode)
{
	inode_init_once(inode);
	inode->i_mapping = &inode->i_data;
}

KTEST(fs_lock, inode_lock_family)
{
	struct inode inode;

	test_inode_init(&inode);
	KT_ASSERT(!inode_is_locked(&inode), "free");
	inode_lock(&inode);
	KT_ASSERT(inode_is_locked(&inode), "locked");
	KT_EQ(inode_trylock(&inode), 0);
	KT_EQ(inode_trylock_shared(&inode), 0);
	inode_unlock(&inode);
	inode_lock_shared(&inode);
	KT_EQ(inode_trylock_shared(&inode), 1);
	KT_EQ(inode_trylock(&inode), 0);
	inode_unlock_shared(&inode);
	inode_unlock_shared(&inode);
	KT_ASSERT(!inode_is_locked(&inode), "free again");
	inode_lock_nested(&inode, I_MUTEX_PARENT);
	inode_unlock(&inode);
	inode_lock_shared_nested(&inode, I_MUTEX_CHILD);
	inode_unlock_shared(&inode);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(inode_lock_killable(&inode), 0);
	KT_EQ(inode_lock_shared_killable(&inode), -EINTR);
	inode_unlock(&inode);
	KT_EQ(inode_lock_shared_killable(&inode), 0);
	KT_EQ(inode_lock_killable(&inode), -EINTR);
	inode_unlock_shared(&inode);
#endif
	KT_EQ(qdk_warnings(), 0);
	return 0;
}

KTEST(fs_lock, mapping_locks)
{
	struct inode inode;
	struct address_space *m;

	test_inode_init(&inode);
	m = inode.i_mapping;
	filemap_invalidate_lock(m);
	KT_EQ(filemap_invalidate_trylock_shared(m), 0);
	filemap_invalidate_unlock(m);
	filemap_invalidate_lock_shared(m);
	KT_EQ(filemap_invalidate_trylock_shared(m), 1);
	filemap_invalidate_unlock_shared(m);
	filemap_invalidate_unlock_shared(m);
	KT_ASSERT(!rwsem_is_locked(&m->invalidate_lock), "free");

	i_mmap_lock_write(m);
	i_mmap_assert_locked(m);
	i_mmap_assert_write_locked(m);
	KT_EQ(i_mmap_trylock_read(m), 0);
	KT_EQ(i_mmap_trylock_write(m), 0);
	i_mmap_unlock_write(m);
	i_mmap_lock_read(m);
	i_mmap_assert_locked(m);
	KT_EQ(i_mmap_trylock_read(m), 1);
	i_mmap_unlock_read(m);
	i_mmap_unlock_read(m);
	KT_EQ(i_mmap_trylock_write(m), 1);
	i_mmap_unlock_write(m);
	KT_EQ(qdk_warnings(), 0);
	/* asserting a lock not held warns, as lockdep does */
	i_mmap_assert_locked(m);
	KT_EQ(qdk_warnings(), 1);
	return 0;
}

KTEST(fs_lock, two_in_address_order)
{
	struct inode in[2];
	struct inode dir;

	test_inode_init(&in[0]);
	test_inode_init(&in[1]);
	test_inode_init(&dir);
	in[0].i_mode = in[1].i_mode = S_IFREG | 0644;
	dir.i_mode = S_IFDIR | 0755;

	/* either order, both locked, and released */
	lock_two_nondirectories(&in[1], &in[0]);
	KT_ASSERT(inode_is_locked(&in[0]) && inode_is_locked(&in[1]), "both");
	unlock_two_nondirectories(&in[1], &in[0]);
	KT_ASSERT(!inode_is_locked(&in[0]) && !inode_is_locked(&in[1]), "neither");
	/* the same inode twice, or a NULL, is locked once */
	lock_two_nondirectories(&in[0], &in[0]);
	KT_EQ(atomic_long_read(&in[0].i_rwsem.count), RWSEM_WRITER_LOCKED);
	unlock_two_nondirectories(&in[0], &in[0]);
	lock_two_nondirectories(NULL, &in[1]);
	KT_ASSERT(inode_is_locked(&in[1]), "the one given");
	unlock_two_nondirectories(NULL, &in[1]);
	KT_EQ(qdk_warnings(), 0);
	/* a directory: 6.1 leaves it alone, later series warn and lock it */
	lock_two_nondirectories(&dir, &in[0]);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(!inode_is_locked(&dir), "a directory is skipped");
	KT_EQ(qdk_warnings(), 0);
#else
	KT_ASSERT(inode_is_locked(&dir), "locked, with a warning");
	KT_EQ(qdk_warnings(), 1);
#endif
	unlock_two_nondirectories(&dir, &in[0]);
	KT_ASSERT(!inode_is_locked(&dir) && !inode_is_locked(&in[0]), "released");

	filemap_invalidate_lock_two(in[1].i_mapping, in[0].i_mapping);
	KT_ASSERT(rwsem_is_locked(&in[0].i_data.invalidate_lock) &&
		  rwsem_is_locked(&in[1].i_data.invalidate_lock), "both mappings");
	filemap_invalidate_unlock_two(in[1].i_mapping, in[0].i_mapping);
	filemap_invalidate_lock_two(NULL, in[0].i_mapping);
	filemap_invalidate_unlock_two(NULL, in[0].i_mapping);
	KT_ASSERT(!rwsem_is_locked(&in[0].i_data.invalidate_lock) &&
		  !rwsem_is_locked(&in[1].i_data.invalidate_lock), "both free");
	return 0;
}

KTEST(fs_lock, dio_count)
{
	struct inode inode;

	test_inode_init(&inode);
	inode_dio_wait(&inode);		/* nothing in flight: returns at once */
	KT_EQ(qdk_warnings(), 0);
	inode_dio_begin(&inode);
	inode_dio_begin(&inode);
	KT_EQ(atomic_read(&inode.i_dio_count), 2);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(!inode_dio_finished(&inode), "in flight");
	inode_dio_wait_interruptible(&inode);	/* a signal ends the wait */
	KT_EQ(qdk_warnings(), 0);
#endif
	inode_dio_end(&inode);
	inode_dio_end(&inode);
	KT_EQ(atomic_read(&inode.i_dio_count), 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(inode_dio_finished(&inode), "drained");
#endif
	/* in flight, nothing could end the wait: a warning */
	inode_dio_begin(&inode);
	inode_dio_wait(&inode);
	KT_EQ(qdk_warnings(), 1);
	return 0;
}

/* a file of 16 bytes whose read_iter and write_iter copy at ki_pos */
static char iter_data[16] = "0123456789abcdef";
static int iter_calls;

static ssize_t iter_read(struct kiocb *iocb, struct iov_iter *to)
{
	size_t n;

	iter_calls++;
	if (iocb->ki_pos >= (loff_t)sizeof(iter_data))
		return 0;
	n = copy_to_iter(iter_data + iocb->ki_pos, sizeof(iter_data) - iocb->ki_pos, to);
	iocb->ki_pos += n;
	return n;
}

static ssize_t iter_write(struct kiocb *iocb, struct iov_iter *from)
{
	size_t n;

	iter_calls++;
	if (iocb->ki_pos >= (loff_t)sizeof(iter_data))
		return -ENOSPC;
	n = copy_from_iter(iter_data + iocb->ki_pos, sizeof(iter_data) - iocb->ki_pos, from);
	iocb->ki_pos += n;
	return n;
}

static const struct file_operations iter_fops = {
	.read_iter	= iter_read,
	.write_iter	= iter_write,
};

static const struct file_operations no_iter_fops = {
	.llseek		= noop_llseek,
};

static void test_file_init(struct file *file, struct inode *inode, fmode_t mode)
{
	test_inode_init(inode);
	inode->i_mode = S_IFREG | 0644;
	inode->i_data.host = inode;
	memset(file, 0, sizeof(*file));
	file->f_inode = inode;
	file->f_mapping = inode->i_mapping;
	file->f_op = &iter_fops;
	file->f_mode = mode;
}

KTEST(fs_helpers, vfs_iter_read_write)
{
	struct inode inode;
	struct file file;
	char buf[8];
	struct kvec kv = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct iov_iter it;
	struct kiocb kiocb;
	loff_t pos = 10;

	test_file_init(&file, &inode, FMODE_READ | FMODE_CAN_READ | FMODE_WRITE |
		       FMODE_CAN_WRITE);
	iter_calls = 0;
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, sizeof(buf));
	KT_EQ(vfs_iter_read(&file, &it, &pos, 0), 6);
	KT_EQ(pos, 16);
	KT_ASSERT(!memcmp(buf, "abcdef", 6), "the bytes at 10");
	/* an empty request does not reach the handler */
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, 0);
	KT_EQ(vfs_iter_read(&file, &it, &pos, 0), 0);
	KT_EQ(iter_calls, 1);
	/* RWF_NOWAIT on a file that cannot: refused before the handler */
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, sizeof(buf));
	pos = 0;
	KT_EQ(vfs_iter_read(&file, &it, &pos, RWF_NOWAIT), -EOPNOTSUPP);
	/* a negative position: rw_verify_area()'s -EINVAL */
	pos = -1;
	KT_EQ(vfs_iter_read(&file, &it, &pos, 0), -EINVAL);
	KT_EQ(iter_calls, 1);

	memcpy(buf, "WXYZ", 4);
	iov_iter_kvec(&it, ITER_SOURCE, &kv, 1, 4);
	pos = 2;
	KT_EQ(vfs_iter_write(&file, &it, &pos, 0), 4);
	KT_EQ(pos, 6);
	KT_ASSERT(!memcmp(iter_data, "01WXYZ6789", 10), "written at 2");

	/* the caller's kiocb: its position moves, no ppos */
	init_sync_kiocb(&kiocb, &file);
	kiocb.ki_pos = 4;
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, 3);
	KT_EQ(vfs_iocb_iter_read(&file, &kiocb, &it), 3);
	KT_EQ(kiocb.ki_pos, 7);
	KT_ASSERT(!memcmp(buf, "YZ6", 3), "read at 4");
	kiocb.ki_pos = 16;
	iov_iter_kvec(&it, ITER_SOURCE, &kv, 1, 1);
	KT_EQ(vfs_iocb_iter_write(&file, &kiocb, &it), -ENOSPC);

	/* not open for it: -EBADF; no handler: -EINVAL */
	file.f_mode = FMODE_READ | FMODE_CAN_READ;
	iov_iter_kvec(&it, ITER_SOURCE, &kv, 1, 1);
	KT_EQ(vfs_iter_write(&file, &it, &pos, 0), -EBADF);
	KT_EQ(vfs_iocb_iter_write(&file, &kiocb, &it), -EBADF);
	file.f_mode = FMODE_READ;
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, 1);
	KT_EQ(vfs_iter_read(&file, &it, &pos, 0), -EINVAL);
	file.f_op = &no_iter_fops;
	KT_EQ(vfs_iter_read(&file, &it, &pos, 0), -EINVAL);
	KT_EQ(vfs_iocb_iter_read(&file, &kiocb, &it), -EINVAL);
	memcpy(iter_data, "0123456789abcdef", 16);
	return 0;
}

KTEST(fs_helpers, write_checks)
{
	struct inode inode;
	struct file file;
	struct kiocb kiocb;
	char buf[64];
	struct kvec kv = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct iov_iter it;
	loff_t count;

	test_file_init(&file, &inode, FMODE_WRITE | FMODE_CAN_WRITE);
	init_sync_kiocb(&kiocb, &file);
	/* without O_LARGEFILE a file ends at 2 GiB - 1 */
	count = 100;
	KT_EQ(generic_write_check_limits(&file, MAX_NON_LFS - 10, &count), 0);
	KT_EQ(count, 10);
	KT_EQ(generic_write_check_limits(&file, MAX_NON_LFS, &count), -EFBIG);
	file.f_flags = O_LARGEFILE;
	count = 100;
	KT_EQ(generic_write_check_limits(&file, MAX_NON_LFS, &count), 0);
	KT_EQ(count, 100);
	KT_EQ(generic_write_check_limits(&file, MAX_LFS_FILESIZE, &count), -EFBIG);

	/* an append starts at i_size; the iterator is cut to what fits */
	i_size_write(&inode, MAX_LFS_FILESIZE - 5);
	kiocb.ki_flags |= IOCB_APPEND;
	iov_iter_kvec(&it, ITER_SOURCE, &kv, 1, sizeof(buf));
	KT_EQ(generic_write_checks(&kiocb, &it), 5);
	KT_EQ(kiocb.ki_pos, MAX_LFS_FILESIZE - 5);
	KT_EQ(iov_iter_count(&it), 5);
	/* nothing to write: nothing checked, the position untouched */
	kiocb.ki_pos = 0;
	count = 0;
	KT_EQ(generic_write_checks_count(&kiocb, &count), 0);
	KT_EQ(kiocb.ki_pos, 0);
	/* non-blocking needs direct I/O (or a file that can buffer it) */
	kiocb.ki_flags = IOCB_NOWAIT;
	count = 1;
	KT_EQ(generic_write_checks_count(&kiocb, &count), -EINVAL);
	kiocb.ki_flags = IOCB_NOWAIT | IOCB_DIRECT;
	KT_EQ(generic_write_checks_count(&kiocb, &count), 0);
	inode.i_flags |= S_SWAPFILE;
	KT_EQ(generic_write_checks_count(&kiocb, &count), -ETXTBSY);

	/* a sync-less write returns its count */
	kiocb.ki_flags = 0;
	KT_EQ(generic_write_sync(&kiocb, 42), 42);
	return 0;
}

KTEST(fs_helpers, newsize_special_nohighmem)
{
	struct super_block sb = { 0 };
	struct inode inode;

	test_inode_init(&inode);
	inode.i_mode = S_IFREG | 0600;
	i_size_write(&inode, 100);
	KT_EQ(inode_newsize_ok(&inode, -1), -EINVAL);
	KT_EQ(inode_newsize_ok(&inode, 50), 0);
	KT_EQ(inode_newsize_ok(&inode, MAX_LFS_FILESIZE), 0);
	/* a super block's largest size */
	sb.s_maxbytes = 1000;
	inode.i_sb = &sb;
	KT_EQ(inode_newsize_ok(&inode, 1000), 0);
	KT_EQ(inode_newsize_ok(&inode, 1001), -EFBIG);
	inode.i_sb = NULL;
	/* a swap file may grow, not shrink */
	inode.i_flags |= S_SWAPFILE;
	KT_EQ(inode_newsize_ok(&inode, 50), -ETXTBSY);
	KT_EQ(inode_newsize_ok(&inode, 200), 0);

	test_inode_init(&inode);
	init_special_inode(&inode, S_IFCHR | 0600, MKDEV(240, 3));
	KT_EQ(inode.i_mode, S_IFCHR | 0600);
	KT_ASSERT(inode.i_fop == &def_chr_fops, "the cdev's open");
	KT_EQ(imajor(&inode), 240);
	KT_EQ(iminor(&inode), 3);
	test_inode_init(&inode);
	init_special_inode(&inode, S_IFIFO | 0600, MKDEV(1, 1));
	KT_EQ(inode.i_rdev, 0);
	KT_ASSERT(!inode.i_fop, "the shim has no pipes");

	test_inode_init(&inode);
	inode_nohighmem(&inode);
	KT_EQ(inode.i_mapping->gfp_mask, GFP_USER);
	return 0;
}

KTEST(fs_helpers, dir_relax_and_times)
{
	struct inode inode;

	test_inode_init(&inode);
	inode_lock(&inode);
	KT_ASSERT(dir_relax(&inode), "alive");
	KT_ASSERT(inode_is_locked(&inode), "locked again");
	inode.i_flags |= S_DEAD;
	KT_ASSERT(!dir_relax(&inode), "dead meanwhile");
	inode_unlock(&inode);
	inode_lock_shared(&inode);
	KT_ASSERT(!dir_relax_shared(&inode), "dead");
	inode_unlock_shared(&inode);
	KT_ASSERT(!inode_is_locked(&inode), "free");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	{
		struct timespec64 ts = simple_inode_init_ts(&inode);
		struct timespec64 a = inode_get_atime(&inode), m = inode_get_mtime(&inode);
		struct timespec64 c = inode_get_ctime(&inode);

		KT_ASSERT(timespec64_equal(&ts, &a) && timespec64_equal(&ts, &m) &&
			  timespec64_equal(&ts, &c), "all three now");
	}
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	{
		struct file file = { .f_mapping = &inode.i_data };

		inode.i_data.host = &inode;
		KT_ASSERT(!file_is_dax(&file) && !file_is_dax(NULL), "no DAX");
		inode.i_flags |= S_DAX;
		KT_ASSERT(file_is_dax(&file), "DAX inode");
	}
#endif
	return 0;
}

/* three records, "r0\n" .. "r2\n" */
static void *rec_start(struct seq_file *m, loff_t *pos)
{
	return *pos < 3 ? (void *)(unsigned long)(*pos + 1) : NULL;
}

static void *rec_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return rec_start(m, pos);
}

static void rec_stop(struct seq_file *m, void *v)
{
}

static int rec_show(struct seq_file *m, void *v)
{
	seq_printf(m, "r%lu\n", (unsigned long)v - 1);
	return 0;
}

static const struct seq_operations rec_ops = {
	.start = rec_start, .next = rec_next, .stop = rec_stop, .show = rec_show,
};

KTEST(fs_helpers, seq_read_iter)
{
	struct inode inode;
	struct file file;
	struct kiocb kiocb;
	char buf[16];
	struct kvec kv = { .iov_base = buf, .iov_len = sizeof(buf) };
	struct iov_iter it;

	test_file_init(&file, &inode, FMODE_READ | FMODE_CAN_READ);
	KT_EQ(seq_open(&file, &rec_ops), 0);
	init_sync_kiocb(&kiocb, &file);
	/* 4 bytes: the first record and the start of the second, kept buffered */
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, 4);
	KT_EQ(seq_read_iter(&kiocb, &it), 4);
	KT_EQ(kiocb.ki_pos, 4);
	KT_ASSERT(!memcmp(buf, "r0\nr", 4), "first four bytes");
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, sizeof(buf));
	KT_EQ(seq_read_iter(&kiocb, &it), 5);
	KT_ASSERT(!memcmp(buf, "1\nr2\n", 5), "the rest");
	KT_EQ(kiocb.ki_pos, 9);
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, sizeof(buf));
	KT_EQ(seq_read_iter(&kiocb, &it), 0);
	/* at 0 the records start over; elsewhere they are walked to */
	kiocb.ki_pos = 0;
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, sizeof(buf));
	KT_EQ(seq_read_iter(&kiocb, &it), 9);
	kiocb.ki_pos = 6;
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, sizeof(buf));
	KT_EQ(seq_read_iter(&kiocb, &it), 3);
	KT_ASSERT(!memcmp(buf, "r2\n", 3), "from 6");
	/* an empty read reads nothing */
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, 0);
	KT_EQ(seq_read_iter(&kiocb, &it), 0);
	KT_EQ(seq_release(&inode, &file), 0);
	return 0;
}

/* a path's first bytes through the file tree, or its errno */
static long read_path(const char *path, char *buf, size_t len)
{
	struct qdk_file *f;
	long n;
	int err = qdk_file_open(path, O_RDONLY, &f);

	if (err)
		return err;
	n = qdk_file_read(f, buf, len - 1);
	buf[n > 0 ? n : 0] = 0;
	qdk_file_close(f);
	return n;
}

KTEST(fs_helpers, symlinks)
{
	struct dentry *dir, *sub, *l;
	struct proc_dir_entry *pdir, *pl;
	u32 val = 42;
	char buf[32];

	dir = debugfs_create_dir("kt_links", NULL);
	sub = debugfs_create_dir("sub", dir);
	debugfs_create_u32("val", 0444, dir, &val);
	/* relative to the link's directory, with "..", and absolute */
	KT_ASSERT(!IS_ERR(debugfs_create_symlink("rel", dir, "val")), "rel");
	KT_ASSERT(!IS_ERR(debugfs_create_symlink("up", sub, "../val")), "up");
	KT_ASSERT(!IS_ERR(debugfs_create_symlink("abs", sub,
						 "/sys/kernel/debug/kt_links/./val")), "abs");
	KT_ASSERT(!IS_ERR(debugfs_create_symlink("chain", dir, "sub/up")), "chain");
	KT_EQ(read_path("/sys/kernel/debug/kt_links/rel", buf, sizeof(buf)), 3);
	KT_STREQ(buf, "42\n");
	KT_EQ(read_path("/sys/kernel/debug/kt_links/sub/up", buf, sizeof(buf)), 3);
	KT_EQ(read_path("/sys/kernel/debug/kt_links/sub/abs", buf, sizeof(buf)), 3);
	KT_EQ(read_path("/sys/kernel/debug/kt_links/chain", buf, sizeof(buf)), 3);
	KT_STREQ(buf, "42\n");
	/* a dangling link, a loop */
	debugfs_create_symlink("none", dir, "missing");
	KT_EQ(read_path("/sys/kernel/debug/kt_links/none", buf, sizeof(buf)), -ENOENT);
	debugfs_create_symlink("a", dir, "b");
	l = debugfs_create_symlink("b", dir, "a");
	KT_EQ(read_path("/sys/kernel/debug/kt_links/a", buf, sizeof(buf)), -ELOOP);
	/* the same name twice, a target too long */
	KT_EQ(PTR_ERR(debugfs_create_symlink("b", dir, "x")), -EEXIST);
	{
		char longname[200];

		memset(longname, 'x', sizeof(longname) - 1);
		longname[sizeof(longname) - 1] = 0;
		KT_EQ(PTR_ERR(debugfs_create_symlink("long", dir, longname)), -ENAMETOOLONG);
		KT_ASSERT(!proc_symlink("long", NULL, longname), "proc: too long");
	}
	debugfs_remove(l);
	KT_EQ(read_path("/sys/kernel/debug/kt_links/a", buf, sizeof(buf)), -ENOENT);
	debugfs_remove(dir);

	pdir = proc_mkdir("kt_links", NULL);
	pl = proc_symlink("dbg", pdir, "/sys/kernel/debug/kt_val");
	KT_ASSERT(pl, "proc link");
	debugfs_create_u32("kt_val", 0444, NULL, &val);
	val = 7;
	KT_EQ(read_path("/proc/kt_links/dbg", buf, sizeof(buf)), 2);
	KT_STREQ(buf, "7\n");
	proc_remove(pdir);
	KT_EQ(read_path("/proc/kt_links/dbg", buf, sizeof(buf)), -ENOENT);
	debugfs_lookup_and_remove("kt_val", NULL);
	return 0;
}

KTEST(fs_helpers, getname)
{
	static char longname[PATH_MAX + 1];
	struct filename *n;

	n = getname((const char __user *)"/dev/x");
	KT_ASSERT(!IS_ERR(n), "copied");
	KT_STREQ(n->name, "/dev/x");
	KT_ASSERT(n->name == n->iname, "in its own buffer");
	putname(n);
	/* empty: -ENOENT, unless allowed */
	KT_EQ(PTR_ERR(getname((const char __user *)"")), -ENOENT);
	n = getname_uflags((const char __user *)"", AT_EMPTY_PATH);
	KT_ASSERT(!IS_ERR(n) && !n->name[0], "an empty name");
	putname(n);
	KT_EQ(PTR_ERR(getname_uflags((const char __user *)"", 0)), -ENOENT);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	{
		int empty = 0;

		KT_EQ(PTR_ERR(getname_flags((const char __user *)"", 0, &empty)), -ENOENT);
		KT_EQ(empty, 1);
	}
#endif
	/* a long name gets a buffer of its own; PATH_MAX bytes with the NUL is too long */
	memset(longname, 'a', PATH_MAX - 1);
	n = getname((const char __user *)longname);
	KT_ASSERT(!IS_ERR(n), "PATH_MAX - 1 bytes fit");
	KT_EQ(strlen(n->name), PATH_MAX - 1);
	KT_ASSERT(n->name != n->iname, "its own buffer");
	putname(n);
	longname[PATH_MAX - 1] = 'a';
	KT_EQ(PTR_ERR(getname((const char __user *)longname)), -ENAMETOOLONG);
	/* user memory that faults before the NUL */
	strscpy(longname, "abcdef", sizeof(longname));
	qdk_user_fault_at(longname + 3);
	KT_EQ(PTR_ERR(getname((const char __user *)longname)), -EFAULT);
	qdk_user_fault_at(NULL);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
	{
		struct delayed_filename d;
		struct filename *shared;

		/* NULL and empty names are NULL with AT_EMPTY_PATH */
		KT_ASSERT(!getname_maybe_null(NULL, AT_EMPTY_PATH), "NULL");
		KT_ASSERT(!getname_maybe_null((const char __user *)"", AT_EMPTY_PATH), "empty");
		KT_EQ(PTR_ERR(getname_maybe_null((const char __user *)"", 0)), -ENOENT);
		{
			CLASS(filename_maybe_null, m)((const char __user *)"x", AT_EMPTY_PATH);

			KT_STREQ(m->name, "x");
		}
		{
			CLASS(filename_kernel, k)("kname");

			KT_STREQ(k->name, "kname");
		}
		INIT_DELAYED_FILENAME(&d);
		KT_EQ(delayed_getname(&d, (const char __user *)"later"), 0);
		n = complete_getname(&d);
		KT_STREQ(n->name, "later");
		/* handed over: the same name; shared: a copy */
		KT_EQ(putname_to_delayed(&d, n), 0);
		KT_ASSERT(complete_getname(&d) == n, "moved");
		n->refcnt++;
		shared = n;
		KT_EQ(putname_to_delayed(&d, shared), 0);
		KT_EQ(shared->refcnt, 1);
		KT_ASSERT(d.__incomplete_filename != shared, "a copy");
		dismiss_delayed_filename(&d);
		putname(shared);
		KT_EQ(delayed_getname_uflags(&d, (const char __user *)"", 0), -ENOENT);
		KT_EQ(delayed_getname_uflags(&d, (const char __user *)"", AT_EMPTY_PATH), 0);
		dismiss_delayed_filename(&d);
	}
#endif
	return 0;
}

KTEST(fs_helpers, exe_write_access_and_drops)
{
	struct inode inode;
	struct file file;

	test_file_init(&file, &inode, FMODE_READ);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* pre-content watches (HSM): no write denial */
	KT_EQ(exe_file_deny_write_access(&file), 0);
	KT_EQ(atomic_read(&inode.i_writecount), 0);
	/* no permission events: as file_set_fsnotify_mode() marks a file nobody watches */
	file.f_mode |= FMODE_NONOTIFY_PERM;
#endif
	/* an executable denies writers; a writer denies the executable */
	KT_EQ(exe_file_deny_write_access(&file), 0);
	KT_EQ(atomic_read(&inode.i_writecount), -1);
	KT_EQ(get_write_access(&inode), -ETXTBSY);
	exe_file_allow_write_access(&file);
	exe_file_allow_write_access(NULL);
	KT_EQ(atomic_read(&inode.i_writecount), 0);
	KT_EQ(get_write_access(&inode), 0);
	KT_EQ(exe_file_deny_write_access(&file), -ETXTBSY);
	put_write_access(&inode);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	{
		char target[] = "dest";

		inode_set_cached_link(&inode, target, 4);
		KT_ASSERT(inode.i_link == target && inode.i_linklen == 4, "cached");
		KT_ASSERT(inode.i_opflags & IOP_CACHED_LINK, "flagged");
		KT_EQ(qdk_warnings(), 0);

		set_nlink(&inode, 1);
		INIT_HLIST_NODE(&inode.i_hash);
		KT_EQ(inode_generic_drop(&inode), 1);	/* unhashed */
		insert_inode_hash(&inode);
		KT_EQ(inode_generic_drop(&inode), 0);
		clear_nlink(&inode);
		KT_EQ(inode_generic_drop(&inode), 1);	/* unlinked */
		remove_inode_hash(&inode);
		KT_EQ(inode_just_drop(&inode), 1);

		atomic_set(&inode.i_count, 2);
		iput_not_last(&inode);
		KT_EQ(atomic_read(&inode.i_count), 1);
		KT_EQ(qdk_warnings(), 0);
	}
#endif
	return 0;
}
