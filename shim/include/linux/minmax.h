/* SPDX-License-Identifier: GPL-2.0 */
/*
 * min()/max() with the series' type check. 6.1: comparing different types
 * is a compile-time warning ("comparison of distinct pointer types"). 6.12
 * and later (6.7's rework): different types compare when both are signed or
 * both unsigned after promotion, or one side is a constant; otherwise the
 * build fails.
 */
#ifndef _LINUX_MINMAX_H
#define _LINUX_MINMAX_H

#include <linux/compiler.h>
#include <linux/build_bug.h>
#include <linux/version.h>
#include <linux/types.h>

#define __typecheck(x, y) \
	(!!(sizeof((typeof(x) *)1 == (typeof(y) *)1)))

#define __cmp(x, y, op)	((x) op (y) ? (x) : (y))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __is_signed_expr(x) ((typeof((x) + 0))-1 < 1)
#define __types_ok(x, y) (__is_signed_expr(x) == __is_signed_expr(y) || \
			  __builtin_constant_p(x) || __builtin_constant_p(y))

#define __cmp_once(x, y, op) ({						\
		BUILD_BUG_ON_MSG(!__types_ok(x, y), "min/max() signedness error"); \
		typeof(x) __x = (x);					\
		typeof(y) __y = (y);					\
		__cmp(__x, __y, op); })
#else
#define __cmp_once(x, y, op) ({			\
		typeof(x) __x = (x);		\
		typeof(y) __y = (y);		\
		(void)__typecheck(__x, __y);	\
		__cmp(__x, __y, op); })
#endif

#define min(x, y)	__cmp_once(x, y, <)
#define max(x, y)	__cmp_once(x, y, >)
#define min3(x, y, z)	min((typeof(x))min(x, y), z)
#define max3(x, y, z)	max((typeof(x))max(x, y), z)
#define min_not_zero(x, y) ({			\
	typeof(x) __x = (x);			\
	typeof(y) __y = (y);			\
	__x == 0 ? __y : ((__y == 0) ? __x : min(__x, __y)); })
#define clamp(val, lo, hi) min((typeof(val))max(val, lo), hi)

#define min_t(type, x, y)	({ type __mx = (x); type __my = (y); __cmp(__mx, __my, <); })
#define max_t(type, x, y)	({ type __mx = (x); type __my = (y); __cmp(__mx, __my, >); })
#define clamp_t(type, val, lo, hi) min_t(type, max_t(type, val, lo), hi)
#define clamp_val(val, lo, hi) clamp_t(typeof(val), val, lo, hi)

#define swap(a, b) \
	do { typeof(a) __tmp = (a); (a) = (b); (b) = __tmp; } while (0)

/* the smaller/larger of two values compared as unsigned (zero-extended to u64) */
#define umin(x, y)	min((x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)
#define umax(x, y)	max((x) + 0u + 0ul + 0ull, (y) + 0u + 0ul + 0ull)

/* for constant expressions (array sizes): no temporaries, no type check */
#define MIN(a, b)	((a) < (b) ? (a) : (b))
#define MAX(a, b)	((a) > (b) ? (a) : (b))
#define MIN_T(type, a, b)	MIN((type)(a), (type)(b))
#define MAX_T(type, a, b)	MAX((type)(a), (type)(b))

/* the least/greatest of an array's len elements (len > 0) */
#define __minmax_array(op, array, len) ({				\
	__typeof__(&(array)[0]) __array = (array);			\
	__typeof__(len) __len = (len);					\
	__typeof__(__array[0] + 0) __element = __array[--__len];	\
	while (__len--)							\
		__element = op(__element, __array[__len]);		\
	__element;							\
})
#define min_array(array, len)	__minmax_array(min, array, len)
#define max_array(array, len)	__minmax_array(max, array, len)

/* whether val lies in [start, start + len) */
static inline bool in_range64(u64 val, u64 start, u64 len)
{
	return (val - start) < len;
}

static inline bool in_range32(u32 val, u32 start, u32 len)
{
	return (val - start) < len;
}

#define in_range(val, start, len)					\
	((sizeof(start) | sizeof(len) | sizeof(val)) <= sizeof(u32) ?	\
		in_range32(val, start, len) : in_range64(val, start, len))


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/const.h>
#include <linux/types.h>
#endif
