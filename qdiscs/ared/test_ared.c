// SPDX-License-Identifier: GPL-2.0
/*
 * test_ared.c - unit tests of the RED core (algo/red.h, through
 * ktest_ared.c) and of the "ared" qdisc (through shim/api/qdk_api.h).
 *
 * The core is checked at chosen points against the formulas of the papers
 * computed here in double precision: RED's p_b and p_a (Floyd & Jacobson
 * 1993), the EWMA and its idle decay, the EWMA weight from a burst (the
 * criterion of iproute2's tc-red), Adaptive RED's AIMD of max_p and its
 * bounds (Floyd, Gummadi & Shenker 2001). The qdisc is checked for seed
 * determinism, dropfront taking the head, ECN marking, the limit, change,
 * option validation with the exact extack texts, dump and the tc syntax.
 *
 *   build/user/tests/ared/test_ared
 *   CK_FORK=no CK_RUN_CASE=core build/user-debug/tests/ared/test_ared
 */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "ared.h"
#include "ktest_red.h"

#define KIND "ared"
#define MODNAME "sch_ared"
#define ONE 4294967296.0

/* ---- helpers ------------------------------------------------------------ */

/* Enqueue a UDP/IPv4 packet of len bytes with trace id id. */
static int enq(struct qdk_qdisc *q, uint64_t id, uint32_t len)
{
	return qdk_enqueue(q, qt_udp4(id, len, 5000, 0));
}

static struct tc_ared_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_ared_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}

/* ---- the RED core: drop function ----------------------------------------- */

/* p_b from the paper, double precision; avg in bytes */
static double red_pb(double min, double max, double maxp, int gentle, double avg)
{
	if (avg < min)
		return 0;
	if (avg < max)
		return maxp * (avg - min) / (max - min);
	if (gentle && avg < 2 * max)
		return maxp + (1 - maxp) * (avg - max) / max;
	return 1;
}

START_TEST(core_prob_b_points)
{
	const uint32_t min = 10000, max = 30000, wlog = 9;
	const double maxp = 0.1;
	/* below, at min, inside, just under max, max, gentle, 2 max, past */
	const double pts[] = { 0, 9999.5, 10000, 12345.25, 20000, 29999,
			       30000, 37500, 45000, 59999, 60000, 90000 };

	for (int g = 0; g <= 1; g++) {
		for (size_t i = 0; i < sizeof(pts) / sizeof(pts[0]); i++) {
			uint64_t s = (uint64_t)(pts[i] * (1 << wlog));
			double want = red_pb(min, max, maxp, g, pts[i]);
			double got = kt_red_prob_b(min, max, qt_q32(maxp), wlog, g, s) / ONE;

			ck_assert_msg(fabs(got - want) < 1e-6,
				      "gentle %d avg %.2f: p_b %.9f, paper %.9f",
				      g, pts[i], got, want);
		}
	}
	/* the two ends of the linear region exactly */
	ck_assert_uint_eq(kt_red_prob_b(min, max, qt_q32(maxp), wlog, 0,
					(uint64_t)min << wlog), 0);
	ck_assert_uint_eq(kt_red_prob_b(min, max, qt_q32(maxp), wlog, 0,
					(uint64_t)max << wlog), 1ULL << 32);
	ck_assert_uint_eq(kt_red_prob_b(min, max, qt_q32(maxp), wlog, 1,
					(uint64_t)max << wlog), qt_q32(maxp));
}
END_TEST

START_TEST(core_prob_a_spacing)
{
	const double pb = 0.05;
	uint64_t p_b = qt_q32(pb);

	/* p_a = p_b / (1 - count p_b) for count = 0..19, then certain */
	for (uint32_t c = 0; c < 19; c++) {
		double want = pb / (1 - c * pb);
		double got = kt_red_prob_a(p_b, c) / ONE;

		ck_assert_msg(fabs(got - want) < 1e-8, "count %u: %.10f vs %.10f",
			      c, got, want);
	}
	ck_assert_uint_eq(kt_red_prob_a(p_b, 20), 1ULL << 32);
	ck_assert_uint_eq(kt_red_prob_a(p_b, 1000000), 1ULL << 32);
	ck_assert_uint_eq(kt_red_prob_a(0, 1000000), 0);
}
END_TEST

/* The decisions follow the generator: drop iff the next number < p_a. */
START_TEST(core_actions_follow_generator)
{
	const uint32_t min = 1000, max = 3000, wlog = 4, seed = 12345;
	const uint64_t s = 2000ULL << wlog;	/* p_b = max_p / 2 */
	const uint32_t maxp = qt_q32(0.2);
	int act[200];
	uint32_t rnd[200];
	uint64_t p_b = kt_red_prob_b(min, max, maxp, wlog, 0, s);
	uint32_t count = 0;
	int marks = 0;

	kt_red_actions(min, max, maxp, wlog, 0, s, seed, 200, act);
	kt_red_random(seed, 200, rnd);
	for (int i = 0; i < 200; i++) {
		int want = rnd[i] < kt_red_prob_a(p_b, count) ? 1 : 0;

		ck_assert_int_eq(act[i], want);	/* 1 = QRED_PROB_MARK */
		count = want ? 0 : count + 1;
		marks += want;
		/* the gap from one mark to the next never exceeds 1/p_b = 10 */
		ck_assert_uint_lt(count, 10);
	}
	/* uniform spacing: gaps <= 1/p_b = 10, mean ~ 1/(2 p_b) */
	ck_assert_int_gt(marks, 200 / 10);
	/* the same seed gives the same decisions, another one others */
	{
		int again[200], other[200];

		kt_red_actions(min, max, maxp, wlog, 0, s, seed, 200, again);
		kt_red_actions(min, max, maxp, wlog, 0, s, seed + 1, 200, other);
		ck_assert_mem_eq(again, act, sizeof(act));
		ck_assert_int_ne(memcmp(other, act, sizeof(act)), 0);
	}
	/* forced region: hard, no random number needed */
	kt_red_actions(min, max, maxp, wlog, 0, 3000ULL << wlog, seed, 3, act);
	ck_assert_int_eq(act[0], 2);
	kt_red_actions(min, max, maxp, wlog, 1, 5999ULL << wlog, seed, 1, act);
	ck_assert_int_ne(act[0], 2);
	kt_red_actions(min, max, maxp, wlog, 1, 6000ULL << wlog, seed, 1, act);
	ck_assert_int_eq(act[0], 2);
	/* below min: never */
	kt_red_actions(min, max, maxp, wlog, 0, 999ULL << wlog, seed, 50, act);
	for (int i = 0; i < 50; i++)
		ck_assert_int_eq(act[i], 0);
}
END_TEST

/* ---- the RED core: the average -------------------------------------------- */

START_TEST(core_ewma)
{
	/* avg <- (1 - w) avg + w q, w = 2^-wlog, over a sequence of queues */
	const uint32_t qs[] = { 0, 1500, 3000, 3000, 9000, 100, 0, 64000, 5 };

	for (uint32_t wlog = 1; wlog <= 12; wlog += 11) {
		double w = 1.0 / (1 << wlog), avg = 0;
		uint64_t s = 0;

		for (size_t i = 0; i < sizeof(qs) / sizeof(qs[0]); i++) {
			s = kt_red_ewma(wlog, s, qs[i]);
			avg = (1 - w) * avg + w * qs[i];
			/* truncation loses < 1 unit of the scaled value per step */
			ck_assert_msg(fabs((double)s / (1 << wlog) - avg) <= (i + 1.0) / (1 << wlog),
				      "wlog %u step %zu: %.6f vs %.6f", wlog, i,
				      (double)s / (1 << wlog), avg);
		}
	}
	/* a constant queue is a fixed point */
	ck_assert_uint_eq(kt_red_ewma(9, 5000ULL << 9, 5000), 5000ULL << 9);
}
END_TEST

START_TEST(core_idle_decay)
{
	const uint32_t wlog = 9;
	/* 1000 bytes at 10 Mbit/s (1250000 B/s): 800 us per packet */
	uint64_t ptime = kt_red_ptime(1000, 1250000);
	uint64_t s = 40000ULL << wlog;
	double w = 1.0 / (1 << wlog);

	ck_assert_uint_eq(ptime, 800000);
	ck_assert_uint_eq(kt_red_ptime(1000, 0), 0);
	for (uint64_t m = 1; m <= 100000; m *= 10) {
		/* idle for m packet times (+ a bit less than one more) */
		uint64_t got = kt_red_idle(wlog, ptime, s, m * ptime + ptime - 1, 7777);
		double want = 40000.0 * pow(1 - w, (double)m);

		ck_assert_msg(fabs((double)got / (1 << wlog) - want) <= 1e-6 * 40000 + 0.01,
			      "m %llu: %.4f vs %.4f", (unsigned long long)m,
			      (double)got / (1 << wlog), want);
	}
	/* shorter than one packet time: no decay; and the arrival after an
	 * idle period makes no EWMA step (the backlog 7777 is ignored)
	 */
	ck_assert_uint_eq(kt_red_idle(wlog, ptime, s, ptime - 1, 7777), s);
	/* no bandwidth: no decay */
	ck_assert_uint_eq(kt_red_idle(wlog, 0, s, 10000000000ULL, 0), s);
	/* a very long idle empties the average */
	ck_assert_uint_eq(kt_red_idle(wlog, ptime, s, 3600ULL * 1000000000, 0), 0);
}
END_TEST

/* The criterion of tc-red's EWMA derivation, in double precision. */
static int ref_wlog(double min, double burst, double avpkt)
{
	double a = burst + 1 - min / avpkt, w = 0.5;

	if (a < 1.0)
		return -ERANGE;
	for (int wlog = 1; wlog < 32; wlog++, w /= 2)
		if (a <= (1 - pow(1 - w, burst)) / w)
			return wlog;
	return -ERANGE;
}

START_TEST(core_eval_wlog)
{
	const uint32_t cases[][3] = {
		{ 30000, 50, 1000 }, { 30000, 30, 1000 }, { 10000, 20, 1000 },
		{ 100000, 200, 1000 }, { 3000, 4, 1500 }, { 1, 1, 1 },
		{ 500000, 1000, 1000 }, { 20000, 1000, 100 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got = kt_red_eval_wlog(cases[i][0], cases[i][1], cases[i][2]);
		int want = ref_wlog(cases[i][0], cases[i][1], cases[i][2]);

		ck_assert_msg(got == want, "min %u burst %u avpkt %u: %d vs %d",
			      cases[i][0], cases[i][1], cases[i][2], got, want);
		ck_assert_int_gt(got, 0);
	}
	/* burst * avpkt < min: the average could never reach min */
	ck_assert_int_eq(kt_red_eval_wlog(30000, 29, 1000), -ERANGE);
	ck_assert_int_eq(kt_red_eval_wlog(30000, 0, 1000), -ERANGE);
	/* tc-red's default burst (2 min + max) / (3 avpkt) */
	ck_assert_uint_eq(kt_red_default_burst(20000, 60000, 1000), 33);
	ck_assert_uint_eq(kt_red_default_burst(3000, 3001, 1000), 3);
}
END_TEST

/* ---- Adaptive RED: AIMD of max_p ----------------------------------------- */

START_TEST(core_adapt_band)
{
	unsigned long long lo, hi;

	/* Floyd 2001: [min + 0.4 (max - min), min + 0.6 (max - min)] */
	kt_red_band(20000, 60000, 9, &lo, &hi);
	ck_assert_uint_eq(lo, 36000ULL << 9);
	ck_assert_uint_eq(hi, 44000ULL << 9);
}
END_TEST

START_TEST(core_adapt_steps)
{
	const uint32_t min = 20000, max = 60000, wlog = 9;
	const uint64_t above = 50000ULL << wlog, below = 30000ULL << wlog;
	const uint64_t inside = 40000ULL << wlog;
	struct { double maxp; uint64_t avg; double want; int dir; } c[] = {
		/* increase: alpha = min(0.01, max_p / 4) */
		{ 0.1, above, 0.11, 1 },
		{ 0.02, above, 0.025, 1 },
		{ 0.04, above, 0.05, 1 },
		{ 0.3, above, 0.31, 1 },
		/* decrease: beta = 0.9 */
		{ 0.1, below, 0.09, -1 },
		{ 0.5, below, 0.45, -1 },
		/* inside the band (and at its edges): unchanged */
		{ 0.1, inside, 0.1, 0 },
		{ 0.1, 36000ULL << wlog, 0.1, 0 },
		{ 0.1, 44000ULL << wlog, 0.1, 0 },
		/* bounds [0.01, 0.5] */
		{ 0.495, above, 0.5, 1 },
		{ 0.5, above, 0.5, 0 },
		{ 0.0105, below, 0.01, -1 },
		{ 0.01, below, 0.01, 0 },
	};

	for (size_t i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		int dir;
		uint32_t got = kt_red_adapt_step(min, max, qt_q32(c[i].maxp), wlog, 0, 0,
						 c[i].avg, &dir);

		ck_assert_msg(fabs(got / ONE - c[i].want) < 2e-9,
			      "case %zu: max_p %.9f, want %.9f", i, got / ONE, c[i].want);
		ck_assert_int_eq(dir, c[i].dir);
	}
	/* an explicit band replaces Floyd's */
	{
		int dir;
		uint32_t got = kt_red_adapt_step(min, max, qt_q32(0.1), wlog, 45000, 50000,
						 inside, &dir);

		ck_assert_int_eq(dir, -1);
		ck_assert_uint_eq(got, qt_q32(0.1) * 9ULL / 10);
	}
	/* from 0.01 to 0.5 and back within QRED_ADAPT_MAX_STEPS (64) steps */
	{
		uint32_t p = qt_q32(0.01);
		int n = 0, dir;

		while (p < qt_q32(0.5) && n < 100) {
			p = kt_red_adapt_step(min, max, p, wlog, 0, 0, above, &dir);
			n++;
		}
		ck_assert_uint_eq(p, qt_q32(0.5));
		ck_assert_int_le(n, 64);
		n = 0;
		while (p > qt_q32(0.01) && n < 100) {
			p = kt_red_adapt_step(min, max, p, wlog, 0, 0, below, &dir);
			n++;
		}
		ck_assert_uint_eq(p, qt_q32(0.01));
		ck_assert_int_le(n, 64);
	}
}
END_TEST

START_TEST(core_adapt_lazy_schedule)
{
	const uint64_t iv = 500000000ULL;
	/* anchor at 1 s; nothing before 1.5 s; one step at 1.5 s; 3 steps
	 * at 3.2 s (boundaries 2.0, 2.5, 3.0); none at 3.4 s; one at 3.5 s
	 */
	const unsigned long long t[] = { 1000000000ULL, 1400000000ULL, 1499999999ULL,
			       1500000000ULL, 3200000000ULL, 3400000000ULL,
			       3500000000ULL };
	const int want[] = { 0, 0, 0, 1, 3, 0, 1 };
	int steps[7];

	kt_red_adapt_lazy(iv, t, 7, steps, qt_q32(0.02));
	for (int i = 0; i < 7; i++)
		ck_assert_msg(steps[i] == want[i], "call %d: %d steps, want %d",
			      i, steps[i], want[i]);
}
END_TEST

/* ---- the qdisc ------------------------------------------------------------- */

START_TEST(qdisc_seed_determinism)
{
	qt_check_seed_determinism("limit 200000 min 5000 max 150000 probability 0.3 "
				  "ewma 2 noadapt", TCA_ARED_SEED, 150);
}
END_TEST

START_TEST(qdisc_seed_random_and_dumped)
{
	struct qdk_qdisc *q1 = qt_create("limit 100000");
	struct qdk_qdisc *q2 = qt_create("limit 100000");
	int64_t s1 = qt_dumped(q1, TCA_ARED_SEED), s2 = qt_dumped(q2, TCA_ARED_SEED);

	ck_assert_int_ge(s1, 0);
	ck_assert_int_ge(s2, 0);
	ck_assert_int_ne(s1, s2);
	qdk_qdisc_destroy(q1);
	qdk_qdisc_destroy(q2);
}
END_TEST

/* The core decides; the qdisc must follow: early drops of the arrival. */
START_TEST(qdisc_early_drops_tail)
{
	struct qdk_qdisc *q = qt_create("limit 500000 min 2000 max 400000 probability 0.5 "
				     "ewma 1 noadapt seed 7");
	const struct qdk_effect *eff;
	int drops = 0;

	for (uint64_t id = 1; id <= 300; id++) {
		int r = enq(q, id, 1000);
		size_t n = qdk_effects(&eff);

		if (r == QDK_XMIT_DROP) {
			/* the arrival itself, nothing else */
			ck_assert_uint_eq(n, 1);
			ck_assert_int_eq(eff[0].kind, QDK_EFFECT_DROP);
			ck_assert_uint_eq(eff[0].id, id);
			drops++;
		} else {
			ck_assert_int_eq(r, QDK_XMIT_SUCCESS);
			ck_assert_uint_eq(n, 0);
		}
	}
	ck_assert_int_gt(drops, 10);
	ck_assert_uint_eq(qt_stats(q).drops, drops);
	ck_assert_uint_eq(xstats(q).prob_drop, drops);
	ck_assert_uint_eq(qt_stats(q).qlen, 300 - drops);
	ck_assert_uint_eq(qt_stats(q).backlog, (300 - drops) * 1000);
	/* FIFO order of the survivors */
	{
		uint64_t prev = 0, id;

		while ((id = qt_deq(q))) {
			ck_assert_uint_gt(id, prev);
			prev = id;
		}
	}
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_dropfront_takes_head)
{
	/* same arrivals and seed as above, but dropfront */
	struct qdk_qdisc *q = qt_create("limit 500000 min 2000 max 400000 probability 0.5 "
				     "ewma 1 noadapt seed 7 dropfront");
	const struct qdk_effect *eff;
	uint64_t head = 1;
	int drops = 0;

	for (uint64_t id = 1; id <= 300; id++) {
		int r = enq(q, id, 1000 + (uint32_t)id);
		size_t n = qdk_effects(&eff);

		if (n) {
			/* the oldest packet went; the arrival was queued */
			ck_assert_int_eq(r, QDK_XMIT_CN);
			ck_assert_uint_eq(n, 1);
			ck_assert_int_eq(eff[0].kind, QDK_EFFECT_DROP);
			ck_assert_uint_eq(eff[0].id, head);
			head++;
			drops++;
		} else {
			ck_assert_int_eq(r, QDK_XMIT_SUCCESS);
		}
	}
	ck_assert_int_gt(drops, 10);
	ck_assert_uint_eq(qt_stats(q).drops, drops);
	ck_assert_uint_eq(xstats(q).head_drop, drops);
	ck_assert_uint_eq(qt_stats(q).qlen, 300 - drops);
	/* the survivors are the newest, in order, and the backlog is theirs */
	{
		uint64_t bytes = 0;

		for (uint64_t id = head; id <= 300; id++)
			bytes += 1000 + id;
		ck_assert_uint_eq(qt_stats(q).backlog, bytes);
		for (uint64_t id = head; id <= 300; id++)
			ck_assert_uint_eq(qt_deq(q), id);
	}
	ck_assert_uint_eq(qt_deq(q), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_limit_is_tail_drop)
{
	/* thresholds far away: only the byte limit acts, dropfront or not */
	struct qdk_qdisc *q = qt_create("limit 3000 min 2990 max 3000 probability 0.01 "
				     "noadapt nogentle ewma 31 dropfront");
	const struct qdk_effect *eff;

	ck_assert_int_eq(enq(q, 1, 1000), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 1000), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 1000), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 4, 100), QDK_XMIT_DROP);
	ck_assert_uint_eq(qdk_effects(&eff), 1);
	ck_assert_uint_eq(eff[0].id, 4);
	ck_assert_uint_eq(xstats(q).pdrop, 1);
	ck_assert_uint_eq(qt_deq(q), 1);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_forced_drops)
{
	/* ewma 1: the average follows the queue; nogentle: forced from max */
	struct qdk_qdisc *q = qt_create("limit 100000 min 1000 max 4000 probability 0.01 "
				     "noadapt nogentle ewma 1 seed 1");
	int r[40];

	qt_fill(q, 1, 40, r);
	/* the queue cannot stay much above max: every arrival past it goes */
	ck_assert_uint_le(qt_stats(q).backlog, 10000);
	ck_assert_uint_gt(xstats(q).forced_drop, 20);
	ck_assert_uint_ge(xstats(q).qavg, 4000);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_ecn_marks)
{
	const char *o = "limit 500000 min 2000 max 400000 probability 0.5 ewma 1 noadapt seed 9 ecn";
	struct qdk_qdisc *q = qt_create(o);
	const struct qdk_effect *eff;
	int marks = 0;

	/* ECT(0) arrivals are marked CE, never dropped early */
	for (uint64_t id = 1; id <= 200; id++) {
		ck_assert_int_eq(qdk_enqueue(q, qt_udp4(id, 1000, 5000, 0x02)), QDK_XMIT_SUCCESS);
		if (qdk_effects(&eff)) {
			ck_assert_int_eq(eff[0].kind, QDK_EFFECT_MARK);
			ck_assert_uint_eq(eff[0].id, id);
			marks++;
		}
	}
	ck_assert_int_gt(marks, 5);
	ck_assert_uint_eq(xstats(q).prob_mark, marks);
	ck_assert_uint_eq(xstats(q).prob_drop, 0);
	ck_assert_uint_eq(qt_stats(q).drops, 0);
	/* the marked packets leave with CE */
	{
		int ce = 0;
		struct qdk_skb *skb;

		while ((skb = qdk_dequeue(q))) {
			ce += qdk_skb_ecn(skb) == 3;
			qdk_skb_free(skb);
		}
		ck_assert_int_eq(ce, marks);
	}
	qdk_qdisc_destroy(q);

	/* not-ECT arrivals are dropped instead */
	q = qt_create(o);
	for (uint64_t id = 1; id <= 200; id++) {
		qdk_enqueue(q, qt_udp4(id, 1000, 5000, 0));
		if (qdk_effects(&eff))
			ck_assert_int_eq(eff[0].kind, QDK_EFFECT_DROP);
	}
	ck_assert_uint_eq(xstats(q).prob_mark, 0);
	ck_assert_uint_gt(xstats(q).prob_drop, 5);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_idle_decay)
{
	/* 1000 B at 10 Mbit/s: 800 us per packet; w = 1/2 */
	struct qdk_qdisc *q = qt_create("limit 100000 min 50000 max 90000 ewma 1 "
				     "bandwidth 10mbit avpkt 1000 noadapt");
	uint64_t t0 = qdk_now();
	uint32_t avg;

	for (uint64_t id = 1; id <= 10; id++)
		enq(q, id, 1000);
	avg = xstats(q).qavg;
	ck_assert_uint_gt(avg, 7000);
	while (qt_deq(q))
		;
	/* 4 packet times of idle: (1/2)^4 of the average */
	qdk_clock_advance(t0 + 4 * 800000 + 1000);
	enq(q, 11, 1000);
	ck_assert_uint_le(xstats(q).qavg, avg / 16 + 1);
	ck_assert_uint_ge(xstats(q).qavg, avg / 16 - 1);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_adapts_on_arrivals)
{
	/* the queue sits above the band: max_p goes up once per interval */
	struct qdk_qdisc *q = qt_create("limit 100000 min 2000 max 20000 probability 0.02 "
				     "ewma 1 interval 100ms seed 3");
	uint64_t t = qdk_now(), id = 1;
	struct tc_ared_xstats xs;

	for (int i = 0; i < 16; i++)
		enq(q, id++, 1000);	/* 16000 > 2000 + 0.6 * 18000 */
	xs = xstats(q);
	ck_assert_uint_eq(xs.max_p, qt_q32(0.02));
	/* 1 s of arrivals every 50 ms, keeping the queue steady */
	for (int i = 1; i <= 20; i++) {
		qdk_clock_advance(t + i * 50000000ULL);
		qt_deq(q);
		enq(q, id++, 1000);
	}
	xs = xstats(q);
	ck_assert_uint_eq(xs.adapt_up, 10);
	ck_assert_uint_eq(xs.adapt_down, 0);
	ck_assert_uint_gt(xs.max_p, qt_q32(0.07));
	/* the dump keeps the configured max_p */
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_MAX_P), qt_q32(0.02));
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_change)
{
	struct qdk_qdisc *q = qt_create("limit 100000 min 2000 max 20000 probability 0.02 "
				     "ewma 1 interval 100ms seed 3");
	char msg[256] = "";
	uint64_t t = qdk_now();

	for (uint64_t id = 1; id <= 16; id++)
		enq(q, id, 1000);
	qdk_clock_advance(t + 100000000ULL);
	enq(q, 17, 1000);
	ck_assert_uint_gt(xstats(q).max_p, qt_q32(0.02));
	/* a change without probability keeps the adapted max_p */
	ck_assert_int_eq(qt_change(q, "limit 100000 min 2000 max 20000 ewma 1", msg, sizeof(msg)), 0);
	ck_assert_uint_gt(xstats(q).max_p, qt_q32(0.02));
	/* with probability it restarts from it */
	ck_assert_int_eq(qt_change(q, "probability 0.03", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(xstats(q).max_p, qt_q32(0.03));
	/* a lower limit drops the oldest packets at once */
	ck_assert_int_eq(qt_change(q, "limit 10000 max 10000", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(qt_stats(q).backlog, 10000);
	ck_assert_uint_eq(qt_stats(q).qlen, 10);
	{
		uint64_t prev = 0, id = 0, last = 0;

		while ((id = qt_deq(q))) {
			ck_assert_uint_gt(id, prev);
			prev = last = id;
		}
		ck_assert_uint_eq(last, 17);
	}
	/* a failed change leaves everything as it was */
	ck_assert_int_eq(qt_change(q, "min 30000", msg, sizeof(msg)), -EINVAL);
	ck_assert_str_eq(msg, MODNAME ": min must be below max");
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_QTH_MIN), 2000);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_LIMIT), 10000);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_reset)
{
	struct qdk_qdisc *q = qt_create("limit 100000 ewma 1");

	for (uint64_t id = 1; id <= 5; id++)
		enq(q, id, 1000);
	ck_assert_uint_gt(xstats(q).qavg, 0);
	qdk_qdisc_reset(q);
	ck_assert_uint_eq(qt_stats(q).qlen, 0);
	ck_assert_uint_eq(qt_stats(q).backlog, 0);
	ck_assert_uint_eq(xstats(q).qavg, 0);
	ck_assert_uint_eq(qt_deq(q), 0);
	ck_assert_int_eq(enq(q, 6, 100), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(qt_deq(q), 6);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- options -------------------------------------------------------------- */

START_TEST(options_defaults)
{
	struct qdk_dev_cfg dev = { .tx_queue_len = 100, .mtu = 1500 };
	char msg[256] = "";
	int err = 0;
	struct qdk_qdisc *q = qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					       NULL, 0, &err, msg, sizeof(msg));

	ck_assert_ptr_nonnull(q);
	/* txqueuelen * psched_mtu (mtu + Ethernet header), max half, min a third of max */
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_LIMIT), 151400);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_QTH_MAX), 75700);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_QTH_MIN), 25233);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_MAX_P), qt_q32(0.1));
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_AVPKT), 1000);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_BANDWIDTH), 1250000);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_FLAGS), ARED_F_GENTLE | ARED_F_ADAPT);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_INTERVAL), 500000);
	/* the weight from tc-red's default burst, made explicit */
	ck_assert_int_eq(qt_dumped(q, TCA_ARED_EWMA),
			 kt_red_eval_wlog(25233, kt_red_default_burst(25233, 75700, 1000), 1000));
	ck_assert_int_eq(qt_dumped(q, TCA_ARED_BURST), -1);
	ck_assert_int_ge(qt_dumped(q, TCA_ARED_SEED), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(options_validation)
{
	qt_create_fails("limit 100000 min 30000 max 30000", -EINVAL, MODNAME ": min must be below max");
	qt_create_fails("limit 100000 min 40000 max 30000", -EINVAL, MODNAME ": min must be below max");
	qt_create_fails("limit 10000 min 1000 max 30000", -EINVAL, MODNAME ": max must not exceed limit");
	qt_create_fails("limit 100000 burst 20 ewma 3", -EINVAL,
		     MODNAME ": give either ewma or burst, not both");
	qt_create_fails("limit 100000 min 30000 max 60000 burst 29", -EINVAL,
		     MODNAME ": burst too small for min/avpkt (burst * avpkt < min) or too large");
	qt_create_fails("limit 100000 probability 0.6", -EINVAL,
		     MODNAME ": probability must be within [0.01, 0.5] when adaptive");
	qt_create_fails("limit 100000 probability 0.005", -EINVAL,
		     MODNAME ": probability must be within [0.01, 0.5] when adaptive");
	qt_create_fails("limit 100000 min 20000 max 60000 target 10000 50000", -EINVAL,
		     MODNAME ": target band must lie within [min, max], low end first");
	qt_create_fails("limit 100000 min 20000 max 60000 target 50000 40000", -EINVAL,
		     MODNAME ": target band must lie within [min, max], low end first");
	/* the netlink policy */
	qt_create_fails("limit 0", -ERANGE, "integer out of range");
	qt_create_fails("limit 1073741825", -ERANGE, "integer out of range");
	qt_create_fails("ewma 0", -ERANGE, "integer out of range");
	qt_create_fails("ewma 32", -ERANGE, "integer out of range");
	qt_create_fails("avpkt 0", -ERANGE, "integer out of range");
	qt_create_fails("interval 100us", -ERANGE, "integer out of range");
	qt_create_fails("probability 0", -ERANGE, "integer out of range");
	/* fixed max_p may be anything in (0, 1] */
	qdk_qdisc_destroy(qt_create("limit 100000 probability 0.9 noadapt"));
	qdk_qdisc_destroy(qt_create("limit 100000 probability 1 noadapt"));
}
END_TEST

START_TEST(options_raw_attrs)
{
	/* a target with one end only, and a reserved flag bit */
	struct qdk_dev_cfg dev = { 0 };
	uint8_t b[64];
	uint32_t v = 40000;
	char msg[256] = "";
	int err = 0;

	/* TCA_OPTIONS | NLA_F_NESTED, then TARGET_LO alone */
	b[0] = 12; b[1] = 0; b[2] = 2; b[3] = 0x80;
	b[4] = 8; b[5] = 0; b[6] = TCA_ARED_TARGET_LO; b[7] = 0;
	memcpy(b + 8, &v, 4);
	ck_assert_ptr_null(qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					    b, 12, &err, msg, sizeof(msg)));
	ck_assert_int_eq(err, -EINVAL);
	ck_assert_str_eq(msg, MODNAME ": target needs both ends of the band");

	b[6] = TCA_ARED_FLAGS;
	v = 0x10;
	memcpy(b + 8, &v, 4);
	ck_assert_ptr_null(qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					    b, 12, &err, msg, sizeof(msg)));
	ck_assert_int_eq(err, -EINVAL);
	ck_assert_str_eq(msg, "reserved bit set");

	/* change with no options */
	{
		struct qdk_qdisc *q = qt_create("limit 100000");

		qt_check_change_without_options(q);
		qdk_qdisc_destroy(q);
	}
}
END_TEST

START_TEST(options_dump_round_trip)
{
	struct qdk_qdisc *q = qt_create("limit 123456 min 20000 max 60000 probability 0.05 "
				     "avpkt 1500 burst 40 bandwidth 100mbit ecn dropfront "
				     "interval 250ms target 30000 50000 seed 99");

	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_BURST), 40);
	ck_assert_int_eq(qt_dumped(q, TCA_ARED_EWMA), -1);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_SEED), 99);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_FLAGS),
			  ARED_F_ECN | ARED_F_DROPFRONT | ARED_F_GENTLE | ARED_F_ADAPT);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_INTERVAL), 250000);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_BANDWIDTH), 12500000);
	ck_assert_uint_eq(qt_dumped(q, TCA_ARED_TARGET_HI), 50000);
	/* a new qdisc from the dump dumps the same bytes; change is a no-op */
	qt_check_dump_round_trip(q, 20);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- tc syntax ----------------------------------------------------------- */

START_TEST(tc_print)
{
	const struct tcopt_kind *k = tcopt_find(KIND);
	struct qdk_qdisc *q = qt_create("limit 100000 min 20000 max 60000 probability 0.02 "
				     "ewma 9 bandwidth 10mbit noadapt nogentle ecn seed 5");
	struct qt_text t;
	uint8_t buf[256];
	int n;

	qt_text_init(&t);
	ck_assert_ptr_nonnull(k);
	n = qdk_qdisc_dump(q, buf, sizeof(buf));
	k->print(buf + 4, n - 4, &t.o);
	ck_assert_str_eq(t.buf, "limit 100000b min 20000b max 60000b probability 0.02 "
			 "avpkt 1000b ewma 9 bandwidth 10Mbit ecn nogentle noadapt "
			 "interval 500ms seed 5 ");
	t.buf[0] = 0;
	n = qdk_qdisc_dump_xstats(q, buf, sizeof(buf));
	k->print_xstats(buf, n, &t.o);
	ck_assert_str_eq(t.buf, "max_p 0.02 qavg 0b ewma 9 prob_drop 0 prob_mark 0 "
			 "forced_drop 0 pdrop 0 head_drop 0 adapt_up 0 adapt_down 0 ");
	/* a shorter (older) xstats struct: the fields it has */
	t.buf[0] = 0;
	k->print_xstats(buf, 8, &t.o);
	ck_assert_str_eq(t.buf, "max_p 0.02 qavg 0b ");
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_parse_errors)
{
	static const char *const bad[][2] = {
		{ "limit", "\"limit\" needs a value" },
		{ "limit lots", "Illegal \"limit\"" },
		{ "probability 1.5", "Illegal \"probability\"" },
		{ "probability -0.1", "Illegal \"probability\"" },
		{ "probability x", "Illegal \"probability\"" },
		{ "bandwidth fast", "Illegal \"bandwidth\"" },
		{ "interval soon", "Illegal \"interval\"" },
		{ "target 1000", "\"target\" needs LOW and HIGH" },
		{ "target a b", "Illegal \"target\"" },
		{ "burst", "\"burst\" needs a value" },
		{ "colour blue", "What is \"colour\"?" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		qt_tc_rejects(bad[i][0], bad[i][1]);
}
END_TEST

/* ---- runner ------------------------------------------------------------- */

static Suite *suite(void)
{
	Suite *s = suite_create(KIND);
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_test(tc, core_prob_b_points);
	tcase_add_test(tc, core_prob_a_spacing);
	tcase_add_test(tc, core_actions_follow_generator);
	tcase_add_test(tc, core_ewma);
	tcase_add_test(tc, core_idle_decay);
	tcase_add_test(tc, core_eval_wlog);
	suite_add_tcase(s, tc);

	tc = tcase_create("adapt");
	tcase_add_test(tc, core_adapt_band);
	tcase_add_test(tc, core_adapt_steps);
	tcase_add_test(tc, core_adapt_lazy_schedule);
	suite_add_tcase(s, tc);

	tc = tcase_create("qdisc");
	tcase_add_test(tc, qdisc_seed_determinism);
	tcase_add_test(tc, qdisc_seed_random_and_dumped);
	tcase_add_test(tc, qdisc_early_drops_tail);
	tcase_add_test(tc, qdisc_dropfront_takes_head);
	tcase_add_test(tc, qdisc_limit_is_tail_drop);
	tcase_add_test(tc, qdisc_forced_drops);
	tcase_add_test(tc, qdisc_ecn_marks);
	tcase_add_test(tc, qdisc_idle_decay);
	tcase_add_test(tc, qdisc_adapts_on_arrivals);
	tcase_add_test(tc, qdisc_change);
	tcase_add_test(tc, qdisc_reset);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_add_test(tc, options_defaults);
	tcase_add_test(tc, options_validation);
	tcase_add_test(tc, options_raw_attrs);
	tcase_add_test(tc, options_dump_round_trip);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("tc");
	tcase_add_test(tc, tc_print);
	tcase_add_test(tc, tc_parse_errors);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main(KIND, suite());
}
