// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_qdisc.c - what net/sched/bpf_qdisc.c gives a BPF qdisc program, for
 * the program compiled as user-space C: its kfuncs, each callable only from
 * the ops the kernel's kfunc filter allows; the prologue the verifier puts
 * before init and the epilogue after reset and destroy; and the struct_ops
 * registration (qdk/bpf_struct_ops.h) that makes the program's Qdisc_ops a
 * qdisc kind, with peek = qdisc_peek_dequeued and the watchdog as its
 * private data.
 *
 * Each op of the kind runs the program's op with the runtime knowing which
 * member it runs as (qdk_bpf_op), and checks on return what the verifier
 * checks at BPF_EXIT: no bpf_spin_lock left held.
 */
#include <linux/string.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>
#include <qdk/bpf_struct_ops.h>
#include "bpf_rt.h"
#include "../lib/host.h"

struct bpf_sched_data {
	struct qdisc_watchdog watchdog;
};

/* which ops may call a kfunc (bpf_qdisc_kfunc_filter()) */
#define OPS_ANY ((1U << QDK_BPF_OP_ENQUEUE) | (1U << QDK_BPF_OP_DEQUEUE) | \
		 (1U << QDK_BPF_OP_INIT) | (1U << QDK_BPF_OP_RESET) | (1U << QDK_BPF_OP_DESTROY))
#define OPS_ENQUEUE (1U << QDK_BPF_OP_ENQUEUE)
#define OPS_DEQUEUE (1U << QDK_BPF_OP_DEQUEUE)

static void kfunc_allowed(const char *what, unsigned int ops, unsigned long ip)
{
	char why[128];

	if (!(ops & (1U << qdk_bpf_op))) {
		snprintf(why, sizeof(why), "calling kernel function %s is not allowed in %s",
			 what, qdk_bpf_op_name(qdk_bpf_op));
		qdk_bpf_refused(ip, what, why);
	}
	qdk_bpf_no_lock(what, ip);
}

/* ---- kfuncs ---- */

/* skb_get_hash() may fill in the hash: the runtime's write, not the program's */
u32 bpf_skb_get_hash(struct sk_buff *skb)
{
	unsigned long ip = QDK_BPF_CALLER;
	struct qdk_bpf_skb_snap *s = qdk_bpf_ref_snap(skb);
	u32 hash;

	kfunc_allowed("bpf_skb_get_hash", OPS_ANY, ip);
	if (s)
		qdk_bpf_skb_check(s, skb, ip);
	hash = skb_get_hash(skb);
	if (s)
		qdk_bpf_skb_snap(s, skb);
	return hash;
}

/* a read-only dynptr: what the verifier makes of it for a struct_ops program */
int bpf_dynptr_from_skb(struct __sk_buff *s, u64 flags, struct bpf_dynptr *ptr__uninit)
{
	kfunc_allowed("bpf_dynptr_from_skb", OPS_ANY, QDK_BPF_CALLER);
	if (flags) {
		qdk_bpf_dynptr_null(ptr__uninit);
		return -EINVAL;
	}
	qdk_bpf_dynptr_skb(ptr__uninit, (struct sk_buff *)s);
	return 0;
}

void bpf_kfree_skb(struct sk_buff *skb)
{
	unsigned long ip = QDK_BPF_CALLER;

	kfunc_allowed("bpf_kfree_skb", OPS_ANY, ip);
	qdk_bpf_ref_put(skb, ip);
	kfree_skb(skb);
}

/* onto enqueue's to_free list, freed by the caller after the enqueue */
void bpf_qdisc_skb_drop(struct sk_buff *skb, struct bpf_sk_buff_ptr *to_free_list)
{
	unsigned long ip = QDK_BPF_CALLER;

	kfunc_allowed("bpf_qdisc_skb_drop", OPS_ENQUEUE, ip);
	qdk_bpf_ref_put(skb, ip);
	__qdisc_drop(skb, (struct sk_buff **)to_free_list);
	/* the drop's site is the program's line, not this one */
	skb->__qdk_drop_ip = ip - 1;
}

void bpf_qdisc_watchdog_schedule(struct Qdisc *sch, u64 expire, u64 delta_ns)
{
	struct bpf_sched_data *q = qdisc_priv(sch);

	kfunc_allowed("bpf_qdisc_watchdog_schedule", OPS_ENQUEUE | OPS_DEQUEUE, QDK_BPF_CALLER);
	qdisc_watchdog_schedule_range_ns(&q->watchdog, expire, delta_ns);
}

/* the runtime's write to the Qdisc, not the program's: into the op's copy */
void bpf_qdisc_bstats_update(struct Qdisc *sch, const struct sk_buff *skb)
{
	unsigned long ip = QDK_BPF_CALLER;
	struct qdk_bpf_qdisc_snap *s = qdk_bpf_qdisc_cur;

	kfunc_allowed("bpf_qdisc_bstats_update", OPS_DEQUEUE, ip);
	if (s && s->sch == sch)
		qdk_bpf_qdisc_check(s, ip);
	bstats_update(&sch->bstats, skb);
	if (s && s->sch == sch)
		qdk_bpf_qdisc_snap(s, sch);
}

/* ---- the kind's ops: the program's, inside the verifier's prologue and epilogue ---- */

static const struct Qdisc_ops *prog_of(const struct Qdisc *sch)
{
	return container_of(sch->ops, struct qdk_bpf_qdisc, ops)->prog;
}

struct qdk_bpf_qdisc_snap *qdk_bpf_qdisc_cur;

/* what an op's run saves of the runtime's state, and its copy of the Qdisc */
struct op_run {
	enum qdk_bpf_op prev;
	struct qdk_bpf_qdisc_snap *prev_snap;
	struct qdk_bpf_qdisc_snap snap;
};

static void op_enter(struct op_run *r, enum qdk_bpf_op op, const struct Qdisc *sch)
{
	r->prev = qdk_bpf_op;
	r->prev_snap = qdk_bpf_qdisc_cur;
	qdk_bpf_op = op;
	qdk_bpf_qdisc_snap(&r->snap, sch);
	qdk_bpf_qdisc_cur = &r->snap;
}

/* the op's program returned (fn: its address, to name it) */
static void op_leave(struct op_run *r, void *fn)
{
	if (qdk_bpf_lock_held)
		qdk_bpf_refused((unsigned long)fn + 1, qdk_bpf_op_name(qdk_bpf_op),
				"BPF_EXIT instruction cannot be used inside bpf_spin_lock-ed region");
	qdk_bpf_qdisc_check(&r->snap, (unsigned long)fn + 1);
	qdk_bpf_op = r->prev;
	qdk_bpf_qdisc_cur = r->prev_snap;
}

/* enqueue is given a reference to skb, which it must store or drop */
static int bpf_qdisc_enqueue(struct sk_buff *skb, struct Qdisc *sch, struct sk_buff **to_free)
{
	const struct Qdisc_ops *p = prog_of(sch);
	unsigned int mark = qdk_bpf_ref_mark();
	struct op_run r;
	int ret;

	op_enter(&r, QDK_BPF_OP_ENQUEUE, sch);
	qdk_bpf_ref_get(skb, 0);
	ret = p->enqueue(skb, sch, to_free);
	qdk_bpf_ref_end(mark, NULL, p->enqueue);
	op_leave(&r, p->enqueue);
	return ret;
}

/* what dequeue takes out of its fields it must return, store or free */
static struct sk_buff *bpf_qdisc_dequeue(struct Qdisc *sch)
{
	const struct Qdisc_ops *p = prog_of(sch);
	unsigned int mark = qdk_bpf_ref_mark();
	struct sk_buff *skb;
	struct op_run r;

	op_enter(&r, QDK_BPF_OP_DEQUEUE, sch);
	skb = p->dequeue(sch);
	qdk_bpf_ref_end(mark, skb, p->dequeue);
	op_leave(&r, p->dequeue);
	return skb;
}

/* bpf_qdisc_init_prologue(): the watchdog, and only at the root or under mq */
static int init_prologue(struct Qdisc *sch, struct netlink_ext_ack *extack)
{
	struct bpf_sched_data *q = qdisc_priv(sch);
	struct Qdisc *parent;

	qdisc_watchdog_init(&q->watchdog, sch);
	if (sch->parent != TC_H_ROOT) {
		/* NULL: mq's or mqprio's init creating its queues' qdiscs */
		parent = qdisc_lookup(qdisc_dev(sch), TC_H_MAJ(sch->parent));
		if (parent && !(parent->flags & TCQ_F_MQROOT)) {
			NL_SET_ERR_MSG(extack, "BPF qdisc only supported on root or mq");
			return -EINVAL;
		}
	}
	return 0;
}

static int bpf_qdisc_init(struct Qdisc *sch, struct nlattr *opt, struct netlink_ext_ack *extack)
{
	const struct Qdisc_ops *p = prog_of(sch);
	unsigned int mark = qdk_bpf_ref_mark();
	int ret = init_prologue(sch, extack);
	struct op_run r;

	if (ret)
		return ret;
	op_enter(&r, QDK_BPF_OP_INIT, sch);
	ret = p->init(sch, opt, extack);
	qdk_bpf_ref_end(mark, NULL, p->init);
	op_leave(&r, p->init);
	return ret;
}

/* bpf_qdisc_reset_destroy_epilogue() */
static void reset_destroy_epilogue(struct Qdisc *sch)
{
	struct bpf_sched_data *q = qdisc_priv(sch);

	qdisc_watchdog_cancel(&q->watchdog);
}

static void bpf_qdisc_reset(struct Qdisc *sch)
{
	const struct Qdisc_ops *p = prog_of(sch);
	unsigned int mark = qdk_bpf_ref_mark();
	struct op_run r;

	op_enter(&r, QDK_BPF_OP_RESET, sch);
	p->reset(sch);
	qdk_bpf_ref_end(mark, NULL, p->reset);
	op_leave(&r, p->reset);
	reset_destroy_epilogue(sch);
}

static void bpf_qdisc_destroy(struct Qdisc *sch)
{
	const struct Qdisc_ops *p = prog_of(sch);
	unsigned int mark = qdk_bpf_ref_mark();
	struct op_run r;

	op_enter(&r, QDK_BPF_OP_DESTROY, sch);
	p->destroy(sch);
	qdk_bpf_ref_end(mark, NULL, p->destroy);
	op_leave(&r, p->destroy);
	reset_destroy_epilogue(sch);
}

/*
 * The kernel's struct_ops checks (bpf_qdisc_validate(), bpf_qdisc_init_member(),
 * bpf_struct_ops_map_update_elem()): the five ops set, a name, and nothing
 * else but what the kernel fills in itself.
 */
static const char *prog_invalid(const struct Qdisc_ops *p)
{
	struct Qdisc_ops rest = *p;

	if (!p->enqueue || !p->dequeue || !p->init || !p->reset || !p->destroy)
		return "enqueue, dequeue, init, reset and destroy must all be set";
	if (!p->id[0])
		return "no id";
	if (p->priv_size)
		return "priv_size is the kernel's to set";
	rest.enqueue = NULL;
	rest.dequeue = NULL;
	rest.init = NULL;
	rest.reset = NULL;
	rest.destroy = NULL;
	rest.peek = NULL;
	memset(rest.id, 0, sizeof(rest.id));
	if (memchr_inv(&rest, 0, sizeof(rest)))
		return "a member the runtime does not model is set (it runs enqueue, dequeue, init, reset and destroy)";
	return NULL;
}

int qdk_bpf_qdisc_register(struct qdk_bpf_qdisc *q)
{
	const struct Qdisc_ops *p = q->prog;
	const char *why = prog_invalid(p);

	if (why) {
		qdk_host_log("BPF struct_ops Qdisc_ops \"%.*s\": %s\n",
			     (int)sizeof(p->id), p->id, why);
		return -EINVAL;
	}
	memset(&q->ops, 0, sizeof(q->ops));
	memcpy(q->ops.id, p->id, sizeof(q->ops.id));
	q->ops.id[sizeof(q->ops.id) - 1] = '\0';
	q->ops.priv_size = sizeof(struct bpf_sched_data);
	q->ops.enqueue = bpf_qdisc_enqueue;
	q->ops.dequeue = bpf_qdisc_dequeue;
	q->ops.peek = qdisc_peek_dequeued;
	q->ops.init = bpf_qdisc_init;
	q->ops.reset = bpf_qdisc_reset;
	q->ops.destroy = bpf_qdisc_destroy;
	return register_qdisc(&q->ops);
}

void qdk_bpf_qdisc_unregister(struct qdk_bpf_qdisc *q)
{
	unregister_qdisc(&q->ops);
}

/* Is ops a program's kind (qdk_kind_bpf() of the replay's API)? */
bool qdk_bpf_ops(const struct Qdisc_ops *ops)
{
	return ops->enqueue == bpf_qdisc_enqueue;
}
