/* SPDX-License-Identifier: GPL-2.0 */
/*
 * skb_array: a ptr_ring of sk_buffs (linux/ptr_ring.h); what the ring
 * cannot take back or keep is freed with kfree_skb().
 */
#ifndef _LINUX_SKB_ARRAY_H
#define _LINUX_SKB_ARRAY_H 1

#include <linux/ptr_ring.h>
#include <linux/skbuff.h>
#include <linux/if_vlan.h>

struct skb_array {
	struct ptr_ring ring;
};

/* one wrapper per ring operation, the skb in place of the pointer */
#define __QDK_SKB_ARRAY_OP(ret, name, call, ...)			\
static inline ret name(struct skb_array *a, ##__VA_ARGS__)		\
{									\
	return call;							\
}

__QDK_SKB_ARRAY_OP(bool, __skb_array_full, __ptr_ring_full(&a->ring))
__QDK_SKB_ARRAY_OP(bool, skb_array_full, ptr_ring_full(&a->ring))
__QDK_SKB_ARRAY_OP(int, skb_array_produce, ptr_ring_produce(&a->ring, skb), struct sk_buff *skb)
__QDK_SKB_ARRAY_OP(int, skb_array_produce_irq, ptr_ring_produce_irq(&a->ring, skb), struct sk_buff *skb)
__QDK_SKB_ARRAY_OP(int, skb_array_produce_bh, ptr_ring_produce_bh(&a->ring, skb), struct sk_buff *skb)
__QDK_SKB_ARRAY_OP(int, skb_array_produce_any, ptr_ring_produce_any(&a->ring, skb), struct sk_buff *skb)
__QDK_SKB_ARRAY_OP(bool, __skb_array_empty, __ptr_ring_empty(&a->ring))
__QDK_SKB_ARRAY_OP(struct sk_buff *, __skb_array_peek, __ptr_ring_peek(&a->ring))
__QDK_SKB_ARRAY_OP(bool, skb_array_empty, ptr_ring_empty(&a->ring))
__QDK_SKB_ARRAY_OP(bool, skb_array_empty_bh, ptr_ring_empty_bh(&a->ring))
__QDK_SKB_ARRAY_OP(bool, skb_array_empty_irq, ptr_ring_empty_irq(&a->ring))
__QDK_SKB_ARRAY_OP(bool, skb_array_empty_any, ptr_ring_empty_any(&a->ring))
__QDK_SKB_ARRAY_OP(struct sk_buff *, __skb_array_consume, __ptr_ring_consume(&a->ring))
__QDK_SKB_ARRAY_OP(struct sk_buff *, skb_array_consume, ptr_ring_consume(&a->ring))
__QDK_SKB_ARRAY_OP(struct sk_buff *, skb_array_consume_irq, ptr_ring_consume_irq(&a->ring))
__QDK_SKB_ARRAY_OP(struct sk_buff *, skb_array_consume_any, ptr_ring_consume_any(&a->ring))
__QDK_SKB_ARRAY_OP(struct sk_buff *, skb_array_consume_bh, ptr_ring_consume_bh(&a->ring))
__QDK_SKB_ARRAY_OP(int, skb_array_consume_batched,
		   ptr_ring_consume_batched(&a->ring, (void **)array, n),
		   struct sk_buff **array, int n)
__QDK_SKB_ARRAY_OP(int, skb_array_consume_batched_irq,
		   ptr_ring_consume_batched_irq(&a->ring, (void **)array, n),
		   struct sk_buff **array, int n)
__QDK_SKB_ARRAY_OP(int, skb_array_consume_batched_any,
		   ptr_ring_consume_batched_any(&a->ring, (void **)array, n),
		   struct sk_buff **array, int n)
__QDK_SKB_ARRAY_OP(int, skb_array_consume_batched_bh,
		   ptr_ring_consume_batched_bh(&a->ring, (void **)array, n),
		   struct sk_buff **array, int n)

/* the length of the head skb with its VLAN tag counted; 0 when empty */
static inline int __skb_array_len_with_tag(struct sk_buff *skb)
{
	if (unlikely(!skb))
		return 0;
	return skb->len + (skb_vlan_tag_present(skb) ? VLAN_HLEN : 0);
}

__QDK_SKB_ARRAY_OP(int, skb_array_peek_len,
		   PTR_RING_PEEK_CALL(&a->ring, __skb_array_len_with_tag))
__QDK_SKB_ARRAY_OP(int, skb_array_peek_len_irq,
		   PTR_RING_PEEK_CALL_IRQ(&a->ring, __skb_array_len_with_tag))
__QDK_SKB_ARRAY_OP(int, skb_array_peek_len_bh,
		   PTR_RING_PEEK_CALL_BH(&a->ring, __skb_array_len_with_tag))
__QDK_SKB_ARRAY_OP(int, skb_array_peek_len_any,
		   PTR_RING_PEEK_CALL_ANY(&a->ring, __skb_array_len_with_tag))

static inline int skb_array_init_noprof(struct skb_array *a, int size, gfp_t gfp)
{
	return ptr_ring_init_noprof(&a->ring, size, gfp);
}
#define skb_array_init(...)	alloc_hooks(skb_array_init_noprof(__VA_ARGS__))

static void __skb_array_destroy_skb(void *ptr)
{
	kfree_skb(ptr);
}

static inline void skb_array_unconsume(struct skb_array *a, struct sk_buff **skbs, int n)
{
	ptr_ring_unconsume(&a->ring, (void **)skbs, n, __skb_array_destroy_skb);
}

static inline int skb_array_resize_noprof(struct skb_array *a, int size, gfp_t gfp)
{
	return ptr_ring_resize_noprof(&a->ring, size, gfp, __skb_array_destroy_skb);
}
#define skb_array_resize(...)	alloc_hooks(skb_array_resize_noprof(__VA_ARGS__))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline int skb_array_resize_multiple_bh_noprof(struct skb_array **rings,
						      int nrings, unsigned int size,
						      gfp_t gfp)
{
	BUILD_BUG_ON(offsetof(struct skb_array, ring));
	return ptr_ring_resize_multiple_bh_noprof((struct ptr_ring **)rings, nrings,
						  size, gfp, __skb_array_destroy_skb);
}
#define skb_array_resize_multiple_bh(...) \
	alloc_hooks(skb_array_resize_multiple_bh_noprof(__VA_ARGS__))
#else
static inline int skb_array_resize_multiple_noprof(struct skb_array **rings,
						   int nrings, unsigned int size,
						   gfp_t gfp)
{
	BUILD_BUG_ON(offsetof(struct skb_array, ring));
	return ptr_ring_resize_multiple_noprof((struct ptr_ring **)rings, nrings,
					       size, gfp, __skb_array_destroy_skb);
}
#define skb_array_resize_multiple(...) \
	alloc_hooks(skb_array_resize_multiple_noprof(__VA_ARGS__))
#endif

static inline void skb_array_cleanup(struct skb_array *a)
{
	ptr_ring_cleanup(&a->ring, __skb_array_destroy_skb);
}

#endif /* _LINUX_SKB_ARRAY_H */
