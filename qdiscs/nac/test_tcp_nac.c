// SPDX-License-Identifier: GPL-2.0
/*
 * test_tcp_nac.c - unit tests of tcp_nac's window arithmetic (nac_cc.h),
 * the part of the sender that needs no kernel: Table 1's classes of the
 * echoed free percentage, the per-ACK increase a (MIMD: a * cwnd per round
 * trip) with its carried fraction, the cut to (1 - b) * cwnd, and the
 * recovery time in round trips the report's table lists per class.
 *
 *   build/user/tests/nac/test_tcp_nac
 */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "qdisc_test.h"
#include "nac_cc.h"

/* ---- classes --------------------------------------------------------- */

START_TEST(class_boundaries)
{
	/* Table 1: 0-29, 30-44, 45-64, 65-79, 80-100 percent free */
	static const struct { uint32_t metric; unsigned int cls; } cases[] = {
		{ 0, 0 }, { 29, 0 }, { 30, 1 }, { 44, 1 }, { 45, 2 }, { 64, 2 },
		{ 65, 3 }, { 79, 3 }, { 80, 4 }, { 100, 4 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		ck_assert_msg(nac_class_of(cases[i].metric, 9) == cases[i].cls,
			      "metric %u: class %u, expected %u", cases[i].metric,
			      nac_class_of(cases[i].metric, 9), cases[i].cls);
}
END_TEST

START_TEST(unstamped_gets_the_default)
{
	ck_assert_uint_eq(nac_class_of(NAC_METRIC_UNSTAMPED, NAC_CLASS_SCALABLE), 2);
	ck_assert_uint_eq(nac_class_of(101, 0), 0);
	ck_assert_uint_eq(nac_class_of(101, 4), 4);
}
END_TEST

/* The freer the network, the faster the climb and the smaller the cut. */
START_TEST(classes_are_ordered)
{
	for (unsigned int c = 1; c < NAC_CLASSES; c++) {
		struct nac_class lo = nac_class_row(c - 1), hi = nac_class_row(c);

		ck_assert_uint_lt(lo.free_min, hi.free_min);
		ck_assert_uint_lt(lo.a_milli, hi.a_milli);
		ck_assert_uint_lt(lo.keep_milli, hi.keep_milli);
	}
	/* class 2 is Scalable TCP: a = 0.01, b = 0.125 */
	ck_assert_uint_eq(nac_class_row(NAC_CLASS_SCALABLE).a_milli, 10);
	ck_assert_uint_eq(nac_class_row(NAC_CLASS_SCALABLE).keep_milli, 875);
}
END_TEST

/* ---- increase -------------------------------------------------------- */

/* Scalable TCP's a = 0.01: one segment per 100 acked, whatever the batches. */
START_TEST(increase_per_acked_segment)
{
	uint32_t acc = 0, cwnd = 50;

	for (int i = 0; i < 99; i++)
		cwnd = nac_increase(cwnd, &acc, 1, 10);
	ck_assert_uint_eq(cwnd, 50);
	cwnd = nac_increase(cwnd, &acc, 1, 10);
	ck_assert_uint_eq(cwnd, 51);
	ck_assert_uint_eq(acc, 0);
	/* a = 0.015 (class 3): 7 batches of 29 acked = 203 * 0.015 = 3.045 */
	for (int i = 0; i < 7; i++)
		cwnd = nac_increase(cwnd, &acc, 29, 15);
	ck_assert_uint_eq(cwnd, 54);
	ck_assert_uint_eq(acc, 45);
}
END_TEST

/* Multiplicative increase: a round trip acks cwnd segments, cwnd *= 1 + a. */
START_TEST(increase_is_multiplicative)
{
	static const uint32_t after[NAC_CLASSES] = { 2010, 2016, 2020, 2030, 2040 };

	for (unsigned int c = 0; c < NAC_CLASSES; c++) {
		uint32_t acc = 0;

		ck_assert_uint_eq(nac_increase(2000, &acc, 2000, nac_class_row(c).a_milli),
				  after[c]);
		ck_assert_uint_eq(acc, 0);
	}
}
END_TEST

START_TEST(increase_does_not_overflow)
{
	uint32_t acc = 999, cwnd;

	cwnd = nac_increase(1000, &acc, UINT32_MAX, 20);
	/* 999 + 20 * (2^32 - 1) thousandths */
	ck_assert_uint_eq(cwnd, 1000 + (uint32_t)((999 + 20ULL * UINT32_MAX) / 1000));
	ck_assert_uint_eq(acc, (999 + 20ULL * UINT32_MAX) % 1000);
}
END_TEST

/* ---- decrease -------------------------------------------------------- */

START_TEST(decrease_keeps_one_minus_b)
{
	static const uint32_t after[NAC_CLASSES] = { 750, 820, 875, 900, 925 };

	for (unsigned int c = 0; c < NAC_CLASSES; c++)
		ck_assert_uint_eq(nac_decrease(1000, nac_class_row(c).keep_milli), after[c]);
	ck_assert_uint_eq(nac_decrease(UINT32_MAX, 925), (uint32_t)(UINT32_MAX * 925ULL / 1000));
}
END_TEST

START_TEST(decrease_floor_is_two)
{
	ck_assert_uint_eq(nac_decrease(3, 750), 2);
	ck_assert_uint_eq(nac_decrease(2, 750), 2);
	ck_assert_uint_eq(nac_decrease(1, 925), 2);
	ck_assert_uint_eq(nac_decrease(0, 925), 2);
}
END_TEST

/* ---- recovery time --------------------------------------------------- */

/*
 * Round trips from a loss at w segments back to w: the cut, then rounds
 * that each ack the whole window. The report's Table 1 lists the
 * continuous value -log(1 - b) / log(1 + a); the integer window reaches it
 * within a round of that (for a large window).
 */
static unsigned int recovery_rtts(unsigned int cls, uint32_t w)
{
	struct nac_class row = nac_class_row(cls);
	uint32_t cwnd = nac_decrease(w, row.keep_milli), acc = 0;
	unsigned int rtts = 0;

	while (cwnd < w) {
		cwnd = nac_increase(cwnd, &acc, cwnd, row.a_milli);
		rtts++;
	}
	return rtts;
}

START_TEST(recovery_time_per_class)
{
	/* Table 1's column; class 1's 36.1 is not its own a and b (README.md) */
	static const double paper[NAC_CLASSES] = { 57.6, -1, 13.4, 7, 4 };

	for (unsigned int c = 0; c < NAC_CLASSES; c++) {
		struct nac_class row = nac_class_row(c);
		double model = -log(row.keep_milli / 1000.0) / log(1 + row.a_milli / 1000.0);
		unsigned int got = recovery_rtts(c, 100000);

		ck_assert_msg(got >= floor(model) && got <= ceil(model) + 1,
			      "class %u: %u round trips, model %.1f", c, got, model);
		if (paper[c] >= 0)
			ck_assert_msg(fabs(model - paper[c]) < 0.6,
				      "class %u: model %.1f, Table 1 %.1f", c, model, paper[c]);
	}
	/* the busier the network, the longer the recovery */
	for (unsigned int c = 1; c < NAC_CLASSES; c++)
		ck_assert_uint_gt(recovery_rtts(c - 1, 100000), recovery_rtts(c, 100000));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("tcp_nac");
	TCase *tc;

	tc = tcase_create("classes");
	tcase_add_test(tc, class_boundaries);
	tcase_add_test(tc, unstamped_gets_the_default);
	tcase_add_test(tc, classes_are_ordered);
	suite_add_tcase(s, tc);

	tc = tcase_create("window");
	tcase_add_test(tc, increase_per_acked_segment);
	tcase_add_test(tc, increase_is_multiplicative);
	tcase_add_test(tc, increase_does_not_overflow);
	tcase_add_test(tc, decrease_keeps_one_minus_b);
	tcase_add_test(tc, decrease_floor_is_two);
	tcase_add_test(tc, recovery_time_per_class);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main("nac", suite());
}
