// SPDX-License-Identifier: GPL-2.0
/*
 * devinet.c - IPv4 addresses of the shim's devices (net/ipv4/devinet.c's
 * lookups). qdk_inet_addr_add() puts an address on a device as
 * "ip addr add LOCAL/PREFIXLEN brd + dev DEV" would: primary when it is
 * the first on its subnet, after the other primaries, scope global.
 */
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/inetdevice.h>
#include <linux/rtnetlink.h>
#include <net/net_namespace.h>
#include <linux/if_addr.h>
#include <linux/notifier.h>
#include "shim.h"

#define INFINITY_LIFE_TIME	0xFFFFFFFF	/* net/addrconf.h */

/* the kernel's compiled-in IPv4 device settings: "all", then "default" */
static const struct ipv4_devconf ipv4_devconf = {
	.data = {
		[IPV4_DEVCONF_ACCEPT_REDIRECTS - 1] = 1,
		[IPV4_DEVCONF_SEND_REDIRECTS - 1] = 1,
		[IPV4_DEVCONF_SECURE_REDIRECTS - 1] = 1,
		[IPV4_DEVCONF_SHARED_MEDIA - 1] = 1,
		[IPV4_DEVCONF_IGMPV2_UNSOLICITED_REPORT_INTERVAL - 1] = 10000,	/* ms */
		[IPV4_DEVCONF_IGMPV3_UNSOLICITED_REPORT_INTERVAL - 1] = 1000,	/* ms */
		[IPV4_DEVCONF_ARP_EVICT_NOCARRIER - 1] = 1,
	},
};

static const struct ipv4_devconf ipv4_devconf_dflt = {
	.data = {
		[IPV4_DEVCONF_ACCEPT_REDIRECTS - 1] = 1,
		[IPV4_DEVCONF_SEND_REDIRECTS - 1] = 1,
		[IPV4_DEVCONF_SECURE_REDIRECTS - 1] = 1,
		[IPV4_DEVCONF_SHARED_MEDIA - 1] = 1,
		[IPV4_DEVCONF_ACCEPT_SOURCE_ROUTE - 1] = 1,
		[IPV4_DEVCONF_IGMPV2_UNSOLICITED_REPORT_INTERVAL - 1] = 10000,	/* ms */
		[IPV4_DEVCONF_IGMPV3_UNSOLICITED_REPORT_INTERVAL - 1] = 1000,	/* ms */
		[IPV4_DEVCONF_ARP_EVICT_NOCARRIER - 1] = 1,
	},
};

static struct ipv4_devconf init_devconf_all, init_devconf_dflt;

/*
 * A namespace's settings (devinet_init_net()): init_net's the compiled-in
 * ones, another's a copy of init_net's (net.core.devconf_inherit_init_net
 * 0 or 1; 2: the compiled-in ones; 3, the creating task's, is init_net's
 * here: the one task lives there). all and dflt are the namespace's.
 */
void qdk_devinet_init_net(struct net *net, struct ipv4_devconf *all,
			  struct ipv4_devconf *dflt)
{
	const struct ipv4_devconf *from_all = &ipv4_devconf, *from_dflt = &ipv4_devconf_dflt;

	if (net != &init_net && net_inherit_devconf() != 2) {
		if (!init_net.ipv4.devconf_all)
			qdk_devinet_init_net(&init_net, &init_devconf_all, &init_devconf_dflt);
		from_all = init_net.ipv4.devconf_all;
		from_dflt = init_net.ipv4.devconf_dflt;
	}
	memcpy(all, from_all, sizeof(*all));
	memcpy(dflt, from_dflt, sizeof(*dflt));
	net->ipv4.devconf_all = all;
	net->ipv4.devconf_dflt = dflt;
}

/*
 * A device's IPv4 settings as inetdev_init() and the NETDEV_REGISTER event
 * set them: its namespace's default, a loopback device exempt from IPsec.
 */
void qdk_inetdev_init_conf(struct in_device *in_dev, struct net *net)
{
	if (!net->ipv4.devconf_dflt) {
		if (net != &init_net)
			return;		/* a bare namespace (unit tests): zeroes */
		qdk_devinet_init_net(&init_net, &init_devconf_all, &init_devconf_dflt);
	}
	memcpy(&in_dev->cnf, net->ipv4.devconf_dflt, sizeof(in_dev->cnf));
	in_dev->cnf.sysctl = NULL;
	if (in_dev->dev->flags & IFF_LOOPBACK) {
		IN_DEV_CONF_SET(in_dev, NOXFRM, 1);
		IN_DEV_CONF_SET(in_dev, NOPOLICY, 1);
	}
}

/* told of each address that comes (NETDEV_UP) and goes (NETDEV_DOWN) */
static BLOCKING_NOTIFIER_HEAD(inetaddr_chain);
/* asked before an address comes: an error refuses it */
static BLOCKING_NOTIFIER_HEAD(inetaddr_validator_chain);

int register_inetaddr_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&inetaddr_chain, nb);
}
EXPORT_SYMBOL(register_inetaddr_notifier);

int unregister_inetaddr_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_unregister(&inetaddr_chain, nb);
}
EXPORT_SYMBOL(unregister_inetaddr_notifier);

int register_inetaddr_validator_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_register(&inetaddr_validator_chain, nb);
}
EXPORT_SYMBOL(register_inetaddr_validator_notifier);

int unregister_inetaddr_validator_notifier(struct notifier_block *nb)
{
	return blocking_notifier_chain_unregister(&inetaddr_validator_chain, nb);
}
EXPORT_SYMBOL(unregister_inetaddr_validator_notifier);

int qdk_inet_addr_add(struct net_device *dev, __be32 local, unsigned int prefixlen)
{
	struct in_validator_info ivi;
	int err;
	struct in_device *in_dev = rtnl_dereference(dev->ip_ptr);
	struct in_ifaddr *ifa, __rcu **pos;
	bool secondary = false;

	if (!in_dev || prefixlen > 32)
		return -EINVAL;
	ifa = kzalloc(sizeof(*ifa), GFP_KERNEL);
	if (!ifa)
		return -ENOMEM;
	ifa->ifa_dev = in_dev;
	ifa->ifa_local = local;
	ifa->ifa_address = local;
	ifa->ifa_prefixlen = prefixlen;
	ifa->ifa_mask = inet_make_mask(prefixlen);
	ifa->ifa_broadcast = prefixlen < 31 ? (local | ~ifa->ifa_mask) : 0;
	ifa->ifa_scope = RT_SCOPE_UNIVERSE;
	ifa->ifa_valid_lft = INFINITY_LIFE_TIME;
	ifa->ifa_preferred_lft = INFINITY_LIFE_TIME;
	ifa->ifa_cstamp = ifa->ifa_tstamp = jiffies;
	strscpy(ifa->ifa_label, dev->name, IFNAMSIZ);

	/* primaries first: a secondary goes to the end, a primary after them */
	for (pos = &in_dev->ifa_list; rtnl_dereference(*pos);
	     pos = &rtnl_dereference(*pos)->ifa_next) {
		struct in_ifaddr *o = rtnl_dereference(*pos);

		if (o->ifa_local == local) {
			kfree(ifa);
			return -EEXIST;
		}
		if (o->ifa_mask == ifa->ifa_mask && inet_ifa_match(local, o))
			secondary = true;
	}
	if (secondary) {
		ifa->ifa_flags |= IFA_F_SECONDARY;
	} else {
		for (pos = &in_dev->ifa_list; rtnl_dereference(*pos); pos = &rtnl_dereference(*pos)->ifa_next)
			if (rtnl_dereference(*pos)->ifa_flags & IFA_F_SECONDARY)
				break;
	}
	/* the validators weigh in before anything changes */
	ivi.ivi_addr = local;
	ivi.ivi_dev = in_dev;
	ivi.extack = NULL;
	err = notifier_to_errno(blocking_notifier_call_chain(&inetaddr_validator_chain,
							     NETDEV_UP, &ivi));
	if (err) {
		kfree(ifa);
		return err;
	}
	rcu_assign_pointer(ifa->ifa_next, rtnl_dereference(*pos));
	rcu_assign_pointer(*pos, ifa);
	blocking_notifier_call_chain(&inetaddr_chain, NETDEV_UP, ifa);
	return 0;
}

/* *ifap off the list, its listeners told, freed */
static void inet_del_one(struct in_ifaddr __rcu **ifap)
{
	struct in_ifaddr *ifa = rtnl_dereference(*ifap);

	rcu_assign_pointer(*ifap, rtnl_dereference(ifa->ifa_next));
	blocking_notifier_call_chain(&inetaddr_chain, NETDEV_DOWN, ifa);
	kfree(ifa);
}

/*
 * Every address of a device that goes (inetdev_destroy()): a primary's
 * secondaries go before it (secondaries are not promoted: the default),
 * each with NETDEV_DOWN to the listeners.
 */
void qdk_inetdev_del_addrs(struct in_device *in_dev)
{
	struct in_ifaddr *prim;

	while ((prim = rtnl_dereference(in_dev->ifa_list))) {
		struct in_ifaddr __rcu **ifap = &prim->ifa_next;
		struct in_ifaddr *ifa;

		if (!(prim->ifa_flags & IFA_F_SECONDARY)) {
			while ((ifa = rtnl_dereference(*ifap))) {
				if ((ifa->ifa_flags & IFA_F_SECONDARY) &&
				    ifa->ifa_mask == prim->ifa_mask &&
				    inet_ifa_match(prim->ifa_address, ifa))
					inet_del_one(ifap);
				else
					ifap = &ifa->ifa_next;
			}
		}
		inet_del_one(&in_dev->ifa_list);
	}
}

/* the last reference to an in_device: its storage is the device's */
void in_dev_finish_destroy(struct in_device *idev)
{
	WARN_ON(idev->ifa_list);
	if (!idev->dead)
		pr_err("Freeing alive in_device %p\n", idev);
}
EXPORT_SYMBOL(in_dev_finish_destroy);

/* the device with local address addr (a reference taken with devref) */
struct net_device *__ip_dev_find(struct net *net, __be32 addr, bool devref)
{
	struct net_device *dev;

	for_each_netdev(net, dev) {
		struct in_device *in_dev = __in_dev_get_rcu(dev);
		struct in_ifaddr *ifa;

		if (!in_dev)
			continue;
		in_dev_for_each_ifa_rcu(ifa, in_dev) {
			if (ifa->ifa_local == addr) {
				if (devref)
					dev_hold(dev);
				return dev;
			}
		}
	}
	return NULL;
}
EXPORT_SYMBOL(__ip_dev_find);

struct in_device *inetdev_by_index(struct net *net, int ifindex)
{
	struct net_device *dev = dev_get_by_index_rcu(net, ifindex);

	return dev ? rcu_dereference(dev->ip_ptr) : NULL;
}
EXPORT_SYMBOL(inetdev_by_index);

/* the primary address on prefix/mask */
struct in_ifaddr *inet_ifa_byprefix(struct in_device *in_dev, __be32 prefix,
				    __be32 mask)
{
	struct in_ifaddr *ifa;

	in_dev_for_each_ifa_rtnl(ifa, in_dev)
		if (ifa->ifa_mask == mask && inet_ifa_match(prefix, ifa))
			return ifa;
	return NULL;
}
EXPORT_SYMBOL(inet_ifa_byprefix);

/*
 * A source address for dst from dev: the first primary address of scope
 * at most scope on dst's subnet, else the first such primary of the
 * device; then any device's of the namespace; 0 for none. (The kernel
 * also asks an l3mdev master, which the shim's devices never have.)
 */
__be32 inet_select_addr(const struct net_device *dev, __be32 dst, int scope)
{
	struct in_device *in_dev = __in_dev_get_rcu(dev);
	struct net_device *d;
	struct in_ifaddr *ifa;
	__be32 addr = 0;

	if (in_dev) {
		in_dev_for_each_ifa_rcu(ifa, in_dev) {
			if (ifa->ifa_flags & IFA_F_SECONDARY)
				continue;
			if (ifa->ifa_scope > scope)
				continue;
			if (!dst || inet_ifa_match(dst, ifa)) {
				addr = ifa->ifa_local;
				break;
			}
			if (!addr)
				addr = ifa->ifa_local;
		}
	}
	if (addr || scope >= RT_SCOPE_LINK)
		return addr;
	for_each_netdev(dev_net(dev), d) {
		in_dev = __in_dev_get_rcu(d);
		if (!in_dev)
			continue;
		in_dev_for_each_ifa_rcu(ifa, in_dev) {
			if (!(ifa->ifa_flags & IFA_F_SECONDARY) &&
			    ifa->ifa_scope != RT_SCOPE_LINK && ifa->ifa_scope <= scope)
				return ifa->ifa_local;
		}
	}
	return 0;
}
EXPORT_SYMBOL(inet_select_addr);
