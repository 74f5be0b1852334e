// SPDX-License-Identifier: GPL-2.0
/*
 * ethtool_ioctl.c - what the kernel's net/ethtool/ioctl.c gives other
 * kernel code (the name ioctl.c is fs/ioctl.c's here): a device's link
 * settings.
 */
#include <linux/ethtool.h>
#include <linux/export.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/string.h>
#include <linux/version.h>

/* (7.x: netif_get_link_ksettings(), under the device's ops lock) */
static int get_link_ksettings(struct net_device *dev,
			      struct ethtool_link_ksettings *link_ksettings)
{
	/* (NULL: the kernel's default_ethtool_ops, which has none) */
	if (!dev->ethtool_ops || !dev->ethtool_ops->get_link_ksettings)
		return -EOPNOTSUPP;
	if (!netif_device_present(dev))
		return -ENODEV;
	memset(link_ksettings, 0, sizeof(*link_ksettings));
	return dev->ethtool_ops->get_link_ksettings(dev, link_ksettings);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int netif_get_link_ksettings(struct net_device *dev,
			     struct ethtool_link_ksettings *link_ksettings)
{
	ASSERT_RTNL();
	return get_link_ksettings(dev, link_ksettings);
}
EXPORT_SYMBOL(netif_get_link_ksettings);
#endif

int __ethtool_get_link_ksettings(struct net_device *dev,
				 struct ethtool_link_ksettings *link_ksettings)
{
	ASSERT_RTNL();
	return get_link_ksettings(dev, link_ksettings);
}
EXPORT_SYMBOL(__ethtool_get_link_ksettings);
