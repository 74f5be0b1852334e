/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The page allocator (lib/page_alloc.c): blocks of 2^order pages, page
 * aligned, counted and tagged with their caller as the kmalloc family is
 * (a leak names its file:line). NUMA nodes do not exist: a node argument
 * is ignored, as on a one-node machine.
 */
#ifndef __LINUX_GFP_H
#define __LINUX_GFP_H

#include <linux/types.h>
#include <linux/version.h>
#include <linux/gfp_types.h>
#include <linux/alloc_tag.h>
#include <linux/bug.h>
#include <linux/log2.h>

struct page;
struct list_head;
typedef struct { unsigned long bits[1]; } nodemask_t;

static inline bool gfpflags_allow_blocking(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the flags of the variadic allocators (k*alloc_obj()): GFP_KERNEL unless given */
#define __default_gfp(a, b, ...) b
#define default_gfp(...) __default_gfp(, ##__VA_ARGS__, GFP_KERNEL)

static inline bool gfp_has_io_fs(gfp_t gfp)
{
	return (gfp & (__GFP_IO | __GFP_FS)) == (__GFP_IO | __GFP_FS);
}
#endif

/* x86 has no architecture hooks at allocation and free */
static inline void arch_free_page(struct page *page, int order) { }
static inline void arch_alloc_page(struct page *page, int order) { }

struct page *alloc_pages_noprof(gfp_t gfp, unsigned int order);
struct page *__alloc_pages_noprof(gfp_t gfp, unsigned int order, int preferred_nid,
				  nodemask_t *nodemask);
unsigned long __alloc_pages_bulk_noprof(gfp_t gfp, int preferred_nid,
					nodemask_t *nodemask, int nr_pages,
					struct list_head *page_list,
					struct page **page_array);
unsigned long get_free_pages_noprof(gfp_t gfp_mask, unsigned int order);
unsigned long get_zeroed_page_noprof(gfp_t gfp_mask);
void *alloc_pages_exact_noprof(size_t size, gfp_t gfp_mask);
void __free_pages(struct page *page, unsigned int order);
void free_pages(unsigned long addr, unsigned int order);
void free_pages_exact(void *virt, size_t size);

struct page_frag_cache;
void *page_frag_alloc_align_noprof(struct page_frag_cache *nc, unsigned int fragsz,
				   gfp_t gfp_mask, unsigned int align_mask);
void page_frag_free(void *addr);
void __page_frag_cache_drain(struct page *page, unsigned int count);

static inline void *page_frag_alloc_noprof(struct page_frag_cache *nc,
					   unsigned int fragsz, gfp_t gfp_mask)
{
	return page_frag_alloc_align_noprof(nc, fragsz, gfp_mask, ~0u);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: the cache's own references back, the cache emptied */
void page_frag_cache_drain(struct page_frag_cache *nc);
#endif

static inline struct page *__alloc_pages_node_noprof(int nid, gfp_t gfp_mask,
						     unsigned int order)
{
	return __alloc_pages_noprof(gfp_mask, order, nid, NULL);
}

static inline struct page *alloc_pages_node_noprof(int nid, gfp_t gfp_mask,
						   unsigned int order)
{
	return __alloc_pages_noprof(gfp_mask, order, nid, NULL);
}

static inline unsigned long alloc_pages_bulk_list_noprof(gfp_t gfp,
							 unsigned long nr_pages,
							 struct list_head *list)
{
	return __alloc_pages_bulk_noprof(gfp, 0, NULL, nr_pages, list, NULL);
}

static inline unsigned long alloc_pages_bulk_array_noprof(gfp_t gfp,
							  unsigned long nr_pages,
							  struct page **page_array)
{
	return __alloc_pages_bulk_noprof(gfp, 0, NULL, nr_pages, NULL, page_array);
}

static inline unsigned long alloc_pages_bulk_array_node_noprof(gfp_t gfp, int nid,
							       unsigned long nr_pages,
							       struct page **page_array)
{
	return __alloc_pages_bulk_noprof(gfp, nid, NULL, nr_pages, NULL, page_array);
}

/* Each allocator records its caller as the block's allocation site. */
#define alloc_pages(...)	alloc_hooks(alloc_pages_noprof(__VA_ARGS__))
#define __alloc_pages(...)	alloc_hooks(__alloc_pages_noprof(__VA_ARGS__))
#define __alloc_pages_bulk(...)	alloc_hooks(__alloc_pages_bulk_noprof(__VA_ARGS__))
#define __alloc_pages_node(...)	alloc_hooks(__alloc_pages_node_noprof(__VA_ARGS__))
#define alloc_pages_node(...)	alloc_hooks(alloc_pages_node_noprof(__VA_ARGS__))
#define alloc_pages_bulk_list(...) alloc_hooks(alloc_pages_bulk_list_noprof(__VA_ARGS__))
#define alloc_pages_bulk_array(...) alloc_hooks(alloc_pages_bulk_array_noprof(__VA_ARGS__))
#define alloc_pages_bulk_array_node(...) \
	alloc_hooks(alloc_pages_bulk_array_node_noprof(__VA_ARGS__))
#define __get_free_pages(...)	alloc_hooks(get_free_pages_noprof(__VA_ARGS__))
#define get_zeroed_page(...)	alloc_hooks(get_zeroed_page_noprof(__VA_ARGS__))
#define alloc_pages_exact(...)	alloc_hooks(alloc_pages_exact_noprof(__VA_ARGS__))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: the mask is __page_frag_alloc_align()'s, page_frag_alloc_align() takes a power of 2 */
#define __page_frag_alloc_align(...) \
	alloc_hooks(page_frag_alloc_align_noprof(__VA_ARGS__))
#define page_frag_alloc_align(nc, fragsz, gfp_mask, align) ({		\
	unsigned int __align = (align);					\
									\
	WARN_ON_ONCE(!is_power_of_2(__align));				\
	__page_frag_alloc_align(nc, fragsz, gfp_mask, -__align);	\
})
#else
#define page_frag_alloc_align(...) alloc_hooks(page_frag_alloc_align_noprof(__VA_ARGS__))
#endif
#define page_frag_alloc(...)	alloc_hooks(page_frag_alloc_noprof(__VA_ARGS__))

#define alloc_page(gfp_mask)	alloc_pages(gfp_mask, 0)
#define __get_free_page(gfp_mask) __get_free_pages((gfp_mask), 0)
#define __free_page(page)	__free_pages((page), 0)
#define free_page(addr)		free_pages((addr), 0)

#endif
