/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A connection request (SYN_RECV) as a struct sock_common-headed object:
 * what sk_to_full_sk() follows to its listener. Request queues and their
 * timers are not modelled (no TCP stack).
 */
#ifndef _REQUEST_SOCK_H
#define _REQUEST_SOCK_H

#include <linux/timer.h>
#include <linux/types.h>
#include <net/sock.h>

struct request_sock_ops;
struct saved_syn;

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

#endif
