/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The memory manager's types: struct page as lib/page_alloc.c hands it out
 * (with the folio view of it), page fragment caches, and the types a
 * driver's mmap() and fault handlers are written against (vm_area_struct,
 * vm_fault_t, the fault flags and codes). Page tables do not exist in the
 * shim: their entry types are here so declarations match the kernel's.
 */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>
#include <linux/version.h>
#include <linux/list.h>
#include <linux/atomic.h>
#include <linux/rbtree.h>
#include <linux/spinlock.h>

struct qdk_page_block;
struct address_space;
struct file;
struct mm_struct;

/* asm/page_types.h: 4 KiB pages */
#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)
#define PAGE_MASK	(~(PAGE_SIZE - 1))

/* asm/pgtable_64_types.h and asm/pgtable_types.h: x86-64's entries */
typedef unsigned long pteval_t;
typedef unsigned long pmdval_t;
typedef unsigned long pudval_t;
typedef unsigned long pgprotval_t;
typedef struct { pteval_t pte; } pte_t;
typedef struct { pmdval_t pmd; } pmd_t;
typedef struct { pudval_t pud; } pud_t;
typedef struct pgprot { pgprotval_t pgprot; } pgprot_t;
typedef struct page *pgtable_t;
#define pgprot_val(x)	((x).pgprot)
#define __pgprot(x)	((pgprot_t) { (x) })

/*
 * struct page: the members drivers use. A block's first page holds the
 * block's references; of a compound block (__GFP_COMP) every page's head
 * is the first page, which also keeps the order.
 */
struct page {
	unsigned long flags;
	struct list_head lru;
	struct address_space *mapping;
	pgoff_t index;
	unsigned long private;
	atomic_t _mapcount;
	atomic_t _refcount;
	void *virtual;
	struct qdk_page_block *__qdk_block;	/* shim: the allocation */
	struct page *__qdk_head;	/* shim: its compound head, or itself */
	unsigned int __qdk_order;	/* shim: a compound head's order */
};

/* a folio is its first page seen as the whole block */
struct folio {
	union {
		struct {
			unsigned long flags;
			struct list_head lru;
			struct address_space *mapping;
			pgoff_t index;
			void *private;
			atomic_t _mapcount;
			atomic_t _refcount;
		};
		struct page page;
	};
};

/* the page's private word (buffer heads, a driver's own use) */
#define page_private(page)	((page)->private)

static inline void set_page_private(struct page *page, unsigned long private)
{
	page->private = private;
}

static inline void *folio_get_private(struct folio *folio)
{
	return folio->private;
}

/* a swap entry: where a page was swapped to, one word */
typedef struct {
	unsigned long val;
} swp_entry_t;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the name newer mm code uses for it */
typedef swp_entry_t softleaf_t;
#endif

/* zap_page_range()'s flags and clear_young_dirty_ptes()'s */
typedef unsigned int zap_flags_t;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
typedef int cydp_t;
#define CYDP_CLEAR_YOUNG	((cydp_t)BIT(0))
#define CYDP_CLEAR_DIRTY	((cydp_t)BIT(1))
#endif

/* a page fragment cache: a block carved from the end down */
#define PAGE_FRAG_CACHE_MAX_SIZE	__ALIGN_KERNEL_MASK(32768, ~PAGE_MASK)
#define PAGE_FRAG_CACHE_MAX_ORDER	get_order(PAGE_FRAG_CACHE_MAX_SIZE)

struct page_frag_cache {
	void *va;
	__u16 offset;
	__u16 size;
	unsigned int pagecnt_bias;
	bool pfmemalloc;
};

typedef unsigned long vm_flags_t;

struct vm_operations_struct;

/* a user mapping, as an mmap() file operation receives it */
struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;
	struct mm_struct *vm_mm;
	pgprot_t vm_page_prot;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* 6.12: read vm_flags, change it through vm_flags_set() and friends */
	union {
		const vm_flags_t vm_flags;
		vm_flags_t __vm_flags;
	};
#else
	unsigned long vm_flags;
#endif
	struct list_head anon_vma_chain;
	const struct vm_operations_struct *vm_ops;
	unsigned long vm_pgoff;
	struct file *vm_file;
	void *vm_private_data;
};

/* what a fault handler returns */
typedef unsigned int vm_fault_t;

enum vm_fault_reason {
	VM_FAULT_OOM		= (vm_fault_t)0x000001,
	VM_FAULT_SIGBUS		= (vm_fault_t)0x000002,
	VM_FAULT_MAJOR		= (vm_fault_t)0x000004,
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	VM_FAULT_WRITE		= (vm_fault_t)0x000008,
#endif
	VM_FAULT_HWPOISON	= (vm_fault_t)0x000010,
	VM_FAULT_HWPOISON_LARGE	= (vm_fault_t)0x000020,
	VM_FAULT_SIGSEGV	= (vm_fault_t)0x000040,
	VM_FAULT_NOPAGE		= (vm_fault_t)0x000100,
	VM_FAULT_LOCKED		= (vm_fault_t)0x000200,
	VM_FAULT_RETRY		= (vm_fault_t)0x000400,
	VM_FAULT_FALLBACK	= (vm_fault_t)0x000800,
	VM_FAULT_DONE_COW	= (vm_fault_t)0x001000,
	VM_FAULT_NEEDDSYNC	= (vm_fault_t)0x002000,
	VM_FAULT_COMPLETED	= (vm_fault_t)0x004000,
	VM_FAULT_HINDEX_MASK	= (vm_fault_t)0x0f0000,
};

#define VM_FAULT_SET_HINDEX(x)	((vm_fault_t)((x) << 16))
#define VM_FAULT_GET_HINDEX(x)	(((unsigned int)(x) >> 16) & 0xf)
#define VM_FAULT_ERROR	(VM_FAULT_OOM | VM_FAULT_SIGBUS | VM_FAULT_SIGSEGV | \
			 VM_FAULT_HWPOISON | VM_FAULT_HWPOISON_LARGE | VM_FAULT_FALLBACK)

/* how a fault came about (vm_fault.flags) */
enum fault_flag {
	FAULT_FLAG_WRITE		= 1 << 0,
	FAULT_FLAG_MKWRITE		= 1 << 1,
	FAULT_FLAG_ALLOW_RETRY		= 1 << 2,
	FAULT_FLAG_RETRY_NOWAIT		= 1 << 3,
	FAULT_FLAG_KILLABLE		= 1 << 4,
	FAULT_FLAG_TRIED		= 1 << 5,
	FAULT_FLAG_USER			= 1 << 6,
	FAULT_FLAG_REMOTE		= 1 << 7,
	FAULT_FLAG_INSTRUCTION		= 1 << 8,
	FAULT_FLAG_INTERRUPTIBLE	= 1 << 9,
	FAULT_FLAG_UNSHARE		= 1 << 10,
	FAULT_FLAG_ORIG_PTE_VALID	= 1 << 11,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	FAULT_FLAG_VMA_LOCK		= 1 << 12,
#endif
};


#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: get_user_pages()'s flags moved here from linux/mm.h, renumbered */
enum {
	FOLL_WRITE		= 1 << 0,
	FOLL_GET		= 1 << 1,
	FOLL_DUMP		= 1 << 2,
	FOLL_FORCE		= 1 << 3,
	FOLL_NOWAIT		= 1 << 4,
	FOLL_NOFAULT		= 1 << 5,
	FOLL_HWPOISON		= 1 << 6,
	FOLL_ANON		= 1 << 7,
	FOLL_LONGTERM		= 1 << 8,
	FOLL_SPLIT_PMD		= 1 << 9,
	FOLL_PCI_P2PDMA		= 1 << 10,
	FOLL_INTERRUPTIBLE	= 1 << 11,
	FOLL_HONOR_NUMA_FAULT	= 1 << 12,
};
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x: an mm's flags (mm_flags_*()), here from linux/sched/coredump.h: the
 * core dump filter's bits, then KSM, THP, OOM and uprobes state.
 */
#define NUM_MM_FLAG_BITS	64
#define MMF_DUMPABLE_BITS	2
#define MMF_DUMP_ANON_PRIVATE	2
#define MMF_DUMP_ANON_SHARED	3
#define MMF_DUMP_MAPPED_PRIVATE	4
#define MMF_DUMP_MAPPED_SHARED	5
#define MMF_DUMP_ELF_HEADERS	6
#define MMF_DUMP_HUGETLB_PRIVATE 7
#define MMF_DUMP_HUGETLB_SHARED	8
#define MMF_DUMP_DAX_PRIVATE	9
#define MMF_DUMP_DAX_SHARED	10
#define MMF_DUMP_FILTER_SHIFT	MMF_DUMPABLE_BITS
#define MMF_DUMP_FILTER_BITS	9
#define MMF_DUMP_FILTER_MASK	((BIT(MMF_DUMP_FILTER_BITS) - 1) << MMF_DUMP_FILTER_SHIFT)
/* CORE_DUMP_DEFAULT_ELF_HEADERS is configured */
#define MMF_DUMP_MASK_DEFAULT_ELF	BIT(MMF_DUMP_ELF_HEADERS)
#define MMF_DUMP_FILTER_DEFAULT	(BIT(MMF_DUMP_ANON_PRIVATE) | BIT(MMF_DUMP_ANON_SHARED) | \
				 BIT(MMF_DUMP_HUGETLB_PRIVATE) | MMF_DUMP_MASK_DEFAULT_ELF)
#define MMF_VM_MERGEABLE	16
#define MMF_VM_HUGEPAGE		17
#define MMF_HUGE_ZERO_FOLIO	18
#define MMF_HAS_UPROBES		19
#define MMF_RECALC_UPROBES	20
#define MMF_OOM_SKIP		21
#define MMF_UNSTABLE		22
#define MMF_DISABLE_THP_EXCEPT_ADVISED	23
#define MMF_DISABLE_THP_COMPLETELY	24
#define MMF_DISABLE_THP_MASK	(BIT(MMF_DISABLE_THP_COMPLETELY) | \
				 BIT(MMF_DISABLE_THP_EXCEPT_ADVISED))
#define MMF_OOM_REAP_QUEUED	25
#define MMF_MULTIPROCESS	26
#define MMF_HAS_PINNED		27
#define MMF_HAS_MDWE		28
#define MMF_HAS_MDWE_MASK	BIT(MMF_HAS_MDWE)
#define MMF_HAS_MDWE_NO_INHERIT	29
#define MMF_VM_MERGE_ANY	30
#define MMF_VM_MERGE_ANY_MASK	BIT(MMF_VM_MERGE_ANY)
#define MMF_TOPDOWN		31
#define MMF_TOPDOWN_MASK	BIT(MMF_TOPDOWN)
#define MMF_INIT_LEGACY_MASK	(MMF_DUMP_FILTER_MASK | MMF_DISABLE_THP_MASK | \
				 MMF_HAS_MDWE_MASK | MMF_VM_MERGE_ANY_MASK | MMF_TOPDOWN_MASK)

/* an mm's id, and the count of its mappings of a large folio */
typedef unsigned int mm_id_mapcount_t;
#define MM_ID_MAPCOUNT_MAX	INT_MAX
typedef unsigned short mm_id_t;
#define MM_ID_DUMMY		0
#define MM_ID_MIN		(MM_ID_DUMMY + 1)
#define MM_ID_BITS		((sizeof(mm_id_t) * BITS_PER_BYTE) - 1)
#define MM_ID_MASK		((1U << MM_ID_BITS) - 1)
#define MM_ID_MAX		MM_ID_MASK
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/seqlock.h>
#include <linux/srcu.h>
#include <linux/wait.h>
#endif
