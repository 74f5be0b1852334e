// SPDX-License-Identifier: GPL-2.0
/* ktest_rbtree.c - red-black tree invariants under random inserts/erases. */
#include <linux/kernel.h>
#include <linux/rbtree.h>
#include <linux/rbtree_augmented.h>
#include <linux/version.h>
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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static int kt_item_cmp(struct rb_node *a, const struct rb_node *b)
{
	u32 ka = rb_entry(a, struct item, node)->key;
	u32 kb = rb_entry(b, struct item, node)->key;

	return ka < kb ? -1 : ka > kb;
}

static int kt_key_cmp(const void *key, const struct rb_node *b)
{
	u32 k = *(const u32 *)key, kb = rb_entry(b, struct item, node)->key;

	return k < kb ? -1 : k > kb;
}

static bool kt_item_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct item, node)->key < rb_entry(b, struct item, node)->key;
}

KTEST(rbtree, find_add_rcu_and_find_rcu)
{
	struct rb_root root = RB_ROOT;
	struct item it[8], dup = { .key = 30 };
	u32 k;
	int i;

	for (i = 0; i < 8; i++) {
		it[i].key = (u32)(i * 37 % 8) * 10;
		KT_ASSERT(!rb_find_add_rcu(&it[i].node, &root, kt_item_cmp), "fresh key found");
	}
	KT_ASSERT(check(root.rb_node, NULL) > 0, "invariants");
	KT_ASSERT(rb_find_add_rcu(&dup.node, &root, kt_item_cmp) != NULL, "duplicate added");
	KT_EQ(rb_entry(rb_find_add_rcu(&dup.node, &root, kt_item_cmp), struct item, node)->key, 30);
	for (k = 0; k < 80; k += 10)
		KT_ASSERT(rb_find_rcu(&k, &root, kt_key_cmp) &&
			  rb_entry(rb_find_rcu(&k, &root, kt_key_cmp), struct item, node)->key == k,
			  "rb_find_rcu");
	k = 35;
	KT_ASSERT(!rb_find_rcu(&k, &root, kt_key_cmp), "found an absent key");
	return 0;
}

/* the augmented value: the subtree's largest key */
struct aug_item {
	struct rb_node node;
	u32 key;
	u32 max;
};

static bool aug_compute(struct aug_item *n, bool exit)
{
	u32 max = n->key;

	if (n->node.rb_left)
		max = max_t(u32, max, rb_entry(n->node.rb_left, struct aug_item, node)->max);
	if (n->node.rb_right)
		max = max_t(u32, max, rb_entry(n->node.rb_right, struct aug_item, node)->max);
	if (exit && n->max == max)
		return true;
	n->max = max;
	return false;
}

RB_DECLARE_CALLBACKS(static, aug_cb, struct aug_item, node, max, aug_compute);

static bool aug_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct aug_item, node)->key < rb_entry(b, struct aug_item, node)->key;
}

KTEST(rbtree, add_augmented_cached)
{
	struct rb_root_cached root = RB_ROOT_CACHED;
	static const u32 keys[] = { 50, 20, 80, 10, 90, 5 };
	struct aug_item it[ARRAY_SIZE(keys)];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		struct rb_node *ret;

		it[i].key = it[i].max = keys[i];
		ret = rb_add_augmented_cached(&it[i].node, &root, aug_less, &aug_cb);
		/* 50, 20, 10 and 5 are each a new leftmost; 80 and 90 are not */
		KT_ASSERT((ret == &it[i].node) == (keys[i] <= 20 || i == 0), "leftmost return");
	}
	KT_ASSERT(root.rb_leftmost == &it[5].node, "leftmost");
	KT_EQ(rb_entry(root.rb_root.rb_node, struct aug_item, node)->max, 90);
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		struct aug_item copy = it[i];

		KT_ASSERT(!aug_compute(&copy, false) && copy.max == it[i].max, "stale max");
	}
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct link_item {
	struct rb_node_linked ln;
	u32 key;
};

static bool link_less(struct rb_node *a, const struct rb_node *b)
{
	return rb_entry(a, struct link_item, ln.node)->key <
	       rb_entry(b, struct link_item, ln.node)->key;
}

static int cached_cmp(const struct rb_node *a, const struct rb_node *b)
{
	u32 ka = rb_entry(a, struct item, node)->key, kb = rb_entry(b, struct item, node)->key;

	return ka < kb ? -1 : ka > kb;
}

KTEST(rbtree, linked_and_find_add_cached)
{
	struct rb_root_linked lroot = RB_ROOT_LINKED;
	struct rb_root_cached croot = RB_ROOT_CACHED;
	static const u32 keys[] = { 40, 10, 70, 20, 60, 5 };
	struct link_item li[ARRAY_SIZE(keys)];
	struct item ci[ARRAY_SIZE(keys)], dup = { .key = 60 };
	struct rb_node_linked *p;
	u32 last = 0;
	unsigned int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		li[i].key = keys[i];
		RB_CLEAR_LINKED_NODE(&li[i].ln);
		KT_ASSERT(RB_EMPTY_LINKED_NODE(&li[i].ln), "cleared node not empty");
		KT_EQ(rb_add_linked(&li[i].ln, &lroot, link_less), keys[i] <= 10 || i == 0);
		ci[i].key = keys[i];
		KT_ASSERT(!rb_find_add_cached(&ci[i].node, &croot, cached_cmp), "fresh found");
	}
	/* the list is the tree's order, from the leftmost */
	for (p = lroot.rb_leftmost; p; p = p->next, n++) {
		u32 k = rb_entry(p, struct link_item, ln)->key;

		KT_ASSERT(k > last || !n, "list out of order");
		KT_ASSERT(!p->next || p->next->prev == p, "prev link");
		last = k;
	}
	KT_EQ(n, ARRAY_SIZE(keys));
	KT_EQ(last, 70);
	/* erasing the leftmost moves it to the next; the last erase empties the tree */
	KT_ASSERT(rb_erase_linked(&li[5].ln, &lroot), "tree empty too early");
	KT_ASSERT(lroot.rb_leftmost == &li[1].ln && !li[1].ln.prev, "leftmost after erase");
	KT_ASSERT(RB_EMPTY_LINKED_NODE(&li[5].ln), "erased node not cleared");
	KT_ASSERT(rb_erase_linked(&li[3].ln, &lroot), "tree empty too early");
	KT_ASSERT(li[1].ln.next == &li[0].ln && li[0].ln.prev == &li[1].ln, "relinked");
	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (i == 5 || i == 3)
			continue;
		KT_EQ(rb_erase_linked(&li[i].ln, &lroot), i != 4);
	}
	KT_ASSERT(RB_EMPTY_ROOT(&lroot.rb_root) && !lroot.rb_leftmost, "not empty");
	KT_ASSERT(croot.rb_leftmost == &ci[5].node, "cached leftmost");
	KT_ASSERT(rb_find_add_cached(&dup.node, &croot, cached_cmp) == &ci[4].node, "duplicate");
	return 0;
}
#endif
