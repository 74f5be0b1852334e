/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The XArray's API with its semantics (shim/lib/xarray.c): entries by
 * index, value and tagged-pointer entries, three search marks, reserved
 * (zero) entries that load as NULL but keep their index busy, allocating
 * arrays (lowest free index in a limit, cyclic, ALLOC1 never handing out 0),
 * the xa_lock and the __xa_*() calls made under it, errors as XA_ERROR()
 * entries. The shim stores the entries in a sorted array owned by xa_head
 * and allocated with the caller's gfp (so allocation failures reach the
 * caller as -ENOMEM); it frees it when the last entry goes and at
 * xa_destroy(). A multi-index entry (xa_store_range(), xas_store() of an
 * order) is one row covering its aligned range. The xas_*() advanced API
 * works on the same table (below).
 */
#ifndef _LINUX_XARRAY_H
#define _LINUX_XARRAY_H

#include <linux/bitops.h>
#include <linux/bug.h>
#include <linux/err.h>
#include <linux/gfp_types.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/rcupdate.h>
#include <linux/version.h>

#define BITS_PER_XA_VALUE	(BITS_PER_LONG - 1)

/* value entries: an integer shifted left by one, the low bit set */
static inline void *xa_mk_value(unsigned long v)
{
	WARN_ON((long)v < 0);
	return (void *)((v << 1) | 1);
}

static inline unsigned long xa_to_value(const void *entry)
{
	return (unsigned long)entry >> 1;
}

static inline bool xa_is_value(const void *entry)
{
	return (unsigned long)entry & 1;
}

/* tagged pointers: the two low bits of an aligned pointer */
static inline void *xa_tag_pointer(void *p, unsigned long tag)
{
	return (void *)((unsigned long)p | tag);
}

static inline void *xa_untag_pointer(void *entry)
{
	return (void *)((unsigned long)entry & ~3UL);
}

static inline unsigned int xa_pointer_tag(void *entry)
{
	return (unsigned long)entry & 3UL;
}

/* internal entries: low bits 10 */
static inline void *xa_mk_internal(unsigned long v)
{
	return (void *)((v << 2) | 2);
}

static inline unsigned long xa_to_internal(const void *entry)
{
	return (unsigned long)entry >> 2;
}

static inline bool xa_is_internal(const void *entry)
{
	return ((unsigned long)entry & 3) == 2;
}

#define XA_ZERO_ENTRY		xa_mk_internal(257)
#define XA_RETRY_ENTRY		xa_mk_internal(256)

static inline bool xa_is_zero(const void *entry)
{
	return unlikely(entry == XA_ZERO_ENTRY);
}

static inline bool xa_is_retry(const void *entry)
{
	return unlikely(entry == XA_RETRY_ENTRY);
}

/* what a caller may not store: the internal entries up to the retry entry */
static inline bool xa_is_advanced(const void *entry)
{
	return xa_is_internal(entry) && (entry <= XA_RETRY_ENTRY);
}

static inline bool xa_is_err(const void *entry)
{
	return unlikely(xa_is_internal(entry) && entry >= xa_mk_internal(-MAX_ERRNO));
}

static inline int xa_err(void *entry)
{
	if (xa_is_err(entry))
		return (long)entry >> 2;
	return 0;
}

struct xa_node;
#define XA_ERROR(errno) ((struct xa_node *)(((unsigned long)errno << 2) | 2UL))

struct xa_limit {
	u32 max;
	u32 min;
};

#define XA_LIMIT(_min, _max) (struct xa_limit) { .min = _min, .max = _max }
#define xa_limit_32b	XA_LIMIT(0, UINT_MAX)
#define xa_limit_31b	XA_LIMIT(0, INT_MAX)
#define xa_limit_16b	XA_LIMIT(0, USHRT_MAX)

typedef unsigned __bitwise xa_mark_t;
#define XA_MARK_0		((__force xa_mark_t)0U)
#define XA_MARK_1		((__force xa_mark_t)1U)
#define XA_MARK_2		((__force xa_mark_t)2U)
#define XA_PRESENT		((__force xa_mark_t)8U)
#define XA_MARK_MAX		XA_MARK_2
#define XA_FREE_MARK		XA_MARK_0
#define XA_MAX_MARKS		3

enum xa_lock_type {
	XA_LOCK_IRQ = 1,
	XA_LOCK_BH = 2,
};

#define XA_FLAGS_LOCK_IRQ	((__force gfp_t)XA_LOCK_IRQ)
#define XA_FLAGS_LOCK_BH	((__force gfp_t)XA_LOCK_BH)
#define XA_FLAGS_TRACK_FREE	((__force gfp_t)4U)
#define XA_FLAGS_ZERO_BUSY	((__force gfp_t)8U)
#define XA_FLAGS_ALLOC_WRAPPED	((__force gfp_t)16U)
#define XA_FLAGS_ACCOUNT	((__force gfp_t)32U)
/* "some entry has this mark", above the gfp bits */
#define __XA_MARK_SHIFT		26
#define XA_FLAGS_MARK(mark)	((__force gfp_t)((1U << __XA_MARK_SHIFT) << (__force unsigned int)(mark)))
#define XA_FLAGS_ALLOC	(XA_FLAGS_TRACK_FREE | XA_FLAGS_MARK(XA_FREE_MARK))
#define XA_FLAGS_ALLOC1	(XA_FLAGS_TRACK_FREE | XA_FLAGS_ZERO_BUSY)

struct xarray {
	spinlock_t	xa_lock;
	gfp_t		xa_flags;
	void __rcu	*xa_head;	/* the shim's table of entries, NULL when empty */
};

#define XARRAY_INIT(name, flags) {				\
	.xa_lock = __SPIN_LOCK_UNLOCKED(name.xa_lock),		\
	.xa_flags = flags,					\
	.xa_head = NULL,					\
}

#define DEFINE_XARRAY_FLAGS(name, flags) struct xarray name = XARRAY_INIT(name, flags)
#define DEFINE_XARRAY(name)		DEFINE_XARRAY_FLAGS(name, 0)
#define DEFINE_XARRAY_ALLOC(name)	DEFINE_XARRAY_FLAGS(name, XA_FLAGS_ALLOC)
#define DEFINE_XARRAY_ALLOC1(name)	DEFINE_XARRAY_FLAGS(name, XA_FLAGS_ALLOC1)

void *xa_load(struct xarray *xa, unsigned long index);
void *xa_store(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp);
void *xa_erase(struct xarray *xa, unsigned long index);
bool xa_get_mark(struct xarray *xa, unsigned long index, xa_mark_t mark);
void xa_set_mark(struct xarray *xa, unsigned long index, xa_mark_t mark);
void xa_clear_mark(struct xarray *xa, unsigned long index, xa_mark_t mark);
void *xa_find(struct xarray *xa, unsigned long *index, unsigned long max, xa_mark_t filter);
void *xa_find_after(struct xarray *xa, unsigned long *index, unsigned long max,
		    xa_mark_t filter);
unsigned int xa_extract(struct xarray *xa, void **dst, unsigned long start, unsigned long max,
			unsigned int n, xa_mark_t filter);
void xa_destroy(struct xarray *xa);

static inline void xa_init_flags(struct xarray *xa, gfp_t flags)
{
	spin_lock_init(&xa->xa_lock);
	xa->xa_flags = flags;
	xa->xa_head = NULL;
}

static inline void xa_init(struct xarray *xa)
{
	xa_init_flags(xa, 0);
}

/* no entry, not even a reserved one */
static inline bool xa_empty(const struct xarray *xa)
{
	return xa->xa_head == NULL;
}

static inline bool xa_marked(const struct xarray *xa, xa_mark_t mark)
{
	return xa->xa_flags & XA_FLAGS_MARK(mark);
}

#define xa_for_each_range(xa, index, entry, start, last)		\
	for (index = start,						\
	     entry = xa_find(xa, &index, last, XA_PRESENT);		\
	     entry;							\
	     entry = xa_find_after(xa, &index, last, XA_PRESENT))
#define xa_for_each_start(xa, index, entry, start) \
	xa_for_each_range(xa, index, entry, start, ULONG_MAX)
#define xa_for_each(xa, index, entry) \
	xa_for_each_start(xa, index, entry, 0)
#define xa_for_each_marked(xa, index, entry, filter) \
	for (index = 0, entry = xa_find(xa, &index, ULONG_MAX, filter); \
	     entry; entry = xa_find_after(xa, &index, ULONG_MAX, filter))

#define xa_trylock(xa)		spin_trylock(&(xa)->xa_lock)
#define xa_lock(xa)		spin_lock(&(xa)->xa_lock)
#define xa_unlock(xa)		spin_unlock(&(xa)->xa_lock)
#define xa_lock_bh(xa)		spin_lock_bh(&(xa)->xa_lock)
#define xa_unlock_bh(xa)	spin_unlock_bh(&(xa)->xa_lock)
#define xa_lock_irq(xa)		spin_lock_irq(&(xa)->xa_lock)
#define xa_unlock_irq(xa)	spin_unlock_irq(&(xa)->xa_lock)
#define xa_lock_irqsave(xa, flags)	spin_lock_irqsave(&(xa)->xa_lock, flags)
#define xa_unlock_irqrestore(xa, flags)	spin_unlock_irqrestore(&(xa)->xa_lock, flags)
#define xa_lock_nested(xa, subclass)	spin_lock_nested(&(xa)->xa_lock, subclass)
#define xa_lock_bh_nested(xa, subclass) \
	do { (void)(subclass); spin_lock_bh(&(xa)->xa_lock); } while (0)
#define xa_lock_irq_nested(xa, subclass) \
	do { (void)(subclass); spin_lock_irq(&(xa)->xa_lock); } while (0)
#define xa_lock_irqsave_nested(xa, flags, subclass) \
	spin_lock_irqsave_nested(&(xa)->xa_lock, flags, subclass)

/* the same, with xa_lock held by the caller */
void *__xa_erase(struct xarray *xa, unsigned long index);
void *__xa_store(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp);
void *__xa_cmpxchg(struct xarray *xa, unsigned long index, void *old, void *entry, gfp_t gfp);
int __must_check __xa_insert(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp);
int __must_check __xa_alloc(struct xarray *xa, u32 *id, void *entry, struct xa_limit limit,
			    gfp_t gfp);
int __must_check __xa_alloc_cyclic(struct xarray *xa, u32 *id, void *entry,
				   struct xa_limit limit, u32 *next, gfp_t gfp);
void __xa_set_mark(struct xarray *xa, unsigned long index, xa_mark_t mark);
void __xa_clear_mark(struct xarray *xa, unsigned long index, xa_mark_t mark);

/* one locked call in each of the three lock flavours */
#define __QDK_XA_LOCKED(ret, name, lock, unlock, call)		\
	({ ret __r; lock(xa); __r = call; unlock(xa); __r; })

static inline void *xa_store_bh(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	return __QDK_XA_LOCKED(void *, store, xa_lock_bh, xa_unlock_bh,
			       __xa_store(xa, index, entry, gfp));
}

static inline void *xa_store_irq(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	return __QDK_XA_LOCKED(void *, store, xa_lock_irq, xa_unlock_irq,
			       __xa_store(xa, index, entry, gfp));
}

static inline void *xa_erase_bh(struct xarray *xa, unsigned long index)
{
	return __QDK_XA_LOCKED(void *, erase, xa_lock_bh, xa_unlock_bh, __xa_erase(xa, index));
}

static inline void *xa_erase_irq(struct xarray *xa, unsigned long index)
{
	return __QDK_XA_LOCKED(void *, erase, xa_lock_irq, xa_unlock_irq, __xa_erase(xa, index));
}

static inline void *xa_cmpxchg(struct xarray *xa, unsigned long index, void *old, void *entry,
			       gfp_t gfp)
{
	return __QDK_XA_LOCKED(void *, cmpxchg, xa_lock, xa_unlock,
			       __xa_cmpxchg(xa, index, old, entry, gfp));
}

static inline void *xa_cmpxchg_bh(struct xarray *xa, unsigned long index, void *old,
				  void *entry, gfp_t gfp)
{
	return __QDK_XA_LOCKED(void *, cmpxchg, xa_lock_bh, xa_unlock_bh,
			       __xa_cmpxchg(xa, index, old, entry, gfp));
}

static inline void *xa_cmpxchg_irq(struct xarray *xa, unsigned long index, void *old,
				   void *entry, gfp_t gfp)
{
	return __QDK_XA_LOCKED(void *, cmpxchg, xa_lock_irq, xa_unlock_irq,
			       __xa_cmpxchg(xa, index, old, entry, gfp));
}

static inline int __must_check xa_insert(struct xarray *xa, unsigned long index, void *entry,
					 gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, insert, xa_lock, xa_unlock,
			       __xa_insert(xa, index, entry, gfp));
}

static inline int __must_check xa_insert_bh(struct xarray *xa, unsigned long index,
					    void *entry, gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, insert, xa_lock_bh, xa_unlock_bh,
			       __xa_insert(xa, index, entry, gfp));
}

static inline int __must_check xa_insert_irq(struct xarray *xa, unsigned long index,
					     void *entry, gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, insert, xa_lock_irq, xa_unlock_irq,
			       __xa_insert(xa, index, entry, gfp));
}

static inline __must_check int xa_alloc(struct xarray *xa, u32 *id, void *entry,
					struct xa_limit limit, gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, alloc, xa_lock, xa_unlock,
			       __xa_alloc(xa, id, entry, limit, gfp));
}

static inline int __must_check xa_alloc_bh(struct xarray *xa, u32 *id, void *entry,
					   struct xa_limit limit, gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, alloc, xa_lock_bh, xa_unlock_bh,
			       __xa_alloc(xa, id, entry, limit, gfp));
}

static inline int __must_check xa_alloc_irq(struct xarray *xa, u32 *id, void *entry,
					    struct xa_limit limit, gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, alloc, xa_lock_irq, xa_unlock_irq,
			       __xa_alloc(xa, id, entry, limit, gfp));
}

/* 0, 1 when the allocation wrapped past limit.max, or an errno; 7.x: 0 or an errno */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define __qdk_xa_cyclic_ret(err)	((err) < 0 ? (err) : 0)
#else
#define __qdk_xa_cyclic_ret(err)	(err)
#endif

static inline int xa_alloc_cyclic(struct xarray *xa, u32 *id, void *entry,
				  struct xa_limit limit, u32 *next, gfp_t gfp)
{
	int err = __QDK_XA_LOCKED(int, alloc, xa_lock, xa_unlock,
				  __xa_alloc_cyclic(xa, id, entry, limit, next, gfp));

	return __qdk_xa_cyclic_ret(err);
}

static inline int xa_alloc_cyclic_bh(struct xarray *xa, u32 *id, void *entry,
				     struct xa_limit limit, u32 *next, gfp_t gfp)
{
	int err = __QDK_XA_LOCKED(int, alloc, xa_lock_bh, xa_unlock_bh,
				  __xa_alloc_cyclic(xa, id, entry, limit, next, gfp));

	return __qdk_xa_cyclic_ret(err);
}

static inline int xa_alloc_cyclic_irq(struct xarray *xa, u32 *id, void *entry,
				      struct xa_limit limit, u32 *next, gfp_t gfp)
{
	int err = __QDK_XA_LOCKED(int, alloc, xa_lock_irq, xa_unlock_irq,
				  __xa_alloc_cyclic(xa, id, entry, limit, next, gfp));

	return __qdk_xa_cyclic_ret(err);
}

/* keep index busy (a zero entry) unless something is there */
static inline __must_check int xa_reserve(struct xarray *xa, unsigned long index, gfp_t gfp)
{
	return xa_err(xa_cmpxchg(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

static inline __must_check int xa_reserve_bh(struct xarray *xa, unsigned long index, gfp_t gfp)
{
	return xa_err(xa_cmpxchg_bh(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

static inline __must_check int xa_reserve_irq(struct xarray *xa, unsigned long index, gfp_t gfp)
{
	return xa_err(xa_cmpxchg_irq(xa, index, NULL, XA_ZERO_ENTRY, gfp));
}

/* undo xa_reserve(): only a still reserved index is freed */
static inline void xa_release(struct xarray *xa, unsigned long index)
{
	if (xa_cmpxchg(xa, index, XA_ZERO_ENTRY, NULL, 0))
		WARN_ON(1);
}

/* a range of indices, the entry at every one of them (multi-index) */
void *xa_store_range(struct xarray *xa, unsigned long first, unsigned long last, void *entry,
		     gfp_t gfp);
int xa_get_order(struct xarray *xa, unsigned long index);

/*
 * The advanced API. The kernel's XArray is a tree of 64-slot nodes; the
 * shim's keeps a sorted table, so no xa_node ever exists: an xa_state walked
 * to its index has xa_node NULL (as the kernel's does at the head of a
 * one-entry array) and every move goes through the out-of-line calls
 * (xas_next() through __xas_next() ...). The states, errors, iteration and
 * the xas_nomem() retry loop are the kernel's.
 */
#define XA_CHUNK_SHIFT		6
#define XA_CHUNK_SIZE		(1UL << XA_CHUNK_SHIFT)
#define XA_CHUNK_MASK		(XA_CHUNK_SIZE - 1)
#define XA_MARK_LONGS		DIV_ROUND_UP(XA_CHUNK_SIZE, BITS_PER_LONG)

/* the kernel's node, for the accessors below (the shim builds none) */
struct xa_node {
	unsigned char	shift;
	unsigned char	offset;
	unsigned char	count;
	unsigned char	nr_values;
	struct xa_node __rcu *parent;
	struct xarray	*array;
	union {
		struct list_head private_list;
		struct rcu_head	rcu_head;
	};
	void __rcu	*slots[XA_CHUNK_SIZE];
	union {
		unsigned long	tags[XA_MAX_MARKS][XA_MARK_LONGS];
		unsigned long	marks[XA_MAX_MARKS][XA_MARK_LONGS];
	};
};

/* the checks of CONFIG_XARRAY_DEBUG, which Debian's kernels do not set */
#define XA_BUG_ON(xa, x)	do { } while (0)
#define XA_NODE_BUG_ON(node, x)	do { } while (0)

static inline void *xa_entry(const struct xarray *xa, const struct xa_node *node,
			     unsigned int offset)
{
	return rcu_dereference_check(node->slots[offset], lockdep_is_held(&xa->xa_lock));
}

static inline void *xa_entry_locked(const struct xarray *xa, const struct xa_node *node,
				    unsigned int offset)
{
	return rcu_dereference_protected(node->slots[offset],
					 lockdep_is_held(&xa->xa_lock));
}

static inline struct xa_node *xa_parent(const struct xarray *xa, const struct xa_node *node)
{
	return rcu_dereference_check(node->parent, lockdep_is_held(&xa->xa_lock));
}

static inline struct xa_node *xa_parent_locked(const struct xarray *xa,
					       const struct xa_node *node)
{
	return rcu_dereference_protected(node->parent, lockdep_is_held(&xa->xa_lock));
}

/* a node in a slot: the internal entry of its address */
static inline void *xa_mk_node(const struct xa_node *node)
{
	return (void *)((unsigned long)node | 2);
}

static inline struct xa_node *xa_to_node(const void *entry)
{
	return (struct xa_node *)((unsigned long)entry - 2);
}

/* internal entries above 4096 are node pointers */
static inline bool xa_is_node(const void *entry)
{
	return xa_is_internal(entry) && (unsigned long)entry > 4096;
}

/*
 * The slots of a multi-index entry after its first name that first slot
 * (CONFIG_XARRAY_MULTI, which Debian's kernels set)
 */
static inline void *xa_mk_sibling(unsigned int offset)
{
	return xa_mk_internal(offset);
}

static inline unsigned long xa_to_sibling(const void *entry)
{
	return xa_to_internal(entry);
}

static inline bool xa_is_sibling(const void *entry)
{
	return xa_is_internal(entry) && (entry < xa_mk_sibling(XA_CHUNK_SIZE - 1));
}

typedef void (*xa_update_node_t)(struct xa_node *node);

void xa_delete_node(struct xa_node *node, xa_update_node_t update);

struct list_lru;

/*
 * An operation's state: the array, the index, the order of the entry to
 * store (xa_shift and xa_sibs, as the kernel splits it), where the walk is
 * (xa_node: XAS_RESTART before one, NULL after, XAS_BOUNDS past the end, an
 * XA_ERROR()), and memory xas_nomem() got (xa_alloc: the shim's grown table).
 */
struct xa_state {
	struct xarray *xa;
	unsigned long xa_index;
	unsigned char xa_shift;
	unsigned char xa_sibs;
	unsigned char xa_offset;
	unsigned char xa_pad;
	struct xa_node *xa_node;
	struct xa_node *xa_alloc;
	xa_update_node_t xa_update;
	struct list_lru *xa_lru;
};

#define XAS_BOUNDS	((struct xa_node *)1UL)
#define XAS_RESTART	((struct xa_node *)3UL)

#define __XA_STATE(array, index, shift, sibs)  {	\
	.xa = array,					\
	.xa_index = index,				\
	.xa_shift = shift,				\
	.xa_sibs = sibs,				\
	.xa_offset = 0,					\
	.xa_pad = 0,					\
	.xa_node = XAS_RESTART,				\
	.xa_alloc = NULL,				\
	.xa_update = NULL,				\
	.xa_lru = NULL,					\
}

#define XA_STATE(name, array, index)				\
	struct xa_state name = __XA_STATE(array, index, 0, 0)

/* order split as the kernel's: shift a multiple of 6, sibs the rest */
#define XA_STATE_ORDER(name, array, index, order)		\
	struct xa_state name = __XA_STATE(array,		\
			(index >> order) << order,		\
			order - (order % XA_CHUNK_SHIFT),	\
			(1U << (order % XA_CHUNK_SHIFT)) - 1)

#define xas_marked(xas, mark)	xa_marked((xas)->xa, (mark))
#define xas_trylock(xas)	xa_trylock((xas)->xa)
#define xas_lock(xas)		xa_lock((xas)->xa)
#define xas_unlock(xas)		xa_unlock((xas)->xa)
#define xas_lock_bh(xas)	xa_lock_bh((xas)->xa)
#define xas_unlock_bh(xas)	xa_unlock_bh((xas)->xa)
#define xas_lock_irq(xas)	xa_lock_irq((xas)->xa)
#define xas_unlock_irq(xas)	xa_unlock_irq((xas)->xa)
#define xas_lock_irqsave(xas, flags) \
				xa_lock_irqsave((xas)->xa, flags)
#define xas_unlock_irqrestore(xas, flags) \
				xa_unlock_irqrestore((xas)->xa, flags)

static inline int xas_error(const struct xa_state *xas)
{
	return xa_err(xas->xa_node);
}

static inline void xas_set_err(struct xa_state *xas, long err)
{
	xas->xa_node = XA_ERROR(err);
}

/* an error, XAS_BOUNDS or XAS_RESTART */
static inline bool xas_invalid(const struct xa_state *xas)
{
	return (unsigned long)xas->xa_node & 3;
}

static inline bool xas_valid(const struct xa_state *xas)
{
	return !xas_invalid(xas);
}

static inline bool xas_is_node(const struct xa_state *xas)
{
	return xas_valid(xas) && xas->xa_node;
}

static inline bool xas_not_node(struct xa_node *node)
{
	return ((unsigned long)node & 3) || !node;
}

/* XAS_RESTART or an error */
static inline bool xas_frozen(struct xa_node *node)
{
	return (unsigned long)node & 2;
}

/* the head, XAS_RESTART or XAS_BOUNDS */
static inline bool xas_top(struct xa_node *node)
{
	return node <= XAS_RESTART;
}

/* walk again at the next operation (after dropping the lock) */
static inline void xas_reset(struct xa_state *xas)
{
	xas->xa_node = XAS_RESTART;
}

/* a zero entry is skipped, a retry entry restarts the walk */
static inline bool xas_retry(struct xa_state *xas, const void *entry)
{
	if (xa_is_zero(entry))
		return true;
	if (!xa_is_retry(entry))
		return false;
	xas_reset(xas);
	return true;
}

void *xas_load(struct xa_state *xas);
void *xas_store(struct xa_state *xas, void *entry);
void *xas_find(struct xa_state *xas, unsigned long max);
void *xas_find_conflict(struct xa_state *xas);

bool xas_get_mark(const struct xa_state *xas, xa_mark_t mark);
void xas_set_mark(const struct xa_state *xas, xa_mark_t mark);
void xas_clear_mark(const struct xa_state *xas, xa_mark_t mark);
void *xas_find_marked(struct xa_state *xas, unsigned long max, xa_mark_t mark);
void xas_init_marks(const struct xa_state *xas);

bool xas_nomem(struct xa_state *xas, gfp_t gfp);
void xas_destroy(struct xa_state *xas);
void xas_pause(struct xa_state *xas);

void xas_create_range(struct xa_state *xas);

int xas_get_order(struct xa_state *xas);
void xas_split(struct xa_state *xas, void *entry, unsigned int order);
void xas_split_alloc(struct xa_state *xas, void *entry, unsigned int order, gfp_t gfp);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void xas_try_split(struct xa_state *xas, void *entry, unsigned int order);
unsigned int xas_try_split_min_order(unsigned int order);
#endif

/* the entry where the state was walked (no node in the shim: a lookup) */
static inline void *xas_reload(struct xa_state *xas)
{
	return xas_load(xas);
}

/* a new index: the next operation walks from the top */
static inline void xas_set(struct xa_state *xas, unsigned long index)
{
	xas->xa_index = index;
	xas->xa_node = XAS_RESTART;
}

/* a new index within the node the state is at */
static inline void xas_advance(struct xa_state *xas, unsigned long index)
{
	unsigned char shift = xas_is_node(xas) ? xas->xa_node->shift : 0;

	xas->xa_index = index;
	xas->xa_offset = (index >> shift) & XA_CHUNK_MASK;
}

/* a multi-index entry's first index and order */
static inline void xas_set_order(struct xa_state *xas, unsigned long index,
				 unsigned int order)
{
	xas->xa_index = order < BITS_PER_LONG ? (index >> order) << order : 0;
	xas->xa_shift = order - (order % XA_CHUNK_SHIFT);
	xas->xa_sibs = (1 << (order % XA_CHUNK_SHIFT)) - 1;
	xas->xa_node = XAS_RESTART;
}

static inline void xas_set_update(struct xa_state *xas, xa_update_node_t update)
{
	xas->xa_update = update;
}

static inline void xas_set_lru(struct xa_state *xas, struct list_lru *lru)
{
	xas->xa_lru = lru;
}

/* the next present entry up to max: never at a node here, so xas_find() */
static inline void *xas_next_entry(struct xa_state *xas, unsigned long max)
{
	return xas_find(xas, max);
}

/* the first marked slot of the state's node at or after its offset */
static inline unsigned int xas_find_chunk(struct xa_state *xas, bool advance,
					  xa_mark_t mark)
{
	unsigned long *addr = xas->xa_node->marks[(__force unsigned int)mark];
	unsigned int offset = xas->xa_offset + (advance ? 1 : 0);

	return find_next_bit(addr, XA_CHUNK_SIZE, offset);
}

static inline void *xas_next_marked(struct xa_state *xas, unsigned long max, xa_mark_t mark)
{
	return xas_find_marked(xas, max, mark);
}

/* how many entries a lock-holding loop visits before it should reschedule */
enum {
	XA_CHECK_SCHED = 4096,
};

#define xas_for_each(xas, entry, max) \
	for (entry = xas_find(xas, max); entry; \
	     entry = xas_next_entry(xas, max))

#define xas_for_each_marked(xas, entry, max, mark) \
	for (entry = xas_find_marked(xas, max, mark); entry; \
	     entry = xas_next_marked(xas, max, mark))

#define xas_for_each_conflict(xas, entry) \
	while ((entry = xas_find_conflict(xas)))

void *__xas_next(struct xa_state *xas);
void *__xas_prev(struct xa_state *xas);

/* the entry at the index before (after): NULL where there is none */
static inline void *xas_prev(struct xa_state *xas)
{
	return __xas_prev(xas);
}

static inline void *xas_next(struct xa_state *xas)
{
	return __xas_next(xas);
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/kconfig.h>
#endif
