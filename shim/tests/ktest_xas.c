// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_xas.c - the XArray's advanced API (xas_*()) and multi-index entries
 * with the kernel's semantics (Documentation/core-api/xarray.rst and
 * lib/xarray.c's contracts): walk states, the xas_nomem() retry loop,
 * iteration, marks, conflicts, splits.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <linux/xarray.h>

#include "ktest.h"
#include "shim.h"

static int kt_a, kt_b, kt_c;

/* the documented store loop: a store that fails under the lock retries */
static void *locked_store(struct xa_state *xas, void *entry, gfp_t gfp)
{
	void *old;

	do {
		xas_lock(xas);
		old = xas_store(xas, entry);
		xas_unlock(xas);
	} while (xas_nomem(xas, gfp));
	return old;
}

KTEST(xas, states_load_store)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, 5);

	/* before a walk: RESTART, not valid; after: walked (no node here) */
	KT_ASSERT(xas.xa_node == XAS_RESTART && xas_invalid(&xas), "restart");
	KT_ASSERT(!xas_load(&xas), "empty");
	KT_ASSERT(xas_valid(&xas) && !xas_is_node(&xas) && !xas_error(&xas), "walked");
	KT_ASSERT(locked_store(&xas, &kt_a, GFP_KERNEL) == NULL, "no old");
	KT_ASSERT(!xas.xa_alloc, "no memory left over");
	KT_ASSERT(xa_load(&xa, 5) == &kt_a, "stored");
	KT_ASSERT(xas_reload(&xas) == &kt_a, "reload");
	KT_ASSERT(locked_store(&xas, &kt_b, GFP_KERNEL) == &kt_a, "old");
	/* errors stick: loads and stores do nothing */
	xas_set_err(&xas, -EIO);
	KT_EQ(xas_error(&xas), -EIO);
	KT_ASSERT(xas_invalid(&xas) && xas_frozen(xas.xa_node), "frozen");
	KT_ASSERT(!xas_load(&xas) && !xas_store(&xas, &kt_c), "error state");
	KT_ASSERT(xa_load(&xa, 5) == &kt_b, "untouched");
	KT_ASSERT(!xas_nomem(&xas, GFP_KERNEL), "not a memory error");
	/* xas_set() walks again */
	xas_set(&xas, 6);
	KT_ASSERT(xas.xa_node == XAS_RESTART && xas.xa_index == 6, "set");
	/* a stored NULL erases */
	xas_set(&xas, 5);
	KT_ASSERT(locked_store(&xas, NULL, GFP_KERNEL) == &kt_b, "erase");
	KT_ASSERT(xa_empty(&xa), "empty again");
	/* xas_retry(): zero entries skipped, retry entries restart */
	KT_ASSERT(xas_retry(&xas, XA_ZERO_ENTRY), "zero");
	KT_ASSERT(xas_retry(&xas, XA_RETRY_ENTRY) && xas.xa_node == XAS_RESTART, "retry");
	KT_ASSERT(!xas_retry(&xas, &kt_a), "plain");
	xa_destroy(&xa);
	return 0;
}

/* GFP_NOWAIT under the lock fails: -ENOMEM, xas_nomem() allocates, retry */
KTEST(xas, nomem_retry)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, 3);
	int loops = 0;
	u64 before;

	qdk_alloc_fail_arm(1);
	do {
		loops++;
		xas_lock(&xas);
		xas_store(&xas, &kt_a);
		if (loops == 1)
			KT_EQ(xas_error(&xas), -ENOMEM);
		xas_unlock(&xas);
	} while (xas_nomem(&xas, GFP_KERNEL));
	KT_EQ(loops, 2);
	KT_ASSERT(!xas_error(&xas) && xa_load(&xa, 3) == &kt_a, "stored on retry");
	KT_ASSERT(!xas.xa_alloc, "the allocated table was used");
	/* memory xas_nomem() got and a store did not use is freed */
	xas_set(&xas, 4);
	xas_set_err(&xas, -ENOMEM);
	KT_ASSERT(xas_nomem(&xas, GFP_KERNEL) && xas.xa_alloc, "allocated");
	KT_ASSERT(!xas_nomem(&xas, GFP_KERNEL) && !xas.xa_alloc, "freed");
	/* the retry's allocation failing too ends the loop with the error */
	xas_set(&xas, 4);
	xas_set_err(&xas, -ENOMEM);
	before = qdk_alloc_attempts();
	qdk_alloc_fail_arm(1);
	KT_ASSERT(!xas_nomem(&xas, GFP_KERNEL), "second failure");
	KT_EQ(qdk_alloc_attempts() - before, 1);
	KT_EQ(xas_error(&xas), -ENOMEM);
	xa_destroy(&xa);
	return 0;
}

KTEST(xas, find_next_prev_pause)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, 0);
	unsigned long seen[4];
	void *entry;
	int n = 0;

	xa_store(&xa, 2, &kt_a, GFP_KERNEL);
	xa_store(&xa, 7, &kt_b, GFP_KERNEL);
	xa_store(&xa, 9, &kt_c, GFP_KERNEL);
	KT_EQ(xa_reserve(&xa, 4, GFP_KERNEL), 0);
	/* xas_for_each() sees the zero entry; xas_retry() skips it */
	xas_for_each(&xas, entry, 8) {
		if (xas_retry(&xas, entry))
			continue;
		seen[n++] = xas.xa_index;
	}
	KT_EQ(n, 2);
	KT_EQ(seen[0], 2);
	KT_EQ(seen[1], 7);
	KT_ASSERT(xas.xa_node == XAS_BOUNDS, "ran off the end");
	KT_ASSERT(!xas_find(&xas, ULONG_MAX), "stays at bounds");
	/* from an index inside: the index itself before a walk, after once walked */
	xas_set(&xas, 7);
	KT_ASSERT(xas_find(&xas, ULONG_MAX) == &kt_b && xas.xa_index == 7, "at");
	KT_ASSERT(xas_find(&xas, ULONG_MAX) == &kt_c && xas.xa_index == 9, "after");
	KT_ASSERT(!xas_find(&xas, ULONG_MAX), "none after 9");
	xas_set(&xas, 10);
	KT_ASSERT(!xas_find(&xas, 5) && xas.xa_node == XAS_BOUNDS, "index past max");
	/* xas_next()/xas_prev(): every index, NULL where empty */
	xas_set(&xas, 6);
	KT_ASSERT(xas_next(&xas) == NULL && xas.xa_index == 6, "first next loads");
	KT_ASSERT(xas_next(&xas) == &kt_b && xas.xa_index == 7, "next");
	KT_ASSERT(xas_prev(&xas) == NULL && xas.xa_index == 6, "prev");
	xas_set(&xas, 0);
	xas_load(&xas);
	KT_ASSERT(xas_prev(&xas) == NULL && xas.xa_index == ULONG_MAX, "wraps");
	/* xas_pause(): the next walk starts after the current entry */
	xas_set(&xas, 2);
	KT_ASSERT(xas_load(&xas) == &kt_a, "at 2");
	xas_pause(&xas);
	KT_ASSERT(xas.xa_node == XAS_RESTART && xas.xa_index == 3, "paused");
	KT_ASSERT(xas_find(&xas, ULONG_MAX) == XA_ZERO_ENTRY && xas.xa_index == 4, "resumed");
	xas_set(&xas, ULONG_MAX);
	xas_load(&xas);
	xas_pause(&xas);
	KT_ASSERT(xas.xa_node == XAS_BOUNDS, "paused at the end");
	xa_destroy(&xa);
	return 0;
}

KTEST(xas, marks)
{
	DEFINE_XARRAY(xa);
	XA_STATE(xas, &xa, 1);
	void *entry;
	int n = 0;

	xa_store(&xa, 1, &kt_a, GFP_KERNEL);
	xa_store(&xa, 3, &kt_b, GFP_KERNEL);
	xa_store(&xa, 5, &kt_c, GFP_KERNEL);
	KT_ASSERT(!xas_get_mark(&xas, XA_MARK_1), "not walked");
	xas_load(&xas);
	xas_set_mark(&xas, XA_MARK_1);
	KT_ASSERT(xas_get_mark(&xas, XA_MARK_1) && xa_get_mark(&xa, 1, XA_MARK_1), "set");
	KT_ASSERT(xas_marked(&xas, XA_MARK_1), "array marked");
	xas_set(&xas, 5);
	xas_load(&xas);
	xas_set_mark(&xas, XA_MARK_1);
	xas_set(&xas, 0);
	xas_for_each_marked(&xas, entry, ULONG_MAX, XA_MARK_1)
		n = n * 10 + (int)xas.xa_index;
	KT_EQ(n, 15);
	xas_set(&xas, 5);
	xas_load(&xas);
	xas_init_marks(&xas);
	KT_ASSERT(!xa_get_mark(&xa, 5, XA_MARK_1), "init clears");
	xas_set(&xas, 1);
	xas_load(&xas);
	xas_clear_mark(&xas, XA_MARK_1);
	KT_ASSERT(!xas_marked(&xas, XA_MARK_1), "no mark left");
	xa_destroy(&xa);
	return 0;
}

KTEST(xas, multi_index)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(xas, &xa, 13, 3);	/* indices 8..15 */
	unsigned long index;
	void *entry;
	int n = 0;

	KT_EQ(xas.xa_index, 8);
	xa_store(&xa, 9, &kt_c, GFP_KERNEL);
	xa_store(&xa, 20, &kt_c, GFP_KERNEL);
	/* the conflicts of the range: what is stored inside it */
	xas_for_each_conflict(&xas, entry)
		n++;
	KT_EQ(n, 1);
	KT_ASSERT(locked_store(&xas, &kt_a, GFP_KERNEL) == NULL, "8 was empty");
	KT_ASSERT(xa_load(&xa, 8) == &kt_a && xa_load(&xa, 15) == &kt_a, "every index");
	KT_ASSERT(!xa_load(&xa, 16) && !xa_load(&xa, 7), "only the range");
	KT_EQ(xa_get_order(&xa, 12), 3);
	KT_EQ(xa_get_order(&xa, 20), 0);
	/* iteration sees a multi-index entry once, at the index asked first */
	n = 0;
	xa_for_each(&xa, index, entry)
		n = n * 100 + (int)index;
	KT_EQ(n, 820);
	index = 11;
	KT_ASSERT(xa_find(&xa, &index, ULONG_MAX, XA_PRESENT) == &kt_a && index == 11, "inside");
	/* a store at any index replaces the whole entry; an erase removes it */
	KT_ASSERT(xa_store(&xa, 14, &kt_b, GFP_KERNEL) == &kt_a, "replaced");
	KT_ASSERT(xa_load(&xa, 8) == &kt_b && xa_get_order(&xa, 8) == 3, "still order 3");
	KT_ASSERT(xa_erase(&xa, 10) == &kt_b && !xa_load(&xa, 15), "erased whole");
	/* xa_store_range(): aligned power-of-two entries covering 3..12 */
	KT_ASSERT(!xa_store_range(&xa, 3, 12, &kt_c, GFP_KERNEL), "range stored");
	KT_EQ(xa_get_order(&xa, 3), 0);
	KT_EQ(xa_get_order(&xa, 4), 2);		/* 4..7 */
	KT_EQ(xa_get_order(&xa, 8), 2);		/* 8..11 */
	KT_EQ(xa_get_order(&xa, 12), 0);
	KT_ASSERT(!xa_load(&xa, 2) && !xa_load(&xa, 13) && xa_load(&xa, 6) == &kt_c, "3..12");
	KT_ASSERT(xa_is_err(xa_store_range(&xa, 5, 4, &kt_c, GFP_KERNEL)), "last < first");
	KT_ASSERT(!xa_store_range(&xa, 0, 15, NULL, GFP_KERNEL), "range erased");
	KT_ASSERT(!xa_load(&xa, 6) && xa_load(&xa, 20) == &kt_c, "only the range");
	xa_destroy(&xa);
	return 0;
}

KTEST(xas, split)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(big, &xa, 0, 8);
	XA_STATE_ORDER(xas, &xa, 64, 6);
	unsigned long index;
	void *entry;
	int n = 0;

	locked_store(&big, &kt_a, GFP_KERNEL);	/* 0..255 */
	xa_set_mark(&xa, 100, XA_MARK_2);
	/* order 8 into order 6 stays in one kernel node: no memory needed */
	xas_split_alloc(&xas, &kt_b, 8, GFP_KERNEL);
	KT_ASSERT(!xas_error(&xas) && !xas.xa_alloc, "nothing to allocate");
	xas_lock(&xas);
	xas_split(&xas, &kt_b, 8);
	xas_unlock(&xas);
	KT_ASSERT(!xas_error(&xas), "split");
	KT_EQ(xa_get_order(&xa, 0), 6);
	KT_EQ(xa_get_order(&xa, 255), 6);
	xa_for_each(&xa, index, entry) {
		KT_ASSERT(entry == &kt_b, "new entry at %lu", index);
		KT_ASSERT(xa_get_mark(&xa, index, XA_MARK_2), "mark at %lu", index);
		n++;
	}
	KT_EQ(n, 4);
	/* order 6 into single entries needs nodes: allocated beforehand */
	{
		XA_STATE(one, &xa, 128);

		xas_split_alloc(&one, &kt_c, 6, GFP_KERNEL);
		KT_ASSERT(!xas_error(&one) && one.xa_alloc, "memory for the split");
		xas_lock(&one);
		xas_split(&one, &kt_c, 6);
		xas_unlock(&one);
		xas_destroy(&one);
		KT_ASSERT(!one.xa_alloc && !xas_error(&one), "used");
		KT_EQ(xa_get_order(&xa, 191), 0);
		KT_ASSERT(xa_load(&xa, 191) == &kt_c && xa_load(&xa, 192) == &kt_b, "split");
		n = 0;
		xa_for_each(&xa, index, entry)
			n++;
		KT_EQ(n, 3 + 64);
	}
	/* too large a split: the kernel's warning and -ENOMEM */
	{
		XA_STATE(small, &xa, 0);

		xas_split_alloc(&small, &kt_b, 13, GFP_KERNEL);
		KT_EQ(xas_error(&small), -ENOMEM);
	}
	xa_destroy(&xa);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(xas, try_split)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(big, &xa, 0, 12);
	XA_STATE_ORDER(xas, &xa, 0, 6);

	KT_EQ(xas_try_split_min_order(12), 11);
	KT_EQ(xas_try_split_min_order(9), 6);
	KT_EQ(xas_try_split_min_order(0), 0);
	locked_store(&big, &kt_a, GFP_KERNEL);
	/* 12 to 6 needs more than one new node: -EINVAL */
	xas_lock(&xas);
	xas_try_split(&xas, &kt_a, 12);
	xas_unlock(&xas);
	KT_EQ(xas_error(&xas), -EINVAL);
	KT_EQ(xa_get_order(&xa, 0), 12);
	/* 12 to 11: one node */
	xas_set_order(&xas, 0, 11);
	xas_lock(&xas);
	xas_try_split(&xas, &kt_b, 12);
	xas_unlock(&xas);
	KT_ASSERT(!xas_error(&xas), "split");
	KT_EQ(xa_get_order(&xa, 0), 11);
	KT_ASSERT(xa_load(&xa, 4095) == &kt_b, "second half");
	xa_destroy(&xa);
	return 0;
}
#endif

KTEST(xas, create_range_and_node_encoding)
{
	DEFINE_XARRAY(xa);
	XA_STATE_ORDER(xas, &xa, 4, 2);
	struct xa_node node = { .shift = 0 };
	unsigned int i;

	xas_lock(&xas);
	xas_create_range(&xas);
	KT_ASSERT(!xas_error(&xas) && xas.xa_shift == 0 && xas.xa_sibs == 0, "single");
	for (i = 0; i < 4; i++) {
		xas_next(&xas);
		xas_store(&xas, xa_mk_value(i));
	}
	xas_unlock(&xas);
	KT_EQ(xa_to_value(xa_load(&xa, 7)), 3);
	KT_EQ(xa_get_order(&xa, 7), 0);
	/* node and sibling encodings */
	KT_ASSERT(xa_is_node(xa_mk_node(&node)) && xa_to_node(xa_mk_node(&node)) == &node,
		  "node");
	KT_ASSERT(xa_is_sibling(xa_mk_sibling(3)) && xa_to_sibling(xa_mk_sibling(3)) == 3,
		  "sibling");
	KT_ASSERT(!xa_is_node(XA_ZERO_ENTRY) && !xa_is_sibling(XA_ZERO_ENTRY), "zero");
	node.slots[5] = &kt_a;
	KT_ASSERT(xa_entry(&xa, &node, 5) == &kt_a && !xa_parent(&xa, &node), "accessors");
	xa_destroy(&xa);
	return 0;
}
