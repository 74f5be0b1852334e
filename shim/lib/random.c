// SPDX-License-Identifier: GPL-2.0
/*
 * random.c - get_random_*() from a seeded xoshiro256** generator (same
 * seed, same sequence), and the kernel's prandom Tausworthe generator.
 */
#include <linux/kernel.h>
#include <linux/random.h>
#include <linux/prandom.h>
#include <linux/string.h>

#include "shim.h"

static u64 rng_s[4];

static u64 splitmix64(u64 *x)
{
	u64 z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void qdk_random_seed(u64 seed)
{
	u64 x = seed;
	int i;

	for (i = 0; i < 4; i++)
		rng_s[i] = splitmix64(&x);
}

static u64 rng_next(void)
{
	u64 result = rol64(rng_s[1] * 5, 7) * 9;
	u64 t = rng_s[1] << 17;

	rng_s[2] ^= rng_s[0];
	rng_s[3] ^= rng_s[1];
	rng_s[1] ^= rng_s[2];
	rng_s[0] ^= rng_s[3];
	rng_s[2] ^= t;
	rng_s[3] = rol64(rng_s[3], 45);
	return result;
}

u64 get_random_u64(void)
{
	return rng_next();
}

u32 get_random_u32(void)
{
	return rng_next() >> 32;
}

u16 get_random_u16(void)
{
	return rng_next() >> 48;
}

u8 get_random_u8(void)
{
	return rng_next() >> 56;
}

void get_random_bytes(void *buf, size_t len)
{
	u8 *p = buf;

	while (len) {
		u64 v = rng_next();
		size_t n = len < sizeof(v) ? len : sizeof(v);

		memcpy(p, &v, n);
		p += n;
		len -= n;
	}
}

/* uniform in [0, ceil) by multiply-and-reject, as the kernel does */
u32 __get_random_u32_below(u32 ceil)
{
	u64 mult;

	if (ceil <= 1)
		return 0;
	for (;;) {
		mult = (u64)ceil * get_random_u32();
		if (likely(is_power_of_2(ceil) || (u32)mult >= -ceil % ceil))
			return mult >> 32;
	}
}

#define TAUSWORTHE(s, a, b, c, d) ((((s) & (c)) << (d)) ^ ((((s) << (a)) ^ (s)) >> (b)))

u32 prandom_u32_state(struct rnd_state *state)
{
	state->s1 = TAUSWORTHE(state->s1,  6U, 13U, 4294967294U, 18U);
	state->s2 = TAUSWORTHE(state->s2,  2U, 27U, 4294967288U,  2U);
	state->s3 = TAUSWORTHE(state->s3, 13U, 21U, 4294967280U,  7U);
	state->s4 = TAUSWORTHE(state->s4,  3U, 12U, 4294967168U, 13U);
	return state->s1 ^ state->s2 ^ state->s3 ^ state->s4;
}

void prandom_bytes_state(struct rnd_state *state, void *buf, size_t bytes)
{
	u8 *ptr = buf;

	while (bytes >= sizeof(u32)) {
		u32 v = prandom_u32_state(state);

		memcpy(ptr, &v, sizeof(v));
		ptr += sizeof(u32);
		bytes -= sizeof(u32);
	}
	if (bytes > 0) {
		u32 rem = prandom_u32_state(state);

		do {
			*ptr++ = (u8)rem;
			bytes--;
			rem >>= 8;
		} while (bytes > 0);
	}
}
