// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_lock.c - locks as state on the shim's one CPU: spinlocks with every
 * suffix, raw spinlocks, rwlocks, mutexes, lock guards, lockdep_is_held(),
 * the dec-and-lock helpers, bucket locks and refcount_t's saturation.
 */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/bottom_half.h>
#include <linux/preempt.h>
#include <linux/version.h>

#include "ktest.h"

static DEFINE_SPINLOCK(kt_static_lock);
static DEFINE_RAW_SPINLOCK(kt_static_raw);
static DEFINE_RWLOCK(kt_static_rw);
static DEFINE_MUTEX(kt_static_mutex);

KTEST(lock, spinlock_suffixes)
{
	spinlock_t l;
	unsigned long flags = 1;

	spin_lock_init(&l);
	KT_STREQ(l.dep_map.name, "&l");
	KT_STREQ(kt_static_lock.dep_map.name, "kt_static_lock");
	KT_ASSERT(!spin_is_locked(&l), "fresh lock held");
	spin_lock(&l);
	KT_ASSERT(spin_is_locked(&l), "not held after spin_lock");
	KT_ASSERT(lockdep_is_held(&l), "lockdep_is_held");
	KT_EQ(spin_trylock(&l), 0);
	KT_EQ(spin_trylock_bh(&l), 0);
	KT_EQ(spin_trylock_irq(&l), 0);
	KT_EQ(spin_trylock_irqsave(&l, flags), 0);
	spin_unlock(&l);
	KT_ASSERT(!lockdep_is_held(&l), "held after unlock");

	spin_lock_bh(&l);
	KT_ASSERT(spin_is_locked(&l), "_bh");
	spin_unlock_bh(&l);
	spin_lock_irq(&l);
	KT_ASSERT(spin_is_locked(&l), "_irq");
	spin_unlock_irq(&l);
	spin_lock_irqsave(&l, flags);
	KT_ASSERT(spin_is_locked(&l), "_irqsave");
	spin_unlock_irqrestore(&l, flags);
	spin_lock_nested(&l, SINGLE_DEPTH_NESTING);
	spin_unlock(&l);
	spin_lock_irqsave_nested(&l, flags, 1);
	spin_unlock_irqrestore(&l, flags);
	spin_lock_nest_lock(&l, &kt_static_mutex);
	spin_unlock(&l);
	KT_EQ(spin_trylock(&l), 1);
	spin_unlock(&l);
	KT_EQ(spin_trylock_irqsave(&l, flags), 1);
	KT_EQ(spin_is_contended(&l), 0);
	spin_unlock_irqrestore(&l, flags);
	KT_ASSERT(!spin_is_locked(&l), "left held");
	return 0;
}

KTEST(lock, raw_spinlock)
{
	raw_spinlock_t r;
	unsigned long flags;

	raw_spin_lock_init(&r);
	raw_spin_lock(&r);
	KT_ASSERT(raw_spin_is_locked(&r), "raw held");
	KT_EQ(raw_spin_trylock(&r), 0);
	raw_spin_unlock(&r);
	raw_spin_lock_irqsave(&kt_static_raw, flags);
	KT_EQ(raw_spin_trylock_irq(&kt_static_raw), 0);
	raw_spin_unlock_irqrestore(&kt_static_raw, flags);
	KT_EQ(raw_spin_trylock_bh(&r), 1);
	raw_spin_unlock_bh(&r);
	KT_EQ(raw_spin_is_locked(&r), 0);
	return 0;
}

KTEST(lock, rwlock)
{
	rwlock_t rw;
	unsigned long flags, w0 = qdk_warn_count;

	rwlock_init(&rw);
	read_lock(&rw);
	read_lock_bh(&rw);		/* readers nest */
	KT_EQ(write_trylock(&rw), 0);
	KT_EQ(read_trylock(&rw), 1);
	read_unlock(&rw);
	read_unlock_bh(&rw);
	KT_ASSERT(lockdep_is_held(&rw), "one reader left");
	read_unlock(&rw);
	KT_ASSERT(!lockdep_is_held(&rw), "no reader left");
	write_lock_irqsave(&rw, flags);
	KT_EQ(read_trylock(&rw), 0);
	KT_EQ(write_trylock(&rw), 0);
	write_unlock_irqrestore(&rw, flags);
	write_lock_bh(&kt_static_rw);
	write_unlock_bh(&kt_static_rw);
	read_lock_irqsave(&rw, flags);
	read_unlock_irqrestore(&rw, flags);
	write_lock_irq(&rw);
	write_unlock_irq(&rw);
	KT_EQ(write_trylock(&rw), 1);
	write_unlock(&rw);
	KT_EQ(qdk_warn_count, w0);
	return 0;
}

KTEST(lock, mutex)
{
	struct mutex m;
	unsigned long w0 = qdk_warn_count;

	mutex_init(&m);
	KT_ASSERT(!mutex_is_locked(&m), "fresh mutex locked");
	KT_EQ(mutex_lock_interruptible(&m), 0);
	KT_ASSERT(mutex_is_locked(&m), "not locked");
	/* a wait that nothing ends: as if a signal ended it */
	KT_EQ(mutex_lock_interruptible(&m), -EINTR);
	KT_EQ(mutex_lock_killable(&m), -EINTR);
	KT_EQ(mutex_trylock(&m), 0);
	mutex_unlock(&m);
	KT_EQ(mutex_trylock(&m), 1);
	mutex_unlock(&m);
	mutex_lock_nested(&m, 1);
	KT_ASSERT(lockdep_is_held(&m), "nested");
	mutex_unlock(&m);
	KT_EQ(mutex_lock_killable_nested(&kt_static_mutex, 0), 0);
	mutex_unlock(&kt_static_mutex);
	mutex_destroy(&m);
	KT_EQ(qdk_warn_count, w0);
	return 0;
}

/* a mutex, then a spinlock inside it (not the other way: a mutex may sleep) */
static int guarded(spinlock_t *l, struct mutex *m, int early)
{
	guard(mutex)(m);
	if (early)
		return mutex_is_locked(m);
	scoped_guard(spinlock, l) {
		if (!spin_is_locked(l))
			return -1;
	}
	return spin_is_locked(l) ? -2 : mutex_is_locked(m);
}

KTEST(lock, guards)
{
	spinlock_t l;
	struct mutex m;
	unsigned long flags;

	spin_lock_init(&l);
	mutex_init(&m);
	KT_EQ(guarded(&l, &m, 1), 1);
	KT_ASSERT(!mutex_is_locked(&m), "guard left the mutex held");
	KT_EQ(guarded(&l, &m, 0), 1);
	KT_ASSERT(!spin_is_locked(&l) && !mutex_is_locked(&m), "guards left locks held");
	scoped_guard(spinlock_irqsave, &l)
		KT_ASSERT(spin_is_locked(&l), "irqsave guard");
	KT_ASSERT(!spin_is_locked(&l), "irqsave guard left it held");
	mutex_lock(&m);
	flags = 0;
	scoped_cond_guard(mutex_try, flags = 2, &m)
		KT_ASSERT(0, "trylock of a held mutex succeeded");
	KT_EQ(flags, 2);
	mutex_unlock(&m);
	scoped_cond_guard(mutex_try, return 1, &m)
		flags = mutex_is_locked(&m);
	KT_EQ(flags, 1);
	KT_ASSERT(!mutex_is_locked(&m), "cond guard left it held");
	return 0;
}

KTEST(lock, dec_and_lock)
{
	atomic_t a = ATOMIC_INIT(2);
	spinlock_t l;
	struct mutex m;
	unsigned long flags;

	spin_lock_init(&l);
	mutex_init(&m);
	KT_EQ(atomic_dec_and_lock(&a, &l), 0);
	KT_ASSERT(!spin_is_locked(&l), "locked before 0");
	KT_EQ(atomic_dec_and_lock(&a, &l), 1);
	KT_ASSERT(spin_is_locked(&l), "not locked at 0");
	spin_unlock(&l);
	atomic_set(&a, 1);
	KT_EQ(atomic_dec_and_lock_irqsave(&a, &l, flags), 1);
	spin_unlock_irqrestore(&l, flags);
	atomic_set(&a, 2);
	KT_EQ(atomic_dec_and_mutex_lock(&a, &m), 0);
	KT_EQ(atomic_dec_and_mutex_lock(&a, &m), 1);
	KT_ASSERT(mutex_is_locked(&m), "mutex at 0");
	mutex_unlock(&m);
	return 0;
}

KTEST(lock, bucket_locks)
{
	spinlock_t *locks;
	unsigned int mask;

	/* one CPU: cpu_mult locks, capped by max_size */
	KT_EQ(alloc_bucket_spinlocks(&locks, &mask, 1024, 4, GFP_KERNEL), 0);
	KT_EQ(mask, 3);
	KT_STREQ(locks[3].dep_map.name, "&locks");
	spin_lock(&locks[2]);
	KT_ASSERT(!spin_is_locked(&locks[1]), "neighbour locked");
	spin_unlock(&locks[2]);
	free_bucket_spinlocks(locks);
	KT_EQ(alloc_bucket_spinlocks(&locks, &mask, 16, 0, GFP_KERNEL), 0);
	KT_EQ(mask, 15);
	free_bucket_spinlocks(locks);
	return 0;
}

KTEST(refcount, ops)
{
	refcount_t r = REFCOUNT_INIT(1);
	int old;

	refcount_inc(&r);
	refcount_add(3, &r);
	KT_EQ(refcount_read(&r), 5);
	KT_ASSERT(!refcount_sub_and_test(3, &r), "sub to 2");
	KT_ASSERT(refcount_inc_not_zero(&r), "inc_not_zero");
	__refcount_inc(&r, &old);
	KT_EQ(old, 3);
	KT_ASSERT(refcount_dec_not_one(&r), "dec_not_one from 4");
	refcount_dec(&r);
	KT_EQ(refcount_read(&r), 2);
	KT_ASSERT(!refcount_dec_if_one(&r), "dec_if_one at 2");
	KT_ASSERT(!refcount_dec_and_test(&r), "dec to 1");
	KT_ASSERT(!refcount_dec_not_one(&r), "dec_not_one at 1");
	KT_ASSERT(refcount_dec_if_one(&r), "dec_if_one at 1");
	KT_EQ(refcount_read(&r), 0);
	KT_ASSERT(!refcount_inc_not_zero(&r), "inc_not_zero at 0");
	KT_ASSERT(!refcount_add_not_zero(2, &r), "add_not_zero at 0");
	KT_EQ(refcount_read(&r), 0);
	return 0;
}

KTEST(refcount, saturation)
{
	refcount_t r = REFCOUNT_INIT(0);
	unsigned long w0 = qdk_warn_count;

	/* addition on 0: use-after-free, saturated, one warning */
	refcount_inc(&r);
	KT_EQ((int)refcount_read(&r), REFCOUNT_SATURATED);
	KT_EQ(qdk_warn_count, w0 + 1);
	/* a saturated count never hits 0 again */
	KT_ASSERT(!refcount_dec_and_test(&r), "saturated count freed");
	refcount_set(&r, REFCOUNT_MAX);
	refcount_inc(&r);
	KT_EQ((int)refcount_read(&r), REFCOUNT_SATURATED);
	refcount_set(&r, 1);
	refcount_dec(&r);	/* hits 0: leak */
	KT_EQ((int)refcount_read(&r), REFCOUNT_SATURATED);
	refcount_set(&r, 1);
	KT_ASSERT(!refcount_sub_and_test(2, &r), "underflow");
	KT_EQ((int)refcount_read(&r), REFCOUNT_SATURATED);
	qdk_warn_count = w0;
	return 0;
}

KTEST(refcount, dec_and_lock)
{
	refcount_t r = REFCOUNT_INIT(2);
	spinlock_t l;
	struct mutex m;
	unsigned long flags;

	spin_lock_init(&l);
	mutex_init(&m);
	KT_ASSERT(!refcount_dec_and_lock(&r, &l), "not last");
	KT_ASSERT(!spin_is_locked(&l), "locked before last");
	KT_ASSERT(refcount_dec_and_lock(&r, &l), "last");
	KT_ASSERT(spin_is_locked(&l), "not locked at last");
	spin_unlock(&l);
	refcount_set(&r, 1);
	KT_ASSERT(refcount_dec_and_lock_irqsave(&r, &l, &flags), "last irqsave");
	spin_unlock_irqrestore(&l, flags);
	refcount_set(&r, 1);
	KT_ASSERT(refcount_dec_and_mutex_lock(&r, &m), "last mutex");
	KT_ASSERT(mutex_is_locked(&m), "mutex");
	mutex_unlock(&m);
	return 0;
}

KTEST(lock, raw_ops_and_devm_mutex)
{
	rwlock_t rw;

	rwlock_init(&rw);
	do_raw_read_lock(&rw);
	KT_EQ(do_raw_write_trylock(&rw), 0);
	do_raw_read_unlock(&rw);
	KT_EQ(do_raw_write_trylock(&rw), 1);
	KT_EQ(do_raw_read_trylock(&rw), 0);
	do_raw_write_unlock(&rw);
	KT_EQ(rw.cnt, 0);
	KT_EQ(read_lock_is_recursive(), 0);
	lockdep_init_task(NULL);
	return 0;
}

DEFINE_FREE(kt_kfree, int *, kfree(_T))

KTEST(lock, guards_of_every_kind)
{
	spinlock_t l;
	rwlock_t rw;
	raw_spinlock_t r;
	struct mutex m;
	static struct lock_class_key key;
	atomic_t a = ATOMIC_INIT(1);
	unsigned long flags;
	int taken = 0;

	spin_lock_init(&l);
	rwlock_init(&rw);
	raw_spin_lock_init(&r);
	mutex_init_with_key(&m, &key);
	KT_ASSERT(m.dep_map.key == &key, "key");
	scoped_guard(spinlock_try, &l) {
		taken++;
		/* held: a second try fails */
		scoped_guard(spinlock_bh_try, &l)
			taken += 10;
	}
	KT_EQ(taken, 1);
	scoped_guard(read_lock, &rw) {
		KT_ASSERT(rw.cnt == 1, "read guard");
		scoped_guard(read_lock_irqsave, &rw)
			KT_ASSERT(rw.cnt == 2, "nested readers");
	}
	scoped_guard(write_lock_irq, &rw)
		KT_ASSERT(rw.cnt == -1, "write guard");
	KT_EQ(rw.cnt, 0);
	scoped_guard(raw_spinlock_irqsave_try, &r)
		KT_ASSERT(raw_spin_is_locked(&r), "raw try guard");
	{
		guard(mutex)(&m);
		KT_ASSERT(mutex_is_locked(&m), "mutex guard");
	}
	KT_EQ(spin_needbreak(&l), 0);
	KT_EQ(rwlock_needbreak(&rw), 0);
	KT_EQ(atomic_dec_and_raw_lock_irqsave(&a, &r, flags), 1);
	raw_spin_unlock_irqrestore(&r, flags);
	{
		int *p __free(kt_kfree) = kzalloc(sizeof(int), GFP_KERNEL);
		int *q __free(kt_kfree) = kzalloc(sizeof(int), GFP_KERNEL);
		int *keep = q;

		retain_and_null_ptr(q);		/* q is NULL: not freed at the end */
		KT_ASSERT(p && !q, "retained");
		kfree(keep);
	}
	return 0;
}

KTEST(lock, preempt_levels_and_guards)
{
	int base = preempt_count();

	KT_EQ(interrupt_context_level(), 0);
	local_bh_disable();		/* bottom halves off: still a task */
	KT_EQ(interrupt_context_level(), 0);
	local_bh_enable();
	preempt_count_add(SOFTIRQ_OFFSET);
	KT_EQ(interrupt_context_level(), 1);
	preempt_count_add(HARDIRQ_OFFSET);
	KT_EQ(interrupt_context_level(), 2);
	preempt_count_add(NMI_OFFSET);
	KT_EQ(interrupt_context_level(), 3);
	preempt_count_sub(NMI_OFFSET + HARDIRQ_OFFSET + SOFTIRQ_OFFSET);
	KT_EQ(preempt_count(), base);

	preempt_disable_nested();
	KT_EQ(preempt_count(), base + 1);
	preempt_enable_nested();
	preempt_disable();
	KT_ASSERT(!preempt_count_dec_and_test(), "no reschedule is ever due");
	KT_EQ(preempt_count(), base);
	KT_EQ(PREEMPT_DISABLED, PREEMPT_DISABLE_OFFSET);
	KT_EQ(FORK_PREEMPT_COUNT, 2 * PREEMPT_DISABLE_OFFSET);
	{
		guard(preempt)();
		KT_EQ(preempt_count(), base + 1);
		KT_ASSERT(in_atomic(), "atomic in the guard");
	}
	KT_EQ(preempt_count(), base);
	scoped_guard(preempt_notrace)
		KT_EQ(preempt_count(), base + 1);
	KT_EQ(preempt_count(), base);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(!preempt_model_none() && !preempt_model_full(), "none/full");
	KT_ASSERT(!preempt_model_rt(), "not RT");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
	KT_ASSERT(preempt_model_lazy() && !preempt_model_voluntary(), "7.x boots lazy");
	KT_ASSERT(preempt_model_preemptible(), "lazy preempts");
#else
	KT_ASSERT(preempt_model_voluntary(), "6.12 boots voluntary");
	KT_ASSERT(!preempt_model_preemptible(), "voluntary does not preempt");
#endif
#endif
	return 0;
}
