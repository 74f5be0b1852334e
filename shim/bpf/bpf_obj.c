// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_obj.c - a BPF program's allocated objects (kernel/bpf/helpers.c):
 * bpf_obj_new() and bpf_obj_drop(), bpf_refcount_acquire(), and the
 * bpf_kptr_xchg() helper that moves an owned pointer in or out of a kptr
 * field.
 *
 * The kernel finds an object's special fields (its bpf_refcount, the kptrs
 * and graph roots bpf_obj_drop() releases) in the program's BTF. Without
 * BTF the runtime keeps the reference count in a header before the object:
 * an object without a bpf_refcount field has one reference, dropped once,
 * as the kernel's; one with it counts the same. The object's memory comes
 * from the slab (GFP_ATOMIC: it may fail, and --fail-alloc can fail it),
 * zeroed: the kernel's holds whatever its last user left there.
 *
 * The live objects are also kept in a table by address, so that a map
 * (bpf_map.c) can tell which words of a value are kptrs to objects: the
 * kernel knows from BTF, the runtime from the table. The graph nodes an
 * object's owner put in a list or tree are kept in another, by the node's
 * address, so that the node a pop or remove gives back (an owning
 * reference, as the object was before the push) leads to its object: the
 * kernel knows the node's offset in it from BTF.
 */
#include <linux/slab.h>
#include <linux/refcount.h>
#include <linux/hash.h>
#include <linux/list.h>
#include "bpf_rt.h"

#define QDK_BPF_OBJ_MAGIC 0xb9f0b1ecU

/*
 * the graph nodes of an object that went into a list or tree: more than
 * the programs have (bpf_qdisc_fq's flow: a list node and an rbtree node);
 * a node past them is not tracked once popped
 */
#define QDK_BPF_OBJ_NODES 4

struct bpf_obj_hdr;

struct bpf_obj_node {
	struct hlist_node hash;		/* in obj_nodes, by node */
	const void *node;		/* NULL: a free slot */
	struct bpf_obj_hdr *obj;
};

struct bpf_obj_hdr {
	u32 magic;
	refcount_t ref;
	u64 size;
	struct hlist_node live;		/* in obj_live */
	struct bpf_obj_node nodes[QDK_BPF_OBJ_NODES];
};	/* 160 bytes: the object after it 16-byte aligned, as kmalloc's */
static_assert(sizeof(struct bpf_obj_hdr) % 16 == 0);

#define OBJ_LIVE_BITS 12
static struct hlist_head obj_live[1 << OBJ_LIVE_BITS];
static struct hlist_head obj_nodes[1 << OBJ_LIVE_BITS];

bool qdk_bpf_obj_is_live(const void *p)
{
	struct bpf_obj_hdr *h;

	hlist_for_each_entry(h, &obj_live[hash_ptr(p, OBJ_LIVE_BITS)], live)
		if (h + 1 == p)
			return true;
	return false;
}

/* the object of a node in a list or tree (obj: its first byte, node inside it) */
void qdk_bpf_obj_node_add(void *obj, const void *node)
{
	struct bpf_obj_hdr *h = (struct bpf_obj_hdr *)obj - 1;
	struct bpf_obj_node *free = NULL;
	int i;

	if (!qdk_bpf_obj_is_live(obj))
		return;
	for (i = 0; i < QDK_BPF_OBJ_NODES; i++) {
		if (h->nodes[i].node == node)
			return;
		if (!h->nodes[i].node && !free)
			free = &h->nodes[i];
	}
	if (!free)
		return;
	free->node = node;
	free->obj = h;
	hlist_add_head(&free->hash, &obj_nodes[hash_ptr(node, OBJ_LIVE_BITS)]);
}

/* the live object whose node this is, and its size; NULL: none known */
void *qdk_bpf_obj_of_node(const void *node, u64 *size)
{
	struct bpf_obj_node *n;

	hlist_for_each_entry(n, &obj_nodes[hash_ptr(node, OBJ_LIVE_BITS)], hash) {
		if (n->node == node) {
			*size = n->obj->size;
			return n->obj + 1;
		}
	}
	return NULL;
}

static struct bpf_obj_hdr *obj_hdr(void *p, const char *what, unsigned long ip)
{
	struct bpf_obj_hdr *h = (struct bpf_obj_hdr *)p - 1;

	if (!p || h->magic != QDK_BPF_OBJ_MAGIC)
		qdk_bpf_refused(ip, what, "the argument is not an object bpf_obj_new() allocated");
	return h;
}

static void *obj_new(u64 size, unsigned long ip)
{
	struct bpf_obj_hdr *h;

	qdk_bpf_no_lock("bpf_obj_new", ip);
	h = kzalloc(sizeof(*h) + size, GFP_ATOMIC);
	if (!h)
		return NULL;
	h->magic = QDK_BPF_OBJ_MAGIC;
	refcount_set(&h->ref, 1);
	h->size = size;
	hlist_add_head(&h->live, &obj_live[hash_ptr(h + 1, OBJ_LIVE_BITS)]);
	qdk_bpf_ref_get_obj(h + 1, size, ip);
	return h + 1;
}

void *bpf_obj_new(u64 local_type_id)
{
	return obj_new(local_type_id, QDK_BPF_CALLER);
}

void *bpf_obj_new_impl(u64 local_type_id, void *meta)
{
	return obj_new(local_type_id, QDK_BPF_CALLER);
}

static void obj_drop(void *p, unsigned long ip)
{
	struct bpf_obj_hdr *h;
	int i;

	qdk_bpf_no_lock("bpf_obj_drop", ip);
	h = obj_hdr(p, "bpf_obj_drop", ip);
	qdk_bpf_ref_put(p, ip);
	if (!refcount_dec_and_test(&h->ref))
		return;
	h->magic = 0;
	hlist_del(&h->live);
	for (i = 0; i < QDK_BPF_OBJ_NODES; i++)
		if (h->nodes[i].node)
			hlist_del(&h->nodes[i].hash);
	kfree(h);
}

void qdk_bpf_obj_put(void *p, unsigned long ip)
{
	obj_drop(p, ip);
}

void bpf_obj_drop(void *p)
{
	obj_drop(p, QDK_BPF_CALLER);
}

void bpf_obj_drop_impl(void *p, void *meta)
{
	obj_drop(p, QDK_BPF_CALLER);
}

/* a new owning reference to a refcounted object, or NULL if it is going away */
static void *refcount_acquire(void *p, unsigned long ip)
{
	struct bpf_obj_hdr *h = obj_hdr(p, "bpf_refcount_acquire", ip);

	if (!refcount_inc_not_zero(&h->ref))
		return NULL;
	qdk_bpf_ref_get_obj(p, h->size, ip);
	return p;
}

void *bpf_refcount_acquire(void *p)
{
	return refcount_acquire(p, QDK_BPF_CALLER);
}

void *bpf_refcount_acquire_impl(void *p, void *meta)
{
	return refcount_acquire(p, QDK_BPF_CALLER);
}

/*
 * store ptr in the kptr field dst, return what it held (the caller owns
 * it); an skb (a pointer that is no object of the program's) going in ends
 * the op's reference to it, one coming out is a reference it now holds
 */
void *bpf_kptr_xchg(void *dst, void *ptr)
{
	unsigned long ip = QDK_BPF_CALLER;
	void *old;

	qdk_bpf_no_lock("bpf_kptr_xchg", ip);
	old = xchg((void **)dst, ptr);
	qdk_bpf_ref_put(ptr, ip);
	if (old && qdk_bpf_obj_is_live(old))
		qdk_bpf_ref_get_obj(old, obj_hdr(old, "bpf_kptr_xchg", ip)->size, ip);
	else
		qdk_bpf_ref_get(old, ip);
	return old;
}
