// SPDX-License-Identifier: GPL-2.0
/* ktest_rbtree.c - red-black tree invariants under random inserts/erases. */
#include <linux/kernel.h>
#include <linux/rbtree.h>
#include <linux/random.h>
#include <linux/slab.h>

#include <linux/skbuff.h>

#include "ktest.h"
#include "shim.h"

struct item {
	struct rb_node node;
	u32 key;
	bool in;
};

static void insert(struct rb_root *root, struct item *it)
{
	struct rb_node **p = &root->rb_node, *parent = NULL;

	while (*p) {
		struct item *cur = rb_entry(*p, struct item, node);

		parent = *p;
		p = it->key < cur->key ? &(*p)->rb_left : &(*p)->rb_right;
	}
	rb_link_node(&it->node, parent, p);
	rb_insert_color(&it->node, root);
}

#define BLACK(n) (!(n) || ((n)->__rb_parent_color & 1))

/* black height of the subtree, -1 if an invariant is broken */
static int check(const struct rb_node *n, const struct rb_node *parent)
{
	int l, r;

	if (!n)
		return 1;
	if (rb_parent(n) != parent)
		return -1;
	if (!BLACK(n) && (!BLACK(n->rb_left) || !BLACK(n->rb_right)))
		return -1;
	l = check(n->rb_left, n);
	r = check(n->rb_right, n);
	if (l < 0 || r < 0 || l != r)
		return -1;
	return l + BLACK(n);
}

static int in_order(const struct rb_root *root, int expect)
{
	const struct rb_node *n;
	u32 last = 0;
	int count = 0;

	for (n = rb_first(root); n; n = rb_next(n)) {
		const struct item *it = rb_entry(n, struct item, node);

		if (it->key < last)
			return -1;
		last = it->key;
		count++;
	}
	return count == expect ? 0 : -1;
}

KTEST(rbtree, random_insert_erase)
{
	struct rb_root root = RB_ROOT;
	const int n = 2000;
	struct item *items = kcalloc(n, sizeof(*items), GFP_KERNEL);
	int i, live = 0, round;

	qdk_random_seed(11);
	for (round = 0; round < 3; round++) {
		for (i = 0; i < n; i++) {
			if (items[i].in)
				continue;
			items[i].key = get_random_u32_below(500);
			items[i].in = true;
			insert(&root, &items[i]);
			live++;
		}
		KT_ASSERT(check(root.rb_node, NULL) > 0, "invariants after insert");
		KT_EQ(in_order(&root, live), 0);
		for (i = 0; i < n; i++) {
			if (!items[i].in || get_random_u32_below(3))
				continue;
			rb_erase(&items[i].node, &root);
			items[i].in = false;
			live--;
		}
		KT_ASSERT(check(root.rb_node, NULL) > 0, "invariants after erase");
		KT_EQ(in_order(&root, live), 0);
	}
	KT_ASSERT(BLACK(root.rb_node), "black root");
	/* walk backwards too */
	{
		struct rb_node *nd;
		int back = 0;

		for (nd = rb_last(&root); nd; nd = rb_prev(nd))
			back++;
		KT_EQ(back, live);
	}
	for (i = 0; i < n; i++)
		if (items[i].in)
			rb_erase(&items[i].node, &root);
	KT_ASSERT(RB_EMPTY_ROOT(&root), "empty");
	kfree(items);
	return 0;
}

KTEST(rbtree, skb_rbtree_purge)
{
	struct rb_root root = RB_ROOT;
	int i;

	for (i = 0; i < 5; i++) {
		struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
		struct rb_node **p = &root.rb_node, *parent = NULL;

		skb->tstamp = 5 - i;
		while (*p) {
			parent = *p;
			p = skb->tstamp < rb_to_skb(parent)->tstamp ?
			    &parent->rb_left : &parent->rb_right;
		}
		rb_link_node(&skb->rbnode, parent, p);
		rb_insert_color(&skb->rbnode, &root);
	}
	KT_EQ(skb_rb_first(&root)->tstamp, 1);
	KT_EQ(skb_rb_last(&root)->tstamp, 5);
	KT_ASSERT(skb_rbtree_purge(&root) > 0, "truesize sum");
	KT_ASSERT(RB_EMPTY_ROOT(&root), "empty");
	return 0;
}
