// SPDX-License-Identifier: GPL-2.0
/*
 * sch_cbt.c - Class-Based Threshold queue management (M. Parris, K. Jeffay,
 * F. D. Smith, "Lightweight active router-queue management for multimedia
 * networking", MMCN 1999), as Conway, McAuley, Yurek implement it
 * ("Evaluation of DCBT", WPI 2002, section 3.1; docs/references.md).
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
 * Everything is counted in packets (Conway et al.'s thresholds are packets: 10
 * for multimedia, 2 for other UDP). RED's early decisions come from a
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
#include <algo/cbt_qdisc.h>
#include <algo/red.h>

#include "cbt.h"

struct cbt_sched_data {
	struct cbt_qdisc cq;		/* RED, tag, seed, averages, drops */
	u32 thresh[CBT_CLASSES];	/* packets; TCP unused */
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
	CBT_QDISC_POLICY(&cbt_size_range, &cbt_avpkt_range,
			 CBT_EWMA_MIN, CBT_EWMA_MAX),
	[TCA_CBT_MM_THRESH] = NLA_POLICY_FULL_RANGE(NLA_U32, &cbt_thresh_range),
	[TCA_CBT_UDP_THRESH] = NLA_POLICY_FULL_RANGE(NLA_U32, &cbt_thresh_range),
};

static int cbt_enqueue(struct sk_buff *skb, struct Qdisc *sch,
		       struct sk_buff **to_free)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	struct cbt_qdisc *cq = &q->cq;
	u8 c = cbt_classify(skb, &cq->tag);
	int ret;

	cbt_qdisc_sample(cq, sch->q.qlen, ktime_get_ns());
	ret = cbt_qdisc_admit(cq, skb, sch, c,
			      (u64)q->thresh[c] << cq->parms.Wlog, to_free);
	if (ret != NET_XMIT_SUCCESS)
		return ret;
	cbt_cb(skb)->class = c;
	cq->cl.qlen[c]++;
	return qdisc_enqueue_tail(skb, sch);
}

static struct sk_buff *cbt_dequeue(struct Qdisc *sch)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb = qdisc_dequeue_head(sch);

	if (skb) {
		q->cq.cl.qlen[cbt_cb(skb)->class]--;
		if (!sch->q.qlen)
			cbt_qdisc_idle(&q->cq, ktime_get_ns());
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
	cbt_qdisc_reset(&q->cq);
}

/* Validated options, or the current values for absent ones. */
static int cbt_parse(struct Qdisc *sch, struct nlattr **tb, struct nlattr *opt,
		     struct netlink_ext_ack *extack)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	int err;

	err = nla_parse(tb, TCA_CBT_MAX, nla_data(opt), nla_len(opt),
			cbt_policy, extack);
	if (err < 0)
		return err;
	return cbt_qdisc_check(&q->cq, tb, extack);
}

/* The head, for a lower limit: unlinked, uncounted. */
static struct sk_buff *cbt_take(struct Qdisc *sch)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb = __qdisc_dequeue_head(&sch->q);

	q->cq.cl.qlen[cbt_cb(skb)->class]--;
	qdisc_qstats_backlog_dec(sch, skb);
	return skb;
}

static void cbt_apply(struct Qdisc *sch, struct nlattr **tb)
{
	struct cbt_sched_data *q = qdisc_priv(sch);

	if (tb[TCA_CBT_MM_THRESH])
		q->thresh[CBT_CLASS_MM] = nla_get_u32(tb[TCA_CBT_MM_THRESH]);
	if (tb[TCA_CBT_UDP_THRESH])
		q->thresh[CBT_CLASS_UDP] = nla_get_u32(tb[TCA_CBT_UDP_THRESH]);
	cbt_qdisc_apply(&q->cq, tb);
	cbt_qdisc_trim(&q->cq, sch, cbt_take);
}

static int cbt_change(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	struct nlattr *tb[TCA_CBT_MAX + 1];

	return cbt_qdisc_change(sch, opt, tb, extack, cbt_parse, cbt_apply);
}

static int cbt_init(struct Qdisc *sch, struct nlattr *opt,
		    struct netlink_ext_ack *extack)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_CBT_MAX + 1] = { NULL };
	int err;

	cbt_qdisc_check_abi(TCA_CBT, CBT);

	cbt_qdisc_defaults(&q->cq, sch, CBT_LIMIT_MAX, CBT_QTH_MIN_DEFAULT,
			   CBT_QTH_MAX_DEFAULT, CBT_MAX_P_DEFAULT,
			   CBT_EWMA_DEFAULT, CBT_AVPKT_DEFAULT);
	q->thresh[CBT_CLASS_MM] = CBT_MM_THRESH_DEFAULT;
	q->thresh[CBT_CLASS_UDP] = CBT_UDP_THRESH_DEFAULT;

	if (opt) {
		err = cbt_parse(sch, tb, opt, extack);
		if (err < 0)
			return err;
	}
	cbt_qdisc_seed_default(&q->cq, tb);
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
	if (cbt_qdisc_dump_red(skb, &q->cq) ||
	    nla_put_u32(skb, TCA_CBT_MM_THRESH, q->thresh[CBT_CLASS_MM]) ||
	    nla_put_u32(skb, TCA_CBT_UDP_THRESH, q->thresh[CBT_CLASS_UDP]) ||
	    cbt_qdisc_dump_tag(skb, &q->cq))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

static int cbt_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct cbt_sched_data *q = qdisc_priv(sch);
	const struct cbt_qdisc *cq = &q->cq;
	struct tc_cbt_xstats st;

	sch_tree_lock(sch);
	st = (struct tc_cbt_xstats){ CBT_QDISC_XSTATS(cq) };
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
MODULE_ALIAS("net-sch-cbt");
