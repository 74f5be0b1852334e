// SPDX-License-Identifier: GPL-2.0
/*
 * test_dsred.c - unit tests of the double-slope drop function (algo/red.h,
 * through ktest_dsred.c) and of the "dsred" qdisc (through qdk_api.h).
 *
 * p(avg) is checked in each segment and at Kl, Km and Kh against the formula of
 * Domanska et al. (docs/references.md) computed here in double precision;
 * decisions against the generator; the qdisc for seed determinism,
 * drop-from-front, ECN marks, forced drops from Kh, option validation with the
 * exact extack texts, dump and the tc syntax.
 *
 *   build/user/tests/dsred/test_dsred
 */
#include <check.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "dsred.h"
#include "ktest_dsred.h"

#define KIND "dsred"
#define MODNAME "sch_dsred"
#define ONE 4294967296.0

/* ---- helpers ------------------------------------------------------------ */

/* Enqueue a UDP/IPv4 packet of len bytes with trace id id. */
static int enq(struct qdk_qdisc *q, uint64_t id, uint32_t len)
{
	return qdk_enqueue(q, qt_udp4(id, len, 5000, 0));
}

static struct tc_dsred_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_dsred_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}

/* ---- the drop function ------------------------------------------------- */

/* Domanska et al.: p(avg) with alpha = 2 (1 - g) / (Kh - Kl), beta = 2 g / (Kh - Kl) */
static double paper_p(double kl, double kh, double g, double avg)
{
	double km = (kl + kh) / 2, alpha = 2 * (1 - g) / (kh - kl);
	double beta = 2 * g / (kh - kl);

	if (avg < kl)
		return 0;
	if (avg < km)
		return alpha * (avg - kl);
	if (avg < kh)
		return 1 - g + beta * (avg - km);
	return 1;
}

START_TEST(core_ds_prob_points)
{
	/* Domanska et al.'s parameters, in bytes of 1000-byte packets: Kl 100, Km 150, Kh 200 */
	const uint32_t kl = 100000, km = 150000, kh = 200000, wlog = 4;
	const double gammas[] = { 0.15, 0.5, 0.85, 0.0 };
	const double pts[] = { 0, 50000, 99999, 100000, 100001, 110000, 125000,
			       149999.5, 150000, 160000, 175000, 199999, 200000,
			       225000, 1e6 };

	for (size_t gi = 0; gi < sizeof(gammas) / sizeof(gammas[0]); gi++) {
		for (size_t i = 0; i < sizeof(pts) / sizeof(pts[0]); i++) {
			uint64_t s = (uint64_t)(pts[i] * (1 << wlog));
			double want = paper_p(kl, kh, gammas[gi], pts[i]);
			double got = kt_ds_prob(kl, km, kh, qt_q32(gammas[gi]), wlog, s) / ONE;

			ck_assert_msg(fabs(got - want) < 1e-6,
				      "gamma %.2f avg %.1f: p %.9f, paper %.9f",
				      gammas[gi], pts[i], got, want);
		}
		/* exactly at the thresholds */
		ck_assert_uint_eq(kt_ds_prob(kl, km, kh, qt_q32(gammas[gi]), wlog,
					     (uint64_t)kl << wlog), 0);
		ck_assert_uint_eq(kt_ds_prob(kl, km, kh, qt_q32(gammas[gi]), wlog,
					     (uint64_t)km << wlog),
				  (1ULL << 32) - qt_q32(gammas[gi]));
		ck_assert_uint_eq(kt_ds_prob(kl, km, kh, qt_q32(gammas[gi]), wlog,
					     (uint64_t)kh << wlog), 1ULL << 32);
	}
	/* gamma 1 (U32_MAX): flat 0 up to Km, then the whole rise */
	ck_assert_uint_le(kt_ds_prob(kl, km, kh, UINT32_MAX, wlog, 140000ULL << wlog), 1);
	ck_assert_msg(fabs(kt_ds_prob(kl, km, kh, UINT32_MAX, wlog, 175000ULL << wlog) / ONE - 0.5) < 1e-6,
		      "gamma 1, midway to Kh");
}
END_TEST

START_TEST(core_ds_prob_any_km)
{
	/* Km off the midpoint: alpha = (1 - g) / (Km - Kl), beta = g / (Kh - Km) */
	const uint32_t kl = 1000, km = 1200, kh = 5000, wlog = 6;
	const double g = 0.3;

	for (double avg = 900; avg < 5100; avg += 37.5) {
		double want = avg < kl ? 0 : avg < km ? (1 - g) * (avg - kl) / (km - kl) :
			      avg < kh ? 1 - g + g * (avg - km) / (kh - km) : 1;
		double got = kt_ds_prob(kl, km, kh, qt_q32(g), wlog,
					(uint64_t)(avg * (1 << wlog))) / ONE;

		ck_assert_msg(fabs(got - want) < 1e-6, "avg %.1f: %.9f vs %.9f",
			      avg, got, want);
	}
}
END_TEST

START_TEST(core_ds_actions_follow_generator)
{
	const uint32_t kl = 100000, km = 150000, kh = 200000, wlog = 4, seed = 777;
	const uint64_t s = 130000ULL << wlog;
	uint64_t p = kt_ds_prob(kl, km, kh, qt_q32(0.5), wlog, s);
	int act[500], n = 0;
	uint32_t rnd[500];

	kt_ds_actions(kl, km, kh, qt_q32(0.5), wlog, s, seed, 500, act);
	kt_ds_random(seed, 500, rnd);
	for (int i = 0; i < 500; i++) {
		ck_assert_int_eq(act[i], rnd[i] < p ? 1 : 0);
		n += act[i];
	}
	/* p = 0.3 here: about 150 of 500, no count-based spacing */
	ck_assert_int_gt(n, 110);
	ck_assert_int_lt(n, 190);
	/* from Kh: forced; below Kl: never */
	kt_ds_actions(kl, km, kh, qt_q32(0.5), wlog, 200000ULL << wlog, seed, 5, act);
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(act[i], 2);
	kt_ds_actions(kl, km, kh, qt_q32(0.5), wlog, 99999ULL << wlog, seed, 5, act);
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(act[i], 0);
}
END_TEST

/* ---- the qdisc ------------------------------------------------------------- */

START_TEST(qdisc_seed_determinism)
{
	qt_check_seed_determinism("limit 300000 kl 10000 kh 250000 gamma 0.5 ewma 2",
				  TCA_DSRED_SEED, 200);
}
END_TEST

START_TEST(qdisc_seed_random_and_dumped)
{
	struct qdk_qdisc *q1 = qt_create("limit 100000");
	struct qdk_qdisc *q2 = qt_create("limit 100000");

	ck_assert_int_ne(qt_dumped(q1, TCA_DSRED_SEED), qt_dumped(q2, TCA_DSRED_SEED));
	qdk_qdisc_destroy(q1);
	qdk_qdisc_destroy(q2);
}
END_TEST

START_TEST(qdisc_early_drops_tail)
{
	struct qdk_qdisc *q = qt_create("limit 300000 kl 10000 kh 250000 ewma 1 seed 7");
	const struct qdk_effect *eff;
	int drops = 0;

	for (uint64_t id = 1; id <= 200; id++) {
		int r = enq(q, id, 1000);
		size_t n = qdk_effects(&eff);

		if (r == QDK_XMIT_DROP) {
			ck_assert_uint_eq(n, 1);
			ck_assert_uint_eq(eff[0].id, id);
			drops++;
		} else {
			ck_assert_int_eq(r, QDK_XMIT_SUCCESS);
			ck_assert_uint_eq(n, 0);
		}
	}
	ck_assert_int_gt(drops, 10);
	ck_assert_uint_eq(xstats(q).prob_drop, drops);
	ck_assert_uint_eq(qt_stats(q).drops, drops);
	ck_assert_uint_eq(qt_stats(q).backlog, (200 - drops) * 1000);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_dropfront_takes_head)
{
	struct qdk_qdisc *q = qt_create("limit 300000 kl 10000 kh 250000 ewma 1 seed 7 dropfront");
	const struct qdk_effect *eff;
	uint64_t head = 1;
	int drops = 0;

	for (uint64_t id = 1; id <= 200; id++) {
		int r = enq(q, id, 1000 + (uint32_t)id);

		if (qdk_effects(&eff)) {
			ck_assert_int_eq(r, QDK_XMIT_CN);
			ck_assert_int_eq(eff[0].kind, QDK_EFFECT_DROP);
			ck_assert_uint_eq(eff[0].id, head);
			head++;
			drops++;
		} else {
			ck_assert_int_eq(r, QDK_XMIT_SUCCESS);
		}
	}
	ck_assert_int_gt(drops, 10);
	ck_assert_uint_eq(xstats(q).head_drop, drops);
	ck_assert_uint_eq(qt_stats(q).drops, drops);
	{
		uint64_t bytes = 0;

		for (uint64_t id = head; id <= 200; id++)
			bytes += 1000 + id;
		ck_assert_uint_eq(qt_stats(q).backlog, bytes);
		for (uint64_t id = head; id <= 200; id++)
			ck_assert_uint_eq(qt_deq(q), id);
	}
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_forced_from_kh)
{
	/* the average follows the queue (w = 1/2): past Kh every arrival goes */
	struct qdk_qdisc *q = qt_create("limit 100000 kl 3000 kh 5000 gamma 0.99 ewma 1 seed 1");
	int r[40];

	qt_fill(q, 1, 40, r);
	ck_assert_uint_le(qt_stats(q).backlog, 12000);
	ck_assert_uint_gt(xstats(q).forced_drop, 20);
	ck_assert_uint_ge(xstats(q).qavg, 4000);
	ck_assert_uint_eq(xstats(q).km, 4000);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_no_decay_arrivals_step)
{
	/*
	 * bandwidth 0: no idle decay, but every arrival steps the average, the
	 * one that finds the queue empty included (Domanska et al.'s model).
	 * Left past Kh by a burst, the average comes down as single packets
	 * arrive and leave; were those arrivals not to step it, every one of
	 * them would be dropped for ever.
	 */
	struct qdk_qdisc *q = qt_create("limit 100000 kl 3000 kh 5000 gamma 0.99 ewma 3 bandwidth 0 seed 1");
	int r[40], ok = 0;

	qt_fill(q, 1, 40, r);
	ck_assert_uint_ge(xstats(q).qavg, 5000);
	while (qt_deq(q))
		;
	for (int i = 0; i < 60; i++) {
		ok += qt_enq_flow(q, 1, 1000) == QDK_XMIT_SUCCESS;
		qt_deq(q);
	}
	ck_assert_int_ge(ok, 40);
	ck_assert_uint_lt(xstats(q).qavg, 3000);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_limit_is_tail_drop)
{
	struct qdk_qdisc *q = qt_create("limit 3000 kl 2990 kh 3000 ewma 31 dropfront");
	const struct qdk_effect *eff;

	for (uint64_t id = 1; id <= 3; id++)
		ck_assert_int_eq(enq(q, id, 1000), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 4, 100), QDK_XMIT_DROP);
	ck_assert_uint_eq(qdk_effects(&eff), 1);
	ck_assert_uint_eq(eff[0].id, 4);
	ck_assert_uint_eq(xstats(q).pdrop, 1);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_ecn_marks)
{
	const char *o = "limit 300000 kl 10000 kh 250000 ewma 1 seed 9 ecn";
	struct qdk_qdisc *q = qt_create(o);
	const struct qdk_effect *eff;
	int marks = 0;

	for (uint64_t id = 1; id <= 150; id++) {
		ck_assert_int_eq(qdk_enqueue(q, qt_udp4(id, 1000, 5000, 0x01)), QDK_XMIT_SUCCESS);
		if (qdk_effects(&eff)) {
			ck_assert_int_eq(eff[0].kind, QDK_EFFECT_MARK);
			ck_assert_uint_eq(eff[0].id, id);
			marks++;
		}
	}
	ck_assert_int_gt(marks, 5);
	ck_assert_uint_eq(xstats(q).prob_mark, marks);
	ck_assert_uint_eq(qt_stats(q).drops, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(qdisc_change_and_reset)
{
	struct qdk_qdisc *q = qt_create("limit 100000 kl 10000 kh 50000 ewma 1 seed 3");
	char msg[256] = "";

	for (uint64_t id = 1; id <= 8; id++)
		enq(q, id, 1000);
	ck_assert_int_eq(qt_change(q, "limit 5000 kl 1000 kh 5000", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(qt_stats(q).backlog, 5000);
	ck_assert_uint_eq(qt_stats(q).drops, 3);
	ck_assert_uint_eq(qt_deq(q), 4);
	ck_assert_int_eq(qt_change(q, "kl 6000", msg, sizeof(msg)), -EINVAL);
	ck_assert_str_eq(msg, MODNAME ": kl must be below kh");
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_KL), 1000);
	qdk_qdisc_reset(q);
	ck_assert_uint_eq(qt_stats(q).qlen, 0);
	ck_assert_uint_eq(xstats(q).qavg, 0);
	ck_assert_uint_eq(qt_deq(q), 0);
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
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_LIMIT), 151400);
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_KH), 121120);
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_KL), 60560);
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_KM), 0);
	ck_assert_uint_eq(xstats(q).km, 90840);
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_GAMMA), 0x80000000U);
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_FLAGS), 0);
	ck_assert_int_gt(qt_dumped(q, TCA_DSRED_EWMA), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(options_validation)
{
	qt_create_fails("limit 100000 kl 30000 kh 30000", -EINVAL, MODNAME ": kl must be below kh");
	qt_create_fails("limit 100000 kl 30000 km 30000 kh 60000", -EINVAL,
		     MODNAME ": km must lie strictly between kl and kh");
	qt_create_fails("limit 100000 kl 30000 km 60000 kh 60000", -EINVAL,
		     MODNAME ": km must lie strictly between kl and kh");
	qt_create_fails("limit 10000 kl 1000 kh 30000", -EINVAL, MODNAME ": kh must not exceed limit");
	qt_create_fails("limit 100000 burst 20 ewma 3", -EINVAL,
		     MODNAME ": give either ewma or burst, not both");
	qt_create_fails("limit 100000 kl 30000 kh 60000 burst 29", -EINVAL,
		     MODNAME ": burst too small for kl/avpkt (burst * avpkt < kl) or too large");
	qt_create_fails("limit 0", -ERANGE, "integer out of range");
	qt_create_fails("ewma 32", -ERANGE, "integer out of range");
	qt_create_fails("avpkt 70000", -ERANGE, "integer out of range");
	qdk_qdisc_destroy(qt_create("limit 100000 kl 1 kh 3 avpkt 1"));
	/* thresholds below one average packet: no weight meets the criterion */
	qt_create_fails("limit 100000 kl 1 kh 3", -EINVAL,
		     MODNAME ": burst too small for kl/avpkt (burst * avpkt < kl) or too large");
	qdk_qdisc_destroy(qt_create("limit 100000 gamma 0"));
	qdk_qdisc_destroy(qt_create("limit 100000 gamma 1"));
}
END_TEST

START_TEST(options_dump_round_trip)
{
	struct qdk_qdisc *q = qt_create("limit 250000 kl 100000 km 140000 kh 200000 gamma 0.15 "
				     "avpkt 1000 burst 120 bandwidth 100mbit ecn dropfront seed 99");

	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_KM), 140000);
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_GAMMA), qt_q32(0.15));
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_BURST), 120);
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_SEED), 99);
	ck_assert_uint_eq(qt_dumped(q, TCA_DSRED_FLAGS), DSRED_F_ECN | DSRED_F_DROPFRONT);
	qt_check_dump_round_trip(q, 20);
	qt_check_change_without_options(q);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- tc syntax ----------------------------------------------------------- */

START_TEST(tc_print)
{
	const struct tcopt_kind *k = tcopt_find(KIND);
	struct qdk_qdisc *q = qt_create("limit 250000 kl 100000 kh 200000 gamma 0.85 "
				     "ewma 4 bandwidth 10mbit dropfront seed 5");
	struct qt_text t;
	uint8_t buf[256];
	int n;

	qt_text_init(&t);
	ck_assert_ptr_nonnull(k);
	n = qdk_qdisc_dump(q, buf, sizeof(buf));
	k->print(buf + 4, n - 4, &t.o);
	ck_assert_str_eq(t.buf, "limit 250000b kl 100000b kh 200000b gamma 0.85 avpkt 1000b "
			 "ewma 4 bandwidth 10Mbit dropfront seed 5 ");
	t.buf[0] = 0;
	n = qdk_qdisc_dump_xstats(q, buf, sizeof(buf));
	k->print_xstats(buf, n, &t.o);
	ck_assert_str_eq(t.buf, "qavg 0b ewma 4 km_used 150000b prob_drop 0 prob_mark 0 "
			 "forced_drop 0 pdrop 0 head_drop 0 ");
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_parse_errors)
{
	static const char *const bad[][2] = {
		{ "kl", "\"kl\" needs a value" },
		{ "kh lots", "Illegal \"kh\"" },
		{ "gamma 1.5", "Illegal \"gamma\"" },
		{ "gamma", "\"gamma\" needs a value" },
		{ "bandwidth fast", "Illegal \"bandwidth\"" },
		{ "probability 0.1", "What is \"probability\"?" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		qt_tc_rejects(bad[i][0], bad[i][1]);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create(KIND);
	TCase *tc;

	tc = tcase_create("core");
	tcase_add_test(tc, core_ds_prob_points);
	tcase_add_test(tc, core_ds_prob_any_km);
	tcase_add_test(tc, core_ds_actions_follow_generator);
	suite_add_tcase(s, tc);

	tc = tcase_create("qdisc");
	tcase_add_test(tc, qdisc_seed_determinism);
	tcase_add_test(tc, qdisc_seed_random_and_dumped);
	tcase_add_test(tc, qdisc_early_drops_tail);
	tcase_add_test(tc, qdisc_dropfront_takes_head);
	tcase_add_test(tc, qdisc_forced_from_kh);
	tcase_add_test(tc, qdisc_no_decay_arrivals_step);
	tcase_add_test(tc, qdisc_limit_is_tail_drop);
	tcase_add_test(tc, qdisc_ecn_marks);
	tcase_add_test(tc, qdisc_change_and_reset);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_add_test(tc, options_defaults);
	tcase_add_test(tc, options_validation);
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
