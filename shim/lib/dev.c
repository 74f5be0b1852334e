// SPDX-License-Identifier: GPL-2.0
/*
 * dev.c - the traffic classes of a device, as Linux 6.1's net/core/dev.c
 * keeps them: num_tc, the queue range of each class (tc_to_txq) and the
 * priority to class map. mqprio sets them; nothing here steers packets
 * (no XPS, no subordinate channels).
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/export.h>
#include <linux/netdevice.h>

/* the class whose queue range holds txq, 0 without classes, -1 for none */
int netdev_txq_to_tc(struct net_device *dev, unsigned int txq)
{
	struct netdev_tc_txq *tc = &dev->tc_to_txq[0];
	int i;

	if (!dev->num_tc)
		return 0;
	for (i = 0; i < TC_MAX_QUEUE; i++, tc++) {
		if ((txq - tc->offset) < tc->count)
			return i;
	}
	return -1;
}
EXPORT_SYMBOL(netdev_txq_to_tc);

void netdev_reset_tc(struct net_device *dev)
{
	dev->num_tc = 0;
	memset(dev->tc_to_txq, 0, sizeof(dev->tc_to_txq));
	memset(dev->prio_tc_map, 0, sizeof(dev->prio_tc_map));
}
EXPORT_SYMBOL(netdev_reset_tc);

int netdev_set_tc_queue(struct net_device *dev, u8 tc, u16 count, u16 offset)
{
	if (tc >= dev->num_tc)
		return -EINVAL;
	dev->tc_to_txq[tc].count = count;
	dev->tc_to_txq[tc].offset = offset;
	return 0;
}
EXPORT_SYMBOL(netdev_set_tc_queue);

int netdev_set_num_tc(struct net_device *dev, u8 num_tc)
{
	if (num_tc > TC_MAX_QUEUE)
		return -EINVAL;
	dev->num_tc = num_tc;
	return 0;
}
EXPORT_SYMBOL(netdev_set_num_tc);
