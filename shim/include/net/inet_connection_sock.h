/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct inet_connection_sock: a connection-oriented inet socket (TCP),
 * struct inet_sock first (inet_csk()), with the congestion control state a
 * qdisc may read (icsk_ca_state: enum tcp_ca_state of uapi linux/tcp.h,
 * icsk_ca_ops) and the private area of the congestion control module.
 */
#ifndef _INET_CONNECTION_SOCK_H
#define _INET_CONNECTION_SOCK_H

#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/timer.h>
#include <linux/version.h>
#include <linux/sockptr.h>
#include <net/inet_sock.h>
#include <net/request_sock.h>

struct tcp_congestion_ops;
struct tcp_ulp_ops;
struct request_sock;

struct flowi;
struct dst_entry;

/*
 * The address family's side of a connection socket (IPv4's or IPv6's):
 * net_header_len is what TCP's MSS and MTU computations subtract.
 */
struct inet_connection_sock_af_ops {
	int	    (*queue_xmit)(struct sock *sk, struct sk_buff *skb, struct flowi *fl);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u16	    net_header_len;
#else
	void	    (*send_check)(struct sock *sk, struct sk_buff *skb);
#endif
	int	    (*rebuild_header)(struct sock *sk);
	void	    (*sk_rx_dst_set)(struct sock *sk, const struct sk_buff *skb);
	int	    (*conn_request)(struct sock *sk, struct sk_buff *skb);
	struct sock *(*syn_recv_sock)(const struct sock *sk, struct sk_buff *skb,
				      struct request_sock *req, struct dst_entry *dst,
				      struct request_sock *req_unhash, bool *own_req,
				      void (*opt_child_init)(struct sock *newsk,
							     const struct sock *sk));
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	u16	    net_header_len;
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	u16	    net_frag_header_len;	/* IPv6's fragment header (RTAX_FEATURE_ALLFRAG) */
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	u16	    sockaddr_len;
#endif
	int	    (*setsockopt)(struct sock *sk, int level, int optname,
				  sockptr_t optval, unsigned int optlen);
	int	    (*getsockopt)(struct sock *sk, int level, int optname,
				  char __user *optval, int __user *optlen);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	void	    (*addr2sockaddr)(struct sock *sk, struct sockaddr *);
#endif
	void	    (*mtu_reduced)(struct sock *sk);
};

struct inet_connection_sock {
	struct inet_sock	  icsk_inet;
	struct request_sock_queue icsk_accept_queue;	/* a listener's children */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	/* the retransmit timer is the socket's (sk->tcp_retransmit_timer) */
	struct timer_list	  icsk_delack_timer;
	union {
		struct timer_list icsk_keepalive_timer;
		struct timer_list mptcp_tout_timer;
	};
#else
	struct timer_list	  icsk_retransmit_timer;
	struct timer_list	  icsk_delack_timer;
#endif
	__u32			  icsk_rto;
	__u32			  icsk_rto_min;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32			  icsk_rto_max;	/* TCP_RTO_MAX_MS, or TCP_RTO_MAX */
#endif
	__u32			  icsk_delack_max;
	__u32			  icsk_pmtu_cookie;
	const struct tcp_congestion_ops *icsk_ca_ops;
	const struct inet_connection_sock_af_ops *icsk_af_ops;
	__u8			  icsk_ca_state:5,
				  icsk_ca_initialized:1,
				  icsk_ca_setsockopt:1,
				  icsk_ca_dst_locked:1;
	__u8			  icsk_retransmits;
	__u8			  icsk_pending;
	__u8			  icsk_backoff;
	__u8			  icsk_syn_retries;
	__u8			  icsk_probes_out;
	__u16			  icsk_ext_hdr_len;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	unsigned long		  icsk_timeout;		/* the retransmit timer's expiry */
#endif
	const struct tcp_ulp_ops  *icsk_ulp_ops;
	void __rcu		  *icsk_ulp_data;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	void			  (*icsk_clean_acked)(struct sock *sk, u32 acked_seq);
#endif
	/* the delayed ACK machine */
	struct {
		__u8		  pending;	/* enum inet_csk_ack_state_t */
		__u8		  quick;	/* quick ACKs still to send */
		__u8		  pingpong;	/* interactive session count */
		__u8		  retry;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define ATO_BITS 8
		__u32		  ato:ATO_BITS,
				  lrcv_flowlabel:20,
				  dst_quick_ack:1,
				  unused:3;
#else
		__u32		  ato;
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
		unsigned long	  timeout;
#endif
		__u32		  lrcvtime;
		__u16		  last_seg_size;
		__u16		  rcv_mss;
	} icsk_ack;
	/* path MTU probing */
	struct {
		int		  search_high;
		int		  search_low;
		u32		  probe_size:31,
				  enabled:1;
		u32		  probe_timestamp;
	} icsk_mtup;
	u32			  icsk_probes_tstamp;
	u32			  icsk_user_timeout;
	u64			  icsk_ca_priv[104 / sizeof(u64)];
#define ICSK_CA_PRIV_SIZE	  sizeof_field(struct inet_connection_sock, icsk_ca_priv)
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define inet_csk(ptr) container_of_const(ptr, struct inet_connection_sock, icsk_inet.sk)
#else
static inline struct inet_connection_sock *inet_csk(const struct sock *sk)
{
	return (struct inet_connection_sock *)sk;
}
#endif

static inline void *inet_csk_ca(const struct sock *sk)
{
	return (void *)inet_csk(sk)->icsk_ca_priv;
}

/* the listener's requests in SYN_RECV, against its backlog */
static inline int inet_csk_reqsk_queue_len(const struct sock *sk)
{
	return reqsk_queue_len(&inet_csk(sk)->icsk_accept_queue);
}

static inline void inet_csk_reqsk_queue_added(struct sock *sk)
{
	reqsk_queue_added(&inet_csk(sk)->icsk_accept_queue);
}

static inline int inet_csk_reqsk_queue_is_full(const struct sock *sk)
{
	return inet_csk_reqsk_queue_len(sk) > READ_ONCE(sk->sk_max_ack_backlog);
}

/* a listener is readable when an established child waits for accept() */
static inline __poll_t inet_csk_listen_poll(const struct sock *sk)
{
	return !reqsk_queue_empty(&inet_csk(sk)->icsk_accept_queue) ?
	       (EPOLLIN | EPOLLRDNORM) : 0;
}

static inline void inet_init_csk_locks(struct sock *sk)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	spin_lock_init(&icsk->icsk_accept_queue.rskq_lock);
	spin_lock_init(&icsk->icsk_accept_queue.fastopenq.lock);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* the request's SYN-ACK timeout after num_timeout doublings, at most max_timeout */
static inline unsigned long reqsk_timeout(struct request_sock *req, unsigned long max_timeout)
{
	u64 timeout = (u64)req->timeout << req->num_timeout;

	return (unsigned long)min_t(u64, timeout, max_timeout);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* an upper layer protocol (kTLS, MPTCP ...) on a connection socket */
static inline bool inet_csk_has_ulp(const struct sock *sk)
{
	return inet_test_bit(IS_ICSK, sk) && !!inet_csk(sk)->icsk_ulp_ops;
}
#else
static inline bool inet_csk_has_ulp(struct sock *sk)
{
	return inet_sk(sk)->is_icsk && !!inet_csk(sk)->icsk_ulp_ops;
}
#endif


#define ICSK_TIME_RETRANS	1	/* the retransmit timer */
#define ICSK_TIME_DACK		2	/* the delayed ACK timer */
#define ICSK_TIME_PROBE0	3	/* the zero window probe timer */
#define ICSK_TIME_LOSS_PROBE	5	/* the tail loss probe timer */
#define ICSK_TIME_REO_TIMEOUT	6	/* the reordering timer */

/*
 * A connection's timers (lib/inet_connection_sock.c): the retransmit and
 * delayed ACK timers and the keepalive timer (sk_timer; 7.x's
 * icsk_keepalive_timer, its retransmit timer sk->tcp_retransmit_timer) get
 * their handlers;
 * clearing them stops each and gives back the socket reference an armed
 * one holds.
 */
void inet_csk_init_xmit_timers(struct sock *sk,
			       void (*retransmit_handler)(struct timer_list *),
			       void (*delack_handler)(struct timer_list *),
			       void (*keepalive_handler)(struct timer_list *));
void inet_csk_clear_xmit_timers(struct sock *sk);
void inet_csk_clear_xmit_timers_sync(struct sock *sk);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
void inet_csk_delete_keepalive_timer(struct sock *sk);
void inet_csk_reset_keepalive_timer(struct sock *sk, unsigned long timeout);
void inet_csk_addr2sockaddr(struct sock *sk, struct sockaddr *uaddr);
#endif

enum inet_csk_ack_state_t {
	ICSK_ACK_SCHED	= 1,
	ICSK_ACK_TIMER	= 2,
	ICSK_ACK_PUSHED	= 4,
	ICSK_ACK_PUSHED2 = 8,
	ICSK_ACK_NOW	= 16,	/* the next ACK at once */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	ICSK_ACK_NOMEM	= 32,
#endif
};

static inline void inet_csk_schedule_ack(struct sock *sk)
{
	inet_csk(sk)->icsk_ack.pending |= ICSK_ACK_SCHED;
}

static inline int inet_csk_ack_scheduled(const struct sock *sk)
{
	return inet_csk(sk)->icsk_ack.pending & ICSK_ACK_SCHED;
}

static inline void inet_csk_delack_init(struct sock *sk)
{
	memset(&inet_csk(sk)->icsk_ack, 0, sizeof(inet_csk(sk)->icsk_ack));
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline unsigned long tcp_timeout_expires(const struct sock *sk)
{
	return READ_ONCE(sk->tcp_retransmit_timer.expires);
}

static inline unsigned long icsk_delack_timeout(const struct inet_connection_sock *icsk)
{
	return READ_ONCE(icsk->icsk_delack_timer.expires);
}
#endif

/* the timer's pending state cleared (the kernel leaves the timer to fire idle) */
static inline void inet_csk_clear_xmit_timer(struct sock *sk, const int what)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	if (what == ICSK_TIME_RETRANS || what == ICSK_TIME_PROBE0) {
		smp_store_release(&icsk->icsk_pending, 0);
	} else if (what == ICSK_TIME_DACK) {
		smp_store_release(&icsk->icsk_ack.pending, 0);
		icsk->icsk_ack.retry = 0;
	} else {
		pr_debug("inet_csk BUG: unknown timer value\n");
	}
}

/* a connection timer armed when jiffies from now, at most max_when */
static inline void inet_csk_reset_xmit_timer(struct sock *sk, const int what,
					     unsigned long when,
					     const unsigned long max_when)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	if (when > max_when)
		when = max_when;
	when += jiffies;
	if (what == ICSK_TIME_RETRANS || what == ICSK_TIME_PROBE0 ||
	    what == ICSK_TIME_LOSS_PROBE || what == ICSK_TIME_REO_TIMEOUT) {
		smp_store_release(&icsk->icsk_pending, what);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
		sk_reset_timer(sk, &sk->tcp_retransmit_timer, when);
#else
		icsk->icsk_timeout = when;
		sk_reset_timer(sk, &icsk->icsk_retransmit_timer, when);
#endif
	} else if (what == ICSK_TIME_DACK) {
		smp_store_release(&icsk->icsk_ack.pending,
				  icsk->icsk_ack.pending | ICSK_ACK_TIMER);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
		icsk->icsk_ack.timeout = when;
#endif
		sk_reset_timer(sk, &icsk->icsk_delack_timer, when);
	} else {
		pr_debug("inet_csk BUG: unknown timer value\n");
	}
}

/* the RTO after icsk_backoff doublings, at most max_when */
static inline unsigned long inet_csk_rto_backoff(const struct inet_connection_sock *icsk,
						 unsigned long max_when)
{
	u64 when = (u64)icsk->icsk_rto << icsk->icsk_backoff;

	return (unsigned long)min_t(u64, when, max_when);
}

/*
 * Interactive (ping-pong) mode: 6.12 and 7.x read the threshold from
 * net.ipv4.tcp_pingpong_thresh, whose default (1) the shim's namespaces
 * keep: it has no sysctl to change it.
 */
#define TCP_PINGPONG_THRESH	1

static inline void inet_csk_enter_pingpong_mode(struct sock *sk)
{
	inet_csk(sk)->icsk_ack.pingpong = TCP_PINGPONG_THRESH;
}

static inline void inet_csk_exit_pingpong_mode(struct sock *sk)
{
	inet_csk(sk)->icsk_ack.pingpong = 0;
}

static inline bool inet_csk_in_pingpong_mode(struct sock *sk)
{
	return inet_csk(sk)->icsk_ack.pingpong >= TCP_PINGPONG_THRESH;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void inet_csk_inc_pingpong_cnt(struct sock *sk)
{
	struct inet_connection_sock *icsk = inet_csk(sk);

	if (icsk->icsk_ack.pingpong < U8_MAX)
		icsk->icsk_ack.pingpong++;
}
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/poll.h>
#include <linux/kernel.h>
#include <linux/unaligned.h>
#endif
