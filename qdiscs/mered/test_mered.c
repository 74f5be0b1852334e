// SPDX-License-Identifier: GPL-2.0
/*
 * test_mered.c - unit tests of the "mered" qdisc (Mice and Elephants over
 * adaptive RED) through the shim: classification by bytes sent, strict
 * priority of mice, mice dropped only when full, RED (early, forced, ECN,
 * dropfront, seeded) for elephants, aging, options, dump and the tc parser.
 *
 *   build/user/tests/mered/test_mered
 *   CK_FORK=no CK_RUN_CASE=classify build/user-debug/tests/mered/test_mered
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "mered.h"

#define KIND "mered"
#define MODNAME "sch_mered"
#define MS 1000000ULL

/* ---- helpers ------------------------------------------------------------ */

/* A UDP/IPv6 packet of flow f, len bytes. */
static struct qdk_skb *pkt6(unsigned int f, uint32_t len)
{
	struct qdk_pkt p = {
		.id = qt_next_id(), .pkt_len = len, .len = len,
		.ethertype = 0x86dd, .family = QDK_AF_INET6, .l4proto = 17,
		.saddr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 },
		.daddr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 },
		.sport = 1000 + f, .dport = 6000, .ttl = 64,
	};

	return qt_skb(&p);
}

/* A non-IP frame (ARP's ethertype) of len bytes. */
static struct qdk_skb *pkt_arp(uint32_t len)
{
	struct qdk_pkt p = {
		.id = qt_next_id(), .pkt_len = len, .len = len, .ethertype = 0x0806,
	};

	return qt_skb(&p);
}

static struct tc_mered_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_mered_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}

/*
 * Lengths identify flows in dequeue order checks: flow f sends packets of
 * a length unique to it (the bridge shows a packet's length, not its ports).
 */

/* ---- classification ------------------------------------------------------ */

START_TEST(threshold_counts_bytes_with_this_packet)
{
	/* RED far away: only classification and priority act */
	struct qdk_qdisc *q = qt_create("limit 100 mice 1000 min 100000 max 200000 seed 1");
	struct tc_mered_xstats xs;

	/* flow 1: 400 + 400 = 800 <= 1000 mice; + 400 = 1200 elephant */
	ck_assert_int_eq(qt_enq_flow(q, 1, 400), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_enq_flow(q, 1, 400), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_enq_flow(q, 1, 400), QDK_XMIT_SUCCESS);
	xs = xstats(q);
	ck_assert_uint_eq(xs.mice_pkts, 2);
	ck_assert_uint_eq(xs.elephant_pkts, 1);
	ck_assert_uint_eq(xs.mice_qlen, 2);
	ck_assert_uint_eq(xs.elephant_qlen, 1);
	/* exactly at the threshold is still a mouse: flow 2, 1000 bytes */
	ck_assert_int_eq(qt_enq_flow(q, 2, 1000), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(xstats(q).mice_qlen, 3);
	ck_assert_int_eq(qt_enq_flow(q, 2, 60), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(xstats(q).elephant_qlen, 2);
	ck_assert_uint_eq(xstats(q).flows, 2);
	ck_assert_uint_eq(xstats(q).busy_flows, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(mice_zero_makes_everything_elephant)
{
	struct qdk_qdisc *q = qt_create("limit 100 mice 0 min 100000 max 200000 seed 1");

	qt_enq_flow(q, 1, 100);
	qt_enq_flow(q, 2, 100);
	ck_assert_uint_eq(xstats(q).mice_pkts, 0);
	ck_assert_uint_eq(xstats(q).elephant_pkts, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(mice_have_strict_priority)
{
	struct qdk_qdisc *q = qt_create("limit 100 mice 1500 min 100000 max 200000 seed 1");
	int order[10], n = 0, f;

	/* flow 1 (1400-byte packets) turns elephant at its second packet */
	for (int i = 0; i < 4; i++)
		qt_enq_flow(q, 1, 1400);
	/* then flow 2 (300-byte packets) arrives: all five are mice */
	for (int i = 0; i < 5; i++)
		qt_enq_flow(q, 2, 300);
	ck_assert_uint_eq(qt_stats(q).qlen, 9);
	while ((f = qt_deq_len(q, NULL, NULL)) >= 0)
		order[n++] = f;
	ck_assert_int_eq(n, 9);
	/* flow 1's first packet was a mouse: it leads, in arrival order */
	ck_assert_int_eq(order[0], 1400);
	for (int i = 1; i <= 5; i++)
		ck_assert_int_eq(order[i], 300);
	for (int i = 6; i < 9; i++)
		ck_assert_int_eq(order[i], 1400);
	ck_assert_uint_eq(qt_stats(q).packets, 9);
	ck_assert_uint_eq(qt_stats(q).backlog, 0);
	ck_assert_uint_eq(xstats(q).busy_flows, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(peek_is_next_dequeue)
{
	struct qdk_qdisc *q = qt_create("limit 100 mice 1500 min 100000 max 200000 seed 1");
	struct qdk_skb *skb;
	uint64_t id, mouse;

	qt_enq_flow(q, 1, 1400);
	qt_enq_flow(q, 1, 1400);	/* elephant */
	ck_assert_ptr_nonnull(qdk_peek(q));
	ck_assert_int_eq(qt_deq_len(q, NULL, NULL), 1400);
	qt_enq_flow_id(q, 2, 300, &mouse);
	skb = qdk_peek(q);
	ck_assert_uint_eq(qdk_skb_id(skb), mouse);
	ck_assert_int_eq(qt_deq_len(q, &id, NULL), 300);
	ck_assert_uint_eq(id, mouse);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(idle_flow_starts_over_as_mouse)
{
	struct qdk_qdisc *q = qt_create("limit 100 mice 1000 timeout 10ms min 100000 max 200000 seed 1");

	qdk_clock_advance(1 * MS);
	qt_enq_flow(q, 1, 800);
	qt_enq_flow(q, 1, 800);		/* elephant */
	ck_assert_uint_eq(xstats(q).elephant_pkts, 1);
	qt_deq_len(q, NULL, NULL);
	qt_deq_len(q, NULL, NULL);
	/* idle exactly 10 ms: still an elephant */
	qdk_clock_advance(11 * MS);
	qt_enq_flow(q, 1, 100);
	ck_assert_uint_eq(xstats(q).elephant_pkts, 2);
	qt_deq_len(q, NULL, NULL);
	/* idle for more than 10 ms: a new flow, a mouse */
	qdk_clock_advance(21 * MS + 1);
	qt_enq_flow(q, 1, 800);
	ck_assert_uint_eq(xstats(q).mice_pkts, 2);
	ck_assert_uint_eq(xstats(q).flows, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(queued_flow_does_not_restart)
{
	/* a flow with packets queued keeps its bytes however long it waits */
	struct qdk_qdisc *q = qt_create("limit 100 mice 1000 timeout 10ms min 100000 max 200000 seed 1");

	qt_enq_flow(q, 1, 800);
	qt_enq_flow(q, 1, 800);		/* elephant, stays queued */
	qdk_clock_advance(500 * MS);
	qt_enq_flow(q, 1, 100);
	ck_assert_uint_eq(xstats(q).elephant_pkts, 2);
	ck_assert_uint_eq(xstats(q).flows, 1);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(ipv6_and_non_ip_flows)
{
	struct qdk_qdisc *q = qt_create("limit 100 mice 1000 min 100000 max 200000 seed 1");

	/* two IPv6 flows (other ports): each has its own 1000 bytes */
	ck_assert_int_eq(qdk_enqueue(q, pkt6(1, 600)), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qdk_enqueue(q, pkt6(2, 600)), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(xstats(q).mice_pkts, 2);
	ck_assert_int_eq(qdk_enqueue(q, pkt6(1, 600)), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(xstats(q).elephant_pkts, 1);
	/* every non-IP frame is one flow */
	qdk_enqueue(q, pkt_arp(600));
	qdk_enqueue(q, pkt_arp(600));
	ck_assert_uint_eq(xstats(q).mice_pkts, 3);
	ck_assert_uint_eq(xstats(q).elephant_pkts, 2);
	ck_assert_uint_eq(xstats(q).flows, 3);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(small_table_overflow_flow)
{
	/* eight entries, all holding queued packets: the ninth flow shares */
	struct qdk_qdisc *q = qt_create("limit 100 flows 8 mice 1000 min 100000 max 200000 seed 1");
	struct tc_mered_xstats xs;

	for (unsigned int f = 1; f <= 8; f++)
		qt_enq_flow(q, f, 100);
	ck_assert_uint_eq(xstats(q).overflows, 0);
	qt_enq_flow(q, 9, 600);
	qt_enq_flow(q, 10, 600);	/* the shared flow passes 1000 bytes */
	xs = xstats(q);
	ck_assert_uint_eq(xs.overflows, 2);
	ck_assert_uint_eq(xs.evictions, 0);
	ck_assert_uint_eq(xs.mice_pkts, 9);
	ck_assert_uint_eq(xs.elephant_pkts, 1);
	ck_assert_uint_eq(xs.busy_flows, 9);
	/* drained, the entries can be taken by new flows again */
	while (qt_deq_len(q, NULL, NULL) >= 0)
		;
	qt_enq_flow(q, 11, 100);
	ck_assert_uint_eq(xstats(q).overflows, 2);
	ck_assert_uint_eq(xstats(q).evictions, 1);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- drops ------------------------------------------------------------------ */

/* RED with w = 1/2 (burst 1 of avpkt 1000 for min 1000): the average follows. */
#define FAST_RED "min 1000 max 2000 burst 1 avpkt 1000 bandwidth 0"

START_TEST(elephants_forced_drop_mice_only_when_full)
{
	struct qdk_qdisc *q = qt_create("limit 10 mice 1400 " FAST_RED " seed 3");
	const struct qdk_effect *eff;
	struct tc_mered_xstats xs;
	int queued_e = 0, verdict;
	uint64_t id;

	/* 30 elephant arrivals (1500 > mice): RED keeps them few */
	for (int i = 0; i < 30; i++)
		queued_e += qt_enq_flow(q, 1, 1500) == QDK_XMIT_SUCCESS;
	xs = xstats(q);
	ck_assert_uint_eq(xs.elephant_pkts, 30);
	ck_assert_uint_gt(xs.forced_drops, 15);
	ck_assert_uint_eq(xs.limit_drops, 0);
	ck_assert_int_lt(queued_e, 10);
	ck_assert_uint_eq(xs.elephant_qlen, queued_e);
	ck_assert_uint_eq(qt_stats(q).drops, 30 - queued_e);

	/* the average is far past max; mice still get in until the limit */
	for (int i = 0; i < 14; i++) {
		verdict = qt_enq_flow_id(q, 2, 100, &id);
		if (i < 10 - queued_e) {
			ck_assert_int_eq(verdict, QDK_XMIT_SUCCESS);
		} else {
			ck_assert_int_eq(verdict, QDK_XMIT_DROP);
			ck_assert_uint_eq(qdk_effects(&eff), 1);
			ck_assert_uint_eq(eff[0].id, id);
		}
	}
	xs = xstats(q);
	ck_assert_uint_eq(xs.mice_pkts, 14);
	ck_assert_uint_eq(xs.mice_drops, 14 - (10 - queued_e));
	ck_assert_uint_eq(qt_stats(q).qlen, 10);
	ck_assert_uint_gt(xs.qavg, 2000);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(elephants_at_limit_tail_dropped)
{
	/* RED out of the way: elephants are dropped by the limit alone */
	struct qdk_qdisc *q = qt_create("limit 3 mice 0 min 100000 max 200000 seed 1");

	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(qt_enq_flow(q, 1, 1000), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qt_enq_flow(q, 1, 1000), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).limit_drops, 1);
	ck_assert_uint_eq(xstats(q).forced_drops, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

/* Elephant arrivals in RED's early region; returns the drop pattern. */
static uint64_t early_pattern(const char *opts, struct tc_mered_xstats *xs)
{
	struct qdk_qdisc *q = qt_create(opts);
	uint64_t pattern = 0;

	/*
	 * Keep the backlog at 1500 bytes: with w = 1/2 the average settles
	 * between min (1000) and max (2000), where each arrival is a coin.
	 */
	qt_enq_flow(q, 1, 1500);
	for (int i = 0; i < 64; i++) {
		int v = qt_enq_flow(q, 1, 1500);

		if (v == QDK_XMIT_SUCCESS)
			qt_deq_len(q, NULL, NULL);
		else
			pattern |= 1ULL << i;
	}
	*xs = xstats(q);
	qdk_qdisc_destroy(q);
	return pattern;
}

START_TEST(elephants_early_drops_seeded)
{
	struct tc_mered_xstats a, b, c;
	uint64_t pa = early_pattern("limit 10 mice 0 " FAST_RED " probability 0.5 seed 7", &a);
	uint64_t pb = early_pattern("limit 10 mice 0 " FAST_RED " probability 0.5 seed 7", &b);
	uint64_t pc = early_pattern("limit 10 mice 0 " FAST_RED " probability 0.5 seed 8", &c);

	ck_assert_uint_gt(a.prob_drops, 0);
	ck_assert_uint_lt(a.prob_drops, 64);
	ck_assert_uint_eq(a.forced_drops, 0);
	/* same seed, same decisions; another seed, other decisions */
	ck_assert_uint_eq(pa, pb);
	ck_assert_uint_eq(a.prob_drops, b.prob_drops);
	ck_assert_uint_ne(pa, pc);
}
END_TEST

START_TEST(elephants_ecn_marked)
{
	struct qdk_qdisc *q = qt_create("limit 10 mice 0 " FAST_RED " probability 0.5 ecn seed 7");
	int marks = 0, v;
	unsigned int ecn = 0;

	ck_assert_int_eq(qdk_enqueue(q, qt_flow_udp4(1, 1500, 2)), QDK_XMIT_SUCCESS);
	for (int i = 0; i < 64; i++) {
		v = qdk_enqueue(q, qt_flow_udp4(1, 1500, 2));	/* ECT(0) */
		ck_assert_int_eq(v, QDK_XMIT_SUCCESS);
		qt_deq_len(q, NULL, &ecn);
		marks += ecn == 3;
	}
	ck_assert_uint_eq(xstats(q).prob_drops, 0);
	ck_assert_uint_gt(xstats(q).prob_marks, 0);
	/* every mark made was seen on a dequeued packet (the last may wait) */
	ck_assert_int_ge(marks + 1, (int)xstats(q).prob_marks);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(dropfront_takes_oldest_elephant)
{
	struct qdk_qdisc *q = qt_create("limit 20 mice 0 " FAST_RED " dropfront seed 3");
	const struct qdk_effect *eff;
	uint64_t first, id;
	struct qdk_stats st;
	int i, v = QDK_XMIT_SUCCESS;

	qt_enq_flow_id(q, 1, 1500, &first);
	/* push the average past max: the next congestion drop is forced */
	for (i = 0; i < 20 && v == QDK_XMIT_SUCCESS; i++) {
		v = qt_enq_flow_id(q, 1, 1500, &id);
		if (xstats(q).forced_drops + xstats(q).prob_drops)
			break;
	}
	/* the arrival was queued, the head of the elephants dropped */
	ck_assert_int_eq(v, QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(qdk_effects(&eff), 1);
	ck_assert_uint_eq(eff[0].kind, QDK_EFFECT_DROP);
	ck_assert_uint_eq(eff[0].id, first);
	st = qt_stats(q);
	ck_assert_uint_eq(st.drops, 1);
	ck_assert_uint_eq(st.qlen, i + 1);
	ck_assert_uint_eq(st.backlog, 1500 * (i + 1));
	/* the arrival is last in line */
	for (int k = 0; k < i; k++)
		qt_deq_len(q, NULL, NULL);
	ck_assert_int_eq(qt_deq_len(q, &first, NULL), 1500);
	ck_assert_uint_eq(first, id);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- options ---------------------------------------------------------------- */

START_TEST(defaults_dumped)
{
	struct qdk_dev_cfg dev = { .tx_queue_len = 77 };
	char msg[256] = "";
	int err = 0;
	struct qdk_qdisc *q = qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					       NULL, 0, &err, msg, sizeof(msg));

	ck_assert_ptr_nonnull(q);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_LIMIT), 77);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_MICE), MERED_DEF_MICE);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_TIMEOUT), MERED_DEF_TIMEOUT);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_FLOWS), MERED_DEF_FLOWS);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_QTH_MIN), MERED_DEF_MIN);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_QTH_MAX), MERED_DEF_MAX);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_PROBABILITY), 85899346);
	/* tc-red's default burst: (2 * 15000 + 45000) / (3 * 1000) = 25 */
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_BURST), 25);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_ECN), 0);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_DROPFRONT), 0);
	/* the seed is drawn at init and always shown */
	qt_dumped_u32(q, TCA_MERED_SEED);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(bad_options)
{
	qt_create_fails("limit 0", -ERANGE, "integer out of range");
	qt_create_fails("flows 4", -ERANGE, "integer out of range");
	qt_create_fails("flows 65537", -ERANGE, "integer out of range");
	qt_create_fails("min 0", -ERANGE, "integer out of range");
	qt_create_fails("probability 0", -ERANGE, "integer out of range");
	qt_create_fails("avpkt 10", -ERANGE, "integer out of range");
	qt_create_fails("timeout 3601s", -ERANGE, "integer out of range");
	qt_create_fails("min 5000 max 5000", -EINVAL, MODNAME ": min must be below max");
	qt_create_fails("min 30000 max 50000 burst 2 avpkt 1000", -EINVAL,
		     MODNAME ": burst too small for min: no RED weight fits");
}
END_TEST

START_TEST(change_keeps_flows_and_seed)
{
	struct qdk_qdisc *q = qt_create("flows 64 seed 9");
	char msg[256];

	qt_change_fixed(q, "flows 128");
	qt_change_fixed(q, "seed 10");
	ck_assert_int_eq(qt_change(q, "min 5000 max 4000", msg, sizeof(msg)), -EINVAL);
	/* nothing changed by the refused requests */
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_QTH_MIN), MERED_DEF_MIN);
	/* the same values are fine (a dump fed back), others apply */
	ck_assert_int_eq(qt_change(q, "flows 64 seed 9 mice 500 ecn", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_MICE), 500);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_ECN), 1);
	ck_assert_uint_eq(qt_dumped_u32(q, TCA_MERED_SEED), 9);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_lower_limit_drops_elephants_first)
{
	struct qdk_qdisc *q = qt_create("limit 10 mice 1000 min 100000 max 200000 seed 1");
	char msg[256];

	qt_enq_flow(q, 1, 600);		/* mouse */
	qt_enq_flow(q, 1, 600);		/* elephant */
	qt_enq_flow(q, 1, 600);		/* elephant */
	qt_enq_flow(q, 2, 200);		/* mouse */
	ck_assert_int_eq(qt_change(q, "limit 2", msg, sizeof(msg)), 0);
	ck_assert_uint_eq(qt_stats(q).qlen, 2);
	ck_assert_uint_eq(qt_stats(q).drops, 2);
	ck_assert_uint_eq(qt_stats(q).backlog, 800);
	ck_assert_uint_eq(xstats(q).elephant_qlen, 0);
	ck_assert_uint_eq(xstats(q).busy_flows, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(reset_forgets_flows)
{
	struct qdk_qdisc *q = qt_create("limit 10 mice 1000 min 100000 max 200000 seed 1");

	qt_enq_flow(q, 1, 900);
	qt_enq_flow(q, 1, 900);		/* elephant */
	qdk_qdisc_reset(q);
	ck_assert_uint_eq(qt_stats(q).qlen, 0);
	ck_assert_uint_eq(qt_stats(q).backlog, 0);
	ck_assert_uint_eq(xstats(q).busy_flows, 0);
	ck_assert_ptr_null(qdk_peek(q));
	qt_enq_flow(q, 1, 900);		/* a mouse again */
	ck_assert_uint_eq(xstats(q).mice_pkts, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(dump_round_trip)
{
	struct qdk_qdisc *q = qt_create("limit 50 mice 2000 timeout 20ms flows 256 min 3000 max 9000 probability 0.1 avpkt 500 bandwidth 1mbit ecn dropfront seed 42");

	qt_check_dump_round_trip(q, 40);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- tc parser and printer --------------------------------------------------- */

START_TEST(tc_parse_print)
{
	struct qdk_qdisc *q = qt_create("limit 50 mice 2kb timeout 20ms flows 256 min 3000 "
					"max 9000 probability 0.1 burst 8 avpkt 500 bandwidth 8mbit "
					"ecn seed 42");

	qt_check_print(q, "limit 50 mice 2Kb timeout 20ms flows 256 min 3000b max 9000b "
		       "probability 0.1 burst 8 avpkt 500b bandwidth 8Mbit ecn seed 42 ");
	qt_check_print_xstats(q, 8, "mice_pkts 0 elephant_pkts 0 ");
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_parse_errors)
{
	static const char *const bad[][2] = {
		{ "limit", "\"limit\" needs a value" },
		{ "limit x", "Illegal \"limit\"" },
		{ "probability 1.5", "Illegal \"probability\"" },
		{ "timeout forever", "Illegal \"timeout\"" },
		{ "bandwidth fast", "Illegal \"bandwidth\"" },
		{ "mice lots", "Illegal \"mice\"" },
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

	tc = tcase_create("classify");
	tcase_add_test(tc, threshold_counts_bytes_with_this_packet);
	tcase_add_test(tc, mice_zero_makes_everything_elephant);
	tcase_add_test(tc, mice_have_strict_priority);
	tcase_add_test(tc, peek_is_next_dequeue);
	tcase_add_test(tc, idle_flow_starts_over_as_mouse);
	tcase_add_test(tc, queued_flow_does_not_restart);
	tcase_add_test(tc, ipv6_and_non_ip_flows);
	tcase_add_test(tc, small_table_overflow_flow);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("drops");
	tcase_add_test(tc, elephants_forced_drop_mice_only_when_full);
	tcase_add_test(tc, elephants_at_limit_tail_dropped);
	tcase_add_test(tc, elephants_early_drops_seeded);
	tcase_add_test(tc, elephants_ecn_marked);
	tcase_add_test(tc, dropfront_takes_oldest_elephant);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_add_test(tc, defaults_dumped);
	tcase_add_test(tc, bad_options);
	tcase_add_test(tc, change_keeps_flows_and_seed);
	tcase_add_test(tc, change_lower_limit_drops_elephants_first);
	tcase_add_test(tc, reset_forgets_flows);
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
