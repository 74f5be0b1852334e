/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_IP_H
#define _QDK_SHIM_LINUX_IP_H

#include <linux/skbuff.h>
#include_next <linux/ip.h>

static inline struct iphdr *ip_hdr(const struct sk_buff *skb)
{
	return (struct iphdr *)skb_network_header(skb);
}

static inline struct iphdr *inner_ip_hdr(const struct sk_buff *skb)
{
	return (struct iphdr *)skb_inner_network_header(skb);
}

/* the inner header of an IP-in-IP packet, at the transport header */
static inline struct iphdr *ipip_hdr(const struct sk_buff *skb)
{
	return (struct iphdr *)skb_transport_header(skb);
}

/* bytes after the network header(s), by the IPv4 total length */
static inline unsigned int ip_transport_len(const struct sk_buff *skb)
{
	return ntohs(ip_hdr(skb)->tot_len) - skb_network_header_len(skb);
}

static inline unsigned int ip_hdrlen(const struct sk_buff *skb)
{
	return ip_hdr(skb)->ihl * 4;
}

/* IPv4 total length; a GSO TCP packet may carry 0 (BIG TCP) */
static inline unsigned int iph_totlen(const struct sk_buff *skb,
				      const struct iphdr *iph)
{
	u32 len = ntohs(iph->tot_len);

	return (len || !skb_is_gso(skb) || !skb_is_gso_tcp(skb)) ?
	       len : skb->len - skb_network_offset(skb);
}

static inline unsigned int skb_ip_totlen(const struct sk_buff *skb)
{
	return iph_totlen(skb, ip_hdr(skb));
}

/* the largest datagram tot_len can express */
#define IP_MAX_MTU	0xFFFFU

/* a length tot_len cannot hold is written as 0 (BIG TCP) */
static inline void iph_set_totlen(struct iphdr *iph, unsigned int len)
{
	iph->tot_len = len <= IP_MAX_MTU ? htons(len) : 0;
}

#endif
