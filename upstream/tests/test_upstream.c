// SPDX-License-Identifier: GPL-2.0
/*
 * test_upstream.c - the unmodified upstream T0 qdiscs (sch_fifo.c,
 * sch_plug.c, sch_skbprio.c) driven through qdk_api.h, checking the
 * decisions their kernel source implies. Options are the raw TCA_OPTIONS
 * structs tc sends (struct tc_fifo_qopt, tc_plug_qopt, tc_skbprio_qopt).
 * Prints Check's summary and, last, "N passed, M failed".
 */
#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>

#include "qdk_api.h"

/* ---- helpers ---------------------------------------------------------- */

struct tca {
	uint8_t b[64];
	size_t len;
};

/* TCA_OPTIONS carrying a struct, as tc builds it for these kinds */
static struct tca opt_struct(const void *data, size_t len)
{
	struct tca t;
	uint16_t alen = 4 + len, type = TCA_OPTIONS;

	memset(&t, 0, sizeof(t));
	memcpy(t.b, &alen, 2);
	memcpy(t.b + 2, &type, 2);
	memcpy(t.b + 4, data, len);
	t.len = (alen + 3) & ~3u;
	return t;
}

static struct tca fifo_opt(uint32_t limit)
{
	struct tc_fifo_qopt o = { .limit = limit };

	return opt_struct(&o, sizeof(o));
}

static struct tca plug_opt(int action, uint32_t limit)
{
	struct tc_plug_qopt o = { .action = action, .limit = limit };

	return opt_struct(&o, sizeof(o));
}

static struct tca skbprio_opt(uint32_t limit)
{
	struct tc_skbprio_qopt o = { .limit = limit };

	return opt_struct(&o, sizeof(o));
}

static struct qdk_qdisc *mk(const char *kind, const struct tca *t,
			    uint32_t txqlen, uint32_t mtu)
{
	struct qdk_dev_cfg dev = { .name = "eth0", .mtu = mtu,
				   .tx_queue_len = txqlen };
	char msg[256];
	int err = 0;
	struct qdk_qdisc *q;

	q = qdk_qdisc_create(kind, &dev, 0x80010000, 0xffffffff,
			     t ? t->b : NULL, t ? t->len : 0, &err, msg,
			     sizeof(msg));
	ck_assert_msg(q != NULL, "%s: %d %s", kind, err, msg);
	return q;
}

static struct qdk_pkt pkt(uint64_t id, uint32_t len, uint32_t prio)
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
	p.daddr[0] = 10;
	p.daddr[3] = 2;
	p.sport = 1000 + id;
	p.dport = 9;
	p.ttl = 64;
	p.priority = prio;
	return p;
}

/* enqueue packet id; returns the verdict */
static int enq(struct qdk_qdisc *q, uint64_t id, uint32_t len, uint32_t prio)
{
	struct qdk_pkt p = pkt(id, len, prio);	/* skb->len = pkt_len = len */
	char msg[128];
	struct qdk_skb *s = qdk_skb_build(&p, msg, sizeof(msg));

	ck_assert_msg(s != NULL, "%s", msg);
	return qdk_enqueue(q, s);
}

/* dequeue: the id, or 0 for none */
static uint64_t deq(struct qdk_qdisc *q)
{
	struct qdk_skb *s = qdk_dequeue(q);
	uint64_t id;

	if (!s)
		return 0;
	id = qdk_skb_id(s);
	qdk_skb_free(s);
	return id;
}

static int dropped(uint64_t id)
{
	const struct qdk_effect *e;
	size_t n = qdk_effects(&e), i;

	for (i = 0; i < n; i++)
		if (e[i].kind == QDK_EFFECT_DROP && e[i].id == id)
			return 1;
	return 0;
}

static size_t n_effects(void)
{
	const struct qdk_effect *e;

	return qdk_effects(&e);
}

static struct qdk_stats stats(struct qdk_qdisc *q)
{
	struct qdk_stats st;

	qdk_qdisc_stats(q, &st);
	return st;
}

/* the u32 limit of a dumped struct option */
static uint32_t dumped_limit(struct qdk_qdisc *q, size_t off)
{
	uint8_t buf[64];
	uint32_t v;
	int n = qdk_qdisc_dump(q, buf, sizeof(buf));

	ck_assert_int_ge(n, (int)(4 + off + 4));
	ck_assert_uint_eq(buf[2] | buf[3] << 8, TCA_OPTIONS);
	memcpy(&v, buf + 4 + off, 4);
	return v;
}

static void setup(void)
{
	ck_assert_int_eq(qdk_init(1), 0);
}

static void teardown(void)
{
	long leaked = qdk_exit();

	ck_assert_msg(leaked == 0, "%ld allocation(s) leaked", leaked);
}

/* ---- pfifo ---------------------------------------------------------------- */

START_TEST(pfifo_tail_drop_at_limit)
{
	struct tca t = fifo_opt(3);
	struct qdk_qdisc *q = mk("pfifo", &t, 0, 0);
	struct qdk_stats st;
	int i;

	for (i = 1; i <= 3; i++) {
		ck_assert_int_eq(enq(q, i, 100 * i, 0), QDK_XMIT_SUCCESS);
		ck_assert_uint_eq(n_effects(), 0);
	}
	ck_assert_int_eq(enq(q, 4, 60, 0), QDK_XMIT_DROP);
	ck_assert(dropped(4));
	st = stats(q);
	ck_assert_uint_eq(st.qlen, 3);
	ck_assert_uint_eq(st.backlog, 600);
	ck_assert_uint_eq(st.drops, 1);
	ck_assert_uint_eq(deq(q), 1);
	ck_assert_int_eq(enq(q, 5, 60, 0), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(deq(q), 2);
	ck_assert_uint_eq(deq(q), 3);
	ck_assert_uint_eq(deq(q), 5);
	ck_assert_uint_eq(deq(q), 0);
	st = stats(q);
	ck_assert_uint_eq(st.packets, 4);
	ck_assert_uint_eq(st.bytes, 660);
	ck_assert_uint_eq(st.backlog, 0);
	ck_assert_uint_eq(dumped_limit(q, 0), 3);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(pfifo_default_limit_is_txqueuelen)
{
	struct qdk_qdisc *q = mk("pfifo", NULL, 4, 0);
	int i;

	for (i = 1; i <= 4; i++)
		ck_assert_int_eq(enq(q, i, 60, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 5, 60, 0), QDK_XMIT_DROP);
	ck_assert_uint_eq(dumped_limit(q, 0), 4);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(pfifo_change_and_bad_options)
{
	struct tca t = fifo_opt(1), c = fifo_opt(2);
	struct qdk_qdisc *q = mk("pfifo", &t, 0, 0);
	uint8_t shorty[6] = { 6, 0, TCA_OPTIONS, 0, 1, 0 };
	struct qdk_dev_cfg dev = { 0 };
	char msg[128];
	int err = 0;

	ck_assert_int_eq(enq(q, 1, 60, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 60, 0), QDK_XMIT_DROP);
	ck_assert_int_eq(qdk_qdisc_change(q, c.b, c.len, msg, sizeof(msg)), 0);
	ck_assert_int_eq(enq(q, 3, 60, 0), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(dumped_limit(q, 0), 2);
	/* a TCA_OPTIONS shorter than struct tc_fifo_qopt */
	ck_assert_int_eq(qdk_qdisc_change(q, shorty, sizeof(shorty), msg,
					  sizeof(msg)), -EINVAL);
	ck_assert_ptr_null(qdk_qdisc_create("pfifo", &dev, 0x80010000, 0xffffffff,
					    shorty, sizeof(shorty), &err, msg,
					    sizeof(msg)));
	ck_assert_int_eq(err, -EINVAL);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- bfifo ---------------------------------------------------------------- */

START_TEST(bfifo_byte_limit)
{
	struct tca t = fifo_opt(2500);
	struct qdk_qdisc *q = mk("bfifo", &t, 0, 0);

	ck_assert_int_eq(enq(q, 1, 1000, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 1000, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 501, 0), QDK_XMIT_DROP);	/* 2501 > 2500 */
	ck_assert(dropped(3));
	ck_assert_int_eq(enq(q, 4, 500, 0), QDK_XMIT_SUCCESS);	/* exactly full */
	ck_assert_int_eq(enq(q, 5, 60, 0), QDK_XMIT_DROP);
	ck_assert_uint_eq(stats(q).backlog, 2500);
	ck_assert_uint_eq(stats(q).drops, 2);
	ck_assert_uint_eq(deq(q), 1);
	ck_assert_int_eq(enq(q, 6, 1000, 0), QDK_XMIT_SUCCESS);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(bfifo_default_limit_is_txqueuelen_times_mtu)
{
	/* tx_queue_len * psched_mtu = 2 * (1000 + 14) */
	struct qdk_qdisc *q = mk("bfifo", NULL, 2, 1000);

	ck_assert_uint_eq(dumped_limit(q, 0), 2028);
	ck_assert_int_eq(enq(q, 1, 1014, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 1015, 0), QDK_XMIT_DROP);
	ck_assert_int_eq(enq(q, 3, 1014, 0), QDK_XMIT_SUCCESS);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- pfifo_head_drop ------------------------------------------------------ */

START_TEST(head_drop_drops_oldest_with_cn)
{
	struct tca t = fifo_opt(2);
	struct qdk_qdisc *q = mk("pfifo_head_drop", &t, 0, 0);
	struct qdk_stats st;

	ck_assert_int_eq(enq(q, 1, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 200, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 300, 0), QDK_XMIT_CN);
	ck_assert(dropped(1));
	ck_assert(!dropped(3));
	ck_assert_uint_eq(n_effects(), 1);
	st = stats(q);
	ck_assert_uint_eq(st.qlen, 2);
	ck_assert_uint_eq(st.backlog, 500);
	ck_assert_uint_eq(st.drops, 1);
	ck_assert_uint_eq(deq(q), 2);
	ck_assert_uint_eq(deq(q), 3);
	ck_assert_uint_eq(deq(q), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(head_drop_limit_zero_drops_arrival)
{
	struct tca t = fifo_opt(0);
	struct qdk_qdisc *q = mk("pfifo_head_drop", &t, 0, 0);

	ck_assert_int_eq(enq(q, 1, 100, 0), QDK_XMIT_DROP);
	ck_assert(dropped(1));
	ck_assert_uint_eq(stats(q).qlen, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- plug --------------------------------------------------------------- */

static int plug_cmd(struct qdk_qdisc *q, int action, uint32_t limit)
{
	struct tca t = plug_opt(action, limit);
	char msg[128];

	return qdk_qdisc_change(q, t.b, t.len, msg, sizeof(msg));
}

START_TEST(plug_blocks_until_release_one)
{
	struct tca t = plug_opt(TCQ_PLUG_LIMIT, 10000);
	struct qdk_qdisc *q = mk("plug", &t, 0, 0);

	ck_assert_int_eq(enq(q, 1, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(deq(q), 0);		/* plugged from the start */
	ck_assert_ptr_null(qdk_peek(q));
	ck_assert_int_eq(plug_cmd(q, TCQ_PLUG_BUFFER, 0), 0);	/* epoch: 1, 2 */
	ck_assert_int_eq(enq(q, 3, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(deq(q), 0);
	ck_assert_int_eq(plug_cmd(q, TCQ_PLUG_RELEASE_ONE, 0), 0);
	ck_assert_uint_eq(qdk_skb_id(qdk_peek(q)), 1);
	ck_assert_uint_eq(stats(q).qlen, 3);	/* peeked stays counted */
	ck_assert_uint_eq(deq(q), 1);
	ck_assert_uint_eq(deq(q), 2);
	ck_assert_uint_eq(deq(q), 0);		/* 3 is in the next epoch */
	ck_assert_int_eq(plug_cmd(q, TCQ_PLUG_BUFFER, 0), 0);
	ck_assert_int_eq(plug_cmd(q, TCQ_PLUG_RELEASE_ONE, 0), 0);
	ck_assert_uint_eq(deq(q), 3);
	ck_assert_uint_eq(deq(q), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(plug_release_indefinite_passes_through)
{
	struct tca t = plug_opt(TCQ_PLUG_LIMIT, 10000);
	struct qdk_qdisc *q = mk("plug", &t, 0, 0);

	ck_assert_int_eq(enq(q, 1, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(plug_cmd(q, TCQ_PLUG_RELEASE_INDEFINITE, 0), 0);
	ck_assert_uint_eq(deq(q), 1);
	ck_assert_int_eq(enq(q, 2, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(deq(q), 2);
	/* plugging again blocks what arrives next */
	ck_assert_int_eq(plug_cmd(q, TCQ_PLUG_BUFFER, 0), 0);
	ck_assert_int_eq(enq(q, 3, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_uint_eq(deq(q), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(plug_byte_limit_and_bad_action)
{
	struct tca t = plug_opt(TCQ_PLUG_LIMIT, 250);
	struct qdk_qdisc *q = mk("plug", &t, 0, 0);

	ck_assert_int_eq(enq(q, 1, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 100, 0), QDK_XMIT_DROP);	/* 300 > 250 */
	ck_assert(dropped(3));
	ck_assert_int_eq(plug_cmd(q, TCQ_PLUG_LIMIT, 300), 0);
	ck_assert_int_eq(enq(q, 4, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(plug_cmd(q, 7, 0), -EINVAL);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(plug_default_limit)
{
	/* no options: tx_queue_len * psched_mtu bytes = 1 * 1014 */
	struct qdk_qdisc *q = mk("plug", NULL, 1, 1000);

	ck_assert_int_eq(enq(q, 1, 960, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 55, 0), QDK_XMIT_DROP);
	ck_assert_int_eq(enq(q, 3, 54, 0), QDK_XMIT_SUCCESS);
	qdk_qdisc_destroy(q);
}
END_TEST

/* ---- skbprio ------------------------------------------------------------ */

START_TEST(skbprio_highest_priority_first)
{
	struct qdk_qdisc *q = mk("skbprio", NULL, 0, 0);

	ck_assert_int_eq(enq(q, 1, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 100, 5), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 100, 63), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 4, 100, 5), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 5, 100, 1000), QDK_XMIT_SUCCESS);	/* capped to 63 */
	ck_assert_uint_eq(deq(q), 3);
	ck_assert_uint_eq(deq(q), 5);
	ck_assert_uint_eq(deq(q), 2);
	ck_assert_uint_eq(deq(q), 4);
	ck_assert_uint_eq(deq(q), 1);
	ck_assert_uint_eq(deq(q), 0);
	ck_assert_uint_eq(stats(q).packets, 5);
	ck_assert_uint_eq(stats(q).backlog, 0);
	ck_assert_uint_eq(dumped_limit(q, 0), 64);	/* the default */
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(skbprio_full_drops_lowest_priority)
{
	struct tca t = skbprio_opt(3);
	struct qdk_qdisc *q = mk("skbprio", &t, 0, 0);
	struct qdk_stats st;

	ck_assert_int_eq(enq(q, 1, 100, 2), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 100, 1), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 100, 1), QDK_XMIT_SUCCESS);
	/* full: a higher priority pushes out the tail of the lowest */
	ck_assert_int_eq(enq(q, 4, 200, 3), QDK_XMIT_CN);
	ck_assert(dropped(3));
	ck_assert(!dropped(4));
	/* an arrival no better than the lowest queued is itself dropped */
	ck_assert_int_eq(enq(q, 5, 100, 1), QDK_XMIT_DROP);
	ck_assert(dropped(5));
	ck_assert_int_eq(enq(q, 6, 100, 0), QDK_XMIT_DROP);
	st = stats(q);
	ck_assert_uint_eq(st.qlen, 3);
	ck_assert_uint_eq(st.backlog, 400);
	ck_assert_uint_eq(st.drops, 3);
	ck_assert_uint_eq(deq(q), 4);
	ck_assert_uint_eq(deq(q), 1);
	ck_assert_uint_eq(deq(q), 2);
	ck_assert_uint_eq(deq(q), 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(skbprio_change_needs_exact_size)
{
	struct tca t = skbprio_opt(10), c = skbprio_opt(1);
	struct qdk_qdisc *q = mk("skbprio", &t, 0, 0);
	uint8_t longer[12] = { 12, 0, TCA_OPTIONS, 0, 5, 0, 0, 0, 0, 0, 0, 0 };
	char msg[128];

	ck_assert_uint_eq(dumped_limit(q, 0), 10);
	ck_assert_int_eq(qdk_qdisc_change(q, longer, sizeof(longer), msg,
					  sizeof(msg)), -EINVAL);
	ck_assert_uint_eq(dumped_limit(q, 0), 10);
	ck_assert_int_eq(qdk_qdisc_change(q, c.b, c.len, msg, sizeof(msg)), 0);
	ck_assert_int_eq(enq(q, 1, 100, 1), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 100, 1), QDK_XMIT_DROP);
	qdk_qdisc_destroy(q);
}
END_TEST

/*
 * sch_teql's slave qdisc: a FIFO up to the device's tx_queue_len, whose
 * q.qlen is set at dequeue only (its queue and its master's: 0 here, the
 * master teql0 carrying no traffic), as tc -s shows it in the kernel.
 */
START_TEST(teql_fifo_up_to_txqueuelen_counted_at_dequeue)
{
	struct qdk_qdisc *q = mk("teql0", NULL, 3, 1500);

	ck_assert_int_eq(enq(q, 1, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 2, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 3, 100, 0), QDK_XMIT_SUCCESS);
	ck_assert_int_eq(enq(q, 4, 100, 0), QDK_XMIT_DROP);
	ck_assert(dropped(4));
	ck_assert_uint_eq(stats(q).drops, 1);
	ck_assert_uint_eq(stats(q).qlen, 0);		/* not counted yet */
	ck_assert_uint_eq(deq(q), 1);
	ck_assert_uint_eq(stats(q).qlen, 2);
	ck_assert_uint_eq(stats(q).packets, 1);
	ck_assert_uint_eq(deq(q), 2);
	ck_assert_uint_eq(deq(q), 3);
	ck_assert_uint_eq(deq(q), 0);
	ck_assert_uint_eq(stats(q).qlen, 0);
	qdk_qdisc_destroy(q);
}
END_TEST

START_TEST(teql_only_at_the_root)
{
	struct qdk_dev_cfg dev = { .name = "eth0", .mtu = 1500, .tx_queue_len = 10 };
	char msg[256] = "";
	int err = 0;

	ck_assert_ptr_null(qdk_qdisc_create("teql0", &dev, 0x80010000, 0x00010001, NULL, 0,
					    &err, msg, sizeof(msg)));
	ck_assert_int_eq(err, -EOPNOTSUPP);
	ck_assert_msg(strstr(msg, "teql can only be used as root"), "%s", msg);
}
END_TEST

START_TEST(kinds_registered)
{
	static const char *want[] = {
		"pfifo", "bfifo", "pfifo_head_drop", "plug", "skbprio",
		"codel", "pie", "red", "gred", "choke", "fq_codel", "fq_pie",
		"sfq", "sfb", "hhf", "fq", "tbf", "prio", "multiq", "drr", "htb",
		"netem", "cake", "mq", "mqprio", "teql0",
	};
	size_t i;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		ck_assert_msg(qdk_kind_known(want[i]), "%s", want[i]);
}
END_TEST

static void add(Suite *s, const char *name, const TTest *tests[], size_t n)
{
	TCase *tc = tcase_create(name);
	size_t i;

	tcase_add_checked_fixture(tc, setup, teardown);
	for (i = 0; i < n; i++)
		_tcase_add_test(tc, tests[i], 0, 0, 0, 1);
	suite_add_tcase(s, tc);
}

#define ADD(s, name, ...) do {						\
	const TTest *t[] = { __VA_ARGS__ };				\
	add(s, name, t, sizeof(t) / sizeof(t[0]));			\
} while (0)

int main(void)
{
	Suite *s = suite_create("upstream");
	SRunner *sr;
	int total, failed;

	ADD(s, "registry", kinds_registered);
	ADD(s, "pfifo", pfifo_tail_drop_at_limit, pfifo_default_limit_is_txqueuelen,
	    pfifo_change_and_bad_options);
	ADD(s, "bfifo", bfifo_byte_limit, bfifo_default_limit_is_txqueuelen_times_mtu);
	ADD(s, "pfifo_head_drop", head_drop_drops_oldest_with_cn,
	    head_drop_limit_zero_drops_arrival);
	ADD(s, "plug", plug_blocks_until_release_one,
	    plug_release_indefinite_passes_through, plug_byte_limit_and_bad_action,
	    plug_default_limit);
	ADD(s, "skbprio", skbprio_highest_priority_first,
	    skbprio_full_drops_lowest_priority, skbprio_change_needs_exact_size);
	ADD(s, "teql", teql_fifo_up_to_txqueuelen_counted_at_dequeue, teql_only_at_the_root);

	sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	total = srunner_ntests_run(sr);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	printf("%d passed, %d failed\n", total - failed, failed);
	return failed ? 1 : 0;
}
