// SPDX-License-Identifier: GPL-2.0
/*
 * gso.c - GSO size checks (net/core/skbuff.c semantics for plain TCP/UDP
 * GSO packets; the shim never builds tunnels, SCTP or frag lists).
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/udp.h>

static unsigned int gso_transport_seglen(const struct sk_buff *skb)
{
	const struct skb_shared_info *shinfo = skb_shinfo(skb);
	unsigned int thlen = 0;

	if (shinfo->gso_type & (SKB_GSO_TCPV4 | SKB_GSO_TCPV6))
		thlen = tcp_hdrlen(skb);
	else if (shinfo->gso_type & SKB_GSO_UDP_L4)
		thlen = sizeof(struct udphdr);
	return thlen + shinfo->gso_size;
}

bool skb_gso_validate_network_len(const struct sk_buff *skb, unsigned int mtu)
{
	unsigned int hdr = skb_transport_header(skb) - skb_network_header(skb);

	return hdr + gso_transport_seglen(skb) <= mtu;
}

bool skb_gso_validate_mac_len(const struct sk_buff *skb, unsigned int len)
{
	unsigned int hdr = skb_transport_header(skb) - skb_mac_header(skb);

	return hdr + gso_transport_seglen(skb) <= len;
}
