/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pages, as far as the page allocator of linux/gfp.h hands them out: each
 * struct page knows its address (page_address(), as with
 * WANT_PAGE_VIRTUAL) and the block alloc_pages() made it in (lib/page_alloc.c).
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H
#include <linux/slab.h>
#include <linux/list.h>
#include <linux/atomic.h>
#include <linux/bits.h>
#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))
#define PAGE_ALIGN(addr)	ALIGN(addr, PAGE_SIZE)
#define PAGE_ALIGNED(addr)	IS_ALIGNED((unsigned long)(addr), PAGE_SIZE)
#define MAX_ORDER	11

struct qdk_page_block;

/* mm_types.h's struct page: the fields the page allocator's callers use */
struct page {
	unsigned long flags;
	struct list_head lru;
	unsigned long private;
	atomic_t _refcount;
	void *virtual;
	struct qdk_page_block *__qdk_block;	/* shim: the allocation */
	struct page *__qdk_head;	/* shim: its compound head, or itself */
};

/* a page fragment cache (mm_types.h): a block carved from the end down */
#define PAGE_FRAG_CACHE_MAX_SIZE	__ALIGN_KERNEL_MASK(32768, ~PAGE_MASK)
#define PAGE_FRAG_CACHE_MAX_ORDER	get_order(PAGE_FRAG_CACHE_MAX_SIZE)

struct page_frag_cache {
	void *va;
	__u16 offset;
	__u16 size;
	unsigned int pagecnt_bias;
	bool pfmemalloc;
};

/* asm-generic/getorder.h: the order of the smallest block of size bytes */
static inline int get_order(unsigned long size)
{
	int order = 0;

	size = (size - 1) >> PAGE_SHIFT;
	while (size) {
		order++;
		size >>= 1;
	}
	return order;
}

#define page_address(page)	((page)->virtual)
#define set_page_address(page, address)	((page)->virtual = (address))
struct page *virt_to_page(const void *addr);
#define page_to_virt(page)	page_address(page)

/* a compound block's references are its first page's */
static inline struct page *compound_head(const struct page *page)
{
	return page->__qdk_head;
}

static inline struct page *virt_to_head_page(const void *addr)
{
	return compound_head(virt_to_page(addr));
}

static inline int page_ref_count(const struct page *page)
{
	return atomic_read(&page->_refcount);
}

static inline void set_page_count(struct page *page, int v)
{
	atomic_set(&page->_refcount, v);
}

static inline void page_ref_add(struct page *page, int nr)
{
	atomic_add(nr, &page->_refcount);
}

static inline int page_ref_sub_and_test(struct page *page, int nr)
{
	return atomic_sub_and_test(nr, &page->_refcount);
}

static inline int page_count(const struct page *page)
{
	return page_ref_count(compound_head(page));
}

static inline void get_page(struct page *page)
{
	atomic_inc(&compound_head(page)->_refcount);
}

/* taken from the emergency reserves (never, in the shim): lru.next's bit 1 */
static inline bool page_is_pfmemalloc(const struct page *page)
{
	return (unsigned long)page->lru.next & BIT(1);
}

void put_page(struct page *page);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/bug.h>
#include <linux/rbtree.h>
#include <linux/err.h>
#include <linux/overflow.h>
#include <linux/sizes.h>
#include <linux/sched.h>
#endif
