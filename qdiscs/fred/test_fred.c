// SPDX-License-Identifier: GPL-2.0
/*
 * test_fred.c - unit tests of the "fred" qdisc (Flow Random Early Drop)
 * through the shim: per-flow quotas (maxq), strikes and the hold of struck
 * flows to avgcq, minq protection of fragile flows from RED's early drops,
 * drop mode, ECN, the flow state's lifetime, options, dump and tc parser.
 *
 *   build/user/tests/fred/test_fred
 *   CK_FORK=no CK_RUN_CASE=quota build/user-debug/tests/fred/test_fred
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "fred.h"

#define KIND "fred"
#define MODNAME "sch_fred"
#define MS 1000000ULL

/* ---- helpers ------------------------------------------------------------ */

static struct tc_fred_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_fred_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}

/*
 * Lengths identify flows in dequeue order checks: flow f sends packets of
 * a length unique to it (the bridge shows a packet's length, not its ports).
 */

/*
 * Flow f sends packets of 100 * f bytes: dequeue order shows flows.
 * SLOW_RED: an average that hardly moves (burst 100: w = 2^-11), so the
 * quotas act alone. FAST_RED: w = 1/2, the average follows the queue.
 */
#define SLOW_RED "min 5 max 15 burst 100"
#define FAST_RED "min 2 max 50 burst 2 bandwidth 0"

/* ---- per-flow quotas -------------------------------------------------------- */

START_TEST(maxq_caps_a_flow)
{
	struct qdk_qdisc *q = qt_create("limit 100 " SLOW_RED " seed 1");
	const struct qdk_effect *eff;
	uint64_t id;

	/* maxq defaults to min (5): the 6th and 7th packet are dropped */
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_enq_flow_id(q, 1, 100, &id), QDK_XMIT_DROP);
	ck_assert_uint_eq(qdk_effects(&eff), 1);
	ck_assert_uint_eq(eff[0].id, id);
	ck_assert_uint_eq(xstats(q).maxq_drops, 1);
	/* another flow is not affected by flow 1's quota */
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(qt_enq_flow(q, 2, 200), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(xstats(q).active_flows, 2);
	ck_assert_uint_eq(qt_stats(q).qlen, 10);
	ck_assert_uint_eq(qt_stats(q).drops, 1);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(maxq_option)
{
	struct qdk_qdisc *q = qt_create("limit 100 " SLOW_RED " maxq 3 seed 1");

	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).maxq_drops, 1);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(strikes_hold_flow_to_avgcq)
{
	struct qdk_qdisc *q = qt_create("limit 100 " SLOW_RED " timeout 1s seed 1");
	struct tc_fred_xstats xs;

	/* flow 1 overruns maxq twice: two strikes */
	for (int i = 0; i < 7; i++)
		qt_enq_flow(q, 1, 100);
	ck_assert_uint_eq(xstats(q).maxq_drops, 2);
	/* a clean flow 2 may still queue maxq packets */
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(qt_enq_flow(q, 2, 200), QDK_XMIT_SUCCESS);
	/* flow 1 at maxq again: a third strike */
	ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).maxq_drops, 3);
	ck_assert_uint_eq(xstats(q).strike_drops, 0);

	/* flow 1's packets leave; its state stays (timeout 1 s) */
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(qt_deq_len(q, NULL, NULL), 100);
	qdk_clock_advance(1 * MS);
	/* now it is held to avgcq, one packet: avg ~ 0, so avgcq = 1 */
	ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_DROP);
	ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_DROP);
	xs = xstats(q);
	ck_assert_uint_eq(xs.strike_drops, 2);
	ck_assert_uint_eq(xs.maxq_drops, 3);
	ck_assert_uint_eq(xs.prob_drops + xs.forced_drops, 0);
	/* while flow 2, without strikes, holds its five */
	ck_assert_uint_eq(qt_stats(q).qlen, 6);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(drained_flow_forgotten_without_timeout)
{
	/* the paper: a flow's state exists while it has packets queued */
	struct qdk_qdisc *q = qt_create("limit 100 " SLOW_RED " seed 1");

	for (int i = 0; i < 7; i++)
		qt_enq_flow(q, 1, 100);		/* two strikes */
	for (int i = 0; i < 5; i++)
		qt_deq_len(q, NULL, NULL);
	qdk_clock_advance(1);
	/* a new flow for FRED: maxq again, no strikes */
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(xstats(q).strike_drops, 0);
	ck_assert_uint_eq(xstats(q).flows, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- RED modes ---------------------------------------------------------------- */

START_TEST(minq_protects_fragile_flows)
{
	/* max_p 1 and w = 1/2: early drops are frequent for robust flows */
	struct qdk_qdisc *q = qt_create("limit 200 " FAST_RED " probability 1 minq 3 maxq 40 seed 5");
	struct tc_fred_xstats xs;
	int robust_drops = 0;

	/* flow 1 builds a queue of 20: the average enters [min, max) */
	for (int i = 0; i < 20; i++)
		robust_drops += qt_enq_flow(q, 1, 100) != QDK_XMIT_SUCCESS;
	for (int f = 2; f < 10; f++) {
		/* flow 1 keeps sending: robust (qlen >= max(minq, avgcq)) */
		robust_drops += qt_enq_flow(q, 1, 100) != QDK_XMIT_SUCCESS;
		/* fragile flow f: below minq, never dropped early */
		for (int i = 0; i < 3; i++)
			ck_assert_int_eq(qt_enq_flow(q, f, 100 * f), QDK_XMIT_SUCCESS);
	}
	xs = xstats(q);
	ck_assert_int_gt(robust_drops, 0);
	ck_assert_uint_eq(xs.prob_drops, robust_drops);
	ck_assert_uint_gt(xs.qavg_milli, 2000);
	ck_assert_uint_lt(xs.qavg_milli, 50000);
	ck_assert_uint_eq(xs.forced_drops, 0);
	ck_assert_uint_eq(xs.active_flows, 9);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(early_drops_seeded)
{
	uint64_t pat[3] = { 0 };
	static const char *const opts[3] = {
		"limit 200 " FAST_RED " probability 0.5 maxq 60 seed 11",
		"limit 200 " FAST_RED " probability 0.5 maxq 60 seed 11",
		"limit 200 " FAST_RED " probability 0.5 maxq 60 seed 12",
	};

	for (int r = 0; r < 3; r++) {
		struct qdk_qdisc *q = qt_create(opts[r]);

		for (int i = 0; i < 10; i++)
			qt_enq_flow(q, 1, 100);
		/* hold the queue near 10: the average sits in [min, max) */
		for (int i = 0; i < 64; i++) {
			if (qt_enq_flow(q, 1, 100) == QDK_XMIT_SUCCESS)
				qt_deq_len(q, NULL, NULL);
			else
				pat[r] |= 1ULL << i;
		}
		qdk_qdisc_destroy(q);
	}
	ck_assert_uint_ne(pat[0], 0);
	ck_assert_uint_eq(pat[0], pat[1]);
	ck_assert_uint_ne(pat[0], pat[2]);
}
END_TEST

START_TEST(ecn_marks_robust_flows)
{
	struct qdk_qdisc *q = qt_create("limit 200 " FAST_RED " probability 1 maxq 60 ecn seed 5");
	struct tc_fred_xstats xs;

	for (int i = 0; i < 30; i++)
		ck_assert_int_eq(qdk_enqueue(q, qt_flow_udp4(1, 100, 1)), QDK_XMIT_SUCCESS);
	xs = xstats(q);
	ck_assert_uint_gt(xs.prob_marks, 0);
	ck_assert_uint_eq(xs.prob_drops, 0);
	/* not-ECT packets are dropped instead */
	for (int i = 0; i < 10; i++)
		qt_enq_flow(q, 1, 100);
	ck_assert_uint_gt(xstats(q).prob_drops, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(drop_mode_past_max)
{
	struct qdk_qdisc *q = qt_create("limit 200 min 2 max 6 burst 2 bandwidth 0 maxq 100 probability 0.01 seed 5");
	struct tc_fred_xstats xs;
	int ok = 0;

	for (int i = 0; i < 40; i++)
		ok += qt_enq_flow(q, 1 + i % 4, 100 * (1 + i % 4)) == QDK_XMIT_SUCCESS;
	xs = xstats(q);
	/* the average is held near max: most arrivals are dropped */
	ck_assert_int_lt(ok, 15);
	ck_assert_uint_gt(xs.forced_drops + xs.maxq_drops + xs.fair_drops, 20);
	ck_assert_uint_ge(xs.qavg_milli, 5000);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(limit_tail_drop)
{
	struct qdk_qdisc *q = qt_create("limit 4 " SLOW_RED " seed 1");

	for (int f = 1; f <= 4; f++)
		ck_assert_int_eq(qt_enq_flow(q, f, 100 * f), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_enq_flow(q, 5, 500), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).limit_drops, 1);
	for (int f = 1; f <= 4; f++)
		ck_assert_int_eq(qt_deq_len(q, NULL, NULL), 100 * f);
	ck_assert_uint_eq(xstats(q).active_flows, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- options ---------------------------------------------------------------- */

START_TEST(defaults_dumped)
{
	struct qdk_dev_cfg dev = { .tx_queue_len = 55 };
	char msg[256] = "";
	int err = 0;
	struct qdk_qdisc *q = qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					       NULL, 0, &err, msg, sizeof(msg));

	ck_assert_ptr_nonnull(q);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_LIMIT), 55);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_QTH_MIN), FRED_DEF_MIN);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_QTH_MAX), FRED_DEF_MAX);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_PROBABILITY), 85899346);
	/* tc-red's default burst in packets: (2 * 5 + 15) / 3 = 8 */
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_BURST), 8);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_MINQ), 2);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_MAXQ), 0);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_FLOWS), FRED_DEF_FLOWS);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_TIMEOUT), 0);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_ECN), 0);
	qt_dumped_u32(q, TCA_FRED_SEED);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(bad_options)
{
	qt_create_fails("limit 0", -ERANGE, "integer out of range");
	qt_create_fails("min 0", -ERANGE, "integer out of range");
	qt_create_fails("minq 0", -ERANGE, "integer out of range");
	qt_create_fails("flows 65537", -ERANGE, "integer out of range");
	qt_create_fails("probability 0", -ERANGE, "integer out of range");
	qt_create_fails("min 9 max 9", -EINVAL, MODNAME ": min must be below max");
	qt_create_fails("minq 4 maxq 3", -EINVAL, MODNAME ": maxq must not be below minq");
	qt_create_fails("min 10 max 20 burst 5", -EINVAL,
		     MODNAME ": burst too small for min: no RED weight fits");
}
END_TEST

START_TEST(change_rules)
{
	struct qdk_qdisc *q = qt_create("flows 64 seed 9");
	char msg[256];

	qt_change_fixed(q, "flows 128");
	qt_change_fixed(q, "seed 1");
	qt_change_fails(q, "min 20", -EINVAL, MODNAME ": min must be below max");
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_QTH_MIN), FRED_DEF_MIN);
	ck_assert_int_eq(qt_change(q, "min 10 max 30 minq 4 ecn", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_QTH_MIN), 10);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_MINQ), 4);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_ECN), 1);
	/* burst follows new thresholds when not given: (20 + 30) / 3 */
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_FRED_BURST), 16);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_lower_limit_and_reset)
{
	struct qdk_qdisc *q = qt_create("limit 10 " SLOW_RED " seed 1");
	char msg[256];

	for (int f = 1; f <= 4; f++)
		qt_enq_flow(q, f, 100 * f);
	ck_assert_int_eq(qt_change(q, "limit 2", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(qt_stats(q).qlen, 2);
	ck_assert_uint_eq(qt_stats(q).backlog, 700);
	ck_assert_uint_eq(xstats(q).active_flows, 2);
	ck_assert_int_eq(qt_deq_len(q, NULL, NULL), 300);
	qdk_qdisc_reset(q);
	ck_assert_uint_eq(qt_stats(q).qlen, 0);
	ck_assert_uint_eq(xstats(q).active_flows, 0);
	ck_assert_ptr_null(qdk_peek(q));
	ck_assert_int_eq(qt_enq_flow(q, 1, 100), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_deq_len(q, NULL, NULL), 100);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(dump_round_trip)
{
	struct qdk_qdisc *q = qt_create("limit 50 min 4 max 12 probability 0.1 burst 6 avpkt 500 bandwidth 1mbit minq 3 maxq 8 flows 256 timeout 20ms ecn seed 42");

	qt_check_dump_round_trip(q, 40);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- tc parser and printer --------------------------------------------------- */

START_TEST(tc_parse_print)
{
	struct qdk_qdisc *q = qt_create("limit 50 min 4 max 12 probability 0.1 burst 6 avpkt 500 "
					"bandwidth 8mbit minq 3 maxq 8 flows 256 timeout 20ms ecn "
					"seed 42");

	qt_check_print(q, "limit 50 min 4 max 12 probability 0.1 burst 6 avpkt 500b bandwidth "
		       "8Mbit minq 3 maxq 8 flows 256 timeout 20ms seed 42 ecn ");
	ck_assert_uint_eq(xstats(q).maxq_drops, 0);	/* exactly its size */
	qt_check_print_xstats(q, 8, "maxq_drops 0 fair_drops 0 ");
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_parse_errors)
{
	static const char *const bad[][2] = {
		{ "minq", "\"minq\" needs a value" },
		{ "maxq many", "Illegal \"maxq\"" },
		{ "probability -1", "Illegal \"probability\"" },
		{ "timeout soon", "Illegal \"timeout\"" },
		{ "avpkt big", "Illegal \"avpkt\"" },
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

	tc = tcase_create("quota");
	tcase_add_test(tc, maxq_caps_a_flow);
	tcase_add_test(tc, maxq_option);
	tcase_add_test(tc, strikes_hold_flow_to_avgcq);
	tcase_add_test(tc, drained_flow_forgotten_without_timeout);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("red");
	tcase_add_test(tc, minq_protects_fragile_flows);
	tcase_add_test(tc, early_drops_seeded);
	tcase_add_test(tc, ecn_marks_robust_flows);
	tcase_add_test(tc, drop_mode_past_max);
	tcase_add_test(tc, limit_tail_drop);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_add_test(tc, defaults_dumped);
	tcase_add_test(tc, bad_options);
	tcase_add_test(tc, change_rules);
	tcase_add_test(tc, change_lower_limit_and_reset);
	tcase_add_test(tc, dump_round_trip);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("tc");
	tcase_add_test(tc, tc_parse_print);
	tcase_add_test(tc, tc_parse_errors);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main(KIND, suite());
}
