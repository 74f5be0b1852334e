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
 */
#include <net/pkt_cls.h>
#include <net/sch_generic.h>

#include "rec_sched.h"

/*
 * rec_cls_wrap() (rec_cls.c), outside any recorded call, before the real
 * tcf_classify(): is this the classification of an attached qdisc's hook?
 * If so the call is open (its lock held) until rec_hook_end().
 */
bool rec_hook_begin(struct rec_hook *h, struct sk_buff *skb,
		    const struct tcf_block *block, const struct tcf_proto *tp)
{
	struct rec_sched *q;
	u64 ts;

	/* clsact's egress mini Qdisc has no block (only its filters know it) */
	if (!block && tp)
		block = tp->chain->block;
	q = block ? rec_hook_of(block->q) : NULL;
	if (!q)
		return false;
	spin_lock_bh(&q->hook_lock);
	if (!rec_call_on(q))
		goto out;
	ts = rec_now();
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
