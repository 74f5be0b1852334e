// SPDX-License-Identifier: GPL-2.0
/*
 * sch_fred.c - FRED, Flow Random Early Drop (Lin & Morris, "Dynamics of
 * Random Early Detection", SIGCOMM '97).
 *
 * RED drops each arriving packet with the same probability whatever its
 * flow, so a flow that ignores drops keeps its rate and takes the queue
 * from the flows that back off, and a fragile flow with a small window
 * loses packets it cannot spare. FRED keeps RED's average (algo/red.h) and
 * adds accounting per active flow, a flow being active while it has
 * packets queued (flow table: algo/flowtable.h):
 *
 *   qlen_i    packets of flow i in the queue
 *   Nactive   flows with qlen_i > 0
 *   avgcq     the average per-flow queue, avg / Nactive (at least 1)
 *   minq      what every flow may queue without risk of early drop
 *   maxq      what no flow may exceed (the min threshold; 2 while the
 *             average is past max)
 *   strike_i  how often flow i overran; a flow with more than one strike
 *             is non-adaptive and is held to avgcq
 *
 * For each arrival of flow i, with avg updated:
 *
 *   if qlen_i >= maxq, or avg >= max and qlen_i > 2 avgcq,
 *      or qlen_i >= avgcq and strike_i > 1:
 *           strike_i++, drop                         (per-flow quota)
 *   if min <= avg < max:                             (random drop mode)
 *       if qlen_i >= max(minq, avgcq): RED's count-spaced coin: drop/mark
 *       (fragile flows, below minq and avgcq, are never dropped early)
 *   else if avg >= max: drop                         (drop mode)
 *   enqueue (tail drop at limit)
 *
 * The average moves at arrivals and, as in the paper, at departures too, so
 * it follows the queue down when packets leave. FRED counts packets, as
 * the paper does; all thresholds are packets.
 *
 * A flow's state (strikes) lives as long as it has packets queued, as in
 * the paper, plus `timeout` (0 by default) after its queue drained. Every
 * random decision comes from the qdisc's own generator, seeded by `seed`
 * (random when not given, always dumped), which also keys the flow hash.
 */

#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include <algo/flowtable.h>
#include <algo/red.h>
#include <algo/red_qdisc.h>

#include "fred.h"

struct fred_cfg {
	u32 limit, qth_min, qth_max, max_p, burst, avpkt, bandwidth;
	u32 minq, maxq, flows, timeout_us, seed;
	bool ecn;
	int wlog;
};

struct fred_sched_data {
	struct fred_cfg cfg;
	struct flowtable ft;
	struct qred_parms parms;
	struct qred_vars vars;
	struct rnd_state rnd;

	/* statistics, see struct tc_fred_xstats */
	u32 maxq_drops, fair_drops, strike_drops, limit_drops;
	struct qred_stats red;	/* RED's early and forced decisions */
};

struct fred_skb_cb {
	u32 flow;
};

static struct fred_skb_cb *fred_cb(const struct sk_buff *skb)
{
	qdisc_cb_private_validate(skb, sizeof(struct fred_skb_cb));
	return (struct fred_skb_cb *)qdisc_skb_cb(skb)->data;
}

static struct netlink_range_validation fred_limit_range = {
	.min = FRED_LIMIT_MIN, .max = FRED_LIMIT_MAX,
};

static struct netlink_range_validation fred_th_range = {
	.min = 1, .max = FRED_TH_MAX,
};

static struct netlink_range_validation fred_prob_range = {
	.min = 1, .max = U32_MAX,
};

static struct netlink_range_validation fred_burst_range = {
	.min = 1, .max = FRED_BURST_MAX,
};

static struct netlink_range_validation fred_avpkt_range = {
	.min = FRED_AVPKT_MIN, .max = FRED_AVPKT_MAX,
};

static struct netlink_range_validation fred_minq_range = {
	.min = 1, .max = FRED_MINQ_MAX,
};

static struct netlink_range_validation fred_maxq_range = {
	.min = 0, .max = FRED_TH_MAX,
};

static struct netlink_range_validation fred_flows_range = {
	.min = FLOWTABLE_SIZE_MIN, .max = FLOWTABLE_SIZE_MAX,
};

static struct netlink_range_validation fred_timeout_range = {
	.min = 0, .max = FRED_TIMEOUT_MAX,
};

static struct netlink_range_validation fred_bool_range = {
	.min = 0, .max = 1,
};

static const struct nla_policy fred_policy[TCA_FRED_MAX + 1] = {
	[TCA_FRED_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_limit_range),
	[TCA_FRED_QTH_MIN] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_th_range),
	[TCA_FRED_QTH_MAX] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_th_range),
	[TCA_FRED_PROBABILITY] = NLA_POLICY_FULL_RANGE(NLA_U32,
						       &fred_prob_range),
	[TCA_FRED_BURST] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_burst_range),
	[TCA_FRED_AVPKT] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_avpkt_range),
	[TCA_FRED_BANDWIDTH] = { .type = NLA_U32 },
	[TCA_FRED_MINQ] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_minq_range),
	[TCA_FRED_MAXQ] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_maxq_range),
	[TCA_FRED_FLOWS] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_flows_range),
	[TCA_FRED_TIMEOUT] = NLA_POLICY_FULL_RANGE(NLA_U32,
						   &fred_timeout_range),
	[TCA_FRED_ECN] = NLA_POLICY_FULL_RANGE(NLA_U32, &fred_bool_range),
	[TCA_FRED_SEED] = { .type = NLA_U32 },
};

/* The per-flow quota test. Scaled by 2^Wlog like the average. */
static bool fred_over_quota(struct fred_sched_data *q,
			    const struct flowtable_entry *e, u64 avgcq)
{
	u64 sqlen = (u64)e->qlen << q->parms.Wlog;
	bool drop_mode = q->vars.qavg >= q->parms.Sqth_max;
	u32 maxq = q->cfg.maxq ? q->cfg.maxq : q->cfg.qth_min;

	if (drop_mode)
		maxq = 2;
	if (e->qlen >= maxq) {
		q->maxq_drops++;
		return true;
	}
	if (drop_mode && sqlen > 2 * avgcq) {
		q->fair_drops++;
		return true;
	}
	if (sqlen >= avgcq && e->strikes > 1) {
		q->strike_drops++;
		return true;
	}
	return false;
}

static int fred_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			struct sk_buff **to_free)
{
	struct fred_sched_data *q = qdisc_priv(sch);
	u32 len = qdisc_pkt_len(skb);
	struct flowtable_entry *e;
	u64 now = ktime_get_ns();
	u64 qavg, avgcq;
	bool created;
	u32 nactive;

	e = flowtable_get(&q->ft, skb, now, &created);
	flowtable_arrival(e, len);
	qavg = qred_calc_qavg(&q->parms, &q->vars, sch->q.qlen, now);

	/* avgcq = avg / Nactive, at least one packet */
	nactive = q->ft.busy;
	avgcq = nactive ? div_u64(qavg, nactive) : qavg;
	avgcq = max_t(u64, avgcq, 1ULL << q->parms.Wlog);

	if (fred_over_quota(q, e, avgcq)) {
		e->strikes++;
		goto drop;
	}

	if (qavg < q->parms.Sqth_min) {
		qred_action(&q->parms, &q->vars, &q->rnd);	/* resets count */
	} else if (qavg < q->parms.Sqth_max) {
		u64 robust = max_t(u64, (u64)q->cfg.minq << q->parms.Wlog,
				   avgcq);

		/* only flows holding at least max(minq, avgcq) risk a drop */
		if (((u64)e->qlen << q->parms.Wlog) >= robust &&
		    qred_mark_or_drop(skb,
				      qred_action(&q->parms, &q->vars, &q->rnd),
				      q->cfg.ecn, &q->red))
			goto drop;
	} else {
		qred_action(&q->parms, &q->vars, &q->rnd);	/* hard */
		q->red.forced_drop++;
		goto drop;
	}

	if (unlikely(sch->q.qlen >= q->cfg.limit)) {
		q->limit_drops++;
		goto drop;
	}
	fred_cb(skb)->flow = flowtable_index(&q->ft, e);
	flowtable_enqueued(&q->ft, e, len);
	return qdisc_enqueue_tail(skb, sch);

drop:
	return qdisc_drop(skb, sch, to_free);
}

/* A packet left the queue: its flow's count, and the average, follow. */
static void fred_unlink(struct Qdisc *sch, struct sk_buff *skb, u64 now)
{
	struct fred_sched_data *q = qdisc_priv(sch);

	flowtable_dequeued(&q->ft, flowtable_at(&q->ft, fred_cb(skb)->flow),
			   qdisc_pkt_len(skb), now);
	if (!sch->q.qlen)
		qred_start_idle(&q->vars, now);
	else
		qred_calc_qavg(&q->parms, &q->vars, sch->q.qlen, now);
}

static struct sk_buff *fred_dequeue(struct Qdisc *sch)
{
	struct sk_buff *skb = qdisc_dequeue_head(sch);

	if (skb)
		fred_unlink(sch, skb, ktime_get_ns());
	return skb;
}

static struct sk_buff *fred_peek(struct Qdisc *sch)
{
	return qdisc_peek_head(sch);
}

static void fred_reset(struct Qdisc *sch)
{
	struct fred_sched_data *q = qdisc_priv(sch);

	qdisc_reset_queue(sch);
	sch->qstats.backlog = 0;
	flowtable_reset(&q->ft);
	qred_vars_init(&q->vars);
}

static u32 fred_get(struct nlattr **tb, int type, u32 cur)
{
	return tb[type] ? nla_get_u32(tb[type]) : cur;
}

/*
 * Parse opt (NULL: none) over the current configuration into c, checking
 * everything. init: called from init(), where flows and seed may be set.
 */
static int fred_parse(struct Qdisc *sch, struct nlattr *opt,
		      struct fred_cfg *c, bool init,
		      struct netlink_ext_ack *extack)
{
	struct fred_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_FRED_MAX + 1] = { NULL };
	const struct fred_cfg *o = &q->cfg;
	int err;

	if (opt) {
		err = nla_parse(tb, TCA_FRED_MAX, nla_data(opt), nla_len(opt),
				fred_policy, extack);
		if (err < 0)
			return err;
	}
	c->limit = fred_get(tb, TCA_FRED_LIMIT, o->limit);
	c->qth_min = fred_get(tb, TCA_FRED_QTH_MIN, o->qth_min);
	c->qth_max = fred_get(tb, TCA_FRED_QTH_MAX, o->qth_max);
	c->max_p = fred_get(tb, TCA_FRED_PROBABILITY, o->max_p);
	c->avpkt = fred_get(tb, TCA_FRED_AVPKT, o->avpkt);
	c->bandwidth = fred_get(tb, TCA_FRED_BANDWIDTH, o->bandwidth);
	c->minq = fred_get(tb, TCA_FRED_MINQ, o->minq);
	c->maxq = fred_get(tb, TCA_FRED_MAXQ, o->maxq);
	c->flows = fred_get(tb, TCA_FRED_FLOWS, o->flows);
	c->timeout_us = fred_get(tb, TCA_FRED_TIMEOUT, o->timeout_us);
	c->ecn = fred_get(tb, TCA_FRED_ECN, o->ecn);
	c->seed = fred_get(tb, TCA_FRED_SEED, o->seed);

	if (!init && c->flows != o->flows) {
		NL_SET_ERR_MSG_ATTR(extack, tb[TCA_FRED_FLOWS],
				    "flows cannot be changed: delete and add the qdisc");
		return -EINVAL;
	}
	if (!init && c->seed != o->seed) {
		NL_SET_ERR_MSG_ATTR(extack, tb[TCA_FRED_SEED],
				    "seed cannot be changed: delete and add the qdisc");
		return -EINVAL;
	}
	if (c->qth_min >= c->qth_max) {
		NL_SET_ERR_MSG_MOD(extack, "min must be below max");
		return -EINVAL;
	}
	if (c->maxq && c->maxq < c->minq) {
		NL_SET_ERR_MSG_MOD(extack, "maxq must not be below minq");
		return -EINVAL;
	}
	/* burst: given, else kept (a dump gives it back), else tc-red's */
	if (tb[TCA_FRED_BURST])
		c->burst = nla_get_u32(tb[TCA_FRED_BURST]);
	else if (o->burst && !tb[TCA_FRED_QTH_MIN] && !tb[TCA_FRED_QTH_MAX])
		c->burst = o->burst;
	else
		c->burst = qred_default_burst(c->qth_min, c->qth_max, 1);
	c->wlog = qred_eval_wlog(c->qth_min, c->burst, 1);
	if (c->wlog < 0) {
		NL_SET_ERR_MSG_MOD(extack,
				   "burst too small for min: no RED weight fits");
		return -EINVAL;
	}
	return 0;
}

static void fred_apply(struct Qdisc *sch, const struct fred_cfg *c)
{
	struct fred_sched_data *q = qdisc_priv(sch);
	unsigned int dropped_pkts = 0, dropped_bytes = 0;
	u8 old_wlog = q->parms.Wlog;
	u64 now = ktime_get_ns();

	q->cfg = *c;
	q->ft.timeout = (u64)c->timeout_us * NSEC_PER_USEC;
	qred_set_parms(&q->parms, c->qth_min, c->qth_max, c->max_p, c->wlog,
		       false, qred_ptime_ns(c->avpkt, c->bandwidth));
	if (old_wlog)
		qred_rescale(&q->parms, &q->vars, old_wlog);

	/* A lower limit drops the oldest packets at once. */
	while (sch->q.qlen > c->limit) {
		struct sk_buff *skb = __qdisc_dequeue_head(&sch->q);

		dropped_pkts++;
		dropped_bytes += qdisc_pkt_len(skb);
		qdisc_qstats_backlog_dec(sch, skb);
		flowtable_dequeued(&q->ft,
				   flowtable_at(&q->ft, fred_cb(skb)->flow),
				   qdisc_pkt_len(skb), now);
		rtnl_qdisc_drop(skb, sch);
		q->limit_drops++;
	}
	qdisc_tree_reduce_backlog(sch, dropped_pkts, dropped_bytes);
}

static int fred_change(struct Qdisc *sch, struct nlattr *opt,
		       struct netlink_ext_ack *extack)
{
	struct fred_cfg c;
	int err;

	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	err = fred_parse(sch, opt, &c, false, extack);
	if (err)
		return err;
	sch_tree_lock(sch);
	fred_apply(sch, &c);
	sch_tree_unlock(sch);
	return 0;
}

static int fred_init(struct Qdisc *sch, struct nlattr *opt,
		     struct netlink_ext_ack *extack)
{
	struct fred_sched_data *q = qdisc_priv(sch);
	struct fred_cfg c;
	int err;

	q->cfg = (struct fred_cfg){
		.limit = clamp_t(u32, qdisc_dev(sch)->tx_queue_len,
				 FRED_LIMIT_MIN, FRED_LIMIT_MAX),
		.qth_min = FRED_DEF_MIN,
		.qth_max = FRED_DEF_MAX,
		.max_p = QRED_PROB(2, 100),
		.avpkt = FRED_DEF_AVPKT,
		.bandwidth = FRED_DEF_BANDWIDTH,
		.minq = FRED_DEF_MINQ,
		.flows = FRED_DEF_FLOWS,
		.seed = get_random_u32(),
	};
	qred_vars_init(&q->vars);

	err = fred_parse(sch, opt, &c, true, extack);
	if (err)
		return err;
	err = flowtable_init(&q->ft, c.flows, 0, c.seed);
	if (err)
		return err;
	prandom_seed_state(&q->rnd, c.seed);
	fred_apply(sch, &c);
	return 0;
}

static void fred_destroy(struct Qdisc *sch)
{
	struct fred_sched_data *q = qdisc_priv(sch);

	flowtable_free(&q->ft);
}

static int fred_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct fred_sched_data *q = qdisc_priv(sch);
	const struct fred_cfg *c = &q->cfg;
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_FRED_LIMIT, c->limit) ||
	    nla_put_u32(skb, TCA_FRED_QTH_MIN, c->qth_min) ||
	    nla_put_u32(skb, TCA_FRED_QTH_MAX, c->qth_max) ||
	    nla_put_u32(skb, TCA_FRED_PROBABILITY, c->max_p) ||
	    nla_put_u32(skb, TCA_FRED_BURST, c->burst) ||
	    nla_put_u32(skb, TCA_FRED_AVPKT, c->avpkt) ||
	    nla_put_u32(skb, TCA_FRED_BANDWIDTH, c->bandwidth) ||
	    nla_put_u32(skb, TCA_FRED_MINQ, c->minq) ||
	    nla_put_u32(skb, TCA_FRED_MAXQ, c->maxq) ||
	    nla_put_u32(skb, TCA_FRED_FLOWS, c->flows) ||
	    nla_put_u32(skb, TCA_FRED_TIMEOUT, c->timeout_us) ||
	    nla_put_u32(skb, TCA_FRED_ECN, c->ecn) ||
	    nla_put_u32(skb, TCA_FRED_SEED, c->seed))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

static int fred_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct fred_sched_data *q = qdisc_priv(sch);
	u64 qavg = READ_ONCE(q->vars.qavg);
	struct tc_fred_xstats st = {
		.maxq_drops	= READ_ONCE(q->maxq_drops),
		.fair_drops	= READ_ONCE(q->fair_drops),
		.strike_drops	= READ_ONCE(q->strike_drops),
		.prob_drops	= READ_ONCE(q->red.prob_drop),
		.prob_marks	= READ_ONCE(q->red.prob_mark),
		.forced_drops	= READ_ONCE(q->red.forced_drop),
		.limit_drops	= READ_ONCE(q->limit_drops),
		.qavg_milli	= (u32)min_t(u64, (qavg * 1000) >> q->parms.Wlog,
					     U32_MAX),
		.active_flows	= READ_ONCE(q->ft.busy),
		.flows		= READ_ONCE(q->ft.stats.flows),
		.evictions	= READ_ONCE(q->ft.stats.evictions),
		.overflows	= READ_ONCE(q->ft.stats.overflows),
	};

	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops fred_qdisc_ops __read_mostly = {
	.id		= "fred",
	.priv_size	= sizeof(struct fred_sched_data),
	.enqueue	= fred_enqueue,
	.dequeue	= fred_dequeue,
	.peek		= fred_peek,
	.init		= fred_init,
	.reset		= fred_reset,
	.destroy	= fred_destroy,
	.change		= fred_change,
	.dump		= fred_dump,
	.dump_stats	= fred_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init fred_module_init(void)
{
	return register_qdisc(&fred_qdisc_ops);
}

static void __exit fred_module_exit(void)
{
	unregister_qdisc(&fred_qdisc_ops);
}

module_init(fred_module_init);
module_exit(fred_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Flow Random Early Drop (FRED) queueing discipline (qdk)");
MODULE_ALIAS("net-sch-fred");
