/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A device's IPv4 configuration: its in_device (dev->ip_ptr) and the
 * addresses on it. Every device the shim registers has one, as
 * inetdev_init() gives every device, with no address until one is added
 * (qdk_inet_addr_add(), lib/devinet.c, in tests). Left out: the devconf
 * values (IPV4_DEVCONF*, IN_DEV_*: no sysctls), multicast lists, ARP
 * parameters and the address notifier chains (nothing changes addresses
 * the way ip(8) would).
 */
#ifndef _LINUX_INETDEVICE_H
#define _LINUX_INETDEVICE_H

#include <linux/bitops.h>
#include <linux/if.h>
#include <linux/ip.h>
#include <linux/netdevice.h>
#include <linux/rcupdate.h>
#include <linux/timer.h>
#include <linux/rtnetlink.h>
#include <linux/refcount.h>

struct in_ifaddr {
	struct hlist_node	hash;
	struct in_ifaddr	__rcu *ifa_next;
	struct in_device	*ifa_dev;
	struct rcu_head		rcu_head;
	__be32			ifa_local;
	__be32			ifa_address;
	__be32			ifa_mask;
	__u32			ifa_rt_priority;
	__be32			ifa_broadcast;
	unsigned char		ifa_scope;
	unsigned char		ifa_prefixlen;
	unsigned char		ifa_proto;
	__u32			ifa_flags;
	char			ifa_label[IFNAMSIZ];
	__u32			ifa_valid_lft;
	__u32			ifa_preferred_lft;
	unsigned long		ifa_cstamp;
	unsigned long		ifa_tstamp;
};

struct in_device {
	struct net_device	*dev;
	netdevice_tracker	dev_tracker;
	refcount_t		refcnt;
	int			dead;
	struct in_ifaddr	__rcu *ifa_list;	/* primary addresses first */
	int			mc_count;
	struct rcu_head		rcu_head;
};

/* the addresses of in_dev, under RTNL or RCU */
#define in_dev_for_each_ifa_rtnl(ifa, in_dev)			\
	for (ifa = rtnl_dereference((in_dev)->ifa_list); ifa;	\
	     ifa = rtnl_dereference(ifa->ifa_next))
#define in_dev_for_each_ifa_rcu(ifa, in_dev)			\
	for (ifa = rcu_dereference((in_dev)->ifa_list); ifa;	\
	     ifa = rcu_dereference(ifa->ifa_next))

static inline struct in_device *__in_dev_get_rcu(const struct net_device *dev)
{
	return rcu_dereference(dev->ip_ptr);
}

static inline struct in_device *__in_dev_get_rtnl(const struct net_device *dev)
{
	return rtnl_dereference(dev->ip_ptr);
}

void in_dev_finish_destroy(struct in_device *idev);

static inline void in_dev_put(struct in_device *idev)
{
	if (refcount_dec_and_test(&idev->refcnt))
		in_dev_finish_destroy(idev);
}

#define __in_dev_put(idev)	refcount_dec(&(idev)->refcnt)
#define in_dev_hold(idev)	refcount_inc(&(idev)->refcnt)

static inline bool in_dev_hold_safe(struct in_device *idev)
{
	return refcount_inc_not_zero(&idev->refcnt);
}

/* the device's in_device with a reference taken, or NULL */
static inline struct in_device *in_dev_get(const struct net_device *dev)
{
	struct in_device *in_dev = __in_dev_get_rcu(dev);

	if (in_dev)
		refcount_inc(&in_dev->refcnt);
	return in_dev;
}

/* addr on ifa's subnet */
static inline bool inet_ifa_match(__be32 addr, const struct in_ifaddr *ifa)
{
	return !((addr ^ ifa->ifa_address) & ifa->ifa_mask);
}

/* a and b on one of in_dev's subnets */
static inline int inet_addr_onlink(struct in_device *in_dev, __be32 a, __be32 b)
{
	const struct in_ifaddr *ifa;

	in_dev_for_each_ifa_rcu(ifa, in_dev)
		if (inet_ifa_match(a, ifa) && (!b || inet_ifa_match(b, ifa)))
			return 1;
	return 0;
}

/* 1 when mask is not contiguous ones, or addr has bits outside it */
static inline bool bad_mask(__be32 mask, __be32 addr)
{
	__u32 hmask;

	if (addr & (mask = ~mask))
		return true;
	hmask = ntohl(mask);
	if (hmask & (hmask + 1))
		return true;
	return false;
}

static inline __be32 inet_make_mask(int logmask)
{
	if (logmask)
		return htonl(~((1U << (32 - logmask)) - 1));
	return 0;
}

static inline int inet_mask_len(__be32 mask)
{
	__u32 hmask = ntohl(mask);

	if (!hmask)
		return 0;
	return 32 - ffz(~hmask);
}

struct net_device *__ip_dev_find(struct net *net, __be32 addr, bool devref);

static inline struct net_device *ip_dev_find(struct net *net, __be32 addr)
{
	return __ip_dev_find(net, addr, true);
}

struct in_device *inetdev_by_index(struct net *net, int ifindex);
__be32 inet_select_addr(const struct net_device *dev, __be32 dst, int scope);
struct in_ifaddr *inet_ifa_byprefix(struct in_device *in_dev, __be32 prefix,
				    __be32 mask);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#endif /* _LINUX_INETDEVICE_H */
