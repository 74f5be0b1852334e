/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SipHash-2-4 (Aumasson & Bernstein) with the kernel's API: every helper
 * hashes the little-endian bytes of its words, so siphash_2u32(a, b, k)
 * equals siphash() of the 8 bytes a, b (shim/lib/siphash.c).
 */
#ifndef _LINUX_SIPHASH_H
#define _LINUX_SIPHASH_H

#include <linux/types.h>
#include <linux/kernel.h>

#define SIPHASH_ALIGNMENT __alignof__(u64)
typedef struct {
	u64 key[2];
} siphash_key_t;

#define siphash_aligned_key_t siphash_key_t __aligned(16)

static inline bool siphash_key_is_zero(const siphash_key_t *key)
{
	return !(key->key[0] | key->key[1]);
}

u64 siphash(const void *data, size_t len, const siphash_key_t *key);

static inline u64 siphash_1u64(const u64 a, const siphash_key_t *key)
{
	return siphash(&a, sizeof(a), key);
}

static inline u64 siphash_2u64(const u64 a, const u64 b,
			       const siphash_key_t *key)
{
	u64 w[2] = { a, b };

	return siphash(w, sizeof(w), key);
}

static inline u64 siphash_3u64(const u64 a, const u64 b, const u64 c,
			       const siphash_key_t *key)
{
	u64 w[3] = { a, b, c };

	return siphash(w, sizeof(w), key);
}

static inline u64 siphash_4u64(const u64 a, const u64 b, const u64 c,
			       const u64 d, const siphash_key_t *key)
{
	u64 w[4] = { a, b, c, d };

	return siphash(w, sizeof(w), key);
}

static inline u64 siphash_1u32(const u32 a, const siphash_key_t *key)
{
	return siphash(&a, sizeof(a), key);
}

static inline u64 siphash_2u32(const u32 a, const u32 b,
			       const siphash_key_t *key)
{
	u32 w[2] = { a, b };

	return siphash(w, sizeof(w), key);
}

static inline u64 siphash_3u32(const u32 a, const u32 b, const u32 c,
			       const siphash_key_t *key)
{
	u32 w[3] = { a, b, c };

	return siphash(w, sizeof(w), key);
}

static inline u64 siphash_4u32(const u32 a, const u32 b, const u32 c,
			       const u32 d, const siphash_key_t *key)
{
	u32 w[4] = { a, b, c, d };

	return siphash(w, sizeof(w), key);
}

#endif
