// SPDX-License-Identifier: GPL-2.0
/*
 * skbuff.c - sk_buff allocation and freeing. Freed skbs keep their data
 * buffer and go to a free list, so a replay allocates nothing per packet;
 * leak accounting counts an skb as live from alloc to free either way, and
 * keeps it on a list of live skbs with its allocation site (the
 * alloc_hooks() tag of alloc_skb()/skb_copy()/skb_clone(), see
 * linux/alloc_tag.h) for qdk_mem_leaks().
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/jhash.h>
#include <net/checksum.h>
#include <net/sch_generic.h>

#include "host.h"
#include "shim.h"
#include "../api/qdk_api.h"

void (*qdk_skb_drop_hook)(struct sk_buff *skb);
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

/* An skb with a buffer of at least need bytes: head and __qdk_bufsize set. */
static struct sk_buff *skb_obj_get(unsigned int need)
{
	unsigned int c = DIV_ROUND_UP(need, SKB_CLASS);
	struct sk_buff *skb;
	unsigned char *head;

	if (unlikely(skb_own(need))) {
		skb = qdk_host_alloc(sizeof(*skb));
		head = qdk_host_alloc(need);
		if (!skb || !head) {
			qdk_host_free(skb);
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
		qdk_host_free(skb);
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
	if (qdk_alloc_fails())
		return NULL;
	return qdk_skb_alloc(size);
}

static void skb_release(struct sk_buff *skb)
{
	if (!skb->__qdk_live) {
		qdk_host_log("qdk: double free of skb %p (id %llu)\n", skb,
			     (unsigned long long)skb->__qdk_id);
		qdk_host_abort();
	}
	if (skb->destructor)
		skb->destructor(skb);
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
void qdk_skb_cache_drain(void)
{
	if (skb_live.__qdk_live_next != &skb_live)
		return;
	while (skb_chunks) {
		struct skb_chunk *chunk = skb_chunks;

		skb_chunks = chunk->next;
		qdk_host_pages_free(chunk, chunk->len);
	}
	memset(skb_class, 0, sizeof(skb_class));
	memset(&skb_structs, 0, sizeof(skb_structs));
}

void __kfree_skb(struct sk_buff *skb)
{
	skb_release(skb);
}

void kfree_skb_reason(struct sk_buff *skb, enum skb_drop_reason reason)
{
	if (unlikely(!skb))
		return;
	if (!skb_unref(skb))
		return;
	if (skb->__qdk_id && qdk_skb_drop_hook)
		qdk_skb_drop_hook(skb);
	skb_release(skb);
}

void consume_skb(struct sk_buff *skb)
{
	if (unlikely(!skb))
		return;
	if (!skb_unref(skb))
		return;
	skb_release(skb);
}

void kfree_skb_list_reason(struct sk_buff *segs, enum skb_drop_reason reason)
{
	while (segs) {
		struct sk_buff *next = segs->next;

		kfree_skb_reason(segs, reason);
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
	struct sk_buff *n = qdk_alloc_fails() ? NULL : qdk_skb_alloc(size);
	unsigned char *head;
	unsigned int bufsize;

	if (!n)
		return NULL;
	head = n->head;
	bufsize = n->__qdk_bufsize;
	qdk_mem_bytes -= n->truesize;
	memcpy(n, skb, offsetof(struct sk_buff, head));
	n->head = head;
	n->data = head + (skb->data - skb->head);
	memcpy(head, skb->head, skb->end);
	memcpy(skb_shinfo(n), skb_shinfo(skb), sizeof(struct skb_shared_info));
	n->end = skb->end;
	n->truesize = skb->truesize;
	n->next = n->prev = NULL;
	n->sk = NULL;
	n->destructor = NULL;
	refcount_set(&n->users, 1);
	n->__qdk_id = 0;	/* a copy is a new packet for the trace */
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

