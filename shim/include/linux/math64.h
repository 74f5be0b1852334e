/* SPDX-License-Identifier: GPL-2.0 */
/* 64-bit division helpers, x86_64 semantics. */
#ifndef _LINUX_MATH64_H
#define _LINUX_MATH64_H

#include <linux/types.h>
#include <linux/math.h>
#include <asm/div64.h>
#include <linux/version.h>

#define div64_long(x, y) div64_s64((x), (y))
#define div64_ul(x, y)   div64_u64((x), (y))

static inline u64 div_u64_rem(u64 dividend, u32 divisor, u32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline s64 div_s64_rem(s64 dividend, s32 divisor, s32 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div64_u64_rem(u64 dividend, u64 divisor, u64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}

static inline u64 div64_u64(u64 dividend, u64 divisor)
{
	return dividend / divisor;
}

static inline s64 div64_s64(s64 dividend, s64 divisor)
{
	return dividend / divisor;
}

static inline u64 div_u64(u64 dividend, u32 divisor)
{
	return dividend / divisor;
}

static inline s64 div_s64(s64 dividend, s32 divisor)
{
	return dividend / divisor;
}

static inline u64 mul_u32_u32(u32 a, u32 b)
{
	return (u64)a * b;
}

static inline u64 mul_u64_u32_shr(u64 a, u32 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

static inline u64 mul_u64_u64_shr(u64 a, u64 mul, unsigned int shift)
{
	return (u64)(((unsigned __int128)a * mul) >> shift);
}

/* x86's own are in asm/div64.h, as the kernel's */
#ifndef mul_u64_u32_div
static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 divisor)
{
	return (u64)(((unsigned __int128)a * mul) / divisor);
}
#endif

#ifndef mul_u64_u64_div_u64
static inline u64 mul_u64_u64_div_u64(u64 a, u64 b, u64 c)
{
	return (u64)(((unsigned __int128)a * b) / c);
}
#endif

/* 7.x: a 128-bit product plus c, divided by d; the roundup adds d - 1 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define mul_u64_u64_div_u64_roundup(a, b, d) \
	({ u64 _tmp = (d); (u64)(((unsigned __int128)(a) * (b) + _tmp - 1) / _tmp); })

static inline s64 div64_s64_rem(s64 dividend, s64 divisor, s64 *remainder)
{
	*remainder = dividend % divisor;
	return dividend / divisor;
}
#endif

static inline u64 add_u64_u32(u64 a, u32 b)
{
	return a + b;
}

/* a signed a times b, shifted right: the magnitude's, with a's sign */
static inline u64 mul_s64_u64_shr(s64 a, u64 b, unsigned int shift)
{
	u64 ret = mul_u64_u64_shr(a < 0 ? -(u64)a : (u64)a, b, shift);

	return a < 0 ? -(s64)ret : ret;
}

/* the quotient by repeated subtraction: for quotients known to be small */
u32 iter_div_u64_rem(u64 dividend, u32 divisor, u64 *remainder);

#define DIV_U64_ROUND_UP(ll, d) \
	({ u32 _tmp = (d); div_u64((ll) + _tmp - 1, _tmp); })

/* rounded to the nearest, halves away from zero */
#define DIV_S64_ROUND_CLOSEST(dividend, divisor)(		\
{								\
	s64 __x = (dividend);					\
	s32 __d = (divisor);					\
	((__x > 0) == (__d > 0)) ?				\
		div_s64((__x + (__d / 2)), __d) :		\
		div_s64((__x - (__d / 2)), __d);		\
}								\
)

static inline u64 roundup_u64(u64 x, u32 y)
{
	return DIV_U64_ROUND_UP(x, y) * y;
}

#define DIV64_U64_ROUND_UP(ll, d) \
	({ u64 _tmp = (d); div64_u64((ll) + _tmp - 1, _tmp); })
#define DIV64_U64_ROUND_CLOSEST(dividend, divisor) \
	({ u64 _tmp = (divisor); div64_u64((dividend) + _tmp / 2, _tmp); })
#define DIV_U64_ROUND_CLOSEST(dividend, divisor) \
	({ u32 _tmp = (divisor); div_u64((u64)(dividend) + _tmp / 2, _tmp); })

#endif
