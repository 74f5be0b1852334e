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
	__u16			inet_id;
	__u8			tos;
	__u8			min_ttl;
	__u8			mc_ttl;
	__u8			pmtudisc;
	__u8			rcv_tos;
	__u8			convert_csum;
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


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitops.h>
#include <linux/string.h>
#include <linux/jhash.h>
#include <linux/netdevice.h>
#include <net/tcp_states.h>
#endif
