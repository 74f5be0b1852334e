/* SPDX-License-Identifier: GPL-2.0 */
/*
 * refcount_t with the kernel's saturation semantics (lib/refcount.c's rules,
 * shim/lib/locking.c): an increment from 0 or past INT_MAX, a decrement
 * below 0 or to 0 by refcount_dec(), saturates the count at
 * REFCOUNT_SATURATED and warns once per kind, as the kernel does; a
 * saturated count never reaches 0 again, so the object leaks instead of
 * being freed while in use.
 */
#ifndef _LINUX_REFCOUNT_H
#define _LINUX_REFCOUNT_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/spinlock_types.h>

struct mutex;

typedef struct refcount_struct {
	atomic_t refs;
} refcount_t;

#define REFCOUNT_INIT(n)	{ .refs = ATOMIC_INIT(n), }
#define REFCOUNT_MAX		INT_MAX
#define REFCOUNT_SATURATED	(INT_MIN / 2)

enum refcount_saturation_type {
	REFCOUNT_ADD_NOT_ZERO_OVF,
	REFCOUNT_ADD_OVF,
	REFCOUNT_ADD_UAF,
	REFCOUNT_SUB_UAF,
	REFCOUNT_DEC_LEAK,
};

void refcount_warn_saturate(refcount_t *r, enum refcount_saturation_type t);

static inline void refcount_set(refcount_t *r, int n)
{
	atomic_set(&r->refs, n);
}

static inline void refcount_set_release(refcount_t *r, int n)
{
	atomic_set(&r->refs, n);
}

static inline unsigned int refcount_read(const refcount_t *r)
{
	return atomic_read(&r->refs);
}

static inline __must_check bool __refcount_add_not_zero(int i, refcount_t *r, int *oldp)
{
	int old = refcount_read(r);

	if (old)
		atomic_set(&r->refs, old + i);
	if (oldp)
		*oldp = old;
	if (unlikely(old < 0 || old + i < 0))
		refcount_warn_saturate(r, REFCOUNT_ADD_NOT_ZERO_OVF);
	return old;
}

static inline __must_check bool refcount_add_not_zero(int i, refcount_t *r)
{
	return __refcount_add_not_zero(i, r, NULL);
}

static inline void __refcount_add(int i, refcount_t *r, int *oldp)
{
	int old = atomic_fetch_add(i, &r->refs);

	if (oldp)
		*oldp = old;
	if (unlikely(!old))
		refcount_warn_saturate(r, REFCOUNT_ADD_UAF);
	else if (unlikely(old < 0 || old + i < 0))
		refcount_warn_saturate(r, REFCOUNT_ADD_OVF);
}

static inline void refcount_add(int i, refcount_t *r)
{
	__refcount_add(i, r, NULL);
}

static inline __must_check bool __refcount_inc_not_zero(refcount_t *r, int *oldp)
{
	return __refcount_add_not_zero(1, r, oldp);
}

static inline __must_check bool refcount_inc_not_zero(refcount_t *r)
{
	return __refcount_inc_not_zero(r, NULL);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x: add @i unless the count is 0 or the sum would pass @limit (then
 * false, the count untouched), with acquire order (one thread here: the
 * plain update is ordered)
 */
static inline __must_check bool
__refcount_add_not_zero_limited_acquire(int i, refcount_t *r, int *oldp, int limit)
{
	int old = refcount_read(r);

	if (old && i > limit - old) {
		if (oldp)
			*oldp = old;
		return false;
	}
	return __refcount_add_not_zero(i, r, oldp);
}

static inline __must_check bool
__refcount_inc_not_zero_limited_acquire(refcount_t *r, int *oldp, int limit)
{
	return __refcount_add_not_zero_limited_acquire(1, r, oldp, limit);
}

static inline __must_check bool __refcount_add_not_zero_acquire(int i, refcount_t *r, int *oldp)
{
	return __refcount_add_not_zero_limited_acquire(i, r, oldp, INT_MAX);
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: add @i unless the count is 0, with acquire order */
static inline __must_check bool __refcount_add_not_zero_acquire(int i, refcount_t *r, int *oldp)
{
	return __refcount_add_not_zero(i, r, oldp);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline __must_check bool refcount_add_not_zero_acquire(int i, refcount_t *r)
{
	return __refcount_add_not_zero_acquire(i, r, NULL);
}

static inline __must_check bool __refcount_inc_not_zero_acquire(refcount_t *r, int *oldp)
{
	return __refcount_add_not_zero_acquire(1, r, oldp);
}
#endif

static inline __must_check bool refcount_inc_not_zero_acquire(refcount_t *r)
{
	return __refcount_inc_not_zero(r, NULL);
}

static inline void __refcount_inc(refcount_t *r, int *oldp)
{
	__refcount_add(1, r, oldp);
}

static inline void refcount_inc(refcount_t *r)
{
	__refcount_inc(r, NULL);
}

static inline __must_check bool __refcount_sub_and_test(int i, refcount_t *r, int *oldp)
{
	int old = atomic_fetch_sub(i, &r->refs);

	if (oldp)
		*oldp = old;
	if (old == i)
		return true;
	if (unlikely(old < 0 || old - i < 0))
		refcount_warn_saturate(r, REFCOUNT_SUB_UAF);
	return false;
}

static inline __must_check bool refcount_sub_and_test(int i, refcount_t *r)
{
	return __refcount_sub_and_test(i, r, NULL);
}

static inline __must_check bool __refcount_dec_and_test(refcount_t *r, int *oldp)
{
	return __refcount_sub_and_test(1, r, oldp);
}

static inline __must_check bool refcount_dec_and_test(refcount_t *r)
{
	return __refcount_dec_and_test(r, NULL);
}

static inline void __refcount_dec(refcount_t *r, int *oldp)
{
	int old = atomic_fetch_sub(1, &r->refs);

	if (oldp)
		*oldp = old;
	if (unlikely(old <= 1))
		refcount_warn_saturate(r, REFCOUNT_DEC_LEAK);
}

static inline void refcount_dec(refcount_t *r)
{
	__refcount_dec(r, NULL);
}

/* lib/locking.c, as lib/refcount.c */
bool refcount_dec_if_one(refcount_t *r);
bool refcount_dec_not_one(refcount_t *r);
bool refcount_dec_and_mutex_lock(refcount_t *r, struct mutex *lock) __cond_acquires(lock);
bool refcount_dec_and_lock(refcount_t *r, spinlock_t *lock) __cond_acquires(lock);
bool refcount_dec_and_lock_irqsave(refcount_t *r, spinlock_t *lock,
				   unsigned long *flags) __cond_acquires(lock);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bug.h>
#endif
