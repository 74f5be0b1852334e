/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/if_vlan.h - 802.1Q/802.1ad tags: in the frame (after the MAC
 * addresses) or accelerated (skb->vlan_proto/vlan_tci, the tag a device
 * stripped or will insert). What a qdisc classifies on (skb_protocol(),
 * vlan_get_protocol()) reads both as the kernel does.
 *
 * The 8021q module's VLAN devices are not in the shim: no device here is
 * one unless a module sets IFF_802_1Q_VLAN on its own, so the group of a
 * real device's VLAN devices is always empty (lib/vlan_core.c); the VLAN ids
 * a device filters (vlan_vid_add()) are kept and passed to its driver.
 */
#ifndef _QDK_SHIM_LINUX_IF_VLAN_H
#define _QDK_SHIM_LINUX_IF_VLAN_H

#include <linux/version.h>
#include <linux/skbuff.h>
#include <linux/u64_stats_sync.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>
#include <linux/bug.h>
#include_next <linux/if_vlan.h>	/* uapi: ioctl commands and flags */

#define VLAN_HLEN		4	/* one tag: TPID is the ethertype's slot */
#define VLAN_ETH_HLEN		18	/* Ethernet header with one tag */
#define VLAN_ETH_ZLEN		64	/* shortest tagged frame, no FCS */
#define VLAN_ETH_DATA_LEN	1500
#define VLAN_ETH_FRAME_LEN	1518	/* longest tagged frame, no FCS */
#define VLAN_MAX_DEPTH		8	/* tags parsed before giving up */

/* the tag after the TPID */
struct vlan_hdr {
	__be16	h_vlan_TCI;
	__be16	h_vlan_encapsulated_proto;
};

/* an Ethernet header with one tag */
struct vlan_ethhdr {
	struct_group(addrs,
		unsigned char	h_dest[ETH_ALEN];
		unsigned char	h_source[ETH_ALEN];
	);
	__be16		h_vlan_proto;
	__be16		h_vlan_TCI;
	__be16		h_vlan_encapsulated_proto;
};

static inline struct vlan_ethhdr *vlan_eth_hdr(const struct sk_buff *skb)
{
	return (struct vlan_ethhdr *)skb_mac_header(skb);
}

/* on transmit the frame starts at data, the mac header may not be set */
static inline struct vlan_ethhdr *skb_vlan_eth_hdr(const struct sk_buff *skb)
{
	return (struct vlan_ethhdr *)skb->data;
}

/* the TCI: priority (PCP), drop eligible (DEI, once CFI) and the VLAN id */
#define VLAN_PRIO_MASK		0xe000
#define VLAN_PRIO_SHIFT		13
#define VLAN_CFI_MASK		0x1000
#define VLAN_VID_MASK		0x0fff
#define VLAN_N_VID		4096

/* the 8021q module's ioctl handler (net/socket.c keeps it) */
extern void vlan_ioctl_set(int (*hook)(struct net *, void __user *));

static inline bool is_vlan_dev(const struct net_device *dev)
{
	return dev->priv_flags & IFF_802_1Q_VLAN;
}

/* 6.1 has a bit for "a tag is there"; 6.12 tests proto and TCI together */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define skb_vlan_tag_present(__skb)	(!!(__skb)->vlan_all)
#else
#define skb_vlan_tag_present(__skb)	((__skb)->vlan_present)
#endif
#define skb_vlan_tag_get(__skb)		((__skb)->vlan_tci)
#define skb_vlan_tag_get_id(__skb)	((__skb)->vlan_tci & VLAN_VID_MASK)
#define skb_vlan_tag_get_cfi(__skb)	(!!((__skb)->vlan_tci & VLAN_CFI_MASK))
#define skb_vlan_tag_get_prio(__skb)	\
	(((__skb)->vlan_tci & VLAN_PRIO_MASK) >> VLAN_PRIO_SHIFT)

/* ask (or tell) the listeners of a device to push their VLAN filters to it */
static inline int vlan_get_rx_ctag_filter_info(struct net_device *dev)
{
	ASSERT_RTNL();
	return notifier_to_errno(call_netdevice_notifiers(NETDEV_CVLAN_FILTER_PUSH_INFO,
							  dev));
}

static inline void vlan_drop_rx_ctag_filter_info(struct net_device *dev)
{
	ASSERT_RTNL();
	call_netdevice_notifiers(NETDEV_CVLAN_FILTER_DROP_INFO, dev);
}

static inline int vlan_get_rx_stag_filter_info(struct net_device *dev)
{
	ASSERT_RTNL();
	return notifier_to_errno(call_netdevice_notifiers(NETDEV_SVLAN_FILTER_PUSH_INFO,
							  dev));
}

static inline void vlan_drop_rx_stag_filter_info(struct net_device *dev)
{
	ASSERT_RTNL();
	call_netdevice_notifiers(NETDEV_SVLAN_FILTER_DROP_INFO, dev);
}

/* a VLAN device's per-CPU counters */
struct vlan_pcpu_stats {
	u64_stats_t		rx_packets;
	u64_stats_t		rx_bytes;
	u64_stats_t		rx_multicast;
	u64_stats_t		tx_packets;
	u64_stats_t		tx_bytes;
	struct u64_stats_sync	syncp;
	u32			rx_errors;
	u32			tx_dropped;
};

/* Debian builds 8021q as a module: its exports (lib/vlan_core.c) */
struct net_device *__vlan_find_dev_deep_rcu(struct net_device *real_dev,
					    __be16 vlan_proto, u16 vlan_id);
int vlan_for_each(struct net_device *dev,
		  int (*action)(struct net_device *dev, int vid, void *arg),
		  void *arg);
struct net_device *vlan_dev_real_dev(const struct net_device *dev);
u16 vlan_dev_vlan_id(const struct net_device *dev);
__be16 vlan_dev_vlan_proto(const struct net_device *dev);

/* one skb priority -> TCI priority bits entry of a VLAN device's egress map */
struct vlan_priority_tci_mapping {
	u32					priority;
	u16					vlan_qos;	/* already << 13 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct vlan_priority_tci_mapping __rcu	*next;
	struct rcu_head				rcu;
#else
	struct vlan_priority_tci_mapping	*next;
#endif
};

struct proc_dir_entry;
struct netpoll;

/* a VLAN device's private area (netdev_priv()) */
struct vlan_dev_priv {
	unsigned int				nr_ingress_mappings;
	u32					ingress_priority_map[8];
	unsigned int				nr_egress_mappings;
	struct vlan_priority_tci_mapping __rcu	*egress_priority_map[16];

	__be16					vlan_proto;
	u16					vlan_id;
	u16					flags;

	struct net_device			*real_dev;
	netdevice_tracker			dev_tracker;

	unsigned char				real_dev_addr[ETH_ALEN];

	struct proc_dir_entry			*dent;
	struct vlan_pcpu_stats __percpu		*vlan_pcpu_stats;
	struct netpoll				*netpoll;
};

static inline struct vlan_dev_priv *vlan_dev_priv(const struct net_device *dev)
{
	return netdev_priv(dev);
}

/* the TCI priority bits for skb priority skprio: its bucket's list, 0 if absent */
static inline u16 vlan_dev_get_egress_qos_mask(struct net_device *dev, u32 skprio)
{
	struct vlan_priority_tci_mapping *mp;
	u16 vlan_qos = 0;

	rcu_read_lock();
	mp = rcu_dereference(vlan_dev_priv(dev)->egress_priority_map[skprio & 0xf]);
	for (; mp; mp = rcu_dereference(mp->next)) {
		if (mp->priority == skprio) {
			vlan_qos = READ_ONCE(mp->vlan_qos);
			break;
		}
	}
	rcu_read_unlock();
	return vlan_qos;
}

extern bool vlan_do_receive(struct sk_buff **skb);

int vlan_vid_add(struct net_device *dev, __be16 proto, u16 vid);
void vlan_vid_del(struct net_device *dev, __be16 proto, u16 vid);
int vlan_vids_add_by_dev(struct net_device *dev, const struct net_device *by_dev);
void vlan_vids_del_by_dev(struct net_device *dev, const struct net_device *by_dev);
bool vlan_uses_dev(const struct net_device *dev);

/* 802.1Q (customer) or 802.1ad (service) TPID */
static inline bool eth_type_vlan(__be16 ethertype)
{
	return ethertype == htons(ETH_P_8021Q) || ethertype == htons(ETH_P_8021AD);
}

/* does a device with these features insert a tag of this TPID itself? */
static inline bool vlan_hw_offload_capable(netdev_features_t features, __be16 proto)
{
	if (proto == htons(ETH_P_8021Q))
		return features & NETIF_F_HW_VLAN_CTAG_TX;
	if (proto == htons(ETH_P_8021AD))
		return features & NETIF_F_HW_VLAN_STAG_TX;
	return false;
}

/*
 * Put a tag into the frame mac_len bytes after data (ETH_HLEN: right after
 * the addresses; more: after inner headers of a tunnel's MAC header). The
 * bytes before the ethertype move 4 bytes forward, the TPID takes the old
 * ethertype's place (which becomes the encapsulated protocol) and the TCI
 * follows. A mac_len below ETH_TLEN has no ethertype: skb->protocol is used.
 */
static inline int __vlan_insert_inner_tag(struct sk_buff *skb, __be16 vlan_proto,
					  u16 vlan_tci, unsigned int mac_len)
{
	struct vlan_ethhdr *veth;

	if (unlikely(!pskb_may_pull(skb, mac_len)))
		return -EINVAL;
	if (skb_cow_head(skb, VLAN_HLEN) < 0)
		return -ENOMEM;
	skb_push(skb, VLAN_HLEN);
	if (likely(mac_len > ETH_TLEN))
		memmove(skb->data, skb->data + VLAN_HLEN, mac_len - ETH_TLEN);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (skb_mac_header_was_set(skb))
		skb->mac_header -= VLAN_HLEN;
#else
	skb->mac_header -= VLAN_HLEN;
#endif
	veth = (struct vlan_ethhdr *)(skb->data + mac_len - ETH_HLEN);
	if (likely(mac_len >= ETH_TLEN))
		veth->h_vlan_proto = vlan_proto;
	else
		veth->h_vlan_encapsulated_proto = skb->protocol;
	veth->h_vlan_TCI = htons(vlan_tci);
	return 0;
}

static inline int __vlan_insert_tag(struct sk_buff *skb, __be16 vlan_proto, u16 vlan_tci)
{
	return __vlan_insert_inner_tag(skb, vlan_proto, vlan_tci, ETH_HLEN);
}

/* as __vlan_insert_inner_tag(), but the skb is freed on failure (NULL) */
static inline struct sk_buff *vlan_insert_inner_tag(struct sk_buff *skb,
						    __be16 vlan_proto, u16 vlan_tci,
						    unsigned int mac_len)
{
	if (__vlan_insert_inner_tag(skb, vlan_proto, vlan_tci, mac_len)) {
		dev_kfree_skb_any(skb);
		return NULL;
	}
	return skb;
}

static inline struct sk_buff *vlan_insert_tag(struct sk_buff *skb,
					      __be16 vlan_proto, u16 vlan_tci)
{
	return vlan_insert_inner_tag(skb, vlan_proto, vlan_tci, ETH_HLEN);
}

/* ... and the packet's protocol becomes the TPID */
static inline struct sk_buff *vlan_insert_tag_set_proto(struct sk_buff *skb,
							__be16 vlan_proto, u16 vlan_tci)
{
	skb = vlan_insert_tag(skb, vlan_proto, vlan_tci);
	if (skb)
		skb->protocol = vlan_proto;
	return skb;
}

static inline void __vlan_hwaccel_clear_tag(struct sk_buff *skb)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	skb->vlan_all = 0;
#else
	skb->vlan_present = 0;
#endif
}

static inline void __vlan_hwaccel_copy_tag(struct sk_buff *dst, const struct sk_buff *src)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	dst->vlan_all = src->vlan_all;
#else
	dst->vlan_present = src->vlan_present;
	dst->vlan_proto = src->vlan_proto;
	dst->vlan_tci = src->vlan_tci;
#endif
}

/* the accelerated tag written into the frame (for a device that cannot) */
static inline struct sk_buff *__vlan_hwaccel_push_inside(struct sk_buff *skb)
{
	skb = vlan_insert_tag_set_proto(skb, skb->vlan_proto, skb_vlan_tag_get(skb));
	if (likely(skb))
		__vlan_hwaccel_clear_tag(skb);
	return skb;
}

static inline void __vlan_hwaccel_put_tag(struct sk_buff *skb, __be16 vlan_proto,
					  u16 vlan_tci)
{
	skb->vlan_proto = vlan_proto;
	skb->vlan_tci = vlan_tci;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	skb->vlan_present = 1;
#endif
}

/* the in-frame tag at data; -EINVAL (6.1) or -ENODATA (6.12) if not tagged */
static inline int __vlan_get_tag(const struct sk_buff *skb, u16 *vlan_tci)
{
	struct vlan_ethhdr *veth = skb_vlan_eth_hdr(skb);

	if (!eth_type_vlan(veth->h_vlan_proto))
		return LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) ? -ENODATA : -EINVAL;
	*vlan_tci = ntohs(veth->h_vlan_TCI);
	return 0;
}

/* the accelerated tag; 0 and an error without one */
static inline int __vlan_hwaccel_get_tag(const struct sk_buff *skb, u16 *vlan_tci)
{
	if (!skb_vlan_tag_present(skb)) {
		*vlan_tci = 0;
		return LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) ? -ENODATA : -EINVAL;
	}
	*vlan_tci = skb_vlan_tag_get(skb);
	return 0;
}

/* where the device keeps tags decides where to look */
static inline int vlan_get_tag(const struct sk_buff *skb, u16 *vlan_tci)
{
	if (skb->dev->features & NETIF_F_HW_VLAN_CTAG_TX)
		return __vlan_hwaccel_get_tag(skb, vlan_tci);
	return __vlan_get_tag(skb, vlan_tci);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct vlan_type_depth {
	__be16 type;
	u16 depth;
};

/* 7.x: the walk over the tags is out of line (lib/skbuff.c) */
struct vlan_type_depth __vlan_get_protocol_offset(const struct sk_buff *skb,
						  __be16 type, int mac_offset);

static inline __be16 vlan_get_protocol_offset_inline(const struct sk_buff *skb,
						     __be16 type, int mac_offset,
						     int *depth)
{
	if (eth_type_vlan(type)) {
		struct vlan_type_depth res;

		res = __vlan_get_protocol_offset(skb, type, mac_offset);
		if (depth && res.type)
			*depth = res.depth;
		return res.type;
	}
	if (depth)
		*depth = skb->mac_len;
	return type;
}

static inline __be16 __vlan_get_protocol(const struct sk_buff *skb, __be16 type,
					 int *depth)
{
	return vlan_get_protocol_offset_inline(skb, type, 0, depth);
}
#else
/*
 * The ethertype under the in-frame tags: type is the outer one; with a tag
 * the first is read at mac_len - VLAN_HLEN (ETH_HLEN when mac_len is 0),
 * mac_offset from data, and each further tag 4 bytes on, VLAN_MAX_DEPTH at
 * most. 0 when a tag is cut short or too deep; *depth: the bytes to the
 * ethertype's end.
 */
static inline __be16 __vlan_get_protocol_offset(const struct sk_buff *skb, __be16 type,
						int mac_offset, int *depth)
{
	unsigned int vlan_depth = skb->mac_len, parse_depth = VLAN_MAX_DEPTH;

	if (eth_type_vlan(type)) {
		if (!vlan_depth) {
			vlan_depth = ETH_HLEN;
		} else {
			if (WARN_ON(vlan_depth < VLAN_HLEN))
				return 0;
			vlan_depth -= VLAN_HLEN;
		}
		while (1) {
			struct vlan_hdr vhdr, *vh;

			vh = skb_header_pointer(skb, mac_offset + vlan_depth,
						sizeof(vhdr), &vhdr);
			if (unlikely(!vh || !--parse_depth))
				return 0;
			type = vh->h_vlan_encapsulated_proto;
			vlan_depth += VLAN_HLEN;
			if (!eth_type_vlan(type))
				break;
		}
	}
	if (depth)
		*depth = vlan_depth;
	return type;
}

static inline __be16 __vlan_get_protocol(const struct sk_buff *skb, __be16 type,
					 int *depth)
{
	return __vlan_get_protocol_offset(skb, type, 0, depth);
}
#endif

/* the packet's ethertype under any in-frame tags */
static inline __be16 vlan_get_protocol(const struct sk_buff *skb)
{
	return __vlan_get_protocol(skb, skb->protocol, NULL);
}

/* ... and the headers up to it pulled into the linear part (0 if they cannot be) */
static inline __be16 vlan_get_protocol_and_depth(struct sk_buff *skb, __be16 type,
						 int *depth)
{
	int maclen;

	type = __vlan_get_protocol(skb, type, &maclen);
	if (type) {
		if (!pskb_may_pull(skb, maclen))
			type = 0;
		else if (depth)
			*depth = maclen;
	}
	return type;
}

/*
 * The protocol a classifier matches on: the accelerated tag's TPID (the
 * frame as it goes on the wire), or with skip_vlan the ethertype under
 * every tag.
 */
static inline __be16 skb_protocol(const struct sk_buff *skb, bool skip_vlan)
{
	if (skip_vlan)
		return vlan_get_protocol(skb);
	return skb_vlan_tag_present(skb) ? skb->vlan_proto : skb->protocol;
}

/*
 * skb->protocol of a frame whose tag vhdr was: the encapsulated ethertype,
 * or for an 802.3 length the LLC kind (raw IPX's 0xffff, else 802.2).
 */
static inline void vlan_set_encap_proto(struct sk_buff *skb, struct vlan_hdr *vhdr)
{
	__be16 proto = vhdr->h_vlan_encapsulated_proto;
	unsigned short *rawp;

	if (eth_proto_is_802_3(proto)) {
		skb->protocol = proto;
		return;
	}
	rawp = (unsigned short *)(vhdr + 1);
	skb->protocol = *rawp == 0xffff ? htons(ETH_P_802_3) : htons(ETH_P_802_2);
}

/*
 * Take the tag after the addresses out of the frame: the addresses move 4
 * bytes on and data with them. 6.1 returns the new data; 7.x returns nothing.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void vlan_remove_tag(struct sk_buff *skb, u16 *vlan_tci)
#else
static inline void *vlan_remove_tag(struct sk_buff *skb, u16 *vlan_tci)
#endif
{
	struct vlan_hdr *vhdr = (struct vlan_hdr *)(skb->data + ETH_HLEN);

	*vlan_tci = ntohs(vhdr->h_vlan_TCI);
	memmove(skb->data + VLAN_HLEN, skb->data, 2 * ETH_ALEN);
	vlan_set_encap_proto(skb, vhdr);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	__skb_pull(skb, VLAN_HLEN);
#else
	return __skb_pull(skb, VLAN_HLEN);
#endif
}

/* a tag, accelerated or in the frame */
static inline bool skb_vlan_tagged(const struct sk_buff *skb)
{
	return skb_vlan_tag_present(skb) || eth_type_vlan(skb->protocol);
}

/* two tags or more (the accelerated one counts) */
static inline bool skb_vlan_tagged_multi(struct sk_buff *skb)
{
	__be16 protocol = skb->protocol;

	if (!skb_vlan_tag_present(skb)) {
		if (likely(!eth_type_vlan(protocol)))
			return false;
		if (unlikely(!pskb_may_pull(skb, VLAN_ETH_HLEN)))
			return false;
		protocol = skb_vlan_eth_hdr(skb)->h_vlan_encapsulated_proto;
	}
	return eth_type_vlan(protocol);
}

/* under several tags only the generic checksum and tag insertion stay safe */
static inline netdev_features_t vlan_features_check(struct sk_buff *skb,
						    netdev_features_t features)
{
	if (skb_vlan_tagged_multi(skb))
		features &= NETIF_F_SG | NETIF_F_HIGHDMA | NETIF_F_HW_CSUM |
			    NETIF_F_FRAGLIST | NETIF_F_HW_VLAN_CTAG_TX |
			    NETIF_F_HW_VLAN_STAG_TX;
	return features;
}

/* 0 when both tags are the same (x86: one unaligned 32-bit compare) */
static inline unsigned long compare_vlan_header(const struct vlan_hdr *h1,
						const struct vlan_hdr *h2)
{
	u32 a, b;

	memcpy(&a, h1, sizeof(a));
	memcpy(&b, h2, sizeof(b));
	return a ^ b;
}
#endif
