/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdk/bpf_runtime.h - the BPF runtime as a BPF qdisc program compiled as
 * user-space C sees it, and as the files of shim/bpf/ implement it. Not a kernel
 * header.
 *
 * The graph and lock types have the sizes and alignment of the kernel's
 * uapi <linux/bpf.h> (opaque to the program); the runtime reads them as
 * the kernel does, through its own *_kern layouts (shim/bpf/bpf_graph.h).
 * The calls are the kfuncs with the arguments a 7.x vmlinux.h shows (the
 * verifier supplies the hidden meta and offset ones: bpf_obj_new(id),
 * bpf_list_push_back(head, node)), the older *_impl forms, and the helpers
 * of libbpf's bpf_helper_defs.h the kit models, as real functions.
 */
#ifndef _QDK_BPF_RUNTIME_H
#define _QDK_BPF_RUNTIME_H

#include <linux/compiler.h>
#include <linux/types.h>

struct sk_buff;
struct Qdisc;
struct netlink_ext_ack;
struct task_struct;

struct bpf_spin_lock {
	__u32 val;
};

struct bpf_refcount {
	__u32 __opaque[1];
} __aligned(4);

struct bpf_list_head {
	__u64 __opaque[2];
} __aligned(8);

struct bpf_list_node {
	__u64 __opaque[3];
} __aligned(8);

struct bpf_rb_root {
	__u64 __opaque[2];
} __aligned(8);

struct bpf_rb_node {
	__u64 __opaque[4];
} __aligned(8);

struct bpf_iter_num {
	__u64 __opaque[1];
} __aligned(8);

struct bpf_dynptr {
	__u64 __opaque[2];
} __aligned(8);

/* enqueue's to_free as the program sees it (net/sched/bpf_qdisc.c) */
struct bpf_sk_buff_ptr {
	struct sk_buff *skb;
};

/* ---- allocated objects (shim/bpf/bpf_obj.c) ---- */
/* local_type_id: the object's size (what the verifier rewrites the id to) */
void *bpf_obj_new(u64 local_type_id);
void *bpf_obj_new_impl(u64 local_type_id, void *meta);
void bpf_obj_drop(void *p);
void bpf_obj_drop_impl(void *p, void *meta);
void *bpf_refcount_acquire(void *p);
void *bpf_refcount_acquire_impl(void *p, void *meta);
void *bpf_kptr_xchg(void *dst, void *ptr);

/* ---- lists and red-black trees (shim/bpf/bpf_graph.c) ---- */
int bpf_list_push_front(struct bpf_list_head *head, struct bpf_list_node *node);
int bpf_list_push_back(struct bpf_list_head *head, struct bpf_list_node *node);
int bpf_list_push_front_impl(struct bpf_list_head *head, struct bpf_list_node *node,
			     void *meta, u64 off);
int bpf_list_push_back_impl(struct bpf_list_head *head, struct bpf_list_node *node,
			    void *meta, u64 off);
struct bpf_list_node *bpf_list_pop_front(struct bpf_list_head *head);
struct bpf_list_node *bpf_list_pop_back(struct bpf_list_head *head);
struct bpf_list_node *bpf_list_front(struct bpf_list_head *head);
struct bpf_list_node *bpf_list_back(struct bpf_list_head *head);
bool bpf_list_empty(struct bpf_list_head *head);

typedef bool (*bpf_rb_less_t)(struct bpf_rb_node *a, const struct bpf_rb_node *b);
int bpf_rbtree_add(struct bpf_rb_root *root, struct bpf_rb_node *node, bpf_rb_less_t less);
int bpf_rbtree_add_impl(struct bpf_rb_root *root, struct bpf_rb_node *node,
			bpf_rb_less_t less, void *meta, u64 off);
struct bpf_rb_node *bpf_rbtree_first(struct bpf_rb_root *root);
struct bpf_rb_node *bpf_rbtree_remove(struct bpf_rb_root *root, struct bpf_rb_node *node);

/* ---- maps (shim/bpf/bpf_map.c; declared as qdk/bpf_maps.h says) ---- */
/* a map as a helper's argument: the address of the program's declaration */
struct bpf_map;

enum bpf_map_type {
	BPF_MAP_TYPE_UNSPEC,
	BPF_MAP_TYPE_HASH,
	BPF_MAP_TYPE_ARRAY,
};

/* bpf_map_update_elem()'s flags */
enum {
	BPF_ANY		= 0,	/* create the element or update it */
	BPF_NOEXIST	= 1,	/* create it only */
	BPF_EXIST	= 2,	/* update it only */
	BPF_F_LOCK	= 4,	/* not modelled: refused */
};

void *bpf_map_lookup_elem(void *map, const void *key);
long bpf_map_update_elem(void *map, const void *key, const void *value, u64 flags);
long bpf_map_delete_elem(void *map, const void *key);
/* callback_fn: long (*)(struct bpf_map *map, const void *key, void *value, void *ctx) */
long bpf_for_each_map_elem(void *map, void *callback_fn, void *callback_ctx, u64 flags);

/* ---- locks, loops, time (shim/bpf/bpf_lock.c, bpf_loop.c, bpf_time.c) ---- */
void bpf_spin_lock(struct bpf_spin_lock *lock);
void bpf_spin_unlock(struct bpf_spin_lock *lock);

int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end);
int *bpf_iter_num_next(struct bpf_iter_num *it);
void bpf_iter_num_destroy(struct bpf_iter_num *it);
long bpf_loop(u32 nr_loops, void *callback_fn, void *callback_ctx, u64 flags);

u64 bpf_ktime_get_ns(void);
u64 bpf_jiffies64(void);
u32 bpf_get_prandom_u32(void);		/* shim/bpf/bpf_random.c */
struct task_struct *bpf_get_current_task_btf(void);

/* ---- dynptrs over a packet's bytes (shim/bpf/bpf_dynptr.c) ---- */
/* (7.x's kfunc prototypes, as its vmlinux.h declares them; read and write are helpers) */
void *bpf_dynptr_slice(const struct bpf_dynptr *p, u64 offset, void *buffer__nullable,
		       u64 buffer__szk);
void *bpf_dynptr_slice_rdwr(const struct bpf_dynptr *p, u64 offset, void *buffer__nullable,
			    u64 buffer__szk);
long bpf_dynptr_read(void *dst, u32 len, const struct bpf_dynptr *src, u32 offset, u64 flags);
long bpf_dynptr_write(const struct bpf_dynptr *dst, u32 offset, void *src, u32 len, u64 flags);
int bpf_dynptr_adjust(struct bpf_dynptr *p, u64 start, u64 end);
u64 bpf_dynptr_size(const struct bpf_dynptr *p);
bool bpf_dynptr_is_null(const struct bpf_dynptr *p);
bool bpf_dynptr_is_rdonly(const struct bpf_dynptr *p);

/* ---- the qdisc kfuncs (shim/bpf/bpf_qdisc.c) ---- */
struct __sk_buff;
int bpf_dynptr_from_skb(struct __sk_buff *s, u64 flags, struct bpf_dynptr *ptr__uninit);
u32 bpf_skb_get_hash(struct sk_buff *skb);
void bpf_kfree_skb(struct sk_buff *skb);
void bpf_qdisc_skb_drop(struct sk_buff *skb, struct bpf_sk_buff_ptr *to_free_list);
void bpf_qdisc_watchdog_schedule(struct Qdisc *sch, u64 expire, u64 delta_ns);
void bpf_qdisc_bstats_update(struct Qdisc *sch, const struct sk_buff *skb);

#endif
