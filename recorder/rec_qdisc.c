// SPDX-License-Identifier: GPL-2.0
/*
 * The "recorder" qdisc: a classful wrapper with one class
 * (1:1) whose child is the qdisc under test. Every call the kernel makes
 * goes through the wrapper, which passes it on unchanged and, while a
 * reader holds /dev/qdk_recorder open, records it: the call, its answer,
 * the packets freed during it, the child's counters after it.
 *
 *   tc qdisc add dev X root handle 1: recorder
 *   tc qdisc add dev X parent 1:1 handle 10: pfifo limit 20
 *
 * What the child sees is what it would see without the wrapper, with one
 * deliberate exception: the packet's flow hash is computed (skb_get_hash)
 * before the child gets it, so the trace can carry the hash the child saw.
 * At the root the wrapper allows TCQ_F_CAN_BYPASS exactly when the child
 * does, so the core sends a packet that finds it empty straight out, past
 * the child, as it would without the wrapper: the child is not called for
 * that packet and the trace does not have it. Dequeues use
 * qdisc_dequeue_peeked() as every classful parent does, so a packet the
 * child handed out through peek is returned by the next dequeue.
 *
 * A change of the child (`tc qdisc change ... parent 1:1`) goes from the
 * core to the child's ops->change() directly, past the wrapper. To see it,
 * the child gets a copy of its own Qdisc_ops whose ->change is
 * rec_child_change() (the code the child runs is its own; tc shows the same
 * kind). While recording, that is the second deliberate exception: from the
 * start of a change to its end the child gets no datapath call. Arrivals
 * wait in the wrapper and dequeues find nothing, so in the trace the change
 * sits between two calls exactly as it did for the child; then the waiting
 * packets are enqueued, in order, and the parent is rescheduled.
 */
#include <linux/bpf.h>
#include <linux/delay.h>
#include <linux/ethtool.h>
#include <linux/module.h>
#include <linux/nsproxy.h>
#include <linux/rtnetlink.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/skbuff.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>
#include <net/netlink.h>
#include <net/pkt_cls.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "rec_sched.h"

/* arrivals held during a change beyond this are dropped (by the wrapper) */
#define REC_HOLD_MAX	4096

static int rec_child_change(struct Qdisc *child, struct nlattr *opt,
			    struct netlink_ext_ack *extack);

/*
 * A copy of the child's ops whose ->change is rec_child_change() and whose
 * class ops record the tree; NULL for built-in qdiscs (noop) and classless
 * kinds without ->change. Process context.
 */
static struct rec_ops *rec_ops_new(struct rec_sched *q,
				   const struct Qdisc *child)
{
	struct rec_ops *ro;

	if ((child->flags & TCQ_F_BUILTIN) ||
	    (!child->ops->change && !child->ops->cl_ops))
		return NULL;
	ro = kmalloc(sizeof(*ro), GFP_KERNEL);
	if (!ro)
		return ERR_PTR(-ENOMEM);
	ro->ops = *child->ops;
	if (child->ops->change)
		ro->ops.change = rec_child_change;
	ro->orig = child->ops;
	ro->q = q;
	if (child->ops->cl_ops)
		rec_cl_wrap(ro);
	return ro;
}

/* ... given to a child that is not yet visible to the datapath */
static void rec_ops_install(struct rec_sched *q, struct Qdisc *child,
			    struct rec_ops *ro)
{
	if (ro)
		child->ops = &ro->ops;
	q->child_ops = ro;
}

/*
 * Give the child back its own ops before it leaves us. A CPU may still be
 * reading the copy (under RCU: the datapath runs with BH off), so it is
 * freed after a grace period.
 */
static void rec_ops_remove(struct rec_sched *q, struct Qdisc *child)
{
	struct rec_ops *ro = q->child_ops;

	if (!ro || child->ops != &ro->ops)
		return;
	child->ops = ro->orig;
	q->child_ops = NULL;
	kfree_rcu(ro, rcu);
}

/*
 * The module of a child's kind, for its parameters and devices; NULL for a
 * BPF qdisc, whose ops (a struct_ops map's) name BPF_MODULE_OWNER, no
 * module. A kernel without BPF_JIT (the debug kernel) has no struct_ops
 * and no such owner.
 */
static struct module *rec_owner(const struct Qdisc *child)
{
	struct module *owner = child->ops->owner;

#ifdef BPF_MODULE_OWNER
	if (owner == BPF_MODULE_OWNER)
		return NULL;
#endif
	return owner;
}

LIST_HEAD(rec_instances);
u32 rec_next_inst;

/*
 * Is this call to be recorded? Runs under the qdisc's lock. If so, the
 * runs of the tree's hard hrtimers since its last recorded call come
 * first (rec_timer_hard).
 */
static bool rec_on(struct rec_sched *q)
{
	if (!READ_ONCE(rec_capturing) || q->session != READ_ONCE(rec_session))
		return false;
	if (q->waiting) {
		if (q->child->q.qlen)
			return false;
		q->waiting = false;
	}
	if (unlikely(atomic_read(&q->hard_runs)))
		rec_hard_write(q);
	if (unlikely(READ_ONCE(q->tw_fire)))
		rec_twin_check(q);
	return true;
}

/*
 * A datapath call (enqueue, dequeue, peek) to record? At a root attached
 * in place, it runs with interrupts off and no hard hrtimer of the tree
 * running on any CPU (rec_timer_hard): taprio's gate schedule changes the
 * qdisc's state outside its lock, and a run inside a call, before or after
 * the call read that state, could not be placed in the trace. Between
 * rec_call_on() and rec_call_off(); the timer's runs counted meanwhile are
 * written before the next call.
 */
bool rec_call_on(struct rec_sched *q)
{
	if (!q->root)
		return rec_on(q);
	local_irq_save(q->irqflags);
	for (;;) {
		WRITE_ONCE(q->in_call, 1);
		/* pairs with rec_timer_hard(): one of us sees the other */
		smp_mb();
		if (!atomic_read(&q->hard_busy))
			break;
		WRITE_ONCE(q->in_call, 0);
		if (!rec_hard_wait(&q->hard_busy, NULL)) {
			/* a run that did not end: its place is not known */
			atomic_inc(&q->hard_lost);
			atomic_inc(&q->hard_runs);
			WRITE_ONCE(q->in_call, 1);
			break;
		}
	}
	if (rec_on(q))
		return true;
	WRITE_ONCE(q->in_call, 0);
	local_irq_restore(q->irqflags);
	return false;
}

void rec_call_off(struct rec_sched *q)
{
	if (unlikely(READ_ONCE(q->tw_fire)))
		rec_twin_seen(q);
	if (!q->root)
		return;
	/* the call's stores before a run may begin */
	smp_store_release(&q->in_call, 0);
	local_irq_restore(q->irqflags);
}

/* The child's counters after a call; per-CPU ones are not followed. */
static void rec_fill_stats(struct qdk_rec *r, const struct Qdisc *child)
{
	if (qdisc_is_percpu_stats(child)) {
		r->flags |= QDK_RF_NOSTATS;
		return;
	}
	r->qlen = child->q.qlen;
	r->backlog = child->qstats.backlog;
	r->drops = child->qstats.drops;
}

/*
 * The child's own enqueue: through the core's qdisc_enqueue() under our
 * class; attached at a root, its original op (its ops are our copy, the
 * core computed the packet's length before calling us).
 */
static int rec_child_enqueue(struct rec_sched *q, struct sk_buff *skb,
			     struct sk_buff **to_free)
{
	if (q->root)
		return q->child_ops->orig->enqueue(skb, q->child, to_free);
	return qdisc_enqueue(skb, q->child, to_free);
}

/*
 * A recorded enqueue: its record is reserved in the ring before the call
 * (the packet's fields read while it surely exists), the drops the call
 * makes follow it, then the packets it put on to_free, all published
 * together. A full ring: the call goes through unrecorded (counted lost).
 */
static int rec_enqueue_recorded(struct sk_buff *skb, struct rec_sched *q,
				struct sk_buff **to_free)
{
	struct sk_buff *local = NULL, *last;
	struct rec_call call __uninitialized;
	struct qdk_rec *r, *d;
	struct rec_call *outer = this_cpu_read(rec_active);
	u64 ts;
	int ret;

	/*
	 * A packet the child made during one of its own recorded calls, sent
	 * in again through the root: netem's duplicate enqueues its clone at
	 * the root while its enqueue of the original runs, and the parent
	 * hands it back to us. It is part of that call (its NEW record came
	 * from skb_clone(), rec_made.c), as in the replay, where netem is the
	 * root and enqueues the clone into itself: its draws and drops are the
	 * call's, its verdict goes back to the child, not to the trace.
	 */
	if (unlikely(outer && outer->inst == q->inst && outer->gen == q->gen))
		return rec_child_enqueue(q, skb, to_free);
	ts = rec_now();
	/* a packet of a local socket: its fields as the child will read them */
	if (skb->sk) {
		r = rec_reserve(QDK_REC_ENQSK, ts, q->inst, q->gen);
		if (likely(r))
			rec_fill_sock(&r->enqsk.sock, skb->sk);
	} else {
		r = rec_reserve(QDK_REC_ENQ, ts, q->inst, q->gen);
	}
	if (unlikely(!r))
		return rec_child_enqueue(q, skb, to_free);
	rec_fill_pkt(&r->enq, skb);
	r->pkt = rec_cookie(skb);
	rec_call_begin(&call, ts, q, skb);
	r->jiffies = (u32)call.jiffies;
	/* a list of our own: only this call's victims, in order */
	ret = rec_child_enqueue(q, skb, &local);
	rec_call_end(&call);
	r->count = call.draws;
	r->enq.ret = ret;
	if (call.gone || (ret & __NET_XMIT_STOLEN))
		r->flags |= QDK_RF_GONE;
	else
		r->enq.tos_after = rec_tos(skb);
	/*
	 * A packet that came without a hash gets the one the child computed
	 * (skb_get_hash() in fq_codel, fq, fq_pie), which the replay must
	 * give it; the recorder does not compute one itself: that would
	 * change the packet for what follows, and cost a flow dissection a
	 * packet (~650 guest instructions, recorder/README.md) the child
	 * may never ask for.
	 */
	if (!r->enq.hash)
		r->enq.hash = call.gone ? call.hash :
			      ret & __NET_XMIT_STOLEN ? 0 : skb->hash;
	rec_fill_stats(r, q->child);
	if (local) {
		for (last = local; ; last = last->next) {
			d = rec_reserve(QDK_REC_DROP, ts, q->inst, q->gen);
			if (d)
				d->pkt = rec_cookie(last);
			if (!last->next)
				break;
		}
		last->next = *to_free;
		*to_free = local;
	}
	rec_publish();
	return ret;
}

/* The child's enqueue, recorded when a capture wants this instance. */
int rec_enqueue_child(struct sk_buff *skb, struct rec_sched *q,
			     struct sk_buff **to_free)
{
	int ret;

	if (!rec_call_on(q))
		return rec_child_enqueue(q, skb, to_free);
	ret = rec_enqueue_recorded(skb, q, to_free);
	rec_call_off(q);
	return ret;
}

static int rec_enqueue(struct sk_buff *skb, struct Qdisc *sch,
		       struct sk_buff **to_free)
{
	struct rec_sched *q = qdisc_priv(sch);
	unsigned int len = qdisc_pkt_len(skb);
	int ret;

	/*
	 * At the root the core sends a packet that finds an empty qdisc with
	 * TCQ_F_CAN_BYPASS straight out. Without us the child would be the
	 * root: follow its flag (fifos, codel, fq_codel, sfq set it; a change
	 * may clear it), so it gets the calls it would get without us.
	 */
	if (unlikely((sch->flags ^ q->child->flags) & TCQ_F_CAN_BYPASS))
		sch->flags ^= TCQ_F_CAN_BYPASS;
	if (unlikely(q->paused)) {
		/* a recorded change is running: the child gets it afterwards */
		if (q->held.qlen >= REC_HOLD_MAX)
			return qdisc_drop(skb, sch, to_free);
		__qdisc_enqueue_tail(skb, &q->held);
		goto queued;
	}
	ret = rec_enqueue_child(skb, q, to_free);
	if (ret != NET_XMIT_SUCCESS) {
		if (net_xmit_drop_count(ret))
			qdisc_qstats_drop(sch);
		return ret;
	}
queued:
	sch->qstats.backlog += len;
	sch->q.qlen++;
	return NET_XMIT_SUCCESS;
}

/*
 * The child's dequeue or peek. Attached at a root, its original ops: the
 * core hands out what a peek parked (gso_skb) before it calls dequeue.
 */
struct sk_buff *rec_take_child(struct rec_sched *q, bool peek)
{
	struct Qdisc *child = q->child;

	if (q->root)
		return peek ? q->child_ops->orig->peek(child) :
			      q->child_ops->orig->dequeue(child);
	return peek ? child->ops->peek(child) : qdisc_dequeue_peeked(child);
}

/* dequeue (peek false) or peek (peek true) of the child, recorded */
struct sk_buff *rec_take(struct rec_sched *q, bool peek)
{
	struct rec_call call __uninitialized;
	struct sk_buff *skb;
	struct qdk_rec *r;
	u64 ts = rec_now();

	r = rec_reserve(peek ? QDK_REC_PEEK : QDK_REC_DEQ, ts, q->inst, q->gen);
	if (unlikely(!r))
		return rec_take_child(q, peek);
	rec_call_begin(&call, ts, q, NULL);
	r->jiffies = (u32)call.jiffies;
	skb = rec_take_child(q, peek);
	rec_call_end(&call);
	r->count = call.draws;
	if (skb) {
		r->pkt = rec_cookie(skb);
		/* a mark made in a peek shows on the dequeue (tracew.c) */
		if (!peek)
			r->tos = rec_tos(skb);
	}
	rec_fill_stats(r, q->child);
	rec_publish();
	return skb;
}

static struct sk_buff *rec_dequeue(struct Qdisc *sch)
{
	struct rec_sched *q = qdisc_priv(sch);
	struct sk_buff *skb;

	if (unlikely(q->paused))
		return NULL;	/* until the change is done */
	if (rec_call_on(q)) {
		skb = rec_take(q, false);
		rec_call_off(q);
	} else {
		skb = rec_take_child(q, false);
	}
	if (!skb)
		return NULL;
	qdisc_bstats_update(sch, skb);
	qdisc_qstats_backlog_dec(sch, skb);
	sch->q.qlen--;
	return skb;
}

static struct sk_buff *rec_peek(struct Qdisc *sch)
{
	struct rec_sched *q = qdisc_priv(sch);
	struct sk_buff *skb;

	if (unlikely(q->paused))
		return NULL;
	if (rec_call_on(q)) {
		skb = rec_take(q, true);
		rec_call_off(q);
		return skb;
	}
	return rec_take_child(q, true);
}

/*
 * Reset runs under the qdisc's lock from the datapath's side (dev_reset_queue)
 * or from rtnl when the tree goes (qdisc_put): bottom halves off, it is
 * recorded as a call, in place, so that what the child draws in its reset
 * (sfb and hhf draw a new hash key) are its DRAW records.
 */
void rec_reset_child(struct rec_sched *q)
{
	struct rec_call call __uninitialized;
	struct qdk_rec *r = NULL;
	u64 ts = 0;

	local_bh_disable();
	/*
	 * A root's hard hrtimer runs that began before it come first; the
	 * reset itself runs with interrupts on: taprio's cancels its timer,
	 * waiting for a run on another CPU to end, which a run waiting for
	 * the call to end would never do
	 */
	if (rec_call_on(q)) {
		ts = rec_now();
		r = rec_reserve(QDK_REC_RESET, ts, q->inst, q->gen);
		rec_call_off(q);
	}
	if (r) {
		rec_call_begin(&call, ts, q, NULL);
		r->jiffies = (u32)call.jiffies;
		call.reset = true;
	}
	if (!q->root)
		qdisc_reset(q->child);
	else if (q->child_ops->orig->reset)
		/* the core's qdisc_reset() called us: it purges the rest */
		q->child_ops->orig->reset(q->child);
	if (r) {
		rec_twin_seen(q);
		rec_call_end(&call);
		r->count = call.draws;
		rec_fill_stats(r, q->child);
		/* at a root, the counts qdisc_reset() leaves once we return */
		if (q->root) {
			r->qlen = 0;
			r->backlog = 0;
		}
		rec_publish();
	}
	local_bh_enable();
}

static void rec_reset(struct Qdisc *sch)
{
	struct rec_sched *q = qdisc_priv(sch);

	rec_reset_child(q);
	__qdisc_reset_queue(&q->held);
}

/*
 * The child's configuration as its own dump produces it: CONF, then the
 * TCA_OPTIONS bytes in TCA chunks. Dumped before taking the tree lock (a
 * dump may take it), emitted under it so no event of the child can come
 * first. Runs under rtnl, in process context.
 */
static struct sk_buff *rec_dump_child(struct Qdisc *child)
{
	struct sk_buff *skb = alloc_skb(NLMSG_GOODSIZE, GFP_KERNEL);

	if (!skb)
		return NULL;
	if (child->ops->dump && child->ops->dump(child, skb) < 0)
		skb_trim(skb, 0);
	return skb;
}

/*
 * The options tc handed to the new child's init(), when the request that
 * created it was seen and matches it; consumed either way.
 */
static bool rec_take_request(struct rec_sched *q, const struct Qdisc *new)
{
	bool ok = q->req_valid && !strcmp(q->req_kind, new->ops->id) &&
		  (!q->req_handle || q->req_handle == new->handle);

	q->req_valid = false;
	return ok;
}

/* TCA records: len bytes of TCA_OPTIONS, in chunks. */
static void rec_emit_tca(const struct rec_sched *q, const u8 *opt,
			 unsigned int len)
{
	unsigned int off, n;
	struct qdk_rec r;

	for (off = 0; off < len; off += n) {
		n = min_t(unsigned int, len - off, QDK_REC_TCA_CHUNK);
		rec_head(&r, q, QDK_REC_TCA);
		r.count = off;
		memcpy(r.tca, opt + off, n);
		rec_emit(&r);
	}
}

/*
 * The device's link speed as cbs_set_port_rate() and taprio read it (Mb/s;
 * 0: no link settings). Under rtnl and before the tree lock: a driver's
 * get_link_ksettings may sleep.
 */
static u32 rec_link_speed(struct net_device *dev)
{
	struct ethtool_link_ksettings ecmd;

	ASSERT_RTNL();
	if (!dev || __ethtool_get_link_ksettings(dev, &ecmd) < 0)
		return 0;
	return ecmd.base.speed;
}

static void rec_emit_conf(struct Qdisc *sch, struct rec_sched *q,
			  const struct sk_buff *dump, bool fresh, bool req,
			  u32 speed)
{
	struct Qdisc *child = q->child;
	struct net_device *dev = qdisc_dev(child);
	const u8 *opt = req ? q->req_opt : (dump ? dump->data : NULL);
	unsigned int len = req ? q->req_len : (dump ? dump->len : 0);
	struct qdk_rec r;

	rec_head(&r, q, QDK_REC_CONF);
	if (fresh)
		r.flags |= QDK_RF_FRESH;
	if (READ_ONCE(rec_timers_on) && !q->untimed)
		r.flags |= QDK_RF_TIMERS;
	if (req)
		r.flags |= QDK_RF_INITOPT;
	r.conf.handle = child->handle;
	r.conf.parent = child->parent;
	r.conf.mtu = dev->mtu;
	r.conf.txqlen = dev->tx_queue_len;
	r.conf.txqs = dev->real_num_tx_queues;
	r.conf.tca_len = len;
	r.conf.qlen = child->q.qlen;
	r.conf.jiffies_hi = upper_32_bits(get_jiffies_64());
	strscpy(r.conf.kind, child->ops->id, sizeof(r.conf.kind));
	strscpy(r.conf.dev, dev->name, sizeof(r.conf.dev));
	r.conf.speed = speed;
	r.conf.tai = ktime_to_ns(ktime_mono_to_any(0, TK_OFFS_TAI));
	/* a root attached in place was made before its first call */
	if (q->root && req)
		r.conf.created = q->req_ts;
	rec_emit(&r);
	rec_emit_tca(q, opt, len);
}

/* ---- the child's tree ------------------------------------------------------ */

/*
 * A classful child's tree as tc built it: its classes (when the kind
 * creates them: a class ops ->change), the qdiscs grafted under them (not
 * the defaults, handle 0), and which blocks hold filters. Recorded whenever
 * tc changes it through the child's class ops, and when recording starts:
 * a TREE record, then NODE records each with its TCA_OPTIONS (the class's
 * or the qdisc's own dump) in TCA records. qdk-capture writes the last one
 * before the first call as the trace's class, child and filter lines.
 * Only the child's own classes: a grandchild's classes are not followed.
 */
#define REC_TREE_MAX	64

struct rec_tree_walk {
	struct qdisc_walker w;
	unsigned int n;
	unsigned long cl[REC_TREE_MAX];
};

struct rec_node {
	struct qdk_rec_node n;
	struct sk_buff *dump;		/* holds the TCA_OPTIONS bytes */
	const u8 *tca;
};

static int rec_tree_fn(struct Qdisc *child, unsigned long cl,
		       struct qdisc_walker *w)
{
	struct rec_tree_walk *a = container_of(w, struct rec_tree_walk, w);

	if (a->n < REC_TREE_MAX)
		a->cl[a->n++] = cl;
	return 0;
}

/* the TCA_OPTIONS attribute a dump wrote into skb, NULL when none */
static const struct nlattr *rec_tca_of(const struct sk_buff *skb)
{
	return skb ? nla_find((const struct nlattr *)skb->data, skb->len,
			      TCA_OPTIONS) : NULL;
}

static void rec_node_set(struct rec_node *nd, u32 what, u32 parent,
			 u32 handle, const char *kind, struct sk_buff *dump)
{
	const struct nlattr *a = rec_tca_of(dump);

	memset(&nd->n, 0, sizeof(nd->n));
	nd->n.what = what;
	nd->n.parent = parent;
	nd->n.handle = handle;
	strscpy(nd->n.kind, kind, sizeof(nd->n.kind));
	nd->dump = dump;
	nd->tca = (const u8 *)a;
	nd->n.tca_len = a ? min_t(u32, nla_total_size(nla_len(a)),
				  skb_tail_pointer(dump) - (u8 *)a) : 0;
}

/* the request that created grandchild leaf, if one alone made it (rtnl held) */
static const struct rec_gopt *rec_gopt_of(const struct rec_sched *q,
					  const struct Qdisc *leaf)
{
	unsigned int i;

	for (i = 0; q->gopts && i < REC_GOPT_SLOTS; i++) {
		const struct rec_gopt *g = &q->gopts[i];

		if (g->handle == leaf->handle)
			return g->valid && !strcmp(g->kind, leaf->ops->id) ? g : NULL;
	}
	return NULL;
}

static void rec_node_set_opt(struct rec_node *nd, u32 parent,
			     const struct Qdisc *leaf, const struct rec_gopt *g)
{
	memset(&nd->n, 0, sizeof(nd->n));
	nd->n.what = QDK_NODE_QDISC;
	nd->n.parent = parent;
	nd->n.handle = leaf->handle;
	strscpy(nd->n.kind, leaf->ops->id, sizeof(nd->n.kind));
	nd->dump = NULL;
	nd->tca = g->opt;
	nd->n.tca_len = g->len;
}

/* Does the block hold a filter? Takes and drops references: process context. */
static bool rec_block_busy(struct tcf_block *block)
{
	struct tcf_chain *chain;
	struct tcf_proto *tp;
	bool busy = false;

	if (!block)
		return false;
	for (chain = tcf_get_next_chain(block, NULL); chain;
	     chain = tcf_get_next_chain(block, chain))
		for (tp = tcf_get_next_proto(chain, NULL); tp;
		     tp = tcf_get_next_proto(chain, tp))
			busy = true;
	return busy;
}

static void rec_node_filter(struct rec_sched *q, struct rec_node *nd,
			    unsigned long cl, u32 handle);

/*
 * An ingress or clsact qdisc's blocks, by the parent tc names them with
 * (`tc filter add dev DEV ingress|egress`): clsact's ingress block as
 * class TC_H_MIN_INGRESS, its egress block as TC_H_MIN_EGRESS; ingress has
 * one block, whatever the class (rec_cl_tcf_block() keeps its filters under the
 * ingress one). The FILTER nodes into nodes; how many. The hooks read which
 * blocks the tree names (hook_known), to give it again for a filter added
 * without rtnl (rec_hook.c).
 */
static unsigned int rec_hook_blocks(struct rec_sched *q, struct rec_node *nodes,
				    const struct Qdisc_class_ops *cops, bool fpend,
				    unsigned long fcl)
{
	static const u32 mins[] = { TC_H_MIN_INGRESS, TC_H_MIN_EGRESS };
	struct tcf_block *seen = NULL, *b;
	unsigned int i, n = 0;
	u8 known = 0;

	for (i = 0; i < ARRAY_SIZE(mins); i++) {
		b = cops->tcf_block(q->child, TC_H_MIN(mins[i]), NULL);
		if (!b || b == seen)
			continue;
		seen = b;
		if ((fpend && fcl == TC_H_MIN(mins[i])) || rec_block_busy(b)) {
			rec_node_filter(q, &nodes[n++], TC_H_MIN(mins[i]),
					TC_H_MAKE(TC_H_CLSACT, mins[i]));
			known |= rec_hook_block_bit(mins[i]);
		}
	}
	WRITE_ONCE(q->hook_known, known);
	return n;
}

/*
 * Record the child's tree (rtnl held, process context). A filter request
 * in progress names the block of class fcl (0: the child's own) before its
 * filter is in: fpend counts it as held.
 */
static void rec_tree(struct rec_sched *q, bool fpend, unsigned long fcl)
{
	struct rec_ops *ro = q->child_ops;
	const struct Qdisc_class_ops *cops;
	struct Qdisc *child = q->child;
	struct rec_tree_walk *a;
	struct rec_node *nodes;
	unsigned int i, n = 0;
	struct qdk_rec r;

	ASSERT_RTNL();
	rec_tslot_update(q);
	if (!ro || child->ops != &ro->ops || !ro->orig->cl_ops ||
	    !READ_ONCE(rec_capturing) || q->session != READ_ONCE(rec_session))
		return;
	cops = ro->orig->cl_ops;
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	nodes = kcalloc(2 * REC_TREE_MAX + 1, sizeof(*nodes), GFP_KERNEL);
	if (!a || !nodes)
		goto out;
	a->w.fn = rec_tree_fn;
	cops->walk(child, &a->w);
	if (child->flags & TCQ_F_INGRESS)
		n += rec_hook_blocks(q, nodes, cops, fpend, fcl);
	else if (cops->tcf_block &&
		 ((fpend && !fcl) || rec_block_busy(cops->tcf_block(child, 0, NULL))))
		rec_node_filter(q, &nodes[n++], 0, child->handle);
	for (i = 0; i < a->n; i++) {
		struct tcmsg tcm = { .tcm_handle = child->handle,
				     .tcm_parent = child->handle };
		struct sk_buff *skb = alloc_skb(NLMSG_GOODSIZE, GFP_KERNEL);
		struct Qdisc *leaf;

		if (!skb)
			break;
		if (cops->dump && cops->dump(child, a->cl[i], skb, &tcm) < 0)
			skb_trim(skb, 0);
		if (cops->change)
			rec_node_set(&nodes[n++], QDK_NODE_CLASS, tcm.tcm_parent,
				     tcm.tcm_handle, child->ops->id, skb);
		else
			kfree_skb(skb);
		leaf = cops->leaf ? cops->leaf(child, a->cl[i]) : NULL;
		/* taprio in software mode: a queue's class leads back to itself */
		if (leaf && leaf != child && leaf->handle &&
		    !(leaf->flags & TCQ_F_BUILTIN)) {
			const struct rec_gopt *g = rec_gopt_of(q, leaf);

			if (g)
				rec_node_set_opt(&nodes[n++], tcm.tcm_handle,
						 leaf, g);
			else
				rec_node_set(&nodes[n++], QDK_NODE_QDISC,
					     tcm.tcm_handle, leaf->handle,
					     leaf->ops->id, rec_dump_child(leaf));
		}
		if (cops->tcf_block &&
		    ((fpend && fcl == a->cl[i]) ||
		     rec_block_busy(cops->tcf_block(child, a->cl[i], NULL))))
			rec_node_filter(q, &nodes[n++], a->cl[i],
					tcm.tcm_handle);
	}
	sch_tree_lock(q->sch);
	rec_head(&r, q, QDK_REC_TREE);
	r.count = n;
	rec_emit(&r);
	for (i = 0; i < n; i++) {
		rec_head(&r, q, QDK_REC_NODE);
		r.node = nodes[i].n;
		rec_emit(&r);
		rec_emit_tca(q, nodes[i].tca, nodes[i].n.tca_len);
	}
	sch_tree_unlock(q->sch);
out:
	for (i = 0; nodes && i < n; i++)
		kfree_skb(nodes[i].dump);
	kfree(nodes);
	kfree(a);
}

/*
 * A tc request of type (RTM_NEWQDISC, RTM_NEWTFILTER), seen by a kprobe
 * before it is handled: its tcmsg and its TCA_KIND and TCA_OPTIONS
 * attributes (NULL when absent); NULL when n is not one.
 */
static const struct tcmsg *rec_tc_request(const struct nlmsghdr *n, u16 type,
					  const struct nlattr **kind,
					  const struct nlattr **opt)
{
	const struct nlattr *a;
	int rem;

	*kind = NULL;
	*opt = NULL;
	if (!n || n->nlmsg_type != type ||
	    nlmsg_len(n) < (int)sizeof(struct tcmsg))
		return NULL;
	nla_for_each_attr(a, nlmsg_attrdata(n, sizeof(struct tcmsg)),
			  nlmsg_attrlen(n, sizeof(struct tcmsg)), rem) {
		if (nla_type(a) == TCA_KIND)
			*kind = a;
		else if (nla_type(a) == TCA_OPTIONS)
			*opt = a;
	}
	return nlmsg_data(n);
}

/* Can a request's kind and options be kept (REC_REQ_MAX bytes)? */
bool rec_tc_request_fits(const struct nlattr *kind,
				const struct nlattr *opt)
{
	return kind && nla_len(kind) > 0 && nla_len(kind) <= IFNAMSIZ &&
	       (!opt || nla_total_size(nla_len(opt)) <= REC_REQ_MAX);
}

/* opt (NULL: none) into dst, header and payload as sent, padding zeroed */
u32 rec_opt_copy(u8 *dst, const struct nlattr *opt)
{
	u32 len = opt ? nla_total_size(nla_len(opt)) : 0;

	if (opt) {
		memset(dst, 0, len);
		memcpy(dst, opt, min_t(u32, len, opt->nla_len));
	}
	return len;
}

/*
 * The filters of the tree: a `tc filter add` to a block of the child is
 * seen by the kprobe on tc_new_tfilter() (rec_ring.c) before the filter
 * core takes rtnl or finds the block: its kind and TCA_OPTIONS, as tc sent
 * them, wait in a slot of the requesting task (rec_filter_request()) until
 * the request names the child's block (rec_cl_tcf_block(), rtnl held).
 * The block keeps them while that filter is its only one; the tree then
 * carries them on the block's FILTER node, and qdk-capture writes a
 * `classifier` line for a kit classifier (traces/FORMAT.md). Anything else
 * a request does to the block (a second filter, a change, a delete) leaves
 * it with filters of unknown options: a `filter` line.
 */
#define REC_FREQ_SLOTS	4

struct rec_freq {
	struct task_struct *task;	/* NULL: free */
	pid_t pid;
	int ifindex;
	u32 len;			/* 0: no TCA_OPTIONS */
	char kind[IFNAMSIZ];
	u8 opt[REC_REQ_MAX];
};

/* REC_FREQ_SLOTS slots, allocated at load; under rec_freq_lock */
static struct rec_freq *rec_freqs;
static unsigned int rec_freq_next;
static DEFINE_SPINLOCK(rec_freq_lock);

/* what a block of the child holds, kept from the request that made it */
struct rec_fopt {
	struct list_head node;		/* rec_sched.fopts, under rtnl */
	unsigned long cl;		/* the block's class, 0: the child's own */
	bool unknown;			/* not one filter made by one request */
	u32 len;
	char kind[IFNAMSIZ];
	u8 opt[REC_REQ_MAX];
};

/*
 * An RTM_NEWTFILTER request, seen by the kprobe on tc_new_tfilter() (no
 * lock held, nothing may sleep): keep its kind and TCA_OPTIONS for the
 * task, in place of any it left before.
 */
void rec_filter_request(const struct nlmsghdr *n)
{
	const struct nlattr *kind, *opt;
	const struct tcmsg *tcm;
	struct rec_freq *f = NULL;
	unsigned int i;

	tcm = rec_tc_request(n, RTM_NEWTFILTER, &kind, &opt);
	if (!rec_freqs || !tcm)
		return;
	spin_lock(&rec_freq_lock);
	for (i = 0; i < REC_FREQ_SLOTS && !f; i++)
		if (rec_freqs[i].task == current)
			f = &rec_freqs[i];
	for (i = 0; i < REC_FREQ_SLOTS && !f; i++)
		if (!rec_freqs[i].task)
			f = &rec_freqs[i];
	if (!f)
		f = &rec_freqs[rec_freq_next++ % REC_FREQ_SLOTS];
	f->task = NULL;
	if (rec_tc_request_fits(kind, opt)) {
		f->task = current;
		f->pid = current->pid;
		f->ifindex = tcm->tcm_ifindex;
		nla_strscpy(f->kind, kind, sizeof(f->kind));
		f->len = rec_opt_copy(f->opt, opt);
	}
	spin_unlock(&rec_freq_lock);
}

/* Forget every waiting request (the probe is gone). */
void rec_filter_requests_clear(void)
{
	spin_lock(&rec_freq_lock);
	if (rec_freqs)
		memset(rec_freqs, 0, REC_FREQ_SLOTS * sizeof(*rec_freqs));
	spin_unlock(&rec_freq_lock);
}

/* Move current's waiting request on device ifindex into e: true if one was. */
static bool rec_freq_take(int ifindex, struct rec_fopt *e)
{
	bool found = false;
	unsigned int i;

	spin_lock(&rec_freq_lock);
	for (i = 0; rec_freqs && i < REC_FREQ_SLOTS && !found; i++) {
		struct rec_freq *f = &rec_freqs[i];

		if (f->task != current || f->pid != current->pid)
			continue;
		f->task = NULL;
		if (f->ifindex != ifindex)
			break;
		found = true;
		e->len = f->len;
		memcpy(e->kind, f->kind, sizeof(e->kind));
		memcpy(e->opt, f->opt, f->len);
	}
	spin_unlock(&rec_freq_lock);
	return found;
}

static struct rec_fopt *rec_fopt_find(struct rec_sched *q, unsigned long cl)
{
	struct rec_fopt *e;

	list_for_each_entry(e, &q->fopts, node)
		if (e->cl == cl)
			return e;
	return NULL;
}

/*
 * A filter request names block (of class cl) of the child, rtnl held,
 * before the filter core changes it: an add to an empty block keeps its
 * request; anything else leaves the block's filters unknown.
 */
static void rec_filter_block(struct rec_sched *q, struct Qdisc *child,
			     unsigned long cl, struct tcf_block *block)
{
	struct rec_fopt *e = rec_fopt_find(q, cl);
	struct rec_fopt *n = kzalloc(sizeof(*n), GFP_KERNEL);
	bool req = n && rec_freq_take(qdisc_dev(child)->ifindex, n);

	if (req && !rec_block_busy(block)) {
		n->cl = cl;
		if (e) {
			list_del(&e->node);
			kfree(e);
		}
		list_add(&n->node, &q->fopts);
		return;
	}
	kfree(n);
	if (e)
		e->unknown = true;
}

/*
 * The FILTER node of the block of class cl (0: the child's own), whose
 * owner is handle: the kind and TCA_OPTIONS of its one filter when known,
 * else no kind.
 */
static void rec_node_filter(struct rec_sched *q, struct rec_node *nd,
			    unsigned long cl, u32 handle)
{
	struct rec_fopt *e = rec_fopt_find(q, cl);

	rec_node_set(nd, QDK_NODE_FILTER, 0, handle, "", NULL);
	if (!e || e->unknown)
		return;
	strscpy(nd->n.kind, e->kind, sizeof(nd->n.kind));
	nd->tca = e->opt;
	nd->n.tca_len = e->len;
}

static void rec_fopts_free(struct rec_sched *q)
{
	struct rec_fopt *e, *tmp;

	list_for_each_entry_safe(e, tmp, &q->fopts, node) {
		list_del(&e->node);
		kfree(e);
	}
}

struct rec_sched *rec_of_child(struct Qdisc *child)
{
	return container_of(child->ops, struct rec_ops, ops)->q;
}

static const struct Qdisc_class_ops *rec_orig_cl(struct Qdisc *child)
{
	return container_of(child->ops, struct rec_ops, ops)->orig->cl_ops;
}

static int rec_cl_change(struct Qdisc *child, u32 classid, u32 parentid,
			 struct nlattr **tca, unsigned long *arg,
			 struct netlink_ext_ack *extack)
{
	int err = rec_orig_cl(child)->change(child, classid, parentid, tca,
					     arg, extack);

	if (!err)
		rec_tree(rec_of_child(child), false, 0);
	return err;
}

static int rec_cl_delete(struct Qdisc *child, unsigned long cl,
			 struct netlink_ext_ack *extack)
{
	int err = rec_orig_cl(child)->delete(child, cl, extack);

	if (!err)
		rec_tree(rec_of_child(child), false, 0);
	return err;
}

static int rec_cl_graft(struct Qdisc *child, unsigned long cl,
			struct Qdisc *new, struct Qdisc **old,
			struct netlink_ext_ack *extack)
{
	int err = rec_orig_cl(child)->graft(child, cl, new, old, extack);

	if (!err)
		rec_tree(rec_of_child(child), false, 0);
	return err;
}

/* a filter request (tc filter add/del: with extack) names this block */
static struct tcf_block *rec_cl_tcf_block(struct Qdisc *child, unsigned long cl,
					  struct netlink_ext_ack *extack)
{
	struct tcf_block *block = rec_orig_cl(child)->tcf_block(child, cl,
								 extack);

	/* ingress's one block, whatever the class: the ingress one (rec_hook_blocks()) */
	if (block && (child->flags & TCQ_F_INGRESS) &&
	    block == rec_orig_cl(child)->tcf_block(child, TC_H_MIN(TC_H_MIN_INGRESS), NULL))
		cl = TC_H_MIN(TC_H_MIN_INGRESS);
	/* a classifier that runs unlocked (flower) finds the block without rtnl */
	if (block && extack && rtnl_is_locked()) {
		rec_filter_block(rec_of_child(child), child, cl, block);
		rec_tree(rec_of_child(child), true, cl);
	}
	return block;
}

void rec_cl_wrap(struct rec_ops *ro)
{
	const struct Qdisc_class_ops *orig = ro->orig->cl_ops;

	ro->cl_ops = *orig;
	if (orig->change)
		ro->cl_ops.change = rec_cl_change;
	if (orig->delete)
		ro->cl_ops.delete = rec_cl_delete;
	if (orig->graft)
		ro->cl_ops.graft = rec_cl_graft;
	if (orig->tcf_block)
		ro->cl_ops.tcf_block = rec_cl_tcf_block;
	ro->ops.cl_ops = &ro->cl_ops;
}

/* Start recording this instance in the current session (rtnl held). */
void rec_arm_q(struct rec_sched *q, bool fresh)
{
	struct Qdisc *sch = q->sch;
	struct rec_dev_params *ps;
	struct sk_buff *opt;
	u32 speed;

	ASSERT_RTNL();
	if (!READ_ONCE(rec_capturing))
		return;
	opt = rec_dump_child(q->child);
	ps = rec_dev_params_get(rec_owner(q->child));
	speed = rec_link_speed(qdisc_dev(q->child));
	sch_tree_lock(sch);
	q->session = rec_session;
	q->waiting = !fresh && q->child->q.qlen;
	/* a root attached in place: what tc sent to make it, when seen */
	rec_emit_conf(sch, q, opt, fresh, q->root && q->req_valid, speed);
	rec_dev_params_emit(ps, q->inst, q->gen);
	rec_dev_follow(q->inst, q->gen, rec_owner(q->child));
	sch_tree_unlock(sch);
	rec_dev_params_put(ps);
	kfree_skb(opt);
	rec_tree(q, false, 0);
}

static void rec_arm(struct Qdisc *sch, bool fresh)
{
	rec_arm_q(qdisc_priv(sch), fresh);
}

/* The held arrivals go to the child, recorded, in the order they came. */
static void rec_release_held(struct Qdisc *sch, struct rec_sched *q,
			     struct sk_buff **to_free)
{
	struct sk_buff *skb;

	while ((skb = __qdisc_dequeue_head(&q->held))) {
		unsigned int len = qdisc_pkt_len(skb);
		int ret = rec_enqueue_child(skb, q, to_free);

		if (ret == NET_XMIT_SUCCESS)
			continue;
		/* counted as ours when it came: not any more */
		if (net_xmit_drop_count(ret))
			qdisc_qstats_drop(sch);
		sch->q.qlen--;
		sch->qstats.backlog -= len;
		qdisc_tree_reduce_backlog(sch, 1, len);
	}
}

/*
 * ops->change() of the child, from the core (rtnl held, process context;
 * the child's change may sleep). Recorded: CHANGE with the options under
 * the tree lock, the change itself with the datapath paused and the
 * child's clock reading the CHANGE's time, then CHANGED with its result and
 * how many packets it took out. Those packets are freed by this task, now
 * or when it releases rtnl (rtnl_kfree_skbs): DROP records flagged CHG
 * until CHGEND (rec_ring.c).
 */
static int rec_child_change(struct Qdisc *child, struct nlattr *opt,
			    struct netlink_ext_ack *extack)
{
	struct rec_ops *ro = container_of(child->ops, struct rec_ops, ops);
	struct rec_sched *q = ro->q;
	struct Qdisc *sch = q->sch;
	struct sk_buff *to_free = NULL;
	struct qdk_rec r;
	u32 qlen = 0;
	bool on;
	int ret;

	ASSERT_RTNL();
	sch_tree_lock(sch);
	on = READ_ONCE(rec_capturing) && q->session == READ_ONCE(rec_session);
	if (on) {
		rec_head(&r, q, QDK_REC_CHANGE);
		if (q->waiting) {
			/* the trace has not begun: the change is a gap in it */
			r.flags |= QDK_RF_NOREC;
			rec_emit(&r);
			on = false;
		}
	}
	if (on) {
		q->paused = true;
		qlen = child->q.qlen;
		r.count = opt ? nla_total_size(nla_len(opt)) : 0;
		rec_emit(&r);
		rec_emit_tca(q, (const u8 *)opt, r.count);
		rec_chg_begin(r.ts, q->inst, q->gen);
		/* what the change draws (netem's correlated generators) */
		rec_rand_begin();
	}
	sch_tree_unlock(sch);

	ret = ro->orig->change(child, opt, extack);
	if (!on)
		return ret;

	sch_tree_lock(sch);
	rec_chg_clock_stop();
	rec_head(&r, q, QDK_REC_DRAW);
	rec_rand_emit(&r);
	rec_rand_end();
	rec_head(&r, q, QDK_REC_CHANGED);
	r.count = ret;
	r.removed = qlen > child->q.qlen ? qlen - child->q.qlen : 0;
	rec_fill_stats(&r, child);
	rec_emit(&r);
	q->paused = false;
	/* what the change made is no timer's work */
	rec_twin_seen(q);
	rec_release_held(sch, q, &to_free);
	sch_tree_unlock(sch);
	kfree_skb_list(to_free);
	if (sch->q.qlen)
		__netif_schedule(qdisc_root(sch));
	return ret;
}

/*
 * A request naming a class of our child as the parent and a handle: keep
 * its options for the grandchild it makes (rtnl held, nothing may sleep).
 * The first request for a handle is its creation; any later one naming the
 * handle (a change or replace, with or without the parent) leaves it to the
 * dump. A request without a handle (the kernel picks one) or
 * too big is not kept: the dump stands for it.
 */
static void rec_gopt_request(struct rec_sched *q, const struct tcmsg *tcm,
			     const struct nlattr *kind, const struct nlattr *opt)
{
	struct rec_gopt *g = NULL;
	unsigned int i;

	if (!q->gopts || !tcm->tcm_handle)
		return;
	/* a change or replace of a kept one, with or without its parent */
	for (i = 0; i < REC_GOPT_SLOTS; i++) {
		if (q->gopts[i].handle == tcm->tcm_handle) {
			q->gopts[i].valid = false;
			return;
		}
	}
	if (!q->child || !q->child->handle ||
	    TC_H_MAJ(tcm->tcm_parent) != q->child->handle ||
	    !TC_H_MIN(tcm->tcm_parent))
		return;
	g = &q->gopts[q->gopt_next++ % REC_GOPT_SLOTS];
	g->handle = tcm->tcm_handle;
	g->valid = rec_tc_request_fits(kind, opt);
	if (!g->valid)
		return;
	nla_strscpy(g->kind, kind, sizeof(g->kind));
	g->len = rec_opt_copy(g->opt, opt);
}

/*
 * An RTM_NEWQDISC request in net, seen by the kprobe on tc_modify_qdisc()
 * before it is handled (rtnl held, nothing may sleep). Creating a qdisc
 * under one of our classes: keep its kind and TCA_OPTIONS for the graft
 * that follows; a device's root: for an attach in place.
 */
bool rec_qdisc_request(const struct net *net, const struct nlmsghdr *n)
{
	const struct nlattr *kind, *opt;
	const struct tcmsg *tcm;
	struct rec_sched *q;
	bool creating = false;

	tcm = rec_tc_request(n, RTM_NEWQDISC, &kind, &opt);
	if (!tcm)
		return false;
	if (tcm->tcm_parent == TC_H_ROOT)
		rec_root_request(net, tcm, kind, opt);
	list_for_each_entry(q, &rec_instances, node) {
		struct Qdisc *sch = q->sch;

		if (qdisc_dev(sch)->ifindex != tcm->tcm_ifindex)
			continue;
		rec_gopt_request(q, tcm, kind, opt);
		if (tcm->tcm_parent != TC_H_MAKE(sch->handle, 1) || !kind ||
		    !q->req_opt)
			continue;
		q->req_valid = rec_tc_request_fits(kind, opt);
		if (!q->req_valid)
			continue;
		creating = true;
		nla_strscpy(q->req_kind, kind, sizeof(q->req_kind));
		q->req_handle = tcm->tcm_handle;
		q->req_len = rec_opt_copy(q->req_opt, opt);
	}
	return creating;
}

void rec_qdisc_arm_all(void)
{
	struct rec_sched *q;

	ASSERT_RTNL();
	list_for_each_entry(q, &rec_instances, node)
		rec_arm_q(q, false);
}

static int rec_init(struct Qdisc *sch, struct nlattr *opt,
		    struct netlink_ext_ack *extack)
{
	struct rec_sched *q = qdisc_priv(sch);
	struct Qdisc *child;

	INIT_LIST_HEAD(&q->node);
	INIT_LIST_HEAD(&q->fopts);
	q->sch = sch;
	q->child = &noop_qdisc;
	if (opt && nla_len(opt)) {
		NL_SET_ERR_MSG(extack, "recorder takes no options");
		return -EINVAL;
	}
	q->req_opt = kmalloc(REC_REQ_MAX, GFP_KERNEL);
	if (!q->req_opt)
		return -ENOMEM;
	q->gopts = kcalloc(REC_GOPT_SLOTS, sizeof(*q->gopts), GFP_KERNEL);
	if (!q->gopts)
		return -ENOMEM;
	/* no bypass until rec_enqueue() sees the child allows it */
	sch->flags &= ~TCQ_F_CAN_BYPASS;
	/*
	 * A BPF qdisc (net/sched/bpf_qdisc.c, 6.16 on) refuses at its init any
	 * parent but the root and one flagged TCQ_F_MQROOT (mq's kind). At the
	 * root the flag changes little else: sch_tree_lock() takes our own
	 * lock either way; tc may no longer give us a rate estimator (we take
	 * none) and may give our child a size table, as at the root. So a
	 * BPF qdisc can be our child.
	 */
	if (sch->parent == TC_H_ROOT)
		sch->flags |= TCQ_F_MQROOT;
	q->inst = ++rec_next_inst;
	child = qdisc_create_dflt(sch->dev_queue, &pfifo_qdisc_ops,
				  TC_H_MAKE(sch->handle, 1), extack);
	if (child) {
		struct rec_ops *ro = rec_ops_new(q, child);

		q->child = child;
		qdisc_hash_add(child, true);
		if (IS_ERR(ro))
			return PTR_ERR(ro);	/* destroy() puts the child */
		rec_ops_install(q, child, ro);
	}
	list_add_tail(&q->node, &rec_instances);
	rec_tslot_update(q);
	rec_arm(sch, true);
	return 0;
}

/* Nothing to change; accepted so generic tooling (`tc qdisc change`) works. */
static int rec_change(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	if (opt && nla_len(opt)) {
		NL_SET_ERR_MSG(extack, "recorder takes no options");
		return -EINVAL;
	}
	return 0;
}

static void rec_destroy(struct Qdisc *sch)
{
	struct rec_sched *q = qdisc_priv(sch);
	struct qdk_rec r;

	/* init may have failed before INIT_LIST_HEAD: priv is zeroed */
	if (q->node.next)
		list_del(&q->node);
	rec_tslot_put(q);
	rec_dev_follow(q->inst, q->gen, NULL);
	if (q->child && READ_ONCE(rec_capturing) &&
	    q->session == READ_ONCE(rec_session)) {
		rec_head(&r, q, QDK_REC_DESTROY);
		rec_emit(&r);
	}
	if (q->child) {
		rec_ops_remove(q, q->child);
		qdisc_put(q->child);
	}
	kfree(q->req_opt);
	kfree(q->gopts);
	/* init may have failed before INIT_LIST_HEAD (as above) */
	if (q->fopts.next)
		rec_fopts_free(q);
}

static int rec_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	return skb->len;
}

static int rec_graft(struct Qdisc *sch, unsigned long arg, struct Qdisc *new,
		     struct Qdisc **old, struct netlink_ext_ack *extack)
{
	struct rec_sched *q = qdisc_priv(sch);
	struct rec_dev_params *ps = NULL;
	struct sk_buff *opt = NULL;
	u32 speed = 0;
	bool dflt = !new;
	struct rec_ops *ro;

	if (dflt) {
		new = qdisc_create_dflt(sch->dev_queue, &pfifo_qdisc_ops,
					TC_H_MAKE(sch->handle, 1), extack);
		if (!new)
			new = &noop_qdisc;
		else
			qdisc_hash_add(new, true);
	}
	ro = new != q->child ? rec_ops_new(q, new) : NULL;
	if (IS_ERR(ro)) {
		if (dflt)
			qdisc_put(new);	/* ours; noop never gets here */
		return PTR_ERR(ro);
	}
	if (READ_ONCE(rec_capturing)) {
		opt = rec_dump_child(new);
		ps = rec_dev_params_get(rec_owner(new));
		speed = rec_link_speed(qdisc_dev(new));
	}

	sch_tree_lock(sch);
	*old = q->child;
	if (new != *old) {
		rec_ops_remove(q, *old);
		rec_ops_install(q, new, ro);
	}
	q->child = new;
	q->gen++;
	/*
	 * Follow the new child's TCQ_F_CAN_BYPASS now: rec_enqueue() follows
	 * it too, but while the flag stays set from the default pfifo the
	 * core sends every packet that finds us empty straight out, and a
	 * child without the flag (etf at s0's root) may never be enqueued
	 * to at all.
	 */
	sch->flags = (sch->flags & ~TCQ_F_CAN_BYPASS) | (new->flags & TCQ_F_CAN_BYPASS);
	rec_tslot_update(q);
	if (*old)
		qdisc_purge_queue(*old);
	if (READ_ONCE(rec_capturing)) {
		bool req = rec_take_request(q, new);
		struct qdk_rec r;

		q->session = rec_session;
		q->waiting = false;
		rec_emit_conf(sch, q, opt, true, req, speed);
		/* what init drew: this task is the request that created it */
		if (req) {
			rec_head(&r, q, QDK_REC_RAND);
			rec_rand_emit(&r);
		}
		rec_dev_params_emit(ps, q->inst, q->gen);
		rec_dev_follow(q->inst, q->gen, rec_owner(new));
	}
	sch_tree_unlock(sch);
	rec_dev_params_put(ps);
	kfree_skb(opt);
	return 0;
}

static struct Qdisc *rec_leaf(struct Qdisc *sch, unsigned long arg)
{
	struct rec_sched *q = qdisc_priv(sch);

	return q->child;
}

static unsigned long rec_find(struct Qdisc *sch, u32 classid)
{
	return TC_H_MIN(classid) == 1 ? 1 : 0;
}

static void rec_walk(struct Qdisc *sch, struct qdisc_walker *arg)
{
	if (arg->stop)
		return;
	tc_qdisc_stats_dump(sch, 1, arg);
}

static int rec_dump_class(struct Qdisc *sch, unsigned long cl,
			  struct sk_buff *skb, struct tcmsg *tcm)
{
	struct rec_sched *q = qdisc_priv(sch);

	tcm->tcm_handle |= TC_H_MIN(cl);
	tcm->tcm_info = q->child->handle;
	return 0;
}

static int rec_dump_class_stats(struct Qdisc *sch, unsigned long cl,
				struct gnet_dump *d)
{
	struct rec_sched *q = qdisc_priv(sch);
	struct Qdisc *child = q->child;

	if (gnet_stats_copy_basic(d, child->cpu_bstats, &child->bstats,
				  true) < 0 ||
	    qdisc_qstats_copy(d, child) < 0)
		return -1;
	return 0;
}

static const struct Qdisc_class_ops rec_class_ops = {
	.graft = rec_graft,
	.leaf = rec_leaf,
	.find = rec_find,
	.walk = rec_walk,
	.dump = rec_dump_class,
	.dump_stats = rec_dump_class_stats,
};

struct Qdisc_ops rec_qdisc_ops __read_mostly = {
	.cl_ops = &rec_class_ops,
	.id = "recorder",
	.priv_size = sizeof(struct rec_sched),
	.enqueue = rec_enqueue,
	.dequeue = rec_dequeue,
	.peek = rec_peek,
	.init = rec_init,
	.reset = rec_reset,
	.destroy = rec_destroy,
	.change = rec_change,
	.dump = rec_dump,
	.owner = THIS_MODULE,
};

int rec_qdisc_init(void)
{
	int err;

	rec_freqs = kcalloc(REC_FREQ_SLOTS, sizeof(*rec_freqs), GFP_KERNEL);
	if (!rec_freqs)
		return -ENOMEM;
	err = register_qdisc(&rec_qdisc_ops);
	if (err) {
		kfree(rec_freqs);
		rec_freqs = NULL;
	}
	return err;
}

void rec_qdisc_exit(void)
{
	rec_roots_exit();
	unregister_qdisc(&rec_qdisc_ops);
	kfree(rec_freqs);
	rec_freqs = NULL;
}
