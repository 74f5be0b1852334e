/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/ethtool_netlink.h: the uapi attributes (the system's) and, from
 * 6.12, the MAC Merge query mqprio's preemptible traffic classes need.
 */
#ifndef _QDK_SHIM_LINUX_ETHTOOL_NETLINK_H
#define _QDK_SHIM_LINUX_ETHTOOL_NETLINK_H

#include_next <linux/ethtool_netlink.h>
#include <linux/version.h>

/*
 * The pause statistics a driver reports (the uapi's counters after PAD).
 * 7.x's uapi has a third, ETHTOOL_A_PAUSE_STAT_TX_PAUSE_STORM_EVENTS, which
 * the system's uapi this header extends lacks: counted in by hand.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define ETHTOOL_PAUSE_STAT_CNT	(__ETHTOOL_A_PAUSE_STAT_CNT + 1 -	\
				 ETHTOOL_A_PAUSE_STAT_TX_FRAMES)
#else
#define ETHTOOL_PAUSE_STAT_CNT	(__ETHTOOL_A_PAUSE_STAT_CNT -		\
				 ETHTOOL_A_PAUSE_STAT_TX_FRAMES)
#endif

/* ethtool netlink's multicast groups */
enum ethtool_multicast_groups {
	ETHNL_MCGRP_MONITOR,
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct net_device;

/* no shim device has a MAC Merge layer: as a kernel without ethtool netlink */
static inline bool ethtool_dev_mm_supported(struct net_device *dev)
{
	return false;
}
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/netdevice.h>
#endif
