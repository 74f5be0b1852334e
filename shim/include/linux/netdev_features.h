/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/netdev_features.h - a device's offload feature bits.
 *
 * The bit numbers are the series' own (ethtool's feature strings and a
 * driver's masks depend on them): 6.12 retired LLTX and NETNS_LOCAL (now
 * private flags) and FCOE_MTU, leaving their bits unused; 7.x adds the
 * AccECN GSO bit at the end of the GSO range and retires HW_TLS_RECORD.
 */
#ifndef _LINUX_NETDEV_FEATURES_H
#define _LINUX_NETDEV_FEATURES_H

#include <linux/version.h>
#include <linux/types.h>
#include <linux/bitops.h>

typedef u64 netdev_features_t;

enum {
	NETIF_F_SG_BIT			= 0,	/* scatter/gather */
	NETIF_F_IP_CSUM_BIT		= 1,	/* TCP/UDP over IPv4 checksum */
	__UNUSED_NETIF_F_1		= 2,
	NETIF_F_HW_CSUM_BIT		= 3,	/* any checksum (csum_start/offset) */
	NETIF_F_IPV6_CSUM_BIT		= 4,	/* TCP/UDP over IPv6 checksum */
	NETIF_F_HIGHDMA_BIT		= 5,
	NETIF_F_FRAGLIST_BIT		= 6,	/* frag_list chains */
	NETIF_F_HW_VLAN_CTAG_TX_BIT	= 7,	/* inserts 802.1Q tags */
	NETIF_F_HW_VLAN_CTAG_RX_BIT	= 8,	/* strips 802.1Q tags */
	NETIF_F_HW_VLAN_CTAG_FILTER_BIT	= 9,
	NETIF_F_VLAN_CHALLENGED_BIT	= 10,	/* no VLANs on top */
	NETIF_F_GSO_BIT			= 11,	/* software GSO enabled */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	__UNUSED_NETIF_F_12		= 12,
	__UNUSED_NETIF_F_13		= 13,
#else
	NETIF_F_LLTX_BIT		= 12,	/* transmits without the tx lock */
	NETIF_F_NETNS_LOCAL_BIT		= 13,	/* stays in its namespace */
#endif
	NETIF_F_GRO_BIT			= 14,
	NETIF_F_LRO_BIT			= 15,

	/* the GSO range mirrors SKB_GSO_* bit for bit, shifted up by 16 */
	NETIF_F_GSO_SHIFT		= 16,
	NETIF_F_TSO_BIT			= 16,	/* SKB_GSO_TCPV4 */
	NETIF_F_GSO_ROBUST_BIT		= 17,	/* SKB_GSO_DODGY */
	NETIF_F_TSO_ECN_BIT		= 18,
	NETIF_F_TSO_MANGLEID_BIT	= 19,
	NETIF_F_TSO6_BIT		= 20,
	NETIF_F_FSO_BIT			= 21,
	NETIF_F_GSO_GRE_BIT		= 22,
	NETIF_F_GSO_GRE_CSUM_BIT	= 23,
	NETIF_F_GSO_IPXIP4_BIT		= 24,
	NETIF_F_GSO_IPXIP6_BIT		= 25,
	NETIF_F_GSO_UDP_TUNNEL_BIT	= 26,
	NETIF_F_GSO_UDP_TUNNEL_CSUM_BIT	= 27,
	NETIF_F_GSO_PARTIAL_BIT		= 28,
	NETIF_F_GSO_TUNNEL_REMCSUM_BIT	= 29,
	NETIF_F_GSO_SCTP_BIT		= 30,
	NETIF_F_GSO_ESP_BIT		= 31,
	NETIF_F_GSO_UDP_BIT		= 32,
	NETIF_F_GSO_UDP_L4_BIT		= 33,
	NETIF_F_GSO_FRAGLIST_BIT	= 34,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	NETIF_F_GSO_ACCECN_BIT		= 35,
	NETIF_F_GSO_LAST		= 35,
	NETIF_F_FCOE_CRC_BIT		= 36,
	NETIF_F_SCTP_CRC_BIT		= 37,
#else
	NETIF_F_GSO_LAST		= 34,
	NETIF_F_FCOE_CRC_BIT		= 35,
	NETIF_F_SCTP_CRC_BIT		= 36,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	__UNUSED_NETIF_F_37		= 37,
#else
	NETIF_F_FCOE_MTU_BIT		= 37,
#endif
#endif
	NETIF_F_NTUPLE_BIT		= 38,
	NETIF_F_RXHASH_BIT		= 39,
	NETIF_F_RXCSUM_BIT		= 40,
	NETIF_F_NOCACHE_COPY_BIT	= 41,
	NETIF_F_LOOPBACK_BIT		= 42,
	NETIF_F_RXFCS_BIT		= 43,
	NETIF_F_RXALL_BIT		= 44,
	NETIF_F_HW_VLAN_STAG_TX_BIT	= 45,	/* 802.1ad tags */
	NETIF_F_HW_VLAN_STAG_RX_BIT	= 46,
	NETIF_F_HW_VLAN_STAG_FILTER_BIT	= 47,
	NETIF_F_HW_L2FW_DOFFLOAD_BIT	= 48,
	NETIF_F_HW_TC_BIT		= 49,	/* tc offload (ndo_setup_tc) */
	NETIF_F_HW_ESP_BIT		= 50,
	NETIF_F_HW_ESP_TX_CSUM_BIT	= 51,
	NETIF_F_RX_UDP_TUNNEL_PORT_BIT	= 52,
	NETIF_F_HW_TLS_TX_BIT		= 53,
	NETIF_F_HW_TLS_RX_BIT		= 54,
	NETIF_F_GRO_HW_BIT		= 55,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	__UNUSED_NETIF_F_56		= 56,
#else
	NETIF_F_HW_TLS_RECORD_BIT	= 56,
#endif
	NETIF_F_GRO_FRAGLIST_BIT	= 57,
	NETIF_F_HW_MACSEC_BIT		= 58,
	NETIF_F_GRO_UDP_FWD_BIT		= 59,
	NETIF_F_HW_HSR_TAG_INS_BIT	= 60,
	NETIF_F_HW_HSR_TAG_RM_BIT	= 61,
	NETIF_F_HW_HSR_FWD_BIT		= 62,
	NETIF_F_HW_HSR_DUP_BIT		= 63,

	NETDEV_FEATURE_COUNT		= 64,
};

#define __NETIF_F_BIT(bit)	((netdev_features_t)1 << (bit))
#define __NETIF_F(name)		__NETIF_F_BIT(NETIF_F_##name##_BIT)

#define NETIF_F_SG			__NETIF_F(SG)
#define NETIF_F_IP_CSUM			__NETIF_F(IP_CSUM)
#define NETIF_F_HW_CSUM			__NETIF_F(HW_CSUM)
#define NETIF_F_IPV6_CSUM		__NETIF_F(IPV6_CSUM)
#define NETIF_F_HIGHDMA			__NETIF_F(HIGHDMA)
#define NETIF_F_FRAGLIST		__NETIF_F(FRAGLIST)
#define NETIF_F_HW_VLAN_CTAG_TX		__NETIF_F(HW_VLAN_CTAG_TX)
#define NETIF_F_HW_VLAN_CTAG_RX		__NETIF_F(HW_VLAN_CTAG_RX)
#define NETIF_F_HW_VLAN_CTAG_FILTER	__NETIF_F(HW_VLAN_CTAG_FILTER)
#define NETIF_F_VLAN_CHALLENGED		__NETIF_F(VLAN_CHALLENGED)
#define NETIF_F_GSO			__NETIF_F(GSO)
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define NETIF_F_LLTX			__NETIF_F(LLTX)
#define NETIF_F_NETNS_LOCAL		__NETIF_F(NETNS_LOCAL)
#endif
#define NETIF_F_GRO			__NETIF_F(GRO)
#define NETIF_F_LRO			__NETIF_F(LRO)
#define NETIF_F_TSO			__NETIF_F(TSO)
#define NETIF_F_GSO_ROBUST		__NETIF_F(GSO_ROBUST)
#define NETIF_F_TSO_ECN			__NETIF_F(TSO_ECN)
#define NETIF_F_TSO_MANGLEID		__NETIF_F(TSO_MANGLEID)
#define NETIF_F_TSO6			__NETIF_F(TSO6)
#define NETIF_F_FSO			__NETIF_F(FSO)
#define NETIF_F_GSO_GRE			__NETIF_F(GSO_GRE)
#define NETIF_F_GSO_GRE_CSUM		__NETIF_F(GSO_GRE_CSUM)
#define NETIF_F_GSO_IPXIP4		__NETIF_F(GSO_IPXIP4)
#define NETIF_F_GSO_IPXIP6		__NETIF_F(GSO_IPXIP6)
#define NETIF_F_GSO_UDP_TUNNEL		__NETIF_F(GSO_UDP_TUNNEL)
#define NETIF_F_GSO_UDP_TUNNEL_CSUM	__NETIF_F(GSO_UDP_TUNNEL_CSUM)
#define NETIF_F_GSO_PARTIAL		__NETIF_F(GSO_PARTIAL)
#define NETIF_F_GSO_TUNNEL_REMCSUM	__NETIF_F(GSO_TUNNEL_REMCSUM)
#define NETIF_F_GSO_SCTP		__NETIF_F(GSO_SCTP)
#define NETIF_F_GSO_ESP			__NETIF_F(GSO_ESP)
#define NETIF_F_GSO_UDP			__NETIF_F(GSO_UDP)
#define NETIF_F_GSO_UDP_L4		__NETIF_F(GSO_UDP_L4)
#define NETIF_F_GSO_FRAGLIST		__NETIF_F(GSO_FRAGLIST)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define NETIF_F_GSO_ACCECN		__NETIF_F(GSO_ACCECN)
#endif
#define NETIF_F_FCOE_CRC		__NETIF_F(FCOE_CRC)
#define NETIF_F_SCTP_CRC		__NETIF_F(SCTP_CRC)
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define NETIF_F_FCOE_MTU		__NETIF_F(FCOE_MTU)
#endif
#define NETIF_F_NTUPLE			__NETIF_F(NTUPLE)
#define NETIF_F_RXHASH			__NETIF_F(RXHASH)
#define NETIF_F_RXCSUM			__NETIF_F(RXCSUM)
#define NETIF_F_NOCACHE_COPY		__NETIF_F(NOCACHE_COPY)
#define NETIF_F_LOOPBACK		__NETIF_F(LOOPBACK)
#define NETIF_F_RXFCS			__NETIF_F(RXFCS)
#define NETIF_F_RXALL			__NETIF_F(RXALL)
#define NETIF_F_HW_VLAN_STAG_TX		__NETIF_F(HW_VLAN_STAG_TX)
#define NETIF_F_HW_VLAN_STAG_RX		__NETIF_F(HW_VLAN_STAG_RX)
#define NETIF_F_HW_VLAN_STAG_FILTER	__NETIF_F(HW_VLAN_STAG_FILTER)
#define NETIF_F_HW_L2FW_DOFFLOAD	__NETIF_F(HW_L2FW_DOFFLOAD)
#define NETIF_F_HW_TC			__NETIF_F(HW_TC)
#define NETIF_F_HW_ESP			__NETIF_F(HW_ESP)
#define NETIF_F_HW_ESP_TX_CSUM		__NETIF_F(HW_ESP_TX_CSUM)
#define NETIF_F_RX_UDP_TUNNEL_PORT	__NETIF_F(RX_UDP_TUNNEL_PORT)
#define NETIF_F_HW_TLS_TX		__NETIF_F(HW_TLS_TX)
#define NETIF_F_HW_TLS_RX		__NETIF_F(HW_TLS_RX)
#define NETIF_F_GRO_HW			__NETIF_F(GRO_HW)
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define NETIF_F_HW_TLS_RECORD		__NETIF_F(HW_TLS_RECORD)
#endif
#define NETIF_F_GRO_FRAGLIST		__NETIF_F(GRO_FRAGLIST)
#define NETIF_F_HW_MACSEC		__NETIF_F(HW_MACSEC)
#define NETIF_F_GRO_UDP_FWD		__NETIF_F(GRO_UDP_FWD)
#define NETIF_F_HW_HSR_TAG_INS		__NETIF_F(HW_HSR_TAG_INS)
#define NETIF_F_HW_HSR_TAG_RM		__NETIF_F(HW_HSR_TAG_RM)
#define NETIF_F_HW_HSR_FWD		__NETIF_F(HW_HSR_FWD)
#define NETIF_F_HW_HSR_DUP		__NETIF_F(HW_HSR_DUP)

/*
 * The highest set bit of @feature below bit @start, -1 when there is none:
 * the walk of for_each_netdev_feature() goes from the top bit down. A
 * @start of 0 or 64 keeps all 64 bits, as the kernel's shift modulo 64 does.
 */
static inline int find_next_netdev_feature(u64 feature, unsigned long start)
{
	unsigned int keep = start & 63;

	if (keep)
		feature &= ~0ULL >> (64 - keep);
	return fls64(feature) - 1;
}

#define for_each_netdev_feature(mask_addr, bit)				\
	for ((bit) = find_next_netdev_feature((mask_addr),		\
					      NETDEV_FEATURE_COUNT);	\
	     (bit) >= 0;						\
	     (bit) = find_next_netdev_feature((mask_addr), (bit)))

/* what ethtool may not toggle: properties of the driver, not offloads */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define NETIF_F_NEVER_CHANGE	NETIF_F_VLAN_CHALLENGED
#else
#define NETIF_F_NEVER_CHANGE	(NETIF_F_VLAN_CHALLENGED | NETIF_F_LLTX | \
				 NETIF_F_NETNS_LOCAL)
#endif

/* every defined bit (all 64 without overflowing the shift) but those */
#define NETIF_F_ETHTOOL_BITS	((__NETIF_F_BIT(NETDEV_FEATURE_COUNT - 1) | \
				  (__NETIF_F_BIT(NETDEV_FEATURE_COUNT - 1) - 1)) & \
				 ~NETIF_F_NEVER_CHANGE)

/* bits NETIF_F_GSO_SHIFT .. NETIF_F_GSO_LAST, the SKB_GSO_* mirror */
#define NETIF_F_GSO_MASK	(__NETIF_F_BIT(NETIF_F_GSO_LAST + 1) - \
				 __NETIF_F_BIT(NETIF_F_GSO_SHIFT))

/* HW_CSUM excludes the protocol-specific two (a driver sets one kind) */
#define NETIF_F_CSUM_MASK	(NETIF_F_IP_CSUM | NETIF_F_IPV6_CSUM | \
				 NETIF_F_HW_CSUM)

#define NETIF_F_ALL_TSO		(NETIF_F_TSO | NETIF_F_TSO6 | \
				 NETIF_F_TSO_ECN | NETIF_F_TSO_MANGLEID)

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define NETIF_F_ALL_FCOE	(NETIF_F_FCOE_CRC | NETIF_F_FCOE_MTU | \
				 NETIF_F_FSO)
#endif

/* what the stack can segment in software when the device cannot */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define NETIF_F_GSO_SOFTWARE	(NETIF_F_ALL_TSO | NETIF_F_GSO_ACCECN | \
				 NETIF_F_GSO_SCTP | NETIF_F_GSO_UDP_L4 | \
				 NETIF_F_GSO_FRAGLIST)
#else
#define NETIF_F_GSO_SOFTWARE	(NETIF_F_ALL_TSO | NETIF_F_GSO_SCTP | \
				 NETIF_F_GSO_UDP_L4 | NETIF_F_GSO_FRAGLIST)
#endif

/* an upper device has these when any lower one has (netdev_increment_features) */
#define NETIF_F_ONE_FOR_ALL	(NETIF_F_GSO_SOFTWARE | NETIF_F_GSO_ROBUST | \
				 NETIF_F_SG | NETIF_F_HIGHDMA | \
				 NETIF_F_FRAGLIST | NETIF_F_VLAN_CHALLENGED)

/* ... and these only when every lower one has */
#define NETIF_F_ALL_FOR_ALL	(NETIF_F_NOCACHE_COPY | NETIF_F_FSO)

/* off on the upper device: off on every lower one */
#define NETIF_F_UPPER_DISABLES	NETIF_F_LRO

/* software features a user may toggle; the _OFF ones start off */
#define NETIF_F_SOFT_FEATURES		(NETIF_F_GSO | NETIF_F_GRO)
#define NETIF_F_SOFT_FEATURES_OFF	(NETIF_F_GRO_FRAGLIST | NETIF_F_GRO_UDP_FWD)

#define NETIF_F_VLAN_FEATURES	(NETIF_F_HW_VLAN_CTAG_FILTER | \
				 NETIF_F_HW_VLAN_CTAG_RX | \
				 NETIF_F_HW_VLAN_CTAG_TX | \
				 NETIF_F_HW_VLAN_STAG_FILTER | \
				 NETIF_F_HW_VLAN_STAG_RX | \
				 NETIF_F_HW_VLAN_STAG_TX)

#define NETIF_F_GSO_ENCAP_ALL	(NETIF_F_GSO_GRE | NETIF_F_GSO_GRE_CSUM | \
				 NETIF_F_GSO_IPXIP4 | NETIF_F_GSO_IPXIP6 | \
				 NETIF_F_GSO_UDP_TUNNEL | \
				 NETIF_F_GSO_UDP_TUNNEL_CSUM)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* what bonding, team and similar upper devices offer on top of their lowers */
#define MASTER_UPPER_DEV_VLAN_FEATURES	(NETIF_F_HW_CSUM | NETIF_F_SG | \
					 NETIF_F_FRAGLIST | NETIF_F_GSO_SOFTWARE | \
					 NETIF_F_GSO_ENCAP_ALL | \
					 NETIF_F_HIGHDMA | NETIF_F_LRO)
#define MASTER_UPPER_DEV_ENC_FEATURES	(NETIF_F_HW_CSUM | NETIF_F_SG | \
					 NETIF_F_RXCSUM | NETIF_F_GSO_SOFTWARE | \
					 NETIF_F_GSO_PARTIAL)
#define MASTER_UPPER_DEV_MPLS_FEATURES	(NETIF_F_HW_CSUM | NETIF_F_SG | \
					 NETIF_F_GSO_SOFTWARE)
#define MASTER_UPPER_DEV_XFRM_FEATURES	(NETIF_F_HW_ESP | NETIF_F_HW_ESP_TX_CSUM | \
					 NETIF_F_GSO_ESP)
#define MASTER_UPPER_DEV_GSO_PARTIAL_FEATURES	NETIF_F_GSO_ESP

/* the start of an upper device's features: any-of bits cleared, all-of set */
static inline netdev_features_t netdev_base_features(netdev_features_t features)
{
	return (features & ~NETIF_F_ONE_FOR_ALL) | NETIF_F_ALL_FOR_ALL;
}
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <asm/byteorder.h>
#endif
