// SPDX-License-Identifier: GPL-2.0
/* ktest_bitmap.c - linux/bitmap.h's operations and list_sort()'s stability. */
#include <linux/bitmap.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/list_sort.h>
#include <linux/slab.h>

#include <linux/version.h>

#include "ktest.h"

KTEST(bitmap, ops)
{
	DECLARE_BITMAP(a, 100);
	DECLARE_BITMAP(b, 100);
	DECLARE_BITMAP(c, 100);

	bitmap_zero(a, 100);
	bitmap_zero(b, 100);
	bitmap_set(a, 3, 5);			/* 3..7 */
	bitmap_set(a, 62, 4);			/* 62..65, across a word */
	KT_EQ(bitmap_weight(a, 100), 9);
	KT_EQ(bitmap_weight(a, 64), 7);		/* only the first 64 bits */
	bitmap_set(b, 5, 60);			/* 5..64 */
	KT_ASSERT(bitmap_and(c, a, b, 100), "and not empty");
	KT_EQ(bitmap_weight(c, 100), 6);	/* 5,6,7,62,63,64 */
	KT_ASSERT(bitmap_andnot(c, a, b, 100), "andnot");
	KT_EQ(bitmap_weight(c, 100), 3);	/* 3,4,65 */
	KT_ASSERT(bitmap_intersects(a, b, 100) && !bitmap_subset(a, b, 100), "relations");
	bitmap_or(c, a, b, 100);
	KT_ASSERT(bitmap_or_equal(a, b, c, 100) && bitmap_subset(b, c, 100), "or");
	bitmap_xor(c, c, b, 100);
	KT_EQ(bitmap_weight(c, 100), 3);	/* (a | b) ^ b: a's 3, 4 and 65 */
	bitmap_clear(a, 0, 100);
	KT_ASSERT(bitmap_empty(a, 100), "empty");
	bitmap_fill(a, 100);
	KT_ASSERT(bitmap_full(a, 100) && bitmap_weight(a, 100) == 100, "full");
	bitmap_complement(b, a, 100);
	KT_ASSERT(bitmap_empty(b, 100), "complement of full");
	/* bits past nbits do not count */
	a[1] = ~0UL;
	b[1] = 0xf;
	KT_ASSERT(!bitmap_equal(a, b, 100) && bitmap_equal(a + 1, b + 1, 4), "equal to nbits");
	return 0;
}

KTEST(bitmap, shifts_cut_regions_and_arrays)
{
	DECLARE_BITMAP(a, 128);
	DECLARE_BITMAP(b, 128);
	u32 arr[3];
	unsigned long pos;

	bitmap_zero(a, 128);
	bitmap_set(a, 0, 1);
	bitmap_set(a, 70, 1);
	bitmap_shift_left(b, a, 10, 128);
	KT_ASSERT(test_bit(10, b) && test_bit(80, b) && bitmap_weight(b, 128) == 2, "left");
	bitmap_shift_right(b, b, 75, 128);
	KT_ASSERT(test_bit(5, b) && bitmap_weight(b, 128) == 1, "right");
	bitmap_zero(a, 128);
	bitmap_set(a, 10, 20);			/* 10..29 */
	bitmap_cut(b, a, 12, 5, 128);		/* 10,11 then 17..29 -> 12..24 */
	KT_EQ(bitmap_weight(b, 128), 15);
	KT_ASSERT(test_bit(11, b) && test_bit(12, b) && test_bit(24, b) && !test_bit(25, b), "cut");
	bitmap_zero(a, 128);
	KT_EQ(bitmap_find_free_region(a, 128, 3), 0);
	KT_EQ(bitmap_find_free_region(a, 128, 3), 8);
	KT_EQ(bitmap_allocate_region(a, 8, 2), -EBUSY);
	bitmap_release_region(a, 0, 3);
	KT_EQ(bitmap_allocate_region(a, 4, 2), 0);
	/* 4 zero bits aligned to 4: 0 is taken by 4..7? no, 0..3 is free */
	KT_EQ(bitmap_find_next_zero_area(a, 128, 0, 4, 3), 0);
	KT_EQ(bitmap_find_next_zero_area(a, 128, 1, 4, 3), 16);
	pos = bitmap_find_next_zero_area(a, 20, 1, 8, 0);
	KT_ASSERT(pos > 20 - 8, "no room: past the end (%lu)", pos);
	bitmap_zero(a, 128);
	bitmap_set(a, 1, 1);
	bitmap_set(a, 33, 1);
	bitmap_set(a, 64, 1);
	bitmap_to_arr32(arr, a, 70);
	KT_ASSERT(arr[0] == 2 && arr[1] == 2 && arr[2] == 1, "to arr32");
	arr[2] = 0xffffffff;
	bitmap_from_arr32(b, arr, 70);
	KT_EQ(bitmap_weight(b, 128), 2 + 6);	/* the tail past 70 cleared */
	KT_EQ(bitmap_get_value8(b, 64), 0x3f);
	bitmap_set_value8(b, 0xa5, 8);
	KT_EQ(bitmap_get_value8(b, 8), 0xa5);
	return 0;
}

KTEST(bitmap, alloc)
{
	unsigned long *m = bitmap_zalloc(200, GFP_KERNEL);

	KT_ASSERT(m && bitmap_empty(m, 200), "zalloc");
	bitmap_set(m, 150, 50);
	KT_EQ(bitmap_weight(m, 200), 50);
	bitmap_free(m);
	return 0;
}

struct kt_item {
	int key, seq;
	struct list_head node;
};

static int kt_item_cmp(void *priv, const struct list_head *a, const struct list_head *b)
{
	(*(int *)priv)++;
	return list_entry(a, struct kt_item, node)->key - list_entry(b, struct kt_item, node)->key;
}

KTEST(list, sort_stable)
{
	static const int keys[] = { 5, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2 };
	struct kt_item items[ARRAY_SIZE(keys)], *pos, *prev = NULL;
	LIST_HEAD(head);
	int i, calls = 0;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		items[i].key = keys[i];
		items[i].seq = i;
		list_add_tail(&items[i].node, &head);
	}
	list_sort(&calls, &head, kt_item_cmp);
	KT_ASSERT(calls > 0, "cmp called");
	KT_EQ(list_count_nodes(&head), ARRAY_SIZE(keys));
	list_for_each_entry(pos, &head, node) {
		if (prev) {
			KT_ASSERT(prev->key <= pos->key, "order");
			KT_ASSERT(prev->key < pos->key || prev->seq < pos->seq, "stable");
		}
		prev = pos;
	}
	/* prev pointers rebuilt */
	KT_EQ(list_last_entry(&head, struct kt_item, node)->key, 9);
	KT_ASSERT(head.prev->next == &head, "ring");
	list_sort(&calls, &head, kt_item_cmp);	/* sorted stays */
	KT_EQ(list_first_entry(&head, struct kt_item, node)->seq, 1);
	return 0;
}

KTEST(bitmap, remap_and_copy_extend)
{
	DECLARE_BITMAP(src, 16);
	DECLARE_BITMAP(old, 16);
	DECLARE_BITMAP(new, 16);
	DECLARE_BITMAP(dst, 16);
	DECLARE_BITMAP(big, 200);
	DECLARE_BITMAP(to, 200);

	/* the kernel's example: old 4..7 onto new 12..15, so 5 -> 13, 0 stays */
	bitmap_zero(old, 16);
	bitmap_zero(new, 16);
	bitmap_set(old, 4, 4);
	bitmap_set(new, 12, 4);
	bitmap_zero(src, 16);
	__set_bit(0, src);
	__set_bit(5, src);
	__set_bit(7, src);
	bitmap_remap(dst, src, old, new, 16);
	KT_EQ(dst[0], (1UL << 0) | (1UL << 13) | (1UL << 15));
	KT_EQ(bitmap_bitremap(6, old, new, 16), 14);
	KT_EQ(bitmap_bitremap(3, old, new, 16), 3);
	/* new narrower than old: ranks wrap around modulo its weight */
	bitmap_zero(new, 16);
	__set_bit(9, new);
	__set_bit(11, new);
	KT_EQ(bitmap_bitremap(6, old, new, 16), 9);
	KT_EQ(bitmap_bitremap(7, old, new, 16), 11);
	bitmap_zero(new, 16);
	KT_EQ(bitmap_bitremap(6, old, new, 16), 6);	/* empty new: identity */

	bitmap_fill(big, 200);
	bitmap_fill(to, 200);
	bitmap_copy_and_extend(to, big, 70, 200);
	KT_EQ(bitmap_weight(to, 200), 70);
	KT_ASSERT(test_bit(69, to) && !test_bit(70, to), "cut at 70");
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(bitmap, read_write_scatter_gather)
{
	DECLARE_BITMAP(map, 192);
	DECLARE_BITMAP(mask, 64);
	DECLARE_BITMAP(src, 64);
	DECLARE_BITMAP(dst, 64);
	DECLARE_BITMAP(back, 64);
	unsigned long *a __free(bitmap) = bitmap_zalloc(100, GFP_KERNEL);

	KT_ASSERT(a, "allocated");
	bitmap_zero(map, 192);
	/* a value across the word boundary */
	bitmap_write(map, 0xabcdUL, 56, 16);
	KT_EQ(map[0], 0xcdUL << 56);
	KT_EQ(map[1], 0xabUL);
	KT_EQ(bitmap_read(map, 56, 16), 0xabcdUL);
	KT_EQ(bitmap_read(map, 60, 8), 0xbcUL);
	bitmap_write(map, ~0UL, 64, 64);
	KT_EQ(map[1], ~0UL);
	bitmap_write(map, 0, 66, 3);
	KT_EQ(map[1], ~0x1cUL);
	KT_EQ(bitmap_read(map, 0, 0), 0);
	KT_EQ(bitmap_read(map, 0, 65), 0);	/* wider than a word: 0 */

	/* src bit 0 goes to mask's first set bit (1), bit 2 to its third (9) */
	mask[0] = 0x1302;	/* bits 1, 8, 9, 12 */
	src[0] = 0x5;		/* bits 0, 2 */
	bitmap_scatter(dst, src, mask, 64);
	KT_EQ(dst[0], (1UL << 1) | (1UL << 9));
	bitmap_gather(back, dst, mask, 64);
	KT_EQ(back[0], src[0]);
	src[0] = 0xf0f;
	dst[0] = 0x0ff;
	KT_EQ(bitmap_weight_andnot(src, dst, 64), 4);
	KT_EQ(bitmap_weight_andnot(src, dst, 10), 2);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(bitmap, weighted_ops_and_weight_from)
{
	DECLARE_BITMAP(a, 130);
	DECLARE_BITMAP(b, 130);
	DECLARE_BITMAP(d, 130);

	bitmap_zero(a, 130);
	bitmap_zero(b, 130);
	bitmap_set(a, 0, 70);
	bitmap_set(b, 60, 70);
	KT_EQ(bitmap_weighted_or(d, a, b, 130), 130);
	KT_EQ(bitmap_weighted_xor(d, a, b, 130), 120);
	KT_ASSERT(!test_bit(65, d) && test_bit(59, d) && test_bit(70, d), "xor");
	KT_EQ(bitmap_weight_from(a, 10, 130), 60);
	KT_EQ(bitmap_weight_from(a, 65, 66), 1);
	KT_EQ(bitmap_weight_from(a, 80, 80), 80);	/* empty range: end */
	return 0;
}
#endif
