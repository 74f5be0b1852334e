// SPDX-License-Identifier: GPL-2.0
/*
 * addrconf_core.c - what net/ipv6/addrconf_core.c gives every module: the
 * well-known addresses of linux/in6.h and an address's type and scope
 * (__ipv6_addr_type(), the classification RFC 4291 makes).
 */
#include <linux/export.h>
#include <linux/in6.h>
#include <net/ipv6.h>

const struct in6_addr in6addr_any = IN6ADDR_ANY_INIT;
EXPORT_SYMBOL(in6addr_any);
const struct in6_addr in6addr_loopback = IN6ADDR_LOOPBACK_INIT;
EXPORT_SYMBOL(in6addr_loopback);
const struct in6_addr in6addr_linklocal_allnodes = IN6ADDR_LINKLOCAL_ALLNODES_INIT;
EXPORT_SYMBOL(in6addr_linklocal_allnodes);
const struct in6_addr in6addr_linklocal_allrouters = IN6ADDR_LINKLOCAL_ALLROUTERS_INIT;
EXPORT_SYMBOL(in6addr_linklocal_allrouters);
const struct in6_addr in6addr_interfacelocal_allnodes =
	IN6ADDR_INTERFACELOCAL_ALLNODES_INIT;
EXPORT_SYMBOL(in6addr_interfacelocal_allnodes);
const struct in6_addr in6addr_interfacelocal_allrouters =
	IN6ADDR_INTERFACELOCAL_ALLROUTERS_INIT;
EXPORT_SYMBOL(in6addr_interfacelocal_allrouters);
const struct in6_addr in6addr_sitelocal_allrouters = IN6ADDR_SITELOCAL_ALLROUTERS_INIT;
EXPORT_SYMBOL(in6addr_sitelocal_allrouters);

/* the scope bits of __ipv6_addr_type()'s result (above the type's 16) */
#define SCOPE_BITS(scope)	((scope) << 16)

/* a multicast scope, with the type bit the unicast of that scope has */
static unsigned int mc_scope_type(unsigned int scope)
{
	if (scope == IPV6_ADDR_SCOPE_NODELOCAL)
		return SCOPE_BITS(scope) | IPV6_ADDR_LOOPBACK;
	if (scope == IPV6_ADDR_SCOPE_LINKLOCAL)
		return SCOPE_BITS(scope) | IPV6_ADDR_LINKLOCAL;
	if (scope == IPV6_ADDR_SCOPE_SITELOCAL)
		return SCOPE_BITS(scope) | IPV6_ADDR_SITELOCAL;
	return SCOPE_BITS(scope);
}

#define GLOBAL_UNICAST	(IPV6_ADDR_UNICAST | SCOPE_BITS(IPV6_ADDR_SCOPE_GLOBAL))

int __ipv6_addr_type(const struct in6_addr *addr)
{
	u32 w0 = ntohl(addr->s6_addr32[0]);

	/* every prefix but 000 and 111 is global unicast (RFC 4291 2.4) */
	if ((w0 >> 29) != 0 && (w0 >> 29) != 7)
		return GLOBAL_UNICAST;

	if ((w0 >> 24) == 0xff)
		return IPV6_ADDR_MULTICAST | mc_scope_type(IPV6_ADDR_MC_SCOPE(addr));

	if ((w0 & 0xffc00000) == 0xfe800000)	/* fe80::/10 */
		return IPV6_ADDR_LINKLOCAL | IPV6_ADDR_UNICAST |
		       SCOPE_BITS(IPV6_ADDR_SCOPE_LINKLOCAL);
	if ((w0 & 0xffc00000) == 0xfec00000)	/* fec0::/10, deprecated */
		return IPV6_ADDR_SITELOCAL | IPV6_ADDR_UNICAST |
		       SCOPE_BITS(IPV6_ADDR_SCOPE_SITELOCAL);
	if ((w0 & 0xfe000000) == 0xfc000000)	/* fc00::/7, RFC 4193 */
		return GLOBAL_UNICAST;

	if (!addr->s6_addr32[0] && !addr->s6_addr32[1]) {
		if (!addr->s6_addr32[2]) {
			if (!addr->s6_addr32[3])
				return IPV6_ADDR_ANY;
			/* ::1 has link-local scope */
			if (addr->s6_addr32[3] == htonl(1))
				return IPV6_ADDR_LOOPBACK | IPV6_ADDR_UNICAST |
				       SCOPE_BITS(IPV6_ADDR_SCOPE_LINKLOCAL);
			return IPV6_ADDR_COMPATv4 | GLOBAL_UNICAST;
		}
		if (addr->s6_addr32[2] == htonl(0x0000ffff))
			return IPV6_ADDR_MAPPED | SCOPE_BITS(IPV6_ADDR_SCOPE_GLOBAL);
	}

	return GLOBAL_UNICAST;
}
EXPORT_SYMBOL(__ipv6_addr_type);
