// SPDX-License-Identifier: GPL-2.0
/*
 * sch_template.c - a drop-tail FIFO queueing discipline, written to be read.
 *
 * Packets leave in the order they arrived. When the queue already holds
 * "limit" packets, an arriving packet is dropped (tail drop). That is all the
 * algorithm there is; everything else in this file is the contract between a
 * qdisc and the kernel's packet scheduler, explained for someone who has
 * never written a qdisc. Start a new qdisc from this file with
 * `make new NAME=yourname` and replace the algorithm, keeping the contract.
 *
 * The same source builds as a kernel module (kbuild) and against qdk's shim in
 * user space (qdk-replay, unit tests, gdb). It uses only the kernel API, with
 * no #ifdef: what works in one world works in the other.
 *
 * How the scheduler uses a qdisc (Linux 6.1, net/core/dev.c and
 * net/sched/sch_generic.c):
 *
 *   - Datapath. dev_queue_xmit() -> __dev_xmit_skb() takes the root qdisc's
 *     spinlock ("root lock", qdisc_lock(root)) and calls ->enqueue(). Later
 *     qdisc_run() -> qdisc_restart() calls ->dequeue() under the same lock and
 *     hands the packet to the driver. Both run with bottom halves disabled,
 *     usually in softirq (NET_TX) context or in the sending task with BH off:
 *     they must never sleep, never take a mutex, never allocate with
 *     GFP_KERNEL, and should be O(1) or close to it - they run for every
 *     packet. A parent qdisc (htb, tbf, prio...) calls its children's ops the
 *     same way, under the same root lock.
 *
 *   - Control path. `tc qdisc add/change/del/show` arrives over rtnetlink:
 *     ->init(), ->change(), ->dump(), ->dump_stats() and ->destroy() run in
 *     process context with the RTNL mutex held. They may sleep and use GFP_KERNEL. The datapath may run
 *     concurrently on another CPU, so anything the datapath reads must be
 *     changed under sch_tree_lock(), which takes the root lock with BH off.
 *
 * Accounting every qdisc must keep exact (tc -s shows it, parents rely on it):
 *   sch->q.qlen          packets queued; the scheduler reads it to know if the
 *                        qdisc is empty, parents sum their children's.
 *   sch->qstats.backlog  bytes queued, counted with qdisc_pkt_len(skb).
 *   sch->qstats.drops    packets this qdisc dropped.
 *   sch->bstats          bytes/packets dequeued (sent).
 * The helpers used below (qdisc_enqueue_tail, qdisc_dequeue_head, qdisc_drop)
 * keep them in step; code that manipulates a queue by hand must do the same.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "template.h"

/*
 * Private state, allocated and zeroed by the core right behind struct Qdisc
 * (Qdisc_ops.priv_size below); qdisc_priv(sch) returns it. The packets
 * themselves live in sch->q, the generic singly linked list every simple
 * qdisc can use, so no allocation is needed here.
 */
struct template_sched_data {
	u32 limit;		/* max packets in sch->q */
	/* statistics for dump_stats(), see struct tc_template_xstats */
	u32 limit_drops;
	u32 change_drops;
	u32 qlen_max;
	u32 backlog_max;
};

/*
 * Netlink policy of the attributes nested in TCA_OPTIONS. The netlink core
 * validates every attribute against it before init()/change() look at the
 * values: the type fixes the length (NLA_U32: exactly 4 bytes), the range
 * rejects 0 and absurd limits. A failed check returns -EINVAL or -ERANGE and
 * sets the extack message ("integer out of range", "invalid attribute
 * length", "Unknown attribute type"), which tc prints to the user.
 */
static struct netlink_range_validation template_limit_range = {
	.min = TEMPLATE_LIMIT_MIN,
	.max = TEMPLATE_LIMIT_MAX,
};

static const struct nla_policy template_policy[TCA_TEMPLATE_MAX + 1] = {
	[TCA_TEMPLATE_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32,
						     &template_limit_range),
};

/*
 * ->enqueue(): take ownership of skb, or drop it.
 *
 * Context: datapath, root lock held, BH disabled; may not sleep.
 *
 * Return value, a NET_XMIT_* code the sender sees (TCP reacts to it):
 *   NET_XMIT_SUCCESS  the packet is queued.
 *   NET_XMIT_DROP     the packet was dropped (qdisc_drop() returns it).
 *   NET_XMIT_CN       congestion: this or another packet was dropped to make
 *                     room, the sender should slow down.
 * A qdisc whose classifier consumed the packet (an action stole it) ORs in
 * __NET_XMIT_STOLEN: a parent asks net_xmit_drop_count(ret) whether to count
 * a drop, and the core masks such bits off (NET_XMIT_MASK) before the
 * sender sees the code.
 *
 * Sizes: account with qdisc_pkt_len(skb), the length the core computed for
 * scheduling (GSO headers included, size tables applied), not skb->len.
 *
 * Dropping: never kfree_skb() here. Put the packet on the *to_free list
 * (qdisc_drop() does that and counts qstats.drops); the core frees the list
 * after releasing the root lock, which keeps the lock hold time short.
 */
static int template_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			    struct sk_buff **to_free)
{
	struct template_sched_data *q = qdisc_priv(sch);
	int ret;

	if (unlikely(sch->q.qlen >= q->limit)) {
		q->limit_drops++;
		return qdisc_drop(skb, sch, to_free);
	}

	/* Appends to sch->q: qlen += 1, backlog += qdisc_pkt_len(skb). */
	ret = qdisc_enqueue_tail(skb, sch);

	q->qlen_max = max(q->qlen_max, sch->q.qlen);
	q->backlog_max = max(q->backlog_max, sch->qstats.backlog);
	return ret;
}

/*
 * ->dequeue(): hand the next packet to send to the caller, or NULL.
 *
 * Context: datapath, root lock held, BH disabled; may not sleep.
 *
 * The returned packet belongs to the caller. Account for it: qlen and
 * backlog go down, bstats goes up (qdisc_dequeue_head() does all three).
 * Returning NULL with packets still queued is allowed (a shaper waiting for
 * tokens): such a qdisc arms its watchdog (qdisc_watchdog_schedule_ns()) so
 * the scheduler calls it again. A qdisc that drops packets here (AQMs like
 * codel) frees them itself and must tell its ancestors with
 * qdisc_tree_reduce_backlog().
 */
static struct sk_buff *template_dequeue(struct Qdisc *sch)
{
	return qdisc_dequeue_head(sch);
}

/*
 * ->peek(): the packet the next dequeue() would return, without removing it.
 *
 * Context: datapath, root lock held. Parents that must know the next
 * packet's size before committing (tbf, hfsc, drr...) call it on their
 * child. A qdisc whose dequeue has side effects (drops, timestamps) uses
 * qdisc_peek_dequeued() instead, which really dequeues and parks the packet
 * in sch->gso_skb.
 */
static struct sk_buff *template_peek(struct Qdisc *sch)
{
	return qdisc_peek_head(sch);
}

/*
 * ->reset(): drop every queued packet; the qdisc stays configured.
 *
 * Called by qdisc_reset() when the device goes down or the qdisc is
 * deactivated or destroyed, in process context with the root lock held
 * (dev_deactivate) or with the qdisc already detached. Freeing happens
 * through rtnl_kfree_skbs() (deferred to RTNL release). The core zeroes
 * sch->q.qlen and sch->qstats.backlog afterwards; clearing them here as
 * well keeps the qdisc consistent on its own. Counters (drops, xstats) are
 * statistics of the qdisc's lifetime and survive a reset.
 */
static void template_reset(struct Qdisc *sch)
{
	qdisc_reset_queue(sch);
	sch->qstats.backlog = 0;
}

/*
 * Apply the options in opt (a TCA_OPTIONS attribute). Attributes that are
 * absent keep their current value.
 *
 * nla_parse() over the payload validates with the strict policy checks
 * (wrong lengths, unknown attribute types and trailing bytes are errors)
 * and accepts TCA_OPTIONS with or without the NLA_F_NESTED flag, which
 * different tc versions set differently.
 */
static int template_apply(struct Qdisc *sch, struct nlattr *opt,
			  struct netlink_ext_ack *extack)
{
	struct template_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_TEMPLATE_MAX + 1];
	unsigned int dropped_pkts = 0, dropped_bytes = 0;
	int err;

	err = nla_parse(tb, TCA_TEMPLATE_MAX, nla_data(opt), nla_len(opt),
			template_policy, extack);
	if (err < 0)
		return err;

	/* Validation is complete: from here on nothing may fail. */
	sch_tree_lock(sch);

	if (tb[TCA_TEMPLATE_LIMIT])
		q->limit = nla_get_u32(tb[TCA_TEMPLATE_LIMIT]);

	/*
	 * A lower limit takes effect at once: packets over it are dropped
	 * from the head (the oldest, as codel and pie do), so qlen <= limit
	 * always holds. pfifo instead keeps the excess until it drains.
	 *
	 * We are not in the datapath, so there is no to_free list:
	 * rtnl_qdisc_drop() frees through rtnl_kfree_skbs() and counts the
	 * drop. The packets were counted in every ancestor's qlen/backlog
	 * too (a parent like htb or tbf adds its children's), so
	 * qdisc_tree_reduce_backlog() walks up the tree and subtracts them;
	 * without it a parent would believe it still holds these packets.
	 */
	while (sch->q.qlen > q->limit) {
		struct sk_buff *skb = __qdisc_dequeue_head(&sch->q);

		dropped_pkts++;
		dropped_bytes += qdisc_pkt_len(skb);
		qdisc_qstats_backlog_dec(sch, skb);
		rtnl_qdisc_drop(skb, sch);
		q->change_drops++;
	}
	qdisc_tree_reduce_backlog(sch, dropped_pkts, dropped_bytes);

	sch_tree_unlock(sch);
	return 0;
}

/*
 * ->change(): `tc qdisc change ... OPTIONS`. Process context, RTNL held.
 *
 * Return 0, or a negative errno with a message in extack for the user
 * (NL_SET_ERR_MSG_MOD prefixes it with the module name). On error the qdisc
 * must be left exactly as it was: validate everything first, then apply.
 * The core calls change() only when the request carries TCA_OPTIONS; a
 * NULL opt (possible from other callers) is refused.
 */
static int template_change(struct Qdisc *sch, struct nlattr *opt,
			   struct netlink_ext_ack *extack)
{
	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	return template_apply(sch, opt, extack);
}

/*
 * ->init(): set up a new qdisc. Process context, RTNL held, the qdisc not
 * yet visible to the datapath. opt is NULL when tc gave no options.
 *
 * Defaults come first, like pfifo: the device's tx_queue_len (`ip link set
 * txqueuelen`), clamped into the accepted range (some virtual devices
 * have 0). If init() fails, the core calls destroy() at once, so
 * destroy() must cope with a half-initialised qdisc.
 */
static int template_init(struct Qdisc *sch, struct nlattr *opt,
			 struct netlink_ext_ack *extack)
{
	struct template_sched_data *q = qdisc_priv(sch);

	q->limit = clamp_t(u32, qdisc_dev(sch)->tx_queue_len,
			   TEMPLATE_LIMIT_MIN, TEMPLATE_LIMIT_MAX);

	if (!opt)
		return 0;
	return template_apply(sch, opt, extack);
}

/*
 * ->destroy(): release what init() allocated. Process context, RTNL held.
 *
 * By then the core has already called reset(), so the queue is empty. A
 * qdisc with timers cancels them here (qdisc_watchdog_cancel()), one with
 * tables frees them (kvfree()), one with filters drops its block
 * (tcf_block_put()). This one allocated nothing.
 */
static void template_destroy(struct Qdisc *sch)
{
}

/*
 * ->dump(): write the current options into skb as TCA_OPTIONS, in the same
 * form init()/change() accept, so `tc qdisc show` prints them and a dump fed
 * back to change() is a no-op. Process context, RTNL held.
 *
 * Return skb->len on success. When the message is full, cancel the nest
 * and return -1 (-EMSGSIZE also works): the core retries with a larger
 * buffer.
 */
static int template_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct template_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_TEMPLATE_LIMIT, q->limit))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

/*
 * ->dump_stats(): the qdisc's own statistics as TCA_XSTATS (`tc -s`).
 * Process context, RTNL held, but not the root lock: the datapath may be
 * updating the counters on another CPU meanwhile. Each is a u32 written
 * only under the root lock, so READ_ONCE() gives a whole value (never a
 * torn one); the set is not an atomic snapshot, which statistics tolerate.
 * The generic counters (bstats, qstats) are dumped by the core; only
 * extras go here.
 */
static int template_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct template_sched_data *q = qdisc_priv(sch);
	struct tc_template_xstats st = {
		.limit_drops	= READ_ONCE(q->limit_drops),
		.change_drops	= READ_ONCE(q->change_drops),
		.qlen_max	= READ_ONCE(q->qlen_max),
		.backlog_max	= READ_ONCE(q->backlog_max),
	};

	return gnet_stats_copy_app(d, &st, sizeof(st));
}

/*
 * The operations table. id is the kind name tc uses; priv_size asks the
 * core for our private area. Only a classful qdisc (one with children or
 * filters) sets cl_ops.
 */
static struct Qdisc_ops template_qdisc_ops __read_mostly = {
	.id		= "template",
	.priv_size	= sizeof(struct template_sched_data),
	.enqueue	= template_enqueue,
	.dequeue	= template_dequeue,
	.peek		= template_peek,
	.init		= template_init,
	.reset		= template_reset,
	.destroy	= template_destroy,
	.change		= template_change,
	.dump		= template_dump,
	.dump_stats	= template_dump_stats,
	.owner		= THIS_MODULE,
};

/*
 * Register the kind on module load; `tc qdisc add ... template` then finds
 * it (the kernel also autoloads a module named sch_<kind>). The .owner
 * reference keeps the module loaded while a qdisc of this kind exists, so
 * unregister_qdisc() never runs under a live instance.
 */
static int __init template_module_init(void)
{
	return register_qdisc(&template_qdisc_ops);
}

static void __exit template_module_exit(void)
{
	unregister_qdisc(&template_qdisc_ops);
}

module_init(template_module_init);
module_exit(template_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Drop-tail FIFO queueing discipline (qdk)");
/* 6.13+ loads a qdisc module on demand by this alias only (6.1 by its name) */
MODULE_ALIAS("net-sch-template");
