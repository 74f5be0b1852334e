/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_UDP_H
#define _QDK_SHIM_LINUX_UDP_H

#include_next <linux/udp.h>

#include <linux/skbuff.h>

static inline struct udphdr *udp_hdr(const struct sk_buff *skb)
{
	return (struct udphdr *)skb_transport_header(skb);
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <net/inet_sock.h>

/*
 * A UDP socket as udp_prot allocates it: struct inet_sock first, so that
 * udp_sk() and inet_sk() of its struct sock are valid (a replayed packet's
 * skb->sk, traces/FORMAT.md "Sockets").
 */
struct udp_sock {
	struct inet_sock inet;
	unsigned long	 udp_flags;
	int		 pending;
	__u8		 encap_type;
	__u16		 len;
	__u16		 gso_size;
	__u16		 pcslen;
	__u16		 pcrlen;
};

static inline struct udp_sock *udp_sk(const struct sock *sk)
{
	return (struct udp_sock *)sk;
}
#endif
