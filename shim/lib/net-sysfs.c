// SPDX-License-Identifier: GPL-2.0
/*
 * net-sysfs.c - the sysfs files a process of the namespace (netns.h) writes,
 * as the kernel's kernfs hands a write to an attribute's store: netdevsim's
 * bus files (netdevsim.c) and, as net/core/net-sysfs.c has them, a device's
 * /sys/class/net/NAME/tx_queue_len. Reading them is not modelled: no tool
 * the kit runs reads them (qdk_net_sysfs_open() takes writers only).
 */
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/mm.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/string.h>

#include "shim.h"
#include "netns.h"

static const struct {
	const char *path;
	int (*store)(struct qdk_net *net, const char *buf);
} bus_files[] = {
	{ "/sys/bus/netdevsim/new_device", qdk_nsim_new_device },
	{ "/sys/bus/netdevsim/del_device", qdk_nsim_del_device },
};

#define NET_CLASS	"/sys/class/net/"
/* a device's attribute file: this bit with the ifindex (one attribute yet) */
#define DEV_ATTR	0x40000000

/*
 * The file's number: a bus file's index, or DEV_ATTR | ifindex for a
 * device's tx_queue_len; -ENOENT for a path the namespace does not have.
 */
int qdk_net_sysfs_open(struct qdk_net *net, const char *path)
{
	char name[IFNAMSIZ];
	struct net_device *dev;
	const char *attr;
	size_t i, n;

	for (i = 0; i < ARRAY_SIZE(bus_files); i++)
		if (!strcmp(path, bus_files[i].path))
			return (int)i;
	if (strncmp(path, NET_CLASS, strlen(NET_CLASS)))
		return -ENOENT;
	path += strlen(NET_CLASS);
	attr = strchr(path, '/');
	n = attr ? (size_t)(attr - path) : 0;
	if (!n || n >= IFNAMSIZ || strcmp(attr, "/tx_queue_len"))
		return -ENOENT;
	memcpy(name, path, n);
	name[n] = '\0';
	rtnl_lock();
	dev = qdk_ns_dev_by_name(net, name);
	i = dev ? (size_t)dev->ifindex : 0;
	rtnl_unlock();
	return dev ? (int)(DEV_ATTR | i) : -ENOENT;
}

/*
 * netdev_store() with dev_change_tx_queue_len(): the number as kstrtoul()
 * reads it (base prefixes, a trailing newline), under RTNL, on a device
 * that is still there (-ENODEV once it is gone).
 */
static int tx_queue_len_store(struct qdk_net *net, int ifindex, const char *buf)
{
	struct net_device *dev;
	unsigned long v;
	int err;

	err = kstrtoul(buf, 0, &v);
	if (err)
		return err;
	dev = qdk_ns_dev_by_index(net, ifindex);
	if (!dev)
		return -ENODEV;
	return qdk_ns_change_tx_queue_len(dev, v);
}

/*
 * kernfs_fop_write_iter() for a store-only attribute: at most a page,
 * NUL-terminated, the store's result is write()'s.
 */
long qdk_net_sysfs_write(struct qdk_net *net, int file, const void *buf,
			 size_t len)
{
	char page[PAGE_SIZE];
	int err;

	if (file < 0 || (!(file & DEV_ATTR) && (size_t)file >= ARRAY_SIZE(bus_files)))
		return -EBADF;
	if (len > PAGE_SIZE - 1)
		len = PAGE_SIZE - 1;
	memcpy(page, buf, len);
	page[len] = '\0';
	rtnl_lock();
	if (file & DEV_ATTR)
		err = tx_queue_len_store(net, file & ~DEV_ATTR, page);
	else
		err = bus_files[file].store(net, page);
	rtnl_unlock();
	return err ? err : (long)len;
}
