// SPDX-License-Identifier: GPL-2.0
/*
 * test_template.c - unit tests of the "template" qdisc through the shim.
 *
 * Every test drives the real qdisc code (sch_template.c compiled against
 * shim/) through shim/api/qdk_api.h. Three groups:
 *
 *   contract   what every qdisc must keep whatever its algorithm (exact
 *              accounting, peek, reset, change under load, netlink rules,
 *              dump round trip, tc printers), through the checks of
 *              tests/lib/qdisc_test.h; they keep passing when the algorithm
 *              is replaced.
 *   options    this qdisc's own option, limit: defaults, range, change.
 *   algorithm  drop-tail FIFO. REWRITE THESE when the algorithm changes:
 *              they pin the decisions and xstats counters of drop tail
 *              (tagged "algorithm": CK_EXCLUDE_TAGS=algorithm runs the rest).
 *
 *   build/user/tests/template/test_template          all tests, forked
 *   CK_FORK=no CK_RUN_CASE=options build/user-debug/... one group, under gdb
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>

#include "qdisc_test.h"
#include "template.h"

#define KIND "template"

static struct qdk_qdisc *create_limit(uint32_t limit)
{
	struct qt_tca t;

	qt_tca_start(&t, true);
	qt_tca_u32(&t, TCA_TEMPLATE_LIMIT, limit);
	return qt_create_tca(1000, &t);
}

static uint32_t dumped_limit(struct qdk_qdisc *q)
{
	return qt_dumped_u32(q, TCA_TEMPLATE_LIMIT);
}

/* ---- contract: holds whatever the algorithm ------------------------------- */

START_TEST(accounting)
{
	/* a long queue, then a short one that must decide what to drop */
	struct qdk_qdisc *q = qt_create("limit 1000");

	qt_check_accounting(q, 60);
	qdk_qdisc_destroy(q);
	q = qt_create("limit 4");
	qt_check_accounting(q, 60);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(peek)
{
	struct qdk_qdisc *q = qt_create("limit 8");

	qt_check_peek(q, 20);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(reset)
{
	struct qdk_qdisc *q = qt_create("limit 8");

	qt_check_reset(q, 20);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_under_load)
{
	struct qdk_qdisc *q = qt_create("limit 40");

	qt_check_change_under_load(q, "limit 2", 30);
	qt_check_change_under_load(q, "limit 1000", 30);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(netlink_rules)
{
	qt_check_nla_strict(TCA_TEMPLATE_LIMIT, 4, TCA_TEMPLATE_MAX);
}
END_TEST

START_TEST(dump_round_trip)
{
	struct qdk_qdisc *q = qt_create("limit 77");

	/* room for the nest header but not the limit */
	qt_check_dump_round_trip(q, 8);
	qdk_qdisc_destroy(q);
	qt_check_tc_build("limit 77");
}
END_TEST

START_TEST(xstats_printer)
{
	struct qdk_qdisc *q = qt_create("limit 4");

	qt_check_accounting(q, 10);
	qt_check_print_xstats_prefixes(q);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- options: limit --------------------------------------------------------- */

START_TEST(default_limit_is_txqueuelen)
{
	struct qdk_qdisc *q = qt_create_tca(3, NULL);
	struct qt_tca t;

	ck_assert_uint_eq(dumped_limit(q), 3);
	qdk_qdisc_destroy(q);
	qt_tca_start(&t, true);
	q = qt_create_tca(7, &t);
	ck_assert_uint_eq(dumped_limit(q), 7);
	qdk_qdisc_destroy(q);
	/* clamped into the range */
	q = qt_create_tca(TEMPLATE_LIMIT_MAX + 5, NULL);
	ck_assert_uint_eq(dumped_limit(q), TEMPLATE_LIMIT_MAX);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(limit_range)
{
	struct qdk_qdisc *q = create_limit(TEMPLATE_LIMIT_MAX);

	ck_assert_uint_eq(dumped_limit(q), TEMPLATE_LIMIT_MAX);
	qdk_qdisc_destroy(q);
	qt_rejects("limit 0", -ERANGE, "integer out of range");
	qt_rejects("limit 1048577", -ERANGE, "integer out of range");
}
END_TEST

START_TEST(change_sets_or_keeps_limit)
{
	struct qdk_qdisc *q = create_limit(9);
	char msg[256] = "";

	ck_assert_int_eq(qt_change(q, "", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(dumped_limit(q), 9);
	ck_assert_int_eq(qt_change(q, "limit 4", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(dumped_limit(q), 4);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_words)
{
	struct qdk_qdisc *q = create_limit(12);

	qt_check_print(q, "limit 12 ");
	qdk_qdisc_destroy(q);
	qt_tc_rejects("limit lots", "Illegal \"limit\"");
	qt_tc_rejects("limit", "\"limit\" needs a value");
	qt_tc_rejects("colour blue", "What is \"colour\"?");
}
END_TEST

/* ---- algorithm: drop tail. REWRITE when the algorithm changes ------------- */

static int enq(struct qdk_qdisc *q, uint64_t id, uint32_t len)
{
	return qdk_enqueue(q, qt_udp4(id, len, 5000, 0));
}

START_TEST(tail_drop_at_limit)
{
	struct qdk_qdisc *q = create_limit(2);
	const struct qdk_effect *eff;
	struct tc_template_xstats xs;

	ck_assert_int_eq(enq(q, 1, 100), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 200), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 300), QDK_XMIT_DROP);
	/* the arriving packet is the one dropped */
	ck_assert_uint_eq(qdk_effects(&eff), 1);
	ck_assert_uint_eq(eff[0].id, 3);
	/* room again after one dequeue, in arrival order */
	ck_assert_uint_eq(qt_deq(q), 1);
	ck_assert_int_eq(enq(q, 4, 400), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 5, 500), QDK_XMIT_DROP);
	ck_assert_uint_eq(qt_deq(q), 2);
	ck_assert_uint_eq(qt_deq(q), 4);
	qt_xstats(q, &xs, sizeof(xs));
	ck_assert_uint_eq(xs.limit_drops, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_below_qlen_drops_oldest)
{
	struct qdk_qdisc *q = create_limit(5);
	struct tc_template_xstats xs;
	char msg[256] = "";

	for (uint64_t id = 1; id <= 5; id++)
		ck_assert_int_eq(enq(q, id, 100 * id), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_change(q, "limit 2", msg, sizeof(msg)), 0);
	/* qlen <= limit at once: 1, 2, 3 (the oldest) are gone */
	qt_xstats(q, &xs, sizeof(xs));
	ck_assert_uint_eq(xs.change_drops, 3);
	ck_assert_uint_eq(xs.limit_drops, 0);
	ck_assert_uint_eq(xs.qlen_max, 5);
	ck_assert_uint_eq(xs.backlog_max, 1500);
	ck_assert_uint_eq(qt_deq(q), 4);
	ck_assert_uint_eq(qt_deq(q), 5);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(xstats_high_water)
{
	struct qdk_qdisc *q = create_limit(3);

	enq(q, 1, 1000);
	enq(q, 2, 100);
	qt_deq(q);
	enq(q, 3, 100);
	enq(q, 4, 1500);
	enq(q, 5, 100);		/* dropped */
	qt_check_print_xstats(q, 0, "limit_drops 1 change_drops 0 qlen_max 3 backlog_max 1700b ");
	/* an older, shorter xstats struct: only the fields it holds */
	qt_check_print_xstats(q, 8, "limit_drops 1 change_drops 0 ");
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- runner ------------------------------------------------------------- */

static TCase *tcase(Suite *s, const char *name, const char *tags)
{
	TCase *tc = tcase_create(name);

	if (tags)
		tcase_set_tags(tc, tags);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);
	return tc;
}

static Suite *suite(void)
{
	Suite *s = suite_create(KIND);
	TCase *tc;

	tc = tcase(s, "contract", NULL);
	tcase_add_test(tc, accounting);
	tcase_add_test(tc, peek);
	tcase_add_test(tc, reset);
	tcase_add_test(tc, change_under_load);
	tcase_add_test(tc, netlink_rules);
	tcase_add_test(tc, dump_round_trip);
	tcase_add_test(tc, xstats_printer);

	tc = tcase(s, "options", NULL);
	tcase_add_test(tc, default_limit_is_txqueuelen);
	tcase_add_test(tc, limit_range);
	tcase_add_test(tc, change_sets_or_keeps_limit);
	tcase_add_test(tc, tc_words);

	tc = tcase(s, "algorithm", "algorithm");
	tcase_add_test(tc, tail_drop_at_limit);
	tcase_add_test(tc, change_below_qlen_drops_oldest);
	tcase_add_test(tc, xstats_high_water);
	return s;
}

int main(void)
{
	return qt_main(KIND, suite());
}
