// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_dsred.c - kernel-style doors into <algo/red.h>'s double-slope drop
 * function for test_dsred.c (plain user space cannot include the kernel's
 * headers). Plain C types in the signatures (ktest_dsred.h).
 */
#include <linux/kernel.h>
#include <linux/types.h>

#include <algo/red.h>

#include "ktest_dsred.h"

u64 kt_ds_prob(u32 kl, u32 km, u32 kh, u32 gamma, u32 wlog, u64 qavg_scaled)
{
	struct qred_ds d;

	qred_ds_set(&d, kl, km, kh, gamma, (u8)wlog);
	return qred_ds_prob(&d, qavg_scaled);
}

void kt_ds_actions(u32 kl, u32 km, u32 kh, u32 gamma, u32 wlog,
		   u64 qavg_scaled, u32 seed, int n, int *out)
{
	struct qred_ds d;
	struct qred_vars v;
	struct rnd_state rnd;
	int i;

	qred_ds_set(&d, kl, km, kh, gamma, (u8)wlog);
	qred_vars_init(&v);
	v.qavg = qavg_scaled;
	prandom_seed_state(&rnd, seed);
	for (i = 0; i < n; i++)
		out[i] = qred_ds_action(&d, &v, &rnd);
}

void kt_ds_random(u32 seed, int n, u32 *out)
{
	struct rnd_state rnd;
	int i;

	prandom_seed_state(&rnd, seed);
	for (i = 0; i < n; i++)
		out[i] = prandom_u32_state(&rnd);
}
