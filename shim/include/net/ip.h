/* SPDX-License-Identifier: GPL-2.0 */
/*
 * net/ip.h - IPv4 on the packet's real header: flags and limits, IPv4's
 * control block (IPCB()), TTL and checksum updates, fragment tests, the
 * dissector's address copy, multicast MAC mappings, the defragmentation
 * users. Routing, output, fragmentation and reassembly have no model in
 * the shim: they are declared with the series' signatures and stop the
 * call (qdk/unmodelled.h; lib/ip_output.c, lib/ip_fragment.c ...).
 */
#ifndef _NET_IP_H
#define _NET_IP_H
#include <linux/ip.h>
#include <linux/in.h>
#include <linux/bits.h>
#include <linux/jiffies.h>
#include <linux/limits.h>
#include <linux/string.h>
#include <linux/version.h>
#include <net/checksum.h>
#include <net/net_namespace.h>
#include <net/inet_sock.h>
#include <net/flow_dissector.h>
#include <linux/ipv6.h>
#include <linux/jhash.h>
#include <net/netns/hash.h>

#define IPV4_MAX_PMTU		65535U	/* RFC 2675, 5.1 */
#define IPV4_MIN_MTU		68	/* RFC 791 */

struct sock;
struct net;
struct net_device;
struct msghdr;

/* what IPv4 input learnt of a packet, in skb->cb */
struct inet_skb_parm {
	int			iif;
	struct ip_options	opt;
	u16			flags;

#define IPSKB_FORWARDED		BIT(0)
#define IPSKB_XFRM_TUNNEL_SIZE	BIT(1)
#define IPSKB_XFRM_TRANSFORMED	BIT(2)
#define IPSKB_FRAG_COMPLETE	BIT(3)
#define IPSKB_REROUTED		BIT(4)
#define IPSKB_DOREDIRECT	BIT(5)
#define IPSKB_FRAG_PMTU		BIT(6)
#define IPSKB_L3SLAVE		BIT(7)
#define IPSKB_NOPOLICY		BIT(8)
#define IPSKB_MULTIPATH		BIT(9)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define IPSKB_MCROUTE		BIT(10)
#endif

	u16			frag_max_size;
};

static inline bool ipv4_l3mdev_skb(u16 flags)
{
	return !!(flags & IPSKB_L3SLAVE);
}

/* -EINVAL when a partial checksum would start inside the IPv4 header */
static inline int ip_check_csum_start(const struct sk_buff *skb)
{
	if (unlikely(skb->csum_start < skb->network_header + ip_hdrlen(skb)))
		return -EINVAL;
	return 0;
}

struct ip_options_rcu;

/* a datagram's send parameters: the socket's, then its control messages' */
struct ipcm_cookie {
	struct sockcm_cookie	sockc;
	__be32			addr;
	int			oif;
	struct ip_options_rcu	*opt;
	__u8			protocol;
	__u8			ttl;
	__s16			tos;	/* -1: the socket's */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	char			priority;
#endif
	__u16			gso_size;
};

static inline void ipcm_init(struct ipcm_cookie *ipcm)
{
	*ipcm = (struct ipcm_cookie) { .tos = -1 };
}

/* from the socket: its mark, timestamping, bound device, source, protocol
 * (7.x: and its tos and priority, through sockcm_init())
 */
static inline void ipcm_init_sk(struct ipcm_cookie *ipcm, const struct inet_sock *inet)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	ipcm_init(ipcm);
	ipcm->sockc.mark = READ_ONCE(inet->sk.sk_mark);
	ipcm->sockc.tsflags = READ_ONCE(inet->sk.sk_tsflags);
#else
	*ipcm = (struct ipcm_cookie) { .tos = READ_ONCE(inet->tos) };
	sockcm_init(&ipcm->sockc, &inet->sk);
#endif
	ipcm->oif = READ_ONCE(inet->sk.sk_bound_dev_if);
	ipcm->addr = inet->inet_saddr;
	ipcm->protocol = READ_ONCE(inet->inet_num);
}

#define IPCB(skb) ((struct inet_skb_parm *)((skb)->cb))
#define PKTINFO_SKB_CB(skb) ((struct in_pktinfo *)((skb)->cb))

/* the slave device's index of a packet received through an l3 master */
static inline int inet_sdif(const struct sk_buff *skb)
{
	if (skb && ipv4_l3mdev_skb(IPCB(skb)->flags))
		return IPCB(skb)->iif;
	return 0;
}

/* sockets that asked for router alert packets (IP_ROUTER_ALERT) */
struct ip_ra_chain {
	struct ip_ra_chain __rcu *next;
	struct sock		*sk;
	union {
		void			(*destructor)(struct sock *);
		struct sock		*saved_sk;
	};
	struct rcu_head		rcu;
};

/* IP flags */
#define IP_CE		0x8000	/* congestion */
#define IP_DF		0x4000	/* don't fragment */
#define IP_MF		0x2000	/* more fragments */
#define IP_OFFSET	0x1FFF	/* fragment offset (8-byte units) */

#define IP_FRAG_TIME	(30 * HZ)	/* a reassembly's lifetime */

/* walking a GSO fraglist's packets as fragments (ip_do_fragment()) */
struct ip_fraglist_iter {
	struct sk_buff	*frag;
	struct iphdr	*iph;
	int		offset;
	unsigned int	hlen;
};

static inline struct sk_buff *ip_fraglist_next(struct ip_fraglist_iter *iter)
{
	struct sk_buff *skb = iter->frag;

	iter->frag = skb->next;
	skb_mark_not_on_list(skb);
	return skb;
}

/* slicing a packet into fragments (ip_frag_init()/ip_frag_next()) */
struct ip_frag_state {
	bool		DF;
	unsigned int	hlen;
	unsigned int	ll_rs;
	unsigned int	mtu;
	unsigned int	left;
	int		offset;
	int		ptr;
	__be16		not_last_frag;
};

/* the header checksum of an IPv4 header whose other fields are final
 * (an exported function in the kernel, net/ipv4/ip_output.c)
 */
static inline void ip_send_check(struct iphdr *iph)
{
	iph->check = 0;
	iph->check = ip_fast_csum((unsigned char *)iph, iph->ihl);
}

#define IP_REPLY_ARG_NOSRCCHECK 1

static inline bool ip_is_fragment(const struct iphdr *iph)
{
	return (iph->frag_off & htons(IP_MF | IP_OFFSET)) != 0;
}

/*
 * One hop: the TTL down by one and the header checksum patched for it
 * (the TTL is the high byte of its 16-bit word, so the checksum's
 * one's complement goes up by 0x0100, with end-around carry). Returns the
 * new TTL.
 */
static inline int ip_decrease_ttl(struct iphdr *iph)
{
	u32 check = (__force u32)iph->check;

	check += (__force u32)htons(0x0100);
	iph->check = (__force __sum16)(check + (check >= 0xFFFF));
	return --iph->ttl;
}

/* a socket's IP_MTU_DISCOVER mode, as path MTU handling reads it */
static inline bool ip_sk_accept_pmtu(const struct sock *sk)
{
	u8 pmtudisc = READ_ONCE(inet_sk(sk)->pmtudisc);

	return pmtudisc != IP_PMTUDISC_INTERFACE && pmtudisc != IP_PMTUDISC_OMIT;
}

static inline bool ip_sk_use_pmtu(const struct sock *sk)
{
	return READ_ONCE(inet_sk(sk)->pmtudisc) < IP_PMTUDISC_PROBE;
}

static inline bool ip_sk_ignore_df(const struct sock *sk)
{
	u8 pmtudisc = READ_ONCE(inet_sk(sk)->pmtudisc);

	return pmtudisc < IP_PMTUDISC_DO || pmtudisc == IP_PMTUDISC_OMIT;
}

/* the pseudo-header sum of the packet's IPv4 header, for proto */
static inline __wsum inet_compute_pseudo(struct sk_buff *skb, int proto)
{
	return csum_tcpudp_nofold(ip_hdr(skb)->saddr, ip_hdr(skb)->daddr,
				  skb->len, proto, 0);
}

/* the dissector's IPv4 address key from a header (source then destination) */
static inline void iph_to_flow_copy_v4addrs(struct flow_keys *flow,
					    const struct iphdr *iph)
{
	BUILD_BUG_ON(offsetof(typeof(flow->addrs), v4addrs.dst) !=
		     offsetof(typeof(flow->addrs), v4addrs.src) +
		     sizeof(flow->addrs.v4addrs.src));
	flow->addrs.v4addrs.src = iph->saddr;
	flow->addrs.v4addrs.dst = iph->daddr;
	flow->control.addr_type = FLOW_DISSECTOR_KEY_IPV4_ADDRS;
}

/* an IPv4 group's Ethernet address: 01:00:5e and the group's low 23 bits */
static inline void ip_eth_mc_map(__be32 naddr, char *buf)
{
	u32 addr = ntohl(naddr);

	buf[0] = 0x01;
	buf[1] = 0x00;
	buf[2] = 0x5e;
	buf[3] = (addr >> 16) & 0x7f;
	buf[4] = (addr >> 8) & 0xff;
	buf[5] = addr & 0xff;
}

/*
 * An IPv4 group's IP-over-InfiniBand hardware address (RFC 4391): the
 * multicast QPN, the broadcast address's scope and P_Key, IPv4 signature
 * 0x401b and the group's low 28 bits.
 */
static inline void ip_ib_mc_map(__be32 naddr, const unsigned char *broadcast,
				char *buf)
{
	u32 addr = ntohl(naddr);

	memset(buf, 0, 20);
	buf[1] = 0xff;
	buf[2] = 0xff;
	buf[3] = 0xff;
	buf[4] = 0xff;
	buf[5] = 0x10 | (broadcast[5] & 0xf);
	buf[6] = 0x40;
	buf[7] = 0x1b;
	buf[8] = broadcast[8];
	buf[9] = broadcast[9];
	buf[16] = (addr >> 24) & 0x0f;
	buf[17] = (addr >> 16) & 0xff;
	buf[18] = (addr >> 8) & 0xff;
	buf[19] = addr & 0xff;
}

/* a GRE tunnel's: its fixed remote when it has one, else the group */
static inline void ip_ipgre_mc_map(__be32 naddr, const unsigned char *broadcast,
				   char *buf)
{
	if (broadcast[0] | broadcast[1] | broadcast[2] | broadcast[3])
		memcpy(buf, broadcast, 4);
	else
		memcpy(buf, &naddr, sizeof(naddr));
}

/* forget a socket's bound source address (both families) */
static inline void inet_reset_saddr(struct sock *sk)
{
	inet_sk(sk)->inet_saddr = 0;
	WRITE_ONCE(inet_sk(sk)->inet_rcv_saddr, 0);
	if (sk->sk_family == PF_INET6) {
		struct ipv6_pinfo *np = inet6_sk(sk);

		memset(&np->saddr, 0, sizeof(np->saddr));
		memset(&sk->sk_v6_rcv_saddr, 0, sizeof(sk->sk_v6_rcv_saddr));
	}
}

static inline unsigned int ipv4_addr_hash(__be32 ip)
{
	return (__force unsigned int)ip;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline u32 __ipv4_addr_hash(const __be32 ip, const u32 initval)
{
	return jhash_1word((__force u32)ip, initval);
}
#endif

/* who asks for a reassembly (ip_defrag()'s user): ranges of zone ids */
enum ip_defrag_users {
	IP_DEFRAG_LOCAL_DELIVER,
	IP_DEFRAG_CALL_RA_CHAIN,
	IP_DEFRAG_CONNTRACK_IN,
	__IP_DEFRAG_CONNTRACK_IN_END	= IP_DEFRAG_CONNTRACK_IN + USHRT_MAX,
	IP_DEFRAG_CONNTRACK_OUT,
	__IP_DEFRAG_CONNTRACK_OUT_END	= IP_DEFRAG_CONNTRACK_OUT + USHRT_MAX,
	IP_DEFRAG_CONNTRACK_BRIDGE_IN,
	__IP_DEFRAG_CONNTRACK_BRIDGE_IN = IP_DEFRAG_CONNTRACK_BRIDGE_IN + USHRT_MAX,
	IP_DEFRAG_VS_IN,
	IP_DEFRAG_VS_OUT,
	IP_DEFRAG_VS_FWD,
	IP_DEFRAG_AF_PACKET,
	IP_DEFRAG_MACVLAN,
};

/* lower_bond <= user <= upper_bond */
static inline bool ip_defrag_user_in_between(u32 user,
					     enum ip_defrag_users lower_bond,
					     enum ip_defrag_users upper_bond)
{
	return user >= lower_bond && user <= upper_bond;
}

/* "default" and "all" name the sysctl templates, not devices */
static inline bool sysctl_dev_name_is_allowed(const char *name)
{
	return strcmp(name, "default") != 0 && strcmp(name, "all") != 0;
}

static inline bool inetdev_valid_mtu(unsigned int mtu)
{
	return likely(mtu >= IPV4_MIN_MTU);
}

/*
 * Routing, output, fragmentation and reassembly: the shim has no routes,
 * no IPv4 output path and no fragment queues. Declared with the series'
 * signatures; a call stops the program (qdk/unmodelled.h).
 */
int ip_local_deliver(struct sk_buff *skb);
int ip_output(struct net *net, struct sock *sk, struct sk_buff *skb);
int ip_do_fragment(struct net *net, struct sock *sk, struct sk_buff *skb,
		   int (*output)(struct net *, struct sock *, struct sk_buff *));
void ip_fraglist_init(struct sk_buff *skb, struct iphdr *iph,
		      unsigned int hlen, struct ip_fraglist_iter *iter);
void ip_fraglist_prepare(struct sk_buff *skb, struct ip_fraglist_iter *iter);
void ip_frag_init(struct sk_buff *skb, unsigned int hlen, unsigned int ll_rs,
		  unsigned int mtu, bool DF, struct ip_frag_state *state);
struct sk_buff *ip_frag_next(struct sk_buff *skb, struct ip_frag_state *state);
int __ip_local_out(struct net *net, struct sock *sk, struct sk_buff *skb);
int ip_local_out(struct net *net, struct sock *sk, struct sk_buff *skb);
int ip_generic_getfrag(void *from, char *to, int offset, int len, int odd,
		       struct sk_buff *skb);
void __ip_select_ident(struct net *net, struct iphdr *iph, int segs);

/*
 * The IP id of a packet of segs segments: a connected socket's counter, 0
 * for an unfragmentable packet of no such socket, else the namespace's
 * hashed generator (__ip_select_ident(), not modelled).
 */
static inline void ip_select_ident_segs(struct net *net, struct sk_buff *skb,
					struct sock *sk, int segs)
{
	struct iphdr *iph = ip_hdr(skb);

	if (sk && inet_sk(sk)->inet_daddr) {
		int val;

		/* TCP holds the socket lock: no atomic read-modify-write needed */
		if (sk_is_tcp(sk)) {
			sock_owned_by_me(sk);
			val = atomic_read(&inet_sk(sk)->inet_id);
			atomic_set(&inet_sk(sk)->inet_id, val + segs);
		} else {
			val = atomic_add_return(segs, &inet_sk(sk)->inet_id);
		}
		iph->id = htons(val);
		return;
	}
	if ((iph->frag_off & htons(IP_DF)) && !skb->ignore_df)
		iph->id = 0;
	else
		__ip_select_ident(net, iph, segs);
}

static inline void ip_select_ident(struct net *net, struct sk_buff *skb, struct sock *sk)
{
	ip_select_ident_segs(net, skb, sk, 1);
}

/* the bucket of a bound (address, port) in the namespace's tables */
static inline u32 ipv4_portaddr_hash(const struct net *net, __be32 saddr, unsigned int port)
{
	return jhash_1word((__force u32)saddr, net_hash_mix(net)) ^ port;
}

/* a port below net.ipv4.ip_unprivileged_port_start needs CAP_NET_BIND_SERVICE */
static inline bool inet_port_requires_bind_service(struct net *net, unsigned short port)
{
	return port < READ_ONCE(net->ipv4.sysctl_ip_prot_sock);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* link scope for SO_DONTROUTE, MSG_DONTROUTE or a strict source route */
static inline u8 ip_sendmsg_scope(const struct inet_sock *inet, const struct ipcm_cookie *ipc,
				  const struct msghdr *msg)
{
	if (sock_flag(&inet->sk, SOCK_LOCALROUTE) || msg->msg_flags & MSG_DONTROUTE ||
	    (ipc->opt && ipc->opt->opt.is_strictroute))
		return RT_SCOPE_LINK;
	return RT_SCOPE_UNIVERSE;
}
#endif
int ip_defrag(struct net *net, struct sk_buff *skb, u32 user);
struct sk_buff *ip_check_defrag(struct net *net, struct sk_buff *skb, u32 user);

/*
 * SNMP counters (a per-CPU struct of unsigned longs, as a namespace's MIB
 * is): one CPU's field at word offset offt, and the sum over the CPUs.
 * On 64-bit machines the 64-bit variants read the same words.
 */
static inline u64 snmp_get_cpu_field(void __percpu *mib, int cpu, int offt)
{
	return *(((unsigned long *)per_cpu_ptr(mib, cpu)) + offt);
}

unsigned long snmp_fold_field(void __percpu *mib, int offt);

static inline u64 snmp_get_cpu_field64(void __percpu *mib, int cpu, int offct,
				       size_t syncp_offset)
{
	return snmp_get_cpu_field(mib, cpu, offct);
}

static inline u64 snmp_fold_field64(void __percpu *mib, int offt, size_t syncp_off)
{
	return snmp_fold_field(mib, offt);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* buff[i] += the sum of counter stats_list[i].entry, for the first cnt */
#define snmp_get_cpu_field64_batch_cnt(buff64, stats_list, cnt,		\
				       mib_statistic, offset)		\
{									\
	int i, c;							\
	for_each_possible_cpu(c) {					\
		for (i = 0; i < cnt; i++)				\
			buff64[i] += snmp_get_cpu_field64(mib_statistic, c, \
					stats_list[i].entry, offset);	\
	}								\
}

#define snmp_get_cpu_field_batch_cnt(buff, stats_list, cnt, mib_statistic) \
{									\
	int i, c;							\
	for_each_possible_cpu(c) {					\
		for (i = 0; i < cnt; i++)				\
			buff[i] += snmp_get_cpu_field(mib_statistic, c,	\
					stats_list[i].entry);		\
	}								\
}
#else
/* buff[i] += the sum of counter stats_list[i].entry, up to a NULL name */
#define snmp_get_cpu_field64_batch(buff64, stats_list, mib_statistic, offset) \
{									\
	int i, c;							\
	for_each_possible_cpu(c) {					\
		for (i = 0; stats_list[i].name; i++)			\
			buff64[i] += snmp_get_cpu_field64(mib_statistic, c, \
					stats_list[i].entry, offset);	\
	}								\
}

#define snmp_get_cpu_field_batch(buff, stats_list, mib_statistic)	\
{									\
	int i, c;							\
	for_each_possible_cpu(c) {					\
		for (i = 0; stats_list[i].name; i++)			\
			buff[i] += snmp_get_cpu_field(mib_statistic, c,	\
					stats_list[i].entry);		\
	}								\
}
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/jump_label.h>
#include <net/ipv6.h>
#include <linux/types.h>
#include <linux/skbuff.h>
#include <linux/jhash.h>
#include <linux/if_arp.h>
#endif
