/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct inet_sock: an IPv4/IPv6 socket, struct sock first (inet_sk()),
 * with the address and port fields through the kernel's inet_* macros.
 */
#ifndef _INET_SOCK_H
#define _INET_SOCK_H

#include <linux/skbuff.h>
#include <linux/ip.h>
#include <linux/types.h>
#include <linux/version.h>
#include <net/sock.h>
#include <net/request_sock.h>
#include <linux/jhash.h>
#include <linux/in.h>
#include <linux/rtnetlink.h>
#include <net/l3mdev.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define IP_OPTIONS_DATA_FIXED_SIZE 40	/* the most option bytes a header holds */
#endif

/* IP options compiled from a header (ip_options_compile()), in IPCB() */
struct ip_options {
	__be32		faddr;
	__be32		nexthop;
	unsigned char	optlen;
	unsigned char	srr;
	unsigned char	rr;
	unsigned char	ts;
	unsigned char	is_strictroute:1,
			srr_is_hit:1,
			is_changed:1,
			rr_needaddr:1,
			ts_needtime:1,
			ts_needaddr:1;
	unsigned char	router_alert;
	unsigned char	cipso;
	unsigned char	__pad2;
	unsigned char	__data[];
};

/* a socket's options (inet_opt), freed after a grace period */
struct ip_options_rcu {
	struct rcu_head		rcu;
	struct ip_options	opt;
};

struct ipv6_pinfo;

struct inet_sock {
	struct sock		sk;
	struct ipv6_pinfo	*pinet6;	/* IPv6 state, inet6_sk() */
#define inet_daddr		sk.__sk_common.skc_daddr
#define inet_rcv_saddr		sk.__sk_common.skc_rcv_saddr
#define inet_dport		sk.__sk_common.skc_dport
#define inet_num		sk.__sk_common.skc_num
	unsigned long		inet_flags;
	__be32			inet_saddr;
	__s16			uc_ttl;
	__be16			inet_sport;
	atomic_t		inet_id;	/* the IP ids of its DF packets */
	__u8			tos;
	__u8			min_ttl;
	__u8			mc_ttl;
	__u8			pmtudisc;
	__u8			rcv_tos;
	__u8			convert_csum;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	/* 6.1's flag bits (later series keep them in inet_flags) */
	__u8			recverr:1,
				is_icsk:1,
				freebind:1,
				hdrincl:1,
				mc_loop:1,
				transparent:1,
				mc_all:1,
				nodefrag:1;
#endif
	int			uc_index;
	int			mc_index;
	__be32			mc_addr;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define inet_sk(ptr) container_of_const(ptr, struct inet_sock, sk)
#else
static inline struct inet_sock *inet_sk(const struct sock *sk)
{
	return (struct inet_sock *)sk;
}
#endif


/* a connection request of an inet protocol */
struct inet_request_sock {
	struct request_sock	req;
#define ir_loc_addr		req.__req_common.skc_rcv_saddr
#define ir_rmt_addr		req.__req_common.skc_daddr
#define ir_num			req.__req_common.skc_num
#define ir_rmt_port		req.__req_common.skc_dport
#define ir_v6_rmt_addr		req.__req_common.skc_v6_daddr
#define ir_v6_loc_addr		req.__req_common.skc_v6_rcv_saddr
#define ir_iif			req.__req_common.skc_bound_dev_if
#define ir_cookie		req.__req_common.skc_cookie
#define ireq_net		req.__req_common.skc_net
#define ireq_state		req.__req_common.skc_state
#define ireq_family		req.__req_common.skc_family
	u16			snd_wscale : 4,
				rcv_wscale : 4,
				tstamp_ok : 1,
				sack_ok : 1,
				wscale_ok : 1,
				ecn_ok : 1,
				acked : 1,
				no_srccheck : 1,
				smc_ok : 1;
	u32			ir_mark;
};

static inline struct inet_request_sock *inet_rsk(const struct request_sock *sk)
{
	return (struct inet_request_sock *)sk;
}

#define IPCORK_OPT	1	/* IP options held in the cork */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define IPCORK_TS_OPT_ID 2
#else
#define IPCORK_ALLFRAG	2
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* inet_flags' bits (inet_test_bit() ...) */
enum {
	INET_FLAGS_PKTINFO = 0,
	INET_FLAGS_TTL = 1,
	INET_FLAGS_TOS = 2,
	INET_FLAGS_RECVOPTS = 3,
	INET_FLAGS_RETOPTS = 4,
	INET_FLAGS_PASSSEC = 5,
	INET_FLAGS_ORIGDSTADDR = 6,
	INET_FLAGS_CHECKSUM = 7,
	INET_FLAGS_RECVFRAGSIZE = 8,
	INET_FLAGS_RECVERR = 9,
	INET_FLAGS_RECVERR_RFC4884 = 10,
	INET_FLAGS_FREEBIND = 11,
	INET_FLAGS_HDRINCL = 12,
	INET_FLAGS_MC_LOOP = 13,
	INET_FLAGS_MC_ALL = 14,
	INET_FLAGS_TRANSPARENT = 15,
	INET_FLAGS_IS_ICSK = 16,
	INET_FLAGS_NODEFRAG = 17,
	INET_FLAGS_BIND_ADDRESS_NO_PORT = 18,
	INET_FLAGS_DEFER_CONNECT = 19,
	INET_FLAGS_MC6_LOOP = 20,
	INET_FLAGS_RECVERR6_RFC4884 = 21,
	INET_FLAGS_MC6_ALL = 22,
	INET_FLAGS_AUTOFLOWLABEL_SET = 23,
	INET_FLAGS_AUTOFLOWLABEL = 24,
	INET_FLAGS_DONTFRAG = 25,
	INET_FLAGS_RECVERR6 = 26,
	INET_FLAGS_REPFLOW = 27,
	INET_FLAGS_RTALERT_ISOLATE = 28,
	INET_FLAGS_SNDFLOW = 29,
	INET_FLAGS_RTALERT = 30,
};

#define inet_test_bit(nr, sk)	test_bit(INET_FLAGS_##nr, &inet_sk(sk)->inet_flags)
#define inet_set_bit(nr, sk)	set_bit(INET_FLAGS_##nr, &inet_sk(sk)->inet_flags)
#define inet_clear_bit(nr, sk)	clear_bit(INET_FLAGS_##nr, &inet_sk(sk)->inet_flags)
#define inet_assign_bit(nr, sk, val)					\
	assign_bit(INET_FLAGS_##nr, &inet_sk(sk)->inet_flags, val)
#endif

/* the ancillary data an IPv4 socket asked for (IP_PKTINFO ...) */
#define IP_CMSG_PKTINFO		BIT(0)
#define IP_CMSG_TTL		BIT(1)
#define IP_CMSG_TOS		BIT(2)
#define IP_CMSG_RECVOPTS	BIT(3)
#define IP_CMSG_RETOPTS		BIT(4)
#define IP_CMSG_PASSSEC		BIT(5)
#define IP_CMSG_ORIGDSTADDR	BIT(6)
#define IP_CMSG_CHECKSUM	BIT(7)
#define IP_CMSG_RECVFRAGSIZE	BIT(8)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define IP_CMSG_ALL	(IP_CMSG_PKTINFO | IP_CMSG_TTL | IP_CMSG_TOS |		\
			 IP_CMSG_RECVOPTS | IP_CMSG_RETOPTS | IP_CMSG_PASSSEC |	\
			 IP_CMSG_ORIGDSTADDR | IP_CMSG_CHECKSUM |		\
			 IP_CMSG_RECVFRAGSIZE)
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the IP_CMSG_* bits of inet_flags: which control messages recvmsg() adds */
static inline unsigned long inet_cmsg_flags(const struct inet_sock *inet)
{
	return READ_ONCE(inet->inet_flags) & IP_CMSG_ALL;
}
#endif

/*
 * The device a request's reply goes out of: the listener's bound device or,
 * with tcp_l3mdev_accept, the VRF the SYN came in through.
 */
static inline int inet_request_bound_dev_if(const struct sock *sk, struct sk_buff *skb)
{
	int bound_dev_if = READ_ONCE(sk->sk_bound_dev_if);
	struct net *net = sock_net(sk);

	if (!bound_dev_if && READ_ONCE(net->ipv4.sysctl_tcp_l3mdev_accept))
		return l3mdev_master_ifindex_by_index(net, skb->skb_iif);
	return bound_dev_if;
}

/* the VRF of the socket's bound device, unless any VRF may accept (0 then) */
static inline int inet_sk_bound_l3mdev(const struct sock *sk)
{
	struct net *net = sock_net(sk);

	if (!READ_ONCE(net->ipv4.sysctl_tcp_l3mdev_accept))
		return l3mdev_master_ifindex_by_index(net, sk->sk_bound_dev_if);
	return 0;
}

/* a request's mark: the listener's, or with tcp_fwmark_accept the SYN's */
static inline u32 inet_request_mark(const struct sock *sk, struct sk_buff *skb)
{
	u32 mark = READ_ONCE(sk->sk_mark);

	if (!mark && READ_ONCE(sock_net(sk)->ipv4.sysctl_tcp_fwmark_accept))
		return skb->mark;
	return mark;
}

/*
 * The full socket behind sk: a request's listener; 7.x gives NULL for a
 * timewait socket, which has no struct sock beyond sock_common.
 */
static inline struct sock *sk_to_full_sk(struct sock *sk)
{
	if (sk && READ_ONCE(sk->sk_state) == TCP_NEW_SYN_RECV)
		sk = inet_reqsk(sk)->rsk_listener;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	if (sk && READ_ONCE(sk->sk_state) == TCP_TIME_WAIT)
		sk = NULL;
#endif
	return sk;
}

static inline const struct sock *sk_const_to_full_sk(const struct sock *sk)
{
	if (sk && READ_ONCE(sk->sk_state) == TCP_NEW_SYN_RECV)
		sk = ((const struct request_sock *)sk)->rsk_listener;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	if (sk && READ_ONCE(sk->sk_state) == TCP_TIME_WAIT)
		sk = NULL;
#endif
	return sk;
}

static inline struct sock *skb_to_full_sk(const struct sk_buff *skb)
{
	return sk_to_full_sk(skb->sk);
}

/* the state, read with acquire semantics for lockless readers */
static inline int inet_sk_state_load(const struct sock *sk)
{
	return smp_load_acquire(&sk->sk_state);
}

/*
 * What an IPv4/IPv6 socket corks between sendmsg() calls with MSG_MORE
 * (ip_append_data()): the shim has no IP output path, so nothing fills it.
 */
struct inet_cork {
	unsigned int		flags;
	__be32			addr;
	struct ip_options	*opt;
	unsigned int		fragsize;
	int			length;		/* of all the frames */
	struct dst_entry	*dst;
	u8			tx_flags;
	__u8			ttl;
	__s16			tos;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32			priority;
#else
	char			priority;
#endif
	__u16			gso_size;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32			ts_opt_id;
#endif
	u64			transmit_time;
	u32			mark;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x keeps it here (linux/ipv6.h before) */
struct ipv6_txoptions;
struct inet6_cork {
	struct ipv6_txoptions	*opt;
	u8			hop_limit;
	u8			tclass;
	u8			dontfrag:1;
};
#endif

/* a socket bound to bound_dev_if takes a packet that came in on dif (or sdif) */
static inline bool inet_bound_dev_eq(bool l3mdev_accept, int bound_dev_if, int dif, int sdif)
{
	if (!bound_dev_if)
		return !sdif || l3mdev_accept;
	return bound_dev_if == dif || bound_dev_if == sdif;
}

static inline bool inet_sk_bound_dev_eq(const struct net *net, int bound_dev_if,
					int dif, int sdif)
{
	/* Debian's kernels have CONFIG_NET_L3_MASTER_DEV */
	return inet_bound_dev_eq(!!READ_ONCE(net->ipv4.sysctl_tcp_l3mdev_accept),
				 bound_dev_if, dif, sdif);
}

/* af_inet.c: the state changes (the kernel traces it too) */
void inet_sk_set_state(struct sock *sk, int state);

/* the established hash of a 4-tuple */
static inline unsigned int __inet_ehashfn(const __be32 laddr, const __u16 lport,
					  const __be32 faddr, const __be16 fport,
					  u32 initval)
{
	return jhash_3words((__force __u32)laddr, (__force __u32)faddr,
			    ((__u32)lport) << 16 | (__force __u32)fport, initval);
}

/* UDP encapsulations that want their checksums converted count here */
static inline void inet_inc_convert_csum(struct sock *sk)
{
	inet_sk(sk)->convert_csum++;
}

static inline void inet_dec_convert_csum(struct sock *sk)
{
	if (inet_sk(sk)->convert_csum > 0)
		inet_sk(sk)->convert_csum--;
}

static inline bool inet_get_convert_csum(struct sock *sk)
{
	return !!inet_sk(sk)->convert_csum;
}

/* binding to an address not (yet) on this host: the sysctl, IP_FREEBIND or IP_TRANSPARENT */
static inline bool inet_can_nonlocal_bind(struct net *net, struct inet_sock *inet)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return READ_ONCE(net->ipv4.sysctl_ip_nonlocal_bind) ||
	       test_bit(INET_FLAGS_FREEBIND, &inet->inet_flags) ||
	       test_bit(INET_FLAGS_TRANSPARENT, &inet->inet_flags);
#else
	return READ_ONCE(net->ipv4.sysctl_ip_nonlocal_bind) ||
	       inet->freebind || inet->transparent;
#endif
}

static inline bool inet_addr_valid_or_nonlocal(struct net *net, struct inet_sock *inet,
					       __be32 addr, int addr_type)
{
	return inet_can_nonlocal_bind(net, inet) || addr == htonl(INADDR_ANY) ||
	       addr_type == RTN_LOCAL || addr_type == RTN_MULTICAST ||
	       addr_type == RTN_BROADCAST;
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitops.h>
#include <linux/string.h>
#include <linux/jhash.h>
#include <linux/netdevice.h>
#include <net/tcp_states.h>
#include <linux/unaligned.h>
#endif
