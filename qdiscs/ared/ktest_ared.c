// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_ared.c - kernel-style doors into <algo/red.h> for test_ared.c.
 *
 * The unit tests are plain user space and cannot include kernel headers;
 * these helpers are compiled like the qdisc (against shim/) and linked
 * into the test binary, so the tests can check the RED core's arithmetic
 * at chosen points against the papers' formulas. Plain integer types only
 * in the signatures.
 */
#include <linux/kernel.h>
#include <linux/types.h>

#include <algo/red.h>

#include "ktest_red.h"

static void kt_parms(struct qred_parms *p, u32 min, u32 max, u32 max_p,
		     u32 wlog, int gentle)
{
	qred_set_parms(p, min, max, max_p, (u8)wlog, gentle, 0);
}

u64 kt_red_prob_b(u32 min, u32 max, u32 max_p, u32 wlog, int gentle,
		  u64 qavg_scaled)
{
	struct qred_parms p;

	kt_parms(&p, min, max, max_p, wlog, gentle);
	return qred_prob_b(&p, qavg_scaled);
}

u64 kt_red_prob_a(u64 p_b, u32 count)
{
	return qred_prob_a(p_b, count);
}

u64 kt_red_ewma(u32 wlog, u64 qavg_scaled, u32 backlog)
{
	struct qred_parms p;
	struct qred_vars v;

	kt_parms(&p, 0, 1, 1, wlog, 0);
	qred_vars_init(&v);
	v.qavg = qavg_scaled;
	return qred_calc_qavg(&p, &v, backlog, 0);
}

u64 kt_red_idle(u32 wlog, u64 ptime_ns, u64 qavg_scaled, u64 idle_ns,
		u32 backlog)
{
	struct qred_parms p;
	struct qred_vars v;

	qred_set_parms(&p, 0, 1, 1, (u8)wlog, false, ptime_ns);
	qred_vars_init(&v);
	v.qavg = qavg_scaled;
	qred_start_idle(&v, 1000);
	return qred_calc_qavg(&p, &v, backlog, 1000 + idle_ns);
}

u64 kt_red_ptime(u32 avpkt, u32 bandwidth)
{
	return qred_ptime_ns(avpkt, bandwidth);
}

int kt_red_eval_wlog(u32 min, u32 burst, u32 avpkt)
{
	return qred_eval_wlog(min, burst, avpkt);
}

u32 kt_red_default_burst(u32 min, u32 max, u32 avpkt)
{
	return qred_default_burst(min, max, avpkt);
}

u32 kt_red_adapt_step(u32 min, u32 max, u32 max_p, u32 wlog, u32 lo, u32 hi,
		      u64 qavg_scaled, int *dir)
{
	struct qred_parms p;
	struct qred_adapt a = { 0 };

	kt_parms(&p, min, max, max_p, wlog, 1);
	qred_adapt_set(&a, &p, QRED_ADAPT_INTERVAL_NS, lo, hi);
	*dir = qred_adapt_step(&p, &a, qavg_scaled);
	return p.max_p;
}

void kt_red_band(u32 min, u32 max, u32 wlog, u64 *lo_scaled, u64 *hi_scaled)
{
	struct qred_parms p;
	struct qred_adapt a = { 0 };

	kt_parms(&p, min, max, 1, wlog, 1);
	qred_adapt_set(&a, &p, QRED_ADAPT_INTERVAL_NS, 0, 0);
	*lo_scaled = a.Starget_lo;
	*hi_scaled = a.Starget_hi;
}

/*
 * Lazy adaptation: calls at times[0..n) with the average qavg_scaled
 * (above the band: every step is an increase); steps[i] receives the
 * number of steps each call made. Returns the final max_p.
 */
u32 kt_red_adapt_lazy(u64 interval_ns, const u64 *times, int n, int *steps,
		      u32 max_p)
{
	struct qred_parms p;
	struct qred_adapt a = { 0 };
	int i;

	kt_parms(&p, 1000, 3000, max_p, 0, 1);
	qred_adapt_set(&a, &p, interval_ns, 0, 0);
	for (i = 0; i < n; i++)
		steps[i] = qred_adapt_lazy(&p, &a, 3000, times[i]);
	return p.max_p;
}

/*
 * RED decisions for n arrivals all at average qavg_scaled, with the
 * generator seeded by seed: out[i] is the enum qred_action.
 */
void kt_red_actions(u32 min, u32 max, u32 max_p, u32 wlog, int gentle,
		    u64 qavg_scaled, u32 seed, int n, int *out)
{
	struct qred_parms p;
	struct qred_vars v;
	struct rnd_state rnd;
	int i;

	kt_parms(&p, min, max, max_p, wlog, gentle);
	qred_vars_init(&v);
	prandom_seed_state(&rnd, seed);
	for (i = 0; i < n; i++) {
		v.qavg = qavg_scaled;
		out[i] = qred_action(&p, &v, &rnd);
	}
}

/* The first n numbers of the generator seeded with seed. */
void kt_red_random(u32 seed, int n, u32 *out)
{
	struct rnd_state rnd;
	int i;

	prandom_seed_state(&rnd, seed);
	for (i = 0; i < n; i++)
		out[i] = prandom_u32_state(&rnd);
}
