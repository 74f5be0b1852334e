// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_frame.c - checks a frame built by qdk_skb_build() the way the
 * stack would read it (for test_api.c, which cannot see sk_buff).
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/tcp.h>
#include <net/checksum.h>

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
