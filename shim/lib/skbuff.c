// SPDX-License-Identifier: GPL-2.0
/*
 * skbuff.c - sk_buff allocation and freeing. Freed skbs keep their data
 * buffer and go to a free list, so a replay allocates nothing per packet;
 * leak accounting counts an skb as live from alloc to free either way, and
 * keeps it on a list of live skbs with its allocation site (the
 * alloc_hooks() tag of alloc_skb()/skb_copy()/skb_clone(), see
 * linux/alloc_tag.h) for qdk_mem_leaks().
 *
 * Why one file past 800 lines: every way an skb is made or freed (alloc,
 * copy, clone, expand, GSO segments: the kernel's skbuff.c holds them all)
 * must pass through the free list and the live list here, or a replay's
 * leak accounting would miss it.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/if_vlan.h>
#include <linux/etherdevice.h>
#include <linux/jhash.h>
#include <net/checksum.h>
#include <linux/uio.h>
#include <net/sch_generic.h>
#include <net/sock.h>

#include "host.h"
#include "shim.h"
#include "../api/qdk_api.h"

void (*qdk_skb_drop_hook)(struct sk_buff *skb, u32 reason);
const struct sk_buff *qdk_skb_watch;
bool qdk_skb_watch_freed;

/* live skbs, oldest first: a list head that is never an skb itself */
static struct sk_buff skb_live = { .__qdk_live_next = &skb_live, .__qdk_live_prev = &skb_live };

/* shinfo lives at end, like the kernel; buffers are sized in 64s */
static unsigned int buf_size(unsigned int size)
{
	return SKB_DATA_ALIGN(size) + SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
}

/*
 * Where skbs live, as the kernel keeps them: the structs in a slab of
 * their own, densely (what a qdisc walks its queues through), data buffers
 * in size classes of SKB_CLASS bytes. Both are carved from chunks of fresh
 * zeroed pages (payload bytes are deterministic without a memset, and a
 * page is faulted in only when first used) and never go back to the C
 * library while a replay runs: a freed skb keeps its buffer and goes onto
 * its class's free list, last freed first, so a deep FIFO queue cycles
 * through the same skbs in the same order (which the hardware prefetcher
 * follows) and a shallow one through a few warm ones. The chunks go when
 * qdk_exit() finds no skb live. Buffers larger than the largest class
 * are allocated and freed one by one.
 *
 * The SAN=1 build allocates every skb and buffer on its own and frees
 * them at once, so ASan reports any use of an skb after its free.
 */
#ifdef __SANITIZE_ADDRESS__
#define SKB_SAN		1
#else
#define SKB_SAN		0
#endif
#define SKB_STRUCT	SKB_DATA_ALIGN(sizeof(struct sk_buff))
#define SKB_CLASS	256u
#define SKB_NCLASS	288u	/* buffers up to 72 KB: a 64 KB GSO frame */
#define SKB_CHUNK	(2ul << 20)

/* a bump allocator over the current chunk */
struct skb_area {
	unsigned char *cur, *end;
};

static struct {
	struct sk_buff *free;	/* through __qdk_free_next */
	struct skb_area bufs;
} skb_class[SKB_NCLASS + 1];
static struct skb_area skb_structs;
/* each chunk starts with its link to the next and its length */
struct skb_chunk {
	struct skb_chunk *next;
	size_t len;
};
static struct skb_chunk *skb_chunks;

static bool skb_own(unsigned int bufsize)
{
	return SKB_SAN || bufsize > SKB_NCLASS * SKB_CLASS;
}

static void *skb_carve(struct skb_area *a, unsigned int size)
{
	unsigned char *p = a->cur;

	if (!p || a->end - p < size) {
		size_t len = SKB_CHUNK * DIV_ROUND_UP(8 * (size_t)size, SKB_CHUNK);
		struct skb_chunk *chunk = qdk_host_pages(len);

		if (!chunk)
			return NULL;
		chunk->next = skb_chunks;
		chunk->len = len;
		skb_chunks = chunk;
		p = (unsigned char *)chunk + 64;
		a->end = (unsigned char *)chunk + len;
	}
	a->cur = p + size;
	return p;
}

/*
 * The struct of an skb whose buffer is its own (larger than the largest
 * class): carved as the others are (pskb_expand_head() moves buffers
 * between structs, so a struct outlives its buffer), and kept on a list of
 * bare structs when its buffer is freed. SAN=1 allocates each on its own.
 */
static struct sk_buff *skb_bare;

static struct sk_buff *skb_struct_get(void)
{
	struct sk_buff *skb;

	if (SKB_SAN)
		return qdk_host_alloc(sizeof(*skb));
	skb = skb_bare;
	if (skb) {
		skb_bare = skb->__qdk_free_next;
		return skb;
	}
	return skb_carve(&skb_structs, SKB_STRUCT);
}

static void skb_struct_put(struct sk_buff *skb)
{
	if (SKB_SAN) {
		qdk_host_free(skb);
		return;
	}
	if (!skb)
		return;
	skb->__qdk_free_next = skb_bare;
	skb_bare = skb;
}

/* An skb with a buffer of at least need bytes: head and __qdk_bufsize set. */
static struct sk_buff *skb_obj_get(unsigned int need)
{
	unsigned int c = DIV_ROUND_UP(need, SKB_CLASS);
	struct sk_buff *skb;
	unsigned char *head;

	if (unlikely(skb_own(need))) {
		skb = skb_struct_get();
		head = qdk_host_alloc(need);
		if (!skb || !head) {
			skb_struct_put(skb);
			qdk_host_free(head);
			return NULL;
		}
		/* fresh memory, so payload bytes are deterministic */
		memset(head, 0, need);
	} else if (skb_class[c].free) {
		skb = skb_class[c].free;
		skb_class[c].free = skb->__qdk_free_next;
		return skb;
	} else {
		need = c * SKB_CLASS;
		skb = skb_carve(&skb_structs, SKB_STRUCT);
		head = skb ? skb_carve(&skb_class[c].bufs, need) : NULL;
		if (!head)
			return NULL;	/* the struct stays carved: out of memory anyway */
	}
	skb->head = head;
	skb->__qdk_bufsize = need;
	return skb;
}

static void skb_obj_put(struct sk_buff *skb)
{
	unsigned int c = skb->__qdk_bufsize / SKB_CLASS;

	if (unlikely(skb_own(skb->__qdk_bufsize))) {
		qdk_host_free(skb->head);
		skb_struct_put(skb);
		return;
	}
	skb->__qdk_free_next = skb_class[c].free;
	skb_class[c].free = skb;
}

/*
 * Zero the fields before head, as __alloc_skb() does up to its tail. Plain
 * 16-byte stores: a rep stos costs more than the 192 bytes it clears.
 */
typedef long long qdk_v2di __attribute__((vector_size(16), may_alias));

static __always_inline void clear_skb_fields(struct sk_buff *skb)
{
	qdk_v2di *p = (qdk_v2di *)skb;
	const qdk_v2di z = { 0, 0 };

	BUILD_BUG_ON(offsetof(struct sk_buff, head) % sizeof(qdk_v2di));
	switch (offsetof(struct sk_buff, head) / sizeof(qdk_v2di)) {
	default:
		memset(skb, 0, offsetof(struct sk_buff, head));
		break;
	case 12:
		p[11] = z; p[10] = z; p[9] = z; p[8] = z;
		p[7] = z; p[6] = z; p[5] = z; p[4] = z;
		p[3] = z; p[2] = z; p[1] = z; p[0] = z;
		break;
	}
}

struct sk_buff *qdk_skb_alloc(unsigned int size)
{
	struct sk_buff *skb = skb_obj_get(buf_size(size));
	unsigned char *head;

	if (!skb)
		return NULL;
	head = skb->head;
	clear_skb_fields(skb);
	skb->head = head;
	skb->data = head;
	skb->tail = 0;
	/*
	 * exactly the room asked for (8-aligned for shinfo), so a full
	 * netlink dump buffer fails with -EMSGSIZE where it should
	 */
	skb->end = ALIGN(size, 8);
	skb->truesize = SKB_TRUESIZE(skb->end);
	skb->mac_header = (typeof(skb->mac_header))~0U;
	skb->transport_header = (typeof(skb->transport_header))~0U;
	skb->network_header = 0;
	refcount_set(&skb->users, 1);
	skb->__qdk_id = 0;
	skb->__qdk_ecn = 0;
	skb->__qdk_live = 1;
	skb->__qdk_free_next = NULL;
	skb->__qdk_tag = qdk_alloc_tag;
	skb->__qdk_seq = ++qdk_mem_seq;
	skb->__qdk_handed = NULL;
	skb->__qdk_cookie = 0;
	skb->__qdk_live_next = &skb_live;
	skb->__qdk_live_prev = skb_live.__qdk_live_prev;
	skb->__qdk_in = NULL;
	skb->__qdk_touched = 0;
	skb->__qdk_drop_ip = 0;
	skb_live.__qdk_live_prev->__qdk_live_next = skb;
	skb_live.__qdk_live_prev = skb;
	memset(skb_shinfo(skb), 0, offsetof(struct skb_shared_info, dataref));
	atomic_set(&skb_shinfo(skb)->dataref, 1);
	qdk_mem_objects++;
	qdk_mem_bytes += skb->truesize;
	return skb;
}

struct sk_buff *alloc_skb_noprof(unsigned int size, gfp_t priority)
{
	if (qdk_alloc_fails(priority))
		return NULL;
	return qdk_skb_alloc(size);
}

/* the page references of the paged fragments (the shim's data is never shared) */
static void skb_frags_put(struct sk_buff *skb)
{
	struct skb_shared_info *shinfo = skb_shinfo(skb);
	int i;

	for (i = 0; i < shinfo->nr_frags; i++)
		__skb_frag_unref(&shinfo->frags[i], skb->pp_recycle);
	shinfo->nr_frags = 0;
}

static void skb_frags_get(struct sk_buff *skb)
{
	int i;

	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++)
		skb_frag_ref(skb, i);
}

static void skb_release(struct sk_buff *skb)
{
	if (!skb->__qdk_live) {
		qdk_host_log("qdk: double free of skb %p (id %llu)\n", skb,
			     (unsigned long long)skb->__qdk_id);
		qdk_host_abort();
	}
	skb_dst_drop(skb);
	if (skb->destructor)
		skb->destructor(skb);
	skb_ext_reset(skb);
	if (unlikely(skb_shinfo(skb)->flags & SKBFL_ZEROCOPY_ENABLE))
		skb_zcopy_clear(skb, true);
	if (unlikely(skb->__qdk_in))
		qdk_acct_out(skb);
	skb_frags_put(skb);
	skb->__qdk_live = 0;
	if (skb == qdk_skb_watch)
		qdk_skb_watch_freed = true;
	skb->__qdk_live_prev->__qdk_live_next = skb->__qdk_live_next;
	skb->__qdk_live_next->__qdk_live_prev = skb->__qdk_live_prev;
	qdk_mem_objects--;
	qdk_mem_bytes -= skb->truesize;
	skb_obj_put(skb);
}

/*
 * Every live skb allocated after sequence number since, oldest first:
 * fn(arg, skb) for each; returns how many.
 */
long qdk_skb_for_each_live(u64 since, void (*fn)(void *arg, const struct sk_buff *skb),
			   void *arg)
{
	const struct sk_buff *skb;
	long n = 0;

	for (skb = skb_live.__qdk_live_next; skb != &skb_live; skb = skb->__qdk_live_next) {
		if (skb->__qdk_seq <= since)
			continue;
		n++;
		if (fn)
			fn(arg, skb);
	}
	return n;
}

/*
 * What the stack writes into the qdisc cb before the root enqueue
 * (qdisc_pkt_len_init(); 7.x's qdisc_pkt_len_segs_init() also counts the
 * segments, which bstats_update() then reads): after the GSO fields are set.
 */
void qdk_qdisc_pkt_len_init(struct sk_buff *skb, unsigned int pkt_len)
{
	qdisc_skb_cb(skb)->pkt_len = pkt_len;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	qdisc_skb_cb(skb)->pkt_segs = skb_is_gso(skb) ? skb_shinfo(skb)->gso_segs : 1;
#endif
}

/*
 * The kernel's truesize of a packet, as a trace recorded it: its buffer's
 * size depends on who allocated it (a sender's socket, a driver, the
 * segmentation), which the shim cannot know, and cake's memory limit
 * counts it.
 */
void qdk_skb_set_truesize(struct sk_buff *skb, unsigned int truesize)
{
	qdk_mem_bytes += (long)truesize - (long)skb->truesize;
	skb->truesize = truesize;
}

/* The chunks back to the C library, unless a leaked skb lives in one (reports read it). */
static void skb_frag_caches_drain(void);

void qdk_skb_cache_drain(void)
{
	skb_frag_caches_drain();
	if (skb_live.__qdk_live_next != &skb_live)
		return;
	while (skb_chunks) {
		struct skb_chunk *chunk = skb_chunks;

		skb_chunks = chunk->next;
		qdk_host_pages_free(chunk, chunk->len);
	}
	memset(skb_class, 0, sizeof(skb_class));
	memset(&skb_structs, 0, sizeof(skb_structs));
	skb_bare = NULL;
}

void __kfree_skb(struct sk_buff *skb)
{
	skb_release(skb);
}

/* a drop, by the code at ip (the accounting check's report names it) */
static void kfree_skb_at(struct sk_buff *skb, enum skb_drop_reason reason, unsigned long ip)
{
	if (unlikely(!skb))
		return;
	if (!skb_unref(skb))
		return;
	if (unlikely(skb->__qdk_in))
		qdk_acct_freed(skb, ip);
	if (skb->__qdk_id && qdk_skb_drop_hook)
		qdk_skb_drop_hook(skb, reason);
	skb_release(skb);
}

void kfree_skb_reason(struct sk_buff *skb, enum skb_drop_reason reason)
{
	kfree_skb_at(skb, reason, _QDK_RET_IP_);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the kernel's kfree_skb_reason() is this with no socket: the same drop */
void sk_skb_reason_drop(struct sock *sk, struct sk_buff *skb, enum skb_drop_reason reason)
{
	kfree_skb_at(skb, reason, _QDK_RET_IP_);
}
#endif

void consume_skb(struct sk_buff *skb)
{
	if (unlikely(!skb))
		return;
	if (!skb_unref(skb))
		return;
	if (unlikely(skb->__qdk_in))
		qdk_acct_freed(skb, _QDK_RET_IP_);
	skb_release(skb);
}

void kfree_skb_list_reason(struct sk_buff *segs, enum skb_drop_reason reason)
{
	unsigned long ip = _QDK_RET_IP_;

	while (segs) {
		struct sk_buff *next = segs->next;

		kfree_skb_at(segs, reason, ip);
		segs = next;
	}
}

/* rtnl_kfree_skbs defers the kfree_skb to rtnl_unlock(): same drops. */
void rtnl_kfree_skbs(struct sk_buff *head, struct sk_buff *tail)
{
	if (head && tail) {
		tail->next = NULL;
		kfree_skb_list(head);
	}
}

void skb_over_panic(struct sk_buff *skb, unsigned int len, void *here)
{
	pr_emerg("skb_over_panic: len:%u put:%u head:%p data:%p tail:%#x end:%#x\n",
		 skb->len, len, skb->head, skb->data, skb->tail, skb->end);
	BUG();
}

void skb_under_panic(struct sk_buff *skb, unsigned int len, void *here)
{
	pr_emerg("skb_under_panic: len:%u put:%u head:%p data:%p tail:%#x end:%#x\n",
		 skb->len, len, skb->head, skb->data, skb->tail, skb->end);
	BUG();
}

/*
 * A private copy of everything (the kernel shares the data; no qdisc can
 * tell as long as it does not write into a clone).
 */
static void skb_made(struct sk_buff *n, const struct sk_buff *from);

struct sk_buff *skb_copy_noprof(const struct sk_buff *skb, gfp_t priority)
{
	unsigned int size = skb->end;
	struct sk_buff *n = qdk_alloc_fails(priority) ? NULL : qdk_skb_alloc(size);
	unsigned char *head;
	unsigned int bufsize;

	if (!n)
		return NULL;
	head = n->head;
	bufsize = n->__qdk_bufsize;
	qdk_mem_bytes -= n->truesize;
	memcpy(n, skb, offsetof(struct sk_buff, head));
	__skb_ext_copy(n, skb);
	n->head = head;
	n->data = head + (skb->data - skb->head);
	memcpy(head, skb->head, skb->end);
	memcpy(skb_shinfo(n), skb_shinfo(skb), sizeof(struct skb_shared_info));
	/* the kernel's clone shares the shinfo and its one reference: two here */
	if (unlikely(skb_zcopy(n)))
		net_zcopy_get(skb_zcopy(n));
	/* the same for the fragments' pages: each copy holds its own reference */
	skb_frags_get(n);
	n->end = skb->end;
	n->truesize = skb->truesize;
	n->next = n->prev = NULL;
	n->sk = NULL;
	n->destructor = NULL;
	refcount_set(&n->users, 1);
	n->__qdk_id = 0;	/* a copy is a new packet for the trace */
	qdk_acct_made(n, skb);
	n->__qdk_bufsize = bufsize;
	n->__qdk_ecn = skb->__qdk_ecn;
	n->__qdk_live = 1;
	qdk_mem_bytes += n->truesize;
	skb_made(n, skb);
	return n;
}

struct sk_buff *skb_clone_noprof(struct sk_buff *skb, gfp_t priority)
{
	return skb_copy_noprof(skb, priority);
}

/*
 * A segment of skb (gso.c): a new packet with skb's fields (what
 * __copy_skb_header() copies: cb, hash, priority, mark, tstamp, ...) and its
 * headroom, empty, with room for len bytes, its shared info fresh (not GSO),
 * as skb_segment() allocates each one; it takes the next made packet's id.
 */
struct sk_buff *qdk_skb_segment_new(const struct sk_buff *skb, unsigned int len)
{
	unsigned int headroom = skb_headroom(skb);
	struct sk_buff *n = qdk_skb_alloc(headroom + len);
	unsigned char *head;
	unsigned int end, truesize;

	if (!n)
		return NULL;
	head = n->head;
	end = n->end;
	truesize = n->truesize;
	memcpy(n, skb, offsetof(struct sk_buff, head));
	__skb_ext_copy(n, skb);
	n->head = head;
	n->data = head + headroom;
	n->end = end;
	n->truesize = truesize;
	n->tail = headroom;
	n->len = 0;
	n->data_len = 0;
	n->next = n->prev = NULL;
	n->sk = NULL;
	n->destructor = NULL;
	n->cloned = 0;
	refcount_set(&n->users, 1);
	n->__qdk_id = 0;
	n->__qdk_ecn = skb->__qdk_ecn;
	qdk_acct_made(n, skb);
	skb_made(n, skb);
	return n;
}

/*
 * Ids for the packets a qdisc makes (qdk_api.h: qdk_made_queue): the trace
 * names each one with an n line before the call that makes it.
 */
#define MADE_MAX 256
static struct { u64 id, from; u32 truesize, tag; } made_q[MADE_MAX];
static unsigned int made_n, made_next;
static u32 made_call;		/* the exact call's line; 0: none */
static u32 made_bad_tag;	/* first difference: its line (0: none) */
static char made_bad[160];

int qdk_made_queue(uint64_t id, uint64_t from, uint32_t truesize, uint32_t tag)
{
	if (made_n == MADE_MAX)
		return -ENOSPC;
	made_q[made_n].id = id;
	made_q[made_n].from = from;
	made_q[made_n].truesize = truesize;
	made_q[made_n].tag = tag;
	made_n++;
	return 0;
}

void qdk_made_exact(uint32_t tag)
{
	made_call = tag;
	if (!tag)
		made_n = made_next = made_bad_tag = 0;
}

size_t qdk_made_status(uint32_t *tag, char *msg, size_t msglen)
{
	if (!made_bad_tag && made_next < made_n) {
		made_bad_tag = made_q[made_next].tag;
		snprintf(made_bad, sizeof(made_bad),
			 "the qdisc made %u packet%s, the trace names %u (packet %llu never made)",
			 made_next, made_next == 1 ? "" : "s", made_n,
			 (unsigned long long)made_q[made_next].id);
	}
	if (!made_bad_tag)
		return 0;
	*tag = made_bad_tag;
	if (msglen)
		snprintf(msg, msglen, "%s", made_bad);
	return 1;
}

/* A packet the qdisc made from another: the next queued id, checked. */
static void skb_made(struct sk_buff *n, const struct sk_buff *from)
{
	if (!made_call || made_bad_tag)
		return;
	if (made_next == made_n) {
		made_bad_tag = made_call;
		snprintf(made_bad, sizeof(made_bad),
			 "the qdisc made a packet from packet %llu beyond the %u the trace names",
			 (unsigned long long)from->__qdk_id, made_n);
		return;
	}
	if (made_q[made_next].from && made_q[made_next].from != from->__qdk_id) {
		made_bad_tag = made_q[made_next].tag;
		snprintf(made_bad, sizeof(made_bad),
			 "packet %llu was made from packet %llu, the trace says from %llu",
			 (unsigned long long)made_q[made_next].id,
			 (unsigned long long)from->__qdk_id,
			 (unsigned long long)made_q[made_next].from);
		return;
	}
	if (made_q[made_next].truesize)
		qdk_skb_set_truesize(n, made_q[made_next].truesize);
	n->__qdk_id = made_q[made_next++].id;
}

int skb_checksum_help(struct sk_buff *skb)
{
	skb->ip_summed = CHECKSUM_NONE;
	return 0;
}

/* Software flow hash over the 5-tuple, keyed once per seed. */
static u32 hashrnd;
static bool hashrnd_set;

static u32 flow_hash_from_headers(const struct sk_buff *skb, u32 key)
{
	const u8 *nh = skb_network_header(skb);
	u32 a = 0, b = 0, c = 0, ports = 0;
	u8 proto = 0;

	if (skb->protocol == htons(ETH_P_IP) &&
	    skb_headlen(skb) >= skb_network_offset(skb) + 20) {
		memcpy(&a, nh + 12, 4);
		memcpy(&b, nh + 16, 4);
		proto = nh[9];
	} else if (skb->protocol == htons(ETH_P_IPV6) &&
		   skb_headlen(skb) >= skb_network_offset(skb) + 40) {
		a = jhash(nh + 8, 16, 0);
		b = jhash(nh + 24, 16, 0);
		proto = nh[6];
	} else {
		return jhash_1word(skb->protocol, key);
	}
	if ((proto == IPPROTO_TCP || proto == IPPROTO_UDP) &&
	    skb_transport_header_was_set(skb) &&
	    skb_headlen(skb) >= skb_transport_offset(skb) + 4)
		memcpy(&ports, skb_transport_header(skb), 4);
	c = ports ^ proto;
	return jhash_3words(a, b, c, key);
}

void __skb_get_hash(struct sk_buff *skb)
{
	u32 h;

	if (!hashrnd_set) {
		hashrnd = 0x5eed5eed;
		hashrnd_set = true;
	}
	h = flow_hash_from_headers(skb, hashrnd);
	if (!h)
		h = 1;
	__skb_set_hash(skb, h, false, true);
}

u32 __skb_get_hash_symmetric(const struct sk_buff *skb)
{
	return flow_hash_from_headers(skb, 0);
}

/* ---- checksums ----------------------------------------------------------- */

/* one's complement sum, 32 bits at a time into a 64-bit accumulator */
__wsum csum_partial(const void *buff, int len, __wsum wsum)
{
	const u8 *p = buff;
	u64 sum = (__force u32)wsum;
	u32 w;

	while (len >= 4) {
		memcpy(&w, p, 4);
		sum += w;
		p += 4;
		len -= 4;
	}
	if (len >= 2) {
		u16 h;

		memcpy(&h, p, 2);
		sum += h;
		p += 2;
		len -= 2;
	}
	if (len > 0)
		sum += p[0];	/* little endian: the low byte of a word */
	sum = (sum & 0xffffffff) + (sum >> 32);
	sum = (sum & 0xffffffff) + (sum >> 32);
	return (__force __wsum)(u32)sum;
}


/* ---- reallocating heads, copies with other room ---------------------------- */

void skb_headers_offset_update(struct sk_buff *skb, int off)
{
	/* csum_start only while it is one, not a csum */
	if (skb->ip_summed == CHECKSUM_PARTIAL)
		skb->csum_start += off;
	skb->transport_header += off;
	skb->network_header += off;
	if (skb_mac_header_was_set(skb))
		skb->mac_header += off;
	skb->inner_transport_header += off;
	skb->inner_network_header += off;
	skb->inner_mac_header += off;
}

/*
 * A new head of end offset osize + nhead + ntail with the bytes up to tail
 * copied nhead further on: the buffer moves to a fresh object of the
 * right class, the old one goes back to its class with a spare struct.
 */
int pskb_expand_head(struct sk_buff *skb, int nhead, int ntail, gfp_t gfp_mask)
{
	unsigned int osize = skb_end_offset(skb);
	unsigned int size = ALIGN(osize + nhead + ntail, 8);
	struct sk_buff *tmp;
	unsigned char *ohead;
	unsigned int obufsize;
	long off;

	BUG_ON(nhead < 0);
	BUG_ON(skb_shared(skb));
	if (qdk_alloc_fails(gfp_mask))
		return -ENOMEM;
	tmp = skb_obj_get(buf_size(size));
	if (!tmp)
		return -ENOMEM;
	memcpy(tmp->head + nhead, skb->head, skb_tail_pointer(skb) - skb->head);
	memcpy(tmp->head + size, skb_shinfo(skb),
	       offsetof(struct skb_shared_info, frags[skb_shinfo(skb)->nr_frags]));
	ohead = skb->head;
	obufsize = skb->__qdk_bufsize;
	skb->head = tmp->head;
	skb->__qdk_bufsize = tmp->__qdk_bufsize;
	tmp->head = ohead;
	tmp->__qdk_bufsize = obufsize;
	skb_obj_put(tmp);

	off = (skb->head + nhead) - ohead;
	skb->data += off;
	skb_set_end_offset(skb, size);
	skb->tail += nhead;
	skb_headers_offset_update(skb, nhead);
	skb->cloned = 0;
	skb->hdr_len = 0;
	skb->nohdr = 0;
	atomic_set(&skb_shinfo(skb)->dataref, 1);
	skb_metadata_clear(skb);
	/* as the kernel: only an skb no socket owns changes its truesize */
	if (!skb->sk) {
		skb->truesize += size - osize;
		qdk_mem_bytes += size - osize;
	}
	return 0;
}

/* what __copy_skb_header() copies: every field but the buffer's own */
static void skb_copy_fields(struct sk_buff *new, const struct sk_buff *old)
{
	unsigned int len = new->len, data_len = new->data_len;
	unsigned int truesize = new->truesize;
	sk_buff_data_t tail = new->tail, end = new->end;
	struct sk_buff *next = new->next, *prev = new->prev;
	struct sock *sk = new->sk;
	void (*destructor)(struct sk_buff *skb) = new->destructor;
	refcount_t users = new->users;

	memcpy(new, old, offsetof(struct sk_buff, head));
	skb_dst_copy(new, old);		/* its own reference, unless borrowed */
	skb_ext_copy(new, old);
	new->len = len;
	new->data_len = data_len;
	new->truesize = truesize;
	new->tail = tail;
	new->end = end;
	new->next = next;
	new->prev = prev;
	new->sk = sk;
	new->destructor = destructor;
	new->users = users;
	new->cloned = 0;
	new->fclone = SKB_FCLONE_UNAVAILABLE;
}

void skb_copy_header(struct sk_buff *new, const struct sk_buff *old)
{
	skb_copy_fields(new, old);
	skb_shinfo(new)->gso_size = skb_shinfo(old)->gso_size;
	skb_shinfo(new)->gso_segs = skb_shinfo(old)->gso_segs;
	skb_shinfo(new)->gso_type = skb_shinfo(old)->gso_type;
}

struct sk_buff *__alloc_skb_noprof(unsigned int size, gfp_t priority, int flags,
				   int node)
{
	/* no fast-clone companion, no NAPI cache: one kind of skb */
	return alloc_skb_noprof(size, priority);
}

struct sk_buff *skb_copy_expand_noprof(const struct sk_buff *skb, int newheadroom,
				       int newtailroom, gfp_t gfp_mask)
{
	struct sk_buff *n = alloc_skb_noprof(newheadroom + skb->len + newtailroom,
					     gfp_mask);
	int oldheadroom = skb_headroom(skb);
	int head_copy_len, head_copy_off;

	if (!n)
		return NULL;
	skb_reserve(n, newheadroom);
	skb_put(n, skb->len);
	head_copy_len = oldheadroom;
	head_copy_off = 0;
	if (newheadroom <= head_copy_len)
		head_copy_len = newheadroom;
	else
		head_copy_off = newheadroom - head_copy_len;
	BUG_ON(skb_copy_bits(skb, -head_copy_len, n->head + head_copy_off,
			     skb->len + head_copy_len));
	/* the header offsets, relative to head, move with the new headroom */
	skb_copy_header(n, skb);
	n->data = n->head + newheadroom;
	skb_headers_offset_update(n, newheadroom - oldheadroom);
	n->__qdk_id = 0;
	skb_made(n, skb);
	return n;
}

struct sk_buff *__pskb_copy_fclone_noprof(struct sk_buff *skb, int headroom,
					  gfp_t gfp_mask, bool fclone)
{
	unsigned int size = skb_headlen(skb) + headroom;
	struct sk_buff *n = alloc_skb_noprof(size, gfp_mask);

	if (!n)
		return NULL;
	skb_reserve(n, headroom);
	skb_put(n, skb_headlen(skb));
	skb_copy_from_linear_data(skb, n->data, n->len);
	skb_copy_header(n, skb);
	n->data = n->head + headroom;
	/* __copy_skb_header() keeps the header offsets: relative to head */
	n->__qdk_id = 0;
	skb_made(n, skb);
	return n;
}

struct sk_buff *skb_realloc_headroom(struct sk_buff *skb, unsigned int headroom)
{
	int delta = headroom - skb_headroom(skb);
	struct sk_buff *skb2;

	if (delta <= 0) {
		skb2 = pskb_copy_noprof(skb, GFP_ATOMIC);
	} else {
		skb2 = skb_clone_noprof(skb, GFP_ATOMIC);
		if (skb2 && pskb_expand_head(skb2, SKB_DATA_ALIGN(delta), 0,
					     GFP_ATOMIC)) {
			kfree_skb(skb2);
			skb2 = NULL;
		}
	}
	return skb2;
}

/* The shim's packets have no socket charged for them (is_skb_wmem() false). */
struct sk_buff *skb_expand_head(struct sk_buff *skb, unsigned int headroom)
{
	int delta = headroom - skb_headroom(skb);

	if (WARN_ONCE(delta <= 0,
		      "%s is expecting an increase in the headroom", __func__))
		return skb;
	delta = SKB_DATA_ALIGN(delta);
	{
		struct sk_buff *nskb = skb_clone_noprof(skb, GFP_ATOMIC);

		if (unlikely(!nskb))
			goto fail;
		consume_skb(skb);
		skb = nskb;
	}
	if (pskb_expand_head(skb, delta, 0, GFP_ATOMIC))
		goto fail;
	return skb;
fail:
	kfree_skb(skb);
	return NULL;
}

int __skb_unclone_keeptruesize(struct sk_buff *skb, gfp_t pri)
{
	unsigned int saved_end_offset = skb_end_offset(skb);
	unsigned int saved_truesize = skb->truesize;
	struct skb_shared_info *shinfo;
	int res;

	res = pskb_expand_head(skb, 0, 0, pri);
	if (res)
		return res;
	qdk_mem_bytes += (long)saved_truesize - (long)skb->truesize;
	skb->truesize = saved_truesize;
	if (likely(skb_end_offset(skb) == saved_end_offset))
		return 0;
	shinfo = skb_shinfo(skb);
	memmove(skb->head + saved_end_offset, shinfo,
		offsetof(struct skb_shared_info, frags[shinfo->nr_frags]));
	skb_set_end_offset(skb, saved_end_offset);
	return 0;
}

/* linear data only: a writable copy with tailbits of room, one "page" */
int skb_cow_data(struct sk_buff *skb, int tailbits, struct sk_buff **trailer)
{
	if ((skb_cloned(skb) || tailbits > skb_tailroom(skb)) &&
	    !__pskb_pull_tail(skb, __skb_pagelen(skb)))
		return -ENOMEM;
	if (tailbits > skb_tailroom(skb) &&
	    pskb_expand_head(skb, 0, tailbits - skb_tailroom(skb) + 128, GFP_ATOMIC))
		return -ENOMEM;
	*trailer = skb;
	return 1;
}

/* ---- linear data ------------------------------------------------------------ */

/*
 * Pull delta bytes of paged data into the head (made larger, by 128 bytes
 * more than needed as the kernel does, when it has no room): the first
 * fragments give them up, and those emptied lose their page reference.
 */
void *__pskb_pull_tail(struct sk_buff *skb, int delta)
{
	struct skb_shared_info *shinfo;
	int eat = (skb->tail + delta) - skb->end;
	int i, k;

	BUG_ON(delta > (int)skb->data_len);
	if (eat > 0 || skb_cloned(skb)) {
		if (pskb_expand_head(skb, 0, eat > 0 ? eat + 128 : 0, GFP_ATOMIC))
			return NULL;
	}
	BUG_ON(skb_copy_bits(skb, skb_headlen(skb), skb_tail_pointer(skb), delta));
	shinfo = skb_shinfo(skb);
	eat = delta;
	for (i = 0, k = 0; i < shinfo->nr_frags; i++) {
		int size = skb_frag_size(&shinfo->frags[i]);

		if (size <= eat) {
			__skb_frag_unref(&shinfo->frags[i], skb->pp_recycle);
			eat -= size;
			continue;
		}
		shinfo->frags[k] = shinfo->frags[i];
		if (eat) {
			skb_frag_off_add(&shinfo->frags[k], eat);
			skb_frag_size_sub(&shinfo->frags[k], eat);
			eat = 0;
		}
		k++;
	}
	shinfo->nr_frags = k;
	skb->tail += delta;
	skb->data_len -= delta;
	return skb_tail_pointer(skb);
}

/* the fragments past the first len bytes of paged data go; one is cut */
static void skb_frags_trim(struct sk_buff *skb, unsigned int len)
{
	struct skb_shared_info *shinfo = skb_shinfo(skb);
	unsigned int offset = 0;
	int i, k = 0;

	for (i = 0; i < shinfo->nr_frags; i++) {
		unsigned int size = skb_frag_size(&shinfo->frags[i]);

		if (offset >= len) {
			__skb_frag_unref(&shinfo->frags[i], skb->pp_recycle);
			continue;
		}
		if (offset + size > len)
			skb_frag_size_set(&shinfo->frags[i], len - offset);
		offset += skb_frag_size(&shinfo->frags[i]);
		k = i + 1;
	}
	shinfo->nr_frags = k;
}

int ___pskb_trim(struct sk_buff *skb, unsigned int len)
{
	int err;

	if (skb_cloned(skb) &&
	    unlikely((err = pskb_expand_head(skb, 0, 0, GFP_ATOMIC))))
		return err;
	if (len > skb_headlen(skb)) {
		/* the head stays, the paged data is cut */
		skb_frags_trim(skb, len - skb_headlen(skb));
		skb->data_len = len - skb_headlen(skb);
		skb->len = len;
		return 0;
	}
	skb_frags_trim(skb, 0);
	skb->len = len;
	skb->data_len = 0;
	skb_set_tail_pointer(skb, len);
	return 0;
}

void *pskb_put(struct sk_buff *skb, struct sk_buff *tail, int len)
{
	if (tail != skb) {
		skb->data_len += len;
		skb->len += len;
	}
	return skb_put(tail, len);
}

void *skb_pull_data(struct sk_buff *skb, size_t len)
{
	void *data = skb->data;

	if (skb->len < len)
		return NULL;
	skb_pull(skb, len);
	return data;
}

int __skb_pad(struct sk_buff *skb, int pad, bool free_on_error)
{
	int err, ntail;

	if (!skb_cloned(skb) && skb_tailroom(skb) >= pad) {
		memset(skb->data + skb->len, 0, pad);
		return 0;
	}
	ntail = skb->data_len + pad - (skb->end - skb->tail);
	if (likely(skb_cloned(skb) || ntail > 0)) {
		err = pskb_expand_head(skb, 0, ntail, GFP_ATOMIC);
		if (unlikely(err))
			goto free_skb;
	}
	err = skb_linearize(skb);
	if (unlikely(err))
		goto free_skb;
	memset(skb->data + skb->len, 0, pad);
	return 0;
free_skb:
	if (free_on_error)
		kfree_skb(skb);
	return err;
}

/*
 * len bytes at offset of the data (negative: into the headroom), the head's
 * first, then the fragments' in order: copied out, or in when store.
 */
static int skb_bits(const struct sk_buff *skb, int offset, u8 *buf, int len, bool store)
{
	const struct skb_shared_info *shinfo = skb_shinfo(skb);
	int start = skb_headlen(skb);
	int i, copy;

	if (offset > (int)skb->len - len)
		return -EFAULT;
	if (offset < 0 && -offset > (int)skb_headroom(skb))
		return -EFAULT;
	copy = min(start - offset, len);
	if (copy > 0) {
		if (store)
			memcpy(skb->data + offset, buf, copy);
		else
			memcpy(buf, skb->data + offset, copy);
		offset += copy;
		buf += copy;
		len -= copy;
	}
	for (i = 0; i < shinfo->nr_frags && len > 0; i++) {
		const skb_frag_t *frag = &shinfo->frags[i];
		int end = start + skb_frag_size(frag);
		u8 *p;

		copy = min(end - offset, len);
		if (copy > 0) {
			p = (u8 *)skb_frag_address(frag) + (offset - start);
			if (store)
				memcpy(p, buf, copy);
			else
				memcpy(buf, p, copy);
			offset += copy;
			buf += copy;
			len -= copy;
		}
		start = end;
	}
	return len > 0 ? -EFAULT : 0;
}

int skb_copy_bits(const struct sk_buff *skb, int offset, void *to, int len)
{
	return skb_bits(skb, offset, to, len, false);
}

int skb_store_bits(struct sk_buff *skb, int offset, const void *from, int len)
{
	return skb_bits(skb, offset, (u8 *)from, len, true);
}

void skb_add_rx_frag(struct sk_buff *skb, int i, struct page *page, int off, int size,
		     unsigned int truesize)
{
	skb_fill_page_desc(skb, i, page, off, size);
	skb->len += size;
	skb->data_len += size;
	skb->truesize += truesize;
	qdk_mem_bytes += truesize;
}

/*
 * A packet of header_len bytes of room in the head and data_len bytes in
 * page fragments, each of the largest order up to max_page_order that the
 * rest still fills (a smaller one when such a block is not to be had).
 */
struct sk_buff *alloc_skb_with_frags(unsigned long header_len, unsigned long data_len,
				     int max_page_order, int *errcode, gfp_t gfp_mask)
{
	struct sk_buff *skb;
	int order = max_page_order, i = 0;

	*errcode = -EMSGSIZE;
	if (data_len > MAX_SKB_FRAGS * (PAGE_SIZE << max_page_order))
		return NULL;
	*errcode = -ENOBUFS;
	skb = alloc_skb(header_len, gfp_mask);
	if (!skb)
		return NULL;
	while (data_len) {
		unsigned long npages = DIV_ROUND_UP(data_len, PAGE_SIZE), chunk;
		struct page *page = NULL;

		while (order && npages < (1UL << order))
			order--;
		while (order) {
			page = alloc_pages(gfp_mask | __GFP_COMP | __GFP_NOWARN | __GFP_NORETRY,
					   order);
			if (page)
				break;
			order--;
		}
		if (!page)
			page = alloc_page(gfp_mask);
		if (!page) {
			kfree_skb(skb);
			return NULL;
		}
		chunk = min_t(unsigned long, data_len, PAGE_SIZE << order);
		skb_fill_page_desc(skb, i++, page, 0, chunk);
		data_len -= chunk;
		skb->len += chunk;
		skb->data_len += chunk;
		skb->truesize += PAGE_SIZE << order;
		qdk_mem_bytes += PAGE_SIZE << order;
	}
	return skb;
}

/* fragment i (the last) grows by size bytes of its page */
void skb_coalesce_rx_frag(struct sk_buff *skb, int i, int size, unsigned int truesize)
{
	skb_frag_size_add(&skb_shinfo(skb)->frags[i], size);
	skb->len += size;
	skb->data_len += size;
	skb->truesize += truesize;
	qdk_mem_bytes += truesize;
}

/*
 * from's bytes appended to to: copied into to's tailroom when to is
 * private, linear and has the room, or from's
 * fragments moved over (with their references) when from has nothing in
 * its head; else refused, which the kernel may do too. The shim never
 * steals from's head, so *fragstolen is false.
 */
bool skb_try_coalesce(struct sk_buff *to, struct sk_buff *from, bool *fragstolen,
		      int *delta_truesize)
{
	struct skb_shared_info *tsh = skb_shinfo(to), *fsh = skb_shinfo(from);
	int len = from->len, i;

	*fragstolen = false;
	if (skb_cloned(to) || skb_zcopy(to) || skb_zcopy(from))
		return false;
	if (to->pp_recycle != from->pp_recycle)
		return false;
	if (len <= skb_tailroom(to)) {
		if (len)
			BUG_ON(skb_copy_bits(from, 0, skb_put(to, len), len));
		*delta_truesize = 0;
		return true;
	}
	if (skb_headlen(from) || skb_cloned(from) || skb_has_frag_list(to) ||
	    skb_has_frag_list(from) || tsh->nr_frags + fsh->nr_frags > MAX_SKB_FRAGS)
		return false;
	for (i = 0; i < fsh->nr_frags; i++)
		tsh->frags[tsh->nr_frags++] = fsh->frags[i];
	/* the references went with the fragments: from keeps none */
	fsh->nr_frags = 0;
	*delta_truesize = from->truesize - SKB_TRUESIZE(skb_end_offset(from));
	to->truesize += *delta_truesize;
	qdk_mem_bytes += *delta_truesize;
	to->len += len;
	to->data_len += len;
	return true;
}

/* from, after skb_try_coalesce(): its head was never stolen, so all of it goes */
void kfree_skb_partial(struct sk_buff *skb, bool head_stolen)
{
	WARN_ON_ONCE(head_stolen);
	__kfree_skb(skb);
}

void skb_append(struct sk_buff *old, struct sk_buff *newsk,
		struct sk_buff_head *list)
{
	__skb_queue_after(list, old, newsk);
}

void skb_split(struct sk_buff *skb, struct sk_buff *skb1, const u32 len)
{
	int pos = skb_headlen(skb);

	skb_shinfo(skb1)->flags |= skb_shinfo(skb)->flags & SKBFL_SHARED_FRAG;
	if (len < pos) {
		/* the head's bytes past len go to skb1 */
		skb_copy_from_linear_data_offset(skb, len, skb_put(skb1, pos - len),
						 pos - len);
		skb1->len += skb1->data_len;
		skb->data_len = 0;
		skb->len = len;
		skb_set_tail_pointer(skb, len);
	}
}

/* ---- checksums over the data ----------------------------------------------- */

__wsum __skb_checksum(const struct sk_buff *skb, int offset, int len,
		      __wsum csum, const struct skb_checksum_ops *ops)
{
	const struct skb_shared_info *shinfo = skb_shinfo(skb);
	int start = skb_headlen(skb);
	int i, copy, pos = 0;
	__wsum csum2;

	BUG_ON(offset < 0 || offset + len > (int)skb->len);
	copy = min(start - offset, len);
	if (copy > 0) {
		csum = ops->update(skb->data + offset, copy, csum);
		offset += copy;
		len -= copy;
		pos = copy;
	}
	/* each fragment summed alone, then added at its position (odd: swapped) */
	for (i = 0; i < shinfo->nr_frags && len > 0; i++) {
		const skb_frag_t *frag = &shinfo->frags[i];
		int end = start + skb_frag_size(frag);

		copy = min(end - offset, len);
		if (copy > 0) {
			csum2 = ops->update((u8 *)skb_frag_address(frag) + (offset - start),
					    copy, 0);
			csum = ops->combine(csum, csum2, pos, copy);
			offset += copy;
			len -= copy;
			pos += copy;
		}
		start = end;
	}
	return csum;
}

static __wsum skb_csum_update(const void *mem, int len, __wsum wsum)
{
	return csum_partial(mem, len, wsum);
}

static __wsum skb_csum_combine(__wsum csum, __wsum csum2, int offset, int len)
{
	return csum_block_add_ext(csum, csum2, offset, len);
}

__wsum skb_checksum(const struct sk_buff *skb, int offset, int len, __wsum csum)
{
	static const struct skb_checksum_ops ops = {
		.update = skb_csum_update,
		.combine = skb_csum_combine,
	};

	return __skb_checksum(skb, offset, len, csum, &ops);
}

__wsum skb_copy_and_csum_bits(const struct sk_buff *skb, int offset, u8 *to,
			      int len)
{
	BUG_ON(offset < 0 || offset + len > (int)skb->len);
	memcpy(to, skb->data + offset, len);
	return csum_partial(to, len, 0);
}

void skb_copy_and_csum_dev(const struct sk_buff *skb, u8 *to)
{
	__wsum csum;
	long csstart;

	if (skb->ip_summed == CHECKSUM_PARTIAL)
		csstart = skb_checksum_start_offset(skb);
	else
		csstart = skb_headlen(skb);
	BUG_ON(csstart > skb_headlen(skb));
	skb_copy_from_linear_data(skb, to, csstart);
	csum = 0;
	if (csstart != skb->len)
		csum = skb_copy_and_csum_bits(skb, csstart, to + csstart,
					      skb->len - csstart);
	if (skb->ip_summed == CHECKSUM_PARTIAL) {
		long csstuff = csstart + skb->csum_offset;

		*((__sum16 *)(to + csstuff)) = csum_fold(csum);
	}
}

static void skb_rx_csum_fault(const struct sk_buff *skb)
{
	pr_err("%s: hw csum failure\n", skb->dev ? "dev" : "<unknown>");
}

__sum16 __skb_checksum_complete_head(struct sk_buff *skb, int len)
{
	__sum16 sum = csum_fold(skb_checksum(skb, 0, len, skb->csum));

	if (likely(!sum)) {
		if (unlikely(skb->ip_summed == CHECKSUM_COMPLETE) &&
		    !skb->csum_complete_sw)
			skb_rx_csum_fault(skb);
	}
	if (!skb_shared(skb))
		skb->csum_valid = !sum;
	return sum;
}

__sum16 __skb_checksum_complete(struct sk_buff *skb)
{
	__wsum csum = skb_checksum(skb, 0, skb->len, 0);
	__sum16 sum = csum_fold(csum_add(skb->csum, csum));

	if (likely(!sum)) {
		if (unlikely(skb->ip_summed == CHECKSUM_COMPLETE) &&
		    !skb->csum_complete_sw)
			skb_rx_csum_fault(skb);
	}
	if (!skb_shared(skb)) {
		skb->csum = csum;
		skb->ip_summed = CHECKSUM_COMPLETE;
		skb->csum_complete_sw = 1;
		skb->csum_valid = !sum;
	}
	return sum;
}

bool skb_partial_csum_set(struct sk_buff *skb, u16 start, u16 off)
{
	u32 csum_end = (u32)start + (u32)off + sizeof(__sum16);
	u32 csum_start = skb_headroom(skb) + (u32)start;

	if (unlikely(csum_start >= U16_MAX || csum_end > skb_headlen(skb))) {
		pr_warn("bad partial csum: csum=%u/%u headroom=%u headlen=%u\n",
			start, off, skb_headroom(skb), skb_headlen(skb));
		return false;
	}
	skb->ip_summed = CHECKSUM_PARTIAL;
	skb->csum_start = csum_start;
	skb->csum_offset = off;
	skb->transport_header = csum_start;
	return true;
}

int pskb_trim_rcsum_slow(struct sk_buff *skb, unsigned int len)
{
	if (skb->ip_summed == CHECKSUM_COMPLETE) {
		int delta = skb->len - len;

		skb->csum = csum_block_sub(skb->csum,
					   skb_checksum(skb, len, delta, 0), len);
	} else if (skb->ip_summed == CHECKSUM_PARTIAL) {
		int hdlen = (len > skb_headlen(skb)) ? skb_headlen(skb) : len;
		int offset = skb_checksum_start_offset(skb) + skb->csum_offset;

		if (offset + sizeof(__sum16) > hdlen)
			return -EINVAL;
	}
	return __pskb_trim(skb, len);
}

void *skb_pull_rcsum(struct sk_buff *skb, unsigned int len)
{
	unsigned char *data = skb->data;

	BUG_ON(len > skb->len);
	__skb_pull(skb, len);
	skb_postpull_rcsum(skb, data, len);
	return skb->data;
}

/* ---- odds and ends ----------------------------------------------------------- */

void __skb_get_hash_net(const struct net *net, struct sk_buff *skb)
{
	__skb_get_hash(skb);	/* one namespace, one key */
}

/* no PHY timestamps, and no socket to report a software one to */
void skb_clone_tx_timestamp(struct sk_buff *skb)
{
}

void skb_tstamp_tx(struct sk_buff *orig_skb,
		   struct skb_shared_hwtstamps *hwtstamps)
{
}

/* No user pages ever: dropping the zerocopy state is all there is. */
int skb_copy_ubufs(struct sk_buff *skb, gfp_t gfp_mask)
{
	if (skb_shared(skb) || skb_unclone(skb, gfp_mask))
		return -EINVAL;
	/* no user pages to copy: the sender's buffers are released at once */
	skb_zcopy_clear(skb, false);
	return 0;
}

void skb_tx_error(struct sk_buff *skb)
{
	if (skb) {
		skb_zcopy_downgrade_managed(skb);
		skb_zcopy_clear(skb, true);
	}
}

struct sk_buff *__netdev_alloc_skb_noprof(struct net_device *dev,
					  unsigned int len, gfp_t gfp_mask)
{
	struct sk_buff *skb = alloc_skb_noprof(len + NET_SKB_PAD, gfp_mask);

	if (!skb)
		return NULL;
	skb_reserve(skb, NET_SKB_PAD);
	skb->dev = dev;
	return skb;
}

struct sk_buff *__napi_alloc_skb_noprof(struct napi_struct *napi,
					unsigned int len, gfp_t gfp_mask)
{
	struct sk_buff *skb = alloc_skb_noprof(len + NET_SKB_PAD + NET_IP_ALIGN,
					       gfp_mask);

	if (!skb)
		return NULL;
	skb_reserve(skb, NET_SKB_PAD + NET_IP_ALIGN);
	return skb;
}

void napi_consume_skb(struct sk_buff *skb, int budget)
{
	consume_skb(skb);
}

void skb_scrub_packet(struct sk_buff *skb, bool xnet)
{
	skb->pkt_type = PACKET_HOST;
	skb->skb_iif = 0;
	skb->ignore_df = 0;
	skb_dst_drop(skb);
	skb_ext_reset(skb);
	nf_reset_ct(skb);
	nf_reset_trace(skb);
	ipvs_reset(skb);
	if (!xnet)
		return;
	skb->mark = 0;
	skb_clear_tstamp(skb);
}

#define SKB_L1_CACHE_BYTES	64	/* x86's L1_CACHE_BYTES */

unsigned int skb_zerocopy_headlen(const struct sk_buff *from)
{
	unsigned int hlen = 0;

	if (!from->head_frag || skb_headlen(from) < SKB_L1_CACHE_BYTES ||
	    skb_shinfo(from)->nr_frags >= MAX_SKB_FRAGS) {
		hlen = skb_headlen(from);
		if (!hlen)
			hlen = from->len;
	}
	if (skb_has_frag_list(from))
		hlen = from->len;
	return hlen;
}

/*
 * len bytes of from appended to to, hlen of them copied (the rest would
 * be shared pages: the shim's packets are all head, so all are copied).
 */
int skb_zerocopy(struct sk_buff *to, struct sk_buff *from, int len, int hlen)
{
	if (len <= skb_tailroom(to))
		return skb_copy_bits(from, 0, skb_put(to, len), len);
	if (len > skb_tailroom(to) &&
	    pskb_expand_head(to, 0, len - skb_tailroom(to), GFP_ATOMIC))
		return -ENOMEM;
	return skb_copy_bits(from, 0, skb_put(to, len), len);
}

void skb_dump(const char *level, const struct sk_buff *skb, bool full_pkt)
{
	struct skb_shared_info *sh = skb_shinfo(skb);
	int headroom = skb_headroom(skb);
	int tailroom = skb_tailroom(skb);

	printk("%sskb len=%u headroom=%u headlen=%u tailroom=%u\n"
	       "mac=(%d,%d) net=(%d,%d) trans=%d\n"
	       "shinfo(txflags=%u nr_frags=%u gso(size=%hu type=%u segs=%hu))\n"
	       "csum(0x%x ip_summed=%u complete_sw=%u valid=%u level=%u)\n"
	       "hash(0x%x sw=%u l4=%u) proto=0x%04x pkttype=%u iif=%d\n",
	       level, skb->len, headroom, skb_headlen(skb), tailroom,
	       skb_mac_header_was_set(skb) ? skb->mac_header : -1,
	       skb_mac_header_was_set(skb) ? skb->network_header - skb->mac_header : -1,
	       skb->network_header,
	       skb_transport_header_was_set(skb) ?
			skb->transport_header - skb->network_header : -1,
	       skb_transport_header_was_set(skb) ? skb->transport_header : -1,
	       sh->tx_flags, sh->nr_frags, sh->gso_size, sh->gso_type, sh->gso_segs,
	       skb->csum, skb->ip_summed, skb->csum_complete_sw, skb->csum_valid,
	       skb->csum_level, skb->hash, skb->sw_hash, skb->l4_hash,
	       ntohs(skb->protocol), skb->pkt_type, skb->skb_iif);
	if (full_pkt) {
		/* headroom, linear data and tailroom, 16 bytes a line */
		const u8 *p = skb->head;
		int i, n = skb_end_offset(skb);

		for (i = 0; i < n; i += 16) {
			int k;

			printk("%sskb %08x:", level, i);
			for (k = i; k < i + 16 && k < n; k++)
				printk(KERN_CONT " %02x", p[k]);
			printk(KERN_CONT "\n");
		}
	}
}

/* the per-CPU fragment caches of netdev_alloc_frag() and napi_alloc_frag() */
static struct page_frag_cache netdev_frag_cache, napi_frag_cache;

void *__netdev_alloc_frag_align_noprof(unsigned int fragsz, unsigned int align_mask)
{
	fragsz = SKB_DATA_ALIGN(fragsz);
	return page_frag_alloc_align_noprof(&netdev_frag_cache, fragsz,
					    GFP_ATOMIC, align_mask);
}

void *__napi_alloc_frag_align_noprof(unsigned int fragsz, unsigned int align_mask)
{
	fragsz = SKB_DATA_ALIGN(fragsz);
	return page_frag_alloc_align_noprof(&napi_frag_cache, fragsz,
					    GFP_ATOMIC, align_mask);
}

/* the caches' own references back: a block goes once its fragments are freed */
static void skb_frag_cache_drain(struct page_frag_cache *nc)
{
	if (nc->va)
		__page_frag_cache_drain(virt_to_head_page(nc->va), nc->pagecnt_bias);
	memset(nc, 0, sizeof(*nc));
}

static void skb_frag_caches_drain(void)
{
	skb_frag_cache_drain(&netdev_frag_cache);
	skb_frag_cache_drain(&napi_frag_cache);
}

void __skb_warn_lro_forwarding(const struct sk_buff *skb)
{
	if (net_ratelimit())
		pr_warn("%s: received packets cannot be forwarded while LRO is enabled\n",
			skb->dev ? skb->dev->name : "(null)");
}

int sysctl_max_skb_frags = MAX_SKB_FRAGS;

bool skb_defer_rx_timestamp(struct sk_buff *skb)
{
	return false;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x's out-of-line walk over a frame's tags (linux/if_vlan.h): type is a
 * VLAN TPID; the first tag is at mac_len - VLAN_HLEN (ETH_HLEN when mac_len
 * is 0) after data + mac_offset. { 0 } when a tag is cut short or more than
 * VLAN_MAX_DEPTH deep.
 */
struct vlan_type_depth __vlan_get_protocol_offset(const struct sk_buff *skb, __be16 type,
						  int mac_offset)
{
	unsigned int vlan_depth = skb->mac_len, parse_depth = VLAN_MAX_DEPTH;

	if (!vlan_depth) {
		vlan_depth = ETH_HLEN;
	} else {
		if (WARN_ON_ONCE(vlan_depth < VLAN_HLEN))
			return (struct vlan_type_depth) { 0 };
		vlan_depth -= VLAN_HLEN;
	}
	do {
		struct vlan_hdr vhdr, *vh;

		vh = skb_header_pointer(skb, mac_offset + vlan_depth, sizeof(vhdr), &vhdr);
		if (unlikely(!vh || !--parse_depth))
			return (struct vlan_type_depth) { 0 };
		type = vh->h_vlan_encapsulated_proto;
		vlan_depth += VLAN_HLEN;
	} while (eth_type_vlan(type));

	return (struct vlan_type_depth) { .type = type, .depth = vlan_depth };
}
EXPORT_SYMBOL(__vlan_get_protocol_offset);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool csum_and_copy_from_iter_full(void *addr, size_t bytes, __wsum *csum, struct iov_iter *i)
{
	size_t copied = copy_from_iter(addr, bytes, i);

	if (likely(copied == bytes)) {
		*csum = csum_add(*csum, csum_partial(addr, bytes, 0));
		return true;
	}
	iov_iter_revert(i, copied);
	return false;
}
EXPORT_SYMBOL(csum_and_copy_from_iter_full);
#endif

/*
 * skb extensions. The kernel's sk_buff points at its block and keeps a mask
 * of the ids active for it (a clone shares the block but may drop an id);
 * the shim's sk_buff has no room for either, so this table pairs each skb
 * holding extensions with its block and mask. It is empty unless a module
 * adds extensions, and __qdk_skb_ext_users lets everyone else skip it.
 */
struct skb_ext_slot {
	const struct sk_buff *skb;
	struct skb_ext *ext;
	u8 active;
};

static struct skb_ext_slot *skb_ext_tab;
static unsigned int skb_ext_cap;
unsigned int __qdk_skb_ext_users;

/* each id's payload in 8-byte chunks: the kernel's struct, or room for it */
#define SKB_EXT_CHUNKS(size)	DIV_ROUND_UP(size, 8)
static const u8 skb_ext_type_len[SKB_EXT_NUM] = {
	[SKB_EXT_BRIDGE_NF] = SKB_EXT_CHUNKS(sizeof(struct nf_bridge_info)),
	/* struct sec_path, struct mptcp_ext, can_skb_ext: not in the shim */
	[SKB_EXT_SEC_PATH] = SKB_EXT_CHUNKS(128),
	[SKB_EXT_MPTCP] = SKB_EXT_CHUNKS(32),
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	[SKB_EXT_CAN] = SKB_EXT_CHUNKS(32),
#endif
};

/* one block holds every id, as the kernel's skbuff_ext_cache objects do */
static unsigned int skb_ext_total_length(void)
{
	unsigned int i, len = SKB_EXT_CHUNKS(sizeof(struct skb_ext));

	for (i = 0; i < SKB_EXT_NUM; i++)
		len += skb_ext_type_len[i];
	return len * 8;
}

static struct skb_ext_slot *skb_ext_slot(const struct sk_buff *skb)
{
	unsigned int i;

	for (i = 0; i < __qdk_skb_ext_users; i++)
		if (skb_ext_tab[i].skb == skb)
			return &skb_ext_tab[i];
	return NULL;
}

struct skb_ext *__qdk_skb_ext(const struct sk_buff *skb)
{
	struct skb_ext_slot *slot = skb_ext_slot(skb);

	return slot ? slot->ext : NULL;
}

/* skb holds ext with the ids in active (ext NULL or active 0: none) */
static void skb_ext_assign(struct sk_buff *skb, struct skb_ext *ext, u8 active)
{
	struct skb_ext_slot *slot = skb_ext_slot(skb);

	if (!ext || !active) {
		if (slot)
			*slot = skb_ext_tab[--__qdk_skb_ext_users];
		if (!__qdk_skb_ext_users) {
			qdk_host_free(skb_ext_tab);
			skb_ext_tab = NULL;
			skb_ext_cap = 0;
		}
		return;
	}
	if (!slot) {
		if (__qdk_skb_ext_users == skb_ext_cap) {
			unsigned int cap = skb_ext_cap ? 2 * skb_ext_cap : 16;
			struct skb_ext_slot *tab = qdk_host_alloc(cap * sizeof(*tab));

			if (!tab)
				qdk_host_abort();
			if (skb_ext_tab)
				memcpy(tab, skb_ext_tab, skb_ext_cap * sizeof(*tab));
			qdk_host_free(skb_ext_tab);
			skb_ext_tab = tab;
			skb_ext_cap = cap;
		}
		slot = &skb_ext_tab[__qdk_skb_ext_users++];
		slot->skb = skb;
	}
	slot->ext = ext;
	slot->active = active;
}

u8 __qdk_skb_ext_active(const struct sk_buff *skb)
{
	struct skb_ext_slot *slot = skb_ext_slot(skb);

	return slot ? slot->active : 0;
}

/* dst holds what src holds, block and ids (the caller counts references) */
void __qdk_skb_ext_share(struct sk_buff *dst, const struct sk_buff *src)
{
	struct skb_ext_slot *from = skb_ext_slot(src);

	if (from)
		skb_ext_assign(dst, from->ext, from->active);
	else
		skb_ext_assign(dst, NULL, 0);
}

void __qdk_skb_ext_clear(struct sk_buff *skb)
{
	skb_ext_assign(skb, NULL, 0);
}

static void *skb_ext_get_ptr(struct skb_ext *ext, enum skb_ext_id id)
{
	return (void *)ext + (ext->offset[id] << 3);
}

struct skb_ext *__skb_ext_alloc(gfp_t flags)
{
	struct skb_ext *new = kmalloc(skb_ext_total_length(), flags);

	if (new) {
		memset(new->offset, 0, sizeof(new->offset));
		new->chunks = 0;
		refcount_set(&new->refcnt, 1);
	}
	return new;
}
EXPORT_SYMBOL(__skb_ext_alloc);

void __skb_ext_put(struct skb_ext *ext)
{
	if (!ext)
		return;
	if (refcount_read(&ext->refcnt) != 1 && !refcount_dec_and_test(&ext->refcnt))
		return;
	kfree(ext);
}
EXPORT_SYMBOL(__skb_ext_put);

/* a private copy of a shared block, before one holder changes it */
static struct skb_ext *skb_ext_maybe_cow(struct skb_ext *old)
{
	struct skb_ext *new;

	if (refcount_read(&old->refcnt) == 1)
		return old;
	new = kmalloc(skb_ext_total_length(), GFP_ATOMIC);
	if (!new)
		return NULL;
	memcpy(new, old, old->chunks * 8);
	refcount_set(&new->refcnt, 1);
	__skb_ext_put(old);
	return new;
}

void *__skb_ext_set(struct sk_buff *skb, enum skb_ext_id id, struct skb_ext *ext)
{
	unsigned int newoff = SKB_EXT_CHUNKS(sizeof(*ext));

	skb_ext_put(skb);
	ext->chunks = newoff + skb_ext_type_len[id];
	ext->offset[id] = newoff;
	skb_ext_assign(skb, ext, 1 << id);
	return skb_ext_get_ptr(ext, id);
}
EXPORT_SYMBOL(__skb_ext_set);

void *skb_ext_add(struct sk_buff *skb, enum skb_ext_id id)
{
	struct skb_ext_slot *slot = skb_ext_slot(skb);
	struct skb_ext *new;
	u8 active = 0;

	if (slot) {
		active = slot->active;
		new = skb_ext_maybe_cow(slot->ext);
		if (!new)
			return NULL;
		if (!__skb_ext_exist(new, id)) {
			new->offset[id] = new->chunks;
			new->chunks += skb_ext_type_len[id];
		}
	} else {
		new = __skb_ext_alloc(GFP_ATOMIC);
		if (!new)
			return NULL;
		new->offset[id] = SKB_EXT_CHUNKS(sizeof(*new));
		new->chunks = new->offset[id] + skb_ext_type_len[id];
	}
	skb->slow_gro = 1;
	skb_ext_assign(skb, new, active | 1 << id);
	return skb_ext_get_ptr(new, id);
}
EXPORT_SYMBOL(skb_ext_add);

void __skb_ext_del(struct sk_buff *skb, enum skb_ext_id id)
{
	struct skb_ext_slot *slot = skb_ext_slot(skb);
	struct skb_ext *ext;
	u8 active;

	if (!slot)
		return;
	ext = slot->ext;
	active = slot->active & ~(1 << id);
	skb_ext_assign(skb, ext, active);
	if (!active)
		__skb_ext_put(ext);
}
EXPORT_SYMBOL(__skb_ext_del);

/*
 * VLAN and Ethernet headers pushed and popped on the frame (the datapath of
 * act_vlan, openvswitch and tunnels). The mac header must be at data.
 */
int __skb_vlan_pop(struct sk_buff *skb, u16 *vlan_tci)
{
	int offset = skb->data - skb_mac_header(skb);
	int err;

	if (WARN_ONCE(offset, "__skb_vlan_pop got skb with skb->data not at mac header (offset %d)\n",
		      offset))
		return -EINVAL;
	err = skb_ensure_writable(skb, VLAN_ETH_HLEN);
	if (unlikely(err))
		return err;
	skb_postpull_rcsum(skb, skb->data + (2 * ETH_ALEN), VLAN_HLEN);
	vlan_remove_tag(skb, vlan_tci);
	skb->mac_header += VLAN_HLEN;
	if (skb_network_offset(skb) < ETH_HLEN)
		skb_set_network_header(skb, ETH_HLEN);
	skb_reset_mac_len(skb);
	return 0;
}
EXPORT_SYMBOL(__skb_vlan_pop);

/* the outer tag goes; the next one in the frame, if any, becomes the accelerated one */
int skb_vlan_pop(struct sk_buff *skb)
{
	u16 vlan_tci;
	__be16 vlan_proto;
	int err;

	if (likely(skb_vlan_tag_present(skb))) {
		__vlan_hwaccel_clear_tag(skb);
	} else {
		if (unlikely(!eth_type_vlan(skb->protocol)))
			return 0;
		err = __skb_vlan_pop(skb, &vlan_tci);
		if (err)
			return err;
	}
	if (likely(!eth_type_vlan(skb->protocol)))
		return 0;
	vlan_proto = skb->protocol;
	err = __skb_vlan_pop(skb, &vlan_tci);
	if (unlikely(err))
		return err;
	__vlan_hwaccel_put_tag(skb, vlan_proto, vlan_tci);
	return 0;
}
EXPORT_SYMBOL(skb_vlan_pop);

/* a present accelerated tag moves into the frame; the new one is accelerated */
int skb_vlan_push(struct sk_buff *skb, __be16 vlan_proto, u16 vlan_tci)
{
	if (skb_vlan_tag_present(skb)) {
		int offset = skb->data - skb_mac_header(skb);
		int err;

		if (WARN_ONCE(offset,
			      "skb_vlan_push got skb with skb->data not at mac header (offset %d)\n",
			      offset))
			return -EINVAL;
		err = __vlan_insert_tag(skb, skb->vlan_proto, skb_vlan_tag_get(skb));
		if (err)
			return err;
		skb->protocol = skb->vlan_proto;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
		skb->network_header -= VLAN_HLEN;
#else
		skb->mac_len += VLAN_HLEN;
#endif
		skb_postpush_rcsum(skb, skb->data + (2 * ETH_ALEN), VLAN_HLEN);
	}
	__vlan_hwaccel_put_tag(skb, vlan_proto, vlan_tci);
	return 0;
}
EXPORT_SYMBOL(skb_vlan_push);

/* received with the tag in the frame: the tag becomes the accelerated one */
static struct sk_buff *skb_reorder_vlan_header(struct sk_buff *skb)
{
	int mac_len, meta_len;
	void *meta;

	if (skb_cow(skb, skb_headroom(skb)) < 0) {
		kfree_skb(skb);
		return NULL;
	}
	mac_len = skb->data - skb_mac_header(skb);
	if (likely(mac_len > VLAN_HLEN + ETH_TLEN))
		memmove(skb_mac_header(skb) + VLAN_HLEN, skb_mac_header(skb),
			mac_len - VLAN_HLEN - ETH_TLEN);
	meta_len = skb_metadata_len(skb);
	if (meta_len) {
		meta = skb_metadata_end(skb) - meta_len;
		memmove(meta + VLAN_HLEN, meta, meta_len);
	}
	skb->mac_header += VLAN_HLEN;
	return skb;
}

struct sk_buff *skb_vlan_untag(struct sk_buff *skb)
{
	struct vlan_hdr *vhdr;
	u16 vlan_tci;

	if (unlikely(skb_vlan_tag_present(skb)))
		return skb;
	skb = skb_share_check(skb, GFP_ATOMIC);
	if (unlikely(!skb))
		goto err_free;
	if (unlikely(!pskb_may_pull(skb, VLAN_HLEN + sizeof(unsigned short))))
		goto err_free;
	vhdr = (struct vlan_hdr *)skb->data;
	vlan_tci = ntohs(vhdr->h_vlan_TCI);
	__vlan_hwaccel_put_tag(skb, skb->protocol, vlan_tci);
	skb_pull_rcsum(skb, VLAN_HLEN);
	vlan_set_encap_proto(skb, vhdr);
	skb = skb_reorder_vlan_header(skb);
	if (unlikely(!skb))
		goto err_free;
	skb_reset_network_header(skb);
	if (!skb_transport_header_was_set(skb))
		skb_reset_transport_header(skb);
	skb_reset_mac_len(skb);
	return skb;
err_free:
	kfree_skb(skb);
	return NULL;
}
EXPORT_SYMBOL(skb_vlan_untag);

/* an Ethernet header before an L3 packet (network header at data) */
int skb_eth_push(struct sk_buff *skb, const unsigned char *dst, const unsigned char *src)
{
	struct ethhdr *eth;
	int err;

	if (WARN_ON_ONCE(skb_network_offset(skb) || skb_vlan_tag_present(skb)))
		return -EPROTO;
	err = skb_cow_head(skb, sizeof(*eth));
	if (err < 0)
		return err;
	skb_push(skb, sizeof(*eth));
	skb_reset_mac_header(skb);
	skb_reset_mac_len(skb);
	eth = eth_hdr(skb);
	ether_addr_copy(eth->h_dest, dst);
	ether_addr_copy(eth->h_source, src);
	eth->h_proto = skb->protocol;
	skb_postpush_rcsum(skb, eth, sizeof(*eth));
	return 0;
}
EXPORT_SYMBOL(skb_eth_push);

int skb_eth_pop(struct sk_buff *skb)
{
	if (!pskb_may_pull(skb, ETH_HLEN) || skb_vlan_tagged(skb) ||
	    skb_network_offset(skb) < ETH_HLEN)
		return -EPROTO;
	skb_pull_rcsum(skb, ETH_HLEN);
	skb_reset_mac_header(skb);
	skb_reset_mac_len(skb);
	return 0;
}
EXPORT_SYMBOL(skb_eth_pop);

/* the frags' page references become the packet's own (not the sender's) */
void __skb_zcopy_downgrade_managed(struct sk_buff *skb)
{
	int i;

	skb_shinfo(skb)->flags &= ~SKBFL_MANAGED_FRAG_REFS;
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++)
		skb_frag_ref(skb, i);
}
EXPORT_SYMBOL(__skb_zcopy_downgrade_managed);

/*
 * Reading a packet's bytes block by block (the text search's and crypto's
 * walk): each call finds the block holding offset consumed + from, in the
 * head, a fragment or a frag_list member, and hands back the rest of that
 * block (not cut at to, as in the kernel; callers cut it).
 */
void skb_prepare_seq_read(struct sk_buff *skb, unsigned int from, unsigned int to,
			  struct skb_seq_state *st)
{
	st->lower_offset = from;
	st->upper_offset = to;
	st->root_skb = skb;
	st->cur_skb = skb;
	st->frag_idx = 0;
	st->stepped_offset = 0;
	st->frag_data = NULL;
	st->frag_off = 0;
}
EXPORT_SYMBOL(skb_prepare_seq_read);

/* the block of skb's own bytes at *off, or 0 with *off moved past them */
static unsigned int skb_seq_block(struct sk_buff *skb, unsigned int *off, const u8 **data)
{
	struct skb_shared_info *sh = skb_shinfo(skb);
	unsigned int i;

	if (*off < skb_headlen(skb)) {
		*data = skb->data + *off;
		return skb_headlen(skb) - *off;
	}
	*off -= skb_headlen(skb);
	for (i = 0; i < sh->nr_frags; i++) {
		unsigned int size = skb_frag_size(&sh->frags[i]);

		if (*off < size) {
			*data = (const u8 *)skb_frag_address(&sh->frags[i]) + *off;
			return size - *off;
		}
		*off -= size;
	}
	return 0;
}

unsigned int skb_seq_read(unsigned int consumed, const u8 **data, struct skb_seq_state *st)
{
	unsigned int off = consumed + st->lower_offset, n;
	struct sk_buff *it;

	if (unlikely(off >= st->upper_offset))
		return 0;
	n = skb_seq_block(st->root_skb, &off, data);
	if (n) {
		st->cur_skb = st->root_skb;
		return n;
	}
	skb_walk_frags(st->root_skb, it) {
		n = skb_seq_block(it, &off, data);
		if (n) {
			st->cur_skb = it;
			return n;
		}
	}
	return 0;
}
EXPORT_SYMBOL(skb_seq_read);

/* nothing is mapped between calls here */
void skb_abort_seq_read(struct skb_seq_state *st)
{
	st->frag_data = NULL;
}
EXPORT_SYMBOL(skb_abort_seq_read);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* len bytes from offset into to; -EINVAL if the packet ends first */
int skb_copy_seq_read(struct skb_seq_state *st, int offset, void *to, int len)
{
	const u8 *data;
	u32 n;

	while ((n = skb_seq_read(offset, &data, st))) {
		if (n >= len) {
			memcpy(to, data, len);
			return 0;
		}
		memcpy(to, data, n);
		to += n;
		offset += n;
		len -= n;
	}
	return -EINVAL;
}
EXPORT_SYMBOL(skb_copy_seq_read);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a tagger's needs: dev's headroom and tailroom (short frames padded later) */
int skb_ensure_writable_head_tail(struct sk_buff *skb, struct net_device *dev)
{
	int headroom = dev->needed_headroom;
	int tailroom = dev->needed_tailroom;

	if (unlikely(tailroom && skb->len < ETH_ZLEN))
		tailroom += ETH_ZLEN - skb->len;
	headroom = max_t(int, headroom - (int)skb_headroom(skb), 0);
	tailroom = max_t(int, tailroom - skb_tailroom(skb), 0);
	if (likely(!headroom && !tailroom && !skb_cloned(skb)))
		return 0;
	return pskb_expand_head(skb, headroom, tailroom, GFP_ATOMIC);
}
EXPORT_SYMBOL(skb_ensure_writable_head_tail);
#endif

/* ---- a socket's error queue (etf's late packets, timestamps) ------------- */

static void sock_rmem_free(struct sk_buff *skb)
{
	struct sock *sk = skb->sk;

	atomic_sub(skb->truesize, &sk->sk_rmem_alloc);
}

/* the error queue is charged to the socket's receive buffer */
int sock_queue_err_skb(struct sock *sk, struct sk_buff *skb)
{
	if (atomic_read(&sk->sk_rmem_alloc) + skb->truesize >=
	    (unsigned int)READ_ONCE(sk->sk_rcvbuf))
		return -ENOMEM;
	skb_orphan(skb);
	skb->sk = sk;
	skb->destructor = sock_rmem_free;
	atomic_add(skb->truesize, &sk->sk_rmem_alloc);
	skb_set_err_queue(skb);
	skb_dst_force(skb);
	skb_queue_tail(&sk->sk_error_queue, skb);
	if (!sock_flag(sk, SOCK_DEAD))
		sk_error_report(sk);
	return 0;
}
EXPORT_SYMBOL(sock_queue_err_skb);
