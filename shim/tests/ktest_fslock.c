// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_fslock.c - read-write semaphores (linux/rwsem.h) and the locks of
 * linux/fs.h built on them: inode_lock() and kin, a mapping's invalidate
 * and i_mmap locks, two inodes or mappings in address order, and the
 * direct I/O count.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/rwsem.h>
#include <linux/string.h>
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
