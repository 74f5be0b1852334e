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
#include <net/inet_sock.h>

struct tcp_congestion_ops;

struct inet_connection_sock {
	struct inet_sock	  icsk_inet;
	struct timer_list	  icsk_retransmit_timer;
	struct timer_list	  icsk_delack_timer;
	__u32			  icsk_rto;
	__u32			  icsk_rto_min;
	__u32			  icsk_delack_max;
	__u32			  icsk_pmtu_cookie;
	const struct tcp_congestion_ops *icsk_ca_ops;
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


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/poll.h>
#include <linux/kernel.h>
#endif
