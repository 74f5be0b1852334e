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
#define NUMA_NO_NODE_GFP	(-1)	/* linux/numa.h's NUMA_NO_NODE */

static inline bool gfpflags_allow_blocking(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_DIRECT_RECLAIM);
}

/*
 * The memory zones and migrate types of an x86-64 Debian kernel (the
 * kernel's linux/mmzone.h, which the shim does not have): ZONE_DMA,
 * ZONE_DMA32 and ZONE_DEVICE configured, no highmem. The shim's pages come
 * from one pool, so the zone a mask names is computed, not honoured.
 */
enum zone_type {
	ZONE_DMA,
	ZONE_DMA32,
	ZONE_NORMAL,
	ZONE_MOVABLE,
	ZONE_DEVICE,
	__MAX_NR_ZONES
};

#ifndef MAX_NR_ZONES
#define MAX_NR_ZONES	__MAX_NR_ZONES
#endif

enum migratetype {
	MIGRATE_UNMOVABLE,
	MIGRATE_MOVABLE,
	MIGRATE_RECLAIMABLE,
	MIGRATE_PCPTYPES,
	MIGRATE_HIGHATOMIC = MIGRATE_PCPTYPES,
};

/* __GFP_MOVABLE and __GFP_RECLAIMABLE, shifted down, are the migrate type */
#define GFP_MOVABLE_MASK	(__GFP_RECLAIMABLE | __GFP_MOVABLE)
#define GFP_MOVABLE_SHIFT	3

/* the kernel's: grouping by mobility is off only on very small machines */
#define page_group_by_mobility_disabled	0

static inline int gfp_migratetype(const gfp_t gfp_flags)
{
	BUILD_BUG_ON((1UL << GFP_MOVABLE_SHIFT) != __GFP_MOVABLE);
	BUILD_BUG_ON((__GFP_RECLAIMABLE >> GFP_MOVABLE_SHIFT) != MIGRATE_RECLAIMABLE);

	if (unlikely(page_group_by_mobility_disabled))
		return MIGRATE_UNMOVABLE;
	return (gfp_flags & GFP_MOVABLE_MASK) >> GFP_MOVABLE_SHIFT;
}

/* no highmem on x86-64; DMA and DMA32 are configured */
#define OPT_ZONE_HIGHMEM	ZONE_NORMAL
#define OPT_ZONE_DMA		ZONE_DMA
#define OPT_ZONE_DMA32		ZONE_DMA32

/* ZONE_DEVICE is no allocation target: four zones fit two bits each */
#define GFP_ZONES_SHIFT		2

/*
 * The zone of each combination of the four zone modifiers (GFP_ZONEMASK),
 * GFP_ZONES_SHIFT bits per combination; the combinations not listed
 * (several zones at once) are in GFP_ZONE_BAD and read as ZONE_DMA here.
 */
#define GFP_ZONE_TABLE (							\
	((unsigned long)ZONE_NORMAL << (0 * GFP_ZONES_SHIFT))			\
	| ((unsigned long)OPT_ZONE_DMA << (__GFP_DMA * GFP_ZONES_SHIFT))		\
	| ((unsigned long)OPT_ZONE_HIGHMEM << (__GFP_HIGHMEM * GFP_ZONES_SHIFT))	\
	| ((unsigned long)OPT_ZONE_DMA32 << (__GFP_DMA32 * GFP_ZONES_SHIFT))	\
	| ((unsigned long)ZONE_NORMAL << (__GFP_MOVABLE * GFP_ZONES_SHIFT))	\
	| ((unsigned long)OPT_ZONE_DMA <<					\
	   ((__GFP_MOVABLE | __GFP_DMA) * GFP_ZONES_SHIFT))			\
	| ((unsigned long)ZONE_MOVABLE <<					\
	   ((__GFP_MOVABLE | __GFP_HIGHMEM) * GFP_ZONES_SHIFT))			\
	| ((unsigned long)OPT_ZONE_DMA32 <<					\
	   ((__GFP_MOVABLE | __GFP_DMA32) * GFP_ZONES_SHIFT))			\
)

/* one bit per combination of zone modifiers that names more than one zone */
#define GFP_ZONE_BAD (								\
	1 << (__GFP_DMA | __GFP_HIGHMEM)					\
	| 1 << (__GFP_DMA | __GFP_DMA32)					\
	| 1 << (__GFP_DMA32 | __GFP_HIGHMEM)					\
	| 1 << (__GFP_DMA | __GFP_DMA32 | __GFP_HIGHMEM)			\
	| 1 << (__GFP_MOVABLE | __GFP_HIGHMEM | __GFP_DMA)			\
	| 1 << (__GFP_MOVABLE | __GFP_DMA32 | __GFP_DMA)			\
	| 1 << (__GFP_MOVABLE | __GFP_DMA32 | __GFP_HIGHMEM)			\
	| 1 << (__GFP_MOVABLE | __GFP_DMA32 | __GFP_DMA | __GFP_HIGHMEM)	\
)

/* the zone an allocation with these flags comes from */
static inline enum zone_type gfp_zone(gfp_t flags)
{
	unsigned int bit = flags & GFP_ZONEMASK;

	VM_BUG_ON((GFP_ZONE_BAD >> bit) & 1);
	return (GFP_ZONE_TABLE >> (bit * GFP_ZONES_SHIFT)) & ((1 << GFP_ZONES_SHIFT) - 1);
}

/* zonelist 0 falls back to other nodes, 1 (__GFP_THISNODE) does not */
static inline int gfp_zonelist(gfp_t flags)
{
	return (flags & __GFP_THISNODE) ? 1 : 0;
}

/* compaction is configured; it needs IO, as page migration may write */
static inline bool gfp_compaction_allowed(gfp_t gfp_mask)
{
	return !!(gfp_mask & __GFP_IO);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
/* 7.x: neither reclaim flag (alloc_pages_nolock()) means trylocks only */
static inline bool gfpflags_allow_spinning(const gfp_t gfp_flags)
{
	return !!(gfp_flags & __GFP_RECLAIM);
}

static inline bool gfp_has_flags(gfp_t gfp, gfp_t flags)
{
	return (gfp & flags) == flags;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the flags of an allocation made for another one (its metadata) */
static inline gfp_t gfp_nested_mask(gfp_t flags)
{
	return (flags & (GFP_KERNEL | GFP_ATOMIC | __GFP_NOLOCKDEP)) |
	       (__GFP_NORETRY | __GFP_NOMEMALLOC | __GFP_NOWARN);
}
#endif

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

/*
 * Folios: a compound block seen whole (__GFP_COMP added), from the same
 * page allocator; a mempolicy or a user mapping does not change where the
 * shim's pages come from (one node).
 */
struct folio;
struct mempolicy;
struct vm_area_struct;
struct folio *__folio_alloc_noprof(gfp_t gfp, unsigned int order, int preferred_nid,
				   nodemask_t *nodemask);
struct folio *folio_alloc_noprof(gfp_t gfp, unsigned int order);
void *alloc_pages_exact_nid_noprof(int nid, size_t size, gfp_t gfp_mask);

/* a node with no memory is a bug of the caller's: the shim's node 0 always has it */
static inline void warn_if_node_offline(int this_node, gfp_t gfp_mask)
{
	WARN_ON_ONCE(this_node != 0 && this_node != NUMA_NO_NODE_GFP);
}

static inline struct folio *__folio_alloc_node_noprof(gfp_t gfp, unsigned int order, int nid)
{
	warn_if_node_offline(nid, gfp);
	return __folio_alloc_noprof(gfp, order, nid, NULL);
}

static inline struct folio *folio_alloc_mpol_noprof(gfp_t gfp, unsigned int order,
						    struct mempolicy *mpol, pgoff_t ilx, int nid)
{
	return folio_alloc_noprof(gfp, order);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline struct folio *vma_alloc_folio_noprof(gfp_t gfp, int order,
						   struct vm_area_struct *vma, unsigned long addr)
{
	return folio_alloc_noprof(gfp, order);
}
#define QDK_VMA_ALLOC_FOLIO(gfp, vma, addr)	vma_alloc_folio_noprof(gfp, 0, vma, addr)
#else
#define vma_alloc_folio_noprof(gfp, order, vma, addr, hugepage) folio_alloc_noprof(gfp, order)
#define QDK_VMA_ALLOC_FOLIO(gfp, vma, addr)	vma_alloc_folio_noprof(gfp, 0, vma, addr, false)
#endif

/* an order-0 page for a user mapping at addr: a folio's first page */
static inline struct page *alloc_page_vma_noprof(gfp_t gfp, struct vm_area_struct *vma,
						 unsigned long addr)
{
	struct folio *folio = QDK_VMA_ALLOC_FOLIO(gfp, vma, addr);

	return (struct page *)folio;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline struct page *alloc_pages_mpol_noprof(gfp_t gfp, unsigned int order,
						   struct mempolicy *mpol, pgoff_t ilx, int nid)
{
	return alloc_pages_noprof(gfp, order);
}
#define alloc_pages_mpol(...)	alloc_hooks(alloc_pages_mpol_noprof(__VA_ARGS__))
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: pages into the empty slots of an array (the list variant is gone) */
unsigned long alloc_pages_bulk_noprof(gfp_t gfp, int preferred_nid, nodemask_t *nodemask,
				      int nr_pages, struct page **page_array);
void free_pages_bulk(struct page **page_array, unsigned long nr_pages);

static inline unsigned long alloc_pages_bulk_node_noprof(gfp_t gfp, int nid,
							 unsigned long nr_pages,
							 struct page **page_array)
{
	return alloc_pages_bulk_noprof(gfp, nid, NULL, nr_pages, page_array);
}
#define alloc_pages_bulk(_gfp, _nr_pages, _page_array) \
	__alloc_pages_bulk(_gfp, NUMA_NO_NODE_GFP, NULL, _nr_pages, NULL, _page_array)
#define alloc_pages_bulk_node(...)	alloc_hooks(alloc_pages_bulk_node_noprof(__VA_ARGS__))

/*
 * 7.x: pages from any context, never sleeping (only __GFP_ACCOUNT may be
 * given): zeroed, compound; freed by free_pages_nolock().
 */
struct page *alloc_pages_nolock_noprof(gfp_t gfp_flags, int nid, unsigned int order);
void free_pages_nolock(struct page *page, unsigned int order);
#define alloc_pages_nolock(...)	alloc_hooks(alloc_pages_nolock_noprof(__VA_ARGS__))
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12's name of __alloc_pages_bulk() */
unsigned long alloc_pages_bulk_noprof(gfp_t gfp, int preferred_nid, nodemask_t *nodemask,
				      int nr_pages, struct list_head *page_list,
				      struct page **page_array);
#endif

#define __folio_alloc(...)	alloc_hooks(__folio_alloc_noprof(__VA_ARGS__))
#define __folio_alloc_node(...)	alloc_hooks(__folio_alloc_node_noprof(__VA_ARGS__))
#define folio_alloc(...)	alloc_hooks(folio_alloc_noprof(__VA_ARGS__))
#define folio_alloc_mpol(...)	alloc_hooks(folio_alloc_mpol_noprof(__VA_ARGS__))
#define vma_alloc_folio(...)	alloc_hooks(vma_alloc_folio_noprof(__VA_ARGS__))
#define alloc_page_vma(...)	alloc_hooks(alloc_page_vma_noprof(__VA_ARGS__))
#define alloc_pages_exact_nid(...) alloc_hooks(alloc_pages_exact_nid_noprof(__VA_ARGS__))
#define __get_dma_pages(gfp_mask, order) __get_free_pages((gfp_mask) | GFP_DMA, (order))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * nr_pages contiguous pages, each with its own reference (freed one by one
 * or by free_contig_range()); a range of given pfns cannot be asked for.
 */
struct page *alloc_contig_pages_noprof(unsigned long nr_pages, gfp_t gfp_mask, int nid,
				       nodemask_t *nodemask);
void free_contig_range(unsigned long pfn, unsigned long nr_pages);
#define alloc_contig_pages(...)	alloc_hooks(alloc_contig_pages_noprof(__VA_ARGS__))
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* what alloc_contig_range() is for */
typedef unsigned int acr_flags_t;
#define ACR_FLAGS_NONE	((acr_flags_t)0)
#define ACR_FLAGS_CMA	((acr_flags_t)BIT(0))
#endif

#define alloc_page(gfp_mask)	alloc_pages(gfp_mask, 0)
#define __get_free_page(gfp_mask) __get_free_pages((gfp_mask), 0)
#define __free_page(page)	__free_pages((page), 0)
#define free_page(addr)		free_pages((addr), 0)

/* cleanup.h's __free(free_page) */
static inline void __free_free_page(void *p)
{
	unsigned long _T = *(unsigned long *)p;

	if (_T)
		free_pages(_T, 0);
}

#endif
