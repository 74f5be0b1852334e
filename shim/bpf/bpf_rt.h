/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_rt.h - what the files of the BPF runtime (shim/bpf/) share: the
 * kernel-side layouts of the program's opaque types, the op a program runs
 * in, and the report of what the verifier would have refused at load.
 */
#ifndef _QDK_BPF_RT_H
#define _QDK_BPF_RT_H

#include <linux/list.h>
#include <linux/rbtree.h>
#include <linux/skbuff.h>
#include <net/sch_generic.h>
#include <qdk/bpf_runtime.h>

/* as kernel/bpf/helpers.c reads a bpf_list_node / bpf_rb_node */
struct bpf_list_node_kern {
	struct list_head list_head;
	void *owner;
} __aligned(8);

struct bpf_rb_node_kern {
	struct rb_node rb_node;
	void *owner;
} __aligned(8);

/* the struct_ops member a program's code runs as (bpf_qdisc.c sets it) */
enum qdk_bpf_op {
	QDK_BPF_OP_NONE,
	QDK_BPF_OP_ENQUEUE,
	QDK_BPF_OP_DEQUEUE,
	QDK_BPF_OP_INIT,
	QDK_BPF_OP_RESET,
	QDK_BPF_OP_DESTROY,
};

extern enum qdk_bpf_op qdk_bpf_op;
const char *qdk_bpf_op_name(enum qdk_bpf_op op);

/*
 * The program did what the verifier refuses at load (a kfunc from the wrong
 * op, a call under a bpf_spin_lock, a lock left held): "FILE:LINE: BPF:
 * WHAT: WHY", at the program's line (IP: the runtime call's return
 * address), exit 2 (gdb: break qdk_bpf_refused).
 */
void qdk_bpf_refused(unsigned long ip, const char *what, const char *why)
	__noreturn __cold;

/* the call's return address, in a runtime entry point */
#define QDK_BPF_CALLER ((unsigned long)__builtin_return_address(0))

/*
 * an object bpf_obj_new() allocated and nobody has dropped yet; drop one
 * reference to it as bpf_obj_drop() does, for the runtime (bpf_obj.c)
 */
bool qdk_bpf_obj_is_live(const void *p);
void qdk_bpf_obj_put(void *p, unsigned long ip);

/*
 * The references the running op holds (bpf_ref.c): mark at the op's
 * start, get when it takes one (its argument: ip 0; bpf_kptr_xchg(): the
 * call's line), put when it stores, drops or frees one (ip: that call;
 * false: not one it held), end when it returns (ret: dequeue's skb), which
 * refuses the program if any is still held.
 */
unsigned int qdk_bpf_ref_mark(void);
void qdk_bpf_ref_get(const void *skb, unsigned long ip);
bool qdk_bpf_ref_put(const void *skb, unsigned long ip);
void qdk_bpf_ref_end(unsigned int mark, const void *ret, const void *fn);
struct qdk_bpf_skb_snap *qdk_bpf_ref_snap(const void *skb);
/*
 * ... and of the program's own objects (size bytes at obj): put also by a
 * node inside one going into a list or tree, got by one coming out
 */
void qdk_bpf_ref_get_obj(const void *obj, u64 size, unsigned long ip);
void qdk_bpf_ref_put_node(const void *node);
void qdk_bpf_ref_get_node(const void *node, unsigned long ip);
/* the object whose node went into a list or tree (bpf_obj.c) */
void qdk_bpf_obj_node_add(void *obj, const void *node);
void *qdk_bpf_obj_of_node(const void *node, u64 *size);

/*
 * A struct bpf_dynptr as the kernel keeps it (struct bpf_dynptr_kern): the
 * skb, the window's size (low 24 bits; the top bit: read-only) and its
 * offset in the skb's bytes (bpf_dynptr.c). _skb() makes one over an skb
 * (bpf_dynptr_from_skb()), _null() a null one.
 */
struct qdk_bpf_dynptr {
	void *data;
	u32 size;
	u32 offset;
} __aligned(8);
#define QDK_BPF_DYNPTR_SIZE_MASK	0xffffffU
#define QDK_BPF_DYNPTR_RDONLY		(1U << 31)
void qdk_bpf_dynptr_skb(struct bpf_dynptr *ptr, struct sk_buff *skb);
void qdk_bpf_dynptr_null(struct bpf_dynptr *ptr);

/*
 * What the program wrote outside the members it may write (bpf_access.c):
 * a copy of an skb (the program's part: not the shim's __qdk_* members)
 * when the op takes its reference, compared when it lets it go (ip: that
 * call); a copy of the Qdisc at the op's start, compared at its return (ip:
 * the op's). Either stops the program at ip, naming the member written.
 */
struct qdk_bpf_skb_snap {
	u8 bytes[offsetof(struct sk_buff, __qdk_id)];
};
struct qdk_bpf_qdisc_snap {
	const struct Qdisc *sch;
	u8 bytes[offsetof(struct Qdisc, __qdk_held)];
};
void qdk_bpf_skb_snap(struct qdk_bpf_skb_snap *s, const struct sk_buff *skb);
void qdk_bpf_skb_check(const struct qdk_bpf_skb_snap *s, const struct sk_buff *skb,
		       unsigned long ip);
void qdk_bpf_qdisc_snap(struct qdk_bpf_qdisc_snap *s, const struct Qdisc *sch);
void qdk_bpf_qdisc_check(const struct qdk_bpf_qdisc_snap *s, unsigned long ip);
/* the running op's copy of its Qdisc (bpf_qdisc.c), NULL outside one */
extern struct qdk_bpf_qdisc_snap *qdk_bpf_qdisc_cur;

/* the bpf_spin_lock held now, or NULL (bpf_lock.c) */
extern struct bpf_spin_lock *qdk_bpf_lock_held;

/* WHAT is called with a bpf_spin_lock held, which the verifier allows only for the graph kfuncs */
static inline void qdk_bpf_no_lock(const char *what, unsigned long ip)
{
	if (qdk_bpf_lock_held)
		qdk_bpf_refused(ip, what, "function calls are not allowed while holding a lock");
}

#endif
