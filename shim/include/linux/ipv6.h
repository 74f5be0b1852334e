/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_IPV6_H
#define _QDK_SHIM_LINUX_IPV6_H

#include_next <linux/ipv6.h>

#include <linux/skbuff.h>
#include <linux/version.h>

static inline struct ipv6hdr *ipv6_hdr(const struct sk_buff *skb)
{
	return (struct ipv6hdr *)skb_network_header(skb);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/ip.h>

/* IPv6 payload length; a GSO TCP packet may carry 0 (BIG TCP) */
static inline unsigned int
ipv6_payload_len(const struct sk_buff *skb, const struct ipv6hdr *ip6)
{
	u32 len = ntohs(ip6->payload_len);

	return (len || !skb_is_gso(skb) || !skb_is_gso_tcp(skb)) ?
	       len : skb->len - skb_network_offset(skb) - sizeof(struct ipv6hdr);
}

static inline unsigned int skb_ipv6_payload_len(const struct sk_buff *skb)
{
	return ipv6_payload_len(skb, ipv6_hdr(skb));
}
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/inet_sock.h>
#endif
