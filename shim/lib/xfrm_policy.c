// SPDX-License-Identifier: GPL-2.0
/*
 * xfrm_policy.c - net/xfrm/xfrm_policy.c's lookups. The shim has no IPsec
 * policies, and with none the kernel's lookups hand back the route they
 * were given: so do these.
 */
#include <linux/export.h>
#include <net/dst.h>

struct dst_entry *xfrm_lookup_with_ifid(struct net *net, struct dst_entry *dst_orig,
					const struct flowi *fl, const struct sock *sk,
					int flags, u32 if_id)
{
	return dst_orig;
}
EXPORT_SYMBOL(xfrm_lookup_with_ifid);

struct dst_entry *xfrm_lookup(struct net *net, struct dst_entry *dst_orig,
			      const struct flowi *fl, const struct sock *sk, int flags)
{
	return xfrm_lookup_with_ifid(net, dst_orig, fl, sk, flags, 0);
}
EXPORT_SYMBOL(xfrm_lookup);

struct dst_entry *xfrm_lookup_route(struct net *net, struct dst_entry *dst_orig,
				    const struct flowi *fl, const struct sock *sk, int flags)
{
	return xfrm_lookup(net, dst_orig, fl, sk,
			   flags | XFRM_LOOKUP_QUEUE | XFRM_LOOKUP_KEEP_DST_REF);
}
EXPORT_SYMBOL(xfrm_lookup_route);
