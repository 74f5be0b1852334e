// SPDX-License-Identifier: GPL-2.0
/*
 * udp.c - what net/ipv4/udp.c and net/ipv6/udp.c keep that a module reads:
 * the static keys that say a socket of the system decapsulates (a UDP
 * tunnel's encap_rcv). The shim's sockets never do, so they stay off;
 * linux/udp.h's udp_encap_needed() reads them.
 */
#include <linux/export.h>
#include <linux/jump_label.h>
#include <linux/udp.h>

DEFINE_STATIC_KEY_FALSE(udp_encap_needed_key);
EXPORT_SYMBOL(udp_encap_needed_key);

DEFINE_STATIC_KEY_FALSE(udpv6_encap_needed_key);
EXPORT_SYMBOL(udpv6_encap_needed_key);
