/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPv4 netfilter: the uapi header's hook priorities (NF_IP_PRI_FIRST ...
 * NF_IP_PRI_LAST) through #include_next, linux/netfilter.h, checksum
 * validation; re-routing is declared and stops the call.
 */
#ifndef _QDK_SHIM_LINUX_NETFILTER_IPV4_H
#define _QDK_SHIM_LINUX_NETFILTER_IPV4_H

#include <linux/netfilter.h>
#include_next <linux/netfilter_ipv4.h>

struct net;
struct sock;
struct sk_buff;
struct dst_entry;
struct flowi;

/* what a queued local-out packet's routing depended on */
struct ip_rt_info {
	__be32 daddr;
	__be32 saddr;
	u_int8_t tos;
	u_int32_t mark;
};

/* re-routing after a hook changed the packet: no routes here, stops the call */
int ip_route_me_harder(struct net *net, struct sock *sk, struct sk_buff *skb,
		       unsigned int addr_type);

/*
 * The transport checksum of an IPv4 packet whose transport header is at
 * dataoff, checked as netfilter does (lib/netfilter.c): 0 when it is valid
 * (a CHECKSUM_COMPLETE sum that verifies on input becomes
 * CHECKSUM_UNNECESSARY), else the folded sum.
 */
__sum16 nf_ip_checksum(struct sk_buff *skb, unsigned int hook,
		       unsigned int dataoff, u_int8_t protocol);
int nf_ip_route(struct net *net, struct dst_entry **dst, struct flowi *fl,
		bool strict);

#endif
