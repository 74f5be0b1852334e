// SPDX-License-Identifier: GPL-2.0
/*
 * The tc hooks of a device whose ingress or clsact qdisc the recorder is
 * attached to in place (`echo DEV > .../parameters/ingress`, rec_root.c).
 *
 * Such a qdisc makes no call of its own: the core runs its blocks' filters
 * on each packet the device receives (sch_handle_ingress()) and, for
 * clsact, on each it sends (sch_handle_egress()), through tcf_classify()
 * on the qdisc's block. That classification is the instance's call: a
 * HOOK record (the packet, as an enqueue's; QDK_RF_EGRESS on the way out)
 * with the filters' draws and clock reads its own, then the CLS record of
 * what they answered, and, when that is TC_ACT_SHOT, the DROP record of
 * the packet the hook frees right after it returns (kfree_skb_reason() in
 * sch_handle_ingress() and tc_run(), counted in the qdisc's drops, which
 * 75-record compares with the trace's x lines). qdk-capture writes an i
 * or o line (traces/FORMAT.md, "The tc hooks").
 *
 * The hooks run on any CPU at once, without the qdisc's lock (the mini
 * Qdisc is read under RCU), while a classifier may keep state of its own
 * (cls_mered's flow table and bucket): the instance's hook_lock makes one
 * call at a time, so the trace's order is the order the filters ran in.
 * Bottom halves are off in both hooks; the lock is held for one
 * classification. Nothing here allocates or sleeps.
 *
 * The call is the filters' and their actions' work only. An action that
 * sends the packet on (act_mirred to an ifb's root qdisc, a BPF program's
 * clone redirect) runs another device's transmit or receive path inside
 * it, whose qdiscs' drops, draws and clock reads are not this qdisc's: the
 * call is set aside across __dev_queue_xmit() and netif_receive_skb()
 * (rec_nest_ftrace() below), and a hook reached again in there is a call
 * of its own, taken only if its lock is free (a packet sent back to the
 * same device would wait on the lock this CPU holds): if not, a lost event.
 * The hook frees a shot packet itself, after the call: any packet freed or
 * made during it is an action's (mirred's clone), not the qdisc's drop.
 *
 * A filter added without rtnl (flower: its requests run unlocked on an
 * ingress or clsact qdisc) never reaches rec_tree(): the first call
 * through a block whose mini Qdisc is live but which the last TREE did
 * not name gives the tree again, with a FILTER node (kind unknown: a
 * `filter` line) for each live block, before its own record.
 */
#include <linux/ftrace.h>
#include <linux/module.h>
#include <net/pkt_cls.h>
#include <net/sch_generic.h>

#include "rec_compat.h"
#include "rec_sched.h"

/* hook calls open on this CPU, counting those set aside (nested) */
static DEFINE_PER_CPU(unsigned int, rec_hook_depth);

/* The bit of hook_known for a block of class cl (ffff:fff2, ffff:fff3) */
u8 rec_hook_block_bit(u32 cl)
{
	return TC_H_MIN(cl) == TC_H_MIN_EGRESS ? 2 : 1;
}

/* Which of the device's hooks have filters: their mini Qdiscs are live */
static u8 rec_hook_live(const struct Qdisc *sch)
{
	struct net_device *dev = qdisc_dev(sch);

	return (rec_miniq_live(dev, true) ? 1 : 0) |
	       (rec_miniq_live(dev, false) ? 2 : 0);
}

/* The tree again, a FILTER node of unknown kind for each live block */
static void rec_hook_tree(struct rec_sched *q, u8 live, u64 ts)
{
	struct qdk_rec *r = rec_reserve(QDK_REC_TREE, ts, q->inst, q->gen);
	unsigned int i;

	if (!r)
		return;		/* counted lost: qdk-capture refuses the trace */
	r->count = hweight8(live);
	for (i = 0; i < 2; i++) {
		if (!(live & (1 << i)))
			continue;
		r = rec_reserve(QDK_REC_NODE, ts, q->inst, q->gen);
		if (!r)
			return;
		r->node.what = QDK_NODE_FILTER;
		r->node.handle = TC_H_MAKE(TC_H_CLSACT,
					   i ? TC_H_MIN_EGRESS : TC_H_MIN_INGRESS);
	}
	WRITE_ONCE(q->hook_known, live);
}

/* A hook reached inside another on this CPU whose instance is busy */
static void rec_hook_lost(struct rec_sched *q)
{
	struct qdk_rec *r = rec_reserve(QDK_REC_LOST, rec_now(), q->inst, q->gen);

	if (r)
		r->count = 1;
	rec_publish();
}

/*
 * rec_cls_wrap() (rec_cls.c), outside any recorded call, before the real
 * tcf_classify(): is this the classification of an attached qdisc's hook?
 * If so the call is open (its lock held) until rec_hook_end().
 */
bool rec_hook_begin(struct rec_hook *h, struct sk_buff *skb,
		    const struct tcf_block *block, const struct tcf_proto *tp)
{
	struct rec_sched *q;
	u8 live;
	u64 ts;

	/* clsact's egress mini Qdisc has no block (only its filters know it) */
	if (!block && tp)
		block = tp->chain->block;
	q = block ? rec_hook_of(block->q) : NULL;
	if (!q)
		return false;
	if (!this_cpu_read(rec_hook_depth)) {
		spin_lock_bh(&q->hook_lock);
	} else if (!spin_trylock_bh(&q->hook_lock)) {
		rec_hook_lost(q);
		return false;
	}
	if (!rec_call_on(q))
		goto out;
	ts = rec_now();
	live = rec_hook_live(q->child);
	if (unlikely(live & ~READ_ONCE(q->hook_known)))
		rec_hook_tree(q, live, ts);
	h->r = rec_reserve(QDK_REC_HOOK, ts, q->inst, q->gen);
	if (!h->r) {
		rec_call_off(q);
		goto out;	/* counted lost */
	}
	/* per-CPU counters, summed only by a dump */
	h->r->flags |= QDK_RF_NOSTATS | (skb->tc_at_ingress ? 0 : QDK_RF_EGRESS);
	rec_fill_pkt(&h->r->enq, skb);
	h->r->pkt = rec_cookie(skb);
	h->q = q;
	h->ts = ts;
	rec_call_begin(&h->call, ts, q, skb);
	h->call.hook = true;
	this_cpu_inc(rec_hook_depth);
	h->r->jiffies = (u32)h->call.jiffies;
	return true;
out:
	spin_unlock_bh(&q->hook_lock);
	return false;
}

/* ... and the filters answered action (res set when it is not unspec) */
void rec_hook_end(struct rec_hook *h, int action, const struct tcf_result *res)
{
	struct rec_sched *q = h->q;
	struct qdk_rec *r;

	this_cpu_dec(rec_hook_depth);
	rec_call_end(&h->call);
	h->r->count = h->call.draws;
	r = rec_reserve(QDK_REC_CLS, h->ts, q->inst, q->gen);
	if (r) {
		h->r->count++;
		r->cls.action = action;
		r->cls.classid = action >= 0 ? res->classid : 0;
	}
	if (action == TC_ACT_SHOT) {
		r = rec_reserve(QDK_REC_DROP, h->ts, q->inst, q->gen);
		if (r)
			r->pkt = h->r->pkt;
	}
	rec_publish();
	rec_call_off(q);
	spin_unlock_bh(&q->hook_lock);
}

/*
 * Another device's paths inside a hook's call, set aside: the wrappers
 * run the real function with no call active on this CPU, so its qdiscs'
 * drops, draws and clock reads are their own (or another recorded call's).
 * BH stay off throughout, so the CPU is the same on return.
 */
static notrace struct rec_call *rec_nest_enter(void)
{
	struct rec_call *c = this_cpu_read(rec_active);

	this_cpu_write(rec_active, NULL);
	return c;
}

static notrace int rec_xmit_wrap(struct sk_buff *skb, struct net_device *sb_dev)
{
	struct rec_call *c = rec_nest_enter();
	int ret = __dev_queue_xmit(skb, sb_dev);

	this_cpu_write(rec_active, c);
	return ret;
}

static notrace int rec_rx_wrap(struct sk_buff *skb)
{
	struct rec_call *c = rec_nest_enter();
	int ret = netif_receive_skb(skb);

	this_cpu_write(rec_active, c);
	return ret;
}

static notrace void rec_nest_ftrace(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *op,
				    struct ftrace_regs *fregs);

/* __dev_queue_xmit() and netif_receive_skb(), in that order */
static struct ftrace_ops rec_nest_ops[] = {
	REC_IPMODIFY_OPS(rec_nest_ftrace),
	REC_IPMODIFY_OPS(rec_nest_ftrace),
};

static unsigned char rec_nest_names[][20] = { "__dev_queue_xmit", "netif_receive_skb" };
static bool rec_nest_filtered[ARRAY_SIZE(rec_nest_ops)];
static bool rec_nest_on[ARRAY_SIZE(rec_nest_ops)];

static notrace void rec_nest_ftrace(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *op,
				    struct ftrace_regs *fregs)
{
	struct rec_call *c;

	if (in_hardirq() || in_nmi())
		return;
	c = this_cpu_read(rec_active);
	/* a wrapper's own call: the real function runs */
	if (!c || !c->hook || within_module(parent_ip, THIS_MODULE))
		return;
	rec_ftrace_set_ip(fregs, op == &rec_nest_ops[0] ?
			  (unsigned long)rec_xmit_wrap : (unsigned long)rec_rx_wrap);
}

void rec_nest_register(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rec_nest_ops); i++)
		rec_nest_on[i] = rec_ipmodify_try(&rec_nest_ops[i], &rec_nest_filtered[i],
						  rec_nest_names[i],
						  "what an action sends on during a tc hook's call is counted as the hook's");
}

void rec_nest_unregister(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rec_nest_ops); i++) {
		if (rec_nest_on[i])
			unregister_ftrace_function(&rec_nest_ops[i]);
		rec_nest_on[i] = false;
	}
}

void rec_nest_exit(void)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rec_nest_ops); i++)
		rec_ipmodify_free(&rec_nest_ops[i], &rec_nest_filtered[i]);
}
