// SPDX-License-Identifier: GPL-2.0
/*
 * sch_dsred.c - double-slope RED (Zheng & Atiquzzaman), as analysed in
 * Domanska, Domanski & Czachorski, "Implementation of modified AQM mechanisms
 * in IP routers" (Domanska et al. below; docs/references.md).
 *
 * A FIFO of bytes with RED's moving average of the queue, but a drop
 * function made of two linear pieces: from Kl the drop probability rises to
 * 1 - gamma at Km, then to 1 at Kh, from where every arrival is dropped
 * (formula in <algo/red.h>, qred_ds_prob()). A large gamma makes the start
 * gentle (few drops under light congestion, so throughput stays high), a
 * small one steep. Each arrival is dropped with probability p(avg), as in
 * the paper's model (no count-based spacing).
 *
 *   - `dropfront`: a drop the function decides (early, or from Kh on) takes
 *     the packet at the head of the queue and queues the arrival, the
 *     drop-from-front strategy Domanska et al. find shortens the waiting time
 *     at the same loss rate. The hard limit N stays a tail drop: there the
 *     arrival is what does not fit (Domanska et al.'s buffer is never reached
 *     by its parameters, Kh < N);
 *   - `ecn`: early decisions mark ECT arrivals (CE) instead; decisions from
 *     Kh on always drop;
 *   - every random decision comes from the qdisc's own generator, seeded by
 *     the `seed` option (random when not given, always dumped), so a kernel
 *     recording replays exactly.
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

#include "dsred.h"

#define DSRED_DEF_AVPKT		1000
#define DSRED_DEF_BANDWIDTH	1250000
#define DSRED_DEF_GAMMA		0x80000000U	/* 0.5 */
#define DSRED_DEF_LIMIT_MIN	6000

/* The configuration as given (dumped back as it is). */
struct dsred_cfg {
	u32 limit;
	u32 kl;
	u32 km;			/* 0: the midpoint */
	u32 kh;
	u32 gamma;
	u32 avpkt;
	u32 burst;		/* 0: not given */
	u32 ewma;		/* 0: not given (derived from burst) */
	u32 bandwidth;
	u32 flags;
	u32 seed;
};

struct dsred_sched_data {
	struct dsred_cfg cfg;
	struct qred_parms parms;	/* the average: Wlog, idle decay */
	struct qred_ds ds;		/* the drop function */
	struct qred_vars vars;
	struct rnd_state rnd;
	struct qred_stats st;		/* see struct tc_dsred_xstats */
};

static struct netlink_range_validation dsred_size_range = {
	.min = 1, .max = DSRED_SIZE_MAX,
};

static struct netlink_range_validation dsred_size0_range = {
	.min = 0, .max = DSRED_SIZE_MAX,
};

static struct netlink_range_validation dsred_avpkt_range = {
	.min = 1, .max = DSRED_AVPKT_MAX,
};

static struct netlink_range_validation dsred_burst_range = {
	.min = 1, .max = DSRED_BURST_MAX,
};

static struct netlink_range_validation dsred_ewma_range = {
	.min = DSRED_EWMA_MIN, .max = DSRED_EWMA_MAX,
};

static const struct nla_policy dsred_policy[TCA_DSRED_MAX + 1] = {
	[TCA_DSRED_LIMIT]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dsred_size_range),
	[TCA_DSRED_KL]		= NLA_POLICY_FULL_RANGE(NLA_U32, &dsred_size0_range),
	[TCA_DSRED_KM]		= NLA_POLICY_FULL_RANGE(NLA_U32, &dsred_size0_range),
	[TCA_DSRED_KH]		= NLA_POLICY_FULL_RANGE(NLA_U32, &dsred_size_range),
	[TCA_DSRED_GAMMA]	= { .type = NLA_U32 },
	[TCA_DSRED_AVPKT]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dsred_avpkt_range),
	[TCA_DSRED_BURST]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dsred_burst_range),
	[TCA_DSRED_EWMA]	= NLA_POLICY_FULL_RANGE(NLA_U32, &dsred_ewma_range),
	[TCA_DSRED_BANDWIDTH]	= { .type = NLA_U32 },
	[TCA_DSRED_FLAGS]	= NLA_POLICY_MASK(NLA_U32, DSRED_F_ALL),
	[TCA_DSRED_SEED]	= { .type = NLA_U32 },
};

static int dsred_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			 struct sk_buff **to_free)
{
	struct dsred_sched_data *q = qdisc_priv(sch);

	qred_calc_qavg(&q->parms, &q->vars, sch->qstats.backlog,
		       ktime_get_ns());

	return qred_fifo_enqueue(skb, sch, to_free,
				 qred_ds_action(&q->ds, &q->vars, &q->rnd),
				 q->cfg.limit, q->cfg.flags & DSRED_F_ECN,
				 q->cfg.flags & DSRED_F_DROPFRONT, &q->st);
}

static struct sk_buff *dsred_dequeue(struct Qdisc *sch)
{
	struct dsred_sched_data *q = qdisc_priv(sch);

	return qred_fifo_dequeue(sch, &q->vars);
}

static struct sk_buff *dsred_peek(struct Qdisc *sch)
{
	return qdisc_peek_head(sch);
}

static void dsred_reset(struct Qdisc *sch)
{
	struct dsred_sched_data *q = qdisc_priv(sch);

	qred_fifo_reset(sch, &q->vars);
}

static u32 dsred_km(const struct dsred_cfg *c)
{
	return c->km ? c->km : c->kl + (c->kh - c->kl) / 2;
}

static int dsred_wlog(const struct dsred_cfg *c)
{
	return qred_wlog_of(c->ewma, c->burst, c->kl, c->kh, c->avpkt);
}

static int dsred_parse(struct dsred_cfg *c, struct nlattr **tb, bool init,
		       struct netlink_ext_ack *extack)
{
	u32 km;
	int err;

	err = qred_nla_weight(tb[TCA_DSRED_EWMA], tb[TCA_DSRED_BURST], &c->ewma,
			      &c->burst, extack);
	if (err)
		return err;
	if (tb[TCA_DSRED_LIMIT])
		c->limit = nla_get_u32(tb[TCA_DSRED_LIMIT]);
	/* at init, thresholds not given follow Domanska et al.'s proportions: Kl = 0.4 N, Kh = 0.8 N */
	if (tb[TCA_DSRED_KH])
		c->kh = nla_get_u32(tb[TCA_DSRED_KH]);
	else if (init)
		c->kh = (u32)div_u64((u64)c->limit * 4, 5);
	if (tb[TCA_DSRED_KL])
		c->kl = nla_get_u32(tb[TCA_DSRED_KL]);
	else if (init)
		c->kl = c->kh / 2;
	if (tb[TCA_DSRED_KM])
		c->km = nla_get_u32(tb[TCA_DSRED_KM]);
	if (tb[TCA_DSRED_GAMMA])
		c->gamma = nla_get_u32(tb[TCA_DSRED_GAMMA]);
	if (tb[TCA_DSRED_AVPKT])
		c->avpkt = nla_get_u32(tb[TCA_DSRED_AVPKT]);
	if (tb[TCA_DSRED_BANDWIDTH])
		c->bandwidth = nla_get_u32(tb[TCA_DSRED_BANDWIDTH]);
	if (tb[TCA_DSRED_FLAGS])
		c->flags = nla_get_u32(tb[TCA_DSRED_FLAGS]);
	if (tb[TCA_DSRED_SEED])
		c->seed = nla_get_u32(tb[TCA_DSRED_SEED]);

	if (c->kl >= c->kh) {
		NL_SET_ERR_MSG_MOD(extack, "kl must be below kh");
		return -EINVAL;
	}
	km = dsred_km(c);
	if (km <= c->kl || km >= c->kh) {
		NL_SET_ERR_MSG_MOD(extack, "km must lie strictly between kl and kh");
		return -EINVAL;
	}
	if (c->kh > c->limit) {
		NL_SET_ERR_MSG_MOD(extack, "kh must not exceed limit");
		return -EINVAL;
	}
	if (dsred_wlog(c) < 0) {
		NL_SET_ERR_MSG_MOD(extack,
				   "burst too small for kl/avpkt (burst * avpkt < kl) or too large");
		return -EINVAL;
	}
	return 0;
}

static int dsred_apply(struct Qdisc *sch, struct nlattr *opt, bool init,
		       struct netlink_ext_ack *extack)
{
	struct dsred_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_DSRED_MAX + 1] = { NULL };
	struct dsred_cfg c = q->cfg;
	u8 old_wlog = q->parms.Wlog;
	u8 wlog;
	int err;

	if (opt) {
		err = nla_parse(tb, TCA_DSRED_MAX, nla_data(opt), nla_len(opt),
				dsred_policy, extack);
		if (err < 0)
			return err;
	}
	err = dsred_parse(&c, tb, init, extack);
	if (err)
		return err;
	wlog = (u8)dsred_wlog(&c);

	sch_tree_lock(sch);
	q->cfg = c;
	/* only the average's parameters of qred_parms are used here */
	qred_set_parms(&q->parms, c.kl, c.kh, 0, wlog, false,
		       qred_ptime_ns(c.avpkt, c.bandwidth));
	/* bandwidth 0: no idle decay, every arrival steps the average */
	q->parms.idle_step = !c.bandwidth;
	qred_ds_set(&q->ds, c.kl, dsred_km(&c), c.kh, c.gamma, wlog);
	if (!init)
		qred_rescale(&q->parms, &q->vars, old_wlog);
	if (init || tb[TCA_DSRED_SEED])
		prandom_seed_state(&q->rnd, c.seed);

	qred_fifo_trim(sch, c.limit, &q->st);
	sch_tree_unlock(sch);
	return 0;
}

static int dsred_change(struct Qdisc *sch, struct nlattr *opt,
			struct netlink_ext_ack *extack)
{
	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	return dsred_apply(sch, opt, false, extack);
}

/*
 * Defaults: limit N = txqueuelen * mtu bytes (at least 6000), Kh = 0.8 N, Kl =
 * Kh / 2, Km the midpoint, gamma 0.5 (Domanska et al.'s example: N 250, Kl 100,
 * Kh 200 packets), avpkt 1000, bandwidth 10 Mbit/s, the EWMA weight from
 * tc-red's default burst, a random seed.
 */
static int dsred_init(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	struct dsred_sched_data *q = qdisc_priv(sch);
	struct dsred_cfg *c = &q->cfg;

	c->limit = qred_default_limit(sch, DSRED_DEF_LIMIT_MIN, DSRED_SIZE_MAX);
	c->gamma = DSRED_DEF_GAMMA;
	c->avpkt = DSRED_DEF_AVPKT;
	c->bandwidth = DSRED_DEF_BANDWIDTH;
	c->seed = get_random_u32();
	qred_vars_init(&q->vars);
	return dsred_apply(sch, opt, true, extack);
}

static void dsred_destroy(struct Qdisc *sch)
{
}

static int dsred_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct dsred_sched_data *q = qdisc_priv(sch);
	const struct dsred_cfg *c = &q->cfg;
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_DSRED_LIMIT, c->limit) ||
	    nla_put_u32(skb, TCA_DSRED_KL, c->kl) ||
	    nla_put_u32(skb, TCA_DSRED_KM, c->km) ||
	    nla_put_u32(skb, TCA_DSRED_KH, c->kh) ||
	    nla_put_u32(skb, TCA_DSRED_GAMMA, c->gamma) ||
	    nla_put_u32(skb, TCA_DSRED_AVPKT, c->avpkt))
		goto nla_put_failure;
	if (qred_dump_weight(skb, TCA_DSRED_BURST, TCA_DSRED_EWMA, c->burst,
			     &q->parms))
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_DSRED_BANDWIDTH, c->bandwidth) ||
	    nla_put_u32(skb, TCA_DSRED_FLAGS, c->flags) ||
	    nla_put_u32(skb, TCA_DSRED_SEED, c->seed))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

static int dsred_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct dsred_sched_data *q = qdisc_priv(sch);
	struct tc_dsred_xstats st = {
		.qavg		= qred_qavg(&q->parms, READ_ONCE(q->vars.qavg)),
		.ewma		= READ_ONCE(q->parms.Wlog),
		.km		= READ_ONCE(q->ds.km),
		.prob_drop	= READ_ONCE(q->st.prob_drop),
		.prob_mark	= READ_ONCE(q->st.prob_mark),
		.forced_drop	= READ_ONCE(q->st.forced_drop),
		.pdrop		= READ_ONCE(q->st.pdrop),
		.head_drop	= READ_ONCE(q->st.head_drop),
	};

	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops dsred_qdisc_ops __read_mostly = {
	.id		= "dsred",
	.priv_size	= sizeof(struct dsred_sched_data),
	.enqueue	= dsred_enqueue,
	.dequeue	= dsred_dequeue,
	.peek		= dsred_peek,
	.init		= dsred_init,
	.reset		= dsred_reset,
	.destroy	= dsred_destroy,
	.change		= dsred_change,
	.dump		= dsred_dump,
	.dump_stats	= dsred_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init dsred_module_init(void)
{
	return register_qdisc(&dsred_qdisc_ops);
}

static void __exit dsred_module_exit(void)
{
	unregister_qdisc(&dsred_qdisc_ops);
}

module_init(dsred_module_init);
module_exit(dsred_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Double-slope RED queueing discipline (qdk)");
MODULE_ALIAS("net-sch-dsred");
