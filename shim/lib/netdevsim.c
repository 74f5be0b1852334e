// SPDX-License-Identifier: GPL-2.0
/*
 * netdevsim.c - netdevsim's bus of a namespace, as 6.1's
 * drivers/net/netdevsim/bus.c and netdev.c make it: "ID [PORT_COUNT
 * [NUM_QUEUES]]" written to /sys/bus/netdevsim/new_device makes multi-queue
 * ethernet ports (rtnetlink.c's devices), "ID" to del_device removes them
 * (net-sysfs.c hands them the writes). The stock tc's tests (tdc) make
 * their multi-queue devices this way.
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <net/pkt_sched.h>

#include "shim.h"
#include "netns.h"

/*
 * One device of netdevsim's bus, made by writing "ID [PORT_COUNT
 * [NUM_QUEUES]]" to /sys/bus/netdevsim/new_device: PORT_COUNT net devices
 * ("eth%d") with NUM_QUEUES transmit and receive queues each. The kernel
 * keeps one bus for the whole machine and puts the ports in the writer's
 * namespace; here each namespace has a bus of its own.
 */
struct nsim_bus_dev {
	struct list_head list;
	unsigned int id;
};

/* nsim_setup_tc(): flow blocks only (this namespace has no filters) */
static int nsim_setup_tc(struct net_device *dev, enum tc_setup_type type,
			 void *type_data)
{
	return -EOPNOTSUPP;
}

static const struct net_device_ops nsim_netdev_ops = {
	.ndo_setup_tc = nsim_setup_tc,
};

/*
 * nsim_create() with nsim_setup(): ether_setup() without ARP and
 * multicast, no queue (IFF_NO_QUEUE, tx_queue_len 0: noqueue once up),
 * mtu 68..65535, NETIF_F_HW_TC settable but off, no rtnl_link_ops (so no
 * IFLA_LINKINFO and `ip link del` is refused). The address is made from
 * the ifindex, tagged 0x5d (the kernel's is random).
 */
static struct qdk_ndev *nsim_port_create(struct qdk_net *net,
					 struct nsim_bus_dev *bd,
					 unsigned int queues)
{
	char name[IFNAMSIZ];
	struct qdk_ndev *nd;
	int i;

	/* dev_alloc_name("eth%d"): the lowest free number */
	for (i = 0; i < QDK_NET_MAX_DEVS; i++) {
		snprintf(name, IFNAMSIZ, "eth%d", i);
		if (!qdk_ns_dev_by_name(net, name))
			break;
	}
	nd = qdk_ns_ether_create(net, name, NULL, queues, queues, 0x5d);
	if (!nd)
		return NULL;
	nd->nsim = bd;
	nd->dev.netdev_ops = &nsim_netdev_ops;
	nd->dev.tx_queue_len = 0;
	nd->dev.priv_flags |= IFF_NO_QUEUE;
	nd->dev.min_mtu = ETH_MIN_MTU;
	nd->dev.max_mtu = ETH_MAX_MTU;
	nd->dev.hw_features |= NETIF_F_HW_TC;
	return nd;
}

/* nsim_bus_dev_del(): the ports go (unregister_netdevice), then the device */
static void nsim_bus_dev_del(struct qdk_net *net, struct nsim_bus_dev *bd)
{
	struct qdk_ndev *nd, *tmp;

	list_for_each_entry_safe(nd, tmp, &net->devs, list)
		if (nd->nsim == bd)
			qdk_ns_dev_free(net, nd);
	list_del(&bd->list);
	kfree(bd);
}

void qdk_nsim_free_all(struct qdk_net *net)
{
	struct nsim_bus_dev *bd, *tmp;

	list_for_each_entry_safe(bd, tmp, &net->nsim_devs, list)
		nsim_bus_dev_del(net, bd);
}

/*
 * sscanf(buf, "%u %u %u", ...) as the kernel's vsscanf() reads it: white
 * space skipped, each number decimal digits (truncated to 32 bits).
 * Returns how many were read.
 */
static int scan_uints(const char *s, unsigned int *v, int max)
{
	int n;

	for (n = 0; n < max; n++) {
		u64 x = 0;

		while (*s == ' ' || (*s >= '\t' && *s <= '\r'))
			s++;
		if (*s < '0' || *s > '9')
			break;
		while (*s >= '0' && *s <= '9')
			x = x * 10 + (*s++ - '0');
		v[n] = (unsigned int)x;
	}
	return n;
}

static struct nsim_bus_dev *nsim_bus_dev_find(struct qdk_net *net,
					      unsigned int id)
{
	struct nsim_bus_dev *bd;

	list_for_each_entry(bd, &net->nsim_devs, list)
		if (bd->id == id)
			return bd;
	return NULL;
}

/*
 * new_device_store(): "ID [PORT_COUNT [NUM_QUEUES]]", 1 port and 1 queue
 * by default. A taken ID fails as ida_alloc_range() does (-ENOSPC); a
 * port that cannot be made (no queues) leaves the bus device without it,
 * as a failed probe does, and the write succeeds.
 */
int qdk_nsim_new_device(struct qdk_net *net, const char *buf)
{
	unsigned int v[3] = { 0, 1, 1 }, i;
	struct nsim_bus_dev *bd;

	if (scan_uints(buf, v, 3) < 1) {
		pr_err("Format for adding new device is \"id port_count num_queues\" (uint uint unit).\n");
		return -EINVAL;
	}
	if (v[0] > INT_MAX) {
		pr_err("Value of \"id\" is too big.\n");
		return -EINVAL;
	}
	if (nsim_bus_dev_find(net, v[0]))
		return -ENOSPC;
	bd = kzalloc(sizeof(*bd), GFP_KERNEL);
	if (!bd)
		return -ENOMEM;
	bd->id = v[0];
	list_add_tail(&bd->list, &net->nsim_devs);
	if (v[2] < 1 || v[2] > 4096)
		return 0;
	for (i = 0; i < v[1]; i++) {
		if (net->ndevs >= QDK_NET_MAX_DEVS) {
			pr_err("qdk: too many devices in the namespace\n");
			break;
		}
		if (!nsim_port_create(net, bd, v[2]))
			break;
	}
	return 0;
}

/* del_device_store(): "ID" */
int qdk_nsim_del_device(struct qdk_net *net, const char *buf)
{
	struct nsim_bus_dev *bd;
	unsigned int id;

	if (scan_uints(buf, &id, 1) < 1) {
		pr_err("Format for deleting device is \"id\" (uint).\n");
		return -EINVAL;
	}
	if (id > INT_MAX) {
		pr_err("Value of \"id\" is too big.\n");
		return -EINVAL;
	}
	bd = nsim_bus_dev_find(net, id);
	if (!bd)
		return -ENOENT;
	nsim_bus_dev_del(net, bd);
	return 0;
}
