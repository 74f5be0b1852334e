/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_REFCOUNT_H
#define _LINUX_REFCOUNT_H

#include <linux/atomic.h>

typedef struct refcount_struct {
	atomic_t refs;
} refcount_t;

#define REFCOUNT_INIT(n)	{ .refs = ATOMIC_INIT(n), }

static inline void refcount_set(refcount_t *r, int n)
{
	r->refs.counter = n;
}

static inline unsigned int refcount_read(const refcount_t *r)
{
	return r->refs.counter;
}

static inline void refcount_inc(refcount_t *r)
{
	r->refs.counter++;
}

static inline bool refcount_dec_and_test(refcount_t *r)
{
	return --r->refs.counter == 0;
}

static inline void refcount_dec(refcount_t *r)
{
	r->refs.counter--;
}

static inline bool refcount_inc_not_zero(refcount_t *r)
{
	if (!r->refs.counter)
		return false;
	r->refs.counter++;
	return true;
}

static inline bool refcount_dec_if_one(refcount_t *r)
{
	if (r->refs.counter != 1)
		return false;
	r->refs.counter = 0;
	return true;
}

#endif
