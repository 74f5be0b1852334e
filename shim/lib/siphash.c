// SPDX-License-Identifier: GPL-2.0
/* siphash.c - SipHash-2-4 over bytes, from the algorithm's specification. */
#include <linux/kernel.h>
#include <linux/siphash.h>
#include <linux/string.h>

#define SIPROUND(v0, v1, v2, v3) do {					\
	v0 += v1; v1 = rol64(v1, 13); v1 ^= v0; v0 = rol64(v0, 32);	\
	v2 += v3; v3 = rol64(v3, 16); v3 ^= v2;				\
	v0 += v3; v3 = rol64(v3, 21); v3 ^= v0;				\
	v2 += v1; v1 = rol64(v1, 17); v1 ^= v2; v2 = rol64(v2, 32);	\
} while (0)

u64 siphash(const void *data, size_t len, const siphash_key_t *key)
{
	u64 v0 = 0x736f6d6570736575ULL ^ key->key[0];
	u64 v1 = 0x646f72616e646f6dULL ^ key->key[1];
	u64 v2 = 0x6c7967656e657261ULL ^ key->key[0];
	u64 v3 = 0x7465646279746573ULL ^ key->key[1];
	const u8 *p = data;
	u64 m, b = (u64)len << 56;
	size_t left = len;

	for (; left >= 8; left -= 8, p += 8) {
		memcpy(&m, p, 8);	/* little endian */
		v3 ^= m;
		SIPROUND(v0, v1, v2, v3);
		SIPROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	m = 0;
	memcpy(&m, p, left);
	b |= m;
	v3 ^= b;
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	v0 ^= b;
	v2 ^= 0xff;
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	SIPROUND(v0, v1, v2, v3);
	return (v0 ^ v1) ^ (v2 ^ v3);
}
