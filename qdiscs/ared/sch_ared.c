// SPDX-License-Identifier: GPL-2.0
/*
 * sch_ared.c - Adaptive RED (Floyd, Gummadi & Shenker 2001).
 *
 * A FIFO of bytes with RED's early drops (Floyd & Jacobson 1993): every
 * arrival updates an exponentially weighted average of the queue; between
 * min and max the arrival is dropped (or ECN-marked) with a probability
 * rising linearly to max_p, spaced by the count of arrivals since the last
 * drop; in the gentle region [max, 2 max) it rises on to 1; past that every
 * arrival is dropped. Adaptive RED adjusts max_p every interval (0.5 s) so
 * the average settles inside a target band in the middle of [min, max]:
 * above the band max_p += min(0.01, max_p / 4), below it max_p *= 0.9,
 * always within [0.01, 0.5]. The queue then keeps a predictable average
 * delay whatever the load, where plain RED's average moves with the load.
 *
 * The algorithm lives in <algo/red.h>; this file wires it to a queue:
 *   - the adaptation runs on arrivals, not from a timer (qred_adapt_lazy(),
 *     which says why: a kernel recording replays exactly);
 *   - every random decision comes from the qdisc's own generator, seeded by
 *     the `seed` option (random when not given, always dumped);
 *   - `dropfront`: an early or forced drop takes the packet at the head of
 *     the queue and queues the arrival (Domanska et al., docs/references.md:
 *     drop-from-front shortens the waiting time at the same loss); the hard
 *     limit stays a tail drop, since the arrival is then what does not fit;
 *   - `ecn`: early decisions mark ECT arrivals (CE) instead of dropping
 *     anything; forced decisions (average past max, or 2 max when gentle)
 *     always drop, as Floyd recommends for a persistently full queue.
 *
 * Same source for the kernel module and the shim (no #ifdef).
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include <algo/red.h>
#include <algo/red_qdisc.h>

#include "ared.h"

/* Defaults: 10 Mbit/s links, 1000-byte packets, max_p 0.1, 0.5 s interval. */
#define ARED_DEF_AVPKT		1000
#define ARED_DEF_BANDWIDTH	1250000
#define ARED_DEF_MAX_P		QRED_PROB(1, 10)
#define ARED_DEF_INTERVAL	500000
#define ARED_DEF_LIMIT_MIN	6000

/* The configuration as given (dumped back as it is). */
struct ared_cfg {
	u32 limit;
	u32 qth_min;
	u32 qth_max;
	u32 max_p;
	u32 avpkt;
	u32 burst;		/* 0: not given */
	u32 ewma;		/* 0: not given (derived from burst) */
	u32 bandwidth;
	u32 flags;
	u32 seed;
	u32 interval_us;
	u32 target_lo;
	u32 target_hi;
};

struct ared_sched_data {
	struct ared_cfg cfg;
	struct qred_parms parms;	/* parms.max_p is the current max_p */
	struct qred_vars vars;
	struct qred_adapt adapt;
	struct rnd_state rnd;
	struct qred_stats st;		/* see struct tc_ared_xstats */
};

static struct netlink_range_validation ared_size_range = {
	.min = 1, .max = ARED_SIZE_MAX,
};

static struct netlink_range_validation ared_min_range = {
	.min = 0, .max = ARED_SIZE_MAX,
};

static struct netlink_range_validation ared_maxp_range = {
	.min = 1, .max = U32_MAX,
};

static struct netlink_range_validation ared_avpkt_range = {
	.min = 1, .max = ARED_AVPKT_MAX,
};

static struct netlink_range_validation ared_burst_range = {
	.min = 1, .max = ARED_BURST_MAX,
};

static struct netlink_range_validation ared_ewma_range = {
	.min = ARED_EWMA_MIN, .max = ARED_EWMA_MAX,
};

static struct netlink_range_validation ared_interval_range = {
	.min = ARED_INTERVAL_MIN, .max = ARED_INTERVAL_MAX,
};

static const struct nla_policy ared_policy[TCA_ARED_MAX + 1] = {
	[TCA_ARED_LIMIT]	= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_size_range),
	[TCA_ARED_QTH_MIN]		= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_min_range),
	[TCA_ARED_QTH_MAX]		= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_size_range),
	[TCA_ARED_MAX_P]	= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_maxp_range),
	[TCA_ARED_AVPKT]	= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_avpkt_range),
	[TCA_ARED_BURST]	= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_burst_range),
	[TCA_ARED_EWMA]		= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_ewma_range),
	[TCA_ARED_BANDWIDTH]	= { .type = NLA_U32 },
	[TCA_ARED_FLAGS]	= NLA_POLICY_MASK(NLA_U32, ARED_F_ALL),
	[TCA_ARED_SEED]		= { .type = NLA_U32 },
	[TCA_ARED_INTERVAL]	= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_interval_range),
	[TCA_ARED_TARGET_LO]	= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_min_range),
	[TCA_ARED_TARGET_HI]	= NLA_POLICY_FULL_RANGE(NLA_U32, &ared_min_range),
};

static int ared_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			struct sk_buff **to_free)
{
	struct ared_sched_data *q = qdisc_priv(sch);
	u64 now = ktime_get_ns();

	/* the average over the queue the arrival finds */
	qred_calc_qavg(&q->parms, &q->vars, sch->qstats.backlog, now);
	if (q->cfg.flags & ARED_F_ADAPT)
		qred_adapt_lazy(&q->parms, &q->adapt, q->vars.qavg, now);

	return qred_fifo_enqueue(skb, sch, to_free,
				 qred_action(&q->parms, &q->vars, &q->rnd),
				 q->cfg.limit, q->cfg.flags & ARED_F_ECN,
				 q->cfg.flags & ARED_F_DROPFRONT, &q->st);
}

static struct sk_buff *ared_dequeue(struct Qdisc *sch)
{
	struct ared_sched_data *q = qdisc_priv(sch);

	return qred_fifo_dequeue(sch, &q->vars);
}

static struct sk_buff *ared_peek(struct Qdisc *sch)
{
	return qdisc_peek_head(sch);
}

static void ared_reset(struct Qdisc *sch)
{
	struct ared_sched_data *q = qdisc_priv(sch);

	qred_fifo_reset(sch, &q->vars);
}

/* The EWMA weight the configuration asks for, or -ERANGE. */
static int ared_wlog(const struct ared_cfg *c)
{
	return qred_wlog_of(c->ewma, c->burst, c->qth_min, c->qth_max,
			    c->avpkt);
}

/* Read tb over c and check the result as a whole. */
static int ared_parse(struct ared_cfg *c, struct nlattr **tb, bool init,
		      struct netlink_ext_ack *extack)
{
	int err;

	err = qred_nla_weight(tb[TCA_ARED_EWMA], tb[TCA_ARED_BURST], &c->ewma,
			      &c->burst, extack);
	if (err)
		return err;
	if (!tb[TCA_ARED_TARGET_LO] != !tb[TCA_ARED_TARGET_HI]) {
		NL_SET_ERR_MSG_MOD(extack, "target needs both ends of the band");
		return -EINVAL;
	}
	if (tb[TCA_ARED_LIMIT])
		c->limit = nla_get_u32(tb[TCA_ARED_LIMIT]);
	if (tb[TCA_ARED_QTH_MIN])
		c->qth_min = nla_get_u32(tb[TCA_ARED_QTH_MIN]);
	/* at init, thresholds not given follow the limit: max = limit / 2, min = max / 3 */
	if (tb[TCA_ARED_QTH_MAX])
		c->qth_max = nla_get_u32(tb[TCA_ARED_QTH_MAX]);
	else if (init)
		c->qth_max = c->limit / 2;
	if (init && !tb[TCA_ARED_QTH_MIN])
		c->qth_min = c->qth_max / 3;
	if (tb[TCA_ARED_MAX_P])
		c->max_p = nla_get_u32(tb[TCA_ARED_MAX_P]);
	if (tb[TCA_ARED_AVPKT])
		c->avpkt = nla_get_u32(tb[TCA_ARED_AVPKT]);
	if (tb[TCA_ARED_BANDWIDTH])
		c->bandwidth = nla_get_u32(tb[TCA_ARED_BANDWIDTH]);
	if (tb[TCA_ARED_FLAGS])
		c->flags = nla_get_u32(tb[TCA_ARED_FLAGS]);
	if (tb[TCA_ARED_SEED])
		c->seed = nla_get_u32(tb[TCA_ARED_SEED]);
	if (tb[TCA_ARED_INTERVAL])
		c->interval_us = nla_get_u32(tb[TCA_ARED_INTERVAL]);
	if (tb[TCA_ARED_TARGET_LO]) {
		c->target_lo = nla_get_u32(tb[TCA_ARED_TARGET_LO]);
		c->target_hi = nla_get_u32(tb[TCA_ARED_TARGET_HI]);
	}

	if (c->qth_min >= c->qth_max) {
		NL_SET_ERR_MSG_MOD(extack, "min must be below max");
		return -EINVAL;
	}
	if (c->qth_max > c->limit) {
		NL_SET_ERR_MSG_MOD(extack, "max must not exceed limit");
		return -EINVAL;
	}
	if ((c->flags & ARED_F_ADAPT) &&
	    (c->max_p < ARED_MAX_P_MIN || c->max_p > ARED_MAX_P_MAX)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "probability must be within [0.01, 0.5] when adaptive");
		return -EINVAL;
	}
	if ((c->target_lo || c->target_hi) &&
	    (c->target_lo > c->target_hi || c->target_lo < c->qth_min ||
	     c->target_hi > c->qth_max)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "target band must lie within [min, max], low end first");
		return -EINVAL;
	}
	if (ared_wlog(c) < 0) {
		NL_SET_ERR_MSG_MOD(extack,
				   "burst too small for min/avpkt (burst * avpkt < min) or too large");
		return -EINVAL;
	}
	return 0;
}

/*
 * Apply the options in opt (NULL: the defaults alone, at init). Everything
 * is validated on a copy first; the qdisc changes only when all is well.
 */
static int ared_apply(struct Qdisc *sch, struct nlattr *opt, bool init,
		      struct netlink_ext_ack *extack)
{
	struct ared_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_ARED_MAX + 1] = { NULL };
	struct ared_cfg c = q->cfg;
	u8 old_wlog = q->parms.Wlog;
	int err;

	if (opt) {
		err = nla_parse(tb, TCA_ARED_MAX, nla_data(opt), nla_len(opt),
				ared_policy, extack);
		if (err < 0)
			return err;
	}
	err = ared_parse(&c, tb, init, extack);
	if (err)
		return err;

	sch_tree_lock(sch);
	q->cfg = c;
	/* the current max_p restarts from the configured one when given */
	qred_set_parms(&q->parms, c.qth_min, c.qth_max,
		       init || tb[TCA_ARED_MAX_P] ? c.max_p : q->parms.max_p,
		       (u8)ared_wlog(&c), c.flags & ARED_F_GENTLE,
		       qred_ptime_ns(c.avpkt, c.bandwidth));
	/* bandwidth 0: no idle decay, every arrival steps the average */
	q->parms.idle_step = !c.bandwidth;
	if (!init)
		qred_rescale(&q->parms, &q->vars, old_wlog);
	qred_adapt_set(&q->adapt, &q->parms, (u64)c.interval_us * NSEC_PER_USEC,
		       c.target_lo, c.target_hi);
	if (init || tb[TCA_ARED_SEED])
		prandom_seed_state(&q->rnd, c.seed);

	qred_fifo_trim(sch, c.limit, &q->st);
	sch_tree_unlock(sch);
	return 0;
}

static int ared_change(struct Qdisc *sch, struct nlattr *opt,
		       struct netlink_ext_ack *extack)
{
	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	return ared_apply(sch, opt, false, extack);
}

/*
 * Defaults: limit = txqueuelen * mtu bytes (at least 6000), max = limit / 2,
 * min = max / 3 (Floyd recommends max = 3 min), max_p 0.1, avpkt 1000,
 * bandwidth 10 Mbit/s, the EWMA weight from tc-red's default burst,
 * gentle and adaptive on, interval 0.5 s, a random seed.
 */
static int ared_init(struct Qdisc *sch, struct nlattr *opt,
		     struct netlink_ext_ack *extack)
{
	struct ared_sched_data *q = qdisc_priv(sch);
	struct ared_cfg *c = &q->cfg;

	c->limit = qred_default_limit(sch, ARED_DEF_LIMIT_MIN, ARED_SIZE_MAX);
	c->max_p = ARED_DEF_MAX_P;
	c->avpkt = ARED_DEF_AVPKT;
	c->bandwidth = ARED_DEF_BANDWIDTH;
	c->flags = ARED_F_DEFAULT;
	c->seed = get_random_u32();
	c->interval_us = ARED_DEF_INTERVAL;
	qred_vars_init(&q->vars);
	return ared_apply(sch, opt, true, extack);
}

static void ared_destroy(struct Qdisc *sch)
{
}

static int ared_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct ared_sched_data *q = qdisc_priv(sch);
	const struct ared_cfg *c = &q->cfg;
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_ARED_LIMIT, c->limit) ||
	    nla_put_u32(skb, TCA_ARED_QTH_MIN, c->qth_min) ||
	    nla_put_u32(skb, TCA_ARED_QTH_MAX, c->qth_max) ||
	    nla_put_u32(skb, TCA_ARED_MAX_P, c->max_p) ||
	    nla_put_u32(skb, TCA_ARED_AVPKT, c->avpkt))
		goto nla_put_failure;
	/* a burst as given; otherwise the weight in use, made explicit */
	if (qred_dump_weight(skb, TCA_ARED_BURST, TCA_ARED_EWMA, c->burst,
			     &q->parms))
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_ARED_BANDWIDTH, c->bandwidth) ||
	    nla_put_u32(skb, TCA_ARED_FLAGS, c->flags) ||
	    nla_put_u32(skb, TCA_ARED_SEED, c->seed) ||
	    nla_put_u32(skb, TCA_ARED_INTERVAL, c->interval_us) ||
	    nla_put_u32(skb, TCA_ARED_TARGET_LO, c->target_lo) ||
	    nla_put_u32(skb, TCA_ARED_TARGET_HI, c->target_hi))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

static int ared_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct ared_sched_data *q = qdisc_priv(sch);
	struct tc_ared_xstats st = {
		.max_p		= READ_ONCE(q->parms.max_p),
		.qavg		= qred_qavg(&q->parms, READ_ONCE(q->vars.qavg)),
		.ewma		= READ_ONCE(q->parms.Wlog),
		.prob_drop	= READ_ONCE(q->st.prob_drop),
		.prob_mark	= READ_ONCE(q->st.prob_mark),
		.forced_drop	= READ_ONCE(q->st.forced_drop),
		.pdrop		= READ_ONCE(q->st.pdrop),
		.head_drop	= READ_ONCE(q->st.head_drop),
		.adapt_up	= READ_ONCE(q->adapt.ups),
		.adapt_down	= READ_ONCE(q->adapt.downs),
	};

	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops ared_qdisc_ops __read_mostly = {
	.id		= "ared",
	.priv_size	= sizeof(struct ared_sched_data),
	.enqueue	= ared_enqueue,
	.dequeue	= ared_dequeue,
	.peek		= ared_peek,
	.init		= ared_init,
	.reset		= ared_reset,
	.destroy	= ared_destroy,
	.change		= ared_change,
	.dump		= ared_dump,
	.dump_stats	= ared_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init ared_module_init(void)
{
	return register_qdisc(&ared_qdisc_ops);
}

static void __exit ared_module_exit(void)
{
	unregister_qdisc(&ared_qdisc_ops);
}

module_init(ared_module_init);
module_exit(ared_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Adaptive RED queueing discipline (qdk)");
MODULE_ALIAS("net-sch-ared");
