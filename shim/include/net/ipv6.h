/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NET_IPV6_H
#define _NET_IPV6_H
#include <linux/ipv6.h>
#include <linux/in6.h>
#include <linux/string.h>

static inline int ipv6_addr_cmp(const struct in6_addr *a1,
				const struct in6_addr *a2)
{
	return memcmp(a1, a2, sizeof(struct in6_addr));
}

static inline bool ipv6_addr_equal(const struct in6_addr *a1,
				   const struct in6_addr *a2)
{
	return !ipv6_addr_cmp(a1, a2);
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/jhash.h>
#include <linux/refcount.h>
#include <net/flow_dissector.h>
#include <net/sock.h>
#endif
