// SPDX-License-Identifier: GPL-2.0
/*
 * sch_blue.c - BLUE active queue management (W. Feng, D. Kandlur, D. Saha,
 * K. Shin, "BLUE: A New Class of Active Queue Management Algorithms",
 * U. Michigan CSE-TR-387-99, 1999).
 *
 * RED infers congestion from the average queue length; BLUE infers it from
 * the two events that matter: packet loss (the buffer overflowed) and an
 * idle link (the queue ran empty). One marking probability p_m is kept:
 *
 *   on buffer overflow:  if now - last_update > freeze_time:
 *                            p_m += d1, last_update = now
 *   on an idle link:     if now - last_update > freeze_time:
 *                            p_m -= d2, last_update = now
 *
 * and every arriving packet is marked (ECN CE, when "ecn" is set and the
 * packet is ECN-capable) or dropped with probability p_m. d1 is usually an
 * order of magnitude above d2, so p_m rises fast when the load outgrows the
 * link and decays slowly when it shrinks; freeze_time (about an RTT) lets
 * the senders react to one change before the next.
 *
 * Events as this qdisc sees them:
 *   overflow   an arrival finds the queue holding "limit" packets (it is
 *              dropped: tail drop);
 *   idle link  a dequeue finds the queue empty, or a packet arrives to an
 *              empty queue (the link had nothing to send until now). The
 *              second form is what a shaping parent shows: tbf and htb peek
 *              before they dequeue, so they never call dequeue on an empty
 *              child. Seeing both forms of one idle period is harmless: the
 *              freeze time lets only one of them move p_m.
 *
 * The marking decision comes from a per-instance generator (struct
 * rnd_state), seeded by the "seed" option or get_random_u32() at init, so
 * a recorded trace replays decision for decision.
 */

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/inet_ecn.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "blue.h"

struct blue_sched_data {
	/* configuration */
	u32 limit;		/* packets */
	u32 d1;			/* p_m step up, v / 2^32 */
	u32 d2;			/* p_m step down */
	u64 freeze_ns;
	u32 freeze_us;		/* as configured, for dump */
	u32 seed;
	bool ecn;

	/* state */
	u32 prob;		/* p_m, v / 2^32 */
	u64 last_update;	/* ns of the last change of p_m */
	bool updated;		/* p_m changed since init/reset */
	struct rnd_state rnd;

	/* statistics, see struct tc_blue_xstats */
	u32 overflow_drops;
	u32 early_drops;
	u32 marks;
	u32 increments;
	u32 decrements;
	u32 change_drops;
	u32 qlen_max;
};

static struct netlink_range_validation blue_limit_range = {
	.min = BLUE_LIMIT_MIN,
	.max = BLUE_LIMIT_MAX,
};

static struct netlink_range_validation blue_freeze_range = {
	.min = 0,
	.max = BLUE_FREEZE_MAX,
};

static const struct nla_policy blue_policy[TCA_BLUE_MAX + 1] = {
	[TCA_BLUE_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32, &blue_limit_range),
	[TCA_BLUE_D1] = { .type = NLA_U32 },
	[TCA_BLUE_D2] = { .type = NLA_U32 },
	[TCA_BLUE_FREEZE] = NLA_POLICY_FULL_RANGE(NLA_U32, &blue_freeze_range),
	[TCA_BLUE_ECN] = NLA_POLICY_MAX(NLA_U8, 1),
	[TCA_BLUE_SEED] = { .type = NLA_U32 },
};

/* May p_m move now? At most once per freeze time, shared by both events. */
static bool blue_may_update(const struct blue_sched_data *q, u64 now)
{
	return !q->updated || now - q->last_update > q->freeze_ns;
}

/* Buffer overflow (packet loss): p_m += d1, saturating at one. */
static void blue_increase(struct blue_sched_data *q, u64 now)
{
	if (!blue_may_update(q, now))
		return;
	q->prob = q->prob > BLUE_PROB_ONE - q->d1 ? BLUE_PROB_ONE
						   : q->prob + q->d1;
	q->last_update = now;
	q->updated = true;
	q->increments++;
}

/* Idle link (empty queue): p_m -= d2, not below zero. */
static void blue_decrease(struct blue_sched_data *q, u64 now)
{
	if (!blue_may_update(q, now))
		return;
	q->prob = q->prob > q->d2 ? q->prob - q->d2 : 0;
	q->last_update = now;
	q->updated = true;
	q->decrements++;
}

static int blue_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			struct sk_buff **to_free)
{
	struct blue_sched_data *q = qdisc_priv(sch);
	u64 now = ktime_get_ns();

	if (sch->q.qlen == 0)
		blue_decrease(q, now);

	if (unlikely(sch->q.qlen >= q->limit)) {
		blue_increase(q, now);
		q->overflow_drops++;
		return qdisc_drop(skb, sch, to_free);
	}

	if (q->prob && prandom_u32_state(&q->rnd) < q->prob) {
		if (q->ecn && INET_ECN_set_ce(skb)) {
			q->marks++;
		} else {
			q->early_drops++;
			qdisc_drop(skb, sch, to_free);
			return NET_XMIT_CN;
		}
	}

	qdisc_enqueue_tail(skb, sch);
	q->qlen_max = max(q->qlen_max, sch->q.qlen);
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *blue_dequeue(struct Qdisc *sch)
{
	struct blue_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb = qdisc_dequeue_head(sch);

	if (!skb)
		blue_decrease(q, ktime_get_ns());
	return skb;
}

static struct sk_buff *blue_peek(struct Qdisc *sch)
{
	return qdisc_peek_head(sch);
}

/* A reset forgets the congestion state too: p_m starts again from zero. */
static void blue_reset(struct Qdisc *sch)
{
	struct blue_sched_data *q = qdisc_priv(sch);

	qdisc_reset_queue(sch);
	sch->qstats.backlog = 0;
	q->prob = 0;
	q->updated = false;
}

/* Apply validated attributes; nothing here can fail. */
static void blue_apply(struct Qdisc *sch, struct nlattr **tb)
{
	struct blue_sched_data *q = qdisc_priv(sch);
	unsigned int dropped_pkts = 0, dropped_bytes = 0;

	if (tb[TCA_BLUE_LIMIT])
		q->limit = nla_get_u32(tb[TCA_BLUE_LIMIT]);
	if (tb[TCA_BLUE_D1])
		q->d1 = nla_get_u32(tb[TCA_BLUE_D1]);
	if (tb[TCA_BLUE_D2])
		q->d2 = nla_get_u32(tb[TCA_BLUE_D2]);
	if (tb[TCA_BLUE_FREEZE]) {
		q->freeze_us = nla_get_u32(tb[TCA_BLUE_FREEZE]);
		q->freeze_ns = (u64)q->freeze_us * NSEC_PER_USEC;
	}
	if (tb[TCA_BLUE_ECN])
		q->ecn = nla_get_u8(tb[TCA_BLUE_ECN]);
	if (tb[TCA_BLUE_SEED]) {
		q->seed = nla_get_u32(tb[TCA_BLUE_SEED]);
		prandom_seed_state(&q->rnd, q->seed);
	}

	/* A lower limit takes effect at once, oldest packets first. */
	while (sch->q.qlen > q->limit) {
		struct sk_buff *skb = __qdisc_dequeue_head(&sch->q);

		dropped_pkts++;
		dropped_bytes += qdisc_pkt_len(skb);
		qdisc_qstats_backlog_dec(sch, skb);
		rtnl_qdisc_drop(skb, sch);
		q->change_drops++;
	}
	qdisc_tree_reduce_backlog(sch, dropped_pkts, dropped_bytes);
}

static int blue_parse(struct nlattr **tb, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	int err;

	err = nla_parse(tb, TCA_BLUE_MAX, nla_data(opt), nla_len(opt),
			blue_policy, extack);
	if (err < 0)
		return err;
	if (tb[TCA_BLUE_D1] && !nla_get_u32(tb[TCA_BLUE_D1])) {
		NL_SET_ERR_MSG_MOD(extack, "d1 must be above zero");
		return -EINVAL;
	}
	return 0;
}

static int blue_change(struct Qdisc *sch, struct nlattr *opt,
		       struct netlink_ext_ack *extack)
{
	struct nlattr *tb[TCA_BLUE_MAX + 1];
	int err;

	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	err = blue_parse(tb, opt, extack);
	if (err < 0)
		return err;

	sch_tree_lock(sch);
	blue_apply(sch, tb);
	sch_tree_unlock(sch);
	return 0;
}

static int blue_init(struct Qdisc *sch, struct nlattr *opt,
		     struct netlink_ext_ack *extack)
{
	struct blue_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_BLUE_MAX + 1] = { NULL };
	int err;

	if (opt) {
		err = blue_parse(tb, opt, extack);
		if (err < 0)
			return err;
	}

	q->limit = clamp_t(u32, qdisc_dev(sch)->tx_queue_len,
			   BLUE_LIMIT_MIN, BLUE_LIMIT_MAX);
	q->d1 = BLUE_D1_DEFAULT;
	q->d2 = BLUE_D2_DEFAULT;
	q->freeze_us = BLUE_FREEZE_DEFAULT;
	q->freeze_ns = (u64)q->freeze_us * NSEC_PER_USEC;
	/* Without a seed option: a random one, dumped so it can be replayed. */
	if (!tb[TCA_BLUE_SEED]) {
		q->seed = get_random_u32();
		prandom_seed_state(&q->rnd, q->seed);
	}
	blue_apply(sch, tb);
	return 0;
}

static void blue_destroy(struct Qdisc *sch)
{
}

static int blue_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct blue_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_BLUE_LIMIT, q->limit) ||
	    nla_put_u32(skb, TCA_BLUE_D1, q->d1) ||
	    nla_put_u32(skb, TCA_BLUE_D2, q->d2) ||
	    nla_put_u32(skb, TCA_BLUE_FREEZE, q->freeze_us) ||
	    nla_put_u8(skb, TCA_BLUE_ECN, q->ecn) ||
	    nla_put_u32(skb, TCA_BLUE_SEED, q->seed))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

static int blue_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct blue_sched_data *q = qdisc_priv(sch);
	struct tc_blue_xstats st = {
		.prob		= READ_ONCE(q->prob),
		.overflow_drops	= READ_ONCE(q->overflow_drops),
		.early_drops	= READ_ONCE(q->early_drops),
		.marks		= READ_ONCE(q->marks),
		.increments	= READ_ONCE(q->increments),
		.decrements	= READ_ONCE(q->decrements),
		.change_drops	= READ_ONCE(q->change_drops),
		.qlen_max	= READ_ONCE(q->qlen_max),
	};

	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops blue_qdisc_ops __read_mostly = {
	.id		= "blue",
	.priv_size	= sizeof(struct blue_sched_data),
	.enqueue	= blue_enqueue,
	.dequeue	= blue_dequeue,
	.peek		= blue_peek,
	.init		= blue_init,
	.reset		= blue_reset,
	.destroy	= blue_destroy,
	.change		= blue_change,
	.dump		= blue_dump,
	.dump_stats	= blue_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init blue_module_init(void)
{
	return register_qdisc(&blue_qdisc_ops);
}

static void __exit blue_module_exit(void)
{
	unregister_qdisc(&blue_qdisc_ops);
}

module_init(blue_module_init);
module_exit(blue_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("BLUE active queue management (qdk)");
MODULE_ALIAS("net-sch-blue");
