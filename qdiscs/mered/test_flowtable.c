// SPDX-License-Identifier: GPL-2.0
/*
 * test_flowtable.c - unit tests of algo/flowtable.h (the kit's per-flow
 * table, used by mered, fred and dcbt) on real packets built by the shim,
 * through the kernel-style wrappers in ktest_flowtable.c.
 *
 *   build/user/tests/mered/test_flowtable
 */
#include <check.h>
#include <stdio.h>
#include <string.h>

#include "ktest_flowtable.h"
#include "qdisc_test.h"

#define MS 1000000ULL

/* ---- packets -------------------------------------------------------------- */

static uint64_t next_id = 1;

static struct qdk_skb *build(struct qdk_pkt *p)
{
	p->id = next_id++;
	if (!p->len)
		p->len = p->pkt_len;
	if (!p->ttl)
		p->ttl = 64;
	return qt_skb(p);
}

/* IPv4 10.0.<src>.1:sport -> 10.0.0.2:dport, protocol l4 */
static struct qdk_skb *v4(uint8_t src, uint8_t l4, uint16_t sport,
			  uint16_t dport)
{
	struct qdk_pkt p = {
		.pkt_len = 200, .ethertype = 0x0800, .family = QDK_AF_INET,
		.l4proto = l4, .saddr = { 10, 0, src, 1 },
		.daddr = { 10, 0, 0, 2 }, .sport = sport, .dport = dport,
	};

	if (l4 != 6 && l4 != 17) {
		p.sport = 0;
		p.dport = 0;
	}
	return build(&p);
}

static struct qdk_skb *v6(uint8_t last, uint16_t sport, uint16_t dport)
{
	struct qdk_pkt p = {
		.pkt_len = 300, .ethertype = 0x86dd, .family = QDK_AF_INET6,
		.l4proto = 17, .sport = sport, .dport = dport,
		.saddr = { 0x20, 0x01, 0x0d, 0xb8, [15] = last },
		.daddr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 },
	};

	return build(&p);
}

static struct qdk_skb *nonip(uint16_t ethertype)
{
	struct qdk_pkt p = { .pkt_len = 100, .ethertype = ethertype };

	return build(&p);
}

/* The entry index of a packet's flow at now; frees the packet. */
static int get(struct kft *t, struct qdk_skb *skb, uint64_t now, int *created)
{
	int idx = kft_get(t, skb, now, created);

	qdk_skb_free(skb);
	return idx;
}

static int get_new(struct kft *t, struct qdk_skb *skb, uint64_t now)
{
	int created, idx = get(t, skb, now, &created);

	ck_assert_msg(created, "flow at %d expected new", idx);
	return idx;
}

static int get_old(struct kft *t, struct qdk_skb *skb, uint64_t now)
{
	int created, idx = get(t, skb, now, &created);

	ck_assert_msg(!created, "flow at %d expected known", idx);
	return idx;
}

static struct kft_flow flow(struct kft *t, int idx)
{
	struct kft_flow f;

	kft_flow(t, idx, &f);
	return f;
}

static struct kft_stats stats(struct kft *t)
{
	struct kft_stats st;

	kft_stats(t, &st);
	return st;
}

/* ---- keys ----------------------------------------------------------------- */

START_TEST(key_five_tuple_ipv4)
{
	struct kft *t = kft_create(1024, 100 * MS, 7);
	int a, b, c, d;
	struct kft_flow f;

	a = get_new(t, v4(1, 6, 40000, 5201), 0);
	ck_assert_int_eq(get_old(t, v4(1, 6, 40000, 5201), 1), a);
	/* another source port, another protocol, another address: new flows */
	b = get_new(t, v4(1, 6, 40001, 5201), 2);
	c = get_new(t, v4(1, 17, 40000, 5201), 3);
	d = get_new(t, v4(2, 6, 40000, 5201), 4);
	ck_assert(a != b && a != c && a != d && b != c && b != d && c != d);
	f = flow(t, a);
	ck_assert_uint_eq(f.family, 4);
	ck_assert_uint_eq(f.proto, 6);
	ck_assert_uint_eq(f.sport, 40000);
	ck_assert_uint_eq(f.dport, 5201);
	ck_assert_uint_eq(f.state, 1);
	ck_assert_uint_eq(stats(t).flows, 4);
	ck_assert_uint_eq(stats(t).nactive, 4);
	kft_destroy(t);
}
END_TEST

START_TEST(key_ipv6)
{
	struct kft *t = kft_create(1024, 100 * MS, 7);
	int a, b;
	struct kft_flow f;

	a = get_new(t, v6(1, 5000, 6000), 0);
	ck_assert_int_eq(get_old(t, v6(1, 5000, 6000), 1), a);
	b = get_new(t, v6(3, 5000, 6000), 2);	/* another source address */
	ck_assert_int_ne(a, b);
	ck_assert_int_ne(get_new(t, v6(1, 5000, 6001), 3), a);
	f = flow(t, a);
	ck_assert_uint_eq(f.family, 6);
	ck_assert_uint_eq(f.proto, 17);
	ck_assert_uint_eq(f.sport, 5000);
	ck_assert_uint_eq(f.dport, 6000);
	kft_destroy(t);
}
END_TEST

START_TEST(key_non_ip_is_one_flow)
{
	struct kft *t = kft_create(1024, 100 * MS, 7);
	int a;

	a = get_new(t, nonip(0x0806), 0);	/* ARP */
	ck_assert_int_eq(get_old(t, nonip(0x88cc), 1), a);	/* LLDP */
	ck_assert_uint_eq(flow(t, a).family, 0);
	ck_assert_uint_eq(flow(t, a).proto, 0);
	/* ICMP has no ports: two "connections" are one flow */
	ck_assert_int_eq(get_new(t, v4(1, 1, 0, 0), 2),
			 get_old(t, v4(1, 1, 0, 0), 3));
	kft_destroy(t);
}
END_TEST

START_TEST(hash_seeded_per_instance)
{
	struct kft *t1 = kft_create(4096, MS, 1);
	struct kft *t2 = kft_create(4096, MS, 1);
	struct kft *t3 = kft_create(4096, MS, 2);
	int moved = 0;

	for (uint16_t port = 1000; port < 1064; port++) {
		struct qdk_skb *skb = v4(1, 17, port, 53);
		unsigned int b1 = kft_bucket(t1, skb);

		/* same seed, same placement: deterministic */
		ck_assert_uint_eq(b1, kft_bucket(t2, skb));
		moved += b1 != kft_bucket(t3, skb);
		qdk_skb_free(skb);
	}
	/* another seed places the flows elsewhere (512 buckets) */
	ck_assert_int_gt(moved, 32);
	kft_destroy(t1);
	kft_destroy(t2);
	kft_destroy(t3);
}
END_TEST

/* ---- counters and aging --------------------------------------------------- */

START_TEST(counters_and_queue)
{
	struct kft *t = kft_create(64, 100 * MS, 7);
	int a = get_new(t, v4(1, 17, 1, 2), 0);
	struct kft_flow f;

	kft_arrival(t, a, 200);
	kft_enqueued(t, a, 200);
	get_old(t, v4(1, 17, 1, 2), 5);
	kft_arrival(t, a, 200);
	kft_enqueued(t, a, 200);
	f = flow(t, a);
	ck_assert_uint_eq(f.bytes, 400);
	ck_assert_uint_eq(f.pkts, 2);
	ck_assert_uint_eq(f.qlen, 2);
	ck_assert_uint_eq(f.backlog, 400);
	ck_assert_uint_eq(f.last_seen, 5);
	ck_assert_uint_eq(stats(t).busy, 1);
	kft_dequeued(t, a, 200, 9);
	ck_assert_uint_eq(stats(t).busy, 1);
	kft_dequeued(t, a, 200, 11);
	f = flow(t, a);
	ck_assert_uint_eq(f.qlen, 0);
	ck_assert_uint_eq(f.backlog, 0);
	ck_assert_uint_eq(f.last_seen, 11);	/* a departure is activity */
	ck_assert_uint_eq(stats(t).busy, 0);
	kft_destroy(t);
}
END_TEST

START_TEST(aging_restarts_idle_flow)
{
	struct kft *t = kft_create(64, 100 * MS, 7);
	int a = get_new(t, v4(1, 17, 1, 2), 0);

	kft_arrival(t, a, 1000);
	kft_set_class(t, a, 3);
	/* exactly the timeout later: still the same flow */
	ck_assert_int_eq(get_old(t, v4(1, 17, 1, 2), 100 * MS), a);
	kft_arrival(t, a, 1000);
	ck_assert_uint_eq(flow(t, a).bytes, 2000);
	/* idle for longer than the timeout: starts over, same entry */
	ck_assert_int_eq(get_new(t, v4(1, 17, 1, 2), 200 * MS + 1), a);
	ck_assert_uint_eq(flow(t, a).bytes, 0);
	ck_assert_uint_eq(flow(t, a).pkts, 0);
	ck_assert_uint_eq(flow(t, a).cls, 0);
	ck_assert_uint_eq(kft_active(t, 3), 0);
	ck_assert_uint_eq(kft_active(t, 0), 1);
	ck_assert_uint_eq(stats(t).flows, 2);
	ck_assert_uint_eq(stats(t).nactive, 1);
	kft_destroy(t);
}
END_TEST

START_TEST(queued_flow_never_ages)
{
	struct kft *t = kft_create(64, 100 * MS, 7);
	int a = get_new(t, v4(1, 17, 1, 2), 0);

	kft_enqueued(t, a, 100);
	/* a packet sits in the queue for 10 s: the flow is not idle */
	ck_assert_uint_eq(kft_collect(t, 10000 * MS), 0);
	ck_assert_int_eq(get_old(t, v4(1, 17, 1, 2), 10000 * MS), a);
	kft_dequeued(t, a, 100, 10001 * MS);
	ck_assert_uint_eq(kft_collect(t, 10050 * MS), 0);
	ck_assert_uint_eq(kft_collect(t, 10200 * MS), 1);
	ck_assert_uint_eq(flow(t, a).state, 2);
	kft_destroy(t);
}
END_TEST

/* ---- the expiry collector and active counts per class --------------------- */

START_TEST(collector_counts_active_per_class)
{
	struct kft *t = kft_create(256, 50 * MS, 3);
	int idx[6];

	for (int i = 0; i < 6; i++) {
		idx[i] = get_new(t, v4(1, 17, 100 + i, 9), i * MS);
		kft_set_class(t, idx[i], i % 3);
	}
	ck_assert_uint_eq(kft_active(t, 0), 2);
	ck_assert_uint_eq(kft_active(t, 1), 2);
	ck_assert_uint_eq(kft_active(t, 2), 2);
	ck_assert_uint_eq(stats(t).nactive, 6);

	/* flows 3..5 stay busy: one keeps a packet, two keep sending */
	kft_enqueued(t, idx[3], 100);
	get_old(t, v4(1, 17, 104, 9), 40 * MS);
	get_old(t, v4(1, 17, 105, 9), 40 * MS);
	/* at 53 ms flows 0..2 (last seen 0..2 ms) have been idle > 50 ms */
	ck_assert_uint_eq(kft_collect(t, 53 * MS), 3);
	ck_assert_uint_eq(kft_active(t, 0), 1);	/* flow 3 */
	ck_assert_uint_eq(kft_active(t, 1), 1);	/* flow 4 */
	ck_assert_uint_eq(kft_active(t, 2), 1);	/* flow 5 */
	ck_assert_uint_eq(stats(t).nactive, 3);
	ck_assert_uint_eq(stats(t).collected, 3);
	/* collecting again finds nothing new */
	ck_assert_uint_eq(kft_collect(t, 54 * MS), 0);

	/* an expired flow that sends again is new (class 0) and counted */
	ck_assert_int_eq(get_new(t, v4(1, 17, 101, 9), 60 * MS), idx[1]);
	ck_assert_uint_eq(kft_active(t, 0), 2);
	ck_assert_uint_eq(stats(t).nactive, 4);

	/* moving a class keeps the sums */
	kft_set_class(t, idx[1], 7);
	ck_assert_uint_eq(kft_active(t, 0), 1);
	ck_assert_uint_eq(kft_active(t, 7), 1);
	ck_assert_uint_eq(stats(t).nactive, 4);
	kft_destroy(t);
}
END_TEST

START_TEST(lazy_and_collected_expiry_agree)
{
	/* the same arrivals with and without the collector: same answers */
	for (int run = 0; run < 2; run++) {
		struct kft *t = kft_create(64, 10 * MS, 5);
		int a = get_new(t, v4(1, 17, 1, 2), 0);

		kft_set_class(t, a, 2);
		if (run)
			ck_assert_uint_eq(kft_collect(t, 20 * MS), 1);
		ck_assert_int_eq(get_new(t, v4(1, 17, 1, 2), 30 * MS), a);
		ck_assert_uint_eq(kft_active(t, 2), 0);
		ck_assert_uint_eq(kft_active(t, 0), 1);
		ck_assert_uint_eq(stats(t).nactive, 1);
		ck_assert_uint_eq(stats(t).flows, 2);
		kft_destroy(t);
	}
}
END_TEST

/* ---- the replacement policy (one bucket: size 8) -------------------------- */

/* Fill the 8 ways of a size-8 table with flows 0..7 seen at 0..7 ms. */
static void fill8(struct kft *t, int idx[8])
{
	for (int i = 0; i < 8; i++)
		idx[i] = get_new(t, v4(1, 17, 1000 + i, 9), i * MS);
	ck_assert_uint_eq(stats(t).capacity, 8);
}

START_TEST(policy_evicts_least_recent_idle)
{
	struct kft *t = kft_create(8, 1000 * MS, 11);
	int idx[8], n;

	fill8(t, idx);
	/* flow 0 is the least recently seen; refresh it, then 1 is */
	get_old(t, v4(1, 17, 1000, 9), 10 * MS);
	n = get_new(t, v4(1, 17, 2000, 9), 11 * MS);
	ck_assert_int_eq(n, idx[1]);
	ck_assert_uint_eq(flow(t, n).sport, 2000);
	ck_assert_uint_eq(stats(t).evictions, 1);
	ck_assert_uint_eq(stats(t).nactive, 8);
	/* the evicted flow comes back as a new flow, evicting flow 2 */
	ck_assert_int_eq(get_new(t, v4(1, 17, 1001, 9), 12 * MS), idx[2]);
	ck_assert_uint_eq(stats(t).evictions, 2);
	kft_destroy(t);
}
END_TEST

START_TEST(policy_prefers_expired_to_eviction)
{
	struct kft *t = kft_create(8, 100 * MS, 11);
	int idx[8];

	fill8(t, idx);
	/* all but flow 5 keep sending; flow 5 times out */
	for (int i = 0; i < 8; i++)
		if (i != 5)
			get_old(t, v4(1, 17, 1000 + i, 9), 50 * MS);
	/* at 120 ms flow 5 (seen at 5 ms) is idle, the others (50 ms) not */
	ck_assert_int_eq(get_new(t, v4(1, 17, 3000, 9), 120 * MS), idx[5]);
	ck_assert_uint_eq(stats(t).evictions, 0);
	ck_assert_uint_eq(stats(t).nactive, 8);
	kft_destroy(t);
}
END_TEST

START_TEST(policy_never_takes_busy_then_overflow)
{
	struct kft *t = kft_create(8, 1000 * MS, 11);
	int idx[8], n, o;

	fill8(t, idx);
	for (int i = 0; i < 8; i++)
		if (i != 6)
			kft_enqueued(t, idx[i], 100);
	/* only flow 6 is idle, though the most recent but one */
	n = get_new(t, v4(1, 17, 4000, 9), 20 * MS);
	ck_assert_int_eq(n, idx[6]);
	kft_enqueued(t, n, 100);
	/* now every way has packets queued: the shared overflow entry */
	o = get_new(t, v4(1, 17, 5000, 9), 21 * MS);
	ck_assert_int_eq(o, kft_overflow_index(t));
	ck_assert_uint_eq(flow(t, o).family, 255);
	ck_assert_int_eq(get_old(t, v4(1, 17, 5001, 9), 22 * MS), o);
	ck_assert_uint_eq(stats(t).overflows, 2);
	ck_assert_uint_eq(stats(t).evictions, 1);
	/* every queued flow kept its state */
	for (int i = 0; i < 8; i++)
		ck_assert_uint_eq(flow(t, idx[i]).qlen, 1);
	/* room again once a flow drains */
	kft_dequeued(t, idx[0], 100, 23 * MS);
	ck_assert_int_eq(get_new(t, v4(1, 17, 5002, 9), 24 * MS), idx[0]);
	kft_destroy(t);
}
END_TEST

START_TEST(size_rounds_up_and_clamps)
{
	struct kft *t = kft_create(9, MS, 1);

	ck_assert_uint_eq(stats(t).capacity, 16);
	kft_destroy(t);
	t = kft_create(1, MS, 1);
	ck_assert_uint_eq(stats(t).capacity, 8);
	kft_destroy(t);
}
END_TEST

START_TEST(reset_forgets_flows)
{
	struct kft *t = kft_create(64, 100 * MS, 7);
	int a = get_new(t, v4(1, 17, 1, 2), 0);

	kft_enqueued(t, a, 100);
	kft_set_class(t, a, 1);
	kft_reset(t);
	ck_assert_uint_eq(stats(t).nactive, 0);
	ck_assert_uint_eq(stats(t).busy, 0);
	ck_assert_uint_eq(kft_active(t, 1), 0);
	ck_assert_uint_eq(flow(t, a).state, 0);
	ck_assert_int_eq(get_new(t, v4(1, 17, 1, 2), 1), a);
	/* lifetime statistics survive */
	ck_assert_uint_eq(stats(t).flows, 2);
	kft_destroy(t);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("flowtable");
	TCase *tc;

	tc = tcase_create("keys");
	tcase_add_test(tc, key_five_tuple_ipv4);
	tcase_add_test(tc, key_ipv6);
	tcase_add_test(tc, key_non_ip_is_one_flow);
	tcase_add_test(tc, hash_seeded_per_instance);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("aging");
	tcase_add_test(tc, counters_and_queue);
	tcase_add_test(tc, aging_restarts_idle_flow);
	tcase_add_test(tc, queued_flow_never_ages);
	tcase_add_test(tc, collector_counts_active_per_class);
	tcase_add_test(tc, lazy_and_collected_expiry_agree);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("policy");
	tcase_add_test(tc, policy_evicts_least_recent_idle);
	tcase_add_test(tc, policy_prefers_expired_to_eviction);
	tcase_add_test(tc, policy_never_takes_busy_then_overflow);
	tcase_add_test(tc, size_rounds_up_and_clamps);
	tcase_add_test(tc, reset_forgets_flows);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main(NULL, suite());
}
