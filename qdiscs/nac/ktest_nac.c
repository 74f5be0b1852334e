// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_nac.c - kernel-style helpers for test_nac.c: give a packet built by
 * the shim IPv4 options (the trace format has no way to say so yet) and
 * read its IP header back. Compiled with the shim's kernel headers, linked
 * into the test binary only.
 */
#include <linux/ip.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <net/checksum.h>
#include <net/sch_generic.h>

#include "ktest_nac.h"

int ktest_nac_add_ipopts(struct qdk_skb *h, const unsigned char *opts,
			 unsigned int optlen)
{
	struct sk_buff *skb = (struct sk_buff *)h;
	unsigned int nh = skb_network_offset(skb);
	struct iphdr *iph = ip_hdr(skb);

	if (skb->protocol != htons(ETH_P_IP) || iph->ihl != 5 ||
	    optlen % 4 || optlen > 40 || skb_headroom(skb) < optlen)
		return -1;
	/* move the Ethernet and IP headers forward, options go behind them */
	skb_push(skb, optlen);
	memmove(skb->data, skb->data + optlen, nh + sizeof(*iph));
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, nh);
	skb_set_transport_header(skb, nh + sizeof(*iph) + optlen);
	iph = ip_hdr(skb);
	memcpy((u8 *)iph + sizeof(*iph), opts, optlen);
	iph->ihl = 5 + optlen / 4;
	iph->tot_len = htons(ntohs(iph->tot_len) + optlen);
	iph->check = 0;
	iph->check = ip_fast_csum(iph, iph->ihl);
	qdisc_skb_cb(skb)->pkt_len += optlen;
	return 0;
}

int ktest_nac_iphdr(const struct qdk_skb *h, unsigned char *buf,
		    unsigned int len)
{
	const struct sk_buff *skb = (const struct sk_buff *)h;
	const struct iphdr *iph = ip_hdr(skb);

	if (skb->protocol != htons(ETH_P_IP) || iph->ihl * 4U > len)
		return -1;
	memcpy(buf, iph, iph->ihl * 4);
	return iph->ihl * 4;
}

void ktest_nac_poke(struct qdk_skb *h, unsigned int off, unsigned char v)
{
	struct sk_buff *skb = (struct sk_buff *)h;

	((u8 *)ip_hdr(skb))[off] = v;
}

void ktest_nac_set_cloned(struct qdk_skb *h, int cloned)
{
	((struct sk_buff *)h)->cloned = !!cloned;
}
