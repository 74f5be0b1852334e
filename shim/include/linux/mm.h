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
#include <linux/mm_types.h>
#include <linux/page_ref.h>
#include <linux/hash.h>
#define PAGE_ALIGN(addr)	ALIGN(addr, PAGE_SIZE)
#define PAGE_ALIGNED(addr)	IS_ALIGNED((unsigned long)(addr), PAGE_SIZE)
#define MAX_ORDER	11

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

static inline bool get_page_unless_zero(struct page *page)
{
	return page_ref_add_unless(page, 1, 0);
}

/* a reference unless the count is implausible (0 or overflowed to negative) */
static inline __must_check bool try_get_page(struct page *page)
{
	page = compound_head(page);
	if (WARN_ON_ONCE(page_ref_count(page) <= 0))
		return false;
	page_ref_inc(page);
	return true;
}

/* drop a reference, true when it was the last (the caller frees then) */
static inline int put_page_testzero(struct page *page)
{
	VM_BUG_ON(page_ref_count(page) == 0);
	return page_ref_dec_and_test(page);
}

/* the block's order on a compound head, 0 on any other page */
static inline unsigned int compound_order(struct page *page)
{
	return page->__qdk_head == page ? page->__qdk_order : 0;
}

static inline unsigned long compound_nr(struct page *page)
{
	return 1UL << compound_order(page);
}

static inline unsigned long page_size(struct page *page)
{
	return PAGE_SIZE << compound_order(page);
}

static inline unsigned int page_shift(struct page *page)
{
	return PAGE_SHIFT + compound_order(page);
}

/* a transparent huge page's order, pages and bytes: its compound block's */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline unsigned int thp_order(struct page *page)
#else
static inline int thp_order(struct page *page)
#endif
{
	return compound_order(page);
}

static inline unsigned long thp_size(struct page *page)
{
	return PAGE_SIZE << thp_order(page);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static inline int thp_nr_pages(struct page *page)
{
	return compound_nr(page);
}
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* 6.1: what frees a compound block, an index in page[1] */
typedef void compound_page_dtor(struct page *);

enum compound_dtor_id {
	NULL_COMPOUND_DTOR,
	COMPOUND_PAGE_DTOR,
	HUGETLB_PAGE_DTOR,
	TRANSHUGE_PAGE_DTOR,
	NR_COMPOUND_DTORS,
};

/* show_mem()'s filter: leave out the nodes the task may not use */
#define SHOW_MEM_FILTER_NODES	(0x0001u)
#elif LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* 6.12: only hugetlbfs makes folios past MAX_PAGE_ORDER, up to a PUD's (1 GiB) */
#define MAX_FOLIO_ORDER		(30 - PAGE_SHIFT)
#define MAX_FOLIO_NR_PAGES	(1UL << MAX_FOLIO_ORDER)
#endif

#define offset_in_page(p)	((unsigned long)(p) & ~PAGE_MASK)
#define nth_page(page, n)	((page) + (n))
#define lm_alias(x)		(x)
#define PAGE_ALIGN_DOWN(addr)	ALIGN_DOWN(addr, PAGE_SIZE)
#define page_address_init()	do { } while (0)

static inline void *lowmem_page_address(const struct page *page)
{
	return page->virtual;
}

/* one NUMA node, one zone list: every page is node 0's */
static inline int page_to_nid(const struct page *page)
{
	return 0;
}

static inline void set_page_pfmemalloc(struct page *page)
{
	page->lru.next = (void *)BIT(1);
}

static inline void clear_page_pfmemalloc(struct page *page)
{
	page->lru.next = NULL;
}

/* the page allocator's pages (and vmalloc's) never belong to a user mapping */
static inline int page_mapcount(struct page *page)
{
	return atomic_read(&page->_mapcount) + 1;
}

static inline void page_mapcount_reset(struct page *page)
{
	atomic_set(&page->_mapcount, -1);
}

/*
 * Page frame numbers: the shim's pages have no physical address, so a pfn
 * is the page's virtual address >> PAGE_SHIFT, which pfn_to_page() finds
 * again (among the page allocator's and vmalloc's pages).
 */
static inline unsigned long page_to_pfn(const struct page *page)
{
	return (unsigned long)page->virtual >> PAGE_SHIFT;
}

struct page *pfn_to_page(unsigned long pfn);
#define virt_to_pfn(kaddr)	((unsigned long)(kaddr) >> PAGE_SHIFT)
#define PHYS_PFN(x)		((unsigned long)((x) >> PAGE_SHIFT))
#define PFN_PHYS(x)		((phys_addr_t)(x) << PAGE_SHIFT)
#define PFN_ALIGN(x)		(((unsigned long)(x) + (PAGE_SIZE - 1)) & PAGE_MASK)
#define PFN_UP(x)		(((x) + PAGE_SIZE - 1) >> PAGE_SHIFT)
#define PFN_DOWN(x)		((x) >> PAGE_SHIFT)

/* folios: a block seen whole from its first page */
#define page_folio(p)		((struct folio *)compound_head(p))
#define folio_page(folio, n)	nth_page(&(folio)->page, n)
#define folio_page_idx(folio, p)	((p) - &(folio)->page)
#define offset_in_folio(folio, p)	((unsigned long)(p) & (folio_size(folio) - 1))
#define offset_in_thp(page, p)	((unsigned long)(p) & (thp_size(page) - 1))
#define lru_to_folio(head)	list_entry((head)->prev, struct folio, lru)
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define lru_to_page(head)	list_entry((head)->prev, struct page, lru)
#endif

static inline unsigned int folio_order(struct folio *folio)
{
	return compound_order(&folio->page);
}

static inline long folio_nr_pages(struct folio *folio)
{
	return 1L << folio_order(folio);
}

static inline size_t folio_size(struct folio *folio)
{
	return PAGE_SIZE << folio_order(folio);
}

static inline unsigned int folio_shift(struct folio *folio)
{
	return PAGE_SHIFT + folio_order(folio);
}

static inline void *folio_address(const struct folio *folio)
{
	return page_address(&folio->page);
}

static inline unsigned long folio_pfn(struct folio *folio)
{
	return page_to_pfn(&folio->page);
}

static inline struct folio *pfn_folio(unsigned long pfn)
{
	return page_folio(pfn_to_page(pfn));
}

static inline struct folio *virt_to_folio(const void *x)
{
	return page_folio(virt_to_page(x));
}

static inline int folio_nid(const struct folio *folio)
{
	return page_to_nid(&folio->page);
}

static inline struct folio *folio_next(struct folio *folio)
{
	return (struct folio *)folio_page(folio, folio_nr_pages(folio));
}

static inline void folio_get(struct folio *folio)
{
	WARN_ON_ONCE(atomic_read(&folio->_refcount) <= 0);
	atomic_inc(&folio->_refcount);
}

static inline int folio_put_testzero(struct folio *folio)
{
	return put_page_testzero(&folio->page);
}

/* frees a folio whose last reference is gone (lib/page_alloc.c) */
void __folio_put(struct folio *folio);

static inline void folio_put(struct folio *folio)
{
	if (folio_put_testzero(folio))
		__folio_put(folio);
}

static inline void folio_put_refs(struct folio *folio, int refs)
{
	if (atomic_sub_and_test(refs, &folio->_refcount))
		__folio_put(folio);
}

/* a count of 0, or one about to overflow into the negative */
#define folio_ref_zero_or_close_to_overflow(folio) \
	((unsigned int)folio_ref_count(folio) + 127u <= 127u)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* taken from the emergency reserves: lru.next's bit 1, as for a page */
static inline bool folio_is_pfmemalloc(const struct folio *folio)
{
	return (unsigned long)folio->lru.next & BIT(1);
}

/* a reference on a page known not to be a tail page, as its folio */
static inline struct folio *folio_get_nontail_page(struct page *page)
{
	if (unlikely(!get_page_unless_zero(page)))
		return NULL;
	return (struct folio *)page;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: the order and size of a folio known to be large */
static inline unsigned int folio_large_order(const struct folio *folio)
{
	return folio->page.__qdk_order;
}

static inline unsigned long folio_large_nr_pages(const struct folio *folio)
{
	return 1UL << folio_large_order(folio);
}

/* a large folio (every one on 64 bits) keeps a pin count of its own */
static inline bool folio_has_pincount(const struct folio *folio)
{
	return folio_large_order(folio) > 0;
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define folio_has_pincount(folio)	(folio_order(folio) > 0)
#endif

/*
 * The zero page: x86's empty_zero_page, a page of zeroes user mappings
 * share for reads (lib/memory.c); no page the allocators hand out is it.
 */
extern unsigned long empty_zero_page[PAGE_SIZE / sizeof(unsigned long)];

static inline bool is_zero_page(const struct page *page)
{
	return page_to_pfn(page) == virt_to_pfn(empty_zero_page);
}

static inline bool is_zero_folio(const struct folio *folio)
{
	return is_zero_page(&folio->page);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* copy a folio's pages into another of the same size (lib/util.c) */
void folio_copy(struct folio *dst, struct folio *src);
/* the same, 0 or -EHWPOISON had a read hit poisoned memory (never here) */
int folio_mc_copy(struct folio *dst, struct folio *src);
#endif

/* split a non-compound block so that each of its pages holds a reference */
void split_page(struct page *page, unsigned int order);
void put_pages_list(struct list_head *pages);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct encoded_page;
typedef union {
	struct page **pages;
	struct folio **folios;
	struct encoded_page **encoded_pages;
} release_pages_arg __attribute__((__transparent_union__));

void release_pages(release_pages_arg, int nr);
#else
void release_pages(struct page **pages, int nr);
#endif

/*
 * Memory the shim's machine has: a fixed 4 GiB of RAM, less what the
 * shim's allocators hold for si_meminfo()'s free memory.
 */
extern atomic_long_t _totalram_pages;
extern unsigned long totalreserve_pages;
extern void *high_memory;
extern int page_is_ram(unsigned long pfn);

static inline unsigned long totalram_pages(void)
{
	return (unsigned long)atomic_long_read(&_totalram_pages);
}

static inline void totalram_pages_inc(void)
{
	atomic_long_inc(&_totalram_pages);
}

static inline void totalram_pages_dec(void)
{
	atomic_long_dec(&_totalram_pages);
}

static inline void totalram_pages_add(long count)
{
	atomic_long_add(count, &_totalram_pages);
}

static inline unsigned long get_num_physpages(void)
{
	return totalram_pages();
}

struct sysinfo;
extern void si_meminfo(struct sysinfo *val);
extern long si_mem_available(void);
unsigned long nr_free_buffer_pages(void);
extern void adjust_managed_page_count(struct page *page, long count);

/* init_on_alloc=, init_on_free= and page poisoning: off, as Debian boots */
static inline bool want_init_on_alloc(gfp_t flags)
{
	return flags & __GFP_ZERO;
}

static inline bool want_init_on_free(void)
{
	return false;
}

static inline bool page_poisoning_enabled(void)
{
	return false;
}

static inline bool page_poisoning_enabled_static(void)
{
	return false;
}

static inline void kernel_poison_pages(struct page *page, int numpages) { }
static inline void kernel_unpoison_pages(struct page *page, int numpages) { }

static inline bool debug_pagealloc_enabled(void)
{
	return false;
}

static inline bool debug_pagealloc_enabled_static(void)
{
	return false;
}

static inline void debug_pagealloc_map_pages(struct page *page, int numpages) { }
static inline void debug_pagealloc_unmap_pages(struct page *page, int numpages) { }

static inline unsigned int debug_guardpage_minorder(void)
{
	return 0;
}

static inline bool debug_guardpage_enabled(void)
{
	return false;
}

static inline bool page_is_guard(struct page *page)
{
	return false;
}

/* KASAN's tags: no tag-based KASAN, every pointer's tag is 0xff */
static inline u8 page_kasan_tag(const struct page *page)
{
	return 0xff;
}

static inline void page_kasan_tag_set(struct page *page, u8 tag) { }
static inline void page_kasan_tag_reset(struct page *page) { }

static inline int arch_make_page_accessible(struct page *page)
{
	return 0;
}

static inline int arch_make_folio_accessible(struct folio *folio)
{
	return 0;
}

/* vmalloc's memory (lib/vmalloc.c) */
extern bool is_vmalloc_addr(const void *x);
struct page *vmalloc_to_page(const void *addr);
unsigned long vmalloc_to_pfn(const void *addr);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
extern int is_vmalloc_or_module_addr(const void *x);
#endif

/* a user mapping's flags (vm_area_struct.vm_flags) */
#define VM_NONE		0x00000000

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x: each flag named by its bit number (an x86-64 kernel's: shadow
 * stacks, no upward stack); the VM_* masks are 1 << these.
 */
typedef int vma_flag_t;

enum {
	VMA_READ_BIT		= 0,
	VMA_WRITE_BIT		= 1,
	VMA_EXEC_BIT		= 2,
	VMA_SHARED_BIT		= 3,
	VMA_MAYREAD_BIT		= 4,
	VMA_MAYWRITE_BIT	= 5,
	VMA_MAYEXEC_BIT		= 6,
	VMA_MAYSHARE_BIT	= 7,
	VMA_GROWSDOWN_BIT	= 8,
	VMA_UFFD_MISSING_BIT	= 9,
	VMA_PFNMAP_BIT		= 10,
	VMA_MAYBE_GUARD_BIT	= 11,
	VMA_UFFD_WP_BIT		= 12,
	VMA_LOCKED_BIT		= 13,
	VMA_IO_BIT		= 14,
	VMA_SEQ_READ_BIT	= 15,
	VMA_RAND_READ_BIT	= 16,
	VMA_DONTCOPY_BIT	= 17,
	VMA_DONTEXPAND_BIT	= 18,
	VMA_LOCKONFAULT_BIT	= 19,
	VMA_ACCOUNT_BIT		= 20,
	VMA_NORESERVE_BIT	= 21,
	VMA_HUGETLB_BIT		= 22,
	VMA_SYNC_BIT		= 23,
	VMA_ARCH_1_BIT		= 24,
	VMA_WIPEONFORK_BIT	= 25,
	VMA_DONTDUMP_BIT	= 26,
	VMA_SOFTDIRTY_BIT	= 27,
	VMA_MIXEDMAP_BIT	= 28,
	VMA_HUGEPAGE_BIT	= 29,
	VMA_NOHUGEPAGE_BIT	= 30,
	VMA_MERGEABLE_BIT	= 31,
	VMA_HIGH_ARCH_0_BIT	= 32,
	VMA_HIGH_ARCH_1_BIT	= 33,
	VMA_HIGH_ARCH_2_BIT	= 34,
	VMA_HIGH_ARCH_3_BIT	= 35,
	VMA_HIGH_ARCH_4_BIT	= 36,
	VMA_HIGH_ARCH_5_BIT	= 37,
	VMA_HIGH_ARCH_6_BIT	= 38,
	VMA_ALLOW_ANY_UNCACHED_BIT = 39,
	VMA_DROPPABLE_BIT	= 40,
	VMA_UFFD_MINOR_BIT	= 41,
	VMA_SEALED_BIT		= 42,
	VMA_UFFD_RWP_BIT	= 43,
	/* the bits other uses share */
	VMA_PKEY_BIT0_BIT	= VMA_HIGH_ARCH_0_BIT,
	VMA_PKEY_BIT1_BIT	= VMA_HIGH_ARCH_1_BIT,
	VMA_PKEY_BIT2_BIT	= VMA_HIGH_ARCH_2_BIT,
	VMA_PKEY_BIT3_BIT	= VMA_HIGH_ARCH_3_BIT,
	VMA_PKEY_BIT4_BIT	= VMA_HIGH_ARCH_4_BIT,
	VMA_SHADOW_STACK_BIT	= VMA_HIGH_ARCH_5_BIT,
	VMA_SAO_BIT		= VMA_ARCH_1_BIT,
	VMA_GROWSUP_BIT		= VMA_ARCH_1_BIT,
	VMA_SPARC_ADI_BIT	= VMA_ARCH_1_BIT,
	VMA_ARM64_BTI_BIT	= VMA_ARCH_1_BIT,
	VMA_ARCH_CLEAR_BIT	= VMA_ARCH_1_BIT,
	VMA_MAPPED_COPY_BIT	= VMA_ARCH_1_BIT,
	VMA_MTE_BIT		= VMA_HIGH_ARCH_4_BIT,
	VMA_MTE_ALLOWED_BIT	= VMA_HIGH_ARCH_5_BIT,
	VMA_STACK_BIT		= VMA_GROWSDOWN_BIT,
};

#define INIT_VM_FLAG(name)	BIT((int)VMA_ ## name ## _BIT)
#define VM_MAYBE_GUARD		INIT_VM_FLAG(MAYBE_GUARD)
#define VM_UFFD_RWP		INIT_VM_FLAG(UFFD_RWP)
#define VM_SEALED_SYSMAP	VM_NONE	/* MSEAL_SYSTEM_MAPPINGS not configured */
/* the bit TASK_EXEC sets: EXEC under READ_IMPLIES_EXEC, else READ (set anyway) */
#define TASK_EXEC_BIT	((current->personality & READ_IMPLIES_EXEC) ? \
			 VMA_EXEC_BIT : VMA_READ_BIT)
#endif
#define VM_READ		0x00000001
#define VM_WRITE	0x00000002
#define VM_EXEC		0x00000004
#define VM_SHARED	0x00000008
#define VM_MAYREAD	0x00000010
#define VM_MAYWRITE	0x00000020
#define VM_MAYEXEC	0x00000040
#define VM_MAYSHARE	0x00000080
#define VM_GROWSDOWN	0x00000100
#define VM_UFFD_MISSING	0x00000200
#define VM_PFNMAP	0x00000400
#define VM_UFFD_WP	0x00001000
#define VM_LOCKED	0x00002000
#define VM_IO		0x00004000
#define VM_SEQ_READ	0x00008000
#define VM_RAND_READ	0x00010000
#define VM_DONTCOPY	0x00020000
#define VM_DONTEXPAND	0x00040000
#define VM_LOCKONFAULT	0x00080000
#define VM_ACCOUNT	0x00100000
#define VM_NORESERVE	0x00200000
#define VM_HUGETLB	0x00400000
#define VM_SYNC		0x00800000
#define VM_ARCH_1	0x01000000
#define VM_WIPEONFORK	0x02000000
#define VM_DONTDUMP	0x04000000
#define VM_SOFTDIRTY	0x08000000
#define VM_MIXEDMAP	0x10000000
#define VM_HUGEPAGE	0x20000000
#define VM_NOHUGEPAGE	0x40000000
#define VM_MERGEABLE	BIT(31)
#define VM_HIGH_ARCH_BIT_0	32
#define VM_HIGH_ARCH_BIT_1	33
#define VM_HIGH_ARCH_BIT_2	34
#define VM_HIGH_ARCH_BIT_3	35
#define VM_HIGH_ARCH_BIT_4	36
#define VM_HIGH_ARCH_0	BIT(VM_HIGH_ARCH_BIT_0)
#define VM_HIGH_ARCH_1	BIT(VM_HIGH_ARCH_BIT_1)
#define VM_HIGH_ARCH_2	BIT(VM_HIGH_ARCH_BIT_2)
#define VM_HIGH_ARCH_3	BIT(VM_HIGH_ARCH_BIT_3)
#define VM_HIGH_ARCH_4	BIT(VM_HIGH_ARCH_BIT_4)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define VM_HIGH_ARCH_BIT_5	37
#define VM_HIGH_ARCH_5	BIT(VM_HIGH_ARCH_BIT_5)
#endif
/* x86's protection keys and PAT */
#define VM_PKEY_SHIFT	VM_HIGH_ARCH_BIT_0
#define VM_PKEY_BIT0	VM_HIGH_ARCH_0
#define VM_PKEY_BIT1	VM_HIGH_ARCH_1
#define VM_PKEY_BIT2	VM_HIGH_ARCH_2
#define VM_PKEY_BIT3	VM_HIGH_ARCH_3
#define VM_PKEY_BIT4	0
#define VM_PAT		VM_ARCH_1
#define VM_MTE		VM_NONE
#define VM_MTE_ALLOWED	VM_NONE
#define VM_GROWSUP	VM_NONE
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define VM_UFFD_MINOR_BIT	VMA_UFFD_MINOR_BIT
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define VM_UFFD_MINOR_BIT	38
#else
#define VM_UFFD_MINOR_BIT	37
#endif
#define VM_UFFD_MINOR	BIT(VM_UFFD_MINOR_BIT)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define VM_SHADOW_STACK	VM_HIGH_ARCH_5
#define VM_ALLOW_ANY_UNCACHED_BIT	39
#define VM_ALLOW_ANY_UNCACHED	BIT(VM_ALLOW_ANY_UNCACHED_BIT)
#define VM_DROPPABLE_BIT	40
#define VM_DROPPABLE	BIT(VM_DROPPABLE_BIT)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define VM_SEALED	INIT_VM_FLAG(SEALED)
#else
#define VM_SEALED	_BITUL(63)
#endif
#define VM_STARTGAP_FLAGS	(VM_GROWSDOWN | VM_SHADOW_STACK)
#endif
#define VM_STACK_INCOMPLETE_SETUP	(VM_RAND_READ | VM_SEQ_READ | VM_STACK_EARLY)
#define TASK_EXEC	((current->personality & READ_IMPLIES_EXEC) ? VM_EXEC : 0)
#define VM_DATA_FLAGS_TSK_EXEC	(VM_READ | VM_WRITE | TASK_EXEC | \
				 VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC)
#define VM_DATA_FLAGS_NON_EXEC	(VM_READ | VM_WRITE | VM_MAYREAD | \
				 VM_MAYWRITE | VM_MAYEXEC)
#define VM_DATA_FLAGS_EXEC	(VM_READ | VM_WRITE | VM_EXEC | \
				 VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC)
#define VM_DATA_DEFAULT_FLAGS	VM_DATA_FLAGS_TSK_EXEC
#define VM_STACK_DEFAULT_FLAGS	VM_DATA_DEFAULT_FLAGS
#define VM_STACK	VM_GROWSDOWN
#define VM_STACK_EARLY	0
#define VM_STACK_FLAGS	(VM_STACK | VM_STACK_DEFAULT_FLAGS | VM_ACCOUNT)
#define VM_ACCESS_FLAGS	(VM_READ | VM_WRITE | VM_EXEC)
#define VM_SPECIAL	(VM_IO | VM_DONTEXPAND | VM_PFNMAP | VM_MIXEDMAP)
#define VM_NO_KHUGEPAGED	(VM_SPECIAL | VM_HUGETLB)
#define VM_INIT_DEF_MASK	VM_NOHUGEPAGE
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define VM_LOCKED_MASK		(VM_LOCKED | VM_LOCKONFAULT)
#else
#define VM_LOCKED_CLEAR_MASK	(~(VM_LOCKED | VM_LOCKONFAULT))
#endif
#define VM_ARCH_CLEAR	VM_NONE
#define VM_FLAGS_CLEAR	(VM_PKEY_BIT0 | VM_PKEY_BIT1 | VM_PKEY_BIT2 | VM_PKEY_BIT3 | \
			 VM_ARCH_CLEAR)
#define VM_UNMAPPED_AREA_TOPDOWN	1

#define MAPCOUNT_ELF_CORE_MARGIN	(5)
#define DEFAULT_MAX_MAP_COUNT	(USHRT_MAX - MAPCOUNT_ELF_CORE_MARGIN)
#define GUP_PIN_COUNTING_BIAS	(1U << 10)

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* get_user_pages()'s flags (6.12 moved them to mm_types.h, renumbered) */
#define FOLL_WRITE	0x01
#define FOLL_TOUCH	0x02
#define FOLL_GET	0x04
#define FOLL_DUMP	0x08
#define FOLL_FORCE	0x10
#define FOLL_NOWAIT	0x20
#define FOLL_NOFAULT	0x80
#define FOLL_HWPOISON	0x100
#define FOLL_MIGRATION	0x400
#define FOLL_TRIED	0x800
#define FOLL_REMOTE	0x2000
#define FOLL_ANON	0x8000
#define FOLL_LONGTERM	0x10000
#define FOLL_SPLIT_PMD	0x20000
#define FOLL_PIN	0x40000
#define FOLL_FAST_ONLY	0x80000
#endif

#define FAULT_FLAG_DEFAULT	(FAULT_FLAG_ALLOW_RETRY | FAULT_FLAG_KILLABLE | \
				 FAULT_FLAG_INTERRUPTIBLE)
#define FAULT_FLAG_TRACE \
	{ FAULT_FLAG_WRITE,		"WRITE" }, \
	{ FAULT_FLAG_MKWRITE,		"MKWRITE" }, \
	{ FAULT_FLAG_ALLOW_RETRY,	"ALLOW_RETRY" }, \
	{ FAULT_FLAG_RETRY_NOWAIT,	"RETRY_NOWAIT" }, \
	{ FAULT_FLAG_KILLABLE,		"KILLABLE" }, \
	{ FAULT_FLAG_TRIED,		"TRIED" }, \
	{ FAULT_FLAG_USER,		"USER" }, \
	{ FAULT_FLAG_REMOTE,		"REMOTE" }, \
	{ FAULT_FLAG_INSTRUCTION,	"INSTRUCTION" }, \
	{ FAULT_FLAG_INTERRUPTIBLE,	"INTERRUPTIBLE" }

/* the first try of a fault that may be retried */
static inline bool fault_flag_allow_retry_first(enum fault_flag flags)
{
	return (flags & FAULT_FLAG_ALLOW_RETRY) && !(flags & FAULT_FLAG_TRIED);
}

/* change_protection()'s flags */
#define MM_CP_TRY_CHANGE_WRITABLE	(1UL << 0)
#define MM_CP_PROT_NUMA		(1UL << 1)
#define MM_CP_UFFD_WP		(1UL << 2)
#define MM_CP_UFFD_WP_RESOLVE	(1UL << 3)
#define MM_CP_UFFD_WP_ALL	(MM_CP_UFFD_WP | MM_CP_UFFD_WP_RESOLVE)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x: vma_flags_t, a bitmap of vma_flag_t bit numbers, built with
 * mk_vma_flags(VMA_READ_BIT, ...) and tested, set and cleared whole.
 */
static inline void vma_flags_set_flag(vma_flags_t *flags, vma_flag_t bit)
{
	__set_bit((int)bit, flags->__vma_flags);
}

static inline vma_flags_t __mk_vma_flags(vma_flags_t flags, size_t count,
					 const vma_flag_t *bits)
{
	size_t i;

	for (i = 0; i < count; i++)
		vma_flags_set_flag(&flags, bits[i]);
	return flags;
}

#define mk_vma_flags(...) \
	__mk_vma_flags(EMPTY_VMA_FLAGS, COUNT_ARGS(__VA_ARGS__), \
		       (const vma_flag_t []){ __VA_ARGS__ })
/* a copy of @flags with these bits added */
#define append_vma_flags(flags, ...) \
	__mk_vma_flags(flags, COUNT_ARGS(__VA_ARGS__), (const vma_flag_t []){ __VA_ARGS__ })

static inline int vma_flags_count(const vma_flags_t *flags)
{
	return bitmap_weight(flags->__vma_flags, NUM_VMA_FLAG_BITS);
}

static inline bool vma_flags_test(const vma_flags_t *flags, vma_flag_t bit)
{
	return test_bit((int)bit, flags->__vma_flags);
}

/* the flags both have */
static inline vma_flags_t vma_flags_and_mask(const vma_flags_t *flags, vma_flags_t to_and)
{
	vma_flags_t dst;

	bitmap_and(dst.__vma_flags, flags->__vma_flags, to_and.__vma_flags,
		   NUM_VMA_FLAG_BITS);
	return dst;
}

#define vma_flags_and(flags, ...) vma_flags_and_mask(flags, mk_vma_flags(__VA_ARGS__))

/* any of the mask's flags set */
static inline bool vma_flags_test_any_mask(const vma_flags_t *flags, vma_flags_t to_test)
{
	return bitmap_intersects(flags->__vma_flags, to_test.__vma_flags, NUM_VMA_FLAG_BITS);
}

#define vma_flags_test_any(flags, ...) \
	vma_flags_test_any_mask(flags, mk_vma_flags(__VA_ARGS__))

/* every one of the mask's flags set */
static inline bool vma_flags_test_all_mask(const vma_flags_t *flags, vma_flags_t to_test)
{
	return bitmap_subset(to_test.__vma_flags, flags->__vma_flags, NUM_VMA_FLAG_BITS);
}

#define vma_flags_test_all(flags, ...) \
	vma_flags_test_all_mask(flags, mk_vma_flags(__VA_ARGS__))

/* a mask of at most one flag (VMA_DROPPABLE, EMPTY_VMA_FLAGS when unconfigured) */
static inline bool vma_flags_test_single_mask(const vma_flags_t *flags, vma_flags_t flagmask)
{
	WARN_ON_ONCE(vma_flags_count(&flagmask) > 1);
	return vma_flags_test_any_mask(flags, flagmask);
}

static inline void vma_flags_set_mask(vma_flags_t *flags, vma_flags_t to_set)
{
	bitmap_or(flags->__vma_flags, flags->__vma_flags, to_set.__vma_flags,
		  NUM_VMA_FLAG_BITS);
}

#define vma_flags_set(flags, ...) vma_flags_set_mask(flags, mk_vma_flags(__VA_ARGS__))

/* the union of whole masks (mk_vma_flags() takes bit numbers) */
static inline vma_flags_t __mk_vma_flags_from_masks(size_t count, const vma_flags_t *masks)
{
	vma_flags_t flags = EMPTY_VMA_FLAGS;
	size_t i;

	for (i = 0; i < count; i++)
		vma_flags_set_mask(&flags, masks[i]);
	return flags;
}

#define mk_vma_flags_from_masks(...) \
	__mk_vma_flags_from_masks(COUNT_ARGS(__VA_ARGS__), \
				  (const vma_flags_t []){ __VA_ARGS__ })

static inline void vma_flags_clear_mask(vma_flags_t *flags, vma_flags_t to_clear)
{
	bitmap_andnot(flags->__vma_flags, flags->__vma_flags, to_clear.__vma_flags,
		      NUM_VMA_FLAG_BITS);
}

#define vma_flags_clear(flags, ...) vma_flags_clear_mask(flags, mk_vma_flags(__VA_ARGS__))

/* the flags one of the two has and the other has not */
static inline vma_flags_t vma_flags_diff_pair(const vma_flags_t *flags,
					      const vma_flags_t *flags_other)
{
	vma_flags_t dst;

	bitmap_xor(dst.__vma_flags, flags->__vma_flags, flags_other->__vma_flags,
		   NUM_VMA_FLAG_BITS);
	return dst;
}

static inline bool vma_flags_same_pair(const vma_flags_t *flags,
				       const vma_flags_t *flags_other)
{
	return bitmap_equal(flags->__vma_flags, flags_other->__vma_flags, NUM_VMA_FLAG_BITS);
}

static inline bool vma_flags_same_mask(const vma_flags_t *flags, vma_flags_t flags_other)
{
	return bitmap_equal(flags->__vma_flags, flags_other.__vma_flags, NUM_VMA_FLAG_BITS);
}

/* exactly these flags set, no others */
#define vma_flags_same(flags, ...) vma_flags_same_mask(flags, mk_vma_flags(__VA_ARGS__))

/* the same on a vma's flags */
static inline bool vma_test(const struct vm_area_struct *vma, vma_flag_t bit)
{
	return vma_flags_test(&vma->flags, bit);
}

static inline bool vma_test_any_mask(const struct vm_area_struct *vma, vma_flags_t flags)
{
	return vma_flags_test_any_mask(&vma->flags, flags);
}

#define vma_test_any(vma, ...) vma_test_any_mask(vma, mk_vma_flags(__VA_ARGS__))

static inline bool vma_test_all_mask(const struct vm_area_struct *vma, vma_flags_t flags)
{
	return vma_flags_test_all_mask(&vma->flags, flags);
}

#define vma_test_all(vma, ...) vma_test_all_mask(vma, mk_vma_flags(__VA_ARGS__))

static inline bool vma_test_single_mask(const struct vm_area_struct *vma,
					vma_flags_t flagmask)
{
	return vma_flags_test_single_mask(&vma->flags, flagmask);
}

static inline void vma_set_flags_mask(struct vm_area_struct *vma, vma_flags_t flags)
{
	vma_flags_set_mask(&vma->flags, flags);
}

#define vma_set_flags(vma, ...) vma_set_flags_mask(vma, mk_vma_flags(__VA_ARGS__))

static inline void vma_clear_flags_mask(struct vm_area_struct *vma, vma_flags_t flags)
{
	vma_flags_clear_mask(&vma->flags, flags);
}

#define vma_clear_flags(vma, ...) vma_clear_flags_mask(vma, mk_vma_flags(__VA_ARGS__))

/* and on a mapping's description in mmap_prepare() */
static inline bool vma_desc_test(const struct vm_area_desc *desc, vma_flag_t bit)
{
	return vma_flags_test(&desc->vma_flags, bit);
}

static inline bool vma_desc_test_any_mask(const struct vm_area_desc *desc, vma_flags_t flags)
{
	return vma_flags_test_any_mask(&desc->vma_flags, flags);
}

#define vma_desc_test_any(desc, ...) vma_desc_test_any_mask(desc, mk_vma_flags(__VA_ARGS__))

static inline bool vma_desc_test_all_mask(const struct vm_area_desc *desc, vma_flags_t flags)
{
	return vma_flags_test_all_mask(&desc->vma_flags, flags);
}

#define vma_desc_test_all(desc, ...) vma_desc_test_all_mask(desc, mk_vma_flags(__VA_ARGS__))

static inline void vma_desc_set_flags_mask(struct vm_area_desc *desc, vma_flags_t flags)
{
	vma_flags_set_mask(&desc->vma_flags, flags);
}

#define vma_desc_set_flags(desc, ...) vma_desc_set_flags_mask(desc, mk_vma_flags(__VA_ARGS__))

static inline void vma_desc_clear_flags_mask(struct vm_area_desc *desc, vma_flags_t flags)
{
	vma_flags_clear_mask(&desc->vma_flags, flags);
}

#define vma_desc_clear_flags(desc, ...) \
	vma_desc_clear_flags_mask(desc, mk_vma_flags(__VA_ARGS__))

/*
 * Flags only some bits may be set atomically under the read lock: 7.x
 * allows VMA_MAYBE_GUARD_BIT alone, and warns at any other.
 */
#define VM_ATOMIC_SET_ALLOWED	VM_MAYBE_GUARD

static inline bool __vma_atomic_valid_flag(struct vm_area_struct *vma, vma_flag_t bit)
{
	return !WARN_ON_ONCE(!(BIT((int)bit) & VM_ATOMIC_SET_ALLOWED));
}

static inline void vma_set_atomic_flag(struct vm_area_struct *vma, vma_flag_t bit)
{
	if (__vma_atomic_valid_flag(vma, bit))
		set_bit((int)bit, vma->flags.__vma_flags);
}

static inline bool vma_test_atomic_flag(struct vm_area_struct *vma, vma_flag_t bit)
{
	if (__vma_atomic_valid_flag(vma, bit))
		return test_bit((int)bit, vma->flags.__vma_flags);
	return false;
}

/* the masks of the VM_* flags above, as vma_flags_t (x86-64's configuration) */
#define VMA_STACK_EARLY		EMPTY_VMA_FLAGS
#define VMA_SHADOW_STACK	mk_vma_flags(VMA_SHADOW_STACK_BIT)
#define VMA_STARTGAP_FLAGS	mk_vma_flags(VMA_GROWSDOWN_BIT, VMA_SHADOW_STACK_BIT)
#define VMA_GROWSUP		EMPTY_VMA_FLAGS
#define VMA_UFFD_MISSING	mk_vma_flags(VMA_UFFD_MISSING_BIT)
#define VMA_UFFD_WP		mk_vma_flags(VMA_UFFD_WP_BIT)
#define VMA_UFFD_MINOR		mk_vma_flags(VMA_UFFD_MINOR_BIT)
#define VMA_UFFD_RWP		mk_vma_flags(VMA_UFFD_RWP_BIT)
#define VMA_DROPPABLE		mk_vma_flags(VMA_DROPPABLE_BIT)
#define VMA_STACK_INCOMPLETE_SETUP \
	append_vma_flags(VMA_STACK_EARLY, VMA_RAND_READ_BIT, VMA_SEQ_READ_BIT)
#define VMA_DATA_FLAGS_TSK_EXEC	mk_vma_flags(VMA_READ_BIT, VMA_WRITE_BIT, TASK_EXEC_BIT, \
					     VMA_MAYREAD_BIT, VMA_MAYWRITE_BIT, \
					     VMA_MAYEXEC_BIT)
#define VMA_DATA_FLAGS_NON_EXEC	mk_vma_flags(VMA_READ_BIT, VMA_WRITE_BIT, VMA_MAYREAD_BIT, \
					     VMA_MAYWRITE_BIT, VMA_MAYEXEC_BIT)
#define VMA_DATA_FLAGS_EXEC	mk_vma_flags(VMA_READ_BIT, VMA_WRITE_BIT, VMA_EXEC_BIT, \
					     VMA_MAYREAD_BIT, VMA_MAYWRITE_BIT, \
					     VMA_MAYEXEC_BIT)
#define VMA_DATA_DEFAULT_FLAGS	VMA_DATA_FLAGS_TSK_EXEC
#define VMA_STACK_DEFAULT_FLAGS	VMA_DATA_DEFAULT_FLAGS
#define VMA_STACK_FLAGS	append_vma_flags(VMA_STACK_DEFAULT_FLAGS, VMA_STACK_BIT, VMA_ACCOUNT_BIT)
#define VMA_ACCESS_FLAGS	mk_vma_flags(VMA_READ_BIT, VMA_WRITE_BIT, VMA_EXEC_BIT)
#define VMA_SPECIAL_FLAGS	mk_vma_flags(VMA_IO_BIT, VMA_DONTEXPAND_BIT, VMA_PFNMAP_BIT, \
					     VMA_MIXEDMAP_BIT)
#define VMA_REMAP_FLAGS		mk_vma_flags(VMA_IO_BIT, VMA_PFNMAP_BIT, VMA_DONTEXPAND_BIT, \
					     VMA_DONTDUMP_BIT)
#define VMA_LOCKED_MASK		mk_vma_flags(VMA_LOCKED_BIT, VMA_LOCKONFAULT_BIT)
/* kept on the merged mapping when either had them (soft-dirty is configured) */
#define VMA_STICKY_FLAGS	mk_vma_flags(VMA_SOFTDIRTY_BIT, VMA_MAYBE_GUARD_BIT)
#define VMA_IGNORE_MERGE_FLAGS	VMA_STICKY_FLAGS
/* a mapping whose page tables fork copies: what they hold no fault rebuilds */
#define VM_COPY_ON_FORK	(VM_PFNMAP | VM_MIXEDMAP | VM_UFFD_WP | VM_UFFD_RWP | VM_MAYBE_GUARD)
/* change_protection()'s userfaultfd read-write protection */
#define MM_CP_UFFD_RWP		(1UL << 4)
#define MM_CP_UFFD_RWP_RESOLVE	(1UL << 5)
#define MM_CP_UFFD_RWP_ALL	(MM_CP_UFFD_RWP | MM_CP_UFFD_RWP_RESOLVE)

/* a private mapping that may be written (copy on write), by its flags */
static inline bool vma_flags_is_cow_mapping(const vma_flags_t *flags)
{
	return vma_flags_test(flags, VMA_MAYWRITE_BIT) && !vma_flags_test(flags, VMA_SHARED_BIT);
}

static inline bool vma_is_cow_mapping(const struct vm_area_struct *vma)
{
	return vma_flags_is_cow_mapping(&vma->flags);
}

static inline bool vma_desc_is_cow_mapping(struct vm_area_desc *desc)
{
	return vma_flags_is_cow_mapping(&desc->vma_flags);
}

/* a stack that grows: down on x86 (up only on PA-RISC) */
static inline bool vma_flags_can_grow(const vma_flags_t *flags)
{
	return vma_flags_test_single_mask(flags, VMA_GROWSUP) ||
	       vma_flags_test(flags, VMA_GROWSDOWN_BIT);
}

static inline bool vma_can_grow(const struct vm_area_struct *vma)
{
	return vma_flags_can_grow(&vma->flags);
}

static inline void vma_desc_set_anonymous(struct vm_area_desc *desc)
{
	desc->vm_ops = NULL;
}

static inline unsigned long vma_desc_size(const struct vm_area_desc *desc)
{
	return desc->end - desc->start;
}

static inline unsigned long vma_desc_pages(const struct vm_area_desc *desc)
{
	return vma_desc_size(desc) >> PAGE_SHIFT;
}

/* [inner_start, inner_end) within [outer_start, outer_end) */
static inline bool range_is_subset(unsigned long outer_start, unsigned long outer_end,
				   unsigned long inner_start, unsigned long inner_end)
{
	return outer_start <= inner_start && inner_end <= outer_end;
}

static inline bool range_in_vma_desc(const struct vm_area_desc *desc, unsigned long start,
				     unsigned long end)
{
	return desc && range_is_subset(desc->start, desc->end, start, end);
}
#endif

/* a fault, as the mm hands it to a mapping's ->fault() */
struct vm_fault {
	const struct {
		struct vm_area_struct *vma;
		gfp_t gfp_mask;
		pgoff_t pgoff;
		unsigned long address;
		unsigned long real_address;
	};
	enum fault_flag flags;
	pmd_t *pmd;
	pud_t *pud;
	union {
		pte_t orig_pte;
		pmd_t orig_pmd;
	};
	struct page *cow_page;
	struct page *page;
	pte_t *pte;
	spinlock_t *ptl;
	pgtable_t prealloc_pte;
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
enum page_entry_size {
	PE_SIZE_PTE = 0,
	PE_SIZE_PMD,
	PE_SIZE_PUD,
};
#endif

/* what a mapping does on open, close and faults (vma->vm_ops) */
struct vm_operations_struct {
	void (*open)(struct vm_area_struct *area);
	void (*close)(struct vm_area_struct *area);
	int (*may_split)(struct vm_area_struct *area, unsigned long addr);
	int (*mremap)(struct vm_area_struct *area);
	int (*mprotect)(struct vm_area_struct *vma, unsigned long start,
			unsigned long end, unsigned long newflags);
	vm_fault_t (*fault)(struct vm_fault *vmf);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	vm_fault_t (*huge_fault)(struct vm_fault *vmf, unsigned int order);
#else
	vm_fault_t (*huge_fault)(struct vm_fault *vmf, enum page_entry_size pe_size);
#endif
	vm_fault_t (*map_pages)(struct vm_fault *vmf, pgoff_t start_pgoff, pgoff_t end_pgoff);
	unsigned long (*pagesize)(struct vm_area_struct *area);
	vm_fault_t (*page_mkwrite)(struct vm_fault *vmf);
	vm_fault_t (*pfn_mkwrite)(struct vm_fault *vmf);
	int (*access)(struct vm_area_struct *vma, unsigned long addr, void *buf, int len,
		      int write);
	const char *(*name)(struct vm_area_struct *vma);
	struct page *(*find_special_page)(struct vm_area_struct *vma, unsigned long addr);
};

/* a vma made by hand (tests of an mmap() handler), anonymous or not */
static inline void vma_init(struct vm_area_struct *vma, struct mm_struct *mm)
{
	static const struct vm_operations_struct dummy_vm_ops = {};

	memset(vma, 0, sizeof(*vma));
	vma->vm_mm = mm;
	vma->vm_ops = &dummy_vm_ops;
	INIT_LIST_HEAD(&vma->anon_vma_chain);
}

static inline void vma_set_anonymous(struct vm_area_struct *vma)
{
	vma->vm_ops = NULL;
}

static inline bool vma_is_anonymous(struct vm_area_struct *vma)
{
	return !vma->vm_ops;
}

static inline bool vma_is_accessible(struct vm_area_struct *vma)
{
	return vma->vm_flags & VM_ACCESS_FLAGS;
}

static inline unsigned long vma_pages(struct vm_area_struct *vma)
{
	return (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

static inline bool range_in_vma(struct vm_area_struct *vma, unsigned long start,
				unsigned long end)
{
	return vma && vma->vm_start <= start && end <= vma->vm_end;
}

/* a private mapping that may be written: its pages are copied on write */
static inline bool is_cow_mapping(vm_flags_t flags)
{
	return (flags & (VM_SHARED | VM_MAYWRITE)) == VM_MAYWRITE;
}

/* a shared mapping that may be written: its writes reach the file */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline bool is_shared_maywrite(const vma_flags_t *flags)
{
	return vma_flags_test_all(flags, VMA_SHARED_BIT, VMA_MAYWRITE_BIT);
}

static inline bool vma_is_shared_maywrite(struct vm_area_struct *vma)
{
	return is_shared_maywrite(&vma->flags);
}
#else
static inline bool is_shared_maywrite(vm_flags_t vm_flags)
{
	return (vm_flags & (VM_SHARED | VM_MAYWRITE)) == (VM_SHARED | VM_MAYWRITE);
}

static inline bool vma_is_shared_maywrite(struct vm_area_struct *vma)
{
	return is_shared_maywrite(vma->vm_flags);
}
#endif

/* a stack whose exec() has not finished setting it up */
static inline bool vma_is_temporary_stack(struct vm_area_struct *vma)
{
	if (!(vma->vm_flags & (VM_GROWSDOWN | VM_GROWSUP)))
		return false;
	return (vma->vm_flags & VM_STACK_INCOMPLETE_SETUP) == VM_STACK_INCOMPLETE_SETUP;
}

/* a mapping of another address space than current's (current has none here) */
static inline bool vma_is_foreign(struct vm_area_struct *vma)
{
	return !current->mm || current->mm != vma->vm_mm;
}

/* the gap kept free below a stack that grows down (mm/mmap.c, 256 pages) */
extern unsigned long stack_guard_gap;

/* 6.12 names this stack_guard_start_gap(); 6.1 has it inside vm_start_gap() */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define qdk_stack_guard_start_gap	stack_guard_start_gap
#endif
static inline unsigned long qdk_stack_guard_start_gap(struct vm_area_struct *vma)
{
	if (vma->vm_flags & VM_GROWSDOWN)
		return stack_guard_gap;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* 6.12: a shadow stack keeps one page */
	if (vma->vm_flags & VM_SHADOW_STACK)
		return PAGE_SIZE;
#endif
	return 0;
}

/* where the mapping starts with its guard gap, 0 if the gap wraps */
static inline unsigned long vm_start_gap(struct vm_area_struct *vma)
{
	unsigned long gap = qdk_stack_guard_start_gap(vma);

	return vma->vm_start >= gap ? vma->vm_start - gap : 0;
}

/* where it ends with its gap: only an upward stack has one (none on x86) */
static inline unsigned long vm_end_gap(struct vm_area_struct *vma)
{
	unsigned long vm_end = vma->vm_end;

	if (vma->vm_flags & VM_GROWSUP) {
		vm_end += stack_guard_gap;
		if (vm_end < vma->vm_end)
			vm_end = -PAGE_SIZE;
	}
	return vm_end;
}

/*
 * -ENOSPC when a data segment grown to @new would pass the limit @rlim
 * (RLIM_INFINITY, ~0UL, is no limit)
 */
static inline int check_data_rlimit(unsigned long rlim, unsigned long new,
				    unsigned long start, unsigned long end_data,
				    unsigned long start_data)
{
	if (rlim < ~0UL && (new - start) + (end_data - start_data) > rlim)
		return -ENOSPC;
	return 0;
}

/* 1 when the two pages hold the same bytes */
static inline int pages_identical(struct page *page1, struct page *page2)
{
	return !memcmp(page_address(page1), page_address(page2), PAGE_SIZE);
}

/*
 * Whether a folio may be pinned for DMA: a small folio whose references
 * reach GUP_PIN_COUNTING_BIAS may be (a pin adds that many); a large one
 * keeps a pin count, which stays 0 as nothing pins in the shim
 * (pin_user_pages() is unmodelled).
 */
static inline bool folio_maybe_dma_pinned(struct folio *folio)
{
	if (folio_nr_pages(folio) > 1)
		return false;
	return (unsigned int)atomic_read(&folio->_refcount) >= GUP_PIN_COUNTING_BIAS;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline bool page_maybe_dma_pinned(struct page *page)
{
	return folio_maybe_dma_pinned(page_folio(page));
}
#endif

/*
 * fork() copying a private mapping (its mm's write_protect_seq held, odd):
 * a page that may be pinned for DMA is copied at once rather than shared
 * copy-on-write, once the mm has ever pinned (MMF_HAS_PINNED).
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0) && !defined(MMF_HAS_PINNED)
/* linux/sched/coredump.h's bit of mm->flags: FOLL_PIN has run (never cleared) */
#define MMF_HAS_PINNED		27
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline bool folio_needs_cow_for_dma(struct vm_area_struct *vma, struct folio *folio)
#else
static inline bool page_needs_cow_for_dma(struct vm_area_struct *vma, struct page *page)
#endif
{
	VM_BUG_ON(!(raw_read_seqcount(&vma->vm_mm->write_protect_seq) & 1));
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	if (!test_bit(MMF_HAS_PINNED, __mm_flags_get_bitmap(vma->vm_mm)))
#else
	if (!test_bit(MMF_HAS_PINNED, &vma->vm_mm->flags))
#endif
		return false;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return folio_maybe_dma_pinned(folio);
#else
	return page_maybe_dma_pinned(page);
#endif
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: vm_flags is the first word of vma->flags, changed through these */
static inline void vm_flags_init(struct vm_area_struct *vma, vm_flags_t flags)
{
	vma_flags_clear_all(&vma->flags);
	vma_flags_overwrite_word(&vma->flags, flags);
}

static inline void vm_flags_reset(struct vm_area_struct *vma, vm_flags_t flags)
{
	vm_flags_init(vma, flags);
}

static inline void vma_flags_reset_once(struct vm_area_struct *vma, vma_flags_t *flags)
{
	vma_flags_overwrite_word_once(&vma->flags, flags->__vma_flags[0]);
}

static inline void vm_flags_set(struct vm_area_struct *vma, vm_flags_t flags)
{
	vma_flags_set_word(&vma->flags, flags);
}

static inline void vm_flags_clear(struct vm_area_struct *vma, vm_flags_t flags)
{
	vma_flags_clear_word(&vma->flags, flags);
}

static inline void __vm_flags_mod(struct vm_area_struct *vma, vm_flags_t set,
				  vm_flags_t clear)
{
	vm_flags_init(vma, (vma->vm_flags | set) & ~clear);
}

static inline void vm_flags_mod(struct vm_area_struct *vma, vm_flags_t set,
				vm_flags_t clear)
{
	__vm_flags_mod(vma, set, clear);
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: vm_flags is read-only, changed through these */
static inline void vm_flags_init(struct vm_area_struct *vma, vm_flags_t flags)
{
	vma->__vm_flags = flags;
}

static inline void vm_flags_reset(struct vm_area_struct *vma, vm_flags_t flags)
{
	vm_flags_init(vma, flags);
}

static inline void vm_flags_reset_once(struct vm_area_struct *vma, vm_flags_t flags)
{
	WRITE_ONCE(vma->__vm_flags, flags);
}

static inline void vm_flags_set(struct vm_area_struct *vma, vm_flags_t flags)
{
	vma->__vm_flags |= flags;
}

static inline void vm_flags_clear(struct vm_area_struct *vma, vm_flags_t flags)
{
	vma->__vm_flags &= ~flags;
}

static inline void __vm_flags_mod(struct vm_area_struct *vma, vm_flags_t set,
				  vm_flags_t clear)
{
	vm_flags_init(vma, (vma->vm_flags | set) & ~clear);
}

static inline void vm_flags_mod(struct vm_area_struct *vma, vm_flags_t set,
				vm_flags_t clear)
{
	__vm_flags_mod(vma, set, clear);
}
#endif

/* an errno as a fault code, and a fault code as an errno */
static inline vm_fault_t vmf_error(int err)
{
	if (err == -ENOMEM)
		return VM_FAULT_OOM;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	else if (err == -EHWPOISON)
		return VM_FAULT_HWPOISON;
#endif
	return VM_FAULT_SIGBUS;
}

static inline int vm_fault_to_errno(vm_fault_t vm_fault, int foll_flags)
{
	if (vm_fault & VM_FAULT_OOM)
		return -ENOMEM;
	if (vm_fault & (VM_FAULT_HWPOISON | VM_FAULT_HWPOISON_LARGE))
		return (foll_flags & FOLL_HWPOISON) ? -EHWPOISON : -EFAULT;
	if (vm_fault & (VM_FAULT_SIGBUS | VM_FAULT_SIGSEGV))
		return -EFAULT;
	return 0;
}

enum {
	REGION_INTERSECTS,
	REGION_DISJOINT,
	REGION_MIXED,
};

enum mf_flags {
	MF_COUNT_INCREASED	= 1 << 0,
	MF_ACTION_REQUIRED	= 1 << 1,
	MF_MUST_KILL		= 1 << 2,
	MF_SOFT_OFFLINE		= 1 << 3,
	MF_UNPOISON		= 1 << 4,
	MF_SW_SIMULATED		= 1 << 5,
	MF_NO_RETRY		= 1 << 6,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	MF_MEM_PRE_REMOVE	= 1 << 7,
#endif
};

enum mf_result {
	MF_IGNORED,
	MF_FAILED,
	MF_DELAYED,
	MF_RECOVERED,
};

enum mf_action_page_type {
	MF_MSG_KERNEL,
	MF_MSG_KERNEL_HIGH_ORDER,
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	MF_MSG_SLAB,
#endif
	MF_MSG_DIFFERENT_COMPOUND,
	MF_MSG_HUGE,
	MF_MSG_FREE_HUGE,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	MF_MSG_GET_HWPOISON,
#endif
	MF_MSG_UNMAP_FAILED,
	MF_MSG_DIRTY_SWAPCACHE,
	MF_MSG_CLEAN_SWAPCACHE,
	MF_MSG_DIRTY_MLOCKED_LRU,
	MF_MSG_CLEAN_MLOCKED_LRU,
	MF_MSG_DIRTY_UNEVICTABLE_LRU,
	MF_MSG_CLEAN_UNEVICTABLE_LRU,
	MF_MSG_DIRTY_LRU,
	MF_MSG_CLEAN_LRU,
	MF_MSG_TRUNCATED_LRU,
	MF_MSG_BUDDY,
	MF_MSG_DAX,
	MF_MSG_UNSPLIT_THP,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	MF_MSG_ALREADY_POISONED,
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	MF_MSG_PFN_MAP,
#endif
	MF_MSG_UNKNOWN,
};

/* megabytes and pages (4 KiB) */
#define PAGES_TO_MB(pages)	((pages) >> (20 - PAGE_SHIFT))
#define MB_TO_PAGES(mb)		((mb) << (20 - PAGE_SHIFT))
/* a physical address no memory has */
#define INVALID_PHYS_ADDR	(~(phys_addr_t)0)
/* x86 maps the zero page into any mm */
#define mm_forbids_zeropage(X)	(0)
/* an on-stack vma for flush_tlb_range() */
#define TLB_FLUSH_VMA(mm, flags)	{ .vm_mm = (mm), .vm_flags = (flags) }
/* zap_details' flags: a real unmap, and dropping uffd-wp markers too */
#define ZAP_FLAG_DROP_MARKER	((__force zap_flags_t)BIT(0))
#define ZAP_FLAG_UNMAP		((__force zap_flags_t)BIT(1))
/* the vmemmap pages of a huge page HVO keeps */
#define VMEMMAP_RESERVE_NR	2
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* pages cleared (clear_pages()) between two chances to reschedule */
#define PROCESS_PAGES_NON_PREEMPT_BATCH	(SZ_32M >> PAGE_SHIFT)
/* what snapshot_page() could tell of a page */
#define PAGE_SNAPSHOT_FAITHFUL	(1 << 0)
#define PAGE_SNAPSHOT_PG_BUDDY	(1 << 1)
#define PAGE_SNAPSHOT_PG_IDLE	(1 << 2)
#endif

/*
 * NUMA balancing's "cpupid" (CONFIG_NUMA_BALANCING=y, 8192 CPUs): the low
 * 8 bits of the last pid that touched a page under the 13 bits of its CPU.
 */
#define LAST__PID_SHIFT		8
#define LAST__PID_MASK		((1 << LAST__PID_SHIFT) - 1)
#define LAST__CPU_SHIFT		13
#define LAST__CPU_MASK		((1 << LAST__CPU_SHIFT) - 1)
#define LAST_CPUPID_SHIFT	(LAST__PID_SHIFT + LAST__CPU_SHIFT)
#define LAST_CPUPID_MASK	((1 << LAST_CPUPID_SHIFT) - 1)
/* a folio's access time in the same bits (memory tiering): ms, 12 bits at least */
#define PAGE_ACCESS_TIME_MIN_BITS	12
#define PAGE_ACCESS_TIME_BUCKETS	0
#define PAGE_ACCESS_TIME_MASK	(LAST_CPUPID_MASK << PAGE_ACCESS_TIME_BUCKETS)

static inline int cpu_pid_to_cpupid(int cpu, int pid)
{
	return ((cpu & LAST__CPU_MASK) << LAST__PID_SHIFT) | (pid & LAST__PID_MASK);
}

static inline int cpupid_to_pid(int cpupid)
{
	return cpupid & LAST__PID_MASK;
}

static inline int cpupid_to_cpu(int cpupid)
{
	return (cpupid >> LAST__PID_SHIFT) & LAST__CPU_MASK;
}

/* the node of its CPU: one node in the shim */
static inline int cpupid_to_nid(int cpupid)
{
	return 0;
}

/* all ones: no pid, or no CPU, recorded */
static inline bool cpupid_pid_unset(int cpupid)
{
	return cpupid_to_pid(cpupid) == (-1 & LAST__PID_MASK);
}

static inline bool cpupid_cpu_unset(int cpupid)
{
	return cpupid_to_cpu(cpupid) == (-1 & LAST__CPU_MASK);
}

static inline bool __cpupid_match_pid(pid_t task_pid, int cpupid)
{
	return (task_pid & LAST__PID_MASK) == cpupid_to_pid(cpupid);
}

#define cpupid_match_pid(task, cpupid)	__cpupid_match_pid((task)->pid, cpupid)

/*
 * Zeroing a struct page before its first use (memmap init): the whole
 * struct, as the generic version does.
 */
static inline void __mm_zero_struct_page(struct page *page)
{
	memset(page, 0, sizeof(*page));
}

#define mm_zero_struct_page(pp)	__mm_zero_struct_page(pp)

/*
 * NUMA balancing's last cpupid of a page: a member of its own here (the
 * kernel's layout when page->flags has no room for it); every page the
 * allocator hands out starts with none recorded, all ones.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline int folio_xchg_last_cpupid(struct folio *folio, int cpupid)
{
	return xchg(&folio->_last_cpupid, cpupid & LAST_CPUPID_MASK);
}

static inline int folio_last_cpupid(struct folio *folio)
{
	return folio->_last_cpupid;
}

/* memory tiering keeps the access time (ms) where the cpupid would be */
static inline int folio_xchg_access_time(struct folio *folio, int time)
{
	int last_time = folio_xchg_last_cpupid(folio, time >> PAGE_ACCESS_TIME_BUCKETS);

	return last_time << PAGE_ACCESS_TIME_BUCKETS;
}

/* note current's pid as one that touched the mapping in this scan period */
static inline void vma_set_access_pid_bit(struct vm_area_struct *vma)
{
	unsigned int pid_bit = hash_32(current->pid, ilog2(BITS_PER_LONG));

	if (vma->numab_state && !test_bit(pid_bit, &vma->numab_state->pids_active[1]))
		__set_bit(pid_bit, &vma->numab_state->pids_active[1]);
}
#else
static inline int page_cpupid_xchg_last(struct page *page, int cpupid)
{
	return xchg(&page->_last_cpupid, cpupid & LAST_CPUPID_MASK);
}

static inline int page_cpupid_last(struct page *page)
{
	return page->_last_cpupid;
}

static inline int xchg_page_access_time(struct page *page, int time)
{
	int last_time = page_cpupid_xchg_last(page, time >> PAGE_ACCESS_TIME_BUCKETS);

	return last_time << PAGE_ACCESS_TIME_BUCKETS;
}
#endif

static inline void page_cpupid_reset_last(struct page *page)
{
	page->_last_cpupid = -1 & LAST_CPUPID_MASK;
}

/*
 * An mm's resident pages by kind: never negative when read (a per-CPU
 * counter's sum may be in the kernel; the shim's is one atomic).
 */
static inline atomic_long_t *qdk_mm_counter(struct mm_struct *mm, int member)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return &mm->rss_stat[member];
#else
	return &mm->rss_stat.count[member];
#endif
}

static inline unsigned long get_mm_counter(struct mm_struct *mm, int member)
{
	long val = atomic_long_read(qdk_mm_counter(mm, member));

	return val < 0 ? 0 : val;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the exact sum of the per-CPU counts: the same value here */
static inline unsigned long get_mm_counter_sum(struct mm_struct *mm, int member)
{
	return get_mm_counter(mm, member);
}
#endif

static inline void add_mm_counter(struct mm_struct *mm, int member, long value)
{
	atomic_long_add(value, qdk_mm_counter(mm, member));
}

static inline void inc_mm_counter(struct mm_struct *mm, int member)
{
	atomic_long_inc(qdk_mm_counter(mm, member));
}

static inline void dec_mm_counter(struct mm_struct *mm, int member)
{
	atomic_long_dec(qdk_mm_counter(mm, member));
}

/* resident: file, anonymous and shared memory pages (swap entries are not) */
static inline unsigned long get_mm_rss(struct mm_struct *mm)
{
	return get_mm_counter(mm, MM_FILEPAGES) + get_mm_counter(mm, MM_ANONPAGES) +
	       get_mm_counter(mm, MM_SHMEMPAGES);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline unsigned long get_mm_rss_sum(struct mm_struct *mm)
{
	return get_mm_counter_sum(mm, MM_FILEPAGES) + get_mm_counter_sum(mm, MM_ANONPAGES) +
	       get_mm_counter_sum(mm, MM_SHMEMPAGES);
}
#endif

/* the high-water marks: the larger of the mark and the current value */
static inline unsigned long get_mm_hiwater_rss(struct mm_struct *mm)
{
	return max(mm->hiwater_rss, get_mm_rss(mm));
}

static inline unsigned long get_mm_hiwater_vm(struct mm_struct *mm)
{
	return max(mm->hiwater_vm, mm->total_vm);
}

static inline void update_hiwater_rss(struct mm_struct *mm)
{
	unsigned long rss = get_mm_rss(mm);

	if (mm->hiwater_rss < rss)
		mm->hiwater_rss = rss;
}

static inline void update_hiwater_vm(struct mm_struct *mm)
{
	if (mm->hiwater_vm < mm->total_vm)
		mm->hiwater_vm = mm->total_vm;
}

static inline void reset_mm_hiwater_rss(struct mm_struct *mm)
{
	mm->hiwater_rss = get_mm_rss(mm);
}

static inline void setmax_mm_hiwater_rss(unsigned long *maxrss, struct mm_struct *mm)
{
	unsigned long hiwater_rss = get_mm_hiwater_rss(mm);

	if (*maxrss < hiwater_rss)
		*maxrss = hiwater_rss;
}

/*
 * The bytes of an mm's page tables: x86-64 folds no PUD or PMD level, and
 * each table of any level is 512 entries of 8 bytes.
 */
#define QDK_PTRS_PER_TABLE	512

static inline void mm_pgtables_bytes_init(struct mm_struct *mm)
{
	atomic_long_set(&mm->pgtables_bytes, 0);
}

static inline unsigned long mm_pgtables_bytes(const struct mm_struct *mm)
{
	return atomic_long_read(&mm->pgtables_bytes);
}

static inline void mm_inc_nr_ptes(struct mm_struct *mm)
{
	atomic_long_add(QDK_PTRS_PER_TABLE * sizeof(pte_t), &mm->pgtables_bytes);
}

static inline void mm_dec_nr_ptes(struct mm_struct *mm)
{
	atomic_long_sub(QDK_PTRS_PER_TABLE * sizeof(pte_t), &mm->pgtables_bytes);
}

static inline void mm_inc_nr_pmds(struct mm_struct *mm)
{
	atomic_long_add(QDK_PTRS_PER_TABLE * sizeof(pmd_t), &mm->pgtables_bytes);
}

static inline void mm_dec_nr_pmds(struct mm_struct *mm)
{
	atomic_long_sub(QDK_PTRS_PER_TABLE * sizeof(pmd_t), &mm->pgtables_bytes);
}

static inline void mm_inc_nr_puds(struct mm_struct *mm)
{
	atomic_long_add(QDK_PTRS_PER_TABLE * sizeof(pud_t), &mm->pgtables_bytes);
}

static inline void mm_dec_nr_puds(struct mm_struct *mm)
{
	atomic_long_sub(QDK_PTRS_PER_TABLE * sizeof(pud_t), &mm->pgtables_bytes);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: an mm's MMF_* flags, bits of its flags bitmap */
static inline bool mm_flags_test(int flag, const struct mm_struct *mm)
{
	return test_bit(flag, __mm_flags_get_bitmap(mm));
}

static inline bool mm_flags_test_and_set(int flag, struct mm_struct *mm)
{
	return test_and_set_bit(flag, ACCESS_PRIVATE(&mm->flags, __mm_flags));
}

static inline bool mm_flags_test_and_clear(int flag, struct mm_struct *mm)
{
	return test_and_clear_bit(flag, ACCESS_PRIVATE(&mm->flags, __mm_flags));
}

static inline void mm_flags_set(int flag, struct mm_struct *mm)
{
	set_bit(flag, ACCESS_PRIVATE(&mm->flags, __mm_flags));
}

static inline void mm_flags_clear(int flag, struct mm_struct *mm)
{
	clear_bit(flag, ACCESS_PRIVATE(&mm->flags, __mm_flags));
}

static inline void mm_flags_clear_all(struct mm_struct *mm)
{
	bitmap_zero(ACCESS_PRIVATE(&mm->flags, __mm_flags), NUM_MM_FLAG_BITS);
}
#endif

/* the vma's place in the file, in pages: its first, past its last, its last */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline pgoff_t vma_start_pgoff(const struct vm_area_struct *vma)
{
	return vma->vm_pgoff;
}

static inline pgoff_t vma_end_pgoff(const struct vm_area_struct *vma)
{
	return vma_start_pgoff(vma) + vma_pages((struct vm_area_struct *)vma);
}

static inline pgoff_t vma_last_pgoff(const struct vm_area_struct *vma)
{
	return vma_end_pgoff(vma) - 1;
}
#endif

/* the main task's heap and stack, as /proc/PID/maps names them */
static inline bool vma_is_initial_heap(const struct vm_area_struct *vma)
{
	return vma->vm_start < vma->vm_mm->brk && vma->vm_end > vma->vm_mm->start_brk;
}

static inline bool vma_is_initial_stack(const struct vm_area_struct *vma)
{
	return vma->vm_start <= vma->vm_mm->start_stack &&
	       vma->vm_end >= vma->vm_mm->start_stack;
}

/* a page size of the mapping: the base page unless it is hugetlbfs's */
static inline unsigned long vma_kernel_pagesize(struct vm_area_struct *vma)
{
	return PAGE_SIZE;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a mapping's NUMA balancing state: none until its first scan, freed with it */
static inline void vma_numab_state_init(struct vm_area_struct *vma)
{
	vma->numab_state = NULL;
}

static inline void vma_numab_state_free(struct vm_area_struct *vma)
{
	kfree(vma->numab_state);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x: what an mmap_prepare() hook asks to be done once the mapping is
 * made (mmap_action_complete(), which would fill the page tables, is not
 * modelled): a pfn range remapped (I/O memory too), or kernel pages mapped.
 */
static inline void mmap_action_remap(struct vm_area_desc *desc, unsigned long start,
				     unsigned long start_pfn, unsigned long size)
{
	struct mmap_action *action = &desc->action;

	WARN_ON_ONCE(start < desc->start || start >= desc->end);
	WARN_ON_ONCE(start + size > desc->end);
	action->type = MMAP_REMAP_PFN;
	action->remap.start = start;
	action->remap.start_pfn = start_pfn;
	action->remap.size = size;
	action->remap.pgprot = desc->page_prot;
}

static inline void mmap_action_remap_full(struct vm_area_desc *desc, unsigned long start_pfn)
{
	mmap_action_remap(desc, desc->start, start_pfn, vma_desc_size(desc));
}

static inline void mmap_action_ioremap(struct vm_area_desc *desc, unsigned long start,
				       unsigned long start_pfn, unsigned long size)
{
	mmap_action_remap(desc, start, start_pfn, size);
	desc->action.type = MMAP_IO_REMAP_PFN;
}

static inline void mmap_action_ioremap_full(struct vm_area_desc *desc,
					    unsigned long start_pfn)
{
	mmap_action_ioremap(desc, desc->start, start_pfn, vma_desc_size(desc));
}

static inline void mmap_action_simple_ioremap(struct vm_area_desc *desc,
					      phys_addr_t start_phys_addr, unsigned long size)
{
	desc->action.simple_ioremap.start_phys_addr = start_phys_addr;
	desc->action.simple_ioremap.size = size;
	desc->action.type = MMAP_SIMPLE_IO_REMAP;
}

static inline void mmap_action_map_kernel_pages(struct vm_area_desc *desc, unsigned long start,
						struct page **pages, unsigned long nr_pages)
{
	struct mmap_action *action = &desc->action;

	action->type = MMAP_MAP_KERNEL_PAGES;
	action->map_kernel.start = start;
	action->map_kernel.pages = pages;
	action->map_kernel.nr_pages = nr_pages;
	action->map_kernel.pgoff = desc->pgoff;
}

static inline void mmap_action_map_kernel_pages_full(struct vm_area_desc *desc,
						     struct page **pages)
{
	mmap_action_map_kernel_pages(desc, desc->start, pages, vma_desc_pages(desc));
}
#endif

/* a file system's errno as a fault code (0 means the page is locked) */
static inline vm_fault_t vmf_fs_error(int err)
{
	if (err == 0)
		return VM_FAULT_LOCKED;
	if (err == -EFAULT || err == -EAGAIN)
		return VM_FAULT_NOPAGE;
	if (err == -ENOMEM)
		return VM_FAULT_OOM;
	return VM_FAULT_SIGBUS;
}

/*
 * User mappings, page tables, the page cache and memory failure: the shim
 * has no address space but its own, so these stop the call (lib/memory.c,
 * gup.c, mmap.c, util.c, filemap.c, truncate.c, memory-failure.c).
 */
struct task_struct;
struct inode;
struct pt_regs;
struct sysinfo;
typedef int (*pte_fn_t)(pte_t *pte, unsigned long addr, void *data);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* linux/pfn_t.h: a pfn with its flags */
typedef struct {
	u64 val;
} pfn_t;
#endif

int vm_insert_page(struct vm_area_struct *, unsigned long addr, struct page *);
int vm_insert_pages(struct vm_area_struct *vma, unsigned long addr,
		    struct page **pages, unsigned long *num);
int vm_map_pages(struct vm_area_struct *vma, struct page **pages, unsigned long num);
int vm_map_pages_zero(struct vm_area_struct *vma, struct page **pages, unsigned long num);
int vm_iomap_memory(struct vm_area_struct *vma, phys_addr_t start, unsigned long len);
vm_fault_t vmf_insert_pfn(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn);
vm_fault_t vmf_insert_pfn_prot(struct vm_area_struct *vma, unsigned long addr,
			       unsigned long pfn, pgprot_t pgprot);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int remap_pfn_range(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn,
		    unsigned long size, pgprot_t pgprot);
vm_fault_t vmf_insert_mixed(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn);
#else
int remap_pfn_range(struct vm_area_struct *, unsigned long addr, unsigned long pfn,
		    unsigned long size, pgprot_t);
vm_fault_t vmf_insert_mixed(struct vm_area_struct *vma, unsigned long addr, pfn_t pfn);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
vm_fault_t vmf_insert_mixed_prot(struct vm_area_struct *vma, unsigned long addr,
				 pfn_t pfn, pgprot_t pgprot);
vm_fault_t vmf_insert_mixed_mkwrite(struct vm_area_struct *vma, unsigned long addr,
				    pfn_t pfn);
void zap_page_range(struct vm_area_struct *vma, unsigned long address, unsigned long size);
int follow_pfn(struct vm_area_struct *vma, unsigned long address, unsigned long *pfn);
int follow_pte(struct mm_struct *mm, unsigned long address, pte_t **ptepp,
	       spinlock_t **ptlp);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
void zap_vma_ptes(struct vm_area_struct *vma, unsigned long address, unsigned long size);
extern int apply_to_existing_page_range(struct mm_struct *mm, unsigned long address,
					unsigned long size, pte_fn_t fn, void *data);
#endif
extern int apply_to_page_range(struct mm_struct *mm, unsigned long address,
			       unsigned long size, pte_fn_t fn, void *data);
void unmap_mapping_pages(struct address_space *mapping, pgoff_t start, pgoff_t nr,
			 bool even_cows);
void unmap_mapping_range(struct address_space *mapping, loff_t const holebegin,
			 loff_t const holelen, int even_cows);
extern vm_fault_t handle_mm_fault(struct vm_area_struct *vma, unsigned long address,
				  unsigned int flags, struct pt_regs *regs);
int generic_access_phys(struct vm_area_struct *vma, unsigned long addr, void *buf, int len,
			int write);
extern int access_process_vm(struct task_struct *tsk, unsigned long addr, void *buf,
			     int len, unsigned int gup_flags);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
long get_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages);
long pin_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages);
long get_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages, int *locked);
long pin_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages, int *locked);
#else
long get_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages, struct vm_area_struct **vmas);
long pin_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages, struct vm_area_struct **vmas);
long get_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages,
			   struct vm_area_struct **vmas, int *locked);
long pin_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages,
			   struct vm_area_struct **vmas, int *locked);
int pin_user_pages_fast_only(unsigned long start, int nr_pages, unsigned int gup_flags,
			     struct page **pages);
#endif
int get_user_pages_fast(unsigned long start, int nr_pages, unsigned int gup_flags,
			struct page **pages);
int get_user_pages_fast_only(unsigned long start, int nr_pages, unsigned int gup_flags,
			     struct page **pages);
long get_user_pages_unlocked(unsigned long start, unsigned long nr_pages, struct page **pages,
			     unsigned int gup_flags);
int pin_user_pages_fast(unsigned long start, int nr_pages, unsigned int gup_flags,
			struct page **pages);
long pin_user_pages_unlocked(unsigned long start, unsigned long nr_pages, struct page **pages,
			     unsigned int gup_flags);
void unpin_user_page(struct page *page);
void unpin_user_pages(struct page **pages, unsigned long npages);
void unpin_user_pages_dirty_lock(struct page **pages, unsigned long npages, bool make_dirty);
void unpin_user_page_range_dirty_lock(struct page *page, unsigned long npages,
				      bool make_dirty);
extern int fixup_user_fault(struct mm_struct *mm, unsigned long address,
			    unsigned int fault_flags, bool *unlocked);

extern struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr);
struct vm_area_struct *find_vma_intersection(struct mm_struct *mm, unsigned long start_addr,
					     unsigned long end_addr);
extern unsigned long __must_check vm_mmap(struct file *, unsigned long, unsigned long,
					  unsigned long, unsigned long, unsigned long);
extern int vm_munmap(unsigned long, size_t);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
extern int __must_check vm_brk(unsigned long, unsigned long);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
extern int __must_check vm_brk_flags(unsigned long, unsigned long, unsigned long);
#endif
pgprot_t vm_get_page_prot(vm_flags_t vm_flags);
extern bool can_do_mlock(void);
int account_locked_vm(struct mm_struct *mm, unsigned long pages, bool inc);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int __account_locked_vm(struct mm_struct *mm, unsigned long pages, bool inc,
			const struct task_struct *task, bool bypass_rlim);
#else
int __account_locked_vm(struct mm_struct *mm, unsigned long pages, bool inc,
			struct task_struct *task, bool bypass_rlim);
#endif
void vma_set_file(struct vm_area_struct *vma, struct file *file);

extern vm_fault_t filemap_fault(struct vm_fault *vmf);
extern vm_fault_t filemap_map_pages(struct vm_fault *vmf, pgoff_t start_pgoff,
				    pgoff_t end_pgoff);
extern vm_fault_t filemap_page_mkwrite(struct vm_fault *vmf);
extern void truncate_inode_pages(struct address_space *, loff_t);
extern void truncate_inode_pages_final(struct address_space *);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart, uoff_t lend);
#else
extern void truncate_inode_pages_range(struct address_space *, loff_t lstart, loff_t lend);
#endif
extern void truncate_pagecache(struct inode *inode, loff_t new);
void truncate_pagecache_range(struct inode *inode, loff_t offset, loff_t end);
extern void truncate_setsize(struct inode *inode, loff_t newsize);
void pagecache_isize_extended(struct inode *inode, loff_t from, loff_t to);

extern int memory_failure(unsigned long pfn, int flags);
extern void memory_failure_queue(unsigned long pfn, int flags);
extern int unpoison_memory(unsigned long pfn);
int mf_dax_kill_procs(struct address_space *mapping, pgoff_t index, unsigned long count,
		      int mf_flags);
int region_intersects(resource_size_t offset, size_t size, unsigned long flags,
		      unsigned long desc);

/*
 * How many user page-table entries map a folio. The shim maps no page into
 * user space (vm_insert_page() and the like stop the call), and has no
 * PMD or PUD mappings: a folio's count is its first page's _mapcount + 1,
 * a large one's too (the kernel keeps that in _large_mapcount), and its
 * entire mapcount is always 0.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline int folio_entire_mapcount(const struct folio *folio)
#else
static inline int folio_entire_mapcount(struct folio *folio)
#endif
{
	VM_BUG_ON(!folio_order((struct folio *)folio));
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline int folio_large_mapcount(const struct folio *folio)
{
	VM_BUG_ON(!folio_order((struct folio *)folio));
	return atomic_read(&folio->_mapcount) + 1;
}

static inline int folio_mapcount(const struct folio *folio)
{
	return atomic_read(&folio->_mapcount) + 1;
}

static inline bool folio_mapped(const struct folio *folio)
{
	return folio_mapcount(folio) >= 1;
}

static inline bool page_mapped(const struct page *page)
{
	return folio_mapped(page_folio((struct page *)page));
}
#else
/* 6.1: these are mm/util.c's */
int folio_mapcount(struct folio *folio);
bool folio_mapped(struct folio *folio);
bool page_mapped(struct page *page);

static inline int compound_mapcount(struct page *page)
{
	return folio_entire_mapcount(page_folio(page));
}

static inline int total_mapcount(struct page *page)
{
	return folio_mapcount(page_folio(page));
}

/* a page of a compound block: its own entries and the block's PMD ones (mm/util.c) */
int __page_mapcount(struct page *page);

/* how many processes map a folio, guessed from its first page (6.1) */
static inline int folio_estimated_sharers(struct folio *folio)
{
	return page_mapcount(folio_page(folio, 0));
}

/* drop a reference on each folio, freeing those whose last it was */
static inline void folios_put(struct folio **folios, unsigned int nr)
{
	release_pages((struct page **)folios, nr);
}

/* pin references to the pages of kernel addresses (kvecs; mm/swap.c) */
struct kvec;
int get_kernel_pages(const struct kvec *iov, int nr_pages, int write, struct page **pages);
#endif

/*
 * Page-table locks: the shim takes its mm's page_table_lock for every
 * level (the kernel's configuration without split page-table locks).
 */
struct ptdesc;

static inline spinlock_t *pte_lockptr(struct mm_struct *mm, pmd_t *pmd)
{
	return &mm->page_table_lock;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline spinlock_t *ptep_lockptr(struct mm_struct *mm, pte_t *pte)
{
	return &mm->page_table_lock;
}

#define qdk_ptdesc	ptdesc
#else
#define qdk_ptdesc	page
#endif

static inline void ptlock_cache_init(void) { }

static inline bool ptlock_init(struct qdk_ptdesc *ptdesc)
{
	return true;
}

static inline void ptlock_free(struct qdk_ptdesc *ptdesc) { }

static inline spinlock_t *pmd_lockptr(struct mm_struct *mm, pmd_t *pmd)
{
	return &mm->page_table_lock;
}

static inline bool pmd_ptlock_init(struct qdk_ptdesc *ptdesc)
{
	return true;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static inline void pmd_ptlock_free(struct qdk_ptdesc *ptdesc) { }
#endif
#undef qdk_ptdesc

#define pmd_huge_pte(mm, pmd)	((mm)->pmd_huge_pte)

static inline spinlock_t *pmd_lock(struct mm_struct *mm, pmd_t *pmd)
{
	spinlock_t *ptl = pmd_lockptr(mm, pmd);

	spin_lock(ptl);
	return ptl;
}

static inline spinlock_t *pud_lockptr(struct mm_struct *mm, pud_t *pud)
{
	return &mm->page_table_lock;
}

static inline spinlock_t *pud_lock(struct mm_struct *mm, pud_t *pud)
{
	spinlock_t *ptl = pud_lockptr(mm, pud);

	spin_lock(ptl);
	return ptl;
}

/*
 * The page a PMD table entry lies in: a table is one page (512 entries of
 * 8 bytes), found from the entry's address.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline struct page *pmd_pgtable_page(pmd_t *pmd)
#else
static inline struct page *pmd_to_page(pmd_t *pmd)
#endif
{
	unsigned long mask = ~(QDK_PTRS_PER_TABLE * sizeof(pmd_t) - 1);

	return virt_to_page((void *)((unsigned long)pmd & mask));
}

/* unlock a PTE table mapped by pte_offset_map_lock() (6.12 maps under RCU) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define pte_unmap_unlock(pte, ptl)	do {	\
	spin_unlock(ptl);			\
	(void)(pte);				\
	rcu_read_unlock();			\
} while (0)
#else
#define pte_unmap_unlock(pte, ptl)	do {	\
	spin_unlock(ptl);			\
	(void)(pte);				\
} while (0)
#endif

/* what vm_unmapped_area() looks for: a gap of length, aligned, in limits */
struct vm_unmapped_area_info {
	unsigned long flags;
	unsigned long length;
	unsigned long low_limit;
	unsigned long high_limit;
	unsigned long align_mask;
	unsigned long align_offset;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned long start_gap;
#endif
};

/* what zap_page_range_single() and unmap_mapping_*() are to leave or drop */
struct zap_details {
	struct folio *single_folio;
	bool even_cows;
	zap_flags_t zap_flags;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* follow_pfnmap_start()'s walk: the vma and address in, the pfn and its mapping out */
struct follow_pfnmap_args {
	struct vm_area_struct *vma;
	unsigned long address;
	spinlock_t *lock;
	pte_t *ptep;
	unsigned long pfn;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	unsigned long addr_mask;
#endif
	pgprot_t pgprot;
	bool writable;
	bool special;
};

int follow_pfnmap_start(struct follow_pfnmap_args *args);
void follow_pfnmap_end(struct follow_pfnmap_args *args);
#endif

/* fault in (populate) a range of current's mappings: mm/gup.c, not modelled */
extern int __mm_populate(unsigned long addr, unsigned long len, int ignore_errors);

static inline void mm_populate(unsigned long addr, unsigned long len)
{
	(void)__mm_populate(addr, len, 1);
}

/* the vma that contains addr, NULL if none (find_vma() gives the next one) */
static inline struct vm_area_struct *vma_lookup(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma = find_vma(mm, addr);

	if (vma && addr < vma->vm_start)
		vma = NULL;
	return vma;
}

/* the vma that spans exactly [vm_start, vm_end), NULL if none */
static inline struct vm_area_struct *find_exact_vma(struct mm_struct *mm,
						    unsigned long vm_start,
						    unsigned long vm_end)
{
	struct vm_area_struct *vma = vma_lookup(mm, vm_start);

	if (vma && (vma->vm_start != vm_start || vma->vm_end != vm_end))
		vma = NULL;
	return vma;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* one page of another mm with its vma (FOLL_NOWAIT is refused) */
static inline struct page *get_user_page_vma_remote(struct mm_struct *mm, unsigned long addr,
						    int gup_flags,
						    struct vm_area_struct **vmap)
{
	struct vm_area_struct *vma;
	struct page *page;
	long got;

	if (WARN_ON_ONCE(gup_flags & FOLL_NOWAIT))
		return ERR_PTR(-EINVAL);
	got = get_user_pages_remote(mm, addr, 1, gup_flags, &page, NULL);
	if (got < 0)
		return ERR_PTR(got);
	vma = vma_lookup(mm, addr);
	if (WARN_ON_ONCE(!vma)) {
		put_page(page);
		return ERR_PTR(-EINVAL);
	}
	*vmap = vma;
	return page;
}
#endif

/* one page of current's, without faulting it in: true if it was pinned */
static inline bool get_user_page_fast_only(unsigned long addr, unsigned int gup_flags,
					   struct page **pagep)
{
	return get_user_pages_fast_only(addr, 1, gup_flags, pagep) == 1;
}

/* unmap a file's range from every shared mapping, leaving private copies */
static inline void unmap_shared_mapping_range(struct address_space *mapping,
					      loff_t const holebegin, loff_t const holelen)
{
	unmap_mapping_range(mapping, holebegin, holelen, 0);
}

/* vm_insert_page()'s errno as a fault code (-EBUSY: already mapped, fine) */
static inline vm_fault_t vmf_insert_page(struct vm_area_struct *vma, unsigned long addr,
					 struct page *page)
{
	int err = vm_insert_page(vma, addr, page);

	if (err == -ENOMEM)
		return VM_FAULT_OOM;
	if (err < 0 && err != -EBUSY)
		return VM_FAULT_SIGBUS;
	return VM_FAULT_NOPAGE;
}

/*
 * I/O memory remapped: remap_pfn_range() with x86-64's pfn as given and
 * its protection unchanged (no memory encryption on the shim's machine).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline unsigned long io_remap_pfn_range_pfn(unsigned long pfn, unsigned long size)
{
	return pfn;
}
#endif

static inline int io_remap_pfn_range(struct vm_area_struct *vma, unsigned long addr,
				     unsigned long pfn, unsigned long size, pgprot_t prot)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	pfn = io_remap_pfn_range_pfn(pfn, size);
#endif
	return remap_pfn_range(vma, addr, pfn, size, prot);
}

/*
 * Whether get_user_pages() may follow a PROT_NONE entry without a fault:
 * 6.1 with FOLL_FORCE; 6.12 unless NUMA hinting faults are honoured in an
 * accessible mapping; 7.x never where userfaultfd tracks reads (RWP).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline bool gup_can_follow_protnone(const struct vm_area_struct *vma, unsigned int flags)
{
	if (vma_test_single_mask(vma, VMA_UFFD_RWP) && vma_is_accessible((void *)vma))
		return false;
	if (!(flags & FOLL_HONOR_NUMA_FAULT))
		return true;
	return !vma_is_accessible((void *)vma);
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline bool gup_can_follow_protnone(struct vm_area_struct *vma, unsigned int flags)
{
	if (!(flags & FOLL_HONOR_NUMA_FAULT))
		return true;
	return !vma_is_accessible(vma);
}
#else
static inline bool gup_can_follow_protnone(unsigned int flags)
{
	return flags & FOLL_FORCE;
}
#endif

/* page poisoning's early switch (page_poison=): off, as Debian boots */
extern bool _page_poisoning_enabled_early;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * page_pool's pages: pp_magic holds PP_SIGNATURE (0x40 past x86-64's
 * POISON_POINTER_DELTA) with the page's DMA index in bits 7..38 and two
 * low bits the page_pool code uses; the mask leaves out both.
 */
#define QDK_PP_SIGNATURE	(0x40UL + 0xdead000000000000UL)
#define PP_DMA_INDEX_SHIFT	(1 + __fls(QDK_PP_SIGNATURE - 0xdead000000000000UL))
#define PP_DMA_INDEX_BITS	MIN(32, __ffs(0xdead000000000000UL) - PP_DMA_INDEX_SHIFT)
#define PP_DMA_INDEX_MASK	GENMASK(PP_DMA_INDEX_BITS + PP_DMA_INDEX_SHIFT - 1, \
					PP_DMA_INDEX_SHIFT)
#define PP_MAGIC_MASK		~(PP_DMA_INDEX_MASK | 0x3UL)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline bool page_pool_page_is_pp(const struct page *page)
#else
static inline bool page_pool_page_is_pp(struct page *page)
#endif
{
	return (page->pp_magic & PP_MAGIC_MASK) == QDK_PP_SIGNATURE;
}

/* the machine has no unaccepted memory (it is no confidential guest) */
static inline bool pfn_is_unaccepted_memory(unsigned long pfn)
{
	return false;
}

/* reserve_mem= regions by name (mm/memblock.c): the shim boots with none */
int reserve_mem_find_by_name(const char *name, phys_addr_t *start, phys_addr_t *size);

/* guard pages of debug_pagealloc: never enabled (debug_guardpage_minorder() 0) */
struct zone;

static inline bool set_page_guard(struct zone *zone, struct page *page, unsigned int order)
{
	return false;
}

static inline void clear_page_guard(struct zone *zone, struct page *page, unsigned int order)
{
}
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#include <linux/fcntl.h>	/* F_SEAL_*, for the seal checks below */

/*
 * 6.1's mm.h (later series keep these in mm's own headers):
 * memfd's write seals (F_SEAL_WRITE, F_SEAL_FUTURE_WRITE): a sealed memfd
 * may still be mapped shared, but read-only, and never made writable again.
 */
static inline bool is_write_sealed(int seals)
{
	return seals & (F_SEAL_WRITE | F_SEAL_FUTURE_WRITE);
}

/* write-sealed and mapped shared without VM_WRITE: mprotect() must not add it */
static inline bool is_readonly_sealed(int seals, vm_flags_t vm_flags)
{
	return is_write_sealed(seals) && (vm_flags & (VM_SHARED | VM_WRITE)) == VM_SHARED;
}

/* -EPERM for a new shared writable mapping of a write-sealed memfd */
static inline int seal_check_write(int seals, struct vm_area_struct *vma)
{
	if (!is_write_sealed(seals))
		return 0;
	if ((vma->vm_flags & VM_SHARED) && (vma->vm_flags & VM_WRITE))
		return -EPERM;
	return 0;
}

/* an anonymous mapping's name (CONFIG_ANON_VMA_NAME is off in 6.1's config) */
static inline int madvise_set_anon_name(struct mm_struct *mm, unsigned long start,
					unsigned long len_in, struct anon_vma_name *anon_name)
{
	return 0;
}

/* x86 has no ioremap area of its own: ioremap() maps into vmalloc's */
#ifndef is_ioremap_addr
#define is_ioremap_addr(x)	is_vmalloc_addr(x)
#endif
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * Device memory whose struct pages live in the device itself (linux/memremap.h's
 * struct vmem_altmap, which the shim has no header for): the pfns reserved at
 * its start, those free for the memmap and those the memmap took.
 */
struct vmem_altmap {
	unsigned long base_pfn;
	const unsigned long end_pfn;
	const unsigned long reserve;
	unsigned long free;
	unsigned long align;
	unsigned long alloc;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	bool inaccessible;
#endif
};

/* how many pfns from base_pfn on have no valid struct page (0 without an altmap) */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline unsigned long vmem_altmap_offset(const struct vmem_altmap *altmap)
#else
static inline unsigned long vmem_altmap_offset(struct vmem_altmap *altmap)
#endif
{
	return altmap ? altmap->reserve + altmap->free : 0;
}

/* give back nr_pfns of the memmap's pfns */
static inline void vmem_altmap_free(struct vmem_altmap *altmap, unsigned long nr_pfns)
{
	altmap->alloc -= nr_pfns;
}
#endif

/* with sparse memory (x86-64) there is no max_mapnr to set */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
static inline void set_max_mapnr(unsigned long limit) { }
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/errno.h>
#include <linux/gfp.h>
#include <linux/bug.h>
#include <linux/rbtree.h>
#include <linux/err.h>
#include <linux/overflow.h>
#include <linux/sizes.h>
#include <linux/sched.h>
#include <asm/fpu/api.h>
#include <linux/bitmap.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/hash.h>
#include <linux/kref.h>
#include <linux/once.h>
#include <linux/random.h>
#include <linux/ratelimit.h>
#include <linux/rculist.h>
#include <linux/srcu.h>
#include <linux/stat.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <linux/xarray.h>
#include <linux/personality.h>	/* asm/processor.h's, for TASK_EXEC */
#include <linux/kconfig.h>
#include <linux/notifier.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/idr.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#endif
#endif
