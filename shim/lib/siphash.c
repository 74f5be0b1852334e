// SPDX-License-Identifier: GPL-2.0
/*
 * siphash.c - SipHash and HalfSipHash from the algorithms' specification
 * (Aumasson & Bernstein), under lib/siphash.c's API.
 *
 * Both hash the message's little-endian words: a compression of c rounds per
 * full word, a last word holding the tail bytes with the length's low byte on
 * top, then v2 ^= 0xff and d finalization rounds. The kernel's siphash() is
 * SipHash-2-4; its hsiphash() is SipHash-1-3 truncated to 32 bits on a 64-bit
 * kernel (the shim's case) and HalfSipHash-1-3 on a 32-bit one. Every entry
 * point here, buffer or words, comes down to the two byte-level cores, so a
 * word helper equals the buffer hash of the words' bytes, as in the kernel.
 */
#include <linux/kernel.h>
#include <linux/siphash.h>
#include <linux/string.h>
#include "shim.h"

/* SipHash-c-d over 64-bit words; the 64-bit result */
u64 qdk_siphash_rounds(const void *data, size_t len, u64 k0, u64 k1,
		       int c, int d)
{
	u64 v0 = SIPHASH_CONST_0 ^ k0;
	u64 v1 = SIPHASH_CONST_1 ^ k1;
	u64 v2 = SIPHASH_CONST_2 ^ k0;
	u64 v3 = SIPHASH_CONST_3 ^ k1;
	const u8 *p = data;
	size_t left = len;
	u64 m;
	int i;

	for (;; left -= 8, p += 8) {
		if (left >= 8) {
			memcpy(&m, p, 8);	/* x86: little endian */
		} else {
			/* the last word: tail bytes, length mod 256 on top */
			m = (u64)len << 56;
			for (i = 0; i < (int)left; i++)
				m |= (u64)p[i] << (8 * i);
		}
		v3 ^= m;
		for (i = 0; i < c; i++)
			SIPHASH_PERMUTATION(v0, v1, v2, v3);
		v0 ^= m;
		if (left < 8)
			break;
	}
	v2 ^= 0xff;
	for (i = 0; i < d; i++)
		SIPHASH_PERMUTATION(v0, v1, v2, v3);
	return (v0 ^ v1) ^ (v2 ^ v3);
}

/* HalfSipHash-c-d over 32-bit words with a 64-bit key; the 32-bit result */
u32 qdk_halfsiphash_rounds(const void *data, size_t len, u32 k0, u32 k1,
			   int c, int d)
{
	u32 v0 = HSIPHASH_CONST_0 ^ k0;
	u32 v1 = HSIPHASH_CONST_1 ^ k1;
	u32 v2 = HSIPHASH_CONST_2 ^ k0;
	u32 v3 = HSIPHASH_CONST_3 ^ k1;
	const u8 *p = data;
	size_t left = len;
	u32 m;
	int i;

	for (;; left -= 4, p += 4) {
		if (left >= 4) {
			m = p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 |
			    (u32)p[3] << 24;
		} else {
			m = (u32)len << 24;
			for (i = 0; i < (int)left; i++)
				m |= (u32)p[i] << (8 * i);
		}
		v3 ^= m;
		for (i = 0; i < c; i++)
			HSIPHASH_PERMUTATION(v0, v1, v2, v3);
		v0 ^= m;
		if (left < 4)
			break;
	}
	v2 ^= 0xff;
	for (i = 0; i < d; i++)
		HSIPHASH_PERMUTATION(v0, v1, v2, v3);
	return v1 ^ v3;
}

static u64 sip24(const void *data, size_t len, const siphash_key_t *key)
{
	return qdk_siphash_rounds(data, len, key->key[0], key->key[1], 2, 4);
}

u64 __siphash_aligned(const void *data, size_t len, const siphash_key_t *key)
{
	return sip24(data, len, key);
}

u64 __siphash_unaligned(const void *data, size_t len, const siphash_key_t *key)
{
	return sip24(data, len, key);
}

/* the word helpers hash the words' little-endian bytes */
u64 siphash_1u64(const u64 a, const siphash_key_t *key)
{
	__le64 w = cpu_to_le64(a);

	return sip24(&w, sizeof(w), key);
}

u64 siphash_2u64(const u64 a, const u64 b, const siphash_key_t *key)
{
	__le64 w[2] = { cpu_to_le64(a), cpu_to_le64(b) };

	return sip24(w, sizeof(w), key);
}

u64 siphash_3u64(const u64 a, const u64 b, const u64 c,
		 const siphash_key_t *key)
{
	__le64 w[3] = { cpu_to_le64(a), cpu_to_le64(b), cpu_to_le64(c) };

	return sip24(w, sizeof(w), key);
}

u64 siphash_4u64(const u64 a, const u64 b, const u64 c, const u64 d,
		 const siphash_key_t *key)
{
	__le64 w[4] = { cpu_to_le64(a), cpu_to_le64(b), cpu_to_le64(c),
			cpu_to_le64(d) };

	return sip24(w, sizeof(w), key);
}

u64 siphash_1u32(const u32 a, const siphash_key_t *key)
{
	__le32 w = cpu_to_le32(a);

	return sip24(&w, sizeof(w), key);
}

u64 siphash_3u32(const u32 a, const u32 b, const u32 c,
		 const siphash_key_t *key)
{
	__le32 w[3] = { cpu_to_le32(a), cpu_to_le32(b), cpu_to_le32(c) };

	return sip24(w, sizeof(w), key);
}

/* hsiphash: the 64-bit kernel's SipHash-1-3, or a 32-bit one's HalfSipHash-1-3 */
static u32 hsip13(const void *data, size_t len, const hsiphash_key_t *key)
{
#if BITS_PER_LONG == 64
	return (u32)qdk_siphash_rounds(data, len, key->key[0], key->key[1], 1, 3);
#else
	return qdk_halfsiphash_rounds(data, len, key->key[0], key->key[1], 1, 3);
#endif
}

u32 __hsiphash_aligned(const void *data, size_t len, const hsiphash_key_t *key)
{
	return hsip13(data, len, key);
}

u32 __hsiphash_unaligned(const void *data, size_t len,
			 const hsiphash_key_t *key)
{
	return hsip13(data, len, key);
}

u32 hsiphash_1u32(const u32 a, const hsiphash_key_t *key)
{
	__le32 w = cpu_to_le32(a);

	return hsip13(&w, sizeof(w), key);
}

u32 hsiphash_2u32(const u32 a, const u32 b, const hsiphash_key_t *key)
{
	__le32 w[2] = { cpu_to_le32(a), cpu_to_le32(b) };

	return hsip13(w, sizeof(w), key);
}

u32 hsiphash_3u32(const u32 a, const u32 b, const u32 c,
		  const hsiphash_key_t *key)
{
	__le32 w[3] = { cpu_to_le32(a), cpu_to_le32(b), cpu_to_le32(c) };

	return hsip13(w, sizeof(w), key);
}

u32 hsiphash_4u32(const u32 a, const u32 b, const u32 c, const u32 d,
		  const hsiphash_key_t *key)
{
	__le32 w[4] = { cpu_to_le32(a), cpu_to_le32(b), cpu_to_le32(c),
			cpu_to_le32(d) };

	return hsip13(w, sizeof(w), key);
}
