/* SPDX-License-Identifier: GPL-2.0 */
/*
 * do_div(n, base): n (a u64 lvalue) becomes n / base, the expression is
 * the remainder (u32); base is 32-bit, as the kernel's contract says. On
 * x86_64 the kernel does a plain 64-bit division, and so does this.
 */
#ifndef _ASM_DIV64_H
#define _ASM_DIV64_H

#include <linux/types.h>

#define do_div(n, base) ({					\
	u32 __qdk_base = (base);				\
	u32 __qdk_rem = (u32)((u64)(n) % __qdk_base);		\
	(n) = (u64)(n) / __qdk_base;				\
	__qdk_rem;						\
})


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/log2.h>
#endif
