// SPDX-License-Identifier: GPL-2.0
/*
 * dev_addr_lists.c - net/core/dev_addr_lists.c: a device's unicast and
 * multicast address lists (dev->uc, dev->mc) and their synchronisation to
 * a lower device or to the hardware. Each address is counted (refcount),
 * may be marked global or synced, sits on the list in the order added and
 * in an rbtree ordered by address then type for lookups, as in the kernel.
 * A change that took effect reprograms the device's receive filter
 * (__dev_set_rx_mode()). The device's own address list (dev_addrs) is not
 * modelled: the shim keeps dev->dev_addr in the device.
 */
#include <linux/kernel.h>
#include <linux/export.h>
#include <linux/netdevice.h>
#include <linux/rbtree.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "shim.h"

/* the order of the lookup tree: the address's bytes, then the type */
static int hw_addr_cmp(const unsigned char *addr, unsigned char type,
		       const struct netdev_hw_addr *ha, int addr_len)
{
	int diff = memcmp(addr, ha->addr, addr_len);

	return diff ? diff : memcmp(&type, &ha->type, sizeof(type));
}

static struct netdev_hw_addr *hw_addr_new(const unsigned char *addr, int addr_len,
					  unsigned char type, bool global, bool sync)
{
	/* at least a cache line, as the kernel allocates */
	struct netdev_hw_addr *ha = kmalloc(max_t(size_t, sizeof(*ha), L1_CACHE_BYTES),
					    GFP_ATOMIC);

	if (!ha)
		return NULL;
	memcpy(ha->addr, addr, addr_len);
	ha->type = type;
	ha->refcount = 1;
	ha->global_use = global;
	ha->synced = sync ? 1 : 0;
	ha->sync_cnt = 0;
	return ha;
}

/*
 * Add addr (or take another reference on it). exclusive: an address
 * already there is -EEXIST. global: one global reference at most. sync: a
 * reference from a sync, refused when already synced with sync_count set.
 */
static int __hw_addr_add_ex(struct netdev_hw_addr_list *list, const unsigned char *addr,
			    int addr_len, unsigned char type, bool global, bool sync,
			    int sync_count, bool exclusive)
{
	struct rb_node **link = &list->tree.rb_node, *parent = NULL;
	struct netdev_hw_addr *ha;

	if (addr_len > MAX_ADDR_LEN)
		return -EINVAL;
	while (*link) {
		int diff;

		ha = rb_entry(*link, struct netdev_hw_addr, node);
		diff = hw_addr_cmp(addr, type, ha, addr_len);
		parent = *link;
		if (diff < 0) {
			link = &parent->rb_left;
			continue;
		}
		if (diff > 0) {
			link = &parent->rb_right;
			continue;
		}
		/* the address is there */
		if (exclusive)
			return -EEXIST;
		if (global) {
			if (ha->global_use)
				return 0;
			ha->global_use = true;
		}
		if (sync) {
			if (ha->synced && sync_count)
				return -EEXIST;
			ha->synced++;
		}
		ha->refcount++;
		return 0;
	}
	ha = hw_addr_new(addr, addr_len, type, global, sync);
	if (!ha)
		return -ENOMEM;
	rb_link_node(&ha->node, parent, link);
	rb_insert_color(&ha->node, &list->tree);
	list_add_tail_rcu(&ha->list, &list->list);
	list->count++;
	return 0;
}

static int __hw_addr_add(struct netdev_hw_addr_list *list, const unsigned char *addr,
			 int addr_len, unsigned char type)
{
	return __hw_addr_add_ex(list, addr, addr_len, type, false, false, 0, false);
}

/* drop one reference (the global or a synced one if asked); the last frees */
static int __hw_addr_del_entry(struct netdev_hw_addr_list *list, struct netdev_hw_addr *ha,
			       bool global, bool sync)
{
	if (global && !ha->global_use)
		return -ENOENT;
	if (sync && !ha->synced)
		return -ENOENT;
	if (global)
		ha->global_use = false;
	if (sync)
		ha->synced--;
	if (--ha->refcount)
		return 0;
	rb_erase(&ha->node, &list->tree);
	list_del_rcu(&ha->list);
	kfree_rcu(ha, rcu_head);
	list->count--;
	return 0;
}

/* addr of type (0: the first of any type the tree's walk meets) */
static struct netdev_hw_addr *__hw_addr_lookup(struct netdev_hw_addr_list *list,
					       const unsigned char *addr, int addr_len,
					       unsigned char type)
{
	struct rb_node *node = list->tree.rb_node;

	while (node) {
		struct netdev_hw_addr *ha = rb_entry(node, struct netdev_hw_addr, node);
		int diff = memcmp(addr, ha->addr, addr_len);

		if (!diff && type)
			diff = memcmp(&type, &ha->type, sizeof(type));
		if (!diff)
			return ha;
		node = diff < 0 ? node->rb_left : node->rb_right;
	}
	return NULL;
}

static int __hw_addr_del_ex(struct netdev_hw_addr_list *list, const unsigned char *addr,
			    int addr_len, unsigned char type, bool global, bool sync)
{
	struct netdev_hw_addr *ha = __hw_addr_lookup(list, addr, addr_len, type);

	return ha ? __hw_addr_del_entry(list, ha, global, sync) : -ENOENT;
}

static int __hw_addr_del(struct netdev_hw_addr_list *list, const unsigned char *addr,
			 int addr_len, unsigned char type)
{
	return __hw_addr_del_ex(list, addr, addr_len, type, false, false);
}

/* ha copied to to_list as a synced reference; ha holds one more for it */
static int __hw_addr_sync_one(struct netdev_hw_addr_list *to_list, struct netdev_hw_addr *ha,
			      int addr_len)
{
	int err = __hw_addr_add_ex(to_list, ha->addr, addr_len, ha->type, false, true,
				   ha->sync_cnt, false);

	if (err && err != -EEXIST)
		return err;
	if (!err) {
		ha->sync_cnt++;
		ha->refcount++;
	}
	return 0;
}

/* the synced copy of ha taken back from to_list, and ha's reference for it */
static void __hw_addr_unsync_one(struct netdev_hw_addr_list *to_list,
				 struct netdev_hw_addr_list *from_list,
				 struct netdev_hw_addr *ha, int addr_len)
{
	if (__hw_addr_del_ex(to_list, ha->addr, addr_len, ha->type, false, true))
		return;
	ha->sync_cnt--;
	__hw_addr_del_entry(from_list, ha, false, false);
}

/* one source to several lower lists: only sync references left means gone */
static int __hw_addr_sync_multiple(struct netdev_hw_addr_list *to_list,
				   struct netdev_hw_addr_list *from_list, int addr_len)
{
	struct netdev_hw_addr *ha, *tmp;
	int err = 0;

	list_for_each_entry_safe(ha, tmp, &from_list->list, list) {
		if (ha->sync_cnt == ha->refcount) {
			__hw_addr_unsync_one(to_list, from_list, ha, addr_len);
			continue;
		}
		err = __hw_addr_sync_one(to_list, ha, addr_len);
		if (err)
			break;
	}
	return err;
}

/*
 * One source to one lower list: addresses not synced yet are copied, a
 * synced one whose only reference left is the sync's is taken back.
 */
int __hw_addr_sync(struct netdev_hw_addr_list *to_list,
		   struct netdev_hw_addr_list *from_list, int addr_len)
{
	struct netdev_hw_addr *ha, *tmp;
	int err = 0;

	list_for_each_entry_safe(ha, tmp, &from_list->list, list) {
		if (!ha->sync_cnt) {
			err = __hw_addr_sync_one(to_list, ha, addr_len);
			if (err)
				break;
		} else if (ha->refcount == 1) {
			__hw_addr_unsync_one(to_list, from_list, ha, addr_len);
		}
	}
	return err;
}
EXPORT_SYMBOL(__hw_addr_sync);

/* every synced address taken back from to_list */
void __hw_addr_unsync(struct netdev_hw_addr_list *to_list,
		      struct netdev_hw_addr_list *from_list, int addr_len)
{
	struct netdev_hw_addr *ha, *tmp;

	list_for_each_entry_safe(ha, tmp, &from_list->list, list)
		if (ha->sync_cnt)
			__hw_addr_unsync_one(to_list, from_list, ha, addr_len);
}
EXPORT_SYMBOL(__hw_addr_unsync);

/*
 * A driver's ndo_set_rx_mode() syncing list to its hardware: first the
 * stale addresses (synced, nobody else holds them) go through unsync (a
 * failure keeps one for later), then sync for each new one (a failure
 * stops and is returned).
 */
int __hw_addr_sync_dev(struct netdev_hw_addr_list *list, struct net_device *dev,
		       int (*sync)(struct net_device *, const unsigned char *),
		       int (*unsync)(struct net_device *, const unsigned char *))
{
	struct netdev_hw_addr *ha, *tmp;
	int err;

	list_for_each_entry_safe(ha, tmp, &list->list, list) {
		if (!ha->sync_cnt || ha->refcount != 1)
			continue;
		if (unsync && unsync(dev, ha->addr))
			continue;
		ha->sync_cnt--;
		__hw_addr_del_entry(list, ha, false, false);
	}
	list_for_each_entry_safe(ha, tmp, &list->list, list) {
		if (ha->sync_cnt)
			continue;
		err = sync(dev, ha->addr);
		if (err)
			return err;
		ha->sync_cnt++;
		ha->refcount++;
	}
	return 0;
}
EXPORT_SYMBOL(__hw_addr_sync_dev);

/*
 * The same for hardware that counts references: sync_cnt is how many the
 * hardware has, refcount twice that when in step (plus the users' since).
 * sync and unsync are told the count the hardware should hold.
 */
int __hw_addr_ref_sync_dev(struct netdev_hw_addr_list *list, struct net_device *dev,
			   int (*sync)(struct net_device *, const unsigned char *, int),
			   int (*unsync)(struct net_device *, const unsigned char *, int))
{
	struct netdev_hw_addr *ha, *tmp;
	int err, ref_cnt;

	/* users dropped references since the last sync */
	list_for_each_entry_safe(ha, tmp, &list->list, list) {
		if ((ha->sync_cnt << 1) <= ha->refcount)
			continue;
		ref_cnt = ha->refcount - ha->sync_cnt;
		if (unsync && unsync(dev, ha->addr, ref_cnt))
			continue;
		ha->refcount = (ref_cnt << 1) + 1;
		ha->sync_cnt = ref_cnt;
		__hw_addr_del_entry(list, ha, false, false);
	}
	/* users took references since the last sync, or the address is new */
	list_for_each_entry_safe(ha, tmp, &list->list, list) {
		if ((ha->sync_cnt << 1) >= ha->refcount)
			continue;
		ref_cnt = ha->refcount - ha->sync_cnt;
		err = sync(dev, ha->addr, ref_cnt);
		if (err)
			return err;
		ha->refcount = ref_cnt << 1;
		ha->sync_cnt = ref_cnt;
	}
	return 0;
}
EXPORT_SYMBOL(__hw_addr_ref_sync_dev);

/* every address the hardware holds references on taken back */
void __hw_addr_ref_unsync_dev(struct netdev_hw_addr_list *list, struct net_device *dev,
			      int (*unsync)(struct net_device *, const unsigned char *, int))
{
	struct netdev_hw_addr *ha, *tmp;

	list_for_each_entry_safe(ha, tmp, &list->list, list) {
		if (!ha->sync_cnt)
			continue;
		if (unsync && unsync(dev, ha->addr, ha->sync_cnt))
			continue;
		ha->refcount -= ha->sync_cnt - 1;
		ha->sync_cnt = 0;
		__hw_addr_del_entry(list, ha, false, false);
	}
}
EXPORT_SYMBOL(__hw_addr_ref_unsync_dev);

/* every synced address taken off the hardware (unsync may defer one) */
void __hw_addr_unsync_dev(struct netdev_hw_addr_list *list, struct net_device *dev,
			  int (*unsync)(struct net_device *, const unsigned char *))
{
	struct netdev_hw_addr *ha, *tmp;

	list_for_each_entry_safe(ha, tmp, &list->list, list) {
		if (!ha->sync_cnt)
			continue;
		if (unsync && unsync(dev, ha->addr))
			continue;
		ha->sync_cnt--;
		__hw_addr_del_entry(list, ha, false, false);
	}
}
EXPORT_SYMBOL(__hw_addr_unsync_dev);

static void __hw_addr_flush(struct netdev_hw_addr_list *list)
{
	struct netdev_hw_addr *ha, *tmp;

	list->tree = RB_ROOT;
	list_for_each_entry_safe(ha, tmp, &list->list, list) {
		list_del_rcu(&ha->list);
		kfree_rcu(ha, rcu_head);
	}
	list->count = 0;
}

void __hw_addr_init(struct netdev_hw_addr_list *list)
{
	INIT_LIST_HEAD(&list->list);
	list->count = 0;
	list->tree = RB_ROOT;
}
EXPORT_SYMBOL(__hw_addr_init);

/* part of the device's address rewritten (dev_addr_set() is all of it) */
void dev_addr_mod(struct net_device *dev, unsigned int offset, const void *addr, size_t len)
{
	memcpy(&dev->dev_addr[offset], addr, len);
}
EXPORT_SYMBOL(dev_addr_mod);

/* ---- unicast ----------------------------------------------------------- */

/* a unicast address added unless already there (-EEXIST) */
int dev_uc_add_excl(struct net_device *dev, const unsigned char *addr)
{
	int err;

	netif_addr_lock_bh(dev);
	err = __hw_addr_add_ex(&dev->uc, addr, dev->addr_len, NETDEV_HW_ADDR_T_UNICAST,
			       true, false, 0, true);
	if (!err)
		__dev_set_rx_mode(dev);
	netif_addr_unlock_bh(dev);
	return err;
}
EXPORT_SYMBOL(dev_uc_add_excl);

int dev_uc_add(struct net_device *dev, const unsigned char *addr)
{
	int err;

	netif_addr_lock_bh(dev);
	err = __hw_addr_add(&dev->uc, addr, dev->addr_len, NETDEV_HW_ADDR_T_UNICAST);
	if (!err)
		__dev_set_rx_mode(dev);
	netif_addr_unlock_bh(dev);
	return err;
}
EXPORT_SYMBOL(dev_uc_add);

int dev_uc_del(struct net_device *dev, const unsigned char *addr)
{
	int err;

	netif_addr_lock_bh(dev);
	err = __hw_addr_del(&dev->uc, addr, dev->addr_len, NETDEV_HW_ADDR_T_UNICAST);
	if (!err)
		__dev_set_rx_mode(dev);
	netif_addr_unlock_bh(dev);
	return err;
}
EXPORT_SYMBOL(dev_uc_del);

/* an upper device's unicast addresses onto its one lower device to */
int dev_uc_sync(struct net_device *to, struct net_device *from)
{
	int err;

	if (to->addr_len != from->addr_len)
		return -EINVAL;
	netif_addr_lock(to);
	err = __hw_addr_sync(&to->uc, &from->uc, to->addr_len);
	if (!err)
		__dev_set_rx_mode(to);
	netif_addr_unlock(to);
	return err;
}
EXPORT_SYMBOL(dev_uc_sync);

/* the same when from syncs to several lower devices */
int dev_uc_sync_multiple(struct net_device *to, struct net_device *from)
{
	int err;

	if (to->addr_len != from->addr_len)
		return -EINVAL;
	netif_addr_lock(to);
	err = __hw_addr_sync_multiple(&to->uc, &from->uc, to->addr_len);
	if (!err)
		__dev_set_rx_mode(to);
	netif_addr_unlock(to);
	return err;
}
EXPORT_SYMBOL(dev_uc_sync_multiple);

void dev_uc_unsync(struct net_device *to, struct net_device *from)
{
	if (to->addr_len != from->addr_len)
		return;
	netif_addr_lock_bh(from);
	netif_addr_lock(to);
	__hw_addr_unsync(&to->uc, &from->uc, to->addr_len);
	__dev_set_rx_mode(to);
	netif_addr_unlock(to);
	netif_addr_unlock_bh(from);
}
EXPORT_SYMBOL(dev_uc_unsync);

void dev_uc_flush(struct net_device *dev)
{
	netif_addr_lock_bh(dev);
	__hw_addr_flush(&dev->uc);
	netif_addr_unlock_bh(dev);
}
EXPORT_SYMBOL(dev_uc_flush);

void dev_uc_init(struct net_device *dev)
{
	__hw_addr_init(&dev->uc);
}
EXPORT_SYMBOL(dev_uc_init);

/* ---- multicast --------------------------------------------------------- */

int dev_mc_add_excl(struct net_device *dev, const unsigned char *addr)
{
	int err;

	netif_addr_lock_bh(dev);
	err = __hw_addr_add_ex(&dev->mc, addr, dev->addr_len, NETDEV_HW_ADDR_T_MULTICAST,
			       true, false, 0, true);
	if (!err)
		__dev_set_rx_mode(dev);
	netif_addr_unlock_bh(dev);
	return err;
}
EXPORT_SYMBOL(dev_mc_add_excl);

static int __dev_mc_add(struct net_device *dev, const unsigned char *addr, bool global)
{
	int err;

	netif_addr_lock_bh(dev);
	err = __hw_addr_add_ex(&dev->mc, addr, dev->addr_len, NETDEV_HW_ADDR_T_MULTICAST,
			       global, false, 0, false);
	if (!err)
		__dev_set_rx_mode(dev);
	netif_addr_unlock_bh(dev);
	return err;
}

int dev_mc_add(struct net_device *dev, const unsigned char *addr)
{
	return __dev_mc_add(dev, addr, false);
}
EXPORT_SYMBOL(dev_mc_add);

/* the global reference: taken once whatever the number of calls */
int dev_mc_add_global(struct net_device *dev, const unsigned char *addr)
{
	return __dev_mc_add(dev, addr, true);
}
EXPORT_SYMBOL(dev_mc_add_global);

static int __dev_mc_del(struct net_device *dev, const unsigned char *addr, bool global)
{
	int err;

	netif_addr_lock_bh(dev);
	err = __hw_addr_del_ex(&dev->mc, addr, dev->addr_len, NETDEV_HW_ADDR_T_MULTICAST,
			       global, false);
	if (!err)
		__dev_set_rx_mode(dev);
	netif_addr_unlock_bh(dev);
	return err;
}

int dev_mc_del(struct net_device *dev, const unsigned char *addr)
{
	return __dev_mc_del(dev, addr, false);
}
EXPORT_SYMBOL(dev_mc_del);

int dev_mc_del_global(struct net_device *dev, const unsigned char *addr)
{
	return __dev_mc_del(dev, addr, true);
}
EXPORT_SYMBOL(dev_mc_del_global);

int dev_mc_sync(struct net_device *to, struct net_device *from)
{
	int err;

	if (to->addr_len != from->addr_len)
		return -EINVAL;
	netif_addr_lock(to);
	err = __hw_addr_sync(&to->mc, &from->mc, to->addr_len);
	if (!err)
		__dev_set_rx_mode(to);
	netif_addr_unlock(to);
	return err;
}
EXPORT_SYMBOL(dev_mc_sync);

int dev_mc_sync_multiple(struct net_device *to, struct net_device *from)
{
	int err;

	if (to->addr_len != from->addr_len)
		return -EINVAL;
	netif_addr_lock(to);
	err = __hw_addr_sync_multiple(&to->mc, &from->mc, to->addr_len);
	if (!err)
		__dev_set_rx_mode(to);
	netif_addr_unlock(to);
	return err;
}
EXPORT_SYMBOL(dev_mc_sync_multiple);

void dev_mc_unsync(struct net_device *to, struct net_device *from)
{
	if (to->addr_len != from->addr_len)
		return;
	netif_addr_lock_bh(from);
	netif_addr_lock(to);
	__hw_addr_unsync(&to->mc, &from->mc, to->addr_len);
	__dev_set_rx_mode(to);
	netif_addr_unlock(to);
	netif_addr_unlock_bh(from);
}
EXPORT_SYMBOL(dev_mc_unsync);

void dev_mc_flush(struct net_device *dev)
{
	netif_addr_lock_bh(dev);
	__hw_addr_flush(&dev->mc);
	netif_addr_unlock_bh(dev);
}
EXPORT_SYMBOL(dev_mc_flush);

void dev_mc_init(struct net_device *dev)
{
	__hw_addr_init(&dev->mc);
}
EXPORT_SYMBOL(dev_mc_init);
