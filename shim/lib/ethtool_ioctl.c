// SPDX-License-Identifier: GPL-2.0
/*
 * ethtool_ioctl.c - what the kernel's net/ethtool/ioctl.c gives other
 * kernel code (the name ioctl.c is fs/ioctl.c's here): a device's link
 * settings, the generic ethtool_ops methods drivers use, link-mode masks
 * and a virtual device's set_link_ksettings.
 */
#include <linux/bitmap.h>
#include <linux/ethtool.h>
#include <linux/export.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/string.h>
#include <linux/version.h>
#include <qdk/unmodelled.h>

/* (7.x: netif_get_link_ksettings(), under the device's ops lock) */
static int get_link_ksettings(struct net_device *dev,
			      struct ethtool_link_ksettings *link_ksettings)
{
	/* (NULL: the kernel's default_ethtool_ops, which has none) */
	if (!dev->ethtool_ops || !dev->ethtool_ops->get_link_ksettings)
		return -EOPNOTSUPP;
	if (!netif_device_present(dev))
		return -ENODEV;
	memset(link_ksettings, 0, sizeof(*link_ksettings));
	return dev->ethtool_ops->get_link_ksettings(dev, link_ksettings);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int netif_get_link_ksettings(struct net_device *dev,
			     struct ethtool_link_ksettings *link_ksettings)
{
	ASSERT_RTNL();
	return get_link_ksettings(dev, link_ksettings);
}
EXPORT_SYMBOL(netif_get_link_ksettings);
#endif

int __ethtool_get_link_ksettings(struct net_device *dev,
				 struct ethtool_link_ksettings *link_ksettings)
{
	ASSERT_RTNL();
	return get_link_ksettings(dev, link_ksettings);
}
EXPORT_SYMBOL(__ethtool_get_link_ksettings);

/* the link is up when the carrier is (drivers' get_link) */
u32 ethtool_op_get_link(struct net_device *dev)
{
	return netif_carrier_ok(dev) ? 1 : 0;
}
EXPORT_SYMBOL(ethtool_op_get_link);

/* AND src's supported and advertising modes into dst's (not lp_advertising) */
void ethtool_intersect_link_masks(struct ethtool_link_ksettings *dst,
				  struct ethtool_link_ksettings *src)
{
	unsigned int i;

	for (i = 0; i < BITS_TO_LONGS(__ETHTOOL_LINK_MODE_MASK_NBITS); i++) {
		dst->link_modes.supported[i] &= src->link_modes.supported[i];
		dst->link_modes.advertising[i] &= src->link_modes.advertising[i];
	}
}
EXPORT_SYMBOL(ethtool_intersect_link_masks);

/* the legacy 32 modes are the bitmap's bits 0..31; the rest cleared */
void ethtool_convert_legacy_u32_to_link_mode(unsigned long *dst, u32 legacy_u32)
{
	bitmap_zero(dst, __ETHTOOL_LINK_MODE_MASK_NBITS);
	dst[0] = legacy_u32;
}
EXPORT_SYMBOL(ethtool_convert_legacy_u32_to_link_mode);

/* bits 0..31 into *legacy_u32; false when a higher mode is set too */
bool ethtool_convert_link_mode_to_legacy_u32(u32 *legacy_u32,
					     const unsigned long *src)
{
	*legacy_u32 = (u32)src[0];
	return find_next_bit(src, __ETHTOOL_LINK_MODE_MASK_NBITS, 32) ==
	       __ETHTOOL_LINK_MODE_MASK_NBITS;
}
EXPORT_SYMBOL(ethtool_convert_link_mode_to_legacy_u32);

/*
 * A virtual device takes a speed and a duplex only: base as though only
 * those (and cmd, the mask sizes) were given with port PORT_OTHER, and no
 * supported or link partner's modes.
 */
bool ethtool_virtdev_validate_cmd(const struct ethtool_link_ksettings *cmd)
{
	struct ethtool_link_settings only = {};

	only.cmd = cmd->base.cmd;
	only.speed = cmd->base.speed;
	only.duplex = cmd->base.duplex;
	only.port = PORT_OTHER;
	only.link_mode_masks_nwords = cmd->base.link_mode_masks_nwords;
	if (memcmp(&only, &cmd->base, sizeof(only)))
		return false;
	return bitmap_empty(cmd->link_modes.supported, __ETHTOOL_LINK_MODE_MASK_NBITS) &&
	       bitmap_empty(cmd->link_modes.lp_advertising, __ETHTOOL_LINK_MODE_MASK_NBITS);
}

int ethtool_virtdev_set_link_ksettings(struct net_device *dev,
				       const struct ethtool_link_ksettings *cmd,
				       u32 *dev_speed, u8 *dev_duplex)
{
	u32 speed = cmd->base.speed;
	u8 duplex = cmd->base.duplex;

	if (!ethtool_validate_speed(speed) || !ethtool_validate_duplex(duplex) ||
	    !ethtool_virtdev_validate_cmd(cmd))
		return -EINVAL;
	*dev_speed = speed;
	*dev_duplex = duplex;
	return 0;
}
EXPORT_SYMBOL(ethtool_virtdev_set_link_ksettings);

/*
 * A filter rule as a flow_rule: the shim has no flow offload rules
 * (net/flow_offload.h), so no driver can be handed one.
 */
struct ethtool_rx_flow_rule *
ethtool_rx_flow_rule_create(const struct ethtool_rx_flow_spec_input *input)
{
	QDK_UNMODELLED(ethtool_rx_flow_rule_create, "no flow offload rules (flow_rule) in the shim");
}
EXPORT_SYMBOL(ethtool_rx_flow_rule_create);

void ethtool_rx_flow_rule_destroy(struct ethtool_rx_flow_rule *flow)
{
	QDK_UNMODELLED(ethtool_rx_flow_rule_destroy, "no flow offload rules (flow_rule) in the shim");
}
EXPORT_SYMBOL(ethtool_rx_flow_rule_destroy);
