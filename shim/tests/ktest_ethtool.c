// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_ethtool.c - linux/ethtool.h's helpers: link-mode bitmaps and their
 * legacy u32 form, a virtual device's link settings, the string-set
 * writers, the generic ethtool_ops methods, and (6.12) MAC merge's
 * fragment sizes, RSS contexts' layout and forced-speed maps.
 */
#include <linux/etherdevice.h>
#include <linux/ethtool.h>
#include <linux/netdevice.h>
#include <linux/string.h>
#include <linux/version.h>

#include "ktest.h"

KTEST(ethtool, link_mode_bitmaps)
{
	struct ethtool_link_ksettings a = {}, b = {};
	unsigned long mask[BITS_TO_LONGS(__ETHTOOL_LINK_MODE_MASK_NBITS)];
	u32 legacy = 0;

	ethtool_link_ksettings_add_link_mode(&a, supported, 1000baseT_Full);
	ethtool_link_ksettings_add_link_mode(&a, supported, 10000baseT_Full);
	ethtool_link_ksettings_add_link_mode(&a, advertising, 100baseT_Full);
	ethtool_link_ksettings_add_link_mode(&a, lp_advertising, 100baseT_Full);
	KT_ASSERT(ethtool_link_ksettings_test_link_mode(&a, supported, 1000baseT_Full), "added");
	KT_ASSERT(!ethtool_link_ksettings_test_link_mode(&a, advertising, 1000baseT_Full),
		  "other mask");
	ethtool_link_ksettings_del_link_mode(&a, supported, 10000baseT_Full);
	KT_ASSERT(!ethtool_link_ksettings_test_link_mode(&a, supported, 10000baseT_Full), "del");

	/* intersect: supported and advertising ANDed, lp_advertising kept */
	ethtool_link_ksettings_add_link_mode(&b, supported, 1000baseT_Full);
	ethtool_intersect_link_masks(&a, &b);
	KT_ASSERT(ethtool_link_ksettings_test_link_mode(&a, supported, 1000baseT_Full), "kept");
	KT_ASSERT(!ethtool_link_ksettings_test_link_mode(&a, advertising, 100baseT_Full),
		  "advertising ANDed away");
	KT_ASSERT(ethtool_link_ksettings_test_link_mode(&a, lp_advertising, 100baseT_Full),
		  "lp_advertising untouched");
	ethtool_link_ksettings_zero_link_mode(&a, lp_advertising);
	KT_ASSERT(bitmap_empty(a.link_modes.lp_advertising, __ETHTOOL_LINK_MODE_MASK_NBITS),
		  "zeroed");

	/* legacy u32: the low 32 modes; a higher one makes the reverse false */
	memset(mask, 0xff, sizeof(mask));
	ethtool_convert_legacy_u32_to_link_mode(mask, SUPPORTED_1000baseT_Full | SUPPORTED_TP);
	KT_EQ(bitmap_weight(mask, __ETHTOOL_LINK_MODE_MASK_NBITS), 2);
	KT_ASSERT(test_bit(ETHTOOL_LINK_MODE_1000baseT_Full_BIT, mask), "1000baseT_Full");
	KT_ASSERT(ethtool_convert_link_mode_to_legacy_u32(&legacy, mask), "fits 32 bits");
	KT_EQ(legacy, SUPPORTED_1000baseT_Full | SUPPORTED_TP);
	__set_bit(ETHTOOL_LINK_MODE_25000baseCR_Full_BIT, mask);	/* bit 31 */
	KT_ASSERT(ethtool_convert_link_mode_to_legacy_u32(&legacy, mask), "bit 31 fits");
	__set_bit(ETHTOOL_LINK_MODE_100000baseKR4_Full_BIT, mask);	/* bit 36 */
	KT_ASSERT(!ethtool_convert_link_mode_to_legacy_u32(&legacy, mask), "bit 36 does not");
	KT_EQ(legacy, SUPPORTED_1000baseT_Full | SUPPORTED_TP | (1U << 31));
	return 0;
}

KTEST(ethtool, virtdev_link_settings)
{
	struct ethtool_link_ksettings cmd = {};
	u32 speed = 0;
	u8 duplex = 0;

	cmd.base.speed = SPEED_25000;
	cmd.base.duplex = DUPLEX_FULL;
	cmd.base.port = PORT_OTHER;
	KT_EQ(ethtool_virtdev_set_link_ksettings(NULL, &cmd, &speed, &duplex), 0);
	KT_EQ(speed, SPEED_25000);
	KT_EQ(duplex, DUPLEX_FULL);

	cmd.base.autoneg = AUTONEG_ENABLE;		/* only speed and duplex */
	KT_EQ(ethtool_virtdev_set_link_ksettings(NULL, &cmd, &speed, &duplex), -EINVAL);
	cmd.base.autoneg = AUTONEG_DISABLE;
	cmd.base.port = PORT_TP;			/* port must stay "other" */
	KT_ASSERT(!ethtool_virtdev_validate_cmd(&cmd), "port");
	cmd.base.port = PORT_OTHER;
	ethtool_link_ksettings_add_link_mode(&cmd, supported, 1000baseT_Full);
	KT_EQ(ethtool_virtdev_set_link_ksettings(NULL, &cmd, &speed, &duplex), -EINVAL);
	ethtool_link_ksettings_zero_link_mode(&cmd, supported);
	ethtool_link_ksettings_add_link_mode(&cmd, advertising, 1000baseT_Full);
	KT_ASSERT(ethtool_virtdev_validate_cmd(&cmd), "advertising may be set");
	cmd.base.speed = 0x80000000U;			/* above INT_MAX, not unknown */
	KT_EQ(ethtool_virtdev_set_link_ksettings(NULL, &cmd, &speed, &duplex), -EINVAL);
	cmd.base.speed = SPEED_UNKNOWN;
	cmd.base.duplex = 3;				/* neither half, full nor unknown */
	KT_EQ(ethtool_virtdev_set_link_ksettings(NULL, &cmd, &speed, &duplex), -EINVAL);
	KT_EQ(speed, SPEED_25000);
	cmd.base.duplex = DUPLEX_UNKNOWN;
	KT_EQ(ethtool_virtdev_set_link_ksettings(NULL, &cmd, &speed, &duplex), 0);
	KT_EQ(speed, (u32)SPEED_UNKNOWN);
	KT_EQ(duplex, DUPLEX_UNKNOWN);
	return 0;
}

KTEST(ethtool, string_sets)
{
	u8 buf[3 * ETH_GSTRING_LEN];
	u8 *p = buf;

	memset(buf, 'x', sizeof(buf));
	ethtool_sprintf(&p, "rx_queue_%u_packets", 7);
	KT_ASSERT(p == buf + ETH_GSTRING_LEN, "one string's length on");
	KT_STREQ((char *)buf, "rx_queue_7_packets");
	/* too long: ETH_GSTRING_LEN - 1 characters and the NUL */
	ethtool_sprintf(&p, "%s", "a_statistic_name_much_longer_than_thirty_one");
	KT_EQ(strlen((char *)buf + ETH_GSTRING_LEN), ETH_GSTRING_LEN - 1);
	KT_ASSERT(!memcmp(buf + ETH_GSTRING_LEN, "a_statistic_name_much_longer_th", 31), "cut");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	ethtool_puts(&p, "tx_dropped");
	KT_ASSERT(p == buf + 3 * ETH_GSTRING_LEN, "three strings on");
	KT_STREQ((char *)buf + 2 * ETH_GSTRING_LEN, "tx_dropped");
#endif
	return 0;
}

KTEST(ethtool, generic_ops)
{
	struct net_device *dev = alloc_etherdev(0);
	__QDK_ETHTOOL_TS_INFO info = {};
	u64 stats[4] = { 1, 2, 3, 4 };
	int *vclocks = NULL;

	KT_ASSERT(dev, "alloc");
	clear_bit(__LINK_STATE_NOCARRIER, &dev->state);
	KT_EQ(ethtool_op_get_link(dev), 1);
	set_bit(__LINK_STATE_NOCARRIER, &dev->state);
	KT_EQ(ethtool_op_get_link(dev), 0);

	KT_EQ(ethtool_op_get_ts_info(dev, &info), 0);
	KT_EQ(info.phc_index, -1);
	KT_EQ(info.so_timestamping, SOF_TIMESTAMPING_TX_SOFTWARE |
	      SOF_TIMESTAMPING_RX_SOFTWARE | SOF_TIMESTAMPING_SOFTWARE);
	KT_EQ(ethtool_get_phc_vclocks(dev, &vclocks), 0);
	KT_ASSERT(!vclocks, "no virtual clocks");
	free_netdev(dev);

	ethtool_stats_init(stats, 3);
	KT_ASSERT(stats[0] == ETHTOOL_STAT_NOT_SET && stats[2] == ETHTOOL_STAT_NOT_SET, "set");
	KT_EQ(stats[3], 4);

	/* the default RSS table: round-robin over the rings */
	KT_EQ(ethtool_rxfh_indir_default(0, 4), 0);
	KT_EQ(ethtool_rxfh_indir_default(6, 4), 2);
	KT_EQ(ethtool_rxfh_indir_default(127, 3), 1);
	KT_EQ(ETH_RSS_HASH_TOP | ETH_RSS_HASH_XOR | ETH_RSS_HASH_CRC32, 7);
	KT_EQ(ETHTOOL_COALESCE_USECS, ETHTOOL_COALESCE_RX_USECS | ETHTOOL_COALESCE_TX_USECS);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(ethtool, mm_frag_sizes_rxfh_context_speed_maps)
{
	static const u32 caps_1000[] = {
		ETHTOOL_LINK_MODE_1000baseT_Full_BIT, ETHTOOL_LINK_MODE_1000baseKX_Full_BIT,
	};
	struct ethtool_forced_speed_map maps[] = {
		ETHTOOL_FORCED_SPEED_MAP(caps, 1000),
	};
	union {
		struct ethtool_rxfh_context ctx;
		u8 room[sizeof(struct ethtool_rxfh_context) + 64];
	} c = {};
	u32 add = 9;

	/* 802.3br: addFragSize 0..3 is a minimum fragment of 60, 124, 188, 252 */
	KT_EQ(ethtool_mm_frag_size_add_to_min(0), 60);
	KT_EQ(ethtool_mm_frag_size_add_to_min(3), 252);
	KT_EQ(ethtool_mm_frag_size_min_to_add(188, &add, NULL), 0);
	KT_EQ(add, 2);
	KT_EQ(ethtool_mm_frag_size_min_to_add(100, &add, NULL), -EINVAL);
	KT_EQ(add, 2);

	/* data[]: the private area, the u32-aligned table, the key at key_off */
	c.ctx.priv_size = 5;
	c.ctx.key_off = 40;
	KT_ASSERT(ethtool_rxfh_context_priv(&c.ctx) == c.ctx.data, "priv first");
	KT_ASSERT((u8 *)ethtool_rxfh_context_indir(&c.ctx) == c.ctx.data + 8, "indir aligned");
	KT_ASSERT(ethtool_rxfh_context_key(&c.ctx) == c.ctx.data + 40, "key");

	KT_EQ(maps[0].speed, SPEED_1000);
	KT_EQ(maps[0].arr_size, 2);
	ethtool_forced_speed_maps_init(maps, ARRAY_SIZE(maps));
	KT_EQ(bitmap_weight(maps[0].caps, __ETHTOOL_LINK_MODE_MASK_NBITS), 2);
	KT_ASSERT(test_bit(ETHTOOL_LINK_MODE_1000baseKX_Full_BIT, maps[0].caps), "KX");
	KT_ASSERT(!maps[0].cap_arr && !maps[0].arr_size, "array forgotten");
	return 0;
}
#endif
