// SPDX-License-Identifier: GPL-2.0
/*
 * output_core.c - net/ipv6/output_core.c's exports. The shim has no routes,
 * no per-namespace identifier state and no IPv6 output path, so these stop
 * the call (qdk/unmodelled.h).
 */
#include <linux/export.h>
#include <net/ipv6.h>
#include <qdk/unmodelled.h>

__be32 ipv6_select_ident(struct net *net, const struct in6_addr *daddr,
			 const struct in6_addr *saddr)
{
	QDK_UNMODELLED(ipv6_select_ident, "no IPv6 fragment identifier state");
}
EXPORT_SYMBOL(ipv6_select_ident);

int ip6_find_1stfragopt(struct sk_buff *skb, u8 **nexthdr)
{
	QDK_UNMODELLED(ip6_find_1stfragopt, "no IPv6 fragmentation path");
}
EXPORT_SYMBOL(ip6_find_1stfragopt);

int ip6_dst_hoplimit(struct dst_entry *dst)
{
	QDK_UNMODELLED(ip6_dst_hoplimit, "no routes (dst entries)");
}
EXPORT_SYMBOL(ip6_dst_hoplimit);

int __ip6_local_out(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	QDK_UNMODELLED(__ip6_local_out, "no IPv6 output path");
}
EXPORT_SYMBOL_GPL(__ip6_local_out);

int ip6_local_out(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	QDK_UNMODELLED(ip6_local_out, "no IPv6 output path");
}
EXPORT_SYMBOL_GPL(ip6_local_out);
