// SPDX-License-Identifier: GPL-2.0
/*
 * route.c - net/ipv4/route.c's exports the shim's headers declare. The
 * shim has no routing tables and no IP identifier buckets (whose values
 * come from a boot-time key and the time between packets), so these stop
 * the call (qdk/unmodelled.h).
 */
#include <linux/export.h>
#include <net/dst.h>
#include <net/ip.h>
#include <qdk/unmodelled.h>

void __ip_select_ident(struct net *net, struct iphdr *iph, int segs)
{
	QDK_UNMODELLED(__ip_select_ident, "no IP identifier state (boot key, buckets)");
}
EXPORT_SYMBOL(__ip_select_ident);

/* a route's MTU: the shim has no IPv4 routes (dst_mtu() reaches it through one) */
unsigned int ipv4_mtu(const struct dst_entry *dst)
{
	QDK_UNMODELLED(ipv4_mtu, "no IPv4 routes");
}
EXPORT_SYMBOL(ipv4_mtu);

struct dst_entry *ipv4_dst_check(struct dst_entry *dst, u32 cookie)
{
	QDK_UNMODELLED(ipv4_dst_check, "no IPv4 routes");
}
EXPORT_SYMBOL(ipv4_dst_check);
