/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's iterator over the data of a read or write (struct iov_iter),
 * in each series' layout, over user buffers (ITER_UBUF, ITER_IOVEC: the
 * shim's user memory model, linux/uaccess.h), kernel buffers (ITER_KVEC),
 * pages (ITER_BVEC) or nothing (ITER_DISCARD). The copies, advance, revert,
 * alignment and page counts are shim/lib/iov_iter.c (lib/iov_iter.c's).
 * The page cache's iterators (ITER_XARRAY, 6.1's ITER_PIPE, 6.12's
 * ITER_FOLIOQ) and pinning user pages are declared, not modelled: user
 * memory has no struct page here.
 * User space's struct iovec comes from the uapi header.
 */
#ifndef _QDK_SHIM_LINUX_UIO_H
#define _QDK_SHIM_LINUX_UIO_H

#include_next <linux/uio.h>
#include <linux/types.h>
#include <linux/bug.h>
#include <linux/kernel.h>	/* READ, WRITE, min() */
#include <linux/mm_types.h>	/* struct folio */
#include <linux/version.h>

struct page;
struct folio;
struct bio_vec;
struct xarray;
struct pipe_inode_info;
struct folio_queue;
struct sg_table;

/* a kernel buffer, the kernel-space twin of struct iovec */
struct kvec {
	void	*iov_base;
	size_t	iov_len;
};

/* what an iterator walks (the order is each series') */
enum iter_type {
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	ITER_IOVEC,
	ITER_KVEC,
	ITER_BVEC,
	ITER_PIPE,
	ITER_XARRAY,
	ITER_DISCARD,
	ITER_UBUF,
#else
	ITER_UBUF,
	ITER_IOVEC,
	ITER_BVEC,
	ITER_KVEC,
	ITER_FOLIOQ,
	ITER_XARRAY,
	ITER_DISCARD,
#endif
};

#define ITER_SOURCE	1	/* the data is read from the iterator (a send, WRITE) */
#define ITER_DEST	0	/* the data is written into it (a receive, READ) */

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
typedef unsigned int __bitwise iov_iter_extraction_t;
/* iov_iter_extract_pages()'s flags: peer-to-peer DMA pages allowed */
#define ITER_ALLOW_P2PDMA	((__force iov_iter_extraction_t)0x01)
#endif

/* what iov_iter_save_state() keeps and iov_iter_restore() puts back */
struct iov_iter_state {
	size_t iov_offset;
	size_t count;
	unsigned long nr_segs;
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
struct iov_iter {
	u8 iter_type;
	bool nofault;
	bool data_source;
	bool user_backed;
	union {
		size_t iov_offset;
		int last_offset;
	};
	size_t count;
	union {
		const struct iovec *iov;
		const struct kvec *kvec;
		const struct bio_vec *bvec;
		struct xarray *xarray;
		struct pipe_inode_info *pipe;
		void __user *ubuf;
	};
	union {
		unsigned long nr_segs;
		struct {
			unsigned int head;
			unsigned int start_head;
		};
		loff_t xarray_start;
	};
};
#else
struct iov_iter {
	u8 iter_type;
	bool nofault;
	bool data_source;
	size_t iov_offset;
	/* a user buffer's base and count read as the one iovec it is */
	union {
		struct iovec __ubuf_iovec;
		struct {
			union {
				const struct iovec *__iov;	/* iter_iov() */
				const struct kvec *kvec;
				const struct bio_vec *bvec;
				const struct folio_queue *folioq;
				struct xarray *xarray;
				void __user *ubuf;
			};
			size_t count;
		};
	};
	union {
		unsigned long nr_segs;
		u8 folioq_slot;
		loff_t xarray_start;
	};
};

/* the iovec the iterator is in (a user buffer's own) */
static inline const struct iovec *iter_iov(const struct iov_iter *iter)
{
	if (iter->iter_type == ITER_UBUF)
		return (const struct iovec *)&iter->__ubuf_iovec;
	return iter->__iov;
}

#define iter_iov_addr(iter)	(iter_iov(iter)->iov_base + (iter)->iov_offset)
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define iter_iov_len(iter)	(iter_iov(iter)->iov_len - (iter)->iov_offset)
#else
static inline size_t iter_iov_len(const struct iov_iter *i)
{
	if (i->iter_type == ITER_UBUF)
		return i->count;
	return iter_iov(i)->iov_len - i->iov_offset;
}
#endif
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a block request's integrity metadata */
typedef __u16 uio_meta_flags_t;

struct uio_meta {
	uio_meta_flags_t	flags;
	u16			app_tag;
	u64			seed;
	struct iov_iter		iter;
};
#endif

static inline enum iter_type iov_iter_type(const struct iov_iter *i)
{
	return i->iter_type;
}

static inline void iov_iter_save_state(struct iov_iter *iter, struct iov_iter_state *state)
{
	state->iov_offset = iter->iov_offset;
	state->count = iter->count;
	state->nr_segs = iter->nr_segs;
}

static inline bool iter_is_ubuf(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_UBUF;
}

static inline bool iter_is_iovec(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_IOVEC;
}

static inline bool iov_iter_is_kvec(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_KVEC;
}

static inline bool iov_iter_is_bvec(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_BVEC;
}

static inline bool iov_iter_is_discard(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_DISCARD;
}

static inline bool iov_iter_is_xarray(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_XARRAY;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline bool iov_iter_is_pipe(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_PIPE;
}
#else
static inline bool iov_iter_is_folioq(const struct iov_iter *i)
{
	return iov_iter_type(i) == ITER_FOLIOQ;
}
#endif

/* WRITE for a source (the data goes out of it), READ for a destination */
static inline unsigned char iov_iter_rw(const struct iov_iter *i)
{
	return i->data_source ? WRITE : READ;
}

/* over user memory (a fault is possible) */
static inline bool user_backed_iter(const struct iov_iter *i)
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	return i->user_backed;
#else
	return iter_is_ubuf(i) || iter_is_iovec(i);
#endif
}

/* the bytes of nr_segs iovecs, lengths taken as they are (validated by the caller) */
static inline size_t iov_length(const struct iovec *iov, unsigned long nr_segs)
{
	unsigned long seg;
	size_t ret = 0;

	for (seg = 0; seg < nr_segs; seg++)
		ret += iov[seg].iov_len;
	return ret;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* the rest of the current segment of an ITER_IOVEC, capped by the count */
static inline struct iovec iov_iter_iovec(const struct iov_iter *iter)
{
	return (struct iovec) {
		.iov_base = iter->iov->iov_base + iter->iov_offset,
		.iov_len = min(iter->count, iter->iov->iov_len - iter->iov_offset),
	};
}
#endif

/* shim/lib/iov_iter.c */
void iov_iter_advance(struct iov_iter *i, size_t bytes);
void iov_iter_revert(struct iov_iter *i, size_t bytes);
size_t fault_in_iov_iter_readable(const struct iov_iter *i, size_t bytes);
size_t fault_in_iov_iter_writeable(const struct iov_iter *i, size_t bytes);
size_t iov_iter_single_seg_count(const struct iov_iter *i);
size_t copy_page_to_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i);
size_t copy_page_from_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
size_t copy_page_from_iter_atomic(struct page *page, unsigned int offset, size_t bytes,
				  struct iov_iter *i);
#elif LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
size_t copy_page_from_iter_atomic(struct page *page, size_t offset, size_t bytes,
				  struct iov_iter *i);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
size_t copy_page_to_iter_nofault(struct page *page, unsigned int offset, size_t bytes,
				 struct iov_iter *i);
#endif

size_t _copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i);
size_t _copy_from_iter(void *addr, size_t bytes, struct iov_iter *i);
size_t _copy_from_iter_nocache(void *addr, size_t bytes, struct iov_iter *i);
/* x86-64 has both: a flushing copy and a machine-check-safe one */
size_t _copy_from_iter_flushcache(void *addr, size_t bytes, struct iov_iter *i);
size_t _copy_mc_to_iter(const void *addr, size_t bytes, struct iov_iter *i);

/* a folio is its first page */
static inline size_t copy_folio_to_iter(struct folio *folio, size_t offset, size_t bytes,
					struct iov_iter *i)
{
	return copy_page_to_iter(&folio->page, offset, bytes, i);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline size_t copy_folio_from_iter(struct folio *folio, size_t offset, size_t bytes,
					  struct iov_iter *i)
{
	return copy_page_from_iter(&folio->page, offset, bytes, i);
}
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static inline size_t copy_folio_from_iter_atomic(struct folio *folio, size_t offset,
						 size_t bytes, struct iov_iter *i)
{
	return copy_page_from_iter_atomic(&folio->page, offset, bytes, i);
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
size_t copy_folio_from_iter_atomic(struct folio *folio, size_t offset, size_t bytes,
				   struct iov_iter *i);
#endif

/* check_copy_size()'s bound: a copy of more than INT_MAX bytes is a bug */
static __always_inline bool __qdk_iter_copy_ok(size_t bytes)
{
	return !WARN_ON_ONCE(bytes > INT_MAX);
}

static __always_inline __must_check
size_t copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i)
{
	if (__qdk_iter_copy_ok(bytes))
		return _copy_to_iter(addr, bytes, i);
	return 0;
}

static __always_inline __must_check
size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i)
{
	if (__qdk_iter_copy_ok(bytes))
		return _copy_from_iter(addr, bytes, i);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* all of it or nothing: a short copy is undone */
static __always_inline __must_check
bool copy_to_iter_full(const void *addr, size_t bytes, struct iov_iter *i)
{
	size_t copied = copy_to_iter(addr, bytes, i);

	if (likely(copied == bytes))
		return true;
	iov_iter_revert(i, copied);
	return false;
}
#endif

static __always_inline __must_check
bool copy_from_iter_full(void *addr, size_t bytes, struct iov_iter *i)
{
	size_t copied = copy_from_iter(addr, bytes, i);

	if (likely(copied == bytes))
		return true;
	iov_iter_revert(i, copied);
	return false;
}

static __always_inline __must_check
size_t copy_from_iter_nocache(void *addr, size_t bytes, struct iov_iter *i)
{
	if (__qdk_iter_copy_ok(bytes))
		return _copy_from_iter_nocache(addr, bytes, i);
	return 0;
}

static __always_inline __must_check
bool copy_from_iter_full_nocache(void *addr, size_t bytes, struct iov_iter *i)
{
	size_t copied = copy_from_iter_nocache(addr, bytes, i);

	if (likely(copied == bytes))
		return true;
	iov_iter_revert(i, copied);
	return false;
}

size_t iov_iter_zero(size_t bytes, struct iov_iter *i);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
bool iov_iter_is_aligned(const struct iov_iter *i, unsigned int addr_mask,
			 unsigned int len_mask);
#endif
unsigned long iov_iter_alignment(const struct iov_iter *i);
unsigned long iov_iter_gap_alignment(const struct iov_iter *i);
void iov_iter_init(struct iov_iter *i, unsigned int direction, const struct iovec *iov,
		   unsigned long nr_segs, size_t count);
void iov_iter_kvec(struct iov_iter *i, unsigned int direction, const struct kvec *kvec,
		   unsigned long nr_segs, size_t count);
void iov_iter_bvec(struct iov_iter *i, unsigned int direction, const struct bio_vec *bvec,
		   unsigned long nr_segs, size_t count);
void iov_iter_discard(struct iov_iter *i, unsigned int direction, size_t count);
int iov_iter_npages(const struct iov_iter *i, int maxpages);
void iov_iter_restore(struct iov_iter *i, struct iov_iter_state *state);
/* a copy of old's segment array in new (kfree() the result), NULL when it has none */
const void *dup_iter(struct iov_iter *new, struct iov_iter *old, gfp_t flags);

/* the page cache's iterators and user pages: declared, not modelled */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
void iov_iter_pipe(struct iov_iter *i, unsigned int direction, struct pipe_inode_info *pipe,
		   size_t count);
#else
void iov_iter_folio_queue(struct iov_iter *i, unsigned int direction,
			  const struct folio_queue *folioq, unsigned int first_slot,
			  unsigned int offset, size_t count);
#endif
void iov_iter_xarray(struct iov_iter *i, unsigned int direction, struct xarray *xarray,
		     loff_t start, size_t count);
ssize_t iov_iter_get_pages2(struct iov_iter *i, struct page **pages, size_t maxsize,
			    unsigned int maxpages, size_t *start);
ssize_t iov_iter_get_pages_alloc2(struct iov_iter *i, struct page ***pages, size_t maxsize,
				  size_t *start);

static inline size_t iov_iter_count(const struct iov_iter *i)
{
	return i->count;
}

/* cap the count at count (a larger one leaves it as it is) */
static inline void iov_iter_truncate(struct iov_iter *i, u64 count)
{
	if (i->count > count)
		i->count = count;
}

/* give back what iov_iter_truncate() took: count is the new count */
static inline void iov_iter_reexpand(struct iov_iter *i, size_t count)
{
	i->count = count;
}

/* the pages the first max_bytes span, at most maxpages */
static inline int iov_iter_npages_cap(struct iov_iter *i, int maxpages, size_t max_bytes)
{
	size_t shorted = 0;
	int npages;

	if (iov_iter_count(i) > max_bytes) {
		shorted = iov_iter_count(i) - max_bytes;
		iov_iter_truncate(i, max_bytes);
	}
	npages = iov_iter_npages(i, maxpages);
	if (shorted)
		iov_iter_reexpand(i, iov_iter_count(i) + shorted);
	return npages;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* a checksum carried over several copies (datagram copies) */
struct csum_state {
	__wsum csum;
	size_t off;
};

size_t csum_and_copy_to_iter(const void *addr, size_t bytes, void *csstate, struct iov_iter *i);
size_t csum_and_copy_from_iter(void *addr, size_t bytes, __wsum *csum, struct iov_iter *i);

static __always_inline __must_check
bool csum_and_copy_from_iter_full(void *addr, size_t bytes, __wsum *csum, struct iov_iter *i)
{
	size_t copied = csum_and_copy_from_iter(addr, bytes, csum, i);

	if (likely(copied == bytes))
		return true;
	iov_iter_revert(i, copied);
	return false;
}

/* a crypto hash over the copied bytes: no crypto API in the shim */
size_t hash_and_copy_to_iter(const void *addr, size_t bytes, void *hashp, struct iov_iter *i);
#endif

/* readv(2)/writev(2)'s vector from user space */
struct iovec *iovec_from_user(const struct iovec __user *uvector, unsigned long nr_segs,
			      unsigned long fast_segs, struct iovec *fast_iov, bool compat);
ssize_t import_iovec(int type, const struct iovec __user *uvec, unsigned int nr_segs,
		     unsigned int fast_segs, struct iovec **iovp, struct iov_iter *i);
ssize_t __import_iovec(int type, const struct iovec __user *uvec, unsigned int nr_segs,
		       unsigned int fast_segs, struct iovec **iovp, struct iov_iter *i,
		       bool compat);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int import_single_range(int type, void __user *buf, size_t len, struct iovec *iov,
			struct iov_iter *i);
#else
int import_ubuf(int type, void __user *buf, size_t len, struct iov_iter *i);
#endif

/* one user buffer */
static inline void iov_iter_ubuf(struct iov_iter *i, unsigned int direction,
				 void __user *buf, size_t count)
{
	WARN_ON(direction & ~(READ | WRITE));
	*i = (struct iov_iter) {
		.iter_type = ITER_UBUF,
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
		.user_backed = true,
#endif
		.data_source = direction,
		.ubuf = buf,
		.count = count,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
		.nr_segs = 1,
#endif
	};
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
ssize_t iov_iter_extract_pages(struct iov_iter *i, struct page ***pages, size_t maxsize,
			       unsigned int maxpages, iov_iter_extraction_t extraction_flags,
			       size_t *offset0);

/* user pages extracted are pinned (the caller unpins them) */
static inline bool iov_iter_extract_will_pin(const struct iov_iter *iter)
{
	return user_backed_iter(iter);
}

ssize_t extract_iter_to_sg(struct iov_iter *iter, size_t len, struct sg_table *sgtable,
			   unsigned int sg_max, iov_iter_extraction_t extraction_flags);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
ssize_t iov_iter_extract_bvecs(struct iov_iter *iter, struct bio_vec *bv, size_t max_size,
			       unsigned short *nr_vecs, unsigned short max_vecs,
			       unsigned int mem_align_mask,
			       iov_iter_extraction_t extraction_flags);
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/notifier.h>
#include <linux/rculist.h>
#include <linux/random.h>
#include <linux/rwsem.h>
#include <linux/personality.h>
#endif
