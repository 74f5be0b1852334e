/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_LOG2_H
#define _LINUX_LOG2_H

#include <linux/types.h>
#include <linux/bitops.h>

static inline __attribute__((const)) int __ilog2_u32(u32 n)
{
	return fls(n) - 1;
}

static inline __attribute__((const)) int __ilog2_u64(u64 n)
{
	return fls64(n) - 1;
}

static inline __attribute__((const)) bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

static inline __attribute__((const)) unsigned long __roundup_pow_of_two(unsigned long n)
{
	return 1UL << fls_long(n - 1);
}

static inline __attribute__((const)) unsigned long __rounddown_pow_of_two(unsigned long n)
{
	return 1UL << (fls_long(n) - 1);
}

/* ilog2(0) is undefined in the kernel (-1 at run time here). */
#define ilog2(n) \
	(sizeof(n) <= 4 ? __ilog2_u32(n) : __ilog2_u64(n))
#define roundup_pow_of_two(n) \
	((n) == 1 ? 1 : __roundup_pow_of_two(n))
#define rounddown_pow_of_two(n) __rounddown_pow_of_two(n)

/* log2 of a constant, usable where a constant expression is needed (folded) */
#define const_ilog2(n)	((n) < 2 ? 0 : 63 - __builtin_clzll((u64)(n)))

/* ob2(0) = ob2(1) = 0, ob2(2) = 1, ob2(3) = ob2(4) = 2, ob2(5) = 3 */
static inline __attribute__((const)) int __order_base_2(unsigned long n)
{
	return n > 1 ? ilog2(n - 1) + 1 : 0;
}

#define order_base_2(n)	((n) > 1 ? ilog2((n) - 1) + 1 : 0)

/* the bits a value needs: bf(0) = bf(1) = 1, bf(2) = bf(3) = 2, bf(4) = 3 */
static inline __attribute__((const)) int __bits_per(unsigned long n)
{
	if (n < 2)
		return 1;
	if (is_power_of_2(n))
		return order_base_2(n) + 1;
	return order_base_2(n);
}

#define bits_per(n)	__bits_per(n)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the largest power of 2 dividing n (0 for 0) */
static inline __attribute__((const)) unsigned int max_pow_of_two_factor(unsigned int n)
{
	return n & -n;
}
#endif

#endif
