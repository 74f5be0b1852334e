// SPDX-License-Identifier: GPL-2.0
/*
 * flow_dissector.c - flow keys of the frames the shim builds: Ethernet,
 * IPv4 (no options needed, fragments flagged) or IPv6 (no extension
 * headers), then TCP/UDP ports. Mirrors what net/core/flow_dissector.c
 * fills for such frames.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/string.h>
#include <net/ip.h>
#include <net/flow_dissector.h>
#include <linux/icmp.h>
#include <linux/icmpv6.h>

bool skb_flow_dissect_flow_keys(const struct sk_buff *skb,
				struct flow_keys *flow, unsigned int flags)
{
	const u8 *data = skb->data;
	int nhoff = skb_network_offset(skb), hlen = skb_headlen(skb);
	u8 proto;

	memset(flow, 0, sizeof(*flow));
	flow->basic.n_proto = skb->protocol;
	if (skb->protocol == htons(ETH_P_IP)) {
		const struct iphdr *iph = (const struct iphdr *)(data + nhoff);

		if (hlen < nhoff + (int)sizeof(*iph) || iph->ihl < 5)
			return false;
		flow->control.addr_type = FLOW_DISSECTOR_KEY_IPV4_ADDRS;
		memcpy(&flow->addrs.v4addrs.src, &iph->saddr, 4);
		memcpy(&flow->addrs.v4addrs.dst, &iph->daddr, 4);
		nhoff += iph->ihl * 4;
		proto = iph->protocol;
		if (iph->frag_off & htons(IP_MF | IP_OFFSET)) {
			flow->control.flags |= FLOW_DIS_IS_FRAGMENT;
			if (iph->frag_off & htons(IP_OFFSET))
				goto out;	/* no ports in later fragments */
			flow->control.flags |= FLOW_DIS_FIRST_FRAG;
		}
	} else if (skb->protocol == htons(ETH_P_IPV6)) {
		const struct ipv6hdr *ip6 = (const struct ipv6hdr *)(data + nhoff);

		if (hlen < nhoff + (int)sizeof(*ip6))
			return false;
		flow->control.addr_type = FLOW_DISSECTOR_KEY_IPV6_ADDRS;
		memcpy(&flow->addrs.v6addrs.src, &ip6->saddr, 16);
		memcpy(&flow->addrs.v6addrs.dst, &ip6->daddr, 16);
		flow->tags.flow_label = ntohl(*(const __be32 *)ip6) & 0xfffff;
		nhoff += sizeof(*ip6);
		proto = ip6->nexthdr;
		/* as 6.1: a labelled flow is identified by its label alone */
		if ((flags & FLOW_DISSECTOR_F_STOP_AT_FLOW_LABEL) &&
		    flow->tags.flow_label) {
			flow->basic.ip_proto = proto;
			goto out;
		}
	} else {
		return false;
	}
	flow->basic.ip_proto = proto;
	if ((proto == IPPROTO_TCP || proto == IPPROTO_UDP) && hlen >= nhoff + 4)
		memcpy(&flow->ports.ports, data + nhoff, 4);
out:
	flow->control.thoff = min_t(u16, nhoff, skb->len);
	return true;
}

struct _flow_keys_digest_data {
	__be16	n_proto;
	u8	ip_proto;
	u8	padding;
	__be32	ports;
	__be32	src;
	__be32	dst;
};

void make_flow_keys_digest(struct flow_keys_digest *digest,
			   const struct flow_keys *flow)
{
	struct _flow_keys_digest_data *data =
		(struct _flow_keys_digest_data *)digest;

	BUILD_BUG_ON(sizeof(*data) > sizeof(*digest));
	memset(digest, 0, sizeof(*digest));
	data->n_proto = flow->basic.n_proto;
	data->ip_proto = flow->basic.ip_proto;
	data->ports = flow->ports.ports;
	data->src = flow->addrs.v4addrs.src;
	data->dst = flow->addrs.v4addrs.dst;
}

/*
 * __flow_hash_from_keys(): order addresses and ports so both directions
 * of a flow hash alike, then siphash the keys from "basic" on under a key.
 * flow_hash_from_keys()'s key is the kernel's hashrnd, which the core draws
 * once at boot for itself: no replay can know it, and drawing it here would
 * take a value from the qdisc's own draws (cake's first host hash took the
 * 16 bytes its first R line holds for its get_random_u16()). So a fixed key.
 */
static const siphash_aligned_key_t hashrnd = {
	{ 0x0123456789abcdefULL, 0xfedcba9876543210ULL }
};

static void flow_keys_consistentify(struct flow_keys *keys)
{
	int addr_diff, i;

	/* 6.1.192 orders addresses and ports independently of each other */
	switch (keys->control.addr_type) {
	case FLOW_DISSECTOR_KEY_IPV4_ADDRS:
		if ((__force u32)keys->addrs.v4addrs.dst <
		    (__force u32)keys->addrs.v4addrs.src)
			swap(keys->addrs.v4addrs.src, keys->addrs.v4addrs.dst);
		if ((__force u16)keys->ports.dst < (__force u16)keys->ports.src)
			swap(keys->ports.src, keys->ports.dst);
		break;
	case FLOW_DISSECTOR_KEY_IPV6_ADDRS:
		addr_diff = memcmp(&keys->addrs.v6addrs.dst,
				   &keys->addrs.v6addrs.src,
				   sizeof(keys->addrs.v6addrs.dst));
		if (addr_diff < 0) {
			for (i = 0; i < 4; i++)
				swap(keys->addrs.v6addrs.src.s6_addr32[i],
				     keys->addrs.v6addrs.dst.s6_addr32[i]);
		}
		if ((__force u16)keys->ports.dst < (__force u16)keys->ports.src)
			swap(keys->ports.src, keys->ports.dst);
		break;
	}
}

/* From "basic" to the end of the struct, less the unused part of addrs. */
static size_t flow_keys_hash_length(const struct flow_keys *flow)
{
	size_t diff = FLOW_KEYS_HASH_OFFSET + sizeof(flow->addrs);

	switch (flow->control.addr_type) {
	case FLOW_DISSECTOR_KEY_IPV4_ADDRS:
		diff -= sizeof(flow->addrs.v4addrs);
		break;
	case FLOW_DISSECTOR_KEY_IPV6_ADDRS:
		diff -= sizeof(flow->addrs.v6addrs);
		break;
	case FLOW_DISSECTOR_KEY_TIPC:
		diff -= sizeof(flow->addrs.tipckey);
		break;
	}
	return sizeof(*flow) - diff;
}

static u32 __flow_hash_from_keys(struct flow_keys *keys,
				 const siphash_key_t *keyval)
{
	u32 hash;

	flow_keys_consistentify(keys);
	hash = siphash((const u8 *)keys + FLOW_KEYS_HASH_OFFSET,
		       flow_keys_hash_length(keys), keyval);
	return hash ? hash : 1;
}

u32 flow_hash_from_keys(struct flow_keys *keys)
{
	return __flow_hash_from_keys(keys, &hashrnd);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
u32 flow_hash_from_keys_seed(struct flow_keys *keys, const siphash_key_t *keyval)
{
	return __flow_hash_from_keys(keys, keyval);
}
#endif

/*
 * The kernel's: dissect (stopping at an IPv6 flow label), then siphash the
 * keys under the caller's key. sfq, sfb and hhf draw that key at init; the
 * recorder keeps the draw (a trace's "random" line), so their buckets are
 * the kernel's bucket for bucket.
 */
u32 skb_get_hash_perturb(const struct sk_buff *skb, const siphash_key_t *perturb)
{
	struct flow_keys keys;

	skb_flow_dissect_flow_keys(skb, &keys, FLOW_DISSECTOR_F_STOP_AT_FLOW_LABEL);
	return __flow_hash_from_keys(&keys, perturb);
}

/* Which keys a dissector fills and where; CONTROL and BASIC are a must. */
void skb_flow_dissector_init(struct flow_dissector *flow_dissector,
			     const struct flow_dissector_key *key,
			     unsigned int key_count)
{
	unsigned int i;

	memset(flow_dissector, 0, sizeof(*flow_dissector));
	for (i = 0; i < key_count; i++, key++) {
		/* the offset must fit an unsigned short */
		BUG_ON(key->offset > USHRT_MAX);
		BUG_ON(dissector_uses_key(flow_dissector, key->key_id));
		flow_dissector->used_keys |= 1ULL << key->key_id;
		flow_dissector->offset[key->key_id] = key->offset;
	}
	BUG_ON(!dissector_uses_key(flow_dissector, FLOW_DISSECTOR_KEY_CONTROL));
	BUG_ON(!dissector_uses_key(flow_dissector, FLOW_DISSECTOR_KEY_BASIC));
}

/* net/ipv6.h's ipv6_addr_hash(): the address's four words xored */
static u32 flow_ipv6_addr_hash(const struct in6_addr *a)
{
	u32 w[4];

	memcpy(w, a, sizeof(w));
	return w[0] ^ w[1] ^ w[2] ^ w[3];
}

static __be32 flow_addr_u32(const struct flow_keys *flow, bool src)
{
	switch (flow->control.addr_type) {
	case FLOW_DISSECTOR_KEY_IPV4_ADDRS:
		return src ? flow->addrs.v4addrs.src : flow->addrs.v4addrs.dst;
	case FLOW_DISSECTOR_KEY_IPV6_ADDRS:
		return (__force __be32)flow_ipv6_addr_hash(src ?
			&flow->addrs.v6addrs.src : &flow->addrs.v6addrs.dst);
	case FLOW_DISSECTOR_KEY_TIPC:
		return flow->addrs.tipckey.key;
	default:
		return 0;
	}
}

__be32 flow_get_u32_src(const struct flow_keys *flow)
{
	return flow_addr_u32(flow, true);
}

__be32 flow_get_u32_dst(const struct flow_keys *flow)
{
	/* TIPC has one key, no destination */
	if (flow->control.addr_type == FLOW_DISSECTOR_KEY_TIPC)
		return 0;
	return flow_addr_u32(flow, false);
}

/* the ICMP and ICMPv6 types whose header carries an echo id */
static bool icmp_type_has_id(u8 type)
{
	switch (type) {
	case ICMP_ECHO:
	case ICMP_ECHOREPLY:
	case ICMP_TIMESTAMP:
	case ICMP_TIMESTAMPREPLY:
	case ICMPV6_ECHO_REQUEST:
	case ICMPV6_ECHO_REPLY:
		return true;
	}
	return false;
}

void skb_flow_get_icmp_tci(const struct sk_buff *skb,
			   struct flow_dissector_key_icmp *key_icmp,
			   const void *data, int thoff, int hlen)
{
	struct icmphdr *ih, _ih;

	ih = __skb_header_pointer(skb, thoff, sizeof(_ih), data, hlen, &_ih);
	if (!ih)
		return;
	key_icmp->type = ih->type;
	key_icmp->code = ih->code;
	/* 0 says "no id": a zero id is told apart as 1 */
	if (icmp_type_has_id(ih->type))
		key_icmp->id = ih->un.echo.id ? ntohs(ih->un.echo.id) : 1;
	else
		key_icmp->id = 0;
}
