// SPDX-License-Identifier: GPL-2.0
/*
 * reciprocal_div.c - the advanced multiplier of Granlund & Montgomery,
 * "Division by Invariant Integers using Multiplication" (CHOOSE_MULTIPLIER,
 * Figure 6.2) for 32-bit dividends; reciprocal_value() itself is the
 * header's inline.
 */
#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/reciprocal_div.h>

struct reciprocal_value_adv reciprocal_value_adv(u32 d, u8 prec)
{
	struct reciprocal_value_adv R;
	u32 l = fls(d - 1);	/* ceil(log2(d)) */
	u32 post_shift = l;
	u64 mlow, mhigh;

	/* 2^(32 + l) does not fit in 64 bits for l == 32 */
	WARN(l == 32, "ceil(log2(0x%08x)) == 32, %s doesn't support such divisor",
	     d, __func__);
	/* the interval [2^(32+l) / d, (2^(32+l) + 2^(32+l-prec)) / d] */
	mlow = (1ULL << (32 + l)) / d;
	mhigh = ((1ULL << (32 + l)) + (1ULL << (32 + l - prec))) / d;
	/* the smallest multiplier in it: halve both while they stay apart */
	while (post_shift > 0 && (mlow >> 1) < (mhigh >> 1)) {
		mlow >>= 1;
		mhigh >>= 1;
		post_shift--;
	}
	R.m = (u32)mhigh;
	R.sh = post_shift;
	R.exp = l;
	R.is_wide_m = mhigh > U32_MAX;
	return R;
}
EXPORT_SYMBOL(reciprocal_value_adv);
