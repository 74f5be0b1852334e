/* SPDX-License-Identifier: GPL-2.0 */
/* ECN field helpers acting on the packet's real IP header. */
#ifndef _INET_ECN_H_
#define _INET_ECN_H_

#include <linux/ip.h>
#include <linux/skbuff.h>
#include <linux/if_vlan.h>
#include <net/inet_sock.h>
#include <net/dsfield.h>
#include <net/checksum.h>
#include <linux/version.h>

enum {
	INET_ECN_NOT_ECT = 0,
	INET_ECN_ECT_1 = 1,
	INET_ECN_ECT_0 = 2,
	INET_ECN_CE = 3,
	INET_ECN_MASK = 3,
};

static inline int INET_ECN_is_ce(__u8 dsfield)
{
	return (dsfield & INET_ECN_MASK) == INET_ECN_CE;
}

static inline int INET_ECN_is_not_ect(__u8 dsfield)
{
	return (dsfield & INET_ECN_MASK) == INET_ECN_NOT_ECT;
}

static inline int INET_ECN_is_capable(__u8 dsfield)
{
	return dsfield & INET_ECN_ECT_0;
}

static inline __u8 INET_ECN_encapsulate(__u8 outer, __u8 inner)
{
	outer &= ~INET_ECN_MASK;
	outer |= !INET_ECN_is_ce(inner) ? (inner & INET_ECN_MASK) :
					  INET_ECN_ECT_0;
	return outer;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a socket's outgoing codepoint: ECT(1) (L4S) or ECT(0), replacing either */
static inline void __INET_ECN_xmit(struct sock *sk, bool use_ect_1)
{
	__u8 ect = use_ect_1 ? INET_ECN_ECT_1 : INET_ECN_ECT_0;

	inet_sk(sk)->tos &= ~INET_ECN_MASK;
	inet_sk(sk)->tos |= ect;
	if (inet6_sk(sk)) {
		inet6_sk(sk)->tclass &= ~INET_ECN_MASK;
		inet6_sk(sk)->tclass |= ect;
	}
}

static inline void INET_ECN_xmit(struct sock *sk)
{
	__INET_ECN_xmit(sk, false);
}
#else
/* a socket's packets go out ECT(0) */
static inline void INET_ECN_xmit(struct sock *sk)
{
	inet_sk(sk)->tos |= INET_ECN_ECT_0;
	if (inet6_sk(sk))
		inet6_sk(sk)->tclass |= INET_ECN_ECT_0;
}
#endif

static inline void INET_ECN_dontxmit(struct sock *sk)
{
	inet_sk(sk)->tos &= ~INET_ECN_MASK;
	if (inet6_sk(sk))
		inet6_sk(sk)->tclass &= ~INET_ECN_MASK;
}

/* the ECN bits of a flow label word (network order) cleared or set ECT(0) */
#define IP6_ECN_flow_init(label) do {					(label) &= ~htonl(INET_ECN_MASK << 20);			} while (0)

#define IP6_ECN_flow_xmit(sk, label) do {				if (INET_ECN_is_capable(inet6_sk(sk)->tclass))				(label) |= htonl(INET_ECN_ECT_0 << 20);		} while (0)

/* Set CE on an ECT packet, fixing the checksum incrementally (RFC 1624). */
static inline int IP_ECN_set_ce(struct iphdr *iph)
{
	u32 ecn = (iph->tos + 1) & INET_ECN_MASK;
	__be16 check_add;

	/*
	 * tos + 1 maps NOT_ECT 00 -> 01, ECT_1 01 -> 10, ECT_0 10 -> 11,
	 * CE 11 -> 00: bit 1 set means ECT, so the packet can be marked.
	 */
	if (!(ecn & 2))
		return !ecn;

	check_add = (__force __be16)((__force u16)htons(0xFFFB) +
				     (__force u16)htons(ecn));

	iph->check = csum16_add(iph->check, check_add);
	iph->tos |= INET_ECN_CE;
	return 1;
}

static inline int IP_ECN_set_ect1(struct iphdr *iph)
{
	if ((iph->tos & INET_ECN_MASK) != INET_ECN_ECT_0)
		return 0;

	iph->check = csum16_add(iph->check, htons(0x1));
	iph->tos ^= INET_ECN_MASK;
	return 1;
}

static inline void IP_ECN_clear(struct iphdr *iph)
{
	iph->tos &= ~INET_ECN_MASK;
}

static inline void ipv4_copy_dscp(unsigned int dscp, struct iphdr *inner)
{
	dscp &= ~INET_ECN_MASK;
	ipv4_change_dsfield(inner, INET_ECN_MASK, dscp);
}

struct ipv6hdr;

static inline int IP6_ECN_set_ce(struct sk_buff *skb, struct ipv6hdr *iph)
{
	__be32 from, to;

	if (INET_ECN_is_not_ect(ipv6_get_dsfield(iph)))
		return 0;

	from = *(__be32 *)iph;
	to = from | htonl(INET_ECN_CE << 20);
	*(__be32 *)iph = to;
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->csum = csum_add(csum_sub(skb->csum, (__force __wsum)from),
				     (__force __wsum)to);
	return 1;
}

static inline int IP6_ECN_set_ect1(struct sk_buff *skb, struct ipv6hdr *iph)
{
	__be32 from, to;

	if ((ipv6_get_dsfield(iph) & INET_ECN_MASK) != INET_ECN_ECT_0)
		return 0;

	from = *(__be32 *)iph;
	to = from ^ htonl(INET_ECN_MASK << 20);
	*(__be32 *)iph = to;
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->csum = csum_add(csum_sub(skb->csum, (__force __wsum)from),
				     (__force __wsum)to);
	return 1;
}

static inline void ipv6_copy_dscp(unsigned int dscp, struct ipv6hdr *inner)
{
	dscp &= ~INET_ECN_MASK;
	ipv6_change_dsfield(inner, INET_ECN_MASK, dscp);
}

static inline int INET_ECN_set_ce(struct sk_buff *skb)
{
	switch (skb_protocol(skb, true)) {
	case cpu_to_be16(ETH_P_IP):
		if (skb_network_header(skb) + sizeof(struct iphdr) <=
		    skb_tail_pointer(skb))
			return IP_ECN_set_ce(ip_hdr(skb));
		break;

	case cpu_to_be16(ETH_P_IPV6):
		if (skb_network_header(skb) + sizeof(struct ipv6hdr) <=
		    skb_tail_pointer(skb))
			return IP6_ECN_set_ce(skb, ipv6_hdr(skb));
		break;
	}

	return 0;
}

/* ECT(0) becomes ECT(1) in the packet's IPv4 or IPv6 header */
static inline int INET_ECN_set_ect1(struct sk_buff *skb)
{
	switch (skb_protocol(skb, true)) {
	case cpu_to_be16(ETH_P_IP):
		if (skb_network_header(skb) + sizeof(struct iphdr) <=
		    skb_tail_pointer(skb))
			return IP_ECN_set_ect1(ip_hdr(skb));
		break;

	case cpu_to_be16(ETH_P_IPV6):
		if (skb_network_header(skb) + sizeof(struct ipv6hdr) <=
		    skb_tail_pointer(skb))
			return IP6_ECN_set_ect1(skb, ipv6_hdr(skb));
		break;
	}

	return 0;
}

/*
 * Tunnel egress (RFC 6040, 4.2): the inner codepoint given the outer one.
 * An outer CE marks the inner packet (*set_ce), unless the inner packet is
 * Not-ECT: then 2 (drop it); an outer ECT over a Not-ECT inner packet is
 * 1 (worth logging); 0 otherwise.
 */
static inline int __INET_ECN_decapsulate(__u8 outer, __u8 inner, bool *set_ce)
{
	if (INET_ECN_is_not_ect(inner)) {
		switch (outer & INET_ECN_MASK) {
		case INET_ECN_NOT_ECT:
			return 0;
		case INET_ECN_ECT_0:
		case INET_ECN_ECT_1:
			return 1;
		case INET_ECN_CE:
			return 2;
		}
	}

	*set_ce = INET_ECN_is_ce(outer);
	return 0;
}

/* apply it to the inner packet: CE, or ECT(1) from an ECT(1) outer */
static inline int INET_ECN_decapsulate(struct sk_buff *skb, __u8 outer, __u8 inner)
{
	bool set_ce = false;
	int rc = __INET_ECN_decapsulate(outer, inner, &set_ce);

	if (rc)
		return rc;
	if (set_ce)
		INET_ECN_set_ce(skb);
	else if ((outer & INET_ECN_MASK) == INET_ECN_ECT_1)
		INET_ECN_set_ect1(skb);
	return 0;
}

/* the inner packet's DS field, by its protocol; false for another protocol */
static inline bool __qdk_ecn_inner_dsfield(struct sk_buff *skb, __u8 *inner)
{
	switch (skb_protocol(skb, true)) {
	case htons(ETH_P_IP):
		*inner = ip_hdr(skb)->tos;
		return true;
	case htons(ETH_P_IPV6):
		*inner = ipv6_get_dsfield(ipv6_hdr(skb));
		return true;
	}
	return false;
}

static inline int IP_ECN_decapsulate(const struct iphdr *oiph, struct sk_buff *skb)
{
	__u8 inner;

	if (!__qdk_ecn_inner_dsfield(skb, &inner))
		return 0;
	return INET_ECN_decapsulate(skb, oiph->tos, inner);
}

static inline int IP6_ECN_decapsulate(const struct ipv6hdr *oipv6h,
				      struct sk_buff *skb)
{
	__u8 inner;

	if (!__qdk_ecn_inner_dsfield(skb, &inner))
		return 0;
	return INET_ECN_decapsulate(skb, ipv6_get_dsfield(oipv6h), inner);
}

static inline int skb_get_dsfield(struct sk_buff *skb)
{
	switch (skb_protocol(skb, true)) {
	case cpu_to_be16(ETH_P_IP):
		if (!pskb_network_may_pull(skb, sizeof(struct iphdr)))
			break;
		return ipv4_get_dsfield(ip_hdr(skb));

	case cpu_to_be16(ETH_P_IPV6):
		if (!pskb_network_may_pull(skb, sizeof(struct ipv6hdr)))
			break;
		return ipv6_get_dsfield(ipv6_hdr(skb));
	}

	return -1;
}

static inline int skb_get_ecn(struct sk_buff *skb)
{
	int dsfield = skb_get_dsfield(skb);

	if (dsfield < 0)
		return dsfield;

	return dsfield & INET_ECN_MASK;
}

#endif
