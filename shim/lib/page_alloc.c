// SPDX-License-Identifier: GPL-2.0
/*
 * page_alloc.c - the page allocator of linux/gfp.h. A block of 2^order
 * pages is one kmalloc-family object (so it is counted, can be made to
 * fail and is named by a leak report), holding its struct pages and,
 * aligned to its size as the buddy allocator's are, the memory they
 * describe. Live blocks are on a list that virt_to_page() searches.
 *
 * As in the kernel, a block's first page carries the reference count of the
 * block (its other pages count 0), and of a compound block (__GFP_COMP)
 * every page's references are the first page's (compound_head());
 * alloc_pages_exact() splits its block so that each page counts 1, as
 * split_page() does.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysinfo.h>

#include "shim.h"

struct qdk_page_block {
	struct list_head node;
	unsigned char *mem;		/* page aligned */
	unsigned int order;
	unsigned int npages;
	bool compound;
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
	/* naturally aligned, as the buddy allocator's blocks are */
	b = __kmalloc_noprof(hdr + ((size_t)2 * n << PAGE_SHIFT), gfp & ~__GFP_ZERO);
	if (!b)
		return NULL;
	memset(b, 0, hdr);
	b->mem = (unsigned char *)ALIGN((unsigned long)b + hdr, PAGE_SIZE << order);
	b->order = order;
	b->npages = n;
	b->compound = order && (gfp & __GFP_COMP);
	for (i = 0; i < n; i++) {
		INIT_LIST_HEAD(&b->pages[i].lru);
		b->pages[i].virtual = b->mem + ((size_t)i << PAGE_SHIFT);
		b->pages[i].__qdk_block = b;
		b->pages[i].__qdk_head = b->compound ? &b->pages[0] : &b->pages[i];
		atomic_set(&b->pages[i]._mapcount, -1);
		page_cpupid_reset_last(&b->pages[i]);
	}
	if (b->compound)
		b->pages[0].__qdk_order = order;
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

static struct page *block_page(unsigned long a)
{
	struct qdk_page_block *b;

	list_for_each_entry(b, &page_blocks, node) {
		unsigned long base = (unsigned long)b->mem;

		if (a >= base && a < base + ((unsigned long)b->npages << PAGE_SHIFT))
			return &b->pages[(a - base) >> PAGE_SHIFT];
	}
	return NULL;
}

struct page *virt_to_page(const void *addr)
{
	struct page *page = block_page((unsigned long)addr);

	WARN(!page, "virt_to_page(%p): not memory of the page allocator\n", addr);
	return page;
}

/* a pfn is a page's address >> PAGE_SHIFT: the page allocator's or vmalloc's */
struct page *pfn_to_page(unsigned long pfn)
{
	unsigned long a = pfn << PAGE_SHIFT;
	struct page *page = block_page(a);

	if (!page)
		page = qdk_vmalloc_page(a);
	WARN(!page, "pfn_to_page(%#lx): no such page\n", pfn);
	return page;
}

/* RAM is what the page allocator and vmalloc have handed out */
int page_is_ram(unsigned long pfn)
{
	unsigned long a = pfn << PAGE_SHIFT;

	return block_page(a) || qdk_vmalloc_page(a);
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
	__free_pages(compound_head(page), 0);
}

/* the last reference to a folio is gone (folio_put_testzero() said so) */
void __folio_put(struct folio *folio)
{
	page_put_block(&folio->page);
}

void put_pages_list(struct list_head *pages)
{
	struct page *page, *next;

	list_for_each_entry_safe(page, next, pages, lru) {
		list_del(&page->lru);
		put_page(page);
	}
	INIT_LIST_HEAD(pages);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void release_pages(release_pages_arg arg, int nr)
{
	struct page **pages = arg.pages;
#else
void release_pages(struct page **pages, int nr)
{
#endif
	int i;

	for (i = 0; i < nr; i++)
		put_page(pages[i]);
}

/*
 * A non-compound block of 2^order pages becomes 2^order blocks of a page:
 * each page holds a reference of its own (the first keeps its count), and
 * the memory goes when the last is put.
 */
void split_page(struct page *page, unsigned int order)
{
	struct qdk_page_block *b = page->__qdk_block;
	unsigned int i;

	if (WARN_ON(!b || b->compound || page != &b->pages[0] || order != b->order ||
		    !page_ref_count(page)))
		return;
	for (i = 1; i < b->npages; i++)
		set_page_count(&b->pages[i], 1);
}

/*
 * The machine's memory: 4 GiB of RAM, of which what the shim's allocators
 * hold (kmalloc's and the page allocator's bytes) is in use.
 */
atomic_long_t _totalram_pages = ATOMIC_LONG_INIT((4UL << 30) >> PAGE_SHIFT);
unsigned long totalreserve_pages;
void *high_memory = (void *)~0UL;

static unsigned long pages_in_use(void)
{
	return DIV_ROUND_UP((unsigned long)qdk_mem_bytes, PAGE_SIZE);
}

void si_meminfo(struct sysinfo *val)
{
	unsigned long used = min(pages_in_use(), totalram_pages());

	val->totalram = totalram_pages();
	val->sharedram = 0;
	val->freeram = totalram_pages() - used;
	val->bufferram = 0;
	val->totalhigh = 0;
	val->freehigh = 0;
	val->mem_unit = PAGE_SIZE;
}

long si_mem_available(void)
{
	long avail = (long)totalram_pages() - (long)totalreserve_pages - (long)pages_in_use();

	return avail < 0 ? 0 : avail;
}

unsigned long nr_free_buffer_pages(void)
{
	long avail = (long)totalram_pages() - (long)pages_in_use();

	return avail < 0 ? 0 : avail;
}

void adjust_managed_page_count(struct page *page, long count)
{
	totalram_pages_add(count);
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

/*
 * Page fragments: a 32 KB compound block (a page when that fails) carved
 * from its end down. The block holds PAGE_FRAG_CACHE_MAX_SIZE + 1
 * references of which the cache keeps the unused ones as pagecnt_bias, so
 * each fragment handed out is one reference page_frag_free() puts; a block
 * used up is reused once all its fragments are back, else left to them.
 */
static struct page *page_frag_cache_refill(struct page_frag_cache *nc,
					   gfp_t gfp_mask)
{
	gfp_t gfp = gfp_mask;
	struct page *page;

	gfp_mask |= __GFP_COMP | __GFP_NOWARN | __GFP_NORETRY | __GFP_NOMEMALLOC;
	page = alloc_pages_noprof(gfp_mask, PAGE_FRAG_CACHE_MAX_ORDER);
	nc->size = page ? PAGE_FRAG_CACHE_MAX_SIZE : PAGE_SIZE;
	if (unlikely(!page))
		page = alloc_pages_noprof(gfp, 0);
	nc->va = page ? page_address(page) : NULL;
	return page;
}

void *page_frag_alloc_align_noprof(struct page_frag_cache *nc, unsigned int fragsz,
				   gfp_t gfp_mask, unsigned int align_mask)
{
	unsigned int size = PAGE_SIZE;
	struct page *page;
	int offset;

	if (unlikely(!nc->va)) {
refill:
		page = page_frag_cache_refill(nc, gfp_mask);
		if (!page)
			return NULL;
		size = nc->size;
		page_ref_add(page, PAGE_FRAG_CACHE_MAX_SIZE);
		nc->pfmemalloc = page_is_pfmemalloc(page);
		nc->pagecnt_bias = PAGE_FRAG_CACHE_MAX_SIZE + 1;
		nc->offset = size;
	}
	offset = nc->offset - fragsz;
	if (unlikely(offset < 0)) {
		page = virt_to_page(nc->va);
		if (!page_ref_sub_and_test(page, nc->pagecnt_bias))
			goto refill;	/* fragments still out: theirs now */
		if (unlikely(nc->pfmemalloc)) {
			page_put_block(page);
			goto refill;
		}
		size = nc->size;
		/* every fragment is back: the block is the cache's again */
		set_page_count(page, PAGE_FRAG_CACHE_MAX_SIZE + 1);
		nc->pagecnt_bias = PAGE_FRAG_CACHE_MAX_SIZE + 1;
		offset = size - fragsz;
		if (unlikely(offset < 0))
			return NULL;	/* larger than the cache's block */
	}
	nc->pagecnt_bias--;
	offset &= align_mask;
	nc->offset = offset;
	return nc->va + offset;
}

void page_frag_free(void *addr)
{
	struct page *page = virt_to_head_page(addr);

	if (unlikely(atomic_dec_and_test(&page->_refcount)))
		page_put_block(page);
}

void __page_frag_cache_drain(struct page *page, unsigned int count)
{
	if (page_ref_sub_and_test(page, count))
		page_put_block(page);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void page_frag_cache_drain(struct page_frag_cache *nc)
{
	if (!nc->va)
		return;
	__page_frag_cache_drain(virt_to_head_page(nc->va), nc->pagecnt_bias);
	nc->va = NULL;
}
#endif

/* a compound block seen as a folio (mm/page_alloc.c's __folio_alloc()) */
struct folio *__folio_alloc_noprof(gfp_t gfp, unsigned int order, int preferred_nid,
				   nodemask_t *nodemask)
{
	struct page *page = __alloc_pages_noprof(gfp | __GFP_COMP, order, preferred_nid,
						 nodemask);

	return (struct folio *)page;
}

struct folio *folio_alloc_noprof(gfp_t gfp, unsigned int order)
{
	return __folio_alloc_noprof(gfp, order, NUMA_NO_NODE, NULL);
}

/* one node: the node asked for is where the pages are anyway */
void *alloc_pages_exact_nid_noprof(int nid, size_t size, gfp_t gfp_mask)
{
	return alloc_pages_exact_noprof(size, gfp_mask);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
unsigned long alloc_pages_bulk_noprof(gfp_t gfp, int preferred_nid, nodemask_t *nodemask,
				      int nr_pages, struct page **page_array)
{
	return __alloc_pages_bulk_noprof(gfp, preferred_nid, nodemask, nr_pages, NULL,
					 page_array);
}

/* each page of the array (order 0, one reference each) given back */
void free_pages_bulk(struct page **page_array, unsigned long nr_pages)
{
	unsigned long i;

	might_sleep();
	for (i = 0; i < nr_pages; i++)
		__free_pages(page_array[i], 0);
}

struct page *alloc_pages_nolock_noprof(gfp_t gfp_flags, int nid, unsigned int order)
{
	const gfp_t gfp_nolock = __GFP_NOWARN | __GFP_ZERO | __GFP_NOMEMALLOC | __GFP_COMP;

	WARN_ON_ONCE(gfp_flags & ~(__GFP_ACCOUNT | gfp_nolock));
	return __alloc_pages_noprof(gfp_flags | gfp_nolock, order, nid, NULL);
}

void free_pages_nolock(struct page *page, unsigned int order)
{
	__free_pages(page, order);
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
unsigned long alloc_pages_bulk_noprof(gfp_t gfp, int preferred_nid, nodemask_t *nodemask,
				      int nr_pages, struct list_head *page_list,
				      struct page **page_array)
{
	return __alloc_pages_bulk_noprof(gfp, preferred_nid, nodemask, nr_pages, page_list,
					 page_array);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct page *alloc_contig_pages_noprof(unsigned long nr_pages, gfp_t gfp_mask, int nid,
				       nodemask_t *nodemask)
{
	void *mem;

	if (!nr_pages || nr_pages > (1UL << (MAX_ORDER - 1)))
		return NULL;
	mem = alloc_pages_exact_noprof(nr_pages << PAGE_SHIFT, gfp_mask & ~__GFP_COMP);
	return mem ? virt_to_page(mem) : NULL;
}

void free_contig_range(unsigned long pfn, unsigned long nr_pages)
{
	unsigned long i;

	for (i = 0; i < nr_pages; i++)
		__free_pages(pfn_to_page(pfn + i), 0);
}
#endif
