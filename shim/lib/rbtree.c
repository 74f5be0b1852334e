// SPDX-License-Identifier: GPL-2.0
/*
 * rbtree.c - red-black trees with the kernel's node layout (parent pointer
 * and colour packed in __rb_parent_color, low bit set = black) and API:
 * the caller links a node with rb_link_node(), then rb_insert_color()
 * rebalances. Textbook (CLRS) insert and erase fix-ups; every rotation
 * tells an augmented tree's rotate callback (linux/rbtree_augmented.h), and
 * an erase copies and propagates its augmented values as the kernel's does.
 */
#include <linux/kernel.h>
#include <linux/rbtree_augmented.h>
#include <linux/skbuff.h>
#include <qdk/accounting.h>

typedef void (*aug_rotate_t)(struct rb_node *old, struct rb_node *new);

static inline bool is_black(const struct rb_node *n)
{
	return !n || (n->__rb_parent_color & 1);
}

static inline bool is_red(const struct rb_node *n)
{
	return !is_black(n);
}

static inline void set_parent(struct rb_node *n, struct rb_node *p)
{
	n->__rb_parent_color = (n->__rb_parent_color & 3) | (unsigned long)p;
}

static inline void set_color(struct rb_node *n, int color)
{
	n->__rb_parent_color = (n->__rb_parent_color & ~1UL) | color;
}

/* make new take old's place under old's parent */
static void replace_child(struct rb_node *parent, struct rb_node *old,
			  struct rb_node *new, struct rb_root *root)
{
	if (!parent)
		root->rb_node = new;
	else if (parent->rb_left == old)
		parent->rb_left = new;
	else
		parent->rb_right = new;
}

static void rotate_left(struct rb_node *x, struct rb_root *root, aug_rotate_t aug)
{
	struct rb_node *y = x->rb_right, *p = rb_parent(x);

	x->rb_right = y->rb_left;
	if (y->rb_left)
		set_parent(y->rb_left, x);
	set_parent(y, p);
	replace_child(p, x, y, root);
	y->rb_left = x;
	set_parent(x, y);
	/* y took x's place: x's augmented value is y's, x's is recomputed */
	if (aug)
		aug(x, y);
}

static void rotate_right(struct rb_node *x, struct rb_root *root, aug_rotate_t aug)
{
	struct rb_node *y = x->rb_left, *p = rb_parent(x);

	x->rb_left = y->rb_right;
	if (y->rb_right)
		set_parent(y->rb_right, x);
	set_parent(y, p);
	replace_child(p, x, y, root);
	y->rb_right = x;
	set_parent(x, y);
	if (aug)
		aug(x, y);
}

static void insert_fixup(struct rb_node *node, struct rb_root *root, aug_rotate_t aug)
{
	struct rb_node *parent, *gparent, *uncle;

	set_color(node, RB_RED);
	while ((parent = rb_parent(node)) && is_red(parent)) {
		gparent = rb_parent(parent);
		if (parent == gparent->rb_left) {
			uncle = gparent->rb_right;
			if (is_red(uncle)) {
				set_color(parent, RB_BLACK);
				set_color(uncle, RB_BLACK);
				set_color(gparent, RB_RED);
				node = gparent;
				continue;
			}
			if (node == parent->rb_right) {
				rotate_left(parent, root, aug);
				node = parent;
				parent = rb_parent(node);
			}
			set_color(parent, RB_BLACK);
			set_color(gparent, RB_RED);
			rotate_right(gparent, root, aug);
		} else {
			uncle = gparent->rb_left;
			if (is_red(uncle)) {
				set_color(parent, RB_BLACK);
				set_color(uncle, RB_BLACK);
				set_color(gparent, RB_RED);
				node = gparent;
				continue;
			}
			if (node == parent->rb_left) {
				rotate_right(parent, root, aug);
				node = parent;
				parent = rb_parent(node);
			}
			set_color(parent, RB_BLACK);
			set_color(gparent, RB_RED);
			rotate_left(gparent, root, aug);
		}
	}
	set_color(root->rb_node, RB_BLACK);
}

void rb_insert_color(struct rb_node *node, struct rb_root *root)
{
	insert_fixup(node, root, NULL);
}

void __rb_insert_augmented(struct rb_node *node, struct rb_root *root, aug_rotate_t augment_rotate)
{
	insert_fixup(node, root, augment_rotate);
}

/* x (possibly NULL) with parent p carries an extra black: fix it */
static void erase_fixup(struct rb_node *x, struct rb_node *p,
			struct rb_root *root, aug_rotate_t aug)
{
	struct rb_node *w;

	while (x != root->rb_node && is_black(x)) {
		if (x == p->rb_left) {
			w = p->rb_right;
			if (is_red(w)) {
				set_color(w, RB_BLACK);
				set_color(p, RB_RED);
				rotate_left(p, root, aug);
				w = p->rb_right;
			}
			if (is_black(w->rb_left) && is_black(w->rb_right)) {
				set_color(w, RB_RED);
				x = p;
				p = rb_parent(x);
				continue;
			}
			if (is_black(w->rb_right)) {
				set_color(w->rb_left, RB_BLACK);
				set_color(w, RB_RED);
				rotate_right(w, root, aug);
				w = p->rb_right;
			}
			set_color(w, is_black(p) ? RB_BLACK : RB_RED);
			set_color(p, RB_BLACK);
			set_color(w->rb_right, RB_BLACK);
			rotate_left(p, root, aug);
		} else {
			w = p->rb_left;
			if (is_red(w)) {
				set_color(w, RB_BLACK);
				set_color(p, RB_RED);
				rotate_right(p, root, aug);
				w = p->rb_left;
			}
			if (is_black(w->rb_left) && is_black(w->rb_right)) {
				set_color(w, RB_RED);
				x = p;
				p = rb_parent(x);
				continue;
			}
			if (is_black(w->rb_left)) {
				set_color(w->rb_right, RB_BLACK);
				set_color(w, RB_RED);
				rotate_left(w, root, aug);
				w = p->rb_left;
			}
			set_color(w, is_black(p) ? RB_BLACK : RB_RED);
			set_color(p, RB_BLACK);
			set_color(w->rb_left, RB_BLACK);
			rotate_right(p, root, aug);
		}
		x = root->rb_node;
		break;
	}
	if (x)
		set_color(x, RB_BLACK);
}

/* a removed black leaf left parent's side one black short: rebalance from there */
void __rb_erase_color(struct rb_node *parent, struct rb_root *root, aug_rotate_t augment_rotate)
{
	erase_fixup(NULL, parent, root, augment_rotate);
}

/*
 * Take node out of the tree (its successor takes its place when it has two
 * children); a lone child, always red, takes the black. Returns the parent
 * to rebalance from when a black leaf went, else NULL. With callbacks, the
 * successor gets node's augmented value and the changed paths are
 * recomputed, as __rb_erase_augmented() does.
 */
struct rb_node *__qdk_rb_erase_unlink(struct rb_node *node, struct rb_root *root,
				      const struct rb_augment_callbacks *aug)
{
	struct rb_node *child, *parent, *from, *rebalance = NULL;

	if (!node->rb_left || !node->rb_right) {
		child = node->rb_left ? node->rb_left : node->rb_right;
		parent = rb_parent(node);
		replace_child(parent, node, child, root);
		if (child) {
			set_parent(child, parent);
			set_color(child, RB_BLACK);
		} else if (is_black(node)) {
			rebalance = parent;
		}
		from = parent;
	} else {
		struct rb_node *succ = node->rb_right;
		bool succ_black;

		while (succ->rb_left)
			succ = succ->rb_left;
		succ_black = is_black(succ);
		child = succ->rb_right;
		parent = rb_parent(succ);
		if (parent == node) {
			parent = succ;
			if (aug)
				aug->copy(node, succ);
		} else {
			if (child)
				set_parent(child, parent);
			parent->rb_left = child;
			succ->rb_right = node->rb_right;
			set_parent(node->rb_right, succ);
			if (aug) {
				aug->copy(node, succ);
				aug->propagate(parent, succ);
			}
		}
		succ->rb_left = node->rb_left;
		set_parent(node->rb_left, succ);
		replace_child(rb_parent(node), node, succ, root);
		succ->__rb_parent_color = node->__rb_parent_color;
		if (child)
			set_color(child, RB_BLACK);
		else if (succ_black)
			rebalance = parent;
		from = succ;
	}
	if (aug)
		aug->propagate(from, NULL);
	return rebalance;
}

void rb_erase(struct rb_node *node, struct rb_root *root)
{
	struct rb_node *rebalance = __qdk_rb_erase_unlink(node, root, NULL);

	/* the accounting check names the line that took a packet out */
	qdk_acct_unlinked(node, _QDK_RET_IP_);

	if (rebalance)
		__rb_erase_color(rebalance, root, NULL);
}

struct rb_node *rb_first(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	if (!n)
		return NULL;
	while (n->rb_left)
		n = n->rb_left;
	return n;
}

struct rb_node *rb_last(const struct rb_root *root)
{
	struct rb_node *n = root->rb_node;

	if (!n)
		return NULL;
	while (n->rb_right)
		n = n->rb_right;
	return n;
}

struct rb_node *rb_next(const struct rb_node *node)
{
	struct rb_node *parent;

	if (RB_EMPTY_NODE(node))
		return NULL;
	if (node->rb_right) {
		node = node->rb_right;
		while (node->rb_left)
			node = node->rb_left;
		return (struct rb_node *)node;
	}
	while ((parent = rb_parent(node)) && node == parent->rb_right)
		node = parent;
	return parent;
}

struct rb_node *rb_prev(const struct rb_node *node)
{
	struct rb_node *parent;

	if (RB_EMPTY_NODE(node))
		return NULL;
	if (node->rb_left) {
		node = node->rb_left;
		while (node->rb_right)
			node = node->rb_right;
		return (struct rb_node *)node;
	}
	while ((parent = rb_parent(node)) && node == parent->rb_left)
		node = parent;
	return parent;
}

void rb_replace_node(struct rb_node *victim, struct rb_node *new,
		     struct rb_root *root)
{
	struct rb_node *parent = rb_parent(victim);

	*new = *victim;
	if (victim->rb_left)
		set_parent(victim->rb_left, new);
	if (victim->rb_right)
		set_parent(victim->rb_right, new);
	replace_child(parent, victim, new, root);
}

void rb_replace_node_rcu(struct rb_node *victim, struct rb_node *new, struct rb_root *root)
{
	rb_replace_node(victim, new, root);
}

/* the first node in postorder below node: leftmost, then down the right */
static struct rb_node *postorder_deepest(const struct rb_node *node)
{
	for (;;) {
		if (node->rb_left)
			node = node->rb_left;
		else if (node->rb_right)
			node = node->rb_right;
		else
			return (struct rb_node *)node;
	}
}

struct rb_node *rb_first_postorder(const struct rb_root *root)
{
	return root->rb_node ? postorder_deepest(root->rb_node) : NULL;
}

struct rb_node *rb_next_postorder(const struct rb_node *node)
{
	const struct rb_node *parent;

	if (!node)
		return NULL;
	parent = rb_parent(node);
	/* a left child: the parent's right subtree comes next, then the parent */
	if (parent && node == parent->rb_left && parent->rb_right)
		return postorder_deepest(parent->rb_right);
	return (struct rb_node *)parent;
}

unsigned int skb_rbtree_purge(struct rb_root *root)
{
	struct rb_node *p = rb_first(root);
	unsigned int sum = 0;

	while (p) {
		struct sk_buff *skb = rb_entry(p, struct sk_buff, rbnode);

		p = rb_next(p);
		rb_erase(&skb->rbnode, root);
		sum += skb->truesize;
		kfree_skb(skb);
	}
	return sum;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the neighbours close the gap; the leftmost moves to the next one if node was it */
bool rb_erase_linked(struct rb_node_linked *node, struct rb_root_linked *root)
{
	if (node->next)
		node->next->prev = node->prev;
	if (node->prev)
		node->prev->next = node->next;
	else
		root->rb_leftmost = node->next;
	rb_erase(&node->node, &root->rb_root);
	RB_CLEAR_LINKED_NODE(node);
	return root->rb_leftmost != NULL;
}
#endif
