/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/ethtool.h: the uapi (the system's) and a device's ethtool
 * operations, as far as the shim's devices answer them: the link's
 * settings (speed, duplex), which cbs and taprio read to know the port's
 * rate. A device without get_link_ksettings (dummy, ifb, the namespace's
 * devices: ethtool_ops NULL stands for the kernel's empty
 * default_ethtool_ops) answers -EOPNOTSUPP, as the kernel's dummy does.
 */
#ifndef _QDK_SHIM_LINUX_ETHTOOL_H
#define _QDK_SHIM_LINUX_ETHTOOL_H

#include_next <linux/ethtool.h>
#include <linux/bitmap.h>
#include <linux/types.h>
#include <linux/version.h>

struct net_device;

#define __ETHTOOL_DECLARE_LINK_MODE_MASK(name)		\
	DECLARE_BITMAP(name, __ETHTOOL_LINK_MODE_MASK_NBITS)

/* the link's settings: base (speed, duplex ...) and its link modes */
struct ethtool_link_ksettings {
	struct ethtool_link_settings base;
	struct {
		__ETHTOOL_DECLARE_LINK_MODE_MASK(supported);
		__ETHTOOL_DECLARE_LINK_MODE_MASK(advertising);
		__ETHTOOL_DECLARE_LINK_MODE_MASK(lp_advertising);
	} link_modes;
	u32	lanes;
};

/* the operations a driver gives (the members the shim's callers read) */
struct ethtool_ops {
	int	(*get_link_ksettings)(struct net_device *dev,
				      struct ethtool_link_ksettings *cmd);
};

/* the link's settings from the driver: 0, -EOPNOTSUPP or -ENODEV (RTNL held) */
int __ethtool_get_link_ksettings(struct net_device *dev,
				 struct ethtool_link_ksettings *link_ksettings);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the same with the device's ops lock held (one lock here: RTNL) */
int netif_get_link_ksettings(struct net_device *dev,
			     struct ethtool_link_ksettings *link_ksettings);
#endif

#endif
