// SPDX-License-Identifier: GPL-2.0
/*
 * test_cls_mered.c - unit tests of cls_mered, the mice-and-elephants
 * classifier, run where it runs: as the filter of a prio qdisc (through the
 * shim's tcf_classify(), qdk_tree_classifier()), so each packet's band is
 * the classid it answered. What a flow is while it has sent fewer than
 * `mice` bytes, what it becomes after, the elephants' bucket (`rate`,
 * `burst`: TC_ACT_SHOT over the rate, which prio counts as a drop), its
 * refill on the virtual clock, and the options the kernel refuses.
 *
 *   build/user/tests/mered/test_cls_mered
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <linux/pkt_sched.h>

#include "qdisc_test.h"
#include "cls_mered.h"

#define ROOT		0x80010000U	/* qt_create()'s handle, 8001: */
#define BAND(n)		(ROOT | (n))	/* prio's class 8001:n */

/* TCA_OPTIONS of a mered filter: mice bytes, classids, rate, burst (0: unset) */
static void mered_tca(struct qt_tca *t, uint32_t mice, uint32_t rate, uint32_t burst)
{
	qt_tca_start(t, true);
	qt_tca_u32(t, TCA_CLS_MERED_MICE, mice);
	qt_tca_u32(t, TCA_CLS_MERED_SEED, 1);
	qt_tca_u32(t, TCA_CLS_MERED_MICE_CLASSID, BAND(1));
	qt_tca_u32(t, TCA_CLS_MERED_ELEPHANT_CLASSID, BAND(3));
	if (rate)
		qt_tca_u32(t, TCA_CLS_MERED_RATE, rate);
	if (burst)
		qt_tca_u32(t, TCA_CLS_MERED_BURST, burst);
}

/* prio with tc's defaults: three bands, its priomap (tc-prio(8)) */
static struct qdk_qdisc *prio3(void)
{
	struct tc_prio_qopt o = {
		.bands = 3,
		.priomap = { 1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1 },
	};
	struct qt_tca t;

	qt_tca_start(&t, false);
	qt_tca_raw(&t, &o, sizeof(o));
	return qt_create_tca(1000, &t);
}

/* prio with three bands and a mered filter of these options on its block */
static struct qdk_qdisc *prio_mered(uint32_t mice, uint32_t rate, uint32_t burst)
{
	struct qdk_qdisc *q = prio3();
	char msg[256] = "";
	struct qt_tca t;
	int err;

	mered_tca(&t, mice, rate, burst);
	err = qdk_tree_classifier(q, ROOT, "mered", t.b, t.len, msg, sizeof(msg));
	ck_assert_msg(err == 0, "mered filter: %d %s", err, msg);
	return q;
}

/* packets queued in band n (prio's class 8001:n: its child's qlen) */
static uint32_t band_pkts(struct qdk_qdisc *q, unsigned int n)
{
	struct qdk_stats st;

	ck_assert_int_eq(qdk_tree_stats(q, true, BAND(n), &st), 0);
	return st.qlen;
}

static void drain(struct qdk_qdisc *q)
{
	while (qt_deq(q))
		;
}

/* A flow is a mouse until it has sent `mice` bytes, an elephant after. */
START_TEST(mouse_then_elephant)
{
	struct qdk_qdisc *q = prio_mered(3000, 0, 0);
	int i;

	/* 1000, 2000, 3000 bytes sent before each: the first three are mice */
	for (i = 0; i < 5; i++)
		ck_assert_int_eq(qt_enq_flow(q, 1, 1000), 0);
	ck_assert_uint_eq(band_pkts(q, 1), 3);
	ck_assert_uint_eq(band_pkts(q, 3), 2);
	/* another flow starts as a mouse whatever the first one is */
	ck_assert_int_eq(qt_enq_flow(q, 2, 1000), 0);
	ck_assert_uint_eq(band_pkts(q, 1), 4);
	ck_assert_uint_eq(band_pkts(q, 2), 0);
	drain(q);
	qdk_qdisc_destroy(q);
}
END_TEST

/*
 * The elephants' bucket holds `burst` bytes: at one instant, elephants
 * beyond it are shot (prio drops them), mice never are; time refills it at
 * `rate` bytes a second.
 */
START_TEST(elephants_policed_mice_not)
{
	struct qdk_qdisc *q = prio_mered(1000, 100000, 3000);
	struct qdk_stats st;
	int i, shot = 0;

	/* flow 1: one mouse packet, then elephants of 1000 bytes */
	for (i = 0; i < 8; i++)
		if (qt_enq_flow(q, 1, 1000) != 0)
			shot++;
	ck_assert_uint_eq(band_pkts(q, 1), 1);
	ck_assert_uint_eq(band_pkts(q, 3), 3);	/* the burst's 3000 bytes */
	ck_assert_int_eq(shot, 4);
	st = qt_stats(q);
	ck_assert_uint_eq(st.drops, 4);
	/* a new flow's first packet is a mouse: not policed */
	ck_assert_int_eq(qt_enq_flow(q, 2, 1000), 0);
	ck_assert_uint_eq(band_pkts(q, 1), 2);
	/* 20 ms at 100000 bytes/s: 2000 bytes of tokens, two more elephants */
	ck_assert(!qdk_clock_advance(qdk_now() + 20 * 1000 * 1000));
	shot = 0;
	for (i = 0; i < 3; i++)
		if (qt_enq_flow(q, 1, 1000) != 0)
			shot++;
	ck_assert_uint_eq(band_pkts(q, 3), 5);
	ck_assert_int_eq(shot, 1);
	drain(q);
	qdk_qdisc_destroy(q);
}
END_TEST

/* What the kernel refuses, with its extack, as `tc filter add` would get. */
START_TEST(bad_options_refused)
{
	struct qdk_qdisc *q = prio3();
	char msg[256] = "";
	struct qt_tca t;
	int err;

	mered_tca(&t, 3000, 100000, 0);
	/* burst 0: below the policy's minimum */
	qt_tca_u32(&t, TCA_CLS_MERED_BURST, 0);
	err = qdk_tree_classifier(q, ROOT, "mered", t.b, t.len, msg, sizeof(msg));
	ck_assert_int_eq(err, -ERANGE);
	ck_assert_str_eq(msg, "integer out of range");
	/* the stats attribute is the dump's, never the user's */
	mered_tca(&t, 3000, 0, 0);
	qt_tca_u32(&t, TCA_CLS_MERED_STATS, 0);
	msg[0] = '\0';
	err = qdk_tree_classifier(q, ROOT, "mered", t.b, t.len, msg, sizeof(msg));
	ck_assert_int_lt(err, 0);
	ck_assert_msg(msg[0], "no extack for a stats attribute");
	qdk_qdisc_destroy(q);
}
END_TEST

static Suite *cls_mered_suite(void)
{
	Suite *s = suite_create("cls_mered");
	TCase *tc = tcase_create("classify");

	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	tcase_add_test(tc, mouse_then_elephant);
	tcase_add_test(tc, elephants_policed_mice_not);
	tcase_add_test(tc, bad_options_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main("prio", cls_mered_suite());
}
