/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Spinlocks (raw and spinlock_t) and, through rwlock.h, rwlocks on the
 * shim's one CPU. A lock is real state: spin_trylock() fails on a held lock,
 * spin_is_locked() says whether it is held, lockdep_is_held() too. Taking a
 * lock this CPU already holds would spin forever in the kernel; here it
 * stops the program at the caller's line (qdk_lock_stuck(): "BUG: spinlock
 * recursion", qdk/context.h). As in the kernel, a lock disables preemption, _bh ones
 * bottom halves and _irq/_irqsave ones interrupts (irqflags.h): no softirq
 * or interrupt runs during a call anyway, but the state is what the context
 * checks read (qdk/context.h), which every acquire and release reports to.
 */
#ifndef __LINUX_SPINLOCK_H
#define __LINUX_SPINLOCK_H

#include <linux/types.h>
#include <linux/spinlock_types.h>
#include <linux/compiler.h>
#include <linux/typecheck.h>
#include <linux/bug.h>
#include <linux/bottom_half.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/lockdep.h>
#include <linux/cleanup.h>
#include <linux/atomic.h>
#include <qdk/context.h>

/* lib/locking.c: a lock this CPU holds taken again (the kernel would hang) */
void qdk_lock_stuck(const char *what, struct lockdep_map *map, unsigned long ip);

#define LOCK_SECTION_NAME		".text..lock."KBUILD_BASENAME
#define LOCK_SECTION_START(extra)	".subsection 1\n\t" extra ".ifndef " LOCK_SECTION_NAME "\n\t" \
					LOCK_SECTION_NAME ":\n\t" ".endif\n"
#define LOCK_SECTION_END		".previous\n\t"
#define smp_mb__after_spinlock()	do { } while (0)

/* ---- raw_spinlock_t ---- */

static inline void __raw_spin_lock_init(raw_spinlock_t *lock, const char *name,
					struct lock_class_key *key, short inner)
{
	lock->locked = 0;
	lockdep_init_map_wait(&lock->dep_map, name, key, 0, inner);
}

#define raw_spin_lock_init(lock) do {					\
	static struct lock_class_key __key;				\
	__raw_spin_lock_init((lock), #lock, &__key, LD_WAIT_SPIN);	\
} while (0)

static inline void do_raw_spin_lock(raw_spinlock_t *lock)
{
	lock->locked = 1;
}

static inline int do_raw_spin_trylock(raw_spinlock_t *lock)
{
	if (lock->locked)
		return 0;
	lock->locked = 1;
	return 1;
}

static inline void do_raw_spin_unlock(raw_spinlock_t *lock)
{
	lock->locked = 0;
}

/* subclass: lockdep's, of a _nested() lock (its own class for the lock-order checks) */
static __always_inline void __qdk_raw_lock_nested(raw_spinlock_t *lock, int irq,
						  unsigned int subclass, unsigned long ip)
{
	if (irq >= 0)
		qdk_ctx_irq_off(irq, ip);
	preempt_disable();
	if (lock->locked)
		qdk_lock_stuck("spinlock", &lock->dep_map, ip);
	spin_acquire(&lock->dep_map, subclass, 0, ip);
	do_raw_spin_lock(lock);
}

static __always_inline void __qdk_raw_lock(raw_spinlock_t *lock, int irq, unsigned long ip)
{
	__qdk_raw_lock_nested(lock, irq, 0, ip);
}

static __always_inline int __qdk_raw_trylock(raw_spinlock_t *lock, int irq, unsigned long ip)
{
	if (irq >= 0)
		qdk_ctx_irq_off(irq, ip);
	preempt_disable();
	if (do_raw_spin_trylock(lock)) {
		spin_acquire(&lock->dep_map, 0, 1, ip);
		return 1;
	}
	preempt_enable();
	if (irq >= 0)
		qdk_ctx_irq_on(irq, ip);
	return 0;
}

static __always_inline void __qdk_raw_unlock(raw_spinlock_t *lock, int irq, unsigned long ip)
{
	spin_release(&lock->dep_map, ip);
	do_raw_spin_unlock(lock);
	preempt_enable();
	if (irq >= 0)
		qdk_ctx_irq_on(irq, ip);
}

/*
 * irq: -1 plain, 1 bottom halves (_bh). The _irq and _irqsave variants turn
 * interrupts off around a plain lock, as the kernel's (irqflags.h).
 */
#define raw_spin_lock(lock)		__qdk_raw_lock(lock, -1, _QDK_THIS_IP_)
#define raw_spin_lock_bh(lock)		__qdk_raw_lock(lock, 1, _QDK_THIS_IP_)
#define raw_spin_lock_irq(lock) \
	do { local_irq_disable(); __qdk_raw_lock(lock, -1, _QDK_THIS_IP_); } while (0)
#define raw_spin_lock_irqsave(lock, flags) \
	do { local_irq_save(flags); __qdk_raw_lock(lock, -1, _QDK_THIS_IP_); } while (0)
#define raw_spin_lock_nested(lock, subclass) \
	__qdk_raw_lock_nested(lock, -1, subclass, _QDK_THIS_IP_)
#define raw_spin_lock_irqsave_nested(lock, flags, subclass) do {	\
	local_irq_save(flags);						\
	__qdk_raw_lock_nested(lock, -1, subclass, _QDK_THIS_IP_);	\
} while (0)
#define raw_spin_lock_nest_lock(lock, nest_lock) \
	do { typecheck(struct lockdep_map *, &(nest_lock)->dep_map); raw_spin_lock(lock); } while (0)
#define raw_spin_trylock(lock)		__qdk_raw_trylock(lock, -1, _QDK_THIS_IP_)
#define raw_spin_trylock_bh(lock)	__qdk_raw_trylock(lock, 1, _QDK_THIS_IP_)
#define raw_spin_trylock_irq(lock) ({					\
	local_irq_disable();						\
	__qdk_raw_trylock(lock, -1, _QDK_THIS_IP_) ? 1 : ({ local_irq_enable(); 0; }); })
#define raw_spin_trylock_irqsave(lock, flags) ({			\
	local_irq_save(flags);						\
	__qdk_raw_trylock(lock, -1, _QDK_THIS_IP_) ? 1 : ({ local_irq_restore(flags); 0; }); })
#define raw_spin_unlock(lock)		__qdk_raw_unlock(lock, -1, _QDK_THIS_IP_)
#define raw_spin_unlock_bh(lock)	__qdk_raw_unlock(lock, 1, _QDK_THIS_IP_)
#define raw_spin_unlock_irq(lock) \
	do { __qdk_raw_unlock(lock, -1, _QDK_THIS_IP_); local_irq_enable(); } while (0)
#define raw_spin_unlock_irqrestore(lock, flags) \
	do { __qdk_raw_unlock(lock, -1, _QDK_THIS_IP_); local_irq_restore(flags); } while (0)
#define raw_spin_is_locked(lock)	((lock)->locked != 0)
/* nobody else spins on the shim's one CPU */
#define raw_spin_is_contended(lock)	(((void)(lock)), 0)

/* ---- spinlock_t: the raw lock inside it ---- */

static __always_inline raw_spinlock_t *spinlock_check(spinlock_t *lock)
{
	return &lock->rlock;
}

#define spin_lock_init(_lock) do {					\
	static struct lock_class_key __key;				\
	__raw_spin_lock_init(spinlock_check(_lock), #_lock, &__key,	\
			     LD_WAIT_CONFIG);				\
} while (0)

static __always_inline void spin_lock(spinlock_t *lock)
{
	__qdk_raw_lock(&lock->rlock, -1, _QDK_THIS_IP_);
}

static __always_inline void spin_lock_bh(spinlock_t *lock)
{
	__qdk_raw_lock(&lock->rlock, 1, _QDK_THIS_IP_);
}

static __always_inline int spin_trylock(spinlock_t *lock)
{
	return __qdk_raw_trylock(&lock->rlock, -1, _QDK_THIS_IP_);
}

#define spin_lock_nested(lock, subclass) \
	raw_spin_lock_nested(spinlock_check(lock), subclass)
#define spin_lock_nest_lock(lock, nest_lock) \
	raw_spin_lock_nest_lock(spinlock_check(lock), nest_lock)

static __always_inline void spin_lock_irq(spinlock_t *lock)
{
	local_irq_disable();
	__qdk_raw_lock(&lock->rlock, -1, _QDK_THIS_IP_);
}

#define spin_lock_irqsave(lock, flags) \
	raw_spin_lock_irqsave(spinlock_check(lock), flags)
#define spin_lock_irqsave_nested(lock, flags, subclass) \
	raw_spin_lock_irqsave_nested(spinlock_check(lock), flags, subclass)

static __always_inline void spin_unlock(spinlock_t *lock)
{
	__qdk_raw_unlock(&lock->rlock, -1, _QDK_THIS_IP_);
}

static __always_inline void spin_unlock_bh(spinlock_t *lock)
{
	__qdk_raw_unlock(&lock->rlock, 1, _QDK_THIS_IP_);
}

static __always_inline void spin_unlock_irq(spinlock_t *lock)
{
	__qdk_raw_unlock(&lock->rlock, -1, _QDK_THIS_IP_);
	local_irq_enable();
}

static __always_inline void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags)
{
	__qdk_raw_unlock(&lock->rlock, -1, _QDK_THIS_IP_);
	local_irq_restore(flags);
}

static __always_inline int spin_trylock_bh(spinlock_t *lock)
{
	return __qdk_raw_trylock(&lock->rlock, 1, _QDK_THIS_IP_);
}

static __always_inline int spin_trylock_irq(spinlock_t *lock)
{
	local_irq_disable();
	if (__qdk_raw_trylock(&lock->rlock, -1, _QDK_THIS_IP_))
		return 1;
	local_irq_enable();
	return 0;
}

#define spin_trylock_irqsave(lock, flags) \
	raw_spin_trylock_irqsave(spinlock_check(lock), flags)

static __always_inline int spin_is_locked(spinlock_t *lock)
{
	return raw_spin_is_locked(&lock->rlock);
}

static __always_inline int spin_is_contended(spinlock_t *lock)
{
	return raw_spin_is_contended(&lock->rlock);
}

#define assert_spin_locked(lock)	BUG_ON(!spin_is_locked(lock))
#define assert_raw_spin_locked(lock)	BUG_ON(!raw_spin_is_locked(lock))

#include <linux/rwlock.h>

/*
 * atomic_dec_and_lock(): decrement, and when that reaches 0 return 1 with
 * the lock held (lib/locking.c, as lib/dec_and_lock.c).
 */
int _atomic_dec_and_lock(atomic_t *atomic, spinlock_t *lock);
#define atomic_dec_and_lock(atomic, lock) \
	__cond_lock(lock, _atomic_dec_and_lock(atomic, lock))
int _atomic_dec_and_lock_irqsave(atomic_t *atomic, spinlock_t *lock, unsigned long *flags);
#define atomic_dec_and_lock_irqsave(atomic, lock, flags) \
	__cond_lock(lock, _atomic_dec_and_lock_irqsave(atomic, lock, &(flags)))
int _atomic_dec_and_raw_lock(atomic_t *atomic, raw_spinlock_t *lock);
#define atomic_dec_and_raw_lock(atomic, lock) \
	__cond_lock(lock, _atomic_dec_and_raw_lock(atomic, lock))
int _atomic_dec_and_raw_lock_irqsave(atomic_t *atomic, raw_spinlock_t *lock,
				     unsigned long *flags);
#define atomic_dec_and_raw_lock_irqsave(atomic, lock, flags) \
	__cond_lock(lock, _atomic_dec_and_raw_lock_irqsave(atomic, lock, &(flags)))

/* a hash table's array of locks (lib/bucket_locks.c): size rounded to 2^n */
int __alloc_bucket_spinlocks(spinlock_t **locks, unsigned int *lock_mask,
			     size_t max_size, unsigned int cpu_mult,
			     gfp_t gfp, const char *name,
			     struct lock_class_key *key);
#define alloc_bucket_spinlocks(locks, lock_mask, max_size, cpu_mult, gfp)	\
	({								\
		static struct lock_class_key key;			\
		__alloc_bucket_spinlocks(locks, lock_mask, max_size,	\
					 cpu_mult, gfp, #locks, &key);	\
	})
void free_bucket_spinlocks(spinlock_t *locks);

/* guard(spinlock)(&l), scoped_guard(spinlock_irqsave, &l) ... (cleanup.h) */
DEFINE_LOCK_GUARD_1(raw_spinlock, raw_spinlock_t, raw_spin_lock(_T->lock), raw_spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(raw_spinlock, _try, raw_spin_trylock(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_nested, raw_spinlock_t,
		    raw_spin_lock_nested(_T->lock, SINGLE_DEPTH_NESTING), raw_spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_irq, raw_spinlock_t, raw_spin_lock_irq(_T->lock),
		    raw_spin_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1_COND(raw_spinlock_irq, _try, raw_spin_trylock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_bh, raw_spinlock_t, raw_spin_lock_bh(_T->lock),
		    raw_spin_unlock_bh(_T->lock))
DEFINE_LOCK_GUARD_1_COND(raw_spinlock_bh, _try, raw_spin_trylock_bh(_T->lock))
DEFINE_LOCK_GUARD_1(raw_spinlock_irqsave, raw_spinlock_t,
		    raw_spin_lock_irqsave(_T->lock, _T->flags),
		    raw_spin_unlock_irqrestore(_T->lock, _T->flags), unsigned long flags)
DEFINE_LOCK_GUARD_1_COND(raw_spinlock_irqsave, _try,
			 raw_spin_trylock_irqsave(_T->lock, _T->flags))
DEFINE_LOCK_GUARD_1(spinlock, spinlock_t, spin_lock(_T->lock), spin_unlock(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock, _try, spin_trylock(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irq, spinlock_t, spin_lock_irq(_T->lock), spin_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock_irq, _try, spin_trylock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_bh, spinlock_t, spin_lock_bh(_T->lock), spin_unlock_bh(_T->lock))
DEFINE_LOCK_GUARD_1_COND(spinlock_bh, _try, spin_trylock_bh(_T->lock))
DEFINE_LOCK_GUARD_1(spinlock_irqsave, spinlock_t, spin_lock_irqsave(_T->lock, _T->flags),
		    spin_unlock_irqrestore(_T->lock, _T->flags), unsigned long flags)
DEFINE_LOCK_GUARD_1_COND(spinlock_irqsave, _try, spin_trylock_irqsave(_T->lock, _T->flags))
DEFINE_LOCK_GUARD_1(read_lock, rwlock_t, read_lock(_T->lock), read_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(read_lock_irq, rwlock_t, read_lock_irq(_T->lock), read_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(read_lock_irqsave, rwlock_t, read_lock_irqsave(_T->lock, _T->flags),
		    read_unlock_irqrestore(_T->lock, _T->flags), unsigned long flags)
DEFINE_LOCK_GUARD_1(write_lock, rwlock_t, write_lock(_T->lock), write_unlock(_T->lock))
DEFINE_LOCK_GUARD_1(write_lock_irq, rwlock_t, write_lock_irq(_T->lock), write_unlock_irq(_T->lock))
DEFINE_LOCK_GUARD_1(write_lock_irqsave, rwlock_t, write_lock_irqsave(_T->lock, _T->flags),
		    write_unlock_irqrestore(_T->lock, _T->flags), unsigned long flags)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x's counted interrupt disabling (local_interrupt_disable()): the
 * outermost spin_lock_irq_disable() saves the interrupt state and turns
 * interrupts off, its matching unlock restores it; nested ones only count
 * (HARDIRQ_DISABLE bits of the preemption count). The saved state is the
 * one CPU's (lib/locking.c).
 */
extern unsigned long qdk_local_interrupt_disable_state;

static __always_inline void __qdk_interrupt_disable(void)
{
	unsigned long flags;

	local_irq_save(flags);
	preempt_count_add(HARDIRQ_DISABLE_OFFSET);
	if ((preempt_count() & HARDIRQ_DISABLE_MASK) == HARDIRQ_DISABLE_OFFSET)
		qdk_local_interrupt_disable_state = flags;
}

static __always_inline void __qdk_interrupt_enable(void)
{
	preempt_count_sub(HARDIRQ_DISABLE_OFFSET);
	if (!(preempt_count() & HARDIRQ_DISABLE_MASK))
		local_irq_restore(qdk_local_interrupt_disable_state);
}

#define raw_spin_lock_irq_disable(lock) \
	do { __qdk_interrupt_disable(); __qdk_raw_lock(lock, -1, _QDK_THIS_IP_); } while (0)
#define raw_spin_unlock_irq_enable(lock) \
	do { __qdk_raw_unlock(lock, -1, _QDK_THIS_IP_); __qdk_interrupt_enable(); } while (0)
#define raw_spin_trylock_irq_disable(lock) ({				\
	__qdk_interrupt_disable();					\
	__qdk_raw_trylock(lock, -1, _QDK_THIS_IP_) ? 1 : ({ __qdk_interrupt_enable(); 0; }); })

static __always_inline void spin_lock_irq_disable(spinlock_t *lock)
{
	raw_spin_lock_irq_disable(&lock->rlock);
}

static __always_inline void spin_unlock_irq_enable(spinlock_t *lock)
{
	raw_spin_unlock_irq_enable(&lock->rlock);
}

static __always_inline int spin_trylock_irq_disable(spinlock_t *lock)
{
	return raw_spin_trylock_irq_disable(&lock->rlock);
}

/* 7.x's spin_trylock_irqsave() goes through this, flags by pointer */
static __always_inline bool _spin_trylock_irqsave(spinlock_t *lock, unsigned long *flags)
{
	return raw_spin_trylock_irqsave(spinlock_check(lock), *flags);
}

/* guard(spinlock_init)(&l): initialise a lock (7.x's context analysis sees it held) */
DEFINE_LOCK_GUARD_1(raw_spinlock_init, raw_spinlock_t, raw_spin_lock_init(_T->lock), /* */)
DEFINE_LOCK_GUARD_1(spinlock_init, spinlock_t, spin_lock_init(_T->lock), /* */)
DEFINE_LOCK_GUARD_1(rwlock_init, rwlock_t, rwlock_init(_T->lock), /* */)

/* the names 7.x's context analysis gives each guard (no-ops under gcc) */
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_nested, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_irq, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_irq_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_bh, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_bh_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_irqsave, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_irqsave_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(raw_spinlock_init, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock_irq, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock_irq_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock_bh, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock_bh_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock_irqsave, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock_irqsave_try, , )
DECLARE_LOCK_GUARD_1_ATTRS(spinlock_init, , )
DECLARE_LOCK_GUARD_1_ATTRS(read_lock, , )
DECLARE_LOCK_GUARD_1_ATTRS(read_lock_irq, , )
DECLARE_LOCK_GUARD_1_ATTRS(read_lock_irqsave, , )
DECLARE_LOCK_GUARD_1_ATTRS(write_lock, , )
DECLARE_LOCK_GUARD_1_ATTRS(write_lock_irq, , )
DECLARE_LOCK_GUARD_1_ATTRS(write_lock_irqsave, , )
DECLARE_LOCK_GUARD_1_ATTRS(rwlock_init, , )
#endif

/* a long critical section may break for a waiter: the shim has none */
static inline int spin_needbreak(spinlock_t *lock)
{
	return spin_is_contended(lock);
}

static inline int rwlock_needbreak(rwlock_t *lock)
{
	return rwlock_is_contended(lock);
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/linkage.h>
#include <linux/stringify.h>
#endif
