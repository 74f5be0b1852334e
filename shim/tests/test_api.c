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

void shim_api_suites(SRunner *sr)
{
	Suite *s = suite_create("api");
	TCase *tc = tcase_create("basics");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, create_unknown_kind);
	tcase_add_test(tc, pfifo_drop_effect);
	suite_add_tcase(s, tc);
	srunner_add_suite(sr, s);
}
