// SPDX-License-Identifier: GPL-2.0
/*
 * ethtool_common.c - what the kernel's net/ethtool/common.c gives modules:
 * the string-set writers, software-only timestamping, phylib's ops, the
 * forced-speed maps. No PTP hardware clock exists here, so a PHC has no
 * virtual clocks.
 */
#include <linux/bitmap.h>
#include <linux/ethtool.h>
#include <linux/export.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/sprintf.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <linux/version.h>

/* one string of a string set: at most ETH_GSTRING_LEN - 1 characters and a NUL */
void ethtool_sprintf(u8 **data, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	vsnprintf((char *)*data, ETH_GSTRING_LEN, fmt, args);
	va_end(args);
	*data += ETH_GSTRING_LEN;
}
EXPORT_SYMBOL(ethtool_sprintf);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void ethtool_puts(u8 **data, const char *str)
{
	strscpy((char *)*data, str, ETH_GSTRING_LEN);
	*data += ETH_GSTRING_LEN;
}
EXPORT_SYMBOL(ethtool_puts);
#endif

/* software timestamps (transmit, receive) only, no PHC */
int ethtool_op_get_ts_info(struct net_device *dev, __QDK_ETHTOOL_TS_INFO *info)
{
	info->so_timestamping = SOF_TIMESTAMPING_TX_SOFTWARE |
				SOF_TIMESTAMPING_RX_SOFTWARE |
				SOF_TIMESTAMPING_SOFTWARE;
	info->phc_index = -1;
	return 0;
}
EXPORT_SYMBOL(ethtool_op_get_ts_info);

/*
 * The virtual clocks of the device's PHC: the driver's get_ts_info names
 * the PHC, and no PTP clock (hence none of its virtual clocks) is
 * registered in the shim, so there are none (0, *vclock_index untouched).
 */
int ethtool_get_phc_vclocks(struct net_device *dev, int **vclock_index)
{
	__QDK_ETHTOOL_TS_INFO info = {};
	const struct ethtool_ops *ops = dev->ethtool_ops;

	info.cmd = ETHTOOL_GET_TS_INFO;
	info.phc_index = -1;
	if (ops && ops->get_ts_info)
		ops->get_ts_info(dev, &info);
	return 0;
}
EXPORT_SYMBOL(ethtool_get_phc_vclocks);

/* phylib's ops (cable tests, PHY statistics), set and cleared under RTNL */
const struct ethtool_phy_ops *ethtool_phy_ops;

void ethtool_set_ethtool_phy_ops(const struct ethtool_phy_ops *ops)
{
	rtnl_lock();
	ethtool_phy_ops = ops;
	rtnl_unlock();
}
EXPORT_SYMBOL_GPL(ethtool_set_ethtool_phy_ops);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * Each speed's caps bitmap gets the link modes its cap_arr lists; the
 * array is then forgotten (cap_arr NULL, arr_size 0), as at a driver's init.
 */
void ethtool_forced_speed_maps_init(struct ethtool_forced_speed_map *maps, u32 size)
{
	u32 i, j;

	for (i = 0; i < size; i++) {
		for (j = 0; j < maps[i].arr_size; j++)
			__set_bit(maps[i].cap_arr[j], maps[i].caps);
		maps[i].cap_arr = NULL;
		maps[i].arr_size = 0;
	}
}
EXPORT_SYMBOL_GPL(ethtool_forced_speed_maps_init);
#endif
