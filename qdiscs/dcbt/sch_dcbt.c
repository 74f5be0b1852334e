// SPDX-License-Identifier: GPL-2.0
/*
 * sch_dcbt.c - Dynamic Class-Based Threshold queue management (J. Chung, M.
 * Claypool, "Dynamic-CBT - Better Performing Active Queue Management for
 * Multimedia Networking", NOSSDAV 2000) with Cut-In Packet Scheduling (ChIPS,
 * Chung and Claypool, ACM Multimedia 2000), as "Evaluation of DCBT" (Conway,
 * McAuley, Yurek, WPI 2002, sections 3.2 and 3.3; docs/references.md)
 * implements them.
 *
 * CBT (sch_cbt.c, algo/cbt.h) with thresholds that follow the traffic: the
 * qdisc counts the active flows of each class (algo/flowtable.h) and, at
 * every arrival, gives each UDP class a threshold in proportion to its
 * share of the flows (algo/cbt.h: dcbt_mm_thresh(), dcbt_udp_thresh()):
 *
 *   MM  = (mmflows / totalflows) * RED_avg
 *   UDP = (udpflows / totalflows) * (RED_min - 0.1 (RED_max - RED_min))
 *
 * A flow is a 5-tuple (Conway et al. used addresses and protocol; ports
 * separate the flows of one host). It ends when it has had nothing queued and
 * sent nothing for "timeout"; the expiry collector (Conway et al.'s "old flow
 * collector") then uncounts it. The collector runs on a fixed grid of "collect"
 * periods anchored at the first arrival: a timer runs it while the link is
 * idle, and every enqueue and dequeue first runs the grid points that are due,
 * with the grid point's time. So the flow counts an arrival sees do not depend
 * on how late a kernel timer fires, and a kernel recording replays decision for
 * decision (the shim fires timers exactly).
 *
 * ChIPS (option "chips"): tagged UDP is flow-controlled multimedia whose jitter
 * matters. While the RED average is above min_th and the multimedia flows are
 * at most half of all flows (Conway et al., 3.3), an arriving multimedia packet
 * cuts in at the average queue length: it is placed so that about RED_avg
 * packets are ahead of it instead of the whole queue. Multimedia packets still
 * leave in their arrival order: the queue holds the other packets, each with a
 * count of multimedia "slots" in front of it, and the multimedia packets wait
 * in their own FIFO; when the head of the queue is a slot, the oldest
 * multimedia packet goes. This is Conway et al.'s "in-order multimedia queue"
 * without copying packets. Conway et al. dropped the simulation's "virtual
 * queue" (a FIFO copy used for the threshold calculations), and so does this
 * qdisc: the class averages count the packets really queued, so multimedia
 * packets that cut in leave sooner and count for less time.
 *
 * Every count is in packets. RED's early decisions come from a per-instance
 * generator, and the flow table's hash key from the same "seed" option
 * (random when absent, always dumped).
 */

#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/skbuff.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include <algo/cbt.h>
#include <algo/cbt_qdisc.h>
#include <algo/flowtable.h>
#include <algo/red.h>

#include "dcbt.h"

struct dcbt_sched_data {
	struct cbt_qdisc cq;		/* RED, tag, seed, averages, drops */

	/* configuration */
	u32 flows;
	u32 timeout_us;
	u32 collect_us;
	bool chips;

	/* state */
	struct flowtable ft;
	struct qdisc_skb_head main;	/* every packet but the multimedia ones */
	struct qdisc_skb_head mmq;	/* multimedia packets, arrival order */
	u32 mm_tail;			/* multimedia slots after main's tail */
	u64 next_collect;		/* ns of the next grid point; 0: unanchored */
	struct timer_list timer;
	struct Qdisc *sch;

	/* statistics */
	u64 Smm_thresh;
	u64 Sudp_thresh;
	u32 cutins;
};

static struct netlink_range_validation dcbt_size_range = {
	.min = 1,
	.max = DCBT_LIMIT_MAX,
};

static struct netlink_range_validation dcbt_avpkt_range = {
	.min = 1,
	.max = DCBT_AVPKT_MAX,
};

static struct netlink_range_validation dcbt_flows_range = {
	.min = DCBT_FLOWS_MIN,
	.max = DCBT_FLOWS_MAX,
};

static struct netlink_range_validation dcbt_time_range = {
	.min = DCBT_TIME_MIN,
	.max = DCBT_TIME_MAX,
};

static const struct nla_policy dcbt_policy[TCA_DCBT_MAX + 1] = {
	CBT_QDISC_POLICY(&dcbt_size_range, &dcbt_avpkt_range,
			 DCBT_EWMA_MIN, DCBT_EWMA_MAX),
	[TCA_DCBT_FLOWS] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcbt_flows_range),
	[TCA_DCBT_TIMEOUT] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcbt_time_range),
	[TCA_DCBT_COLLECT] = NLA_POLICY_FULL_RANGE(NLA_U32, &dcbt_time_range),
	[TCA_DCBT_CHIPS] = NLA_POLICY_MAX(NLA_U32, 1),
};

/*
 * Run the collector for the grid points due at now. Collecting once at the
 * last due point leaves the table as collecting at each would: a flow idle
 * at an earlier point is still idle at a later one, since nothing happened
 * in between (every datapath call catches up first).
 */
static void dcbt_collect_due(struct dcbt_sched_data *q, u64 now)
{
	u64 period = (u64)q->collect_us * NSEC_PER_USEC, n;

	if (!q->next_collect || now < q->next_collect)
		return;
	n = div64_u64(now - q->next_collect, period);
	flowtable_collect(&q->ft, q->next_collect + n * period);
	q->next_collect += (n + 1) * period;
}

static void dcbt_timer(struct timer_list *t)
{
	/* not from_timer(): 6.16 renamed it timer_container_of() */
	struct dcbt_sched_data *q = container_of(t, struct dcbt_sched_data,
						 timer);
	struct Qdisc *sch = q->sch;
	/* not qdisc_root_sleeping_lock(): it asserts RTNL, which a timer
	 * does not hold (the 6.1 kernel WARNs); sfq and pie do the same
	 */
	spinlock_t *root_lock = qdisc_lock(qdisc_root_sleeping(sch));

	spin_lock(root_lock);
	dcbt_collect_due(q, ktime_get_ns());
	spin_unlock(root_lock);
	mod_timer(&q->timer, jiffies + usecs_to_jiffies(q->collect_us));
}

/* The packet the next dequeue returns: a multimedia packet for a slot. */
static bool dcbt_slot_first(const struct dcbt_sched_data *q)
{
	const struct sk_buff *head = q->main.head;

	return head ? cbt_cb(head)->mm_before : q->mm_tail;
}

/* Unlink the next packet to send (or NULL); flow and class counts follow. */
static struct sk_buff *dcbt_take(struct Qdisc *sch, u64 now)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb;

	if (dcbt_slot_first(q)) {
		if (q->main.head)
			cbt_cb(q->main.head)->mm_before--;
		else
			q->mm_tail--;
		skb = __qdisc_dequeue_head(&q->mmq);
	} else {
		skb = __qdisc_dequeue_head(&q->main);
	}
	if (!skb)
		return NULL;
	sch->q.qlen--;
	qdisc_qstats_backlog_dec(sch, skb);
	q->cq.cl.qlen[cbt_cb(skb)->class]--;
	flowtable_dequeued(&q->ft, flowtable_at(&q->ft, cbt_cb(skb)->flow),
			   qdisc_pkt_len(skb), now);
	return skb;
}

/* Put a multimedia slot k packets from the head (or at the tail). */
static void dcbt_cut_in(struct dcbt_sched_data *q, u32 k)
{
	struct sk_buff *s;
	u32 pos = 0;

	for (s = q->main.head; s; s = s->next) {
		struct cbt_skb_cb *cb = cbt_cb(s);

		if (k <= pos + cb->mm_before) {
			cb->mm_before++;
			q->cutins++;
			return;
		}
		pos += cb->mm_before + 1;
	}
	q->mm_tail++;
}

static int dcbt_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			struct sk_buff **to_free)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);
	struct cbt_qdisc *cq = &q->cq;
	u64 now = ktime_get_ns(), Sthresh = 0;
	struct flowtable_entry *e;
	u8 c = cbt_classify(skb, &cq->tag);
	u32 total, k;
	bool created;
	int ret;

	if (!q->next_collect)
		q->next_collect = now + (u64)q->collect_us * NSEC_PER_USEC;
	dcbt_collect_due(q, now);
	e = flowtable_get(&q->ft, skb, now, &created);
	if (created)
		flowtable_set_class(&q->ft, e, c);
	flowtable_arrival(e, qdisc_pkt_len(skb));

	cbt_qdisc_sample(cq, sch->q.qlen, now);

	total = q->ft.nactive;
	q->Smm_thresh = dcbt_mm_thresh(&cq->vars, q->ft.active[CBT_CLASS_MM],
				       total);
	q->Sudp_thresh = dcbt_udp_thresh(&cq->parms,
					 q->ft.active[CBT_CLASS_UDP], total);
	if (c == CBT_CLASS_MM)
		Sthresh = q->Smm_thresh;
	else if (c == CBT_CLASS_UDP)
		Sthresh = q->Sudp_thresh;
	ret = cbt_qdisc_admit(cq, skb, sch, c, Sthresh, to_free);
	if (ret != NET_XMIT_SUCCESS)
		return ret;

	cbt_cb(skb)->class = c;
	cbt_cb(skb)->flow = flowtable_index(&q->ft, e);
	cbt_cb(skb)->mm_before = 0;
	flowtable_enqueued(&q->ft, e, qdisc_pkt_len(skb));
	cq->cl.qlen[c]++;
	if (c == CBT_CLASS_MM) {
		__qdisc_enqueue_tail(skb, &q->mmq);
		k = qred_qavg(&cq->parms, cq->vars.qavg);
		if (q->chips && cq->vars.qavg > cq->parms.Sqth_min &&
		    total >= 2 * q->ft.active[CBT_CLASS_MM] && k < sch->q.qlen)
			dcbt_cut_in(q, k);
		else
			q->mm_tail++;
	} else {
		cbt_cb(skb)->mm_before = q->mm_tail;
		q->mm_tail = 0;
		__qdisc_enqueue_tail(skb, &q->main);
	}
	sch->q.qlen++;
	qdisc_qstats_backlog_inc(sch, skb);
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *dcbt_dequeue(struct Qdisc *sch)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);
	u64 now = ktime_get_ns();
	struct sk_buff *skb;

	dcbt_collect_due(q, now);
	skb = dcbt_take(sch, now);
	if (!skb)
		return NULL;
	qdisc_bstats_update(sch, skb);
	if (!sch->q.qlen)
		cbt_qdisc_idle(&q->cq, now);
	return skb;
}

static struct sk_buff *dcbt_peek(struct Qdisc *sch)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);

	return dcbt_slot_first(q) ? q->mmq.head : q->main.head;
}

static void dcbt_reset(struct Qdisc *sch)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);

	__qdisc_reset_queue(&q->main);
	__qdisc_reset_queue(&q->mmq);
	q->mm_tail = 0;
	sch->q.qlen = 0;
	sch->qstats.backlog = 0;
	cbt_qdisc_reset(&q->cq);
	flowtable_reset(&q->ft);
	q->next_collect = 0;
}

static int dcbt_parse(struct Qdisc *sch, struct nlattr **tb,
		      struct nlattr *opt, struct netlink_ext_ack *extack)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);
	int err;

	err = nla_parse(tb, TCA_DCBT_MAX, nla_data(opt), nla_len(opt),
			dcbt_policy, extack);
	if (err < 0)
		return err;
	err = cbt_qdisc_check(&q->cq, tb, extack);
	if (err < 0)
		return err;
	if (q->ft.e && tb[TCA_DCBT_FLOWS] &&
	    nla_get_u32(tb[TCA_DCBT_FLOWS]) != q->flows) {
		NL_SET_ERR_MSG_MOD(extack, "flows can only be set when the qdisc is created");
		return -EINVAL;
	}
	return 0;
}

/* The next packet to send, for a lower limit: unlinked, uncounted. */
static struct sk_buff *dcbt_take_now(struct Qdisc *sch)
{
	return dcbt_take(sch, ktime_get_ns());
}

static void dcbt_apply(struct Qdisc *sch, struct nlattr **tb)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);

	if (tb[TCA_DCBT_FLOWS])
		q->flows = nla_get_u32(tb[TCA_DCBT_FLOWS]);
	if (tb[TCA_DCBT_TIMEOUT]) {
		q->timeout_us = nla_get_u32(tb[TCA_DCBT_TIMEOUT]);
		q->ft.timeout = (u64)q->timeout_us * NSEC_PER_USEC;
	}
	if (tb[TCA_DCBT_COLLECT])
		q->collect_us = nla_get_u32(tb[TCA_DCBT_COLLECT]);
	if (tb[TCA_DCBT_CHIPS])
		q->chips = nla_get_u32(tb[TCA_DCBT_CHIPS]);
	cbt_qdisc_apply(&q->cq, tb);
	cbt_qdisc_trim(&q->cq, sch, dcbt_take_now);
}

static int dcbt_change(struct Qdisc *sch, struct nlattr *opt,
		       struct netlink_ext_ack *extack)
{
	struct nlattr *tb[TCA_DCBT_MAX + 1];

	return cbt_qdisc_change(sch, opt, tb, extack, dcbt_parse, dcbt_apply);
}

static int dcbt_init(struct Qdisc *sch, struct nlattr *opt,
		     struct netlink_ext_ack *extack)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_DCBT_MAX + 1] = { NULL };
	int err;

	cbt_qdisc_check_abi(TCA_DCBT, DCBT);
	BUILD_BUG_ON(CBT_CLASSES > FLOWTABLE_CLASSES);

	q->sch = sch;
	timer_setup(&q->timer, dcbt_timer, 0);
	/* q->main, q->mmq: empty lists, the core zeroed the private area */
	cbt_qdisc_defaults(&q->cq, sch, DCBT_LIMIT_MAX, DCBT_QTH_MIN_DEFAULT,
			   DCBT_QTH_MAX_DEFAULT, DCBT_MAX_P_DEFAULT,
			   DCBT_EWMA_DEFAULT, DCBT_AVPKT_DEFAULT);
	q->flows = DCBT_FLOWS_DEFAULT;
	q->timeout_us = DCBT_TIMEOUT_DEFAULT;
	q->collect_us = DCBT_COLLECT_DEFAULT;

	if (opt) {
		err = dcbt_parse(sch, tb, opt, extack);
		if (err < 0)
			return err;
	}
	cbt_qdisc_seed_default(&q->cq, tb);
	if (tb[TCA_DCBT_FLOWS])
		q->flows = nla_get_u32(tb[TCA_DCBT_FLOWS]);
	if (tb[TCA_DCBT_SEED])
		q->cq.seed = nla_get_u32(tb[TCA_DCBT_SEED]);
	err = flowtable_init(&q->ft, q->flows,
			     (u64)q->timeout_us * NSEC_PER_USEC, q->cq.seed);
	if (err) {
		NL_SET_ERR_MSG_MOD(extack, "no memory for the flow table");
		return err;
	}
	dcbt_apply(sch, tb);
	mod_timer(&q->timer, jiffies + usecs_to_jiffies(q->collect_us));
	return 0;
}

static void dcbt_destroy(struct Qdisc *sch)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);

	timer_delete_sync(&q->timer);
	flowtable_free(&q->ft);
}

static int dcbt_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (cbt_qdisc_dump_red(skb, &q->cq) ||
	    nla_put_u32(skb, TCA_DCBT_FLOWS, q->flows) ||
	    nla_put_u32(skb, TCA_DCBT_TIMEOUT, q->timeout_us) ||
	    cbt_qdisc_dump_tag(skb, &q->cq) ||
	    nla_put_u32(skb, TCA_DCBT_COLLECT, q->collect_us) ||
	    nla_put_u32(skb, TCA_DCBT_CHIPS, q->chips))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

static int dcbt_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct dcbt_sched_data *q = qdisc_priv(sch);
	const struct cbt_qdisc *cq = &q->cq;
	struct tc_dcbt_xstats st;

	sch_tree_lock(sch);
	st = (struct tc_dcbt_xstats){
		CBT_QDISC_XSTATS(cq),
		.mm_thresh	= cbt_qdisc_milli(cq, q->Smm_thresh),
		.udp_thresh	= cbt_qdisc_milli(cq, q->Sudp_thresh),
		.tcp_flows	= q->ft.active[CBT_CLASS_TCP],
		.mm_flows	= q->ft.active[CBT_CLASS_MM],
		.udp_flows	= q->ft.active[CBT_CLASS_UDP],
		.cutins		= q->cutins,
		.collected	= q->ft.stats.collected,
		.evictions	= q->ft.stats.evictions,
		.overflows	= q->ft.stats.overflows,
	};
	sch_tree_unlock(sch);
	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops dcbt_qdisc_ops __read_mostly = {
	.id		= "dcbt",
	.priv_size	= sizeof(struct dcbt_sched_data),
	.enqueue	= dcbt_enqueue,
	.dequeue	= dcbt_dequeue,
	.peek		= dcbt_peek,
	.init		= dcbt_init,
	.reset		= dcbt_reset,
	.destroy	= dcbt_destroy,
	.change		= dcbt_change,
	.dump		= dcbt_dump,
	.dump_stats	= dcbt_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init dcbt_module_init(void)
{
	return register_qdisc(&dcbt_qdisc_ops);
}

static void __exit dcbt_module_exit(void)
{
	unregister_qdisc(&dcbt_qdisc_ops);
}

module_init(dcbt_module_init);
module_exit(dcbt_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Dynamic Class-Based Threshold with ChIPS over RED (qdk)");
MODULE_ALIAS("net-sch-dcbt");
