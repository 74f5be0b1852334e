/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Mutexes on the shim's one thread: a mutex is held or not. Locking a free
 * mutex takes it; a held one would put the caller to sleep until the owner
 * unlocks it, and with one thread nothing else runs to do so: mutex_lock()
 * reports it (qdk_lock_stuck(), as spinlock recursion), the interruptible
 * and killable variants return -EINTR at once, as when a signal ends the
 * wait (as the shim's wait_event_interruptible() does). Every lock may
 * sleep: it reaches the context hooks' might_sleep (qdk/context.h).
 */
#ifndef __LINUX_MUTEX_H
#define __LINUX_MUTEX_H

#include <linux/types.h>
#include <linux/version.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/spinlock.h>
#include <linux/atomic.h>
#include <linux/cleanup.h>
#include <qdk/context.h>

struct device;

struct mutex {
	int			locked;	/* 1 while held */
	struct lockdep_map	dep_map;
};

#define __DEP_MAP_MUTEX_INITIALIZER(lockname) \
	, .dep_map = { .name = #lockname, .wait_type_inner = LD_WAIT_SLEEP, }
#define __MUTEX_INITIALIZER(lockname) \
	{ .locked = 0 __DEP_MAP_MUTEX_INITIALIZER(lockname) }
#define DEFINE_MUTEX(mutexname) \
	struct mutex mutexname = __MUTEX_INITIALIZER(mutexname)

static inline void __mutex_init(struct mutex *lock, const char *name, struct lock_class_key *key)
{
	lock->locked = 0;
	lockdep_init_map_wait(&lock->dep_map, name, key, 0, LD_WAIT_SLEEP);
}

#define mutex_init_with_key(mutex, key)	__mutex_init((mutex), #mutex, (key))

#define mutex_init(mutex) do {					\
	static struct lock_class_key __key;			\
	__mutex_init((mutex), #mutex, &__key);			\
} while (0)

/* CONFIG_DEBUG_MUTEXES would poison it; the shim checks nothing */
static inline void mutex_destroy(struct mutex *lock)
{
}

/* devm_mutex_init(): mutex_destroy() when the device is released (lib/base_devres.c) */
int __devm_mutex_init(struct device *dev, struct mutex *lock);
#define devm_mutex_init(dev, mutex)				\
({								\
	typeof(mutex) mutex_ = (mutex);				\
								\
	mutex_init(mutex_);					\
	__devm_mutex_init(dev, mutex_);				\
})

static inline bool mutex_is_locked(struct mutex *lock)
{
	return lock->locked != 0;
}

/* killable: -1 may not fail (mutex_lock), 1 returns -EINTR when it would wait */
static __always_inline int __qdk_mutex_lock(struct mutex *lock, int killable, unsigned int subclass,
					    const char *file, int line, unsigned long ip)
{
	qdk_ctx_might_sleep(file, line);
	if (lock->locked) {
		if (killable > 0)
			return -EINTR;
		qdk_lock_stuck("mutex", &lock->dep_map, ip);
	}
	mutex_acquire(&lock->dep_map, subclass, 0, ip);
	lock->locked = 1;
	return 0;
}

#define mutex_lock(lock)	\
	((void)__qdk_mutex_lock(lock, -1, 0, __FILE__, __LINE__, _QDK_THIS_IP_))
#define mutex_lock_io(lock)	mutex_lock(lock)
#define mutex_lock_interruptible(lock)	\
	__qdk_mutex_lock(lock, 1, 0, __FILE__, __LINE__, _QDK_THIS_IP_)
#define mutex_lock_killable(lock)	\
	__qdk_mutex_lock(lock, 1, 0, __FILE__, __LINE__, _QDK_THIS_IP_)
/* subclass: lockdep's (its own class for the lock-order checks) */
#define mutex_lock_nested(lock, subclass)	\
	((void)__qdk_mutex_lock(lock, -1, subclass, __FILE__, __LINE__, _QDK_THIS_IP_))
#define mutex_lock_interruptible_nested(lock, subclass)	\
	__qdk_mutex_lock(lock, 1, subclass, __FILE__, __LINE__, _QDK_THIS_IP_)
#define mutex_lock_killable_nested(lock, subclass)	\
	__qdk_mutex_lock(lock, 1, subclass, __FILE__, __LINE__, _QDK_THIS_IP_)
#define mutex_lock_io_nested(lock, subclass)	mutex_lock_nested(lock, subclass)
#define mutex_lock_nest_lock(lock, nest_lock)	\
	do { typecheck(struct lockdep_map *, &(nest_lock)->dep_map); mutex_lock(lock); } while (0)

/* 1 when taken; never sleeps */
static __always_inline int __qdk_mutex_trylock(struct mutex *lock, unsigned long ip)
{
	if (lock->locked)
		return 0;
	mutex_acquire(&lock->dep_map, 0, 1, ip);
	lock->locked = 1;
	return 1;
}
#define mutex_trylock(lock)	__qdk_mutex_trylock(lock, _QDK_THIS_IP_)

static __always_inline void __qdk_mutex_unlock(struct mutex *lock, unsigned long ip)
{
	mutex_release(&lock->dep_map, ip);
	lock->locked = 0;
}
#define mutex_unlock(lock)	__qdk_mutex_unlock(lock, _QDK_THIS_IP_)

/* decrement; when it reaches 0 return 1 with the mutex held (lib/locking.c) */
int atomic_dec_and_mutex_lock(atomic_t *cnt, struct mutex *lock);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* nest_lock only informs lockdep */
#define mutex_lock_killable_nest_lock(lock, nest_lock)			\
	(typecheck(struct lockdep_map *, &(nest_lock)->dep_map), mutex_lock_killable(lock))
#define mutex_trylock_nest_lock(lock, nest_lock)			\
	(typecheck(struct lockdep_map *, &(nest_lock)->dep_map), mutex_trylock(lock))

/* what __mutex_init() does beyond lockdep: a free mutex (lib/locking.c) */
void mutex_init_generic(struct mutex *lock);

/* 7.x's guards hold a struct; ACQUIRE_ERR() of _intr and _kill is -EINTR */
DEFINE_LOCK_GUARD_1(mutex, struct mutex, mutex_lock(_T->lock), mutex_unlock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(mutex, _try, mutex_trylock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(mutex, _intr, mutex_lock_interruptible(_T->lock), _RET == 0)
DEFINE_LOCK_GUARD_1_COND(mutex, _kill, mutex_lock_killable(_T->lock), _RET == 0)
DEFINE_LOCK_GUARD_1(mutex_init, struct mutex, mutex_init(_T->lock), /* */)
DECLARE_LOCK_GUARD_1_ATTRS(mutex, , )
DECLARE_LOCK_GUARD_1_ATTRS(mutex_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(mutex_intr, , )
DECLARE_LOCK_GUARD_1_ATTRS(mutex_kill, , )
DECLARE_LOCK_GUARD_1_ATTRS(mutex_init, , )
#else
DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T), mutex_unlock(_T))
DEFINE_GUARD_COND(mutex, _try, mutex_trylock(_T))
DEFINE_GUARD_COND(mutex, _intr, mutex_lock_interruptible(_T), _RET == 0)
#endif
DEFINE_FREE(mutex, struct mutex *, if (_T) mutex_unlock(_T))


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/list.h>
#include <linux/spinlock_types.h>
#endif
