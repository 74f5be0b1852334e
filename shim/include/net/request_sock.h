/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A connection request (SYN_RECV) as a struct sock_common-headed object:
 * what sk_to_full_sk() follows to its listener; its life (reqsk_alloc(),
 * reference counting, __reqsk_free()) and a listener's accept queue of
 * established children (struct request_sock_queue) with its counters. The
 * SYN-ACK timers and the handshake that fills the queue are TCP's, not
 * modelled.
 */
#ifndef _REQUEST_SOCK_H
#define _REQUEST_SOCK_H

#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <linux/version.h>
#include <net/sock.h>

struct request_sock;
struct tcp_fastopen_context;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
enum sk_rst_reason;
#endif

/* what a protocol does with its requests (tcp_request_sock_ops ...) */
struct request_sock_ops {
	int		family;
	unsigned int	obj_size;
	struct kmem_cache *slab;
	char		*slab_name;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	int		(*rtx_syn_ack)(const struct sock *sk, struct request_sock *req);
#endif
	void		(*send_ack)(const struct sock *sk, struct sk_buff *skb,
				    struct request_sock *req);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	void		(*send_reset)(const struct sock *sk, struct sk_buff *skb,
				      enum sk_rst_reason reason);
#else
	void		(*send_reset)(const struct sock *sk, struct sk_buff *skb);
#endif
	void		(*destructor)(struct request_sock *req);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	void		(*syn_ack_timeout)(const struct request_sock *req);
#endif
};

/* the SYN's headers kept for TCP_SAVED_SYN */
struct saved_syn {
	u32	mac_hdrlen;
	u32	network_hdrlen;
	u32	tcp_hdrlen;
	u8	data[];
};

struct request_sock {
	struct sock_common		__req_common;
#define rsk_refcnt			__req_common.skc_refcnt
#define rsk_hash			__req_common.skc_hash
#define rsk_listener			__req_common.skc_listener
#define rsk_window_clamp		__req_common.skc_window_clamp
#define rsk_rcv_wnd			__req_common.skc_rcv_wnd
	struct request_sock		*dl_next;
	u16				mss;
	u8				num_retrans;
	u8				syncookie:1;
	u8				num_timeout:7;
	u32				ts_recent;
	struct timer_list		rsk_timer;
	const struct request_sock_ops	*rsk_ops;
	struct sock			*sk;
	struct saved_syn		*saved_syn;
	u32				secid;
	u32				peer_secid;
	u32				timeout;
};

static inline struct request_sock *inet_reqsk(const struct sock *sk)
{
	return (struct request_sock *)sk;
}

static inline struct sock *req_to_sk(struct request_sock *req)
{
	return (struct sock *)req;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/*
 * a request from ops' slab, holding a reference on its listener when
 * attached; its own count starts at 0 (the hash insertion sets it)
 */
static inline struct request_sock *reqsk_alloc(const struct request_sock_ops *ops,
					       struct sock *sk_listener, bool attach_listener)
{
	struct request_sock *req = kmem_cache_alloc(ops->slab, GFP_ATOMIC | __GFP_NOWARN);

	if (!req)
		return NULL;
	req->rsk_listener = NULL;
	if (attach_listener) {
		if (unlikely(!refcount_inc_not_zero(&sk_listener->sk_refcnt))) {
			kmem_cache_free(ops->slab, req);
			return NULL;
		}
		req->rsk_listener = sk_listener;
	}
	req->rsk_ops = ops;
	req_to_sk(req)->sk_prot = sk_listener->sk_prot;
	sk_node_init(&req_to_sk(req)->sk_node);
	sk_tx_queue_clear(req_to_sk(req));
	req->saved_syn = NULL;
	req->timeout = 0;
	req->num_timeout = 0;
	req->num_retrans = 0;
	req->sk = NULL;
	refcount_set(&req->rsk_refcnt, 0);
	return req;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void __reqsk_free(struct request_sock *req);
#else
/* the protocol's destructor, the listener's reference, the saved SYN, the object */
static inline void __reqsk_free(struct request_sock *req)
{
	req->rsk_ops->destructor(req);
	if (req->rsk_listener)
		sock_put(req->rsk_listener);
	kfree(req->saved_syn);
	kmem_cache_free(req->rsk_ops->slab, req);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void reqsk_free(struct request_sock *req)
{
	/* DEBUG_NET_WARN_ON_ONCE(refcount): compiled out without CONFIG_DEBUG_NET */
	__reqsk_free(req);
}

static inline void reqsk_put(struct request_sock *req)
{
	if (refcount_dec_and_test(&req->rsk_refcnt))
		__reqsk_free(req);
}
#else
static inline void reqsk_free(struct request_sock *req)
{
	WARN_ON_ONCE(refcount_read(&req->rsk_refcnt) != 0);
	__reqsk_free(req);
}

static inline void reqsk_put(struct request_sock *req)
{
	if (refcount_dec_and_test(&req->rsk_refcnt))
		reqsk_free(req);
}
#endif

/* a TCP Fast Open listener's requests (max_qlen 0: TFO off) */
struct fastopen_queue {
	struct request_sock	*rskq_rst_head;	/* past TFO requests reset */
	struct request_sock	*rskq_rst_tail;
	spinlock_t		lock;
	int			qlen;		/* pending (SYN_RECV) */
	int			max_qlen;
	struct tcp_fastopen_context __rcu *ctx;
};

/* a listener's requests: the count in SYN_RECV and the accepted children's FIFO */
struct request_sock_queue {
	spinlock_t		rskq_lock;
	u8			rskq_defer_accept;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u8			synflood_warned;
#else
	u32			synflood_warned;
#endif
	atomic_t		qlen;
	atomic_t		young;		/* not timed out yet */
	struct request_sock	*rskq_accept_head;
	struct request_sock	*rskq_accept_tail;
	struct fastopen_queue	fastopenq;
};

static inline bool reqsk_queue_empty(const struct request_sock_queue *queue)
{
	return READ_ONCE(queue->rskq_accept_head) == NULL;
}

/* the oldest established child, taken for accept() */
static inline struct request_sock *reqsk_queue_remove(struct request_sock_queue *queue,
						      struct sock *parent)
{
	struct request_sock *req;

	spin_lock_bh(&queue->rskq_lock);
	req = queue->rskq_accept_head;
	if (req) {
		sk_acceptq_removed(parent);
		WRITE_ONCE(queue->rskq_accept_head, req->dl_next);
		if (!queue->rskq_accept_head)
			queue->rskq_accept_tail = NULL;
	}
	spin_unlock_bh(&queue->rskq_lock);
	return req;
}

/* a request leaves SYN_RECV: young only if it never timed out */
static inline void reqsk_queue_removed(struct request_sock_queue *queue,
				       const struct request_sock *req)
{
	if (req->num_timeout == 0)
		atomic_dec(&queue->young);
	atomic_dec(&queue->qlen);
}

static inline void reqsk_queue_added(struct request_sock_queue *queue)
{
	atomic_inc(&queue->young);
	atomic_inc(&queue->qlen);
}

static inline int reqsk_queue_len(const struct request_sock_queue *queue)
{
	return atomic_read(&queue->qlen);
}

static inline int reqsk_queue_len_young(const struct request_sock_queue *queue)
{
	return atomic_read(&queue->young);
}

#endif
