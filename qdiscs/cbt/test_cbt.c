// SPDX-License-Identifier: GPL-2.0
/*
 * test_cbt.c - unit tests of the "cbt" qdisc through the shim: the three
 * classes and the tag modes, each UDP class held to its threshold while the
 * RED average is above min_th, TCP never held by one, RED's forced and early
 * drops, the seed, options, dump and the tc syntax.
 *
 *   build/user/tests/cbt/test_cbt
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "tcopt.h"
#include "cbt.h"

#define KIND "cbt"
#define MODNAME "sch_cbt"

enum { TCP = 6, UDP = 17, ICMP = 1 };

struct pspec {
	uint8_t proto;
	uint8_t tos;
	uint32_t mark;
	uint8_t src3;		/* 10.1.0.x when set, else 10.0.0.1 */
	bool v6;
};

static uint64_t next_id = 1;

static struct qdk_skb *mk(struct pspec s)
{
	struct qdk_pkt p = {
		.id = next_id++, .pkt_len = 1000, .len = 1000,
		.ethertype = s.v6 ? 0x86dd : 0x0800,
		.family = s.v6 ? QDK_AF_INET6 : QDK_AF_INET, .l4proto = s.proto,
		.saddr = { 10, 0, 0, 1 }, .daddr = { 10, 0, 0, 2 },
		.sport = 5000, .dport = 6000, .ttl = 64, .tos = s.tos,
		.mark = s.mark, .tcp_flags = s.proto == TCP ? QDK_TCP_ACK : 0,
	};
	char msg[128] = "";
	struct qdk_skb *skb;

	if (s.src3) {
		p.saddr[1] = 1;
		p.saddr[3] = s.src3;
	}
	if (s.v6) {
		memcpy(p.saddr, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\1", 16);
		memcpy(p.daddr, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\2", 16);
	}
	skb = qdk_skb_build(&p, msg, sizeof(msg));
	ck_assert_msg(skb, "skb_build: %s", msg);
	return skb;
}

static int enq(struct qdk_qdisc *q, struct pspec s)
{
	return qdk_enqueue(q, mk(s));
}

static struct tc_cbt_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_cbt_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}


static const struct pspec tcp = { .proto = TCP };
static const struct pspec udp = { .proto = UDP };
static const struct pspec mm = { .proto = UDP, .tos = 46 << 2 };

/* no early drops (probability 0), a wide band, a fast average */
#define WIDE "limit 1000 min 2 max 1000 probability 0 ewma 1"

/* ---- classes and tags ------------------------------------------------------ */

START_TEST(classes_by_protocol_and_dscp)
{
	struct qdk_qdisc *q = qt_create("min 500 max 1000 tag dscp 46");
	struct tc_cbt_xstats xs;

	enq(q, tcp);
	enq(q, tcp);
	enq(q, mm);
	enq(q, (struct pspec){ .proto = UDP, .tos = (46 << 2) | 1 });	/* ECN bits ignored */
	enq(q, (struct pspec){ .proto = UDP, .tos = 34 << 2 });	/* another DSCP */
	enq(q, udp);
	enq(q, (struct pspec){ .proto = ICMP });
	enq(q, (struct pspec){ .proto = TCP, .tos = 46 << 2 });	/* tagged TCP is TCP */
	enq(q, (struct pspec){ .proto = UDP, .tos = 46 << 2, .v6 = true });
	xs = xstats(q);
	ck_assert_uint_eq(xs.tcp_qlen, 3);
	ck_assert_uint_eq(xs.mm_qlen, 3);
	ck_assert_uint_eq(xs.udp_qlen, 3);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tag_by_mark_and_source)
{
	struct qdk_qdisc *q = qt_create("min 500 max 1000 tag mark 0x10/0xf0");
	struct qdk_qdisc *q2 = qt_create("min 500 max 1000 tag src 10.1.0.0/16");
	struct qdk_qdisc *q3 = qt_create("min 500 max 1000");

	enq(q, (struct pspec){ .proto = UDP, .mark = 0x1f });
	enq(q, (struct pspec){ .proto = UDP, .mark = 0x20 });
	ck_assert_uint_eq(xstats(q).mm_qlen, 1);
	ck_assert_uint_eq(xstats(q).udp_qlen, 1);

	enq(q2, (struct pspec){ .proto = UDP, .src3 = 9 });
	enq(q2, udp);
	enq(q2, (struct pspec){ .proto = UDP, .src3 = 9, .v6 = true });
	ck_assert_uint_eq(xstats(q2).mm_qlen, 1);
	ck_assert_uint_eq(xstats(q2).udp_qlen, 2);

	/* no tag: every UDP packet is "other" */
	enq(q3, mm);
	ck_assert_uint_eq(xstats(q3).udp_qlen, 1);
	ck_assert_uint_eq(xstats(q3).mm_qlen, 0);
	qdk_qdisc_destroy(q3);
	qdk_qdisc_destroy(q2);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- the class thresholds ---------------------------------------------------- */

START_TEST(udp_classes_held_to_their_thresholds)
{
	struct qdk_qdisc *q = qt_create(WIDE " mm_thresh 6 udp_thresh 2 tag dscp 46");
	struct tc_cbt_xstats xs;
	unsigned int ok = 0;

	/* TCP pushes the RED average above min_th */
	for (int i = 0; i < 20; i++)
		ck_assert_int_eq(enq(q, tcp), QDK_XMIT_SUCCESS);
	ck_assert_uint_gt(xstats(q).qavg, 2000);

	/* other UDP: admitted until its average passes 2 packets */
	for (int i = 0; i < 50; i++)
		ok += enq(q, udp) == QDK_XMIT_SUCCESS;
	xs = xstats(q);
	ck_assert_uint_eq(xs.udp_qlen, ok);
	ck_assert_msg(ok >= 3 && ok <= 5, "udp admitted %u", ok);
	ck_assert_uint_gt(xs.udp_avg, 2000);
	ck_assert_uint_le(xs.udp_avg, 5000);
	ck_assert_uint_eq(xs.udp_drops, 50 - ok);

	/* tagged UDP: its own, larger threshold */
	ok = 0;
	for (int i = 0; i < 50; i++)
		ok += enq(q, mm) == QDK_XMIT_SUCCESS;
	xs = xstats(q);
	ck_assert_msg(ok >= 7 && ok <= 9, "mm admitted %u", ok);
	ck_assert_uint_eq(xs.mm_drops, 50 - ok);

	/* TCP is never held by a class threshold */
	for (int i = 0; i < 50; i++)
		ck_assert_int_eq(enq(q, tcp), QDK_XMIT_SUCCESS);
	xs = xstats(q);
	ck_assert_uint_eq(xs.tcp_qlen, 70);
	ck_assert_uint_eq(xs.prob_drops + xs.forced_drops + xs.limit_drops, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(no_class_test_below_min)
{
	/* the RED average stays below min_th = 100: UDP is not capped */
	struct qdk_qdisc *q = qt_create("limit 1000 min 100 max 200 ewma 1 udp_thresh 1");

	for (int i = 0; i < 60; i++)
		ck_assert_int_eq(enq(q, udp), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(xstats(q).udp_qlen, 60);
	ck_assert_uint_eq(xstats(q).udp_drops, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(dequeue_lowers_class_counts)
{
	struct qdk_qdisc *q = qt_create(WIDE " udp_thresh 2");
	struct tc_cbt_xstats xs;
	unsigned int ok = 0;

	for (int i = 0; i < 20; i++)
		enq(q, tcp);
	for (int i = 0; i < 10; i++)
		ok += enq(q, udp) == QDK_XMIT_SUCCESS;
	/* drain everything: the counts follow, the averages decay only as
	 * new arrivals sample them
	 */
	for (unsigned int i = 0; i < 20 + ok; i++) {
		struct qdk_skb *skb = qdk_dequeue(q);

		ck_assert_ptr_nonnull(skb);
		qdk_skb_free(skb);
	}
	xs = xstats(q);
	ck_assert_uint_eq(xs.tcp_qlen + xs.mm_qlen + xs.udp_qlen, 0);
	/* the queue idled: the next arrival sees decayed averages (no
	 * bandwidth given: decay off, the EWMA is resumed by later arrivals)
	 */
	for (int i = 0; i < 10; i++)
		enq(q, tcp);
	ck_assert_uint_eq(xstats(q).tcp_qlen, 10);
	qdk_qdisc_reset(q);
	xs = xstats(q);
	ck_assert_uint_eq(xs.tcp_qlen + xs.qavg + xs.tcp_avg + xs.udp_avg, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- RED underneath ------------------------------------------------------------ */

START_TEST(forced_drops_past_max_for_every_class)
{
	struct qdk_qdisc *q = qt_create("limit 100 min 2 max 5 probability 0 ewma 1");
	struct tc_cbt_xstats xs;
	unsigned int forced;

	for (int i = 0; i < 10; i++)
		enq(q, tcp);
	ck_assert_uint_ge(xstats(q).qavg, 5000);
	forced = xstats(q).forced_drops;
	ck_assert_int_eq(enq(q, tcp), QDK_XMIT_CN);
	ck_assert_int_eq(enq(q, udp), QDK_XMIT_CN);
	xs = xstats(q);
	ck_assert_uint_eq(xs.forced_drops, forced + 2);
	ck_assert_uint_eq(xs.udp_drops, 0);	/* past max: RED's, not the class's */
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(early_drops_and_limit)
{
	struct qdk_qdisc *q = qt_create("limit 30 min 2 max 1000 probability 0.5 ewma 1 seed 4");
	struct tc_cbt_xstats xs;
	struct qdk_stats st;

	for (int i = 0; i < 300; i++)
		enq(q, tcp);
	xs = xstats(q);
	ck_assert_uint_gt(xs.prob_drops, 0);
	ck_assert_uint_gt(xs.limit_drops, 0);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.qlen, 30);
	ck_assert_uint_eq(st.drops, xs.prob_drops + xs.limit_drops);
	qdk_qdisc_destroy(q);
}
END_TEST

static unsigned int drops_with_seed(const char *spec)
{
	struct qdk_qdisc *q = qt_create(spec);
	unsigned int pattern = 0;

	for (int i = 0; i < 32; i++) {
		int r = enq(q, tcp);

		pattern = pattern << 1 | (r != QDK_XMIT_SUCCESS);
		if (i % 2) {
			struct qdk_skb *skb = qdk_dequeue(q);

			qdk_skb_free(skb);
		}
	}
	qdk_qdisc_destroy(q);
	return pattern;
}

START_TEST(same_seed_same_drops)
{
	const char *a = "limit 100 min 1 max 40 probability 1 ewma 1 seed 9";
	const char *b = "limit 100 min 1 max 40 probability 1 ewma 1 seed 10";

	ck_assert_uint_eq(drops_with_seed(a), drops_with_seed(a));
	ck_assert_uint_ne(drops_with_seed(a), drops_with_seed(b));
}
END_TEST

/* ---- options ---------------------------------------------------------------- */

START_TEST(bad_options)
{
	qt_rejects("min 10 max 10", -EINVAL, MODNAME ": min must be below max");
	qt_rejects("min 20", -EINVAL, MODNAME ": min must be below max");
	qt_rejects("ewma 0", -ERANGE, "integer out of range");
	qt_rejects("limit 0", -ERANGE, "integer out of range");
	qt_rejects("tag dscp 64", -ERANGE, "integer out of range");
	qt_rejects("tag src 10.1.2.0/16", -EINVAL,
		   MODNAME ": source prefix has host bits set");
}
END_TEST

START_TEST(dump_round_trip_and_print)
{
	struct qdk_qdisc *q = qt_create("limit 40 min 3 max 12 probability 0.05 ewma 3 "
					  "bandwidth 10mbit avpkt 1500 mm_thresh 7 udp_thresh 1 "
					  "tag src 10.1.0.0/16 seed 5");

	qt_check_dump_round_trip(q, 40);
	qt_check_print(q, "limit 40 min 3 max 12 probability 0.05 ewma 3 bandwidth 10Mbit "
		       "avpkt 1500b tag src 10.1.0.0/16 mm_thresh 7 udp_thresh 1 seed 5 ");
	enq(q, (struct pspec){ .proto = UDP, .src3 = 1 });
	qt_check_print_xstats(q, 0, "qavg 0.000 tcp_avg 0.000 mm_avg 0.000 udp_avg 0.000 "
			      "tcp_qlen 0 mm_qlen 1 udp_qlen 0 mm_drops 0 udp_drops 0 "
			      "prob_drops 0 forced_drops 0 limit_drops 0 change_drops 0 ");
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_and_tc_errors)
{
	struct qdk_qdisc *q = qt_create(WIDE);
	char msg[128] = "";
	struct qdk_stats st;
	uint32_t before;

	for (int i = 0; i < 10; i++)
		enq(q, i % 2 ? tcp : udp);
	qdk_qdisc_stats(q, &st);
	before = st.qlen;
	ck_assert_uint_gt(before, 4);
	ck_assert_int_eq(qt_change(q, "limit 4 ewma 2 tag mark 7", msg, sizeof(msg)), 0);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.qlen, 4);
	ck_assert_uint_eq(xstats(q).change_drops, before - 4);
	ck_assert_uint_eq(xstats(q).tcp_qlen + xstats(q).udp_qlen, 4);
	qdk_qdisc_destroy(q);

	qt_tc_rejects("tag", "\"tag\" needs dscp, mark, src or none");
	qt_tc_rejects("tag src 10.0.0.0/33", "Illegal \"tag src\"");
	qt_tc_rejects("probability 2", "Illegal \"probability\"");
	qt_tc_rejects("mm_thresh", "\"mm_thresh\" needs a value");
	qt_tc_rejects("flows 10", "What is \"flows\"?");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create(KIND);
	TCase *tc;

	tc = tcase_create("classes");
	tcase_add_test(tc, classes_by_protocol_and_dscp);
	tcase_add_test(tc, tag_by_mark_and_source);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("thresholds");
	tcase_add_test(tc, udp_classes_held_to_their_thresholds);
	tcase_add_test(tc, no_class_test_below_min);
	tcase_add_test(tc, dequeue_lowers_class_counts);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("red");
	tcase_add_test(tc, forced_drops_past_max_for_every_class);
	tcase_add_test(tc, early_drops_and_limit);
	tcase_add_test(tc, same_seed_same_drops);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("control");
	tcase_add_test(tc, bad_options);
	tcase_add_test(tc, dump_round_trip_and_print);
	tcase_add_test(tc, change_and_tc_errors);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main(KIND, suite());
}
