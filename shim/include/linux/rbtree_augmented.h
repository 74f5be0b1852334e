/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Augmented red-black trees: each node keeps a value computed from its
 * subtree (an interval tree's max end ...). The rebalancing in
 * shim/lib/rbtree.c calls the tree's rotate callback at every rotation, and
 * an erase copies the erased node's value to its successor and propagates
 * the changed paths up, as the kernel's do; the caller updates the values
 * on the path to a node it inserts before rb_insert_augmented().
 */
#ifndef _LINUX_RBTREE_AUGMENTED_H
#define _LINUX_RBTREE_AUGMENTED_H

#include <linux/compiler.h>
#include <linux/rbtree.h>
#include <linux/rcupdate.h>

struct rb_augment_callbacks {
	void (*propagate)(struct rb_node *node, struct rb_node *stop);
	void (*copy)(struct rb_node *old, struct rb_node *new);
	void (*rotate)(struct rb_node *old, struct rb_node *new);
};

void __rb_insert_augmented(struct rb_node *node, struct rb_root *root,
			   void (*augment_rotate)(struct rb_node *old, struct rb_node *new));

static inline void rb_insert_augmented(struct rb_node *node, struct rb_root *root,
				       const struct rb_augment_callbacks *augment)
{
	__rb_insert_augmented(node, root, augment->rotate);
}

static inline void rb_insert_augmented_cached(struct rb_node *node,
					      struct rb_root_cached *root, bool newleft,
					      const struct rb_augment_callbacks *augment)
{
	if (newleft)
		root->rb_leftmost = node;
	rb_insert_augmented(node, &root->rb_root, augment);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * Insert node by less() into a cached augmented tree: the parent's
 * augmented value is recomputed up to the root first (the whole path), the
 * insertion then rotates with the callbacks. node if it is the new leftmost.
 */
static __always_inline struct rb_node *
rb_add_augmented_cached(struct rb_node *node, struct rb_root_cached *tree,
			bool (*less)(struct rb_node *, const struct rb_node *),
			const struct rb_augment_callbacks *augment)
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
	augment->propagate(parent, NULL);
	rb_insert_augmented_cached(node, tree, leftmost, augment);
	return leftmost ? node : NULL;
}
#endif

/*
 * The callbacks for a tree of RBSTRUCT linked by RBFIELD whose RBAUGMENTED
 * member RBCOMPUTE(node, exit) recomputes (returning true, with exit, when
 * it did not change: the propagation stops there).
 */
#define RB_DECLARE_CALLBACKS(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD, RBAUGMENTED, RBCOMPUTE) \
static inline void							\
RBNAME ## _propagate(struct rb_node *rb, struct rb_node *stop)		\
{									\
	while (rb != stop) {						\
		RBSTRUCT *node = rb_entry(rb, RBSTRUCT, RBFIELD);	\
		if (RBCOMPUTE(node, true))				\
			break;						\
		rb = rb_parent(&node->RBFIELD);				\
	}								\
}									\
static inline void							\
RBNAME ## _copy(struct rb_node *rb_old, struct rb_node *rb_new)		\
{									\
	RBSTRUCT *old = rb_entry(rb_old, RBSTRUCT, RBFIELD);		\
	RBSTRUCT *new = rb_entry(rb_new, RBSTRUCT, RBFIELD);		\
	new->RBAUGMENTED = old->RBAUGMENTED;				\
}									\
static void								\
RBNAME ## _rotate(struct rb_node *rb_old, struct rb_node *rb_new)	\
{									\
	RBSTRUCT *old = rb_entry(rb_old, RBSTRUCT, RBFIELD);		\
	RBSTRUCT *new = rb_entry(rb_new, RBSTRUCT, RBFIELD);		\
	new->RBAUGMENTED = old->RBAUGMENTED;				\
	RBCOMPUTE(old, false);						\
}									\
RBSTATIC const struct rb_augment_callbacks RBNAME = {			\
	.propagate = RBNAME ## _propagate,				\
	.copy = RBNAME ## _copy,					\
	.rotate = RBNAME ## _rotate					\
};

/* the augmented value is the max of RBCOMPUTE(node) over the subtree */
#define RB_DECLARE_CALLBACKS_MAX(RBSTATIC, RBNAME, RBSTRUCT, RBFIELD,	\
				 RBTYPE, RBAUGMENTED, RBCOMPUTE)	\
static inline bool RBNAME ## _compute_max(RBSTRUCT *node, bool exit)	\
{									\
	RBSTRUCT *child;						\
	RBTYPE max = RBCOMPUTE(node);					\
	if (node->RBFIELD.rb_left) {					\
		child = rb_entry(node->RBFIELD.rb_left, RBSTRUCT, RBFIELD); \
		if (child->RBAUGMENTED > max)				\
			max = child->RBAUGMENTED;			\
	}								\
	if (node->RBFIELD.rb_right) {					\
		child = rb_entry(node->RBFIELD.rb_right, RBSTRUCT, RBFIELD); \
		if (child->RBAUGMENTED > max)				\
			max = child->RBAUGMENTED;			\
	}								\
	if (exit && node->RBAUGMENTED == max)				\
		return true;						\
	node->RBAUGMENTED = max;					\
	return false;							\
}									\
RB_DECLARE_CALLBACKS(RBSTATIC, RBNAME,					\
		     RBSTRUCT, RBFIELD, RBAUGMENTED, RBNAME ## _compute_max)

/* the colour in the low bit of __rb_parent_color: 0 red, 1 black */
#define RB_RED		0
#define RB_BLACK	1

#define __rb_parent(pc)		((struct rb_node *)((pc) & ~3))
#define __rb_color(pc)		((pc) & 1)
#define __rb_is_black(pc)	__rb_color(pc)
#define __rb_is_red(pc)		(!__rb_color(pc))
#define rb_color(rb)		__rb_color((rb)->__rb_parent_color)
#define rb_is_red(rb)		__rb_is_red((rb)->__rb_parent_color)
#define rb_is_black(rb)		__rb_is_black((rb)->__rb_parent_color)

static inline void rb_set_parent(struct rb_node *rb, struct rb_node *p)
{
	rb->__rb_parent_color = rb_color(rb) + (unsigned long)p;
}

static inline void rb_set_parent_color(struct rb_node *rb, struct rb_node *p, int color)
{
	rb->__rb_parent_color = (unsigned long)p + color;
}

static inline void __rb_change_child(struct rb_node *old, struct rb_node *new,
				     struct rb_node *parent, struct rb_root *root)
{
	if (parent) {
		if (parent->rb_left == old)
			WRITE_ONCE(parent->rb_left, new);
		else
			WRITE_ONCE(parent->rb_right, new);
	} else {
		WRITE_ONCE(root->rb_node, new);
	}
}

static inline void __rb_change_child_rcu(struct rb_node *old, struct rb_node *new,
					 struct rb_node *parent, struct rb_root *root)
{
	__rb_change_child(old, new, parent, root);
}

void __rb_erase_color(struct rb_node *parent, struct rb_root *root,
		      void (*augment_rotate)(struct rb_node *old, struct rb_node *new));
/* lib/rbtree.c: the unlinking half of an erase; the parent to rebalance from, or NULL */
struct rb_node *__qdk_rb_erase_unlink(struct rb_node *node, struct rb_root *root,
				      const struct rb_augment_callbacks *augment);

static __always_inline struct rb_node *
__rb_erase_augmented(struct rb_node *node, struct rb_root *root,
		     const struct rb_augment_callbacks *augment)
{
	return __qdk_rb_erase_unlink(node, root, augment);
}

static __always_inline void rb_erase_augmented(struct rb_node *node, struct rb_root *root,
					       const struct rb_augment_callbacks *augment)
{
	struct rb_node *rebalance = __rb_erase_augmented(node, root, augment);

	if (rebalance)
		__rb_erase_color(rebalance, root, augment->rotate);
}

static __always_inline void rb_erase_augmented_cached(struct rb_node *node,
						      struct rb_root_cached *root,
						      const struct rb_augment_callbacks *augment)
{
	if (root->rb_leftmost == node)
		root->rb_leftmost = rb_next(node);
	rb_erase_augmented(node, &root->rb_root, augment);
}

#endif
