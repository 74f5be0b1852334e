// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_bpf_ref.c - the skb references an op holds (shim/bpf/bpf_ref.c):
 * taken by its argument and by bpf_kptr_xchg() out of a field, released by
 * storing, dropping, freeing or returning. Balanced uses return; an
 * unbalanced one stops the program (tests/suites/65-new-bpf runs that).
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>

#include "ktest.h"
#include "bpf_rt.h"

struct fake_skb {
	int x;
};

KTEST(bpf_ref, stored_then_returned)
{
	struct fake_skb a, b;
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
	KT_ASSERT(!qdk_bpf_ref_put(&b), "b was never held");
	qdk_bpf_ref_get(&b, 0);
	KT_ASSERT(qdk_bpf_ref_put(&b), "b was held");
	KT_ASSERT(!qdk_bpf_ref_put(&b), "b is released");
	KT_ASSERT(!qdk_bpf_ref_put(NULL), "NULL is nobody's");
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
	/* popped and dropped: the runtime cannot tell a popped node's object */
	l = bpf_list_pop_front(&head);
	KT_ASSERT(l == &it->node, "popped");
	bpf_obj_drop_impl(it, NULL);
	KT_EQ(qdk_bpf_ref_mark(), mark);
	qdk_bpf_op = QDK_BPF_OP_NONE;
	return 0;
}
