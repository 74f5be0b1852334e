// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_skb_frags.c - paged fragments of linux/skbuff.h: a driver's receive
 * pages added (skb_add_rx_frag(), skb_fill_page_desc(), coalescing), read
 * across the head and the pages (skb_copy_bits(), skb_header_pointer(),
 * skb_checksum()), pulled into the head (pskb_may_pull(), skb_linearize()),
 * trimmed, copied with their page references, coalesced packets, and the
 * bytes to and from an iov_iter (net/core/datagram.c, skb_add_data()).
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/uio.h>
#include <linux/socket.h>
#include <net/checksum.h>

#include "ktest.h"

/* a page whose bytes are base, base + 1, ... */
static struct page *mkpage(u8 base)
{
	struct page *page = alloc_page(GFP_KERNEL);
	u8 *p;
	int i;

	if (!page)
		return NULL;
	p = page_address(page);
	for (i = 0; i < PAGE_SIZE; i++)
		p[i] = base + i;
	return page;
}

/* 8 bytes 0..7 in the head, then 100 bytes of a page from 10, 50 of another from 20 */
static struct sk_buff *mkfrags(struct page **pa, struct page **pb)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
	int i;

	if (!skb)
		return NULL;
	skb_reserve(skb, 16);
	for (i = 0; i < 8; i++)
		skb_put_u8(skb, i);
	*pa = mkpage(0);
	*pb = mkpage(100);
	skb_add_rx_frag(skb, 0, *pa, 10, 100, PAGE_SIZE);
	skb_add_rx_frag(skb, 1, *pb, 20, 50, PAGE_SIZE);
	return skb;
}

/* the byte at offset of mkfrags()' data */
static u8 want(int off)
{
	if (off < 8)
		return off;
	if (off < 108)
		return 10 + (off - 8);
	return 100 + 20 + (off - 108);
}

KTEST(skbfrag, add_rx_frag_and_copy_bits)
{
	struct page *pa, *pb;
	struct sk_buff *skb = mkfrags(&pa, &pb);
	unsigned int truesize;
	u8 buf[158];
	int i;

	KT_ASSERT(skb, "alloc");
	KT_EQ(skb->len, 158);
	KT_EQ(skb->data_len, 150);
	KT_EQ(skb_headlen(skb), 8);
	KT_EQ(skb_shinfo(skb)->nr_frags, 2);
	KT_ASSERT(skb_is_nonlinear(skb), "nonlinear");
	KT_EQ(skb_pagelen(skb), 158);
	KT_EQ(skb_tailroom(skb), 0);
	KT_EQ(skb_copy_bits(skb, 0, buf, 158), 0);
	for (i = 0; i < 158; i++)
		KT_ASSERT(buf[i] == want(i), "byte %d: %u", i, buf[i]);
	KT_EQ(skb_copy_bits(skb, 100, buf, 20), 0);	/* across the two pages */
	for (i = 0; i < 20; i++)
		KT_EQ(buf[i], want(100 + i));
	KT_EQ(skb_copy_bits(skb, 150, buf, 9), -EFAULT);
	/* continuing bytes of the last page grow its fragment */
	KT_ASSERT(skb_can_coalesce(skb, 2, pb, 70), "continues");
	KT_ASSERT(!skb_can_coalesce(skb, 2, pb, 71), "gap");
	KT_ASSERT(!skb_can_coalesce(skb, 2, pa, 70), "other page");
	KT_ASSERT(!skb_can_coalesce(skb, 0, pb, 70), "no fragment before");
	truesize = skb->truesize;
	skb_coalesce_rx_frag(skb, 1, 10, 64);
	KT_EQ(skb_frag_size(&skb_shinfo(skb)->frags[1]), 60);
	KT_EQ(skb->len, 168);
	KT_EQ(skb->data_len, 160);
	KT_EQ(skb->truesize, truesize + 64);
	KT_EQ(page_ref_count(pa), 1);		/* the fragment's reference */
	get_page(pa);
	kfree_skb(skb);
	KT_EQ(page_ref_count(pa), 1);		/* only ours is left */
	put_page(pa);
	return 0;
}

KTEST(skbfrag, store_bits_header_pointer_checksum)
{
	struct page *pa, *pb;
	struct sk_buff *skb = mkfrags(&pa, &pb);
	u8 buf[158], tmp[16], *p;
	int i;

	KT_ASSERT(skb, "alloc");
	/* in the head: a pointer into it; across the pages: the copy */
	p = skb_header_pointer(skb, 2, 4, tmp);
	KT_ASSERT(p == skb->data + 2, "head pointer");
	p = skb_header_pointer(skb, 104, 8, tmp);
	KT_ASSERT(p == tmp, "copied");
	for (i = 0; i < 8; i++)
		KT_EQ(p[i], want(104 + i));
	KT_ASSERT(!skb_header_pointer(skb, 152, 8, tmp), "past the end");
	/* the sum over head and pages is the sum of the same bytes flat */
	KT_EQ(skb_copy_bits(skb, 0, buf, 158), 0);
	KT_EQ(csum_fold(skb_checksum(skb, 0, 158, 0)), csum_fold(csum_partial(buf, 158, 0)));
	KT_EQ(csum_fold(skb_checksum(skb, 3, 140, 0)), csum_fold(csum_partial(buf + 3, 140, 0)));
	/* written across the head and the first page */
	memset(tmp, 0xee, sizeof(tmp));
	KT_EQ(skb_store_bits(skb, 4, tmp, 10), 0);
	KT_EQ(((u8 *)page_address(pa))[10 + 5], 0xee);
	KT_EQ(((u8 *)page_address(pa))[10 + 6], want(14));
	KT_EQ(skb->data[4], 0xee);
	KT_EQ(skb_store_bits(skb, 150, tmp, 9), -EFAULT);
	kfree_skb(skb);
	return 0;
}

KTEST(skbfrag, may_pull_linearize_trim)
{
	struct page *pa, *pb;
	struct sk_buff *skb = mkfrags(&pa, &pb);
	int i;

	KT_ASSERT(skb, "alloc");
	get_page(pa);
	get_page(pb);
	KT_ASSERT(!pskb_may_pull(skb, 159), "more than the packet");
	KT_ASSERT(pskb_may_pull(skb, 8), "the head");
	KT_EQ(skb_headlen(skb), 8);
	/* 20 bytes of the first page move into the head */
	KT_ASSERT(pskb_may_pull(skb, 28), "pull");
	KT_EQ(skb_headlen(skb), 28);
	KT_EQ(skb->data_len, 130);
	KT_EQ(skb->len, 158);
	KT_EQ(skb_shinfo(skb)->nr_frags, 2);
	KT_EQ(skb_frag_off(&skb_shinfo(skb)->frags[0]), 30);
	KT_EQ(skb_frag_size(&skb_shinfo(skb)->frags[0]), 80);
	for (i = 0; i < 28; i++)
		KT_EQ(skb->data[i], want(i));
	/* past the first page: it is emptied and its reference put */
	KT_ASSERT(pskb_may_pull(skb, 118), "pull across");
	KT_EQ(skb_shinfo(skb)->nr_frags, 1);
	KT_EQ(page_ref_count(pa), 1);
	KT_EQ(skb_frag_off(&skb_shinfo(skb)->frags[0]), 30);
	for (i = 0; i < 118; i++)
		KT_EQ(skb->data[i], want(i));
	/* trimmed into the last page, then into the head */
	KT_EQ(pskb_trim(skb, 130), 0);
	KT_EQ(skb->len, 130);
	KT_EQ(skb->data_len, 12);
	KT_EQ(skb_frag_size(&skb_shinfo(skb)->frags[0]), 12);
	KT_EQ(pskb_trim(skb, 100), 0);
	KT_EQ(skb->data_len, 0);
	KT_EQ(skb_shinfo(skb)->nr_frags, 0);
	KT_EQ(page_ref_count(pb), 1);
	KT_EQ(skb_headlen(skb), 100);
	kfree_skb(skb);
	put_page(pa);
	put_page(pb);

	skb = mkfrags(&pa, &pb);
	KT_ASSERT(skb, "alloc");
	KT_EQ(skb_linearize(skb), 0);
	KT_ASSERT(!skb_is_nonlinear(skb), "linear");
	KT_EQ(skb_headlen(skb), 158);
	for (i = 0; i < 158; i++)
		KT_EQ(skb->data[i], want(i));
	kfree_skb(skb);
	return 0;
}

KTEST(skbfrag, fill_page_desc_copy_refs)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL), *c;
	struct page *page = mkpage(0);
	u8 buf[4];

	KT_ASSERT(skb && page, "alloc");
	__skb_fill_page_desc(skb, 0, page, 4, 30);
	KT_EQ(skb_shinfo(skb)->nr_frags, 0);		/* not counted yet */
	skb_fill_page_desc(skb, 0, page, 4, 30);
	KT_EQ(skb_shinfo(skb)->nr_frags, 1);
	skb_fill_page_desc_noacc(skb, 1, page, 40, 10);
	KT_EQ(skb_shinfo(skb)->nr_frags, 2);
	KT_ASSERT(skb_frag_page(&skb_shinfo(skb)->frags[1]) == page, "page");
	KT_EQ(skb_frag_off(&skb_shinfo(skb)->frags[1]), 40);
	get_page(page);				/* two fragments, two references */
	skb->len += 40;
	skb->data_len += 40;
	KT_EQ(skb_pagelen(skb), 40);
	c = skb_clone(skb, GFP_ATOMIC);
	KT_ASSERT(c, "clone");
	KT_EQ(page_ref_count(page), 4);
	KT_EQ(skb_copy_bits(c, 30, buf, 4), 0);
	KT_EQ(buf[0], 40);
	kfree_skb(skb);
	KT_EQ(page_ref_count(page), 2);
	get_page(page);
	kfree_skb(c);
	KT_EQ(page_ref_count(page), 1);
	put_page(page);
	return 0;
}

KTEST(skbfrag, try_coalesce)
{
	struct sk_buff *to = alloc_skb(256, GFP_KERNEL), *from = alloc_skb(64, GFP_KERNEL);
	struct page *pa, *pb;
	int delta = -1;
	bool stolen = true;

	KT_ASSERT(to && from, "alloc");
	skb_put_data(to, "abc", 3);
	skb_put_data(from, "defg", 4);
	KT_ASSERT(skb_try_coalesce(to, from, &stolen, &delta), "fits the tailroom");
	KT_ASSERT(!stolen, "copied");
	KT_EQ(delta, 0);
	KT_EQ(to->len, 7);
	KT_ASSERT(!memcmp(to->data, "abcdefg", 7), "bytes");
	kfree_skb_partial(from, stolen);

	/* a packet whose bytes are all paged gives its fragments over */
	from = alloc_skb(0, GFP_KERNEL);
	KT_ASSERT(from, "alloc");
	pa = mkpage(0);
	pb = mkpage(100);
	skb_add_rx_frag(from, 0, pa, 0, 300, PAGE_SIZE);
	skb_add_rx_frag(from, 1, pb, 0, 200, PAGE_SIZE);
	get_page(pa);
	KT_ASSERT(skb_try_coalesce(to, from, &stolen, &delta), "frags moved");
	KT_EQ(delta, 2 * PAGE_SIZE);
	KT_EQ(to->len, 507);
	KT_EQ(to->data_len, 500);
	KT_EQ(skb_shinfo(to)->nr_frags, 2);
	KT_EQ(skb_shinfo(from)->nr_frags, 0);
	kfree_skb_partial(from, stolen);
	KT_EQ(page_ref_count(pa), 2);		/* to's fragment and ours */
	kfree_skb(to);
	KT_EQ(page_ref_count(pa), 1);
	put_page(pa);
	return 0;
}

KTEST(skbfrag, datagram_iter_add_data)
{
	struct page *pa, *pb;
	struct sk_buff *skb = mkfrags(&pa, &pb);
	u8 out[160], in[20];
	struct kvec kv = { out, sizeof(out) };
	struct msghdr mh = {};
	struct iov_iter it;
	int i;

	KT_ASSERT(skb, "alloc");
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, 150);
	KT_EQ(skb_copy_datagram_iter(skb, 5, &it, 150), 0);
	KT_EQ(iov_iter_count(&it), 0);
	for (i = 0; i < 150; i++)
		KT_EQ(out[i], want(5 + i));
	/* a short reader's buffer ends the copy: no error */
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, 10);
	KT_EQ(skb_copy_datagram_iter(skb, 0, &it, 100), 0);
	/* bytes the packet does not have: an error, the iterator unmoved */
	iov_iter_kvec(&it, ITER_DEST, &kv, 1, 160);
	KT_EQ(skb_copy_datagram_iter(skb, 0, &it, 159), -EFAULT);
	KT_EQ(iov_iter_count(&it), 160);
	/* the message form, then bytes written back into head and page */
	iov_iter_kvec(&mh.msg_iter, ITER_DEST, &kv, 1, 4);
	KT_EQ(skb_copy_datagram_msg(skb, 106, &mh, 4), 0);
	for (i = 0; i < 4; i++)
		KT_EQ(out[i], want(106 + i));
	for (i = 0; i < 20; i++)
		in[i] = 200 + i;
	kv.iov_base = in;
	kv.iov_len = sizeof(in);
	iov_iter_kvec(&it, ITER_SOURCE, &kv, 1, 20);
	KT_EQ(skb_copy_datagram_from_iter(skb, 100, &it, 20), 0);
	KT_EQ(skb_copy_bits(skb, 100, out, 20), 0);
	KT_ASSERT(!memcmp(out, in, 20), "written across the pages");
	iov_iter_kvec(&it, ITER_SOURCE, &kv, 1, 20);
	KT_EQ(skb_copy_datagram_from_iter(skb, 150, &it, 20), -EFAULT);
	iov_iter_kvec(&mh.msg_iter, ITER_SOURCE, &kv, 1, 20);
	KT_EQ(memcpy_from_msg(out, &mh, 8), 0);
	KT_EQ(out[7], 207);
	KT_EQ(memcpy_from_msg(out, &mh, 13), -EFAULT);
	kfree_skb(skb);

	/* skb_add_data(): the copied bytes' sum when nothing else sums them */
	skb = alloc_skb(64, GFP_KERNEL);
	KT_ASSERT(skb, "alloc");
	skb_put_data(skb, in, 3);
	skb->csum = csum_partial(in, 3, 0);
	iov_iter_kvec(&it, ITER_SOURCE, &kv, 1, 20);
	iov_iter_advance(&it, 3);
	KT_EQ(skb_add_data(skb, &it, 17), 0);
	KT_EQ(skb->len, 20);
	KT_EQ(csum_fold(skb->csum), csum_fold(csum_partial(in, 20, 0)));
	KT_EQ(skb_add_data(skb, &it, 1), -EFAULT);	/* the iterator is empty */
	KT_EQ(skb->len, 20);
	kfree_skb(skb);
	return 0;
}

KTEST(skbfrag, bpf_offsets)
{
	struct sk_buff *skb = alloc_skb(16, GFP_KERNEL);

	KT_ASSERT(skb, "alloc");
	skb->cloned = 1;
	skb->pkt_type = PACKET_OTHERHOST;
	KT_EQ(((u8 *)skb)[CLONED_OFFSET] & CLONED_MASK, 1);
	KT_EQ(((u8 *)skb)[PKT_TYPE_OFFSET] & PKT_TYPE_MAX, PACKET_OTHERHOST);
	skb->cloned = 0;
	KT_EQ(((u8 *)skb)[CLONED_OFFSET] & CLONED_MASK, 0);
	kfree_skb(skb);
	return 0;
}

KTEST(skbfrag, alloc_with_frags)
{
	struct sk_buff *skb;
	int err = 0;

	/* more than MAX_SKB_FRAGS blocks of order 0 */
	skb = alloc_skb_with_frags(32, (MAX_SKB_FRAGS + 1) * PAGE_SIZE, 0, &err, GFP_KERNEL);
	KT_ASSERT(!skb, "too big");
	KT_EQ(err, -EMSGSIZE);
	/* 5 pages: a block of order 2, then what is left, of order 0 */
	skb = alloc_skb_with_frags(32, 5 * PAGE_SIZE, 3, &err, GFP_KERNEL);
	KT_ASSERT(skb, "alloc");
	KT_EQ(skb->len, 5 * PAGE_SIZE);
	KT_EQ(skb->data_len, 5 * PAGE_SIZE);
	KT_EQ(skb_headlen(skb), 0);
	KT_EQ(skb_shinfo(skb)->nr_frags, 2);
	KT_EQ(skb_frag_size(&skb_shinfo(skb)->frags[0]), 4 * PAGE_SIZE);
	KT_EQ(skb_frag_size(&skb_shinfo(skb)->frags[1]), PAGE_SIZE);
	KT_ASSERT(skb->truesize >= 5 * PAGE_SIZE, "truesize %u", skb->truesize);
	/* the bytes are writable and read back across the two blocks */
	KT_EQ(skb_store_bits(skb, 4 * PAGE_SIZE - 2, "wxyz", 4), 0);
	{
		char b[4];

		KT_EQ(skb_copy_bits(skb, 4 * PAGE_SIZE - 2, b, 4), 0);
		KT_ASSERT(!memcmp(b, "wxyz", 4), "bytes");
	}
	kfree_skb(skb);
	return 0;
}
