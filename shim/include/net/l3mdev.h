/* SPDX-License-Identifier: GPL-2.0 */
/*
 * L3 master devices (VRF): which master a device is enslaved to, by device
 * or ifindex, as the socket and route code asks it (Debian's kernels have
 * CONFIG_NET_L3_MASTER_DEV). A device is a master or a slave by its
 * priv_flags (IFF_L3MDEV_MASTER, IFF_L3MDEV_SLAVE); the slave's master is
 * its master upper device. The FIB rules and tables of a VRF are not
 * modelled.
 */
#ifndef _NET_L3MDEV_H_
#define _NET_L3MDEV_H_

#include <linux/netdevice.h>
#include <linux/rcupdate.h>

/* the ifindex of dev's L3 master (dev's own if it is one), 0 if none */
int l3mdev_master_ifindex_rcu(const struct net_device *dev);

static inline int l3mdev_master_ifindex(struct net_device *dev)
{
	int ifindex;

	rcu_read_lock();
	ifindex = l3mdev_master_ifindex_rcu(dev);
	rcu_read_unlock();
	return ifindex;
}

static inline int l3mdev_master_ifindex_by_index(struct net *net, int ifindex)
{
	struct net_device *dev;
	int rc = 0;

	if (likely(ifindex)) {
		rcu_read_lock();
		dev = dev_get_by_index_rcu(net, ifindex);
		if (dev)
			rc = l3mdev_master_ifindex_rcu(dev);
		rcu_read_unlock();
	}
	return rc;
}

/* the master itself, a slave's master, or NULL */
static inline struct net_device *l3mdev_master_dev_rcu(const struct net_device *_dev)
{
	struct net_device *dev = (struct net_device *)_dev;

	if (!dev)
		return NULL;
	if (netif_is_l3_master(dev))
		return dev;
	if (netif_is_l3_slave(dev))
		return netdev_master_upper_dev_get_rcu(dev);
	return NULL;
}

/* the first L3 master up the device's master chain (a bridge's port ...), 0 if none */
int l3mdev_master_upper_ifindex_by_index_rcu(struct net *net, int ifindex);

static inline int l3mdev_master_upper_ifindex_by_index(struct net *net, int ifindex)
{
	rcu_read_lock();
	ifindex = l3mdev_master_upper_ifindex_by_index_rcu(net, ifindex);
	rcu_read_unlock();
	return ifindex;
}

static inline bool netif_index_is_l3_master(struct net *net, int ifindex)
{
	struct net_device *dev;
	bool rc = false;

	if (ifindex == 0)
		return false;
	rcu_read_lock();
	dev = dev_get_by_index_rcu(net, ifindex);
	if (dev)
		rc = netif_is_l3_master(dev);
	rcu_read_unlock();
	return rc;
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bvec.h>
#include <linux/rtnetlink.h>
#include <linux/uidgid.h>
#include <net/netlink.h>
#include <net/rtnetlink.h>
#endif
