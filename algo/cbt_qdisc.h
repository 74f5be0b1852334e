/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The qdisc side of CBT, shared by the cbt and dcbt qdiscs the way
 * red_qdisc.h serves the RED family: <algo/cbt.h> classifies and tests,
 * this header keeps what both qdiscs configure, count and report the same
 * way.
 *
 *   - struct cbt_qdisc: the RED queue and its options (limit, min, max,
 *     probability, ewma, bandwidth, avpkt), the tag, the seed and its
 *     generator, the class averages and the drop counters;
 *   - an arrival's tests (class threshold, then RED, then the hard limit)
 *     with each drop counted; the idle start and the reset;
 *   - the options both have, with the same attribute numbers (CBT_QA_*:
 *     cbt.h and dcbt.h give them these numbers, cbt_qdisc_check_abi()
 *     checks it): their netlink policy, defaults, checks, apply and dump;
 *     the trim a lower limit makes; change()'s skeleton;
 *   - the xstats fields both report (the same names in both ABIs).
 *
 * Each qdisc keeps its thresholds, its queue and its own options (cbt's
 * fixed thresholds; dcbt's flow table, collector and ChIPS) in its file.
 */
#ifndef QDK_ALGO_CBT_QDISC_H
#define QDK_ALGO_CBT_QDISC_H

#include <linux/kernel.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include <algo/cbt.h>
#include <algo/red.h>

/* The attributes cbt and dcbt share, by number (their ABIs use these). */
enum {
	CBT_QA_LIMIT = 1,	/* u32: hard limit, packets */
	CBT_QA_QTH_MIN,		/* u32: RED min_th, packets */
	CBT_QA_QTH_MAX,		/* u32: RED max_th, packets */
	CBT_QA_MAX_P,		/* u32: RED max_p, parts of 2^32 */
	CBT_QA_EWMA,		/* u32: Wlog */
	CBT_QA_BANDWIDTH,	/* u32: link rate, bytes/s; 0 none */
	CBT_QA_AVPKT,		/* u32: average packet, bytes */
	CBT_QA_TAG_MODE = 10,	/* u32: CBT_TAG_* */
	CBT_QA_TAG_DSCP,	/* u32: 0..63 */
	CBT_QA_TAG_MARK,	/* u32 */
	CBT_QA_TAG_MASK,	/* u32 */
	CBT_QA_TAG_SRC,		/* u32: IPv4 prefix, network order */
	CBT_QA_TAG_SRCLEN,	/* u32: 0..32 */
	CBT_QA_SEED,		/* u32: seed of RED's generator */
};

/*
 * Check at build time that a qdisc's ABI (attributes TCA_<P>_*, tag modes
 * <M>_TAG_MODE_*) numbers the shared options as CBT_QA_* and the tag modes
 * as CBT_TAG_*.
 */
#define cbt_qdisc_check_abi(P, M) do {					\
	BUILD_BUG_ON((int)P##_LIMIT != CBT_QA_LIMIT);			\
	BUILD_BUG_ON((int)P##_QTH_MIN != CBT_QA_QTH_MIN);		\
	BUILD_BUG_ON((int)P##_QTH_MAX != CBT_QA_QTH_MAX);		\
	BUILD_BUG_ON((int)P##_MAX_P != CBT_QA_MAX_P);			\
	BUILD_BUG_ON((int)P##_EWMA != CBT_QA_EWMA);			\
	BUILD_BUG_ON((int)P##_BANDWIDTH != CBT_QA_BANDWIDTH);		\
	BUILD_BUG_ON((int)P##_AVPKT != CBT_QA_AVPKT);			\
	BUILD_BUG_ON((int)P##_TAG_MODE != CBT_QA_TAG_MODE);		\
	BUILD_BUG_ON((int)P##_TAG_DSCP != CBT_QA_TAG_DSCP);		\
	BUILD_BUG_ON((int)P##_TAG_MARK != CBT_QA_TAG_MARK);		\
	BUILD_BUG_ON((int)P##_TAG_MASK != CBT_QA_TAG_MASK);		\
	BUILD_BUG_ON((int)P##_TAG_SRC != CBT_QA_TAG_SRC);		\
	BUILD_BUG_ON((int)P##_TAG_SRCLEN != CBT_QA_TAG_SRCLEN);		\
	BUILD_BUG_ON((int)P##_SEED != CBT_QA_SEED);			\
	BUILD_BUG_ON(M##_TAG_MODE_DSCP != CBT_TAG_DSCP);		\
	BUILD_BUG_ON(M##_TAG_MODE_MARK != CBT_TAG_MARK);		\
	BUILD_BUG_ON(M##_TAG_MODE_SRC != CBT_TAG_SRC);			\
} while (0)

/*
 * The policy entries of the shared attributes, for a qdisc's nla_policy
 * table: size (limit, min, max: packets) and avpkt are its ranges, Wlog
 * within [ewma_min, ewma_max].
 */
#define CBT_QDISC_POLICY(size, avpkt, ewma_min, ewma_max)			\
	[CBT_QA_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32, size),			\
	[CBT_QA_QTH_MIN] = NLA_POLICY_FULL_RANGE(NLA_U32, size),		\
	[CBT_QA_QTH_MAX] = NLA_POLICY_FULL_RANGE(NLA_U32, size),		\
	[CBT_QA_MAX_P] = { .type = NLA_U32 },					\
	[CBT_QA_EWMA] = NLA_POLICY_RANGE(NLA_U32, ewma_min, ewma_max),		\
	[CBT_QA_BANDWIDTH] = { .type = NLA_U32 },				\
	[CBT_QA_AVPKT] = NLA_POLICY_FULL_RANGE(NLA_U32, avpkt),			\
	[CBT_QA_TAG_MODE] = NLA_POLICY_MAX(NLA_U32, CBT_TAG_SRC),		\
	[CBT_QA_TAG_DSCP] = NLA_POLICY_MAX(NLA_U32, 63),			\
	[CBT_QA_TAG_MARK] = { .type = NLA_U32 },				\
	[CBT_QA_TAG_MASK] = { .type = NLA_U32 },				\
	[CBT_QA_TAG_SRC] = { .type = NLA_U32 },					\
	[CBT_QA_TAG_SRCLEN] = NLA_POLICY_MAX(NLA_U32, 32),			\
	[CBT_QA_SEED] = { .type = NLA_U32 }

struct cbt_qdisc {
	/* configuration */
	u32 limit;
	u32 max_p;
	u32 bandwidth;
	u32 avpkt;
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

/* The defaults before any option: limit txqueuelen within [1, limit_max]. */
static inline void cbt_qdisc_defaults(struct cbt_qdisc *cq, struct Qdisc *sch,
				      u32 limit_max, u32 qth_min, u32 qth_max,
				      u32 max_p, u8 wlog, u32 avpkt)
{
	cq->limit = clamp_t(u32, qdisc_dev(sch)->tx_queue_len, 1, limit_max);
	cq->max_p = max_p;
	cq->avpkt = avpkt;
	cq->tag.mask = ~0U;
	qred_set_parms(&cq->parms, qth_min, qth_max, max_p, wlog, false, 0);
	qred_vars_init(&cq->vars);
	cbt_classes_init(&cq->cl);
}

/* Every arrival samples the RED average and the class averages first. */
static inline void cbt_qdisc_sample(struct cbt_qdisc *cq, u32 qlen, u64 now)
{
	qred_calc_qavg(&cq->parms, &cq->vars, qlen, now);
	cbt_classes_sample(&cq->parms, &cq->cl, now);
}

/*
 * An arrival of class c against the class threshold Sthresh (scaled), then
 * RED, then the hard limit: NET_XMIT_SUCCESS when it may be queued, else
 * it was dropped (and counted) and this is enqueue()'s return.
 */
static inline int cbt_qdisc_admit(struct cbt_qdisc *cq, struct sk_buff *skb,
				  struct Qdisc *sch, u8 c, u64 Sthresh,
				  struct sk_buff **to_free)
{
	if (cbt_class_over(&cq->parms, &cq->vars, &cq->cl, c, Sthresh)) {
		cq->class_drops[c]++;
		qdisc_drop(skb, sch, to_free);
		return NET_XMIT_CN;
	}

	switch (qred_action(&cq->parms, &cq->vars, &cq->rnd)) {
	case QRED_DONT_MARK:
		break;
	case QRED_PROB_MARK:
		cq->prob_drops++;
		qdisc_drop(skb, sch, to_free);
		return NET_XMIT_CN;
	case QRED_HARD_MARK:
		cq->forced_drops++;
		qdisc_drop(skb, sch, to_free);
		return NET_XMIT_CN;
	}

	if (unlikely(sch->q.qlen >= cq->limit)) {
		cq->limit_drops++;
		return qdisc_drop(skb, sch, to_free);
	}
	return NET_XMIT_SUCCESS;
}

/* The queue went empty: RED's and the classes' averages decay from now. */
static inline void cbt_qdisc_idle(struct cbt_qdisc *cq, u64 now)
{
	qred_start_idle(&cq->vars, now);
	cbt_classes_idle(&cq->cl, now);
}

static inline void cbt_qdisc_reset(struct cbt_qdisc *cq)
{
	qred_vars_init(&cq->vars);
	cbt_classes_init(&cq->cl);
}

/*
 * The checks of the shared options (after nla_parse()), against the
 * current values of absent ones: min below max, a source prefix without
 * host bits.
 */
static inline int cbt_qdisc_check(const struct cbt_qdisc *cq,
				  struct nlattr **tb,
				  struct netlink_ext_ack *extack)
{
	u32 qmin = cq->parms.qth_min, qmax = cq->parms.qth_max, mode;

	if (tb[CBT_QA_QTH_MIN])
		qmin = nla_get_u32(tb[CBT_QA_QTH_MIN]);
	if (tb[CBT_QA_QTH_MAX])
		qmax = nla_get_u32(tb[CBT_QA_QTH_MAX]);
	if (qmin >= qmax) {
		NL_SET_ERR_MSG_MOD(extack, "min must be below max");
		return -EINVAL;
	}
	mode = tb[CBT_QA_TAG_MODE] ? nla_get_u32(tb[CBT_QA_TAG_MODE])
				   : cq->tag.mode;
	if (mode == CBT_TAG_SRC && tb[CBT_QA_TAG_SRC] &&
	    tb[CBT_QA_TAG_SRCLEN] &&
	    (nla_get_u32(tb[CBT_QA_TAG_SRC]) &
	     ~cbt_prefix_mask(nla_get_u32(tb[CBT_QA_TAG_SRCLEN])))) {
		NL_SET_ERR_MSG_MOD(extack, "source prefix has host bits set");
		return -EINVAL;
	}
	return 0;
}

/* A new generator from a random seed when the options gave none. */
static inline void cbt_qdisc_seed_default(struct cbt_qdisc *cq,
					  struct nlattr **tb)
{
	if (!tb[CBT_QA_SEED]) {
		cq->seed = get_random_u32();
		prandom_seed_state(&cq->rnd, cq->seed);
	}
}

/* Apply the shared options present in tb (checked); RED's averages follow a new Wlog. */
static inline void cbt_qdisc_apply(struct cbt_qdisc *cq, struct nlattr **tb)
{
	u32 qmin = cq->parms.qth_min, qmax = cq->parms.qth_max;
	u8 wlog = cq->parms.Wlog, old_wlog = cq->parms.Wlog;
	struct cbt_tag *t = &cq->tag;

	if (tb[CBT_QA_LIMIT])
		cq->limit = nla_get_u32(tb[CBT_QA_LIMIT]);
	if (tb[CBT_QA_QTH_MIN])
		qmin = nla_get_u32(tb[CBT_QA_QTH_MIN]);
	if (tb[CBT_QA_QTH_MAX])
		qmax = nla_get_u32(tb[CBT_QA_QTH_MAX]);
	if (tb[CBT_QA_MAX_P])
		cq->max_p = nla_get_u32(tb[CBT_QA_MAX_P]);
	if (tb[CBT_QA_EWMA])
		wlog = nla_get_u32(tb[CBT_QA_EWMA]);
	if (tb[CBT_QA_BANDWIDTH])
		cq->bandwidth = nla_get_u32(tb[CBT_QA_BANDWIDTH]);
	if (tb[CBT_QA_AVPKT])
		cq->avpkt = nla_get_u32(tb[CBT_QA_AVPKT]);
	if (tb[CBT_QA_TAG_MODE])
		t->mode = nla_get_u32(tb[CBT_QA_TAG_MODE]);
	if (tb[CBT_QA_TAG_DSCP])
		t->dscp = nla_get_u32(tb[CBT_QA_TAG_DSCP]);
	if (tb[CBT_QA_TAG_MARK])
		t->mark = nla_get_u32(tb[CBT_QA_TAG_MARK]);
	if (tb[CBT_QA_TAG_MASK])
		t->mask = nla_get_u32(tb[CBT_QA_TAG_MASK]);
	if (tb[CBT_QA_TAG_SRC])
		t->src = (__force __be32)nla_get_u32(tb[CBT_QA_TAG_SRC]);
	if (tb[CBT_QA_TAG_SRCLEN]) {
		t->srclen = nla_get_u32(tb[CBT_QA_TAG_SRCLEN]);
		t->srcmask = cbt_prefix_mask(t->srclen);
	}
	if (tb[CBT_QA_SEED]) {
		cq->seed = nla_get_u32(tb[CBT_QA_SEED]);
		prandom_seed_state(&cq->rnd, cq->seed);
	}

	qred_set_parms(&cq->parms, qmin, qmax, cq->max_p, wlog, false,
		       qred_ptime_ns(cq->avpkt, cq->bandwidth));
	if (wlog != old_wlog) {
		qred_rescale(&cq->parms, &cq->vars, old_wlog);
		cbt_classes_rescale(&cq->parms, &cq->cl, old_wlog);
	}
}

/*
 * A lower limit takes effect at once: take() unlinks the next packet to
 * send (its qlen, backlog and class counts follow), which is dropped and
 * counted; the ancestors are told. Under sch_tree_lock().
 */
static inline void cbt_qdisc_trim(struct cbt_qdisc *cq, struct Qdisc *sch,
				  struct sk_buff *(*take)(struct Qdisc *sch))
{
	unsigned int dropped_pkts = 0, dropped_bytes = 0;

	while (sch->q.qlen > cq->limit) {
		struct sk_buff *skb = take(sch);

		dropped_pkts++;
		dropped_bytes += qdisc_pkt_len(skb);
		rtnl_qdisc_drop(skb, sch);
		cq->change_drops++;
	}
	qdisc_tree_reduce_backlog(sch, dropped_pkts, dropped_bytes);
}

/*
 * change(): parse() checks every option into tb (nothing changes when it
 * fails), apply() takes them under the tree lock.
 */
static inline int cbt_qdisc_change(struct Qdisc *sch, struct nlattr *opt,
				   struct nlattr **tb,
				   struct netlink_ext_ack *extack,
				   int (*parse)(struct Qdisc *sch,
						struct nlattr **tb,
						struct nlattr *opt,
						struct netlink_ext_ack *extack),
				   void (*apply)(struct Qdisc *sch,
						 struct nlattr **tb))
{
	int err;

	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	err = parse(sch, tb, opt, extack);
	if (err < 0)
		return err;
	sch_tree_lock(sch);
	apply(sch, tb);
	sch_tree_unlock(sch);
	return 0;
}

/* Dump the shared RED options (CBT_QA_LIMIT..CBT_QA_AVPKT), in order. */
static inline int cbt_qdisc_dump_red(struct sk_buff *skb,
				     const struct cbt_qdisc *cq)
{
	if (nla_put_u32(skb, CBT_QA_LIMIT, cq->limit) ||
	    nla_put_u32(skb, CBT_QA_QTH_MIN, cq->parms.qth_min) ||
	    nla_put_u32(skb, CBT_QA_QTH_MAX, cq->parms.qth_max) ||
	    nla_put_u32(skb, CBT_QA_MAX_P, cq->max_p) ||
	    nla_put_u32(skb, CBT_QA_EWMA, cq->parms.Wlog) ||
	    nla_put_u32(skb, CBT_QA_BANDWIDTH, cq->bandwidth) ||
	    nla_put_u32(skb, CBT_QA_AVPKT, cq->avpkt))
		return -EMSGSIZE;
	return 0;
}

/* Dump the tag and the seed (CBT_QA_TAG_MODE..CBT_QA_SEED), in order. */
static inline int cbt_qdisc_dump_tag(struct sk_buff *skb,
				     const struct cbt_qdisc *cq)
{
	const struct cbt_tag *t = &cq->tag;

	if (nla_put_u32(skb, CBT_QA_TAG_MODE, t->mode) ||
	    nla_put_u32(skb, CBT_QA_TAG_DSCP, t->dscp) ||
	    nla_put_u32(skb, CBT_QA_TAG_MARK, t->mark) ||
	    nla_put_u32(skb, CBT_QA_TAG_MASK, t->mask) ||
	    nla_put_u32(skb, CBT_QA_TAG_SRC, (__force u32)t->src) ||
	    nla_put_u32(skb, CBT_QA_TAG_SRCLEN, t->srclen) ||
	    nla_put_u32(skb, CBT_QA_SEED, cq->seed))
		return -EMSGSIZE;
	return 0;
}

/* A scaled average in thousandths of a packet, for the xstats. */
static inline u32 cbt_qdisc_milli(const struct cbt_qdisc *cq, u64 Sqavg)
{
	return (u32)min_t(u64, (Sqavg * 1000) >> cq->parms.Wlog, U32_MAX);
}

/*
 * The xstats fields cbt and dcbt share (same names in tc_cbt_xstats and
 * tc_dcbt_xstats), as designated initializers from the cbt_qdisc *cq.
 */
#define CBT_QDISC_XSTATS(cq)						\
	.qavg = cbt_qdisc_milli(cq, (cq)->vars.qavg),			\
	.tcp_avg = cbt_qdisc_milli(cq, (cq)->cl.avg[CBT_CLASS_TCP].qavg), \
	.mm_avg = cbt_qdisc_milli(cq, (cq)->cl.avg[CBT_CLASS_MM].qavg),	\
	.udp_avg = cbt_qdisc_milli(cq, (cq)->cl.avg[CBT_CLASS_UDP].qavg), \
	.tcp_qlen = (cq)->cl.qlen[CBT_CLASS_TCP],			\
	.mm_qlen = (cq)->cl.qlen[CBT_CLASS_MM],				\
	.udp_qlen = (cq)->cl.qlen[CBT_CLASS_UDP],			\
	.mm_drops = (cq)->class_drops[CBT_CLASS_MM],			\
	.udp_drops = (cq)->class_drops[CBT_CLASS_UDP],			\
	.prob_drops = (cq)->prob_drops,					\
	.forced_drops = (cq)->forced_drops,				\
	.limit_drops = (cq)->limit_drops,				\
	.change_drops = (cq)->change_drops

#endif /* QDK_ALGO_CBT_QDISC_H */
