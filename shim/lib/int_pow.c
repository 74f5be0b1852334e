// SPDX-License-Identifier: GPL-2.0
/*
 * int_pow.c - integer powers (lib/math/int_pow.c).
 */
#include <linux/math.h>

/* square-and-multiply over exp's bits; 0^0 is 1 */
u64 int_pow(u64 base, unsigned int exp)
{
	u64 result = 1;

	while (exp) {
		if (exp & 1)
			result *= base;
		exp >>= 1;
		base *= base;
	}
	return result;
}
