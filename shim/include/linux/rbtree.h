/* SPDX-License-Identifier: GPL-2.0 */
/* Red-black tree API (implementation: shim/lib/rbtree.c). */
#ifndef _LINUX_RBTREE_H
#define _LINUX_RBTREE_H

#include <linux/kernel.h>
#include <linux/stddef.h>
#include <linux/version.h>

struct rb_node {
	unsigned long  __rb_parent_color;
	struct rb_node *rb_right;
	struct rb_node *rb_left;
} __attribute__((aligned(sizeof(long))));

struct rb_root {
	struct rb_node *rb_node;
};

struct rb_root_cached {
	struct rb_root rb_root;
	struct rb_node *rb_leftmost;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a node also on a list in tree order (prev/next), its root keeping the leftmost */
struct rb_node_linked {
	struct rb_node node;
	struct rb_node_linked *prev;
	struct rb_node_linked *next;
};

struct rb_root_linked {
	struct rb_root rb_root;
	struct rb_node_linked *rb_leftmost;
};

#define RB_ROOT_LINKED (struct rb_root_linked) { {NULL, }, NULL }
#endif

#define rb_parent(r)   ((struct rb_node *)((r)->__rb_parent_color & ~3))
#define RB_ROOT	(struct rb_root) { NULL, }
#define RB_ROOT_CACHED (struct rb_root_cached) { {NULL, }, NULL }
#define rb_entry(ptr, type, member) container_of(ptr, type, member)
#define RB_EMPTY_ROOT(root)  (READ_ONCE((root)->rb_node) == NULL)
#define RB_EMPTY_NODE(node)  \
	((node)->__rb_parent_color == (unsigned long)(node))
#define RB_CLEAR_NODE(node)  \
	((node)->__rb_parent_color = (unsigned long)(node))
#define rb_entry_safe(ptr, type, member) \
	({ typeof(ptr) ____ptr = (ptr); \
	   ____ptr ? rb_entry(____ptr, type, member) : NULL; })

void rb_insert_color(struct rb_node *node, struct rb_root *root);
void rb_erase(struct rb_node *node, struct rb_root *root);
struct rb_node *rb_next(const struct rb_node *node);
struct rb_node *rb_prev(const struct rb_node *node);
struct rb_node *rb_first(const struct rb_root *root);
struct rb_node *rb_last(const struct rb_root *root);
void rb_replace_node(struct rb_node *victim, struct rb_node *new,
		     struct rb_root *root);

/* the same, publishing the new node (one thread: plain stores) */
void rb_replace_node_rcu(struct rb_node *victim, struct rb_node *new, struct rb_root *root);

/* postorder: children before their parent, so each node may be freed as visited */
struct rb_node *rb_first_postorder(const struct rb_root *root);
struct rb_node *rb_next_postorder(const struct rb_node *node);

static inline void rb_link_node(struct rb_node *node, struct rb_node *parent,
				struct rb_node **rb_link)
{
	node->__rb_parent_color = (unsigned long)parent;
	node->rb_left = node->rb_right = NULL;
	*rb_link = node;
}

static inline void rb_link_node_rcu(struct rb_node *node, struct rb_node *parent,
				    struct rb_node **rb_link)
{
	node->__rb_parent_color = (unsigned long)parent;
	node->rb_left = node->rb_right = NULL;
	WRITE_ONCE(*rb_link, node);
}

#define rbtree_postorder_for_each_entry_safe(pos, n, root, field)		\
	for (pos = rb_entry_safe(rb_first_postorder(root), typeof(*pos), field); \
	     pos && ({ n = rb_entry_safe(rb_next_postorder(&pos->field),	\
			typeof(*pos), field); 1; });				\
	     pos = n)

#define rb_first_cached(root) (root)->rb_leftmost

static inline void rb_insert_color_cached(struct rb_node *node,
					  struct rb_root_cached *root,
					  bool leftmost)
{
	if (leftmost)
		root->rb_leftmost = node;
	rb_insert_color(node, &root->rb_root);
}

static inline struct rb_node *rb_erase_cached(struct rb_node *node,
					      struct rb_root_cached *root)
{
	struct rb_node *leftmost = NULL;

	if (root->rb_leftmost == node)
		leftmost = root->rb_leftmost = rb_next(node);
	rb_erase(node, &root->rb_root);
	return leftmost;
}

static inline void rb_replace_node_cached(struct rb_node *victim, struct rb_node *new,
					  struct rb_root_cached *root)
{
	if (root->rb_leftmost == victim)
		root->rb_leftmost = new;
	rb_replace_node(victim, new, &root->rb_root);
}

/*
 * Insert by less(): equal nodes go after the ones already there. The
 * _cached one returns node when it became the leftmost, else NULL.
 */
static __always_inline struct rb_node *
rb_add_cached(struct rb_node *node, struct rb_root_cached *tree,
	      bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_root.rb_node, *parent = NULL;
	bool leftmost = true;

	while (*link) {
		parent = *link;
		if (less(node, parent)) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(node, parent, link);
	rb_insert_color_cached(node, tree, leftmost);
	return leftmost ? node : NULL;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static __always_inline void
rb_add(struct rb_node *node, struct rb_root *tree,
       bool (*less)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_node, *parent = NULL;

	while (*link) {
		parent = *link;
		link = less(node, parent) ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node(node, parent, link);
	rb_insert_color(node, tree);
}
#else
#define RB_EMPTY_LINKED_NODE(lnode)	RB_EMPTY_NODE(&(lnode)->node)
#define RB_CLEAR_LINKED_NODE(lnode) ({				\
	RB_CLEAR_NODE(&(lnode)->node);				\
	(lnode)->prev = (lnode)->next = NULL;			\
})

/* out of the tree and its list, cleared; true while the tree still has nodes */
bool rb_erase_linked(struct rb_node_linked *node, struct rb_root_linked *root);

/* rb_add() whose linkop sees where node goes (its parent and link) before it is linked */
static __always_inline void
__rb_add(struct rb_node *node, struct rb_root *tree,
	 bool (*less)(struct rb_node *, const struct rb_node *),
	 void (*linkop)(struct rb_node *, struct rb_node *, struct rb_node **))
{
	struct rb_node **link = &tree->rb_node, *parent = NULL;

	while (*link) {
		parent = *link;
		link = less(node, parent) ? &parent->rb_left : &parent->rb_right;
	}
	linkop(node, parent, link);
	rb_link_node(node, parent, link);
	rb_insert_color(node, tree);
}

/* a new linked node goes just before a parent it is the left child of, else just after */
static inline void rb_link_linked_node(struct rb_node *node, struct rb_node *parent,
				       struct rb_node **link)
{
	struct rb_node_linked *n, *p;

	if (!parent)
		return;
	n = rb_entry(node, struct rb_node_linked, node);
	p = rb_entry(parent, struct rb_node_linked, node);
	if (link == &parent->rb_left) {
		n->next = p;
		n->prev = p->prev;
		p->prev = n;
		if (n->prev)
			n->prev->next = n;
	} else {
		n->prev = p;
		n->next = p->next;
		p->next = n;
		if (n->next)
			n->next->prev = n;
	}
}

/* true when node is the new leftmost */
static __always_inline bool
rb_add_linked(struct rb_node_linked *node, struct rb_root_linked *tree,
	      bool (*less)(struct rb_node *, const struct rb_node *))
{
	__rb_add(&node->node, &tree->rb_root, less, rb_link_linked_node);
	if (!node->prev)
		tree->rb_leftmost = node;
	return !node->prev;
}

static __always_inline void
rb_link_noop(struct rb_node *n, struct rb_node *p, struct rb_node **l)
{
}

static __always_inline void
rb_add(struct rb_node *node, struct rb_root *tree,
       bool (*less)(struct rb_node *, const struct rb_node *))
{
	__rb_add(node, tree, less, rb_link_noop);
}

/* rb_find_add() on a cached tree: the leftmost follows an insertion */
static __always_inline struct rb_node *
rb_find_add_cached(struct rb_node *node, struct rb_root_cached *tree,
		   int (*cmp)(const struct rb_node *new, const struct rb_node *exist))
{
	struct rb_node **link = &tree->rb_root.rb_node, *parent = NULL;
	bool leftmost = true;

	while (*link) {
		int c;

		parent = *link;
		c = cmp(node, parent);
		if (!c)
			return parent;
		if (c < 0) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(node, parent, link);
	rb_insert_color_cached(node, tree, leftmost);
	return NULL;
}
#endif

/* insert unless an equal node is there: then that one, and nothing inserted */
static __always_inline struct rb_node *
rb_find_add(struct rb_node *node, struct rb_root *tree,
	    int (*cmp)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_node, *parent = NULL;

	while (*link) {
		int c;

		parent = *link;
		c = cmp(node, parent);
		if (!c)
			return parent;
		link = c < 0 ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node(node, parent, link);
	rb_insert_color(node, tree);
	return NULL;
}

static __always_inline struct rb_node *
rb_find(const void *key, const struct rb_root *tree,
	int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = tree->rb_node;

	while (node) {
		int c = cmp(key, node);

		if (!c)
			return node;
		node = c < 0 ? node->rb_left : node->rb_right;
	}
	return NULL;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* rb_find_add() publishing the new node for RCU readers (rb_link_node_rcu()) */
static __always_inline struct rb_node *
rb_find_add_rcu(struct rb_node *node, struct rb_root *tree,
		int (*cmp)(struct rb_node *, const struct rb_node *))
{
	struct rb_node **link = &tree->rb_node, *parent = NULL;

	while (*link) {
		int c;

		parent = *link;
		c = cmp(node, parent);
		if (!c)
			return parent;
		link = c < 0 ? &parent->rb_left : &parent->rb_right;
	}
	rb_link_node_rcu(node, parent, link);
	rb_insert_color(node, tree);
	return NULL;
}

/* rb_find() under RCU: a rotation meanwhile may hide a node (a false negative) */
static __always_inline struct rb_node *
rb_find_rcu(const void *key, const struct rb_root *tree,
	    int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = tree->rb_node;

	while (node) {
		int c = cmp(key, node);

		if (!c)
			return node;
		node = c < 0 ? READ_ONCE(node->rb_left) :
			       READ_ONCE(node->rb_right);
	}
	return NULL;
}
#endif

/* the leftmost node equal to key */
static __always_inline struct rb_node *
rb_find_first(const void *key, const struct rb_root *tree,
	      int (*cmp)(const void *key, const struct rb_node *))
{
	struct rb_node *node = tree->rb_node, *match = NULL;

	while (node) {
		int c = cmp(key, node);

		if (c <= 0) {
			if (!c)
				match = node;
			node = node->rb_left;
		} else {
			node = node->rb_right;
		}
	}
	return match;
}

/* the next node if it is equal to key too */
static __always_inline struct rb_node *
rb_next_match(const void *key, struct rb_node *node,
	      int (*cmp)(const void *key, const struct rb_node *))
{
	node = rb_next(node);
	return node && !cmp(key, node) ? node : NULL;
}

#define rb_for_each(node, key, tree, cmp) \
	for ((node) = rb_find_first((key), (tree), (cmp)); \
	     (node); (node) = rb_next_match((key), (node), (cmp)))


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/container_of.h>
#endif
