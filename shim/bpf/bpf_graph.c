// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_graph.c - BPF linked lists and red-black trees of allocated objects
 * (kernel/bpf/helpers.c): bpf_list_push_front/back, pop_front/back,
 * front/back, empty; bpf_rbtree_add, first, remove.
 *
 * As the kernel's: a head or root the program never initialised (a global,
 * a map value: all zero) is initialised at its first use; a node records
 * the head or root that owns it, so a pop or remove takes only its own and
 * a node already in a collection is not added again. The verifier makes a
 * node an owning reference the program gives away here, and allows these
 * calls (only these) under a bpf_spin_lock.
 *
 * A node another list or tree owns already is not added: the kernel drops
 * the reference the program gave with it (the object, found with the node's
 * offset from the program's BTF); the runtime finds the object by the node
 * (bpf_obj.c), or stops there (qdk/unmodelled.h) if it never saw the node
 * pushed.
 */
#include <linux/errno.h>
#include <qdk/unmodelled.h>
#include "bpf_rt.h"

static void owned_already(const void *node, const char *what, unsigned long ip)
{
	u64 size;
	void *obj = qdk_bpf_obj_of_node(node, &size);

	if (!obj)
		qdk_unmodelled(what,
			       "a node another list or tree owns, pushed where the runtime did not see it: the kernel drops its object, which the runtime cannot find without the program's BTF",
			       ip);
	qdk_bpf_obj_put(obj, ip);
}

static struct list_head *list_head_of(struct bpf_list_head *head)
{
	struct list_head *h = (struct list_head *)head;

	if (unlikely(!h->next))
		INIT_LIST_HEAD(h);
	return h;
}

static int list_add_node(struct bpf_list_head *head, struct bpf_list_node *node, bool tail,
			 const char *what, unsigned long ip)
{
	struct bpf_list_node_kern *kn = (struct bpf_list_node_kern *)node;
	struct list_head *h = list_head_of(head);

	if (kn->owner) {
		owned_already(node, what, ip);
		return -EINVAL;
	}
	if (tail)
		list_add_tail(&kn->list_head, h);
	else
		list_add(&kn->list_head, h);
	WRITE_ONCE(kn->owner, head);
	qdk_bpf_ref_put_node(node);
	return 0;
}

int bpf_list_push_front(struct bpf_list_head *head, struct bpf_list_node *node)
{
	return list_add_node(head, node, false, "bpf_list_push_front", QDK_BPF_CALLER);
}

int bpf_list_push_back(struct bpf_list_head *head, struct bpf_list_node *node)
{
	return list_add_node(head, node, true, "bpf_list_push_back", QDK_BPF_CALLER);
}

int bpf_list_push_front_impl(struct bpf_list_head *head, struct bpf_list_node *node,
			     void *meta, u64 off)
{
	return list_add_node(head, node, false, "bpf_list_push_front_impl", QDK_BPF_CALLER);
}

int bpf_list_push_back_impl(struct bpf_list_head *head, struct bpf_list_node *node,
			    void *meta, u64 off)
{
	return list_add_node(head, node, true, "bpf_list_push_back_impl", QDK_BPF_CALLER);
}

/* the node comes out as an owning reference to its object */
static struct bpf_list_node *list_del_node(struct bpf_list_head *head, bool tail,
					   unsigned long ip)
{
	struct list_head *h = list_head_of(head), *n;
	struct bpf_list_node_kern *kn;

	if (list_empty(h))
		return NULL;
	n = tail ? h->prev : h->next;
	kn = container_of(n, struct bpf_list_node_kern, list_head);
	if (WARN_ON_ONCE(READ_ONCE(kn->owner) != head))
		return NULL;
	list_del_init(n);
	WRITE_ONCE(kn->owner, NULL);
	qdk_bpf_ref_get_node(kn, ip);
	return (struct bpf_list_node *)kn;
}

struct bpf_list_node *bpf_list_pop_front(struct bpf_list_head *head)
{
	return list_del_node(head, false, QDK_BPF_CALLER);
}

struct bpf_list_node *bpf_list_pop_back(struct bpf_list_head *head)
{
	return list_del_node(head, true, QDK_BPF_CALLER);
}

/* front/back: a non-owning reference, the node stays in the list */
struct bpf_list_node *bpf_list_front(struct bpf_list_head *head)
{
	struct list_head *h = (struct list_head *)head;

	if (unlikely(!h->next) || list_empty(h))
		return NULL;
	return (struct bpf_list_node *)h->next;
}

struct bpf_list_node *bpf_list_back(struct bpf_list_head *head)
{
	struct list_head *h = (struct list_head *)head;

	if (unlikely(!h->next) || list_empty(h))
		return NULL;
	return (struct bpf_list_node *)h->prev;
}

bool bpf_list_empty(struct bpf_list_head *head)
{
	return list_empty(list_head_of(head));
}

/* rbtree_add_cached()'s walk with the program's less(): equal keys go right */
static int rbtree_add(struct bpf_rb_root *root, struct bpf_rb_node *node, bpf_rb_less_t less,
		      const char *what, unsigned long ip)
{
	struct rb_root_cached *r = (struct rb_root_cached *)root;
	struct bpf_rb_node_kern *kn = (struct bpf_rb_node_kern *)node;
	struct rb_node **link = &r->rb_root.rb_node, *parent = NULL;
	bool leftmost = true;

	if (kn->owner) {
		owned_already(node, what, ip);
		return -EINVAL;
	}
	while (*link) {
		parent = *link;
		if (less(node, (const struct bpf_rb_node *)parent)) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(&kn->rb_node, parent, link);
	rb_insert_color_cached(&kn->rb_node, r, leftmost);
	WRITE_ONCE(kn->owner, root);
	qdk_bpf_ref_put_node(node);
	return 0;
}

int bpf_rbtree_add(struct bpf_rb_root *root, struct bpf_rb_node *node, bpf_rb_less_t less)
{
	return rbtree_add(root, node, less, "bpf_rbtree_add", QDK_BPF_CALLER);
}

int bpf_rbtree_add_impl(struct bpf_rb_root *root, struct bpf_rb_node *node,
			bpf_rb_less_t less, void *meta, u64 off)
{
	return rbtree_add(root, node, less, "bpf_rbtree_add_impl", QDK_BPF_CALLER);
}

/* the leftmost node, non-owning */
struct bpf_rb_node *bpf_rbtree_first(struct bpf_rb_root *root)
{
	return (struct bpf_rb_node *)rb_first_cached((struct rb_root_cached *)root);
}

/* NULL unless root owns node; then an owning reference to its object */
struct bpf_rb_node *bpf_rbtree_remove(struct bpf_rb_root *root, struct bpf_rb_node *node)
{
	struct bpf_rb_node_kern *kn = (struct bpf_rb_node_kern *)node;

	if (READ_ONCE(kn->owner) != root)
		return NULL;
	rb_erase_cached(&kn->rb_node, (struct rb_root_cached *)root);
	RB_CLEAR_NODE(&kn->rb_node);
	WRITE_ONCE(kn->owner, NULL);
	qdk_bpf_ref_get_node(node, QDK_BPF_CALLER);
	return node;
}
