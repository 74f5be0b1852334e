/* SPDX-License-Identifier: GPL-2.0 */
/*
 * net/ipv6.h - IPv6 on the packet's real headers: next-header numbers, the
 * address classes and comparisons a classifier keys on (ipv6_addr_type()
 * and kin, lib/addrconf_core.c), prefixes, hashes, the flow label and
 * traffic class words, extension-header walks (lib/exthdrs_core.c).
 * Routing, sockets' options, output and fragmentation have no model: they
 * are declared and stop the call (qdk/unmodelled.h, lib/ipv6.c).
 */
#ifndef _NET_IPV6_H
#define _NET_IPV6_H

#include <linux/ipv6.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/string.h>
#include <linux/bitops.h>
#include <linux/jhash.h>
#include <linux/jiffies.h>
#include <linux/limits.h>
#include <linux/netdevice.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <net/flow_dissector.h>
#include <net/netns/hash.h>

struct sock;
struct socket;
struct net;
struct sockaddr;
struct msghdr;
struct dst_entry;
struct flowi6;
struct ip6_flowlabel;

#define SIN6_LEN_RFC2133	24	/* sockaddr_in6 without sin6_scope_id */

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define IPV6_MAXPLEN		65535	/* from 6.12 in linux/ipv6.h */
#endif

/* next header values (RFC 8200 and the protocols it carries) */
#define NEXTHDR_HOP		0
#define NEXTHDR_IPV4		4
#define NEXTHDR_TCP		6
#define NEXTHDR_UDP		17
#define NEXTHDR_IPV6		41
#define NEXTHDR_ROUTING		43
#define NEXTHDR_FRAGMENT	44
#define NEXTHDR_GRE		47
#define NEXTHDR_ESP		50
#define NEXTHDR_AUTH		51
#define NEXTHDR_ICMP		58
#define NEXTHDR_NONE		59
#define NEXTHDR_DEST		60
#define NEXTHDR_SCTP		132
#define NEXTHDR_MOBILITY	135

#define NEXTHDR_MAX		255

#define IPV6_DEFAULT_HOPLIMIT	64
#define IPV6_DEFAULT_MCASTHOPS	1

/* the sysctl defaults for hop-by-hop and destination options */
#define IP6_DEFAULT_MAX_DST_OPTS_CNT	8
#define IP6_DEFAULT_MAX_HBH_OPTS_CNT	8
#define IP6_DEFAULT_MAX_DST_OPTS_LEN	INT_MAX
#define IP6_DEFAULT_MAX_HBH_OPTS_LEN	INT_MAX
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define IP6_MAX_EXT_HDRS_CNT		12
#endif

/* ipv6_addr_type() bits: the type in the low 16 bits, the scope above */
#define IPV6_ADDR_ANY		0x0000U
#define IPV6_ADDR_UNICAST	0x0001U
#define IPV6_ADDR_MULTICAST	0x0002U
#define IPV6_ADDR_LOOPBACK	0x0010U
#define IPV6_ADDR_LINKLOCAL	0x0020U
#define IPV6_ADDR_SITELOCAL	0x0040U
#define IPV6_ADDR_COMPATv4	0x0080U
#define IPV6_ADDR_SCOPE_MASK	0x00f0U
#define IPV6_ADDR_MAPPED	0x1000U

/* a multicast address's scope nibble */
#define IPV6_ADDR_MC_SCOPE(a)	((a)->s6_addr[1] & 0x0f)
#define __IPV6_ADDR_SCOPE_INVALID	-1
#define IPV6_ADDR_SCOPE_NODELOCAL	0x01
#define IPV6_ADDR_SCOPE_LINKLOCAL	0x02
#define IPV6_ADDR_SCOPE_SITELOCAL	0x05
#define IPV6_ADDR_SCOPE_ORGLOCAL	0x08
#define IPV6_ADDR_SCOPE_GLOBAL		0x0e

/* a multicast address's flag bits (RFC 3956, 3306, 4291) */
#define IPV6_ADDR_MC_FLAG_TRANSIENT(a)	((a)->s6_addr[1] & 0x10)
#define IPV6_ADDR_MC_FLAG_PREFIX(a)	((a)->s6_addr[1] & 0x20)
#define IPV6_ADDR_MC_FLAG_RENDEZVOUS(a)	((a)->s6_addr[1] & 0x40)

struct frag_hdr {
	__u8	nexthdr;
	__u8	reserved;
	__be16	frag_off;
	__be32	identification;
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* RFC 2675's jumbo payload option, alone in a hop-by-hop header (BIG TCP) */
struct hop_jumbo_hdr {
	u8	nexthdr;
	u8	hdrlen;
	u8	tlv_type;	/* IPV6_TLV_JUMBO */
	u8	tlv_len;	/* 4 */
	__be32	jumbo_payload_len;
};
#endif

/* frag_off of struct frag_hdr, in host order */
#define IP6_MF		0x0001
#define IP6_OFFSET	0xFFF8

/* walking a GSO fraglist's packets as fragments (ip6_fragment()) */
struct ip6_fraglist_iter {
	struct ipv6hdr	*tmp_hdr;
	struct sk_buff	*frag;
	int		offset;
	unsigned int	hlen;
	__be32		frag_id;
	u8		nexthdr;
};

static inline struct sk_buff *ip6_fraglist_next(struct ip6_fraglist_iter *iter)
{
	struct sk_buff *skb = iter->frag;

	iter->frag = skb->next;
	skb_mark_not_on_list(skb);
	return skb;
}

/* slicing a packet into fragments */
struct ip6_frag_state {
	u8		*prevhdr;
	unsigned int	hlen;
	unsigned int	mtu;
	unsigned int	left;
	int		offset;
	int		ptr;
	int		hroom;
	int		troom;
	__be32		frag_id;
	u8		nexthdr;
};

/* the reply's mark: the packet's when fwmark_reflect is set, else 0 */
#define IP6_REPLY_MARK(net, mark) \
	((net)->ipv6.sysctl.fwmark_reflect ? (mark) : 0)

/* sockets that asked for router alert packets (IPV6_ROUTER_ALERT) */
struct ip6_ra_chain {
	struct ip6_ra_chain	*next;
	struct sock		*sk;
	int			sel;
	void			(*destructor)(struct sock *);
};

/* a socket's extension headers for its packets (IPV6_HOPOPTS ...) */
struct ipv6_txoptions {
	refcount_t		refcnt;
	int			tot_len;	/* of this struct and its options */
	__u16			opt_flen;	/* after the fragment header */
	__u16			opt_nflen;	/* before it */
	struct ipv6_opt_hdr	*hopopt;
	struct ipv6_opt_hdr	*dst0opt;
	struct ipv6_rt_hdr	*srcrt;
	struct ipv6_opt_hdr	*dst1opt;
	struct rcu_head		rcu;
	/* the options follow */
};

/* the flow label and traffic class inside the first 32-bit word */
#define IPV6_FLOWINFO_MASK		cpu_to_be32(0x0FFFFFFF)
#define IPV6_FLOWLABEL_MASK		cpu_to_be32(0x000FFFFF)
#define IPV6_FLOWLABEL_STATELESS_FLAG	cpu_to_be32(0x00080000)

#define IPV6_TCLASS_MASK (IPV6_FLOWINFO_MASK & ~IPV6_FLOWLABEL_MASK)
#define IPV6_TCLASS_SHIFT	20

enum flowlabel_reflect {
	FLOWLABEL_REFLECT_ESTABLISHED		= 1,
	FLOWLABEL_REFLECT_TCP_RESET		= 2,
	FLOWLABEL_REFLECT_ICMPV6_ECHO_REPLIES	= 4,
};

/* a datagram's send parameters: -1 where the socket's value applies */
struct ipcm6_cookie {
	struct sockcm_cookie	sockc;
	__s16			hlimit;
	__s16			tclass;
	__u16			gso_size;
	__s8			dontfrag;
	struct ipv6_txoptions	*opt;
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline void ipcm6_init(struct ipcm6_cookie *ipc6)
{
	*ipc6 = (struct ipcm6_cookie) {
		.hlimit = -1,
		.tclass = -1,
		.dontfrag = -1,
	};
}

/* the socket's traffic class and don't-fragment setting */
static inline void ipcm6_init_sk(struct ipcm6_cookie *ipc6, const struct ipv6_pinfo *np)
{
	*ipc6 = (struct ipcm6_cookie) {
		.hlimit = -1,
		.tclass = np->tclass,
		.dontfrag = np->dontfrag,
	};
}
#else
/* the socket's traffic class and don't-fragment setting (7.x: and its
 * mark, timestamping and priority, through sockcm_init())
 */
static inline void ipcm6_init_sk(struct ipcm6_cookie *ipc6, const struct sock *sk)
{
	*ipc6 = (struct ipcm6_cookie) {
		.hlimit = -1,
		.tclass = inet6_sk(sk)->tclass,
		.dontfrag = inet6_test_bit(DONTFRAG, sk),
	};
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	sockcm_init(&ipc6->sockc, sk);
#endif
}
#endif

/* a socket's reference to its options, or NULL once they are going away */
static inline struct ipv6_txoptions *txopt_get(const struct ipv6_pinfo *np)
{
	struct ipv6_txoptions *opt;

	rcu_read_lock();
	opt = rcu_dereference(np->opt);
	if (opt && !refcount_inc_not_zero(&opt->refcnt))
		opt = NULL;
	rcu_read_unlock();
	return opt;
}

static inline void txopt_put(struct ipv6_txoptions *opt)
{
	if (opt && refcount_dec_and_test(&opt->refcnt))
		kfree_rcu(opt, rcu);
}

/* reassembly limits and timeout (the ip6frag sysctls' defaults) */
#define IPV6_FRAG_HIGH_THRESH	(4 * 1024 * 1024)
#define IPV6_FRAG_LOW_THRESH	(3 * 1024 * 1024)
#define IPV6_FRAG_TIMEOUT	(60 * HZ)

/* the type and scope bits of an address (lib/addrconf_core.c) */
int __ipv6_addr_type(const struct in6_addr *addr);

static inline int ipv6_addr_type(const struct in6_addr *addr)
{
	return __ipv6_addr_type(addr) & 0xffff;
}

static inline int ipv6_addr_scope(const struct in6_addr *addr)
{
	return __ipv6_addr_type(addr) & IPV6_ADDR_SCOPE_MASK;
}

/* the scope kept in bits 16 and up of __ipv6_addr_type() */
static inline int __ipv6_addr_src_scope(int type)
{
	if (type == IPV6_ADDR_ANY)
		return __IPV6_ADDR_SCOPE_INVALID;
	return type >> 16;
}

static inline int ipv6_addr_src_scope(const struct in6_addr *addr)
{
	return __ipv6_addr_src_scope(__ipv6_addr_type(addr));
}

/* link-local unicast, and interface- or link-local multicast */
static inline bool __ipv6_addr_needs_scope_id(int type)
{
	if (type & IPV6_ADDR_LINKLOCAL)
		return true;
	return (type & IPV6_ADDR_MULTICAST) &&
	       (type & (IPV6_ADDR_LOOPBACK | IPV6_ADDR_LINKLOCAL));
}

static inline __u32 ipv6_iface_scope_id(const struct in6_addr *addr, int iface)
{
	return __ipv6_addr_needs_scope_id(__ipv6_addr_type(addr)) ? iface : 0;
}

static inline int ipv6_addr_cmp(const struct in6_addr *a1, const struct in6_addr *a2)
{
	return memcmp(a1, a2, sizeof(struct in6_addr));
}

/* true when a1 and a2 differ in a bit that m has set */
static inline bool
ipv6_masked_addr_cmp(const struct in6_addr *a1, const struct in6_addr *m,
		     const struct in6_addr *a2)
{
	__be32 diff = 0;
	int i;

	for (i = 0; i < 4; i++)
		diff |= (a1->s6_addr32[i] ^ a2->s6_addr32[i]) & m->s6_addr32[i];
	return diff != 0;
}

/* the first plen bits of addr, the rest zero */
static inline void ipv6_addr_prefix(struct in6_addr *pfx,
				    const struct in6_addr *addr, int plen)
{
	int bytes = plen >> 3, bits = plen & 7;

	memset(pfx->s6_addr, 0, sizeof(pfx->s6_addr));
	memcpy(pfx->s6_addr, addr, bytes);
	if (bits)
		pfx->s6_addr[bytes] = addr->s6_addr[bytes] & (0xff00 >> bits);
}

/* the first plen bits of addr replaced by pfx's, the rest kept */
static inline void ipv6_addr_prefix_copy(struct in6_addr *addr,
					 const struct in6_addr *pfx, int plen)
{
	int bytes = plen >> 3, bits = plen & 7;
	u8 mask = 0xff00 >> bits;

	memcpy(addr->s6_addr, pfx, bytes);
	if (bits)
		addr->s6_addr[bytes] = (addr->s6_addr[bytes] & ~mask) |
				       (pfx->s6_addr[bytes] & mask);
}

static inline void __ipv6_addr_set_half(__be32 *addr, __be32 wh, __be32 wl)
{
	addr[0] = wh;
	addr[1] = wl;
}

static inline void ipv6_addr_set(struct in6_addr *addr,
				 __be32 w1, __be32 w2, __be32 w3, __be32 w4)
{
	__ipv6_addr_set_half(&addr->s6_addr32[0], w1, w2);
	__ipv6_addr_set_half(&addr->s6_addr32[2], w3, w4);
}

static inline bool ipv6_addr_equal(const struct in6_addr *a1,
				   const struct in6_addr *a2)
{
	return ((a1->s6_addr32[0] ^ a2->s6_addr32[0]) |
		(a1->s6_addr32[1] ^ a2->s6_addr32[1]) |
		(a1->s6_addr32[2] ^ a2->s6_addr32[2]) |
		(a1->s6_addr32[3] ^ a2->s6_addr32[3])) == 0;
}

/* the first len (0..64) bits of two 64-bit halves agree */
static inline bool __ipv6_prefix_equal64_half(const __be64 *a1, const __be64 *a2,
					      unsigned int len)
{
	return !len || !((*a1 ^ *a2) & cpu_to_be64(~0ULL << (64 - len)));
}

static inline bool ipv6_prefix_equal(const struct in6_addr *addr1,
				     const struct in6_addr *addr2,
				     unsigned int prefixlen)
{
	__be64 a1[2], a2[2];

	memcpy(a1, addr1, sizeof(a1));
	memcpy(a2, addr2, sizeof(a2));
	if (prefixlen < 64)
		return __ipv6_prefix_equal64_half(&a1[0], &a2[0], prefixlen);
	return a1[0] == a2[0] &&
	       __ipv6_prefix_equal64_half(&a1[1], &a2[1], prefixlen - 64);
}

static inline bool ipv6_addr_any(const struct in6_addr *a)
{
	return (a->s6_addr32[0] | a->s6_addr32[1] |
		a->s6_addr32[2] | a->s6_addr32[3]) == 0;
}

/* the two 64-bit halves xor-ed, folded to 32 bits (x86-64's variant) */
static inline u32 ipv6_addr_hash(const struct in6_addr *a)
{
	u64 h[2], x;

	memcpy(h, a, sizeof(h));
	x = h[0] ^ h[1];
	return (u32)(x ^ (x >> 32));
}

static inline u32 __ipv6_addr_jhash(const struct in6_addr *a, const u32 initval)
{
	return jhash2((__force const u32 *)a->s6_addr32,
		      ARRAY_SIZE(a->s6_addr32), initval);
}

static inline bool ipv6_addr_loopback(const struct in6_addr *a)
{
	return (a->s6_addr32[0] | a->s6_addr32[1] | a->s6_addr32[2] |
		(a->s6_addr32[3] ^ cpu_to_be32(1))) == 0;
}

/* ::ffff:a.b.c.d (the x86-64 kernel tests the third word and the first
 * two together as one 64-bit word; the result is the same)
 */
static inline bool ipv6_addr_v4mapped(const struct in6_addr *a)
{
	return (a->s6_addr32[0] | a->s6_addr32[1] |
		(a->s6_addr32[2] ^ cpu_to_be32(0x0000ffff))) == 0;
}

static inline bool ipv6_addr_v4mapped_any(const struct in6_addr *a)
{
	return ipv6_addr_v4mapped(a) && ipv4_is_zeronet(a->s6_addr32[3]);
}

static inline bool ipv6_addr_v4mapped_loopback(const struct in6_addr *a)
{
	return ipv6_addr_v4mapped(a) && ipv4_is_loopback(a->s6_addr32[3]);
}

/* ORCHID, 2001:10::/28 (RFC 4843) */
static inline bool ipv6_addr_orchid(const struct in6_addr *a)
{
	return (a->s6_addr32[0] & htonl(0xfffffff0)) == htonl(0x20010010);
}

static inline bool ipv6_addr_is_multicast(const struct in6_addr *addr)
{
	return addr->s6_addr[0] == 0xff;
}

static inline void ipv6_addr_set_v4mapped(const __be32 addr,
					  struct in6_addr *v4mapped)
{
	ipv6_addr_set(v4mapped, 0, 0, htonl(0x0000ffff), addr);
}

/* the index of the first bit (from the top) where the tokens differ, or
 * their length in bits when they are equal
 */
static inline int __ipv6_addr_diff32(const void *token1, const void *token2,
				     int addrlen)
{
	const __be32 *a1 = token1, *a2 = token2;
	int i, words = addrlen >> 2;

	for (i = 0; i < words; i++) {
		u32 x = ntohl(a1[i] ^ a2[i]);

		if (x)
			return i * 32 + 31 - __fls(x);
	}
	return words << 5;
}

static inline int __ipv6_addr_diff64(const void *token1, const void *token2,
				     int addrlen)
{
	const __be64 *a1 = token1, *a2 = token2;
	int i, words = addrlen >> 3;

	for (i = 0; i < words; i++) {
		u64 x = be64_to_cpu(a1[i] ^ a2[i]);

		if (x)
			return i * 64 + 63 - __fls(x);
	}
	return words << 6;
}

static inline int __ipv6_addr_diff(const void *token1, const void *token2,
				   int addrlen)
{
	if (__builtin_constant_p(addrlen) && !(addrlen & 7))
		return __ipv6_addr_diff64(token1, token2, addrlen);
	return __ipv6_addr_diff32(token1, token2, addrlen);
}

static inline int ipv6_addr_diff(const struct in6_addr *a1, const struct in6_addr *a2)
{
	return __ipv6_addr_diff(a1, a2, sizeof(struct in6_addr));
}

/* the dissector's IPv6 address key from a header (source then destination) */
static inline void iph_to_flow_copy_v6addrs(struct flow_keys *flow,
					    const struct ipv6hdr *iph)
{
	BUILD_BUG_ON(offsetof(typeof(flow->addrs), v6addrs.dst) !=
		     offsetof(typeof(flow->addrs), v6addrs.src) +
		     sizeof(flow->addrs.v6addrs.src));
	memcpy(&flow->addrs.v6addrs.src, &iph->saddr, sizeof(iph->saddr));
	memcpy(&flow->addrs.v6addrs.dst, &iph->daddr, sizeof(iph->daddr));
	flow->control.addr_type = FLOW_DISSECTOR_KEY_IPV6_ADDRS;
}

/* net.ipv6.auto_flowlabels values */
#define IP6_AUTO_FLOW_LABEL_OFF		0
#define IP6_AUTO_FLOW_LABEL_OPTOUT	1
#define IP6_AUTO_FLOW_LABEL_OPTIN	2
#define IP6_AUTO_FLOW_LABEL_FORCED	3
#define IP6_AUTO_FLOW_LABEL_MAX		IP6_AUTO_FLOW_LABEL_FORCED
#define IP6_DEFAULT_AUTO_FLOW_LABELS	IP6_AUTO_FLOW_LABEL_OPTOUT

/* whether a socket labels its flows unless it opts out (IPV6_AUTOFLOWLABEL) */
static inline int ip6_default_np_autolabel(const struct net *net)
{
	switch (READ_ONCE(net->ipv6.sysctl.auto_flowlabels)) {
	case IP6_AUTO_FLOW_LABEL_OPTOUT:
	case IP6_AUTO_FLOW_LABEL_FORCED:
		return 1;
	default:	/* off, opt-in */
		return 0;
	}
}

static inline int ip6_multipath_hash_policy(const struct net *net)
{
	return READ_ONCE(net->ipv6.sysctl.multipath_hash_policy);
}

static inline u32 ip6_multipath_hash_fields(const struct net *net)
{
	return READ_ONCE(net->ipv6.sysctl.multipath_hash_fields);
}

/* the bucket of a bound (address, port) in the namespace's tables */
static inline u32 ipv6_portaddr_hash(const struct net *net, const struct in6_addr *addr6,
				     unsigned int port)
{
	unsigned int hash, mix = net_hash_mix(net);

	if (ipv6_addr_any(addr6))
		hash = jhash_1word(0, mix);
	else if (ipv6_addr_v4mapped(addr6))
		hash = jhash_1word((__force u32)addr6->s6_addr32[3], mix);
	else
		hash = jhash2((__force u32 *)addr6->s6_addr32, 4, mix);
	return hash ^ port;
}

/* may the socket bind an address the host does not have */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline bool ipv6_can_nonlocal_bind(const struct net *net, const struct inet_sock *inet)
#else
static inline bool ipv6_can_nonlocal_bind(struct net *net, struct inet_sock *inet)
#endif
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return READ_ONCE(net->ipv6.sysctl.ip_nonlocal_bind) ||
	       test_bit(INET_FLAGS_FREEBIND, &inet->inet_flags) ||
	       test_bit(INET_FLAGS_TRANSPARENT, &inet->inet_flags);
#else
	return net->ipv6.sysctl.ip_nonlocal_bind || inet->freebind || inet->transparent;
#endif
}

/* IPV6_V6ONLY from the kernel: refused once the socket is bound */
static inline int ip6_sock_set_v6only(struct sock *sk)
{
	int ret = 0;

	lock_sock(sk);
	if (inet_sk(sk)->inet_num)
		ret = -EINVAL;
	else
		sk->sk_ipv6only = true;
	release_sock(sk);
	return ret;
}

/* IPV6_RECVERR from the kernel */
static inline void ip6_sock_set_recverr(struct sock *sk)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	inet6_set_bit(RECVERR6, sk);
#else
	lock_sock(sk);
	inet6_sk(sk)->recverr = true;
	release_sock(sk);
#endif
}

/* IPV6_RECVPKTINFO from the kernel */
static inline void ip6_sock_set_recvpktinfo(struct sock *sk)
{
	lock_sock(sk);
	inet6_sk(sk)->rxopt.bits.rxinfo = true;
	release_sock(sk);
}

/* version 6, the traffic class and the flow label in the first word */
static inline void ip6_flow_hdr(struct ipv6hdr *hdr, unsigned int tclass,
				__be32 flowlabel)
{
	__be32 w = htonl(0x60000000 | (tclass << 20)) | flowlabel;

	memcpy(hdr, &w, sizeof(w));
}

static inline __be32 ip6_flowinfo(const struct ipv6hdr *hdr)
{
	__be32 w;

	memcpy(&w, hdr, sizeof(w));
	return w & IPV6_FLOWINFO_MASK;
}

static inline __be32 ip6_flowlabel(const struct ipv6hdr *hdr)
{
	__be32 w;

	memcpy(&w, hdr, sizeof(w));
	return w & IPV6_FLOWLABEL_MASK;
}

static inline u8 ip6_tclass(__be32 flowinfo)
{
	return ntohl(flowinfo & IPV6_TCLASS_MASK) >> IPV6_TCLASS_SHIFT;
}

static inline __be32 ip6_make_flowinfo(unsigned int tclass, __be32 flowlabel)
{
	return htonl(tclass << IPV6_TCLASS_SHIFT) | flowlabel;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* the next header of a BIG TCP packet's lone jumbo option, else 0 */
static inline int ipv6_has_hopopt_jumbo(const struct sk_buff *skb)
{
	const struct hop_jumbo_hdr *jhdr;
	const struct ipv6hdr *nhdr;

	if (likely(skb->len <= GRO_LEGACY_MAX_SIZE))
		return 0;
	if (skb->protocol != htons(ETH_P_IPV6))
		return 0;
	if (skb_network_offset(skb) + sizeof(struct ipv6hdr) +
	    sizeof(struct hop_jumbo_hdr) > skb_headlen(skb))
		return 0;
	nhdr = ipv6_hdr(skb);
	if (nhdr->nexthdr != NEXTHDR_HOP)
		return 0;
	jhdr = (const struct hop_jumbo_hdr *)(nhdr + 1);
	if (jhdr->tlv_type != IPV6_TLV_JUMBO || jhdr->hdrlen != 0 ||
	    jhdr->nexthdr != IPPROTO_TCP)
		return 0;
	return jhdr->nexthdr;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && \
	LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* drop a BIG TCP packet's jumbo option: the headers before it move up */
static inline int ipv6_hopopt_jumbo_remove(struct sk_buff *skb)
{
	const int hophdr_len = sizeof(struct hop_jumbo_hdr);
	int nexthdr = ipv6_has_hopopt_jumbo(skb);

	if (!nexthdr)
		return 0;
	if (skb_cow_head(skb, 0))
		return -1;
	memmove(skb_mac_header(skb) + hophdr_len, skb_mac_header(skb),
		skb_network_header(skb) - skb_mac_header(skb) +
		sizeof(struct ipv6hdr));
	__skb_pull(skb, hophdr_len);
	skb->network_header += hophdr_len;
	skb->mac_header += hophdr_len;
	ipv6_hdr(skb)->nexthdr = nexthdr;
	return 0;
}
#endif

/* extension headers (lib/exthdrs_core.c) */
bool ipv6_ext_hdr(u8 nexthdr);
int ipv6_skip_exthdr(const struct sk_buff *skb, int start, u8 *nexthdrp,
		     __be16 *frag_offp);

enum {
	IP6_FH_F_FRAG		= (1 << 0),
	IP6_FH_F_AUTH		= (1 << 1),
	IP6_FH_F_SKIP_RH	= (1 << 2),
};

int ipv6_find_hdr(const struct sk_buff *skb, unsigned int *offset, int target,
		  unsigned short *fragoff, int *fragflg);
int ipv6_find_tlv(const struct sk_buff *skb, int offset, int type);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define IPV6_ADDR_WORDS 4

static inline void ipv6_addr_cpu_to_be32(__be32 *dst, const u32 *src)
{
	int i;

	for (i = 0; i < IPV6_ADDR_WORDS; i++)
		dst[i] = cpu_to_be32(src[i]);
}

static inline void ipv6_addr_be32_to_cpu(u32 *dst, const __be32 *src)
{
	int i;

	for (i = 0; i < IPV6_ADDR_WORDS; i++)
		dst[i] = be32_to_cpu(src[i]);
}

#define IPV6_PREFER_SRC_MASK (IPV6_PREFER_SRC_TMP | IPV6_PREFER_SRC_PUBLIC | \
			      IPV6_PREFER_SRC_COA)
#endif

/* Routing and output: declared with the series' signatures, stopping the
 * call (lib/output_core.c, lib/ip6_output.c); the shim has no routes.
 */
__be32 ipv6_select_ident(struct net *net, const struct in6_addr *daddr,
			 const struct in6_addr *saddr);
int ip6_dst_hoplimit(struct dst_entry *dst);
int ip6_find_1stfragopt(struct sk_buff *skb, u8 **nexthdr);
int __ip6_local_out(struct net *net, struct sock *sk, struct sk_buff *skb);
int ip6_local_out(struct net *net, struct sock *sk, struct sk_buff *skb);
int ip6_output(struct net *net, struct sock *sk, struct sk_buff *skb);
int ip6_push_pending_frames(struct sock *sk);
void ip6_flush_pending_frames(struct sock *sk);

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/refcount.h>
#include <net/sock.h>
#endif
