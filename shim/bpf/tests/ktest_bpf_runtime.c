// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_bpf_runtime.c - the BPF runtime (shim/bpf/) as a program uses it,
 * written as a BPF program is (vmlinux.h, bpf_helpers.h, BPF's own calls):
 * allocated objects and their references, kptrs, lists, red-black trees,
 * spin locks, bpf_for/bpf_repeat and bpf_loop, the clock.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>
#include <linux/errno.h>
#include <linux/jiffies.h>

#include "ktest.h"

struct item {
	u64 key;
	struct bpf_refcount ref;
	struct bpf_list_node lnode;
	struct bpf_rb_node rnode;
};

#define new_item() ((struct item *)bpf_obj_new(bpf_core_type_id_local(struct item)))

static struct item *item(u64 key)
{
	struct item *it = new_item();

	if (it)
		it->key = key;
	return it;
}

KTEST(bpf_rt, obj_new_zeroed_and_freed)
{
	long before = qdk_test_mem_objects();
	struct item *it = new_item();

	KT_ASSERT(it, "bpf_obj_new failed");
	KT_EQ(it->key, 0);
	KT_EQ(qdk_test_mem_objects(), before + 1);
	bpf_obj_drop(it);
	KT_EQ(qdk_test_mem_objects(), before);
	/* the older _impl call a program's own bpf_experimental.h may make */
	it = bpf_obj_new_impl(sizeof(*it), NULL);
	KT_ASSERT(it, "bpf_obj_new_impl failed");
	bpf_obj_drop_impl(it, NULL);
	KT_EQ(qdk_test_mem_objects(), before);
	return 0;
}

KTEST(bpf_rt, refcount_keeps_object)
{
	long before = qdk_test_mem_objects();
	struct item *it = item(7), *ref;

	ref = bpf_refcount_acquire(it);
	KT_ASSERT(ref == it, "a new reference is the same object");
	bpf_obj_drop(it);
	/* one reference left: still there */
	KT_EQ(qdk_test_mem_objects(), before + 1);
	KT_EQ(ref->key, 7);
	bpf_obj_drop(ref);
	KT_EQ(qdk_test_mem_objects(), before);
	return 0;
}

KTEST(bpf_rt, kptr_xchg_moves_ownership)
{
	struct holder {
		struct item __kptr *it;
	} h = {};
	struct item *old;

	old = bpf_kptr_xchg(&h.it, item(1));
	KT_ASSERT(!old, "the field was empty");
	old = bpf_kptr_xchg(&h.it, item(2));
	KT_EQ(old->key, 1);
	bpf_obj_drop(old);
	old = bpf_kptr_xchg(&h.it, NULL);
	KT_EQ(old->key, 2);
	KT_ASSERT(!h.it, "the field is empty again");
	bpf_obj_drop(old);
	return 0;
}

/* zero, as a program's global or a map value is before its first use */
static struct bpf_spin_lock lock;
static struct bpf_list_head head;
static struct bpf_list_head other;

static u64 pop_key(struct bpf_list_head *h, bool back)
{
	struct bpf_list_node *n;
	struct item *it;
	u64 key;

	bpf_spin_lock(&lock);
	n = back ? bpf_list_pop_back(h) : bpf_list_pop_front(h);
	bpf_spin_unlock(&lock);
	if (!n)
		return 0;
	it = container_of(n, struct item, lnode);
	key = it->key;
	bpf_obj_drop(it);
	return key;
}

KTEST(bpf_rt, list_order_and_ends)
{
	struct item *its[4] = { item(1), item(2), item(3), item(9) };
	struct bpf_list_node *n;
	int k;

	KT_ASSERT(bpf_list_empty(&head), "a zero head is an empty list");
	KT_ASSERT(!bpf_list_pop_front(&head), "nothing to pop");
	/* no allocation under the lock: the verifier refuses it */
	bpf_spin_lock(&lock);
	for (k = 0; k < 3; k++)
		KT_EQ(bpf_list_push_back(&head, &its[k]->lnode), 0);
	KT_EQ(bpf_list_push_front(&head, &its[3]->lnode), 0);
	n = bpf_list_front(&head);
	KT_EQ(container_of(n, struct item, lnode)->key, 9);
	n = bpf_list_back(&head);
	KT_EQ(container_of(n, struct item, lnode)->key, 3);
	bpf_spin_unlock(&lock);
	/* another head does not own these nodes */
	KT_ASSERT(bpf_list_empty(&other), "the other list is empty");
	KT_EQ(pop_key(&head, false), 9);
	KT_EQ(pop_key(&head, true), 3);
	KT_EQ(pop_key(&head, false), 1);
	KT_EQ(pop_key(&head, false), 2);
	KT_EQ(pop_key(&head, false), 0);
	KT_ASSERT(bpf_list_empty(&head), "all popped");
	return 0;
}

KTEST(bpf_rt, list_node_moves_between_lists)
{
	struct item *it = item(5);
	struct bpf_list_node *n;

	bpf_spin_lock(&lock);
	bpf_list_push_back(&head, &it->lnode);
	n = bpf_list_pop_front(&head);
	/* popped: owned by the program again, free to go elsewhere */
	KT_EQ(bpf_list_push_back(&other, n), 0);
	bpf_spin_unlock(&lock);
	KT_ASSERT(bpf_list_empty(&head), "left the first list");
	KT_EQ(pop_key(&other, false), 5);
	return 0;
}

static struct bpf_rb_root root;
static struct bpf_rb_root root2;

static bool item_less(struct bpf_rb_node *a, const struct bpf_rb_node *b)
{
	return container_of(a, struct item, rnode)->key <
	       container_of(b, struct item, rnode)->key;
}

KTEST(bpf_rt, rbtree_sorted_and_owned)
{
	static const u64 keys[] = { 50, 20, 80, 20, 10, 90, 30, 70, 60, 40 };
	struct item *its[ARRAY_SIZE(keys)];
	struct bpf_rb_node *n;
	u64 last = 0;
	int i, count = 0;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		its[i] = item(keys[i]);
	KT_ASSERT(!bpf_rbtree_first(&root), "a zero root is an empty tree");
	bpf_spin_lock(&lock);
	for (i = 0; i < ARRAY_SIZE(keys); i++)
		KT_EQ(bpf_rbtree_add(&root, &its[i]->rnode, item_less), 0);
	n = bpf_rbtree_first(&root);
	/* not this root's node: left alone */
	KT_ASSERT(!bpf_rbtree_remove(&root2, n), "remove from a root that does not own it");
	bpf_spin_unlock(&lock);
	for (;;) {
		struct item *it;

		bpf_spin_lock(&lock);
		n = bpf_rbtree_first(&root);
		if (n)
			n = bpf_rbtree_remove(&root, n);
		bpf_spin_unlock(&lock);
		if (!n)
			break;
		it = container_of(n, struct item, rnode);
		KT_ASSERT(it->key >= last, "%llu after %llu", it->key, last);
		last = it->key;
		count++;
		bpf_obj_drop(it);
	}
	KT_EQ(count, ARRAY_SIZE(keys));
	KT_EQ(last, 90);
	return 0;
}

KTEST(bpf_rt, bpf_for_and_repeat)
{
	struct bpf_iter_num it;
	int i, sum = 0, n = 0;

	bpf_for(i, 2, 7)
		sum += i;
	KT_EQ(sum, 2 + 3 + 4 + 5 + 6);
	bpf_for(i, 5, 5)
		n++;
	KT_EQ(n, 0);
	bpf_repeat(4)
		n++;
	KT_EQ(n, 4);
	/* the kernel's answers on bad ranges: no iteration */
	KT_EQ(bpf_iter_num_new(&it, 3, 1), -EINVAL);
	KT_ASSERT(!bpf_iter_num_next(&it), "an empty iterator");
	bpf_iter_num_destroy(&it);
	KT_EQ(bpf_iter_num_new(&it, 0, (8 << 20) + 1), -E2BIG);
	KT_ASSERT(!bpf_iter_num_next(&it), "an empty iterator");
	bpf_iter_num_destroy(&it);
	return 0;
}

struct loop_ctx {
	u32 stop_at;
	u64 sum;
};

static int loop_cb(u32 index, struct loop_ctx *ctx)
{
	ctx->sum += index;
	return index == ctx->stop_at;
}

KTEST(bpf_rt, bpf_loop_stops_and_counts)
{
	struct loop_ctx ctx = { .stop_at = 100 };

	KT_EQ(bpf_loop(10, loop_cb, &ctx, 0), 10);
	KT_EQ(ctx.sum, 45);
	ctx.sum = 0;
	ctx.stop_at = 3;
	KT_EQ(bpf_loop(10, loop_cb, &ctx, 0), 4);
	KT_EQ(ctx.sum, 0 + 1 + 2 + 3);
	KT_EQ(bpf_loop(10, loop_cb, &ctx, 1), -EINVAL);
	KT_EQ(bpf_loop((8 << 20) + 1, loop_cb, &ctx, 0), -E2BIG);
	return 0;
}

KTEST(bpf_rt, clock_is_virtual)
{
	u64 t0 = bpf_ktime_get_ns();

	KT_EQ(t0, ktime_get_ns());
	KT_EQ(bpf_jiffies64(), get_jiffies_64());
	return 0;
}
