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

#endif
