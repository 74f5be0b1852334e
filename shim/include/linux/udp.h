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
#endif
