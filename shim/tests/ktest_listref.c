// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_listref.c - the newer series' list, refcount, u64_stats and
 * stddef helpers: hlist splicing and counting, the acquire-ordered list
 * reads and refcount increments (with 7.x's limit), u64_stats_copy() and
 * TRAILING_OVERLAP()'s layout.
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/refcount.h>
#include <linux/u64_stats_sync.h>
#include <linux/version.h>

#include "ktest.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct kt_hnode {
	int v;
	struct hlist_node node;
};

KTEST(listref, hlist_splice_and_count)
{
	struct kt_hnode n[5] = { { 0 }, { 1 }, { 2 }, { 3 }, { 4 } };
	struct hlist_head from = HLIST_HEAD_INIT, to = HLIST_HEAD_INIT;
	struct kt_hnode *pos;
	int want[] = { 1, 0, 4, 3, 2 }, i = 0;

	hlist_add_head(&n[2].node, &to);
	hlist_add_head(&n[3].node, &to);
	hlist_add_head(&n[4].node, &to);
	hlist_add_head(&n[0].node, &from);
	hlist_add_head(&n[1].node, &from);	/* from: 1, 0 (0 the last) */
	KT_EQ(hlist_count_nodes(&from), 2);
	hlist_splice_init(&from, &n[0].node, &to);
	KT_ASSERT(hlist_empty(&from), "from emptied");
	KT_EQ(hlist_count_nodes(&to), 5);
	hlist_for_each_entry(pos, &to, node)
		KT_EQ(pos->v, want[i++]);
	KT_ASSERT(n[4].node.pprev == &n[0].node.next, "the old first's back link");
	return 0;
}

KTEST(listref, refcount_acquire)
{
	refcount_t r = REFCOUNT_INIT(0);
	int old = -1;

	KT_ASSERT(!refcount_add_not_zero_acquire(2, &r), "0 stays 0");
	KT_EQ(refcount_read(&r), 0);
	refcount_set(&r, 3);
	KT_ASSERT(__refcount_inc_not_zero_acquire(&r, &old), "taken");
	KT_EQ(old, 3);
	KT_ASSERT(refcount_add_not_zero_acquire(2, &r), "added");
	KT_EQ(refcount_read(&r), 6);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_ASSERT(!__refcount_add_not_zero_limited_acquire(3, &r, &old, 8), "past the limit");
	KT_EQ(old, 6);
	KT_EQ(refcount_read(&r), 6);
	KT_ASSERT(__refcount_inc_not_zero_limited_acquire(&r, NULL, 7), "up to the limit");
	KT_EQ(refcount_read(&r), 7);
#endif
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct kt_lent {
	int v;
	struct list_head node;
};

KTEST(listref, list_release_acquire)
{
	struct kt_lent a = { .v = 1 }, b = { .v = 2 };
	LIST_HEAD(head);

	KT_ASSERT(!list_last_entry_or_null(&head, struct kt_lent, node), "empty");
	KT_ASSERT(!list_first_entry_or_null_acquire(&head, struct kt_lent, node), "empty");
	list_add_tail_release(&a.node, &head);
	list_add_tail_release(&b.node, &head);
	KT_EQ(list_first_entry_or_null_acquire(&head, struct kt_lent, node)->v, 1);
	KT_EQ(list_last_entry_or_null(&head, struct kt_lent, node)->v, 2);
	KT_ASSERT(head.prev == &b.node && b.node.prev == &a.node, "linked both ways");
	return 0;
}

struct kt_stats {
	u64_stats_t packets;
	u64_stats_t bytes;
};

KTEST(listref, u64_stats_copy)
{
	struct kt_stats s;
	u64 out[2];

	u64_stats_set(&s.packets, 7);
	u64_stats_set(&s.bytes, 1500);
	KT_ASSERT(u64_stats_copy(out, &s, sizeof(s)) == out, "returns dst");
	KT_EQ(out[0], 7);
	KT_EQ(out[1], 1500);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct kt_flex {
	u16 count;
	u32 items[];
};

struct kt_composite {
	TRAILING_OVERLAP(struct kt_flex, flex, items,
		u32 first;
		u32 second;
	);
};

KTEST(listref, trailing_overlap)
{
	struct kt_composite c = {};

	KT_EQ(offsetof(struct kt_composite, first), offsetof(struct kt_flex, items));
	c.second = 9;
	KT_EQ(c.flex.items[1], 9);
	return 0;
}
#endif
