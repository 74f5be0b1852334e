// SPDX-License-Identifier: GPL-2.0
/*
 * test_nac.c - unit tests of the "nac" qdisc through the shim: stamping the
 * queue's free percentage into IP option 31 (the lowest value wins; the
 * IPv4 header checksum checked by an independent RFC 1071 computation), the
 * SYN admission rule, options, dump and the tc syntax. Packets with IPv4
 * options come from ktest_nac.c (kernel-style helpers in this binary).
 *
 *   build/user/tests/nac/test_nac
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "tcopt.h"
#include "nac.h"
#include "ktest_nac.h"

#define KIND "nac"
#define MODNAME "sch_nac"

/* ---- helpers ------------------------------------------------------------ */

static struct qdk_skb *mkpkt(uint64_t id, uint8_t l4, uint8_t flags, bool v6)
{
	struct qdk_pkt p = {
		.id = id, .pkt_len = 600, .len = 600,
		.ethertype = v6 ? 0x86dd : 0x0800,
		.family = v6 ? QDK_AF_INET6 : QDK_AF_INET, .l4proto = l4,
		.saddr = { 10, 0, 0, 1 }, .daddr = { 10, 0, 0, 2 },
		.sport = 40000, .dport = 80, .ttl = 64, .tcp_flags = flags,
	};
	char msg[128] = "";
	struct qdk_skb *skb;

	if (v6) {
		memcpy(p.saddr, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\1", 16);
		memcpy(p.daddr, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\2", 16);
	}
	skb = qdk_skb_build(&p, msg, sizeof(msg));
	ck_assert_msg(skb, "skb_build: %s", msg);
	return skb;
}

static struct qdk_skb *udp(uint64_t id)
{
	return mkpkt(id, 17, 0, false);
}

/* A UDP packet carrying IPv4 options opts[0..len). */
static struct qdk_skb *with_opts(uint64_t id, const uint8_t *opts, unsigned int len)
{
	struct qdk_skb *skb = udp(id);

	ck_assert_int_eq(ktest_nac_add_ipopts(skb, opts, len), 0);
	return skb;
}

/* The NAC option with forward metric fwd, reverse metric rev. */
static void nac_opt(uint8_t *o, uint32_t fwd, uint32_t rev)
{
	o[0] = NAC_IPOPT_TYPE;
	o[1] = NAC_IPOPT_LEN;
	for (int i = 0; i < 4; i++) {
		o[2 + i] = fwd >> (24 - 8 * i);
		o[6 + i] = rev >> (24 - 8 * i);
	}
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/*
 * RFC 1071, written out here independently of the kernel's helpers: the
 * one's complement sum of the header's 16-bit big-endian words, checksum
 * field included. A correct header sums to 0xffff.
 */
static uint16_t ones_sum(const uint8_t *h, int len)
{
	uint32_t s = 0;

	for (int i = 0; i + 1 < len; i += 2)
		s += (uint32_t)h[i] << 8 | h[i + 1];
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

/* Dequeue one packet, copy its IPv4 header into h (its length in *hlen). */
static uint64_t deq_hdr(struct qdk_qdisc *q, uint8_t *h, int *hlen)
{
	struct qdk_skb *skb = qdk_dequeue(q);
	uint64_t id;

	ck_assert_ptr_nonnull(skb);
	id = qdk_skb_id(skb);
	*hlen = ktest_nac_iphdr(skb, h, 60);
	ck_assert_int_gt(*hlen, 0);
	qdk_skb_free(skb);
	return id;
}

static void deq_n(struct qdk_qdisc *q, int n)
{
	while (n--) {
		struct qdk_skb *skb = qdk_dequeue(q);

		ck_assert_ptr_nonnull(skb);
		qdk_skb_free(skb);
	}
}

static struct tc_nac_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_nac_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}


/* ---- stamping ------------------------------------------------------------ */

START_TEST(stamps_free_percentage)
{
	struct qdk_qdisc *q = qt_create("limit 10 syn_free 0");
	uint8_t o[12] = { 0 }, h[60];
	int hlen;

	for (uint64_t id = 1; id <= 3; id++)
		ck_assert_int_eq(qdk_enqueue(q, udp(id)), QDK_XMIT_SUCCESS);
	nac_opt(o, 100, 0xaabbccdd);	/* + 2 bytes of EOL padding */
	ck_assert_int_eq(qdk_enqueue(q, with_opts(4, o, sizeof(o))), QDK_XMIT_SUCCESS);
	deq_n(q, 3);
	ck_assert_uint_eq(deq_hdr(q, h, &hlen), 4);
	ck_assert_int_eq(hlen, 32);
	ck_assert_uint_eq(h[20], NAC_IPOPT_TYPE);
	ck_assert_uint_eq(be32(h + 22), 70);		/* 3 of 10 queued */
	ck_assert_uint_eq(be32(h + 26), 0xaabbccdd);	/* reverse untouched */
	ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	ck_assert_uint_eq(xstats(q).stamped, 1);
	ck_assert_uint_eq(xstats(q).kept, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(free_percentage_per_queue_length)
{
	struct qdk_qdisc *q = qt_create("limit 4 syn_free 0");
	static const uint32_t want[4] = { 100, 75, 50, 25 };
	uint8_t o[12] = { 0 }, h[60];
	int hlen;

	nac_opt(o, 0xffffffff, 0);
	for (uint64_t id = 1; id <= 4; id++)
		ck_assert_int_eq(qdk_enqueue(q, with_opts(id, o, sizeof(o))),
				 QDK_XMIT_SUCCESS);
	/* the fifth finds 0% free and the queue full: tail drop */
	ck_assert_int_eq(qdk_enqueue(q, with_opts(5, o, sizeof(o))), QDK_XMIT_DROP);
	for (int i = 0; i < 4; i++) {
		ck_assert_uint_eq(deq_hdr(q, h, &hlen), i + 1);
		ck_assert_uint_eq(be32(h + 22), want[i]);
		ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	}
	ck_assert_uint_eq(xstats(q).free_min, 0);
	ck_assert_uint_eq(xstats(q).limit_drops, 1);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(lowest_value_wins)
{
	struct qdk_qdisc *q = qt_create("limit 10 syn_free 0");
	uint8_t o[12] = { 0 }, h[60], h2[60];
	int hlen, hlen2;

	/* an upstream router already wrote 50; we are 100% free: kept */
	nac_opt(o, 50, 7);
	qdk_enqueue(q, with_opts(1, o, sizeof(o)));
	/* then each arrival finds one more queued: 70, 60, 50, 40% free */
	for (uint64_t id = 2; id <= 3; id++)
		qdk_enqueue(q, udp(id));
	nac_opt(o, 81, 7);
	qdk_enqueue(q, with_opts(4, o, sizeof(o)));	/* 81 -> 70 */
	nac_opt(o, 70, 7);
	qdk_enqueue(q, with_opts(5, o, sizeof(o)));	/* 70 -> 60 */
	nac_opt(o, 59, 7);
	qdk_enqueue(q, with_opts(6, o, sizeof(o)));	/* 59 -> 50 */
	nac_opt(o, 40, 7);
	qdk_enqueue(q, with_opts(7, o, sizeof(o)));	/* 40 = 40: kept */

	ck_assert_uint_eq(deq_hdr(q, h, &hlen), 1);
	ck_assert_uint_eq(be32(h + 22), 50);
	ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	/* kept means untouched, byte for byte */
	{
		struct qdk_skb *ref;

		nac_opt(o, 50, 7);
		ref = with_opts(99, o, sizeof(o));
		hlen2 = ktest_nac_iphdr(ref, h2, sizeof(h2));
		qdk_skb_free(ref);
		ck_assert_int_eq(hlen, hlen2);
		ck_assert_mem_eq(h, h2, hlen);
	}
	deq_n(q, 2);
	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 22), 70);
	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 22), 60);
	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 22), 50);
	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 22), 40);
	ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	ck_assert_uint_eq(xstats(q).stamped, 3);
	ck_assert_uint_eq(xstats(q).kept, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(odd_offset_and_other_options)
{
	struct qdk_qdisc *q = qt_create("limit 2 syn_free 0");
	uint8_t o[16] = { 0 }, h[60];
	int hlen;

	/* NOP, then the NAC option: the forward metric at header offset 23 */
	o[0] = 1;
	nac_opt(o + 1, 1000, 1);
	qdk_enqueue(q, with_opts(1, o, 12));
	/* router alert (148, 4 bytes), then NAC, then NOP NOP */
	memset(o, 0, sizeof(o));
	o[0] = 148;
	o[1] = 4;
	nac_opt(o + 4, 1000, 1);
	o[14] = 1;
	o[15] = 1;
	qdk_enqueue(q, with_opts(2, o, 16));

	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 23), 100);
	ck_assert_uint_eq(be32(h + 27), 1);
	ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 26), 50);
	ck_assert_uint_eq(h[20], 148);
	ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	ck_assert_uint_eq(xstats(q).stamped, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(incremental_checksum_keeps_an_error)
{
	struct qdk_qdisc *q = qt_create("limit 4 syn_free 0");
	uint8_t o[12] = { 0 }, h[60], before[60];
	struct qdk_skb *skb;
	int hlen;

	nac_opt(o, 100, 0);
	skb = with_opts(1, o, sizeof(o));
	ktest_nac_iphdr(skb, before, sizeof(before));
	ktest_nac_poke(skb, 11, before[11] ^ 0x10);	/* corrupt the checksum */
	ktest_nac_iphdr(skb, before, sizeof(before));
	ck_assert_uint_ne(ones_sum(before, 32), 0xffff);
	qdk_enqueue(q, udp(2));
	qdk_enqueue(q, skb);
	deq_n(q, 1);
	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 22), 75);
	/* the same residual: the router neither repaired nor worsened it */
	ck_assert_uint_eq(ones_sum(h, hlen), ones_sum(before, hlen));
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(malformed_options_left_alone)
{
	struct qdk_qdisc *q = qt_create("limit 4 syn_free 0");
	uint8_t o[12] = { 0 }, h[60];
	int hlen;

	/* an option of length 1 before the NAC option */
	o[0] = 148;
	o[1] = 1;
	nac_opt(o + 2, 100, 0);
	qdk_enqueue(q, with_opts(1, o, sizeof(o)));
	/* a NAC option too short to hold the forward metric */
	memset(o, 0, sizeof(o));
	o[0] = NAC_IPOPT_TYPE;
	o[1] = 4;
	qdk_enqueue(q, with_opts(2, o, 4));
	/* a length running past the header */
	nac_opt(o, 100, 0);
	o[1] = 14;
	qdk_enqueue(q, with_opts(3, o, sizeof(o)));

	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 24), 100);
	ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	deq_n(q, 1);
	deq_hdr(q, h, &hlen);
	ck_assert_uint_eq(be32(h + 22), 100);
	ck_assert_uint_eq(xstats(q).bad_options, 3);
	ck_assert_uint_eq(xstats(q).stamped, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(cloned_header_not_written)
{
	struct qdk_qdisc *q = qt_create("limit 4 syn_free 0");
	uint8_t o[12] = { 0 }, h[60];
	struct qdk_skb *skb;
	int hlen;

	nac_opt(o, 100, 0);
	qdk_enqueue(q, udp(1));
	skb = with_opts(2, o, sizeof(o));
	ktest_nac_set_cloned(skb, 1);
	ck_assert_int_eq(qdk_enqueue(q, skb), QDK_XMIT_SUCCESS);
	deq_n(q, 1);
	skb = qdk_dequeue(q);
	ktest_nac_set_cloned(skb, 0);
	hlen = ktest_nac_iphdr(skb, h, sizeof(h));
	qdk_skb_free(skb);
	ck_assert_uint_eq(be32(h + 22), 100);
	ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	ck_assert_uint_eq(xstats(q).unwritable, 1);
	ck_assert_uint_eq(xstats(q).stamped, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(packets_without_the_option_untouched)
{
	struct qdk_qdisc *q = qt_create("limit 4 syn_free 0");
	uint8_t o[4] = { 1, 1, 1, 0 }, h[60];
	int hlen;

	qdk_enqueue(q, udp(1));
	qdk_enqueue(q, with_opts(2, o, sizeof(o)));
	qdk_enqueue(q, mkpkt(3, 17, 0, true));
	deq_hdr(q, h, &hlen);
	ck_assert_int_eq(hlen, 20);
	deq_hdr(q, h, &hlen);
	ck_assert_int_eq(hlen, 24);
	ck_assert_uint_eq(ones_sum(h, hlen), 0xffff);
	deq_n(q, 1);
	ck_assert_uint_eq(xstats(q).stamped + xstats(q).kept + xstats(q).bad_options +
			  xstats(q).unwritable, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- SYN admission ---------------------------------------------------------- */

START_TEST(syn_dropped_while_congested)
{
	struct qdk_qdisc *q = qt_create("limit 10 syn_free 30");
	const struct qdk_effect *eff;
	struct qdk_stats st;

	for (uint64_t id = 1; id <= 7; id++)
		qdk_enqueue(q, udp(id));
	/* 30% free is not below 30: the SYN is admitted */
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(8, 6, QDK_TCP_SYN, false)), QDK_XMIT_SUCCESS);
	/* 20% free: refused */
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(9, 6, QDK_TCP_SYN, false)), QDK_XMIT_DROP);
	ck_assert_uint_eq(qdk_effects(&eff), 1);
	ck_assert_uint_eq(eff[0].id, 9);
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(10, 6, QDK_TCP_SYN, true)), QDK_XMIT_DROP);
	/* established traffic and answers to admitted SYNs pass */
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(11, 6, QDK_TCP_ACK, false)), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(xstats(q).syn_drops, 2);
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(12, 6, QDK_TCP_SYN | QDK_TCP_ACK, false)),
			 QDK_XMIT_SUCCESS);
	/* full: everything is tail-dropped, SYNs counted as SYN drops */
	ck_assert_int_eq(qdk_enqueue(q, udp(13)), QDK_XMIT_DROP);
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(14, 6, QDK_TCP_SYN, false)), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).syn_drops, 3);
	ck_assert_uint_eq(xstats(q).limit_drops, 1);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.drops, 4);

	/* drained below the threshold: SYNs are welcome again */
	deq_n(q, 4);
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(15, 6, QDK_TCP_SYN, false)), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(16, 6, QDK_TCP_SYN, true)), QDK_XMIT_SUCCESS);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(syn_free_zero_never_drops)
{
	struct qdk_qdisc *q = qt_create("limit 3 syn_free 0");

	qdk_enqueue(q, udp(1));
	qdk_enqueue(q, udp(2));
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(3, 6, QDK_TCP_SYN, false)), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(qdk_enqueue(q, mkpkt(4, 6, QDK_TCP_SYN, false)), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).syn_drops, 0);
	ck_assert_uint_eq(xstats(q).limit_drops, 1);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- control -------------------------------------------------------------- */

START_TEST(defaults_and_round_trip)
{
	struct qdk_qdisc *q = qt_create_tca(55, NULL);
	uint8_t a[64];
	uint32_t v;
	int n;

	n = qdk_qdisc_dump(q, a, sizeof(a));
	ck_assert_int_eq(n, 20);
	memcpy(&v, a + 8, 4);
	ck_assert_uint_eq(v, 55);
	memcpy(&v, a + 16, 4);
	ck_assert_uint_eq(v, NAC_SYN_FREE_DEFAULT);
	qt_check_dump_round_trip(q, 12);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(bad_options)
{
	struct qdk_qdisc *q;

	qt_rejects("limit 0", -ERANGE, "integer out of range");
	qt_rejects("syn_free 101", -ERANGE, "integer out of range");
	q = qt_create("limit 3");
	qt_check_change_without_options(q);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_lowers_limit)
{
	struct qdk_qdisc *q = qt_create("limit 5");
	struct qdk_stats st;
	char msg[128] = "";
	struct qdk_skb *skb;

	for (uint64_t id = 1; id <= 5; id++)
		qdk_enqueue(q, udp(id));
	ck_assert_int_eq(qt_change(q, "limit 2", msg, sizeof(msg)), 0);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.qlen, 2);
	ck_assert_uint_eq(st.drops, 3);
	ck_assert_uint_eq(xstats(q).change_drops, 3);
	skb = qdk_dequeue(q);
	ck_assert_uint_eq(qdk_skb_id(skb), 4);
	qdk_skb_free(skb);
	qdk_qdisc_reset(q);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.qlen, 0);
	ck_assert_uint_eq(st.backlog, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_syntax)
{
	struct qdk_qdisc *q = qt_create("limit 40 syn_free 25");

	qt_check_print(q, "limit 40 syn_free 25 ");
	qdk_enqueue(q, udp(1));
	qt_check_print_xstats(q, 0, "stamped 0 kept 0 unwritable 0 bad_options 0 syn_drops 0 "
			      "limit_drops 0 change_drops 0 free_min 100 ");
	qdk_qdisc_destroy(q);

	qt_tc_rejects("syn_free x", "Illegal \"syn_free\"");
	qt_tc_rejects("limit", "\"limit\" needs a value");
	qt_tc_rejects("stamp", "What is \"stamp\"?");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create(KIND);
	TCase *tc;

	tc = tcase_create("stamp");
	tcase_add_test(tc, stamps_free_percentage);
	tcase_add_test(tc, free_percentage_per_queue_length);
	tcase_add_test(tc, lowest_value_wins);
	tcase_add_test(tc, odd_offset_and_other_options);
	tcase_add_test(tc, incremental_checksum_keeps_an_error);
	tcase_add_test(tc, malformed_options_left_alone);
	tcase_add_test(tc, cloned_header_not_written);
	tcase_add_test(tc, packets_without_the_option_untouched);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("syn");
	tcase_add_test(tc, syn_dropped_while_congested);
	tcase_add_test(tc, syn_free_zero_never_drops);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("control");
	tcase_add_test(tc, defaults_and_round_trip);
	tcase_add_test(tc, bad_options);
	tcase_add_test(tc, change_lowers_limit);
	tcase_add_test(tc, tc_syntax);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main(KIND, suite());
}
