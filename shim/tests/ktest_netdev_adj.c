// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netdev_adj.c - stacked devices: upper and lower links as the
 * kernel's net/core/dev.c keeps them (the master first, loops and a second
 * master refused, depth levels, walks depth first, references held).
 */
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/if_arp.h>
#include <linux/inetdevice.h>

#include "shim.h"
#include "ktest.h"

static int count_dev(struct net_device *dev, struct netdev_nested_priv *priv)
{
	struct net_device **seen = priv->data;

	while (*seen)
		seen++;
	*seen = dev;
	return 0;
}

static int stop_at(struct net_device *dev, struct netdev_nested_priv *priv)
{
	return dev == priv->data ? 7 : 0;
}

KTEST(netdev_adj, link_walk_unlink)
{
	struct net_device *lo = alloc_etherdev(0), *mid = alloc_etherdev(0);
	struct net_device *top = alloc_etherdev(0), *other = alloc_etherdev(0);
	struct net_device *seen[8] = { NULL };
	struct netdev_nested_priv priv = { .data = seen };
	struct net_device *d;
	struct list_head *iter;
	int priv_a, n;

	KT_ASSERT(lo && mid && top && other, "alloc_etherdev");
	rtnl_lock();
	KT_EQ(lo->upper_level, 1);
	KT_EQ(netdev_upper_dev_link(lo, lo, NULL), -EBUSY);
	KT_EQ(netdev_master_upper_dev_link(lo, mid, &priv_a, NULL, NULL), 0);
	KT_EQ(netdev_upper_dev_link(lo, other, NULL), 0);
	KT_EQ(netdev_upper_dev_link(mid, top, NULL), 0);
	/* the same link again, a second master, a loop */
	KT_EQ(netdev_upper_dev_link(lo, other, NULL), -EEXIST);
	KT_EQ(netdev_master_upper_dev_link(lo, mid, NULL, NULL, NULL), -EEXIST);
	KT_EQ(netdev_master_upper_dev_link(lo, top, NULL, NULL, NULL), -EBUSY);
	KT_EQ(netdev_upper_dev_link(top, lo, NULL), -EBUSY);

	KT_ASSERT(netdev_master_upper_dev_get(lo) == mid, "master");
	KT_ASSERT(!netdev_master_upper_dev_get(mid), "top is not a master");
	KT_ASSERT(netdev_has_upper_dev(lo, top), "two levels up");
	KT_ASSERT(!netdev_has_upper_dev(top, lo), "not below");
	KT_ASSERT(netdev_has_any_upper_dev(lo) && !netdev_has_any_upper_dev(top), "any");
	KT_ASSERT(netdev_lower_dev_get_private(mid, lo) == &priv_a, "upper_priv");
	KT_ASSERT(netdev_lower_get_first_private_rcu(mid) == &priv_a, "first private");
	KT_EQ(lo->upper_level, 3);
	KT_EQ(top->lower_level, 3);
	KT_EQ(mid->upper_level, 2);
	KT_EQ(mid->lower_level, 2);
	KT_EQ(refcount_read(&mid->dev_refcnt), 3);	/* its own, lo's and top's */

	/* depth first: mid, top (above mid), then other */
	KT_EQ(netdev_walk_all_upper_dev_rcu(lo, count_dev, &priv), 0);
	KT_ASSERT(seen[0] == mid && seen[1] == top && seen[2] == other && !seen[3], "order");
	priv.data = top;
	KT_EQ(netdev_walk_all_upper_dev_rcu(lo, stop_at, &priv), 7);
	n = 0;
	netdev_for_each_upper_dev_rcu(lo, d, iter)
		n++;
	KT_EQ(n, 2);
	n = 0;
	netdev_for_each_lower_dev(top, d, iter) {
		KT_ASSERT(d == mid, "top's lower");
		n++;
	}
	KT_EQ(n, 1);
	memset(seen, 0, sizeof(seen));
	priv.data = seen;
	KT_EQ(netdev_walk_all_lower_dev(top, count_dev, &priv), 0);
	KT_ASSERT(seen[0] == mid && seen[1] == lo && !seen[2], "lower walk");

	netdev_upper_dev_unlink(mid, top);
	KT_EQ(lo->upper_level, 2);
	KT_EQ(top->lower_level, 1);
	netdev_upper_dev_unlink(lo, mid);
	netdev_upper_dev_unlink(lo, other);
	KT_ASSERT(!netdev_has_any_upper_dev(lo), "all gone");
	KT_EQ(refcount_read(&mid->dev_refcnt), 1);
	rtnl_unlock();
	free_netdev(lo);
	free_netdev(mid);
	free_netdev(top);
	free_netdev(other);
	return 0;
}

static unsigned long events[2];

static int adj_event(struct notifier_block *nb, unsigned long ev, void *ptr)
{
	struct netdev_notifier_changeupper_info *info = ptr;

	if (ev == NETDEV_PRECHANGEUPPER)
		events[0]++;
	if (ev == NETDEV_CHANGEUPPER && info->linking && info->master)
		events[1]++;
	if (ev == NETDEV_PRECHANGEUPPER && info->linking && !info->master)
		return notifier_from_errno(-EOPNOTSUPP);
	return NOTIFY_DONE;
}

KTEST(netdev_adj, notifiers_veto)
{
	struct notifier_block nb = { .notifier_call = adj_event };
	struct net_device *a = alloc_etherdev(0), *b = alloc_etherdev(0);

	KT_ASSERT(a && b, "alloc_etherdev");
	rtnl_lock();
	KT_EQ(register_netdevice_notifier(&nb), 0);
	KT_EQ(netdev_upper_dev_link(a, b, NULL), -EOPNOTSUPP);
	KT_ASSERT(!netdev_has_any_upper_dev(a), "vetoed");
	KT_EQ(netdev_master_upper_dev_link(a, b, NULL, NULL, NULL), 0);
	KT_EQ(events[1], 1);
	netdev_upper_dev_unlink(a, b);
	KT_EQ(events[0], 3);
	KT_EQ(unregister_netdevice_notifier(&nb), 0);
	rtnl_unlock();
	free_netdev(a);
	free_netdev(b);
	return 0;
}

static int mtu_events[2];
static int refuse_mtu;

static int mtu_event(struct notifier_block *nb, unsigned long ev, void *ptr)
{
	struct netdev_notifier_info_ext *info = ptr;

	if (ev == NETDEV_PRECHANGEMTU)
		mtu_events[0]++;
	if (ev == NETDEV_CHANGEMTU) {
		mtu_events[1]++;
		if (refuse_mtu && info->ext.mtu == 1500)
			return notifier_from_errno(-EPERM);
	}
	return NOTIFY_DONE;
}

KTEST(netdev_adj, set_mtu)
{
	struct notifier_block nb = { .notifier_call = mtu_event };
	struct net_device *dev = alloc_etherdev(0);

	KT_ASSERT(dev, "alloc_etherdev");
	rtnl_lock();
	KT_EQ(dev->mtu, 1500);
	KT_EQ(register_netdevice_notifier(&nb), 0);
	KT_EQ(dev_set_mtu(dev, 1500), 0);		/* unchanged: nobody told */
	KT_EQ(mtu_events[0], 0);
	KT_EQ(dev_set_mtu(dev, 67), -EINVAL);		/* below ETH_MIN_MTU */
	KT_EQ(dev_set_mtu(dev, 1501), -EINVAL);		/* Ethernet's max_mtu */
	KT_EQ(dev_set_mtu(dev, 1400), -ENODEV);		/* not present */
	set_bit(__LINK_STATE_PRESENT, &dev->state);
	dev->max_mtu = 9000;
	KT_EQ(dev_set_mtu(dev, 9000), 0);
	KT_EQ(dev->mtu, 9000);
	KT_EQ(mtu_events[0], 1);
	KT_EQ(mtu_events[1], 1);
	KT_EQ(dev_set_mtu(dev, 9001), -EINVAL);
	refuse_mtu = 1;				/* refused after the change: undone */
	dev->mtu = 1500;
	KT_EQ(dev_set_mtu(dev, 2000), -EPERM);
	KT_EQ(dev->mtu, 1500);
	KT_EQ(mtu_events[1], 3);
	KT_EQ(unregister_netdevice_notifier(&nb), 0);
	rtnl_unlock();
	free_netdev(dev);
	return 0;
}

static rx_handler_result_t pass_all(struct sk_buff **pskb)
{
	return RX_HANDLER_PASS;
}

KTEST(netdev_adj, rx_handler_alias_sb_channel)
{
	struct net_device *dev = alloc_etherdev_mq(0, 8), *sb = alloc_etherdev(0);
	struct dev_ifalias *alias;
	int data;

	KT_ASSERT(dev && sb, "alloc_etherdev");
	rtnl_lock();
	KT_ASSERT(!netdev_is_rx_handler_busy(dev), "free");
	KT_EQ(netdev_rx_handler_register(dev, pass_all, &data), 0);
	KT_EQ(netdev_rx_handler_register(dev, pass_all, NULL), -EBUSY);
	KT_ASSERT(rtnl_dereference(dev->rx_handler_data) == &data, "data");
	netdev_rx_handler_unregister(dev);
	dev->priv_flags |= IFF_NO_RX_HANDLER;
	KT_EQ(netdev_rx_handler_register(dev, pass_all, NULL), -EINVAL);

	KT_EQ(dev_set_alias(dev, "uplink-1234", 6), 6);
	alias = rtnl_dereference(dev->ifalias);
	KT_ASSERT(alias && !strcmp(alias->ifalias, "uplink"), "alias");
	KT_EQ(dev_set_alias(dev, "x", IFALIASZ), -EINVAL);
	KT_EQ(dev_set_alias(dev, "second", 6), 6);	/* replaces: the old one freed */

	KT_EQ(netdev_set_sb_channel(dev, 1), -ENODEV);	/* a multi-queue device */
	KT_EQ(netdev_set_sb_channel(sb, 40000), -EINVAL);
	KT_EQ(netdev_set_sb_channel(sb, 3), 0);
	KT_EQ(netdev_get_sb_channel(sb), 3);
	KT_EQ(netdev_bind_sb_channel_queue(dev, sb, 0, 2, 4), -EINVAL);	/* no classes */
	KT_EQ(netdev_set_num_tc(dev, 2), 0);
	KT_EQ(netdev_bind_sb_channel_queue(dev, sb, 1, 2, 7), -EINVAL);	/* past the queues */
	KT_EQ(netdev_bind_sb_channel_queue(dev, sb, 1, 2, 4), 0);
	KT_ASSERT(netdev_get_tx_queue(dev, 4)->sb_dev == sb &&
		  netdev_get_tx_queue(dev, 5)->sb_dev == sb &&
		  !netdev_get_tx_queue(dev, 6)->sb_dev, "bound queues");
	KT_EQ(sb->tc_to_txq[1].offset, 4);
	netdev_unbind_sb_channel(dev, sb);
	KT_ASSERT(!netdev_get_tx_queue(dev, 4)->sb_dev, "unbound");
	KT_EQ(sb->tc_to_txq[1].count, 0);
	KT_EQ(netdev_set_sb_channel(sb, 0), 0);
	KT_EQ(netdev_get_sb_channel(sb), 0);
	rtnl_unlock();
	free_netdev(dev);		/* frees the alias */
	free_netdev(sb);
	return 0;
}

static struct packet_type pt_ip = { .type = htons(ETH_P_IP) };
static struct packet_type pt_all = { .type = htons(ETH_P_ALL) };
static struct packet_offload po_a = { .priority = 10 }, po_b = { .priority = 0 };

KTEST(netdev_adj, packs_offloads_hwaddr)
{
	static const u8 mac[ETH_ALEN] = { 2, 0, 0, 0, 0, 9 };
	struct net_device *dev = alloc_etherdev(0), *found;
	struct in_device in_dev;

	KT_ASSERT(dev, "alloc_etherdev");
	dev_add_pack(&pt_ip);
	dev_add_pack(&pt_all);
	dev_remove_pack(&pt_all);
	dev_remove_pack(&pt_ip);
	dev_add_offload(&po_a);
	dev_add_offload(&po_b);		/* priority 0 goes first */
	KT_ASSERT(po_b.list.next == &po_a.list, "by priority");
	dev_remove_offload(&po_a);
	dev_remove_offload(&po_b);

	eth_hw_addr_set(dev, mac);
	rtnl_lock();
	qdk_netdev_register(dev, &init_net, &in_dev);
	KT_ASSERT(dev_getbyhwaddr(&init_net, ARPHRD_ETHER, (const char *)mac) == dev, "by addr");
	KT_ASSERT(!dev_getbyhwaddr_rcu(&init_net, ARPHRD_LOOPBACK, (const char *)mac), "type");
	found = dev_getfirstbyhwtype(&init_net, ARPHRD_ETHER);
	KT_ASSERT(found == dev, "first ether");
	KT_EQ(refcount_read(&dev->dev_refcnt), 2);
	dev_put(found);
	qdk_netdev_unregister(dev);
	rtnl_unlock();
	free_netdev(dev);
	return 0;
}
