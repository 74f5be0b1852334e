/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/ethtool.h: the uapi (the system's) and the kernel side of ethtool:
 * a device's ethtool operations, the link's settings and link-mode bitmaps,
 * the statistics structs drivers fill, and the generic helpers drivers put
 * in their ethtool_ops. cbs and taprio read the link's settings (speed,
 * duplex) to know the port's rate. A device without get_link_ksettings
 * (dummy, ifb, the namespace's devices: ethtool_ops NULL stands for the
 * kernel's empty default_ethtool_ops) answers -EOPNOTSUPP, as the kernel's
 * dummy does.
 *
 * The uapi is the system's (6.1's): members whose types only a newer uapi
 * has (the statistics' src, ethtool_mm_state's verify_status, the C33 PSE
 * states) are left out of the newer series' structs.
 */
#ifndef _QDK_SHIM_LINUX_ETHTOOL_H
#define _QDK_SHIM_LINUX_ETHTOOL_H

#include_next <linux/ethtool.h>
#include <linux/net_tstamp.h>
#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/if_ether.h>
#include <linux/mutex.h>
#include <linux/netlink.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <linux/version.h>
#include <linux/xarray.h>

struct net_device;
struct netlink_ext_ack;
struct flow_rule;
struct phy_device;
struct phy_tdr_config;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* MAC merge verification: the longest wait and the attempts (802.3br) */
#define ETHTOOL_MM_MAX_VERIFY_TIME_MS		128
#define ETHTOOL_MM_MAX_VERIFY_RETRIES		3
#endif

#ifndef _QDK_COMPAT_U64
#define _QDK_COMPAT_U64
/* linux/compat.h's 32-bit user u64 (x86-64: 4-byte aligned) */
typedef u64 compat_u64 __attribute__((aligned(4)));
#endif

/* a 32-bit process's ethtool_rx_flow_spec and ethtool_rxnfc */
struct compat_ethtool_rx_flow_spec {
	u32		flow_type;
	union ethtool_flow_union h_u;
	struct ethtool_flow_ext h_ext;
	union ethtool_flow_union m_u;
	struct ethtool_flow_ext m_ext;
	compat_u64	ring_cookie;
	u32		location;
};

struct compat_ethtool_rxnfc {
	u32				cmd;
	u32				flow_type;
	compat_u64			data;
	struct compat_ethtool_rx_flow_spec fs;
	u32				rule_cnt;
	u32				rule_locs[];
};

/* what set_phys_id() is asked to do with the port's identification LED */
enum ethtool_phys_id_state {
	ETHTOOL_ID_INACTIVE,
	ETHTOOL_ID_ACTIVE,
	ETHTOOL_ID_ON,
	ETHTOOL_ID_OFF
};

/* the RSS hash functions, as bit numbers of ETH_RSS_HASH_* */
enum {
	ETH_RSS_HASH_TOP_BIT,
	ETH_RSS_HASH_XOR_BIT,
	ETH_RSS_HASH_CRC32_BIT,
	ETH_RSS_HASH_FUNCS_COUNT
};

/* ring parameters beyond the uapi's ethtool_ringparam */
struct kernel_ethtool_ringparam {
	u32	rx_buf_len;
	u8	tcp_data_split;
	u8	tx_push;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u8	rx_push;
#endif
	u32	cqe_size;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32	tx_push_buf_len;
	u32	tx_push_buf_max_len;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32	hds_thresh;
	u32	hds_thresh_max;
#endif
};

/* which kernel_ethtool_ringparam members a driver supports */
enum ethtool_supported_ring_param {
	ETHTOOL_RING_USE_RX_BUF_LEN		= BIT(0),
	ETHTOOL_RING_USE_CQE_SIZE		= BIT(1),
	ETHTOOL_RING_USE_TX_PUSH		= BIT(2),
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	ETHTOOL_RING_USE_RX_PUSH		= BIT(3),
	ETHTOOL_RING_USE_TX_PUSH_BUF_LEN	= BIT(4),
	ETHTOOL_RING_USE_TCP_DATA_SPLIT		= BIT(5),
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	ETHTOOL_RING_USE_HDS_THRS		= BIT(6),
#endif
};

#define __ETH_RSS_HASH_BIT(bit)	((u32)1 << (bit))
#define __ETH_RSS_HASH(name)	__ETH_RSS_HASH_BIT(ETH_RSS_HASH_##name##_BIT)

#define ETH_RSS_HASH_TOP	__ETH_RSS_HASH(TOP)
#define ETH_RSS_HASH_XOR	__ETH_RSS_HASH(XOR)
#define ETH_RSS_HASH_CRC32	__ETH_RSS_HASH(CRC32)

#define ETH_RSS_HASH_UNKNOWN	0
#define ETH_RSS_HASH_NO_CHANGE	0

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* generic ethtool_ops methods: the carrier; software timestamps only */
u32 ethtool_op_get_link(struct net_device *dev);
int ethtool_op_get_ts_info(struct net_device *dev, struct ethtool_ts_info *eti);
#endif

/* why the link is down, and the detail (which union member: per state) */
struct ethtool_link_ext_state_info {
	enum ethtool_link_ext_state link_ext_state;
	union {
		enum ethtool_link_ext_substate_autoneg autoneg;
		enum ethtool_link_ext_substate_link_training link_training;
		enum ethtool_link_ext_substate_link_logical_mismatch link_logical_mismatch;
		enum ethtool_link_ext_substate_bad_signal_integrity bad_signal_integrity;
		enum ethtool_link_ext_substate_cable_issue cable_issue;
		enum ethtool_link_ext_substate_module module;
		u32 __link_ext_substate;
	};
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct ethtool_link_ext_stats {
	u64 link_down_events;
};
#endif

/* the default RSS indirection table: entries spread round-robin on the rings */
static inline u32 ethtool_rxfh_indir_default(u32 index, u32 n_rx_rings)
{
	return index % n_rx_rings;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * An additional RSS context: its settings, then in data[] the driver's
 * private area (priv_size), the indirection table (u32-aligned, indir_size
 * entries) and the key at key_off.
 */
struct ethtool_rxfh_context {
	u32 indir_size;
	u32 key_size;
	u16 priv_size;
	u8 hfunc;
	u8 input_xfrm;
	u8 indir_configured:1;
	u8 key_configured:1;
	u32 key_off;
	u8 data[] __aligned(sizeof(void *));
};

static inline void *ethtool_rxfh_context_priv(struct ethtool_rxfh_context *ctx)
{
	return ctx->data;
}

static inline u32 *ethtool_rxfh_context_indir(struct ethtool_rxfh_context *ctx)
{
	return (u32 *)(ctx->data + ALIGN(ctx->priv_size, sizeof(u32)));
}

static inline u8 *ethtool_rxfh_context_key(struct ethtool_rxfh_context *ctx)
{
	return &ctx->data[ctx->key_off];
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a link mode's parameters (net/ethtool/common.c's link_mode_params[]) */
struct link_mode_info {
	int	speed;
	u8	lanes;
	u8	min_pairs;
	u8	pairs;
	u8	duplex;
	u16	mediums;
};

/* the media a link mode runs on (bit numbers of link_mode_info.mediums) */
enum ethtool_link_medium {
	ETHTOOL_LINK_MEDIUM_BASET = 0,
	ETHTOOL_LINK_MEDIUM_BASEK,
	ETHTOOL_LINK_MEDIUM_BASES,
	ETHTOOL_LINK_MEDIUM_BASEC,
	ETHTOOL_LINK_MEDIUM_BASEL,
	ETHTOOL_LINK_MEDIUM_BASED,
	ETHTOOL_LINK_MEDIUM_BASEE,
	ETHTOOL_LINK_MEDIUM_BASEF,
	ETHTOOL_LINK_MEDIUM_BASEV,
	ETHTOOL_LINK_MEDIUM_BASEMLD,
	ETHTOOL_LINK_MEDIUM_NONE,
	__ETHTOOL_LINK_MEDIUM_LAST,
};

#define ETHTOOL_MEDIUM_FIBER_BITS (BIT(ETHTOOL_LINK_MEDIUM_BASES) | \
				   BIT(ETHTOOL_LINK_MEDIUM_BASEL) | \
				   BIT(ETHTOOL_LINK_MEDIUM_BASEF))
#endif

/* declare a link mode bitmap */
#define __ETHTOOL_DECLARE_LINK_MODE_MASK(name)		\
	DECLARE_BITMAP(name, __ETHTOOL_LINK_MODE_MASK_NBITS)

/* the link's settings: base (speed, duplex ...) and its link modes */
struct ethtool_link_ksettings {
	struct ethtool_link_settings base;
	struct {
		__ETHTOOL_DECLARE_LINK_MODE_MASK(supported);
		__ETHTOOL_DECLARE_LINK_MODE_MASK(advertising);
		__ETHTOOL_DECLARE_LINK_MODE_MASK(lp_advertising);
	} link_modes;
	u32	lanes;
};

/* clear, set, clear one, test one link mode (mode: ETHTOOL_LINK_MODE_<mode>_BIT) */
#define ethtool_link_ksettings_zero_link_mode(ptr, name)		\
	bitmap_zero((ptr)->link_modes.name, __ETHTOOL_LINK_MODE_MASK_NBITS)

#define ethtool_link_ksettings_add_link_mode(ptr, name, mode)		\
	__set_bit(ETHTOOL_LINK_MODE_ ## mode ## _BIT, (ptr)->link_modes.name)

#define ethtool_link_ksettings_del_link_mode(ptr, name, mode)		\
	__clear_bit(ETHTOOL_LINK_MODE_ ## mode ## _BIT, (ptr)->link_modes.name)

#define ethtool_link_ksettings_test_link_mode(ptr, name, mode)		\
	test_bit(ETHTOOL_LINK_MODE_ ## mode ## _BIT, (ptr)->link_modes.name)

/* the link's settings from the driver: 0, -EOPNOTSUPP or -ENODEV (RTNL held) */
int __ethtool_get_link_ksettings(struct net_device *dev,
				 struct ethtool_link_ksettings *link_ksettings);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the same with the device's ops lock held (one lock here: RTNL) */
int netif_get_link_ksettings(struct net_device *dev,
			     struct ethtool_link_ksettings *link_ksettings);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* Energy-Efficient Ethernet settings with link-mode bitmaps */
struct ethtool_keee {
	__ETHTOOL_DECLARE_LINK_MODE_MASK(supported);
	__ETHTOOL_DECLARE_LINK_MODE_MASK(advertised);
	__ETHTOOL_DECLARE_LINK_MODE_MASK(lp_advertised);
	u32	tx_lpi_timer;
	bool	tx_lpi_enabled;
	bool	eee_active;
	bool	eee_enabled;
};
#endif

/* interrupt coalescing beyond the uapi's ethtool_coalesce */
struct kernel_ethtool_coalesce {
	u8 use_cqe_mode_tx;
	u8 use_cqe_mode_rx;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32 tx_aggr_max_bytes;
	u32 tx_aggr_max_frames;
	u32 tx_aggr_time_usecs;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32 rx_cqe_frames;
	u32 rx_cqe_nsecs;
#endif
};

/* dst's supported and advertising modes ANDed with src's */
void ethtool_intersect_link_masks(struct ethtool_link_ksettings *dst,
				  struct ethtool_link_ksettings *src);

/* a legacy u32 mask (ethtool_cmd's) to a link-mode bitmap and back */
void ethtool_convert_legacy_u32_to_link_mode(unsigned long *dst,
					     u32 legacy_u32);
/* false when src has bits past 31 (the low 32 are always written) */
bool ethtool_convert_link_mode_to_legacy_u32(u32 *legacy_u32,
					     const unsigned long *src);

/* ethtool_ops.supported_coalesce_params: which coalescing fields a driver takes */
#define ETHTOOL_COALESCE_RX_USECS		BIT(0)
#define ETHTOOL_COALESCE_RX_MAX_FRAMES		BIT(1)
#define ETHTOOL_COALESCE_RX_USECS_IRQ		BIT(2)
#define ETHTOOL_COALESCE_RX_MAX_FRAMES_IRQ	BIT(3)
#define ETHTOOL_COALESCE_TX_USECS		BIT(4)
#define ETHTOOL_COALESCE_TX_MAX_FRAMES		BIT(5)
#define ETHTOOL_COALESCE_TX_USECS_IRQ		BIT(6)
#define ETHTOOL_COALESCE_TX_MAX_FRAMES_IRQ	BIT(7)
#define ETHTOOL_COALESCE_STATS_BLOCK_USECS	BIT(8)
#define ETHTOOL_COALESCE_USE_ADAPTIVE_RX	BIT(9)
#define ETHTOOL_COALESCE_USE_ADAPTIVE_TX	BIT(10)
#define ETHTOOL_COALESCE_PKT_RATE_LOW		BIT(11)
#define ETHTOOL_COALESCE_RX_USECS_LOW		BIT(12)
#define ETHTOOL_COALESCE_RX_MAX_FRAMES_LOW	BIT(13)
#define ETHTOOL_COALESCE_TX_USECS_LOW		BIT(14)
#define ETHTOOL_COALESCE_TX_MAX_FRAMES_LOW	BIT(15)
#define ETHTOOL_COALESCE_PKT_RATE_HIGH		BIT(16)
#define ETHTOOL_COALESCE_RX_USECS_HIGH		BIT(17)
#define ETHTOOL_COALESCE_RX_MAX_FRAMES_HIGH	BIT(18)
#define ETHTOOL_COALESCE_TX_USECS_HIGH		BIT(19)
#define ETHTOOL_COALESCE_TX_MAX_FRAMES_HIGH	BIT(20)
#define ETHTOOL_COALESCE_RATE_SAMPLE_INTERVAL	BIT(21)
#define ETHTOOL_COALESCE_USE_CQE_RX		BIT(22)
#define ETHTOOL_COALESCE_USE_CQE_TX		BIT(23)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define ETHTOOL_COALESCE_TX_AGGR_MAX_BYTES	BIT(24)
#define ETHTOOL_COALESCE_TX_AGGR_MAX_FRAMES	BIT(25)
#define ETHTOOL_COALESCE_TX_AGGR_TIME_USECS	BIT(26)
#define ETHTOOL_COALESCE_RX_PROFILE		BIT(27)
#define ETHTOOL_COALESCE_TX_PROFILE		BIT(28)
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define ETHTOOL_COALESCE_RX_CQE_FRAMES		BIT(29)
#define ETHTOOL_COALESCE_RX_CQE_NSECS		BIT(30)
#define ETHTOOL_COALESCE_ALL_PARAMS		GENMASK(30, 0)
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define ETHTOOL_COALESCE_ALL_PARAMS		GENMASK(28, 0)
#else
#define ETHTOOL_COALESCE_ALL_PARAMS		GENMASK(23, 0)
#endif

#define ETHTOOL_COALESCE_USECS						\
	(ETHTOOL_COALESCE_RX_USECS | ETHTOOL_COALESCE_TX_USECS)
#define ETHTOOL_COALESCE_MAX_FRAMES					\
	(ETHTOOL_COALESCE_RX_MAX_FRAMES | ETHTOOL_COALESCE_TX_MAX_FRAMES)
#define ETHTOOL_COALESCE_USECS_IRQ					\
	(ETHTOOL_COALESCE_RX_USECS_IRQ | ETHTOOL_COALESCE_TX_USECS_IRQ)
#define ETHTOOL_COALESCE_MAX_FRAMES_IRQ					\
	(ETHTOOL_COALESCE_RX_MAX_FRAMES_IRQ | ETHTOOL_COALESCE_TX_MAX_FRAMES_IRQ)
#define ETHTOOL_COALESCE_USE_ADAPTIVE					\
	(ETHTOOL_COALESCE_USE_ADAPTIVE_RX | ETHTOOL_COALESCE_USE_ADAPTIVE_TX)
#define ETHTOOL_COALESCE_USECS_LOW_HIGH					\
	(ETHTOOL_COALESCE_RX_USECS_LOW | ETHTOOL_COALESCE_TX_USECS_LOW |	\
	 ETHTOOL_COALESCE_RX_USECS_HIGH | ETHTOOL_COALESCE_TX_USECS_HIGH)
#define ETHTOOL_COALESCE_MAX_FRAMES_LOW_HIGH				\
	(ETHTOOL_COALESCE_RX_MAX_FRAMES_LOW | ETHTOOL_COALESCE_TX_MAX_FRAMES_LOW |	\
	 ETHTOOL_COALESCE_RX_MAX_FRAMES_HIGH | ETHTOOL_COALESCE_TX_MAX_FRAMES_HIGH)
#define ETHTOOL_COALESCE_PKT_RATE_RX_USECS				\
	(ETHTOOL_COALESCE_USE_ADAPTIVE_RX |				\
	 ETHTOOL_COALESCE_RX_USECS_LOW | ETHTOOL_COALESCE_RX_USECS_HIGH |	\
	 ETHTOOL_COALESCE_PKT_RATE_LOW | ETHTOOL_COALESCE_PKT_RATE_HIGH |	\
	 ETHTOOL_COALESCE_RATE_SAMPLE_INTERVAL)
#define ETHTOOL_COALESCE_USE_CQE					\
	(ETHTOOL_COALESCE_USE_CQE_RX | ETHTOOL_COALESCE_USE_CQE_TX)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define ETHTOOL_COALESCE_TX_AGGR					\
	(ETHTOOL_COALESCE_TX_AGGR_MAX_BYTES |				\
	 ETHTOOL_COALESCE_TX_AGGR_MAX_FRAMES |				\
	 ETHTOOL_COALESCE_TX_AGGR_TIME_USECS)
#endif

/* a statistic the driver did not report (left out of the netlink reply) */
#define ETHTOOL_STAT_NOT_SET	(~0ULL)

/* mark n statistics as not reported, before the driver fills what it has */
static inline void ethtool_stats_init(u64 *stats, unsigned int n)
{
	while (n--)
		stats[n] = ETHTOOL_STAT_NOT_SET;
}

/*
 * IEEE 802.3 statistics (MAC 30.3.1.1, PHY 30.3.2.1, MAC Control 30.3.3,
 * pause), in 802.3's names; 6.12 groups them as "stats" (one memset).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __QDK_ETHTOOL_STATS(MEMBERS...)	struct_group(stats, MEMBERS)
#else
#define __QDK_ETHTOOL_STATS(MEMBERS...)	MEMBERS
#endif

struct ethtool_eth_mac_stats {
	__QDK_ETHTOOL_STATS(
		u64 FramesTransmittedOK;
		u64 SingleCollisionFrames;
		u64 MultipleCollisionFrames;
		u64 FramesReceivedOK;
		u64 FrameCheckSequenceErrors;
		u64 AlignmentErrors;
		u64 OctetsTransmittedOK;
		u64 FramesWithDeferredXmissions;
		u64 LateCollisions;
		u64 FramesAbortedDueToXSColls;
		u64 FramesLostDueToIntMACXmitError;
		u64 CarrierSenseErrors;
		u64 OctetsReceivedOK;
		u64 FramesLostDueToIntMACRcvError;
		u64 MulticastFramesXmittedOK;
		u64 BroadcastFramesXmittedOK;
		u64 FramesWithExcessiveDeferral;
		u64 MulticastFramesReceivedOK;
		u64 BroadcastFramesReceivedOK;
		u64 InRangeLengthErrors;
		u64 OutOfRangeLengthField;
		u64 FrameTooLongErrors;
	);
};

struct ethtool_eth_phy_stats {
	__QDK_ETHTOOL_STATS(
		u64 SymbolErrorDuringCarrier;
	);
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a PHY's own packet counters */
struct ethtool_phy_stats {
	u64 rx_packets;
	u64 rx_bytes;
	u64 rx_errors;
	u64 tx_packets;
	u64 tx_bytes;
	u64 tx_errors;
};
#endif

struct ethtool_eth_ctrl_stats {
	__QDK_ETHTOOL_STATS(
		u64 MACControlFramesTransmitted;
		u64 MACControlFramesReceived;
		u64 UnsupportedOpcodesReceived;
	);
};

struct ethtool_pause_stats {
	__QDK_ETHTOOL_STATS(
		u64 tx_pause_frames;
		u64 rx_pause_frames;
	);
};

#define ETHTOOL_MAX_LANES	8

/* FEC counters: a total and per lane (ETHTOOL_STAT_NOT_SET where unknown) */
struct ethtool_fec_stats {
	struct ethtool_fec_stat {
		u64 total;
		u64 lanes[ETHTOOL_MAX_LANES];
	} corrected_blocks, uncorrectable_blocks, corrected_bits;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define ETHTOOL_FEC_HIST_MAX	17

/* one bin of the FEC histogram: codewords with low..high errors */
struct ethtool_fec_hist_range {
	u16 low;
	u16 high;
};

struct ethtool_fec_hist {
	struct ethtool_fec_hist_value {
		u64 sum;
		u64 per_lane[ETHTOOL_MAX_LANES];
	} values[ETHTOOL_FEC_HIST_MAX];
	const struct ethtool_fec_hist_range *ranges;
	struct ethtool_fec_hist_range ranges_buf[ETHTOOL_FEC_HIST_MAX];
};
#endif

/* one bucket of the RMON packet-size histogram (low..high bytes) */
struct ethtool_rmon_hist_range {
	u16 low;
	u16 high;
};

#define ETHTOOL_RMON_HIST_MAX	10

/* RFC 2819 (RMON) counters and the size histograms (rx, tx) */
struct ethtool_rmon_stats {
	__QDK_ETHTOOL_STATS(
		u64 undersize_pkts;
		u64 oversize_pkts;
		u64 fragments;
		u64 jabbers;

		u64 hist[ETHTOOL_RMON_HIST_MAX];
		u64 hist_tx[ETHTOOL_RMON_HIST_MAX];
	);
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* hardware TX timestamps: taken, lost, failed */
struct ethtool_ts_stats {
	struct_group(tx_stats,
		u64 pkts;
		u64 lost;
		u64 err;
	);
};
#endif

#define ETH_MODULE_EEPROM_PAGE_LEN	128
#define ETH_MODULE_MAX_I2C_ADDRESS	0x7f

/* a read of a plug-in module's EEPROM page */
struct ethtool_module_eeprom {
	u32	offset;
	u32	length;
	u8	page;
	u8	bank;
	u8	i2c_address;
	u8	*data;
};

struct ethtool_module_power_mode_params {
	enum ethtool_module_power_mode_policy policy;
	enum ethtool_module_power_mode mode;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* MAC merge (802.3br frame preemption): the configuration and counters */
struct ethtool_mm_cfg {
	u32 verify_time;
	bool verify_enabled;
	bool tx_enabled;
	bool pmac_enabled;
	u32 tx_min_frag_size;
};

struct ethtool_mm_stats {
	u64 MACMergeFrameAssErrorCount;
	u64 MACMergeFrameSmdErrorCount;
	u64 MACMergeFrameAssOkCount;
	u64 MACMergeFragCountRx;
	u64 MACMergeFragCountTx;
	u64 MACMergeHoldCount;
};

/* an RSS configuration a driver reads or sets (get_rxfh/set_rxfh) */
struct ethtool_rxfh_param {
	u8	hfunc;
	u32	indir_size;
	u32	*indir;
	u32	key_size;
	u8	*key;
	u32	rss_context;
	u8	rss_delete;
	u8	input_xfrm;
};

/* a device's timestamping capabilities (the uapi's ethtool_ts_info, in kernel) */
struct kernel_ethtool_ts_info {
	u32 cmd;
	u32 so_timestamping;
	int phc_index;
	enum hwtstamp_tx_types tx_types;
	enum hwtstamp_rx_filters rx_filters;
};
#define __QDK_ETHTOOL_TS_INFO	struct kernel_ethtool_ts_info
#else
#define __QDK_ETHTOOL_TS_INFO	struct ethtool_ts_info
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* ethtool_ops.op_needs_rtnl: the operations that still want RTNL, not only the ops lock */
#define ETHTOOL_OP_NEEDS_RTNL_LINKSETTINGS	BIT(0)
#define ETHTOOL_OP_NEEDS_RTNL_SPFLAGS		BIT(1)
#define ETHTOOL_OP_NEEDS_RTNL_SRINGPARAM	BIT(2)
#define ETHTOOL_OP_NEEDS_RTNL_SCHANNELS		BIT(3)
#define ETHTOOL_OP_NEEDS_RTNL_SCOALESCE		BIT(4)
#define ETHTOOL_OP_NEEDS_RTNL_GPAUSEPARAM	BIT(5)
#define ETHTOOL_OP_NEEDS_RTNL_SPAUSEPARAM	BIT(6)
#define ETHTOOL_OP_NEEDS_RTNL_RSS		BIT(7)
#define ETHTOOL_OP_NEEDS_RTNL_GLINK		BIT(8)
#define ETHTOOL_OP_NEEDS_RTNL_TEST		BIT(9)
#endif

/*
 * The operations a driver gives (dev->ethtool_ops): the commonly used
 * members in the series' names and signatures. The shim's core calls
 * get_link_ksettings (cbs, taprio) and get_ts_info.
 */
struct ethtool_ops {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32	supported_input_xfrm:8;
#endif
	u32	cap_link_lanes_supported:1;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32	rxfh_indir_space;
	u16	rxfh_key_space;
	u16	rxfh_priv_size;
	u32	rxfh_max_num_contexts;
#endif
	u32	supported_coalesce_params;
	u32	supported_ring_params;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32	op_needs_rtnl;
#endif
	void	(*get_drvinfo)(struct net_device *, struct ethtool_drvinfo *);
	int	(*get_regs_len)(struct net_device *);
	void	(*get_regs)(struct net_device *, struct ethtool_regs *, void *);
	void	(*get_wol)(struct net_device *, struct ethtool_wolinfo *);
	int	(*set_wol)(struct net_device *, struct ethtool_wolinfo *);
	u32	(*get_msglevel)(struct net_device *);
	void	(*set_msglevel)(struct net_device *, u32);
	int	(*nway_reset)(struct net_device *);
	u32	(*get_link)(struct net_device *);
	int	(*get_link_ext_state)(struct net_device *,
				      struct ethtool_link_ext_state_info *);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	void	(*get_link_ext_stats)(struct net_device *dev,
				      struct ethtool_link_ext_stats *stats);
#endif
	int	(*get_eeprom_len)(struct net_device *);
	int	(*get_eeprom)(struct net_device *, struct ethtool_eeprom *, u8 *);
	int	(*set_eeprom)(struct net_device *, struct ethtool_eeprom *, u8 *);
	int	(*get_coalesce)(struct net_device *, struct ethtool_coalesce *,
				struct kernel_ethtool_coalesce *,
				struct netlink_ext_ack *);
	int	(*set_coalesce)(struct net_device *, struct ethtool_coalesce *,
				struct kernel_ethtool_coalesce *,
				struct netlink_ext_ack *);
	void	(*get_ringparam)(struct net_device *, struct ethtool_ringparam *,
				 struct kernel_ethtool_ringparam *,
				 struct netlink_ext_ack *);
	int	(*set_ringparam)(struct net_device *, struct ethtool_ringparam *,
				 struct kernel_ethtool_ringparam *,
				 struct netlink_ext_ack *);
	void	(*get_pause_stats)(struct net_device *dev,
				   struct ethtool_pause_stats *pause_stats);
	void	(*get_pauseparam)(struct net_device *, struct ethtool_pauseparam *);
	int	(*set_pauseparam)(struct net_device *, struct ethtool_pauseparam *);
	void	(*self_test)(struct net_device *, struct ethtool_test *, u64 *);
	void	(*get_strings)(struct net_device *, u32 stringset, u8 *);
	int	(*set_phys_id)(struct net_device *, enum ethtool_phys_id_state);
	void	(*get_ethtool_stats)(struct net_device *, struct ethtool_stats *, u64 *);
	int	(*begin)(struct net_device *);
	void	(*complete)(struct net_device *);
	u32	(*get_priv_flags)(struct net_device *);
	int	(*set_priv_flags)(struct net_device *, u32);
	int	(*get_sset_count)(struct net_device *, int);
	int	(*get_rxnfc)(struct net_device *, struct ethtool_rxnfc *, u32 *rule_locs);
	int	(*set_rxnfc)(struct net_device *, struct ethtool_rxnfc *);
	int	(*flash_device)(struct net_device *, struct ethtool_flash *);
	int	(*reset)(struct net_device *, u32 *);
	u32	(*get_rxfh_key_size)(struct net_device *);
	u32	(*get_rxfh_indir_size)(struct net_device *);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int	(*get_rxfh)(struct net_device *, struct ethtool_rxfh_param *);
	int	(*set_rxfh)(struct net_device *, struct ethtool_rxfh_param *,
			    struct netlink_ext_ack *extack);
#else
	int	(*get_rxfh)(struct net_device *, u32 *indir, u8 *key, u8 *hfunc);
	int	(*set_rxfh)(struct net_device *, const u32 *indir, const u8 *key,
			    const u8 hfunc);
	int	(*get_rxfh_context)(struct net_device *, u32 *indir, u8 *key,
				    u8 *hfunc, u32 rss_context);
	int	(*set_rxfh_context)(struct net_device *, const u32 *indir,
				    const u8 *key, const u8 hfunc,
				    u32 *rss_context, bool delete);
#endif
	void	(*get_channels)(struct net_device *, struct ethtool_channels *);
	int	(*set_channels)(struct net_device *, struct ethtool_channels *);
	int	(*get_dump_flag)(struct net_device *, struct ethtool_dump *);
	int	(*get_dump_data)(struct net_device *, struct ethtool_dump *, void *);
	int	(*set_dump)(struct net_device *, struct ethtool_dump *);
	int	(*get_ts_info)(struct net_device *, __QDK_ETHTOOL_TS_INFO *);
	int	(*get_module_info)(struct net_device *, struct ethtool_modinfo *);
	int	(*get_module_eeprom)(struct net_device *, struct ethtool_eeprom *, u8 *);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int	(*get_eee)(struct net_device *dev, struct ethtool_keee *eee);
	int	(*set_eee)(struct net_device *dev, struct ethtool_keee *eee);
#else
	int	(*get_eee)(struct net_device *, struct ethtool_eee *);
	int	(*set_eee)(struct net_device *, struct ethtool_eee *);
#endif
	int	(*get_tunable)(struct net_device *, const struct ethtool_tunable *, void *);
	int	(*set_tunable)(struct net_device *, const struct ethtool_tunable *,
			       const void *);
	int	(*get_per_queue_coalesce)(struct net_device *, u32, struct ethtool_coalesce *);
	int	(*set_per_queue_coalesce)(struct net_device *, u32, struct ethtool_coalesce *);
	int	(*get_link_ksettings)(struct net_device *dev,
				      struct ethtool_link_ksettings *cmd);
	int	(*set_link_ksettings)(struct net_device *dev,
				      const struct ethtool_link_ksettings *cmd);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	void	(*get_fec_stats)(struct net_device *dev, struct ethtool_fec_stats *fec_stats,
				 struct ethtool_fec_hist *hist);
#else
	void	(*get_fec_stats)(struct net_device *dev, struct ethtool_fec_stats *fec_stats);
#endif
	int	(*get_fecparam)(struct net_device *, struct ethtool_fecparam *);
	int	(*set_fecparam)(struct net_device *, struct ethtool_fecparam *);
	void	(*get_ethtool_phy_stats)(struct net_device *, struct ethtool_stats *, u64 *);
	int	(*get_phy_tunable)(struct net_device *, const struct ethtool_tunable *, void *);
	int	(*set_phy_tunable)(struct net_device *, const struct ethtool_tunable *,
				   const void *);
	int	(*get_module_eeprom_by_page)(struct net_device *dev,
					     const struct ethtool_module_eeprom *page,
					     struct netlink_ext_ack *extack);
	void	(*get_eth_phy_stats)(struct net_device *dev,
				     struct ethtool_eth_phy_stats *phy_stats);
	void	(*get_eth_mac_stats)(struct net_device *dev,
				     struct ethtool_eth_mac_stats *mac_stats);
	void	(*get_eth_ctrl_stats)(struct net_device *dev,
				      struct ethtool_eth_ctrl_stats *ctrl_stats);
	void	(*get_rmon_stats)(struct net_device *dev,
				  struct ethtool_rmon_stats *rmon_stats,
				  const struct ethtool_rmon_hist_range **ranges);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	void	(*get_ts_stats)(struct net_device *dev, struct ethtool_ts_stats *ts_stats);
#endif
	int	(*get_module_power_mode)(struct net_device *dev,
					 struct ethtool_module_power_mode_params *params,
					 struct netlink_ext_ack *extack);
	int	(*set_module_power_mode)(struct net_device *dev,
					 const struct ethtool_module_power_mode_params *params,
					 struct netlink_ext_ack *extack);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	int	(*set_mm)(struct net_device *dev, struct ethtool_mm_cfg *cfg,
			  struct netlink_ext_ack *extack);
	void	(*get_mm_stats)(struct net_device *dev, struct ethtool_mm_stats *stats);
#endif
};

/* a filter rule (ethtool_rx_flow_spec) as a flow_rule drivers offload */
struct ethtool_rx_flow_rule {
	struct flow_rule	*rule;
	unsigned long		priv[];
};

struct ethtool_rx_flow_spec_input {
	const struct ethtool_rx_flow_spec	*fs;
	u32					rss_ctx;
};

struct ethtool_rx_flow_rule *
ethtool_rx_flow_rule_create(const struct ethtool_rx_flow_spec_input *input);
void ethtool_rx_flow_rule_destroy(struct ethtool_rx_flow_rule *rule);

/*
 * A virtual device's set_link_ksettings: takes a speed and duplex only
 * (nothing else set, no link modes), as its new *dev_speed, *dev_duplex.
 */
bool ethtool_virtdev_validate_cmd(const struct ethtool_link_ksettings *cmd);
int ethtool_virtdev_set_link_ksettings(struct net_device *dev,
				       const struct ethtool_link_ksettings *cmd,
				       u32 *dev_speed, u8 *dev_duplex);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a device's ethtool state the core keeps (dev->ethtool) */
struct ethtool_netdev_state {
	struct xarray		rss_ctx;
	struct mutex		rss_lock;
	unsigned		wol_enabled:1;
	unsigned		module_fw_flash_in_progress:1;
};
#endif

/* the PHY library's statistics and cable tests, which ethtool calls */
struct ethtool_phy_ops {
	int (*get_sset_count)(struct phy_device *dev);
	int (*get_strings)(struct phy_device *dev, u8 *data);
	int (*get_stats)(struct phy_device *dev,
			 struct ethtool_stats *stats, u64 *data);
	int (*start_cable_test)(struct phy_device *phydev,
				struct netlink_ext_ack *extack);
	int (*start_cable_test_tdr)(struct phy_device *phydev,
				    struct netlink_ext_ack *extack,
				    const struct phy_tdr_config *config);
};

/* phylib registers its ops (NULL when it goes) */
void ethtool_set_ethtool_phy_ops(const struct ethtool_phy_ops *ops);

/* a link mode's speed, lanes and duplex into link_ksettings */
void ethtool_params_from_link_mode(struct ethtool_link_ksettings *link_ksettings,
				   enum ethtool_link_mode_bit_indices link_mode);

/* the PHC's virtual clocks (none here: no PTP hardware clock) */
int ethtool_get_phc_vclocks(struct net_device *dev, int **vclock_index);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* generic ethtool_ops methods: the carrier; software timestamps only */
u32 ethtool_op_get_link(struct net_device *dev);
int ethtool_op_get_ts_info(struct net_device *dev,
			   struct kernel_ethtool_ts_info *eti);

/* MAC merge's addFragSize (0..3) to the minimum fragment size and back */
static inline u32 ethtool_mm_frag_size_add_to_min(u32 val_add)
{
	return (ETH_ZLEN + ETH_FCS_LEN) * (1 + val_add) - ETH_FCS_LEN;
}

static inline int ethtool_mm_frag_size_min_to_add(u32 val_min, u32 *val_add,
						  struct netlink_ext_ack *extack)
{
	u32 add;

	for (add = 0; add < 4; add++) {
		if (ethtool_mm_frag_size_add_to_min(add) == val_min) {
			*val_add = add;
			return 0;
		}
	}
#ifdef KBUILD_MODNAME
	NL_SET_ERR_MSG_MOD(extack,
			   "minFragSize required to be one of 60, 124, 188 or 252");
#else
	/* (a shim object is no module: the message without a module's name) */
	NL_SET_ERR_MSG(extack, "minFragSize required to be one of 60, 124, 188 or 252");
#endif
	return -EINVAL;
}
#endif

/*
 * Write one ETH_GSTRING_LEN string of a string set (formatted, or copied)
 * at *data and step *data past it.
 */
__printf(2, 3) void ethtool_sprintf(u8 **data, const char *fmt, ...);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void ethtool_puts(u8 **data, const char *str);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* copy one string of exactly ETH_GSTRING_LEN bytes (maybe without a NUL) */
#define ethtool_cpy(data, str)	do {				\
	BUILD_BUG_ON(sizeof(str) != ETH_GSTRING_LEN);		\
	memcpy(*(data), str, ETH_GSTRING_LEN);			\
	*(data) += ETH_GSTRING_LEN;				\
} while (0)
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a speed and the link modes it can be forced with */
struct ethtool_forced_speed_map {
	u32		speed;
	__ETHTOOL_DECLARE_LINK_MODE_MASK(caps);
	const u32	*cap_arr;
	u32		arr_size;
};

#define ETHTOOL_FORCED_SPEED_MAP(prefix, value)				\
{									\
	.speed		= SPEED_##value,				\
	.cap_arr	= prefix##_##value,				\
	.arr_size	= ARRAY_SIZE(prefix##_##value),			\
}

/* each map's caps from its cap_arr of link mode bits */
void ethtool_forced_speed_maps_init(struct ethtool_forced_speed_map *maps, u32 size);
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/rculist.h>

#endif
