// SPDX-License-Identifier: GPL-2.0
/*
 * test_blue.c - unit tests of the "blue" qdisc through the shim: the steps
 * of p_m on overflow and on an idle link, the freeze time between them, the
 * marking probability, ECN, the seed, options, dump and the tc syntax.
 *
 *   build/user/tests/blue/test_blue
 *   CK_FORK=no CK_RUN_CASE=pm build/user-debug/tests/blue/test_blue
 */
#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "qdisc_test.h"
#include "tcopt.h"
#include "blue.h"

#define KIND "blue"
#define MODNAME "sch_blue"
#define MS 1000000ULL

/* ---- helpers ------------------------------------------------------------ */

static int enq(struct qdk_qdisc *q, uint64_t id)
{
	return qdk_enqueue(q, qt_udp4(id, 1000, 5000, 0));
}

static struct tc_blue_xstats xstats(struct qdk_qdisc *q)
{
	struct tc_blue_xstats xs;

	qt_xstats(q, &xs, sizeof(xs));
	return xs;
}

/* The value of attribute type in q's dump (u32 or u8); -1 when absent. */
static int64_t dumped(struct qdk_qdisc *q, uint16_t type)
{
	uint8_t buf[256];
	int n = qdk_qdisc_dump(q, buf, sizeof(buf));

	ck_assert_int_gt(n, 4);
	for (int off = 4; off + 4 <= n;) {
		uint16_t alen = buf[off] | buf[off + 1] << 8;
		uint16_t t = buf[off + 2] | buf[off + 3] << 8;

		ck_assert_uint_ge(alen, 4);
		if (t == type) {
			uint32_t v = 0;

			memcpy(&v, buf + off + 4, alen - 4 < 4 ? alen - 4 : 4);
			return alen == 5 ? (v & 0xff) : v;
		}
		off += (alen + 3) & ~3;
	}
	return -1;
}

static uint64_t t0;

static void at(uint64_t ns)
{
	qdk_clock_advance(t0 + ns);
}

/* qt_mem_setup(), and the time origin of at() */
static void mem_setup(void)
{
	qt_mem_setup();
	t0 = qdk_now() + 1000 * MS;
}

/* d1 = 1/4, d2 = 1/8: steps that are easy to read in the xstats */
#define D1 0x40000000U
#define D2 0x20000000U
#define SPEC_STEPS "limit 2 d1 0.25 d2 0.125 freeze 10ms seed 1"

/* SPEC_STEPS, p_m raised to D1 by an overflow at 111 ms; two packets queued. */
static struct qdk_qdisc *raised_to_d1(void)
{
	struct qdk_qdisc *q = qt_create(SPEC_STEPS);

	at(100 * MS);
	enq(q, 1);
	enq(q, 2);
	at(111 * MS);
	enq(q, 3);
	ck_assert_uint_eq(xstats(q).prob, D1);
	return q;
}

/* ---- p_m: overflow raises it, an idle link lowers it -------------------- */

START_TEST(overflow_raises_pm_by_d1)
{
	struct qdk_qdisc *q = qt_create(SPEC_STEPS);
	struct tc_blue_xstats xs;

	/* The first arrival finds an idle link: a decrease (from 0 to 0)
	 * that starts the freeze time at 100 ms.
	 */
	at(100 * MS);
	ck_assert_int_eq(enq(q, 1), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2), QDK_XMIT_SUCCESS);
	xs = xstats(q);
	ck_assert_uint_eq(xs.prob, 0);
	ck_assert_uint_eq(xs.decrements, 1);

	/* overflow within the freeze time: dropped, p_m frozen */
	ck_assert_int_eq(enq(q, 3), QDK_XMIT_DROP);
	xs = xstats(q);
	ck_assert_uint_eq(xs.prob, 0);
	ck_assert_uint_eq(xs.overflow_drops, 1);
	ck_assert_uint_eq(xs.increments, 0);

	/* exactly freeze_time later: still frozen (now - last > freeze) */
	at(110 * MS);
	ck_assert_int_eq(enq(q, 4), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).prob, 0);

	/* 1 ns past it: p_m += d1 */
	at(110 * MS + 1);
	ck_assert_int_eq(enq(q, 5), QDK_XMIT_DROP);
	xs = xstats(q);
	ck_assert_uint_eq(xs.prob, D1);
	ck_assert_uint_eq(xs.increments, 1);

	/* more overflow in the next 10 ms changes nothing ... */
	at(115 * MS);
	ck_assert_int_eq(enq(q, 6), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).prob, D1);

	/* ... and after it, one more step */
	at(121 * MS);
	ck_assert_int_eq(enq(q, 7), QDK_XMIT_DROP);
	xs = xstats(q);
	ck_assert_uint_eq(xs.prob, 2 * D1);
	ck_assert_uint_eq(xs.increments, 2);
	ck_assert_uint_eq(xs.overflow_drops, 5);
	ck_assert_uint_eq(xs.early_drops, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(pm_saturates_at_one)
{
	struct qdk_qdisc *q = qt_create("limit 1 d1 0.75 d2 0 freeze 0 seed 3");

	at(1 * MS);
	enq(q, 1);
	for (uint64_t i = 0; i < 3; i++) {
		at((2 + i) * MS);
		/* with p_m > 0 the early test may drop it first; either way
		 * the queue stays full and the next one overflows
		 */
		enq(q, 10 + i);
	}
	ck_assert_uint_eq(xstats(q).prob, BLUE_PROB_ONE);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(empty_dequeue_lowers_pm_by_d2)
{
	struct qdk_qdisc *q = raised_to_d1();	/* p_m = 1/4 at 111 ms */
	struct tc_blue_xstats xs;

	/* the queue drains; the dequeue that finds it empty is the idle event */
	at(112 * MS);
	ck_assert_uint_ne(qt_deq(q), 0);
	ck_assert_uint_ne(qt_deq(q), 0);
	ck_assert_uint_eq(xstats(q).decrements, 1);	/* only the first arrival's */
	ck_assert_uint_eq(qt_deq(q), 0);			/* frozen until 121 ms */
	ck_assert_uint_eq(xstats(q).prob, D1);
	at(122 * MS);
	ck_assert_uint_eq(qt_deq(q), 0);
	xs = xstats(q);
	ck_assert_uint_eq(xs.prob, D1 - D2);
	ck_assert_uint_eq(xs.decrements, 2);
	at(125 * MS);
	ck_assert_uint_eq(qt_deq(q), 0);			/* frozen */
	at(133 * MS);
	ck_assert_uint_eq(qt_deq(q), 0);
	ck_assert_uint_eq(xstats(q).prob, 0);		/* 1/8 - 1/8 */
	at(144 * MS);
	ck_assert_uint_eq(qt_deq(q), 0);
	xs = xstats(q);
	ck_assert_uint_eq(xs.prob, 0);			/* not below zero */
	ck_assert_uint_eq(xs.decrements, 4);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(arrival_to_empty_queue_lowers_pm)
{
	/* a shaping parent (tbf) peeks and never dequeues an empty child:
	 * the arrival that finds the queue empty is the idle event then
	 */
	struct qdk_qdisc *q = raised_to_d1();

	qt_deq(q);
	qt_deq(q);
	ck_assert_ptr_null(qdk_peek(q));	/* a peek is no event */
	at(200 * MS);
	ck_assert_ptr_null(qdk_peek(q));
	ck_assert_uint_eq(xstats(q).prob, D1);
	enq(q, 4);	/* may be dropped early (p_m = 1/8): the event came first */
	ck_assert_uint_eq(xstats(q).prob, D1 - D2);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(freeze_zero_moves_on_every_event)
{
	struct qdk_qdisc *q = qt_create("limit 1 d1 0.125 d2 0 freeze 0 seed 5");
	uint32_t prev = 0;

	at(1 * MS);
	enq(q, 1);
	for (uint64_t i = 0; i < 4; i++) {
		at(2 * MS + i);	/* 1 ns apart: "now - last > 0" */
		enq(q, 10 + i);
		ck_assert_uint_eq(xstats(q).prob, prev + 0x20000000U);
		prev += 0x20000000U;
	}
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- the marking decision ----------------------------------------------- */

/* Raise p_m to p (one overflow with d1 = p, d2 = 0), then offer n packets
 * to a queue kept non-empty and below its limit; count early drops.
 */
static unsigned int early_drops_at(const char *spec, unsigned int n, uint8_t tos,
				   unsigned int *marks)
{
	struct qdk_qdisc *q = qt_create(spec);
	const struct qdk_effect *eff;
	struct tc_blue_xstats xs;
	unsigned int drops = 0, ce = 0;

	t0 = qdk_now() + 1000 * MS;	/* a fresh time origin per instance */
	at(1 * MS);
	for (uint64_t id = 1; id <= 3; id++)
		enq(q, id);
	at(2 * MS);
	enq(q, 4);			/* overflow of limit 3: p_m = d1 */
	qt_deq(q);
	for (uint64_t i = 0; i < n; i++) {
		struct qdk_skb *skb = qt_udp4(100 + i, 1000, 5000, tos);
		int ret = qdk_enqueue(q, skb);

		if (ret == QDK_XMIT_CN) {
			drops++;
			ck_assert_uint_eq(qdk_effects(&eff), 1);
			ck_assert_uint_eq(eff[0].id, 100 + i);
		} else {
			ck_assert_int_eq(ret, QDK_XMIT_SUCCESS);
			if (qdk_effects(&eff) == 1 && eff[0].kind == QDK_EFFECT_MARK)
				ce++;
			qt_deq(q);		/* keep 2 queued */
		}
	}
	xs = xstats(q);
	ck_assert_uint_eq(xs.early_drops, drops);
	ck_assert_uint_eq(xs.marks, ce);
	ck_assert_uint_eq(xs.overflow_drops, 1);
	if (marks)
		*marks = ce;
	qdk_qdisc_destroy(q);
	return drops;
}

START_TEST(marks_with_probability_pm)
{
	/* p_m = 0.3, 10000 arrivals: mean 3000, sigma ~46 */
	unsigned int d = early_drops_at("limit 3 d1 0.3 d2 0 freeze 0 seed 11", 10000, 0, NULL);

	ck_assert_msg(d > 2800 && d < 3200, "early drops %u", d);
	/* p_m = 0: never */
	ck_assert_uint_eq(early_drops_at("limit 3 d1 0.3 d2 0 freeze 0 seed 11", 0, 0, NULL), 0);
}
END_TEST

START_TEST(ecn_marks_instead_of_dropping)
{
	unsigned int marks = 0, d;

	/* ECT(0) packets with ecn: marked, none dropped early */
	d = early_drops_at("limit 3 d1 0.5 d2 0 freeze 0 ecn seed 2", 2000, 0x02, &marks);
	ck_assert_uint_eq(d, 0);
	ck_assert_msg(marks > 850 && marks < 1150, "marks %u", marks);
	/* Not-ECT packets with ecn: dropped */
	d = early_drops_at("limit 3 d1 0.5 d2 0 freeze 0 ecn seed 2", 2000, 0x00, &marks);
	ck_assert_uint_eq(marks, 0);
	ck_assert_msg(d > 850 && d < 1150, "drops %u", d);
	/* ECT packets without ecn: dropped */
	d = early_drops_at("limit 3 d1 0.5 d2 0 freeze 0 seed 2", 2000, 0x02, &marks);
	ck_assert_uint_eq(marks, 0);
	ck_assert_msg(d > 850 && d < 1150, "drops %u", d);
}
END_TEST

START_TEST(same_seed_same_decisions)
{
	unsigned int a = early_drops_at("limit 3 d1 0.5 d2 0 freeze 0 seed 77", 500, 0, NULL);
	unsigned int b = early_drops_at("limit 3 d1 0.5 d2 0 freeze 0 seed 77", 500, 0, NULL);
	unsigned int c = early_drops_at("limit 3 d1 0.5 d2 0 freeze 0 seed 78", 500, 0, NULL);

	ck_assert_uint_eq(a, b);
	/* another seed: another sequence (equal counts would be a fluke) */
	ck_assert_uint_ne(a, c);
}
END_TEST

START_TEST(seed_random_when_absent_and_dumped)
{
	struct qdk_qdisc *q = qt_create("limit 3");
	struct qdk_qdisc *q2 = qt_create("limit 3");

	ck_assert_int_ge(dumped(q, TCA_BLUE_SEED), 0);
	/* get_random_u32() per instance */
	ck_assert_int_ne(dumped(q, TCA_BLUE_SEED), dumped(q2, TCA_BLUE_SEED));
	qdk_qdisc_destroy(q2);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- reset, change ------------------------------------------------------- */

START_TEST(reset_clears_pm)
{
	struct qdk_qdisc *q = raised_to_d1();

	qdk_qdisc_reset(q);
	ck_assert_uint_eq(xstats(q).prob, 0);
	ck_assert_uint_eq(qt_deq(q), 0);
	/* the freeze time restarts too: an overflow right away counts */
	at(112 * MS);
	enq(q, 4);
	enq(q, 5);
	ck_assert_int_eq(enq(q, 6), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).prob, 0);	/* the arrival to empty came first */
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(change_lowers_limit_keeps_pm)
{
	struct qdk_qdisc *q = qt_create("limit 5 d1 0.25 d2 0 freeze 0 seed 1");
	struct qdk_stats st;
	char msg[128] = "";

	at(1 * MS);
	for (uint64_t id = 1; id <= 5; id++)
		ck_assert_int_eq(enq(q, id), QDK_XMIT_SUCCESS);
	at(2 * MS);
	ck_assert_int_eq(enq(q, 6), QDK_XMIT_DROP);
	ck_assert_uint_eq(xstats(q).prob, D1);

	ck_assert_int_eq(qt_change(q, "limit 2", msg, sizeof(msg)), 0);
	qdk_qdisc_stats(q, &st);
	ck_assert_uint_eq(st.qlen, 2);
	ck_assert_uint_eq(st.drops, 4);
	ck_assert_uint_eq(xstats(q).change_drops, 3);
	ck_assert_uint_eq(xstats(q).prob, D1);
	ck_assert_int_eq(dumped(q, TCA_BLUE_D1), D1);
	ck_assert_int_eq(dumped(q, TCA_BLUE_SEED), 1);
	ck_assert_uint_eq(qt_deq(q), 4);
	ck_assert_uint_eq(qt_deq(q), 5);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- options ------------------------------------------------------------- */

START_TEST(defaults)
{
	struct qdk_qdisc *q = qt_create_tca(77, NULL);

	ck_assert_int_eq(dumped(q, TCA_BLUE_LIMIT), 77);
	ck_assert_int_eq(dumped(q, TCA_BLUE_D1), BLUE_D1_DEFAULT);
	ck_assert_int_eq(dumped(q, TCA_BLUE_D2), BLUE_D2_DEFAULT);
	ck_assert_int_eq(dumped(q, TCA_BLUE_FREEZE), BLUE_FREEZE_DEFAULT);
	ck_assert_int_eq(dumped(q, TCA_BLUE_ECN), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(bad_options)
{
	qt_rejects("limit 0", -ERANGE, "integer out of range");
	qt_rejects("limit 2000000", -ERANGE, "integer out of range");
	qt_rejects("freeze 11s", -ERANGE, "integer out of range");
	qt_rejects("d1 0", -EINVAL, MODNAME ": d1 must be above zero");
}
END_TEST

START_TEST(bad_attributes)
{
	/* ecn = 2, and a u32 where a u8 belongs: raw attributes */
	static const uint8_t ecn2[] = { 12, 0, 2, 0x80, 5, 0, TCA_BLUE_ECN, 0, 2, 0, 0, 0 };
	static const uint8_t d2short[] = { 12, 0, 2, 0x80, 6, 0, TCA_BLUE_D2, 0, 1, 0, 0, 0 };
	static const uint8_t unknown[] = { 12, 0, 2, 0x80, 8, 0, TCA_BLUE_MAX + 1, 0, 1, 0, 0, 0 };
	struct qdk_dev_cfg dev = { 0 };
	char msg[128] = "";
	int err = 0;

	ck_assert_ptr_null(qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					    ecn2, sizeof(ecn2), &err, msg, sizeof(msg)));
	ck_assert_int_eq(err, -ERANGE);
	ck_assert_ptr_null(qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					    d2short, sizeof(d2short), &err, msg, sizeof(msg)));
	ck_assert_int_eq(err, -EINVAL);
	ck_assert_str_eq(msg, "invalid attribute length");
	ck_assert_ptr_null(qdk_qdisc_create(KIND, &dev, 0x80010000, 0xffffffff,
					    unknown, sizeof(unknown), &err, msg, sizeof(msg)));
	ck_assert_int_eq(err, -EINVAL);
	ck_assert_str_eq(msg, "Unknown attribute type");
}
END_TEST

START_TEST(change_null_options)
{
	struct qdk_qdisc *q = qt_create("limit 3");

	qt_check_change_without_options(q);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(dump_round_trip)
{
	struct qdk_qdisc *q = qt_create("limit 40 d1 0.1 d2 0.01 freeze 25ms ecn seed 99");

	qt_check_dump_round_trip(q, 12);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- tc syntax ------------------------------------------------------------ */

struct text_out {
	struct tcopt_out o;
	char buf[512];
};

static void t_cat(struct tcopt_out *o, const char *s)
{
	struct text_out *t = o->priv;
	size_t n = strlen(t->buf);

	snprintf(t->buf + n, sizeof(t->buf) - n, "%s", s);
}

static void t_uint(struct tcopt_out *o, const char *key, uint64_t v, enum tcopt_unit u)
{
	char b[64];

	snprintf(b, sizeof(b), "%s %llu%s ", key, (unsigned long long)v,
		 u == TCOPT_TIME_NS ? "ns" : "");
	t_cat(o, b);
}

static void t_str(struct tcopt_out *o, const char *key, const char *v)
{
	char b[64];

	snprintf(b, sizeof(b), "%s %s ", key, v);
	t_cat(o, b);
}

static void t_flag(struct tcopt_out *o, const char *key)
{
	char b[64];

	snprintf(b, sizeof(b), "%s ", key);
	t_cat(o, b);
}

START_TEST(tc_print)
{
	const struct tcopt_kind *k = tcopt_find(KIND);
	struct qdk_qdisc *q = qt_create("limit 40 d1 0.02 d2 0.002 freeze 25ms ecn seed 99");
	struct text_out t = { .o = { .uint = t_uint, .str = t_str, .flag = t_flag } };
	uint8_t buf[256];
	int n;

	t.o.priv = &t;
	ck_assert_ptr_nonnull(k);
	n = qdk_qdisc_dump(q, buf, sizeof(buf));
	k->print(buf + 4, n - 4, &t.o);
	ck_assert_str_eq(t.buf, "limit 40 d1 0.02 d2 0.002 freeze 25000000ns ecn seed 99 ");

	t.buf[0] = 0;
	n = qdk_qdisc_dump_xstats(q, buf, sizeof(buf));
	k->print_xstats(buf, n, &t.o);
	ck_assert_str_eq(t.buf, "prob 0 overflow_drops 0 early_drops 0 marks 0 "
			 "increments 0 decrements 0 change_drops 0 qlen_max 0 ");
	t.buf[0] = 0;
	k->print_xstats(buf, 8, &t.o);
	ck_assert_str_eq(t.buf, "prob 0 overflow_drops 0 ");
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(tc_parse_errors)
{
	static const char *const bad[][2] = {
		{ "d1 2", "Illegal \"d1\" (a probability, 0..1)" },
		{ "d2 x", "Illegal \"d2\" (a probability, 0..1)" },
		{ "freeze 1.5us", "Illegal \"freeze\"" },
		{ "freeze", "\"freeze\" needs a value" },
		{ "limit many", "Illegal \"limit\"" },
		{ "seed -1", "Illegal \"seed\"" },
		{ "colour blue", "What is \"colour\"?" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		qt_tc_rejects(bad[i][0], bad[i][1]);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create(KIND);
	TCase *tc;

	tc = tcase_create("pm");
	tcase_add_test(tc, overflow_raises_pm_by_d1);
	tcase_add_test(tc, pm_saturates_at_one);
	tcase_add_test(tc, empty_dequeue_lowers_pm_by_d2);
	tcase_add_test(tc, arrival_to_empty_queue_lowers_pm);
	tcase_add_test(tc, freeze_zero_moves_on_every_event);
	tcase_add_checked_fixture(tc, mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("marking");
	tcase_add_test(tc, marks_with_probability_pm);
	tcase_add_test(tc, ecn_marks_instead_of_dropping);
	tcase_add_test(tc, same_seed_same_decisions);
	tcase_add_test(tc, seed_random_when_absent_and_dumped);
	tcase_add_checked_fixture(tc, mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("control");
	tcase_add_test(tc, reset_clears_pm);
	tcase_add_test(tc, change_lowers_limit_keeps_pm);
	tcase_add_test(tc, defaults);
	tcase_add_test(tc, bad_options);
	tcase_add_test(tc, bad_attributes);
	tcase_add_test(tc, change_null_options);
	tcase_add_test(tc, dump_round_trip);
	tcase_add_checked_fixture(tc, mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);

	tc = tcase_create("tc");
	tcase_add_test(tc, tc_print);
	tcase_add_test(tc, tc_parse_errors);
	tcase_add_checked_fixture(tc, mem_setup, qt_mem_teardown);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return qt_main(KIND, suite());
}
