// SPDX-License-Identifier: GPL-2.0
/* ktest_tree.c - rbtree.h's helpers: rb_add/rb_find*, postorder, replace. */
#include <linux/kernel.h>
#include <linux/rbtree.h>
#include <linux/slab.h>

#include "ktest.h"

struct kt_rb {
	int key, seq;
	struct rb_node node;
};

#define kt_of(n) rb_entry((n), struct kt_rb, node)

static bool kt_less(struct rb_node *a, const struct rb_node *b)
{
	return kt_of(a)->key < kt_of(b)->key;
}

static int kt_cmp(struct rb_node *a, const struct rb_node *b)
{
	return kt_of(a)->key - kt_of(b)->key;
}

static int kt_key_cmp(const void *key, const struct rb_node *n)
{
	return *(const int *)key - kt_of(n)->key;
}

KTEST(rbtree, add_find_and_matches)
{
	static const int keys[] = { 5, 3, 8, 3, 1, 8, 3 };
	struct kt_rb e[ARRAY_SIZE(keys)], extra = { .key = 5 }, *pos, *n;
	struct rb_root_cached ct = RB_ROOT_CACHED;
	struct rb_root t = RB_ROOT;
	struct rb_node *node;
	int i, key, seqs = 0, count = 0;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		e[i].key = keys[i];
		e[i].seq = i;
		node = rb_add_cached(&e[i].node, &ct, kt_less);
		/* returned when it became the leftmost */
		KT_ASSERT((node != NULL) == (i == 0 || i == 1 || i == 4), "leftmost %d", i);
	}
	KT_EQ(kt_of(rb_first_cached(&ct))->key, 1);
	key = 3;
	/* equal keys in insertion order: rb_for_each from the first */
	rb_for_each(node, &key, &ct.rb_root, kt_key_cmp)
		seqs = seqs * 10 + kt_of(node)->seq;
	KT_EQ(seqs, 136);
	key = 8;
	KT_EQ(kt_of(rb_find_first(&key, &ct.rb_root, kt_key_cmp))->seq, 2);
	key = 4;
	KT_ASSERT(!rb_find(&key, &ct.rb_root, kt_key_cmp), "no 4");
	KT_ASSERT(rb_find_add(&extra.node, &ct.rb_root, kt_cmp) != NULL, "5 is there");
	/* postorder: every child before its parent, each node once */
	rbtree_postorder_for_each_entry_safe(pos, n, &ct.rb_root, node) {
		struct rb_node *l = pos->node.rb_left, *r = pos->node.rb_right;

		KT_ASSERT(!l || kt_of(l)->seq == -1, "left child not visited first");
		KT_ASSERT(!r || kt_of(r)->seq == -1, "right child not visited first");
		pos->seq = -1;
		count++;
	}
	KT_EQ(count, ARRAY_SIZE(keys));

	for (i = 0; i < 3; i++) {
		e[i].key = keys[i];
		KT_ASSERT(!rb_find_add(&e[i].node, &t, kt_cmp), "added %d", i);
	}
	rb_add(&extra.node, &t, kt_less);
	KT_EQ(kt_of(rb_last(&t))->key, 8);
	KT_ASSERT(!rb_first_postorder(&RB_ROOT), "empty postorder");
	return 0;
}

KTEST(rbtree, replace_cached)
{
	struct kt_rb a = { .key = 1 }, b = { .key = 2 }, c = { .key = 1 };
	struct rb_root_cached ct = RB_ROOT_CACHED;

	rb_add_cached(&a.node, &ct, kt_less);
	rb_add_cached(&b.node, &ct, kt_less);
	rb_replace_node_cached(&a.node, &c.node, &ct);
	KT_ASSERT(rb_first_cached(&ct) == &c.node, "leftmost replaced");
	KT_ASSERT(rb_next(&c.node) == &b.node, "order kept");
	rb_replace_node_rcu(&b.node, &a.node, &ct.rb_root);
	KT_ASSERT(rb_last(&ct.rb_root) == &a.node, "rcu replace");
	return 0;
}
