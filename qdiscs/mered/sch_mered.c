// SPDX-License-Identifier: GPL-2.0
/*
 * sch_mered.c - Mice and Elephants: short flows first, RED for long ones.
 *
 * After Braithwaite, "Implementation of AQMs on Linux made Easy" (USQ,
 * 2005; docs/references.md), after Guo & Matta, "The war between mice and
 * elephants" (2001). Most flows are short (mice) and suffer from the queue
 * that a few long flows (elephants) build; a mice-and-elephants queue
 * favours the short ones in two ways:
 *
 *   - mice have strict priority at dequeue (two FIFOs, mice first);
 *   - mice are dropped only when the qdisc is full, while elephants are
 *     dropped (or ECN-marked) early by adaptive RED (algo/red.h).
 *
 * Classification: a flow (its 5-tuple, algo/flowtable.h) is a mouse while
 * the bytes it sent, the arriving packet included, are at most `mice`;
 * after that its packets are elephants. A flow that stays idle (nothing
 * queued, nothing sent) for `timeout` starts over as a mouse. A flow's
 * packets never overtake each other: a flow only turns from mouse to
 * elephant (the earlier mice leave first), and only restarts as a mouse
 * when none of its packets is queued.
 *
 * RED: the average follows the whole backlog in bytes (mice included, as
 * RIO does for "out" packets: mice are part of the congestion elephants
 * must react to) and is updated by every arrival; only elephants draw RED's
 * decision. max_p adapts (Floyd, Gummadi & Shenker 2001) every 0.5 s,
 * stepped by arrivals (qred_adapt_lazy(), so a kernel trace replays
 * exactly). With `dropfront` an elephant RED decides to drop is replaced by
 * the oldest queued elephant (the arrival is queued), which signals the
 * congestion a queue-length earlier.
 *
 * Every random decision comes from the qdisc's own generator, seeded by
 * the `seed` option (random when not given, always dumped), which also
 * keys the flow hash.
 */

#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include <algo/flowtable.h>
#include <algo/mice.h>
#include <algo/red.h>
#include <algo/red_qdisc.h>

#include "mered.h"

struct mered_sched_data {
	/* configuration */
	u32 limit;
	u32 mice;
	u32 timeout_us;
	u32 flows;
	u32 qth_min, qth_max, max_p, burst, avpkt, bandwidth;
	bool ecn;
	bool dropfront;
	u32 seed;

	/* state */
	struct qdisc_skb_head mq;	/* mice */
	struct qdisc_skb_head eq;	/* elephants */
	struct flowtable ft;
	struct qred_parms parms;
	struct qred_vars vars;
	struct qred_adapt adapt;
	struct rnd_state rnd;

	/* statistics, see struct tc_mered_xstats */
	u32 mice_pkts, elephant_pkts, mice_drops, limit_drops;
	struct qred_stats red;	/* RED's decisions on elephants */
};

/* Where a queued packet's flow lives, kept in its cb. */
struct mered_skb_cb {
	u32 flow;
};

static struct mered_skb_cb *mered_cb(const struct sk_buff *skb)
{
	qdisc_cb_private_validate(skb, sizeof(struct mered_skb_cb));
	return (struct mered_skb_cb *)qdisc_skb_cb(skb)->data;
}

static struct netlink_range_validation mered_limit_range = {
	.min = MERED_LIMIT_MIN, .max = MERED_LIMIT_MAX,
};

static struct netlink_range_validation mered_timeout_range = {
	.min = 0, .max = MERED_TIMEOUT_MAX,
};

static struct netlink_range_validation mered_flows_range = {
	.min = FLOWTABLE_SIZE_MIN, .max = FLOWTABLE_SIZE_MAX,
};

static struct netlink_range_validation mered_th_range = {
	.min = 1, .max = MERED_TH_MAX,
};

static struct netlink_range_validation mered_burst_range = {
	.min = 1, .max = MERED_BURST_MAX,
};

static struct netlink_range_validation mered_avpkt_range = {
	.min = MERED_AVPKT_MIN, .max = MERED_AVPKT_MAX,
};

static struct netlink_range_validation mered_prob_range = {
	.min = 1, .max = U32_MAX,
};

static struct netlink_range_validation mered_bool_range = {
	.min = 0, .max = 1,
};

static const struct nla_policy mered_policy[TCA_MERED_MAX + 1] = {
	[TCA_MERED_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32, &mered_limit_range),
	[TCA_MERED_MICE] = { .type = NLA_U32 },
	[TCA_MERED_TIMEOUT] = NLA_POLICY_FULL_RANGE(NLA_U32,
						    &mered_timeout_range),
	[TCA_MERED_FLOWS] = NLA_POLICY_FULL_RANGE(NLA_U32, &mered_flows_range),
	[TCA_MERED_QTH_MIN] = NLA_POLICY_FULL_RANGE(NLA_U32, &mered_th_range),
	[TCA_MERED_QTH_MAX] = NLA_POLICY_FULL_RANGE(NLA_U32, &mered_th_range),
	[TCA_MERED_PROBABILITY] = NLA_POLICY_FULL_RANGE(NLA_U32,
							&mered_prob_range),
	[TCA_MERED_BURST] = NLA_POLICY_FULL_RANGE(NLA_U32, &mered_burst_range),
	[TCA_MERED_AVPKT] = NLA_POLICY_FULL_RANGE(NLA_U32, &mered_avpkt_range),
	[TCA_MERED_BANDWIDTH] = { .type = NLA_U32 },
	[TCA_MERED_ECN] = NLA_POLICY_FULL_RANGE(NLA_U32, &mered_bool_range),
	[TCA_MERED_DROPFRONT] = NLA_POLICY_FULL_RANGE(NLA_U32,
						      &mered_bool_range),
	[TCA_MERED_SEED] = { .type = NLA_U32 },
};

/* A queued packet of flow e leaves: the flow and the qdisc forget it. */
static void mered_unlink(struct Qdisc *sch, struct sk_buff *skb, u64 now)
{
	struct mered_sched_data *q = qdisc_priv(sch);

	flowtable_dequeued(&q->ft, flowtable_at(&q->ft, mered_cb(skb)->flow),
			   qdisc_pkt_len(skb), now);
	qdisc_qstats_backlog_dec(sch, skb);
	sch->q.qlen--;
}

/* A packet of flow e was put on one of the queues: account for it. */
static void mered_link(struct Qdisc *sch, struct sk_buff *skb,
		       struct flowtable_entry *e)
{
	struct mered_sched_data *q = qdisc_priv(sch);

	mered_cb(skb)->flow = flowtable_index(&q->ft, e);
	flowtable_enqueued(&q->ft, e, qdisc_pkt_len(skb));
	qdisc_qstats_backlog_inc(sch, skb);
	sch->q.qlen++;
}

static int mered_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			 struct sk_buff **to_free)
{
	struct mered_sched_data *q = qdisc_priv(sch);
	u32 len = qdisc_pkt_len(skb);
	struct flowtable_entry *e;
	u64 now = ktime_get_ns();
	bool created, mouse;

	e = flowtable_get(&q->ft, skb, now, &created);
	mouse = mice_arrival(&q->ft, e, len, q->mice);

	/* Every arrival moves the average; only elephants are judged by it. */
	qred_calc_qavg(&q->parms, &q->vars, sch->qstats.backlog, now);
	qred_adapt_lazy(&q->parms, &q->adapt, q->vars.qavg, now);

	if (mouse) {
		q->mice_pkts++;
		if (unlikely(sch->q.qlen >= q->limit)) {
			q->mice_drops++;
			return qdisc_drop(skb, sch, to_free);
		}
		__qdisc_enqueue_tail(skb, &q->mq);
		goto queued;
	}

	q->elephant_pkts++;
	if (qred_mark_or_drop(skb, qred_action(&q->parms, &q->vars, &q->rnd),
			      q->ecn, &q->red))
		goto congestion_drop;

	if (unlikely(sch->q.qlen >= q->limit)) {
		q->limit_drops++;
		return qdisc_drop(skb, sch, to_free);
	}
	__qdisc_enqueue_tail(skb, &q->eq);

queued:
	mered_link(sch, skb, e);
	return NET_XMIT_SUCCESS;

congestion_drop:
	if (q->dropfront && q->eq.qlen) {
		/* Drop the oldest elephant instead and queue the arrival. */
		struct sk_buff *old = __qdisc_dequeue_head(&q->eq);
		u32 old_len = qdisc_pkt_len(old);

		mered_unlink(sch, old, now);
		qdisc_drop(old, sch, to_free);
		__qdisc_enqueue_tail(skb, &q->eq);
		mered_link(sch, skb, e);
		/*
		 * The arrival is queued (parents count it from the return
		 * value); the packet dropped in its place was counted by
		 * every ancestor: take it back, as fq_codel does, once the
		 * queue holds the arrival (so no parent is told it emptied).
		 */
		qdisc_tree_reduce_backlog(sch, 1, old_len);
		return NET_XMIT_SUCCESS;
	}
	return qdisc_drop(skb, sch, to_free);
}

static struct sk_buff *mered_dequeue(struct Qdisc *sch)
{
	struct mered_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb;
	u64 now;

	skb = __qdisc_dequeue_head(&q->mq);
	if (!skb)
		skb = __qdisc_dequeue_head(&q->eq);
	if (!skb)
		return NULL;
	now = ktime_get_ns();
	mered_unlink(sch, skb, now);
	if (!sch->q.qlen)
		qred_start_idle(&q->vars, now);
	qdisc_bstats_update(sch, skb);
	return skb;
}

static struct sk_buff *mered_peek(struct Qdisc *sch)
{
	struct mered_sched_data *q = qdisc_priv(sch);

	return q->mq.head ? q->mq.head : q->eq.head;
}

static void mered_reset(struct Qdisc *sch)
{
	struct mered_sched_data *q = qdisc_priv(sch);

	__qdisc_reset_queue(&q->mq);
	__qdisc_reset_queue(&q->eq);
	sch->q.qlen = 0;
	sch->qstats.backlog = 0;
	flowtable_reset(&q->ft);
	qred_vars_init(&q->vars);
}

/* Options after validation, applied all at once. */
struct mered_cfg {
	u32 limit, mice, timeout_us, flows;
	u32 qth_min, qth_max, max_p, burst, avpkt, bandwidth;
	bool ecn, dropfront;
	u32 seed;
	int wlog;
};

static u32 mered_get(struct nlattr **tb, int type, u32 cur)
{
	return tb[type] ? nla_get_u32(tb[type]) : cur;
}

/*
 * Parse opt over the current configuration into c. init is true from
 * init(), where the flow table does not exist yet. Nothing is changed.
 */
static int mered_parse(struct Qdisc *sch, struct nlattr *opt,
		       struct mered_cfg *c, bool init,
		       struct netlink_ext_ack *extack)
{
	struct mered_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_MERED_MAX + 1];
	int err;

	err = nla_parse(tb, TCA_MERED_MAX, nla_data(opt), nla_len(opt),
			mered_policy, extack);
	if (err < 0)
		return err;

	c->limit = mered_get(tb, TCA_MERED_LIMIT, q->limit);
	c->mice = mered_get(tb, TCA_MERED_MICE, q->mice);
	c->timeout_us = mered_get(tb, TCA_MERED_TIMEOUT, q->timeout_us);
	c->flows = mered_get(tb, TCA_MERED_FLOWS, q->flows);
	c->qth_min = mered_get(tb, TCA_MERED_QTH_MIN, q->qth_min);
	c->qth_max = mered_get(tb, TCA_MERED_QTH_MAX, q->qth_max);
	c->max_p = mered_get(tb, TCA_MERED_PROBABILITY, q->max_p);
	c->avpkt = mered_get(tb, TCA_MERED_AVPKT, q->avpkt);
	c->bandwidth = mered_get(tb, TCA_MERED_BANDWIDTH, q->bandwidth);
	c->ecn = mered_get(tb, TCA_MERED_ECN, q->ecn);
	c->dropfront = mered_get(tb, TCA_MERED_DROPFRONT, q->dropfront);
	c->seed = mered_get(tb, TCA_MERED_SEED, q->seed);

	if (!init && c->flows != q->flows) {
		NL_SET_ERR_MSG_ATTR(extack, tb[TCA_MERED_FLOWS],
				    "flows cannot be changed: delete and add the qdisc");
		return -EINVAL;
	}
	if (!init && c->seed != q->seed) {
		NL_SET_ERR_MSG_ATTR(extack, tb[TCA_MERED_SEED],
				    "seed cannot be changed: delete and add the qdisc");
		return -EINVAL;
	}
	if (c->qth_min >= c->qth_max) {
		NL_SET_ERR_MSG_MOD(extack, "min must be below max");
		return -EINVAL;
	}
	/*
	 * The burst defaults from the thresholds, as in tc-red, unless it was
	 * given now or before (a dump gives it back, so it sticks).
	 */
	if (tb[TCA_MERED_BURST])
		c->burst = nla_get_u32(tb[TCA_MERED_BURST]);
	else if (q->burst && !tb[TCA_MERED_QTH_MIN] && !tb[TCA_MERED_QTH_MAX] &&
		 !tb[TCA_MERED_AVPKT])
		c->burst = q->burst;
	else
		c->burst = qred_default_burst(c->qth_min, c->qth_max, c->avpkt);
	c->wlog = qred_eval_wlog(c->qth_min, c->burst, c->avpkt);
	if (c->wlog < 0) {
		NL_SET_ERR_MSG_MOD(extack,
				   "burst too small for min: no RED weight fits");
		return -EINVAL;
	}
	return 0;
}

/* Apply a parsed configuration (under the tree lock once live). */
static void mered_apply(struct Qdisc *sch, const struct mered_cfg *c)
{
	struct mered_sched_data *q = qdisc_priv(sch);
	unsigned int dropped_pkts = 0, dropped_bytes = 0;
	u8 old_wlog = q->parms.Wlog;
	u64 now = ktime_get_ns();
	u32 max_p = c->max_p;

	/* a new probability restarts adaptation from it; else keep max_p */
	if (c->max_p == q->max_p && q->parms.max_p)
		max_p = q->parms.max_p;

	q->limit = c->limit;
	q->mice = c->mice;
	q->timeout_us = c->timeout_us;
	q->flows = c->flows;
	q->qth_min = c->qth_min;
	q->qth_max = c->qth_max;
	q->max_p = c->max_p;
	q->burst = c->burst;
	q->avpkt = c->avpkt;
	q->bandwidth = c->bandwidth;
	q->ecn = c->ecn;
	q->dropfront = c->dropfront;
	q->seed = c->seed;

	q->ft.timeout = (u64)c->timeout_us * NSEC_PER_USEC;
	qred_set_parms(&q->parms, c->qth_min, c->qth_max, max_p, c->wlog,
		       false, qred_ptime_ns(c->avpkt, c->bandwidth));
	if (old_wlog)
		qred_rescale(&q->parms, &q->vars, old_wlog);
	qred_adapt_set(&q->adapt, &q->parms, QRED_ADAPT_INTERVAL_NS, 0, 0);

	/* A lower limit: drop elephants from the head, then mice. */
	while (sch->q.qlen > q->limit) {
		struct sk_buff *skb = __qdisc_dequeue_head(&q->eq);

		if (!skb)
			skb = __qdisc_dequeue_head(&q->mq);
		dropped_pkts++;
		dropped_bytes += qdisc_pkt_len(skb);
		mered_unlink(sch, skb, now);
		rtnl_qdisc_drop(skb, sch);
		q->limit_drops++;
	}
	qdisc_tree_reduce_backlog(sch, dropped_pkts, dropped_bytes);
}

static int mered_change(struct Qdisc *sch, struct nlattr *opt,
			struct netlink_ext_ack *extack)
{
	struct mered_cfg c;
	int err;

	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	err = mered_parse(sch, opt, &c, false, extack);
	if (err)
		return err;
	sch_tree_lock(sch);
	mered_apply(sch, &c);
	sch_tree_unlock(sch);
	return 0;
}

static int mered_init(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	struct mered_sched_data *q = qdisc_priv(sch);
	struct mered_cfg c;
	int err;

	q->limit = clamp_t(u32, qdisc_dev(sch)->tx_queue_len,
			   MERED_LIMIT_MIN, MERED_LIMIT_MAX);
	q->mice = MERED_DEF_MICE;
	q->timeout_us = MERED_DEF_TIMEOUT;
	q->flows = MERED_DEF_FLOWS;
	q->qth_min = MERED_DEF_MIN;
	q->qth_max = MERED_DEF_MAX;
	q->max_p = QRED_PROB(2, 100);
	q->avpkt = MERED_DEF_AVPKT;
	q->bandwidth = MERED_DEF_BANDWIDTH;
	q->seed = get_random_u32();
	qred_vars_init(&q->vars);

	if (opt) {
		err = mered_parse(sch, opt, &c, true, extack);
		if (err)
			return err;
	} else {
		c = (struct mered_cfg){
			.limit = q->limit, .mice = q->mice,
			.timeout_us = q->timeout_us, .flows = q->flows,
			.qth_min = q->qth_min, .qth_max = q->qth_max,
			.max_p = q->max_p, .avpkt = q->avpkt,
			.bandwidth = q->bandwidth, .seed = q->seed,
		};
		c.burst = qred_default_burst(c.qth_min, c.qth_max, c.avpkt);
		c.wlog = qred_eval_wlog(c.qth_min, c.burst, c.avpkt);
	}
	err = flowtable_init(&q->ft, c.flows, 0, c.seed);
	if (err)
		return err;
	prandom_seed_state(&q->rnd, c.seed);
	mered_apply(sch, &c);
	return 0;
}

static void mered_destroy(struct Qdisc *sch)
{
	struct mered_sched_data *q = qdisc_priv(sch);

	flowtable_free(&q->ft);
}

static int mered_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct mered_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_MERED_LIMIT, q->limit) ||
	    nla_put_u32(skb, TCA_MERED_MICE, q->mice) ||
	    nla_put_u32(skb, TCA_MERED_TIMEOUT, q->timeout_us) ||
	    nla_put_u32(skb, TCA_MERED_FLOWS, q->flows) ||
	    nla_put_u32(skb, TCA_MERED_QTH_MIN, q->qth_min) ||
	    nla_put_u32(skb, TCA_MERED_QTH_MAX, q->qth_max) ||
	    nla_put_u32(skb, TCA_MERED_PROBABILITY, q->max_p) ||
	    nla_put_u32(skb, TCA_MERED_BURST, q->burst) ||
	    nla_put_u32(skb, TCA_MERED_AVPKT, q->avpkt) ||
	    nla_put_u32(skb, TCA_MERED_BANDWIDTH, q->bandwidth) ||
	    nla_put_u32(skb, TCA_MERED_ECN, q->ecn) ||
	    nla_put_u32(skb, TCA_MERED_DROPFRONT, q->dropfront) ||
	    nla_put_u32(skb, TCA_MERED_SEED, q->seed))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

static int mered_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct mered_sched_data *q = qdisc_priv(sch);
	struct tc_mered_xstats st = {
		.mice_pkts	= READ_ONCE(q->mice_pkts),
		.elephant_pkts	= READ_ONCE(q->elephant_pkts),
		.mice_drops	= READ_ONCE(q->mice_drops),
		.limit_drops	= READ_ONCE(q->limit_drops),
		.prob_drops	= READ_ONCE(q->red.prob_drop),
		.prob_marks	= READ_ONCE(q->red.prob_mark),
		.forced_drops	= READ_ONCE(q->red.forced_drop),
		.mice_qlen	= READ_ONCE(q->mq.qlen),
		.elephant_qlen	= READ_ONCE(q->eq.qlen),
		.qavg		= qred_qavg(&q->parms, READ_ONCE(q->vars.qavg)),
		.max_p		= READ_ONCE(q->parms.max_p),
		.flows		= READ_ONCE(q->ft.stats.flows),
		.evictions	= READ_ONCE(q->ft.stats.evictions),
		.overflows	= READ_ONCE(q->ft.stats.overflows),
		.busy_flows	= READ_ONCE(q->ft.busy),
	};

	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops mered_qdisc_ops __read_mostly = {
	.id		= "mered",
	.priv_size	= sizeof(struct mered_sched_data),
	.enqueue	= mered_enqueue,
	.dequeue	= mered_dequeue,
	.peek		= mered_peek,
	.init		= mered_init,
	.reset		= mered_reset,
	.destroy	= mered_destroy,
	.change		= mered_change,
	.dump		= mered_dump,
	.dump_stats	= mered_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init mered_module_init(void)
{
	return register_qdisc(&mered_qdisc_ops);
}

static void __exit mered_module_exit(void)
{
	unregister_qdisc(&mered_qdisc_ops);
}

module_init(mered_module_init);
module_exit(mered_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Mice and Elephants queueing discipline over adaptive RED (qdk)");
MODULE_ALIAS("net-sch-mered");
