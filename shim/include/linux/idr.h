/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IDR and IDA: integer ids for pointers, and bare ids, over the shim's
 * XArray (linux/xarray.h, shim/lib/idr.c), with the kernel's semantics: the
 * lowest free id in [start, end) (end <= 0: up to INT_MAX), cyclic
 * allocation from the last id + 1, ids relative to idr_base, a NULL pointer
 * that keeps its id allocated (idr_find() returns NULL for it, walks skip
 * it), -ENOSPC when the range is full, -ENOMEM when memory is.
 */
#ifndef __IDR_H__
#define __IDR_H__

#include <linux/bug.h>
#include <linux/cleanup.h>
#include <linux/err.h>
#include <linux/gfp_types.h>
#include <linux/version.h>
#include <linux/xarray.h>

/* radix-tree.h's root is the XArray, and an IDR's marks it as an allocating one */
#define radix_tree_root		xarray
#define ROOT_IS_IDR		((__force gfp_t)4)
#define IDR_FREE		0
#define IDR_RT_MARKER		(ROOT_IS_IDR | XA_FLAGS_MARK(IDR_FREE))

struct idr {
	struct radix_tree_root	idr_rt;
	unsigned int		idr_base;
	unsigned int		idr_next;
};

#define IDR_INIT_BASE(name, base) {					\
	.idr_rt = XARRAY_INIT(name.idr_rt, IDR_RT_MARKER),		\
	.idr_base = (base),						\
	.idr_next = 0,							\
}
#define IDR_INIT(name)		IDR_INIT_BASE(name, 0)
#define DEFINE_IDR(name)	struct idr name = IDR_INIT(name)

/* where idr_alloc_cyclic() starts next */
static inline unsigned int idr_get_cursor(const struct idr *idr)
{
	return READ_ONCE(idr->idr_next);
}

static inline void idr_set_cursor(struct idr *idr, unsigned int val)
{
	WRITE_ONCE(idr->idr_next, val);
}

#define idr_lock(idr)		xa_lock(&(idr)->idr_rt)
#define idr_unlock(idr)		xa_unlock(&(idr)->idr_rt)
#define idr_lock_bh(idr)	xa_lock_bh(&(idr)->idr_rt)
#define idr_unlock_bh(idr)	xa_unlock_bh(&(idr)->idr_rt)
#define idr_lock_irq(idr)	xa_lock_irq(&(idr)->idr_rt)
#define idr_unlock_irq(idr)	xa_unlock_irq(&(idr)->idr_rt)
#define idr_lock_irqsave(idr, flags)	xa_lock_irqsave(&(idr)->idr_rt, flags)
#define idr_unlock_irqrestore(idr, flags) xa_unlock_irqrestore(&(idr)->idr_rt, flags)

/* preloading reserves memory with preemption off: the shim allocates when asked */
static inline void idr_preload(gfp_t gfp_mask)
{
}

static inline void idr_preload_end(void)
{
}

int idr_alloc(struct idr *idr, void *ptr, int start, int end, gfp_t gfp);
int __must_check idr_alloc_u32(struct idr *idr, void *ptr, u32 *id, unsigned long max, gfp_t gfp);
int idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, gfp_t gfp);
void *idr_remove(struct idr *idr, unsigned long id);
void *idr_find(const struct idr *idr, unsigned long id);
int idr_for_each(const struct idr *idr, int (*fn)(int id, void *p, void *data), void *data);
void *idr_get_next(struct idr *idr, int *nextid);
void *idr_get_next_ul(struct idr *idr, unsigned long *nextid);
void *idr_replace(struct idr *idr, void *ptr, unsigned long id);
void idr_destroy(struct idr *idr);

static inline void idr_init_base(struct idr *idr, int base)
{
	xa_init_flags(&idr->idr_rt, IDR_RT_MARKER);
	idr->idr_base = base;
	idr->idr_next = 0;
}

static inline void idr_init(struct idr *idr)
{
	idr_init_base(idr, 0);
}

/* no id allocated, not even for a NULL pointer */
static inline bool idr_is_empty(const struct idr *idr)
{
	return xa_empty(&idr->idr_rt);
}

#define idr_for_each_entry(idr, entry, id)			\
	for (id = 0; ((entry) = idr_get_next(idr, &(id))) != NULL; id += 1U)
#define idr_for_each_entry_ul(idr, entry, tmp, id)			\
	for (tmp = 0, id = 0;						\
	     ((entry) = tmp <= id ? idr_get_next_ul(idr, &(id)) : NULL) != NULL; \
	     tmp = id, ++id)
#define idr_for_each_entry_continue(idr, entry, id)			\
	for ((entry) = idr_get_next((idr), &(id)); entry;		\
	     ++id, (entry) = idr_get_next((idr), &(id)))
#define idr_for_each_entry_continue_ul(idr, entry, tmp, id)		\
	for (tmp = id;							\
	     ((entry) = tmp <= id ? idr_get_next_ul(idr, &(id)) : NULL) != NULL; \
	     tmp = id, ++id)

/* IDA: ids without pointers */
#define IDA_CHUNK_SIZE		128
#define IDA_BITMAP_LONGS	(IDA_CHUNK_SIZE / sizeof(long))
#define IDA_BITMAP_BITS		(IDA_BITMAP_LONGS * sizeof(long) * 8)

struct ida_bitmap {
	unsigned long		bitmap[IDA_BITMAP_LONGS];
};

struct ida {
	struct xarray xa;
};

#define IDA_INIT_FLAGS	(XA_FLAGS_LOCK_IRQ | XA_FLAGS_ALLOC)
#define IDA_INIT(name)	{ .xa = XARRAY_INIT(name, IDA_INIT_FLAGS) }
#define DEFINE_IDA(name)	struct ida name = IDA_INIT(name)

int ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max, gfp_t gfp);
void ida_free(struct ida *ida, unsigned int id);
void ida_destroy(struct ida *ida);

static inline int ida_alloc(struct ida *ida, gfp_t gfp)
{
	return ida_alloc_range(ida, 0, ~0, gfp);
}

static inline int ida_alloc_min(struct ida *ida, unsigned int min, gfp_t gfp)
{
	return ida_alloc_range(ida, min, ~0, gfp);
}

static inline int ida_alloc_max(struct ida *ida, unsigned int max, gfp_t gfp)
{
	return ida_alloc_range(ida, 0, max, gfp);
}

static inline void ida_init(struct ida *ida)
{
	xa_init_flags(&ida->xa, IDA_INIT_FLAGS);
}

#define ida_simple_get(ida, start, end, gfp) \
	ida_alloc_range(ida, start, (end) - 1, gfp)
#define ida_simple_remove(ida, id)	ida_free(ida, id)

static inline bool ida_is_empty(const struct ida *ida)
{
	return xa_empty(&ida->xa);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
/*
 * The lowest id allocated in [min, max] (max > INT_MAX: INT_MAX), -ENOENT
 * if none, -EINVAL for a min above INT_MAX (lib/idr.c). As the kernel's,
 * it looks in one bitmap chunk of IDA_BITMAP_BITS ids: when min's chunk
 * holds ids below min and none from min on, it is -ENOENT even if a later
 * chunk holds one.
 */
int ida_find_first_range(struct ida *ida, unsigned int min, unsigned int max);

static inline bool ida_exists(struct ida *ida, unsigned int id)
{
	return ida_find_first_range(ida, id, id) == id;
}

static inline int ida_find_first(struct ida *ida)
{
	return ida_find_first_range(ida, 0, ~0);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
/*
 * CLASS(idr_alloc, x)(idr, ptr, start, end, gfp): an id that is removed
 * again when x goes out of scope unless take_idr_id(x) took it (x.id < 0:
 * the allocation's error).
 */
struct __class_idr {
	struct idr *idr;
	int id;
};

#define idr_null	((struct __class_idr){ NULL, -1 })
#define take_idr_id(id) ({						\
	__auto_type __qdk_idp = &(id);					\
	__auto_type __qdk_idv = *__qdk_idp;				\
	*__qdk_idp = idr_null;						\
	__qdk_idv;							\
})

DEFINE_CLASS(idr_alloc, struct __class_idr,
	     if (_T.id >= 0) idr_remove(_T.idr, _T.id),
	     ((struct __class_idr){ .idr = idr, .id = idr_alloc(idr, ptr, start, end, gfp) }),
	     struct idr *idr, void *ptr, int start, int end, gfp_t gfp);
/* what 7.x's DEFINE_CLASS() gives besides */
typedef struct __class_idr lock_idr_alloc_t;
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/gfp.h>
#include <linux/percpu.h>
#endif
