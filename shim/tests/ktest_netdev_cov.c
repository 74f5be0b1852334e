// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netdev_cov.c - smaller net_device helpers: the operstate setter
 * (NETDEV_CHANGE only on a change of an up device), act_skbedit's
 * skip-txqueue flag.
 */
#include <linux/kernel.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/rtnetlink.h>

#include "ktest.h"
#include "shim.h"

static int change_events;

static int change_event(struct notifier_block *nb, unsigned long ev, void *ptr)
{
	if (ev == NETDEV_CHANGE)
		change_events++;
	return NOTIFY_DONE;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define set_operstate(dev, s)	netif_set_operstate(dev, s)
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define set_operstate(dev, s)	netdev_set_operstate(dev, s)
#endif

#ifdef set_operstate
KTEST(netdev_cov, set_operstate_notifies_changes)
{
	struct notifier_block nb = { .notifier_call = change_event };
	struct net_device *dev = alloc_etherdev(0);

	KT_ASSERT(dev, "alloc_etherdev");
	rtnl_lock();
	KT_EQ(register_netdevice_notifier(&nb), 0);
	dev->flags |= IFF_UP;
	dev->operstate = IF_OPER_DOWN;
	set_operstate(dev, IF_OPER_UP);
	KT_EQ(dev->operstate, IF_OPER_UP);
	KT_EQ(change_events, 1);
	set_operstate(dev, IF_OPER_UP);		/* no change: no event */
	KT_EQ(change_events, 1);
	dev->flags &= ~IFF_UP;
	set_operstate(dev, IF_OPER_DORMANT);	/* down: set, not heard */
	KT_EQ(dev->operstate, IF_OPER_DORMANT);
	KT_EQ(change_events, 1);
	KT_EQ(unregister_netdevice_notifier(&nb), 0);
	rtnl_unlock();
	free_netdev(dev);
	return 0;
}
#endif

KTEST(netdev_cov, skip_txqueue)
{
	KT_ASSERT(!qdk_xmit_txqueue_skipped(), "off at start");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(netdev_xmit_skip_txqueue(true), false);
	KT_ASSERT(qdk_xmit_txqueue_skipped(), "set");
	KT_EQ(netdev_xmit_skip_txqueue(false), true);
#else
	netdev_xmit_skip_txqueue(true);
	KT_ASSERT(qdk_xmit_txqueue_skipped(), "set");
	netdev_xmit_skip_txqueue(false);
#endif
	KT_ASSERT(!qdk_xmit_txqueue_skipped(), "cleared");
	return 0;
}
