/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MATH_H
#define _LINUX_MATH_H

#include <linux/types.h>
#include <linux/version.h>

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
/* base to the power exp, by squaring (lib/math/int_pow.c); wraps as u64 does */
u64 int_pow(u64 base, unsigned int exp);

/* a 64-bit dividend rounded to the closest quotient (halves up) */
#define DIV_ROUND_CLOSEST_ULL(x, divisor) ({			\
	__typeof__(divisor) __d = divisor;			\
	unsigned long long _tmp = (x) + (__d) / 2;		\
	do_div(_tmp, __d);					\
	_tmp;							\
})
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* n / d rounded up, d a power of 2, without n + d - 1 overflowing */
#define DIV_ROUND_UP_POW2(n, d)	((n) / (d) + !!((n) & ((d) - 1)))
#endif
/* sector_t is 64 bits as long is */
#define DIV_ROUND_UP_SECTOR_T(ll, d)	DIV_ROUND_UP(ll, d)
#define sector_div(a, b)	do_div(a, b)

/* x * n / d without the product overflowing as long as x / d * n does not */
#define mult_frac(x, n, d) ({					\
	__typeof__(x) x_ = (x);					\
	__typeof__(n) n_ = (n);					\
	__typeof__(d) d_ = (d);					\
	__typeof__(x_) q = x_ / d_;				\
	__typeof__(x_) r = x_ % d_;				\
	q * n_ + r * n_ / d_;					\
})

/* |a - b| for two values of one signedness, never negative */
#define abs_diff(a, b) ({					\
	__typeof__(a) __a = (a);				\
	__typeof__(b) __b = (b);				\
	(void)(&__a == &__b);					\
	__a > __b ? (__a - __b) : (__b - __a);			\
})

/* fractions, numerator over denominator */
#define __QDK_STRUCT_FRACT(type)				\
struct type##_fract {						\
	__##type numerator;					\
	__##type denominator;					\
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
__QDK_STRUCT_FRACT(s8);
__QDK_STRUCT_FRACT(u8);
#endif
__QDK_STRUCT_FRACT(s16);
__QDK_STRUCT_FRACT(u16);
__QDK_STRUCT_FRACT(s32);
__QDK_STRUCT_FRACT(u32);
#undef __QDK_STRUCT_FRACT


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <asm/div64.h>
#endif
