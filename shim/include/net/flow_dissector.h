/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Flow keys of a packet: the parts of 6.1's flow dissector qdiscs use,
 * for Ethernet + IPv4/IPv6 + TCP/UDP frames (shim/lib/flow_dissector.c).
 */
#ifndef _NET_FLOW_DISSECTOR_H
#define _NET_FLOW_DISSECTOR_H

#include <linux/types.h>
#include <linux/in6.h>
#include <linux/siphash.h>
#include <linux/version.h>
#include <linux/if_ether.h>

struct sk_buff;

#define FLOW_DISSECTOR_F_PARSE_1ST_FRAG		BIT(0)
#define FLOW_DISSECTOR_F_STOP_AT_FLOW_LABEL	BIT(1)
#define FLOW_DISSECTOR_F_STOP_AT_ENCAP		BIT(2)
#define FLOW_DISSECTOR_F_STOP_BEFORE_ENCAP	BIT(3)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: flower's TCA_FLOWER_KEY_FLAGS_* bits, then the kernel's own */
enum flow_dissector_ctrl_flags {
	FLOW_DIS_IS_FRAGMENT		= BIT(0),
	FLOW_DIS_FIRST_FRAG		= BIT(1),
	FLOW_DIS_F_TUNNEL_CSUM		= BIT(2),
	FLOW_DIS_F_TUNNEL_DONT_FRAGMENT	= BIT(3),
	FLOW_DIS_F_TUNNEL_OAM		= BIT(4),
	FLOW_DIS_F_TUNNEL_CRIT_OPT	= BIT(5),
	FLOW_DIS_ENCAPSULATION		= BIT(6),
};
#else
#define FLOW_DIS_IS_FRAGMENT	BIT(0)
#define FLOW_DIS_FIRST_FRAG	BIT(1)
#define FLOW_DIS_ENCAPSULATION	BIT(2)
#endif

enum flow_dissect_ret {
	FLOW_DISSECT_RET_OUT_GOOD,
	FLOW_DISSECT_RET_OUT_BAD,
	FLOW_DISSECT_RET_PROTO_AGAIN,
	FLOW_DISSECT_RET_IPPROTO_AGAIN,
	FLOW_DISSECT_RET_CONTINUE,
};

/* 6.1's key ids, in 6.1's order (the values are ABI for flower offload) */
enum flow_dissector_key_id {
	FLOW_DISSECTOR_KEY_CONTROL,
	FLOW_DISSECTOR_KEY_BASIC,
	FLOW_DISSECTOR_KEY_IPV4_ADDRS,
	FLOW_DISSECTOR_KEY_IPV6_ADDRS,
	FLOW_DISSECTOR_KEY_PORTS,
	FLOW_DISSECTOR_KEY_PORTS_RANGE,
	FLOW_DISSECTOR_KEY_ICMP,
	FLOW_DISSECTOR_KEY_ETH_ADDRS,
	FLOW_DISSECTOR_KEY_TIPC,
	FLOW_DISSECTOR_KEY_ARP,
	FLOW_DISSECTOR_KEY_VLAN,
	FLOW_DISSECTOR_KEY_FLOW_LABEL,
	FLOW_DISSECTOR_KEY_GRE_KEYID,
	FLOW_DISSECTOR_KEY_MPLS_ENTROPY,
	FLOW_DISSECTOR_KEY_ENC_KEYID,
	FLOW_DISSECTOR_KEY_ENC_IPV4_ADDRS,
	FLOW_DISSECTOR_KEY_ENC_IPV6_ADDRS,
	FLOW_DISSECTOR_KEY_ENC_CONTROL,
	FLOW_DISSECTOR_KEY_ENC_PORTS,
	FLOW_DISSECTOR_KEY_MPLS,
	FLOW_DISSECTOR_KEY_TCP,
	FLOW_DISSECTOR_KEY_IP,
	FLOW_DISSECTOR_KEY_CVLAN,
	FLOW_DISSECTOR_KEY_ENC_IP,
	FLOW_DISSECTOR_KEY_ENC_OPTS,
	FLOW_DISSECTOR_KEY_META,
	FLOW_DISSECTOR_KEY_CT,
	FLOW_DISSECTOR_KEY_HASH,
	FLOW_DISSECTOR_KEY_NUM_OF_VLANS,
	FLOW_DISSECTOR_KEY_PPPOE,
	FLOW_DISSECTOR_KEY_L2TPV3,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	FLOW_DISSECTOR_KEY_CFM,		/* struct flow_dissector_key_cfm */
	FLOW_DISSECTOR_KEY_IPSEC,	/* struct flow_dissector_key_ipsec */
#endif

	FLOW_DISSECTOR_KEY_MAX,
};

struct flow_dissector_key_control {
	u16	thoff;
	u16	addr_type;
	u32	flags;
};

struct flow_dissector_key_basic {
	__be16	n_proto;
	u8	ip_proto;
	u8	padding;
};

struct flow_dissector_key_tags {
	u32	flow_label;
};

struct flow_dissector_key_vlan {
	union {
		struct {
			u16	vlan_id:12,
				vlan_dei:1,
				vlan_priority:3;
		};
		__be16	vlan_tci;
	};
	__be16	vlan_tpid;
	__be16	vlan_eth_type;
	u16	padding;
};

struct flow_dissector_key_keyid {
	__be32	keyid;
};

struct flow_dissector_key_ports {
	union {
		__be32 ports;
		struct {
			__be16 src;
			__be16 dst;
		};
	};
};

struct flow_dissector_key_icmp {
	struct {
		u8 type;
		u8 code;
	};
	u16 id;
};

struct flow_dissector_key_ipv4_addrs {
	__be32 src;
	__be32 dst;
};

struct flow_dissector_key_ipv6_addrs {
	struct in6_addr src;
	struct in6_addr dst;
};

struct flow_dissector_key_tipc {
	__be32 key;
};

struct flow_dissector_key_addrs {
	union {
		struct flow_dissector_key_ipv4_addrs v4addrs;
		struct flow_dissector_key_ipv6_addrs v6addrs;
		struct flow_dissector_key_tipc tipckey;
	};
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: an IPsec connection's SPI */
struct flow_dissector_key_ipsec {
	__be32 spi;
};

/* 7.x: 802.1ag CFM: maintenance domain level (top 3 bits), version, opcode */
struct flow_dissector_key_cfm {
	u8	mdl_ver;
	u8	opcode;
};

#define FLOW_DIS_CFM_MDL_MASK	GENMASK(7, 5)
#define FLOW_DIS_CFM_MDL_MAX	7
#endif

struct flow_keys {
	struct flow_dissector_key_control control;
#define FLOW_KEYS_HASH_START_FIELD basic
	struct flow_dissector_key_basic basic __aligned(SIPHASH_ALIGNMENT);
	struct flow_dissector_key_tags tags;
	struct flow_dissector_key_vlan vlan;
	struct flow_dissector_key_vlan cvlan;
	struct flow_dissector_key_keyid keyid;
	struct flow_dissector_key_ports ports;
	struct flow_dissector_key_icmp icmp;
	/* 'addrs' must be the last member */
	struct flow_dissector_key_addrs addrs;
};

#define FLOW_KEYS_HASH_OFFSET		\
	offsetof(struct flow_keys, FLOW_KEYS_HASH_START_FIELD)

#define FLOW_KEYS_DIGEST_LEN	16
struct flow_keys_digest {
	u8	data[FLOW_KEYS_DIGEST_LEN];
};

/* fills flow (zeroed first); false when the frame is not understood */
bool skb_flow_dissect_flow_keys(const struct sk_buff *skb,
				struct flow_keys *flow, unsigned int flags);
/* the flow hash of keys, direction independent (sorted addresses/ports) */
u32 flow_hash_from_keys(struct flow_keys *keys);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: the same hash under a caller's key */
u32 flow_hash_from_keys_seed(struct flow_keys *keys, const siphash_key_t *keyval);
#endif
void make_flow_keys_digest(struct flow_keys_digest *digest,
			   const struct flow_keys *flow);

/* ---- the other keys a dissector (flower's) fills ------------------------- */

#define FLOW_DIS_MPLS_MAX	7
#define FLOW_DIS_TUN_OPTS_MAX	255

struct flow_dissector_mpls_lse {
	u32	mpls_ttl:8,
		mpls_bos:1,
		mpls_tc:3,
		mpls_label:20;
};

struct flow_dissector_key_mpls {
	struct flow_dissector_mpls_lse ls[FLOW_DIS_MPLS_MAX];	/* the label stack */
	u8 used_lses;	/* a bit for each entry in use */
};

static inline void dissector_set_mpls_lse(struct flow_dissector_key_mpls *mpls,
					  int lse_index)
{
	mpls->used_lses |= 1 << lse_index;
}

struct flow_dissector_key_enc_opts {
	u8 data[FLOW_DIS_TUN_OPTS_MAX];
	u8 len;
	__be16 dst_opt_type;
};

struct flow_dissector_key_arp {
	__u32 sip;
	__u32 tip;
	__u8 op;
	unsigned char sha[ETH_ALEN];
	unsigned char tha[ETH_ALEN];
};

struct flow_dissector_key_eth_addrs {
	unsigned char dst[ETH_ALEN];
	unsigned char src[ETH_ALEN];
};

struct flow_dissector_key_tcp {
	__be16 flags;
};

struct flow_dissector_key_ip {
	__u8	tos;
	__u8	ttl;
};

struct flow_dissector_key_meta {
	int ingress_ifindex;
	u16 ingress_iftype;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u8 l2_miss;
#endif
};

struct flow_dissector_key_ct {
	u16	ct_state;
	u16	ct_zone;
	u32	ct_mark;
	u32	ct_labels[4];
};

struct flow_dissector_key_hash {
	u32 hash;
};

struct flow_dissector_key_num_of_vlans {
	u8 num_of_vlans;
};

struct flow_dissector_key_pppoe {
	__be16 session_id;
	__be16 ppp_proto;
	__be16 type;
};

struct flow_dissector_key_l2tpv3 {
	__be32 session_id;
};

struct flow_dissector_key_ports_range {
	union {
		struct flow_dissector_key_ports tp;
		struct {
			struct flow_dissector_key_ports tp_min;
			struct flow_dissector_key_ports tp_max;
		};
	};
};

/* ---- a dissector: which keys, where in the target ----------------------- */

struct flow_dissector_key {
	enum flow_dissector_key_id key_id;
	size_t offset;	/* of the key's struct in the target */
};

struct flow_dissector {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned long long used_keys;	/* a bit for each key id present */
#else
	unsigned int used_keys;
#endif
	unsigned short int offset[FLOW_DISSECTOR_KEY_MAX];
};

struct flow_keys_basic {
	struct flow_dissector_key_control control;
	struct flow_dissector_key_basic basic;
};

void skb_flow_dissector_init(struct flow_dissector *flow_dissector,
			     const struct flow_dissector_key *key,
			     unsigned int key_count);

static inline bool dissector_uses_key(const struct flow_dissector *flow_dissector,
				      enum flow_dissector_key_id key_id)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return flow_dissector->used_keys & (1ULL << key_id);
#else
	return flow_dissector->used_keys & (1 << key_id);
#endif
}

static inline void *skb_flow_dissector_target(struct flow_dissector *flow_dissector,
					      enum flow_dissector_key_id key_id,
					      void *target_container)
{
	return ((char *)target_container) + flow_dissector->offset[key_id];
}

static inline void
flow_dissector_init_keys(struct flow_dissector_key_control *key_control,
			 struct flow_dissector_key_basic *key_basic)
{
	memset(key_control, 0, sizeof(*key_control));
	memset(key_basic, 0, sizeof(*key_basic));
}

static inline bool flow_keys_have_l4(const struct flow_keys *keys)
{
	return (keys->ports.ports || keys->tags.flow_label);
}

/* what a BPF flow dissector program gets */
struct bpf_flow_keys;
struct bpf_flow_dissector {
	struct bpf_flow_keys	*flow_keys;
	const struct sk_buff	*skb;
	const void		*data;
	const void		*data_end;
};

/* an ICMP header's type and code, and echo-style id (0: it has none) */
void skb_flow_get_icmp_tci(const struct sk_buff *skb,
			   struct flow_dissector_key_icmp *key_icmp,
			   const void *data, int thoff, int hlen);

/* a 32-bit summary of the flow's source and destination addresses */
__be32 flow_get_u32_src(const struct flow_keys *flow);
__be32 flow_get_u32_dst(const struct flow_keys *flow);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/string.h>
#endif
