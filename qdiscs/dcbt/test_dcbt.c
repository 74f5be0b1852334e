// SPDX-License-Identifier: GPL-2.0
/*
 * test_dcbt.c - unit tests of the "dcbt" qdisc through the shim: the active
 * flows counted per class and the dynamic thresholds they give as flows
 * come and go (the expiry collector, by timer and on the datapath's grid),
 * the class test with those thresholds, ChIPS cutting tagged packets in at
 * the average queue length while keeping them in arrival order, options,
 * dump and the tc syntax.
 *
 *   build/user/tests/dcbt/test_dcbt
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "tcopt.h"
#include "dcbt.h"

#define KIND "dcbt"
#define MODNAME "sch_dcbt"
#define MS 1000000ULL

enum { TCP = 6, UDP = 17 };
#define EF (46 << 2)

static uint64_t next_id = 1;

/* A packet of flow number f (its source port) of protocol proto. */
static struct qdk_skb *mk(uint8_t proto, uint16_t f, uint8_t tos, uint64_t *id)
{
	struct qdk_pkt p = {
		.id = next_id++, .pkt_len = 1000, .len = 1000,
		.ethertype = 0x0800, .family = QDK_AF_INET, .l4proto = proto,
		.saddr = { 10, 0, 0, 1 }, .daddr = { 10, 0, 0, 2 },
		.sport = 1000 + f, .dport = 6000, .ttl = 64, .tos = tos,
		.tcp_flags = proto == TCP ? QDK_TCP_ACK : 0,
	};
	char msg[128] = "";
	struct qdk_skb *skb = qdk_skb_build(&p, msg, sizeof(msg));

	ck_assert_msg(skb, "skb_build: %s", msg);
	if (id)
		*id = p.id;
	return skb;
}

static int enq(struct qdk_qdisc *q, uint8_t proto, uint16_t f, uint8_t tos)
{
	return qdk_enqueue(q, mk(proto, f, tos, NULL));
}


static struct tc_dcbt_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_dcbt_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}

static uint64_t t0;

static void at(uint64_t ns)
{
	qdk_clock_advance(t0 + ns);
}

static long objects0;

static void mem_setup(void)
{
	long bytes;

	qdk_mem_usage(&objects0, &bytes);
	t0 = qdk_now() + 1000 * MS;
}

static void mem_teardown(void)
{
	long objects, bytes;

	qdk_mem_usage(&objects, &bytes);
	ck_assert_int_eq(objects, objects0);
}

/* thresholds are kept scaled by 2^ewma: a resolution of 1000 >> ewma milli */
#define NEAR_BY(a, b, d) ((a) + (d) >= (b) && (b) + (d) >= (a))
#define NEAR(a, b) NEAR_BY(a, b, 63)

/* ---- flows and dynamic thresholds ------------------------------------------- */

START_TEST(thresholds_follow_the_flows)
{
	/* min 5, max 15: the UDP bracket is 5 - 0.1 * 10 = 4 packets */
	struct qdk_qdisc *q = qt_create("limit 1000 min 5 max 15 probability 0 ewma 4 "
					  "tag dscp 46 timeout 10ms collect 5ms seed 1");
	struct tc_dcbt_xstats xs;

	at(1 * MS);
	enq(q, TCP, 1, 0);
	xs = xstats(q);
	ck_assert_uint_eq(xs.tcp_flows, 1);
	ck_assert_uint_eq(xs.udp_thresh, 0);

	enq(q, UDP, 2, 0);		/* 1 UDP flow of 2: 4 / 2 */
	xs = xstats(q);
	ck_assert_uint_eq(xs.udp_flows, 1);
	ck_assert_uint_eq(xs.udp_thresh, 2000);

	enq(q, UDP, 3, 0);		/* 2 of 3: 8 / 3 */
	ck_assert_msg(NEAR(xstats(q).udp_thresh, 2667), "%u", xstats(q).udp_thresh);
	enq(q, UDP, 2, 0);		/* the same flow again: no change */
	ck_assert(NEAR(xstats(q).udp_thresh, 2667));

	enq(q, UDP, 4, EF);		/* a multimedia flow: 2 of 4 UDP */
	xs = xstats(q);
	ck_assert_uint_eq(xs.mm_flows, 1);
	ck_assert_uint_eq(xs.udp_flows, 2);
	ck_assert_uint_eq(xs.udp_thresh, 2000);
	/* MM: 1 of 4 flows of the RED average */
	ck_assert(NEAR(xs.mm_thresh, xs.qavg / 4));
	ck_assert_uint_gt(xs.mm_thresh, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(flows_expire_and_thresholds_grow)
{
	struct qdk_qdisc *q = qt_create("limit 1000 min 5 max 15 probability 0 ewma 1 "
					  "timeout 10ms collect 5ms seed 1");
	struct tc_dcbt_xstats xs;

	at(1 * MS);
	for (uint16_t f = 1; f <= 3; f++)
		enq(q, TCP, f, 0);
	enq(q, UDP, 10, 0);
	ck_assert_uint_eq(xstats(q).udp_thresh, 1000);	/* 4 / 4 */
	for (int i = 0; i < 4; i++)
		ck_assert_uint_ne(qt_deq(q), 0);
	/* nothing queued; the flows time out after 10 ms and the collector
	 * (a timer: nothing else happens) uncounts them
	 */
	at(5 * MS);
	ck_assert_uint_eq(xstats(q).tcp_flows, 3);
	at(40 * MS);
	xs = xstats(q);
	ck_assert_uint_eq(xs.tcp_flows, 0);
	ck_assert_uint_eq(xs.udp_flows, 0);
	ck_assert_uint_eq(xs.collected, 4);

	/* one UDP flow now has the bracket to itself */
	enq(q, UDP, 10, 0);
	xs = xstats(q);
	ck_assert_uint_eq(xs.udp_flows, 1);
	ck_assert_uint_eq(xs.udp_thresh, 4000);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(queued_flows_do_not_expire)
{
	struct qdk_qdisc *q = qt_create("min 5 max 15 timeout 10ms collect 5ms seed 1");

	at(1 * MS);
	enq(q, TCP, 1, 0);
	enq(q, UDP, 2, 0);
	at(100 * MS);
	/* still queued: still active */
	ck_assert_uint_eq(xstats(q).tcp_flows, 1);
	ck_assert_uint_eq(xstats(q).udp_flows, 1);
	qt_deq(q);
	at(105 * MS);
	ck_assert_uint_eq(xstats(q).tcp_flows, 1);	/* left 5 ms ago */
	at(130 * MS);
	ck_assert_uint_eq(xstats(q).tcp_flows, 0);
	ck_assert_uint_eq(xstats(q).udp_flows, 1);
	qdk_qdisc_destroy(q);
}
END_TEST

/*
 * The counts an arrival sees depend on the collector's grid, not on when a
 * timer ran: the same arrivals give the same verdicts whether or not the
 * clock was advanced (timers fired) between them.
 */
static unsigned int verdicts(bool tick)
{
	struct qdk_qdisc *q = qt_create("limit 100 min 2 max 50 probability 0 ewma 1 "
					  "timeout 3ms collect 2ms seed 1");
	unsigned int bits = 0;

	t0 = qdk_now() + 1000 * MS;
	for (int i = 0; i < 30; i++) {
		uint64_t t = (uint64_t)i * 700000;

		if (tick)
			at(t - 1);
		at(t);
		bits = bits << 1 | (enq(q, i % 3 ? UDP : TCP, (uint16_t)(i % 5), 0) != 0);
		if (i % 4 == 0)
			qt_deq(q);
	}
	qdk_qdisc_destroy(q);
	return bits;
}

START_TEST(collector_grid_makes_decisions_timer_independent)
{
	unsigned int a = verdicts(false), b = verdicts(true);

	ck_assert_uint_eq(a, b);
	ck_assert_uint_ne(a, 0);	/* some drops: the test means something */
}
END_TEST

/* ---- the class test with dynamic thresholds ---------------------------------- */

START_TEST(unresponsive_udp_held_to_its_share)
{
	struct qdk_qdisc *q = qt_create("limit 1000 min 5 max 100 probability 0 ewma 1 seed 1");
	struct tc_dcbt_xstats xs;
	unsigned int ok = 0;

	/* min 5, max 100: the bracket 5 - 9.5 is negative: UDP gets nothing
	 * while the RED average is in [min, max)
	 */
	at(1 * MS);
	for (int i = 0; i < 10; i++)
		enq(q, TCP, 1, 0);
	for (int i = 0; i < 20; i++)
		ok += enq(q, UDP, 2, 0) == 0;
	xs = xstats(q);
	ck_assert_uint_eq(xs.udp_thresh, 0);
	ck_assert_uint_le(ok, 1);
	ck_assert_uint_eq(xs.udp_drops, 20 - ok);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(more_udp_flows_more_room)
{
	/* bracket 4: one UDP flow of two gets 2 packets, four of five get 3.2 */
	struct qdk_qdisc *q1 = qt_create("limit 1000 min 5 max 15 probability 0 ewma 1 seed 1");
	struct qdk_qdisc *q4 = qt_create("limit 1000 min 5 max 15 probability 0 ewma 1 seed 1");
	unsigned int ok1 = 0, ok4 = 0;

	at(1 * MS);
	for (int i = 0; i < 8; i++) {
		enq(q1, TCP, 1, 0);
		enq(q4, TCP, 1, 0);
	}
	for (int i = 0; i < 20; i++) {
		ok1 += enq(q1, UDP, 2, 0) == 0;
		ok4 += enq(q4, UDP, (uint16_t)(2 + i % 4), 0) == 0;
	}
	ck_assert_uint_eq(xstats(q1).udp_thresh, 2000);
	ck_assert(NEAR_BY(xstats(q4).udp_thresh, 3200, 500));
	ck_assert_uint_gt(ok4, ok1);
	ck_assert_uint_eq(xstats(q1).tcp_qlen, 8);
	qdk_qdisc_destroy(q4);
	qdk_qdisc_destroy(q1);
}
END_TEST

/* ---- ChIPS --------------------------------------------------------------------- */

/* Dequeue everything; ids in departure order into out; peek agrees. */
static int drain(struct qdk_qdisc *q, uint64_t *out, int max)
{
	int n = 0;

	for (;;) {
		struct qdk_skb *p = qdk_peek(q);
		uint64_t id = p ? qdk_skb_id(p) : 0;
		uint64_t got = qt_deq(q);

		ck_assert_uint_eq(got, id);
		if (!got)
			return n;
		ck_assert_int_lt(n, max);
		out[n++] = got;
	}
}

START_TEST(chips_cuts_in_and_keeps_order)
{
	struct qdk_qdisc *q = qt_create("limit 1000 min 2 max 1000 probability 0 ewma 4 "
					  "tag dscp 46 chips seed 1");
	uint64_t mm[3], out[64], tcp_ids[64];
	int n, ntcp = 0, pos[3] = { -1, -1, -1 }, fifo_pos_m1;

	at(1 * MS);
	/* a multimedia flow, one TCP flow, a second multimedia flow: mm flows
	 * are 2 of 3, more than half, so m1 goes to the tail (position 31)
	 */
	qdk_enqueue(q, mk(UDP, 50, EF, NULL));
	for (int i = 0; i < 30; i++)
		qdk_enqueue(q, mk(TCP, 1, 0, &tcp_ids[ntcp++]));
	qdk_enqueue(q, mk(UDP, 51, EF, &mm[0]));
	fifo_pos_m1 = 31;
	ck_assert_uint_eq(xstats(q).cutins, 0);
	/* three more TCP flows: now 4 of 6 are TCP, mm is 2 of 6 */
	for (uint16_t f = 2; f <= 4; f++)
		qdk_enqueue(q, mk(TCP, f, 0, &tcp_ids[ntcp++]));
	/* m2, m3 cut in at the (slow) average, far ahead of m1's place */
	qdk_enqueue(q, mk(UDP, 51, EF, &mm[1]));
	qdk_enqueue(q, mk(UDP, 51, EF, &mm[2]));
	ck_assert_uint_eq(xstats(q).cutins, 2);
	ck_assert_uint_lt(xstats(q).qavg, 30000);

	n = drain(q, out, 64);
	ck_assert_int_eq(n, 1 + 30 + 1 + 3 + 2);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < 3; k++)
			if (out[i] == mm[k])
				pos[k] = i;
	/* in arrival order ... */
	ck_assert_int_ge(pos[0], 0);
	ck_assert_int_lt(pos[0], pos[1]);
	ck_assert_int_lt(pos[1], pos[2]);
	/* ... and the first one leaves where m2 cut in, well before its own
	 * place in a FIFO
	 */
	ck_assert_int_lt(pos[0], fifo_pos_m1 - 5);
	/* the other packets keep their FIFO order */
	{
		int t = 0;

		for (int i = 0; i < n; i++)
			if (t < ntcp && out[i] == tcp_ids[t])
				t++;
		ck_assert_int_eq(t, ntcp);
	}
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(no_chips_is_fifo)
{
	struct qdk_qdisc *q = qt_create("limit 1000 min 2 max 1000 probability 0 ewma 4 "
					  "tag dscp 46 seed 1");
	uint64_t out[64], first = next_id;
	int n;

	at(1 * MS);
	for (int i = 0; i < 20; i++)
		enq(q, i % 5 ? TCP : UDP, (uint16_t)(i % 4), i % 5 ? 0 : EF);
	n = drain(q, out, 64);
	ck_assert_int_eq(n, 20);
	for (int i = 0; i < n; i++)
		ck_assert_uint_eq(out[i], first + i);
	ck_assert_uint_eq(xstats(q).cutins, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_and_reset_with_slots)
{
	struct qdk_qdisc *q = qt_create("limit 1000 min 2 max 1000 probability 0 ewma 4 "
					  "tag dscp 46 chips seed 1");
	struct qdk_stats st;
	char msg[128] = "";
	uint64_t out[64];

	at(1 * MS);
	for (uint16_t i = 0; i < 30; i++)
		enq(q, TCP, i % 4, 0);
	enq(q, UDP, 9, EF);
	enq(q, UDP, 9, EF);
	ck_assert_uint_ge(xstats(q).cutins, 1);
	ck_assert_int_eq(qt_change(q, "limit 10", msg, sizeof(msg)), 0);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.qlen, 10);
	ck_assert_uint_eq(st.backlog, 10000);
	ck_assert_uint_eq(xstats(q).change_drops, 22);
	ck_assert_int_eq(drain(q, out, 64), 10);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.qlen + st.backlog, 0);

	for (uint16_t i = 0; i < 30; i++)
		enq(q, TCP, i % 4, 0);
	enq(q, UDP, 9, EF);
	qdk_qdisc_reset(q);
	ck_assert_ptr_null(qdk_peek(q));
	ck_assert_uint_eq(qt_deq(q), 0);
	ck_assert_uint_eq(xstats(q).tcp_flows + xstats(q).mm_flows, 0);
	enq(q, UDP, 9, EF);
	ck_assert_int_eq(drain(q, out, 64), 1);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- options -------------------------------------------------------------------- */

START_TEST(bad_options)
{
	struct qdk_qdisc *q;
	char msg[128] = "";

	qt_rejects("min 15 max 5", -EINVAL, MODNAME ": min must be below max");
	qt_rejects("timeout 0", -ERANGE, "integer out of range");
	qt_rejects("collect 61s", -ERANGE, "integer out of range");
	qt_rejects("flows 4", -ERANGE, "integer out of range");
	q = qt_create("flows 64");
	qt_change_fails(q, "flows 128", -EINVAL,
			MODNAME ": flows can only be set when the qdisc is created");
	ck_assert_int_eq(qt_change(q, "flows 64 chips", msg, sizeof(msg)), 0);
	qdk_qdisc_destroy(q);
	qt_tc_rejects("timeout 1.5us", "Illegal \"timeout\"");
	qt_tc_rejects("mm_thresh 3", "What is \"mm_thresh\"?");
}
END_TEST

START_TEST(dump_round_trip_and_print)
{
	struct qdk_qdisc *q = qt_create("limit 40 min 3 max 12 probability 0.05 ewma 3 "
					  "flows 64 timeout 2s collect 100ms chips "
					  "tag mark 0x10/0xf0 seed 5");

	qt_check_dump_round_trip(q, 60);
	qt_check_print(q, "limit 40 min 3 max 12 probability 0.05 ewma 3 avpkt 1000b "
		       "tag mark 0x10/0xf0 flows 64 timeout 2s collect 100ms "
		       "chips seed 5 ");
	qt_check_print_xstats(q, 24, "qavg 0.000 tcp_avg 0.000 mm_avg 0.000 udp_avg 0.000 "
			      "mm_thresh 0.000 udp_thresh 0.000 ");
	qdk_qdisc_destroy(q);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create(KIND);
	TCase *tc;

	tc = tcase_create("flows");
	tcase_add_test(tc, thresholds_follow_the_flows);
	tcase_add_test(tc, flows_expire_and_thresholds_grow);
	tcase_add_test(tc, queued_flows_do_not_expire);
	tcase_add_test(tc, collector_grid_makes_decisions_timer_independent);
	tcase_add_checked_fixture(tc, mem_setup, mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("thresholds");
	tcase_add_test(tc, unresponsive_udp_held_to_its_share);
	tcase_add_test(tc, more_udp_flows_more_room);
	tcase_add_checked_fixture(tc, mem_setup, mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("chips");
	tcase_add_test(tc, chips_cuts_in_and_keeps_order);
	tcase_add_test(tc, no_chips_is_fifo);
	tcase_add_test(tc, change_and_reset_with_slots);
	tcase_add_checked_fixture(tc, mem_setup, mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("control");
	tcase_add_test(tc, bad_options);
	tcase_add_test(tc, dump_round_trip_and_print);
	tcase_add_checked_fixture(tc, mem_setup, mem_teardown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main(KIND, suite());
}
