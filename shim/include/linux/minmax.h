/* SPDX-License-Identifier: GPL-2.0 */
/*
 * min()/max() with the kernel's type check: comparing different types is a
 * compile-time warning ("comparison of distinct pointer types").
 */
#ifndef _LINUX_MINMAX_H
#define _LINUX_MINMAX_H

#include <linux/compiler.h>

#define __typecheck(x, y) \
	(!!(sizeof((typeof(x) *)1 == (typeof(y) *)1)))

#define __cmp(x, y, op)	((x) op (y) ? (x) : (y))

#define __cmp_once(x, y, op) ({			\
		typeof(x) __x = (x);		\
		typeof(y) __y = (y);		\
		(void)__typecheck(__x, __y);	\
		__cmp(__x, __y, op); })

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

#endif
