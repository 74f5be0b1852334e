// SPDX-License-Identifier: GPL-2.0
/*
 * xarray.c - the XArray's semantics (linux/xarray.h) over a sorted array of
 * (index, order, entry, marks) rows that xa_head owns: binary search by
 * index, grown by doubling with the caller's gfp, freed when the last entry
 * goes. A row of order n is a multi-index entry: it covers the 2^n indices
 * from its (aligned) index, so every one of them loads it, a store at any of
 * them replaces it and an erase at any of them removes it, as in the kernel.
 *
 * A zero entry (XA_ZERO_ENTRY: xa_reserve(), a NULL stored in an
 * XA_FLAGS_ZERO_BUSY array, a NULL inserted or allocated) keeps its index
 * busy but loads as NULL and is skipped by searches. An allocating array
 * (XA_FLAGS_TRACK_FREE) hands out the lowest index without an entry; one
 * with XA_FLAGS_ZERO_BUSY (ALLOC1) never hands out 0.
 *
 * Why one file past 800 lines: as the kernel's lib/xarray.c, the normal
 * and the advanced API are two views of one structure; the rows' search,
 * growth and marks are shared by both.
 *
 * The advanced API (xas_*()) works on the same rows: a state walked to its
 * index has xa_node NULL, XAS_RESTART before a walk, XAS_BOUNDS after a
 * search ran off its end, an XA_ERROR() after a failure. xas_store()
 * allocates as the kernel's does under the lock (GFP_NOWAIT); when that
 * fails, xas_nomem() allocates the grown table with the caller's gfp and
 * parks it in xa_alloc for the retry.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include <qdk/unmodelled.h>

#include "shim.h"

struct xa_slot {
	unsigned long index;
	void *entry;
	unsigned int marks;	/* bit n: XA_MARK_n */
	unsigned int order;	/* covers index .. index + 2^order - 1 */
};

struct xa_table {
	unsigned long n, cap;
	struct xa_slot slot[];
};

static struct xa_table *table(const struct xarray *xa)
{
	return (struct xa_table *)xa->xa_head;
}

/* the last index a row covers */
static unsigned long slot_last(const struct xa_slot *s)
{
	if (s->order >= BITS_PER_LONG)
		return ULONG_MAX;
	return s->index + ((1UL << s->order) - 1);
}

/*
 * The position of the row covering index, or of the first row after it
 * (where a row for index would go); *found whether one covers it.
 */
static unsigned long search(const struct xa_table *t, unsigned long index, bool *found)
{
	unsigned long lo = 0, hi = t ? t->n : 0;

	while (lo < hi) {
		unsigned long mid = lo + (hi - lo) / 2;

		if (slot_last(&t->slot[mid]) < index)
			lo = mid + 1;
		else
			hi = mid;
	}
	*found = t && lo < t->n && t->slot[lo].index <= index;
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

static struct xa_table *table_alloc(unsigned long cap, gfp_t gfp)
{
	struct xa_table *t = kmalloc(struct_size(t, slot, cap), gfp);

	if (t) {
		t->cap = cap;
		t->n = 0;
	}
	return t;
}

/* the size the table grows to for need rows: doubling, at least 4 */
static unsigned long grown_cap(const struct xa_table *t, unsigned long need)
{
	unsigned long cap = t ? t->cap * 2 : 4;

	return max(cap, need);
}

/* the rows of the array move into nt, which becomes its table */
static void table_replace(struct xarray *xa, struct xa_table *nt)
{
	struct xa_table *t = table(xa);

	if (t) {
		memcpy(nt->slot, t->slot, t->n * sizeof(t->slot[0]));
		nt->n = t->n;
		kfree(t);
	}
	xa->xa_head = nt;
}

/*
 * Room for extra more rows; -ENOMEM as the kernel's node allocation fails.
 * Memory xas_nomem() or xas_split_alloc() got (xas->xa_alloc) is used first.
 */
static int make_room(struct xarray *xa, unsigned long extra, gfp_t gfp, struct xa_state *xas)
{
	struct xa_table *t = table(xa), *nt;
	unsigned long n = t ? t->n : 0;

	if (t && t->cap - t->n >= extra)
		return 0;
	if (xas && xas->xa_alloc) {
		nt = (struct xa_table *)xas->xa_alloc;
		if (nt->cap >= n + extra) {
			xas->xa_alloc = NULL;
			table_replace(xa, nt);
			return 0;
		}
	}
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
		nt = table_alloc(grown_cap(t, n + extra), gfp);
		if (type == XA_FLAGS_LOCK_IRQ)
			xa_lock_irq(xa);
		else if (type == XA_FLAGS_LOCK_BH)
			xa_lock_bh(xa);
		else
			xa_lock(xa);
		/* the table may have changed while the lock was dropped */
		if (nt && table(xa) != t) {
			kfree(nt);
			return make_room(xa, extra, gfp, xas);
		}
	} else {
		nt = table_alloc(grown_cap(t, n + extra), gfp);
	}
	if (!nt)
		return -ENOMEM;
	table_replace(xa, nt);
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
 * Put entry at index (NULL: remove it): a row covering index (a multi-index
 * entry too) gets entry, keeping its order and marks. Returns the entry
 * that was there (raw: a zero entry stays one) or XA_ERROR(-ENOMEM).
 */
static void *put_xas(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp,
		     struct xa_state *xas)
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
	if (make_room(xa, 1, gfp, xas))
		return XA_ERROR(-ENOMEM);
	t = table(xa);
	memmove(&t->slot[i + 1], &t->slot[i], (t->n - i) * sizeof(t->slot[0]));
	t->slot[i].index = index;
	t->slot[i].entry = entry;
	t->slot[i].marks = 0;
	t->slot[i].order = 0;
	t->n++;
	return NULL;
}

static void *put(struct xarray *xa, unsigned long index, void *entry, gfp_t gfp)
{
	return put_xas(xa, index, entry, gfp, NULL);
}

/*
 * Put entry as one row of the given order at first (aligned), replacing
 * every row that overlaps its range (NULL: just removing them). Returns the
 * entry that covered first before, or XA_ERROR(-ENOMEM). A row keeps the
 * marks of the entry that covered first, as the kernel's canonical slot does.
 */
static void *put_range(struct xarray *xa, unsigned long first, unsigned int order, void *entry,
		       gfp_t gfp, struct xa_state *xas)
{
	struct xa_slot row = { .index = first, .entry = entry, .order = order };
	unsigned long i, k, last = slot_last(&row);
	struct xa_table *t = table(xa);
	bool found;
	void *old = NULL;

	i = search(t, first, &found);
	if (found) {
		old = t->slot[i].entry;
		row.marks = t->slot[i].marks;
	}
	for (k = 0; t && i + k < t->n && t->slot[i + k].index <= last; k++)
		;
	if (entry && !k) {
		if (make_room(xa, 1, gfp, xas))
			return XA_ERROR(-ENOMEM);
		t = table(xa);
		memmove(&t->slot[i + 1], &t->slot[i], (t->n - i) * sizeof(t->slot[0]));
		t->slot[i] = row;
		t->n++;
		update_marked(xa);
		return old;
	}
	if (entry) {
		t->slot[i] = row;
		i++;
		k--;
	}
	while (k--)
		remove_at(xa, i);
	update_marked(xa);
	return old;
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
	for (i = search(t, want, &found); t && i < t->n && t->slot[i].index <= want; i++) {
		if (slot_last(&t->slot[i]) >= limit.max)
			return -EBUSY;
		want = slot_last(&t->slot[i]) + 1;
	}
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
	/* a multi-index entry found inside its range: where the search began */
	*indexp = max(s->index, *indexp);
	return s->entry;
}
EXPORT_SYMBOL(xa_find);

void *xa_find_after(struct xarray *xa, unsigned long *indexp, unsigned long max,
		    xa_mark_t filter)
{
	struct xa_slot *cur = lookup(xa, *indexp);
	/* past the rest of a multi-index entry at *indexp (its siblings) */
	unsigned long from = (cur ? slot_last(cur) : *indexp) + 1;

	if (!from)		/* nothing after ULONG_MAX */
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

/* the order of a multi-index range: the aligned power of two from first within last */
static unsigned int range_order(unsigned long first, unsigned long last)
{
	unsigned long span = last - first;
	unsigned int fit = span == ULONG_MAX ? BITS_PER_LONG : fls_long(span + 1) - 1;
	unsigned int align = first ? __ffs(first) : BITS_PER_LONG;

	return min(fit, align);
}

void *xa_store_range(struct xarray *xa, unsigned long first, unsigned long last, void *entry,
		     gfp_t gfp)
{
	void *r = NULL;

	if (WARN_ON_ONCE(xa_is_internal(entry)))
		return XA_ERROR(-EINVAL);
	if (last < first)
		return XA_ERROR(-EINVAL);
	xa_lock(xa);
	for (;;) {
		unsigned int order = range_order(first, last);
		unsigned long size_1 = order >= BITS_PER_LONG ? ULONG_MAX : (1UL << order) - 1;

		r = put_range(xa, first, order, entry, gfp, NULL);
		if (xa_is_err(r) || first + size_1 == last)
			break;
		first += size_1 + 1;
	}
	xa_unlock(xa);
	return xa_is_err(r) ? r : NULL;
}
EXPORT_SYMBOL(xa_store_range);

int xa_get_order(struct xarray *xa, unsigned long index)
{
	struct xa_slot *s = lookup(xa, index);

	return s ? s->order : 0;
}
EXPORT_SYMBOL(xa_get_order);

void xa_delete_node(struct xa_node *node, xa_update_node_t update)
{
	QDK_UNMODELLED(xa_delete_node, "the shim's XArray is a table without nodes");
}

/* the order a state stores: its shift and sibling count together */
static unsigned int xas_order(const struct xa_state *xas)
{
	return xas->xa_shift + hweight32(xas->xa_sibs);
}

/* the gfp of an allocation under the lock, as xas_alloc() makes it */
static gfp_t xas_gfp(const struct xa_state *xas)
{
	gfp_t gfp = GFP_NOWAIT | __GFP_NOWARN;

	if (xas->xa->xa_flags & XA_FLAGS_ACCOUNT)
		gfp |= __GFP_ACCOUNT;
	return gfp;
}

/* the row at the state's index, once walked there */
static struct xa_slot *xas_slot(const struct xa_state *xas)
{
	return lookup(xas->xa, xas->xa_index);
}

void *xas_load(struct xa_state *xas)
{
	struct xa_slot *s;

	if (xas_error(xas))
		return NULL;
	xas->xa_node = NULL;
	xas->xa_offset = xas->xa_index & XA_CHUNK_MASK;
	xas->xa_pad = 0;
	s = xas_slot(xas);
	return s ? s->entry : NULL;
}
EXPORT_SYMBOL_GPL(xas_load);

/*
 * The raw entry goes in (a zero entry too; NULL erases, with its marks).
 * An order-0 store into a multi-index entry replaces the whole entry.
 */
void *xas_store(struct xa_state *xas, void *entry)
{
	unsigned int order = xas_order(xas);
	unsigned long first = xas->xa_index;
	void *old;

	if (xas_error(xas))
		return NULL;
	if (order) {
		if (order < BITS_PER_LONG)
			first &= ~((1UL << order) - 1);
		else
			first = 0;
		old = put_range(xas->xa, first, order, entry, xas_gfp(xas), xas);
	} else {
		old = put_xas(xas->xa, first, entry, xas_gfp(xas), xas);
		update_marked(xas->xa);
	}
	if (xa_is_err(old)) {
		xas_set_err(xas, xa_err(old));
		return NULL;
	}
	xas->xa_node = NULL;
	xas->xa_offset = xas->xa_index & XA_CHUNK_MASK;
	xas->xa_pad = 0;
	return old;
}
EXPORT_SYMBOL_GPL(xas_store);

bool xas_get_mark(const struct xa_state *xas, xa_mark_t mark)
{
	struct xa_slot *s;

	if (xas_invalid(xas))
		return false;
	s = xas_slot(xas);
	return s && (s->marks & (1U << (__force unsigned int)mark));
}
EXPORT_SYMBOL_GPL(xas_get_mark);

void xas_set_mark(const struct xa_state *xas, xa_mark_t mark)
{
	struct xa_slot *s;

	if (xas_invalid(xas))
		return;
	s = xas_slot(xas);
	if (s) {
		s->marks |= 1U << (__force unsigned int)mark;
		update_marked(xas->xa);
	}
}
EXPORT_SYMBOL_GPL(xas_set_mark);

void xas_clear_mark(const struct xa_state *xas, xa_mark_t mark)
{
	struct xa_slot *s;

	if (xas_invalid(xas))
		return;
	s = xas_slot(xas);
	if (s) {
		s->marks &= ~(1U << (__force unsigned int)mark);
		update_marked(xas->xa);
	}
}
EXPORT_SYMBOL_GPL(xas_clear_mark);

/* a new entry starts without marks */
void xas_init_marks(const struct xa_state *xas)
{
	unsigned int m;

	for (m = 0; m < XA_MAX_MARKS; m++)
		xas_clear_mark(xas, (__force xa_mark_t)m);
}
EXPORT_SYMBOL_GPL(xas_init_marks);

/*
 * The first present entry (a zero entry too: xas_retry() skips it) at or
 * after the state's index, up to max: from the index itself before a walk,
 * after the entry walked to (all of a multi-index entry) once walked. None:
 * XAS_BOUNDS with the index past max, so that xas_store() can follow.
 */
static void *find(struct xa_state *xas, unsigned long max, xa_mark_t filter)
{
	struct xa_table *t = table(xas->xa);
	unsigned long from = xas->xa_index, i;
	bool found;

	if (xas_error(xas) || xas->xa_node == XAS_BOUNDS)
		return NULL;
	if (xas->xa_index > max)
		goto bounds;
	if (xas->xa_node != XAS_RESTART) {
		struct xa_slot *cur = xas_slot(xas);

		from = (cur ? slot_last(cur) : from) + 1;
		if (!from || from > max)
			goto bounds;
	}
	for (i = search(t, from, &found); t && i < t->n && t->slot[i].index <= max; i++) {
		struct xa_slot *s = &t->slot[i];

		if ((__force unsigned int)filter < XA_MAX_MARKS &&
		    !(s->marks & (1U << (__force unsigned int)filter)))
			continue;
		xas->xa_index = max(s->index, from);
		xas->xa_node = NULL;
		xas->xa_offset = xas->xa_index & XA_CHUNK_MASK;
		xas->xa_pad = 0;
		return s->entry;
	}
bounds:
	if (max != ULONG_MAX && xas->xa_index <= max)
		xas->xa_index = max + 1;
	xas->xa_node = XAS_BOUNDS;
	return NULL;
}

void *xas_find(struct xa_state *xas, unsigned long max)
{
	return find(xas, max, XA_PRESENT);
}
EXPORT_SYMBOL_GPL(xas_find);

void *xas_find_marked(struct xa_state *xas, unsigned long max, xa_mark_t mark)
{
	return find(xas, max, mark);
}
EXPORT_SYMBOL_GPL(xas_find_marked);

/*
 * The entries inside the range the state would store (its index and order),
 * one a call. The shim has no node to walk, so the count returned so far is
 * kept in xa_offset and xa_pad (flagged by CONFLICT_CURSOR, which every other
 * walk clears); a walk from any other state starts again.
 */
#define CONFLICT_CURSOR		0x80

void *xas_find_conflict(struct xa_state *xas)
{
	unsigned int order = xas_order(xas), seen, k = 0;
	struct xa_table *t = table(xas->xa);
	unsigned long first = xas->xa_index, last, i;
	bool found;

	if (xas_error(xas))
		return NULL;
	if (order >= BITS_PER_LONG) {
		first = 0;
		last = ULONG_MAX;
	} else {
		first &= ~((1UL << order) - 1);
		last = first + ((1UL << order) - 1);
	}
	seen = 0;
	if (!xas->xa_node && (xas->xa_pad & CONFLICT_CURSOR))
		seen = xas->xa_offset | (xas->xa_pad & ~CONFLICT_CURSOR) << 8;
	for (i = search(t, first, &found); t && i < t->n && t->slot[i].index <= last; i++) {
		if (k++ < seen)
			continue;
		xas->xa_node = NULL;
		xas->xa_offset = k & 0xff;
		xas->xa_pad = CONFLICT_CURSOR | k >> 8;
		return t->slot[i].entry;
	}
	xas->xa_node = NULL;
	xas->xa_offset = first & XA_CHUNK_MASK;
	xas->xa_pad = 0;
	return NULL;
}
EXPORT_SYMBOL_GPL(xas_find_conflict);

/* one index on (back): the entry there, NULL if none; an error stays */
void *__xas_next(struct xa_state *xas)
{
	if (xas_error(xas))
		return NULL;
	if (xas->xa_node != XAS_RESTART)
		xas->xa_index++;
	return xas_load(xas);
}
EXPORT_SYMBOL_GPL(__xas_next);

void *__xas_prev(struct xa_state *xas)
{
	if (xas_error(xas))
		return NULL;
	if (xas->xa_node != XAS_RESTART)
		xas->xa_index--;
	return xas_load(xas);
}
EXPORT_SYMBOL_GPL(__xas_prev);

/* before dropping the lock: the next walk resumes after the current entry */
void xas_pause(struct xa_state *xas)
{
	struct xa_slot *s;

	if (xas_invalid(xas))
		return;
	s = xas_slot(xas);
	xas->xa_index = (s ? slot_last(s) : xas->xa_index) + 1;
	xas->xa_node = xas->xa_index ? XAS_RESTART : XAS_BOUNDS;
}
EXPORT_SYMBOL_GPL(xas_pause);

/*
 * After a store failed for memory (-ENOMEM): the grown table allocated with
 * gfp (outside the lock; it may sleep as gfp allows) and true, to retry.
 * Otherwise any memory left over is freed and false.
 */
bool xas_nomem(struct xa_state *xas, gfp_t gfp)
{
	struct xa_table *t = table(xas->xa);

	if (xas->xa_node != XA_ERROR(-ENOMEM)) {
		xas_destroy(xas);
		return false;
	}
	if (xas->xa->xa_flags & XA_FLAGS_ACCOUNT)
		gfp |= __GFP_ACCOUNT;
	kfree(xas->xa_alloc);
	xas->xa_alloc = (struct xa_node *)table_alloc(grown_cap(t, (t ? t->n : 0) + 1), gfp);
	if (!xas->xa_alloc)
		return false;
	xas->xa_node = XAS_RESTART;
	return true;
}
EXPORT_SYMBOL_GPL(xas_nomem);

void xas_destroy(struct xa_state *xas)
{
	kfree(xas->xa_alloc);
	xas->xa_alloc = NULL;
}
EXPORT_SYMBOL_GPL(xas_destroy);

/*
 * Room for every index of the state's range as an entry of its own; the
 * state then stores single entries from the range's first index.
 */
void xas_create_range(struct xa_state *xas)
{
	unsigned int order = xas_order(xas);
	unsigned long n;
	int err;

	if (xas_error(xas))
		return;
	n = order >= BITS_PER_LONG ? ULONG_MAX : 1UL << order;
	if (order < BITS_PER_LONG)
		xas->xa_index &= ~(n - 1);
	err = make_room(xas->xa, min(n, 1UL << 16), xas_gfp(xas), xas);
	if (err) {
		xas_set_err(xas, err);
		return;
	}
	xas->xa_shift = 0;
	xas->xa_sibs = 0;
	xas->xa_node = XAS_RESTART;
}
EXPORT_SYMBOL_GPL(xas_create_range);

int xas_get_order(struct xa_state *xas)
{
	struct xa_slot *s;

	if (xas_invalid(xas))
		return 0;
	s = xas_slot(xas);
	return s ? s->order : 0;
}
EXPORT_SYMBOL_GPL(xas_get_order);

/* the rows splitting an entry of order into entries of the state's order add */
static unsigned long split_extra(const struct xa_state *xas, unsigned int order)
{
	unsigned int to = xas_order(xas);

	if (to >= order)
		return 0;
	return (1UL << (order - to)) - 1;
}

/* the too-large split the kernel refuses (it would need nodes two levels deep) */
static bool split_too_large(const struct xa_state *xas, unsigned int order)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return xas->xa_shift + 2 * XA_CHUNK_SHIFT <= order;
#else
	return xas->xa_shift + 2 * XA_CHUNK_SHIFT < order;
#endif
}

void xas_split_alloc(struct xa_state *xas, void *entry, unsigned int order, gfp_t gfp)
{
	struct xa_table *t = table(xas->xa);
	unsigned long need = (t ? t->n : 0) + split_extra(xas, order);

	if (WARN_ON(split_too_large(xas, order)))
		goto nomem;
	if (xas->xa_shift + XA_CHUNK_SHIFT > order)
		return;		/* the kernel's split stays in one node: no memory */
	if (xas->xa->xa_flags & XA_FLAGS_ACCOUNT)
		gfp |= __GFP_ACCOUNT;
	kfree(xas->xa_alloc);
	xas->xa_alloc = (struct xa_node *)table_alloc(grown_cap(t, need), gfp);
	if (xas->xa_alloc)
		return;
nomem:
	xas_destroy(xas);
	xas_set_err(xas, -ENOMEM);
}
EXPORT_SYMBOL_GPL(xas_split_alloc);

/* the entry of order at the state becomes entries of the state's order */
static void split_rows(struct xa_state *xas, void *entry, unsigned int order)
{
	unsigned int to = xas_order(xas);
	unsigned long extra = split_extra(xas, order), i, k;
	struct xa_table *t;
	struct xa_slot *s = xas_slot(xas), row;
	bool found;

	if (!s || !extra)
		return;
	row = *s;
	if (make_room(xas->xa, extra, xas_gfp(xas), xas)) {
		xas_set_err(xas, -ENOMEM);
		return;
	}
	t = table(xas->xa);
	i = search(t, row.index, &found);
	memmove(&t->slot[i + 1 + extra], &t->slot[i + 1],
		(t->n - i - 1) * sizeof(t->slot[0]));
	for (k = 0; k <= extra; k++) {
		t->slot[i + k].index = row.index + (k << to);
		t->slot[i + k].entry = entry;
		t->slot[i + k].marks = row.marks;
		t->slot[i + k].order = to;
	}
	t->n += extra;
	update_marked(xas->xa);
}

void xas_split(struct xa_state *xas, void *entry, unsigned int order)
{
	if (xas_error(xas))
		return;
	split_rows(xas, entry, order);
	if (!xas_error(xas))
		xas->xa_node = NULL;
}
EXPORT_SYMBOL_GPL(xas_split);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
unsigned int xas_try_split_min_order(unsigned int order)
{
	if (order % XA_CHUNK_SHIFT == 0)
		return order == 0 ? 0 : order - 1;
	return order - (order % XA_CHUNK_SHIFT);
}
EXPORT_SYMBOL_GPL(xas_try_split_min_order);

/*
 * A split the kernel makes with at most one new node (GFP_NOWAIT unless
 * xa_alloc has one): an entry filling its node's slot (order a multiple of
 * 6) halves into a new node; a split needing more nodes is -EINVAL.
 */
void xas_try_split(struct xa_state *xas, void *entry, unsigned int order)
{
	unsigned int sibs = (1 << (order % XA_CHUNK_SHIFT)) - 1;
	unsigned int node_shift = order - (order % XA_CHUNK_SHIFT);

	if (xas_error(xas) || !xas_load(xas))
		return;
	if (xas->xa_shift < node_shift &&
	    (sibs || xas->xa_sibs != (1U << ((order - 1) % XA_CHUNK_SHIFT)) - 1)) {
		xas_destroy(xas);
		xas_set_err(xas, -EINVAL);
		return;
	}
	split_rows(xas, entry, order);
	if (xas_error(xas))
		xas_destroy(xas);
	else
		xas->xa_node = NULL;
}
EXPORT_SYMBOL_GPL(xas_try_split);
#endif
