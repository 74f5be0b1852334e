// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_siphash.c - SipHash and HalfSipHash (lib/siphash.c) against the
 * published test vectors of the reference implementation (Aumasson &
 * Bernstein's vectors.h: key bytes 00, 01, ..., message i the bytes 00 up to
 * i - 1, each result as the little-endian value of its bytes), and the kernel
 * API's hsiphash() against the kernel's own self-test values.
 */
#include <linux/kernel.h>
#include <linux/siphash.h>
#include <linux/string.h>
#include "ktest.h"
#include "shim.h"

/* SipHash-2-4, 64-bit result, key 00..0f */
static const u64 sip24_vectors[64] = {
	0x726fdb47dd0e0e31ULL, 0x74f839c593dc67fdULL, 0x0d6c8009d9a94f5aULL,
	0x85676696d7fb7e2dULL, 0xcf2794e0277187b7ULL, 0x18765564cd99a68dULL,
	0xcbc9466e58fee3ceULL, 0xab0200f58b01d137ULL, 0x93f5f5799a932462ULL,
	0x9e0082df0ba9e4b0ULL, 0x7a5dbbc594ddb9f3ULL, 0xf4b32f46226bada7ULL,
	0x751e8fbc860ee5fbULL, 0x14ea5627c0843d90ULL, 0xf723ca908e7af2eeULL,
	0xa129ca6149be45e5ULL, 0x3f2acc7f57c29bdbULL, 0x699ae9f52cbe4794ULL,
	0x4bc1b3f0968dd39cULL, 0xbb6dc91da77961bdULL, 0xbed65cf21aa2ee98ULL,
	0xd0f2cbb02e3b67c7ULL, 0x93536795e3a33e88ULL, 0xa80c038ccd5ccec8ULL,
	0xb8ad50c6f649af94ULL, 0xbce192de8a85b8eaULL, 0x17d835b85bbb15f3ULL,
	0x2f2e6163076bcfadULL, 0xde4daaaca71dc9a5ULL, 0xa6a2506687956571ULL,
	0xad87a3535c49ef28ULL, 0x32d892fad841c342ULL, 0x7127512f72f27cceULL,
	0xa7f32346f95978e3ULL, 0x12e0b01abb051238ULL, 0x15e034d40fa197aeULL,
	0x314dffbe0815a3b4ULL, 0x027990f029623981ULL, 0xcadcd4e59ef40c4dULL,
	0x9abfd8766a33735cULL, 0x0e3ea96b5304a7d0ULL, 0xad0c42d6fc585992ULL,
	0x187306c89bc215a9ULL, 0xd4a60abcf3792b95ULL, 0xf935451de4f21df2ULL,
	0xa9538f0419755787ULL, 0xdb9acddff56ca510ULL, 0xd06c98cd5c0975ebULL,
	0xe612a3cb9ecba951ULL, 0xc766e62cfcadaf96ULL, 0xee64435a9752fe72ULL,
	0xa192d576b245165aULL, 0x0a8787bf8ecb74b2ULL, 0x81b3e73d20b49b6fULL,
	0x7fa8220ba3b2eceaULL, 0x245731c13ca42499ULL, 0xb78dbfaf3a8d83bdULL,
	0xea1ad565322a1a0bULL, 0x60e61c23a3795013ULL, 0x6606d7e446282b93ULL,
	0x6ca4ecb15c5f91e1ULL, 0x9f626da15c9625f3ULL, 0xe51b38608ef25f57ULL,
	0x958a324ceb064572ULL,
};

/* HalfSipHash-2-4, 32-bit result, key 00..07 */
static const u32 halfsip24_vectors[64] = {
	0x5b9f35a9U, 0xb85a4727U, 0x03a662faU, 0x04e7fe8aU, 0x89466e2aU,
	0x69b6fac5U, 0x23fc6358U, 0xc563cf8bU, 0x8f84b8d0U, 0x79e706f8U,
	0x3479b094U, 0x50300808U, 0x2f87f057U, 0xff63e677U, 0x7cf8ffd6U,
	0x972bfe74U, 0x84acb5d9U, 0x5b6474c4U, 0x9b8d5b46U, 0x87e3ef7bU,
	0x45104de3U, 0xb3623f61U, 0xfe67f370U, 0xbdb8ade6U, 0x630c4027U,
	0x75787826U, 0x5f7b564fU, 0x69e6b03aU, 0x004064b0U, 0xb40f67ffU,
	0x8b339e50U, 0x1a9f585dU, 0x1221e7feU, 0x59327533U, 0x8c4f436aU,
	0x29b728feU, 0xecc65ce7U, 0x548d7e69U, 0x0f8b6863U, 0xb4620b65U,
	0x4018bcb6U, 0x0545075dU, 0x2efd4224U, 0x3a86b77bU, 0x48d50577U,
	0xb10852d7U, 0xc899d4b6U, 0x2e209208U, 0xe32ce169U, 0xe580b58dU,
	0xc6649736U, 0x04026e01U, 0xd4f3853bU, 0xbe66dbfeU, 0x3a2a691eU,
	0xc08489c6U, 0x40b9c5a5U, 0x8ce8e99bU, 0x4081bc7dU, 0xc58e077cU,
	0x736ce7d4U, 0xb9cb8f42U, 0x7a9983bdU, 0x744aea59U,
};

/*
 * The 64-bit kernel's hsiphash() (SipHash-1-3 truncated), key 00..0f: the
 * kernel's lib/siphash_kunit.c values for some lengths
 */
static const struct {
	u8 len;
	u32 hash;
} hsip13_vectors[] = {
	{ 0, 0x050fc4dcU }, { 1, 0x7d57ca93U }, { 7, 0x9bb11140U },
	{ 8, 0x8d299a8eU }, { 15, 0x2a519956U }, { 16, 0x7d908b66U },
	{ 31, 0x8c21d1bcU },
};

static const siphash_key_t test_key = {
	{ 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL }
};

static const hsiphash_key_t test_hkey = {
	{ 0x0706050403020100UL, 0x0f0e0d0c0b0a0908UL }
};

/* every length 0..63, aligned and not: siphash() is SipHash-2-4 */
KTEST(siphash, reference_vectors)
{
	u8 in[64] __aligned(SIPHASH_ALIGNMENT);
	u8 odd[65] __aligned(SIPHASH_ALIGNMENT);
	int i;

	for (i = 0; i < 64; i++) {
		in[i] = i;
		odd[i + 1] = i;
	}
	for (i = 0; i < 64; i++) {
		KT_ASSERT(siphash(in, i, &test_key) == sip24_vectors[i],
			  "length %d: %#llx", i,
			  (unsigned long long)siphash(in, i, &test_key));
		KT_ASSERT(siphash(odd + 1, i, &test_key) == sip24_vectors[i],
			  "unaligned length %d", i);
		KT_ASSERT(__siphash_aligned(in, i, &test_key) == sip24_vectors[i],
			  "aligned length %d", i);
	}
	return 0;
}

/* HalfSipHash-2-4 with a 64-bit key, as the reference defines it */
KTEST(siphash, halfsiphash_reference_vectors)
{
	u8 in[64];
	int i;

	for (i = 0; i < 64; i++)
		in[i] = i;
	for (i = 0; i < 64; i++) {
		u32 h = qdk_halfsiphash_rounds(in, i, 0x03020100U, 0x07060504U,
					       2, 4);

		KT_ASSERT(h == halfsip24_vectors[i], "length %d: %#x", i, h);
	}
	/* another round count is another function */
	KT_ASSERT(qdk_halfsiphash_rounds(in, 8, 0x03020100U, 0x07060504U, 1, 3) !=
		  halfsip24_vectors[8], "1-3 equals 2-4");
	return 0;
}

/* the word helpers hash the words' little-endian bytes */
KTEST(siphash, word_helpers)
{
	u8 in[32];
	int i;

	for (i = 0; i < 32; i++)
		in[i] = i;
	KT_EQ(siphash_1u32(0x03020100, &test_key), sip24_vectors[4]);
	KT_EQ(siphash_2u32(0x03020100, 0x07060504, &test_key), sip24_vectors[8]);
	KT_EQ(siphash_3u32(0x03020100, 0x07060504, 0x0b0a0908, &test_key),
	      sip24_vectors[12]);
	KT_EQ(siphash_4u32(0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c,
			   &test_key), sip24_vectors[16]);
	KT_EQ(siphash_1u64(0x0706050403020100ULL, &test_key), sip24_vectors[8]);
	KT_EQ(siphash_2u64(0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL,
			   &test_key), sip24_vectors[16]);
	KT_EQ(siphash_3u64(0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL,
			   0x1716151413121110ULL, &test_key), sip24_vectors[24]);
	KT_EQ(siphash_4u64(0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL,
			   0x1716151413121110ULL, 0x1f1e1d1c1b1a1918ULL,
			   &test_key), sip24_vectors[32]);
	/* a constant length of an aligned buffer takes the word helpers */
	KT_EQ(___siphash_aligned((const __le64 *)in, 16, &test_key),
	      sip24_vectors[16]);
	KT_EQ(___siphash_aligned((const __le64 *)in, 32, &test_key),
	      sip24_vectors[32]);
	KT_ASSERT(!siphash_key_is_zero(&test_key), "key is zero");
	return 0;
}

/* hsiphash() on a 64-bit kernel: SipHash-1-3, the low 32 bits */
KTEST(siphash, hsiphash_kernel_values)
{
	u8 in[64] __aligned(HSIPHASH_ALIGNMENT);
	u8 odd[65];
	unsigned int i;

	for (i = 0; i < 64; i++) {
		in[i] = i;
		odd[i + 1] = i;
	}
	for (i = 0; i < ARRAY_SIZE(hsip13_vectors); i++) {
		u8 len = hsip13_vectors[i].len;

		KT_ASSERT(hsiphash(in, len, &test_hkey) == hsip13_vectors[i].hash,
			  "length %u: %#x", len, hsiphash(in, len, &test_hkey));
		KT_EQ(hsiphash(odd + 1, len, &test_hkey), hsip13_vectors[i].hash);
		KT_EQ(__hsiphash_aligned(in, len, &test_hkey),
		      hsip13_vectors[i].hash);
	}
	KT_EQ(hsiphash_1u32(0x03020100, &test_hkey), hsiphash(in, 4, &test_hkey));
	KT_EQ(hsiphash_2u32(0x03020100, 0x07060504, &test_hkey),
	      hsip13_vectors[3].hash);
	KT_EQ(hsiphash_3u32(0x03020100, 0x07060504, 0x0b0a0908, &test_hkey),
	      hsiphash(in, 12, &test_hkey));
	KT_EQ(hsiphash_4u32(0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c,
			    &test_hkey), hsip13_vectors[5].hash);
	KT_EQ(___hsiphash_aligned((const __le32 *)in, 16, &test_hkey),
	      hsip13_vectors[5].hash);
	return 0;
}

/* the exported rounds are the ones the core runs */
KTEST(siphash, permutation_macros)
{
	u64 v0 = SIPHASH_CONST_0, v1 = SIPHASH_CONST_1;
	u64 v2 = SIPHASH_CONST_2, v3 = SIPHASH_CONST_3;
	u64 m = 0x0706050403020100ULL;
	int i;

	/* SipHash-2-4 of 8 bytes by hand, zero key: compression, then length */
	v3 ^= m;
	SIPHASH_PERMUTATION(v0, v1, v2, v3);
	SIPHASH_PERMUTATION(v0, v1, v2, v3);
	v0 ^= m;
	m = 8ULL << 56;
	v3 ^= m;
	SIPHASH_PERMUTATION(v0, v1, v2, v3);
	SIPHASH_PERMUTATION(v0, v1, v2, v3);
	v0 ^= m;
	v2 ^= 0xff;
	for (i = 0; i < 4; i++)
		SIPHASH_PERMUTATION(v0, v1, v2, v3);
	KT_EQ((v0 ^ v1) ^ (v2 ^ v3),
	      qdk_siphash_rounds("\0\1\2\3\4\5\6\7", 8, 0, 0, 2, 4));
	KT_EQ(HSIPHASH_CONST_2, 0x6c796765U);
	return 0;
}
