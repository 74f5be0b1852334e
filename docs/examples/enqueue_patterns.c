// SPDX-License-Identifier: GPL-2.0
/*
 * enqueue_patterns.c - the code the tutorial shows, kernel-style, compiled
 * against the shim by every user build (Makefile.user) so it cannot rot;
 * tests/suites/80-style checks that the tutorial's blocks marked as taken
 * from this file are in it word for word. Not a qdisc: no Qdisc_ops.
 */
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/skbuff.h>
#include <net/dsfield.h>
#include <net/inet_ecn.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

/* The DSCP (0..63) of an IPv4 or IPv6 packet; 0 for anything else. */
static u8 example_dscp(struct sk_buff *skb)
{
	switch (skb_protocol(skb, true)) {
	case htons(ETH_P_IP):
		if (!pskb_network_may_pull(skb, sizeof(struct iphdr)))
			return 0;
		return ipv4_get_dsfield(ip_hdr(skb)) >> 2;
	case htons(ETH_P_IPV6):
		if (!pskb_network_may_pull(skb, sizeof(struct ipv6hdr)))
			return 0;
		return ipv6_get_dsfield(ipv6_hdr(skb)) >> 2;
	default:
		return 0;
	}
}

/* The ECN field: INET_ECN_NOT_ECT, INET_ECN_ECT_1, INET_ECN_ECT_0 or INET_ECN_CE. */
static u8 example_ecn(struct sk_buff *skb)
{
	int dsfield = skb_get_dsfield(skb);	/* -1: not IP */

	return dsfield < 0 ? INET_ECN_NOT_ECT : dsfield & INET_ECN_MASK;
}

/*
 * Full queue, drop-oldest policy: the packet at the head makes room for the
 * arrival. The drop goes on *to_free (freed by the caller after the root
 * lock is released) and is counted here; NET_XMIT_CN tells every ancestor
 * that this call ended in a drop, so none of them counts the arrival as a
 * new packet. They do still count the dropped one, whose place the arrival
 * took: same packet count, but the byte count changes by the difference,
 * which qdisc_tree_reduce_backlog() takes back from them (n = 0 packets).
 */
static int example_enqueue_drop_oldest(struct sk_buff *skb, struct Qdisc *sch,
				       struct sk_buff **to_free)
{
	unsigned int freed;

	if (likely(sch->q.qlen < sch->limit))
		return qdisc_enqueue_tail(skb, sch);

	freed = __qdisc_queue_drop_head(sch, &sch->q, to_free);
	qdisc_qstats_drop(sch);
	qdisc_enqueue_tail(skb, sch);
	qdisc_tree_reduce_backlog(sch, 0, (int)freed - (int)qdisc_pkt_len(skb));
	return NET_XMIT_CN;
}

/*
 * Congestion signal: mark an ECN-capable packet (ECT(0), ECT(1), already
 * CE) and queue it; drop any other. INET_ECN_set_ce() returns 0 for a
 * packet that is not ECN-capable (or not IP), leaving it untouched.
 */
static int example_signal_congestion(struct sk_buff *skb, struct Qdisc *sch,
				     struct sk_buff **to_free)
{
	if (example_ecn(skb) != INET_ECN_NOT_ECT && INET_ECN_set_ce(skb))
		return qdisc_enqueue_tail(skb, sch);
	return qdisc_drop(skb, sch, to_free);
}

/* One entry point using them all, so nothing here is unused. */
int qdk_doc_example_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			    struct sk_buff **to_free);
int qdk_doc_example_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			    struct sk_buff **to_free)
{
	if (example_dscp(skb) == 46)	/* EF: never signalled */
		return example_enqueue_drop_oldest(skb, sch, to_free);
	if (sch->q.qlen >= sch->limit / 2)
		return example_signal_congestion(skb, sch, to_free);
	return example_enqueue_drop_oldest(skb, sch, to_free);
}
