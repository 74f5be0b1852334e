/* SPDX-License-Identifier: GPL-2.0 */
/*
 * do_div(n, base): n (a u64 lvalue) becomes n / base, the expression is
 * the remainder (u32); base is 32-bit, as the kernel's contract says. On
 * x86_64 the kernel does a plain 64-bit division, and so does this.
 */
#ifndef _ASM_DIV64_H
#define _ASM_DIV64_H

#include <linux/types.h>
#include <linux/version.h>

#define do_div(n, base) ({					\
	u32 __qdk_base = (base);				\
	u32 __qdk_rem = (u32)((u64)(n) % __qdk_base);		\
	(n) = (u64)(n) / __qdk_base;				\
	__qdk_rem;						\
})

/*
 * (a * mul) / div with the 128-bit product: x86's mulq then divq. A
 * quotient beyond 64 bits faults there (#DE); here it is truncated, and a
 * zero div traps as the kernel's does.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline u64 mul_u64_add_u64_div_u64(u64 a, u64 mul, u64 add, u64 div)
{
	return (u64)(((unsigned __int128)a * mul + add) / div);
}
#define mul_u64_add_u64_div_u64 mul_u64_add_u64_div_u64
#else
static inline u64 mul_u64_u64_div_u64(u64 a, u64 mul, u64 div)
{
	return (u64)(((unsigned __int128)a * mul) / div);
}
#define mul_u64_u64_div_u64 mul_u64_u64_div_u64
#endif

static inline u64 mul_u64_u32_div(u64 a, u32 mul, u32 div)
{
	return (u64)(((unsigned __int128)a * mul) / div);
}
#define mul_u64_u32_div mul_u64_u32_div

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/log2.h>
#endif
