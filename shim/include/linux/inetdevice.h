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
#include <linux/bitmap.h>
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

/*
 * A device's IPv4 settings (sysctl net.ipv4.conf.DEV.*), indexed by
 * IPV4_DEVCONF_* - 1; state marks those set explicitly. A namespace has an
 * "all" and a "default" set (net->ipv4); a device's starts as the default.
 */
struct ipv4_devconf {
	void	*sysctl;
	int	data[IPV4_DEVCONF_MAX];
	DECLARE_BITMAP(state, IPV4_DEVCONF_MAX);
};

#define MC_HASH_SZ_LOG 9

struct in_device {
	struct net_device	*dev;
	netdevice_tracker	dev_tracker;
	refcount_t		refcnt;
	int			dead;
	struct in_ifaddr	__rcu *ifa_list;	/* primary addresses first */
	int			mc_count;
	struct ipv4_devconf	cnf;
	struct rcu_head		rcu_head;
};

#define IPV4_DEVCONF(cnf, attr) ((cnf).data[IPV4_DEVCONF_ ## attr - 1])
#define IPV4_DEVCONF_ALL(net, attr) \
	IPV4_DEVCONF((*(net)->ipv4.devconf_all), attr)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define IPV4_DEVCONF_RO(cnf, attr) READ_ONCE(IPV4_DEVCONF(cnf, attr))
#define IPV4_DEVCONF_ALL_RO(net, attr) READ_ONCE(IPV4_DEVCONF_ALL(net, attr))
#define __QDK_DEVCONF_ALL(net, attr) IPV4_DEVCONF_ALL_RO(net, attr)
#else
#define __QDK_DEVCONF_ALL(net, attr) IPV4_DEVCONF_ALL(net, attr)	/* 6.1: a plain read */
#endif

/* setting index (IPV4_DEVCONF_*) of in_dev */
static inline int ipv4_devconf_get(const struct in_device *in_dev, int index)
{
	return READ_ONCE(in_dev->cnf.data[index - 1]);
}

static inline void ipv4_devconf_set(struct in_device *in_dev, int index, int val)
{
	set_bit(index - 1, in_dev->cnf.state);
	WRITE_ONCE(in_dev->cnf.data[index - 1], val);
}

/* every setting marked as set (no longer follows the default's changes) */
static inline void ipv4_devconf_setall(struct in_device *in_dev)
{
	bitmap_fill(in_dev->cnf.state, IPV4_DEVCONF_MAX);
}

#define IN_DEV_CONF_GET(in_dev, attr) \
	ipv4_devconf_get((in_dev), IPV4_DEVCONF_ ## attr)
#define IN_DEV_CONF_SET(in_dev, attr, val) \
	ipv4_devconf_set((in_dev), IPV4_DEVCONF_ ## attr, (val))

/* a setting combined with the namespace's "all": both, either, the larger */
#define IN_DEV_ANDCONF(in_dev, attr) \
	(__QDK_DEVCONF_ALL(dev_net(in_dev->dev), attr) && \
	 IN_DEV_CONF_GET((in_dev), attr))
#define IN_DEV_NET_ORCONF(in_dev, net, attr) \
	(__QDK_DEVCONF_ALL(net, attr) || \
	 IN_DEV_CONF_GET((in_dev), attr))
#define IN_DEV_ORCONF(in_dev, attr) \
	IN_DEV_NET_ORCONF(in_dev, dev_net(in_dev->dev), attr)
#define IN_DEV_MAXCONF(in_dev, attr) \
	(max(__QDK_DEVCONF_ALL(dev_net(in_dev->dev), attr), \
	     IN_DEV_CONF_GET((in_dev), attr)))

#define IN_DEV_FORWARD(in_dev)		IN_DEV_CONF_GET((in_dev), FORWARDING)
#define IN_DEV_MFORWARD(in_dev)		IN_DEV_ANDCONF((in_dev), MC_FORWARDING)
#define IN_DEV_BFORWARD(in_dev)		IN_DEV_ANDCONF((in_dev), BC_FORWARDING)
#define IN_DEV_RPFILTER(in_dev)		IN_DEV_MAXCONF((in_dev), RP_FILTER)
#define IN_DEV_SRC_VMARK(in_dev)	IN_DEV_ORCONF((in_dev), SRC_VMARK)
#define IN_DEV_SOURCE_ROUTE(in_dev)	IN_DEV_ANDCONF((in_dev), ACCEPT_SOURCE_ROUTE)
#define IN_DEV_ACCEPT_LOCAL(in_dev)	IN_DEV_ORCONF((in_dev), ACCEPT_LOCAL)
#define IN_DEV_BOOTP_RELAY(in_dev)	IN_DEV_ANDCONF((in_dev), BOOTP_RELAY)
#define IN_DEV_LOG_MARTIANS(in_dev)	IN_DEV_ORCONF((in_dev), LOG_MARTIANS)
#define IN_DEV_PROXY_ARP(in_dev)	IN_DEV_ORCONF((in_dev), PROXY_ARP)
#define IN_DEV_PROXY_ARP_PVLAN(in_dev)	IN_DEV_ORCONF((in_dev), PROXY_ARP_PVLAN)
#define IN_DEV_SHARED_MEDIA(in_dev)	IN_DEV_ORCONF((in_dev), SHARED_MEDIA)
#define IN_DEV_TX_REDIRECTS(in_dev)	IN_DEV_ORCONF((in_dev), SEND_REDIRECTS)
#define IN_DEV_SEC_REDIRECTS(in_dev)	IN_DEV_ORCONF((in_dev), SECURE_REDIRECTS)
#define IN_DEV_IDTAG(in_dev)		IN_DEV_CONF_GET(in_dev, TAG)
#define IN_DEV_MEDIUM_ID(in_dev)	IN_DEV_CONF_GET(in_dev, MEDIUM_ID)
#define IN_DEV_PROMOTE_SECONDARIES(in_dev) \
	IN_DEV_ORCONF((in_dev), PROMOTE_SECONDARIES)
#define IN_DEV_ROUTE_LOCALNET(in_dev)	IN_DEV_ORCONF(in_dev, ROUTE_LOCALNET)
#define IN_DEV_NET_ROUTE_LOCALNET(in_dev, net) \
	IN_DEV_NET_ORCONF(in_dev, net, ROUTE_LOCALNET)

/* forwarding devices take redirects only if "all" does too */
#define IN_DEV_RX_REDIRECTS(in_dev) \
	((IN_DEV_FORWARD(in_dev) && \
	  IN_DEV_ANDCONF((in_dev), ACCEPT_REDIRECTS)) \
	 || (!IN_DEV_FORWARD(in_dev) && \
	  IN_DEV_ORCONF((in_dev), ACCEPT_REDIRECTS)))

#define IN_DEV_IGNORE_ROUTES_WITH_LINKDOWN(in_dev) \
	IN_DEV_ORCONF((in_dev), IGNORE_ROUTES_WITH_LINKDOWN)
#define IN_DEV_ARPFILTER(in_dev)	IN_DEV_ORCONF((in_dev), ARPFILTER)
#define IN_DEV_ARP_ACCEPT(in_dev)	IN_DEV_MAXCONF((in_dev), ARP_ACCEPT)
#define IN_DEV_ARP_ANNOUNCE(in_dev)	IN_DEV_MAXCONF((in_dev), ARP_ANNOUNCE)
#define IN_DEV_ARP_IGNORE(in_dev)	IN_DEV_MAXCONF((in_dev), ARP_IGNORE)
#define IN_DEV_ARP_NOTIFY(in_dev)	IN_DEV_MAXCONF((in_dev), ARP_NOTIFY)
#define IN_DEV_ARP_EVICT_NOCARRIER(in_dev) \
	IN_DEV_ANDCONF((in_dev), ARP_EVICT_NOCARRIER)

/* routes through a device whose carrier is down are skipped when set */
static inline bool ip_ignore_linkdown(const struct net_device *dev)
{
	const struct in_device *in_dev = rcu_dereference_rtnl(dev->ip_ptr);

	return in_dev && IN_DEV_IGNORE_ROUTES_WITH_LINKDOWN(in_dev);
}

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
/* what a validator (register_inetaddr_validator_notifier()) is asked about */
struct in_validator_info {
	__be32			ivi_addr;
	struct in_device	*ivi_dev;
	struct netlink_ext_ack	*extack;
};

/*
 * Told of each IPv4 address that comes (NETDEV_UP) and goes (NETDEV_DOWN),
 * the struct in_ifaddr as data, under RTNL; a validator is asked first, with
 * a struct in_validator_info, and an error it returns refuses the address.
 */
int register_inetaddr_notifier(struct notifier_block *nb);
int unregister_inetaddr_notifier(struct notifier_block *nb);
int register_inetaddr_validator_notifier(struct notifier_block *nb);
int unregister_inetaddr_validator_notifier(struct notifier_block *nb);

struct in_ifaddr *inet_ifa_byprefix(struct in_device *in_dev, __be32 prefix,
				    __be32 mask);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#endif /* _LINUX_INETDEVICE_H */
