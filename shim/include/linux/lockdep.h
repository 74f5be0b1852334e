/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lockdep's annotations. lockdep_init_map() and the lockdep_set_class*()
 * family record the name and key in the lock's map; lock_acquire() and
 * lock_release() (with the subclass of a _nested() lock) and the
 * assertions reach the context checks of qdk/context.h, which keep the
 * locks held and the lock order (class by class, as lockdep's dependency
 * graph) and stop at a recursion, a bad unlock or an order that closes a
 * cycle. The rest compiles to what a kernel without CONFIG_LOCKDEP has.
 */
#ifndef __LINUX_LOCKDEP_H
#define __LINUX_LOCKDEP_H

#include <linux/lockdep_types.h>
#include <linux/compiler.h>
#include <qdk/context.h>

struct task_struct;
struct raw_spinlock;
struct spinlock;
struct qdk_rwlock;
struct mutex;

#define SINGLE_DEPTH_NESTING		1
#define MAX_LOCKDEP_KEYS_BITS		13
#define MAX_LOCKDEP_KEYS		(1UL << MAX_LOCKDEP_KEYS_BITS)
#define INITIAL_CHAIN_KEY		-1
#define LOCK_STATE_UNKNOWN		-1
#define LOCK_STATE_NOT_HELD		0
#define LOCK_STATE_HELD			1

static inline void lockdep_copy_map(struct lockdep_map *to, struct lockdep_map *from)
{
	*to = *from;
}

static inline void lockdep_init_map_type(struct lockdep_map *lock, const char *name,
					 struct lock_class_key *key, int subclass,
					 u8 inner, u8 outer, u8 lock_type)
{
	lock->name = name;
	lock->key = key;
	lock->wait_type_inner = inner;
	lock->wait_type_outer = outer;
	lock->lock_type = lock_type;
}

#define lockdep_init_map_waits(lock, name, key, sub, inner, outer) \
	lockdep_init_map_type(lock, name, key, sub, inner, outer, LD_LOCK_NORMAL)
#define lockdep_init_map_wait(lock, name, key, sub, inner) \
	lockdep_init_map_waits(lock, name, key, sub, inner, LD_WAIT_INV)
#define lockdep_init_map(lock, name, key, sub) \
	lockdep_init_map_wait(lock, name, key, sub, LD_WAIT_INV)

#define STATIC_LOCKDEP_MAP_INIT(_name, _key)	{ .name = (_name), .key = (void *)(_key), }

#define lockdep_set_class(lock, key) \
	lockdep_init_map(&(lock)->dep_map, #key, key, 0)
#define lockdep_set_class_and_name(lock, key, name) \
	lockdep_init_map(&(lock)->dep_map, name, key, 0)
#define lockdep_set_class_and_subclass(lock, key, sub) \
	lockdep_init_map(&(lock)->dep_map, #key, key, sub)
#define lockdep_set_subclass(lock, sub)		do { (void)(lock); } while (0)
#define lockdep_set_novalidate_class(lock)	do { (void)(lock); } while (0)
#define lockdep_match_class(lock, key)		((lock)->dep_map.key == (key))

static inline void lockdep_register_key(struct lock_class_key *key)
{
}

/* a dynamic key going away takes the lock orders of its locks with it */
static inline void lockdep_unregister_key(struct lock_class_key *key)
{
	qdk_ctx_forget_key(key);
}

static inline void lockdep_off(void)
{
}

static inline void lockdep_on(void)
{
}

#define lockdep_depth(tsk)		(0)
#define lockdep_recursing(tsk)		(0)
#define lockdep_reset()			do { } while (0)
#define lockdep_free_key_range(start, size)	do { } while (0)

/* lock_acquire()/lock_release(): the kernel's entry points, here the hooks */
#define lock_acquire(l, s, t, r, c, n, i)	qdk_ctx_acquire_nested(l, s, t, r, i)
#define lock_release(l, i)			qdk_ctx_release(l, i)
#define lock_downgrade(l, i)			do { (void)(l); } while (0)
#define lock_acquire_exclusive(l, s, t, n, i)		lock_acquire(l, s, t, 0, 1, n, i)
#define lock_acquire_shared(l, s, t, n, i)		lock_acquire(l, s, t, 1, 1, n, i)
#define lock_acquire_shared_recursive(l, s, t, n, i)	lock_acquire(l, s, t, 2, 1, n, i)
#define spin_acquire(l, s, t, i)		lock_acquire_exclusive(l, s, t, NULL, i)
#define spin_acquire_nest(l, s, t, n, i)	lock_acquire_exclusive(l, s, t, n, i)
#define spin_release(l, i)			lock_release(l, i)
#define rwlock_acquire(l, s, t, i)		lock_acquire_exclusive(l, s, t, NULL, i)
#define rwlock_acquire_read(l, s, t, i)		lock_acquire_shared_recursive(l, s, t, NULL, i)
#define rwlock_release(l, i)			lock_release(l, i)
#define seqcount_acquire(l, s, t, i)		lock_acquire_exclusive(l, s, t, NULL, i)
#define seqcount_acquire_read(l, s, t, i)	lock_acquire_shared_recursive(l, s, t, NULL, i)
#define seqcount_release(l, i)			lock_release(l, i)
#define mutex_acquire(l, s, t, i)		lock_acquire_exclusive(l, s, t, NULL, i)
#define mutex_acquire_nest(l, s, t, n, i)	lock_acquire_exclusive(l, s, t, n, i)
#define mutex_release(l, i)			lock_release(l, i)
#define rwsem_acquire(l, s, t, i)		lock_acquire_exclusive(l, s, t, NULL, i)
#define rwsem_acquire_nest(l, s, t, n, i)	lock_acquire_exclusive(l, s, t, n, i)
#define rwsem_acquire_read(l, s, t, i)		lock_acquire_shared(l, s, t, NULL, i)
#define rwsem_release(l, i)			lock_release(l, i)
#define lock_map_acquire(l)		lock_acquire_exclusive(l, 0, 0, NULL, _QDK_THIS_IP_)
#define lock_map_acquire_read(l)	lock_acquire_shared_recursive(l, 0, 0, NULL, _QDK_THIS_IP_)
#define lock_map_acquire_tryread(l)	lock_acquire_shared_recursive(l, 0, 1, NULL, _QDK_THIS_IP_)
#define lock_map_release(l)		lock_release(l, _QDK_THIS_IP_)
#define lock_map_acquire_try(l)		lock_acquire_exclusive(l, 0, 1, NULL, _QDK_THIS_IP_)
#define lock_map_sync(l)		do { (void)(l); } while (0)
#define lock_set_class(l, n, key, s, i)	do { (void)(key); } while (0)
#define lock_set_novalidate_class(l, n, i)	do { } while (0)
#define lock_set_subclass(l, s, i)	do { } while (0)
#define lock_set_cmp_fn(lock, ...)	do { } while (0)
#define lockdep_init()			do { } while (0)
#define lockdep_sys_exit()		do { } while (0)
#define lockdep_init_map_crosslock(m, n, k, s)	do { } while (0)
#define print_irqtrace_events(curr)	do { } while (0)
#define force_read_lock_recursive	0
#define read_lock_is_recursive()	0
#define DEFINE_WAIT_OVERRIDE_MAP(_name, _wait_type)	\
	struct lockdep_map __maybe_unused _name = {	\
		.name = #_name "-wait-type-override",	\
		.wait_type_inner = _wait_type,		\
		.lock_type = LD_LOCK_WAIT_OVERRIDE, }

static inline void lockdep_init_task(struct task_struct *task)
{
}

static inline void lockdep_free_task(struct task_struct *task)
{
}

static inline void lockdep_set_selftest_task(struct task_struct *task)
{
}

static inline void lockdep_invariant_state(bool force)
{
}

/* the kinds of context lockdep's cross-release tracked */
enum xhlock_context_t {
	XHLOCK_HARD,
	XHLOCK_SOFT,
	XHLOCK_CTX_NR,
};

#define lock_contended(lockdep_map, ip)	do { } while (0)
#define lock_acquired(lockdep_map, ip)	do { } while (0)
#define LOCK_CONTENDED(_lock, try, lock)	lock(_lock)
#define LOCK_CONTENDED_RETURN(_lock, try, lock)	lock(_lock)

/*
 * Whether a lock is held: the shim's locks keep real state (one CPU), so
 * lockdep_is_held() answers for spinlocks, rwlocks, mutexes and rwsems; any
 * other lock counts as held, as without lockdep.
 */
struct rw_semaphore;
int qdk_lock_is_held(const void *lock, int type);
#define __QDK_LOCK_TYPE(l) _Generic((l),				\
	struct raw_spinlock *: 1, const struct raw_spinlock *: 1,	\
	struct spinlock *: 2, const struct spinlock *: 2,		\
	struct qdk_rwlock *: 3, const struct qdk_rwlock *: 3,		\
	struct mutex *: 4, const struct mutex *: 4,			\
	struct rw_semaphore *: 5, const struct rw_semaphore *: 5,	\
	default: 0)
#define lockdep_is_held(l)		qdk_lock_is_held((l), __QDK_LOCK_TYPE(l))
#define lockdep_is_held_type(l, r)	lockdep_is_held(l)
#define lock_is_held(map)		(1)
#define lock_is_held_type(map, r)	(1)

#define lockdep_assert(c)		do { (void)(c); } while (0)
#define lockdep_assert_once(c)		do { (void)(c); } while (0)
#define __qdk_assert_held(l, want) \
	qdk_ctx_assert_held(NULL, lockdep_is_held(l) == (want), _QDK_THIS_IP_)
#define lockdep_assert_held(l)		__qdk_assert_held(l, 1)
#define lockdep_assert_not_held(l)	__qdk_assert_held(l, 0)
#define lockdep_assert_held_write(l)	__qdk_assert_held(l, 1)
#define lockdep_assert_held_read(l)	__qdk_assert_held(l, 1)
#define lockdep_assert_held_once(l)	__qdk_assert_held(l, 1)
#define lockdep_assert_none_held_once()	do { } while (0)
#define lockdep_pin_lock(l)		({ struct pin_cookie cookie = { 0 }; (void)(l); cookie; })
#define lockdep_repin_lock(l, c)	do { (void)(l); (void)(c); } while (0)
#define lockdep_unpin_lock(l, c)	do { (void)(l); (void)(c); } while (0)
#define NIL_COOKIE			(struct pin_cookie){ .val = 0U, }

#define might_lock(lock)		do { (void)(lock); } while (0)
#define might_lock_read(lock)		do { (void)(lock); } while (0)
#define might_lock_nested(lock, subclass)	do { (void)(lock); } while (0)
#define lockdep_assert_irqs_enabled()		do { } while (0)
#define lockdep_assert_irqs_disabled()		do { } while (0)
#define lockdep_assert_in_irq()			do { } while (0)
#define lockdep_assert_in_softirq()		do { } while (0)
#define lockdep_assert_preemption_enabled()	do { } while (0)
#define lockdep_assert_preemption_disabled()	do { } while (0)
#define lockdep_assert_RT_in_threaded_ctx()	do { } while (0)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/smp.h>
#include <linux/linkage.h>
#include <linux/list.h>
#endif
