// SPDX-License-Identifier: GPL-2.0
/*
 * idr.c - IDR and IDA (linux/idr.h) on the shim's XArray. An IDR keeps id
 * - idr_base in its array; a NULL pointer is stored as a zero entry, so its
 * id stays allocated. An IDA stores a value entry per allocated id.
 */
#include <linux/export.h>
#include <linux/idr.h>
#include <linux/kernel.h>

#include "shim.h"

int idr_alloc_u32(struct idr *idr, void *ptr, u32 *nextid, unsigned long max, gfp_t gfp)
{
	unsigned int base = idr->idr_base;
	u32 id = *nextid, got;
	int err;

	if (WARN_ON_ONCE(xa_is_internal(ptr)))
		return -EINVAL;
	id = id < base ? 0 : id - base;
	if (max < base)
		return -ENOSPC;
	if (id > max - base)
		return -ENOSPC;
	err = __xa_alloc(&idr->idr_rt, &got, ptr ? ptr : XA_ZERO_ENTRY,
			 XA_LIMIT(id, min_t(unsigned long, max - base, UINT_MAX)), gfp);
	if (err == -EBUSY)
		return -ENOSPC;
	if (err)
		return err;
	*nextid = got + base;
	return 0;
}
EXPORT_SYMBOL_GPL(idr_alloc_u32);

int idr_alloc(struct idr *idr, void *ptr, int start, int end, gfp_t gfp)
{
	u32 id = start;
	int ret;

	if (WARN_ON_ONCE(start < 0))
		return -EINVAL;
	ret = idr_alloc_u32(idr, ptr, &id, end > 0 ? end - 1 : INT_MAX, gfp);
	if (ret)
		return ret;
	return id;
}
EXPORT_SYMBOL_GPL(idr_alloc);

int idr_alloc_cyclic(struct idr *idr, void *ptr, int start, int end, gfp_t gfp)
{
	u32 id = idr->idr_next;
	int err, max = end > 0 ? end - 1 : INT_MAX;

	if ((int)id < start)
		id = start;
	err = idr_alloc_u32(idr, ptr, &id, max, gfp);
	/* full from the cursor on: once more from start */
	if (err == -ENOSPC && id > start) {
		id = start;
		err = idr_alloc_u32(idr, ptr, &id, max, gfp);
	}
	if (err)
		return err;
	idr->idr_next = id + 1;
	return id;
}
EXPORT_SYMBOL(idr_alloc_cyclic);

void *idr_remove(struct idr *idr, unsigned long id)
{
	if (id < idr->idr_base)
		return NULL;
	return __xa_erase(&idr->idr_rt, id - idr->idr_base);
}
EXPORT_SYMBOL_GPL(idr_remove);

void *idr_find(const struct idr *idr, unsigned long id)
{
	if (id < idr->idr_base)
		return NULL;
	return xa_load((struct xarray *)&idr->idr_rt, id - idr->idr_base);
}
EXPORT_SYMBOL_GPL(idr_find);

/* every id with a non-NULL pointer, in order; stops at fn's first nonzero */
int idr_for_each(const struct idr *idr, int (*fn)(int id, void *p, void *data), void *data)
{
	struct xarray *xa = (struct xarray *)&idr->idr_rt;
	unsigned long index;
	void *entry;

	xa_for_each(xa, index, entry) {
		unsigned long id = index + idr->idr_base;
		int ret;

		if (WARN_ON_ONCE(id > INT_MAX))
			break;
		ret = fn(id, entry, data);
		if (ret)
			return ret;
	}
	return 0;
}
EXPORT_SYMBOL(idr_for_each);

void *idr_get_next_ul(struct idr *idr, unsigned long *nextid)
{
	unsigned long base = idr->idr_base, index;
	void *entry;

	index = *nextid < base ? 0 : *nextid - base;
	entry = xa_find(&idr->idr_rt, &index, ULONG_MAX, XA_PRESENT);
	if (entry)
		*nextid = index + base;
	return entry;
}
EXPORT_SYMBOL(idr_get_next_ul);

void *idr_get_next(struct idr *idr, int *nextid)
{
	unsigned long id = *nextid;
	void *entry = idr_get_next_ul(idr, &id);

	if (WARN_ON_ONCE(id > INT_MAX))
		return NULL;
	*nextid = id;
	return entry;
}
EXPORT_SYMBOL(idr_get_next);

/* the old pointer, or ERR_PTR(-ENOENT) when id is not allocated */
void *idr_replace(struct idr *idr, void *ptr, unsigned long id)
{
	struct xarray *xa = &idr->idr_rt;
	unsigned long index;
	void *old;

	if (id < idr->idr_base)
		return ERR_PTR(-ENOENT);
	index = id - idr->idr_base;
	/* an id allocated with a NULL pointer is busy too */
	if (!qdk_xa_busy(xa, index))
		return ERR_PTR(-ENOENT);
	old = xa_load(xa, index);
	__xa_store(xa, index, ptr ? ptr : XA_ZERO_ENTRY, 0);
	return old;
}
EXPORT_SYMBOL(idr_replace);

void idr_destroy(struct idr *idr)
{
	xa_destroy(&idr->idr_rt);
}
EXPORT_SYMBOL(idr_destroy);

int ida_alloc_range(struct ida *ida, unsigned int min, unsigned int max, gfp_t gfp)
{
	unsigned long flags;
	u32 id;
	int err;

	if ((int)min < 0)
		return -ENOSPC;
	if ((int)max < 0)
		max = INT_MAX;
	xa_lock_irqsave(&ida->xa, flags);
	err = __xa_alloc(&ida->xa, &id, xa_mk_value(0), XA_LIMIT(min, max), gfp);
	xa_unlock_irqrestore(&ida->xa, flags);
	if (err == -EBUSY)
		return -ENOSPC;
	return err ? err : (int)id;
}
EXPORT_SYMBOL(ida_alloc_range);

void ida_free(struct ida *ida, unsigned int id)
{
	unsigned long flags;
	void *old;

	BUG_ON((int)id < 0);
	xa_lock_irqsave(&ida->xa, flags);
	old = __xa_erase(&ida->xa, id);
	xa_unlock_irqrestore(&ida->xa, flags);
	if (!old)
		WARN(1, "ida_free called for id=%d which is not allocated.\n", id);
}
EXPORT_SYMBOL(ida_free);

void ida_destroy(struct ida *ida)
{
	xa_destroy(&ida->xa);
}
EXPORT_SYMBOL(ida_destroy);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
int ida_find_first_range(struct ida *ida, unsigned int min, unsigned int max)
{
	unsigned long chunk = min - min % IDA_BITMAP_BITS, id = chunk;
	unsigned long flags;
	int ret;

	if ((int)min < 0)
		return -EINVAL;
	if ((int)max < 0)
		max = INT_MAX;
	xa_lock_irqsave(&ida->xa, flags);
	if (!xa_find(&ida->xa, &id, max, XA_PRESENT)) {
		ret = -ENOENT;
	} else if (id >= min) {
		ret = id;
	} else {
		/* the kernel's look stays in min's chunk, the first one present */
		id = min;
		ret = xa_find(&ida->xa, &id, min_t(unsigned long, max,
						   chunk + IDA_BITMAP_BITS - 1), XA_PRESENT) ?
		      (int)id : -ENOENT;
	}
	xa_unlock_irqrestore(&ida->xa, flags);
	return ret;
}
EXPORT_SYMBOL(ida_find_first_range);
#endif
