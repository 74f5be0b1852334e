/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Division by an invariant 32-bit integer as a multiply and shifts
 * (Granlund & Montgomery, "Division by Invariant Integers using
 * Multiplication"), exact for every dividend: the kernel's algorithm.
 */
#ifndef _LINUX_RECIPROCAL_DIV_H
#define _LINUX_RECIPROCAL_DIV_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/minmax.h>

struct reciprocal_value {
	u32 m;
	u8 sh1, sh2;
};

static inline struct reciprocal_value reciprocal_value(u32 d)
{
	struct reciprocal_value R;
	int l = fls(d - 1);
	u64 m = ((1ULL << 32) * ((1ULL << l) - d)) / d + 1;

	R.m = (u32)m;
	R.sh1 = min(l, 1);
	R.sh2 = max(l - 1, 0);
	return R;
}

static inline u32 reciprocal_divide(u32 a, struct reciprocal_value R)
{
	u32 t = (u32)(((u64)a * R.m) >> 32);

	return (t + ((a - t) >> R.sh1)) >> R.sh2;
}

/*
 * The paper's multiplier of precision prec for d (its Figure 6.2): m with
 * sh the post-shift, exp = ceil(log2(d)) and is_wide_m when m needs 33
 * bits (only its low 32 are kept). A divisor above 2^31 (exp 32) is the
 * caller's to handle first; the kernel warns. How to divide with it: the
 * kernel's header comment (n >> exp for a power of two; the wide case
 * t = (n * m) >> 32, ((n - t) >> 1 + t) >> (sh - 1); else (n * m) >> 32 >> sh).
 */
struct reciprocal_value_adv {
	u32 m;
	u8 sh, exp;
	bool is_wide_m;
};

struct reciprocal_value_adv reciprocal_value_adv(u32 d, u8 prec);

#endif
