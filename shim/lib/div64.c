// SPDX-License-Identifier: GPL-2.0
/*
 * div64.c - lib/math/div64.c's out-of-line helpers (linux/math64.h); the
 * inline divisions are x86-64's native 64-bit ones.
 */
#include <linux/export.h>
#include <linux/math64.h>

/* repeated subtraction: cheaper than a division for the small quotients
 * the callers (time conversions) expect
 */
u32 iter_div_u64_rem(u64 dividend, u32 divisor, u64 *remainder)
{
	u32 ret = 0;

	while (dividend >= divisor) {
		dividend -= divisor;
		ret++;
	}
	*remainder = dividend;
	return ret;
}
EXPORT_SYMBOL(iter_div_u64_rem);
