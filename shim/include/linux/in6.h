/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/in6.h - the uapi's struct in6_addr and the well-known addresses
 * (lib/addrconf_core.c holds the constants, as net/ipv6/addrconf_core.c).
 */
#ifndef _QDK_SHIM_LINUX_IN6_H
#define _QDK_SHIM_LINUX_IN6_H

#include <linux/version.h>
#include_next <linux/in6.h>

/* :: and ::1 (RFC 2553), then the all-nodes/all-routers groups by scope */
extern const struct in6_addr in6addr_any;
#define IN6ADDR_ANY_INIT { { { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 } } }
extern const struct in6_addr in6addr_loopback;
#define IN6ADDR_LOOPBACK_INIT { { { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } } }
extern const struct in6_addr in6addr_linklocal_allnodes;
#define IN6ADDR_LINKLOCAL_ALLNODES_INIT \
	{ { { 0xff, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } } }
extern const struct in6_addr in6addr_linklocal_allrouters;
#define IN6ADDR_LINKLOCAL_ALLROUTERS_INIT \
	{ { { 0xff, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 } } }
extern const struct in6_addr in6addr_interfacelocal_allnodes;
#define IN6ADDR_INTERFACELOCAL_ALLNODES_INIT \
	{ { { 0xff, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 } } }
extern const struct in6_addr in6addr_interfacelocal_allrouters;
#define IN6ADDR_INTERFACELOCAL_ALLROUTERS_INIT \
	{ { { 0xff, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 } } }
extern const struct in6_addr in6addr_sitelocal_allrouters;
#define IN6ADDR_SITELOCAL_ALLROUTERS_INIT \
	{ { { 0xff, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 } } }

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* room for a sockaddr_in or a sockaddr_in6 */
struct sockaddr_inet {
	unsigned short	sa_family;
	char		sa_data[sizeof(struct sockaddr_in6) -
				sizeof(unsigned short)];
};
#endif

#endif
