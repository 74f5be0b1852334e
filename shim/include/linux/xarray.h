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
 * xa_destroy(). Multi-index entries (xa_store_range) and the xas_*()
 * advanced API are not there.
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

/* 0, 1 when the allocation wrapped past limit.max, or an errno */
static inline int xa_alloc_cyclic(struct xarray *xa, u32 *id, void *entry,
				  struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, alloc, xa_lock, xa_unlock,
			       __xa_alloc_cyclic(xa, id, entry, limit, next, gfp));
}

static inline int xa_alloc_cyclic_bh(struct xarray *xa, u32 *id, void *entry,
				     struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, alloc, xa_lock_bh, xa_unlock_bh,
			       __xa_alloc_cyclic(xa, id, entry, limit, next, gfp));
}

static inline int xa_alloc_cyclic_irq(struct xarray *xa, u32 *id, void *entry,
				      struct xa_limit limit, u32 *next, gfp_t gfp)
{
	return __QDK_XA_LOCKED(int, alloc, xa_lock_irq, xa_unlock_irq,
			       __xa_alloc_cyclic(xa, id, entry, limit, next, gfp));
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


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/compiler.h>
#include <linux/gfp.h>
#include <linux/kconfig.h>
#endif
