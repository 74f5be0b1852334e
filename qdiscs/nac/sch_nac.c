// SPDX-License-Identifier: GPL-2.0
/*
 * sch_nac.c - the router side of network assisted congestion control
 * (A. Maroo, J. Shah, N. Sheth, S. Sharma, "Network Assisted Congestion
 * Control", NCSU 2010; docs/references.md).
 *
 * NAC senders size their congestion window from a metric the routers on
 * the path write into every packet: how free the busiest router's output
 * queue is, in percent. This qdisc is that output queue, a drop-tail FIFO
 * of "limit" packets, with the two router duties of the report:
 *
 *   stamping (Maroo et al., 3.1-3.2)  an arriving IPv4 packet that carries the
 *   NAC
 *       option (type 31, length 10: forward and reverse metric, 32 bits
 *       each) gets the queue's free percentage, 100 * (limit - qlen) /
 *       limit as the packet finds the queue, written into the forward
 *       metric when that is lower than the value already there: the lowest
 *       value on the path wins. The IPv4 header checksum is updated
 *       incrementally (RFC 1624), so a header that arrived corrupt stays
 *       detectably corrupt.
 *
 *   admission (Maroo et al., 3.3)  while the queue is congested, its free
 *       percentage below "syn_free", new TCP connections are refused: a
 *       TCP segment with SYN set and ACK clear is dropped (IPv4 and IPv6).
 *       Established connections (and the SYN-ACKs of connections already
 *       admitted) pass. The report does this with a netfilter hook at
 *       PRE_ROUTING; at the queue the decision uses the very queue state
 *       it is about.
 *
 * Stamping writes into the packet, so it is only done when the header is
 * the qdisc's to write without allocating: a linear header of an skb that
 * is not a clone (forwarded packets are, ip_forward() unshares them). Other
 * packets pass unstamped and are counted ("unwritable"). No decision here
 * is random: the qdisc has no generator and no seed.
 */

#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/types.h>
#include <net/checksum.h>
#include <net/ip.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "nac.h"
#include "nac_ipopt.h"

struct nac_sched_data {
	u32 limit;		/* packets */
	u32 syn_free;		/* percent */

	/* statistics, see struct tc_nac_xstats */
	u32 stamped;
	u32 kept;
	u32 unwritable;
	u32 bad_options;
	u32 syn_drops;
	u32 limit_drops;
	u32 change_drops;
	u32 free_min;
};

static struct netlink_range_validation nac_limit_range = {
	.min = NAC_LIMIT_MIN,
	.max = NAC_LIMIT_MAX,
};

static const struct nla_policy nac_policy[TCA_NAC_MAX + 1] = {
	[TCA_NAC_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32, &nac_limit_range),
	[TCA_NAC_SYN_FREE] = NLA_POLICY_MAX(NLA_U32, 100),
};

/* The queue's free percentage as an arrival finds it (qlen <= limit). */
static u32 nac_free_pct(const struct Qdisc *sch, const struct nac_sched_data *q)
{
	u32 qlen = min(sch->q.qlen, q->limit);

	return (u32)div_u64((u64)(q->limit - qlen) * 100, q->limit);
}

/* A TCP segment opening a connection: SYN without ACK. */
static bool nac_is_syn(const struct sk_buff *skb)
{
	int off = skb_network_offset(skb);
	struct tcphdr _th;
	const struct tcphdr *th;
	u8 proto;

	switch (skb_protocol(skb, true)) {
	case htons(ETH_P_IP): {
		struct iphdr _iph;
		const struct iphdr *iph;

		iph = skb_header_pointer(skb, off, sizeof(_iph), &_iph);
		if (!iph || iph->ihl < 5 || (iph->frag_off & htons(IP_OFFSET)))
			return false;
		proto = iph->protocol;
		off += iph->ihl * 4;
		break;
	}
	case htons(ETH_P_IPV6): {
		struct ipv6hdr _ip6;
		const struct ipv6hdr *ip6;

		ip6 = skb_header_pointer(skb, off, sizeof(_ip6), &_ip6);
		if (!ip6)
			return false;
		proto = ip6->nexthdr;
		off += sizeof(*ip6);
		break;
	}
	default:
		return false;
	}
	if (proto != IPPROTO_TCP)
		return false;
	th = skb_header_pointer(skb, off, sizeof(_th), &_th);
	return th && th->syn && !th->ack;
}

/* Find the NAC option of an IPv4 packet and lower its forward metric. */
static void nac_stamp(struct sk_buff *skb, struct nac_sched_data *q, u32 free)
{
	struct iphdr *iph;
	u8 *field;
	int off;

	if (skb_protocol(skb, true) != htons(ETH_P_IP))
		return;
	if (skb_headlen(skb) < skb_network_offset(skb) + sizeof(*iph))
		goto unwritable;
	iph = ip_hdr(skb);
	if (iph->ihl <= 5)
		return;		/* no options: the common case */
	if (skb_headlen(skb) < skb_network_offset(skb) + iph->ihl * 4 ||
	    skb_cloned(skb))
		goto unwritable;

	off = nac_ipopt_find(iph);
	if (off < 0) {
		q->bad_options++;
		return;
	}
	if (!off)
		return;
	field = (u8 *)iph + off + 2;
	if (free < nac_ipopt_get(field)) {
		nac_ipopt_put(iph, field, free);
		q->stamped++;
	} else {
		q->kept++;
	}
	return;

unwritable:
	q->unwritable++;
}

static int nac_enqueue(struct sk_buff *skb, struct Qdisc *sch,
		       struct sk_buff **to_free)
{
	struct nac_sched_data *q = qdisc_priv(sch);
	u32 free = nac_free_pct(sch, q);

	q->free_min = min(q->free_min, free);

	if (free < q->syn_free && nac_is_syn(skb)) {
		q->syn_drops++;
		return qdisc_drop(skb, sch, to_free);
	}
	if (unlikely(sch->q.qlen >= q->limit)) {
		q->limit_drops++;
		return qdisc_drop(skb, sch, to_free);
	}
	nac_stamp(skb, q, free);
	return qdisc_enqueue_tail(skb, sch);
}

static struct sk_buff *nac_dequeue(struct Qdisc *sch)
{
	return qdisc_dequeue_head(sch);
}

static struct sk_buff *nac_peek(struct Qdisc *sch)
{
	return qdisc_peek_head(sch);
}

static void nac_reset(struct Qdisc *sch)
{
	qdisc_reset_queue(sch);
	sch->qstats.backlog = 0;
}

static int nac_apply(struct Qdisc *sch, struct nlattr *opt,
		     struct netlink_ext_ack *extack)
{
	struct nac_sched_data *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_NAC_MAX + 1];
	unsigned int dropped_pkts = 0, dropped_bytes = 0;
	int err;

	err = nla_parse(tb, TCA_NAC_MAX, nla_data(opt), nla_len(opt),
			nac_policy, extack);
	if (err < 0)
		return err;

	sch_tree_lock(sch);
	if (tb[TCA_NAC_LIMIT])
		q->limit = nla_get_u32(tb[TCA_NAC_LIMIT]);
	if (tb[TCA_NAC_SYN_FREE])
		q->syn_free = nla_get_u32(tb[TCA_NAC_SYN_FREE]);

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
	sch_tree_unlock(sch);
	return 0;
}

static int nac_change(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	if (!opt) {
		NL_SET_ERR_MSG_MOD(extack, "missing options");
		return -EINVAL;
	}
	return nac_apply(sch, opt, extack);
}

static int nac_init(struct Qdisc *sch, struct nlattr *opt,
		    struct netlink_ext_ack *extack)
{
	struct nac_sched_data *q = qdisc_priv(sch);

	q->limit = clamp_t(u32, qdisc_dev(sch)->tx_queue_len,
			   NAC_LIMIT_MIN, NAC_LIMIT_MAX);
	q->syn_free = NAC_SYN_FREE_DEFAULT;
	q->free_min = 100;
	if (!opt)
		return 0;
	return nac_apply(sch, opt, extack);
}

static void nac_destroy(struct Qdisc *sch)
{
}

static int nac_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct nac_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start(skb, TCA_OPTIONS);
	if (!opts)
		goto nla_put_failure;
	if (nla_put_u32(skb, TCA_NAC_LIMIT, q->limit) ||
	    nla_put_u32(skb, TCA_NAC_SYN_FREE, q->syn_free))
		goto nla_put_failure;
	return nla_nest_end(skb, opts);

nla_put_failure:
	nla_nest_cancel(skb, opts);
	return -1;
}

static int nac_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct nac_sched_data *q = qdisc_priv(sch);
	struct tc_nac_xstats st = {
		.stamped	= READ_ONCE(q->stamped),
		.kept		= READ_ONCE(q->kept),
		.unwritable	= READ_ONCE(q->unwritable),
		.bad_options	= READ_ONCE(q->bad_options),
		.syn_drops	= READ_ONCE(q->syn_drops),
		.limit_drops	= READ_ONCE(q->limit_drops),
		.change_drops	= READ_ONCE(q->change_drops),
		.free_min	= READ_ONCE(q->free_min),
	};

	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops nac_qdisc_ops __read_mostly = {
	.id		= "nac",
	.priv_size	= sizeof(struct nac_sched_data),
	.enqueue	= nac_enqueue,
	.dequeue	= nac_dequeue,
	.peek		= nac_peek,
	.init		= nac_init,
	.reset		= nac_reset,
	.destroy	= nac_destroy,
	.change		= nac_change,
	.dump		= nac_dump,
	.dump_stats	= nac_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init nac_module_init(void)
{
	return register_qdisc(&nac_qdisc_ops);
}

static void __exit nac_module_exit(void)
{
	unregister_qdisc(&nac_qdisc_ops);
}

module_init(nac_module_init);
module_exit(nac_module_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Network assisted congestion control, router side (qdk)");
MODULE_ALIAS("net-sch-nac");
