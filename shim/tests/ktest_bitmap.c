// SPDX-License-Identifier: GPL-2.0
/* ktest_bitmap.c - linux/bitmap.h's operations and list_sort()'s stability. */
#include <linux/bitmap.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/list_sort.h>
#include <linux/slab.h>

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
