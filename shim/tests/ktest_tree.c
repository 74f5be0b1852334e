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

#include <linux/rbtree_augmented.h>

/* an interval tree: each node keeps the largest end in its subtree */
struct kt_iv {
	u32 start, last, subtree_last;
	struct rb_node rb;
};

#define KT_IV_LAST(n) ((n)->last)
RB_DECLARE_CALLBACKS_MAX(static, kt_iv_aug, struct kt_iv, rb, u32, subtree_last, KT_IV_LAST)

static void kt_iv_insert(struct kt_iv *n, struct rb_root *root)
{
	struct rb_node **link = &root->rb_node, *parent = NULL;

	n->subtree_last = n->last;
	while (*link) {
		struct kt_iv *p = rb_entry(*link, struct kt_iv, rb);

		parent = *link;
		/* the path down takes the new end into account */
		if (p->subtree_last < n->last)
			p->subtree_last = n->last;
		link = n->start < p->start ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node(&n->rb, parent, link);
	rb_insert_augmented(&n->rb, root, &kt_iv_aug);
}

/* checks a subtree: its max end (0 for none) into *max, black height returned; -1 broken */
static int kt_iv_check(struct rb_node *rb, u32 *max, const char **why)
{
	struct kt_iv *n;
	u32 lmax = 0, rmax = 0, m;
	int lh, rh;

	*max = 0;
	if (!rb)
		return 1;
	n = rb_entry(rb, struct kt_iv, rb);
	lh = kt_iv_check(rb->rb_left, &lmax, why);
	rh = kt_iv_check(rb->rb_right, &rmax, why);
	if (lh < 0 || rh < 0)
		return -1;
	if (lh != rh) {
		*why = "black heights differ";
		return -1;
	}
	if (rb_is_red(rb) && ((rb->rb_left && rb_is_red(rb->rb_left)) ||
			      (rb->rb_right && rb_is_red(rb->rb_right)))) {
		*why = "red under red";
		return -1;
	}
	m = max(n->last, max(lmax, rmax));
	if (n->subtree_last != m) {
		*why = "stale augmented value";
		return -1;
	}
	*max = m;
	return lh + rb_is_black(rb);
}

KTEST(rbtree, augmented)
{
	struct kt_iv *iv = kcalloc(200, sizeof(*iv), GFP_KERNEL);
	struct rb_root root = RB_ROOT;
	const char *why = "";
	u32 seed = 12345, m;
	int i;

	for (i = 0; i < 200; i++) {
		seed = seed * 1103515245 + 12345;
		iv[i].start = (seed >> 8) % 1000;
		iv[i].last = iv[i].start + (seed >> 20) % 300;
		kt_iv_insert(&iv[i], &root);
		KT_ASSERT(kt_iv_check(root.rb_node, &m, &why) > 0, "after insert %d: %s", i, why);
	}
	/* erase in a scattered order, checking the values and colours each time */
	for (i = 0; i < 200; i++) {
		int k = (i * 37) % 200;

		rb_erase_augmented(&iv[k].rb, &root, &kt_iv_aug);
		KT_ASSERT(kt_iv_check(root.rb_node, &m, &why) > 0, "after erase %d: %s", k, why);
	}
	KT_ASSERT(RB_EMPTY_ROOT(&root), "emptied");
	kfree(iv);
	return 0;
}
