// SPDX-License-Identifier: GPL-2.0
/*
 * ip6_output.c - net/ipv6/ip6_output.c's exports: routed output and
 * sockets' corked frames, which the shim has not (qdk/unmodelled.h).
 */
#include <linux/export.h>
#include <net/ipv6.h>
#include <qdk/unmodelled.h>

int ip6_output(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	QDK_UNMODELLED(ip6_output, "no routes or IPv6 output path");
}

int ip6_push_pending_frames(struct sock *sk)
{
	QDK_UNMODELLED(ip6_push_pending_frames, "no IPv6 sockets");
}
EXPORT_SYMBOL_GPL(ip6_push_pending_frames);

void ip6_flush_pending_frames(struct sock *sk)
{
	QDK_UNMODELLED(ip6_flush_pending_frames, "no IPv6 sockets");
}
EXPORT_SYMBOL_GPL(ip6_flush_pending_frames);
