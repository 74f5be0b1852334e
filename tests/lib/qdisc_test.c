// SPDX-License-Identifier: GPL-2.0
/*
 * qdisc_test.c - the helpers of qdisc_test.h: what every qdisc's unit test
 * wrote again before (option buffers, create/change, packets, dequeue,
 * statistics, dump, printer text, the leak fixture, main()).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "qdisc_test.h"
#include "pkt.h"

#define QT_NLA_F_NESTED		0x8000
#define QT_NLA_TYPE_MASK	0x3fff
#define QT_TCA_OPTIONS		2
#define QT_HANDLE		0x80010000
#define QT_PARENT		0xffffffff	/* TC_H_ROOT */
#define QT_TXQLEN		1000

const char *qt_kind;

/* ---- TCA_OPTIONS ---------------------------------------------------------- */

static void put16(uint8_t *p, uint16_t v)
{
	memcpy(p, &v, 2);
}

void qt_tca_start(struct qt_tca *t, bool nested)
{
	t->len = 4;
	put16(t->b + 2, QT_TCA_OPTIONS | (nested ? QT_NLA_F_NESTED : 0));
	put16(t->b, 4);
}

void qt_tca_attr(struct qt_tca *t, uint16_t type, const void *payload, size_t plen)
{
	size_t alen = 4 + plen;
	size_t padded = (alen + 3) & ~(size_t)3;

	ck_assert_uint_le(t->len + padded, sizeof(t->b));
	put16(t->b + t->len, (uint16_t)alen);
	put16(t->b + t->len + 2, type);
	memcpy(t->b + t->len + 4, payload, plen);
	memset(t->b + t->len + alen, 0, padded - alen);
	t->len += padded;
	put16(t->b, (uint16_t)t->len);
}

void qt_tca_u32(struct qt_tca *t, uint16_t type, uint32_t v)
{
	qt_tca_attr(t, type, &v, sizeof(v));
}

void qt_tca_raw(struct qt_tca *t, const void *data, size_t len)
{
	ck_assert_uint_le(t->len + len, sizeof(t->b));
	memcpy(t->b + t->len, data, len);
	t->len += len;
	put16(t->b, (uint16_t)t->len);
}

/* ---- create and change ------------------------------------------------------ */

struct qdk_qdisc *qt_create_tca(uint32_t txqlen, const struct qt_tca *t)
{
	struct qdk_dev_cfg dev = { .tx_queue_len = txqlen };
	char msg[256] = "";
	int err = 0;
	struct qdk_qdisc *q;

	q = qdk_qdisc_create(qt_kind, &dev, QT_HANDLE, QT_PARENT,
			     t ? t->b : NULL, t ? t->len : 0, &err, msg, sizeof(msg));
	ck_assert_msg(q, "create failed: %d %s", err, msg);
	return q;
}

void qt_build(const char *opts, struct tcopt_buf *b)
{
	char spec[512], kind[32];
	struct tcopt_err e;

	snprintf(spec, sizeof(spec), "%s %s", qt_kind, opts);
	tcopt_buf_init(b);
	ck_assert_msg(tcopt_build(spec, kind, sizeof(kind), b, &e) == 0,
		      "tc parse of '%s': %s", spec, e.msg);
}

void qt_tc_rejects(const char *opts, const char *want)
{
	char spec[512], kind[32];
	struct tcopt_buf b;
	struct tcopt_err e;

	snprintf(spec, sizeof(spec), "%s %s", qt_kind, opts);
	tcopt_buf_init(&b);
	ck_assert_msg(tcopt_build(spec, kind, sizeof(kind), &b, &e) == -1,
		      "tc parse of '%s' succeeded", spec);
	tcopt_buf_free(&b);
	ck_assert_str_eq(e.msg, want);
}

struct qdk_qdisc *qt_create_try(const char *opts, int *err, char *msg, size_t msglen)
{
	struct qdk_dev_cfg dev = { .tx_queue_len = QT_TXQLEN };
	struct tcopt_buf b;
	struct qdk_qdisc *q;

	qt_build(opts, &b);
	q = qdk_qdisc_create(qt_kind, &dev, QT_HANDLE, QT_PARENT, b.data, b.len,
			     err, msg, msglen);
	tcopt_buf_free(&b);
	return q;
}

struct qdk_qdisc *qt_create(const char *opts)
{
	char msg[256] = "";
	int err = 0;
	struct qdk_qdisc *q = qt_create_try(opts, &err, msg, sizeof(msg));

	ck_assert_msg(q, "create '%s' failed: %d %s", opts, err, msg);
	return q;
}

/* "-EINVAL" for -22: the name of a negative errno (or the number). */
static const char *errno_text(int err, char *buf, size_t len)
{
	const char *name = err < 0 ? strerrorname_np(-err) : NULL;

	if (name)
		snprintf(buf, len, "-%s", name);
	else
		snprintf(buf, len, "%d", err);
	return buf;
}

/*
 * The helpers take errors as the kernel returns them: a negative errno
 * (-EINVAL). A positive one (EINVAL) is a mistake in the test, said so
 * instead of a puzzling "22 != -22".
 */
static void check_err_sign(const char *helper, int err)
{
	const char *name = err > 0 ? strerrorname_np(err) : NULL;

	if (name)
		ck_assert_msg(err < 0, "%s: err is %d (%s, positive): pass -%s, a negative errno "
			      "as the kernel returns it", helper, err, name, name);
	ck_assert_msg(err < 0, "%s: err is %d: pass a negative errno (e.g. -EINVAL), as the "
		      "kernel returns it", helper, err);
}

void qt_create_fails(const char *opts, int err, const char *want)
{
	char msg[256] = "", a[32], b[32];
	struct qdk_qdisc *q;
	int e = 0;

	check_err_sign("qt_create_fails", err);
	q = qt_create_try(opts, &e, msg, sizeof(msg));
	if (q)
		qdk_qdisc_destroy(q);
	ck_assert_msg(!q, "create '%s' succeeded; want %s \"%s\"", opts,
		      errno_text(err, a, sizeof(a)), want);
	ck_assert_msg(e == err, "create '%s' failed with %s, want %s (extack \"%s\")", opts,
		      errno_text(e, a, sizeof(a)), errno_text(err, b, sizeof(b)), msg);
	ck_assert_str_eq(msg, want);
}

int qt_change(struct qdk_qdisc *q, const char *opts, char *msg, size_t msglen)
{
	struct tcopt_buf b;
	int ret;

	qt_build(opts, &b);
	msg[0] = 0;
	ret = qdk_qdisc_change(q, b.data, b.len, msg, msglen);
	tcopt_buf_free(&b);
	return ret;
}

void qt_change_fails(struct qdk_qdisc *q, const char *opts, int err, const char *want)
{
	uint8_t before[1024], after[1024];
	char msg[256], a[32], b[32];
	int n = qdk_qdisc_dump(q, before, sizeof(before)), ret;

	check_err_sign("qt_change_fails", err);
	ck_assert_int_gt(n, 0);
	ret = qt_change(q, opts, msg, sizeof(msg));
	ck_assert_msg(ret == err, "change '%s' returned %s, want %s (extack \"%s\")", opts,
		      errno_text(ret, a, sizeof(a)), errno_text(err, b, sizeof(b)), msg);
	ck_assert_str_eq(msg, want);
	ck_assert_int_eq(qdk_qdisc_dump(q, after, sizeof(after)), n);
	ck_assert_mem_eq(after, before, (size_t)n);
}

void qt_rejects(const char *opts, int err, const char *want)
{
	struct qdk_qdisc *q;

	qt_create_fails(opts, err, want);
	q = qt_create("");
	qt_change_fails(q, opts, err, want);
	qdk_qdisc_destroy(q);
}

void qt_change_fixed(struct qdk_qdisc *q, const char *opts)
{
	char want[128];
	int len = (int)strcspn(opts, " ");

	snprintf(want, sizeof(want), "%.*s cannot be changed: delete and add the qdisc",
		 len, opts);
	qt_change_fails(q, opts, -EINVAL, want);
}

/* ---- packets ------------------------------------------------------------------ */

struct qdk_skb *qt_skb(const struct qdk_pkt *p)
{
	char msg[128] = "";
	struct qdk_skb *skb = qdk_skb_build(p, msg, sizeof(msg));

	ck_assert_msg(skb, "skb_build: %s", msg);
	return skb;
}

struct qdk_skb *qt_udp4(uint64_t id, uint32_t len, uint16_t sport, uint8_t tos)
{
	struct qdk_pkt p = qt_udp4_pkt(id, len, sport, tos);

	return qt_skb(&p);
}

static uint64_t next_id = 1;

uint64_t qt_next_id(void)
{
	return next_id++;
}

struct qdk_skb *qt_flow_udp4(unsigned int f, uint32_t len, uint8_t tos)
{
	return qt_udp4(qt_next_id(), len, (uint16_t)(1000 + f), tos);
}

int qt_enq_flow_id(struct qdk_qdisc *q, unsigned int f, uint32_t len, uint64_t *id)
{
	struct qdk_skb *skb = qt_flow_udp4(f, len, 0);

	*id = qdk_skb_id(skb);
	return qdk_enqueue(q, skb);
}

int qt_enq_flow(struct qdk_qdisc *q, unsigned int f, uint32_t len)
{
	return qdk_enqueue(q, qt_flow_udp4(f, len, 0));
}

uint64_t qt_deq(struct qdk_qdisc *q)
{
	struct qdk_skb *skb = qdk_dequeue(q);
	uint64_t id;

	if (!skb)
		return 0;
	id = qdk_skb_id(skb);
	qdk_skb_free(skb);
	return id;
}

int qt_deq_len(struct qdk_qdisc *q, uint64_t *id, unsigned int *ecn)
{
	struct qdk_skb *skb = qdk_dequeue(q);
	int len;

	if (!skb)
		return -1;
	if (id)
		*id = qdk_skb_id(skb);
	if (ecn)
		*ecn = qdk_skb_ecn(skb);
	len = (int)qdk_skb_pkt_len(skb);
	qdk_skb_free(skb);
	return len;
}

void qt_fill(struct qdk_qdisc *q, uint64_t first, int n, int *ret)
{
	for (int i = 0; i < n; i++)
		ret[i] = qdk_enqueue(q, qt_udp4(first + i, 1000, 5000, 0));
}

/* ---- contract checks ------------------------------------------------------------ */

/* The verdicts of n arrivals at a new qdisc from opts + " seed SEED". */
static void seeded_run(const char *opts, unsigned int seed, int n, int *ret,
		       uint16_t seed_attr)
{
	char spec[512];
	struct qdk_qdisc *q;

	snprintf(spec, sizeof(spec), "%s seed %u", opts, seed);
	q = qt_create(spec);
	qt_fill(q, 1, n, ret);
	ck_assert_uint_eq(qt_dumped_u32(q, seed_attr), seed);
	qdk_qdisc_destroy(q);
}

void qt_check_seed_determinism(const char *opts, uint16_t seed_attr, int n)
{
	int *a = calloc(n, sizeof(*a)), *b = calloc(n, sizeof(*b));
	int *c = calloc(n, sizeof(*c));

	ck_assert(a && b && c);
	seeded_run(opts, 42, n, a, seed_attr);
	seeded_run(opts, 42, n, b, seed_attr);
	seeded_run(opts, 43, n, c, seed_attr);
	ck_assert_mem_eq(a, b, n * sizeof(*a));
	ck_assert_int_ne(memcmp(a, c, n * sizeof(*a)), 0);
	free(a);
	free(b);
	free(c);
}

void qt_check_dump_round_trip(struct qdk_qdisc *q, size_t too_small)
{
	struct qdk_dev_cfg dev = { 0 };
	uint8_t d1[1024], d2[1024];
	char msg[256] = "";
	struct qdk_qdisc *q2;
	int n, err = 0;

	n = qdk_qdisc_dump(q, d1, sizeof(d1));
	ck_assert_int_gt(n, 0);
	q2 = qdk_qdisc_create(qt_kind, &dev, QT_HANDLE, QT_PARENT, d1, n,
			      &err, msg, sizeof(msg));
	ck_assert_msg(q2, "create from the dump: %d %s", err, msg);
	ck_assert_int_eq(qdk_qdisc_dump(q2, d2, sizeof(d2)), n);
	ck_assert_mem_eq(d1, d2, n);
	ck_assert_int_eq(qdk_qdisc_change(q2, d1, n, msg, sizeof(msg)), 0);
	ck_assert_int_eq(qdk_qdisc_dump(q2, d2, sizeof(d2)), n);
	ck_assert_mem_eq(d1, d2, n);
	ck_assert_int_lt(qdk_qdisc_dump(q2, d2, too_small), 0);
	qdk_qdisc_destroy(q2);
}

/*
 * ---- the contract whatever the algorithm -----------------------------------
 *
 * A model of what the qdisc holds, kept from its own answers: an arrival is
 * in it until a drop effect names it or it is dequeued. The checks compare
 * the qdisc's counters with the model after every call (and the shim checks
 * them against the packets it holds, qdk/accounting.h). The virtual clock
 * moves QT_STEP_NS between calls, as a link of about 10 Mbit/s spaces them,
 * so a qdisc's time-based drops, watchdog and timers run in the contract;
 * a dequeue that gives nothing while packets wait moves the clock to the
 * qdisc's next timer, as the watchdog would wake the device.
 */
#define QT_MODEL_MAX 512
#define QT_STEP_NS 1000000ull
/* the longest a contract waits for a watchdog: 10 s of virtual time */
#define QT_WAIT_MAX_NS 10000000000ull

struct qt_model {
	uint64_t id[QT_MODEL_MAX];
	uint32_t len[QT_MODEL_MAX];
	int n;
	uint64_t drops, sent, sent_bytes;
	struct qdk_stats st0;	/* the counters when the model started */
};

static void model_start(struct qt_model *m, struct qdk_qdisc *q)
{
	memset(m, 0, sizeof(*m));
	m->st0 = qt_stats(q);
	/* what the qdisc already holds is outside the model: start empty */
	ck_assert_uint_eq(m->st0.qlen, 0);
}

/* Remove id from the model; its length (it must be there). */
static uint32_t model_take(struct qt_model *m, uint64_t id, const char *what)
{
	for (int i = 0; i < m->n; i++) {
		if (m->id[i] == id) {
			uint32_t len = m->len[i];

			memmove(&m->id[i], &m->id[i + 1], (m->n - i - 1) * sizeof(m->id[0]));
			memmove(&m->len[i], &m->len[i + 1], (m->n - i - 1) * sizeof(m->len[0]));
			m->n--;
			return len;
		}
	}
	ck_abort_msg("%s packet %llu, which the qdisc does not hold", what,
		     (unsigned long long)id);
	return 0;
}

/* Apply the drop effects of the last call. */
static void model_effects(struct qt_model *m)
{
	const struct qdk_effect *eff;
	size_t ne = qdk_effects(&eff);

	for (size_t i = 0; i < ne; i++) {
		if (eff[i].kind != QDK_EFFECT_DROP)
			continue;
		model_take(m, eff[i].id, "dropped");
		m->drops++;
	}
}

/* The qdisc's counters are the model's. */
static void model_check(struct qt_model *m, struct qdk_qdisc *q, const char *after)
{
	struct qdk_stats st = qt_stats(q);
	uint64_t backlog = 0;

	for (int i = 0; i < m->n; i++)
		backlog += m->len[i];
	ck_assert_msg(st.qlen == (uint64_t)m->n, "after %s: q.qlen is %llu, but the qdisc holds "
		      "%d packets (those it took, less those it dropped or handed out): q.qlen "
		      "counts every packet it holds (docs/qdisc-ops.md, 4. Statistics accounting)",
		      after, (unsigned long long)st.qlen, m->n);
	ck_assert_msg(st.backlog == backlog, "after %s: qstats.backlog is %llu, but the packets "
		      "the qdisc holds are %llu bytes: backlog moves with q.qlen, by "
		      "qdisc_pkt_len() (docs/qdisc-ops.md, 4. Statistics accounting)",
		      after, (unsigned long long)st.backlog, (unsigned long long)backlog);
	ck_assert_msg(st.drops == m->st0.drops + m->drops, "after %s: qstats.drops grew by %llu, "
		      "but the qdisc dropped %llu packets: each drop counts once (qdisc_drop(), "
		      "or qdisc_qstats_drop() beside kfree_skb()) (docs/qdisc-ops.md, 4. Statistics "
		      "accounting)", after, (unsigned long long)(st.drops - m->st0.drops),
		      (unsigned long long)m->drops);
	ck_assert_msg(st.packets == m->st0.packets + m->sent &&
		      st.bytes == m->st0.bytes + m->sent_bytes, "after %s: bstats counts %llu "
		      "packets (%llu bytes) sent, but dequeue handed out %llu (%llu bytes): each "
		      "packet dequeue returns is counted once (qdisc_bstats_update()) "
		      "(docs/qdisc-ops.md, 4. Statistics accounting)", after,
		      (unsigned long long)(st.packets - m->st0.packets),
		      (unsigned long long)(st.bytes - m->st0.bytes),
		      (unsigned long long)m->sent, (unsigned long long)m->sent_bytes);
}

/*
 * After a peek the counters are the model's, or those of a qdisc whose peek
 * is qdisc_peek_dequeued() (docs/qdisc-ops.md, peek): it has dequeued the
 * head already, counted it as sent and parked it (qlen and backlog count it
 * again), and its next dequeue hands out the parked packet without counting
 * it twice. The kernel's callers accept both.
 */
static void model_check_peek(struct qt_model *m, struct qdk_qdisc *q, struct qdk_skb *peeked)
{
	struct qdk_stats st = qt_stats(q);
	uint32_t len = qdk_skb_pkt_len(peeked);

	if (st.packets == m->st0.packets + m->sent + 1 &&
	    st.bytes == m->st0.bytes + m->sent_bytes + len) {
		m->sent++;
		m->sent_bytes += len;
		model_check(m, q, "a peek that dequeued the packet (qdisc_peek_dequeued())");
		m->sent--;
		m->sent_bytes -= len;
		return;
	}
	model_check(m, q, "a peek");
}

/* n arrivals of 60..1499 bytes; a verdict of drop means the arrival is gone. */
static void model_fill(struct qt_model *m, struct qdk_qdisc *q, int n)
{
	for (int i = 0; i < n; i++) {
		uint32_t len = 60 + (uint32_t)(i * 379) % 1440;
		struct qdk_skb *skb = qt_udp4(qt_next_id(), len, (uint16_t)(5000 + i % 4), 0);
		uint64_t id = qdk_skb_id(skb);
		int ret;

		ck_assert_int_lt(m->n, QT_MODEL_MAX);
		m->id[m->n] = id;
		m->len[m->n] = len;
		m->n++;
		ret = qdk_enqueue(q, skb) & QDK_XMIT_MASK;
		model_effects(m);
		qdk_clock_advance(qdk_now() + QT_STEP_NS);
		if (ret == QDK_XMIT_DROP)
			for (int j = 0; j < m->n; j++)
				ck_assert_msg(m->id[j] != id,
					      "verdict drop, but arrival %llu was not freed",
					      (unsigned long long)id);
		model_check(m, q, "an enqueue");
	}
}

/* Dequeue until the qdisc is empty: every packet it holds, once. */
static void model_drain(struct qt_model *m, struct qdk_qdisc *q)
{
	int guard = QT_MODEL_MAX + 1, waits = 0;

	while (m->n > 0 && guard-- > 0) {
		struct qdk_skb *skb = qdk_dequeue(q);
		uint64_t next;

		model_effects(m);
		if (!skb && m->n > 0) {
			/* held back: the watchdog (or another timer) says when to try again */
			next = qdk_next_timer();
			ck_assert_msg(next != UINT64_MAX && next <= qdk_now() + QT_WAIT_MAX_NS,
				      "dequeue gave nothing while the qdisc holds %d packets, and no "
				      "timer is armed to try again within 10 s: a qdisc that holds "
				      "packets back arms its watchdog (qdisc_watchdog_schedule_ns()), "
				      "else they wait forever (docs/qdisc-ops.md, 2. The operations: "
				      "dequeue)", m->n);
			ck_assert_msg(++waits <= 100000, "the qdisc holds %d packets and its timers "
				      "fire 100000 times without letting one go", m->n);
			qdk_clock_advance(next > qdk_now() ? next : qdk_now() + 1);
			guard++;
			continue;
		}
		if (!skb)
			break;
		ck_assert_uint_eq(model_take(m, qdk_skb_id(skb), "dequeued"), qdk_skb_pkt_len(skb));
		m->sent++;
		m->sent_bytes += qdk_skb_pkt_len(skb);
		qdk_skb_free(skb);
		model_check(m, q, "a dequeue");
		qdk_clock_advance(qdk_now() + QT_STEP_NS);
	}
	ck_assert_uint_eq(qt_deq(q), 0);
	model_effects(m);
	model_check(m, q, "the last dequeue");
}

void qt_check_accounting(struct qdk_qdisc *q, int n)
{
	struct qt_model m;

	model_start(&m, q);
	model_fill(&m, q, n);
	model_drain(&m, q);
}

void qt_check_peek(struct qdk_qdisc *q, int n)
{
	struct qt_model m;
	struct qdk_skb *skb;

	model_start(&m, q);
	ck_assert_ptr_null(qdk_peek(q));
	model_fill(&m, q, n);
	while ((skb = qdk_peek(q))) {
		uint64_t id = qdk_skb_id(skb);

		model_effects(&m);
		ck_assert_msg(qdk_peek(q) == skb, "a second peek returned another packet than the first");
		model_effects(&m);
		model_check_peek(&m, q, skb);
		skb = qdk_dequeue(q);
		model_effects(&m);
		ck_assert_ptr_nonnull(skb);
		ck_assert_uint_eq(qdk_skb_id(skb), id);
		model_take(&m, id, "dequeued");
		m.sent++;
		m.sent_bytes += qdk_skb_pkt_len(skb);
		qdk_skb_free(skb);
		model_check(&m, q, "a dequeue after a peek");
	}
	model_effects(&m);
	ck_assert_int_eq(m.n, 0);
	ck_assert_uint_eq(qt_deq(q), 0);
}

void qt_check_reset(struct qdk_qdisc *q, int n)
{
	struct qdk_stats before, after;
	struct qt_model m;

	model_start(&m, q);
	model_fill(&m, q, n);
	ck_assert_int_gt(m.n, 0);
	before = qt_stats(q);
	qdk_qdisc_reset(q);
	after = qt_stats(q);
	ck_assert_uint_eq(after.qlen, 0);
	ck_assert_uint_eq(after.backlog, 0);
	ck_assert_uint_eq(after.drops, before.drops);
	ck_assert_ptr_null(qdk_peek(q));
	ck_assert_uint_eq(qt_deq(q), 0);
	/* and the contract holds from there on */
	qt_check_accounting(q, n);
}

void qt_check_change_under_load(struct qdk_qdisc *q, const char *opts, int n)
{
	char msg[256] = "";
	struct qt_model m;

	model_start(&m, q);
	model_fill(&m, q, n);
	ck_assert_msg(qt_change(q, opts, msg, sizeof(msg)) == 0, "change %s: %s", opts, msg);
	model_effects(&m);
	model_check(&m, q, "the change");
	model_drain(&m, q);
}

void qt_check_change_without_options(struct qdk_qdisc *q)
{
	uint8_t d0[1024], d1[1024];
	char msg[256] = "x";
	int n0 = qdk_qdisc_dump(q, d0, sizeof(d0));

	ck_assert_int_ge(n0, 0);
	ck_assert_int_eq(qdk_qdisc_change(q, NULL, 0, msg, sizeof(msg)), 0);
	ck_assert_str_eq(msg, "");
	ck_assert_int_eq(qdk_qdisc_dump(q, d1, sizeof(d1)), n0);
	ck_assert_mem_eq(d0, d1, (size_t)n0);
}

void qt_check_nla_strict(uint16_t attr, uint32_t good, uint16_t maxattr)
{
	static const uint8_t junk[3] = { 1, 2, 3 };
	uint16_t v16 = (uint16_t)good;
	uint64_t v64 = good;
	struct qt_tca t;
	struct qdk_qdisc *q = qt_create_tca(QT_TXQLEN, NULL);
	uint8_t d0[1024], d1[1024];
	char msg[256] = "";
	int n0 = qdk_qdisc_dump(q, d0, sizeof(d0));
	struct {
		const char *what;
		int err;
		const char *want;
	} bad[4] = {
		{ "a 2-byte attribute", -EINVAL, "invalid attribute length" },
		{ "an 8-byte attribute", -EINVAL, "invalid attribute length" },
		{ "an unknown attribute", -EINVAL, "Unknown attribute type" },
		{ "trailing bytes", -EINVAL, "bytes leftover after parsing attributes" },
	};

	ck_assert_int_gt(n0, 0);
	for (int i = 0; i < 4; i++) {
		qt_tca_start(&t, true);
		if (i == 0)
			qt_tca_attr(&t, attr, &v16, sizeof(v16));
		else if (i == 1)
			qt_tca_attr(&t, attr, &v64, sizeof(v64));
		else if (i == 2)
			qt_tca_u32(&t, maxattr + 1, good);
		else {
			qt_tca_u32(&t, attr, good);
			qt_tca_raw(&t, junk, sizeof(junk));
		}
		msg[0] = 0;
		ck_assert_msg(qdk_qdisc_change(q, t.b, t.len, msg, sizeof(msg)) == bad[i].err,
			      "%s accepted", bad[i].what);
		ck_assert_str_eq(msg, bad[i].want);
		ck_assert_int_eq(qdk_qdisc_dump(q, d1, sizeof(d1)), n0);
		ck_assert_mem_eq(d0, d1, n0);
	}
	qt_check_change_without_options(q);
	qdk_qdisc_destroy(q);

	/* older tc sends TCA_OPTIONS without NLA_F_NESTED */
	qt_tca_start(&t, false);
	qt_tca_u32(&t, attr, good);
	q = qt_create_tca(QT_TXQLEN, &t);
	ck_assert_uint_eq(qt_dumped_u32(q, attr), good);
	qdk_qdisc_destroy(q);
}

void qt_check_tc_build(const char *opts)
{
	struct qdk_qdisc *q = qt_create(opts);
	struct tcopt_buf b;
	uint8_t dump[1024];
	int n = qdk_qdisc_dump(q, dump, sizeof(dump));

	qt_build(opts, &b);
	/*
	 * tc sends the options its words name; the qdisc dumps every option it
	 * has, defaults too. They match when opts names each dumped option, in
	 * the dump's order, at the value the qdisc keeps.
	 */
	ck_assert_msg(b.len == (size_t)n && !memcmp(b.data, dump, (size_t)n),
		      "tc's words \"%s\" make %zu bytes of TCA_OPTIONS, the qdisc dumps %d%s: "
		      "a dump carries every option the qdisc has (defaults too) and tc sends "
		      "only those its words name, so the words given here must name each "
		      "option the dump holds, in the dump's order (an option added to dump() "
		      "is added here too; docs/tutorial.md, \"tc words and dumped options\")",
		      opts, b.len, n, b.len == (size_t)n ? " that differ" : "");
	tcopt_buf_free(&b);
	qdk_qdisc_destroy(q);
}

void qt_check_print_xstats_prefixes(struct qdk_qdisc *q)
{
	const struct tcopt_kind *k = tcopt_find(qt_kind);
	struct qt_text all, part;
	uint8_t buf[512];
	int n = qdk_qdisc_dump_xstats(q, buf, sizeof(buf));

	ck_assert_ptr_nonnull(k);
	ck_assert_int_gt(n, 0);
	qt_text_init(&all);
	k->print_xstats(buf, (size_t)n, &all.o);
	ck_assert_str_ne(all.buf, "");
	for (int len = 0; len < n; len += 4) {
		qt_text_init(&part);
		k->print_xstats(buf, (size_t)len, &part.o);
		ck_assert_msg(strncmp(all.buf, part.buf, strlen(part.buf)) == 0,
			      "%d of %d bytes print \"%s\", not a prefix of \"%s\"",
			      len, n, part.buf, all.buf);
	}
}

/* ---- statistics and dump ------------------------------------------------------- */

struct qdk_stats qt_stats(struct qdk_qdisc *q)
{
	struct qdk_stats st;

	qdk_qdisc_stats(q, &st);
	return st;
}

void qt_xstats(struct qdk_qdisc *q, void *xs, size_t size)
{
	uint8_t buf[512];
	int n = qdk_qdisc_dump_xstats(q, buf, sizeof(buf));

	ck_assert_int_eq(n, size);
	memcpy(xs, buf, size);
}

int64_t qt_dumped(struct qdk_qdisc *q, uint16_t type)
{
	uint8_t buf[1024];
	int n = qdk_qdisc_dump(q, buf, sizeof(buf));
	int off = 4;

	ck_assert_int_gt(n, 4);
	while (off + 4 <= n) {
		uint16_t alen = buf[off] | buf[off + 1] << 8;
		uint16_t atype = (buf[off + 2] | buf[off + 3] << 8) & QT_NLA_TYPE_MASK;
		uint32_t v;

		ck_assert_uint_ge(alen, 4);
		if (atype == type) {
			ck_assert_uint_eq(alen, 8);
			memcpy(&v, buf + off + 4, 4);
			return v;
		}
		off += (alen + 3) & ~3;
	}
	return -1;
}

uint32_t qt_dumped_u32(struct qdk_qdisc *q, uint16_t type)
{
	int64_t v = qt_dumped(q, type);

	ck_assert_msg(v >= 0, "attribute %u not dumped", type);
	return (uint32_t)v;
}

uint32_t qt_q32(double p)
{
	return (uint32_t)(p * 4294967296.0 + 0.5);
}

/* ---- printer text ---------------------------------------------------------------- */

static void text_add(struct tcopt_out *o, const char *s)
{
	struct qt_text *t = o->priv;
	size_t n = strlen(t->buf);

	snprintf(t->buf + n, sizeof(t->buf) - n, "%s", s);
}

static void text_uint(struct tcopt_out *o, const char *key, uint64_t v,
		      enum tcopt_unit unit)
{
	char b[128], val[64];

	/* in tc's units, as tc -d prints them: 5ms, 1514b, 10Mbit */
	switch (unit) {
	case TCOPT_BYTES:
		tcopt_fmt_size(val, sizeof(val), v);
		break;
	case TCOPT_RATE:
		tcopt_fmt_rate(val, sizeof(val), v);
		break;
	case TCOPT_TIME_NS:
		tcopt_fmt_time(val, sizeof(val), v);
		break;
	default:
		snprintf(val, sizeof(val), "%llu", (unsigned long long)v);
		break;
	}
	snprintf(b, sizeof(b), "%s %s ", key, val);
	text_add(o, b);
}

static void text_str(struct tcopt_out *o, const char *key, const char *v)
{
	char b[128];

	snprintf(b, sizeof(b), "%s %s ", key, v);
	text_add(o, b);
}

static void text_flag(struct tcopt_out *o, const char *key)
{
	char b[128];

	snprintf(b, sizeof(b), "%s ", key);
	text_add(o, b);
}

void qt_text_init(struct qt_text *t)
{
	memset(t, 0, sizeof(*t));
	t->o.uint = text_uint;
	t->o.str = text_str;
	t->o.flag = text_flag;
	t->o.priv = t;
}

void qt_check_print(struct qdk_qdisc *q, const char *want)
{
	const struct tcopt_kind *k = tcopt_find(qt_kind);
	struct qt_text t;
	uint8_t buf[1024];
	int n = qdk_qdisc_dump(q, buf, sizeof(buf));

	ck_assert_ptr_nonnull(k);
	ck_assert_int_ge(n, 4);
	qt_text_init(&t);
	k->print(buf + 4, (size_t)n - 4, &t.o);
	ck_assert_str_eq(t.buf, want);
}

void qt_check_print_xstats(struct qdk_qdisc *q, size_t len, const char *want)
{
	const struct tcopt_kind *k = tcopt_find(qt_kind);
	struct qt_text t;
	uint8_t buf[1024];
	int n = qdk_qdisc_dump_xstats(q, buf, sizeof(buf));

	ck_assert_ptr_nonnull(k);
	ck_assert_int_gt(n, 0);
	ck_assert_uint_le(len, (size_t)n);
	qt_text_init(&t);
	k->print_xstats(buf, len ? len : (size_t)n, &t.o);
	ck_assert_str_eq(t.buf, want);
}

/* ---- memory and the runner ----------------------------------------------------------- */

/* Live allocations and the allocation sequence when a test starts (the fixture runs in the test's process). */
static long objects0;
static uint64_t mark0;

void qt_mem_setup(void)
{
	long bytes;

	qdk_mem_usage(&objects0, &bytes);
	mark0 = qdk_mem_mark();
}

/*
 * What is live of the allocations made after mark, one per line: "  LEAK"
 * lines into buf (at most 8, then how many more). Returns how many.
 */
static size_t leak_report(uint64_t mark, char *buf, size_t len)
{
	struct qdk_leak l[8];
	size_t n = qdk_mem_leaks(mark, l, 8), i, off = 0;
	char line[512];

	buf[0] = '\0';
	for (i = 0; i < n && i < 8 && off < len; i++) {
		qdk_leak_text(&l[i], line, sizeof(line));
		off += (size_t)snprintf(buf + off, len - off, "\n  %s", line);
	}
	if (n > 8 && off < len)
		snprintf(buf + off, len - off, "\n  ... and %zu more", n - 8);
	return n;
}

void qt_mem_teardown(void)
{
	long objects, bytes;
	char what[4096];

	qdk_mem_usage(&objects, &bytes);
	if (objects == objects0)
		return;
	leak_report(mark0, what, sizeof(what));
	ck_abort_msg("%ld allocation(s) not freed by the end of the test:%s",
		     objects - objects0, what);
}

/*
 * One qdisc of the kind made and gone before the tests: what the shim
 * allocates once and keeps (its timer heap, at the first armed timer: dcbt
 * arms its collector at init) then exists before the fixture counts.
 */
static void warm_up(const char *kind)
{
	struct qdk_dev_cfg dev = { .tx_queue_len = QT_TXQLEN };
	char msg[256] = "";
	int err = 0;
	struct qdk_qdisc *q = qdk_qdisc_create(kind, &dev, QT_HANDLE, QT_PARENT,
					       NULL, 0, &err, msg, sizeof(msg));

	if (q)
		qdk_qdisc_destroy(q);
}

/*
 * QDK_PARAMS="NAME=VALUE ...": module parameters set before the modules'
 * init, as qdk-replay's --param and insmod set them.
 */
static int qt_params_from_env(void)
{
	const char *env = getenv("QDK_PARAMS");
	char buf[1024], *w, *save;

	if (!env || !*env)
		return 0;
	if (strlen(env) >= sizeof(buf)) {
		fprintf(stderr, "QDK_PARAMS: longer than %zu bytes\n", sizeof(buf) - 1);
		return -1;
	}
	strcpy(buf, env);
	for (w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(w, '=');
		int err;

		if (!eq) {
			fprintf(stderr, "QDK_PARAMS: \"%s\" is not NAME=VALUE\n", w);
			return -1;
		}
		*eq = '\0';
		err = qdk_param_set(w, eq + 1);
		if (err) {
			fprintf(stderr, "QDK_PARAMS: %s=%s: %s\n", w, eq + 1, strerror(-err));
			return -1;
		}
	}
	return 0;
}

int qt_main(const char *kind, Suite *s)
{
	SRunner *sr = srunner_create(s);
	long leaks;
	int failed;

	qt_kind = kind;
	if (qt_params_from_env())
		return 1;
	if (qdk_init(1) != 0) {
		fprintf(stderr, "qdk_init failed\n");
		srunner_free(sr);
		return 1;
	}
	if (kind && !qdk_kind_known(kind)) {
		fprintf(stderr, "qdisc kind %s is not registered\n", kind);
		srunner_free(sr);
		return 1;
	}
	if (kind)
		warm_up(kind);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	leaks = qdk_exit();
	if (leaks) {
		char what[4096];

		leak_report(0, what, sizeof(what));
		fprintf(stderr, "%ld allocations leaked:%s\n", leaks, what);
		failed++;
	}
	return failed ? 1 : 0;
}
