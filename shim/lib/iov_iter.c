// SPDX-License-Identifier: GPL-2.0
/*
 * iov_iter.c - iterators over the data of a read or write (the kernel's
 * lib/iov_iter.c): user buffers through the shim's user memory model
 * (linux/uaccess.h: a copy stops at the first address user space cannot
 * reach), kernel buffers, pieces of pages and nothing at all.
 *
 * Every copy walks the iterator the kernel's way: it stops in the segment
 * where a user copy fell short, moves past a segment it used up (and, when
 * the copy ends exactly at a segment's end, past that one too, not past the
 * empty ones that follow), and returns the bytes done.
 *
 * Why one file past 800 lines: as in the kernel's lib/iov_iter.c, each copy
 * and advance routine walks every kind of iterator; split by kind, each
 * would be split again by routine.
 */
#include <linux/uio.h>
#include <linux/bvec.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <net/checksum.h>
#include <qdk/unmodelled.h>

/*
 * One step: len bytes at base (a user address for a user-backed iterator,
 * a kernel one otherwise), progress bytes into the whole operation. It
 * returns the bytes it could NOT do (only a user step can fall short).
 */
typedef size_t (*iter_step_f)(void *base, size_t progress, size_t len, void *priv,
			      void *priv2);

static size_t iterate_ubuf(struct iov_iter *i, size_t len, void *priv, void *priv2,
			   iter_step_f step)
{
	size_t remain = step((void __force *)i->ubuf + i->iov_offset, 0, len, priv, priv2);
	size_t progress = len - remain;

	i->iov_offset += progress;
	i->count -= progress;
	return progress;
}

/* an iovec and a kvec have the same layout: both are walked as kvecs */
static size_t iterate_vec(struct iov_iter *i, size_t len, void *priv, void *priv2,
			  iter_step_f step)
{
	const struct kvec *p = i->kvec;
	size_t progress = 0, skip = i->iov_offset;

	do {
		size_t part = min(len, p->iov_len - skip);

		if (likely(part)) {
			size_t consumed = part - step(p->iov_base + skip, progress, part,
						      priv, priv2);

			progress += consumed;
			skip += consumed;
			len -= consumed;
			if (skip < p->iov_len)
				break;
		}
		p++;
		skip = 0;
	} while (len);

	i->nr_segs -= p - i->kvec;
	i->kvec = p;
	i->iov_offset = skip;
	i->count -= progress;
	return progress;
}

/* a piece of pages is walked a page at a time */
static size_t iterate_bvec(struct iov_iter *i, size_t len, void *priv, void *priv2,
			   iter_step_f step)
{
	const struct bio_vec *p = i->bvec;
	size_t progress = 0, skip = i->iov_offset;

	while (len) {
		size_t offset = p->bv_offset + skip;
		struct page *page = p->bv_page + offset / PAGE_SIZE;
		size_t part = min3(len, (size_t)(p->bv_len - skip),
				   (size_t)(PAGE_SIZE - offset % PAGE_SIZE));
		size_t remain = step(page_address(page) + offset % PAGE_SIZE, progress, part,
				     priv, priv2);
		size_t consumed = part - remain;

		progress += consumed;
		skip += consumed;
		len -= consumed;
		if (skip >= p->bv_len) {
			skip = 0;
			p++;
		}
		if (remain)
			break;
	}
	i->nr_segs -= p - i->bvec;
	i->bvec = p;
	i->iov_offset = skip;
	i->count -= progress;
	return progress;
}

/* up to len bytes of the iterator through ustep (user memory) or kstep (kernel's) */
static size_t iterate_and_advance2(struct iov_iter *i, size_t len, void *priv, void *priv2,
				   iter_step_f ustep, iter_step_f kstep)
{
	if (unlikely(i->count < len))
		len = i->count;
	if (unlikely(!len))
		return 0;

	switch (iov_iter_type(i)) {
	case ITER_UBUF:
		return iterate_ubuf(i, len, priv, priv2, ustep);
	case ITER_IOVEC:
		return iterate_vec(i, len, priv, priv2, ustep);
	case ITER_KVEC:
		return iterate_vec(i, len, priv, priv2, kstep);
	case ITER_BVEC:
		return iterate_bvec(i, len, priv, priv2, kstep);
	case ITER_DISCARD:
		i->count -= len;
		return len;
	default:
		/* the page cache's iterators cannot be set up in the shim */
		WARN_ON_ONCE(1);
		return 0;
	}
}

static size_t iterate_and_advance(struct iov_iter *i, size_t len, void *priv,
				  iter_step_f ustep, iter_step_f kstep)
{
	return iterate_and_advance2(i, len, priv, NULL, ustep, kstep);
}

/* the user copies of the iterator: access_ok(), then the raw copy */
static size_t copy_to_user_iter(void *iter_to, size_t progress, size_t len, void *from,
				void *priv2)
{
	void __user *to = (void __user __force *)iter_to;

	if (!access_ok(to, len))
		return len;
	return __copy_to_user_inatomic(to, from + progress, len);
}

static size_t copy_from_user_iter(void *iter_from, size_t progress, size_t len, void *to,
				  void *priv2)
{
	const void __user *from = (const void __user __force *)iter_from;

	if (!access_ok(from, len))
		return len;
	return __copy_from_user_inatomic(to + progress, from, len);
}

static size_t memcpy_to_iter(void *iter_to, size_t progress, size_t len, void *from,
			     void *priv2)
{
	memcpy(iter_to, from + progress, len);
	return 0;
}

static size_t memcpy_from_iter(void *iter_from, size_t progress, size_t len, void *to,
			       void *priv2)
{
	memcpy(to + progress, iter_from, len);
	return 0;
}

size_t _copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (WARN_ON_ONCE(i->data_source))
		return 0;
#endif
	if (user_backed_iter(i))
		might_fault();
	return iterate_and_advance(i, bytes, (void *)addr, copy_to_user_iter, memcpy_to_iter);
}
EXPORT_SYMBOL(_copy_to_iter);

/* no machine checks in user space: the plain copy */
size_t _copy_mc_to_iter(const void *addr, size_t bytes, struct iov_iter *i)
{
	return _copy_to_iter(addr, bytes, i);
}
EXPORT_SYMBOL_GPL(_copy_mc_to_iter);

size_t _copy_from_iter(void *addr, size_t bytes, struct iov_iter *i)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (WARN_ON_ONCE(!i->data_source))
		return 0;
#endif
	if (user_backed_iter(i))
		might_fault();
	return iterate_and_advance(i, bytes, addr, copy_from_user_iter, memcpy_from_iter);
}
EXPORT_SYMBOL(_copy_from_iter);

/* the cache hints of these copies mean nothing to the shim's memory */
size_t _copy_from_iter_nocache(void *addr, size_t bytes, struct iov_iter *i)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (WARN_ON_ONCE(!i->data_source))
		return 0;
#endif
	return iterate_and_advance(i, bytes, addr, copy_from_user_iter, memcpy_from_iter);
}
EXPORT_SYMBOL(_copy_from_iter_nocache);

size_t _copy_from_iter_flushcache(void *addr, size_t bytes, struct iov_iter *i)
{
	return _copy_from_iter_nocache(addr, bytes, i);
}
EXPORT_SYMBOL_GPL(_copy_from_iter_flushcache);

/* offset + n must lie in the page's allocation (its compound page, if any) */
static bool page_copy_sane(struct page *page, size_t offset, size_t n)
{
	struct page *head;
	size_t v = n + offset;

	if (n <= v && v <= PAGE_SIZE)
		return true;
	head = compound_head(page);
	v += (page - head) << PAGE_SHIFT;
	if (likely(n <= v && v <= page_size(head)))
		return true;
	WARN_ON(1);
	return false;
}

/* a page's bytes a page at a time, until one copy falls short */
static size_t copy_page_iter(struct page *page, size_t offset, size_t bytes,
			     struct iov_iter *i, bool to_iter)
{
	size_t res = 0;

	if (unlikely(!page_copy_sane(page, offset, bytes)))
		return 0;
	page += offset / PAGE_SIZE;
	offset %= PAGE_SIZE;
	while (1) {
		char *kaddr = page_address(page);
		size_t n = min(bytes, (size_t)PAGE_SIZE - offset);

		n = to_iter ? _copy_to_iter(kaddr + offset, n, i) :
			_copy_from_iter(kaddr + offset, n, i);
		res += n;
		bytes -= n;
		if (!bytes || !n)
			break;
		offset += n;
		if (offset == PAGE_SIZE) {
			page++;
			offset = 0;
		}
	}
	return res;
}

size_t copy_page_to_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i)
{
	return copy_page_iter(page, offset, bytes, i, true);
}
EXPORT_SYMBOL(copy_page_to_iter);

size_t copy_page_from_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i)
{
	return copy_page_iter(page, offset, bytes, i, false);
}
EXPORT_SYMBOL(copy_page_from_iter);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* page faults off: the shim's user copies never sleep anyway */
size_t copy_page_to_iter_nofault(struct page *page, unsigned int offset, size_t bytes,
				 struct iov_iter *i)
{
	size_t res = 0;

	if (!page_copy_sane(page, offset, bytes))
		return 0;
	if (WARN_ON_ONCE(i->data_source))
		return 0;
	page += offset / PAGE_SIZE;
	offset %= PAGE_SIZE;
	while (1) {
		char *kaddr = page_address(page);
		size_t n = min(bytes, (size_t)PAGE_SIZE - offset);

		n = iterate_and_advance(i, n, kaddr + offset, copy_to_user_iter,
					memcpy_to_iter);
		res += n;
		bytes -= n;
		if (!bytes || !n)
			break;
		offset += n;
		if (offset == PAGE_SIZE) {
			page++;
			offset = 0;
		}
	}
	return res;
}
EXPORT_SYMBOL(copy_page_to_iter_nofault);
#endif

/*
 * The atomic copy into a page cache page: x86-64 maps the whole of a
 * compound page, so it is one copy from a source iterator.
 */
static size_t copy_page_from_iter_atomic_(struct page *page, size_t offset, size_t bytes,
					  struct iov_iter *i)
{
	if (!page_copy_sane(page, offset, bytes))
		return 0;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	if (unlikely(iov_iter_is_pipe(i) || iov_iter_is_discard(i))) {
		WARN_ON(1);
		return 0;
	}
#else
	if (WARN_ON_ONCE(!i->data_source))
		return 0;
#endif
	return iterate_and_advance(i, bytes, (char *)page_address(page) + offset,
				   copy_from_user_iter, memcpy_from_iter);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
size_t copy_page_from_iter_atomic(struct page *page, unsigned int offset, size_t bytes,
				  struct iov_iter *i)
{
	return copy_page_from_iter_atomic_(page, offset, bytes, i);
}
EXPORT_SYMBOL(copy_page_from_iter_atomic);
#elif LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
size_t copy_page_from_iter_atomic(struct page *page, size_t offset, size_t bytes,
				  struct iov_iter *i)
{
	return copy_page_from_iter_atomic_(page, offset, bytes, i);
}
EXPORT_SYMBOL(copy_page_from_iter_atomic);
#else
size_t copy_folio_from_iter_atomic(struct folio *folio, size_t offset, size_t bytes,
				   struct iov_iter *i)
{
	return copy_page_from_iter_atomic_(&folio->page, offset, bytes, i);
}
EXPORT_SYMBOL(copy_folio_from_iter_atomic);
#endif

static size_t zero_to_user_iter(void *iter_to, size_t progress, size_t len, void *priv,
				void *priv2)
{
	return clear_user((void __user __force *)iter_to, len);
}

static size_t zero_to_iter(void *iter_to, size_t progress, size_t len, void *priv,
			   void *priv2)
{
	memset(iter_to, 0, len);
	return 0;
}

size_t iov_iter_zero(size_t bytes, struct iov_iter *i)
{
	return iterate_and_advance(i, bytes, NULL, zero_to_user_iter, zero_to_iter);
}
EXPORT_SYMBOL(iov_iter_zero);

/* the bytes of [uaddr, uaddr + size) a fault could not bring in */
static size_t fault_in_user(const void __user *uaddr, size_t size)
{
	return size - __qdk_user_reach(uaddr, size);
}

static size_t fault_in_iter(const struct iov_iter *i, size_t size)
{
	size_t count = min(size, iov_iter_count(i));
	const struct kvec *p;
	size_t skip;

	if (iter_is_ubuf(i)) {
		count -= fault_in_user(i->ubuf + i->iov_offset, count);
		return size - count;
	}
	if (!iter_is_iovec(i))
		return 0;
	size -= count;
	for (p = i->kvec, skip = i->iov_offset; count; p++, skip = 0) {
		size_t len = min(count, p->iov_len - skip);
		size_t ret;

		if (unlikely(!len))
			continue;
		ret = fault_in_user((const void __user __force *)p->iov_base + skip, len);
		count -= len - ret;
		if (ret)
			break;
	}
	return count + size;
}

/* the shim's user memory is either there or not: reading and writing fault alike */
size_t fault_in_iov_iter_readable(const struct iov_iter *i, size_t size)
{
	return fault_in_iter(i, size);
}
EXPORT_SYMBOL(fault_in_iov_iter_readable);

size_t fault_in_iov_iter_writeable(const struct iov_iter *i, size_t size)
{
	return fault_in_iter(i, size);
}
EXPORT_SYMBOL(fault_in_iov_iter_writeable);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define QDK_ITER_INIT(type_, dir_, field_, ptr_, n_, count_) (struct iov_iter) {	\
	.iter_type = (type_),								\
	.user_backed = (type_) == ITER_IOVEC || (type_) == ITER_UBUF,			\
	.data_source = (dir_),								\
	.field_ = (ptr_),								\
	.nr_segs = (n_),								\
	.count = (count_),								\
}
#else
#define QDK_ITER_INIT(type_, dir_, field_, ptr_, n_, count_) (struct iov_iter) {	\
	.iter_type = (type_),								\
	.data_source = (dir_),								\
	.field_ = (ptr_),								\
	.nr_segs = (n_),								\
	.count = (count_),								\
}
#endif

void iov_iter_init(struct iov_iter *i, unsigned int direction, const struct iovec *iov,
		   unsigned long nr_segs, size_t count)
{
	WARN_ON(direction & ~(READ | WRITE));
	*i = QDK_ITER_INIT(ITER_IOVEC, direction, kvec, (const struct kvec *)iov, nr_segs,
			   count);
}
EXPORT_SYMBOL(iov_iter_init);

void iov_iter_kvec(struct iov_iter *i, unsigned int direction, const struct kvec *kvec,
		   unsigned long nr_segs, size_t count)
{
	WARN_ON(direction & ~(READ | WRITE));
	*i = QDK_ITER_INIT(ITER_KVEC, direction, kvec, kvec, nr_segs, count);
}
EXPORT_SYMBOL(iov_iter_kvec);

void iov_iter_bvec(struct iov_iter *i, unsigned int direction, const struct bio_vec *bvec,
		   unsigned long nr_segs, size_t count)
{
	WARN_ON(direction & ~(READ | WRITE));
	*i = QDK_ITER_INIT(ITER_BVEC, direction, bvec, bvec, nr_segs, count);
}
EXPORT_SYMBOL(iov_iter_bvec);

/* a destination that drops what is copied into it */
void iov_iter_discard(struct iov_iter *i, unsigned int direction, size_t count)
{
	BUG_ON(direction != READ);
	*i = QDK_ITER_INIT(ITER_DISCARD, READ, kvec, NULL, 0, count);
}
EXPORT_SYMBOL(iov_iter_discard);

static void iov_iter_vec_advance(struct iov_iter *i, size_t size)
{
	const struct kvec *p, *end;

	if (!i->count)
		return;
	i->count -= size;
	size += i->iov_offset;
	for (p = i->kvec, end = p + i->nr_segs; p < end; p++) {
		if (likely(size < p->iov_len))
			break;
		size -= p->iov_len;
	}
	i->iov_offset = size;
	i->nr_segs -= p - i->kvec;
	i->kvec = p;
}

static void iov_iter_bvec_advance(struct iov_iter *i, size_t size)
{
	const struct bio_vec *p, *end;

	if (!i->count)
		return;
	i->count -= size;
	size += i->iov_offset;
	for (p = i->bvec, end = p + i->nr_segs; p < end; p++) {
		if (likely(size < p->bv_len))
			break;
		size -= p->bv_len;
	}
	i->iov_offset = size;
	i->nr_segs -= p - i->bvec;
	i->bvec = p;
}

void iov_iter_advance(struct iov_iter *i, size_t size)
{
	if (unlikely(i->count < size))
		size = i->count;
	if (likely(iter_is_ubuf(i)) || unlikely(iov_iter_is_xarray(i))) {
		i->iov_offset += size;
		i->count -= size;
	} else if (likely(iter_is_iovec(i) || iov_iter_is_kvec(i))) {
		iov_iter_vec_advance(i, size);
	} else if (iov_iter_is_bvec(i)) {
		iov_iter_bvec_advance(i, size);
	} else if (iov_iter_is_discard(i)) {
		i->count -= size;
	}
}
EXPORT_SYMBOL(iov_iter_advance);

/* back by unroll bytes, which the iterator must have gone over */
void iov_iter_revert(struct iov_iter *i, size_t unroll)
{
	if (!unroll)
		return;
	if (WARN_ON(unroll > MAX_RW_COUNT))
		return;
	i->count += unroll;
	if (unlikely(iov_iter_is_discard(i)))
		return;
	if (unroll <= i->iov_offset) {
		i->iov_offset -= unroll;
		return;
	}
	unroll -= i->iov_offset;
	if (iov_iter_is_xarray(i) || iter_is_ubuf(i)) {
		/* before the start of the range: pages that may not be pinned */
		BUG();
	} else if (iov_iter_is_bvec(i)) {
		const struct bio_vec *bvec = i->bvec;

		while (1) {
			size_t n = (--bvec)->bv_len;

			i->nr_segs++;
			if (unroll <= n) {
				i->bvec = bvec;
				i->iov_offset = n - unroll;
				return;
			}
			unroll -= n;
		}
	} else {
		const struct kvec *p = i->kvec;

		while (1) {
			size_t n = (--p)->iov_len;

			i->nr_segs++;
			if (unroll <= n) {
				i->kvec = p;
				i->iov_offset = n - unroll;
				return;
			}
			unroll -= n;
		}
	}
}
EXPORT_SYMBOL(iov_iter_revert);

/* the bytes left in the current segment */
size_t iov_iter_single_seg_count(const struct iov_iter *i)
{
	if (i->nr_segs > 1) {
		if (likely(iter_is_iovec(i) || iov_iter_is_kvec(i)))
			return min(i->count, i->kvec->iov_len - i->iov_offset);
		if (iov_iter_is_bvec(i))
			return min(i->count, (size_t)i->bvec->bv_len - i->iov_offset);
	}
	return i->count;
}
EXPORT_SYMBOL(iov_iter_single_seg_count);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static bool iov_iter_aligned_vec(const struct iov_iter *i, unsigned int addr_mask,
				 unsigned int len_mask)
{
	size_t size = i->count;
	size_t skip = i->iov_offset;
	unsigned long k;

	for (k = 0; k < i->nr_segs; k++, skip = 0) {
		const struct kvec *p = i->kvec + k;
		size_t len = p->iov_len - skip;

		if (len > size)
			len = size;
		if (len & len_mask)
			return false;
		if ((unsigned long)(p->iov_base + skip) & addr_mask)
			return false;
		size -= len;
		if (!size)
			break;
	}
	return true;
}

static bool iov_iter_aligned_bvec(const struct iov_iter *i, unsigned int addr_mask,
				  unsigned int len_mask)
{
	size_t size = i->count;
	unsigned int skip = i->iov_offset;
	unsigned long k;

	for (k = 0; k < i->nr_segs; k++, skip = 0) {
		const struct bio_vec *p = i->bvec + k;
		size_t len = p->bv_len - skip;

		if (len > size)
			len = size;
		if (len & len_mask)
			return false;
		if ((unsigned long)(p->bv_offset + skip) & addr_mask)
			return false;
		size -= len;
		if (!size)
			break;
	}
	return true;
}

/* every segment's address and length clear of the masks' bits */
bool iov_iter_is_aligned(const struct iov_iter *i, unsigned int addr_mask,
			 unsigned int len_mask)
{
	if (likely(iter_is_ubuf(i))) {
		if (i->count & len_mask)
			return false;
		if ((unsigned long)(i->ubuf + i->iov_offset) & addr_mask)
			return false;
		return true;
	}
	if (likely(iter_is_iovec(i) || iov_iter_is_kvec(i)))
		return iov_iter_aligned_vec(i, addr_mask, len_mask);
	if (iov_iter_is_bvec(i))
		return iov_iter_aligned_bvec(i, addr_mask, len_mask);
	if (iov_iter_is_xarray(i)) {
		if (i->count & len_mask)
			return false;
		if ((i->xarray_start + i->iov_offset) & addr_mask)
			return false;
	}
	return true;
}
EXPORT_SYMBOL_GPL(iov_iter_is_aligned);
#endif

static unsigned long iov_iter_alignment_vec(const struct iov_iter *i)
{
	unsigned long res = 0, k;
	size_t size = i->count;
	size_t skip = i->iov_offset;

	for (k = 0; k < i->nr_segs; k++, skip = 0) {
		const struct kvec *p = i->kvec + k;
		size_t len = p->iov_len - skip;

		if (len) {
			res |= (unsigned long)p->iov_base + skip;
			if (len > size)
				len = size;
			res |= len;
			size -= len;
			if (!size)
				break;
		}
	}
	return res;
}

static unsigned long iov_iter_alignment_bvec(const struct iov_iter *i)
{
	unsigned int res = 0, skip = i->iov_offset;
	size_t size = i->count;
	unsigned long k;

	for (k = 0; k < i->nr_segs; k++, skip = 0) {
		const struct bio_vec *p = i->bvec + k;
		size_t len = p->bv_len - skip;

		res |= (unsigned long)p->bv_offset + skip;
		if (len > size)
			len = size;
		res |= len;
		size -= len;
		if (!size)
			break;
	}
	return res;
}

/* the OR of every segment's address and length: its low bits say the alignment */
unsigned long iov_iter_alignment(const struct iov_iter *i)
{
	if (likely(iter_is_ubuf(i))) {
		size_t size = i->count;

		if (size)
			return ((unsigned long)i->ubuf + i->iov_offset) | size;
		return 0;
	}
	if (likely(iter_is_iovec(i) || iov_iter_is_kvec(i)))
		return iov_iter_alignment_vec(i);
	if (iov_iter_is_bvec(i))
		return iov_iter_alignment_bvec(i);
	if (iov_iter_is_xarray(i))
		return (i->xarray_start + i->iov_offset) | i->count;
	return 0;
}
EXPORT_SYMBOL(iov_iter_alignment);

/* the OR of each segment's start with the previous one's end */
unsigned long iov_iter_gap_alignment(const struct iov_iter *i)
{
	unsigned long res = 0;
	unsigned long v = 0;
	size_t size = i->count;
	unsigned int k;

	if (iter_is_ubuf(i))
		return 0;
	if (WARN_ON(!iter_is_iovec(i)))
		return ~0U;
	for (k = 0; k < i->nr_segs; k++) {
		const struct kvec *p = i->kvec + k;

		if (p->iov_len) {
			unsigned long base = (unsigned long)p->iov_base;

			if (v)
				res |= base | v;
			v = base + p->iov_len;
			if (size <= p->iov_len)
				break;
			size -= p->iov_len;
		}
	}
	return res;
}
EXPORT_SYMBOL(iov_iter_gap_alignment);

static int vec_npages(const struct iov_iter *i, int maxpages)
{
	size_t skip = i->iov_offset, size = i->count;
	const struct kvec *p;
	int npages = 0;

	for (p = i->kvec; size; skip = 0, p++) {
		unsigned int offs = offset_in_page(p->iov_base + skip);
		size_t len = min(p->iov_len - skip, size);

		if (len) {
			size -= len;
			npages += DIV_ROUND_UP(offs + len, PAGE_SIZE);
			if (unlikely(npages > maxpages))
				return maxpages;
		}
	}
	return npages;
}

static int bvec_npages(const struct iov_iter *i, int maxpages)
{
	size_t skip = i->iov_offset, size = i->count;
	const struct bio_vec *p;
	int npages = 0;

	for (p = i->bvec; size; skip = 0, p++) {
		unsigned int offs = (p->bv_offset + skip) % PAGE_SIZE;
		size_t len = min(p->bv_len - skip, size);

		size -= len;
		npages += DIV_ROUND_UP(offs + len, PAGE_SIZE);
		if (unlikely(npages > maxpages))
			return maxpages;
	}
	return npages;
}

/* the pages the iterator's bytes lie in, at most maxpages */
int iov_iter_npages(const struct iov_iter *i, int maxpages)
{
	if (unlikely(!i->count))
		return 0;
	if (likely(iter_is_ubuf(i))) {
		unsigned int offs = offset_in_page(i->ubuf + i->iov_offset);
		int npages = DIV_ROUND_UP(offs + i->count, PAGE_SIZE);

		return min(npages, maxpages);
	}
	if (likely(iter_is_iovec(i) || iov_iter_is_kvec(i)))
		return vec_npages(i, maxpages);
	if (iov_iter_is_bvec(i))
		return bvec_npages(i, maxpages);
	if (iov_iter_is_xarray(i)) {
		unsigned int offset = (i->xarray_start + i->iov_offset) % PAGE_SIZE;
		int npages = DIV_ROUND_UP(offset + i->count, PAGE_SIZE);

		return min(npages, maxpages);
	}
	return 0;
}
EXPORT_SYMBOL(iov_iter_npages);

const void *dup_iter(struct iov_iter *new, struct iov_iter *old, gfp_t flags)
{
	*new = *old;
	if (iov_iter_is_bvec(new))
		return new->bvec = kmemdup(new->bvec, new->nr_segs * sizeof(struct bio_vec),
					   flags);
	else if (iov_iter_is_kvec(new) || iter_is_iovec(new))
		return new->kvec = kmemdup(new->kvec, new->nr_segs * sizeof(struct kvec),
					   flags);
	return NULL;
}
EXPORT_SYMBOL(dup_iter);

/* back to where iov_iter_save_state() was: a ubuf, iovec, kvec or bvec iterator */
void iov_iter_restore(struct iov_iter *i, struct iov_iter_state *state)
{
	if (WARN_ON_ONCE(!iov_iter_is_bvec(i) && !iter_is_iovec(i) && !iov_iter_is_kvec(i) &&
			 !iter_is_ubuf(i)))
		return;
	i->iov_offset = state->iov_offset;
	i->count = state->count;
	if (iter_is_ubuf(i))
		return;
	if (iov_iter_is_bvec(i))
		i->bvec -= state->nr_segs - i->nr_segs;
	else
		i->kvec -= state->nr_segs - i->nr_segs;
	i->nr_segs = state->nr_segs;
}
EXPORT_SYMBOL(iov_iter_restore);

/* a 32-bit task's iovec */
struct qdk_compat_iovec {
	u32 iov_base;
	s32 iov_len;
};

static int copy_compat_iovec_from_user(struct iovec *iov, const struct iovec __user *uvec,
				       unsigned long nr_segs)
{
	const struct qdk_compat_iovec __user *uiov = (const void __user *)uvec;
	unsigned long seg;

	if (!access_ok(uiov, nr_segs * sizeof(*uiov)))
		return -EFAULT;
	for (seg = 0; seg < nr_segs; seg++) {
		struct qdk_compat_iovec c;

		if (__copy_from_user_inatomic(&c, &uiov[seg], sizeof(c)))
			return -EFAULT;
		if (c.iov_len < 0)
			return -EINVAL;
		iov[seg].iov_base = (void __user *)(unsigned long)c.iov_base;
		iov[seg].iov_len = c.iov_len;
	}
	return 0;
}

static int copy_iovec_from_user(struct iovec *iov, const struct iovec __user *uvec,
				unsigned long nr_segs)
{
	unsigned long seg;

	if (copy_from_user(iov, uvec, nr_segs * sizeof(*uvec)))
		return -EFAULT;
	for (seg = 0; seg < nr_segs; seg++) {
		if ((ssize_t)iov[seg].iov_len < 0)
			return -EINVAL;
	}
	return 0;
}

/* nr_segs iovecs from user space, into fast_iov when they fit, else kmalloc'ed */
struct iovec *iovec_from_user(const struct iovec __user *uvec, unsigned long nr_segs,
			      unsigned long fast_segs, struct iovec *fast_iov, bool compat)
{
	struct iovec *iov = fast_iov;
	int ret;

	/* no segments is no error, as Linux has always had it */
	if (nr_segs == 0)
		return iov;
	if (nr_segs > UIO_MAXIOV)
		return ERR_PTR(-EINVAL);
	if (nr_segs > fast_segs) {
		iov = kmalloc_array(nr_segs, sizeof(struct iovec), GFP_KERNEL);
		if (!iov)
			return ERR_PTR(-ENOMEM);
	}
	if (compat)
		ret = copy_compat_iovec_from_user(iov, uvec, nr_segs);
	else
		ret = copy_iovec_from_user(iov, uvec, nr_segs);
	if (ret) {
		if (iov != fast_iov)
			kfree(iov);
		return ERR_PTR(ret);
	}
	return iov;
}
EXPORT_SYMBOL_GPL(iovec_from_user);

ssize_t __import_iovec(int type, const struct iovec __user *uvec, unsigned int nr_segs,
		       unsigned int fast_segs, struct iovec **iovp, struct iov_iter *i,
		       bool compat)
{
	ssize_t total_len = 0;
	unsigned long seg;
	struct iovec *iov;

	iov = iovec_from_user(uvec, nr_segs, fast_segs, *iovp, compat);
	if (IS_ERR(iov)) {
		*iovp = NULL;
		return PTR_ERR(iov);
	}
	/* each segment must be user memory; the total is capped at MAX_RW_COUNT */
	for (seg = 0; seg < nr_segs; seg++) {
		ssize_t len = (ssize_t)iov[seg].iov_len;

		if (!access_ok(iov[seg].iov_base, len)) {
			if (iov != *iovp)
				kfree(iov);
			*iovp = NULL;
			return -EFAULT;
		}
		if (len > MAX_RW_COUNT - total_len) {
			len = MAX_RW_COUNT - total_len;
			iov[seg].iov_len = len;
		}
		total_len += len;
	}
	iov_iter_init(i, type, iov, nr_segs, total_len);
	if (iov == *iovp)
		*iovp = NULL;
	else
		*iovp = iov;
	return total_len;
}
EXPORT_SYMBOL(__import_iovec);

/* the shim's task is a 64-bit one: never a compat syscall */
ssize_t import_iovec(int type, const struct iovec __user *uvec, unsigned int nr_segs,
		     unsigned int fast_segs, struct iovec **iovp, struct iov_iter *i)
{
	return __import_iovec(type, uvec, nr_segs, fast_segs, iovp, i, false);
}
EXPORT_SYMBOL(import_iovec);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int import_single_range(int rw, void __user *buf, size_t len, struct iovec *iov,
			struct iov_iter *i)
{
	if (len > MAX_RW_COUNT)
		len = MAX_RW_COUNT;
	if (unlikely(!access_ok(buf, len)))
		return -EFAULT;
	iov->iov_base = buf;
	iov->iov_len = len;
	iov_iter_init(i, rw, iov, 1, len);
	return 0;
}
EXPORT_SYMBOL(import_single_range);
#else
int import_ubuf(int rw, void __user *buf, size_t len, struct iov_iter *i)
{
	if (len > MAX_RW_COUNT)
		len = MAX_RW_COUNT;
	if (unlikely(!access_ok(buf, len)))
		return -EFAULT;
	iov_iter_ubuf(i, rw, buf, len);
	return 0;
}
EXPORT_SYMBOL_GPL(import_ubuf);
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/*
 * The checksum of what is copied, as x86-64's copies compute it: each step
 * sums from ~0 (so a successful sum is never 0), a user step that faults
 * does nothing; the steps' sums are added at their offsets.
 */
struct qdk_csum_walk {
	void *buf;	/* the kernel side */
	__wsum sum;
	bool to_iter;
};

static size_t csum_user_step(void *iter_base, size_t progress, size_t len, void *priv,
			     void *priv2)
{
	struct qdk_csum_walk *w = priv;
	char *k = (char *)w->buf + progress;
	void __user *u = (void __user __force *)iter_base;
	size_t left;

	if (!access_ok(u, len))
		return len;
	left = w->to_iter ? __copy_to_user_inatomic(u, k, len) :
		__copy_from_user_inatomic(k, u, len);
	if (left)
		return len;
	w->sum = csum_block_add(w->sum, csum_partial(k, len, (__force __wsum)~0U), progress);
	return 0;
}

static size_t csum_kernel_step(void *iter_base, size_t progress, size_t len, void *priv,
			       void *priv2)
{
	struct qdk_csum_walk *w = priv;
	char *k = (char *)w->buf + progress;

	if (w->to_iter)
		memcpy(iter_base, k, len);
	else
		memcpy(k, iter_base, len);
	w->sum = csum_block_add(w->sum, csum_partial(k, len, (__force __wsum)~0U), progress);
	return 0;
}

size_t csum_and_copy_from_iter(void *addr, size_t bytes, __wsum *csum, struct iov_iter *i)
{
	struct qdk_csum_walk w = { .buf = addr, .sum = *csum, .to_iter = false };

	if (unlikely(iov_iter_is_pipe(i) || iov_iter_is_discard(i))) {
		WARN_ON(1);
		return 0;
	}
	bytes = iterate_and_advance(i, bytes, &w, csum_user_step, csum_kernel_step);
	*csum = w.sum;
	return bytes;
}
EXPORT_SYMBOL(csum_and_copy_from_iter);

size_t csum_and_copy_to_iter(const void *addr, size_t bytes, void *_csstate,
			     struct iov_iter *i)
{
	struct csum_state *csstate = _csstate;
	struct qdk_csum_walk w = { .buf = (void *)addr, .to_iter = true };

	if (unlikely(iov_iter_is_discard(i))) {
		WARN_ON(1);
		return 0;
	}
	w.sum = csum_shift(csstate->csum, csstate->off);
	bytes = iterate_and_advance(i, bytes, &w, csum_user_step, csum_kernel_step);
	csstate->csum = csum_shift(w.sum, csstate->off);
	csstate->off += bytes;
	return bytes;
}
EXPORT_SYMBOL(csum_and_copy_to_iter);

size_t hash_and_copy_to_iter(const void *addr, size_t bytes, void *hashp, struct iov_iter *i)
{
	QDK_UNMODELLED(hash_and_copy_to_iter, "the shim has no crypto API");
}

void iov_iter_pipe(struct iov_iter *i, unsigned int direction, struct pipe_inode_info *pipe,
		   size_t count)
{
	QDK_UNMODELLED(iov_iter_pipe, "the shim has no pipes");
}
#else
void iov_iter_folio_queue(struct iov_iter *i, unsigned int direction,
			  const struct folio_queue *folioq, unsigned int first_slot,
			  unsigned int offset, size_t count)
{
	QDK_UNMODELLED(iov_iter_folio_queue, "the shim has no page cache (netfs folio queues)");
}

ssize_t iov_iter_extract_pages(struct iov_iter *i, struct page ***pages, size_t maxsize,
			       unsigned int maxpages, iov_iter_extraction_t extraction_flags,
			       size_t *offset0)
{
	QDK_UNMODELLED(iov_iter_extract_pages, "user memory has no struct page to pin");
}

ssize_t extract_iter_to_sg(struct iov_iter *iter, size_t len, struct sg_table *sgtable,
			   unsigned int sg_max, iov_iter_extraction_t extraction_flags)
{
	QDK_UNMODELLED(extract_iter_to_sg, "user memory has no struct page to pin");
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
ssize_t iov_iter_extract_bvecs(struct iov_iter *iter, struct bio_vec *bv, size_t max_size,
			       unsigned short *nr_vecs, unsigned short max_vecs,
			       unsigned int mem_align_mask,
			       iov_iter_extraction_t extraction_flags)
{
	QDK_UNMODELLED(iov_iter_extract_bvecs, "user memory has no struct page to pin");
}
#endif

void iov_iter_xarray(struct iov_iter *i, unsigned int direction, struct xarray *xarray,
		     loff_t start, size_t count)
{
	QDK_UNMODELLED(iov_iter_xarray, "the shim has no page cache");
}

ssize_t iov_iter_get_pages2(struct iov_iter *i, struct page **pages, size_t maxsize,
			    unsigned int maxpages, size_t *start)
{
	QDK_UNMODELLED(iov_iter_get_pages2, "user memory has no struct page to pin");
}

ssize_t iov_iter_get_pages_alloc2(struct iov_iter *i, struct page ***pages, size_t maxsize,
				  size_t *start)
{
	QDK_UNMODELLED(iov_iter_get_pages_alloc2, "user memory has no struct page to pin");
}
