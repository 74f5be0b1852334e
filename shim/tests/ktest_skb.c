// SPDX-License-Identifier: GPL-2.0
/* ktest_skb.c - sk_buff lifecycle and buffer operations. */
#include <linux/kernel.h>
#include <linux/skbuff.h>

#include "ktest.h"

KTEST(skb, put_push_pull)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	u8 *p;

	KT_ASSERT(skb, "alloc_skb failed");
	KT_EQ(skb->len, 0);
	KT_EQ(skb_headroom(skb), 0);
	KT_ASSERT(skb_tailroom(skb) >= 256, "tailroom %d", skb_tailroom(skb));
	skb_reserve(skb, 32);
	KT_EQ(skb_headroom(skb), 32);
	p = skb_put(skb, 100);
	KT_ASSERT(p == skb->data, "put returns the old tail");
	KT_EQ(skb->len, 100);
	KT_ASSERT(skb_tail_pointer(skb) == skb->data + 100, "tail");
	p = skb_push(skb, 14);
	KT_ASSERT(p == skb->data, "push returns the new data");
	KT_EQ(skb->len, 114);
	KT_EQ(skb_headroom(skb), 18);
	p = skb_pull(skb, 14);
	KT_EQ(skb->len, 100);
	KT_ASSERT(p == skb->data, "pull returns the new data");
	KT_ASSERT(skb_pull(skb, 101) == NULL, "pull past len fails");
	KT_EQ(skb->len, 100);
	kfree_skb(skb);
	return 0;
}

KTEST(skb, header_offsets)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);

	skb_reserve(skb, 16);
	skb_put(skb, 60);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	skb_set_transport_header(skb, ETH_HLEN + 20);
	KT_EQ(skb_mac_offset(skb), 0);
	KT_EQ(skb_network_offset(skb), 14);
	KT_EQ(skb_transport_offset(skb), 34);
	KT_EQ(skb_network_header_len(skb), 20);
	KT_ASSERT(skb_network_header(skb) == skb->data + 14, "nh");
	skb_pull(skb, ETH_HLEN);
	KT_EQ(skb_network_offset(skb), 0);
	KT_EQ(skb_mac_offset(skb), -14);
	KT_ASSERT(pskb_may_pull(skb, 46), "all linear bytes may be pulled");
	KT_ASSERT(!pskb_may_pull(skb, 47), "not past len");
	kfree_skb(skb);
	return 0;
}

KTEST(skb, shinfo_and_gso)
{
	struct sk_buff *skb = alloc_skb(1500, GFP_KERNEL);

	KT_ASSERT((unsigned char *)skb_shinfo(skb) == skb_end_pointer(skb),
		  "shinfo lives at end");
	KT_EQ(skb_shinfo(skb)->gso_size, 0);
	KT_ASSERT(!skb_is_gso(skb), "fresh skb is not GSO");
	skb_shinfo(skb)->gso_size = 1448;
	skb_shinfo(skb)->gso_segs = 3;
	KT_ASSERT(skb_is_gso(skb), "gso_size makes it GSO");
	KT_EQ(refcount_read(&skb->users), 1);
	KT_ASSERT(skb->truesize >= 1500, "truesize %u", skb->truesize);
	consume_skb(skb);
	return 0;
}

KTEST(skb, reuse_is_clean)
{
	struct sk_buff *a = alloc_skb(200, GFP_KERNEL), *b;

	a->priority = 7;
	a->mark = 9;
	a->cb[5] = 1;
	skb_shinfo(a)->gso_size = 100;
	kfree_skb(a);
	b = alloc_skb(100, GFP_KERNEL);
	KT_EQ(b->priority, 0);
	KT_EQ(b->mark, 0);
	KT_EQ(b->cb[5], 0);
	KT_EQ(skb_shinfo(b)->gso_size, 0);
	KT_EQ(b->len, 0);
	KT_EQ(skb_headroom(b), 0);
	kfree_skb(b);
	return 0;
}

KTEST(skb, refcount_get)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
	long objs = qdk_test_mem_objects();

	skb_get(skb);
	kfree_skb(skb);		/* drops one reference only */
	KT_EQ(qdk_test_mem_objects(), objs);
	KT_EQ(refcount_read(&skb->users), 1);
	kfree_skb(skb);
	KT_EQ(qdk_test_mem_objects(), objs - 1);
	return 0;
}

KTEST(skb, kfree_skb_list_frees_all)
{
	long objs = qdk_test_mem_objects();
	struct sk_buff *head = NULL;
	int i;

	for (i = 0; i < 5; i++) {
		struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

		skb->next = head;
		head = skb;
	}
	KT_EQ(qdk_test_mem_objects(), objs + 5);
	kfree_skb_list(head);
	KT_EQ(qdk_test_mem_objects(), objs);
	kfree_skb(NULL);
	consume_skb(NULL);
	return 0;
}

KTEST(skb, queue_head_ops)
{
	struct sk_buff_head q;
	struct sk_buff *s[4], *skb;
	int i;

	__skb_queue_head_init(&q);
	KT_ASSERT(skb_queue_empty(&q), "empty");
	KT_ASSERT(skb_peek(&q) == NULL && skb_peek_tail(&q) == NULL, "peek empty");
	for (i = 0; i < 4; i++) {
		s[i] = alloc_skb(64, GFP_KERNEL);
		s[i]->mark = i;
	}
	__skb_queue_tail(&q, s[1]);
	__skb_queue_tail(&q, s[2]);
	__skb_queue_head(&q, s[0]);
	__skb_queue_tail(&q, s[3]);
	KT_EQ(skb_queue_len(&q), 4);
	KT_ASSERT(skb_peek(&q) == s[0], "head");
	KT_ASSERT(skb_peek_tail(&q) == s[3], "tail");
	i = 0;
	skb_queue_walk(&q, skb)
		KT_EQ(skb->mark, i++);
	__skb_unlink(s[2], &q);
	KT_EQ(skb_queue_len(&q), 3);
	kfree_skb(s[2]);
	skb = __skb_dequeue_tail(&q);
	KT_ASSERT(skb == s[3], "dequeue_tail");
	kfree_skb(skb);
	skb = __skb_dequeue(&q);
	KT_ASSERT(skb == s[0], "dequeue");
	kfree_skb(skb);
	__skb_queue_purge(&q);
	KT_ASSERT(skb_queue_empty(&q), "purged");
	KT_EQ(skb_queue_len(&q), 0);
	return 0;
}

KTEST(skb, software_hash_is_stable)
{
	struct sk_buff *a = alloc_skb(128, GFP_KERNEL);
	struct sk_buff *b = alloc_skb(128, GFP_KERNEL);
	u32 ha, hb;

	skb_put(a, 60);
	skb_put(b, 60);
	KT_EQ(a->l4_hash, 0);
	ha = skb_get_hash(a);
	hb = skb_get_hash(b);
	KT_ASSERT(ha == hb, "same bytes, same hash");
	KT_ASSERT(ha != 0, "never 0");
	__skb_set_hash(b, 0x1234, false, true);
	KT_EQ(skb_get_hash(b), 0x1234);
	kfree_skb(a);
	kfree_skb(b);
	return 0;
}
