/* SPDX-License-Identifier: GPL-2.0 */
/*
 * struct sk_buff with a real linear buffer: head <= data <= tail <= end,
 * with tail/end and the header offsets stored as offsets from head as on
 * 64-bit kernels (NET_SKBUFF_DATA_USES_OFFSET), and skb_shared_info right
 * after end. Paged fragments are never used (data_len is 0).
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
#include <net/checksum.h>
#include <net/flow_dissector.h>

struct net_device;
struct sock;
struct sk_buff;

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
	SKB_DROP_REASON_QDISC_DROP = 64,
	SKB_DROP_REASON_QDISC_BURST_DROP,
	SKB_DROP_REASON_QUEUE_PURGE = 103,
	SKB_DROP_REASON_MAX = 126,
	SKB_DROP_REASON_SUBSYS_MASK = 0xffff0000,
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	SKB_DROP_REASON_QDISC_DROP = 57,
	SKB_DROP_REASON_FQ_BAND_LIMIT,
	SKB_DROP_REASON_FQ_HORIZON_LIMIT,
	SKB_DROP_REASON_FQ_FLOW_LIMIT,
	SKB_DROP_REASON_MAX = 104,
#else
	SKB_DROP_REASON_QDISC_DROP = 33,
	SKB_DROP_REASON_MAX = 135,
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

typedef struct {
	void *bv_page;
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
	unsigned long		_skb_refdst;
	void			(*destructor)(struct sk_buff *skb);
	unsigned long		_nfct;
	unsigned int		len, data_len;
	__u16			mac_len, hdr_len;
	__u16			queue_mapping;
	__u8			cloned:1, nohdr:1, fclone:2, peeked:1,
				head_frag:1, pfmemalloc:1, pp_recycle:1;
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
				decrypted:1;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	__u8			tc_depth:2;	/* netem: duplicates of duplicates */
#endif
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
	__be16			vlan_proto;
	__u16			vlan_tci;
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
};

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

/* All data is linear: "pulling" succeeds iff the bytes exist. */
static inline bool pskb_may_pull(struct sk_buff *skb, unsigned int len)
{
	return len <= skb_headlen(skb);
}

static inline bool pskb_network_may_pull(struct sk_buff *skb, unsigned int len);

static inline void *skb_header_pointer(const struct sk_buff *skb, int offset,
				       int len, void *buffer)
{
	if (likely(skb_headlen(skb) - offset >= len))
		return skb->data + offset;
	if (offset < 0 || offset + len > (int)skb->len)
		return NULL;
	memcpy(buffer, skb->data + offset, len);
	return buffer;
}

static inline int skb_linearize(struct sk_buff *skb)
{
	return 0;
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

static inline __be16 skb_protocol(const struct sk_buff *skb, bool skip_vlan)
{
	return skb->protocol;
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

static inline unsigned int skb_pagelen(const struct sk_buff *skb)
{
	return skb_headlen(skb);
}

static inline void skb_dst_drop(struct sk_buff *skb)
{
	skb->_skb_refdst = 0;
}

static inline void skb_dst_force(struct sk_buff *skb)
{
}

static inline void nf_reset_ct(struct sk_buff *skb)
{
	skb->_nfct = 0;
}

static inline void skb_ext_reset(struct sk_buff *skb)
{
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

#endif
