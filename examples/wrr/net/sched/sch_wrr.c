// SPDX-License-Identifier: GPL-2.0
/*
 * sch_wrr.c - weighted round robin over DSCP bands: the kit's second
 * example of an out-of-tree qdisc, laid out as many real projects are
 * (the qdisc under net/sched/, its uapi header under include/uapi/linux/,
 * only a Makefile), which `make import SRC=examples/wrr` builds unmodified.
 *
 * A packet goes to the band of its DSCP class selector (DSCP >> 3: CS0 to
 * band 0, CS1 to band 1 ...; past the last band, the last). Dequeue serves
 * the bands in turn, deficit round robin: a band's turn adds weight *
 * quantum bytes to its credit and sends while its head packet fits in the
 * credit; an empty band loses its credit. The weights (1 to 255, all 1 at
 * load) are written to /dev/wrr (wrr_dev.c) and apply to every wrr qdisc;
 * quantum is the module parameter `quantum` (bytes, u16), the number of
 * bands of a new qdisc the parameter `default_bands` (u8) unless tc gives
 * one. Over `limit` packets in all bands, an arrival is dropped.
 */
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/skbuff.h>
#include <linux/version.h>
#include <net/dsfield.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "wrr.h"

#define WRR_LIMIT_DEF	1000

static u16 wrr_quantum = 1514;
module_param_named(quantum, wrr_quantum, ushort, 0644);
MODULE_PARM_DESC(quantum, "bytes a band of weight 1 may send in its turn");

static u8 wrr_default_bands = 3;
module_param_named(default_bands, wrr_default_bands, byte, 0444);
MODULE_PARM_DESC(default_bands, "bands of a new wrr qdisc (1 to 8)");

struct wrr_sched_data {
	struct sk_buff_head band[TC_WRR_MAX_BANDS];
	u32 credit[TC_WRR_MAX_BANDS];	/* bytes the band may still send */
	u32 bands;
	u32 limit;
	u32 cur;			/* the band whose turn it is */
	u32 rounds;
};

static const struct nla_policy wrr_policy[TCA_WRR_MAX + 1] = {
	[TCA_WRR_BANDS] = { .type = NLA_U32 },
	[TCA_WRR_LIMIT] = { .type = NLA_U32 },
};

static u8 wrr_dsfield(struct sk_buff *skb)
{
	switch (skb_protocol(skb, true)) {
	case htons(ETH_P_IP):
		if (!pskb_network_may_pull(skb, sizeof(struct iphdr)))
			return 0;
		return ipv4_get_dsfield(ip_hdr(skb));
	case htons(ETH_P_IPV6):
		if (!pskb_network_may_pull(skb, sizeof(struct ipv6hdr)))
			return 0;
		return ipv6_get_dsfield(ipv6_hdr(skb));
	default:
		return 0;
	}
}

static int wrr_overlimit(struct sk_buff *skb, struct Qdisc *sch,
			 struct sk_buff **to_free)
{
	/* 7.3 gave qdiscs drop reasons of their own */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	return qdisc_drop_reason(skb, sch, to_free, QDISC_DROP_OVERLIMIT);
#else
	return qdisc_drop(skb, sch, to_free);
#endif
}

static int wrr_enqueue(struct sk_buff *skb, struct Qdisc *sch,
		       struct sk_buff **to_free)
{
	struct wrr_sched_data *q = qdisc_priv(sch);
	u32 band;

	if (unlikely(sch->q.qlen >= q->limit)) {
		qdisc_qstats_overlimit(sch);
		return wrr_overlimit(skb, sch, to_free);
	}
	band = min_t(u32, wrr_dsfield(skb) >> 5, q->bands - 1);
	__skb_queue_tail(&q->band[band], skb);
	qdisc_qstats_backlog_inc(sch, skb);
	sch->q.qlen++;
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *wrr_dequeue(struct Qdisc *sch)
{
	struct wrr_sched_data *q = qdisc_priv(sch);
	u32 quantum = READ_ONCE(wrr_quantum) ? : 1;
	struct sk_buff *skb;

	/*
	 * As sch_drr: a band whose head does not fit in its credit ends its
	 * turn with weight * quantum more for the next one; an empty band
	 * loses its credit. Each pass past a non-empty band adds at least a
	 * byte to its credit, so with packets queued this ends.
	 */
	while (sch->q.qlen) {
		struct sk_buff_head *b = &q->band[q->cur];

		skb = skb_peek(b);
		if (!skb) {
			q->credit[q->cur] = 0;
		} else if (qdisc_pkt_len(skb) > q->credit[q->cur]) {
			q->credit[q->cur] += wrr_weight(q->cur) * quantum;
			q->rounds++;
		} else {
			__skb_unlink(skb, b);
			q->credit[q->cur] -= qdisc_pkt_len(skb);
			qdisc_qstats_backlog_dec(sch, skb);
			sch->q.qlen--;
			qdisc_bstats_update(sch, skb);
			return skb;
		}
		q->cur = (q->cur + 1) % q->bands;
	}
	return NULL;
}

static int wrr_change(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	struct wrr_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_WRR_MAX + 1];
	u32 bands = q->bands;
	int err;

	err = nla_parse_nested_deprecated(tb, TCA_WRR_MAX, opt, wrr_policy,
					  extack);
	if (err < 0)
		return err;
	if (tb[TCA_WRR_BANDS]) {
		bands = nla_get_u32(tb[TCA_WRR_BANDS]);
		if (bands < 1 || bands > TC_WRR_MAX_BANDS) {
			NL_SET_ERR_MSG_ATTR(extack, tb[TCA_WRR_BANDS],
					    "wrr: bands must be 1 to 8");
			return -EINVAL;
		}
		if (bands != q->bands && sch->q.qlen) {
			NL_SET_ERR_MSG(extack,
				       "wrr: bands cannot change while packets are queued");
			return -EBUSY;
		}
	}
	if (tb[TCA_WRR_LIMIT] && !nla_get_u32(tb[TCA_WRR_LIMIT])) {
		NL_SET_ERR_MSG_ATTR(extack, tb[TCA_WRR_LIMIT],
				    "wrr: limit must be at least 1 packet");
		return -EINVAL;
	}

	sch_tree_lock(sch);
	if (tb[TCA_WRR_LIMIT])
		q->limit = nla_get_u32(tb[TCA_WRR_LIMIT]);
	if (bands != q->bands) {
		q->bands = bands;
		q->cur = 0;
		memset(q->credit, 0, sizeof(q->credit));
	}
	sch_tree_unlock(sch);
	return 0;
}

static int wrr_init(struct Qdisc *sch, struct nlattr *opt,
		    struct netlink_ext_ack *extack)
{
	struct wrr_sched_data *q = qdisc_priv(sch);
	int i;

	for (i = 0; i < TC_WRR_MAX_BANDS; i++)
		__skb_queue_head_init(&q->band[i]);
	q->bands = clamp_t(u32, wrr_default_bands, 1, TC_WRR_MAX_BANDS);
	q->limit = WRR_LIMIT_DEF;
	if (opt)
		return wrr_change(sch, opt, extack);
	return 0;
}

static void wrr_reset(struct Qdisc *sch)
{
	struct wrr_sched_data *q = qdisc_priv(sch);
	int i;

	for (i = 0; i < TC_WRR_MAX_BANDS; i++)
		__skb_queue_purge(&q->band[i]);
	memset(q->credit, 0, sizeof(q->credit));
	q->cur = 0;
}

static int wrr_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct wrr_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start_noflag(skb, TCA_OPTIONS);
	if (!opts)
		return -EMSGSIZE;
	if (nla_put_u32(skb, TCA_WRR_BANDS, q->bands) ||
	    nla_put_u32(skb, TCA_WRR_LIMIT, q->limit)) {
		nla_nest_cancel(skb, opts);
		return -EMSGSIZE;
	}
	return nla_nest_end(skb, opts);
}

static int wrr_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct wrr_sched_data *q = qdisc_priv(sch);
	struct tc_wrr_xstats st = { .rounds = q->rounds };
	u8 w[TC_WRR_MAX_BANDS];
	int i;

	wrr_weights_written(w);
	for (i = 0; i < TC_WRR_MAX_BANDS; i++)
		st.weight[i] = w[i];
	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops wrr_qdisc_ops __read_mostly = {
	.id		= "wrr",
	.priv_size	= sizeof(struct wrr_sched_data),
	.enqueue	= wrr_enqueue,
	.dequeue	= wrr_dequeue,
	.peek		= qdisc_peek_dequeued,
	.init		= wrr_init,
	.reset		= wrr_reset,
	.change		= wrr_change,
	.dump		= wrr_dump,
	.dump_stats	= wrr_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init wrr_module_init(void)
{
	int err;

	err = wrr_dev_init();
	if (err)
		return err;
	err = register_qdisc(&wrr_qdisc_ops);
	if (err)
		wrr_dev_exit();
	return err;
}

static void __exit wrr_module_exit(void)
{
	unregister_qdisc(&wrr_qdisc_ops);
	wrr_dev_exit();
}

module_init(wrr_module_init);
module_exit(wrr_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Weighted round robin over DSCP bands (qdk example)");
