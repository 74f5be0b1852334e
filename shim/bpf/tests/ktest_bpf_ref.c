// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_bpf_ref.c - the skb references an op holds (shim/bpf/bpf_ref.c):
 * taken by its argument and by bpf_kptr_xchg() out of a field, released by
 * storing, dropping, freeing or returning. Balanced uses return; an
 * unbalanced one stops the program (tests/suites/65-new-bpf runs that).
 * A node a pop gives back is an owning reference to its object again.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>

#include "ktest.h"
#include "bpf_rt.h"

KTEST(bpf_ref, stored_then_returned)
{
	struct sk_buff a = {}, b = {};
	void *field = NULL;
	unsigned int mark;

	qdk_bpf_op = QDK_BPF_OP_DEQUEUE;	/* references are an op's */
	mark = qdk_bpf_ref_mark();

	/* enqueue: given a, stores it */
	qdk_bpf_ref_get(&a, 0);
	KT_ASSERT(bpf_kptr_xchg(&field, &a) == NULL, "the field was empty");
	KT_EQ(qdk_bpf_ref_mark(), mark);
	qdk_bpf_ref_end(mark, NULL, NULL);
	/* dequeue: takes a out, returns it */
	KT_ASSERT(bpf_kptr_xchg(&field, NULL) == &a, "a comes out");
	KT_EQ(qdk_bpf_ref_mark(), mark + 1);
	qdk_bpf_ref_end(mark, &a, NULL);
	KT_EQ(qdk_bpf_ref_mark(), mark);
	/* a reference released twice, or one never held: nothing to put */
	KT_ASSERT(!qdk_bpf_ref_put(&b, 0), "b was never held");
	qdk_bpf_ref_get(&b, 0);
	/* what the op may write: the skb's tstamp and its cb's private bytes */
	b.tstamp = 1;
	((struct qdisc_skb_cb *)b.cb)->data[0] = 1;
	KT_ASSERT(qdk_bpf_ref_put(&b, 0), "b was held");
	KT_ASSERT(!qdk_bpf_ref_put(&b, 0), "b is released");
	KT_ASSERT(!qdk_bpf_ref_put(NULL, 0), "NULL is nobody's");
	qdk_bpf_op = QDK_BPF_OP_NONE;
	/* outside an op nothing is held */
	qdk_bpf_ref_get(&b, 0);
	KT_EQ(qdk_bpf_ref_mark(), mark);
	return 0;
}

struct item {
	u64 v;
	struct bpf_list_node node;
};

/* an object is held from bpf_obj_new() until its node goes into a list */
KTEST(bpf_ref, object_until_pushed)
{
	struct bpf_list_head head = {};
	struct bpf_list_node *l;
	unsigned int mark;
	struct item *it;

	qdk_bpf_op = QDK_BPF_OP_ENQUEUE;
	mark = qdk_bpf_ref_mark();
	it = bpf_obj_new_impl(sizeof(*it), NULL);
	KT_ASSERT(it, "bpf_obj_new");
	KT_EQ(qdk_bpf_ref_mark(), mark + 1);
	KT_EQ(bpf_list_push_back(&head, &it->node), 0);
	KT_EQ(qdk_bpf_ref_mark(), mark);
	/* a second reference, dropped */
	KT_ASSERT(bpf_refcount_acquire_impl(it, NULL) == it, "acquired");
	KT_EQ(qdk_bpf_ref_mark(), mark + 1);
	bpf_obj_drop_impl(it, NULL);
	KT_EQ(qdk_bpf_ref_mark(), mark);
	qdk_bpf_ref_end(mark, NULL, NULL);
	/* popped: the op holds the object again, until it drops it */
	l = bpf_list_pop_front(&head);
	KT_ASSERT(l == &it->node, "popped");
	KT_EQ(qdk_bpf_ref_mark(), mark + 1);
	bpf_obj_drop_impl(it, NULL);
	KT_EQ(qdk_bpf_ref_mark(), mark);
	qdk_bpf_op = QDK_BPF_OP_NONE;
	return 0;
}

struct flow {
	u64 key;
	struct bpf_rb_node rb;
	struct bpf_list_node link;
	struct bpf_refcount ref;
};

static bool flow_less(struct bpf_rb_node *a, const struct bpf_rb_node *b)
{
	return container_of(a, struct flow, rb)->key < container_of(b, struct flow, rb)->key;
}

/* an object in a tree and a list at once (two references): each comes back on its own */
KTEST(bpf_ref, object_in_two_collections)
{
	struct bpf_list_head head = {};
	struct bpf_rb_root root = {};
	struct bpf_rb_node *r;
	struct flow *f, *g;
	unsigned int mark;

	qdk_bpf_op = QDK_BPF_OP_DEQUEUE;
	mark = qdk_bpf_ref_mark();
	f = bpf_obj_new_impl(sizeof(*f), NULL);
	KT_ASSERT(f, "bpf_obj_new");
	g = bpf_refcount_acquire_impl(f, NULL);
	KT_ASSERT(g == f, "a second reference");
	KT_EQ(bpf_rbtree_add_impl(&root, &f->rb, flow_less, NULL, 0), 0);
	KT_EQ(bpf_list_push_back_impl(&head, &g->link, NULL, 0), 0);
	KT_EQ(qdk_bpf_ref_mark(), mark);
	qdk_bpf_ref_end(mark, NULL, NULL);
	/* first is not a reference; remove is */
	r = bpf_rbtree_first(&root);
	KT_ASSERT(r == &f->rb, "first");
	KT_EQ(qdk_bpf_ref_mark(), mark);
	KT_ASSERT(bpf_rbtree_remove(&root, r) == r, "removed");
	KT_EQ(qdk_bpf_ref_mark(), mark + 1);
	KT_ASSERT(bpf_rbtree_remove(&root, r) == NULL, "not the tree's now");
	KT_EQ(qdk_bpf_ref_mark(), mark + 1);
	bpf_obj_drop_impl(f, NULL);
	KT_ASSERT(bpf_list_pop_front(&head) == &g->link, "popped");
	KT_EQ(qdk_bpf_ref_mark(), mark + 1);
	bpf_obj_drop_impl(g, NULL);
	qdk_bpf_ref_end(mark, NULL, NULL);
	qdk_bpf_op = QDK_BPF_OP_NONE;
	return 0;
}

/* a node pushed while a list owns it: -EINVAL, and the reference given with it dropped */
KTEST(bpf_ref, pushed_while_owned)
{
	struct bpf_list_head head = {};
	unsigned int mark;
	struct flow *f, *g;

	qdk_bpf_op = QDK_BPF_OP_ENQUEUE;
	mark = qdk_bpf_ref_mark();
	f = bpf_obj_new_impl(sizeof(*f), NULL);
	KT_ASSERT(f, "bpf_obj_new");
	g = bpf_refcount_acquire_impl(f, NULL);
	KT_EQ(bpf_list_push_back_impl(&head, &f->link, NULL, 0), 0);
	KT_EQ(qdk_bpf_ref_mark(), mark + 1);
	KT_EQ(bpf_list_push_front_impl(&head, &g->link, NULL, 0), -EINVAL);
	KT_EQ(qdk_bpf_ref_mark(), mark);
	KT_ASSERT(qdk_bpf_obj_is_live(f), "the list's reference keeps it");
	KT_ASSERT(bpf_list_pop_front(&head) == &f->link, "popped");
	bpf_obj_drop_impl(f, NULL);
	KT_ASSERT(!qdk_bpf_obj_is_live(f), "the last reference dropped");
	qdk_bpf_ref_end(mark, NULL, NULL);
	qdk_bpf_op = QDK_BPF_OP_NONE;
	return 0;
}
