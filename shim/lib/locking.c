// SPDX-License-Identifier: GPL-2.0
/*
 * locking.c - what the lock headers do out of line: a lock taken again on
 * the shim's one CPU (the kernel would spin or sleep forever) handed to the
 * context checks, lockdep_is_held() from the locks' state, the dec-and-lock
 * helpers (lib/dec_and_lock.c, lib/refcount.c) and bucket locks
 * (lib/bucket_locks.c).
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/bug.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

/* the kernel would wait forever: the context checks stop the program at ip */
void qdk_lock_stuck(const char *what, struct lockdep_map *map, unsigned long ip)
{
	qdk_ctx_recursion(what, map, ip);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the interrupt state the outermost spin_lock_irq_disable() saved (spinlock.h) */
unsigned long qdk_local_interrupt_disable_state;

void mutex_init_generic(struct mutex *lock)
{
	lock->locked = 0;
}
EXPORT_SYMBOL(mutex_init_generic);
#endif

int qdk_lock_is_held(const void *lock, int type)
{
	switch (type) {
	case 1:
		return ((const raw_spinlock_t *)lock)->locked != 0;
	case 2:
		return ((const spinlock_t *)lock)->rlock.locked != 0;
	case 3:
		return ((const rwlock_t *)lock)->cnt != 0;
	case 4:
		return ((const struct mutex *)lock)->locked != 0;
	case 5:
		return rwsem_is_locked((struct rw_semaphore *)lock);
	default:
		return 1;
	}
}

int _atomic_dec_and_lock(atomic_t *atomic, spinlock_t *lock)
{
	/* not the last reference: no lock needed */
	if (atomic_add_unless(atomic, -1, 1))
		return 0;
	spin_lock(lock);
	if (atomic_dec_and_test(atomic))
		return 1;
	spin_unlock(lock);
	return 0;
}
EXPORT_SYMBOL(_atomic_dec_and_lock);

int _atomic_dec_and_lock_irqsave(atomic_t *atomic, spinlock_t *lock, unsigned long *flags)
{
	if (atomic_add_unless(atomic, -1, 1))
		return 0;
	spin_lock_irqsave(lock, *flags);
	if (atomic_dec_and_test(atomic))
		return 1;
	spin_unlock_irqrestore(lock, *flags);
	return 0;
}
EXPORT_SYMBOL(_atomic_dec_and_lock_irqsave);

int _atomic_dec_and_raw_lock(atomic_t *atomic, raw_spinlock_t *lock)
{
	if (atomic_add_unless(atomic, -1, 1))
		return 0;
	raw_spin_lock(lock);
	if (atomic_dec_and_test(atomic))
		return 1;
	raw_spin_unlock(lock);
	return 0;
}
EXPORT_SYMBOL(_atomic_dec_and_raw_lock);

int atomic_dec_and_mutex_lock(atomic_t *cnt, struct mutex *lock)
{
	if (atomic_add_unless(cnt, -1, 1))
		return 0;
	mutex_lock(lock);
	if (!atomic_dec_and_test(cnt)) {
		mutex_unlock(lock);
		return 0;
	}
	return 1;
}
EXPORT_SYMBOL(atomic_dec_and_mutex_lock);

int __alloc_bucket_spinlocks(spinlock_t **locks, unsigned int *locks_mask,
			     size_t max_size, unsigned int cpu_mult, gfp_t gfp,
			     const char *name, struct lock_class_key *key)
{
	unsigned int i, size = max_size;
	spinlock_t *tl;

	/* locks per CPU, at most 64 CPUs' worth, never more than max_size */
	if (cpu_mult)
		size = min_t(unsigned int, min_t(unsigned int, num_possible_cpus(), 64) * cpu_mult,
			     max_size);
	tl = kvmalloc_array(size, sizeof(*tl), gfp);
	if (!tl)
		return -ENOMEM;
	for (i = 0; i < size; i++) {
		spin_lock_init(&tl[i]);
		lockdep_init_map(&tl[i].dep_map, name, key, 0);
	}
	*locks = tl;
	*locks_mask = size - 1;
	return 0;
}
EXPORT_SYMBOL(__alloc_bucket_spinlocks);

void free_bucket_spinlocks(spinlock_t *locks)
{
	kvfree(locks);
}
EXPORT_SYMBOL(free_bucket_spinlocks);

/* ---- refcount_t (lib/refcount.c) ---- */

void refcount_warn_saturate(refcount_t *r, enum refcount_saturation_type t)
{
	static bool warned[REFCOUNT_DEC_LEAK + 1];
	static const char *const what[] = {
		[REFCOUNT_ADD_NOT_ZERO_OVF] = "saturated; leaking memory",
		[REFCOUNT_ADD_OVF] = "saturated; leaking memory",
		[REFCOUNT_ADD_UAF] = "addition on 0; use-after-free",
		[REFCOUNT_SUB_UAF] = "underflow; use-after-free",
		[REFCOUNT_DEC_LEAK] = "decrement hit 0; leaking memory",
	};

	refcount_set(r, REFCOUNT_SATURATED);
	if ((unsigned int)t > REFCOUNT_DEC_LEAK) {
		WARN_ONCE(1, "refcount_t: unknown saturation event!?\n");
		return;
	}
	if (!warned[t]) {
		warned[t] = true;
		pr_warn("refcount_t: %s.\n", what[t]);
		qdk_warn(__FILE__, __LINE__, "refcount saturated");
	}
}
EXPORT_SYMBOL(refcount_warn_saturate);

bool refcount_dec_if_one(refcount_t *r)
{
	if (refcount_read(r) != 1)
		return false;
	refcount_set(r, 0);
	return true;
}
EXPORT_SYMBOL(refcount_dec_if_one);

bool refcount_dec_not_one(refcount_t *r)
{
	int val = refcount_read(r);

	if (unlikely(val == REFCOUNT_SATURATED))
		return true;
	if (val == 1)
		return false;
	if (WARN_ONCE(val <= 0 && val != INT_MIN, "refcount_t: underflow; use-after-free.\n"))
		return true;
	refcount_set(r, val - 1);
	return true;
}
EXPORT_SYMBOL(refcount_dec_not_one);

bool refcount_dec_and_mutex_lock(refcount_t *r, struct mutex *lock)
{
	if (refcount_dec_not_one(r))
		return false;
	mutex_lock(lock);
	if (!refcount_dec_and_test(r)) {
		mutex_unlock(lock);
		return false;
	}
	return true;
}
EXPORT_SYMBOL(refcount_dec_and_mutex_lock);

bool refcount_dec_and_lock(refcount_t *r, spinlock_t *lock)
{
	if (refcount_dec_not_one(r))
		return false;
	spin_lock(lock);
	if (!refcount_dec_and_test(r)) {
		spin_unlock(lock);
		return false;
	}
	return true;
}
EXPORT_SYMBOL(refcount_dec_and_lock);

bool refcount_dec_and_lock_irqsave(refcount_t *r, spinlock_t *lock, unsigned long *flags)
{
	if (refcount_dec_not_one(r))
		return false;
	spin_lock_irqsave(lock, *flags);
	if (!refcount_dec_and_test(r)) {
		spin_unlock_irqrestore(lock, *flags);
		return false;
	}
	return true;
}
EXPORT_SYMBOL(refcount_dec_and_lock_irqsave);

int _atomic_dec_and_raw_lock_irqsave(atomic_t *atomic, raw_spinlock_t *lock,
				     unsigned long *flags)
{
	if (atomic_add_unless(atomic, -1, 1))
		return 0;
	raw_spin_lock_irqsave(lock, *flags);
	if (atomic_dec_and_test(atomic))
		return 1;
	raw_spin_unlock_irqrestore(lock, *flags);
	return 0;
}
EXPORT_SYMBOL(_atomic_dec_and_raw_lock_irqsave);
