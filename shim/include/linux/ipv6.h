/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/ipv6.h - the uapi's struct ipv6hdr and option headers, the header
 * accessors on an skb, IPv6's control block (IP6CB()) and the IPv6 part of
 * a socket (struct ipv6_pinfo through inet6_sk()), as Debian's config has
 * them (CONFIG_IPV6, CONFIG_IPV6_MIP6, CONFIG_NET_L3_MASTER_DEV).
 */
#ifndef _QDK_SHIM_LINUX_IPV6_H
#define _QDK_SHIM_LINUX_IPV6_H

#include_next <linux/ipv6.h>

#include <linux/icmpv6.h>
#include <linux/skbuff.h>
#include <linux/version.h>

/* an option header's length (8-octet units past the first) and AH's */
#define ipv6_optlen(p)	(((p)->hdrlen + 1) << 3)
#define ipv6_authlen(p)	(((p)->hdrlen + 2) << 2)

struct ctl_table_header;

/* per-device IPv6 settings (net.ipv6.conf.DEV.*): the common members */
struct ipv6_devconf {
	__s32		disable_ipv6;
	__s32		hop_limit;
	__s32		mtu6;
	__s32		forwarding;
	__s32		disable_policy;
	__s32		proxy_ndp;
	__s32		accept_ra;
	__s32		accept_redirects;
	__s32		autoconf;
	__s32		dad_transmits;
	__s32		rtr_solicits;
	__s32		rtr_solicit_interval;
	__s32		rtr_solicit_max_interval;
	__s32		rtr_solicit_delay;
	__s32		force_mld_version;
	__s32		use_tempaddr;
	__s32		temp_valid_lft;
	__s32		temp_prefered_lft;
	__s32		max_addresses;
	__s32		accept_ra_defrtr;
	__s32		accept_ra_pinfo;
	__s32		ignore_routes_with_linkdown;
	__s32		accept_source_route;
	__s32		accept_ra_from_local;
	__s32		drop_unicast_in_l2_multicast;
	__s32		accept_dad;
	__s32		force_tllao;
	__s32		ndisc_notify;
	__s32		suppress_frag_ndisc;
	__s32		accept_ra_mtu;
	__s32		drop_unsolicited_na;
	__s32		accept_untracked_na;
	struct ipv6_stable_secret {
		bool initialized;
		struct in6_addr secret;
	} stable_secret;
	__s32		use_oif_addrs_only;
	__s32		keep_addr_on_down;
	__s32		seg6_enabled;
	__u32		enhanced_dad;
	__u32		addr_gen_mode;
	__s32		ndisc_tclass;
	__s32		rpl_seg_enabled;
	__u32		ioam6_id;
	__u32		ioam6_id_wide;
	__u8		ioam6_enabled;
	__u8		ndisc_evict_nocarrier;
	struct ctl_table_header *sysctl_header;
};

struct ipv6_params {
	__s32 disable_ipv6;
	__s32 autoconf;
};
extern struct ipv6_params ipv6_defaults;

#include <linux/tcp.h>
#include <linux/udp.h>
#include <net/inet_sock.h>

static inline struct ipv6hdr *ipv6_hdr(const struct sk_buff *skb)
{
	return (struct ipv6hdr *)skb_network_header(skb);
}

static inline struct ipv6hdr *inner_ipv6_hdr(const struct sk_buff *skb)
{
	return (struct ipv6hdr *)skb_inner_network_header(skb);
}

/* the inner header of an IPv6-in-IPv4/6 packet, at the transport header */
static inline struct ipv6hdr *ipipv6_hdr(const struct sk_buff *skb)
{
	return (struct ipv6hdr *)skb_transport_header(skb);
}

/* bytes after the network header and extension headers, by payload_len */
static inline unsigned int ipv6_transport_len(const struct sk_buff *skb)
{
	return ntohs(ipv6_hdr(skb)->payload_len) + sizeof(struct ipv6hdr) -
	       skb_network_header_len(skb);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
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

#define IPV6_MAXPLEN		65535

/* a length payload_len cannot hold is written as 0 (BIG TCP) */
static inline void ipv6_set_payload_len(struct ipv6hdr *ip6, unsigned int len)
{
	ip6->payload_len = len <= IPV6_MAXPLEN ? htons(len) : 0;
}
#endif

/* what IPv6 input learnt of a packet's extension headers, in skb->cb
 * (offsets from the network header)
 */
struct inet6_skb_parm {
	int			iif;
	__be16			ra;
	__u16			dst0;
	__u16			srcrt;
	__u16			dst1;
	__u16			lastopt;
	__u16			nhoff;
	__u16			flags;
	__u16			dsthao;
	__u16			frag_max_size;
	__u16			srhoff;

#define IP6SKB_XFRM_TRANSFORMED	1
#define IP6SKB_FORWARDED	2
#define IP6SKB_REROUTED		4
#define IP6SKB_ROUTERALERT	8
#define IP6SKB_FRAGMENTED	16
#define IP6SKB_HOPBYHOP		32
#define IP6SKB_L3SLAVE		64
#define IP6SKB_JUMBOGRAM	128
#define IP6SKB_SEG6		256
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define IP6SKB_FAKEJUMBO	512
#endif
#define IP6SKB_MULTIPATH	1024
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define IP6SKB_MCROUTE		2048
#endif
};

static inline bool ipv6_l3mdev_skb(__u16 flags)
{
	return flags & IP6SKB_L3SLAVE;
}

#define IP6CB(skb)	((struct inet6_skb_parm *)((skb)->cb))
#define IP6CBMTU(skb)	((struct ip6_mtuinfo *)((skb)->cb))

/* the input interface: the l3 master's when the packet came through one */
static inline int inet6_iif(const struct sk_buff *skb)
{
	bool l3_slave = ipv6_l3mdev_skb(IP6CB(skb)->flags);

	return l3_slave ? skb->skb_iif : IP6CB(skb)->iif;
}

static inline bool inet6_is_jumbogram(const struct sk_buff *skb)
{
	return !!(IP6CB(skb)->flags & IP6SKB_JUMBOGRAM);
}

/* the slave device's index of a packet received through an l3 master */
static inline int inet6_sdif(const struct sk_buff *skb)
{
	if (skb && ipv6_l3mdev_skb(IP6CB(skb)->flags))
		return IP6CB(skb)->iif;
	return 0;
}

struct ipv6_txoptions;
struct ipv6_mc_socklist;
struct ipv6_ac_socklist;
struct ipv6_fl_socklist;

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
struct inet6_cork {
	struct ipv6_txoptions *opt;
	u8 hop_limit;
	u8 tclass;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u8 dontfrag:1;
#endif
};
#endif

/*
 * A socket's IPv6 state (inet6_sk()): the members a module reads; the
 * series' layouts differ (6.12 packs hop limits in bytes, flags moved to
 * inet_flags), the names are these.
 */
struct ipv6_pinfo {
	struct in6_addr		saddr;
	struct in6_pktinfo	sticky_pktinfo;
	__be32			flow_label;
	__u32			dst_cookie;
	__u32			frag_size;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	s16			hop_limit;
	u8			mcast_hops;
	u8			pmtudisc;
#else
	__s16			hop_limit:9;
	__s16			mcast_hops:9;
	__u16			mc_loop:1,
				recverr:1,
				sndflow:1,
				repflow:1,
				pmtudisc:3,
				dontfrag:1,
				autoflowlabel:1,
				autoflowlabel_set:1,
				mc_all:1,
				recverr_rfc4884:1,
				rtalert_isolate:1;
#endif
	int			ucast_oif;
	int			mcast_oif;
	union {
		struct {
			__u16	srcrt:1,
				osrcrt:1,
				rxinfo:1,
				rxoinfo:1,
				rxhlim:1,
				rxohlim:1,
				hopopts:1,
				ohopopts:1,
				dstopts:1,
				odstopts:1,
				rxflow:1,
				rxtclass:1,
				rxpmtu:1,
				rxorigdstaddr:1,
				recvfragsize:1;
		} bits;
		__u16		all;
	} rxopt;
	__u8			srcprefs;
	__u8			min_hopcount;
	__u8			tclass;
	__be32			rcv_flowinfo;
	struct ipv6_mc_socklist	__rcu *ipv6_mc_list;
	struct ipv6_ac_socklist	*ipv6_ac_list;
	struct ipv6_fl_socklist __rcu *ipv6_fl_list;
	struct ipv6_txoptions __rcu *opt;
	struct sk_buff		*pktoptions;
	struct sk_buff		*rxpmtu;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	struct inet6_cork	cork;
#endif
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12 keeps the IPv6 socket flags in inet_sock's inet_flags */
#define inet6_test_bit(nr, sk)			\
	test_bit(INET_FLAGS_##nr, &inet_sk(sk)->inet_flags)
#define inet6_set_bit(nr, sk)			\
	set_bit(INET_FLAGS_##nr, &inet_sk(sk)->inet_flags)
#define inet6_clear_bit(nr, sk)			\
	clear_bit(INET_FLAGS_##nr, &inet_sk(sk)->inet_flags)
#define inet6_assign_bit(nr, sk, val)		\
	assign_bit(INET_FLAGS_##nr, &inet_sk(sk)->inet_flags, val)
#endif

/* sockets whose IPv6 part follows their protocol's (struct tcp6_sock ...) */
struct raw6_sock {
	struct inet_sock	inet;
	__u32			checksum;	/* compute the checksum */
	__u32			offset;		/* at this offset */
	struct icmp6_filter	filter;
	__u32			ip6mr_table;
	struct ipv6_pinfo	inet6;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define raw6_sk(ptr) container_of_const(ptr, struct raw6_sock, inet.sk)
#else
static inline struct raw6_sock *raw6_sk(const struct sock *sk)
{
	return (struct raw6_sock *)sk;
}
#endif

struct tcp6_sock {
	struct tcp_sock	  tcp;
	struct ipv6_pinfo inet6;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* IPv6 is built in and on unless booted with ipv6.disable=1 */
extern int disable_ipv6_mod;

static inline bool ipv6_mod_enabled(void)
{
	return disable_ipv6_mod == 0;
}
#else
bool ipv6_mod_enabled(void);
#endif

/* the IPv6 part of a full socket (NULL for a request or timewait one) */
static inline struct ipv6_pinfo *inet6_sk(const struct sock *__sk)
{
	return sk_fullsock(__sk) ? inet_sk(__sk)->pinet6 : NULL;
}

#define ipv6_only_sock(sk)	((sk)->sk_ipv6only)
#define ipv6_sk_rxinfo(sk)	((sk)->sk_family == PF_INET6 && \
				 inet6_sk(sk)->rxopt.bits.rxinfo)

static inline const struct in6_addr *inet6_rcv_saddr(const struct sock *sk)
{
	if (sk->sk_family == AF_INET6)
		return &sk->sk_v6_rcv_saddr;
	return NULL;
}

static inline int inet_v6_ipv6only(const struct sock *sk)
{
	return ipv6_only_sock(sk);
}

#endif
