// SPDX-License-Identifier: GPL-2.0
/*
 * sch_cbt.c - Class-Based Threshold queue management (M. Parris, K. Jeffay,
 * F. D. Smith, "Lightweight active router-queue management for multimedia
 * networking", MMCN 1999), as seeds/004 implements it (Conway, McAuley,
 * Yurek, "Evaluation of DCBT", WPI 2002, section 3.1).
 *
 * A RED queue (algo/red.h) whose arrivals are put in three classes (algo/
 * cbt.h): TCP, tagged ("multimedia") UDP and other UDP. Each class keeps a
 * weighted average of its packets in the queue. While the RED average is
 * between min_th and max_th, a tagged-UDP arrival whose class average is
 * above mm_thresh, or an other-UDP arrival whose class average is above
 * udp_thresh, is dropped; TCP is never tested this way. What survives
 * meets RED: early drops with RED's probability, forced drops once the
 * average reaches max_th, and tail drops at "limit". So unresponsive UDP is
 * held to a few packets of the queue, and TCP, which backs off, keeps the
 * rest of the link.
 *
 * Everything is counted in packets (004's thresholds are packets: 10 for
 * multimedia, 2 for other UDP). RED's early decisions come from a
 * per-instance generator seeded by the "seed" option (random when absent,
 * always dumped), so a kernel trace replays decision for decision.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include <algo/cbt.h>
#include <algo/red.h>

#include "cbt.h"

struct cbt_sched_data {
	/* configuration */
	u32 limit;
	u32 max_p;
	u32 bandwidth;
	u32 avpkt;
	u32 thresh[CBT_CLASSES];	/* packets; TCP unused */
	u32 seed;
	struct cbt_tag tag;
	struct qred_parms parms;

	/* state */
	struct qred_vars vars;
	struct cbt_classes cl;
	struct rnd_state rnd;

	/* statistics */
	u32 class_drops[CBT_CLASSES];
	u32 prob_drops;
	u32 forced_drops;
	u32 limit_drops;
	u32 change_drops;
};

static struct netlink_range_validation cbt_size_range = {
	.min = 1,
	.max = CBT_LIMIT_MAX,
};

static struct netlink_range_validation cbt_thresh_range = {
	.min = 0,
	.max = CBT_LIMIT_MAX,
};

static struct netlink_range_validation cbt_avpkt_range = {
	.min = 1,
	.max = CBT_AVPKT_MAX,
};

static const struct nla_policy cbt_policy[TCA_CBT_MAX + 1] = {
	[TCA_CBT_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32, &cbt_size_range),
	[TCA_CBT_QTH_MIN] = NLA_POLICY_FULL_RANGE(NLA_U32, &cbt_size_range),
	[TCA_CBT_QTH_MAX] = NLA_POLICY_FULL_RANGE(NLA_U32, &cbt_size_range),
	[TCA_CBT_MAX_P] = { .type = NLA_U32 },
	[TCA_CBT_EWMA] = NLA_POLICY_RANGE(NLA_U32, CBT_EWMA_MIN, CBT_EWMA_MAX),
	[TCA_CBT_BANDWIDTH] = { .type = NLA_U32 },
	[TCA_CBT_AVPKT] = NLA_POLICY_FULL_RANGE(NLA_U32, &cbt_avpkt_range),
	[TCA_CBT_MM_THRESH] = NLA_POLICY_FULL_RANGE(NLA_U32, &cbt_thresh_range),
	[TCA_CBT_UDP_THRESH] = NLA_POLICY_FULL_RANGE(NLA_U32, &cbt_thresh_range),
	[TCA_CBT_TAG_MODE] = NLA_POLICY_MAX(NLA_U32, CBT_TAG_MODE_SRC),
	[TCA_CBT_TAG_DSCP] = NLA_POLICY_MAX(NLA_U32, 63),
	[TCA_CBT_TAG_MARK] = { .type = NLA_U32 },
	[TCA_CBT_TAG_MASK] = { .type = NLA_U32 },
	[TCA_CBT_TAG_SRC] = { .type = NLA_U32 },
	[TCA_CBT_TAG_SRCLEN] = NLA_POLICY_MAX(NLA_U32, 32),
	[TCA_CBT_SEED] = { .type = NLA_U32 },
};

static void cbt_count_out(struct cbt_sched_data *q, struct sk_buff *skb)
{
	q->cl.qlen[cbt_cb(skb)->class]--;
}

static int cbt_enqueue(struct sk_buff *skb, struct Qdisc *sch,
		       struct sk_buff **to_free)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	u64 now = ktime_get_ns();
	u8 c = cbt_classify(skb, &q->tag);

	qred_calc_qavg(&q->parms, &q->vars, sch->q.qlen, now);
	cbt_classes_sample(&q->parms, &q->cl, now);

	if (cbt_class_over(&q->parms, &q->vars, &q->cl, c,
			   (u64)q->thresh[c] << q->parms.Wlog)) {
		q->class_drops[c]++;
		qdisc_drop(skb, sch, to_free);
		return NET_XMIT_CN;
	}

	switch (qred_action(&q->parms, &q->vars, &q->rnd)) {
	case QRED_DONT_MARK:
		break;
	case QRED_PROB_MARK:
		q->prob_drops++;
		qdisc_drop(skb, sch, to_free);
		return NET_XMIT_CN;
	case QRED_HARD_MARK:
		q->forced_drops++;
		qdisc_drop(skb, sch, to_free);
		return NET_XMIT_CN;
	}

	if (unlikely(sch->q.qlen >= q->limit)) {
		q->limit_drops++;
		return qdisc_drop(skb, sch, to_free);
	}
	cbt_cb(skb)->class = c;
	q->cl.qlen[c]++;
	return qdisc_enqueue_tail(skb, sch);
}

static struct sk_buff *cbt_dequeue(struct Qdisc *sch)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb = qdisc_dequeue_head(sch);

	if (skb) {
		cbt_count_out(q, skb);
		if (!sch->q.qlen) {
			u64 now = ktime_get_ns();

			qred_start_idle(&q->vars, now);
			cbt_classes_idle(&q->cl, now);
		}
	}
	return skb;
}

static struct sk_buff *cbt_peek(struct Qdisc *sch)
{
	return qdisc_peek_head(sch);
}

static void cbt_reset(struct Qdisc *sch)
{
	struct cbt_sched_data *q = qdisc_priv(sch);

	qdisc_reset_queue(sch);
	sch->qstats.backlog = 0;
	qred_vars_init(&q->vars);
	cbt_classes_init(&q->cl);
}

/* Validated options, or the current values for absent ones. */
static int cbt_parse(struct Qdisc *sch, struct nlattr **tb, struct nlattr *opt,
		     struct netlink_ext_ack *extack)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	u32 qmin = q->parms.qth_min, qmax = q->parms.qth_max, mode;
	int err;

	err = nla_parse(tb, TCA_CBT_MAX, nla_data(opt), nla_len(opt),
			cbt_policy, extack);
	if (err < 0)
		return err;
	if (tb[TCA_CBT_QTH_MIN])
		qmin = nla_get_u32(tb[TCA_CBT_QTH_MIN]);
	if (tb[TCA_CBT_QTH_MAX])
		qmax = nla_get_u32(tb[TCA_CBT_QTH_MAX]);
	if (qmin >= qmax) {
		NL_SET_ERR_MSG_MOD(extack, "min must be below max");
		return -EINVAL;
	}
	mode = tb[TCA_CBT_TAG_MODE] ? nla_get_u32(tb[TCA_CBT_TAG_MODE])
				    : q->tag.mode;
	if (mode == CBT_TAG_MODE_SRC && tb[TCA_CBT_TAG_SRC] &&
	    tb[TCA_CBT_TAG_SRCLEN] &&
	    (nla_get_u32(tb[TCA_CBT_TAG_SRC]) &
	     ~cbt_prefix_mask(nla_get_u32(tb[TCA_CBT_TAG_SRCLEN])))) {
		NL_SET_ERR_MSG_MOD(extack, "source prefix has host bits set");
		return -EINVAL;
	}
	return 0;
}

static void cbt_apply(struct Qdisc *sch, struct nlattr **tb)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	unsigned int dropped_pkts = 0, dropped_bytes = 0;
	u32 qmin = q->parms.qth_min, qmax = q->parms.qth_max;
	u8 wlog = q->parms.Wlog, old_wlog = q->parms.Wlog;

	if (tb[TCA_CBT_LIMIT])
		q->limit = nla_get_u32(tb[TCA_CBT_LIMIT]);
	if (tb[TCA_CBT_QTH_MIN])
		qmin = nla_get_u32(tb[TCA_CBT_QTH_MIN]);
	if (tb[TCA_CBT_QTH_MAX])
		qmax = nla_get_u32(tb[TCA_CBT_QTH_MAX]);
	if (tb[TCA_CBT_MAX_P])
		q->max_p = nla_get_u32(tb[TCA_CBT_MAX_P]);
	if (tb[TCA_CBT_EWMA])
		wlog = nla_get_u32(tb[TCA_CBT_EWMA]);
	if (tb[TCA_CBT_BANDWIDTH])
		q->bandwidth = nla_get_u32(tb[TCA_CBT_BANDWIDTH]);
	if (tb[TCA_CBT_AVPKT])
		q->avpkt = nla_get_u32(tb[TCA_CBT_AVPKT]);
	if (tb[TCA_CBT_MM_THRESH])
		q->thresh[CBT_CLASS_MM] = nla_get_u32(tb[TCA_CBT_MM_THRESH]);
	if (tb[TCA_CBT_UDP_THRESH])
		q->thresh[CBT_CLASS_UDP] = nla_get_u32(tb[TCA_CBT_UDP_THRESH]);
	if (tb[TCA_CBT_TAG_MODE])
		q->tag.mode = nla_get_u32(tb[TCA_CBT_TAG_MODE]);
	if (tb[TCA_CBT_TAG_DSCP])
		q->tag.dscp = nla_get_u32(tb[TCA_CBT_TAG_DSCP]);
	if (tb[TCA_CBT_TAG_MARK])
		q->tag.mark = nla_get_u32(tb[TCA_CBT_TAG_MARK]);
	if (tb[TCA_CBT_TAG_MASK])
		q->tag.mask = nla_get_u32(tb[TCA_CBT_TAG_MASK]);
	if (tb[TCA_CBT_TAG_SRC])
		q->tag.src = (__force __be32)nla_get_u32(tb[TCA_CBT_TAG_SRC]);
	if (tb[TCA_CBT_TAG_SRCLEN]) {
		q->tag.srclen = nla_get_u32(tb[TCA_CBT_TAG_SRCLEN]);
		q->tag.srcmask = cbt_prefix_mask(q->tag.srclen);
	}
	if (tb[TCA_CBT_SEED]) {
		q->seed = nla_get_u32(tb[TCA_CBT_SEED]);
		prandom_seed_state(&q->rnd, q->seed);
	}

	qred_set_parms(&q->parms, qmin, qmax, q->max_p, wlog, false,
		       qred_ptime_ns(q->avpkt, q->bandwidth));
	if (wlog != old_wlog) {
		qred_rescale(&q->parms, &q->vars, old_wlog);
		cbt_classes_rescale(&q->parms, &q->cl, old_wlog);
	}

	while (sch->q.qlen > q->limit) {
		struct sk_buff *skb = __qdisc_dequeue_head(&sch->q);

		cbt_count_out(q, skb);
		dropped_pkts++;
		dropped_bytes += qdisc_pkt_len(skb);
		qdisc_qstats_backlog_dec(sch, skb);
		rtnl_qdisc_drop(skb, sch);
		q->change_drops++;
	}
	qdisc_tree_reduce_backlog(sch, dropped_pkts, dropped_bytes);
}

static int cbt_change(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	struct nlattr *tb[TCA_CBT_MAX + 1];
	int err;

	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	err = cbt_parse(sch, tb, opt, extack);
	if (err < 0)
		return err;
	sch_tree_lock(sch);
	cbt_apply(sch, tb);
	sch_tree_unlock(sch);
	return 0;
}

static int cbt_init(struct Qdisc *sch, struct nlattr *opt,
		    struct netlink_ext_ack *extack)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_CBT_MAX + 1] = { NULL };
	int err;

	/* the ABI's tag modes are algo/cbt.h's */
	BUILD_BUG_ON(CBT_TAG_MODE_DSCP - CBT_TAG_DSCP);
	BUILD_BUG_ON(CBT_TAG_MODE_MARK - CBT_TAG_MARK);
	BUILD_BUG_ON(CBT_TAG_MODE_SRC - CBT_TAG_SRC);

	q->limit = clamp_t(u32, qdisc_dev(sch)->tx_queue_len, 1, CBT_LIMIT_MAX);
	q->max_p = CBT_MAX_P_DEFAULT;
	q->avpkt = CBT_AVPKT_DEFAULT;
	q->thresh[CBT_CLASS_MM] = CBT_MM_THRESH_DEFAULT;
	q->thresh[CBT_CLASS_UDP] = CBT_UDP_THRESH_DEFAULT;
	q->tag.mask = ~0U;
	qred_set_parms(&q->parms, CBT_QTH_MIN_DEFAULT, CBT_QTH_MAX_DEFAULT,
		       q->max_p, CBT_EWMA_DEFAULT, false, 0);
	qred_vars_init(&q->vars);
	cbt_classes_init(&q->cl);

	if (opt) {
		err = cbt_parse(sch, tb, opt, extack);
		if (err < 0)
			return err;
	}
	if (!tb[TCA_CBT_SEED]) {
		q->seed = get_random_u32();
		prandom_seed_state(&q->rnd, q->seed);
	}
	cbt_apply(sch, tb);
	return 0;
}

static void cbt_destroy(struct Qdisc *sch)
{
}

static int cbt_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_CBT_LIMIT, q->limit) ||
	    nla_put_u32(skb, TCA_CBT_QTH_MIN, q->parms.qth_min) ||
	    nla_put_u32(skb, TCA_CBT_QTH_MAX, q->parms.qth_max) ||
	    nla_put_u32(skb, TCA_CBT_MAX_P, q->max_p) ||
	    nla_put_u32(skb, TCA_CBT_EWMA, q->parms.Wlog) ||
	    nla_put_u32(skb, TCA_CBT_BANDWIDTH, q->bandwidth) ||
	    nla_put_u32(skb, TCA_CBT_AVPKT, q->avpkt) ||
	    nla_put_u32(skb, TCA_CBT_MM_THRESH, q->thresh[CBT_CLASS_MM]) ||
	    nla_put_u32(skb, TCA_CBT_UDP_THRESH, q->thresh[CBT_CLASS_UDP]) ||
	    nla_put_u32(skb, TCA_CBT_TAG_MODE, q->tag.mode) ||
	    nla_put_u32(skb, TCA_CBT_TAG_DSCP, q->tag.dscp) ||
	    nla_put_u32(skb, TCA_CBT_TAG_MARK, q->tag.mark) ||
	    nla_put_u32(skb, TCA_CBT_TAG_MASK, q->tag.mask) ||
	    nla_put_u32(skb, TCA_CBT_TAG_SRC, (__force u32)q->tag.src) ||
	    nla_put_u32(skb, TCA_CBT_TAG_SRCLEN, q->tag.srclen) ||
	    nla_put_u32(skb, TCA_CBT_SEED, q->seed))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

/* A scaled average in thousandths of a packet. */
static u32 cbt_milli(const struct qred_parms *p, u64 qavg)
{
	return (u32)min_t(u64, (qavg * 1000) >> p->Wlog, U32_MAX);
}

static int cbt_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	struct tc_cbt_xstats st;

	sch_tree_lock(sch);
	st = (struct tc_cbt_xstats){
		.qavg		= cbt_milli(&q->parms, q->vars.qavg),
		.tcp_avg	= cbt_milli(&q->parms, q->cl.avg[CBT_CLASS_TCP].qavg),
		.mm_avg		= cbt_milli(&q->parms, q->cl.avg[CBT_CLASS_MM].qavg),
		.udp_avg	= cbt_milli(&q->parms, q->cl.avg[CBT_CLASS_UDP].qavg),
		.tcp_qlen	= q->cl.qlen[CBT_CLASS_TCP],
		.mm_qlen	= q->cl.qlen[CBT_CLASS_MM],
		.udp_qlen	= q->cl.qlen[CBT_CLASS_UDP],
		.mm_drops	= q->class_drops[CBT_CLASS_MM],
		.udp_drops	= q->class_drops[CBT_CLASS_UDP],
		.prob_drops	= q->prob_drops,
		.forced_drops	= q->forced_drops,
		.limit_drops	= q->limit_drops,
		.change_drops	= q->change_drops,
	};
	sch_tree_unlock(sch);
	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops cbt_qdisc_ops __read_mostly = {
	.id		= "cbt",
	.priv_size	= sizeof(struct cbt_sched_data),
	.enqueue	= cbt_enqueue,
	.dequeue	= cbt_dequeue,
	.peek		= cbt_peek,
	.init		= cbt_init,
	.reset		= cbt_reset,
	.destroy	= cbt_destroy,
	.change		= cbt_change,
	.dump		= cbt_dump,
	.dump_stats	= cbt_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init cbt_module_init(void)
{
	return register_qdisc(&cbt_qdisc_ops);
}

static void __exit cbt_module_exit(void)
{
	unregister_qdisc(&cbt_qdisc_ops);
}

module_init(cbt_module_init);
module_exit(cbt_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Class-Based Threshold queue management over RED (qdk)");
