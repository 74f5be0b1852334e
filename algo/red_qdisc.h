/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The queue side of the kit's RED family, shared by its qdiscs the way the
 * kernel's codel_qdisc.h serves codel and fq_codel: <algo/red.h> decides,
 * this header acts on the decision.
 *
 *   - qred_mark_or_drop(): what a RED decision means for one arrival (CE
 *     mark, early drop, forced drop) and its count; ared, dsred, mered's
 *     elephants and fred's random-drop mode;
 *   - qred_fifo_*(): a RED FIFO, one byte-counted queue (sch->q) with a hard
 *     limit in bytes, as the kernel's red keeps it: enqueue with dropfront,
 *     dequeue that starts the idle decay, reset, and the trim a lower limit
 *     makes; ared and dsred;
 *   - the options every RED qdisc has the same way: the EWMA weight from
 *     ewma or burst (as tc-red), the default byte limit from the device,
 *     and the dump of the weight.
 *
 * Each qdisc keeps its drop function (qred_action(), qred_ds_action(), ...)
 * and its options in its own file.
 */
#ifndef QDK_ALGO_RED_QDISC_H
#define QDK_ALGO_RED_QDISC_H

#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/types.h>
#include <net/inet_ecn.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include <algo/red.h>

/* What a RED qdisc counts (reported in its xstats). */
struct qred_stats {
	u32 prob_drop;		/* early (probabilistic) drops */
	u32 prob_mark;		/* early CE marks instead of drops */
	u32 forced_drop;	/* drops the drop function forced */
	u32 pdrop;		/* drops at the hard limit */
	u32 head_drop;		/* of the congestion drops, taken from the head */
};

/*
 * The meaning of the drop function's decision act for the arrival skb:
 * true when it must be dropped for congestion (early or forced), false
 * when it goes on (maybe CE-marked: with ecn an early decision marks an
 * ECT arrival instead of dropping it; a forced one always drops, as Floyd
 * recommends for a persistently full queue).
 */
static inline bool qred_mark_or_drop(struct sk_buff *skb,
				     enum qred_action act, bool ecn,
				     struct qred_stats *st)
{
	switch (act) {
	case QRED_DONT_MARK:
		break;
	case QRED_PROB_MARK:
		if (ecn && INET_ECN_set_ce(skb)) {
			st->prob_mark++;
			break;
		}
		st->prob_drop++;
		return true;
	case QRED_HARD_MARK:
		st->forced_drop++;
		return true;
	}
	return false;
}

/* ---- a RED FIFO: sch->q, a hard limit in bytes --------------------------- */

/*
 * Drop for congestion. With dropfront the head of the queue goes and the
 * arrival takes its place: the sender sees NET_XMIT_CN, which a parent
 * counts as one drop without adding the arrival to its queue, so its
 * backlog is corrected by the size difference (as pfifo_head_drop does).
 * An empty queue, or no dropfront: the arrival goes.
 */
static inline int qred_fifo_congestion_drop(struct sk_buff *skb,
					    struct Qdisc *sch,
					    struct sk_buff **to_free,
					    u32 limit, bool dropfront,
					    struct qred_stats *st)
{
	struct sk_buff *head;
	unsigned int head_len;

	if (!dropfront || !sch->q.qlen)
		return qdisc_drop(skb, sch, to_free);

	head = __qdisc_dequeue_head(&sch->q);
	head_len = qdisc_pkt_len(head);
	qdisc_qstats_backlog_dec(sch, head);
	qdisc_drop(head, sch, to_free);
	st->head_drop++;

	if (sch->qstats.backlog + qdisc_pkt_len(skb) > limit) {
		/* the arrival does not fit even now: it goes too */
		qdisc_tree_reduce_backlog(sch, 1, head_len);
		st->pdrop++;
		return qdisc_drop(skb, sch, to_free);
	}
	qdisc_tree_reduce_backlog(sch, 0,
				  (int)head_len - (int)qdisc_pkt_len(skb));
	__qdisc_enqueue_tail(skb, &sch->q);
	qdisc_qstats_backlog_inc(sch, skb);
	return NET_XMIT_CN;
}

/*
 * Enqueue skb after the drop function decided act on it: mark, drop for
 * congestion (head or tail), or queue it at the tail. The hard limit
 * stays a tail drop: there the arrival is what does not fit.
 */
static inline int qred_fifo_enqueue(struct sk_buff *skb, struct Qdisc *sch,
				    struct sk_buff **to_free,
				    enum qred_action act, u32 limit, bool ecn,
				    bool dropfront, struct qred_stats *st)
{
	if (qred_mark_or_drop(skb, act, ecn, st))
		return qred_fifo_congestion_drop(skb, sch, to_free, limit,
						 dropfront, st);
	if (unlikely(sch->qstats.backlog + qdisc_pkt_len(skb) > limit)) {
		st->pdrop++;
		return qdisc_drop(skb, sch, to_free);
	}
	return qdisc_enqueue_tail(skb, sch);
}

/* The head; the average decays from the moment the link has nothing to send. */
static inline struct sk_buff *qred_fifo_dequeue(struct Qdisc *sch,
						struct qred_vars *v)
{
	struct sk_buff *skb = qdisc_dequeue_head(sch);

	if (!sch->q.qlen)
		qred_start_idle(v, ktime_get_ns());
	return skb;
}

static inline void qred_fifo_reset(struct Qdisc *sch, struct qred_vars *v)
{
	qdisc_reset_queue(sch);
	sch->qstats.backlog = 0;
	qred_vars_init(v);
}

/*
 * A lower limit takes effect at once, oldest packets first (counted as
 * pdrop); the ancestors are told. Under sch_tree_lock().
 */
static inline void qred_fifo_trim(struct Qdisc *sch, u32 limit,
				  struct qred_stats *st)
{
	unsigned int dropped_pkts = 0, dropped_bytes = 0;

	while (sch->qstats.backlog > limit) {
		struct sk_buff *skb = __qdisc_dequeue_head(&sch->q);

		dropped_pkts++;
		dropped_bytes += qdisc_pkt_len(skb);
		qdisc_qstats_backlog_dec(sch, skb);
		rtnl_qdisc_drop(skb, sch);
		st->pdrop++;
	}
	qdisc_tree_reduce_backlog(sch, dropped_pkts, dropped_bytes);
}

/* ---- options --------------------------------------------------------------- */

/*
 * Read an ewma/burst option pair (either one, not both): the one given
 * replaces the other, which becomes "not given" (0).
 */
static inline int qred_nla_weight(const struct nlattr *ewma_attr,
				  const struct nlattr *burst_attr, u32 *ewma,
				  u32 *burst, struct netlink_ext_ack *extack)
{
	if (ewma_attr && burst_attr) {
		NL_SET_ERR_MSG_MOD(extack, "give either ewma or burst, not both");
		return -EINVAL;
	}
	if (ewma_attr) {
		*ewma = nla_get_u32(ewma_attr);
		*burst = 0;
	}
	if (burst_attr) {
		*burst = nla_get_u32(burst_attr);
		*ewma = 0;
	}
	return 0;
}

/*
 * The EWMA weight (Wlog) an ewma/burst option pair asks for: ewma as given,
 * else from burst, else from tc-red's default burst for [qth_min, qth_max];
 * -ERANGE when no weight fits (qred_eval_wlog()).
 */
static inline int qred_wlog_of(u32 ewma, u32 burst, u32 qth_min, u32 qth_max,
			       u32 avpkt)
{
	if (ewma)
		return ewma;
	if (!burst)
		burst = qred_default_burst(qth_min, qth_max, avpkt);
	return qred_eval_wlog(qth_min, burst, avpkt);
}

/* txqueuelen * mtu bytes, within [min, max]: a byte FIFO's default limit. */
static inline u32 qred_default_limit(struct Qdisc *sch, u32 min, u32 max)
{
	u64 limit = (u64)qdisc_dev(sch)->tx_queue_len *
		    psched_mtu(qdisc_dev(sch));

	return clamp_t(u64, limit, min, max);
}

/*
 * Dump the weight: a burst as given (attribute burst_type); otherwise the
 * weight in use, made explicit (ewma_type). Returns nla_put_u32()'s result.
 */
static inline int qred_dump_weight(struct sk_buff *skb, int burst_type,
				   int ewma_type, u32 burst,
				   const struct qred_parms *p)
{
	if (burst)
		return nla_put_u32(skb, burst_type, burst);
	return nla_put_u32(skb, ewma_type, p->Wlog);
}

#endif /* QDK_ALGO_RED_QDISC_H */
