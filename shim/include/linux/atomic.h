/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Atomics with the kernel's types and signatures (atomic_t: int,
 * atomic64_t: s64, atomic_long_t: long; linux/types.h), as plain
 * operations: the shim runs one thread. Every ordering variant
 * (_relaxed, _acquire, _release) is the fully ordered operation.
 * cmpxchg(), xchg() and try_cmpxchg() work on any scalar, as the
 * kernel's do on 1, 2, 4 and 8 bytes.
 */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/types.h>
#include <linux/compiler.h>

#define ATOMIC_INIT(i)		{ (i) }
#define ATOMIC64_INIT(i)	{ (i) }
#define ATOMIC_LONG_INIT(i)	ATOMIC64_INIT(i)

/* ---- cmpxchg(), xchg(), try_cmpxchg() on a plain variable ---------------- */

#define xchg(ptr, x) ({							\
	typeof(ptr) __xp = (ptr);					\
	typeof(*(ptr)) __x_old = *__xp;					\
	*__xp = (x);							\
	__x_old;								\
})

/* *ptr = new if *ptr was old; returns what *ptr was */
#define cmpxchg(ptr, old, new) ({					\
	typeof(ptr) __cp = (ptr);					\
	typeof(*(ptr)) __c_old = (old), __c_ret = *__cp;			\
	if (__c_ret == __c_old)						\
		*__cp = (new);						\
	__c_ret;								\
})

/* cmpxchg() that, failing, writes what *ptr was into *oldp; true if it swapped */
#define try_cmpxchg(ptr, oldp, new) ({					\
	typeof(ptr) __tp = (ptr);					\
	typeof(oldp) __top = (oldp);					\
	typeof(*(ptr)) __tcur = *__tp;					\
	bool __tok = __tcur == *__top;					\
	if (__tok)							\
		*__tp = (new);						\
	else								\
		*__top = __tcur;					\
	likely(__tok);							\
})

#define xchg_relaxed(ptr, x)		xchg(ptr, x)
#define xchg_acquire(ptr, x)		xchg(ptr, x)
#define xchg_release(ptr, x)		xchg(ptr, x)
#define cmpxchg_relaxed(ptr, o, n)	cmpxchg(ptr, o, n)
#define cmpxchg_acquire(ptr, o, n)	cmpxchg(ptr, o, n)
#define cmpxchg_release(ptr, o, n)	cmpxchg(ptr, o, n)
#define try_cmpxchg_relaxed(ptr, po, n)	try_cmpxchg(ptr, po, n)
#define try_cmpxchg_acquire(ptr, po, n)	try_cmpxchg(ptr, po, n)
#define try_cmpxchg_release(ptr, po, n)	try_cmpxchg(ptr, po, n)
#define cmpxchg64(ptr, o, n)		cmpxchg(ptr, o, n)
#define cmpxchg_local(ptr, o, n)	cmpxchg(ptr, o, n)
#define cmpxchg64_local(ptr, o, n)	cmpxchg(ptr, o, n)
#define try_cmpxchg64(ptr, po, n)	try_cmpxchg(ptr, po, n)
#define try_cmpxchg_local(ptr, po, n)	try_cmpxchg(ptr, po, n)

/*
 * One family of operations per type: PFX_read() ... PFX_dec_if_positive(),
 * as include/linux/atomic/atomic-instrumented.h names them.
 */
#define __QDK_ATOMIC_OPS(pfx, atype, t)					\
static __always_inline t pfx##_read(const atype *v)			\
{ return READ_ONCE(v->counter); }					\
static __always_inline t pfx##_read_acquire(const atype *v)		\
{ return READ_ONCE(v->counter); }					\
static __always_inline void pfx##_set(atype *v, t i)			\
{ WRITE_ONCE(v->counter, i); }						\
static __always_inline void pfx##_set_release(atype *v, t i)		\
{ WRITE_ONCE(v->counter, i); }						\
static __always_inline void pfx##_add(t i, atype *v)			\
{ v->counter += i; }							\
static __always_inline void pfx##_sub(t i, atype *v)			\
{ v->counter -= i; }							\
static __always_inline void pfx##_inc(atype *v)				\
{ v->counter++; }							\
static __always_inline void pfx##_dec(atype *v)				\
{ v->counter--; }							\
static __always_inline void pfx##_and(t i, atype *v)			\
{ v->counter &= i; }							\
static __always_inline void pfx##_andnot(t i, atype *v)		\
{ v->counter &= ~i; }							\
static __always_inline void pfx##_or(t i, atype *v)			\
{ v->counter |= i; }							\
static __always_inline void pfx##_xor(t i, atype *v)			\
{ v->counter ^= i; }							\
static __always_inline t pfx##_add_return(t i, atype *v)		\
{ return v->counter += i; }						\
static __always_inline t pfx##_sub_return(t i, atype *v)		\
{ return v->counter -= i; }						\
static __always_inline t pfx##_inc_return(atype *v)			\
{ return ++v->counter; }						\
static __always_inline t pfx##_dec_return(atype *v)			\
{ return --v->counter; }						\
static __always_inline t pfx##_fetch_add(t i, atype *v)		\
{ t old = v->counter; v->counter += i; return old; }			\
static __always_inline t pfx##_fetch_sub(t i, atype *v)		\
{ t old = v->counter; v->counter -= i; return old; }			\
static __always_inline t pfx##_fetch_inc(atype *v)			\
{ return v->counter++; }						\
static __always_inline t pfx##_fetch_dec(atype *v)			\
{ return v->counter--; }						\
static __always_inline t pfx##_fetch_and(t i, atype *v)		\
{ t old = v->counter; v->counter &= i; return old; }			\
static __always_inline t pfx##_fetch_andnot(t i, atype *v)		\
{ t old = v->counter; v->counter &= ~i; return old; }			\
static __always_inline t pfx##_fetch_or(t i, atype *v)			\
{ t old = v->counter; v->counter |= i; return old; }			\
static __always_inline t pfx##_fetch_xor(t i, atype *v)		\
{ t old = v->counter; v->counter ^= i; return old; }			\
static __always_inline t pfx##_xchg(atype *v, t new)			\
{ t old = v->counter; v->counter = new; return old; }			\
static __always_inline t pfx##_cmpxchg(atype *v, t old, t new)		\
{ t cur = v->counter; if (cur == old) v->counter = new; return cur; }	\
static __always_inline bool pfx##_try_cmpxchg(atype *v, t *old, t new)	\
{									\
	if (v->counter == *old) {					\
		v->counter = new;					\
		return true;						\
	}								\
	*old = v->counter;						\
	return false;							\
}									\
static __always_inline bool pfx##_sub_and_test(t i, atype *v)		\
{ return (v->counter -= i) == 0; }					\
static __always_inline bool pfx##_dec_and_test(atype *v)		\
{ return --v->counter == 0; }						\
static __always_inline bool pfx##_inc_and_test(atype *v)		\
{ return ++v->counter == 0; }						\
static __always_inline bool pfx##_add_negative(t i, atype *v)		\
{ return (v->counter += i) < 0; }					\
/* adds a unless the value is u; returns the value before */		\
static __always_inline t pfx##_fetch_add_unless(atype *v, t a, t u)	\
{ t c = v->counter; if (c != u) v->counter = c + a; return c; }		\
static __always_inline bool pfx##_add_unless(atype *v, t a, t u)	\
{ return pfx##_fetch_add_unless(v, a, u) != u; }			\
static __always_inline bool pfx##_inc_not_zero(atype *v)		\
{ return pfx##_add_unless(v, 1, 0); }					\
static __always_inline bool pfx##_inc_unless_negative(atype *v)	\
{ if (v->counter < 0) return false; v->counter++; return true; }	\
static __always_inline bool pfx##_dec_unless_positive(atype *v)	\
{ if (v->counter > 0) return false; v->counter--; return true; }	\
/* decrements unless that would go below 0; returns the value minus 1 */ \
static __always_inline t pfx##_dec_if_positive(atype *v)		\
{ t d = v->counter - 1; if (d >= 0) v->counter = d; return d; }

__QDK_ATOMIC_OPS(atomic, atomic_t, int)
__QDK_ATOMIC_OPS(atomic64, atomic64_t, s64)
__QDK_ATOMIC_OPS(atomic_long, atomic_long_t, long)

/* the ordering variants: one thread, all of them fully ordered */
#define atomic_add_return_relaxed	atomic_add_return
#define atomic_add_return_acquire	atomic_add_return
#define atomic_add_return_release	atomic_add_return
#define atomic_sub_return_relaxed	atomic_sub_return
#define atomic_sub_return_acquire	atomic_sub_return
#define atomic_sub_return_release	atomic_sub_return
#define atomic_inc_return_relaxed	atomic_inc_return
#define atomic_inc_return_acquire	atomic_inc_return
#define atomic_inc_return_release	atomic_inc_return
#define atomic_dec_return_relaxed	atomic_dec_return
#define atomic_dec_return_acquire	atomic_dec_return
#define atomic_dec_return_release	atomic_dec_return
#define atomic_fetch_add_relaxed	atomic_fetch_add
#define atomic_fetch_add_acquire	atomic_fetch_add
#define atomic_fetch_add_release	atomic_fetch_add
#define atomic_fetch_sub_relaxed	atomic_fetch_sub
#define atomic_fetch_sub_acquire	atomic_fetch_sub
#define atomic_fetch_sub_release	atomic_fetch_sub
#define atomic_fetch_inc_relaxed	atomic_fetch_inc
#define atomic_fetch_dec_relaxed	atomic_fetch_dec
#define atomic_fetch_and_relaxed	atomic_fetch_and
#define atomic_fetch_or_relaxed		atomic_fetch_or
#define atomic_fetch_xor_relaxed	atomic_fetch_xor
#define atomic_fetch_andnot_relaxed	atomic_fetch_andnot
#define atomic_xchg_relaxed		atomic_xchg
#define atomic_xchg_acquire		atomic_xchg
#define atomic_xchg_release		atomic_xchg
#define atomic_cmpxchg_relaxed		atomic_cmpxchg
#define atomic_cmpxchg_acquire		atomic_cmpxchg
#define atomic_cmpxchg_release		atomic_cmpxchg
#define atomic_try_cmpxchg_relaxed	atomic_try_cmpxchg
#define atomic_try_cmpxchg_acquire	atomic_try_cmpxchg
#define atomic_try_cmpxchg_release	atomic_try_cmpxchg

#define atomic64_add_return_relaxed	atomic64_add_return
#define atomic64_sub_return_relaxed	atomic64_sub_return
#define atomic64_inc_return_relaxed	atomic64_inc_return
#define atomic64_dec_return_relaxed	atomic64_dec_return
#define atomic64_fetch_add_relaxed	atomic64_fetch_add
#define atomic64_fetch_sub_relaxed	atomic64_fetch_sub
#define atomic64_xchg_relaxed		atomic64_xchg
#define atomic64_cmpxchg_relaxed	atomic64_cmpxchg
#define atomic64_try_cmpxchg_relaxed	atomic64_try_cmpxchg

#define atomic_long_add_return_relaxed	atomic_long_add_return
#define atomic_long_inc_return_relaxed	atomic_long_inc_return
#define atomic_long_dec_return_relaxed	atomic_long_dec_return
#define atomic_long_fetch_add_relaxed	atomic_long_fetch_add
#define atomic_long_xchg_relaxed	atomic_long_xchg
#define atomic_long_cmpxchg_relaxed	atomic_long_cmpxchg
#define atomic_long_try_cmpxchg_relaxed	atomic_long_try_cmpxchg

/*
 * Wait until cond (an expression of VAL, the counter's value) holds: the
 * kernel's smp_cond_load_*() spins re-reading the counter. One CPU and one
 * thread here: nothing can change it meanwhile, so a false cond, which would
 * spin forever, warns once and the value read is returned.
 */
#define __qdk_cond_read(ptr, cond_expr) ({				\
	typeof(ptr) __PTR = (ptr);					\
	typeof(*(ptr)) VAL = READ_ONCE(*__PTR);				\
	WARN_ONCE(!(cond_expr), "cond_read: the condition is false and " \
		  "nothing else runs: the kernel would spin forever\n");	\
	VAL;								\
})

#define atomic_cond_read_acquire(v, c)		__qdk_cond_read(&(v)->counter, (c))
#define atomic_cond_read_relaxed(v, c)		__qdk_cond_read(&(v)->counter, (c))
#define atomic64_cond_read_acquire(v, c)	__qdk_cond_read(&(v)->counter, (c))
#define atomic64_cond_read_relaxed(v, c)	__qdk_cond_read(&(v)->counter, (c))

#endif
