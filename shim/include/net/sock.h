/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct sock in the kernel's nesting (struct sock_common __sk_common, the
 * sk_* macros), with the fields qdiscs and their helpers read.
 */
#ifndef _SOCK_H
#define _SOCK_H

#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/net.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/refcount.h>
#include <linux/atomic.h>
#include <linux/version.h>
#include <net/tcp_states.h>

enum sk_pacing {
	SK_PACING_NONE		= 0,
	SK_PACING_NEEDED	= 1,
	SK_PACING_FQ		= 2,
};

typedef __u64 __bitwise __addrpair;
typedef __u32 __bitwise __portpair;

/*
 * What sockets share with request and timewait sockets, at the head of
 * each (struct sock's fields through the sk_* macros below, as the
 * kernel names them).
 */
struct sock_common {
	union {
		__addrpair	skc_addrpair;
		struct {
			__be32	skc_daddr;
			__be32	skc_rcv_saddr;
		};
	};
	union {
		unsigned int	skc_hash;
		__u16		skc_u16hashes[2];
	};
	union {
		__portpair	skc_portpair;
		struct {
			__be16	skc_dport;
			__u16	skc_num;
		};
	};
	unsigned short		skc_family;
	volatile unsigned char	skc_state;
	unsigned char		skc_reuse:4;
	unsigned char		skc_reuseport:1;
	unsigned char		skc_ipv6only:1;
	unsigned char		skc_net_refcnt:1;
	int			skc_bound_dev_if;
	struct in6_addr		skc_v6_daddr;
	struct in6_addr		skc_v6_rcv_saddr;
	atomic64_t		skc_cookie;
	unsigned long		skc_flags;
	int			skc_tx_queue_mapping;
	int			skc_incoming_cpu;
	u32			skc_rcv_wnd;
	u32			skc_tw_rcv_nxt;
	refcount_t		skc_refcnt;
};

/*
 * struct sock with the fields a qdisc reads through skb->sk. The shim's
 * trace packets carry no socket (skb->sk is NULL), so the replay's qdiscs
 * take their socket-less paths (fq classifies by flow hash, as for
 * forwarded traffic); a test may hand a qdisc a socket of its own.
 */
struct sock {
	struct sock_common	__sk_common;
#define sk_refcnt		__sk_common.skc_refcnt
#define sk_tx_queue_mapping	__sk_common.skc_tx_queue_mapping
#define sk_hash			__sk_common.skc_hash
#define sk_portpair		__sk_common.skc_portpair
#define sk_num			__sk_common.skc_num
#define sk_dport		__sk_common.skc_dport
#define sk_addrpair		__sk_common.skc_addrpair
#define sk_daddr		__sk_common.skc_daddr
#define sk_rcv_saddr		__sk_common.skc_rcv_saddr
#define sk_family		__sk_common.skc_family
#define sk_state		__sk_common.skc_state
#define sk_reuse		__sk_common.skc_reuse
#define sk_reuseport		__sk_common.skc_reuseport
#define sk_ipv6only		__sk_common.skc_ipv6only
#define sk_net_refcnt		__sk_common.skc_net_refcnt
#define sk_bound_dev_if		__sk_common.skc_bound_dev_if
#define sk_v6_daddr		__sk_common.skc_v6_daddr
#define sk_v6_rcv_saddr	__sk_common.skc_v6_rcv_saddr
#define sk_cookie		__sk_common.skc_cookie
#define sk_incoming_cpu		__sk_common.skc_incoming_cpu
#define sk_flags		__sk_common.skc_flags
	int			sk_rcvbuf;
	int			sk_sndbuf;
	int			sk_wmem_queued;
	refcount_t		sk_wmem_alloc;
	unsigned long		sk_tsq_flags;
	u32			sk_pacing_status;	/* enum sk_pacing */
	unsigned long		sk_pacing_rate;		/* bytes per second */
	unsigned long		sk_max_pacing_rate;
	u32			sk_priority;
	u32			sk_mark;
	u32			sk_txhash;
	u8			sk_pacing_shift;
	u16			sk_type;
	u16			sk_protocol;
	u16			sk_gso_type;
	unsigned int		sk_gso_max_size;
	u16			sk_tsflags;
	u8			sk_shutdown;
	long			sk_rcvtimeo;
	long			sk_sndtimeo;
	void			*sk_user_data;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline bool sk_is_tcp(const struct sock *sk)
{
	return sk->sk_type == SOCK_STREAM && sk->sk_protocol == IPPROTO_TCP;
}
#endif

static inline bool sk_fullsock(const struct sock *sk)
{
	return (1 << sk->sk_state) & ~(TCPF_TIME_WAIT | TCPF_NEW_SYN_RECV);
}

static inline bool sk_listener(const struct sock *sk)
{
	return (1 << sk->sk_state) & (TCPF_LISTEN | TCPF_NEW_SYN_RECV);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline bool sk_listener_or_tw(const struct sock *sk)
{
	return (1 << READ_ONCE(sk->sk_state)) &
	       (TCPF_LISTEN | TCPF_NEW_SYN_RECV | TCPF_TIME_WAIT);
}

/* The shim's packets are never charged to a socket's write memory. */
static inline bool is_skb_wmem(const struct sk_buff *skb)
{
	return false;
}
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/list.h>
#include <linux/timer.h>
#include <linux/cache.h>
#include <linux/bitops.h>
#include <linux/lockdep.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/rbtree.h>
#include <linux/poll.h>
#include <net/checksum.h>
#endif
