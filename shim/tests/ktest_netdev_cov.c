// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netdev_cov.c - smaller net_device helpers: the operstate setter
 * (NETDEV_CHANGE only on a change of an up device), act_skbedit's
 * skip-txqueue flag, references and sizes, devm_ Ethernet devices.
 */
#include <linux/kernel.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/notifier.h>
#include <linux/rtnetlink.h>
#include <linux/inetdevice.h>
#include <linux/cleanup.h>
#include <linux/device.h>
#include <linux/ethtool_netlink.h>
#include <linux/if_arp.h>
#include <linux/slab.h>
#include <net/net_namespace.h>

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

KTEST(netdev_cov, refs_and_sizes)
{
	struct net_device *a = alloc_etherdev(0), *b = alloc_etherdev(0);
	netdevice_tracker tr;
	struct sk_buff *skb;

	KT_ASSERT(a && b, "alloc_etherdev");
	/* alloc_netdev_mqs()'s defaults */
	KT_EQ(a->gro_max_size, GRO_LEGACY_MAX_SIZE);
	KT_EQ(netdev_refcnt_read(a), 1);
	netdev_hold(a, &tr, GFP_KERNEL);
	netdev_ref_replace(a, b, &tr, GFP_KERNEL);
	KT_EQ(netdev_refcnt_read(a), 1);
	KT_EQ(netdev_refcnt_read(b), 2);
	netdev_ref_replace(b, NULL, &tr, GFP_KERNEL);
	KT_EQ(netdev_refcnt_read(b), 1);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(a->gro_ipv4_max_size, GRO_LEGACY_MAX_SIZE);
	skb = alloc_skb(64, GFP_KERNEL);
	KT_ASSERT(skb, "alloc_skb");
	netif_set_tso_max_size(a, 32768);	/* lowers both GSO limits */
	a->gso_max_size = 20000;
	skb->protocol = htons(ETH_P_IPV6);
	KT_EQ(netif_get_gso_max_size(a, skb), 20000);
	KT_EQ(netif_get_gro_max_size(a, skb), GRO_LEGACY_MAX_SIZE);
	skb->protocol = htons(ETH_P_IP);
	KT_EQ(netif_get_gso_max_size(a, skb), 32768);
	a->gro_ipv4_max_size = 1000;
	KT_EQ(netif_get_gro_max_size(a, skb), 1000);
	dev_kfree_skb_any_reason(skb, SKB_DROP_REASON_QDISC_DROP);

	KT_EQ(netdev_queue_dql_avail(netdev_get_tx_queue(a, 0)),
	      dql_avail(&netdev_get_tx_queue(a, 0)->dql));
	{
		struct net_device *d __free(dev_put) = a;

		dev_hold(d);
		KT_EQ(netdev_refcnt_read(a), 2);
	}
	KT_EQ(netdev_refcnt_read(a), 1);	/* put at the end of the scope */

	KT_ASSERT(!netif_is_any_bridge_master(a), "plain");
	a->priv_flags |= IFF_OPENVSWITCH;
	KT_ASSERT(netif_is_any_bridge_master(a), "ovs");
#else
	(void)skb;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_ASSERT(netdev_from_priv(netdev_priv(a)) == a, "back from priv");
	KT_ASSERT(!netif_tx_owned(netdev_get_tx_queue(a, 0), 0), "not held");
	__netif_tx_lock(netdev_get_tx_queue(a, 0), 0);
	KT_ASSERT(netif_tx_owned(netdev_get_tx_queue(a, 0), 0), "held");
	__netif_tx_unlock(netdev_get_tx_queue(a, 0));
#endif
	free_netdev(a);
	free_netdev(b);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(netdev_cov, get_by_index_and_name)
{
	static struct in_device in_a;
	struct net_device *a = alloc_etherdev(0), *d;
	netdevice_tracker tr;

	KT_ASSERT(a, "alloc_etherdev");
	strscpy(a->name, "qdk7", IFNAMSIZ);
	a->ifindex = 7;
	qdk_netdev_register(a, &init_net, &in_a);
	d = netdev_get_by_index(&init_net, 7, &tr, GFP_KERNEL);
	KT_ASSERT(d == a, "by index");
	KT_EQ(netdev_refcnt_read(a), 2);
	netdev_put(d, &tr);
	d = netdev_get_by_name(&init_net, "qdk7", &tr, GFP_KERNEL);
	KT_ASSERT(d == a, "by name");
	netdev_put(d, &tr);
	KT_ASSERT(!netdev_get_by_index(&init_net, 8, &tr, GFP_KERNEL), "none");
	KT_ASSERT(!netdev_get_by_name(&init_net, "qdk8", &tr, GFP_KERNEL), "none");
	KT_EQ(netdev_refcnt_read(a), 1);
	qdk_netdev_unregister(a);
	free_netdev(a);
	return 0;
}
#endif

static int released;

static void devm_probe_release(struct device *dev)
{
	released++;
}

KTEST(netdev_cov, devm_etherdev_and_pull_mac)
{
	struct device *dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	struct net_device *nd;
	long before;

	KT_ASSERT(dev, "kzalloc");
	device_initialize(dev);
	dev->release = devm_probe_release;
	dev_set_name(dev, "qdkdev");
	before = qdk_test_mem_objects();
	nd = devm_alloc_etherdev_mqs(dev, 16, 4, 2);
	KT_ASSERT(nd, "devm_alloc_etherdev_mqs");
	KT_EQ(nd->num_tx_queues, 4);
	KT_EQ(nd->num_rx_queues, 2);
	KT_EQ(nd->type, ARPHRD_ETHER);
	KT_ASSERT(qdk_test_mem_objects() > before, "allocated");
	put_device(dev);		/* the last put frees the device's netdev */
	KT_EQ(released, 1);
	kfree(dev);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(ETHTOOL_PAUSE_STAT_CNT, 3);	/* tx and rx frames, tx storms */
#else
	KT_EQ(ETHTOOL_PAUSE_STAT_CNT, 2);	/* tx and rx frames */
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	{
		struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
		struct ethhdr *eth;

		KT_ASSERT(skb, "alloc_skb");
		skb_put(skb, 60);
		eth = eth_skb_pull_mac(skb);
		KT_ASSERT((u8 *)eth == skb->data - ETH_HLEN, "header before data");
		KT_EQ(skb->len, 60 - ETH_HLEN);
		kfree_skb(skb);
	}
#endif
	return 0;
}
