// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_frame.c - checks a frame built by qdk_skb_build() the way the
 * stack would read it (for test_api.c, which cannot see sk_buff).
 */
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/skbuff.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <net/checksum.h>
#include <net/gso.h>
#include <net/sch_generic.h>

#include "shim_frame.h"

int shim_test_frame_ok(const struct qdk_skb *s)
{
	const struct sk_buff *skb = (const struct sk_buff *)s;
	const struct ethhdr *eth = eth_hdr(skb);
	unsigned int l3 = 0;

	if (skb->data != (u8 *)eth)
		return 1;
	if (eth->h_proto != skb->protocol)
		return 2;
	if (skb_network_offset(skb) != ETH_HLEN)
		return 3;
	if (skb->protocol == htons(ETH_P_IP)) {
		const struct iphdr *iph = ip_hdr(skb);

		if (iph->version != 4 || iph->ihl != 5)
			return 4;
		if (ip_fast_csum(iph, iph->ihl) != 0)	/* sums to 0 when valid */
			return 5;
		if (ntohs(iph->tot_len) != skb->len - ETH_HLEN)
			return 6;
		l3 = 20;
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		const struct ipv6hdr *ip6 = ipv6_hdr(skb);

		if (ip6->version != 6)
			return 7;
		if (ntohs(ip6->payload_len) != skb->len - ETH_HLEN - 40)
			return 8;
		l3 = 40;
	}
	if (skb_transport_offset(skb) != ETH_HLEN + l3)
		return 9;
	if (ip_hdr(skb)->protocol == IPPROTO_TCP ||
	    (l3 == 40 && ipv6_hdr(skb)->nexthdr == IPPROTO_TCP)) {
		const struct tcphdr *th = tcp_hdr(skb);

		if (th->doff != 5 || !th->syn || !th->ack || th->fin)
			return 10;
		if (ntohs(th->source) != 5000 || ntohs(th->dest) != 6000)
			return 11;
	}
	return 0;
}

/*
 * skb_gso_segment() of a TCP GSO frame built by qdk_skb_build(): segments
 * of mss payload bytes (the last one the rest), each with the frame's
 * headers fixed up (IPv4 length and checksum, TCP sequence, PSH only on
 * the last, CWR only on the first), made from the frame (ids[] as queued
 * by the caller, the second with truesize 2728), the frame itself
 * untouched. 0, or which check failed.
 */
int shim_test_gso_segments(struct qdk_skb *s, unsigned int nseg,
			   const unsigned long long *ids)
{
	struct sk_buff *skb = (struct sk_buff *)s, *segs, *seg, *next;
	unsigned int mss = skb_shinfo(skb)->gso_size, len0 = skb->len;
	unsigned int hlen = skb_transport_offset(skb) + tcp_hdrlen(skb);
	unsigned int i = 0, payload = 0, ret = 0;

	segs = skb_gso_segment(skb, 0);
	if (IS_ERR_OR_NULL(segs))
		return 20;
	if (skb->len != len0 || !skb_is_gso(skb) || tcp_hdr(skb)->seq)
		ret = 21;
	skb_list_walk_safe(segs, seg, next) {
		const struct tcphdr *th = tcp_hdr(seg);
		unsigned int plen = seg->len - hlen;

		skb_mark_not_on_list(seg);
		if (!ret && (skb_is_gso(seg) || seg->__qdk_id != ids[i] ||
			     (i == 1) != (seg->truesize == 2728)))
			ret = 22;
		if (!ret && (plen != min(mss, len0 - hlen - payload) ||
			     shim_test_frame_ok((struct qdk_skb *)seg) != 10))
			ret = 23;	/* 10: its TCP check wants a 20-byte SYN */
		if (!ret && (ntohl(th->seq) != payload || th->doff * 4 != tcp_hdrlen(skb)))
			ret = 24;
		if (!ret && (th->psh != (i == nseg - 1) || th->cwr != (i == 0)))
			ret = 25;
		if (!ret && memcmp(seg->data + hlen, skb->data + hlen + payload, plen))
			ret = 26;
		payload += plen;
		i++;
		kfree_skb(seg);
	}
	if (!ret && (i != nseg || payload != len0 - hlen))
		ret = 27;
	return ret;
}

/*
 * Two frames the same as the stack and a qdisc see them: the first hdr
 * bytes (the headers; the payload is whatever the buffer held), the
 * headers' offsets and every field qdk_skb_build() sets. 0, or which
 * check failed.
 */
int shim_test_frames_same(const struct qdk_skb *sa, const struct qdk_skb *sb, unsigned int hdr)
{
	const struct sk_buff *a = (const struct sk_buff *)sa, *b = (const struct sk_buff *)sb;
	const struct skb_shared_info *ia = skb_shinfo(a), *ib = skb_shinfo(b);

	if (a->len != b->len || hdr > a->len || memcmp(a->data, b->data, hdr))
		return 1;
	if (a->protocol != b->protocol || skb_mac_offset(a) != skb_mac_offset(b) ||
	    skb_network_offset(a) != skb_network_offset(b) ||
	    skb_transport_offset(a) != skb_transport_offset(b) ||
	    skb_headroom(a) != skb_headroom(b))
		return 2;
	if (a->priority != b->priority || a->mark != b->mark ||
	    a->queue_mapping != b->queue_mapping || a->tc_index != b->tc_index)
		return 3;
	if (a->hash != b->hash || a->l4_hash != b->l4_hash || a->sw_hash != b->sw_hash)
		return 4;
	if (ia->gso_segs != ib->gso_segs || ia->gso_size != ib->gso_size ||
	    ia->gso_type != ib->gso_type)
		return 5;
	if (a->truesize != b->truesize || a->tstamp != b->tstamp)
		return 6;
	if (qdisc_skb_cb(a)->pkt_len != qdisc_skb_cb(b)->pkt_len ||
	    a->__qdk_id != b->__qdk_id || a->__qdk_ecn != b->__qdk_ecn)
		return 7;
	return 0;
}
