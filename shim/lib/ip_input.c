// SPDX-License-Identifier: GPL-2.0
/*
 * ip_input.c - net/ipv4/ip_input.c's export: local delivery to the
 * transport protocols, which the shim has not (qdk/unmodelled.h).
 */
#include <linux/export.h>
#include <net/ip.h>
#include <qdk/unmodelled.h>

int ip_local_deliver(struct sk_buff *skb)
{
	QDK_UNMODELLED(ip_local_deliver, "no IPv4 input path or transport protocols");
}
EXPORT_SYMBOL(ip_local_deliver);
