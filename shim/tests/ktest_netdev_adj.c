// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netdev_adj.c - stacked devices: upper and lower links as the
 * kernel's net/core/dev.c keeps them (the master first, loops and a second
 * master refused, depth levels, walks depth first, references held).
 */
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>

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
