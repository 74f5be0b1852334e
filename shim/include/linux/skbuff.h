/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct sk_buff with a real linear buffer: head <= data <= tail <= end,
 * with tail/end and the header offsets stored as offsets from head as on
 * 64-bit kernels (NET_SKBUFF_DATA_USES_OFFSET), and skb_shared_info right
 * after end. Paged fragments (skb_shinfo()->frags, data_len bytes) hold
 * pages of the shim's page allocator and are read, pulled and trimmed as
 * the kernel does.
 *
 * Fields named __qdk_* belong to the shim (trace id, buffer bookkeeping);
 * no kernel code names them.
 */
#ifndef _LINUX_SKBUFF_H
#define _LINUX_SKBUFF_H

#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/compiler.h>
#include <linux/time.h>
#include <linux/ktime.h>
#include <linux/atomic.h>
#include <linux/refcount.h>
#include <linux/spinlock.h>
#include <linux/slab.h>
#include <linux/rbtree.h>
#include <linux/list.h>
#include <linux/netdev_features.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/socket.h>
#include <linux/net.h>
#include <linux/hrtimer.h>
#include <linux/sched/clock.h>
#include <linux/mm.h>
#include <linux/bitops.h>
#include <linux/time_types.h>
#include <linux/if_packet.h>
#include <qdk/accounting.h>
#include <qdk/context.h>
#include <net/checksum.h>
#include <net/flow_dissector.h>

struct net_device;
struct napi_struct;
struct net;
struct sock;
struct sk_buff;
struct ubuf_info;
struct lock_class_key;

typedef unsigned int sk_buff_data_t;

#define CHECKSUM_NONE		0
#define CHECKSUM_UNNECESSARY	1
#define CHECKSUM_COMPLETE	2
#define CHECKSUM_PARTIAL	3

#define SKB_DATA_ALIGN(X)	ALIGN(X, 64)
#define MAX_SKB_FRAGS		17
#define NET_SKB_PAD		64
#define SKB_TRUESIZE(X) ((X) + SKB_DATA_ALIGN(sizeof(struct sk_buff)) + \
			 SKB_DATA_ALIGN(sizeof(struct skb_shared_info)))

enum {
	SKB_GSO_TCPV4 = 1 << 0,
	SKB_GSO_DODGY = 1 << 1,
	SKB_GSO_TCP_ECN = 1 << 2,
	SKB_GSO_TCP_FIXEDID = 1 << 3,
	SKB_GSO_TCPV6 = 1 << 4,
	SKB_GSO_FCOE = 1 << 5,
	SKB_GSO_GRE = 1 << 6,
	SKB_GSO_GRE_CSUM = 1 << 7,
	SKB_GSO_IPXIP4 = 1 << 8,
	SKB_GSO_IPXIP6 = 1 << 9,
	SKB_GSO_UDP_TUNNEL = 1 << 10,
	SKB_GSO_UDP_TUNNEL_CSUM = 1 << 11,
	SKB_GSO_PARTIAL = 1 << 12,
	SKB_GSO_TUNNEL_REMCSUM = 1 << 13,
	SKB_GSO_SCTP = 1 << 14,
	SKB_GSO_ESP = 1 << 15,
	SKB_GSO_UDP = 1 << 16,
	SKB_GSO_UDP_L4 = 1 << 17,
	SKB_GSO_FRAGLIST = 1 << 18,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	SKB_GSO_TCP_ACCECN = 1 << 19,	/* NETIF_F_GSO_ACCECN's twin */
#endif
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
enum skb_tstamp_type {
	SKB_CLOCK_REALTIME,
	SKB_CLOCK_MONOTONIC,
	SKB_CLOCK_TAI,
	__SKB_CLOCK_MAX = SKB_CLOCK_TAI,
};
#endif

/* The reasons a qdisc passes, at the series' values (net/dropreason-core.h). */
enum skb_drop_reason {
	SKB_NOT_DROPPED_YET = 0,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	SKB_CONSUMED,
#endif
	SKB_DROP_REASON_NOT_SPECIFIED,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	SKB_DROP_REASON_PKT_TOO_SMALL = 9,
	SKB_DROP_REASON_SOCKET_FILTER = 5,
	SKB_DROP_REASON_SOCKET_RCVBUFF = 6,
	SKB_DROP_REASON_PROTO_MEM = 20,
	SKB_DROP_REASON_TC_EGRESS = 62,
	SKB_DROP_REASON_QDISC_DROP = 64,
	SKB_DROP_REASON_QDISC_BURST_DROP,
	SKB_DROP_REASON_TC_INGRESS = 70,
	SKB_DROP_REASON_NOMEM = 79,
	SKB_DROP_REASON_QUEUE_PURGE = 103,
	SKB_DROP_REASON_MAX = 126,
	SKB_DROP_REASON_SUBSYS_MASK = 0xffff0000,
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	SKB_DROP_REASON_PKT_TOO_SMALL = 8,
	SKB_DROP_REASON_SOCKET_FILTER = 5,
	SKB_DROP_REASON_SOCKET_RCVBUFF = 6,
	SKB_DROP_REASON_PROTO_MEM = 19,
	SKB_DROP_REASON_TC_EGRESS = 55,
	SKB_DROP_REASON_QDISC_DROP = 57,
	SKB_DROP_REASON_FQ_BAND_LIMIT,
	SKB_DROP_REASON_FQ_HORIZON_LIMIT,
	SKB_DROP_REASON_FQ_FLOW_LIMIT,
	SKB_DROP_REASON_TC_INGRESS = 63,
	SKB_DROP_REASON_NOMEM = 72,
	SKB_DROP_REASON_MAX = 104,
#else
	/* Debian's 6.1.y (net/dropreason.h) */
	SKB_DROP_REASON_PKT_TOO_SMALL = 3,
	SKB_DROP_REASON_SOCKET_FILTER = 5,
	SKB_DROP_REASON_SOCKET_RCVBUFF = 15,
	SKB_DROP_REASON_PROTO_MEM = 16,
	SKB_DROP_REASON_TC_EGRESS = 44,
	SKB_DROP_REASON_QDISC_DROP = 45,
	SKB_DROP_REASON_TC_INGRESS = 48,
	SKB_DROP_REASON_NOMEM = 56,
	SKB_DROP_REASON_MAX = 66,
#endif
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define SKB_DROP_REASON_SUBSYS_SHIFT	16

/* 7.x: subsystems own ranges of reasons (the qdisc one: net/dropreason-qdisc.h) */
enum skb_drop_reason_subsys {
	SKB_DROP_REASON_SUBSYS_CORE,
	SKB_DROP_REASON_SUBSYS_MAC80211_UNUSABLE,
	SKB_DROP_REASON_SUBSYS_OPENVSWITCH,
	SKB_DROP_REASON_SUBSYS_QDISC,
	SKB_DROP_REASON_SUBSYS_NUM
};
#endif

struct skb_shared_hwtstamps {
	ktime_t hwtstamp;
};

/* x86: the IP header needs no alignment offset */
#ifndef NET_IP_ALIGN
#define NET_IP_ALIGN	0
#endif

typedef struct {
	struct page *bv_page;
	unsigned int bv_len;
	unsigned int bv_offset;
} skb_frag_t;

struct skb_shared_info {
	__u8		flags;
	__u8		meta_len;
	__u8		nr_frags;
	__u8		tx_flags;
	unsigned short	gso_size;
	unsigned short	gso_segs;
	struct sk_buff	*frag_list;
	struct skb_shared_hwtstamps hwtstamps;
	unsigned int	gso_type;
	u32		tskey;
	atomic_t	dataref;
	unsigned int	xdp_frags_size;
	void		*destructor_arg;
	skb_frag_t	frags[MAX_SKB_FRAGS];
};

struct sk_buff {
	union {
		struct {
			struct sk_buff		*next;
			struct sk_buff		*prev;
			union {
				struct net_device	*dev;
				unsigned long		dev_scratch;
			};
		};
		struct rb_node		rbnode;
		struct list_head	list;
	};
	union {
		struct sock		*sk;
		int			ip_defrag_offset;
	};
	union {
		ktime_t			tstamp;
		u64			skb_mstamp_ns;
	};
	char			cb[48] __aligned(8);
	union {
		struct {
			unsigned long	_skb_refdst;
			void		(*destructor)(struct sk_buff *skb);
		};
		/* TCP's retransmit queue keeps its time-sorted list here */
		struct list_head	tcp_tsorted_anchor;
	};
	unsigned long		_nfct;
	unsigned int		len, data_len;
	__u16			mac_len, hdr_len;
	__u16			queue_mapping;
	/* private: markers for CLONED_OFFSET and PKT_TYPE_OFFSET (no size) */
	__u8			__cloned_offset[0];
	/* public: */
	__u8			cloned:1, nohdr:1, fclone:2, peeked:1,
				head_frag:1, pfmemalloc:1, pp_recycle:1;
	/* private: */
	__u8			__pkt_type_offset[0];
	/* public: */
	__u8			pkt_type:3, ignore_df:1, nf_trace:1,
				ip_summed:2, ooo_okay:1;
	__u8			l4_hash:1, sw_hash:1, wifi_acked_valid:1,
				wifi_acked:1, no_fcs:1, encapsulation:1,
				encap_hdr_csum:1, csum_valid:1;
	__u8			tc_skip_classify:1, tc_at_ingress:1,
				ndisc_nodetype:2, ipvs_property:1,
				inner_protocol_type:1, remcsum_offload:1,
				redirected:1;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* 6.12: which clock tstamp is on (was the mono_delivery_time bit) */
	__u8			slow_gro:1, csum_not_inet:1, tstamp_type:2,
				decrypted:1;
#else
	__u8			slow_gro:1, csum_not_inet:1, mono_delivery_time:1,
				decrypted:1,
				vlan_present:1;	/* 6.1: a tag in vlan_tci */
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	__u8			tc_depth:2,	/* netem: duplicates of duplicates */
#else
	__u8
#endif
				csum_level:2, csum_complete_sw:1,
				dst_pending_confirm:1, from_ingress:1,
				nf_skip_egress:1;
	__u16			tc_index;
	union {
		__wsum		csum;
		struct {
			__u16	csum_start;
			__u16	csum_offset;
		};
	};
	__u32			priority;
	int			skb_iif;
	__u32			hash;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* 6.12: a tag is present when either half is non-zero */
	union {
		u32		vlan_all;
		struct {
			__be16	vlan_proto;
			__u16	vlan_tci;
		};
	};
#else
	__be16			vlan_proto;
	__u16			vlan_tci;
#endif
	union {
		unsigned int	napi_id;
		unsigned int	sender_cpu;
	};
	__u32			secmark;
	union {
		__u32		mark;
		__u32		reserved_tailroom;
	};
	union {
		__be16		inner_protocol;
		__u8		inner_ipproto;
	};
	__u16			inner_transport_header;
	__u16			inner_network_header;
	__u16			inner_mac_header;
	__be16			protocol;
	__u16			transport_header;
	__u16			network_header;
	__u16			mac_header;
	sk_buff_data_t		tail;
	sk_buff_data_t		end;
	unsigned char		*head, *data;
	unsigned int		truesize;
	refcount_t		users;

	/* shim bookkeeping, see shim/lib/skbuff.c */
	u64			__qdk_id;	/* trace packet id, 0: none */
	struct sk_buff		*__qdk_free_next;
	unsigned int		__qdk_bufsize;	/* bytes at head incl. shinfo */
	u8			__qdk_ecn;	/* ECN bits when last seen */
	u8			__qdk_live;	/* 1 between alloc and free */
	/* leak reports (qdk_mem_leaks): where it came from, where it went */
	const struct alloc_tag	*__qdk_tag;	/* allocation site, NULL: the bridge */
	u64			__qdk_seq;	/* qdk_mem_seq at the allocation */
	const char		*__qdk_handed;	/* bridge call that last gave it to a qdisc */
	u64			__qdk_cookie;	/* the caller's context of that call */
	struct sk_buff		*__qdk_live_next, *__qdk_live_prev;
	/* the accounting check (qdk/accounting.h) */
	struct Qdisc		*__qdk_in;	/* the qdisc whose own count has it */
	unsigned int		__qdk_in_len;	/* its qdisc_pkt_len() as counted there */
	unsigned short		__qdk_touched;	/* its slot + 1 in the check's list */
	unsigned long		__qdk_drop_ip;	/* where a qdisc dropped it, 0: not */
};

/* the bits a byte-wise reader (BPF) finds at those offsets: little endian */
#define CLONED_MASK		1
#define CLONED_OFFSET		offsetof(struct sk_buff, __cloned_offset)
#define PKT_TYPE_MAX		7
#define PKT_TYPE_OFFSET		offsetof(struct sk_buff, __pkt_type_offset)

/* ---- buffer geometry ---------------------------------------------------- */

static inline unsigned char *skb_tail_pointer(const struct sk_buff *skb)
{
	return skb->head + skb->tail;
}

static inline void skb_reset_tail_pointer(struct sk_buff *skb)
{
	skb->tail = skb->data - skb->head;
}

static inline void skb_set_tail_pointer(struct sk_buff *skb, const int offset)
{
	skb_reset_tail_pointer(skb);
	skb->tail += offset;
}

static inline unsigned char *skb_end_pointer(const struct sk_buff *skb)
{
	return skb->head + skb->end;
}

static inline unsigned int skb_end_offset(const struct sk_buff *skb)
{
	return skb->end;
}

#define skb_shinfo(SKB)	((struct skb_shared_info *)(skb_end_pointer(SKB)))

static inline bool skb_is_nonlinear(const struct sk_buff *skb)
{
	return skb->data_len;
}

static inline unsigned int skb_headlen(const struct sk_buff *skb)
{
	return skb->len - skb->data_len;
}

static inline unsigned int skb_headroom(const struct sk_buff *skb)
{
	return skb->data - skb->head;
}

static inline int skb_tailroom(const struct sk_buff *skb)
{
	return skb_is_nonlinear(skb) ? 0 : skb->end - skb->tail;
}

static inline void skb_reserve(struct sk_buff *skb, int len)
{
	skb->data += len;
	skb->tail += len;
}

void skb_over_panic(struct sk_buff *skb, unsigned int len, void *here);
void skb_under_panic(struct sk_buff *skb, unsigned int len, void *here);

static inline void *__skb_put(struct sk_buff *skb, unsigned int len)
{
	void *tmp = skb_tail_pointer(skb);

	skb->tail += len;
	skb->len += len;
	return tmp;
}

static inline void *skb_put(struct sk_buff *skb, unsigned int len)
{
	void *tmp = skb_tail_pointer(skb);

	skb->tail += len;
	skb->len += len;
	if (unlikely(skb->tail > skb->end))
		skb_over_panic(skb, len, __builtin_return_address(0));
	return tmp;
}

static inline void *skb_put_zero(struct sk_buff *skb, unsigned int len)
{
	void *tmp = skb_put(skb, len);

	memset(tmp, 0, len);
	return tmp;
}

static inline void *skb_put_data(struct sk_buff *skb, const void *data,
				 unsigned int len)
{
	void *tmp = skb_put(skb, len);

	memcpy(tmp, data, len);
	return tmp;
}

static inline void *__skb_push(struct sk_buff *skb, unsigned int len)
{
	skb->data -= len;
	skb->len += len;
	return skb->data;
}

static inline void *skb_push(struct sk_buff *skb, unsigned int len)
{
	skb->data -= len;
	skb->len += len;
	if (unlikely(skb->data < skb->head))
		skb_under_panic(skb, len, __builtin_return_address(0));
	return skb->data;
}

static inline void *__skb_pull(struct sk_buff *skb, unsigned int len)
{
	skb->len -= len;
	if (unlikely(skb->len < skb->data_len))
		BUG();
	return skb->data += len;
}

static inline void *skb_pull(struct sk_buff *skb, unsigned int len)
{
	if (unlikely(len > skb->len))
		return NULL;
	return __skb_pull(skb, len);
}

static inline void __skb_trim(struct sk_buff *skb, unsigned int len)
{
	skb->len = len;
	skb_set_tail_pointer(skb, len);
}

static inline void skb_trim(struct sk_buff *skb, unsigned int len)
{
	if (skb->len > len)
		__skb_trim(skb, len);
}

void *__pskb_pull_tail(struct sk_buff *skb, int delta);
int skb_copy_bits(const struct sk_buff *skb, int offset, void *to, int len);

/* len bytes in the linear part, pulled there from the fragments if need be */
static inline bool pskb_may_pull(struct sk_buff *skb, unsigned int len)
{
	if (likely(len <= skb_headlen(skb)))
		return true;
	if (unlikely(len > skb->len))
		return false;
	return __pskb_pull_tail(skb, len - skb_headlen(skb)) != NULL;
}

static inline bool pskb_network_may_pull(struct sk_buff *skb, unsigned int len);

static inline void *skb_header_pointer(const struct sk_buff *skb, int offset,
				       int len, void *buffer)
{
	if (likely((int)skb_headlen(skb) - offset >= len))
		return skb->data + offset;
	if (skb_copy_bits(skb, offset, buffer, len) < 0)
		return NULL;
	return buffer;
}

static inline int __skb_linearize(struct sk_buff *skb);

static inline int skb_linearize(struct sk_buff *skb)
{
	return skb_is_nonlinear(skb) ? __skb_linearize(skb) : 0;
}

static inline int skb_ensure_writable(struct sk_buff *skb, unsigned int write_len)
{
	return write_len <= skb_headlen(skb) ? 0 : -ENOMEM;
}

static inline int skb_try_make_writable(struct sk_buff *skb,
					unsigned int write_len)
{
	return skb_ensure_writable(skb, write_len);
}

static inline bool skb_cloned(const struct sk_buff *skb)
{
	return skb->cloned;
}

/* ---- header offsets ----------------------------------------------------- */

static inline unsigned char *skb_mac_header(const struct sk_buff *skb)
{
	return skb->head + skb->mac_header;
}

static inline void skb_reset_mac_header(struct sk_buff *skb)
{
	skb->mac_header = skb->data - skb->head;
}

static inline void skb_set_mac_header(struct sk_buff *skb, const int offset)
{
	skb_reset_mac_header(skb);
	skb->mac_header += offset;
}

static inline int skb_mac_header_was_set(const struct sk_buff *skb)
{
	return skb->mac_header != (typeof(skb->mac_header))~0U;
}

static inline unsigned char *skb_network_header(const struct sk_buff *skb)
{
	return skb->head + skb->network_header;
}

static inline void skb_reset_network_header(struct sk_buff *skb)
{
	skb->network_header = skb->data - skb->head;
}

static inline void skb_set_network_header(struct sk_buff *skb, const int offset)
{
	skb_reset_network_header(skb);
	skb->network_header += offset;
}

static inline unsigned char *skb_transport_header(const struct sk_buff *skb)
{
	return skb->head + skb->transport_header;
}

static inline bool skb_transport_header_was_set(const struct sk_buff *skb)
{
	return skb->transport_header != (typeof(skb->transport_header))~0U;
}

static inline void skb_reset_transport_header(struct sk_buff *skb)
{
	skb->transport_header = skb->data - skb->head;
}

static inline void skb_set_transport_header(struct sk_buff *skb, const int offset)
{
	skb_reset_transport_header(skb);
	skb->transport_header += offset;
}

static inline int skb_mac_offset(const struct sk_buff *skb)
{
	return skb_mac_header(skb) - skb->data;
}

static inline int skb_network_offset(const struct sk_buff *skb)
{
	return skb_network_header(skb) - skb->data;
}

static inline int skb_transport_offset(const struct sk_buff *skb)
{
	return skb_transport_header(skb) - skb->data;
}

static inline unsigned char *skb_inner_transport_header(const struct sk_buff *skb)
{
	return skb->head + skb->inner_transport_header;
}

static inline int skb_inner_transport_offset(const struct sk_buff *skb)
{
	return skb_inner_transport_header(skb) - skb->data;
}

static inline u32 skb_network_header_len(const struct sk_buff *skb)
{
	return skb->transport_header - skb->network_header;
}

static inline bool pskb_network_may_pull(struct sk_buff *skb, unsigned int len)
{
	return pskb_may_pull(skb, skb_network_offset(skb) + len);
}

/* ---- GSO --------------------------------------------------------------- */

static inline bool skb_is_gso(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->gso_size;
}

static inline bool skb_is_gso_v6(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->gso_type & SKB_GSO_TCPV6;
}

bool skb_gso_validate_network_len(const struct sk_buff *skb, unsigned int mtu);
bool skb_gso_validate_mac_len(const struct sk_buff *skb, unsigned int len);

/* ---- hashes ------------------------------------------------------------- */

void __skb_get_hash(struct sk_buff *skb);
u32 __skb_get_hash_symmetric(const struct sk_buff *skb);

static inline void __skb_set_hash(struct sk_buff *skb, __u32 hash,
				  bool is_sw, bool is_l4)
{
	skb->l4_hash = is_l4;
	skb->sw_hash = is_sw;
	skb->hash = hash;
}

static inline void skb_set_hash(struct sk_buff *skb, __u32 hash, int type)
{
	__skb_set_hash(skb, hash, false, type == 3);
}

static inline __u32 skb_get_hash(struct sk_buff *skb)
{
	if (!skb->l4_hash && !skb->sw_hash)
		__skb_get_hash(skb);
	return skb->hash;
}

static inline __u32 skb_get_hash_raw(const struct sk_buff *skb)
{
	return skb->hash;
}

static inline void skb_clear_hash(struct sk_buff *skb)
{
	skb->hash = 0;
	skb->sw_hash = 0;
	skb->l4_hash = 0;
}

u32 skb_get_hash_perturb(const struct sk_buff *skb,
			 const siphash_key_t *perturb);

static inline u16 skb_get_queue_mapping(const struct sk_buff *skb)
{
	return skb->queue_mapping;
}

static inline void skb_set_queue_mapping(struct sk_buff *skb, u16 queue_mapping)
{
	skb->queue_mapping = queue_mapping;
}

/* ---- lifetime ----------------------------------------------------------- */

struct sk_buff *alloc_skb_noprof(unsigned int size, gfp_t priority);
void kfree_skb_reason(struct sk_buff *skb, enum skb_drop_reason reason);
void consume_skb(struct sk_buff *skb);
void __kfree_skb(struct sk_buff *skb);
void kfree_skb_list_reason(struct sk_buff *segs, enum skb_drop_reason reason);
struct sk_buff *skb_clone_noprof(struct sk_buff *skb, gfp_t priority);
struct sk_buff *skb_copy_noprof(const struct sk_buff *skb, gfp_t priority);
/* The allocation site of an skb a qdisc makes is its caller (linux/alloc_tag.h). */
#define alloc_skb(...)	alloc_hooks(alloc_skb_noprof(__VA_ARGS__))
#define skb_clone(...)	alloc_hooks(skb_clone_noprof(__VA_ARGS__))
#define skb_copy(...)	alloc_hooks(skb_copy_noprof(__VA_ARGS__))
int skb_checksum_help(struct sk_buff *skb);

static inline void kfree_skb(struct sk_buff *skb)
{
	kfree_skb_reason(skb, SKB_DROP_REASON_NOT_SPECIFIED);
}

static inline void kfree_skb_list(struct sk_buff *segs)
{
	kfree_skb_list_reason(segs, SKB_DROP_REASON_NOT_SPECIFIED);
}

static inline void dev_kfree_skb(struct sk_buff *skb)
{
	consume_skb(skb);
}

static inline void dev_kfree_skb_any(struct sk_buff *skb)
{
	kfree_skb(skb);
}

static inline struct sk_buff *skb_get(struct sk_buff *skb)
{
	refcount_inc(&skb->users);
	return skb;
}

static inline bool skb_unref(struct sk_buff *skb)
{
	if (unlikely(!skb))
		return false;
	if (likely(refcount_read(&skb->users) == 1))
		return true;
	return !refcount_dec_and_test(&skb->users) ? false : true;
}

static inline void skb_orphan(struct sk_buff *skb)
{
	if (skb->destructor) {
		skb->destructor(skb);
		skb->destructor = NULL;
		skb->sk = NULL;
	}
}

/* a packet on a socket's error queue (never PACKET_OUTGOING when received) */
static inline void skb_set_err_queue(struct sk_buff *skb)
{
	skb->pkt_type = PACKET_OUTGOING;
}

struct sock;
/* skb onto sk's error queue (lib/skbuff.c): 0, or -ENOMEM past sk_rcvbuf */
int sock_queue_err_skb(struct sock *sk, struct sk_buff *skb);

/* the shim's packets have no socket: nothing to keep or release */
static inline void skb_orphan_partial(struct sk_buff *skb)
{
	if (skb->sk)
		skb_orphan(skb);
}

static inline struct sk_buff *skb_unshare(struct sk_buff *skb, gfp_t pri)
{
	if (skb_cloned(skb)) {
		struct sk_buff *nskb = skb_copy(skb, pri);

		if (likely(nskb))
			consume_skb(skb);
		else
			kfree_skb(skb);
		skb = nskb;
	}
	return skb;
}

static inline void skb_mark_not_on_list(struct sk_buff *skb)
{
	skb->next = NULL;
}

#define skb_list_walk_safe(first, skb, next_skb)				\
	for ((skb) = (first), (next_skb) = (skb) ? (skb)->next : NULL; (skb); \
	     (skb) = (next_skb), (next_skb) = (skb) ? (skb)->next : NULL)

static inline void skb_list_del_init(struct sk_buff *skb)
{
	list_del(&skb->list);
	skb_mark_not_on_list(skb);
}

#define rb_to_skb(rb) rb_entry_safe(rb, struct sk_buff, rbnode)
#define skb_rb_first(root) rb_to_skb(rb_first(root))
#define skb_rb_last(root)  rb_to_skb(rb_last(root))
#define skb_rb_next(skb)   rb_to_skb(rb_next(&(skb)->rbnode))
#define skb_rb_prev(skb)   rb_to_skb(rb_prev(&(skb)->rbnode))
#define skb_rbtree_walk(skb, root)					\
	for (skb = skb_rb_first(root); skb != NULL; skb = skb_rb_next(skb))
#define skb_rbtree_walk_safe(skb, root, tmp)				\
	for (skb = skb_rb_first(root);					\
	     tmp = skb ? skb_rb_next(skb) : NULL, (skb != NULL);	\
	     skb = tmp)
unsigned int skb_rbtree_purge(struct rb_root *root);

/* ---- sk_buff_head queues ------------------------------------------------ */

struct sk_buff_head {
	struct sk_buff	*next;
	struct sk_buff	*prev;
	__u32		qlen;
	spinlock_t	lock;
};

static inline int skb_queue_empty(const struct sk_buff_head *list)
{
	return list->next == (const struct sk_buff *)list;
}

static inline bool skb_queue_empty_lockless(const struct sk_buff_head *list)
{
	return READ_ONCE(list->next) == (const struct sk_buff *)list;
}

static inline bool skb_queue_is_last(const struct sk_buff_head *list,
				     const struct sk_buff *skb)
{
	return skb->next == (const struct sk_buff *)list;
}

static inline bool skb_queue_is_first(const struct sk_buff_head *list,
				      const struct sk_buff *skb)
{
	return skb->prev == (const struct sk_buff *)list;
}

static inline struct sk_buff *skb_peek(const struct sk_buff_head *list_)
{
	struct sk_buff *skb = list_->next;

	if (skb == (struct sk_buff *)list_)
		skb = NULL;
	return skb;
}

static inline struct sk_buff *skb_peek_next(struct sk_buff *skb,
					    const struct sk_buff_head *list_)
{
	struct sk_buff *next = skb->next;

	if (next == (struct sk_buff *)list_)
		next = NULL;
	return next;
}

static inline struct sk_buff *skb_peek_tail(const struct sk_buff_head *list_)
{
	struct sk_buff *skb = READ_ONCE(list_->prev);

	if (skb == (struct sk_buff *)list_)
		skb = NULL;
	return skb;
}

static inline __u32 skb_queue_len(const struct sk_buff_head *list_)
{
	return list_->qlen;
}

static inline __u32 skb_queue_len_lockless(const struct sk_buff_head *list_)
{
	return READ_ONCE(list_->qlen);
}

static inline void __skb_queue_head_init(struct sk_buff_head *list)
{
	list->prev = list->next = (struct sk_buff *)list;
	list->qlen = 0;
}

static inline void skb_queue_head_init(struct sk_buff_head *list)
{
	spin_lock_init(&list->lock);
	__skb_queue_head_init(list);
}

static inline void __skb_insert(struct sk_buff *newsk, struct sk_buff *prev,
				struct sk_buff *next, struct sk_buff_head *list)
{
	WRITE_ONCE(newsk->next, next);
	WRITE_ONCE(newsk->prev, prev);
	WRITE_ONCE(((struct sk_buff *)next)->prev, newsk);
	WRITE_ONCE(((struct sk_buff *)prev)->next, newsk);
	WRITE_ONCE(list->qlen, list->qlen + 1);
}

static inline void __skb_queue_after(struct sk_buff_head *list,
				     struct sk_buff *prev,
				     struct sk_buff *newsk)
{
	__skb_insert(newsk, prev, ((struct sk_buff *)prev)->next, list);
}

static inline void __skb_queue_before(struct sk_buff_head *list,
				      struct sk_buff *next,
				      struct sk_buff *newsk)
{
	__skb_insert(newsk, ((struct sk_buff *)next)->prev, next, list);
}

static inline void __skb_queue_head(struct sk_buff_head *list,
				    struct sk_buff *newsk)
{
	__skb_queue_after(list, (struct sk_buff *)list, newsk);
}

static inline void __skb_queue_tail(struct sk_buff_head *list,
				    struct sk_buff *newsk)
{
	__skb_queue_before(list, (struct sk_buff *)list, newsk);
}

static inline void __skb_unlink(struct sk_buff *skb, struct sk_buff_head *list)
{
	struct sk_buff *next, *prev;

	WRITE_ONCE(list->qlen, list->qlen - 1);
	next	   = skb->next;
	prev	   = skb->prev;
	skb->next  = skb->prev = NULL;
	WRITE_ONCE(next->prev, prev);
	WRITE_ONCE(prev->next, next);
	qdk_acct_unlinked(skb, _QDK_THIS_IP_);
}

static inline struct sk_buff *__skb_dequeue(struct sk_buff_head *list)
{
	struct sk_buff *skb = skb_peek(list);

	if (skb)
		__skb_unlink(skb, list);
	return skb;
}

static inline struct sk_buff *__skb_dequeue_tail(struct sk_buff_head *list)
{
	struct sk_buff *skb = skb_peek_tail(list);

	if (skb)
		__skb_unlink(skb, list);
	return skb;
}

#define skb_queue_tail(list, skb)	__skb_queue_tail(list, skb)
#define skb_queue_head(list, skb)	__skb_queue_head(list, skb)
#define skb_dequeue(list)		__skb_dequeue(list)
#define skb_dequeue_tail(list)		__skb_dequeue_tail(list)
#define skb_unlink(skb, list)		__skb_unlink(skb, list)

static inline void __skb_queue_purge(struct sk_buff_head *list)
{
	struct sk_buff *skb;

	while ((skb = __skb_dequeue(list)) != NULL)
		kfree_skb(skb);
}

#define skb_queue_purge(list) __skb_queue_purge(list)

static inline void __skb_queue_splice(const struct sk_buff_head *list,
				      struct sk_buff *prev,
				      struct sk_buff *next)
{
	struct sk_buff *first = list->next;
	struct sk_buff *last = list->prev;

	WRITE_ONCE(first->prev, prev);
	WRITE_ONCE(prev->next, first);
	WRITE_ONCE(last->next, next);
	WRITE_ONCE(next->prev, last);
}

static inline void skb_queue_splice_init(struct sk_buff_head *list,
					 struct sk_buff_head *head)
{
	if (!skb_queue_empty(list)) {
		__skb_queue_splice(list, (struct sk_buff *)head, head->next);
		head->qlen += list->qlen;
		__skb_queue_head_init(list);
	}
}

static inline void skb_queue_splice_tail_init(struct sk_buff_head *list,
					      struct sk_buff_head *head)
{
	if (!skb_queue_empty(list)) {
		__skb_queue_splice(list, head->prev, (struct sk_buff *)head);
		head->qlen += list->qlen;
		__skb_queue_head_init(list);
	}
}

#define skb_queue_walk(queue, skb) \
		for (skb = (queue)->next;					\
		     skb != (struct sk_buff *)(queue);				\
		     skb = skb->next)

#define skb_queue_walk_safe(queue, skb, tmp)					\
		for (skb = (queue)->next, tmp = skb->next;			\
		     skb != (struct sk_buff *)(queue);				\
		     skb = tmp, tmp = skb->next)

#define skb_queue_reverse_walk(queue, skb) \
		for (skb = (queue)->prev;					\
		     skb != (struct sk_buff *)(queue);				\
		     skb = skb->prev)

/* ---- misc --------------------------------------------------------------- */

static inline unsigned int __skb_pagelen(const struct sk_buff *skb);

/* the head's bytes and the fragments' (not a frag list's) */
static inline unsigned int skb_pagelen(const struct sk_buff *skb)
{
	return skb_headlen(skb) + __skb_pagelen(skb);
}

static inline void nf_reset_ct(struct sk_buff *skb)
{
	skb->_nfct = 0;
}

/*
 * skb extensions (CONFIG_SKB_EXTENSIONS, with the ids Debian's configs
 * enable). struct skb_ext is the kernel's: one refcounted block, each
 * extension at offset[id] 8-byte chunks from its start. The shim's sk_buff
 * has no extensions member (its size feeds truesize): lib/skbuff.c keeps
 * which block each skb holds, __qdk_skb_ext() finds it.
 */
enum skb_ext_id {
	SKB_EXT_BRIDGE_NF,
	SKB_EXT_SEC_PATH,
	SKB_EXT_MPTCP,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	SKB_EXT_CAN,
#endif
	SKB_EXT_NUM, /* must be last */
};

struct skb_ext {
	refcount_t refcnt;
	u8 offset[SKB_EXT_NUM];	/* in chunks of 8 bytes, 0: absent */
	u8 chunks;		/* size allocated, same unit */
	char data[] __aligned(8);
};

struct nf_bridge_info {
	enum {
		BRNF_PROTO_UNCHANGED,
		BRNF_PROTO_8021Q,
		BRNF_PROTO_PPPOE
	} orig_proto:8;
	u8			pkt_otherhost:1;
	u8			in_prerouting:1;
	u8			bridged_dnat:1;
	u8			sabotage_in_done:1;
	__u16			frag_max_size;
	int			physinif;
	struct net_device	*physoutdev;
	union {
		__be32		ipv4_daddr;
		struct in6_addr	ipv6_daddr;
		char		neigh_header[8];
	};
};

struct sec_path;

struct skb_ext *__skb_ext_alloc(gfp_t flags);
void *__skb_ext_set(struct sk_buff *skb, enum skb_ext_id id, struct skb_ext *ext);
void *skb_ext_add(struct sk_buff *skb, enum skb_ext_id id);
void __skb_ext_del(struct sk_buff *skb, enum skb_ext_id id);
void __skb_ext_put(struct skb_ext *ext);
/* the block skb holds, NULL: none (the kernel's skb->extensions) */
struct skb_ext *__qdk_skb_ext(const struct sk_buff *skb);
/* the ids active for skb (the kernel's skb->active_extensions) */
u8 __qdk_skb_ext_active(const struct sk_buff *skb);
/* dst holds src's block and ids; references are the caller's business */
void __qdk_skb_ext_share(struct sk_buff *dst, const struct sk_buff *src);
/* skb holds no block any more (its reference is the caller's business) */
void __qdk_skb_ext_clear(struct sk_buff *skb);
/* nonzero while any skb holds extensions: the common case skips the table */
extern unsigned int __qdk_skb_ext_users;

static inline bool skb_has_extensions(struct sk_buff *skb)
{
	return unlikely(__qdk_skb_ext_users) && __qdk_skb_ext_active(skb);
}

static inline void skb_ext_put(struct sk_buff *skb)
{
	if (skb_has_extensions(skb))
		__skb_ext_put(__qdk_skb_ext(skb));
}

static inline void __skb_ext_copy(struct sk_buff *dst, const struct sk_buff *src)
{
	if (likely(!__qdk_skb_ext_users))
		return;
	if (__qdk_skb_ext_active(src))
		refcount_inc(&__qdk_skb_ext(src)->refcnt);
	__qdk_skb_ext_share(dst, src);
}

static inline void skb_ext_copy(struct sk_buff *dst, const struct sk_buff *src)
{
	skb_ext_put(dst);
	__skb_ext_copy(dst, src);
}

static inline bool __skb_ext_exist(const struct skb_ext *ext, enum skb_ext_id i)
{
	return !!ext->offset[i];
}

static inline bool skb_ext_exist(const struct sk_buff *skb, enum skb_ext_id id)
{
	return unlikely(__qdk_skb_ext_users) && (__qdk_skb_ext_active(skb) & (1 << id));
}

static inline void skb_ext_del(struct sk_buff *skb, enum skb_ext_id id)
{
	if (skb_ext_exist(skb, id))
		__skb_ext_del(skb, id);
}

static inline void *skb_ext_find(const struct sk_buff *skb, enum skb_ext_id id)
{
	struct skb_ext *ext;

	if (!skb_ext_exist(skb, id))
		return NULL;
	ext = __qdk_skb_ext(skb);
	return (void *)ext + (ext->offset[id] << 3);
}

static inline void skb_ext_reset(struct sk_buff *skb)
{
	if (skb_has_extensions(skb)) {
		struct skb_ext *ext = __qdk_skb_ext(skb);

		__qdk_skb_ext_clear(skb);
		__skb_ext_put(ext);
	}
}

static inline int secpath_exists(const struct sk_buff *skb)
{
	return skb_ext_exist(skb, SKB_EXT_SEC_PATH);
}

static inline struct sec_path *skb_sec_path(const struct sk_buff *skb)
{
	return skb_ext_find(skb, SKB_EXT_SEC_PATH);
}

static inline ktime_t skb_get_ktime(const struct sk_buff *skb)
{
	return skb->tstamp;
}

static inline u32 skb_mstamp_us(const struct sk_buff *skb)
{
	return div_u64(skb->skb_mstamp_ns, NSEC_PER_USEC);
}

static inline void skb_copy_queue_mapping(struct sk_buff *to,
					  const struct sk_buff *from)
{
	to->queue_mapping = from->queue_mapping;
}

static inline struct ethhdr *eth_hdr(const struct sk_buff *skb)
{
	return (struct ethhdr *)skb_mac_header(skb);
}

/* the Ethernet header at data: the transmit path's, without a mac header set */
static inline struct ethhdr *skb_eth_hdr(const struct sk_buff *skb)
{
	return (struct ethhdr *)skb->data;
}

/* ---- constants ---------------------------------------------------------- */

#define NET_SKBUFF_DATA_USES_OFFSET 1
#define CHECKSUM_BREAK		76
#define SKB_MAX_CSUM_LEVEL	3
#define SKB_WITH_OVERHEAD(X)	\
	((X) - SKB_DATA_ALIGN(sizeof(struct skb_shared_info)))
#define SKB_HEAD_ALIGN(X) (SKB_DATA_ALIGN(X) + \
	SKB_DATA_ALIGN(sizeof(struct skb_shared_info)))
#define SKB_MAX_ORDER(X, ORDER) \
	SKB_WITH_OVERHEAD((PAGE_SIZE << (ORDER)) - (X))
#define SKB_MAX_HEAD(X)		(SKB_MAX_ORDER((X), 0))
#define SKB_MAX_ALLOC		(SKB_MAX_ORDER(0, 2))
#define GSO_BY_FRAGS		0xFFFF

#define SKB_DATAREF_SHIFT	16
#define SKB_DATAREF_MASK	((1 << SKB_DATAREF_SHIFT) - 1)

enum {
	SKB_FCLONE_UNAVAILABLE,
	SKB_FCLONE_ORIG,
	SKB_FCLONE_CLONE,
};

#define SKB_ALLOC_FCLONE	0x01
#define SKB_ALLOC_RX		0x02
#define SKB_ALLOC_NAPI		0x04

/* tx_flags of skb_shared_info */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
enum {
	SKBTX_HW_TSTAMP_NOBPF = 1 << 0,
	SKBTX_SW_TSTAMP = 1 << 1,
	SKBTX_IN_PROGRESS = 1 << 2,
	SKBTX_COMPLETION_TSTAMP = 1 << 3,
	SKBTX_HW_TSTAMP_NETDEV = 1 << 5,
	SKBTX_SCHED_TSTAMP = 1 << 6,
	SKBTX_BPF = 1 << 7,
};
#define SKBTX_HW_TSTAMP		(SKBTX_HW_TSTAMP_NOBPF | SKBTX_BPF)
#define SKBTX_ANY_SW_TSTAMP	(SKBTX_SW_TSTAMP | SKBTX_SCHED_TSTAMP | \
				 SKBTX_BPF | SKBTX_COMPLETION_TSTAMP)
#define SKBTX_ANY_TSTAMP	(SKBTX_HW_TSTAMP | SKBTX_ANY_SW_TSTAMP)
#else
enum {
	SKBTX_HW_TSTAMP = 1 << 0,
	SKBTX_SW_TSTAMP = 1 << 1,
	SKBTX_IN_PROGRESS = 1 << 2,
	SKBTX_HW_TSTAMP_USE_CYCLES = 1 << 3,
	SKBTX_WIFI_STATUS = 1 << 4,
	SKBTX_HW_TSTAMP_NETDEV = 1 << 5,
	SKBTX_SCHED_TSTAMP = 1 << 6,
};
#define SKBTX_ANY_SW_TSTAMP	(SKBTX_SW_TSTAMP | SKBTX_SCHED_TSTAMP)
#define SKBTX_ANY_TSTAMP	(SKBTX_HW_TSTAMP | SKBTX_HW_TSTAMP_USE_CYCLES | \
				 SKBTX_ANY_SW_TSTAMP)
#endif

/* flags of skb_shared_info */
enum {
	SKBFL_ZEROCOPY_ENABLE = BIT(0),
	SKBFL_SHARED_FRAG = BIT(1),
	SKBFL_PURE_ZEROCOPY = BIT(2),
	SKBFL_DONT_ORPHAN = BIT(3),
	SKBFL_MANAGED_FRAG_REFS = BIT(4),
};
#define SKBFL_ZEROCOPY_FRAG	(SKBFL_ZEROCOPY_ENABLE | SKBFL_SHARED_FRAG)
#define SKBFL_ALL_ZEROCOPY	(SKBFL_ZEROCOPY_FRAG | SKBFL_PURE_ZEROCOPY | \
				 SKBFL_DONT_ORPHAN | SKBFL_MANAGED_FRAG_REFS)

enum pkt_hash_types {
	PKT_HASH_TYPE_NONE,
	PKT_HASH_TYPE_L2,
	PKT_HASH_TYPE_L3,
	PKT_HASH_TYPE_L4,
};

#define ENCAP_TYPE_ETHER	0
#define ENCAP_TYPE_IPPROTO	1

#define SKB_DST_NOREF	1UL
#define SKB_DST_PTRMASK	~(SKB_DST_NOREF)

#define SKB_LINEAR_ASSERT(skb)	BUG_ON(skb_is_nonlinear(skb))

/* ---- sharing and cloning ------------------------------------------------ */

static inline int skb_shared(const struct sk_buff *skb)
{
	return refcount_read(&skb->users) != 1;
}

static inline struct sk_buff *skb_share_check(struct sk_buff *skb, gfp_t pri)
{
	if (skb_shared(skb)) {
		struct sk_buff *nskb = skb_clone(skb, pri);

		if (likely(nskb))
			consume_skb(skb);
		else
			kfree_skb(skb);
		skb = nskb;
	}
	return skb;
}

/* the head is shared with a clone that still uses the headers */
static inline int skb_header_cloned(const struct sk_buff *skb)
{
	int dataref;

	if (!skb->cloned)
		return 0;
	dataref = atomic_read(&skb_shinfo(skb)->dataref);
	dataref = (dataref & SKB_DATAREF_MASK) - (dataref >> SKB_DATAREF_SHIFT);
	return dataref != 1;
}

static inline int skb_clone_writable(const struct sk_buff *skb, unsigned int len)
{
	return !skb_header_cloned(skb) &&
	       skb_headroom(skb) + len <= skb->hdr_len;
}

static inline bool skb_fclone_busy(const struct sock *sk,
				   const struct sk_buff *skb)
{
	/* the shim makes no fast clones: fclone is always UNAVAILABLE */
	return false;
}

static inline bool skb_head_is_locked(const struct sk_buff *skb)
{
	return !skb->head_frag || skb_cloned(skb);
}

int pskb_expand_head(struct sk_buff *skb, int nhead, int ntail, gfp_t gfp_mask);
void skb_headers_offset_update(struct sk_buff *skb, int off);
void skb_copy_header(struct sk_buff *new, const struct sk_buff *old);
struct sk_buff *skb_realloc_headroom(struct sk_buff *skb, unsigned int headroom);
struct sk_buff *skb_expand_head(struct sk_buff *skb, unsigned int headroom);
struct sk_buff *skb_copy_expand_noprof(const struct sk_buff *skb, int newheadroom,
				       int newtailroom, gfp_t priority);
struct sk_buff *__pskb_copy_fclone_noprof(struct sk_buff *skb, int headroom,
					  gfp_t gfp_mask, bool fclone);
struct sk_buff *__alloc_skb_noprof(unsigned int size, gfp_t priority, int flags,
				   int node);
#define skb_copy_expand(...)	alloc_hooks(skb_copy_expand_noprof(__VA_ARGS__))
#define __pskb_copy_fclone(...)	alloc_hooks(__pskb_copy_fclone_noprof(__VA_ARGS__))
#define __alloc_skb(...)	alloc_hooks(__alloc_skb_noprof(__VA_ARGS__))

static inline struct sk_buff *alloc_skb_fclone_noprof(unsigned int size,
						      gfp_t priority)
{
	return __alloc_skb_noprof(size, priority, SKB_ALLOC_FCLONE, NUMA_NO_NODE);
}
#define alloc_skb_fclone(...)	alloc_hooks(alloc_skb_fclone_noprof(__VA_ARGS__))

static inline struct sk_buff *__pskb_copy_noprof(struct sk_buff *skb, int headroom,
						 gfp_t gfp_mask)
{
	return __pskb_copy_fclone_noprof(skb, headroom, gfp_mask, false);
}
#define __pskb_copy(...)	alloc_hooks(__pskb_copy_noprof(__VA_ARGS__))

static inline struct sk_buff *pskb_copy_noprof(struct sk_buff *skb, gfp_t gfp_mask)
{
	return __pskb_copy_fclone_noprof(skb, skb_headroom(skb), gfp_mask, false);
}
#define pskb_copy(...)		alloc_hooks(pskb_copy_noprof(__VA_ARGS__))

static inline struct sk_buff *pskb_copy_for_clone_noprof(struct sk_buff *skb,
							 gfp_t gfp_mask)
{
	return __pskb_copy_fclone_noprof(skb, skb_headroom(skb), gfp_mask, true);
}
#define pskb_copy_for_clone(...) alloc_hooks(pskb_copy_for_clone_noprof(__VA_ARGS__))

static inline int skb_unclone(struct sk_buff *skb, gfp_t pri)
{
	if (skb_cloned(skb))
		return pskb_expand_head(skb, 0, 0, pri);
	return 0;
}

int __skb_unclone_keeptruesize(struct sk_buff *skb, gfp_t pri);

static inline int skb_unclone_keeptruesize(struct sk_buff *skb, gfp_t pri)
{
	if (skb_cloned(skb))
		return __skb_unclone_keeptruesize(skb, pri);
	return 0;
}

static inline int skb_header_unclone(struct sk_buff *skb, gfp_t pri)
{
	if (skb_header_cloned(skb))
		return pskb_expand_head(skb, 0, 0, pri);
	return 0;
}

static inline int __skb_cow(struct sk_buff *skb, unsigned int headroom,
			    int cloned)
{
	int delta = 0;

	if (headroom > skb_headroom(skb))
		delta = headroom - skb_headroom(skb);
	if (delta || cloned)
		return pskb_expand_head(skb, ALIGN(delta, NET_SKB_PAD), 0,
					GFP_ATOMIC);
	return 0;
}

static inline int skb_cow(struct sk_buff *skb, unsigned int headroom)
{
	return __skb_cow(skb, headroom, skb_cloned(skb));
}

static inline int skb_cow_head(struct sk_buff *skb, unsigned int headroom)
{
	return __skb_cow(skb, headroom, skb_header_cloned(skb));
}

int skb_cow_data(struct sk_buff *skb, int tailbits, struct sk_buff **trailer);

/* ---- more queue operations ---------------------------------------------- */

static inline struct sk_buff *__skb_peek(const struct sk_buff_head *list_)
{
	return list_->next;
}

static inline struct sk_buff *skb_queue_next(const struct sk_buff_head *list,
					     const struct sk_buff *skb)
{
	WARN_ON(skb_queue_is_last(list, skb));
	return skb->next;
}

static inline struct sk_buff *skb_queue_prev(const struct sk_buff_head *list,
					     const struct sk_buff *skb)
{
	WARN_ON(skb_queue_is_first(list, skb));
	return skb->prev;
}

static inline void skb_queue_head_init_class(struct sk_buff_head *list,
					     struct lock_class_key *class)
{
	skb_queue_head_init(list);
}

static inline void skb_queue_splice(const struct sk_buff_head *list,
				    struct sk_buff_head *head)
{
	if (!skb_queue_empty(list)) {
		__skb_queue_splice(list, (struct sk_buff *)head, head->next);
		head->qlen += list->qlen;
	}
}

static inline void skb_queue_splice_tail(const struct sk_buff_head *list,
					 struct sk_buff_head *head)
{
	if (!skb_queue_empty(list)) {
		__skb_queue_splice(list, head->prev, (struct sk_buff *)head);
		head->qlen += list->qlen;
	}
}

void skb_append(struct sk_buff *old, struct sk_buff *newsk,
		struct sk_buff_head *list);

#define skb_queue_walk_from(queue, skb)					\
		for (; skb != (struct sk_buff *)(queue);		\
		     skb = skb->next)

#define skb_queue_walk_from_safe(queue, skb, tmp)			\
		for (tmp = skb->next;					\
		     skb != (struct sk_buff *)(queue);			\
		     skb = tmp, tmp = skb->next)

#define skb_queue_reverse_walk_safe(queue, skb, tmp)			\
		for (skb = (queue)->prev, tmp = skb->prev;		\
		     skb != (struct sk_buff *)(queue);			\
		     skb = tmp, tmp = skb->prev)

#define skb_queue_reverse_walk_from_safe(queue, skb, tmp)		\
		for (tmp = skb->prev;					\
		     skb != (struct sk_buff *)(queue);			\
		     skb = tmp, tmp = skb->prev)

#define skb_rbtree_walk_from(skb)					\
		for (; skb != NULL; skb = skb_rb_next(skb))

#define skb_rbtree_walk_from_safe(skb, tmp)				\
		for (; tmp = skb ? skb_rb_next(skb) : NULL, (skb != NULL); \
		     skb = tmp)

static inline bool skb_has_frag_list(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->frag_list != NULL;
}

static inline void skb_frag_list_init(struct sk_buff *skb)
{
	skb_shinfo(skb)->frag_list = NULL;
}

#define skb_walk_frags(skb, iter)	\
	for (iter = skb_shinfo(skb)->frag_list; iter; iter = iter->next)

/* ---- adding and removing data ------------------------------------------- */

static inline void *__skb_put_zero(struct sk_buff *skb, unsigned int len)
{
	void *tmp = __skb_put(skb, len);

	memset(tmp, 0, len);
	return tmp;
}

static inline void *__skb_put_data(struct sk_buff *skb, const void *data,
				   unsigned int len)
{
	void *tmp = __skb_put(skb, len);

	memcpy(tmp, data, len);
	return tmp;
}

static inline void __skb_put_u8(struct sk_buff *skb, u8 val)
{
	*(u8 *)__skb_put(skb, 1) = val;
}

static inline void skb_put_u8(struct sk_buff *skb, u8 val)
{
	*(u8 *)skb_put(skb, 1) = val;
}

void *pskb_put(struct sk_buff *skb, struct sk_buff *tail, int len);

static inline void *skb_pull_inline(struct sk_buff *skb, unsigned int len)
{
	return unlikely(len > skb->len) ? NULL : __skb_pull(skb, len);
}

void *skb_pull_data(struct sk_buff *skb, size_t len);
void *__pskb_pull_tail(struct sk_buff *skb, int delta);

static inline enum skb_drop_reason
pskb_may_pull_reason(struct sk_buff *skb, unsigned int len)
{
	if (likely(len <= skb_headlen(skb)))
		return SKB_NOT_DROPPED_YET;
	if (unlikely(len > skb->len))
		return SKB_DROP_REASON_PKT_TOO_SMALL;
	if (unlikely(!__pskb_pull_tail(skb, len - skb_headlen(skb))))
		return SKB_DROP_REASON_NOMEM;
	return SKB_NOT_DROPPED_YET;
}

static inline void *__pskb_pull(struct sk_buff *skb, unsigned int len)
{
	if (len > skb_headlen(skb) &&
	    !__pskb_pull_tail(skb, len - skb_headlen(skb)))
		return NULL;
	skb->len -= len;
	return skb->data += len;
}

static inline void *pskb_pull(struct sk_buff *skb, unsigned int len)
{
	return unlikely(len > skb->len) ? NULL : __pskb_pull(skb, len);
}

int ___pskb_trim(struct sk_buff *skb, unsigned int len);

static inline int __pskb_trim(struct sk_buff *skb, unsigned int len)
{
	if (skb->data_len)
		return ___pskb_trim(skb, len);
	__skb_trim(skb, len);
	return 0;
}

static inline int pskb_trim(struct sk_buff *skb, unsigned int len)
{
	return (len < skb->len) ? __pskb_trim(skb, len) : 0;
}

static inline void pskb_trim_unique(struct sk_buff *skb, unsigned int len)
{
	int err = pskb_trim(skb, len);

	BUG_ON(err);
}

static inline void __skb_set_length(struct sk_buff *skb, unsigned int len)
{
	if (WARN_ON(skb_is_nonlinear(skb)))
		return;
	skb->len = len;
	skb_set_tail_pointer(skb, len);
}

static inline int __skb_grow(struct sk_buff *skb, unsigned int len)
{
	unsigned int diff = len - skb->len;

	if (skb_tailroom(skb) < diff) {
		int ret = pskb_expand_head(skb, 0, diff - skb_tailroom(skb),
					   GFP_ATOMIC);
		if (ret)
			return ret;
	}
	__skb_set_length(skb, len);
	return 0;
}

static inline int skb_availroom(const struct sk_buff *skb)
{
	if (skb_is_nonlinear(skb))
		return 0;
	return skb->end - skb->tail - skb->reserved_tailroom;
}

static inline void skb_tailroom_reserve(struct sk_buff *skb, unsigned int mtu,
					unsigned int needed_tailroom)
{
	SKB_LINEAR_ASSERT(skb);
	if (mtu < skb_tailroom(skb) - needed_tailroom)
		skb->reserved_tailroom = skb_tailroom(skb) - mtu;
	else
		skb->reserved_tailroom = needed_tailroom;
}

static inline void skb_set_end_offset(struct sk_buff *skb, unsigned int offset)
{
	skb->end = offset;
}

static inline void skb_len_add(struct sk_buff *skb, int delta)
{
	skb->len += delta;
	skb->data_len += delta;
	skb->truesize += delta;
}

static inline void skb_assert_len(struct sk_buff *skb)
{
	/* CONFIG_DEBUG_NET is off in the series' configs: nothing */
}

int __skb_pad(struct sk_buff *skb, int pad, bool free_on_error);

static inline int skb_pad(struct sk_buff *skb, int pad)
{
	return __skb_pad(skb, pad, true);
}

static inline int skb_padto(struct sk_buff *skb, unsigned int len)
{
	unsigned int size = skb->len;

	if (likely(size >= len))
		return 0;
	return skb_pad(skb, len - size);
}

static inline int __must_check __skb_put_padto(struct sk_buff *skb,
					       unsigned int len,
					       bool free_on_error)
{
	unsigned int size = skb->len;

	if (unlikely(size < len)) {
		len -= size;
		if (__skb_pad(skb, len, free_on_error))
			return -ENOMEM;
		__skb_put(skb, len);
	}
	return 0;
}

static inline int __must_check skb_put_padto(struct sk_buff *skb,
					     unsigned int len)
{
	return __skb_put_padto(skb, len, true);
}

static inline int __skb_linearize(struct sk_buff *skb)
{
	return __pskb_pull_tail(skb, skb->data_len) ? 0 : -ENOMEM;
}

static inline int skb_linearize_cow(struct sk_buff *skb)
{
	return skb_is_nonlinear(skb) || skb_cloned(skb) ?
	       __skb_linearize(skb) : 0;
}

static inline bool skb_needs_linearize(struct sk_buff *skb,
				       netdev_features_t features)
{
	return skb_is_nonlinear(skb) &&
	       ((skb_has_frag_list(skb) && !(features & NETIF_F_FRAGLIST)) ||
		(skb_shinfo(skb)->nr_frags && !(features & NETIF_F_SG)));
}

/* ---- copying bytes ------------------------------------------------------ */

int skb_copy_bits(const struct sk_buff *skb, int offset, void *to, int len);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct iov_iter;
/* all bytes copied from the iterator and summed into *csum, or none (false) */
bool csum_and_copy_from_iter_full(void *addr, size_t bytes, __wsum *csum, struct iov_iter *i)
	__must_check;
#endif
int skb_store_bits(struct sk_buff *skb, int offset, const void *from, int len);

static inline void skb_copy_from_linear_data(const struct sk_buff *skb,
					     void *to, const unsigned int len)
{
	memcpy(to, skb->data, len);
}

static inline void skb_copy_from_linear_data_offset(const struct sk_buff *skb,
						    const int offset, void *to,
						    const unsigned int len)
{
	memcpy(to, skb->data + offset, len);
}

static inline void skb_copy_to_linear_data(struct sk_buff *skb,
					   const void *from,
					   const unsigned int len)
{
	memcpy(skb->data, from, len);
}

static inline void skb_copy_to_linear_data_offset(struct sk_buff *skb,
						  const int offset,
						  const void *from,
						  const unsigned int len)
{
	memcpy(skb->data + offset, from, len);
}

static inline void * __must_check
__skb_header_pointer(const struct sk_buff *skb, int offset, int len,
		     const void *data, int hlen, void *buffer)
{
	if (likely(hlen - offset >= len))
		return (void *)data + offset;
	if (!skb || unlikely(skb_copy_bits(skb, offset, buffer, len) < 0))
		return NULL;
	return buffer;
}

static inline void * __must_check
skb_header_pointer_careful(const struct sk_buff *skb, int offset, int len,
			   void *buffer)
{
	if (unlikely(offset < 0 && -offset > skb_headroom(skb)))
		return NULL;
	return skb_header_pointer(skb, offset, len, buffer);
}

/* ---- header offsets ----------------------------------------------------- */

static inline u32 skb_mac_header_len(const struct sk_buff *skb)
{
	return skb->network_header - skb->mac_header;
}

static inline void skb_unset_mac_header(struct sk_buff *skb)
{
	skb->mac_header = (typeof(skb->mac_header))~0U;
}

static inline void skb_pop_mac_header(struct sk_buff *skb)
{
	skb->mac_header = skb->network_header;
}

static inline void skb_reset_mac_len(struct sk_buff *skb)
{
	skb->mac_len = skb->network_header - skb->mac_header;
}

static inline void skb_mac_header_rebuild(struct sk_buff *skb)
{
	if (skb_mac_header_was_set(skb)) {
		const unsigned char *old_mac = skb_mac_header(skb);

		skb_set_mac_header(skb, -skb->mac_len);
		memmove(skb_mac_header(skb), old_mac, skb->mac_len);
	}
}

static inline bool skb_reset_transport_header_careful(struct sk_buff *skb)
{
	long offset = skb->data - skb->head;

	if (unlikely(offset != (typeof(skb->transport_header))offset))
		return false;
	if (unlikely(offset == (typeof(skb->transport_header))~0U))
		return false;
	skb->transport_header = offset;
	return true;
}

static inline unsigned char *skb_inner_mac_header(const struct sk_buff *skb)
{
	return skb->head + skb->inner_mac_header;
}

/* an encapsulated frame's Ethernet header */
static inline struct ethhdr *inner_eth_hdr(const struct sk_buff *skb)
{
	return (struct ethhdr *)skb_inner_mac_header(skb);
}

static inline unsigned char *skb_inner_network_header(const struct sk_buff *skb)
{
	return skb->head + skb->inner_network_header;
}

static inline void skb_reset_inner_transport_header(struct sk_buff *skb)
{
	skb->inner_transport_header = skb->data - skb->head;
}

static inline void skb_set_inner_transport_header(struct sk_buff *skb,
						  const int offset)
{
	skb_reset_inner_transport_header(skb);
	skb->inner_transport_header += offset;
}

static inline void skb_reset_inner_network_header(struct sk_buff *skb)
{
	skb->inner_network_header = skb->data - skb->head;
}

static inline void skb_set_inner_network_header(struct sk_buff *skb,
						const int offset)
{
	skb_reset_inner_network_header(skb);
	skb->inner_network_header += offset;
}

static inline bool skb_inner_network_header_was_set(const struct sk_buff *skb)
{
	return skb->inner_network_header > 0;
}

static inline void skb_reset_inner_mac_header(struct sk_buff *skb)
{
	skb->inner_mac_header = skb->data - skb->head;
}

static inline void skb_set_inner_mac_header(struct sk_buff *skb,
					    const int offset)
{
	skb_reset_inner_mac_header(skb);
	skb->inner_mac_header += offset;
}

static inline void skb_reset_inner_headers(struct sk_buff *skb)
{
	skb->inner_mac_header = skb->mac_header;
	skb->inner_network_header = skb->network_header;
	skb->inner_transport_header = skb->transport_header;
}

static inline u32 skb_inner_network_header_len(const struct sk_buff *skb)
{
	return skb->inner_transport_header - skb->inner_network_header;
}

static inline int skb_inner_network_offset(const struct sk_buff *skb)
{
	return skb_inner_network_header(skb) - skb->data;
}

static inline void skb_set_inner_protocol(struct sk_buff *skb, __be16 protocol)
{
	skb->inner_protocol = protocol;
	skb->inner_protocol_type = ENCAP_TYPE_ETHER;
}

static inline void skb_set_inner_ipproto(struct sk_buff *skb, __u8 ipproto)
{
	skb->inner_ipproto = ipproto;
	skb->inner_protocol_type = ENCAP_TYPE_IPPROTO;
}

static inline unsigned char *skb_checksum_start(const struct sk_buff *skb)
{
	return skb->head + skb->csum_start;
}

/* ---- GSO ---------------------------------------------------------------- */

struct skb_gso_cb {
	union {
		int	mac_offset;
		int	data_offset;
	};
	int	encap_level;
	__wsum	csum;
	__u16	csum_start;
};
#define SKB_GSO_CB_OFFSET	32
#define SKB_GSO_CB(skb) ((struct skb_gso_cb *)((skb)->cb + SKB_GSO_CB_OFFSET))

static inline int skb_tnl_header_len(const struct sk_buff *inner_skb)
{
	return (skb_mac_header(inner_skb) - inner_skb->head) -
		SKB_GSO_CB(inner_skb)->mac_offset;
}

static inline int gso_pskb_expand_head(struct sk_buff *skb, int extra)
{
	int new_headroom, headroom;
	int ret;

	headroom = skb_headroom(skb);
	ret = pskb_expand_head(skb, extra, 0, GFP_ATOMIC);
	if (ret)
		return ret;
	new_headroom = skb_headroom(skb);
	SKB_GSO_CB(skb)->mac_offset += (new_headroom - headroom);
	return 0;
}

static inline void gso_reset_checksum(struct sk_buff *skb, __wsum res)
{
	/* an outer checksum being offloaded: nothing to track */
	if (skb->remcsum_offload)
		return;
	SKB_GSO_CB(skb)->csum = res;
	SKB_GSO_CB(skb)->csum_start = skb_checksum_start(skb) - skb->head;
}

static inline __sum16 gso_make_checksum(struct sk_buff *skb, __wsum res)
{
	unsigned char *csum_start = skb_transport_header(skb);
	int plen = (skb->head + SKB_GSO_CB(skb)->csum_start) - csum_start;
	__wsum partial = SKB_GSO_CB(skb)->csum;

	SKB_GSO_CB(skb)->csum = res;
	SKB_GSO_CB(skb)->csum_start = csum_start - skb->head;
	return csum_fold(csum_partial(csum_start, plen, partial));
}

static inline bool skb_is_gso_tcp(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->gso_type & (SKB_GSO_TCPV4 | SKB_GSO_TCPV6);
}

static inline bool skb_is_gso_sctp(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->gso_type & SKB_GSO_SCTP;
}

static inline void skb_gso_reset(struct sk_buff *skb)
{
	skb_shinfo(skb)->gso_size = 0;
	skb_shinfo(skb)->gso_segs = 0;
	skb_shinfo(skb)->gso_type = 0;
}

static inline void skb_increase_gso_size(struct skb_shared_info *shinfo,
					 u16 increment)
{
	if (WARN_ON_ONCE(shinfo->gso_size == GSO_BY_FRAGS))
		return;
	shinfo->gso_size += increment;
}

static inline void skb_decrease_gso_size(struct skb_shared_info *shinfo,
					 u16 decrement)
{
	if (WARN_ON_ONCE(shinfo->gso_size == GSO_BY_FRAGS))
		return;
	shinfo->gso_size -= decrement;
}

/* ---- checksums ---------------------------------------------------------- */

struct skb_checksum_ops {
	__wsum (*update)(const void *mem, int len, __wsum wsum);
	__wsum (*combine)(__wsum csum, __wsum csum2, int offset, int len);
};

__wsum __skb_checksum(const struct sk_buff *skb, int offset, int len,
		      __wsum csum, const struct skb_checksum_ops *ops);
__wsum skb_checksum(const struct sk_buff *skb, int offset, int len, __wsum csum);
__wsum skb_copy_and_csum_bits(const struct sk_buff *skb, int offset, u8 *to,
			      int len);
void skb_copy_and_csum_dev(const struct sk_buff *skb, u8 *to);
__sum16 __skb_checksum_complete_head(struct sk_buff *skb, int len);
__sum16 __skb_checksum_complete(struct sk_buff *skb);
bool skb_partial_csum_set(struct sk_buff *skb, u16 start, u16 off);
int pskb_trim_rcsum_slow(struct sk_buff *skb, unsigned int len);
void *skb_pull_rcsum(struct sk_buff *skb, unsigned int len);

static inline int skb_checksum_start_offset(const struct sk_buff *skb)
{
	return skb->csum_start - skb_headroom(skb);
}

static inline void skb_checksum_none_assert(const struct sk_buff *skb)
{
	/* DEBUG_NET_WARN_ON_ONCE: compiled out without CONFIG_DEBUG_NET */
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a packet off a list: its next poisoned under CONFIG_DEBUG_NET, unset here */
static inline void skb_poison_list(struct sk_buff *skb)
{
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a dst held by reference before a new one is set: a CONFIG_DEBUG_NET warning */
static inline void skb_dst_check_unset(struct sk_buff *skb)
{
}

/* CONFIG_FAIL_SKB_REALLOC's fault injection point: not configured */
static inline void skb_might_realloc(struct sk_buff *skb)
{
}
#endif

static inline bool skb_csum_is_sctp(struct sk_buff *skb)
{
	return skb->csum_not_inet;
}

static inline int skb_csum_unnecessary(const struct sk_buff *skb)
{
	return ((skb->ip_summed == CHECKSUM_UNNECESSARY) ||
		skb->csum_valid ||
		(skb->ip_summed == CHECKSUM_PARTIAL &&
		 skb_checksum_start_offset(skb) >= 0));
}

static inline __sum16 skb_checksum_complete(struct sk_buff *skb)
{
	return skb_csum_unnecessary(skb) ? 0 : __skb_checksum_complete(skb);
}

static inline void __skb_decr_checksum_unnecessary(struct sk_buff *skb)
{
	if (skb->ip_summed == CHECKSUM_UNNECESSARY) {
		if (skb->csum_level == 0)
			skb->ip_summed = CHECKSUM_NONE;
		else
			skb->csum_level--;
	}
}

static inline void __skb_incr_checksum_unnecessary(struct sk_buff *skb)
{
	if (skb->ip_summed == CHECKSUM_UNNECESSARY) {
		if (skb->csum_level < SKB_MAX_CSUM_LEVEL)
			skb->csum_level++;
	} else if (skb->ip_summed == CHECKSUM_NONE) {
		skb->ip_summed = CHECKSUM_UNNECESSARY;
		skb->csum_level = 0;
	}
}

static inline void __skb_reset_checksum_unnecessary(struct sk_buff *skb)
{
	if (skb->ip_summed == CHECKSUM_UNNECESSARY) {
		skb->ip_summed = CHECKSUM_NONE;
		skb->csum_level = 0;
	}
}

static inline void skb_checksum_complete_unset(struct sk_buff *skb)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->ip_summed = CHECKSUM_NONE;
}

static inline void skb_forward_csum(struct sk_buff *skb)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->ip_summed = CHECKSUM_NONE;
}

static inline void __skb_postpull_rcsum(struct sk_buff *skb, const void *start,
					unsigned int len, unsigned int off)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->csum = csum_block_sub(skb->csum,
					   csum_partial(start, len, 0), off);
	else if (skb->ip_summed == CHECKSUM_PARTIAL &&
		 skb_checksum_start_offset(skb) < 0)
		skb->ip_summed = CHECKSUM_NONE;
}

static inline void skb_postpull_rcsum(struct sk_buff *skb, const void *start,
				      unsigned int len)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->csum = wsum_negate(csum_partial(start, len,
						     wsum_negate(skb->csum)));
	else if (skb->ip_summed == CHECKSUM_PARTIAL &&
		 skb_checksum_start_offset(skb) < 0)
		skb->ip_summed = CHECKSUM_NONE;
}

static inline void __skb_postpush_rcsum(struct sk_buff *skb, const void *start,
					unsigned int len, unsigned int off)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->csum = csum_block_add(skb->csum,
					   csum_partial(start, len, 0), off);
}

static inline void skb_postpush_rcsum(struct sk_buff *skb, const void *start,
				      unsigned int len)
{
	__skb_postpush_rcsum(skb, start, len, 0);
}

static inline void *skb_push_rcsum(struct sk_buff *skb, unsigned int len)
{
	skb_push(skb, len);
	skb_postpush_rcsum(skb, skb->data, len);
	return skb->data;
}

static inline int pskb_trim_rcsum(struct sk_buff *skb, unsigned int len)
{
	if (likely(len >= skb->len))
		return 0;
	return pskb_trim_rcsum_slow(skb, len);
}

static inline int __skb_trim_rcsum(struct sk_buff *skb, unsigned int len)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->ip_summed = CHECKSUM_NONE;
	__skb_trim(skb, len);
	return 0;
}

static inline int __skb_grow_rcsum(struct sk_buff *skb, unsigned int len)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE)
		skb->ip_summed = CHECKSUM_NONE;
	return __skb_grow(skb, len);
}

static inline __wsum lco_csum(struct sk_buff *skb)
{
	unsigned char *csum_start = skb_checksum_start(skb);
	unsigned char *l4_hdr = skb_transport_header(skb);
	__wsum partial;

	partial = ~csum_unfold(*(__force __sum16 *)(csum_start +
						    skb->csum_offset));
	return csum_partial(l4_hdr, csum_start - l4_hdr, partial);
}

static inline void skb_remcsum_adjust_partial(struct sk_buff *skb, void *ptr,
					      u16 start, u16 offset)
{
	skb->ip_summed = CHECKSUM_PARTIAL;
	skb->csum_start = ((unsigned char *)ptr + start) - skb->head;
	skb->csum_offset = offset - start;
}

static inline void skb_remcsum_process(struct sk_buff *skb, void *ptr,
				       int start, int offset, bool nopartial)
{
	__wsum delta;

	if (!nopartial) {
		skb_remcsum_adjust_partial(skb, ptr, start, offset);
		return;
	}
	if (unlikely(skb->ip_summed != CHECKSUM_COMPLETE)) {
		__skb_checksum_complete(skb);
		skb_postpull_rcsum(skb, skb->data, (u8 *)ptr - skb->data);
	}
	delta = remcsum_adjust(ptr, skb->csum, start, offset);
	skb->csum = csum_add(skb->csum, delta);
}

/* ---- timestamps --------------------------------------------------------- */

static inline struct skb_shared_hwtstamps *skb_hwtstamps(struct sk_buff *skb)
{
	return &skb_shinfo(skb)->hwtstamps;
}

/*
 * netstamp_needed_key is on while a socket asks for receive timestamps;
 * the shim has no sockets, so it is off.
 */
#define __qdk_netstamp_needed()	false

/*
 * The clock skb->tstamp is on, the one thing the series keep differently:
 * 6.1's mono_delivery_time bit (1: a monotonic delivery time), 6.12's
 * tstamp_type (enum skb_tstamp_type). 0 is realtime in both, 1 monotonic;
 * each helper below is written once over these.
 */
#define __QDK_SKB_CLOCK_MONO	1
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __qdk_skb_tstamp_clock(skb)		((skb)->tstamp_type)
#define __qdk_skb_set_tstamp_clock(skb, c)	((skb)->tstamp_type = (c))
#else
#define __qdk_skb_tstamp_clock(skb)		((skb)->mono_delivery_time)
#define __qdk_skb_set_tstamp_clock(skb, c)	((skb)->mono_delivery_time = (c))
#endif

/* a receive timestamp: realtime, now */
static inline void __net_timestamp(struct sk_buff *skb)
{
	skb->tstamp = ktime_get_real();
	__qdk_skb_set_tstamp_clock(skb, 0);
}

/* a delivery time on the given clock (6.1: mono or not); none: realtime */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void skb_set_delivery_time(struct sk_buff *skb, ktime_t kt, u8 tstamp_type)
#else
static inline void skb_set_delivery_time(struct sk_buff *skb, ktime_t kt, bool tstamp_type)
#endif
{
	skb->tstamp = kt;
	__qdk_skb_set_tstamp_clock(skb, kt ? tstamp_type : 0);
}

/* a delivery time gives way to a receive timestamp (when one is wanted) */
static inline void skb_clear_delivery_time(struct sk_buff *skb)
{
	if (__qdk_skb_tstamp_clock(skb)) {
		__qdk_skb_set_tstamp_clock(skb, 0);
		skb->tstamp = __qdk_netstamp_needed() ? ktime_get_real() : 0;
	}
}

/* a receive timestamp is cleared, a delivery time kept */
static inline void skb_clear_tstamp(struct sk_buff *skb)
{
	if (__qdk_skb_tstamp_clock(skb))
		return;
	skb->tstamp = 0;
}

/* the receive timestamp, 0 when tstamp holds a delivery time */
static inline ktime_t skb_tstamp(const struct sk_buff *skb)
{
	if (__qdk_skb_tstamp_clock(skb))
		return 0;
	return skb->tstamp;
}

static inline ktime_t skb_tstamp_cond(const struct sk_buff *skb, bool cond)
{
	if (__qdk_skb_tstamp_clock(skb) != __QDK_SKB_CLOCK_MONO && skb->tstamp)
		return skb->tstamp;
	if (__qdk_netstamp_needed() || cond)
		return ktime_get_real();
	return 0;
}

static inline ktime_t net_timedelta(ktime_t t)
{
	return ktime_sub(ktime_get_real(), t);
}

static inline void skb_get_timestamp(const struct sk_buff *skb,
				     struct __kernel_old_timeval *stamp)
{
	struct timespec64 ts = ns_to_timespec64(skb->tstamp);

	stamp->tv_sec = ts.tv_sec;
	stamp->tv_usec = ts.tv_nsec / NSEC_PER_USEC;
}

static inline void skb_get_new_timestamp(const struct sk_buff *skb,
					 struct __kernel_sock_timeval *stamp)
{
	struct timespec64 ts = ns_to_timespec64(skb->tstamp);

	stamp->tv_sec = ts.tv_sec;
	stamp->tv_usec = ts.tv_nsec / 1000;
}

static inline void skb_get_timestampns(const struct sk_buff *skb,
				       struct __kernel_old_timespec *stamp)
{
	struct timespec64 ts = ns_to_timespec64(skb->tstamp);

	stamp->tv_sec = ts.tv_sec;
	stamp->tv_nsec = ts.tv_nsec;
}

static inline void skb_get_new_timestampns(const struct sk_buff *skb,
					   struct __kernel_timespec *stamp)
{
	struct timespec64 ts = ns_to_timespec64(skb->tstamp);

	stamp->tv_sec = ts.tv_sec;
	stamp->tv_nsec = ts.tv_nsec;
}

/*
 * Transmit timestamps go to the sending socket's error queue; the shim's
 * packets have no socket, so there is nobody to report to (as in the
 * kernel for an skb without sk) and no PHY to timestamp.
 */
void skb_clone_tx_timestamp(struct sk_buff *skb);
void skb_tstamp_tx(struct sk_buff *orig_skb,
		   struct skb_shared_hwtstamps *hwtstamps);

static inline void skb_tx_timestamp(struct sk_buff *skb)
{
	skb_clone_tx_timestamp(skb);
	if (skb_shinfo(skb)->tx_flags & SKBTX_SW_TSTAMP)
		skb_tstamp_tx(skb, NULL);
}

/* ---- hashes ------------------------------------------------------------- */

void __skb_get_hash_net(const struct net *net, struct sk_buff *skb);

static inline __u32 skb_get_hash_net(const struct net *net, struct sk_buff *skb)
{
	if (!skb->l4_hash && !skb->sw_hash)
		__skb_get_hash_net(net, skb);
	return skb->hash;
}

static inline void __skb_set_sw_hash(struct sk_buff *skb, __u32 hash, bool is_l4)
{
	__skb_set_hash(skb, hash, true, is_l4);
}

static inline void skb_clear_hash_if_not_l4(struct sk_buff *skb)
{
	if (!skb->l4_hash)
		skb_clear_hash(skb);
}

static inline void skb_copy_hash(struct sk_buff *to, const struct sk_buff *from)
{
	to->hash = from->hash;
	to->sw_hash = from->sw_hash;
	to->l4_hash = from->l4_hash;
}

/* ---- queues of a device, redirects, misc state -------------------------- */

static inline void skb_record_rx_queue(struct sk_buff *skb, u16 rx_queue)
{
	skb->queue_mapping = rx_queue + 1;
}

static inline u16 skb_get_rx_queue(const struct sk_buff *skb)
{
	return skb->queue_mapping - 1;
}

static inline bool skb_rx_queue_recorded(const struct sk_buff *skb)
{
	return skb->queue_mapping != 0;
}

static inline bool skb_is_redirected(const struct sk_buff *skb)
{
	return skb->redirected;
}

static inline void skb_set_redirected(struct sk_buff *skb, bool from_ingress)
{
	skb->redirected = 1;
	skb->from_ingress = from_ingress;
	if (skb->from_ingress)
		skb_clear_tstamp(skb);
}

static inline void skb_reset_redirect(struct sk_buff *skb)
{
	skb->redirected = 0;
}

static inline bool skb_pfmemalloc(const struct sk_buff *skb)
{
	return unlikely(skb->pfmemalloc);
}

static inline bool skb_pkt_type_ok(u32 ptype)
{
	return ptype <= PACKET_OTHERHOST;
}

static inline unsigned int skb_napi_id(const struct sk_buff *skb)
{
	return skb->napi_id;
}

static inline void skb_init_secmark(struct sk_buff *skb)
{
	skb->secmark = 0;
}

static inline void skb_copy_secmark(struct sk_buff *to,
				    const struct sk_buff *from)
{
	to->secmark = from->secmark;
}

static inline void ipvs_reset(struct sk_buff *skb)
{
	skb->ipvs_property = 0;
}

static inline void nf_reset_trace(struct sk_buff *skb)
{
	skb->nf_trace = 0;
}

/* conntrack: the shim tracks no connection, _nfct is only carried */
struct nf_conntrack;

#define NFCT_PTRMASK	~(7UL)

static inline struct nf_conntrack *skb_nfct(const struct sk_buff *skb)
{
	return (void *)(skb->_nfct & NFCT_PTRMASK);
}

static inline unsigned long skb_get_nfct(const struct sk_buff *skb)
{
	return skb->_nfct;
}

static inline void skb_set_nfct(struct sk_buff *skb, unsigned long nfct)
{
	skb->slow_gro |= !!nfct;
	skb->_nfct = nfct;
}

/* routes: the shim routes nothing, _skb_refdst is only carried */
struct dst_entry;
struct rtable;

static inline struct dst_entry *skb_dst(const struct sk_buff *skb)
{
	return (struct dst_entry *)(skb->_skb_refdst & SKB_DST_PTRMASK);
}

static inline void skb_dst_set(struct sk_buff *skb, struct dst_entry *dst)
{
	skb->slow_gro |= !!dst;
	skb->_skb_refdst = (unsigned long)dst;
}

static inline void skb_dst_set_noref(struct sk_buff *skb, struct dst_entry *dst)
{
	skb->slow_gro |= !!dst;
	skb->_skb_refdst = (unsigned long)dst | SKB_DST_NOREF;
}

static inline bool skb_dst_is_noref(const struct sk_buff *skb)
{
	return (skb->_skb_refdst & SKB_DST_NOREF) && skb_dst(skb);
}

static inline struct rtable *skb_rtable(const struct sk_buff *skb)
{
	return (struct rtable *)skb_dst(skb);
}

static inline void skb_set_dst_pending_confirm(struct sk_buff *skb, u32 val)
{
	skb->dst_pending_confirm = val;
}

static inline bool skb_get_dst_pending_confirm(const struct sk_buff *skb)
{
	return skb->dst_pending_confirm != 0;
}

/* XDP metadata in front of the packet */
static inline u8 skb_metadata_len(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->meta_len;
}

static inline void *skb_metadata_end(const struct sk_buff *skb)
{
	return skb_mac_header(skb);
}

static inline void skb_metadata_set(struct sk_buff *skb, u8 meta_len)
{
	skb_shinfo(skb)->meta_len = meta_len;
}

static inline void skb_metadata_clear(struct sk_buff *skb)
{
	skb_metadata_set(skb, 0);
}

static inline bool __skb_metadata_differs(const struct sk_buff *skb_a,
					  const struct sk_buff *skb_b,
					  u8 meta_len)
{
	const void *a = skb_metadata_end(skb_a);
	const void *b = skb_metadata_end(skb_b);

	return memcmp((const u8 *)a - meta_len, (const u8 *)b - meta_len,
		      meta_len) != 0;
}

static inline bool skb_metadata_differs(const struct sk_buff *skb_a,
					const struct sk_buff *skb_b)
{
	u8 len_a = skb_metadata_len(skb_a);
	u8 len_b = skb_metadata_len(skb_b);

	if (!(len_a | len_b))
		return false;
	return len_a != len_b ?
	       true : __skb_metadata_differs(skb_a, skb_b, len_a);
}

/*
 * Zerocopy bookkeeping: the buffer-completion object a sender hangs on a
 * packet (shinfo's destructor_arg) and its reference. The shim's packets
 * carry no user pages, but the object's lifetime is modelled: a copy or
 * clone holds its own reference, and freeing a packet completes it.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct ubuf_info_ops {
	void (*complete)(struct sk_buff *, struct ubuf_info *, bool zerocopy_success);
	int (*link_skb)(struct sk_buff *skb, struct ubuf_info *uarg);
};

struct ubuf_info {
	const struct ubuf_info_ops *ops;
	refcount_t refcnt;
	u8 flags;
};
#else
struct ubuf_info {
	void (*callback)(struct sk_buff *, struct ubuf_info *, bool zerocopy_success);
	refcount_t refcnt;
	u8 flags;
};
#endif

struct ubuf_info_msgzc {
	struct ubuf_info ubuf;
	union {
		struct {
			unsigned long desc;
			void *ctx;
		};
		struct {
			u32 id;
			u16 len;
			u16 zerocopy:1;
			u32 bytelen;
		};
	};
	struct mmpin {
		struct user_struct *user;
		unsigned int num_pg;
	} mmp;
};

#define uarg_to_msgzc(ubuf_ptr)	container_of((ubuf_ptr), struct ubuf_info_msgzc, ubuf)

#define skb_uarg(SKB)	((struct ubuf_info *)(skb_shinfo(SKB)->destructor_arg))

static inline struct ubuf_info *skb_zcopy(struct sk_buff *skb)
{
	bool is_zcopy = skb && skb_shinfo(skb)->flags & SKBFL_ZEROCOPY_ENABLE;

	return is_zcopy ? skb_uarg(skb) : NULL;
}

static inline bool skb_zcopy_pure(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->flags & SKBFL_PURE_ZEROCOPY;
}

static inline bool skb_zcopy_managed(const struct sk_buff *skb)
{
	return skb_shinfo(skb)->flags & SKBFL_MANAGED_FRAG_REFS;
}

static inline bool skb_pure_zcopy_same(const struct sk_buff *skb1,
				       const struct sk_buff *skb2)
{
	return skb_zcopy_pure(skb1) == skb_zcopy_pure(skb2);
}

static inline bool skb_has_shared_frag(const struct sk_buff *skb)
{
	return skb_is_nonlinear(skb) &&
	       skb_shinfo(skb)->flags & SKBFL_SHARED_FRAG;
}

int skb_copy_ubufs(struct sk_buff *skb, gfp_t gfp_mask);

static inline void net_zcopy_get(struct ubuf_info *uarg)
{
	refcount_inc(&uarg->refcnt);
}

static inline void skb_zcopy_init(struct sk_buff *skb, struct ubuf_info *uarg)
{
	skb_shinfo(skb)->destructor_arg = uarg;
	skb_shinfo(skb)->flags |= uarg->flags;
}

/* hang uarg on skb unless it has one; *have_ref: the caller's reference moves */
static inline void skb_zcopy_set(struct sk_buff *skb, struct ubuf_info *uarg, bool *have_ref)
{
	if (skb && uarg && !skb_zcopy(skb)) {
		if (unlikely(have_ref && *have_ref))
			*have_ref = false;
		else
			net_zcopy_get(uarg);
		skb_zcopy_init(skb, uarg);
	}
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __qdk_uarg_complete(skb, uarg, ok)	((uarg)->ops->complete(skb, uarg, ok))
#else
#define __qdk_uarg_complete(skb, uarg, ok)	((uarg)->callback(skb, uarg, ok))

/* 6.1: a zerocopy mark without an object (bit 0 of destructor_arg set) */
static inline void skb_zcopy_set_nouarg(struct sk_buff *skb, void *val)
{
	skb_shinfo(skb)->destructor_arg = (void *)((uintptr_t)val | 0x1UL);
	skb_shinfo(skb)->flags |= SKBFL_ZEROCOPY_FRAG;
}

static inline bool skb_zcopy_is_nouarg(struct sk_buff *skb)
{
	return (uintptr_t)skb_shinfo(skb)->destructor_arg & 0x1UL;
}

static inline void *skb_zcopy_get_nouarg(struct sk_buff *skb)
{
	return (void *)((uintptr_t)skb_shinfo(skb)->destructor_arg & ~0x1UL);
}
#endif

static inline void net_zcopy_put(struct ubuf_info *uarg)
{
	if (uarg)
		__qdk_uarg_complete(NULL, uarg, true);
}

/* the packet's reference goes: the object's completion runs */
static inline void skb_zcopy_clear(struct sk_buff *skb, bool zerocopy_success)
{
	struct ubuf_info *uarg = skb_zcopy(skb);

	if (uarg) {
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
		if (!skb_zcopy_is_nouarg(skb))
#endif
			__qdk_uarg_complete(skb, uarg, zerocopy_success);
		skb_shinfo(skb)->flags &= ~SKBFL_ALL_ZEROCOPY;
	}
}

void __skb_zcopy_downgrade_managed(struct sk_buff *skb);

static inline void skb_zcopy_downgrade_managed(struct sk_buff *skb)
{
	if (unlikely(skb_zcopy_managed(skb)))
		__skb_zcopy_downgrade_managed(skb);
}

static inline int skb_orphan_frags(struct sk_buff *skb, gfp_t gfp_mask)
{
	if (likely(!skb_zcopy(skb)))
		return 0;
	if (skb_shinfo(skb)->flags & SKBFL_DONT_ORPHAN)
		return 0;
	return skb_copy_ubufs(skb, gfp_mask);
}

static inline int skb_orphan_frags_rx(struct sk_buff *skb, gfp_t gfp_mask)
{
	if (likely(!skb_zcopy(skb)))
		return 0;
	return skb_copy_ubufs(skb, gfp_mask);
}

/* ---- packets made by a driver or NAPI ----------------------------------- */

struct sk_buff *__netdev_alloc_skb_noprof(struct net_device *dev,
					  unsigned int length, gfp_t gfp_mask);
struct sk_buff *__napi_alloc_skb_noprof(struct napi_struct *napi,
					unsigned int length, gfp_t gfp_mask);
#define __netdev_alloc_skb(...)	alloc_hooks(__netdev_alloc_skb_noprof(__VA_ARGS__))
#define __napi_alloc_skb(...)	alloc_hooks(__napi_alloc_skb_noprof(__VA_ARGS__))
#define netdev_alloc_skb(dev, length)	__netdev_alloc_skb(dev, length, GFP_ATOMIC)
#define __dev_alloc_skb(length, gfp)	__netdev_alloc_skb(NULL, length, gfp)
#define dev_alloc_skb(length)		netdev_alloc_skb(NULL, length)
#define napi_alloc_skb(napi, length)	__napi_alloc_skb(napi, length, GFP_ATOMIC)

static inline struct sk_buff *__netdev_alloc_skb_ip_align_noprof(struct net_device *dev,
								  unsigned int length,
								  gfp_t gfp)
{
	struct sk_buff *skb = __netdev_alloc_skb_noprof(dev, length + NET_IP_ALIGN, gfp);

	if (NET_IP_ALIGN && skb)
		skb_reserve(skb, NET_IP_ALIGN);
	return skb;
}
#define __netdev_alloc_skb_ip_align(...) \
	alloc_hooks(__netdev_alloc_skb_ip_align_noprof(__VA_ARGS__))
#define netdev_alloc_skb_ip_align(dev, length) \
	__netdev_alloc_skb_ip_align(dev, length, GFP_ATOMIC)

void napi_consume_skb(struct sk_buff *skb, int budget);
void skb_tx_error(struct sk_buff *skb);
void skb_split(struct sk_buff *skb, struct sk_buff *skb1, const u32 len);
void skb_scrub_packet(struct sk_buff *skb, bool xnet);
void skb_dump(const char *level, const struct sk_buff *skb, bool full_pkt);
unsigned int skb_zerocopy_headlen(const struct sk_buff *from);
int skb_zerocopy(struct sk_buff *to, struct sk_buff *from, int len, int hlen);

/* ---- paged fragments (pages of the shim's allocator; a trace's have none) -- */

static inline unsigned int skb_frag_size(const skb_frag_t *frag)
{
	return frag->bv_len;
}

static inline void skb_frag_size_set(skb_frag_t *frag, unsigned int size)
{
	frag->bv_len = size;
}

static inline void skb_frag_size_add(skb_frag_t *frag, int delta)
{
	frag->bv_len += delta;
}

static inline void skb_frag_size_sub(skb_frag_t *frag, int delta)
{
	frag->bv_len -= delta;
}

static inline unsigned int skb_frag_off(const skb_frag_t *frag)
{
	return frag->bv_offset;
}

static inline void skb_frag_off_add(skb_frag_t *frag, int delta)
{
	frag->bv_offset += delta;
}

static inline void skb_frag_off_set(skb_frag_t *frag, unsigned int offset)
{
	frag->bv_offset = offset;
}

static inline void skb_frag_off_copy(skb_frag_t *fragto,
				     const skb_frag_t *fragfrom)
{
	fragto->bv_offset = fragfrom->bv_offset;
}

static inline struct page *skb_frag_page(const skb_frag_t *frag)
{
	return frag->bv_page;
}

static inline void skb_frag_page_copy(skb_frag_t *fragto,
				      const skb_frag_t *fragfrom)
{
	fragto->bv_page = fragfrom->bv_page;
}

static inline void *skb_frag_address(const skb_frag_t *frag)
{
	return page_address(skb_frag_page(frag)) + skb_frag_off(frag);
}

static inline void *skb_frag_address_safe(const skb_frag_t *frag)
{
	void *ptr = page_address(skb_frag_page(frag));

	if (unlikely(!ptr))
		return NULL;
	return ptr + skb_frag_off(frag);
}

static inline bool skb_frag_must_loop(struct page *p)
{
	return false;	/* no highmem */
}

static inline unsigned int __skb_pagelen(const struct sk_buff *skb)
{
	unsigned int i, len = 0;

	for (i = skb_shinfo(skb)->nr_frags; i-- > 0; )
		len += skb_frag_size(&skb_shinfo(skb)->frags[i]);
	return len;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* one fragment: size bytes at off in page */
static inline void skb_frag_fill_page_desc(skb_frag_t *frag, struct page *page, int off,
					   int size)
{
	frag->bv_page = page;
	frag->bv_offset = off;
	skb_frag_size_set(frag, size);
}

/* no device memory (net_iov) in the shim: every fragment is a readable page */
static inline bool skb_frags_readable(const struct sk_buff *skb)
{
	return true;
}

/*
 * Whether skb held the last reference to its data (its clones' headers
 * count once, with the payload reference, when it is header-only).
 */
static inline bool skb_data_unref(const struct sk_buff *skb, struct skb_shared_info *shinfo)
{
	int bias;

	if (!skb->cloned)
		return true;
	bias = skb->nohdr ? (1 << SKB_DATAREF_SHIFT) + 1 : 1;
	if (atomic_read(&shinfo->dataref) == bias)
		return true;
	return !atomic_sub_return(bias, &shinfo->dataref);
}
#endif

/* header_len bytes of head and data_len bytes of pages (at most 2^order each) */
struct sk_buff *alloc_skb_with_frags(unsigned long header_len, unsigned long data_len,
				     int max_page_order, int *errcode, gfp_t gfp_mask);

/* fragment i is size bytes at off in page; no page reference is taken */
static inline void __skb_fill_page_desc_noacc(struct skb_shared_info *shinfo, int i,
					      struct page *page, int off, int size)
{
	skb_frag_t *frag = &shinfo->frags[i];

	frag->bv_page = page;
	frag->bv_offset = off;
	skb_frag_size_set(frag, size);
}

/* as above, and a page from the reserves marks the packet pfmemalloc */
static inline void __skb_fill_page_desc(struct sk_buff *skb, int i, struct page *page,
					int off, int size)
{
	__skb_fill_page_desc_noacc(skb_shinfo(skb), i, page, off, size);
	if (page_is_pfmemalloc(compound_head(page)))
		skb->pfmemalloc = true;
}

/* ... and i is the last fragment */
static inline void skb_fill_page_desc(struct sk_buff *skb, int i, struct page *page,
				      int off, int size)
{
	__skb_fill_page_desc(skb, i, page, off, size);
	skb_shinfo(skb)->nr_frags = i + 1;
}

static inline void skb_fill_page_desc_noacc(struct sk_buff *skb, int i, struct page *page,
					    int off, int size)
{
	__skb_fill_page_desc_noacc(skb_shinfo(skb), i, page, off, size);
	skb_shinfo(skb)->nr_frags = i + 1;
}

/*
 * A driver's receive buffer as fragment i: the packet grows by size bytes
 * of paged data and by truesize bytes of memory (the page reference the
 * caller held is the fragment's now). lib/skbuff.c: the shim's memory
 * count follows truesize.
 */
void skb_add_rx_frag(struct sk_buff *skb, int i, struct page *page, int off, int size,
		     unsigned int truesize);
void skb_coalesce_rx_frag(struct sk_buff *skb, int i, int size, unsigned int truesize);

/* whether bytes at off in page continue fragment i - 1 (never zerocopy ones) */
static inline bool skb_can_coalesce(struct sk_buff *skb, int i, const struct page *page,
				    int off)
{
	const skb_frag_t *frag;

	if (skb_zcopy(skb) || !i)
		return false;
	frag = &skb_shinfo(skb)->frags[i - 1];
	return page == skb_frag_page(frag) &&
	       off == skb_frag_off(frag) + skb_frag_size(frag);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* no page pool in the shim: the page is put */
static inline void skb_page_unref(const struct sk_buff *skb, struct page *page,
				  bool napi_safe)
{
	put_page(page);
}
#endif

/* copy bytes from an iterator to the tail, summing them when nothing else does */
static inline int skb_add_data(struct sk_buff *skb, struct iov_iter *from, int copy)
{
	const int off = skb->len;

	if (skb->ip_summed == CHECKSUM_NONE) {
		__wsum csum = 0;

		if (csum_and_copy_from_iter_full(skb_put(skb, copy), copy, &csum, from)) {
			skb->csum = csum_block_add(skb->csum, csum, off);
			return 0;
		}
	} else if (copy_from_iter_full(skb_put(skb, copy), copy, from)) {
		return 0;
	}
	__skb_trim(skb, off);
	return -EFAULT;
}

/* a message's bytes in and out (its iterator advances) */
static inline int memcpy_from_msg(void *data, struct msghdr *msg, int len)
{
	return copy_from_iter_full(data, len, &msg->msg_iter) ? 0 : -EFAULT;
}

static inline int memcpy_to_msg(struct msghdr *msg, void *data, int len)
{
	return copy_to_iter(data, len, &msg->msg_iter) == len ? 0 : -EFAULT;
}

/* a packet's bytes from offset to an iterator and back (net/core/datagram.c) */
int skb_copy_datagram_iter(const struct sk_buff *from, int offset, struct iov_iter *to,
			   int size);

static inline int skb_copy_datagram_msg(const struct sk_buff *from, int offset,
					struct msghdr *msg, int size)
{
	return skb_copy_datagram_iter(from, offset, &msg->msg_iter, size);
}

int skb_copy_datagram_from_iter(struct sk_buff *skb, int offset, struct iov_iter *from,
				int len);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int skb_copy_datagram_from_iter_full(struct sk_buff *skb, int offset,
				     struct iov_iter *from, int len);
#endif

/* to takes from's bytes when they fit; from is then freed by the caller */
void kfree_skb_partial(struct sk_buff *skb, bool head_stolen);
bool skb_try_coalesce(struct sk_buff *to, struct sk_buff *from, bool *fragstolen,
		      int *delta_truesize);

/* ---- checksum validation on receive ------------------------------------- */

static inline bool __skb_checksum_validate_needed(struct sk_buff *skb,
						  bool zero_okay, __sum16 check)
{
	if (skb_csum_unnecessary(skb) || (zero_okay && !check)) {
		skb->csum_valid = 1;
		__skb_decr_checksum_unnecessary(skb);
		return false;
	}
	return true;
}

/*
 * 0: valid, or left to skb_checksum_complete() with the pseudo header's
 * sum in csum (a packet of CHECKSUM_BREAK bytes or less is checked now);
 * else the folded sum of an invalid packet.
 */
static inline __sum16 __skb_checksum_validate_complete(struct sk_buff *skb,
						       bool complete,
						       __wsum psum)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE) {
		if (!csum_fold(csum_add(psum, skb->csum))) {
			skb->csum_valid = 1;
			return 0;
		}
	}
	skb->csum = psum;
	if (complete || skb->len <= CHECKSUM_BREAK) {
		__sum16 csum = __skb_checksum_complete(skb);

		skb->csum_valid = !csum;
		return csum;
	}
	return 0;
}

static inline __wsum null_compute_pseudo(struct sk_buff *skb, int proto)
{
	return 0;
}

/* a macro: the pseudo header is summed only when it is needed */
#define __skb_checksum_validate(skb, proto, complete,			\
				zero_okay, check, compute_pseudo)	\
({									\
	__sum16 __ret = 0;						\
	skb->csum_valid = 0;						\
	if (__skb_checksum_validate_needed(skb, zero_okay, check))	\
		__ret = __skb_checksum_validate_complete(skb,		\
				complete, compute_pseudo(skb, proto));	\
	__ret;								\
})

#define skb_checksum_init(skb, proto, compute_pseudo)			\
	__skb_checksum_validate(skb, proto, false, false, 0, compute_pseudo)

#define skb_checksum_init_zero_check(skb, proto, check, compute_pseudo)	\
	__skb_checksum_validate(skb, proto, false, true, check, compute_pseudo)

#define skb_checksum_validate(skb, proto, compute_pseudo)		\
	__skb_checksum_validate(skb, proto, true, false, 0, compute_pseudo)

#define skb_checksum_validate_zero_check(skb, proto, check,		\
					 compute_pseudo)		\
	__skb_checksum_validate(skb, proto, true, true, check, compute_pseudo)

#define skb_checksum_simple_validate(skb)				\
	__skb_checksum_validate(skb, 0, true, false, 0, null_compute_pseudo)

static inline bool __skb_checksum_convert_check(struct sk_buff *skb)
{
	return (skb->ip_summed == CHECKSUM_NONE && skb->csum_valid);
}

static inline void __skb_checksum_convert(struct sk_buff *skb, __wsum pseudo)
{
	skb->csum = ~pseudo;
	skb->ip_summed = CHECKSUM_COMPLETE;
}

#define skb_checksum_try_convert(skb, proto, compute_pseudo)	\
do {									\
	if (__skb_checksum_convert_check(skb))				\
		__skb_checksum_convert(skb, compute_pseudo(skb, proto)); \
} while (0)

/* ---- pages for a driver's receive buffers -------------------------------- */

static inline struct page *__dev_alloc_pages_noprof(gfp_t gfp_mask,
						    unsigned int order)
{
	/*
	 * compound, so a frag's page reference is the block's; allowed to
	 * dip into the reserves, as a receive buffer is
	 */
	gfp_mask |= __GFP_COMP | __GFP_MEMALLOC;
	return alloc_pages_node_noprof(NUMA_NO_NODE, gfp_mask, order);
}
#define __dev_alloc_pages(...)	alloc_hooks(__dev_alloc_pages_noprof(__VA_ARGS__))
#define dev_alloc_pages(_order)	__dev_alloc_pages(GFP_ATOMIC | __GFP_NOWARN, _order)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline struct page *__dev_alloc_page_noprof(gfp_t gfp_mask)
{
	return __dev_alloc_pages_noprof(gfp_mask, 0);
}
#define __dev_alloc_page(...)	alloc_hooks(__dev_alloc_page_noprof(__VA_ARGS__))
#else
#define __dev_alloc_page(gfp)	__dev_alloc_pages(gfp, 0)
#endif
#define dev_alloc_page()	dev_alloc_pages(0)

static inline bool dev_page_is_reusable(const struct page *page)
{
	/* one NUMA node: local whenever not from the reserves */
	return likely(!page_is_pfmemalloc(page));
}

static inline void skb_propagate_pfmemalloc(const struct page *page,
					    struct sk_buff *skb)
{
	if (page_is_pfmemalloc(page))
		skb->pfmemalloc = true;
}

/* page fragments of the per-CPU caches (one CPU: one cache each) */
void *__netdev_alloc_frag_align_noprof(unsigned int fragsz, unsigned int align_mask);
void *__napi_alloc_frag_align_noprof(unsigned int fragsz, unsigned int align_mask);
#define __netdev_alloc_frag_align(...) \
	alloc_hooks(__netdev_alloc_frag_align_noprof(__VA_ARGS__))
#define __napi_alloc_frag_align(...) \
	alloc_hooks(__napi_alloc_frag_align_noprof(__VA_ARGS__))

static inline void *netdev_alloc_frag_align(unsigned int fragsz,
					    unsigned int align)
{
	WARN_ON_ONCE(!is_power_of_2(align));
	return __netdev_alloc_frag_align(fragsz, -align);
}

static inline void *netdev_alloc_frag(unsigned int fragsz)
{
	return __netdev_alloc_frag_align(fragsz, ~0U);
}

static inline void *napi_alloc_frag_align(unsigned int fragsz,
					  unsigned int align)
{
	WARN_ON_ONCE(!is_power_of_2(align));
	return __napi_alloc_frag_align(fragsz, -align);
}

static inline void *napi_alloc_frag(unsigned int fragsz)
{
	return __napi_alloc_frag_align(fragsz, ~0U);
}

static inline void skb_free_frag(void *addr)
{
	page_frag_free(addr);
}

/* a fragment's page reference */
static inline void __skb_frag_ref(skb_frag_t *frag)
{
	get_page(skb_frag_page(frag));
}

static inline void skb_frag_ref(struct sk_buff *skb, int f)
{
	__skb_frag_ref(&skb_shinfo(skb)->frags[f]);
}

/* no page pool in the shim: recycle never applies, the page is put */
static inline void __skb_frag_unref(skb_frag_t *frag, bool recycle)
{
	put_page(skb_frag_page(frag));
}

static inline void skb_frag_unref(struct sk_buff *skb, int f)
{
	__skb_frag_unref(&skb_shinfo(skb)->frags[f], skb->pp_recycle);
}

/* ---- more header state -------------------------------------------------- */

static inline void skb_mac_header_rebuild_full(struct sk_buff *skb, u32 full_mac_len)
{
	if (skb_mac_header_was_set(skb)) {
		const unsigned char *old_mac = skb_mac_header(skb);

		skb_set_mac_header(skb, -full_mac_len);
		memmove(skb_mac_header(skb), old_mac, full_mac_len);
		__skb_push(skb, full_mac_len - skb->mac_len);
	}
}

/* only the payload may be written; the headers are the clones' too */
static inline void __skb_header_release(struct sk_buff *skb)
{
	skb->nohdr = 1;
	atomic_set(&skb_shinfo(skb)->dataref, 1 + (1 << SKB_DATAREF_SHIFT));
}

void __skb_warn_lro_forwarding(const struct sk_buff *skb);

static inline bool skb_warn_if_lro(const struct sk_buff *skb)
{
	/* LRO sets gso_size but not gso_type; GRO sets both */
	const struct skb_shared_info *shinfo = skb_shinfo(skb);

	if (skb_is_nonlinear(skb) && shinfo->gso_size != 0 &&
	    unlikely(shinfo->gso_type == 0)) {
		__skb_warn_lro_forwarding(skb);
		return true;
	}
	return false;
}

/* ---- odds and ends ------------------------------------------------------ */

#define HAVE_HW_TIME_STAMP

/* the pages of a fragment, one at a time (no highmem: one step) */
#define skb_frag_foreach_page(f, f_off, f_len, p, p_off, p_len, copied)	\
	for (p = skb_frag_page(f) + ((f_off) >> PAGE_SHIFT),		\
	     p_off = (f_off) & (PAGE_SIZE - 1),				\
	     p_len = skb_frag_must_loop(p) ?				\
	     min_t(u32, f_len, PAGE_SIZE - p_off) : f_len,		\
	     copied = 0;						\
	     copied < f_len;						\
	     copied += p_len, p++, p_off = 0,				\
	     p_len = min_t(u32, f_len - copied, PAGE_SIZE))

/* an sk_buff_head's list part */
struct sk_buff_list {
	struct sk_buff	*next;
	struct sk_buff	*prev;
};

/* a fast clone's pair (the shim allocates none: fclone is UNAVAILABLE) */
struct sk_buff_fclones {
	struct sk_buff	skb1;
	struct sk_buff	skb2;
	refcount_t	fclone_ref;
};

extern int sysctl_max_skb_frags;

static inline unsigned long skb_dstref_steal(struct sk_buff *skb)
{
	unsigned long refdst = skb->_skb_refdst;

	skb->_skb_refdst = 0;
	return refdst;
}

static inline void skb_dstref_restore(struct sk_buff *skb, unsigned long refdst)
{
	skb->_skb_refdst = refdst;
}

/* TLS device offload: whether two packets' payloads are alike decrypted */
static inline int skb_cmp_decrypted(const struct sk_buff *skb1,
				    const struct sk_buff *skb2)
{
	return skb2->decrypted - skb1->decrypted;
}

static inline void skb_copy_decrypted(struct sk_buff *to,
				      const struct sk_buff *from)
{
	to->decrypted = from->decrypted;
}

/* the series' configs have no KCOV: no handle is kept */
static inline void skb_set_kcov_handle(struct sk_buff *skb, const u64 kcov_handle)
{
}

static inline u64 skb_get_kcov_handle(struct sk_buff *skb)
{
	return 0;
}

/*
 * Page pool recycling: the mark is kept, but the shim has no page pool, so
 * no page is one of a pool's and every page goes back with put_page().
 */
static inline void skb_mark_for_recycle(struct sk_buff *skb)
{
	skb->pp_recycle = 1;
}

static inline bool skb_pp_recycle(struct sk_buff *skb, void *data)
{
	return false;
}

static inline void __skb_frag_set_page(skb_frag_t *frag, struct page *page)
{
	frag->bv_page = page;
}

static inline void skb_frag_set_page(struct sk_buff *skb, int f,
				     struct page *page)
{
	__skb_frag_set_page(&skb_shinfo(skb)->frags[f], page);
}

/* no device has a PHY time stamper: nothing is deferred */
bool skb_defer_rx_timestamp(struct sk_buff *skb);


#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* no transport header (skb_transport_header_was_set() is false again) */
static inline void skb_unset_transport_header(struct sk_buff *skb)
{
	skb->transport_header = (typeof(skb->transport_header))~0U;
}

/* the transport header offset bytes past data, refused if it does not fit */
static inline bool skb_set_transport_header_careful(struct sk_buff *skb, const int offset)
{
	long thoff = skb->data - skb->head + offset;

	if (unlikely(thoff != (typeof(skb->transport_header))thoff))
		return false;
	if (unlikely(thoff == (typeof(skb->transport_header))~0U))
		return false;
	skb->transport_header = thoff;
	return true;
}

/* an SCTP CRC's checksum done: nothing left to do, and no longer a CRC */
static inline void skb_reset_csum_not_inet(struct sk_buff *skb)
{
	skb->ip_summed = CHECKSUM_NONE;
	skb->csum_not_inet = 0;		/* Debian's CONFIG_IP_SCTP=m */
}

/* len bytes past the network header in the linear part, or why not */
static inline enum skb_drop_reason
pskb_network_may_pull_reason(struct sk_buff *skb, unsigned int len)
{
	return pskb_may_pull_reason(skb, skb_network_offset(skb) + len);
}

/* data + offset when len bytes from there are in the linear part, else NULL */
static inline void *skb_pointer_if_linear(const struct sk_buff *skb, int offset, int len)
{
	unsigned int uoffset = (unsigned int)offset;

	if (likely(uoffset <= skb_headlen(skb) &&
		   (unsigned int)len <= skb_headlen(skb) - uoffset))
		return skb->data + offset;
	return NULL;
}

/* every packet of list freed, as dropped for reason */
static inline void __skb_queue_purge_reason(struct sk_buff_head *list,
					    enum skb_drop_reason reason)
{
	struct sk_buff *skb;

	while ((skb = __skb_dequeue(list)) != NULL)
		kfree_skb_reason(skb, reason);
}

/* the locked variant: one CPU, as skb_queue_purge() */
#define skb_queue_purge_reason(list, reason) __skb_queue_purge_reason(list, reason)

/* a packet dropped on behalf of a socket (sk only names it to tracing) */
void sk_skb_reason_drop(struct sock *sk, struct sk_buff *skb, enum skb_drop_reason reason);

/* Debian's CONFIG_WIRELESS=y: the bit is kept */
static inline bool skb_wifi_acked_valid(const struct sk_buff *skb)
{
	return skb->wifi_acked_valid;
}

/* TLS device offload: the payload came decrypted (CONFIG_SKB_DECRYPTED=y) */
static inline bool skb_is_decrypted(const struct sk_buff *skb)
{
	return skb->decrypted;
}

/* a delivery time whose clock a socket names (SO_TXTIME); another is refused */
static inline void skb_set_delivery_type_by_clockid(struct sk_buff *skb, ktime_t kt,
						    clockid_t clockid)
{
	u8 tstamp_type = SKB_CLOCK_REALTIME;

	switch (clockid) {
	case CLOCK_REALTIME:
		break;
	case CLOCK_MONOTONIC:
		tstamp_type = SKB_CLOCK_MONOTONIC;
		break;
	case CLOCK_TAI:
		tstamp_type = SKB_CLOCK_TAI;
		break;
	default:
		WARN_ON_ONCE(1);
		kt = 0;
	}
	skb_set_delivery_time(skb, kt, tstamp_type);
}

/* redirected (mirred), keeping the timestamp (skb_set_redirected() clears it) */
static inline void skb_set_redirected_noclear(struct sk_buff *skb, bool from_ingress)
{
	skb->redirected = 1;
	skb->from_ingress = from_ingress;	/* CONFIG_NET_REDIRECT=y */
}
#endif

/* a walk over a packet's bytes, block by block (lib/skbuff.c) */
struct skb_seq_state {
	__u32		lower_offset;
	__u32		upper_offset;
	__u32		frag_idx;
	__u32		stepped_offset;
	struct sk_buff	*root_skb;
	struct sk_buff	*cur_skb;
	__u8		*frag_data;
	__u32		frag_off;
};

void skb_prepare_seq_read(struct sk_buff *skb, unsigned int from, unsigned int to,
			  struct skb_seq_state *st);
unsigned int skb_seq_read(unsigned int consumed, const u8 **data, struct skb_seq_state *st);
void skb_abort_seq_read(struct skb_seq_state *st);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int skb_copy_seq_read(struct skb_seq_state *st, int offset, void *to, int len);
#endif

/* room for dev's headers and tail tag, and a private head (lib/skbuff.c) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int skb_ensure_writable_head_tail(struct sk_buff *skb, struct net_device *dev);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x: after data moved by len (a pull: forward, a push: back), the XDP
 * metadata right before the old data and the n bytes after it follow it.
 */
static inline void skb_data_move(struct sk_buff *skb, const int len, const unsigned int n)
{
	const u8 meta_len = skb_metadata_len(skb);
	u8 *meta_end;

	if (!len || (!n && !meta_len))
		return;
	if (meta_len) {
		meta_end = skb_metadata_end(skb);
		if (!WARN_ON_ONCE(meta_end + len != skb->data ||
				  meta_len > skb_headroom(skb))) {
			memmove(meta_end - meta_len + len, meta_end - meta_len, meta_len + n);
			return;
		}
		skb_metadata_clear(skb);
	}
	memmove(skb->data, skb->data - len, n);
}

static inline void skb_postpull_data_move(struct sk_buff *skb, const unsigned int len,
					  const unsigned int n)
{
	skb_data_move(skb, len, n);
}

static inline void skb_postpush_data_move(struct sk_buff *skb, const unsigned int len,
					  const unsigned int n)
{
	skb_data_move(skb, -len, n);
}
#endif

/* tags and Ethernet headers pushed and popped on the frame (lib/skbuff.c) */
int __skb_vlan_pop(struct sk_buff *skb, u16 *vlan_tci);
int skb_vlan_pop(struct sk_buff *skb);
int skb_vlan_push(struct sk_buff *skb, __be16 vlan_proto, u16 vlan_tci);
struct sk_buff *skb_vlan_untag(struct sk_buff *skb);
int skb_eth_pop(struct sk_buff *skb);
int skb_eth_push(struct sk_buff *skb, const unsigned char *dst, const unsigned char *src);

/* what freeing from a hard interrupt could not undo: nothing of the kind */
static inline bool skb_irq_freeable(const struct sk_buff *skb)
{
	return !skb->destructor && !secpath_exists(skb) && !skb_nfct(skb) &&
	       !skb->_skb_refdst && !skb_has_frag_list(skb);
}

/* conntrack state and trace bit (no conntrack objects: no references) */
static inline void __nf_copy(struct sk_buff *dst, const struct sk_buff *src, bool copy)
{
	dst->_nfct = src->_nfct;
	if (copy)
		dst->nf_trace = src->nf_trace;
}

static inline void nf_copy(struct sk_buff *dst, const struct sk_buff *src)
{
	dst->slow_gro = src->slow_gro;
	__nf_copy(dst, src, true);
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bug.h>
#include <linux/cache.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#endif
