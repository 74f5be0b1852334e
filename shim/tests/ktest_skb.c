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
