/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct sock in the kernel's nesting (struct sock_common __sk_common, the
 * sk_* macros) with the members of the series' struct sock, struct proto,
 * the socket flags and the helpers that compute on a socket's state: its
 * references, flags, owner lock, write and receive memory (sk_wmem_alloc,
 * sk_rmem_alloc, sk_wmem_queued, sk_forward_alloc), queue mappings and
 * hashes. A packet charged to a socket (skb_set_owner_w/r()) releases its
 * charge through its destructor when it is freed, as in the kernel. The
 * protocol's memory pools (sk_prot->memory_allocated ...) are counted when a
 * protocol has them; nothing enforces their limits but these helpers.
 * The socket's I/O (sendmsg, queues of a real stack) is not modelled.
 */
#ifndef _SOCK_H
#define _SOCK_H

#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/jump_label.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/refcount.h>
#include <linux/atomic.h>
#include <linux/spinlock.h>
#include <linux/rwlock.h>
#include <linux/wait.h>
#include <linux/timer.h>
#include <linux/rcupdate.h>
#include <linux/list_nulls.h>
#include <linux/rculist_nulls.h>
#include <linux/lockdep.h>
#include <linux/version.h>
#include <net/net_namespace.h>
#include <net/tcp_states.h>
#include <linux/fs.h>
#include <linux/uio.h>
#include <linux/net_tstamp.h>
#include <net/checksum.h>
#include <linux/uidgid.h>
#include <linux/poll.h>
#include <net/l3mdev.h>
#include <net/dst.h>

struct proto;
struct dst_entry;
struct sk_filter;
struct xfrm_policy;
struct sock_reuseport;
struct bpf_local_storage;
struct mem_cgroup;
struct cred;
struct pid;
struct request_sock_ops;
struct timewait_sock_ops;
struct inet_hashinfo;
struct udp_table;
struct raw_hashinfo;
struct smc_hashinfo;
struct percpu_counter;
struct sk_psock;

enum sk_pacing {
	SK_PACING_NONE		= 0,
	SK_PACING_NEEDED	= 1,
	SK_PACING_FQ		= 2,
};

/* sk_shutdown's bits */
#define SHUTDOWN_MASK	3
#define RCV_SHUTDOWN	1
#define SEND_SHUTDOWN	2

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
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	unsigned char		skc_bypass_prot_mem:1;
#endif
	int			skc_bound_dev_if;
	union {
		struct hlist_node	skc_bind_node;
		struct hlist_node	skc_portaddr_node;
	};
	struct proto		*skc_prot;
	possible_net_t		skc_net;
	struct in6_addr		skc_v6_daddr;
	struct in6_addr		skc_v6_rcv_saddr;
	atomic64_t		skc_cookie;
	union {
		unsigned long	skc_flags;	/* enum sock_flags bits */
		struct sock	*skc_listener;	/* a request sock's */
	};
	int			skc_dontcopy_begin[0];
	union {
		struct hlist_node	skc_node;
		struct hlist_nulls_node skc_nulls_node;	/* TCP's established hash */
	};
	unsigned short		skc_tx_queue_mapping;
	unsigned short		skc_rx_queue_mapping;
	union {
		int		skc_incoming_cpu;
		u32		skc_rcv_wnd;
		u32		skc_tw_rcv_nxt;
	};
	refcount_t		skc_refcnt;
	int			skc_dontcopy_end[0];
	union {
		u32		skc_rxhash;
		u32		skc_window_clamp;
		u32		skc_tw_snd_nxt;
	};
};

/*
 * The socket's owner lock: a spinlock for softirq context and "owned" for a
 * process holding the socket across sleeps (lock_sock()).
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* 6.1's SO_DEBUG messages (SOCK_DBG set on the socket), at KERN_DEBUG */
#define SOCK_DEBUGGING
#define SOCK_DEBUG(sk, msg...) do {					\
	if ((sk) && sock_flag((sk), SOCK_DBG))				\
		printk(KERN_DEBUG msg);					\
} while (0)
#endif

typedef struct {
	spinlock_t		slock;
	int			owned;
	wait_queue_head_t	wq;
} socket_lock_t;

/* a socket's page fragment (sk_page_frag()) */
struct qdk_sk_page_frag {
	struct page	*page;
	__u32		offset;
	__u32		size;
};

/*
 * struct sock with the series' members. The shim's trace packets carry no
 * socket unless a trace names one (skb->sk NULL otherwise); a test may hand
 * a qdisc a socket of its own.
 */
struct sock {
	struct sock_common	__sk_common;
#define sk_node			__sk_common.skc_node
#define sk_nulls_node		__sk_common.skc_nulls_node
#define sk_refcnt		__sk_common.skc_refcnt
#define sk_tx_queue_mapping	__sk_common.skc_tx_queue_mapping
#define sk_rx_queue_mapping	__sk_common.skc_rx_queue_mapping
#define sk_dontcopy_begin	__sk_common.skc_dontcopy_begin
#define sk_dontcopy_end		__sk_common.skc_dontcopy_end
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
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define sk_bypass_prot_mem	__sk_common.skc_bypass_prot_mem
#endif
#define sk_bound_dev_if		__sk_common.skc_bound_dev_if
#define sk_bind_node		__sk_common.skc_bind_node
#define sk_prot			__sk_common.skc_prot
#define sk_net			__sk_common.skc_net
#define sk_v6_daddr		__sk_common.skc_v6_daddr
#define sk_v6_rcv_saddr	__sk_common.skc_v6_rcv_saddr
#define sk_cookie		__sk_common.skc_cookie
#define sk_incoming_cpu		__sk_common.skc_incoming_cpu
#define sk_flags		__sk_common.skc_flags
#define sk_rxhash		__sk_common.skc_rxhash
	atomic_t		sk_drops;
	__s32			sk_peek_off;
	struct sk_buff_head	sk_error_queue;
	struct sk_buff_head	sk_receive_queue;
	/* packets queued while a process owns the socket (sk_add_backlog()) */
	struct {
		atomic_t	rmem_alloc;
		int		len;
		struct sk_buff	*head;
		struct sk_buff	*tail;
	} sk_backlog;
#define sk_rmem_alloc sk_backlog.rmem_alloc
	struct dst_entry __rcu	*sk_rx_dst;
	int			sk_rx_dst_ifindex;
	u32			sk_rx_dst_cookie;
	unsigned int		sk_ll_usec;
	unsigned int		sk_napi_id;
	u16			sk_busy_poll_budget;
	u8			sk_prefer_busy_poll;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u8			sk_userlocks;
#endif
	int			sk_rcvbuf;
	struct sk_filter __rcu	*sk_filter;
	union {
		struct socket_wq __rcu	*sk_wq;
		struct socket_wq	*sk_wq_raw;
	};
	void			(*sk_data_ready)(struct sock *sk);
	long			sk_rcvtimeo;
	int			sk_rcvlowat;
	int			sk_err;
	struct socket		*sk_socket;
	struct mem_cgroup	*sk_memcg;
	struct xfrm_policy __rcu *sk_policy[2];
	socket_lock_t		sk_lock;
	u32			sk_reserved_mem;
	int			sk_forward_alloc;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32			sk_tsflags;
#else
	u16			sk_tsflags;
#endif
	int			sk_write_pending;
	atomic_t		sk_omem_alloc;
	int			sk_sndbuf;
	int			sk_wmem_queued;
	refcount_t		sk_wmem_alloc;
	unsigned long		sk_tsq_flags;
	union {
		struct sk_buff	*sk_send_head;
		struct rb_root	tcp_rtx_queue;
	};
	struct sk_buff_head	sk_write_queue;
	u32			sk_dst_pending_confirm;
	u32			sk_pacing_status;	/* enum sk_pacing */
	struct qdk_sk_page_frag	sk_frag;
	union {
		struct timer_list	sk_timer;
		struct timer_list	tcp_retransmit_timer;
		struct timer_list	mptcp_retransmit_timer;
	};
	unsigned long		sk_pacing_rate;		/* bytes per second */
	atomic_t		sk_zckey;
	atomic_t		sk_tskey;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	unsigned long		sk_tx_queue_mapping_jiffies;
#endif
	unsigned long		sk_max_pacing_rate;
	long			sk_sndtimeo;
	u32			sk_priority;
	u32			sk_mark;
	struct dst_entry __rcu	*sk_dst_cache;
	struct sk_buff		*(*sk_validate_xmit_skb)(struct sock *sk,
							 struct net_device *dev,
							 struct sk_buff *skb);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u16			sk_gso_type;
#else
	int			sk_gso_type;
#endif
	u16			sk_gso_max_segs;
	netdev_features_t	sk_route_caps;
	unsigned int		sk_gso_max_size;
	gfp_t			sk_allocation;
	u32			sk_txhash;
	u8			sk_pacing_shift;
	bool			sk_use_task_frag;
	u8			sk_gso_disabled : 1,
				sk_kern_sock : 1,
				sk_no_check_tx : 1,
				sk_no_check_rx : 1;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	u8			sk_userlocks : 4;
#endif
	u8			sk_shutdown;
	u16			sk_type;
	u16			sk_protocol;
	unsigned long		sk_lingertime;
	struct proto		*sk_prot_creator;
	rwlock_t		sk_callback_lock;
	int			sk_err_soft;
	u32			sk_ack_backlog;
	u32			sk_max_ack_backlog;
	kuid_t			sk_uid;		/* the owner's, sock_net_uid() */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u64			sk_ino;		/* the socket inode's, sock_i_ino() */
	/* per-node drop counters sk_drops_*() use instead of sk_drops, if set */
	struct numa_drop_counters *sk_drop_counters;
#endif
	spinlock_t		sk_peer_lock;
	int			sk_bind_phc;
	struct pid		*sk_peer_pid;
	const struct cred	*sk_peer_cred;
	ktime_t			sk_stamp;
	int			sk_disconnects;
	u8			sk_txrehash;
	u8			sk_clockid;
	u8			sk_txtime_deadline_mode : 1,
				sk_txtime_report_errors : 1,
				sk_txtime_unused : 6;
	void			*sk_user_data;
	void			*sk_security;
	void			(*sk_state_change)(struct sock *sk);
	void			(*sk_write_space)(struct sock *sk);
	void			(*sk_error_report)(struct sock *sk);
	int			(*sk_backlog_rcv)(struct sock *sk, struct sk_buff *skb);
	void			(*sk_destruct)(struct sock *sk);
	struct sock_reuseport __rcu *sk_reuseport_cb;
	struct bpf_local_storage __rcu *sk_bpf_storage;
	struct rcu_head		sk_rcu;
	netns_tracker		ns_tracker;
};


/* a socket with all of struct sock (not a timewait or request sock) */
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

void sock_wfree(struct sk_buff *skb);

/* a packet charged to its socket's write memory (skb_set_owner_w()) */
static inline bool is_skb_wmem(const struct sk_buff *skb)
{
	return skb->destructor == sock_wfree;
}
#endif

static inline bool sk_is_inet(const struct sock *sk)
{
	int family = READ_ONCE(sk->sk_family);

	return family == AF_INET || family == AF_INET6;
}

static inline bool sk_is_tcp(const struct sock *sk)
{
	return sk_is_inet(sk) && sk->sk_type == SOCK_STREAM &&
	       sk->sk_protocol == IPPROTO_TCP;
}

static inline bool sk_is_udp(const struct sock *sk)
{
	return sk_is_inet(sk) && sk->sk_type == SOCK_DGRAM &&
	       sk->sk_protocol == IPPROTO_UDP;
}


/* sk_user_data's low bits (rcu_dereference_sk_user_data() masks them) */
#define SK_USER_DATA_NOCOPY	1UL
#define SK_USER_DATA_BPF	2UL
#define SK_USER_DATA_PSOCK	4UL
#define SK_USER_DATA_PTRMASK	~(SK_USER_DATA_NOCOPY | SK_USER_DATA_BPF | SK_USER_DATA_PSOCK)

static inline bool sk_user_data_is_nocopy(const struct sock *sk)
{
	return (unsigned long)sk->sk_user_data & SK_USER_DATA_NOCOPY;
}

#define __sk_user_data(sk)	((*((void __rcu **)&(sk)->sk_user_data)))

/* the pointer without its flag bits */
#define rcu_dereference_sk_user_data(sk)				\
({									\
	void *__tmp = rcu_dereference(__sk_user_data((sk)));		\
	(void *)((unsigned long)__tmp & SK_USER_DATA_PTRMASK);		\
})

#define rcu_assign_sk_user_data(sk, ptr)				\
do {									\
	unsigned long __tmp1 = (unsigned long)(ptr);				\
	WARN_ON_ONCE(__tmp1 & ~SK_USER_DATA_PTRMASK);			\
	rcu_assign_pointer(__sk_user_data((sk)), __tmp1);		\
} while (0)

/* the pointer if all of flags are set on it, else NULL */
static inline void *__rcu_dereference_sk_user_data_with_flags(const struct sock *sk,
							      unsigned long flags)
{
	unsigned long data = (unsigned long)rcu_dereference(__sk_user_data(sk));

	WARN_ON_ONCE(flags & SK_USER_DATA_PTRMASK);
	if ((data & flags) == flags)
		return (void *)(data & SK_USER_DATA_PTRMASK);
	return NULL;
}

#define rcu_dereference_sk_user_data_with_flags(sk, flags)		\
	__rcu_dereference_sk_user_data_with_flags((sk), (flags))

#define SK_NO_REUSE	0
#define SK_CAN_REUSE	1
#define SK_FORCE_REUSE	2

static inline struct net *sock_net(const struct sock *sk)
{
	return read_pnet(&sk->sk_net);
}

static inline void sock_net_set(struct sock *sk, struct net *net)
{
	write_pnet(&sk->sk_net, net);
}

/* the hash lists a socket sits on (sk_node, sk_bind_node) */
static inline struct sock *sk_entry(const struct hlist_node *node)
{
	return hlist_entry(node, struct sock, sk_node);
}

static inline struct sock *__sk_head(const struct hlist_head *head)
{
	return hlist_entry(head->first, struct sock, sk_node);
}

static inline struct sock *sk_head(const struct hlist_head *head)
{
	return hlist_empty(head) ? NULL : __sk_head(head);
}

static inline struct sock *sk_next(const struct sock *sk)
{
	return hlist_entry_safe(sk->sk_node.next, struct sock, sk_node);
}

static inline bool sk_unhashed(const struct sock *sk)
{
	return hlist_unhashed(&sk->sk_node);
}

static inline bool sk_hashed(const struct sock *sk)
{
	return !sk_unhashed(sk);
}

static inline void sk_node_init(struct hlist_node *node)
{
	node->pprev = NULL;
}

static inline void __sk_del_node(struct sock *sk)
{
	__hlist_del(&sk->sk_node);
}

static inline bool __sk_del_node_init(struct sock *sk)
{
	if (sk_hashed(sk)) {
		__sk_del_node(sk);
		sk_node_init(&sk->sk_node);
		return true;
	}
	return false;
}

/*
 * The hash table's reference: a hashed socket holds one more than its
 * users, so unhashing it never drops the last.
 */
static __always_inline void sock_hold(struct sock *sk)
{
	refcount_inc(&sk->sk_refcnt);
}

static __always_inline void __sock_put(struct sock *sk)
{
	refcount_dec(&sk->sk_refcnt);
}

/*
 * A socket on an hlist_nulls chain (sk_nulls_node, sharing sk_node's
 * place): TCP's established hash, read under RCU. As on an hlist, a hashed
 * socket holds a reference of the table's.
 */
static inline struct sock *__sk_nulls_head(const struct hlist_nulls_head *head)
{
	return hlist_nulls_entry(head->first, struct sock, sk_nulls_node);
}

static inline struct sock *sk_nulls_head(const struct hlist_nulls_head *head)
{
	return hlist_nulls_empty(head) ? NULL : __sk_nulls_head(head);
}

static inline struct sock *sk_nulls_next(const struct sock *sk)
{
	return !is_a_nulls(sk->sk_nulls_node.next) ?
		hlist_nulls_entry(sk->sk_nulls_node.next, struct sock, sk_nulls_node) : NULL;
}

static inline bool __sk_nulls_del_node_init_rcu(struct sock *sk)
{
	if (sk_hashed(sk)) {
		hlist_nulls_del_init_rcu(&sk->sk_nulls_node);
		return true;
	}
	return false;
}

/* unhashed: the table's reference dropped (never the last one) */
static inline bool sk_nulls_del_node_init_rcu(struct sock *sk)
{
	bool rc = __sk_nulls_del_node_init_rcu(sk);

	if (rc) {
		WARN_ON(refcount_read(&sk->sk_refcnt) == 1);
		__sock_put(sk);
	}
	return rc;
}

/* new takes a hashed old's place (new's reference taken by the caller) */
static inline bool sk_nulls_replace_node_init_rcu(struct sock *old, struct sock *new)
{
	if (sk_hashed(old)) {
		hlist_nulls_replace_init_rcu(&old->sk_nulls_node, &new->sk_nulls_node);
		__sock_put(old);
		return true;
	}
	return false;
}

static inline void __sk_nulls_add_node_rcu(struct sock *sk, struct hlist_nulls_head *list)
{
	hlist_nulls_add_head_rcu(&sk->sk_nulls_node, list);
}

static inline void __sk_nulls_add_node_tail_rcu(struct sock *sk, struct hlist_nulls_head *list)
{
	hlist_nulls_add_tail_rcu(&sk->sk_nulls_node, list);
}

static inline void sk_nulls_add_node_rcu(struct sock *sk, struct hlist_nulls_head *list)
{
	sock_hold(sk);
	__sk_nulls_add_node_rcu(sk, list);
}

#define sk_nulls_for_each(__sk, node, list) 	hlist_nulls_for_each_entry(__sk, node, list, sk_nulls_node)
#define sk_nulls_for_each_rcu(__sk, node, list) 	hlist_nulls_for_each_entry_rcu(__sk, node, list, sk_nulls_node)
/* from __sk on, when __sk is a socket */
#define sk_nulls_for_each_from(__sk, node) 	if (__sk && ({ node = &(__sk)->sk_nulls_node; 1; })) 		hlist_nulls_for_each_entry_from(__sk, node, sk_nulls_node)

static inline bool sk_del_node_init(struct sock *sk)
{
	bool rc = __sk_del_node_init(sk);

	if (rc) {
		WARN_ON(refcount_read(&sk->sk_refcnt) == 1);
		__sock_put(sk);
	}
	return rc;
}
#define sk_del_node_init_rcu(sk)	sk_del_node_init(sk)

static inline void __sk_add_node(struct sock *sk, struct hlist_head *list)
{
	hlist_add_head(&sk->sk_node, list);
}

static inline void sk_add_node(struct sock *sk, struct hlist_head *list)
{
	sock_hold(sk);
	__sk_add_node(sk, list);
}

static inline void sk_add_node_rcu(struct sock *sk, struct hlist_head *list)
{
	sock_hold(sk);
	hlist_add_head_rcu(&sk->sk_node, list);
}

static inline void sk_add_node_tail_rcu(struct sock *sk, struct hlist_head *list)
{
	sock_hold(sk);
	hlist_add_tail_rcu(&sk->sk_node, list);
}

static inline void __sk_del_bind_node(struct sock *sk)
{
	__hlist_del(&sk->sk_bind_node);
}

static inline void sk_add_bind_node(struct sock *sk, struct hlist_head *list)
{
	hlist_add_head(&sk->sk_bind_node, list);
}

#define sk_for_each(__sk, list)						\
	hlist_for_each_entry(__sk, list, sk_node)
#define sk_for_each_rcu(__sk, list)					\
	hlist_for_each_entry_rcu(__sk, list, sk_node)
#define sk_for_each_from(__sk)						\
	hlist_for_each_entry_from(__sk, sk_node)
#define sk_for_each_safe(__sk, tmp, list)				\
	hlist_for_each_entry_safe(__sk, tmp, list, sk_node)
#define sk_for_each_bound(__sk, list)					\
	hlist_for_each_entry(__sk, list, sk_bind_node)
#define sk_for_each_bound_safe(__sk, tmp, list)				\
	hlist_for_each_entry_safe(__sk, tmp, list, sk_bind_node)

/* each struct at offset from its hlist_node in an RCU list */
#define sk_for_each_entry_offset_rcu(tpos, pos, head, offset)		\
	for (pos = rcu_dereference(hlist_first_rcu(head));		\
	     pos != NULL &&						\
		({ tpos = (typeof(*tpos) *)((void *)pos - offset); 1; }); \
	     pos = rcu_dereference(hlist_next_rcu(pos)))

/* enum sock_flags bits of sk_flags (sock_flag() ...) */
enum sock_flags {
	SOCK_DEAD,
	SOCK_DONE,
	SOCK_URGINLINE,
	SOCK_KEEPOPEN,
	SOCK_LINGER,
	SOCK_DESTROY,
	SOCK_BROADCAST,
	SOCK_TIMESTAMP,
	SOCK_ZAPPED,
	SOCK_USE_WRITE_QUEUE,
	SOCK_DBG,
	SOCK_RCVTSTAMP,
	SOCK_RCVTSTAMPNS,
	SOCK_LOCALROUTE,
	SOCK_MEMALLOC,
	SOCK_TIMESTAMPING_RX_SOFTWARE,
	SOCK_FASYNC,
	SOCK_RXQ_OVFL,
	SOCK_ZEROCOPY,
	SOCK_WIFI_STATUS,
	SOCK_NOFCS,
	SOCK_FILTER_LOCKED,
	SOCK_SELECT_ERR_QUEUE,
	SOCK_RCU_FREE,
	SOCK_TXTIME,
	SOCK_XDP,
	SOCK_TSTAMP_NEW,
	SOCK_RCVMARK,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	SOCK_RCVPRIORITY,
	SOCK_TIMESTAMPING_ANY,
#endif
};

#define SK_FLAGS_TIMESTAMP ((1UL << SOCK_TIMESTAMP) | (1UL << SOCK_TIMESTAMPING_RX_SOFTWARE))

static inline void sock_copy_flags(struct sock *nsk, const struct sock *osk)
{
	nsk->sk_flags = osk->sk_flags;
}

static inline void sock_set_flag(struct sock *sk, enum sock_flags flag)
{
	__set_bit(flag, &sk->sk_flags);
}

static inline void sock_reset_flag(struct sock *sk, enum sock_flags flag)
{
	__clear_bit(flag, &sk->sk_flags);
}

static inline void sock_valbool_flag(struct sock *sk, enum sock_flags bit, int valbool)
{
	if (valbool)
		sock_set_flag(sk, bit);
	else
		sock_reset_flag(sk, bit);
}

static inline bool sock_flag(const struct sock *sk, enum sock_flags flag)
{
	return test_bit(flag, &sk->sk_flags);
}

/* a socket freed after an RCU grace period holds no reference for lookups */
static inline bool sk_is_refcounted(struct sock *sk)
{
	return !sk_fullsock(sk) || !sock_flag(sk, SOCK_RCU_FREE);
}

static inline void sk_acceptq_removed(struct sock *sk)
{
	WRITE_ONCE(sk->sk_ack_backlog, sk->sk_ack_backlog - 1);
}

static inline void sk_acceptq_added(struct sock *sk)
{
	WRITE_ONCE(sk->sk_ack_backlog, sk->sk_ack_backlog + 1);
}

/* full past the limit (a listener takes one more than its backlog) */
static inline bool sk_acceptq_is_full(const struct sock *sk)
{
	return READ_ONCE(sk->sk_ack_backlog) > READ_ONCE(sk->sk_max_ack_backlog);
}

/* the write space a stream socket wants free before it is writeable */
static inline int sk_stream_min_wspace(const struct sock *sk)
{
	return READ_ONCE(sk->sk_wmem_queued) >> 1;
}

static inline int sk_stream_wspace(const struct sock *sk)
{
	return READ_ONCE(sk->sk_sndbuf) - READ_ONCE(sk->sk_wmem_queued);
}

static inline void sk_wmem_queued_add(struct sock *sk, int val)
{
	WRITE_ONCE(sk->sk_wmem_queued, sk->sk_wmem_queued + val);
}

static inline void sk_forward_alloc_add(struct sock *sk, int val)
{
	WRITE_ONCE(sk->sk_forward_alloc, sk->sk_forward_alloc + val);
}

static inline int sk_forward_alloc_get(const struct sock *sk)
{
	return READ_ONCE(sk->sk_forward_alloc);
}

/* the queued receive and backlog memory exceeds limit */
static inline bool sk_rcvqueues_full(const struct sock *sk, unsigned int limit)
{
	unsigned int qsize = sk->sk_backlog.len + atomic_read(&sk->sk_rmem_alloc);

	return qsize > limit;
}

static inline void __sk_add_backlog(struct sock *sk, struct sk_buff *skb)
{
	if (!sk->sk_backlog.tail)
		WRITE_ONCE(sk->sk_backlog.head, skb);
	else
		sk->sk_backlog.tail->next = skb;
	WRITE_ONCE(sk->sk_backlog.tail, skb);
	skb->next = NULL;
}

/* -ENOBUFS past limit, -ENOMEM for an emergency reserve skb of another socket */
static inline __must_check int sk_add_backlog(struct sock *sk, struct sk_buff *skb,
					      unsigned int limit)
{
	if (sk_rcvqueues_full(sk, limit))
		return -ENOBUFS;
	if (skb_pfmemalloc(skb) && !sock_flag(sk, SOCK_MEMALLOC))
		return -ENOMEM;
	__sk_add_backlog(sk, skb);
	sk->sk_backlog.len += skb->truesize;
	return 0;
}

static inline int sk_backlog_rcv(struct sock *sk, struct sk_buff *skb)
{
	return sk->sk_backlog_rcv(sk, skb);
}

/* the backlog to the protocol now, while the owner keeps the socket */
void __sk_flush_backlog(struct sock *sk);

static inline bool sk_flush_backlog(struct sock *sk)
{
	if (unlikely(READ_ONCE(sk->sk_backlog.tail))) {
		__sk_flush_backlog(sk);
		return true;
	}
	return false;
}

/*
 * Sockets allowed the emergency reserves (lib/sock.c): SOCK_MEMALLOC and
 * __GFP_MEMALLOC; sk_memalloc_socks() says whether any socket is
 */
void sk_set_memalloc(struct sock *sk);
void sk_clear_memalloc(struct sock *sk);
DECLARE_STATIC_KEY_FALSE(memalloc_socks_key);

static inline int sk_memalloc_socks(void)
{
	return static_branch_unlikely(&memalloc_socks_key);
}

/*
 * A softirq packet for sk (lib/sock.c): to the protocol, onto the backlog
 * while owned, or dropped past sk_rcvbuf; NET_RX_SUCCESS or the protocol's
 * answer
 */
int __sk_receive_skb(struct sock *sk, struct sk_buff *skb, const int nested,
		     unsigned int trim_cap, bool refcounted);

static inline int sk_receive_skb(struct sock *sk, struct sk_buff *skb, const int nested)
{
	return __sk_receive_skb(sk, skb, nested, 1, true);
}

static inline void sk_incoming_cpu_update(struct sock *sk)
{
	int cpu = raw_smp_processor_id();

	if (unlikely(READ_ONCE(sk->sk_incoming_cpu) != cpu))
		WRITE_ONCE(sk->sk_incoming_cpu, cpu);
}

/* the protocol a module's socket belongs to (TCP, UDP, ...) */
struct proto {
	void		(*close)(struct sock *sk, long timeout);
	int		(*pre_connect)(struct sock *sk, __QDK_SOCKADDR_ARG *uaddr,
				       int addr_len);
	int		(*connect)(struct sock *sk, __QDK_SOCKADDR_ARG *uaddr, int addr_len);
	int		(*disconnect)(struct sock *sk, int flags);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct sock	*(*accept)(struct sock *sk, struct proto_accept_arg *arg);
	int		(*ioctl)(struct sock *sk, int cmd, int *karg);
#else
	struct sock	*(*accept)(struct sock *sk, int flags, int *err, bool kern);
	int		(*ioctl)(struct sock *sk, int cmd, unsigned long arg);
#endif
	int		(*init)(struct sock *sk);
	void		(*destroy)(struct sock *sk);
	void		(*shutdown)(struct sock *sk, int how);
	int		(*setsockopt)(struct sock *sk, int level, int optname,
				      sockptr_t optval, unsigned int optlen);
	int		(*getsockopt)(struct sock *sk, int level, int optname,
				      char __user *optval, int __user *option);
	void		(*keepalive)(struct sock *sk, int valbool);
	int		(*compat_ioctl)(struct sock *sk, unsigned int cmd, unsigned long arg);
	int		(*sendmsg)(struct sock *sk, struct msghdr *msg, size_t len);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	int		(*recvmsg)(struct sock *sk, struct msghdr *msg, size_t len, int flags);
#else
	int		(*recvmsg)(struct sock *sk, struct msghdr *msg, size_t len, int flags,
				   int *addr_len);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	int		(*sendpage)(struct sock *sk, struct page *page, int offset,
				    size_t size, int flags);
#endif
	void		(*splice_eof)(struct socket *sock);
	int		(*bind)(struct sock *sk, __QDK_SOCKADDR_ARG *addr, int addr_len);
	int		(*bind_add)(struct sock *sk, __QDK_SOCKADDR_ARG *addr, int addr_len);
	int		(*backlog_rcv)(struct sock *sk, struct sk_buff *skb);
	bool		(*bpf_bypass_getsockopt)(int level, int optname);
	void		(*release_cb)(struct sock *sk);
	int		(*hash)(struct sock *sk);
	void		(*unhash)(struct sock *sk);
	void		(*rehash)(struct sock *sk);
	int		(*get_port)(struct sock *sk, unsigned short snum);
	void		(*put_port)(struct sock *sk);
	int		(*psock_update_sk_prot)(struct sock *sk, struct sk_psock *psock,
						bool restore);
	unsigned int	inuse_idx;
	int		(*forward_alloc_get)(const struct sock *sk);
	bool		(*stream_memory_free)(const struct sock *sk, int wake);
	bool		(*sock_is_readable)(struct sock *sk);
	void		(*enter_memory_pressure)(struct sock *sk);
	void		(*leave_memory_pressure)(struct sock *sk);
	atomic_long_t	*memory_allocated;	/* pages the protocol's sockets hold */
	int __percpu	*per_cpu_fw_alloc;
	struct percpu_counter *sockets_allocated;
	unsigned long	*memory_pressure;
	long		*sysctl_mem;		/* low, pressure, high (pages) */
	int		*sysctl_wmem;
	int		*sysctl_rmem;
	u32		sysctl_wmem_offset;
	u32		sysctl_rmem_offset;
	int		max_header;
	bool		no_autobind;
	struct kmem_cache *slab;
	unsigned int	obj_size;		/* the protocol's sock, struct sock first */
	slab_flags_t	slab_flags;
	unsigned int	useroffset;
	unsigned int	usersize;
	unsigned int __percpu *orphan_count;
	struct request_sock_ops *rsk_prot;
	struct timewait_sock_ops *twsk_prot;
	union {
		struct inet_hashinfo	*hashinfo;
		struct udp_table	*udp_table;
		struct raw_hashinfo	*raw_hash;
		struct smc_hashinfo	*smc_hash;
	} h;
	struct module	*owner;
	char		name[32];
	struct list_head node;
	int		(*diag_destroy)(struct sock *sk, int err);
};

/* the protocol rehashes the socket (a changed address or port) */
static inline int __sk_prot_rehash(struct sock *sk)
{
	sk->sk_prot->unhash(sk);
	return sk->sk_prot->hash(sk);
}

int proto_register(struct proto *prot, int alloc_slab);
void proto_unregister(struct proto *prot);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* SOCK_REFCNT_DEBUG is off in Debian's kernels */
#define sk_refcnt_debug_inc(sk)		do { } while (0)
#define sk_refcnt_debug_dec(sk)		do { } while (0)
#define sk_refcnt_debug_release(sk)	do { } while (0)
#endif

/* room in the send buffer, unless the protocol's own test says otherwise */
/* TCP's answer (lib/tcp.c): the unsent bytes (doubled on wake) under notsent_lowat */
bool tcp_stream_memory_free(const struct sock *sk, int wake);

static inline bool __sk_stream_memory_free(const struct sock *sk, int wake)
{
	if (READ_ONCE(sk->sk_wmem_queued) >= READ_ONCE(sk->sk_sndbuf))
		return false;
	return sk->sk_prot->stream_memory_free ?
	       sk->sk_prot->stream_memory_free(sk, wake) : true;
}

static inline bool sk_stream_memory_free(const struct sock *sk)
{
	return __sk_stream_memory_free(sk, 0);
}

static inline bool __sk_stream_is_writeable(const struct sock *sk, int wake)
{
	return sk_stream_wspace(sk) >= sk_stream_min_wspace(sk) &&
	       __sk_stream_memory_free(sk, wake);
}

static inline bool sk_stream_is_writeable(const struct sock *sk)
{
	return __sk_stream_is_writeable(sk, 0);
}

static inline bool sk_has_memory_pressure(const struct sock *sk)
{
	return sk->sk_prot->memory_pressure != NULL;
}

static inline bool sk_under_global_memory_pressure(const struct sock *sk)
{
	return sk->sk_prot->memory_pressure && !!READ_ONCE(*sk->sk_prot->memory_pressure);
}

/* the shim has no memory cgroups: the protocol's pressure alone */
static inline bool sk_under_memory_pressure(const struct sock *sk)
{
	if (!sk->sk_prot->memory_pressure)
		return false;
	return !!READ_ONCE(*sk->sk_prot->memory_pressure);
}

static inline long proto_memory_allocated(const struct proto *prot)
{
	return max(0L, atomic_long_read(prot->memory_allocated));
}

static inline long sk_memory_allocated(const struct sock *sk)
{
	return proto_memory_allocated(sk->sk_prot);
}

/* one CPU: the per-CPU reserve is not used, the pool counts at once */
static inline void sk_memory_allocated_add(struct sock *sk, int val)
{
	atomic_long_add(val, sk->sk_prot->memory_allocated);
}

static inline void sk_memory_allocated_sub(struct sock *sk, int val)
{
	atomic_long_sub(val, sk->sk_prot->memory_allocated);
}

static inline bool proto_memory_pressure(struct proto *prot)
{
	if (!prot->memory_pressure)
		return false;
	return !!READ_ONCE(*prot->memory_pressure);
}

/* the protocol's limit: 0 low, 1 pressure, 2 high (pages) */
static inline long sk_prot_mem_limits(const struct sock *sk, int index)
{
	return READ_ONCE(sk->sk_prot->sysctl_mem[index]);
}

/* the socket is in a process's hands (lock_sock()) */
#define sock_owned_by_user(sk)		((sk)->sk_lock.owned)
#define sock_owned_by_user_nocheck(sk)	((sk)->sk_lock.owned)

static inline bool lockdep_sock_is_held(const struct sock *sk)
{
	return lockdep_is_held(&sk->sk_lock) || lockdep_is_held(&sk->sk_lock.slock);
}

static inline void sock_owned_by_me(const struct sock *sk)
{
	WARN_ON_ONCE(!lockdep_sock_is_held(sk));
}

static inline void sock_not_owned_by_me(const struct sock *sk)
{
	WARN_ON_ONCE(lockdep_sock_is_held(sk));
}

static inline void sock_release_ownership(struct sock *sk)
{
	if (sock_owned_by_user_nocheck(sk))
		sk->sk_lock.owned = 0;
}

/* the socket's spinlock, what softirq receive takes */
#define bh_lock_sock(__sk)		spin_lock(&((__sk)->sk_lock.slock))
#define bh_lock_sock_nested(__sk)	spin_lock_nested(&((__sk)->sk_lock.slock), \
							 SINGLE_DEPTH_NESTING)
#define bh_unlock_sock(__sk)		spin_unlock(&((__sk)->sk_lock.slock))

/*
 * A protocol's own lock class for its sockets' locks (lockdep's names and
 * keys): the shim's lock checks keep no classes, so the lock is only
 * initialised, unowned, as sk_alloc() leaves it.
 */
#define sock_lock_init_class_and_name(sk, sname, skey, name, key)	\
do {									\
	(void)(sname);							\
	(void)(skey);							\
	(void)(name);							\
	(void)(key);							\
	(sk)->sk_lock.owned = 0;					\
	init_waitqueue_head(&(sk)->sk_lock.wq);				\
	spin_lock_init(&(sk)->sk_lock.slock);				\
} while (0)

void lock_sock_nested(struct sock *sk, int subclass);

static inline void lock_sock(struct sock *sk)
{
	lock_sock_nested(sk, 0);
}

void release_sock(struct sock *sk);

/*
 * The proto_ops entries of a socket type without the operation: each
 * refuses it (-EOPNOTSUPP; mmap -ENODEV), as net/core/sock.c's do.
 */
struct vm_area_struct;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int sock_no_bind(struct socket *sock, struct sockaddr_unsized *saddr, int len);
int sock_no_connect(struct socket *sock, struct sockaddr_unsized *saddr, int len, int flags);
#else
int sock_no_bind(struct socket *sock, struct sockaddr *saddr, int len);
int sock_no_connect(struct socket *sock, struct sockaddr *saddr, int len, int flags);
#endif
/* setsockopt()'s lock (lib/sock.c; no BPF setsockopt hooks here: always taken) */
void sockopt_lock_sock(struct sock *sk);
void sockopt_release_sock(struct sock *sk);

/* a protocol's proto_ops entries that go straight to its struct proto */
int sock_common_getsockopt(struct socket *sock, int level, int optname,
			   char __user *optval, int __user *optlen);
int sock_common_recvmsg(struct socket *sock, struct msghdr *msg, size_t size, int flags);
int sock_common_setsockopt(struct socket *sock, int level, int optname,
			   sockptr_t optval, unsigned int optlen);

int sock_no_socketpair(struct socket *sock1, struct socket *sock2);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int sock_no_accept(struct socket *sock, struct socket *newsock, struct proto_accept_arg *arg);
#else
int sock_no_accept(struct socket *sock, struct socket *newsock, int flags, bool kern);
#endif
int sock_no_getname(struct socket *sock, struct sockaddr *saddr, int peer);
int sock_no_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg);
int sock_no_listen(struct socket *sock, int backlog);
int sock_no_shutdown(struct socket *sock, int how);
int sock_no_sendmsg(struct socket *sock, struct msghdr *m, size_t len);
int sock_no_sendmsg_locked(struct sock *sk, struct msghdr *msg, size_t len);
int sock_no_recvmsg(struct socket *sock, struct msghdr *m, size_t len, int flags);
int sock_no_mmap(struct file *file, struct socket *sock, struct vm_area_struct *vma);

/* setsockopt()'s effect from the kernel, each under the socket's lock */
void sock_no_linger(struct sock *sk);
void sock_set_keepalive(struct sock *sk);
void sock_set_priority(struct sock *sk, u32 priority);
void sock_set_reuseaddr(struct sock *sk);
void sock_set_reuseport(struct sock *sk);
void sock_set_sndtimeo(struct sock *sk, s64 secs);

/*
 * The fast lock: with no process owning the socket only its spinlock is
 * taken (false returned, the caller unlocks with the spinlock); else the
 * socket is owned as by lock_sock() (true).
 */
bool __lock_sock_fast(struct sock *sk) __acquires(&sk->sk_lock.slock);

static inline bool lock_sock_fast(struct sock *sk)
{
	return __lock_sock_fast(sk);
}

static inline bool lock_sock_fast_nested(struct sock *sk)
{
	return __lock_sock_fast(sk);
}

static inline void unlock_sock_fast(struct sock *sk, bool slow)
	__releases(&sk->sk_lock.slock)
{
	if (slow) {
		release_sock(sk);
		__release(&sk->sk_lock.slock);
	} else {
		spin_unlock_bh(&sk->sk_lock.slock);
	}
}

void sk_free(struct sock *sk);

/* the last reference frees the socket (sk_free()) */
static inline void sock_put(struct sock *sk)
{
	if (refcount_dec_and_test(&sk->sk_refcnt))
		sk_free(sk);
}

static inline int sk_wmem_alloc_get(const struct sock *sk)
{
	return refcount_read(&sk->sk_wmem_alloc) - 1;
}

static inline int sk_rmem_alloc_get(const struct sock *sk)
{
	return atomic_read(&sk->sk_rmem_alloc);
}

static inline bool sk_has_allocations(const struct sock *sk)
{
	return sk_wmem_alloc_get(sk) || sk_rmem_alloc_get(sk);
}

/* the write space left, 0 once sending is shut down */
static inline int sock_wspace(struct sock *sk)
{
	int amt = 0;

	if (!(sk->sk_shutdown & SEND_SHUTDOWN)) {
		amt = sk->sk_sndbuf - refcount_read(&sk->sk_wmem_alloc);
		if (amt < 0)
			amt = 0;
	}
	return amt;
}

/* less than half of the send buffer charged */
static inline bool sock_writeable(const struct sock *sk)
{
	return refcount_read(&sk->sk_wmem_alloc) < (READ_ONCE(sk->sk_sndbuf) >> 1);
}

/* the pending error, cleared, as a negative errno */
static inline int sock_error(struct sock *sk)
{
	int err;

	if (likely(!READ_ONCE(sk->sk_err)))
		return 0;
	err = xchg(&sk->sk_err, 0);
	return -err;
}

static inline gfp_t sk_gfp_mask(const struct sock *sk, gfp_t gfp_mask)
{
	return gfp_mask | (sk->sk_allocation & __GFP_MEMALLOC);
}

static inline long sock_rcvtimeo(const struct sock *sk, bool noblock)
{
	return noblock ? 0 : READ_ONCE(sk->sk_rcvtimeo);
}

static inline long sock_sndtimeo(const struct sock *sk, bool noblock)
{
	return noblock ? 0 : READ_ONCE(sk->sk_sndtimeo);
}

/* bytes a receive waits for: all with MSG_WAITALL, else the low mark, at least 1 */
static inline int sock_rcvlowat(const struct sock *sk, int waitall, int len)
{
	int v = waitall ? len : min_t(int, READ_ONCE(sk->sk_rcvlowat), len);

	return v ?: 1;
}

/* an interrupted wait: -ERESTARTSYS unless the timeout was infinite */
static inline int sock_intr_errno(long timeo)
{
	return timeo == MAX_SCHEDULE_TIMEOUT ? -ERESTARTSYS : -EINTR;
}


#define SOCK_BINDADDR_LOCK	4
#define SOCK_BINDPORT_LOCK	8
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define SOCK_CONNECT_BIND	16	/* the port was bound by connect() */
#endif

/* a socket's struct socket and its inode, allocated together by sock_alloc() */
struct socket_alloc {
	struct socket	socket;
	struct inode	vfs_inode;
};

static inline struct socket *SOCKET_I(struct inode *inode)
{
	return &container_of(inode, struct socket_alloc, vfs_inode)->socket;
}

static inline struct inode *SOCK_INODE(struct socket *socket)
{
	return &container_of(socket, struct socket_alloc, socket)->vfs_inode;
}

/* per-namespace counts of sockets in use, per protocol */
#define PROTO_INUSE_NR	64
struct prot_inuse {
	int all;
	int val[PROTO_INUSE_NR];
};

#define SK_ALLOC_PERCPU_COUNTER_BATCH 16

/* the flags and timestamping bits that make a receive pass ancillary data */
#define FLAGS_RECV_CMSGS	((1UL << SOCK_RXQ_OVFL) | (1UL << SOCK_RCVTSTAMP) |	\
				 (1UL << SOCK_RCVMARK))
#define TSFLAGS_ANY		(SOF_TIMESTAMPING_SOFTWARE | SOF_TIMESTAMPING_RAW_HARDWARE)

#define PROT_SOCK		1024
#define SOCK_DESTROY_TIME	(10 * HZ)

#define SK_MEM_SEND	0
#define SK_MEM_RECV	1

int __sk_mem_raise_allocated(struct sock *sk, int size, int amt, int kind);
void __sk_mem_reduce_allocated(struct sock *sk, int amount);
int __sk_mem_schedule(struct sock *sk, int size, int kind);
void __sk_mem_reclaim(struct sock *sk, int amount);

/* the pages amt bytes take */
static inline int sk_mem_pages(int amt)
{
	return (amt + PAGE_SIZE - 1) >> PAGE_SHIFT;
}

/* the socket's memory counts against its protocol's pool */
static inline bool sk_has_account(struct sock *sk)
{
	return !!sk->sk_prot->memory_allocated;
}

static inline bool sk_wmem_schedule(struct sock *sk, int size)
{
	int delta;

	if (!sk_has_account(sk))
		return true;
	delta = size - sk->sk_forward_alloc;
	return delta <= 0 || __sk_mem_schedule(sk, delta, SK_MEM_SEND);
}

static inline bool sk_rmem_schedule(struct sock *sk, struct sk_buff *skb, int size)
{
	int delta;

	if (!sk_has_account(sk))
		return true;
	delta = size - sk->sk_forward_alloc;
	return delta <= 0 || __sk_mem_schedule(sk, delta, SK_MEM_RECV) ||
	       skb_pfmemalloc(skb);
}

/* the reserved memory (SO_RESERVE_MEM) the queues do not use */
static inline int sk_unused_reserved_mem(const struct sock *sk)
{
	int unused_mem;

	if (likely(!sk->sk_reserved_mem))
		return 0;
	unused_mem = sk->sk_reserved_mem - sk->sk_wmem_queued -
		     atomic_read(&sk->sk_rmem_alloc);
	return unused_mem > 0 ? unused_mem : 0;
}

/* whole pages of forward allocation beyond the reserve go back to the pool */
static inline void sk_mem_reclaim(struct sock *sk)
{
	int reclaimable;

	if (!sk_has_account(sk))
		return;
	reclaimable = sk->sk_forward_alloc - sk_unused_reserved_mem(sk);
	if (reclaimable >= (int)PAGE_SIZE)
		__sk_mem_reclaim(sk, reclaimable);
}

/* on close: all of it */
static inline void sk_mem_reclaim_final(struct sock *sk)
{
	sk->sk_reserved_mem = 0;
	sk_mem_reclaim(sk);
}

static inline void sk_mem_charge(struct sock *sk, int size)
{
	if (!sk_has_account(sk))
		return;
	sk_forward_alloc_add(sk, -size);
}

static inline void sk_mem_uncharge(struct sock *sk, int size)
{
	if (!sk_has_account(sk))
		return;
	sk_forward_alloc_add(sk, size);
	sk_mem_reclaim(sk);
}

/* packets charged to a socket and their destructors (lib/sock.c) */
void skb_set_owner_w(struct sk_buff *skb, struct sock *sk);
void sock_wfree(struct sk_buff *skb);
void sock_rfree(struct sk_buff *skb);
void sock_efree(struct sk_buff *skb);
void sock_edemux(struct sk_buff *skb);
void sock_pfree(struct sk_buff *skb);
struct sk_buff *sock_wmalloc(struct sock *sk, unsigned long size, int force,
			     gfp_t priority);
void *sock_kmalloc(struct sock *sk, int size, gfp_t priority);
void *sock_kmemdup(struct sock *sk, const void *src, int size, gfp_t priority);

/*
 * Receive queueing (lib/sock.c): within sk_rcvbuf and the protocol's memory,
 * charged to the socket, sk_data_ready() told. No socket filter can be
 * attached in the shim (no BPF), so none is run.
 */
int __sock_queue_rcv_skb(struct sock *sk, struct sk_buff *skb);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
enum skb_drop_reason sock_queue_rcv_skb_reason(struct sock *sk, struct sk_buff *skb);

static inline int sock_queue_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	switch (sock_queue_rcv_skb_reason(sk, skb)) {
	case SKB_DROP_REASON_SOCKET_RCVBUFF:
		return -ENOMEM;
	case SKB_DROP_REASON_PROTO_MEM:
		return -ENOBUFS;
	case 0:
		return 0;
	default:
		return -EPERM;
	}
}
#else
int sock_queue_rcv_skb_reason(struct sock *sk, struct sk_buff *skb,
			      enum skb_drop_reason *reason);

static inline int sock_queue_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	return sock_queue_rcv_skb_reason(sk, skb, NULL);
}
#endif

/* the socket's error callback (the kernel traces inet sockets' too) */
void sk_error_report(struct sock *sk);

/* socket options a module sets on its kernel sockets */
void sock_set_mark(struct sock *sk, u32 val);
void sock_set_rcvbuf(struct sock *sk, int val);
int sock_bindtoindex(struct sock *sk, int ifindex, bool lock_sk);

/*
 * Copying a sendmsg()'s data into the skb: checksummed on the way when the
 * packet's checksum is the socket's to compute (CHECKSUM_NONE).
 */
static inline int skb_do_copy_data_nocache(struct sock *sk, struct sk_buff *skb,
					   struct iov_iter *from, char *to, int copy,
					   int offset)
{
	if (skb->ip_summed == CHECKSUM_NONE) {
		__wsum csum = 0;

		if (!csum_and_copy_from_iter_full(to, copy, &csum, from))
			return -EFAULT;
		skb->csum = csum_block_add(skb->csum, csum, offset);
	} else if (sk->sk_route_caps & NETIF_F_NOCACHE_COPY) {
		if (!copy_from_iter_full_nocache(to, copy, from))
			return -EFAULT;
	} else if (!copy_from_iter_full(to, copy, from)) {
		return -EFAULT;
	}
	return 0;
}

static inline int skb_add_data_nocache(struct sock *sk, struct sk_buff *skb,
				       struct iov_iter *from, int copy)
{
	int err, offset = skb->len;

	err = skb_do_copy_data_nocache(sk, skb, from, skb_put(skb, copy), copy, offset);
	if (err)
		__skb_trim(skb, offset);
	return err;
}

/* copy bytes into page at off (the skb's fragment), charged to the socket */
static inline int skb_copy_to_page_nocache(struct sock *sk, struct iov_iter *from,
					   struct sk_buff *skb, struct page *page,
					   int off, int copy)
{
	int err;

	err = skb_do_copy_data_nocache(sk, skb, from, page_address(page) + off, copy,
				       skb->len);
	if (err)
		return err;
	skb_len_add(skb, copy);
	sk_wmem_queued_add(sk, copy);
	sk_mem_charge(sk, copy);
	return 0;
}
void sock_kfree_s(struct sock *sk, void *mem, int size);
void sock_kzfree_s(struct sock *sk, void *mem, int size);

static inline void skb_set_hash_from_sk(struct sk_buff *skb, struct sock *sk)
{
	u32 txhash = READ_ONCE(sk->sk_txhash);

	if (txhash) {
		skb->l4_hash = 1;
		skb->hash = txhash;
	}
}

/* a received packet charged to sk's receive memory until it is freed */
static inline void skb_set_owner_r(struct sk_buff *skb, struct sock *sk)
{
	skb_orphan(skb);
	skb->sk = sk;
	skb->destructor = sock_rfree;
	atomic_add(skb->truesize, &sk->sk_rmem_alloc);
	sk_mem_charge(sk, skb->truesize);
}

/* a socket's own reference on the packet, without charging its memory */
static inline __must_check bool skb_set_owner_sk_safe(struct sk_buff *skb, struct sock *sk)
{
	if (sk && refcount_inc_not_zero(&sk->sk_refcnt)) {
		skb_orphan(skb);
		skb->destructor = sock_efree;
		skb->sk = sk;
		return true;
	}
	return false;
}

/* a consumed received packet off the receive queue, freed */
static inline void sk_eat_skb(struct sock *sk, struct sk_buff *skb)
{
	__skb_unlink(skb, &sk->sk_receive_queue);
	__kfree_skb(skb);
}

/* a socket's timer holding a reference while pending (lib/sock.c) */
void sk_reset_timer(struct sock *sk, struct timer_list *timer, unsigned long expires);
void sk_stop_timer(struct sock *sk, struct timer_list *timer);
void sk_stop_timer_sync(struct sock *sk, struct timer_list *timer);

struct sock *sk_alloc(struct net *net, int family, gfp_t priority,
		      struct proto *prot, int kern);
void sock_init_data(struct socket *sock, struct sock *sk);
/* sock_init_data() with the owner's uid given (a kernel socket's, a tun's ...) */
void sock_init_data_uid(struct socket *sock, struct sock *sk, kuid_t uid);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool sk_mc_loop(const struct sock *sk);
#else
bool sk_mc_loop(struct sock *sk);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* the socket inode's owner, root without an inode */
kuid_t sock_i_uid(struct sock *sk);
/* SO_TIMESTAMP on (microseconds, the old timeval layout) */
void sock_enable_timestamps(struct sock *sk);
/* the inode number of the socket's file, 0 once orphaned */
unsigned long __sock_i_ino(struct sock *sk);
unsigned long sock_i_ino(struct sock *sk);
#endif

#define NO_QUEUE_MAPPING	USHRT_MAX

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a new queue is remembered with the time; the same one refreshed at most each second */
static inline void sk_tx_queue_set(struct sock *sk, int tx_queue)
{
	if (WARN_ON_ONCE((unsigned short)tx_queue >= USHRT_MAX))
		return;
	if (READ_ONCE(sk->sk_tx_queue_mapping) != tx_queue) {
		WRITE_ONCE(sk->sk_tx_queue_mapping, tx_queue);
		WRITE_ONCE(sk->sk_tx_queue_mapping_jiffies, jiffies);
		return;
	}
	if (time_is_before_jiffies(READ_ONCE(sk->sk_tx_queue_mapping_jiffies) + HZ))
		WRITE_ONCE(sk->sk_tx_queue_mapping_jiffies, jiffies);
}
#else
static inline void sk_tx_queue_set(struct sock *sk, int tx_queue)
{
	if (WARN_ON_ONCE((unsigned short)tx_queue >= USHRT_MAX))
		return;
	WRITE_ONCE(sk->sk_tx_queue_mapping, tx_queue);
}
#endif

static inline void sk_tx_queue_clear(struct sock *sk)
{
	WRITE_ONCE(sk->sk_tx_queue_mapping, NO_QUEUE_MAPPING);
}

/* the transmit queue the socket last used, -1 for none */
static inline int sk_tx_queue_get(const struct sock *sk)
{
	if (sk) {
		int val = READ_ONCE(sk->sk_tx_queue_mapping);

		if (val != NO_QUEUE_MAPPING)
			return val;
	}
	return -1;
}

static inline void __sk_rx_queue_set(struct sock *sk, const struct sk_buff *skb,
				     bool force_set)
{
	if (skb_rx_queue_recorded(skb)) {
		u16 rx_queue = skb_get_rx_queue(skb);

		if (force_set ||
		    unlikely(READ_ONCE(sk->sk_rx_queue_mapping) != rx_queue))
			WRITE_ONCE(sk->sk_rx_queue_mapping, rx_queue);
	}
}

static inline void sk_rx_queue_set(struct sock *sk, const struct sk_buff *skb)
{
	__sk_rx_queue_set(sk, skb, true);
}

static inline void sk_rx_queue_update(struct sock *sk, const struct sk_buff *skb)
{
	__sk_rx_queue_set(sk, skb, false);
}

static inline void sk_rx_queue_clear(struct sock *sk)
{
	WRITE_ONCE(sk->sk_rx_queue_mapping, NO_QUEUE_MAPPING);
}

static inline int sk_rx_queue_get(const struct sock *sk)
{
	if (sk) {
		int res = READ_ONCE(sk->sk_rx_queue_mapping);

		if (res != NO_QUEUE_MAPPING)
			return res;
	}
	return -1;
}

/* socket_wq's flag bits (SOCKWQ_ASYNC_*) */
static inline void sk_set_bit(int nr, struct sock *sk)
{
	set_bit(nr, &sk->sk_wq_raw->flags);
}

static inline void sk_clear_bit(int nr, struct sock *sk)
{
	clear_bit(nr, &sk->sk_wq_raw->flags);
}

static inline wait_queue_head_t *sk_sleep(struct sock *sk)
{
	BUILD_BUG_ON(offsetof(struct socket_wq, wait) != 0);
	return &rcu_dereference_raw(sk->sk_wq)->wait;
}

/* the socket joins sock's wait queue (or leaves it: NULL) */
static inline void sk_set_socket(struct sock *sk, struct socket *sock)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	WRITE_ONCE(sk->sk_socket, sock);
	if (sock) {
		/* the socket inode's owner: the shim's inodes carry none, root's */
		WRITE_ONCE(sk->sk_uid, GLOBAL_ROOT_UID);
		WRITE_ONCE(sk->sk_ino, SOCK_INODE(sock)->i_ino);
	} else {
		WRITE_ONCE(sk->sk_ino, 0);	/* sk_uid stays */
	}
#else
	sk->sk_socket = sock;
#endif
}

/*
 * sk becomes parent's: its wait queue and socket (no LSM hook runs here);
 * before 7.x the owner's uid is the socket inode's (root's here)
 */
static inline void sock_graft(struct sock *sk, struct socket *parent)
{
	WARN_ON(parent->sk);
	write_lock_bh(&sk->sk_callback_lock);
	rcu_assign_pointer(sk->sk_wq, &parent->wq);
	parent->sk = sk;
	sk_set_socket(sk, parent);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	/* the socket inode's owner: the shim's inodes carry none, root's */
	sk->sk_uid = GLOBAL_ROOT_UID;
#endif
	write_unlock_bh(&sk->sk_callback_lock);
}

/*
 * Wait (at most *timeo, which is updated) for __condition, the socket's
 * lock dropped meanwhile; -EPIPE when the socket was disconnected then
 */
#define sk_wait_event(__sk, __timeo, __condition, __wait)		\
	({	int __rc, __dis = (__sk)->sk_disconnects;		\
		release_sock(__sk);					\
		__rc = __condition;					\
		if (!__rc) {						\
			*(__timeo) = wait_woken(__wait,			\
						TASK_INTERRUPTIBLE,	\
						*(__timeo));		\
		}							\
		sched_annotate_sleep();					\
		lock_sock(__sk);					\
		__rc = __dis == (__sk)->sk_disconnects ? __condition : -EPIPE; \
		__rc;							\
	})

/* the memory cgroup charged for a socket's buffers: GFP_ATOMIC from softirq */
static inline gfp_t gfp_memcg_charge(void)
{
	return in_softirq() ? GFP_ATOMIC : GFP_KERNEL;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the shim has no memory cgroups: sk_memcg stays NULL, none is enabled */
static inline struct mem_cgroup *mem_cgroup_from_sk(const struct sock *sk)
{
	return sk->sk_memcg;
}

static inline bool mem_cgroup_sk_enabled(const struct sock *sk)
{
	return false;
}
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline bool mem_cgroup_sk_under_memory_pressure(const struct sock *sk)
{
	return false;
}
#endif

/* a random transmit hash, never 0 (0 means none) */
static inline u32 net_tx_rndhash(void)
{
	u32 v = get_random_u32();

	return v ?: 1;
}

static inline void sk_set_txhash(struct sock *sk)
{
	WRITE_ONCE(sk->sk_txhash, net_tx_rndhash());
}

#define SOCK_TXREHASH_DEFAULT	255
#define SOCK_TXREHASH_DISABLED	0
#define SOCK_TXREHASH_ENABLED	1

/* a new path for a socket that re-hashes on trouble (SO_TXREHASH) */
static inline bool sk_rethink_txhash(struct sock *sk)
{
	if (sk->sk_txhash && sk->sk_txrehash == SOCK_TXREHASH_ENABLED) {
		sk_set_txhash(sk);
		return true;
	}
	return false;
}

/* a qdisc's pacing shift (TSQ's budget) for a full socket only */
static inline void sk_pacing_shift_update(struct sock *sk, int val)
{
	if (!sk || !sk_fullsock(sk) || READ_ONCE(sk->sk_pacing_shift) == val)
		return;
	WRITE_ONCE(sk->sk_pacing_shift, val);
}

static inline bool sk_can_gso(const struct sock *sk)
{
	netdev_features_t feature = (netdev_features_t)sk->sk_gso_type << NETIF_F_GSO_SHIFT;

	/* net_gso_ok(): every GSO type bit of the socket's among its route's */
	return (sk->sk_route_caps & feature) == feature;
}

static inline void sk_gso_disable(struct sock *sk)
{
	sk->sk_gso_disabled = 1;
	sk->sk_route_caps &= ~NETIF_F_GSO_MASK;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* segs drops, on the socket's per-node counters when it has them */
static inline void sk_drops_add(struct sock *sk, int segs)
{
	struct numa_drop_counters *ndc = sk->sk_drop_counters;

	if (ndc)
		numa_drop_add(ndc, segs);
	else
		atomic_add(segs, &sk->sk_drops);
}

static inline void sk_drops_inc(struct sock *sk)
{
	sk_drops_add(sk, 1);
}

static inline int sk_drops_read(const struct sock *sk)
{
	const struct numa_drop_counters *ndc = sk->sk_drop_counters;

	if (ndc) {
		/* with per-node counters sk_drops stays 0 */
		WARN_ON_ONCE(atomic_read(&sk->sk_drops));
		return numa_drop_read(ndc);
	}
	return atomic_read(&sk->sk_drops);
}

static inline void sk_drops_reset(struct sock *sk)
{
	struct numa_drop_counters *ndc = sk->sk_drop_counters;

	if (ndc)
		numa_drop_reset(ndc);
	atomic_set(&sk->sk_drops, 0);
}

/* the drops of a packet dropped with gso_segs segments (1 if not GSO) */
static inline void sk_drops_skbadd(struct sock *sk, const struct sk_buff *skb)
{
	sk_drops_add(sk, max_t(u16, 1, skb_shinfo(skb)->gso_segs));
}
#else
/* the drops of a packet dropped with gso_segs segments */
static inline void sk_drops_add(struct sock *sk, const struct sk_buff *skb)
{
	int segs = max_t(u16, 1, skb_shinfo(skb)->gso_segs);

	atomic_add(segs, &sk->sk_drops);
}
#endif

/* what a socket keeps in a received packet's cb[] end (SO_RXQ_OVFL) */
struct sock_skb_cb {
	u32 dropcount;
};

#define SOCK_SKB_CB_OFFSET	(sizeof_field(struct sk_buff, cb) - sizeof(struct sock_skb_cb))
#define SOCK_SKB_CB(__skb)	((struct sock_skb_cb *)((__skb)->cb + SOCK_SKB_CB_OFFSET))
#define sock_skb_cb_check_size(size)					\
	BUILD_BUG_ON((size) > SOCK_SKB_CB_OFFSET)

static inline void sock_skb_set_dropcount(const struct sock *sk, struct sk_buff *skb)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	SOCK_SKB_CB(skb)->dropcount = sock_flag(sk, SOCK_RXQ_OVFL) ? sk_drops_read(sk) : 0;
#else
	SOCK_SKB_CB(skb)->dropcount = sock_flag(sk, SOCK_RXQ_OVFL) ?
				      atomic_read(&sk->sk_drops) : 0;
#endif
}

static inline ktime_t sock_read_timestamp(struct sock *sk)
{
	return READ_ONCE(sk->sk_stamp);
}

static inline void sock_write_timestamp(struct sock *sk, ktime_t kt)
{
	WRITE_ONCE(sk->sk_stamp, kt);
}

#define SK_DEFAULT_STAMP	(-1L * NSEC_PER_SEC)

#define TCP_SKB_MIN_TRUESIZE	(2048 + SKB_DATA_ALIGN(sizeof(struct sk_buff)))
#define SOCK_MIN_SNDBUF		(TCP_SKB_MIN_TRUESIZE * 2)
#define SOCK_MIN_RCVBUF		TCP_SKB_MIN_TRUESIZE

/* a stream socket's send buffer halved to its queue, unless the user set it */
static inline void sk_stream_moderate_sndbuf(struct sock *sk)
{
	u32 val;

	if (sk->sk_userlocks & SOCK_SNDBUF_LOCK)
		return;
	val = min(sk->sk_sndbuf, sk->sk_wmem_queued >> 1);
	val = max_t(u32, val, sk_unused_reserved_mem(sk));
	WRITE_ONCE(sk->sk_sndbuf, max_t(u32, val, SOCK_MIN_SNDBUF));
}

/* the sizes net.core.[rw]mem_max start from: 256 packets of 256 bytes */
#define _SK_MEM_PACKETS		256
#define _SK_MEM_OVERHEAD	SKB_TRUESIZE(256)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: the defaults of net.core.[rw]mem_default (the maxima are 4 MB now) */
#define SK_WMEM_DEFAULT		(_SK_MEM_OVERHEAD * _SK_MEM_PACKETS)
#define SK_RMEM_DEFAULT		(_SK_MEM_OVERHEAD * _SK_MEM_PACKETS)
#else
#define SK_WMEM_MAX		(_SK_MEM_OVERHEAD * _SK_MEM_PACKETS)
#define SK_RMEM_MAX		(_SK_MEM_OVERHEAD * _SK_MEM_PACKETS)
#endif

extern __u32 sysctl_wmem_max;
extern __u32 sysctl_rmem_max;
extern int sysctl_optmem_max;
extern __u32 sysctl_wmem_default;
extern __u32 sysctl_rmem_default;

#define SKB_FRAG_PAGE_ORDER	get_order(32768)

static inline bool sk_is_stream_unix(const struct sock *sk)
{
	return sk->sk_family == AF_UNIX && sk->sk_type == SOCK_STREAM;
}

/* MSG_PEEK's offset into the receive queue (SO_PEEK_OFF), 0 otherwise */
static inline int sk_peek_offset(const struct sock *sk, int flags)
{
	if (unlikely(flags & MSG_PEEK))
		return READ_ONCE(sk->sk_peek_off);
	return 0;
}

/* val bytes consumed: the peek offset moves back with them, not below 0 */
static inline void sk_peek_offset_bwd(struct sock *sk, int val)
{
	s32 off = READ_ONCE(sk->sk_peek_off);

	if (unlikely(off >= 0)) {
		off = max_t(s32, off - val, 0);
		WRITE_ONCE(sk->sk_peek_off, off);
	}
}

static inline void sk_peek_offset_fwd(struct sock *sk, int val)
{
	sk_peek_offset_bwd(sk, -val);
}

int sk_set_peek_off(struct sock *sk, int val);

/* the protocol's default buffer sizes: a per-namespace sysctl, or its global */
static inline int sk_get_wmem0(const struct sock *sk, const struct proto *proto)
{
	if (proto->sysctl_wmem_offset)
		return READ_ONCE(*(int *)((void *)sock_net(sk) + proto->sysctl_wmem_offset));
	return READ_ONCE(*proto->sysctl_wmem);
}

static inline int sk_get_rmem0(const struct sock *sk, const struct proto *proto)
{
	if (proto->sysctl_rmem_offset)
		return READ_ONCE(*(int *)((void *)sock_net(sk) + proto->sysctl_rmem_offset));
	return READ_ONCE(*proto->sysctl_rmem);
}

/* the allocation a caller in either context may make */
static inline gfp_t gfp_any(void)
{
	return in_softirq() ? GFP_ATOMIC : GFP_KERNEL;
}

/* the protocol says whether data waits beyond the receive queue (sock_map) */
static inline bool sk_is_readable(struct sock *sk)
{
	const struct proto *prot = READ_ONCE(sk->sk_prot);

	if (prot->sock_is_readable)
		return prot->sock_is_readable(sk);
	return false;
}

/* no lock class change while the socket is owned or its spinlock held */
static inline bool sock_allow_reclassification(const struct sock *csk)
{
	struct sock *sk = (struct sock *)csk;

	return !sock_owned_by_user_nocheck(sk) && !spin_is_locked(&sk->sk_lock.slock);
}

/* a socket an early demux (or BPF sk_assign) attached to a received packet */
static inline bool skb_sk_is_prefetched(struct sk_buff *skb)
{
	return skb->destructor == sock_pfree;
}

/* what a sendmsg()'s control messages may override, from the socket's options */
struct sockcm_cookie {
	u64	transmit_time;
	u32	mark;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32	tsflags;
#else
	u16	tsflags;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32	ts_opt_id;
	u32	priority;
	u32	dmabuf_id;
#endif
};

static inline void sockcm_init(struct sockcm_cookie *sockc, const struct sock *sk)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	*sockc = (struct sockcm_cookie) {
		.mark = READ_ONCE(sk->sk_mark),
		.tsflags = READ_ONCE(sk->sk_tsflags),
		.priority = READ_ONCE(sk->sk_priority),
	};
#else
	*sockc = (struct sockcm_cookie) {
		.tsflags = READ_ONCE(sk->sk_tsflags),
	};
#endif
}

/* RPS: the flow hash of the last packet received (Debian's kernels have CONFIG_RPS) */
static inline void sock_rps_save_rxhash(struct sock *sk, const struct sk_buff *skb)
{
	if (unlikely(READ_ONCE(sk->sk_rxhash) != skb->hash))
		WRITE_ONCE(sk->sk_rxhash, skb->hash);
}

static inline void sock_rps_reset_rxhash(struct sock *sk)
{
	WRITE_ONCE(sk->sk_rxhash, 0);
}

/* the socket's wait queue has a waiter */
static inline bool skwq_has_sleeper(struct socket_wq *wq)
{
	return wq && wq_has_sleeper(&wq->wait);
}

/* the struct socket goes away: the sock is dead, with no socket or wait queue */
static inline void sock_orphan(struct sock *sk)
{
	write_lock_bh(&sk->sk_callback_lock);
	sock_set_flag(sk, SOCK_DEAD);
	sk_set_socket(sk, NULL);
	sk->sk_wq = NULL;
	write_unlock_bh(&sk->sk_callback_lock);
}


#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the owner's user id, set when the socket is created or grafted */
static inline kuid_t sk_uid(const struct sock *sk)
{
	return READ_ONCE(sk->sk_uid);
}
#endif

/* the user id a route lookup uses: the socket's, else root of net's namespace */
static inline kuid_t sock_net_uid(const struct net *net, const struct sock *sk)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	return sk ? sk_uid(sk) : make_kuid(net->user_ns, 0);
#else
	return sk ? sk->sk_uid : make_kuid(net->user_ns, 0);
#endif
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the inode number of the socket's file (0 once orphaned) */
static inline u64 sock_i_ino(const struct sock *sk)
{
	return READ_ONCE(sk->sk_ino);
}

static inline bool sk_is_unix(const struct sock *sk)
{
	return sk->sk_family == AF_UNIX;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline bool sk_is_vsock(const struct sock *sk)
{
	return sk->sk_family == AF_VSOCK;
}
#endif

/* SIGIO for a socket with O_ASYNC (SOCK_FASYNC): sock_wake_async() signals */
static inline void sk_wake_async(const struct sock *sk, int how, int band)
{
	if (sock_flag(sk, SOCK_FASYNC)) {
		rcu_read_lock();
		sock_wake_async(rcu_dereference(sk->sk_wq), how, band);
		rcu_read_unlock();
	}
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* sk_wake_async() for a caller already in an RCU read-side section */
static inline void sk_wake_async_rcu(const struct sock *sk, int how, int band)
{
	if (unlikely(sock_flag(sk, SOCK_FASYNC)))
		sock_wake_async(rcu_dereference(sk->sk_wq), how, band);
}
#endif

/* sk_wmem_alloc starts at 1 so that the socket outlives its packets */
#define SK_WMEM_ALLOC_BIAS 1

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* writeable while less than half the send buffer is charged */
static inline bool __sock_writeable(const struct sock *sk, int wmem_alloc)
{
	return wmem_alloc < (READ_ONCE(sk->sk_sndbuf) >> 1);
}

/* sockcm_cookie.tsflags: ts_opt_id holds the OPT_ID key a cmsg gave */
#define SOCKCM_FLAG_TS_OPT_ID	BIT(31)
#endif

/*
 * The skb tx_flags a socket's timestamping flags ask for (SOF_TIMESTAMPING_TX_*
 * to SKBTX_*), ORed into *tx_flags (net/socket.c).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void __sock_tx_timestamp(__u32 tsflags, __u8 *tx_flags);
#else
void __sock_tx_timestamp(__u16 tsflags, __u8 *tx_flags);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * The tx_flags of a packet the socket sends under sockc and, with tskey, the
 * OPT_ID key it carries: the cmsg's, or the socket's next sk_tskey.
 */
static inline void _sock_tx_timestamp(struct sock *sk, const struct sockcm_cookie *sockc,
				      __u8 *tx_flags, __u32 *tskey)
{
	__u32 tsflags = sockc->tsflags;

	if (unlikely(tsflags)) {
		__sock_tx_timestamp(tsflags, tx_flags);
		if (tsflags & SOF_TIMESTAMPING_OPT_ID && tskey &&
		    tsflags & SOF_TIMESTAMPING_TX_RECORD_MASK) {
			if (tsflags & SOCKCM_FLAG_TS_OPT_ID)
				*tskey = sockc->ts_opt_id;
			else
				*tskey = atomic_inc_return(&sk->sk_tskey) - 1;
		}
	}
}

static inline void sock_tx_timestamp(struct sock *sk, const struct sockcm_cookie *sockc,
				     __u8 *tx_flags)
{
	_sock_tx_timestamp(sk, sockc, tx_flags, NULL);
}

static inline void skb_setup_tx_timestamp(struct sk_buff *skb,
					  const struct sockcm_cookie *sockc)
{
	_sock_tx_timestamp(skb->sk, sockc, &skb_shinfo(skb)->tx_flags,
			   &skb_shinfo(skb)->tskey);
}

/* a socket whose packets report their Wi-Fi acknowledgement (SO_WIFI_STATUS) */
static inline bool sk_requests_wifi_status(struct sock *sk)
{
	return sk && sk_fullsock(sk) && sock_flag(sk, SOCK_WIFI_STATUS);
}
#else
/*
 * The tx_flags of a packet the socket sends with timestamping flags tsflags
 * and, with tskey, the socket's next sk_tskey for OPT_ID; SO_WIFI_STATUS too.
 */
static inline void _sock_tx_timestamp(struct sock *sk, __u16 tsflags,
				      __u8 *tx_flags, __u32 *tskey)
{
	if (unlikely(tsflags)) {
		__sock_tx_timestamp(tsflags, tx_flags);
		if (tsflags & SOF_TIMESTAMPING_OPT_ID && tskey &&
		    tsflags & SOF_TIMESTAMPING_TX_RECORD_MASK)
			*tskey = atomic_inc_return(&sk->sk_tskey) - 1;
	}
	if (unlikely(sock_flag(sk, SOCK_WIFI_STATUS)))
		*tx_flags |= SKBTX_WIFI_STATUS;
}

static inline void sock_tx_timestamp(struct sock *sk, __u16 tsflags, __u8 *tx_flags)
{
	_sock_tx_timestamp(sk, tsflags, tx_flags, NULL);
}

static inline void skb_setup_tx_timestamp(struct sk_buff *skb, __u16 tsflags)
{
	_sock_tx_timestamp(skb->sk, tsflags, &skb_shinfo(skb)->tx_flags,
			   &skb_shinfo(skb)->tskey);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* early demux: the packet holds a reference on sk until it is freed */
static inline void skb_set_owner_edemux(struct sk_buff *skb, struct sock *sk)
{
	skb_orphan(skb);
	if (refcount_inc_not_zero(&sk->sk_refcnt)) {
		skb->sk = sk;
		skb->destructor = sock_edemux;
	}
}
#endif

/* a clone of skb charged to sk's receive memory, or NULL (no memory, no room) */
static inline struct sk_buff *skb_clone_and_charge_r(struct sk_buff *skb, struct sock *sk)
{
	skb = skb_clone(skb, sk_gfp_mask(sk, GFP_ATOMIC));
	if (skb) {
		if (sk_rmem_schedule(sk, skb, skb->truesize)) {
			skb_set_owner_r(skb, sk);
			return skb;
		}
		__kfree_skb(skb);
	}
	return NULL;
}

/* a socket's owner module is tracked with lockdep only (not in Debian's config) */
static inline void sk_owner_set(struct sock *sk, struct module *owner)
{
}

static inline void sk_owner_clear(struct sock *sk)
{
}

static inline void sk_owner_put(struct sock *sk)
{
}

/* zero a socket of size bytes but its sk_node.next (a nulls list's RCU walkers read it) */
static inline void sk_prot_clear_nulls(struct sock *sk, int size)
{
	if (offsetof(struct sock, sk_node.next) != 0)
		memset(sk, 0, offsetof(struct sock, sk_node.next));
	memset(&sk->sk_node.pprev, 0, size - offsetof(struct sock, sk_node.pprev));
}

/* another protocol's operations for sk (a ULP's); zero-copy no longer holds */
static inline void sock_replace_proto(struct sock *sk, struct proto *proto)
{
	if (sk->sk_socket)
		clear_bit(SOCK_SUPPORT_ZC, &sk->sk_socket->flags);
	WRITE_ONCE(sk->sk_prot, proto);
}

/* a packet going into GRO keeps its socket only if it is a local sender's */
static inline void skb_prepare_for_gro(struct sk_buff *skb)
{
	if (skb->destructor != sock_wfree) {
		skb_orphan(skb);
		return;
	}
	skb->slow_gro = 1;
}

/*
 * A packet that came in on device dif is the socket's: it is bound to no
 * device, to dif, or to the L3 master (VRF) dif is enslaved to.
 */
static inline bool sk_dev_equal_l3scope(struct sock *sk, int dif)
{
	int bound_dev_if = READ_ONCE(sk->sk_bound_dev_if);
	int mdif;

	if (!bound_dev_if || bound_dev_if == dif)
		return true;
	mdif = l3mdev_master_ifindex_by_index(sock_net(sk), dif);
	if (mdif && mdif == bound_dev_if)
		return true;
	return false;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the families that pass SCM rights and credentials (Debian: UNIX, Bluetooth) */
static inline bool sk_may_scm_recv(const struct sock *sk)
{
	return sk->sk_family == AF_UNIX || sk->sk_family == AF_NETLINK ||
	       sk->sk_family == AF_BLUETOOTH;
}
#endif

/* poll(): wait on the socket's wait queue (7.x: poll_wait() checks the table itself) */
static inline void sock_poll_wait(struct file *filp, struct socket *sock, poll_table *p)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	poll_wait(filp, &sock->wq.wait, p);
#else
	if (!poll_does_not_wait(p)) {
		poll_wait(filp, &sock->wq.wait, p);
		/* pairs with wq_has_sleeper()'s barrier */
		smp_mb();
	}
#endif
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/jump_label.h>
#include <linux/cache.h>
#include <linux/bitops.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/sched.h>
#include <linux/rbtree.h>
#include <net/checksum.h>
#include <linux/bvec.h>
#include <linux/rtnetlink.h>
#include <net/netlink.h>
#include <net/rtnetlink.h>
#include <net/netns/hash.h>
#endif
