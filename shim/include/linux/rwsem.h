/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Read-write semaphores on the shim's one thread (linux/fs.h's i_rwsem,
 * i_mmap_rwsem and invalidate_lock are these). The count is the kernel's:
 * RWSEM_WRITER_LOCKED while a writer holds it, else the readers in the bits
 * from RWSEM_READER_SHIFT up. A reader takes a semaphore no writer holds
 * (readers nest); a writer takes a free one. Anything else would put the
 * caller to sleep until another task releases it, and with one thread
 * nothing else runs to do so: down_read()/down_write() report it
 * (qdk_lock_stuck(), as a mutex does), the interruptible and killable
 * variants return -EINTR at once, as when a signal ends the wait. Every
 * down may sleep: it reaches the context hooks' might_sleep (qdk/context.h);
 * no task waits, so a semaphore is never contended.
 */
#ifndef _LINUX_RWSEM_H
#define _LINUX_RWSEM_H

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/cleanup.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/spinlock.h>
#include <linux/typecheck.h>
#include <linux/types.h>
#include <linux/version.h>
#include <qdk/context.h>

struct rw_semaphore {
	atomic_long_t count;
	struct lockdep_map dep_map;
};

#define RWSEM_UNLOCKED_VALUE		0UL
#define RWSEM_WRITER_LOCKED		(1UL << 0)
/* kernel/locking/rwsem.c's layout: flag bits below, one reader is 1 << 8 */
#define __QDK_RWSEM_READER_BIAS		(1L << 8)
#define __RWSEM_COUNT_INIT(name)	.count = ATOMIC_LONG_INIT(RWSEM_UNLOCKED_VALUE)

#define __RWSEM_DEP_MAP_INIT(lockname)	\
	.dep_map = { .name = #lockname, .wait_type_inner = LD_WAIT_SLEEP, },
#define __RWSEM_INITIALIZER(name)	\
	{ __RWSEM_COUNT_INIT(name), __RWSEM_DEP_MAP_INIT(name) }
#define DECLARE_RWSEM(name)	struct rw_semaphore name = __RWSEM_INITIALIZER(name)

static inline void __init_rwsem(struct rw_semaphore *sem, const char *name,
				struct lock_class_key *key)
{
	atomic_long_set(&sem->count, RWSEM_UNLOCKED_VALUE);
	lockdep_init_map_wait(&sem->dep_map, name, key, 0, LD_WAIT_SLEEP);
}

#define init_rwsem(sem) do {					\
	static struct lock_class_key __key;			\
	__init_rwsem((sem), #sem, &__key);			\
} while (0)

static inline int rwsem_is_locked(struct rw_semaphore *sem)
{
	return atomic_long_read(&sem->count) != RWSEM_UNLOCKED_VALUE;
}

/* nobody waits on the one thread */
static inline bool rwsem_is_contended(struct rw_semaphore *sem)
{
	return false;
}

static inline void rwsem_assert_held_nolockdep(const struct rw_semaphore *sem)
{
	WARN_ON(atomic_long_read(&sem->count) == RWSEM_UNLOCKED_VALUE);
}

static inline void rwsem_assert_held_write_nolockdep(const struct rw_semaphore *sem)
{
	WARN_ON(!(atomic_long_read(&sem->count) & RWSEM_WRITER_LOCKED));
}

/* the shim's count is exact, lockdep or not */
static inline void rwsem_assert_held(const struct rw_semaphore *sem)
{
	rwsem_assert_held_nolockdep(sem);
}

static inline void rwsem_assert_held_write(const struct rw_semaphore *sem)
{
	rwsem_assert_held_write_nolockdep(sem);
}

/* killable: -1 may not fail (down_read), 1 returns -EINTR when it would wait */
static __always_inline int __qdk_down_read(struct rw_semaphore *sem, int killable,
					   unsigned int subclass, const char *file, int line,
					   unsigned long ip)
{
	qdk_ctx_might_sleep(file, line);
	if (atomic_long_read(&sem->count) & RWSEM_WRITER_LOCKED) {
		if (killable > 0)
			return -EINTR;
		qdk_lock_stuck("rwsem", &sem->dep_map, ip);
	}
	rwsem_acquire_read(&sem->dep_map, subclass, 0, ip);
	atomic_long_add(__QDK_RWSEM_READER_BIAS, &sem->count);
	return 0;
}

static __always_inline int __qdk_down_write(struct rw_semaphore *sem, int killable,
					    unsigned int subclass, const char *file, int line,
					    unsigned long ip)
{
	qdk_ctx_might_sleep(file, line);
	if (atomic_long_read(&sem->count) != RWSEM_UNLOCKED_VALUE) {
		if (killable > 0)
			return -EINTR;
		qdk_lock_stuck("rwsem", &sem->dep_map, ip);
	}
	rwsem_acquire(&sem->dep_map, subclass, 0, ip);
	atomic_long_set(&sem->count, RWSEM_WRITER_LOCKED);
	return 0;
}

#define __QDK_RWSEM_HERE	__FILE__, __LINE__, _QDK_THIS_IP_
#define down_read(sem)		((void)__qdk_down_read(sem, -1, 0, __QDK_RWSEM_HERE))
#define down_read_interruptible(sem)	__qdk_down_read(sem, 1, 0, __QDK_RWSEM_HERE)
#define down_read_killable(sem)		__qdk_down_read(sem, 1, 0, __QDK_RWSEM_HERE)
#define down_write(sem)		((void)__qdk_down_write(sem, -1, 0, __QDK_RWSEM_HERE))
#define down_write_killable(sem)	__qdk_down_write(sem, 1, 0, __QDK_RWSEM_HERE)
/* subclass: lockdep's (its own class for the lock-order checks) */
#define down_read_nested(sem, subclass)	\
	((void)__qdk_down_read(sem, -1, subclass, __QDK_RWSEM_HERE))
#define down_read_killable_nested(sem, subclass)	\
	__qdk_down_read(sem, 1, subclass, __QDK_RWSEM_HERE)
#define down_write_nested(sem, subclass)	\
	((void)__qdk_down_write(sem, -1, subclass, __QDK_RWSEM_HERE))
#define down_write_killable_nested(sem, subclass)	\
	__qdk_down_write(sem, 1, subclass, __QDK_RWSEM_HERE)
#define _down_write_nest_lock(sem, nest_lock)	\
	((void)(nest_lock), down_write(sem))
#define down_write_nest_lock(sem, nest_lock)	\
	do { typecheck(struct lockdep_map *, &(nest_lock)->dep_map); down_write(sem); } while (0)
/* a reader another task will release: the same count */
#define down_read_non_owner(sem)	down_read(sem)

/* 1 when taken; never sleeps */
static __always_inline int __qdk_down_read_trylock(struct rw_semaphore *sem, unsigned long ip)
{
	if (atomic_long_read(&sem->count) & RWSEM_WRITER_LOCKED)
		return 0;
	rwsem_acquire_read(&sem->dep_map, 0, 1, ip);
	atomic_long_add(__QDK_RWSEM_READER_BIAS, &sem->count);
	return 1;
}
#define down_read_trylock(sem)	__qdk_down_read_trylock(sem, _QDK_THIS_IP_)

static __always_inline int __qdk_down_write_trylock(struct rw_semaphore *sem, unsigned long ip)
{
	if (atomic_long_read(&sem->count) != RWSEM_UNLOCKED_VALUE)
		return 0;
	rwsem_acquire(&sem->dep_map, 0, 1, ip);
	atomic_long_set(&sem->count, RWSEM_WRITER_LOCKED);
	return 1;
}
#define down_write_trylock(sem)	__qdk_down_write_trylock(sem, _QDK_THIS_IP_)

/* releasing what is not held is the caller's bug, as CONFIG_DEBUG_RWSEMS warns */
static __always_inline void __qdk_up_read(struct rw_semaphore *sem, unsigned long ip)
{
	WARN_ON_ONCE(atomic_long_read(&sem->count) < __QDK_RWSEM_READER_BIAS);
	rwsem_release(&sem->dep_map, ip);
	atomic_long_sub(__QDK_RWSEM_READER_BIAS, &sem->count);
}
#define up_read(sem)		__qdk_up_read(sem, _QDK_THIS_IP_)
#define up_read_non_owner(sem)	up_read(sem)

static __always_inline void __qdk_up_write(struct rw_semaphore *sem, unsigned long ip)
{
	WARN_ON_ONCE(!(atomic_long_read(&sem->count) & RWSEM_WRITER_LOCKED));
	rwsem_release(&sem->dep_map, ip);
	atomic_long_set(&sem->count, RWSEM_UNLOCKED_VALUE);
}
#define up_write(sem)		__qdk_up_write(sem, _QDK_THIS_IP_)

/* the writer becomes the one reader, with no gap another writer could take */
static __always_inline void __qdk_downgrade_write(struct rw_semaphore *sem, unsigned long ip)
{
	WARN_ON_ONCE(!(atomic_long_read(&sem->count) & RWSEM_WRITER_LOCKED));
	rwsem_release(&sem->dep_map, ip);
	rwsem_acquire_read(&sem->dep_map, 0, 0, ip);
	atomic_long_set(&sem->count, __QDK_RWSEM_READER_BIAS);
}
#define downgrade_write(sem)	__qdk_downgrade_write(sem, _QDK_THIS_IP_)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x's guards hold a struct; ACQUIRE_ERR() of _intr and _kill is -EINTR */
DEFINE_LOCK_GUARD_1(rwsem_read, struct rw_semaphore, down_read(_T->lock), up_read(_T->lock))
DEFINE_LOCK_GUARD_1_COND(rwsem_read, _try, down_read_trylock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(rwsem_read, _intr, down_read_interruptible(_T->lock), _RET == 0)
DEFINE_LOCK_GUARD_1(rwsem_write, struct rw_semaphore, down_write(_T->lock), up_write(_T->lock))
DEFINE_LOCK_GUARD_1_COND(rwsem_write, _try, down_write_trylock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(rwsem_write, _kill, down_write_killable(_T->lock), _RET == 0)
DEFINE_LOCK_GUARD_1(rwsem_init, struct rw_semaphore, init_rwsem(_T->lock), /* */)
DECLARE_LOCK_GUARD_1_ATTRS(rwsem_read, , )
DECLARE_LOCK_GUARD_1_ATTRS(rwsem_read_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(rwsem_read_intr, , )
DECLARE_LOCK_GUARD_1_ATTRS(rwsem_write, , )
DECLARE_LOCK_GUARD_1_ATTRS(rwsem_write_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(rwsem_write_kill, , )
DECLARE_LOCK_GUARD_1_ATTRS(rwsem_init, , )
#else
DEFINE_GUARD(rwsem_read, struct rw_semaphore *, down_read(_T), up_read(_T))
DEFINE_GUARD(rwsem_write, struct rw_semaphore *, down_write(_T), up_write(_T))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
DEFINE_GUARD_COND(rwsem_read, _try, down_read_trylock(_T))
DEFINE_GUARD_COND(rwsem_read, _intr, down_read_interruptible(_T), _RET == 0)
DEFINE_GUARD_COND(rwsem_write, _try, down_write_trylock(_T))
#else
/* 6.1's __free(up_read) and __free(up_write): released at the end of the scope */
DEFINE_FREE(up_read, struct rw_semaphore *, if (_T) up_read(_T))
DEFINE_FREE(up_write, struct rw_semaphore *, if (_T) up_write(_T))
#endif
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/linkage.h>
#include <linux/list.h>
#include <linux/err.h>

#include <linux/personality.h>
#include <linux/random.h>
#endif
