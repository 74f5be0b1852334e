/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A piece of a page (struct bio_vec), as an ITER_BVEC iterator walks them
 * (linux/uio.h), the helpers that set one up or reach its bytes, and the
 * walks over an array of them (struct bvec_iter) with the kernel's rules.
 */
#ifndef _QDK_SHIM_LINUX_BVEC_H
#define _QDK_SHIM_LINUX_BVEC_H

#include <linux/types.h>
#include <linux/mm.h>		/* page_address() */
#include <linux/string.h>
#include <linux/bug.h>
#include <linux/version.h>

struct bio_vec {
	struct page	*bv_page;
	unsigned int	bv_len;
	unsigned int	bv_offset;
};

static inline void bvec_set_page(struct bio_vec *bv, struct page *page, unsigned int len,
				 unsigned int offset)
{
	bv->bv_page = page;
	bv->bv_len = len;
	bv->bv_offset = offset;
}

/* a kernel virtual address: its page and the offset in it */
static inline void bvec_set_virt(struct bio_vec *bv, void *vaddr, unsigned int len)
{
	bvec_set_page(bv, virt_to_page(vaddr), len, offset_in_page(vaddr));
}

/* the address of the piece (no highmem on x86-64) */
static inline void *bvec_virt(struct bio_vec *bvec)
{
	return page_address(bvec->bv_page) + bvec->bv_offset;
}

static inline void *bvec_kmap_local(struct bio_vec *bvec)
{
	return bvec_virt(bvec);
}

static inline void memcpy_from_bvec(char *to, struct bio_vec *bvec)
{
	memcpy(to, bvec_virt(bvec), bvec->bv_len);
}

static inline void memcpy_to_bvec(struct bio_vec *bvec, const char *from)
{
	memcpy(bvec_virt(bvec), from, bvec->bv_len);
}

static inline void memzero_bvec(struct bio_vec *bvec)
{
	memset(bvec_virt(bvec), 0, bvec->bv_len);
}

static inline void bvec_set_folio(struct bio_vec *bv, struct folio *folio, size_t len,
				  size_t offset)
{
	bvec_set_page(bv, &folio->page, len, offset);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the folio the piece starts in */
static inline struct folio *bvec_folio(const struct bio_vec *bv)
{
	return page_folio(bv->bv_page);
}
#endif

/* the piece's "physical" address: its page's pfn (linux/mm.h) and offset */
static inline phys_addr_t bvec_phys(const struct bio_vec *bvec)
{
	return PFN_PHYS(page_to_pfn(bvec->bv_page)) + bvec->bv_offset;
}

/*
 * A walk over an array of pieces: the bytes left, the piece it is in and
 * how far into that piece (bi_bvec_done, 7.x's bi_offset). A piece may
 * span several pages (a multi-page bvec); the bvec_iter_*() helpers give
 * the part of it in one page.
 */
struct bvec_iter {
	sector_t	bi_sector;
	unsigned int	bi_size;
	unsigned int	bi_idx;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	unsigned int	bi_offset;
#define __qdk_bi_done	bi_offset
#else
	unsigned int	bi_bvec_done;
#define __qdk_bi_done	bi_bvec_done
#endif
} __packed __aligned(4);

/* a walk over every page of the pieces (bvec_advance()) */
struct bvec_iter_all {
	struct bio_vec	bv;
	int		idx;
	unsigned	done;
};

static __always_inline const struct bio_vec *
__bvec_iter_bvec(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	return &bvecs[iter.bi_idx];
}

/* the current piece whole: its first page, what is left of it, where that starts */
static __always_inline struct page *
mp_bvec_iter_page(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	return __bvec_iter_bvec(bvecs, iter)->bv_page;
}

static __always_inline unsigned int
mp_bvec_iter_len(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	unsigned int left = __bvec_iter_bvec(bvecs, iter)->bv_len - iter.__qdk_bi_done;

	return left < iter.bi_size ? left : iter.bi_size;
}

static __always_inline unsigned int
mp_bvec_iter_offset(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	return __bvec_iter_bvec(bvecs, iter)->bv_offset + iter.__qdk_bi_done;
}

/* which page of the piece the walk is in */
static __always_inline unsigned int
mp_bvec_iter_page_idx(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	return mp_bvec_iter_offset(bvecs, iter) >> PAGE_SHIFT;
}

static __always_inline struct bio_vec
mp_bvec_iter_bvec(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	struct bio_vec bv;

	bvec_set_page(&bv, mp_bvec_iter_page(bvecs, iter), mp_bvec_iter_len(bvecs, iter),
		      mp_bvec_iter_offset(bvecs, iter));
	return bv;
}

/* the same, cut at the end of the page the walk is in */
static __always_inline unsigned int
bvec_iter_offset(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	return offset_in_page(mp_bvec_iter_offset(bvecs, iter));
}

static __always_inline unsigned int
bvec_iter_len(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	unsigned int len = mp_bvec_iter_len(bvecs, iter);
	unsigned int room = PAGE_SIZE - bvec_iter_offset(bvecs, iter);

	return len < room ? len : room;
}

static __always_inline struct page *
bvec_iter_page(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	return nth_page(mp_bvec_iter_page(bvecs, iter), mp_bvec_iter_page_idx(bvecs, iter));
}

static __always_inline struct bio_vec
bvec_iter_bvec(const struct bio_vec *bvecs, const struct bvec_iter iter)
{
	struct bio_vec bv;

	bvec_set_page(&bv, bvec_iter_page(bvecs, iter), bvec_iter_len(bvecs, iter),
		      bvec_iter_offset(bvecs, iter));
	return bv;
}

/*
 * Move the walk bytes on, over every piece those bytes finish; false (and
 * the walk ended, with a warning) when fewer than bytes are left.
 */
static inline bool bvec_iter_advance(const struct bio_vec *bv, struct bvec_iter *iter,
				     unsigned int bytes)
{
	unsigned int idx = iter->bi_idx;

	if (WARN_ONCE(bytes > iter->bi_size, "Attempted to advance past end of bvec iter\n")) {
		iter->bi_size = 0;
		return false;
	}
	iter->bi_size -= bytes;
	bytes += iter->__qdk_bi_done;
	while (bytes && bytes >= bv[idx].bv_len) {
		bytes -= bv[idx].bv_len;
		idx++;
	}
	iter->bi_idx = idx;
	iter->__qdk_bi_done = bytes;
	return true;
}

/* bytes on within the current piece (at most to its end) */
static inline void bvec_iter_advance_single(const struct bio_vec *bv, struct bvec_iter *iter,
					    unsigned int bytes)
{
	unsigned int done = iter->__qdk_bi_done + bytes;

	if (done == bv[iter->bi_idx].bv_len) {
		done = 0;
		iter->bi_idx++;
	}
	iter->__qdk_bi_done = done;
	iter->bi_size -= bytes;
}

/* each page-sized part of the pieces from start (for_each_bvec), or each piece whole */
#define for_each_bvec(bvl, bio_vec, iter, start)				\
	for (iter = (start);							\
	     (iter).bi_size && ((bvl = bvec_iter_bvec((bio_vec), (iter))), 1);	\
	     bvec_iter_advance_single((bio_vec), &(iter), (bvl).bv_len))

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 0, 0)
/* an iterator over everything from the first bvec on (bi_size: no end) */
#define BVEC_ITER_ALL_INIT (struct bvec_iter)				\
{									\
	.bi_sector	= 0,						\
	.bi_size	= UINT_MAX,					\
	.bi_idx		= 0,						\
	.bi_bvec_done	= 0,						\
}
#endif

#define for_each_mp_bvec(bvl, bio_vec, iter, start)				\
	for (iter = (start);							\
	     (iter).bi_size && ((bvl = mp_bvec_iter_bvec((bio_vec), (iter))), 1); \
	     bvec_iter_advance_single((bio_vec), &(iter), (bvl).bv_len))

static inline struct bio_vec *bvec_init_iter_all(struct bvec_iter_all *iter_all)
{
	iter_all->done = 0;
	iter_all->idx = 0;
	return &iter_all->bv;
}

/* iter_all->bv becomes the next page's part of piece bvec */
static inline void bvec_advance(const struct bio_vec *bvec, struct bvec_iter_all *iter_all)
{
	struct bio_vec *bv = &iter_all->bv;
	unsigned int left = bvec->bv_len - iter_all->done;

	if (iter_all->done) {
		bv->bv_page = nth_page(bv->bv_page, 1);
		bv->bv_offset = 0;
	} else {
		bv->bv_page = nth_page(bvec->bv_page, bvec->bv_offset >> PAGE_SHIFT);
		bv->bv_offset = offset_in_page(bvec->bv_offset);
	}
	bv->bv_len = PAGE_SIZE - bv->bv_offset;
	if (bv->bv_len > left)
		bv->bv_len = left;
	iter_all->done += bv->bv_len;
	if (iter_all->done == bvec->bv_len) {
		iter_all->idx++;
		iter_all->done = 0;
	}
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/kconfig.h>
#include <linux/notifier.h>
#include <linux/idr.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#endif
