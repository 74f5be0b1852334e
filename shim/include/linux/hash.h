/* SPDX-License-Identifier: GPL-2.0 */
/* Multiplicative (Fibonacci) hashing, the kernel's hash_32/hash_64. */
#ifndef _LINUX_HASH_H
#define _LINUX_HASH_H

#include <linux/types.h>
#include <linux/compiler.h>

#define GOLDEN_RATIO_32 0x61C88647
#define GOLDEN_RATIO_64 0x61C8864680B583EBull
#define GOLDEN_RATIO_PRIME	GOLDEN_RATIO_64

/* the multiplicative hashes without an architecture's own version */
static inline u32 __hash_32_generic(u32 val)
{
	return val * GOLDEN_RATIO_32;
}

static __always_inline u32 hash_64_generic(u64 val, unsigned int bits)
{
	return val * GOLDEN_RATIO_64 >> (64 - bits);
}

static inline u32 __hash_32(u32 val)
{
	return val * GOLDEN_RATIO_32;
}

static inline u32 hash_32(u32 val, unsigned int bits)
{
	return __hash_32(val) >> (32 - bits);
}

static __always_inline u32 hash_64(u64 val, unsigned int bits)
{
	return val * GOLDEN_RATIO_64 >> (64 - bits);
}

static inline u32 hash_ptr(const void *ptr, unsigned int bits)
{
	return hash_64((unsigned long)ptr, bits);
}

static inline u32 hash32_ptr(const void *ptr)
{
	unsigned long val = (unsigned long)ptr;

	val ^= (val >> 32);
	return (u32)val;
}

#define hash_long(val, bits) hash_64(val, bits)

#endif
