// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_ip.c - IPv4 and IPv6 header helpers (linux/in.h, net/ip.h,
 * net/ipv6.h, net/inet_ecn.h, net/checksum.h) against the results the
 * kernel documents or computes for the same bytes.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/udp.h>
#include <net/checksum.h>
#include <net/inet_ecn.h>
#include <net/ip.h>
#include <net/ipv6.h>

#include "ktest.h"

#define A4(a, b, c, d)	htonl(((a) << 24) | ((b) << 16) | ((c) << 8) | (d))

KTEST(ip, ipv4_address_classes)
{
	KT_ASSERT(ipv4_is_loopback(A4(127, 1, 2, 3)), "127/8");
	KT_ASSERT(!ipv4_is_loopback(A4(128, 0, 0, 1)), "128.0.0.1");
	KT_ASSERT(ipv4_is_multicast(A4(239, 255, 0, 1)), "239/8");
	KT_ASSERT(!ipv4_is_multicast(A4(240, 0, 0, 1)), "240/4 is not");
	KT_ASSERT(ipv4_is_local_multicast(A4(224, 0, 0, 251)), "224.0.0/24");
	KT_ASSERT(!ipv4_is_local_multicast(A4(224, 0, 1, 1)), "224.0.1.1");
	KT_ASSERT(ipv4_is_lbcast(A4(255, 255, 255, 255)), "broadcast");
	KT_ASSERT(ipv4_is_all_snoopers(A4(224, 0, 0, 106)), "all snoopers");
	KT_ASSERT(ipv4_is_zeronet(0) && !ipv4_is_zeronet(A4(0, 0, 0, 1)),
		  "only 0.0.0.0 is zeronet");
	KT_ASSERT(ipv4_is_private_10(A4(10, 200, 1, 1)), "10/8");
	KT_ASSERT(ipv4_is_private_172(A4(172, 31, 0, 1)), "172.16/12");
	KT_ASSERT(!ipv4_is_private_172(A4(172, 32, 0, 1)), "172.32 is not");
	KT_ASSERT(ipv4_is_private_192(A4(192, 168, 255, 1)), "192.168/16");
	KT_ASSERT(ipv4_is_linklocal_169(A4(169, 254, 3, 4)), "169.254/16");
	KT_ASSERT(ipv4_is_anycast_6to4(A4(192, 88, 99, 1)), "192.88.99/24");
	KT_ASSERT(ipv4_is_test_192(A4(192, 0, 2, 7)), "192.0.2/24");
	KT_ASSERT(ipv4_is_test_198(A4(198, 19, 0, 1)), "198.18/15");
	KT_ASSERT(!ipv4_is_test_198(A4(198, 20, 0, 1)), "198.20 is not");
	KT_EQ(proto_ports_offset(IPPROTO_UDP), 0);
	KT_EQ(proto_ports_offset(IPPROTO_AH), 4);
	KT_EQ(proto_ports_offset(IPPROTO_ICMP), -EINVAL);
	return 0;
}

static struct in6_addr a6(u32 w0, u32 w1, u32 w2, u32 w3)
{
	struct in6_addr a;

	ipv6_addr_set(&a, htonl(w0), htonl(w1), htonl(w2), htonl(w3));
	return a;
}

KTEST(ip, ipv6_address_types)
{
	struct in6_addr a;

	a = a6(0, 0, 0, 0);
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_ANY);
	KT_EQ(__ipv6_addr_src_scope(__ipv6_addr_type(&a)), __IPV6_ADDR_SCOPE_INVALID);
	KT_ASSERT(ipv6_addr_any(&a) && ipv6_addr_equal(&a, &in6addr_any), "::");
	a = a6(0, 0, 0, 1);	/* ::1: loopback with link-local scope */
	KT_EQ(__ipv6_addr_type(&a), 0x20011);
	KT_ASSERT(ipv6_addr_loopback(&a) && ipv6_addr_equal(&a, &in6addr_loopback), "::1");
	a = a6(0xfe800000, 0, 0, 1);
	KT_EQ(ipv6_addr_type(&a), IPV6_ADDR_LINKLOCAL | IPV6_ADDR_UNICAST);
	KT_EQ(ipv6_addr_src_scope(&a), IPV6_ADDR_SCOPE_LINKLOCAL);
	KT_EQ(ipv6_iface_scope_id(&a, 7), 7);
	a = a6(0xfec00000, 0, 0, 1);
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_SITELOCAL | IPV6_ADDR_UNICAST | 0x50000);
	a = a6(0x20010db8, 0, 0, 1);
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_UNICAST | 0xe0000);
	KT_EQ(ipv6_iface_scope_id(&a, 7), 0);
	a = a6(0xfd000000, 0, 0, 1);	/* unique local: global scope */
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_UNICAST | 0xe0000);
	a = in6addr_linklocal_allnodes;	/* ff02::1 */
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_MULTICAST | IPV6_ADDR_LINKLOCAL | 0x20000);
	KT_ASSERT(ipv6_addr_is_multicast(&a), "ff02::1 is multicast");
	KT_EQ(IPV6_ADDR_MC_SCOPE(&a), IPV6_ADDR_SCOPE_LINKLOCAL);
	KT_EQ(ipv6_iface_scope_id(&a, 3), 3);
	a = in6addr_interfacelocal_allnodes;	/* ff01::1 */
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_MULTICAST | IPV6_ADDR_LOOPBACK | 0x10000);
	a = a6(0xff0e0000, 0, 0, 1);	/* global multicast */
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_MULTICAST | 0xe0000);
	ipv6_addr_set_v4mapped(A4(192, 0, 2, 1), &a);
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_MAPPED | 0xe0000);
	KT_ASSERT(ipv6_addr_v4mapped(&a) && !ipv6_addr_v4mapped_any(&a), "mapped");
	ipv6_addr_set_v4mapped(A4(127, 0, 0, 1), &a);
	KT_ASSERT(ipv6_addr_v4mapped_loopback(&a), "::ffff:127.0.0.1");
	a = a6(0, 0, 0, 0x01020304);	/* IPv4-compatible */
	KT_EQ(__ipv6_addr_type(&a), IPV6_ADDR_COMPATv4 | IPV6_ADDR_UNICAST | 0xe0000);
	a = a6(0x20010010, 0, 0, 1);
	KT_ASSERT(ipv6_addr_orchid(&a), "2001:10::/28");
	return 0;
}

KTEST(ip, ipv6_prefixes_and_diff)
{
	struct in6_addr a = a6(0x20010db8, 0x12345678, 0x9abcdef0, 0x11223344);
	struct in6_addr b = a6(0x20010db8, 0x12345679, 0, 0);
	struct in6_addr p, m, want = a6(0x20010db8, 0x10000000, 0, 0);

	KT_EQ(ipv6_addr_diff(&a, &b), 63);	/* the last bit of word 1 */
	KT_EQ(ipv6_addr_diff(&a, &a), 128);
	KT_EQ(__ipv6_addr_diff32(&a, &b, 16), 63);
	KT_ASSERT(ipv6_prefix_equal(&a, &b, 63), "63 bits agree");
	KT_ASSERT(!ipv6_prefix_equal(&a, &b, 64), "bit 63 differs");
	KT_ASSERT(ipv6_prefix_equal(&a, &b, 0), "no bits");
	ipv6_addr_prefix(&p, &a, 36);
	KT_ASSERT(ipv6_addr_equal(&p, &want), "/36 of a");
	b = a6(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff);
	ipv6_addr_prefix_copy(&b, &a, 12);
	KT_EQ(ntohl(b.s6_addr32[0]), 0x200fffff);
	KT_EQ(ntohl(b.s6_addr32[3]), 0xffffffff);
	m = a6(0xffffffff, 0, 0, 0);
	b = a6(0x20010db8, 1, 2, 3);
	KT_ASSERT(!ipv6_masked_addr_cmp(&a, &m, &b), "equal under the mask");
	m.s6_addr32[3] = htonl(1);
	KT_ASSERT(ipv6_masked_addr_cmp(&a, &m, &b), "differ in the last bit");
	KT_ASSERT(ipv6_addr_cmp(&a, &b) > 0, "memcmp order");
	/* the x86-64 fold of the two halves */
	a = a6(1, 2, 4, 8);
	KT_EQ(ipv6_addr_hash(&a), htonl(1) ^ htonl(2) ^ htonl(4) ^ htonl(8));
	return 0;
}

/* an skb with an IPv6 header at offset 14 followed by len bytes of ext */
static struct sk_buff *ipv6_skb(u8 nexthdr, const u8 *ext, unsigned int len)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct ipv6hdr *ip6;

	if (!skb)
		return NULL;
	skb_put(skb, ETH_HLEN);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	ip6 = skb_put_zero(skb, sizeof(*ip6));
	ip6_flow_hdr(ip6, 0xb8, htonl(0x12345));
	ip6->nexthdr = nexthdr;
	ip6->payload_len = htons(len);
	if (len)
		skb_put_data(skb, ext, len);
	skb->protocol = htons(ETH_P_IPV6);
	return skb;
}

KTEST(ip, ipv6_extension_headers)
{
	/* hop-by-hop (pad1, router alert, padn) + first fragment + 8 bytes of TCP */
	static const u8 first[] = {
		NEXTHDR_FRAGMENT, 0, 0, 5, 2, 0, 0, 0,		/* HBH, 8 bytes */
		NEXTHDR_TCP, 0, 0x00, 0x01, 0, 0, 0, 9,		/* frag, off 0, MF */
		0, 80, 0, 81, 0, 0, 0, 0,
	};
	/* destination options (16 bytes) + a later fragment of UDP */
	static const u8 later[] = {
		NEXTHDR_FRAGMENT, 1, 1, 12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		NEXTHDR_UDP, 0, 0x05, 0x08, 0, 0, 0, 9,		/* frag, off 0x508 */
		0, 0, 0, 0,
	};
	struct sk_buff *skb = ipv6_skb(NEXTHDR_HOP, first, sizeof(first));
	unsigned int off = 0;
	unsigned short fragoff;
	__be16 frag_off;
	int flags = 0;
	u8 nh = NEXTHDR_HOP;

	KT_ASSERT(skb, "alloc");
	KT_ASSERT(ipv6_ext_hdr(NEXTHDR_DEST) && !ipv6_ext_hdr(NEXTHDR_ESP) &&
		  !ipv6_ext_hdr(NEXTHDR_TCP), "extension header kinds");
	KT_EQ(ipv6_skip_exthdr(skb, ETH_HLEN + 40, &nh, &frag_off), ETH_HLEN + 56);
	KT_EQ(nh, NEXTHDR_TCP);
	KT_EQ(ntohs(frag_off), 1);	/* MF only: the first fragment */
	KT_EQ(ipv6_find_hdr(skb, &off, -1, &fragoff, &flags), NEXTHDR_TCP);
	KT_EQ(off, ETH_HLEN + 56);
	KT_EQ(fragoff, 0);
	KT_EQ(flags, IP6_FH_F_FRAG);
	off = 0;
	KT_EQ(ipv6_find_hdr(skb, &off, NEXTHDR_FRAGMENT, NULL, NULL), NEXTHDR_FRAGMENT);
	KT_EQ(off, ETH_HLEN + 48);
	off = 0;
	KT_EQ(ipv6_find_hdr(skb, &off, NEXTHDR_ROUTING, NULL, NULL), -ENOENT);
	/* the router alert option (type 5) past the pad1 */
	KT_EQ(ipv6_find_tlv(skb, 40, IPV6_TLV_ROUTERALERT), 43);
	KT_EQ(ipv6_find_tlv(skb, 40, IPV6_TLV_JUMBO), -1);
	KT_EQ(ip6_flowlabel(ipv6_hdr(skb)), htonl(0x12345));
	KT_EQ(ip6_tclass(ip6_flowinfo(ipv6_hdr(skb))), 0xb8);
	KT_EQ(ipv6_get_dsfield(ipv6_hdr(skb)), 0xb8);
	kfree_skb(skb);

	skb = ipv6_skb(NEXTHDR_DEST, later, sizeof(later));
	KT_ASSERT(skb, "alloc");
	nh = NEXTHDR_DEST;
	/* stops at the fragment header of a later fragment */
	KT_EQ(ipv6_skip_exthdr(skb, ETH_HLEN + 40, &nh, &frag_off), ETH_HLEN + 56);
	KT_EQ(nh, NEXTHDR_FRAGMENT);
	KT_EQ(ntohs(frag_off), 0x0508);
	off = 0;
	flags = 0;
	KT_EQ(ipv6_find_hdr(skb, &off, -1, &fragoff, &flags), NEXTHDR_UDP);
	KT_EQ(fragoff, 0x0508);
	KT_EQ(flags, IP6_FH_F_FRAG);
	off = 0;
	KT_EQ(ipv6_find_hdr(skb, &off, NEXTHDR_UDP, NULL, NULL), -ENOENT);
	kfree_skb(skb);
	return 0;
}

static void ipv4_hdr_init(struct iphdr *iph, u8 tos, u8 ttl)
{
	memset(iph, 0, sizeof(*iph));
	iph->version = 4;
	iph->ihl = 5;
	iph->tos = tos;
	iph->tot_len = htons(60);
	iph->frag_off = htons(IP_DF);
	iph->ttl = ttl;
	iph->protocol = IPPROTO_UDP;
	iph->saddr = A4(192, 0, 2, 1);
	iph->daddr = A4(198, 51, 100, 7);
	ip_send_check(iph);
}

KTEST(ip, ipv4_ttl_fragments_and_maps)
{
	struct iphdr iph;
	char mac[6];
	int ttl;

	for (ttl = 255; ttl > 1; ttl -= 17) {
		ipv4_hdr_init(&iph, 0, ttl);
		KT_EQ(ip_decrease_ttl(&iph), ttl - 1);
		KT_EQ(ip_fast_csum(&iph, iph.ihl), 0);	/* still valid */
	}
	/* the corner the kernel's comment names: 0xfeff wraps to 0x0000 */
	ipv4_hdr_init(&iph, 0, 64);
	iph.check = htons(0xfeff);
	ip_decrease_ttl(&iph);
	KT_EQ(ntohs(iph.check), 0x0000);

	KT_ASSERT(!ip_is_fragment(&iph), "DF only");
	iph.frag_off = htons(IP_MF);
	KT_ASSERT(ip_is_fragment(&iph), "MF");
	iph.frag_off = htons(IP_DF | 3);
	KT_ASSERT(ip_is_fragment(&iph), "offset");

	ip_eth_mc_map(A4(239, 129, 2, 3), mac);
	KT_ASSERT(!memcmp(mac, "\x01\x00\x5e\x01\x02\x03", 6), "23 low bits");
	KT_ASSERT(ip_defrag_user_in_between(IP_DEFRAG_CONNTRACK_IN + 7,
					    IP_DEFRAG_CONNTRACK_IN,
					    __IP_DEFRAG_CONNTRACK_IN_END), "zone 7");
	KT_EQ(IP_DEFRAG_CONNTRACK_OUT, 65538);
	KT_ASSERT(!sysctl_dev_name_is_allowed("all") && sysctl_dev_name_is_allowed("eth0"),
		  "sysctl names");
	return 0;
}

/* a UDP packet's checksum over its bytes as they are: the field to write
 * when it holds 0, and 0 when the packet's checksum is valid
 */
static __sum16 udp_csum(const struct iphdr *iph, const struct udphdr *uh, int len)
{
	return csum_tcpudp_magic(iph->saddr, iph->daddr, len, IPPROTO_UDP,
				 csum_partial(uh, len, 0));
}

KTEST(ip, proto_csum_replace)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct { struct udphdr uh; u8 data[12]; } pkt = {
		.uh = { .source = htons(5000), .dest = htons(53), .len = htons(20) },
		.data = "qdk checksum",
	};
	struct iphdr iph;
	__be32 old;

	KT_ASSERT(skb, "alloc");
	ipv4_hdr_init(&iph, 0, 64);
	pkt.uh.check = udp_csum(&iph, &pkt.uh, sizeof(pkt));

	/* NAT of the source address: the pseudo header changes */
	skb->ip_summed = CHECKSUM_NONE;
	old = iph.saddr;
	iph.saddr = A4(203, 0, 113, 9);
	inet_proto_csum_replace4(&pkt.uh.check, skb, old, iph.saddr, true);
	KT_EQ(udp_csum(&iph, &pkt.uh, sizeof(pkt)), 0);	/* verifies */

	/* a port: only the transport header */
	inet_proto_csum_replace2(&pkt.uh.check, skb, pkt.uh.source, htons(40000), false);
	pkt.uh.source = htons(40000);
	KT_EQ(udp_csum(&iph, &pkt.uh, sizeof(pkt)), 0);

	/* CHECKSUM_PARTIAL holds the pseudo header's sum only */
	skb->ip_summed = CHECKSUM_PARTIAL;
	pkt.uh.check = ~csum_tcpudp_magic(iph.saddr, iph.daddr, sizeof(pkt), IPPROTO_UDP, 0);
	old = iph.daddr;
	iph.daddr = A4(198, 51, 100, 8);
	inet_proto_csum_replace4(&pkt.uh.check, skb, old, iph.daddr, true);
	KT_EQ(pkt.uh.check,
	      (__sum16)~csum_tcpudp_magic(iph.saddr, iph.daddr, sizeof(pkt), IPPROTO_UDP, 0));
	inet_proto_csum_replace2(&pkt.uh.check, skb, pkt.uh.dest, htons(54), false);
	KT_EQ(pkt.uh.check,
	      (__sum16)~csum_tcpudp_magic(iph.saddr, iph.daddr, sizeof(pkt), IPPROTO_UDP, 0));
	kfree_skb(skb);
	return 0;
}

KTEST(ip, proto_csum_replace16)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
	struct in6_addr from = a6(0x20010db8, 0, 0, 1), to = a6(0x20010db8, 0xab, 0, 2);
	u8 l4[8] = { 0x13, 0x88, 0x00, 0x35, 0x00, 0x08, 0, 0 };
	__wsum sum;
	__sum16 check;

	KT_ASSERT(skb, "alloc");
	skb->ip_summed = CHECKSUM_NONE;
	sum = csum_partial(&from, 16, csum_partial(l4, 8, 0));
	check = csum_fold(sum);
	inet_proto_csum_replace16(&check, skb, from.s6_addr32, to.s6_addr32, true);
	KT_EQ(check, csum_fold(csum_partial(&to, 16, csum_partial(l4, 8, 0))));
	kfree_skb(skb);
	return 0;
}

static struct sk_buff *ipv4_skb(u8 tos)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);

	if (!skb)
		return NULL;
	skb_put(skb, ETH_HLEN);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	ipv4_hdr_init(skb_put(skb, sizeof(struct iphdr)), tos, 64);
	skb->protocol = htons(ETH_P_IP);
	return skb;
}

KTEST(ip, ecn_decapsulate_and_ect1)
{
	bool set_ce = false;
	struct sk_buff *skb;

	/* RFC 6040's table, Not-ECT inner row */
	KT_EQ(__INET_ECN_decapsulate(INET_ECN_NOT_ECT, INET_ECN_NOT_ECT, &set_ce), 0);
	KT_EQ(__INET_ECN_decapsulate(INET_ECN_ECT_1, INET_ECN_NOT_ECT, &set_ce), 1);
	KT_EQ(__INET_ECN_decapsulate(INET_ECN_CE, INET_ECN_NOT_ECT, &set_ce), 2);
	KT_EQ(__INET_ECN_decapsulate(INET_ECN_CE, INET_ECN_ECT_0, &set_ce), 0);
	KT_ASSERT(set_ce, "outer CE marks the inner packet");

	skb = ipv4_skb(0x20 | INET_ECN_ECT_0);
	KT_ASSERT(skb, "alloc");
	KT_EQ(INET_ECN_set_ect1(skb), 1);
	KT_EQ(ip_hdr(skb)->tos, 0x20 | INET_ECN_ECT_1);
	KT_EQ(ip_fast_csum(ip_hdr(skb), 5), 0);
	KT_EQ(INET_ECN_set_ect1(skb), 0);	/* only ECT(0) changes */
	/* an outer CE over the ECT(1) inner header marks it */
	KT_EQ(INET_ECN_decapsulate(skb, INET_ECN_CE, ip_hdr(skb)->tos), 0);
	KT_EQ(ip_hdr(skb)->tos & INET_ECN_MASK, INET_ECN_CE);
	KT_EQ(ip_fast_csum(ip_hdr(skb), 5), 0);
	kfree_skb(skb);

	/* an outer ECT(1) over an ECT(0) inner header: ECT(1) */
	skb = ipv4_skb(INET_ECN_ECT_0);
	KT_ASSERT(skb, "alloc");
	{
		struct iphdr outer;

		ipv4_hdr_init(&outer, INET_ECN_ECT_1, 64);
		KT_EQ(IP_ECN_decapsulate(&outer, skb), 0);
	}
	KT_EQ(ip_hdr(skb)->tos, INET_ECN_ECT_1);
	kfree_skb(skb);

	skb = ipv6_skb(NEXTHDR_NONE, NULL, 0);
	KT_ASSERT(skb, "alloc");
	ipv6_change_dsfield(ipv6_hdr(skb), 0, INET_ECN_ECT_0);
	KT_EQ(INET_ECN_set_ect1(skb), 1);
	KT_EQ(ipv6_get_dsfield(ipv6_hdr(skb)), INET_ECN_ECT_1);
	KT_EQ(ip6_flowlabel(ipv6_hdr(skb)), htonl(0x12345));
	kfree_skb(skb);
	return 0;
}

KTEST(ip, checksum_fold_helpers)
{
	/* 192.0.2.1 -> 198.51.100.7, UDP, 20 bytes, as x86's adc chain sums */
	__wsum s = csum_tcpudp_nofold(A4(192, 0, 2, 1), A4(198, 51, 100, 7), 20,
				      IPPROTO_UDP, 0);

	KT_EQ(csum_fold(s), (__sum16)~htons(0xc000 + 0x0201 + 0xc633 + 0x6407 + 17 + 20 -
					    0xffff * 1));
	KT_EQ(csum_tcpudp_magic(0, 0, 0, 0, 0), 0xffff);
	return 0;
}
