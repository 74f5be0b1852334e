// SPDX-License-Identifier: GPL-2.0
/*
 * ip_fragment.c - net/ipv4/ip_fragment.c's exports: reassembly, which
 * needs the per-namespace fragment queues and their timers that the shim
 * has not (qdk/unmodelled.h).
 */
#include <linux/export.h>
#include <net/ip.h>
#include <qdk/unmodelled.h>

int ip_defrag(struct net *net, struct sk_buff *skb, u32 user)
{
	QDK_UNMODELLED(ip_defrag, "no IPv4 fragment queues");
}
EXPORT_SYMBOL(ip_defrag);

struct sk_buff *ip_check_defrag(struct net *net, struct sk_buff *skb, u32 user)
{
	QDK_UNMODELLED(ip_check_defrag, "no IPv4 fragment queues");
}
EXPORT_SYMBOL(ip_check_defrag);
