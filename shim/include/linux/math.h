/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MATH_H
#define _LINUX_MATH_H

#include <linux/types.h>

#define __round_mask(x, y) ((__typeof__(x))((y) - 1))
#define round_up(x, y) ((((x) - 1) | __round_mask(x, y)) + 1)
#define round_down(x, y) ((x) & ~__round_mask(x, y))
#define DIV_ROUND_UP(n, d) (((n) + (d) - 1) / (d))
#define DIV_ROUND_DOWN_ULL(ll, d) \
	({ unsigned long long _tmp = (ll); _tmp / (d); })
#define DIV_ROUND_UP_ULL(ll, d) DIV_ROUND_DOWN_ULL((unsigned long long)(ll) + (d) - 1, (d))
#define roundup(x, y) ({ typeof(y) __y = y; (((x) + (__y - 1)) / __y) * __y; })
#define rounddown(x, y) ({ typeof(x) __x = (x); __x - (__x % (y)); })
#define DIV_ROUND_CLOSEST(x, divisor) ({			\
	typeof(x) __x = x;					\
	typeof(divisor) __d = divisor;				\
	(((typeof(x))-1) > 0 ||					\
	 ((typeof(divisor))-1) > 0 ||				\
	 (((__x) > 0) == ((__d) > 0))) ?			\
		(((__x) + ((__d) / 2)) / (__d)) :		\
		(((__x) - ((__d) / 2)) / (__d));		\
})
#define abs(x) ({ typeof(x) __ax = (x); __ax < 0 ? -__ax : __ax; })
#define reciprocal_scale(val, ep_ro) ((u32)(((u64)(u32)(val) * (u32)(ep_ro)) >> 32))

u32 int_sqrt(unsigned long x);
u32 int_sqrt64(u64 x);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <asm/div64.h>
#endif
