// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_skb_more.c - the rest of linux/skbuff.h a qdisc or module uses:
 * queue walks and splices, head reallocation (pskb_expand_head() and its
 * users), copies with other room, padding, checksums over the data,
 * timestamps, and the page allocator of linux/gfp.h.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/if_ether.h>
#include <net/gso.h>

#include "ktest.h"

static struct sk_buff *mk(unsigned int headroom, unsigned int len, u8 fill)
{
	struct sk_buff *skb = alloc_skb(headroom + len + 16, GFP_KERNEL);
	unsigned int i;

	if (!skb)
		return NULL;
	skb_reserve(skb, headroom);
	for (i = 0; i < len; i++)
		skb_put_u8(skb, fill + i);
	return skb;
}

KTEST(skbmore, queue_splice_walk_append)
{
	struct sk_buff_head a, b;
	struct sk_buff *s[4], *skb, *tmp;
	int i, n;

	skb_queue_head_init(&a);
	__skb_queue_head_init(&b);
	for (i = 0; i < 4; i++)
		s[i] = mk(0, 1, i);
	__skb_queue_tail(&a, s[0]);
	__skb_queue_tail(&a, s[2]);
	skb_append(s[0], s[1], &a);		/* after s[0] */
	KT_EQ(skb_queue_len(&a), 3);
	KT_ASSERT(skb_queue_next(&a, s[0]) == s[1], "next");
	KT_ASSERT(skb_queue_prev(&a, s[2]) == s[1], "prev");
	KT_ASSERT(__skb_peek(&a) == s[0], "__skb_peek");
	__skb_queue_tail(&b, s[3]);
	skb_queue_splice(&a, &b);		/* a before b's; a not reset */
	KT_EQ(skb_queue_len(&b), 4);
	n = 0;
	skb_queue_walk(&b, skb)
		KT_ASSERT(skb == s[n++], "order after splice at %d", n);
	skb = s[1];
	n = 0;
	skb_queue_walk_from_safe(&b, skb, tmp)
		n++;
	KT_EQ(n, 3);
	n = 3;
	skb_queue_reverse_walk_safe(&b, skb, tmp) {
		KT_ASSERT(skb == s[n], "reverse at %d", n);
		n--;
		__skb_unlink(skb, &b);
		kfree_skb(skb);
	}
	KT_EQ(n, -1);
	KT_ASSERT(skb_queue_empty(&b), "emptied");
	return 0;
}

KTEST(skbmore, splice_tail_keeps_source)
{
	struct sk_buff_head a, b;
	struct sk_buff *x = mk(0, 1, 1), *y = mk(0, 1, 2);

	__skb_queue_head_init(&a);
	__skb_queue_head_init(&b);
	__skb_queue_tail(&a, x);
	__skb_queue_tail(&b, y);
	skb_queue_splice_tail(&a, &b);
	KT_EQ(skb_queue_len(&b), 2);
	KT_ASSERT(skb_peek_tail(&b) == x, "a's at the tail");
	KT_EQ(skb_queue_len(&a), 1);		/* the kernel does not reinit */
	__skb_queue_purge(&b);
	return 0;
}

KTEST(skbmore, expand_head_moves_data_and_headers)
{
	long base = qdk_test_mem_objects();
	struct sk_buff *skb = mk(16, 40, 0x10);
	unsigned int truesize = skb->truesize, end = skb_end_offset(skb);
	int i;

	skb_reset_mac_header(skb);
	skb_set_network_header(skb, 14);
	skb_set_transport_header(skb, 34);
	KT_EQ(pskb_expand_head(skb, 64, 100, GFP_ATOMIC), 0);
	KT_EQ(skb_headroom(skb), 80);
	KT_EQ(skb->len, 40);
	KT_EQ(skb_end_offset(skb), ALIGN(end + 164, 8));
	KT_EQ(skb->truesize, truesize + skb_end_offset(skb) - end);
	KT_EQ(skb_mac_offset(skb), 0);
	KT_EQ(skb_network_offset(skb), 14);
	KT_EQ(skb_transport_offset(skb), 34);
	for (i = 0; i < 40; i++)
		KT_EQ(skb->data[i], 0x10 + i);
	KT_ASSERT(skb_tailroom(skb) >= 100, "tailroom %d", skb_tailroom(skb));
	KT_EQ(atomic_read(&skb_shinfo(skb)->dataref), 1);
	/* skb_cow: only when headroom is short, NET_SKB_PAD aligned */
	KT_EQ(skb_cow(skb, 16), 0);
	KT_EQ(skb_headroom(skb), 80);
	KT_EQ(skb_cow_head(skb, 100), 0);
	KT_EQ(skb_headroom(skb), 80 + ALIGN(20, NET_SKB_PAD));
	kfree_skb(skb);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(skbmore, expand_head_big_buffers)
{
	long base = qdk_test_mem_objects();
	/* a head beyond the largest size class and back */
	struct sk_buff *skb = mk(0, 100, 1);

	KT_EQ(pskb_expand_head(skb, 0, 100000, GFP_ATOMIC), 0);
	KT_EQ(skb->data[99], 100);
	KT_EQ(pskb_expand_head(skb, 8, 0, GFP_ATOMIC), 0);
	KT_EQ(skb->data[0], 1);
	kfree_skb(skb);
	skb = mk(0, 10, 1);
	kfree_skb(skb);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(skbmore, copies_with_room)
{
	long base = qdk_test_mem_objects();
	struct sk_buff *skb = mk(32, 60, 0x20), *n;

	skb_reset_network_header(skb);
	skb_set_transport_header(skb, 20);
	skb->priority = 7;
	skb->mark = 0x55;
	skb_shinfo(skb)->gso_size = 1400;
	n = skb_copy_expand(skb, 64, 10, GFP_ATOMIC);
	KT_ASSERT(n, "copy_expand");
	KT_EQ(skb_headroom(n), 64);
	KT_EQ(n->len, 60);
	KT_ASSERT(!memcmp(n->data, skb->data, 60), "data");
	KT_ASSERT(!memcmp(n->data - 32, skb->data - 32, 32), "old headroom copied");
	KT_EQ(skb_network_offset(n), 0);
	KT_EQ(skb_transport_offset(n), 20);
	KT_EQ(n->priority, 7);
	KT_EQ(n->mark, 0x55);
	KT_EQ(skb_shinfo(n)->gso_size, 1400);
	kfree_skb(n);
	n = pskb_copy(skb, GFP_ATOMIC);
	KT_EQ(skb_headroom(n), 32);
	KT_EQ(skb_transport_offset(n), 20);
	kfree_skb(n);
	/* another headroom: the header offsets (from head) are kept as they are */
	n = __pskb_copy(skb, 8, GFP_ATOMIC);
	KT_EQ(skb_headroom(n), 8);
	KT_EQ(n->transport_header, skb->transport_header);
	KT_ASSERT(!memcmp(n->data, skb->data, 60), "pskb_copy data");
	kfree_skb(n);
	n = skb_realloc_headroom(skb, 100);
	KT_ASSERT(skb_headroom(n) >= 100, "realloc_headroom %u", skb_headroom(n));
	KT_ASSERT(!memcmp(n->data, skb->data, 60), "realloc data");
	kfree_skb(n);
	n = skb_expand_head(skb_get(skb), 96);	/* shared: expands a copy */
	KT_ASSERT(n && n != skb, "a copy of a shared skb");
	KT_ASSERT(skb_headroom(n) >= 96, "expand_head %u", skb_headroom(n));
	KT_ASSERT(!skb_shared(skb), "the reference was consumed");
	kfree_skb(n);
	kfree_skb(skb);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(skbmore, pad_trim_pull)
{
	long base = qdk_test_mem_objects();
	struct sk_buff *skb = mk(0, 10, 1);
	u8 buf[4];
	void *p;

	KT_EQ(skb_put_padto(skb, 60), 0);	/* grows the head if needed */
	KT_EQ(skb->len, 60);
	KT_EQ(skb->data[9], 10);
	KT_EQ(skb->data[59], 0);
	KT_EQ(skb_padto(skb, 20), 0);
	KT_EQ(pskb_trim(skb, 30), 0);
	KT_EQ(skb->len, 30);
	KT_EQ(pskb_trim(skb, 40), 0);
	KT_EQ(skb->len, 30);
	p = skb_pull_data(skb, 4);
	KT_ASSERT(p && skb->len == 26 && ((u8 *)p)[0] == 1, "pull_data");
	KT_ASSERT(!skb_pull_data(skb, 27), "pull_data past len");
	KT_ASSERT(pskb_pull(skb, 2) == skb->data, "pskb_pull");
	KT_EQ(skb->len, 24);
	KT_EQ(pskb_may_pull_reason(skb, 24), SKB_NOT_DROPPED_YET);
	KT_EQ(pskb_may_pull_reason(skb, 25), SKB_DROP_REASON_PKT_TOO_SMALL);
	KT_EQ(skb_copy_bits(skb, 0, buf, 4), 0);
	KT_EQ(buf[0], 7);
	KT_EQ(skb_copy_bits(skb, 22, buf, 4), -EFAULT);
	KT_EQ(skb_copy_bits(skb, -6, buf, 2), 0);	/* into the headroom */
	KT_EQ(buf[0], 1);
	KT_EQ(skb_store_bits(skb, 1, "\xaa", 1), 0);
	KT_EQ(skb->data[1], 0xaa);
	KT_ASSERT(skb_header_pointer_careful(skb, -7, 1, buf) == NULL, "careful");
	KT_ASSERT(skb_header_pointer_careful(skb, -6, 1, buf) != NULL, "careful ok");
	__skb_set_length(skb, 10);
	KT_EQ(skb->len, 10);
	KT_EQ(__skb_grow(skb, 400), 0);
	KT_EQ(skb->len, 400);
	kfree_skb(skb);
	/* __skb_pad frees the skb on error only when asked: not failing here */
	skb = mk(0, 4, 0);
	KT_EQ(skb_pad(skb, 1000), 0);
	KT_EQ(skb->len, 4);
	KT_ASSERT(skb_tailroom(skb) >= 1000, "padded room");
	kfree_skb(skb);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(skbmore, checksums)
{
	struct sk_buff *skb = mk(16, 64, 3);
	__wsum whole, part;
	u8 to[64];

	whole = skb_checksum(skb, 0, 64, 0);
	KT_EQ((__force u32)whole, (__force u32)csum_partial(skb->data, 64, 0));
	/* an odd split combines to the same folded sum */
	part = csum_block_add(skb_checksum(skb, 0, 13, 0),
			      skb_checksum(skb, 13, 51, 0), 13);
	KT_EQ(csum_fold(part), csum_fold(whole));
	KT_EQ((__force u32)skb_copy_and_csum_bits(skb, 0, to, 64), (__force u32)whole);
	KT_ASSERT(!memcmp(to, skb->data, 64), "copied");
	/* CHECKSUM_COMPLETE follows pulls, pushes and trims */
	skb->ip_summed = CHECKSUM_COMPLETE;
	skb->csum = whole;
	skb_pull_rcsum(skb, 6);
	KT_EQ(csum_fold(skb->csum), csum_fold(skb_checksum(skb, 0, skb->len, 0)));
	skb_push_rcsum(skb, 6);
	KT_EQ(csum_fold(skb->csum), csum_fold(whole));
	KT_EQ(pskb_trim_rcsum(skb, 41), 0);
	KT_EQ(csum_fold(skb->csum), csum_fold(skb_checksum(skb, 0, 41, 0)));
	/* complete: software sum set, valid when it folds to 0 */
	skb->ip_summed = CHECKSUM_NONE;
	skb->csum = 0;
	KT_EQ(skb_checksum_complete(skb), csum_fold(skb_checksum(skb, 0, 41, 0)));
	KT_EQ(skb->ip_summed, CHECKSUM_COMPLETE);
	KT_EQ(skb->csum_complete_sw, 1);
	/* unnecessary levels */
	skb->ip_summed = CHECKSUM_NONE;
	__skb_incr_checksum_unnecessary(skb);
	KT_EQ(skb->ip_summed, CHECKSUM_UNNECESSARY);
	__skb_incr_checksum_unnecessary(skb);
	KT_EQ(skb->csum_level, 1);
	__skb_decr_checksum_unnecessary(skb);
	__skb_decr_checksum_unnecessary(skb);
	KT_EQ(skb->ip_summed, CHECKSUM_NONE);
	KT_ASSERT(skb_partial_csum_set(skb, 20, 16), "partial");
	KT_EQ(skb_checksum_start_offset(skb), 20);
	KT_EQ(skb_transport_offset(skb), 20);
	KT_ASSERT(skb_csum_unnecessary(skb), "partial is unnecessary");
	KT_ASSERT(!skb_partial_csum_set(skb, 40, 16), "beyond headlen");
	kfree_skb(skb);
	return 0;
}

KTEST(skbmore, timestamps_and_state)
{
	struct sk_buff *skb = mk(0, 1, 0);
	struct __kernel_old_timeval tv;
	struct __kernel_timespec ts;

	skb->tstamp = 3 * NSEC_PER_SEC + 4567;
	skb_get_timestamp(skb, &tv);
	KT_EQ(tv.tv_sec, 3);
	KT_EQ(tv.tv_usec, 4);
	skb_get_new_timestampns(skb, &ts);
	KT_EQ(ts.tv_nsec, 4567);
	KT_EQ(skb_tstamp(skb), 3 * NSEC_PER_SEC + 4567);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	skb_set_delivery_time(skb, 99, SKB_CLOCK_MONOTONIC);
#else
	skb_set_delivery_time(skb, 99, true);
#endif
	KT_EQ(skb_tstamp(skb), 0);		/* a delivery time is no rx stamp */
	skb_clear_tstamp(skb);
	KT_EQ(skb->tstamp, 99);			/* kept: it is a delivery time */
	skb_clear_delivery_time(skb);
	KT_EQ(skb->tstamp, 0);
	__net_timestamp(skb);
	KT_EQ(skb->tstamp, ktime_get_real());
	skb_set_redirected(skb, true);
	KT_ASSERT(skb_is_redirected(skb) && skb->from_ingress, "redirected");
	KT_EQ(skb->tstamp, 0);			/* from ingress: stamp cleared */
	skb_reset_redirect(skb);
	KT_ASSERT(!skb_is_redirected(skb), "reset");
	skb_record_rx_queue(skb, 3);
	KT_ASSERT(skb_rx_queue_recorded(skb) && skb_get_rx_queue(skb) == 3, "rxq");
	skb_dst_set_noref(skb, (struct dst_entry *)0x1000);
	KT_ASSERT(skb_dst_is_noref(skb) && skb_dst(skb) == (void *)0x1000, "dst");
	skb_dst_set(skb, NULL);
	skb_set_hash(skb, 0x1234, PKT_HASH_TYPE_L3);
	skb_clear_hash_if_not_l4(skb);
	KT_EQ(skb->hash, 0);
	__skb_set_sw_hash(skb, 77, true);
	skb_clear_hash_if_not_l4(skb);
	KT_EQ(skb_get_hash_net(NULL, skb), 77);
	skb_shinfo(skb)->gso_size = 100;
	skb_shinfo(skb)->gso_type = SKB_GSO_TCPV6;
	KT_ASSERT(skb_is_gso_tcp(skb) && !skb_is_gso_sctp(skb), "gso tcp");
	skb_increase_gso_size(skb_shinfo(skb), 20);
	skb_decrease_gso_size(skb_shinfo(skb), 10);
	KT_EQ(skb_shinfo(skb)->gso_size, 110);
	skb_gso_reset(skb);
	KT_ASSERT(!skb_is_gso(skb), "gso reset");
	KT_ASSERT(!skb_zcopy(skb) && skb_orphan_frags(skb, GFP_ATOMIC) == 0, "zcopy");
	skb->mark = 5;
	skb_scrub_packet(skb, true);
	KT_EQ(skb->mark, 0);
	kfree_skb(skb);
	return 0;
}

KTEST(skbmore, split_and_inner_headers)
{
	long base = qdk_test_mem_objects();
	struct sk_buff *skb = mk(0, 50, 0), *skb1 = alloc_skb(64, GFP_KERNEL);

	skb_split(skb, skb1, 20);
	KT_EQ(skb->len, 20);
	KT_EQ(skb1->len, 30);
	KT_EQ(skb1->data[0], 20);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, 14);
	skb_reset_mac_len(skb);
	KT_EQ(skb->mac_len, 14);
	KT_EQ(skb_mac_header_len(skb), 14);
	skb_set_transport_header(skb, 18);
	skb_reset_inner_headers(skb);
	KT_EQ(skb_inner_network_offset(skb), 14);
	KT_EQ(skb_inner_network_header_len(skb), 4);
	skb_set_inner_protocol(skb, htons(ETH_P_IP));
	KT_EQ(skb->inner_protocol_type, ENCAP_TYPE_ETHER);
	skb_pop_mac_header(skb);
	KT_EQ(skb_mac_offset(skb), 14);
	skb_unset_mac_header(skb);
	KT_ASSERT(!skb_mac_header_was_set(skb), "unset");
	kfree_skb(skb);
	kfree_skb(skb1);
	skb = netdev_alloc_skb(NULL, 100);
	KT_EQ(skb_headroom(skb), NET_SKB_PAD);
	KT_ASSERT(skb_tailroom(skb) >= 100, "room");
	napi_consume_skb(skb, 64);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(pages, alloc_free_and_address)
{
	long base = qdk_test_mem_objects();
	struct page *page = alloc_pages(GFP_KERNEL | __GFP_ZERO, 2);
	unsigned long addr;
	u8 *p;

	KT_ASSERT(page, "alloc_pages");
	p = page_address(page);
	KT_ASSERT(PAGE_ALIGNED(p), "aligned");
	KT_EQ(p[4 * PAGE_SIZE - 1], 0);
	KT_ASSERT(virt_to_page(p + PAGE_SIZE + 5) == page + 1, "virt_to_page");
	KT_EQ(page_count(page), 1);
	get_page(page);
	__free_pages(page, 2);			/* another reference: kept */
	KT_ASSERT(qdk_test_mem_objects() == base + 1, "kept");
	put_page(page);
	KT_EQ(qdk_test_mem_objects(), base);
	addr = get_zeroed_page(GFP_KERNEL);
	KT_ASSERT(addr && !(addr & ~PAGE_MASK), "page address");
	KT_EQ(((u8 *)addr)[100], 0);
	free_page(addr);
	addr = __get_free_pages(GFP_ATOMIC, 1);
	free_pages(addr, 1);
	KT_ASSERT(!alloc_pages(GFP_KERNEL | __GFP_NOWARN, MAX_ORDER), "order too big");
	KT_EQ(get_order(1), 0);
	KT_EQ(get_order(PAGE_SIZE + 1), 1);
	KT_EQ(get_order(5 * PAGE_SIZE), 3);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(pages, exact_and_bulk)
{
	long base = qdk_test_mem_objects();
	struct page *arr[4] = { NULL };
	void *p = alloc_pages_exact(3 * PAGE_SIZE, GFP_KERNEL);
	LIST_HEAD(list);
	struct page *page, *tmp;
	int n = 0;

	KT_ASSERT(p, "exact");
	KT_EQ(page_count(virt_to_page(p)), 1);
	KT_EQ(page_count(virt_to_page(p + 2 * PAGE_SIZE)), 1);
	free_pages_exact(p, 3 * PAGE_SIZE);
	KT_EQ(qdk_test_mem_objects(), base);
	arr[1] = alloc_page(GFP_KERNEL);
	KT_EQ(alloc_pages_bulk_array(GFP_KERNEL, 4, arr), 4);
	for (n = 0; n < 4; n++)
		__free_page(arr[n]);
	KT_EQ(alloc_pages_bulk_list(GFP_KERNEL, 3, &list), 3);
	n = 0;
	list_for_each_entry_safe(page, tmp, &list, lru) {
		list_del(&page->lru);
		__free_page(page);
		n++;
	}
	KT_EQ(n, 3);
	KT_ASSERT(gfpflags_allow_blocking(GFP_KERNEL) &&
		  !gfpflags_allow_blocking(GFP_ATOMIC), "blocking");
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

static __wsum kt_pseudo(struct sk_buff *skb, int proto)
{
	return (__force __wsum)proto;
}

KTEST(skbmore, checksum_validate)
{
	struct sk_buff *skb = mk(0, 40, 1);
	__wsum sum;

	KT_EQ(pskb_expand_head(skb, 0, 100, GFP_KERNEL), 0);
	sum = skb_checksum(skb, 0, 40, 0);

	/* pseudo header sum chosen so that the whole folds to 0: valid */
	KT_EQ(skb_checksum_validate(skb, (__force int)~sum, kt_pseudo), 0);
	KT_EQ(skb->csum_valid, 1);
	KT_EQ(skb->ip_summed, CHECKSUM_COMPLETE);
	/* an invalid one: its folded sum */
	skb->ip_summed = CHECKSUM_NONE;
	KT_ASSERT(skb_checksum_validate(skb, 5, kt_pseudo) != 0, "invalid");
	KT_EQ(skb->csum_valid, 0);
	/* already verified by a device: nothing computed, one level used */
	skb->ip_summed = CHECKSUM_UNNECESSARY;
	skb->csum_level = 0;
	KT_EQ(skb_checksum_simple_validate(skb), 0);
	KT_EQ(skb->ip_summed, CHECKSUM_NONE);
	KT_EQ(skb->csum_valid, 1);
	/* zero check: a zero checksum field means none */
	KT_EQ(skb_checksum_init_zero_check(skb, 7, 0, kt_pseudo), 0);
	/* a long packet is only prepared: csum holds the pseudo sum */
	skb_put_zero(skb, 100);
	skb->ip_summed = CHECKSUM_NONE;
	KT_EQ(skb_checksum_init(skb, 9, kt_pseudo), 0);
	KT_EQ((__force u32)skb->csum, 9);
	skb->csum_valid = 1;
	skb_checksum_try_convert(skb, 3, kt_pseudo);
	KT_EQ(skb->ip_summed, CHECKSUM_COMPLETE);
	KT_EQ((__force u32)skb->csum, ~3u);
	kfree_skb(skb);
	return 0;
}

KTEST(skbmore, frags_and_dev_pages)
{
	long base = qdk_test_mem_objects();
	struct page *page = dev_alloc_pages(1);
	void *a, *b, *c;
	skb_frag_t frag;

	KT_ASSERT(page, "dev_alloc_pages");
	KT_ASSERT(dev_page_is_reusable(page), "reusable");
	/* compound: a tail page's references are the head's */
	get_page(page + 1);
	KT_EQ(page_count(page), 2);
	KT_ASSERT(virt_to_head_page(page_address(page + 1) + 9) == page, "head");
	put_page(page + 1);
	frag.bv_page = page;
	frag.bv_offset = 100;
	frag.bv_len = 50;
	KT_ASSERT(skb_frag_address(&frag) == page_address(page) + 100, "address");
	__skb_frag_ref(&frag);
	KT_EQ(page_count(page), 2);
	__skb_frag_unref(&frag, false);
	put_page(page);
	KT_EQ(qdk_test_mem_objects(), base);

	a = netdev_alloc_frag(100);
	b = netdev_alloc_frag(100);
	KT_ASSERT(a && b, "frags");
	/* carved from the end of one block, each SKB_DATA_ALIGNed */
	KT_EQ((u8 *)a - (u8 *)b, SKB_DATA_ALIGN(100));
	KT_ASSERT(virt_to_head_page(a) == virt_to_head_page(b), "one block");
	c = napi_alloc_frag_align(10, 256);
	KT_ASSERT(!((unsigned long)c & 255), "aligned");
	skb_free_frag(a);
	skb_free_frag(b);
	skb_free_frag(c);
	/* the caches keep their blocks until qdk_exit() drains them */
	KT_EQ(qdk_test_mem_objects(), base + 2);
	return 0;
}

KTEST(pages, frag_cache_reuse)
{
	struct page_frag_cache nc = { 0 };
	long base = qdk_test_mem_objects();
	void *p[9];
	int i;

	for (i = 0; i < 8; i++)
		p[i] = page_frag_alloc(&nc, 4096, GFP_KERNEL);
	KT_ASSERT(p[7] == nc.va, "the block's first byte last");
	for (i = 0; i < 8; i++)
		page_frag_free(p[i]);
	/* used up, every fragment back: the same block again */
	p[8] = page_frag_alloc(&nc, 4096, GFP_KERNEL);
	KT_ASSERT(p[8] == p[0], "reused");
	KT_EQ(qdk_test_mem_objects(), base + 1);
	/* used up with one still out: a new block, the old one left to it */
	for (i = 0; i < 7; i++)
		page_frag_free(page_frag_alloc(&nc, 4096, GFP_KERNEL));
	p[0] = page_frag_alloc(&nc, 4096, GFP_KERNEL);
	KT_EQ(qdk_test_mem_objects(), base + 2);
	page_frag_free(p[8]);
	KT_EQ(qdk_test_mem_objects(), base + 1);
	page_frag_free(p[0]);
	__page_frag_cache_drain(virt_to_head_page(nc.va), nc.pagecnt_bias);
	KT_EQ(qdk_test_mem_objects(), base);
	/* larger than a block: none, the block stays the cache's */
	memset(&nc, 0, sizeof(nc));
	KT_ASSERT(!page_frag_alloc(&nc, 40000, GFP_KERNEL), "too big");
	__page_frag_cache_drain(virt_to_head_page(nc.va), nc.pagecnt_bias);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(skbmore, header_release_and_lro)
{
	struct sk_buff *skb = mk(16, 20, 0);

	__skb_header_release(skb);
	KT_EQ(skb->nohdr, 1);
	KT_EQ(atomic_read(&skb_shinfo(skb)->dataref), 1 + (1 << SKB_DATAREF_SHIFT));
	/* a clone of it: two references, one of them to the payload only */
	skb->cloned = 1;
	atomic_inc(&skb_shinfo(skb)->dataref);
	KT_ASSERT(!skb_header_cloned(skb), "the headers are ours");
	skb->cloned = 0;
	atomic_set(&skb_shinfo(skb)->dataref, 1);
	KT_ASSERT(!skb_warn_if_lro(skb), "linear: not LRO");
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, 4);
	skb->mac_len = 4;
	skb_pull(skb, 4);
	skb_mac_header_rebuild_full(skb, 6);
	/* 6 bytes of header moved in front, 2 of them pushed back into data */
	KT_EQ(skb->len, 18);
	KT_EQ(skb_mac_offset(skb), -4);
	kfree_skb(skb);
	return 0;
}

KTEST(skbmore, odds_and_ends)
{
	struct sk_buff *a = mk(0, 4, 0), *b = mk(0, 4, 0);
	unsigned long ref;
	struct page *page = alloc_pages(GFP_KERNEL, 1), *p;
	skb_frag_t f = { .bv_page = page };
	u32 p_off, p_len, copied;
	int pages = 0;

	a->decrypted = 1;
	KT_EQ(skb_cmp_decrypted(a, b), -1);
	skb_copy_decrypted(b, a);
	KT_EQ(skb_cmp_decrypted(a, b), 0);
	skb_dst_set(a, (struct dst_entry *)0x2000);
	ref = skb_dstref_steal(a);
	KT_ASSERT(!skb_dst(a) && ref == 0x2000, "stolen");
	skb_dstref_restore(a, ref);
	KT_ASSERT(skb_dst(a) == (void *)0x2000, "restored");
	skb_dst_set(a, NULL);
	skb_set_kcov_handle(a, 5);
	KT_EQ(skb_get_kcov_handle(a), 0);
	skb_mark_for_recycle(a);
	KT_ASSERT(a->pp_recycle && !skb_pp_recycle(a, a->data), "no pool page");
	KT_EQ(sysctl_max_skb_frags, MAX_SKB_FRAGS);
	KT_ASSERT(!skb_defer_rx_timestamp(a), "no PHY stamper");
	/* without highmem a fragment is one step, whatever pages it spans */
	skb_frag_foreach_page(&f, 3000, 6000, p, p_off, p_len, copied) {
		KT_EQ(p_off, 3000);
		KT_EQ(p_len, 6000);
		pages++;
	}
	KT_EQ(pages, 1);
	skb_frag_set_page(a, 0, page);
	KT_ASSERT(skb_frag_page(&skb_shinfo(a)->frags[0]) == page, "set page");
	__free_pages(page, 1);
	kfree_skb(a);
	kfree_skb(b);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(pages, frag_alloc_6_12)
{
	struct page_frag_cache nc = { 0 };
	long base = qdk_test_mem_objects();
	void *p = page_frag_alloc_align(&nc, 100, GFP_KERNEL, 64);
	void *q = __page_frag_alloc_align(&nc, 10, GFP_KERNEL, ~0u);

	KT_ASSERT(p && !((unsigned long)p & 63), "aligned to 64");
	KT_EQ((u8 *)p - (u8 *)q, 10);
	page_frag_free(p);
	page_frag_free(q);
	page_frag_cache_drain(&nc);
	KT_ASSERT(nc.va == NULL, "drained");
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}
#endif

KTEST(skbmore, gso_error_unwind_restores_the_outer_headers)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	u16 mac_offset;

	KT_ASSERT(skb, "alloc");
	skb_reserve(skb, 64);
	skb_put(skb, 100);
	skb_reset_mac_header(skb);
	mac_offset = skb->mac_header;
	skb->protocol = htons(ETH_P_IP);
	/* a tunnel handler pulled 14 + 20 + 8 bytes of outer headers ... */
	skb_pull(skb, 42);
	skb->protocol = htons(ETH_P_TEB);
	/* ... and failed: everything back as it came */
	skb_gso_error_unwind(skb, htons(ETH_P_IP), 42, mac_offset, ETH_HLEN);
	KT_EQ(skb->len, 100);
	KT_EQ(skb->protocol, htons(ETH_P_IP));
	KT_EQ(skb->encapsulation, 1);
	KT_EQ(skb_mac_header(skb) - skb->data, 0);
	KT_EQ(skb_network_offset(skb), ETH_HLEN);
	KT_EQ(skb_transport_offset(skb), 0);
	KT_EQ(skb->mac_len, ETH_HLEN);
	kfree_skb(skb);
	return 0;
}
