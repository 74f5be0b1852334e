/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_IPV6_H
#define _QDK_SHIM_LINUX_IPV6_H

#include_next <linux/ipv6.h>

#include <linux/skbuff.h>

static inline struct ipv6hdr *ipv6_hdr(const struct sk_buff *skb)
{
	return (struct ipv6hdr *)skb_network_header(skb);
}

#endif
