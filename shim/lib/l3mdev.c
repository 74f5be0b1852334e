// SPDX-License-Identifier: GPL-2.0
/*
 * l3mdev.c - an L3 master device's index for its slaves
 * (net/l3mdev/l3mdev.c); the VRF's FIB lookups are not modelled.
 */
#include <linux/export.h>
#include <linux/netdevice.h>
#include <net/l3mdev.h>

int l3mdev_master_ifindex_rcu(const struct net_device *_dev)
{
	struct net_device *dev = (struct net_device *)_dev;
	struct net_device *master;

	if (!dev)
		return 0;
	if (netif_is_l3_master(dev))
		return dev->ifindex;
	if (netif_is_l3_slave(dev)) {
		master = netdev_master_upper_dev_get_rcu(dev);
		if (master)
			return master->ifindex;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(l3mdev_master_ifindex_rcu);

int l3mdev_master_upper_ifindex_by_index_rcu(struct net *net, int ifindex)
{
	struct net_device *dev = dev_get_by_index_rcu(net, ifindex);

	while (dev && !netif_is_l3_master(dev))
		dev = netdev_master_upper_dev_get_rcu(dev);
	return dev ? dev->ifindex : 0;
}
EXPORT_SYMBOL_GPL(l3mdev_master_upper_ifindex_by_index_rcu);
