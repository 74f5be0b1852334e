// SPDX-License-Identifier: GPL-2.0
/*
 * test_api.c - the bridge seen from user space: packets built as real
 * frames, effects of calls, stats, dumps, the clock and leak accounting.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "qdk_api.h"
#include "shim_tests.h"

static struct qdk_pkt udp4(uint64_t id, uint32_t len)
{
	struct qdk_pkt p;

	memset(&p, 0, sizeof(p));
	p.id = id;
	p.pkt_len = len;
	p.len = len;
	p.ethertype = 0x0800;
	p.family = QDK_AF_INET;
	p.l4proto = 17;
	p.saddr[0] = 10;
	p.saddr[3] = 1;
	p.daddr[0] = 10;
	p.daddr[3] = 2;
	p.sport = 5000;
	p.dport = 6000;
	p.ttl = 64;
	return p;
}

static void setup(void)
{
	ck_assert_int_eq(qdk_init(1), 0);
}

static void teardown(void)
{
	ck_assert_int_eq(qdk_exit(), 0);
}

START_TEST(create_unknown_kind)
{
	char msg[128];
	int err = 0;

	ck_assert_ptr_null(qdk_qdisc_create("nosuch", NULL, 0x80010000, 0xffffffff,
					    NULL, 0, &err, msg, sizeof(msg)));
	ck_assert_int_eq(err, -2);
	ck_assert_str_eq(msg, "Specified qdisc kind is unknown");
}
END_TEST

START_TEST(pfifo_drop_effect)
{
	uint8_t tca[8] = { 8, 0, 2, 0, 1, 0, 0, 0 };	/* limit 1 */
	const struct qdk_effect *e;
	struct qdk_qdisc *q;
	struct qdk_pkt p;
	struct qdk_skb *s;
	char msg[128];
	int err;

	q = qdk_qdisc_create("pfifo", NULL, 0x80010000, 0xffffffff, tca,
			     sizeof(tca), &err, msg, sizeof(msg));
	ck_assert_msg(q != NULL, "create: %d %s", err, msg);
	p = udp4(1, 100);
	ck_assert_int_eq(qdk_enqueue(q, qdk_skb_build(&p, msg, sizeof(msg))), 0);
	ck_assert_uint_eq(qdk_effects(&e), 0);
	p = udp4(2, 100);
	ck_assert_int_eq(qdk_enqueue(q, qdk_skb_build(&p, msg, sizeof(msg))), 1);
	ck_assert_uint_eq(qdk_effects(&e), 1);
	ck_assert_int_eq(e[0].kind, QDK_EFFECT_DROP);
	ck_assert_uint_eq(e[0].id, 2);
	s = qdk_dequeue(q);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(qdk_skb_id(s), 1);
	ck_assert_uint_eq(qdk_effects(&e), 0);
	qdk_skb_free(s);
	qdk_qdisc_destroy(q);
}
END_TEST

static struct qdk_qdisc *testq(void)
{
	char msg[128];
	int err = 1;
	struct qdk_qdisc *q = qdk_qdisc_create("qdk_testq", NULL, 0x80010000,
					       0xffffffff, NULL, 0, &err, msg,
					       sizeof(msg));

	ck_assert_msg(q != NULL, "create: %d %s", err, msg);
	ck_assert_int_eq(err, 0);
	return q;
}

static struct qdk_skb *build(const struct qdk_pkt *p)
{
	char msg[128];
	struct qdk_skb *s = qdk_skb_build(p, msg, sizeof(msg));

	ck_assert_msg(s != NULL, "build: %s", msg);
	return s;
}

static int has_effect(enum qdk_effect_kind kind, uint64_t id)
{
	const struct qdk_effect *e;
	size_t n = qdk_effects(&e), i;

	for (i = 0; i < n; i++)
		if (e[i].kind == kind && e[i].id == id)
			return 1;
	return 0;
}

START_TEST(ce_mark_at_enqueue)
{
	struct qdk_qdisc *q = testq();
	struct qdk_pkt p = udp4(7, 200);
	struct qdk_skb *s;

	p.tos = 0x02;	/* ECT(0) */
	p.mark = 1;
	s = build(&p);
	ck_assert_uint_eq(qdk_skb_ecn(s), 2);
	ck_assert_int_eq(qdk_enqueue(q, s), 0);
	ck_assert(has_effect(QDK_EFFECT_MARK, 7));
	s = qdk_dequeue(q);
	ck_assert_uint_eq(qdk_skb_ecn(s), 3);
	/* already CE when last seen: no second mark */
	ck_assert(!has_effect(QDK_EFFECT_MARK, 7));
	qdk_skb_free(s);

	/* not ECT: INET_ECN_set_ce does nothing */
	p.tos = 0;
	p.id = 8;
	ck_assert_int_eq(qdk_enqueue(q, build(&p)), 0);
	ck_assert(!has_effect(QDK_EFFECT_MARK, 8));
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(ce_mark_at_dequeue_ipv6)
{
	struct qdk_qdisc *q = testq();
	struct qdk_pkt p = udp4(9, 200);
	struct qdk_skb *s;

	p.family = QDK_AF_INET6;
	p.ethertype = 0x86dd;
	p.tos = 0x01;	/* ECT(1) */
	p.mark = 3;
	ck_assert_int_eq(qdk_enqueue(q, build(&p)), 0);
	ck_assert(!has_effect(QDK_EFFECT_MARK, 9));
	s = qdk_dequeue(q);
	ck_assert(has_effect(QDK_EFFECT_MARK, 9));
	ck_assert_uint_eq(qdk_skb_ecn(s), 3);
	qdk_skb_free(s);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(drops_inside_calls)
{
	struct qdk_qdisc *q = testq();
	struct qdk_pkt p = udp4(10, 100);
	struct qdk_skb *s;
	struct qdk_stats st;

	p.mark = 2;	/* stolen and freed inside enqueue */
	ck_assert_int_eq(qdk_enqueue(q, build(&p)), QDK_XMIT_STOLEN);
	ck_assert(has_effect(QDK_EFFECT_DROP, 10));
	p.id = 11;
	p.mark = 4;	/* dropped inside the next dequeue */
	ck_assert_int_eq(qdk_enqueue(q, build(&p)), 0);
	p.id = 12;
	p.mark = 0;
	ck_assert_int_eq(qdk_enqueue(q, build(&p)), 0);
	s = qdk_dequeue(q);
	ck_assert_uint_eq(qdk_skb_id(s), 12);
	ck_assert(has_effect(QDK_EFFECT_DROP, 11));
	ck_assert(!has_effect(QDK_EFFECT_DROP, 12));
	qdk_skb_free(s);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.drops, 1);
	/* qdisc_dequeue_head() counted the dropped one in bstats too */
	ck_assert_uint_eq(st.packets, 2);
	ck_assert_uint_eq(st.bytes, 200);
	ck_assert_uint_eq(st.qlen, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(reset_drops_are_effects)
{
	struct qdk_qdisc *q = testq();
	struct qdk_pkt p = udp4(20, 100);
	const struct qdk_effect *e;
	struct qdk_stats st;

	qdk_enqueue(q, build(&p));
	p.id = 21;
	qdk_enqueue(q, build(&p));
	qdk_qdisc_reset(q);
	ck_assert_uint_eq(qdk_effects(&e), 2);
	ck_assert(has_effect(QDK_EFFECT_DROP, 20));
	ck_assert(has_effect(QDK_EFFECT_DROP, 21));
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.qlen, 0);
	ck_assert_uint_eq(st.backlog, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(watchdog_and_clock)
{
	struct qdk_qdisc *q = testq();
	struct qdk_pkt p = udp4(30, 100);
	uint64_t when = 0;

	ck_assert(!qdk_qdisc_watchdog(q, &when));
	ck_assert_uint_eq(qdk_next_timer(), UINT64_MAX);
	qdk_clock_advance(5000);
	ck_assert_uint_eq(qdk_now(), 5000);
	qdk_enqueue(q, build(&p));
	ck_assert(qdk_qdisc_watchdog(q, &when));
	ck_assert_uint_eq(when, 6000);
	ck_assert_uint_eq(qdk_next_timer(), 6000);
	qdk_clock_advance(5999);
	ck_assert(qdk_qdisc_watchdog(q, &when));
	qdk_clock_advance(6000);
	ck_assert(!qdk_qdisc_watchdog(q, &when));
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(dump_and_xstats)
{
	struct qdk_qdisc *q = testq();
	struct qdk_pkt p = udp4(40, 100);
	uint8_t buf[64];
	uint32_t xs[2], v;
	int n;

	qdk_enqueue(q, build(&p));
	qdk_skb_free(qdk_dequeue(q));
	n = qdk_qdisc_dump(q, buf, sizeof(buf));
	ck_assert_int_eq(n, 12);
	ck_assert_uint_eq(buf[0] | buf[1] << 8, 12);
	ck_assert_uint_eq(buf[2] | buf[3] << 8, 2 | 0x8000);	/* TCA_OPTIONS, nested */
	memcpy(&v, buf + 8, 4);
	ck_assert_uint_eq(v, 1);
	ck_assert_int_eq(qdk_qdisc_dump(q, buf, 8), -90);	/* -EMSGSIZE */
	n = qdk_qdisc_dump_xstats(q, xs, sizeof(xs));
	ck_assert_int_eq(n, 8);
	ck_assert_uint_eq(xs[0], 1);
	ck_assert_uint_eq(xs[1], 1);
	ck_assert_int_eq(qdk_qdisc_dump_xstats(q, xs, 4), -90);
	qdk_qdisc_destroy(q);
}
END_TEST

/*
 * A kind with ->attach made by the API is put on its device as the kernel's
 * qdisc_graft() puts a root: mq's children go on the queues, a change of
 * 7.x's cake_mq reaches each queue's cake (not cake_mq's own private data,
 * as when the queues held the root), and the destroy frees every child.
 */
START_TEST(attach_at_the_root)
{
	static const char *const kinds[] = { "mq", "cake_mq" };
	struct qdk_dev_cfg dev = { .name = "mq0", .num_tx_queues = 4 };
	uint8_t tca[4] = { 4, 0, 2, 0 };	/* empty TCA_OPTIONS */
	struct qdk_leak leak;
	uint8_t buf[512];
	char msg[128];
	unsigned int i;
	uint64_t mark;
	int err;

	for (i = 0; i < 2; i++) {
		struct qdk_qdisc *q;

		if (!qdk_kind_known(kinds[i]))
			continue;	/* cake_mq: 7.x */
		mark = qdk_mem_mark();
		q = qdk_qdisc_create(kinds[i], &dev, 0x10000, 0xffffffff, NULL, 0, &err,
				     msg, sizeof(msg));
		ck_assert_msg(q, "%s: %s", kinds[i], msg);
		ck_assert_int_ge(qdk_qdisc_dump(q, buf, sizeof(buf)), 0);
		if (i == 1)
			ck_assert_int_eq(qdk_qdisc_change(q, tca, sizeof(tca), msg, sizeof(msg)), 0);
		qdk_qdisc_destroy(q);
		ck_assert_msg(qdk_mem_leaks(mark, &leak, 1) == 0, "%s leaks %zu bytes from %s",
			      kinds[i], leak.size, leak.func ? leak.func : "?");
	}
}
END_TEST

START_TEST(init_error_message)
{
	uint8_t tca[4] = { 4, 0, 2, 0 };	/* empty TCA_OPTIONS */
	char msg[128];
	int err = 0;

	ck_assert_ptr_null(qdk_qdisc_create("qdk_testq", NULL, 0x80010000,
					    0xffffffff, tca, sizeof(tca), &err,
					    msg, sizeof(msg)));
	ck_assert_int_eq(err, -22);
	ck_assert_str_eq(msg, "qdk_shim_test: empty options");
	/* a header claiming more bytes than given */
	tca[0] = 40;
	ck_assert_ptr_null(qdk_qdisc_create("qdk_testq", NULL, 0x80010000,
					    0xffffffff, tca, sizeof(tca), &err,
					    msg, sizeof(msg)));
	ck_assert_int_eq(err, -22);
}
END_TEST

/* the frame the qdisc sees: Ethernet, IPv4 with a valid checksum, TCP */
START_TEST(frames_are_real)
{
	struct qdk_pkt p = udp4(50, 1514);
	char msg[128];
	struct qdk_skb *s;

	p.l4proto = 6;
	p.tcp_flags = QDK_TCP_SYN | QDK_TCP_ACK;
	ck_assert_uint_eq(qdk_pkt_hdr_len(&p), 54);
	s = build(&p);
	ck_assert_uint_eq(qdk_skb_len(s), 1514);
	ck_assert_uint_eq(qdk_skb_pkt_len(s), 1514);
	ck_assert_uint_eq(qdk_skb_id(s), 50);
	ck_assert_int_eq(shim_test_frame_ok(s), 0);
	qdk_skb_free(s);

	p.family = QDK_AF_INET6;
	p.ethertype = 0x86dd;
	ck_assert_uint_eq(qdk_pkt_hdr_len(&p), 74);
	s = build(&p);
	ck_assert_int_eq(shim_test_frame_ok(s), 0);
	qdk_skb_free(s);

	/* checksums over other field values */
	p.family = QDK_AF_INET;
	p.ethertype = 0x0800;
	p.tos = 0xbb;
	p.ttl = 1;
	p.l4proto = 17;
	memcpy(p.saddr, "\xc0\xa8\xff\xfe", 4);
	memcpy(p.daddr, "\xff\x01\x02\x03", 4);
	for (p.len = 42; p.len < 1600; p.len += 97) {
		p.pkt_len = p.len;
		s = build(&p);
		ck_assert_int_eq(shim_test_frame_ok(s), 0);
		qdk_skb_free(s);
	}

	p.family = QDK_AF_INET6;
	p.ethertype = 0x86dd;
	p.l4proto = 6;
	p.len = 60;
	ck_assert_ptr_null(qdk_skb_build(&p, msg, sizeof(msg)));
	ck_assert_str_eq(msg, "len 60 is shorter than the 74 bytes of headers");
}
END_TEST

/*
 * A flow's template builds the frame qdk_skb_build() builds, for every
 * family and L4 protocol, the flow's other fields, and any length its
 * headers allow; a length they do not is refused alike.
 */
START_TEST(templates_build_the_same_frames)
{
	static const uint32_t lens[] = { 40, 114, 115, 300, 1514, 9014, 65535 + 14, 65535 + 15 };
	char msg[128], tmsg[128];
	unsigned int v, l;

	for (v = 0; v < 12; v++) {
		struct qdk_pkt p = udp4(0, 1000);
		struct qdk_skb_tmpl *t;

		if (v & 1) {
			p.family = QDK_AF_INET6;
			p.ethertype = 0x86dd;
			memcpy(p.saddr, "\x20\x01\x0d\xb8\0\0\0\0\0\0\0\0\0\0\0\x01", 16);
		}
		switch (v >> 1) {
		case 1:
			p.l4proto = 6;
			p.tcp_flags = QDK_TCP_SYN | QDK_TCP_ACK;
			break;
		case 2:
			p.l4proto = 6;
			p.thlen = 60;
			p.tcp_flags = QDK_TCP_ACK | QDK_TCP_PSH;
			p.gso_segs = 4;
			p.gso_size = 1448;
			break;
		case 3:
			p.l4proto = v & 1 ? 58 : 1;
			break;
		case 4:
			p.l4proto = 47;		/* GRE: no L4 header of the shim's */
			break;
		case 5:
			p.family = QDK_AF_NONE;
			p.ethertype = 0x88cc;
			break;
		}
		p.tos = (uint8_t)(0x2d + v);
		p.ttl = (uint8_t)(3 + v);
		p.priority = 0x10001 + v;
		p.mark = 7 * v;
		p.queue_mapping = (uint16_t)v;
		p.tc_index = (uint16_t)(v + 1);
		p.hash = v & 2 ? 0x12345678u + v : 0;
		p.truesize = v & 4 ? 2304 : 0;
		p.tstamp = v * 1000003ull;
		t = qdk_skb_tmpl_new(&p);
		ck_assert_ptr_nonnull(t);
		for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++) {
			struct qdk_skb *a, *b;

			p.id = 100 + l;
			p.len = p.pkt_len = lens[l];
			a = qdk_skb_build(&p, msg, sizeof(msg));
			b = qdk_skb_build_tmpl(t, p.id, p.len, tmsg, sizeof(tmsg));
			ck_assert_msg(!a == !b, "variant %u, len %u: one built, one not", v, p.len);
			if (!a) {
				ck_assert_str_eq(msg, tmsg);
				continue;
			}
			ck_assert_msg(shim_test_frames_same(a, b, qdk_pkt_hdr_len(&p)) == 0,
				      "variant %u, len %u: check %d", v, p.len,
				      shim_test_frames_same(a, b, qdk_pkt_hdr_len(&p)));
			ck_assert_int_eq(shim_test_frame_ok(b), shim_test_frame_ok(a));
			qdk_skb_free(a);
			qdk_skb_free(b);
		}
		qdk_skb_tmpl_free(t);
	}
}
END_TEST

/*
 * A TCP GSO frame (32-byte TCP header, 2 * 1448 + 100 payload bytes) splits
 * into three segments that take the made packets' ids in order (and the
 * truesize queued with the second); one whose
 * payload fits a segment is not split (NULL, as the kernel's TCP says).
 */
START_TEST(gso_frames_segment)
{
	static const unsigned long long ids[] = { 71, 72, 73 };
	struct qdk_pkt p = udp4(70, 14 + 20 + 32 + 2 * 1448 + 100);
	struct qdk_skb *s;
	unsigned int i;

	p.l4proto = 6;
	p.thlen = 32;
	p.tcp_flags = QDK_TCP_ACK | QDK_TCP_PSH | QDK_TCP_CWR;
	p.gso_segs = 3;
	p.gso_size = 1448;
	ck_assert_uint_eq(qdk_pkt_hdr_len(&p), 66);
	s = build(&p);
	for (i = 0; i < 3; i++)
		ck_assert_int_eq(qdk_made_queue(ids[i], 70, i == 1 ? 2728 : 0, 100 + i), 0);
	qdk_made_exact(99);
	ck_assert_int_eq(shim_test_gso_segments(s, 3, ids), 0);
	{
		uint32_t tag = 0;
		char msg[160];

		ck_assert_uint_eq(qdk_made_status(&tag, msg, sizeof(msg)), 0);
	}
	qdk_made_exact(0);
	qdk_skb_free(s);

	p.len = 66 + 1448;
	p.gso_segs = 1;
	s = build(&p);
	ck_assert_int_eq(shim_test_gso_segments(s, 1, ids), 20);
	qdk_skb_free(s);
}
END_TEST

START_TEST(leaks_are_reported)
{
	struct qdk_pkt p = udp4(60, 100);
	struct qdk_skb *s;
	long objs0, bytes0, objs, bytes;

	/* module_init()s may hold allocations (fq's flow cache) until exit */
	qdk_mem_usage(&objs0, &bytes0);
	s = build(&p);		/* not freed before exit */
	qdk_mem_usage(&objs, &bytes);
	ck_assert_int_eq(objs, objs0 + 1);
	ck_assert_int_gt(bytes, bytes0 + 100);
	ck_assert_int_eq(qdk_exit(), 1);
	/* free it late, so the fixture's teardown sees a clean exit */
	qdk_init(1);
	qdk_skb_free(s);
}
END_TEST

void shim_api_suites(SRunner *sr)
{
	Suite *s = suite_create("api");
	TCase *tc = tcase_create("basics");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, create_unknown_kind);
	tcase_add_test(tc, pfifo_drop_effect);
	tcase_add_test(tc, ce_mark_at_enqueue);
	tcase_add_test(tc, ce_mark_at_dequeue_ipv6);
	tcase_add_test(tc, drops_inside_calls);
	tcase_add_test(tc, reset_drops_are_effects);
	tcase_add_test(tc, watchdog_and_clock);
	tcase_add_test(tc, dump_and_xstats);
	tcase_add_test(tc, attach_at_the_root);
	tcase_add_test(tc, init_error_message);
	tcase_add_test(tc, frames_are_real);
	tcase_add_test(tc, templates_build_the_same_frames);
	tcase_add_test(tc, gso_frames_segment);
	tcase_add_test(tc, leaks_are_reported);
	suite_add_tcase(s, tc);
	srunner_add_suite(sr, s);
}
