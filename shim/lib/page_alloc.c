// SPDX-License-Identifier: GPL-2.0
/*
 * page_alloc.c - the page allocator of linux/gfp.h. A block of 2^order
 * pages is one kmalloc-family object (so it is counted, can be made to
 * fail and is named by a leak report), holding its struct pages and,
 * page aligned, the memory they describe. Live blocks are on a list that
 * virt_to_page() searches.
 *
 * As in the kernel, a block's first page carries the reference count of a
 * non-compound block (its other pages count 0); alloc_pages_exact() splits
 * its block so that each page counts 1, as split_page() does.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "shim.h"

struct qdk_page_block {
	struct list_head node;
	unsigned char *mem;		/* page aligned */
	unsigned int order;
	unsigned int npages;
	struct page pages[];
};

static LIST_HEAD(page_blocks);

static struct qdk_page_block *block_alloc(gfp_t gfp, unsigned int order)
{
	unsigned int n = 1u << order;
	size_t hdr = sizeof(struct qdk_page_block) + n * sizeof(struct page);
	struct qdk_page_block *b;
	unsigned int i;

	if (order >= MAX_ORDER) {
		WARN_ON_ONCE(!(gfp & __GFP_NOWARN));
		return NULL;
	}
	b = __kmalloc_noprof(hdr + PAGE_SIZE + ((size_t)n << PAGE_SHIFT),
			     gfp & ~__GFP_ZERO);
	if (!b)
		return NULL;
	memset(b, 0, hdr);
	b->mem = (unsigned char *)PAGE_ALIGN((unsigned long)b + hdr);
	b->order = order;
	b->npages = n;
	for (i = 0; i < n; i++) {
		INIT_LIST_HEAD(&b->pages[i].lru);
		b->pages[i].virtual = b->mem + ((size_t)i << PAGE_SHIFT);
		b->pages[i].__qdk_block = b;
	}
	atomic_set(&b->pages[0]._refcount, 1);
	if (gfp & __GFP_ZERO)
		memset(b->mem, 0, (size_t)n << PAGE_SHIFT);
	list_add(&b->node, &page_blocks);
	return b;
}

static void block_free(struct qdk_page_block *b)
{
	list_del(&b->node);
	kfree(b);
}

struct page *__alloc_pages_noprof(gfp_t gfp, unsigned int order, int preferred_nid,
				  nodemask_t *nodemask)
{
	struct qdk_page_block *b = block_alloc(gfp, order);

	return b ? &b->pages[0] : NULL;
}

struct page *alloc_pages_noprof(gfp_t gfp, unsigned int order)
{
	return __alloc_pages_noprof(gfp, order, NUMA_NO_NODE, NULL);
}

/*
 * Fill page_array's empty slots (or add to page_list) with order-0 pages
 * until nr_pages are there or one fails; returns how many are there.
 */
unsigned long __alloc_pages_bulk_noprof(gfp_t gfp, int preferred_nid,
					nodemask_t *nodemask, int nr_pages,
					struct list_head *page_list,
					struct page **page_array)
{
	int nr_populated = 0;

	while (page_array && nr_populated < nr_pages && page_array[nr_populated])
		nr_populated++;
	for (; nr_populated < nr_pages; nr_populated++) {
		struct page *page;

		if (page_array && page_array[nr_populated])
			continue;
		page = __alloc_pages_noprof(gfp, 0, preferred_nid, nodemask);
		if (!page)
			break;
		if (page_list)
			list_add(&page->lru, page_list);
		else
			page_array[nr_populated] = page;
	}
	return nr_populated;
}

unsigned long get_free_pages_noprof(gfp_t gfp_mask, unsigned int order)
{
	struct page *page;

	/* __get_free_pages() returns an address: never highmem */
	VM_BUG_ON((gfp_mask & __GFP_HIGHMEM) != 0);
	page = alloc_pages_noprof(gfp_mask & ~__GFP_HIGHMEM, order);
	return page ? (unsigned long)page_address(page) : 0;
}

unsigned long get_zeroed_page_noprof(gfp_t gfp_mask)
{
	return get_free_pages_noprof(gfp_mask | __GFP_ZERO, 0);
}

struct page *virt_to_page(const void *addr)
{
	unsigned long a = (unsigned long)addr;
	struct qdk_page_block *b;

	list_for_each_entry(b, &page_blocks, node) {
		unsigned long base = (unsigned long)b->mem;

		if (a >= base && a < base + ((unsigned long)b->npages << PAGE_SHIFT))
			return &b->pages[(a - base) >> PAGE_SHIFT];
	}
	WARN(1, "virt_to_page(%p): not memory of the page allocator\n", addr);
	return NULL;
}

/*
 * A block goes when none of its pages is referenced: its first page's
 * last reference, or the last page of a split block.
 */
static void page_put_block(struct page *page)
{
	struct qdk_page_block *b = page->__qdk_block;
	unsigned int i;

	for (i = 0; i < b->npages; i++)
		if (page_ref_count(&b->pages[i]))
			return;
	block_free(b);
}

void __free_pages(struct page *page, unsigned int order)
{
	if (WARN_ON(!page->__qdk_block || page_ref_count(page) <= 0))
		return;
	if (atomic_dec_and_test(&page->_refcount))
		page_put_block(page);
	/*
	 * Another reference to the first page: the kernel frees the rest of
	 * a non-compound block now; here the block lives until that
	 * reference is put.
	 */
}

void put_page(struct page *page)
{
	__free_pages(page, 0);
}

void free_pages(unsigned long addr, unsigned int order)
{
	if (addr != 0) {
		VM_BUG_ON(!PAGE_ALIGNED(addr));
		__free_pages(virt_to_page((void *)addr), order);
	}
}

void *alloc_pages_exact_noprof(size_t size, gfp_t gfp_mask)
{
	unsigned int order = get_order(size);
	struct qdk_page_block *b;
	unsigned int i;

	if (WARN_ON_ONCE(gfp_mask & (__GFP_COMP | __GFP_HIGHMEM)))
		gfp_mask &= ~(__GFP_COMP | __GFP_HIGHMEM);
	b = block_alloc(gfp_mask, order);
	if (!b)
		return NULL;
	/* split: each page its own reference; those past size are freed */
	for (i = 0; i < b->npages; i++)
		atomic_set(&b->pages[i]._refcount,
			   ((size_t)i << PAGE_SHIFT) < size ? 1 : 0);
	return b->mem;
}

void free_pages_exact(void *virt, size_t size)
{
	unsigned long addr = (unsigned long)virt;
	unsigned long end = addr + PAGE_ALIGN(size);

	while (addr < end) {
		free_page(addr);
		addr += PAGE_SIZE;
	}
}
