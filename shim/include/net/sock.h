/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct sock, reduced to what qdiscs read. The shim's packets never carry
 * a socket (skb->sk is NULL), so qdiscs take their socket-less paths (fq
 * classifies by flow hash, as for forwarded traffic).
 */
#ifndef _SOCK_H
#define _SOCK_H

#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <net/tcp_states.h>

enum sk_pacing {
	SK_PACING_NONE		= 0,
	SK_PACING_NEEDED	= 1,
	SK_PACING_FQ		= 2,
};

struct sock {
	u32			sk_hash;
	volatile unsigned char	sk_state;
	u32			sk_priority;
	u32			sk_mark;
	unsigned long		sk_pacing_rate;
	unsigned long		sk_max_pacing_rate;
	u8			sk_pacing_status;
	u8			sk_pacing_shift;
	int			sk_wmem_queued;
	refcount_t		sk_wmem_alloc;
};

static inline bool sk_fullsock(const struct sock *sk)
{
	return (1 << sk->sk_state) & ~(TCPF_TIME_WAIT | TCPF_NEW_SYN_RECV);
}

static inline bool sk_listener(const struct sock *sk)
{
	return (1 << sk->sk_state) & (TCPF_LISTEN | TCPF_NEW_SYN_RECV);
}

#endif
