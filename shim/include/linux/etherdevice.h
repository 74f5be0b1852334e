/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Ethernet addresses and frames (net/ethernet/eth.c's helpers; the shim's
 * in lib/eth.c). Left out: what needs a bus device or firmware
 * (eth_platform_get_mac_address(), device_get_mac_address(), nvmem ...),
 * GRO and header caches of neighbours.
 */
#ifndef _LINUX_ETHERDEVICE_H
#define _LINUX_ETHERDEVICE_H

#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/netdevice.h>
#include <linux/version.h>
#include <linux/random.h>
#include <linux/unaligned.h>
#include <asm/byteorder.h>

__be16 eth_type_trans(struct sk_buff *skb, struct net_device *dev);
int eth_header(struct sk_buff *skb, struct net_device *dev, unsigned short type,
	       const void *daddr, const void *saddr, unsigned int len);
int eth_header_parse(const struct sk_buff *skb, unsigned char *haddr);
__be16 eth_header_parse_protocol(const struct sk_buff *skb);
int eth_prepare_mac_addr_change(struct net_device *dev, void *p);
void eth_commit_mac_addr_change(struct net_device *dev, void *p);
int eth_mac_addr(struct net_device *dev, void *p);
int eth_validate_addr(struct net_device *dev);
extern const struct header_ops eth_header_ops;

struct net_device *alloc_etherdev_mqs(int sizeof_priv, unsigned int txqs,
				      unsigned int rxqs);
#define alloc_etherdev(sizeof_priv) alloc_etherdev_mq(sizeof_priv, 1)
#define alloc_etherdev_mq(sizeof_priv, count) \
	alloc_etherdev_mqs(sizeof_priv, count, count)

/* one freed with dev's managed resources (net/devres.c: lib/devres.c) */
struct device;
struct net_device *devm_alloc_etherdev_mqs(struct device *dev, int sizeof_priv,
					   unsigned int txqs, unsigned int rxqs);
#define devm_alloc_etherdev(dev, sizeof_priv) devm_alloc_etherdev_mqs(dev, sizeof_priv, 1, 1)

/* 01:80:c2:00:00:0X, the IEEE 802.1D reserved group addresses */
static const u8 eth_reserved_addr_base[ETH_ALEN] __aligned(2) = {
	0x01, 0x80, 0xc2, 0x00, 0x00, 0x00
};
#define eth_stp_addr eth_reserved_addr_base

static inline bool is_link_local_ether_addr(const u8 *addr)
{
	return memcmp(addr, eth_reserved_addr_base, 5) == 0 && (addr[5] & 0xf0) == 0;
}

static inline bool is_zero_ether_addr(const u8 *addr)
{
	return (addr[0] | addr[1] | addr[2] | addr[3] | addr[4] | addr[5]) == 0;
}

/* the group bit: the first octet's lowest bit */
static inline bool is_multicast_ether_addr(const u8 *addr)
{
	return addr[0] & 0x01;
}

static inline bool is_multicast_ether_addr_64bits(const u8 *addr)
{
	return is_multicast_ether_addr(addr);
}

/* the locally administered bit */
static inline bool is_local_ether_addr(const u8 *addr)
{
	return addr[0] & 0x02;
}

static inline bool is_broadcast_ether_addr(const u8 *addr)
{
	return (addr[0] & addr[1] & addr[2] & addr[3] & addr[4] & addr[5]) == 0xff;
}

static inline bool is_unicast_ether_addr(const u8 *addr)
{
	return !is_multicast_ether_addr(addr);
}

/* neither group (broadcast included) nor 00:00:00:00:00:00 */
static inline bool is_valid_ether_addr(const u8 *addr)
{
	return !is_multicast_ether_addr(addr) && !is_zero_ether_addr(addr);
}

/* a type (>= 1536) in the type/length field, not an 802.3 length */
static inline bool eth_proto_is_802_3(__be16 proto)
{
	return ntohs(proto) >= ETH_P_802_3_MIN;
}

/* random, unicast and locally administered (the shim's seeded generator) */
static inline void eth_random_addr(u8 *addr)
{
	get_random_bytes(addr, ETH_ALEN);
	addr[0] &= 0xfe;
	addr[0] |= 0x02;
}

static inline void eth_broadcast_addr(u8 *addr)
{
	memset(addr, 0xff, ETH_ALEN);
}

static inline void eth_zero_addr(u8 *addr)
{
	memset(addr, 0x00, ETH_ALEN);
}

static inline void ether_addr_copy(u8 *dst, const u8 *src)
{
	memcpy(dst, src, ETH_ALEN);
}

static inline void eth_hw_addr_set(struct net_device *dev, const u8 *addr)
{
	dev_addr_set(dev, addr);
}

static inline void eth_hw_addr_random(struct net_device *dev)
{
	u8 addr[ETH_ALEN];

	eth_random_addr(addr);
	dev->addr_assign_type = NET_ADDR_RANDOM;
	eth_hw_addr_set(dev, addr);
}

/* dst takes src's address and how it was assigned */
static inline void eth_hw_addr_inherit(struct net_device *dst, struct net_device *src)
{
	dst->addr_assign_type = src->addr_assign_type;
	eth_hw_addr_set(dst, src->dev_addr);
}

static inline bool ether_addr_equal(const u8 *addr1, const u8 *addr2)
{
	return memcmp(addr1, addr2, ETH_ALEN) == 0;
}

static inline bool ether_addr_equal_64bits(const u8 *addr1, const u8 *addr2)
{
	return ether_addr_equal(addr1, addr2);
}

static inline bool ether_addr_equal_unaligned(const u8 *addr1, const u8 *addr2)
{
	return ether_addr_equal(addr1, addr2);
}

/* equal in the bits mask has set */
static inline bool ether_addr_equal_masked(const u8 *addr1, const u8 *addr2,
					   const u8 *mask)
{
	int i;

	for (i = 0; i < ETH_ALEN; i++)
		if ((addr1[i] ^ addr2[i]) & mask[i])
			return false;
	return true;
}

/* 01:00:5e:0x:xx:xx, RFC 1112's IPv4 multicast range */
static inline bool ether_addr_is_ipv4_mcast(const u8 *addr)
{
	static const u8 base[ETH_ALEN] = { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x00 };
	static const u8 mask[ETH_ALEN] = { 0xff, 0xff, 0xff, 0x80, 0x00, 0x00 };

	return ether_addr_equal_masked(addr, base, mask);
}

/* 33:33:xx:xx:xx:xx, RFC 2464's IPv6 multicast range */
static inline bool ether_addr_is_ipv6_mcast(const u8 *addr)
{
	return addr[0] == 0x33 && addr[1] == 0x33;
}

static inline bool ether_addr_is_ip_mcast(const u8 *addr)
{
	return ether_addr_is_ipv4_mcast(addr) || ether_addr_is_ipv6_mcast(addr);
}

/* the first octet the most significant of the low 48 bits */
static inline u64 ether_addr_to_u64(const u8 *addr)
{
	u64 u = 0;
	int i;

	for (i = 0; i < ETH_ALEN; i++)
		u = u << 8 | addr[i];
	return u;
}

static inline void u64_to_ether_addr(u64 u, u8 *addr)
{
	int i;

	for (i = ETH_ALEN - 1; i >= 0; i--) {
		addr[i] = u & 0xff;
		u >>= 8;
	}
}

static inline void eth_addr_dec(u8 *addr)
{
	u64_to_ether_addr(ether_addr_to_u64(addr) - 1, addr);
}

static inline void eth_addr_inc(u8 *addr)
{
	u64_to_ether_addr(ether_addr_to_u64(addr) + 1, addr);
}

static inline void eth_addr_add(u8 *addr, long offset)
{
	u64_to_ether_addr(ether_addr_to_u64(addr) + offset, addr);
}

/* the device's address (the shim's devices have one address each) */
static inline bool is_etherdev_addr(const struct net_device *dev, const u8 addr[6 + 2])
{
	return ether_addr_equal(addr, dev->dev_addr);
}

/* 0 when the destination, source and type of two headers are equal */
static inline unsigned long compare_ether_header(const void *a, const void *b)
{
	return memcmp(a, b, ETH_HLEN) != 0;
}

/* base_addr plus id, as the device's address */
static inline void eth_hw_addr_gen(struct net_device *dev, const u8 *base_addr,
				   unsigned int id)
{
	u8 addr[ETH_ALEN];

	u64_to_ether_addr(ether_addr_to_u64(base_addr) + id, addr);
	eth_hw_addr_set(dev, addr);
}

/* whom the frame at skb's mac header is for, seen from dev */
/* a frame padded to Ethernet's 60-byte minimum; freed on failure (-ENOMEM) */
static inline int eth_skb_pad(struct sk_buff *skb)
{
	return skb_put_padto(skb, ETH_ZLEN);
}

static inline void eth_skb_pkt_type(struct sk_buff *skb, const struct net_device *dev)
{
	const struct ethhdr *eth = eth_hdr(skb);

	if (likely(ether_addr_equal_64bits(eth->h_dest, dev->dev_addr)))
		return;
	if (!is_multicast_ether_addr_64bits(eth->h_dest))
		skb->pkt_type = PACKET_OTHERHOST;
	else if (ether_addr_equal_64bits(eth->h_dest, dev->broadcast))
		skb->pkt_type = PACKET_BROADCAST;
	else
		skb->pkt_type = PACKET_MULTICAST;
}


#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the Ethernet header at data, pulled off (no checksum update) */
static inline struct ethhdr *eth_skb_pull_mac(struct sk_buff *skb)
{
	struct ethhdr *eth = (struct ethhdr *)skb->data;

	skb_pull_inline(skb, ETH_HLEN);
	return eth;
}
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <asm/unaligned.h>
#endif /* _LINUX_ETHERDEVICE_H */
