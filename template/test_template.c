// SPDX-License-Identifier: GPL-2.0
/*
 * test_template.c - unit tests of the "template" qdisc through the shim.
 *
 * Every test drives the real qdisc code (sch_template.c compiled against
 * shim/) through shim/api/qdk_api.h and compares its decisions, statistics
 * and netlink answers with what the kernel contract says they must be.
 *
 *   build/user/tests/template/test_template          all tests, forked
 *   CK_FORK=no CK_RUN_CASE=change build/user-debug/... one case, under gdb
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "template.h"

#define KIND "template"
#define MODNAME "sch_template"

#define TCA_OPTIONS_TYPE 2

/*
 * ---- helpers ------------------------------------------------------------
 *
 * The shared ones (tests/lib/qdisc_test.h) build options byte by byte
 * (qt_tca_*) or from tc words (qt_create, qt_change), packets (qt_udp4),
 * dequeue (qt_deq), read statistics (qt_stats, qt_xstats) and the dump
 * (qt_dumped), and check every test frees what it allocated
 * (qt_mem_setup/qt_mem_teardown). These are this qdisc's own.
 */

static struct qt_tca tca_limit(uint32_t limit)
{
	struct qt_tca t;

	qt_tca_start(&t, true);
	qt_tca_u32(&t, TCA_TEMPLATE_LIMIT, limit);
	return t;
}

static struct qdk_qdisc *create_limit(uint32_t limit)
{
	struct qt_tca t = tca_limit(limit);

	return qt_create_tca(1000, &t);
}

/* Enqueue a UDP/IPv4 packet of len bytes with trace id id. */
static int enq(struct qdk_qdisc *q, uint64_t id, uint32_t len)
{
	return qdk_enqueue(q, qt_udp4(id, len, 5000, 0));
}

static struct tc_template_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_template_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}

/* The limit the qdisc dumps (and checks the dump's exact shape). */
static uint32_t dumped_limit(struct qdk_qdisc *q)
{
	uint8_t buf[64];
	uint32_t limit;
	int n = qdk_qdisc_dump(q, buf, sizeof(buf));

	ck_assert_int_eq(n, 12);
	ck_assert_uint_eq(buf[0] | buf[1] << 8, 12);
	ck_assert_uint_eq((buf[2] | buf[3] << 8) & 0x7fff, TCA_OPTIONS_TYPE);
	ck_assert_uint_eq(buf[4] | buf[5] << 8, 8);
	ck_assert_uint_eq(buf[6] | buf[7] << 8, TCA_TEMPLATE_LIMIT);
	memcpy(&limit, buf + 8, 4);
	return limit;
}

/* ---- limit and tail drop -------------------------------------------------- */

START_TEST(tail_drop_at_limit)
{
	struct qdk_qdisc *q = create_limit(2);
	const struct qdk_effect *eff;
	struct qdk_stats st;

	ck_assert_int_eq(enq(q, 1, 100), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(qdk_effects(&eff), 0);
	ck_assert_int_eq(enq(q, 2, 200), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 300), QDK_XMIT_DROP);
	/* the arriving packet is the one dropped, through to_free */
	ck_assert_uint_eq(qdk_effects(&eff), 1);
	ck_assert_int_eq(eff[0].kind, QDK_EFFECT_DROP);
	ck_assert_uint_eq(eff[0].id, 3);

	st = qt_stats(q);
	ck_assert_uint_eq(st.qlen, 2);
	ck_assert_uint_eq(st.backlog, 300);
	ck_assert_uint_eq(st.drops, 1);
	ck_assert_uint_eq(st.packets, 0);

	/* room again after one dequeue */
	ck_assert_uint_eq(qt_deq(q), 1);
	ck_assert_int_eq(enq(q, 4, 400), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 5, 500), QDK_XMIT_DROP);
	ck_assert_uint_eq(qt_stats(q).drops, 2);
	ck_assert_uint_eq(xstats(q).limit_drops, 2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(default_limit_is_txqueuelen)
{
	struct qdk_qdisc *q = qt_create_tca(3, NULL);

	ck_assert_uint_eq(dumped_limit(q), 3);
	for (uint64_t id = 1; id <= 3; id++)
		ck_assert_int_eq(enq(q, id, 100), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 4, 100), QDK_XMIT_DROP);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(default_limit_with_empty_options)
{
	struct qt_tca t;
	struct qdk_qdisc *q;

	qt_tca_start(&t, true);
	q = qt_create_tca(7, &t);
	ck_assert_uint_eq(dumped_limit(q), 7);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(default_limit_clamped_to_max)
{
	struct qdk_qdisc *q = qt_create_tca(TEMPLATE_LIMIT_MAX + 5, NULL);

	ck_assert_uint_eq(dumped_limit(q), TEMPLATE_LIMIT_MAX);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- FIFO order, peek ---------------------------------------------------- */

START_TEST(fifo_order)
{
	struct qdk_qdisc *q = create_limit(10);
	struct qdk_stats st;
	uint64_t bytes = 0;

	for (uint64_t id = 1; id <= 6; id++) {
		ck_assert_int_eq(enq(q, id, 60 + 100 * id), QDK_XMIT_SUCCESS);
		bytes += 60 + 100 * id;
	}
	ck_assert_uint_eq(qt_stats(q).backlog, bytes);
	for (uint64_t id = 1; id <= 6; id++)
		ck_assert_uint_eq(qt_deq(q), id);
	ck_assert_uint_eq(qt_deq(q), 0);

	st = qt_stats(q);
	ck_assert_uint_eq(st.qlen, 0);
	ck_assert_uint_eq(st.backlog, 0);
	ck_assert_uint_eq(st.packets, 6);
	ck_assert_uint_eq(st.bytes, bytes);
	ck_assert_uint_eq(st.drops, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(peek_does_not_dequeue)
{
	struct qdk_qdisc *q = create_limit(10);
	struct qdk_skb *skb;

	ck_assert_ptr_null(qdk_peek(q));
	enq(q, 7, 100);
	enq(q, 8, 200);
	skb = qdk_peek(q);
	ck_assert_ptr_nonnull(skb);
	ck_assert_uint_eq(qdk_skb_id(skb), 7);
	/* peeking twice returns the same packet, nothing moves */
	ck_assert_ptr_eq(qdk_peek(q), skb);
	ck_assert_uint_eq(qt_stats(q).qlen, 2);
	ck_assert_uint_eq(qt_stats(q).backlog, 300);
	ck_assert_uint_eq(qt_stats(q).packets, 0);
	ck_assert_uint_eq(qt_deq(q), 7);
	ck_assert_uint_eq(qdk_skb_id(qdk_peek(q)), 8);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- reset -------------------------------------------------------------- */

START_TEST(reset_empties_queue)
{
	struct qdk_qdisc *q = create_limit(3);
	struct qdk_stats st;

	enq(q, 1, 100);
	enq(q, 2, 100);
	enq(q, 3, 100);
	enq(q, 4, 100);		/* dropped: drops = 1 */
	qdk_qdisc_reset(q);

	st = qt_stats(q);
	ck_assert_uint_eq(st.qlen, 0);
	ck_assert_uint_eq(st.backlog, 0);
	/* a reset is not a drop; lifetime counters survive it */
	ck_assert_uint_eq(st.drops, 1);
	ck_assert_uint_eq(xstats(q).qlen_max, 3);
	ck_assert_ptr_null(qdk_peek(q));
	ck_assert_uint_eq(qt_deq(q), 0);

	/* and it works as before afterwards */
	ck_assert_int_eq(enq(q, 5, 100), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(qt_deq(q), 5);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- change ------------------------------------------------------------- */

START_TEST(change_raises_limit)
{
	struct qdk_qdisc *q = create_limit(2);
	struct qt_tca t = tca_limit(4);
	char msg[256] = "";

	enq(q, 1, 100);
	enq(q, 2, 100);
	ck_assert_int_eq(enq(q, 3, 100), QDK_XMIT_DROP);
	ck_assert_int_eq(qdk_qdisc_change(q, t.b, t.len, msg, sizeof(msg)), 0);
	ck_assert_uint_eq(dumped_limit(q), 4);
	ck_assert_int_eq(enq(q, 4, 100), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 5, 100), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 6, 100), QDK_XMIT_DROP);
	ck_assert_uint_eq(qt_stats(q).qlen, 4);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_below_qlen_drops_oldest)
{
	struct qdk_qdisc *q = create_limit(5);
	struct qt_tca t = tca_limit(2);
	struct tc_template_xstats xs;
	struct qdk_stats st;
	char msg[256] = "";

	for (uint64_t id = 1; id <= 5; id++)
		enq(q, id, 100 * id);
	ck_assert_int_eq(qdk_qdisc_change(q, t.b, t.len, msg, sizeof(msg)), 0);

	/* qlen <= limit holds at once: 1, 2, 3 (the oldest) are gone */
	st = qt_stats(q);
	ck_assert_uint_eq(st.qlen, 2);
	ck_assert_uint_eq(st.backlog, 400 + 500);
	ck_assert_uint_eq(st.drops, 3);
	xs = xstats(q);
	ck_assert_uint_eq(xs.change_drops, 3);
	ck_assert_uint_eq(xs.limit_drops, 0);
	ck_assert_uint_eq(xs.qlen_max, 5);
	ck_assert_uint_eq(xs.backlog_max, 1500);

	ck_assert_uint_eq(qt_deq(q), 4);
	ck_assert_uint_eq(qt_deq(q), 5);
	ck_assert_uint_eq(qt_deq(q), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_without_limit_keeps_it)
{
	struct qdk_qdisc *q = create_limit(9);
	struct qt_tca t;
	char msg[256] = "";

	qt_tca_start(&t, true);
	ck_assert_int_eq(qdk_qdisc_change(q, t.b, t.len, msg, sizeof(msg)), 0);
	ck_assert_uint_eq(dumped_limit(q), 9);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- option validation: exact errno and extack message ------------------ */

/* change() with t must fail with err and exactly msg, leaving limit 9. */
static void change_fails(const struct qt_tca *t, int err, const char *want)
{
	struct qdk_qdisc *q = create_limit(9);
	char msg[256] = "";

	ck_assert_int_eq(qdk_qdisc_change(q, t ? t->b : NULL, t ? t->len : 0,
					  msg, sizeof(msg)), err);
	ck_assert_str_eq(msg, want);
	ck_assert_uint_eq(dumped_limit(q), 9);
	qdk_qdisc_destroy(q);
}

START_TEST(change_null_options)
{
	change_fails(NULL, -EINVAL, MODNAME ": missing options");
}
END_TEST

START_TEST(limit_zero_out_of_range)
{
	struct qt_tca t = tca_limit(0);

	change_fails(&t, -ERANGE, "integer out of range");
}
END_TEST

START_TEST(limit_too_big_out_of_range)
{
	struct qt_tca t = tca_limit(TEMPLATE_LIMIT_MAX + 1);

	change_fails(&t, -ERANGE, "integer out of range");
}
END_TEST

START_TEST(limit_max_accepted)
{
	struct qdk_qdisc *q = create_limit(TEMPLATE_LIMIT_MAX);

	ck_assert_uint_eq(dumped_limit(q), TEMPLATE_LIMIT_MAX);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(limit_short_attribute)
{
	struct qt_tca t;
	uint16_t v = 5;

	qt_tca_start(&t, true);
	qt_tca_attr(&t, TCA_TEMPLATE_LIMIT, &v, sizeof(v));
	change_fails(&t, -EINVAL, "invalid attribute length");
}
END_TEST

START_TEST(limit_long_attribute)
{
	struct qt_tca t;
	uint64_t v = 5;

	qt_tca_start(&t, true);
	qt_tca_attr(&t, TCA_TEMPLATE_LIMIT, &v, sizeof(v));
	change_fails(&t, -EINVAL, "invalid attribute length");
}
END_TEST

START_TEST(unknown_attribute)
{
	struct qt_tca t;
	uint32_t v = 5;

	qt_tca_start(&t, true);
	qt_tca_attr(&t, TCA_TEMPLATE_MAX + 1, &v, sizeof(v));
	change_fails(&t, -EINVAL, "Unknown attribute type");
}
END_TEST

START_TEST(trailing_bytes)
{
	struct qt_tca t = tca_limit(5);
	static const uint8_t junk[3] = { 1, 2, 3 };

	qt_tca_raw(&t, junk, sizeof(junk));
	change_fails(&t, -EINVAL, "bytes leftover after parsing attributes");
}
END_TEST

START_TEST(init_rejects_bad_options)
{
	struct qdk_dev_cfg dev = { 0 };
	struct qt_tca t = tca_limit(0);
	char msg[256] = "";
	int err = 0;

	ck_assert_ptr_null(qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					    t.b, t.len, &err, msg, sizeof(msg)));
	ck_assert_int_eq(err, -ERANGE);
	ck_assert_str_eq(msg, "integer out of range");
}
END_TEST

START_TEST(init_accepts_nest_without_flag)
{
	struct qt_tca t;
	uint32_t v = 4;
	struct qdk_qdisc *q;

	/* older tc sends TCA_OPTIONS without NLA_F_NESTED */
	qt_tca_start(&t, false);
	qt_tca_attr(&t, TCA_TEMPLATE_LIMIT, &v, sizeof(v));
	q = qt_create_tca(1000, &t);
	ck_assert_uint_eq(dumped_limit(q), 4);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- dump round trip ----------------------------------------------------- */

START_TEST(dump_round_trip)
{
	struct qdk_qdisc *q = create_limit(77);
	uint8_t buf[64];

	/* the dump is what tc sends: a flagged nest holding the limit */
	ck_assert_int_eq(qdk_qdisc_dump(q, buf, sizeof(buf)), 12);
	ck_assert_uint_eq(buf[3] & 0x80, 0x80);

	/*
	 * feeding the dump to a new qdisc, and to change(), reproduces it byte
	 * for byte; a buffer too small is an error, not an overflow: room for
	 * the nest header but not the limit, then not even the header
	 */
	qt_check_dump_round_trip(q, 8);
	ck_assert_int_lt(qdk_qdisc_dump(q, buf, 2), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- statistics ----------------------------------------------------------- */

START_TEST(xstats_high_water)
{
	struct qdk_qdisc *q = create_limit(3);
	struct tc_template_xstats xs;

	xs = xstats(q);
	ck_assert_uint_eq(xs.limit_drops, 0);
	ck_assert_uint_eq(xs.qlen_max, 0);
	enq(q, 1, 1000);
	enq(q, 2, 100);
	qt_deq(q);
	enq(q, 3, 100);
	enq(q, 4, 1500);
	enq(q, 5, 100);		/* dropped */
	xs = xstats(q);
	ck_assert_uint_eq(xs.qlen_max, 3);
	ck_assert_uint_eq(xs.backlog_max, 1700);
	ck_assert_uint_eq(xs.limit_drops, 1);
	ck_assert_uint_eq(xs.change_drops, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- the tc-syntax parser (template_tc.c) -------------------------------- */

START_TEST(tc_parser_builds_what_dump_gives)
{
	struct qdk_qdisc *q = create_limit(33);
	struct tcopt_buf b;
	struct tcopt_err e;
	char kind[32];
	uint8_t dump[64];
	int n = qdk_qdisc_dump(q, dump, sizeof(dump));

	tcopt_buf_init(&b);
	ck_assert_int_eq(tcopt_build(KIND " limit 33", kind, sizeof(kind), &b, &e), 0);
	ck_assert_str_eq(kind, KIND);
	ck_assert_int_eq(b.len, n);
	ck_assert_mem_eq(b.data, dump, n);
	tcopt_buf_free(&b);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_parser_errors)
{
	qt_tc_rejects("limit lots", "Illegal \"limit\"");
	qt_tc_rejects("limit", "\"limit\" needs a value");
	qt_tc_rejects("colour blue", "What is \"colour\"?");
}
END_TEST

START_TEST(tc_printer)
{
	const struct tcopt_kind *k = tcopt_find(KIND);
	struct qdk_qdisc *q = create_limit(12);
	struct qt_text t;
	uint8_t buf[128];
	int n;

	qt_text_init(&t);
	ck_assert_ptr_nonnull(k);
	n = qdk_qdisc_dump(q, buf, sizeof(buf));
	k->print(buf + 4, n - 4, &t.o);
	ck_assert_str_eq(t.buf, "limit 12 ");

	enq(q, 1, 100);
	t.buf[0] = 0;
	n = qdk_qdisc_dump_xstats(q, buf, sizeof(buf));
	k->print_xstats(buf, n, &t.o);
	ck_assert_str_eq(t.buf, "limit_drops 0 change_drops 0 qlen_max 1 backlog_max 100 ");

	/* an older, shorter xstats struct: only the fields it holds */
	t.buf[0] = 0;
	k->print_xstats(buf, 8, &t.o);
	ck_assert_str_eq(t.buf, "limit_drops 0 change_drops 0 ");
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_printer_malformed)
{
	const struct tcopt_kind *k = tcopt_find(KIND);
	struct qt_text t;
	/* an attribute claiming 12 bytes in a 6-byte stream */
	static const uint8_t bad[6] = { 12, 0, TCA_TEMPLATE_LIMIT, 0, 1, 2 };
	/* a limit attribute too short to hold a u32 */
	static const uint8_t shortattr[8] = { 6, 0, TCA_TEMPLATE_LIMIT, 0, 1, 2, 0, 0 };

	qt_text_init(&t);
	k->print(bad, sizeof(bad), &t.o);
	ck_assert_str_eq(t.buf, "");
	k->print(shortattr, sizeof(shortattr), &t.o);
	ck_assert_str_eq(t.buf, "");
}
END_TEST

/* ---- runner ------------------------------------------------------------- */

static Suite *suite(void)
{
	Suite *s = suite_create(KIND);
	TCase *tc;

	tc = tcase_create("limit");
	tcase_add_test(tc, tail_drop_at_limit);
	tcase_add_test(tc, default_limit_is_txqueuelen);
	tcase_add_test(tc, default_limit_with_empty_options);
	tcase_add_test(tc, default_limit_clamped_to_max);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("order");
	tcase_add_test(tc, fifo_order);
	tcase_add_test(tc, peek_does_not_dequeue);
	tcase_add_test(tc, reset_empties_queue);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("change");
	tcase_add_test(tc, change_raises_limit);
	tcase_add_test(tc, change_below_qlen_drops_oldest);
	tcase_add_test(tc, change_without_limit_keeps_it);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_add_test(tc, change_null_options);
	tcase_add_test(tc, limit_zero_out_of_range);
	tcase_add_test(tc, limit_too_big_out_of_range);
	tcase_add_test(tc, limit_max_accepted);
	tcase_add_test(tc, limit_short_attribute);
	tcase_add_test(tc, limit_long_attribute);
	tcase_add_test(tc, unknown_attribute);
	tcase_add_test(tc, trailing_bytes);
	tcase_add_test(tc, init_rejects_bad_options);
	tcase_add_test(tc, init_accepts_nest_without_flag);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("dump");
	tcase_add_test(tc, dump_round_trip);
	tcase_add_test(tc, xstats_high_water);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("tc");
	tcase_add_test(tc, tc_parser_builds_what_dump_gives);
	tcase_add_test(tc, tc_parser_errors);
	tcase_add_test(tc, tc_printer);
	tcase_add_test(tc, tc_printer_malformed);
	tcase_add_checked_fixture(tc, qt_mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main(KIND, suite());
}
