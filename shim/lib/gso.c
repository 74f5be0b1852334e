// SPDX-License-Identifier: GPL-2.0
/*
 * gso.c - GSO size checks and software segmentation (net/core/skbuff.c and
 * 6.1's net/core/dev.c semantics for plain TCP/UDP GSO packets over IPv4 and
 * IPv6; the shim never builds tunnels, SCTP or frag lists).
 */
#include <linux/kernel.h>
#include <linux/err.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/skbuff.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/checksum.h>
#include <net/gso.h>

#include "shim.h"

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

/*
 * One segment's headers, as the IPv4/IPv6 and TCP/UDP gso_segment callbacks
 * leave them: i is its index, last says whether it is the last one, plen
 * its payload bytes. An IPv4 segment gets its own total length, the next
 * IP id (unless the packet's ids are fixed) and a fresh header checksum;
 * TCP's sequence number moves on by the payload before it, CWR stays on
 * the first segment only, FIN and PSH on the last.
 */
static void gso_fix_headers(struct sk_buff *seg, unsigned int i, bool last,
			    unsigned int mss, unsigned int plen, unsigned int fixedid)
{
	unsigned int l3 = seg->len - skb_network_offset(seg);

	if (seg->protocol == htons(ETH_P_IP)) {
		struct iphdr *iph = ip_hdr(seg);

		iph->tot_len = htons(l3);
		if (!fixedid)
			iph->id = htons(ntohs(iph->id) + i);
		iph->check = 0;
		iph->check = ip_fast_csum(iph, iph->ihl);
	} else {
		ipv6_hdr(seg)->payload_len = htons(l3 - sizeof(struct ipv6hdr));
	}
	if (skb_shinfo(seg)->gso_type & SKB_GSO_UDP_L4) {
		udp_hdr(seg)->len = htons(sizeof(struct udphdr) + plen);
	} else {
		struct tcphdr *th = tcp_hdr(seg);

		th->seq = htonl(ntohl(th->seq) + i * mss);
		if (i)
			th->cwr = 0;
		if (!last) {
			th->fin = 0;
			th->psh = 0;
		}
	}
}

/*
 * skb_gso_segment(): the list of segments (linked by next) that carry skb's
 * payload in gso_size pieces, each with a copy of its headers; skb itself
 * is left as it was, for the caller to free (tbf and cake consume it). As
 * in the kernel, a packet whose payload fits one segment gives NULL (TCP;
 * -EINVAL for UDP), a packet that is not TCP or UDP GSO an error. The
 * shim's features never include GSO, so every packet is split in full.
 */
struct sk_buff *__skb_gso_segment(struct sk_buff *skb,
				  netdev_features_t features, bool tx_path)
{
	const struct skb_shared_info *shinfo = skb_shinfo(skb);
	unsigned int mss = shinfo->gso_size, hlen, payload, off, i, n;
	unsigned int fixedid = shinfo->gso_type & SKB_GSO_TCP_FIXEDID;
	struct sk_buff *segs = NULL, **tail = &segs;
	bool udp = shinfo->gso_type & SKB_GSO_UDP_L4;

	if (skb->protocol != htons(ETH_P_IP) && skb->protocol != htons(ETH_P_IPV6))
		return ERR_PTR(-EPROTONOSUPPORT);
	if (!udp && !(shinfo->gso_type & (SKB_GSO_TCPV4 | SKB_GSO_TCPV6)))
		return ERR_PTR(-EINVAL);
	if (!mss || !skb_transport_header_was_set(skb))
		return ERR_PTR(-EINVAL);
	hlen = skb_transport_offset(skb) +
	       (udp ? sizeof(struct udphdr) : tcp_hdrlen(skb));
	if (skb->len < hlen || skb_headlen(skb) < skb->len)
		return ERR_PTR(-EINVAL);
	payload = skb->len - hlen;
	if (payload <= mss)
		return udp ? ERR_PTR(-EINVAL) : NULL;

	n = DIV_ROUND_UP(payload, mss);
	for (i = 0, off = 0; i < n; i++, off += mss) {
		unsigned int plen = min(mss, payload - off);
		struct sk_buff *seg = qdk_skb_segment_new(skb, hlen + plen);

		if (!seg) {
			kfree_skb_list(segs);
			return ERR_PTR(-ENOMEM);
		}
		skb_put_data(seg, skb->data, hlen);
		skb_put_data(seg, skb->data + hlen + off, plen);
		gso_fix_headers(seg, i, i == n - 1, mss, plen, fixedid);
		*tail = seg;
		tail = &seg->next;
	}
	return segs;
}
