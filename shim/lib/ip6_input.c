// SPDX-License-Identifier: GPL-2.0
/*
 * ip6_input.c - net/ipv6/ip6_input.c's exports: the IPv6 receive path,
 * which the shim has not (qdk/unmodelled.h).
 */
#include <linux/export.h>
#include <net/dst.h>
#include <qdk/unmodelled.h>

int ip6_input(struct sk_buff *skb)
{
	QDK_UNMODELLED(ip6_input, "no IPv6 receive path");
}
EXPORT_SYMBOL_GPL(ip6_input);
