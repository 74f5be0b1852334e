/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's Tausworthe generator (prandom_u32_state) bit for bit. */
#ifndef _LINUX_PRANDOM_H
#define _LINUX_PRANDOM_H

#include <linux/types.h>
#include <linux/once.h>
#include <linux/random.h>

struct rnd_state {
	__u32 s1, s2, s3, s4;
};

u32 prandom_u32_state(struct rnd_state *state);
void prandom_bytes_state(struct rnd_state *state, void *buf, size_t nbytes);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* Deprecated in 6.1, an alias (a macro, see get_random_u32_below); gone by 6.12 */
#define prandom_u32_max(ep_ro) get_random_u32_below(ep_ro)
#endif

static inline u32 __seed(u32 x, u32 m)
{
	return (x < m) ? x + m : x;
}

static inline void prandom_seed_state(struct rnd_state *state, u64 seed)
{
	u32 i = ((seed >> 32) ^ (seed << 10) ^ seed) & 0xffffffffUL;

	state->s1 = __seed(i, 2U);
	state->s2 = __seed(i, 8U);
	state->s3 = __seed(i, 16U);
	state->s4 = __seed(i, 128U);
}

/*
 * Every CPU's state (one here) seeded from get_random_bytes() and warmed
 * up, as lib/random32.c does; prandom_init_once() does it on first use.
 */
void prandom_seed_full_state(struct rnd_state __percpu *pcpu_state);

#define prandom_init_once(pcpu_state)			\
	DO_ONCE(prandom_seed_full_state, (pcpu_state))

static inline u32 next_pseudo_random32(u32 seed)
{
	return seed * 1664525 + 1013904223;
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/percpu.h>
#endif
