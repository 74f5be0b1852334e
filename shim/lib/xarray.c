// SPDX-License-Identifier: GPL-2.0
/*
 * xarray.c - the XArray's semantics (linux/xarray.h) over a sorted array of
 * (index, entry, marks) that xa_head owns: binary search by index, grown by
 * doubling with the caller's gfp, freed when the last entry goes.
 *
 * A zero entry (XA_ZERO_ENTRY: xa_reserve(), a NULL stored in an
 * XA_FLAGS_ZERO_BUSY array, a NULL inserted or allocated) keeps its index
 * busy but loads as NULL and is skipped by searches. An allocating array
 * (XA_FLAGS_TRACK_FREE) hands out the lowest index without an entry; one
 * with XA_FLAGS_ZERO_BUSY (ALLOC1) never hands out 0.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include "shim.h"

struct xa_slot {
	unsigned long index;
	void *entry;
	unsigned int marks;	/* bit n: XA_MARK_n */
};

struct xa_table {
	unsigned long n, cap;
	struct xa_slot slot[];
};

static struct xa_table *table(const struct xarray *xa)
{
	return (struct xa_table *)xa->xa_head;
}

/* the position of index, or where it would go; *found whether it is there */
static unsigned long search(const struct xa_table *t, unsigned long index, bool *found)
{
	unsigned long lo = 0, hi = t ? t->n : 0;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (t->slot[mid].index < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = t && lo < t->n && t->slot[lo].index == index;
	return lo;
}

static struct xa_slot *lookup(const struct xarray *xa, unsigned long index)
{
	struct xa_table *t = table(xa);
	bool found;
	unsigned long i = search(t, index, &found);

	return found ? &t->slot[i] : NULL;
}

/* which marks some entry carries: xa_marked() reads them in xa_flags */
static void update_marked(struct xarray *xa)
{
	struct xa_table *t = table(xa);
	unsigned int any = 0, m;
	unsigned long i;

	for (i = 0; t && i < t->n; i++)
		any |= t->slot[i].marks;
	for (m = 0; m < XA_MAX_MARKS; m++) {
		/* an allocating array keeps its free mark: it tracks free space */
		if (m == (__force unsigned int)XA_FREE_MARK && (xa->xa_flags & XA_FLAGS_TRACK_FREE))
			continue;
		if (any & (1U << m))
			xa->xa_flags |= XA_FLAGS_MARK(m);
		else
			xa->xa_flags &= ~XA_FLAGS_MARK(m);
	}
}

/* room for one more slot; -ENOMEM as the kernel's node allocation fails */
static int make_room(struct xarray *xa, gfp_t gfp)
{
	struct xa_table *t = table(xa), *nt;
	unsigned long cap = t ? t->cap * 2 : 4;

	if (t && t->n < t->cap)
		return 0;
	if (gfpflags_allow_blocking(gfp) && spin_is_locked(&xa->xa_lock)) {
		/*
		 * __xas_nomem(): an allocation that may sleep is made with
		 * the lock dropped (as the array's flags say it is taken)
		 */
		unsigned int type = xa->xa_flags & (XA_FLAGS_LOCK_IRQ | XA_FLAGS_LOCK_BH);

		if (type == XA_FLAGS_LOCK_IRQ)
			xa_unlock_irq(xa);
		else if (type == XA_FLAGS_LOCK_BH)
			xa_unlock_bh(xa);
		else
			xa_unlock(xa);
		nt = kmalloc(sizeof(*nt) + cap * sizeof(nt->slot[0]), gfp);
		if (type == XA_FLAGS_LOCK_IRQ)
			xa_lock_irq(xa);
		else if (type == XA_FLAGS_LOCK_BH)
			xa_lock_bh(xa);
		else
			xa_lock(xa);
		/* the table may have changed while the lock was dropped */
		if (nt && table(xa) != t) {
			kfree(nt);
			return make_room(xa, gfp);
		}
	} else {
		nt = kmalloc(sizeof(*nt) + cap * sizeof(nt->slot[0]), gfp);
	}
	if (!nt)
		return -ENOMEM;
	nt->cap = cap;
	nt->n = 0;
	if (t) {
		memcpy(nt->slot, t->slot, t->n * sizeof(t->slot[0]));
		nt->n = t->n;
		kfree(t);
	}
	xa->xa_head = nt;
	return 0;
}

static void remove_at(struct xarray *xa, unsigned long i)
{
	struct xa_table *t = table(xa);

	memmove(&t->slot[i], &t->slot[i + 1], (t->n - i - 1) * sizeof(t->slot[0]));
	if (!--t->n) {
		kfree(t);
		xa->xa_head = NULL;
	}
	update_marked(xa);
}

/*
 * Put entry at index (NULL: remove it). Returns the entry that was there
 * (raw: a zero entry stays one) or XA_ERROR(-ENOMEM).
 */
static void *put(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	struct xa_table *t = table(xa);
	bool found;
	unsigned long i = search(t, index, &found);
	void *old;

	if (found) {
		old = t->slot[i].entry;
		if (entry)
			t->slot[i].entry = entry;
		else
			remove_at(xa, i);
		return old;
	}
	if (!entry)
		return NULL;
	if (make_room(xa, gfp))
		return XA_ERROR(-ENOMEM);
	t = table(xa);
	memmove(&t->slot[i + 1], &t->slot[i], (t->n - i) * sizeof(t->slot[0]));
	t->slot[i].index = index;
	t->slot[i].entry = entry;
	t->slot[i].marks = 0;
	t->n++;
	return NULL;
}

/* a zero entry reads as NULL; an error stays the error */
static void *result(void *curr)
{
	return xa_is_zero(curr) ? NULL : curr;
}

bool qdk_xa_busy(struct xarray *xa, unsigned long index)
{
	return lookup(xa, index) != NULL;
}

void *xa_load(struct xarray *xa, unsigned long index)
{
	struct xa_slot *s = lookup(xa, index);

	return s ? result(s->entry) : NULL;
}
EXPORT_SYMBOL(xa_load);

void *__xa_erase(struct xarray *xa, unsigned long index)
{
	return result(put(xa, index, NULL, 0));
}
EXPORT_SYMBOL(__xa_erase);

void *xa_erase(struct xarray *xa, unsigned long index)
{
	void *entry;

	xa_lock(xa);
	entry = __xa_erase(xa, index);
	xa_unlock(xa);
	return entry;
}
EXPORT_SYMBOL(xa_erase);

void *__xa_store(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	if (WARN_ON_ONCE(xa_is_advanced(entry)))
		return XA_ERROR(-EINVAL);
	if (!entry && (xa->xa_flags & XA_FLAGS_ZERO_BUSY))
		entry = XA_ZERO_ENTRY;
	return result(put(xa, index, entry, gfp));
}
EXPORT_SYMBOL(__xa_store);

void *xa_store(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	void *curr;

	xa_lock(xa);
	curr = __xa_store(xa, index, entry, gfp);
	xa_unlock(xa);
	return curr;
}
EXPORT_SYMBOL(xa_store);

/* the raw entry is compared: xa_release() passes XA_ZERO_ENTRY as old */
void *__xa_cmpxchg(struct xarray *xa, unsigned long index, void *old, void *entry, gfp_t gfp)
{
	struct xa_slot *s;
	void *curr;

	if (WARN_ON_ONCE(xa_is_advanced(entry)))
		return XA_ERROR(-EINVAL);
	s = lookup(xa, index);
	curr = s ? s->entry : NULL;
	if (curr == old) {
		void *r = put(xa, index, entry, gfp);

		if (xa_is_err(r))
			return r;
	}
	return result(curr);
}
EXPORT_SYMBOL(__xa_cmpxchg);

int __xa_insert(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	void *r;

	if (WARN_ON_ONCE(xa_is_advanced(entry)))
		return -EINVAL;
	if (!entry)
		entry = XA_ZERO_ENTRY;
	if (lookup(xa, index))
		return -EBUSY;
	r = put(xa, index, entry, gfp);
	return xa_err(r);
}
EXPORT_SYMBOL(__xa_insert);

int __xa_alloc(struct xarray *xa, u32 *id, void *entry, struct xa_limit limit, gfp_t gfp)
{
	struct xa_table *t;
	unsigned long want = limit.min, i;
	bool found;
	void *r;

	if (WARN_ON_ONCE(xa_is_advanced(entry)))
		return -EINVAL;
	if (WARN_ON_ONCE(!(xa->xa_flags & XA_FLAGS_TRACK_FREE)))
		return -EINVAL;
	if (!entry)
		entry = XA_ZERO_ENTRY;
	if ((xa->xa_flags & XA_FLAGS_ZERO_BUSY) && want == 0)
		want = 1;
	/* walk the entries from want up: the first gap is the free index */
	t = table(xa);
	for (i = search(t, want, &found); t && i < t->n && t->slot[i].index == want; i++)
		want++;
	if (want > limit.max || want < limit.min)
		return -EBUSY;
	r = put(xa, want, entry, gfp);
	if (xa_is_err(r))
		return xa_err(r);
	*id = want;
	return 0;
}
EXPORT_SYMBOL(__xa_alloc);

int __xa_alloc_cyclic(struct xarray *xa, u32 *id, void *entry, struct xa_limit limit,
		      u32 *next, gfp_t gfp)
{
	u32 min = limit.min;
	int ret;

	/* from next on first; then, wrapping, from the limit's own start */
	if (*next > limit.min)
		limit.min = *next;
	ret = __xa_alloc(xa, id, entry, limit, gfp);
	if (ret == 0 && (xa->xa_flags & XA_FLAGS_ALLOC_WRAPPED)) {
		xa->xa_flags &= ~XA_FLAGS_ALLOC_WRAPPED;
		ret = 1;
	}
	if (ret < 0 && limit.min > min) {
		limit.min = min;
		ret = __xa_alloc(xa, id, entry, limit, gfp);
		if (ret == 0)
			ret = 1;
	}
	if (ret >= 0) {
		*next = *id + 1;
		if (*next == 0)
			xa->xa_flags |= XA_FLAGS_ALLOC_WRAPPED;
	}
	return ret;
}
EXPORT_SYMBOL(__xa_alloc_cyclic);

bool xa_get_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	struct xa_slot *s = lookup(xa, index);

	return s && (s->marks & (1U << (__force unsigned int)mark));
}
EXPORT_SYMBOL(xa_get_mark);

void __xa_set_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	struct xa_slot *s = lookup(xa, index);

	if (s) {
		s->marks |= 1U << (__force unsigned int)mark;
		update_marked(xa);
	}
}
EXPORT_SYMBOL(__xa_set_mark);

void __xa_clear_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	struct xa_slot *s = lookup(xa, index);

	if (s) {
		s->marks &= ~(1U << (__force unsigned int)mark);
		update_marked(xa);
	}
}
EXPORT_SYMBOL(__xa_clear_mark);

void xa_set_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	xa_lock(xa);
	__xa_set_mark(xa, index, mark);
	xa_unlock(xa);
}
EXPORT_SYMBOL(xa_set_mark);

void xa_clear_mark(struct xarray *xa, unsigned long index, xa_mark_t mark)
{
	xa_lock(xa);
	__xa_clear_mark(xa, index, mark);
	xa_unlock(xa);
}
EXPORT_SYMBOL(xa_clear_mark);

/* the first slot at or after position i within max that the filter takes */
static struct xa_slot *first_from(struct xa_table *t, unsigned long i, unsigned long max,
				  xa_mark_t filter)
{
	for (; t && i < t->n && t->slot[i].index <= max; i++) {
		struct xa_slot *s = &t->slot[i];

		if (xa_is_zero(s->entry))
			continue;
		if ((__force unsigned int)filter < XA_MAX_MARKS &&
		    !(s->marks & (1U << (__force unsigned int)filter)))
			continue;
		return s;
	}
	return NULL;
}

void *xa_find(struct xarray *xa, unsigned long *indexp, unsigned long max, xa_mark_t filter)
{
	struct xa_table *t = table(xa);
	bool found;
	struct xa_slot *s = first_from(t, search(t, *indexp, &found), max, filter);

	if (!s)
		return NULL;
	*indexp = s->index;
	return s->entry;
}
EXPORT_SYMBOL(xa_find);

void *xa_find_after(struct xarray *xa, unsigned long *indexp, unsigned long max,
		    xa_mark_t filter)
{
	unsigned long from = *indexp + 1;

	if (!from)		/* *indexp was ULONG_MAX: nothing after it */
		return NULL;
	if (from > max)
		return NULL;
	{
		unsigned long idx = from;
		void *entry = xa_find(xa, &idx, max, filter);

		if (entry)
			*indexp = idx;
		return entry;
	}
}
EXPORT_SYMBOL(xa_find_after);

unsigned int xa_extract(struct xarray *xa, void **dst, unsigned long start, unsigned long max,
			unsigned int n, xa_mark_t filter)
{
	unsigned long index = start;
	unsigned int i = 0;
	void *entry;

	if (!n)
		return 0;
	for (entry = xa_find(xa, &index, max, filter); entry;
	     entry = xa_find_after(xa, &index, max, filter)) {
		dst[i++] = entry;
		if (i == n)
			break;
	}
	return i;
}
EXPORT_SYMBOL(xa_extract);

/* the array's memory goes; the entries are the caller's */
void xa_destroy(struct xarray *xa)
{
	unsigned long flags;

	xa_lock_irqsave(xa, flags);
	kfree(xa->xa_head);
	xa->xa_head = NULL;
	update_marked(xa);
	xa_unlock_irqrestore(xa, flags);
}
EXPORT_SYMBOL(xa_destroy);
