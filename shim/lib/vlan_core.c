// SPDX-License-Identifier: GPL-2.0
/*
 * vlan_core.c - what net/8021q/vlan_core.c exports to drivers: a VLAN
 * device's real device, id and protocol, and the VLAN ids a device
 * filters (vlan_vid_add()/del(), counted per (proto, vid) and passed to
 * ndo_vlan_rx_add_vid()/kill_vid() when the device filters that TPID).
 *
 * The shim has no 8021q module, so no VLAN device is ever put in a real
 * device's group: __vlan_find_dev_deep_rcu() finds none, vlan_for_each()
 * visits none and vlan_uses_dev() is false. A device a module marks
 * IFF_802_1Q_VLAN itself, with a struct vlan_dev_priv, is read as one.
 */
#include <linux/if_vlan.h>
#include <linux/export.h>
#include <linux/list.h>
#include <linux/rtnetlink.h>
#include <linux/slab.h>

/* dev->vlan_info: the ids it filters (the kernel's also holds the group) */
struct vlan_info {
	struct net_device	*real_dev;
	struct list_head	vid_list;
	unsigned int		nr_vids;
	unsigned int		nr_vlan_devs;	/* the group: always 0 here */
};

struct vlan_vid_info {
	struct list_head	list;
	__be16			proto;
	u16			vid;
	int			refcount;
};

/* the VLAN device with that id on real_dev (or on its master): none here */
struct net_device *__vlan_find_dev_deep_rcu(struct net_device *real_dev,
					    __be16 vlan_proto, u16 vlan_id)
{
	return NULL;
}
EXPORT_SYMBOL(__vlan_find_dev_deep_rcu);

/* the innermost real device under a stack of VLAN devices */
struct net_device *vlan_dev_real_dev(const struct net_device *dev)
{
	struct net_device *ret = vlan_dev_priv(dev)->real_dev;

	while (is_vlan_dev(ret))
		ret = vlan_dev_priv(ret)->real_dev;
	return ret;
}
EXPORT_SYMBOL(vlan_dev_real_dev);

u16 vlan_dev_vlan_id(const struct net_device *dev)
{
	return vlan_dev_priv(dev)->vlan_id;
}
EXPORT_SYMBOL(vlan_dev_vlan_id);

__be16 vlan_dev_vlan_proto(const struct net_device *dev)
{
	return vlan_dev_priv(dev)->vlan_proto;
}
EXPORT_SYMBOL(vlan_dev_vlan_proto);

/* does the device filter tags of this TPID in hardware? */
static bool vlan_hw_filter_capable(const struct net_device *dev, __be16 proto)
{
	if (proto == htons(ETH_P_8021Q) && dev->features & NETIF_F_HW_VLAN_CTAG_FILTER)
		return true;
	if (proto == htons(ETH_P_8021AD) && dev->features & NETIF_F_HW_VLAN_STAG_FILTER)
		return true;
	return false;
}

static struct vlan_vid_info *vlan_vid_info_get(struct vlan_info *vlan_info,
					       __be16 proto, u16 vid)
{
	struct vlan_vid_info *vid_info;

	list_for_each_entry(vid_info, &vlan_info->vid_list, list) {
		if (vid_info->proto == proto && vid_info->vid == vid)
			return vid_info;
	}
	return NULL;
}

/* a VLAN device on each id of dev's group: the group is empty */
int vlan_for_each(struct net_device *dev,
		  int (*action)(struct net_device *dev, int vid, void *arg), void *arg)
{
	ASSERT_RTNL();
	return 0;
}
EXPORT_SYMBOL(vlan_for_each);

int vlan_vid_add(struct net_device *dev, __be16 proto, u16 vid)
{
	struct vlan_info *vlan_info = rtnl_dereference(dev->vlan_info);
	struct vlan_vid_info *vid_info;
	bool vlan_info_created = false;
	int err;

	ASSERT_RTNL();
	if (!vlan_info) {
		vlan_info = kzalloc(sizeof(*vlan_info), GFP_KERNEL);
		if (!vlan_info)
			return -ENOMEM;
		vlan_info->real_dev = dev;
		INIT_LIST_HEAD(&vlan_info->vid_list);
		rcu_assign_pointer(dev->vlan_info, vlan_info);
		vlan_info_created = true;
	}
	vid_info = vlan_vid_info_get(vlan_info, proto, vid);
	if (!vid_info) {
		vid_info = kzalloc(sizeof(*vid_info), GFP_KERNEL);
		if (!vid_info) {
			err = -ENOMEM;
			goto out_free_vlan_info;
		}
		vid_info->proto = proto;
		vid_info->vid = vid;
		if (vlan_hw_filter_capable(dev, proto)) {
			err = dev->netdev_ops->ndo_vlan_rx_add_vid(dev, proto, vid);
			if (err) {
				kfree(vid_info);
				goto out_free_vlan_info;
			}
		}
		list_add(&vid_info->list, &vlan_info->vid_list);
		vlan_info->nr_vids++;
	}
	vid_info->refcount++;
	return 0;

out_free_vlan_info:
	if (vlan_info_created) {
		RCU_INIT_POINTER(dev->vlan_info, NULL);
		kfree(vlan_info);
	}
	return err;
}
EXPORT_SYMBOL(vlan_vid_add);

void vlan_vid_del(struct net_device *dev, __be16 proto, u16 vid)
{
	struct vlan_info *vlan_info = rtnl_dereference(dev->vlan_info);
	struct vlan_vid_info *vid_info;

	ASSERT_RTNL();
	if (!vlan_info)
		return;
	vid_info = vlan_vid_info_get(vlan_info, proto, vid);
	if (!vid_info || --vid_info->refcount)
		return;
	if (vlan_hw_filter_capable(dev, proto)) {
		int err = dev->netdev_ops->ndo_vlan_rx_kill_vid(dev, proto, vid);

		if (err)
			pr_warn("failed to kill vid %04x/%d for device %s\n",
				ntohs(proto), vid, dev->name);
	}
	list_del(&vid_info->list);
	kfree(vid_info);
	vlan_info->nr_vids--;
	if (!vlan_info->nr_vlan_devs && !vlan_info->nr_vids) {
		RCU_INIT_POINTER(dev->vlan_info, NULL);
		kfree(vlan_info);
	}
}
EXPORT_SYMBOL(vlan_vid_del);

/* by_dev's hardware-filtered ids onto dev too (a bond's onto a new port) */
int vlan_vids_add_by_dev(struct net_device *dev, const struct net_device *by_dev)
{
	struct vlan_info *vlan_info = rtnl_dereference(by_dev->vlan_info);
	struct vlan_vid_info *vid_info;
	int err;

	ASSERT_RTNL();
	if (!vlan_info)
		return 0;
	list_for_each_entry(vid_info, &vlan_info->vid_list, list) {
		if (!vlan_hw_filter_capable(by_dev, vid_info->proto))
			continue;
		err = vlan_vid_add(dev, vid_info->proto, vid_info->vid);
		if (err)
			goto unwind;
	}
	return 0;

unwind:
	list_for_each_entry_continue_reverse(vid_info, &vlan_info->vid_list, list) {
		if (!vlan_hw_filter_capable(by_dev, vid_info->proto))
			continue;
		vlan_vid_del(dev, vid_info->proto, vid_info->vid);
	}
	return err;
}
EXPORT_SYMBOL(vlan_vids_add_by_dev);

void vlan_vids_del_by_dev(struct net_device *dev, const struct net_device *by_dev)
{
	struct vlan_info *vlan_info = rtnl_dereference(by_dev->vlan_info);
	struct vlan_vid_info *vid_info, *next;

	ASSERT_RTNL();
	if (!vlan_info)
		return;
	list_for_each_entry_safe(vid_info, next, &vlan_info->vid_list, list) {
		if (!vlan_hw_filter_capable(by_dev, vid_info->proto))
			continue;
		vlan_vid_del(dev, vid_info->proto, vid_info->vid);
	}
}
EXPORT_SYMBOL(vlan_vids_del_by_dev);

/* VLAN devices on top of dev: the shim's group has none */
bool vlan_uses_dev(const struct net_device *dev)
{
	struct vlan_info *vlan_info;

	ASSERT_RTNL();
	vlan_info = rtnl_dereference(dev->vlan_info);
	return vlan_info && vlan_info->nr_vlan_devs;
}
EXPORT_SYMBOL(vlan_uses_dev);
