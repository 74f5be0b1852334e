/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/errqueue.h: the uapi's extended errors (the system's) and the
 * control block of a packet on a socket's error queue (etf's late
 * packets: sock_queue_err_skb(), lib/skbuff.c).
 */
#ifndef _QDK_SHIM_LINUX_ERRQUEUE_H
#define _QDK_SHIM_LINUX_ERRQUEUE_H

#include <net/ip.h>
#include <linux/ipv6.h>
/* (the uapi's scm_timestamping: the kernel's is of __kernel_old_timespec) */
#define timespec __kernel_old_timespec
#include_next <linux/errqueue.h>
#undef timespec

#define SKB_EXT_ERR(skb) ((struct sock_exterr_skb *) ((skb)->cb))

struct sock_exterr_skb {
	union {
		struct inet_skb_parm	h4;
		struct inet6_skb_parm	h6;
	} header;
	struct sock_extended_err	ee;
	u16				addr_offset;
	__be16				port;
	u8				opt_stats:1,
					unused:7;
};

#endif
