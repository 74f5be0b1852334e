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
#include <linux/net.h>
#include <linux/in.h>
#include <linux/version.h>
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
	u16			sk_type;
	u16			sk_protocol;
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

#endif
