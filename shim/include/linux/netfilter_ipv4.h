/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IPv4 netfilter: the uapi header's hook priorities (NF_IP_PRI_FIRST ...
 * NF_IP_PRI_LAST) through #include_next, and linux/netfilter.h.
 */
#ifndef _QDK_SHIM_LINUX_NETFILTER_IPV4_H
#define _QDK_SHIM_LINUX_NETFILTER_IPV4_H

#include <linux/netfilter.h>
#include_next <linux/netfilter_ipv4.h>

#endif
