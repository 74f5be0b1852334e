/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NET_IP_H
#define _NET_IP_H
#include <linux/ip.h>
#include <linux/in.h>
#include <net/checksum.h>
#include <net/net_namespace.h>

/* IP flags */
#define IP_CE		0x8000
#define IP_DF		0x4000
#define IP_MF		0x2000
#define IP_OFFSET	0x1FFF

/* the header checksum of an IPv4 header whose other fields are final */
static inline void ip_send_check(struct iphdr *iph)
{
	iph->check = 0;
	iph->check = ip_fast_csum((unsigned char *)iph, iph->ihl);
}

static inline bool ip_is_fragment(const struct iphdr *iph)
{
	return (iph->frag_off & htons(IP_MF | IP_OFFSET)) != 0;
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/types.h>
#include <linux/skbuff.h>
#include <linux/jhash.h>
#include <net/inet_sock.h>
#include <net/flow_dissector.h>
#include <linux/ipv6.h>
#endif
