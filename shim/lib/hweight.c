// SPDX-License-Identifier: GPL-2.0
/*
 * hweight.c - population counts in plain C (lib/hweight.c), for the
 * callers that ask for the software version by name.
 */
#include <linux/bitops.h>

/* sum bits pairwise, then in nibbles, then add the bytes with a multiply */
unsigned int __sw_hweight32(unsigned int w)
{
	w = w - ((w >> 1) & 0x55555555);
	w = (w & 0x33333333) + ((w >> 2) & 0x33333333);
	w = (w + (w >> 4)) & 0x0f0f0f0f;
	return (w * 0x01010101) >> 24;
}

unsigned long __sw_hweight64(__u64 w)
{
	w = w - ((w >> 1) & 0x5555555555555555ULL);
	w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
	w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (w * 0x0101010101010101ULL) >> 56;
}
