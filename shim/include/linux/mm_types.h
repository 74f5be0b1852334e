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
#include <linux/seqlock.h>
#include <linux/bitmap.h>
#include <linux/kref.h>
#include <linux/log2.h>
#include <linux/mm_types_task.h>

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
typedef unsigned long p4dval_t;
typedef unsigned long pgdval_t;
typedef struct { p4dval_t p4d; } p4d_t;
typedef struct { pgdval_t pgd; } pgd_t;
typedef struct pgprot { pgprotval_t pgprot; } pgprot_t;
typedef struct page *pgtable_t;
#define pgprot_val(x)	((x).pgprot)
#define __pgprot(x)	((pgprot_t) { (x) })

/*
 * struct page: the members drivers use. A block's first page holds the
 * block's references; of a compound block (__GFP_COMP) every page's head
 * is the first page, which also keeps the order.
 */
struct page_pool;

struct page {
	unsigned long flags;
	union {
		struct list_head lru;
		/* a page_pool's page: its signature where lru.next is, and its pool */
		struct {
			unsigned long pp_magic;
			struct page_pool *pp;
		};
	};
	struct address_space *mapping;
	pgoff_t index;
	unsigned long private;
	atomic_t _mapcount;
	atomic_t _refcount;
	/* NUMA balancing's last cpupid (a member, as when page->flags lacks the bits) */
	int _last_cpupid;
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
			int _last_cpupid;
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

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/*
 * 6.1: a second private word of a large folio (a network file system's),
 * kept by its second page, where the kernel's folio has _private_1.
 */
static inline void folio_set_private_1(struct folio *folio, unsigned long private)
{
	(&folio->page)[1].private = private;
}

static inline unsigned long folio_get_private_1(struct folio *folio)
{
	return (&folio->page)[1].private;
}
#endif

/* the PASID of an mm no device has bound yet (no ENQCMD here) */
#define INIT_PASID	0

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

/* struct page_frag_cache: linux/mm_types_task.h, included above */

typedef unsigned long vm_flags_t;
typedef unsigned int vm_fault_t;

struct vm_operations_struct;
struct vm_fault;
struct anon_vma;
struct mempolicy;
struct userfaultfd_ctx;

/* the userfaultfd a mapping is registered with (CONFIG_USERFAULTFD=y) */
struct vm_userfaultfd_ctx {
	struct userfaultfd_ctx *ctx;
};

#define NULL_VM_UFFD_CTX ((struct vm_userfaultfd_ctx) { NULL, })

/* a name given to an anonymous mapping (prctl(PR_SET_VMA_ANON_NAME)) */
struct anon_vma_name {
	struct kref kref;
	char name[];
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a mapping's NUMA balancing scan state (jiffies and scan sequences) */
struct vma_numab_state {
	unsigned long next_scan;
	unsigned long pids_active_reset;
	unsigned long pids_active[2];
	int start_scan_seq;
	int prev_scan_seq;
};
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x: a mapping's flags as a bitmap of vma_flag_t bit numbers (one word
 * on a 64-bit kernel: the legacy VM_* masks are its first word), read and
 * changed through the vma_flags_*() helpers of linux/mm.h.
 */
#define NUM_VMA_FLAG_BITS	BITS_PER_LONG
typedef struct {
	DECLARE_BITMAP(__vma_flags, NUM_VMA_FLAG_BITS);
} vma_flags_t;

#define EMPTY_VMA_FLAGS	((vma_flags_t){ })

static inline bool vma_flags_empty(const vma_flags_t *flags)
{
	return bitmap_empty(flags->__vma_flags, NUM_VMA_FLAG_BITS);
}

static inline void vma_flags_clear_all(vma_flags_t *flags)
{
	bitmap_zero(flags->__vma_flags, NUM_VMA_FLAG_BITS);
}

/* the first word as legacy VM_* flags */
static inline vm_flags_t vma_flags_to_legacy(vma_flags_t flags)
{
	return flags.__vma_flags[0];
}

/* the first word written, set or cleared; the others are left as they are */
static inline void vma_flags_overwrite_word(vma_flags_t *flags, unsigned long value)
{
	flags->__vma_flags[0] = value;
}

static inline void vma_flags_overwrite_word_once(vma_flags_t *flags, unsigned long value)
{
	WRITE_ONCE(flags->__vma_flags[0], value);
}

static inline void vma_flags_set_word(vma_flags_t *flags, unsigned long value)
{
	flags->__vma_flags[0] |= value;
}

static inline void vma_flags_clear_word(vma_flags_t *flags, unsigned long value)
{
	flags->__vma_flags[0] &= ~value;
}

static inline vma_flags_t legacy_to_vma_flags(vm_flags_t flags)
{
	vma_flags_t ret = EMPTY_VMA_FLAGS;

	vma_flags_overwrite_word(&ret, flags);
	return ret;
}

/* what an mmap_prepare() hook asks the mm to do once the mapping exists */
enum mmap_action_type {
	MMAP_NOTHING,
	MMAP_REMAP_PFN,
	MMAP_IO_REMAP_PFN,
	MMAP_SIMPLE_IO_REMAP,
	MMAP_MAP_KERNEL_PAGES,
};

struct mmap_action {
	union {
		struct {
			unsigned long start;
			unsigned long start_pfn;
			unsigned long size;
			pgprot_t pgprot;
		} remap;
		struct {
			phys_addr_t start_phys_addr;
			unsigned long size;
		} simple_ioremap;
		struct {
			unsigned long start;
			struct page **pages;
			unsigned long nr_pages;
			pgoff_t pgoff;
		} map_kernel;
	};
	enum mmap_action_type type;
	int error_override;
	bool hide_from_rmap_until_complete :1;
};

/*
 * 7.x: a mapping about to be made, as f_op->mmap_prepare() sees it: the
 * first four members fixed, the next four its to change, then what it
 * sets.
 */
struct vm_area_desc {
	struct mm_struct *mm;
	struct file *file;
	unsigned long start;
	unsigned long end;
	pgoff_t pgoff;
	struct file *vm_file;
	vma_flags_t vma_flags;
	pgprot_t page_prot;
	const struct vm_operations_struct *vm_ops;
	void *private_data;
	struct mmap_action action;
};

/* the pfn range a VM_PFNMAP mapping tracks its memory type for */
struct pfnmap_track_ctx {
	struct kref kref;
	unsigned long pfn;
	unsigned long size;
};
#endif

/* a user mapping, as an mmap() file operation receives it */
struct vm_area_struct {
	unsigned long vm_start;
	unsigned long vm_end;
	struct mm_struct *vm_mm;
	pgprot_t vm_page_prot;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	/* 7.x: vm_flags is the first word of the flags bitmap */
	union {
		const vm_flags_t vm_flags;
		vma_flags_t flags;
	};
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* 6.12: read vm_flags, change it through vm_flags_set() and friends */
	union {
		const vm_flags_t vm_flags;
		vm_flags_t __vm_flags;
	};
#else
	unsigned long vm_flags;
#endif
	struct list_head anon_vma_chain;
	struct anon_vma *anon_vma;
	const struct vm_operations_struct *vm_ops;
	unsigned long vm_pgoff;
	struct file *vm_file;
	void *vm_private_data;
	atomic_long_t swap_readahead_info;
	struct mempolicy *vm_policy;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct vma_numab_state *numab_state;
#endif
	/* its place in its file's i_mmap interval tree */
	struct {
		struct rb_node rb;
		unsigned long rb_subtree_last;
	} shared;
	struct vm_userfaultfd_ctx vm_userfaultfd_ctx;
};

/* a mapping's NUMA policy (CONFIG_NUMA=y) */
#define vma_policy(vma)	((vma)->vm_policy)

/*
 * No CONFIG_ANON_VMA_NAME in Debian's kernels: a mapping has no name, and
 * none can be made.
 */
static inline struct anon_vma_name *anon_vma_name(struct vm_area_struct *vma)
{
	return NULL;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline struct anon_vma_name *anon_vma_name_alloc(const char *name)
{
	return NULL;
}
#endif

/* a mapping without a file the kernel provides, the vDSO's say */
struct vm_special_mapping {
	const char *name;
	struct page **pages;
	vm_fault_t (*fault)(const struct vm_special_mapping *sm, struct vm_area_struct *vma,
			    struct vm_fault *vmf);
	int (*mremap)(const struct vm_special_mapping *sm, struct vm_area_struct *new_vma);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	void (*close)(const struct vm_special_mapping *sm, struct vm_area_struct *vma);
#endif
};

/* a region a no-MMU kernel shares between mappings (declared on every kernel) */
struct vm_region {
	struct rb_node vm_rb;
	vm_flags_t vm_flags;
	unsigned long vm_start;
	unsigned long vm_end;
	unsigned long vm_top;
	unsigned long vm_pgoff;
	struct file *vm_file;
	int vm_usage;
	bool vm_icache_flushed : 1;
};

/* why a TLB was flushed (the tlb:tlb_flush trace point's reason) */
enum tlb_flush_reason {
	TLB_FLUSH_ON_TASK_SWITCH,
	TLB_REMOTE_SHOOTDOWN,
	TLB_LOCAL_SHOOTDOWN,
	TLB_LOCAL_MM_SHOOTDOWN,
	TLB_REMOTE_SEND_IPI,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	TLB_REMOTE_WRONG_CPU,
#else
	NR_TLB_FLUSH_REASONS,
#endif
};

/* what a fault handler returns (vm_fault_t) */
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
/* the fault codes' names, for a trace point's __print_flags() */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define VM_FAULT_RESULT_TRACE \
	{ VM_FAULT_OOM,			"OOM" }, \
	{ VM_FAULT_SIGBUS,		"SIGBUS" }, \
	{ VM_FAULT_MAJOR,		"MAJOR" }, \
	{ VM_FAULT_WRITE,		"WRITE" }, \
	{ VM_FAULT_HWPOISON,		"HWPOISON" }, \
	{ VM_FAULT_HWPOISON_LARGE,	"HWPOISON_LARGE" }, \
	{ VM_FAULT_SIGSEGV,		"SIGSEGV" }, \
	{ VM_FAULT_NOPAGE,		"NOPAGE" }, \
	{ VM_FAULT_LOCKED,		"LOCKED" }, \
	{ VM_FAULT_RETRY,		"RETRY" }, \
	{ VM_FAULT_FALLBACK,		"FALLBACK" }, \
	{ VM_FAULT_DONE_COW,		"DONE_COW" }, \
	{ VM_FAULT_NEEDDSYNC,		"NEEDDSYNC" }
#else
#define VM_FAULT_RESULT_TRACE \
	{ VM_FAULT_OOM,			"OOM" }, \
	{ VM_FAULT_SIGBUS,		"SIGBUS" }, \
	{ VM_FAULT_MAJOR,		"MAJOR" }, \
	{ VM_FAULT_HWPOISON,		"HWPOISON" }, \
	{ VM_FAULT_HWPOISON_LARGE,	"HWPOISON_LARGE" }, \
	{ VM_FAULT_SIGSEGV,		"SIGSEGV" }, \
	{ VM_FAULT_NOPAGE,		"NOPAGE" }, \
	{ VM_FAULT_LOCKED,		"LOCKED" }, \
	{ VM_FAULT_RETRY,		"RETRY" }, \
	{ VM_FAULT_FALLBACK,		"FALLBACK" }, \
	{ VM_FAULT_DONE_COW,		"DONE_COW" }, \
	{ VM_FAULT_NEEDDSYNC,		"NEEDDSYNC" }, \
	{ VM_FAULT_COMPLETED,		"COMPLETED" }
#endif
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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: an mm's flags, a bitmap read through mm_flags_*() (linux/mm.h) */
typedef struct {
	DECLARE_BITMAP(__mm_flags, NUM_MM_FLAG_BITS);
} __private mm_flags_t;

/* 7.x: a page's flags word, wrapped */
typedef struct {
	unsigned long f;
} memdesc_flags_t;

/* 7.x: a vma's reference count's top bit marks readers being excluded */
#define VM_REFCNT_EXCLUDE_READERS_BIT	30
#define VM_REFCNT_EXCLUDE_READERS_FLAG	(1U << VM_REFCNT_EXCLUDE_READERS_BIT)
#define VM_REFCNT_LIMIT			(VM_REFCNT_EXCLUDE_READERS_FLAG - 1)

/* 7.x: a large folio's two mm ids share a word with a lock and a shared bit */
#define FOLIO_MM_IDS_LOCK_BITNUM	MM_ID_BITS
#define FOLIO_MM_IDS_LOCK_BIT		BIT(FOLIO_MM_IDS_LOCK_BITNUM)
#define FOLIO_MM_IDS_SHARED_BITNUM	(2 * MM_ID_BITS + 1)
#define FOLIO_MM_IDS_SHARED_BIT		BIT(FOLIO_MM_IDS_SHARED_BITNUM)
#endif

/*
 * The auxiliary vector an mm keeps for /proc/PID/auxv: x86-64 with IA-32
 * emulation adds 3 entries to the series' base ones, each a pair, with
 * the AT_NULL that ends it.
 */
#define AT_VECTOR_SIZE_ARCH	3
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define AT_VECTOR_SIZE_BASE	24
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define AT_VECTOR_SIZE_BASE	22
#else
#define AT_VECTOR_SIZE_BASE	20
#endif
#define AT_VECTOR_SIZE	(2 * (AT_VECTOR_SIZE_ARCH + AT_VECTOR_SIZE_BASE + 1))

/* the order of struct page's size rounded up (a vmemmap's page size shift) */
#define STRUCT_PAGE_MAX_SHIFT	(order_base_2(sizeof(struct page)))

struct task_struct;
struct user_namespace;
struct mem_cgroup;

/*
 * An address space: what a task's mm (current->mm, NULL in the shim's one
 * task) or a driver's own reference to one holds. The members modules and
 * the mm.h helpers read; the maple tree of its vmas, its mmap_lock and its
 * context are not modelled (find_vma() and the like stop the call). The
 * resident page counters are 6.1's atomics on every series (6.12 made
 * them per-CPU counters, read through the same helpers).
 */
struct mm_struct {
	atomic_t mm_count;
	unsigned long mmap_base;
	unsigned long mmap_legacy_base;
	unsigned long task_size;
	pgd_t *pgd;
	atomic_t membarrier_state;
	atomic_t mm_users;
	atomic_long_t pgtables_bytes;
	int map_count;
	spinlock_t page_table_lock;
	/* the deposited page tables of huge PMDs (one page-table lock per mm) */
	pgtable_t pmd_huge_pte;
	struct list_head mmlist;
	/* odd while fork() copies the page tables: GUP-fast backs off then */
	seqcount_t write_protect_seq;
	unsigned long hiwater_rss;
	unsigned long hiwater_vm;
	unsigned long total_vm;
	unsigned long locked_vm;
	atomic64_t pinned_vm;
	unsigned long data_vm;
	unsigned long exec_vm;
	unsigned long stack_vm;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	union {
		vm_flags_t def_flags;
		vma_flags_t def_vma_flags;
	};
#else
	unsigned long def_flags;
#endif
	unsigned long start_code, end_code, start_data, end_data;
	unsigned long start_brk, brk, start_stack;
	unsigned long arg_start, arg_end, env_start, env_end;
	unsigned long saved_auxv[AT_VECTOR_SIZE];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	atomic_long_t rss_stat[NR_MM_COUNTERS];
#else
	struct mm_rss_stat rss_stat;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	mm_flags_t flags;
#else
	unsigned long flags;
#endif
	struct task_struct *owner;
	struct user_namespace *user_ns;
	struct file *exe_file;
	unsigned long numa_next_scan;
	unsigned long numa_scan_offset;
	int numa_scan_seq;
	atomic_t tlb_flush_pending;
	atomic_t tlb_flush_batched;
	unsigned long ksm_merging_pages;
	unsigned long ksm_rmap_items;
	struct {
		struct list_head list;
		unsigned long bitmap;
		struct mem_cgroup *memcg;
	} lru_gen;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	mm_id_t mm_id;
#endif
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: the flags' first word, read, overwritten, or bits of it replaced */
static inline const unsigned long *__mm_flags_get_bitmap(const struct mm_struct *mm)
{
	return (const unsigned long *)ACCESS_PRIVATE(&mm->flags, __mm_flags);
}

static inline unsigned long __mm_flags_get_word(const struct mm_struct *mm)
{
	return *__mm_flags_get_bitmap(mm);
}

static inline void __mm_flags_overwrite_word(struct mm_struct *mm, unsigned long value)
{
	*ACCESS_PRIVATE(&mm->flags, __mm_flags) = value;
}

static inline void __mm_flags_set_mask_bits_word(struct mm_struct *mm, unsigned long mask,
						 unsigned long bits)
{
	unsigned long *word = ACCESS_PRIVATE(&mm->flags, __mm_flags);

	*word = (*word & ~mask) | bits;
}

/* the flags a forked mm inherits: MDWE's only if it may be inherited */
static inline unsigned long mmf_init_legacy_flags(unsigned long flags)
{
	if (flags & BIT(MMF_HAS_MDWE_NO_INHERIT))
		flags &= ~(BIT(MMF_HAS_MDWE) | BIT(MMF_HAS_MDWE_NO_INHERIT));
	return flags & MMF_INIT_LEGACY_MASK;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && \
	LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/*
 * 6.12: a task's concurrency id in its mm: unset is all ones; a set top
 * bit marks one the scheduler may take back lazily.
 */
enum mm_cid_state {
	MM_CID_UNSET = -1U,
	MM_CID_LAZY_PUT = (1U << 31),
};

static inline bool mm_cid_is_unset(int cid)
{
	return cid == MM_CID_UNSET;
}

static inline bool mm_cid_is_lazy_put(int cid)
{
	return !mm_cid_is_unset(cid) && (cid & MM_CID_LAZY_PUT);
}

static inline bool mm_cid_is_valid(int cid)
{
	return !(cid & MM_CID_LAZY_PUT);
}

static inline int mm_cid_set_lazy_put(int cid)
{
	return cid | MM_CID_LAZY_PUT;
}

static inline int mm_cid_clear_lazy_put(int cid)
{
	return cid & ~MM_CID_LAZY_PUT;
}
#endif

/* the multi-gen LRU's list of mms to walk (CONFIG_LRU_GEN=y) */
struct lru_gen_mm_list {
	struct list_head fifo;
	spinlock_t lock;
};

static inline void lru_gen_init_mm(struct mm_struct *mm)
{
	INIT_LIST_HEAD(&mm->lru_gen.list);
	mm->lru_gen.bitmap = 0;
	mm->lru_gen.memcg = NULL;
}

/* the mm ran: every generation's walker should look at it again */
static inline void lru_gen_use_mm(struct mm_struct *mm)
{
	WRITE_ONCE(mm->lru_gen.bitmap, -1);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * An mmu_gather's page pointers carry flags in their low bits (struct
 * pages are 8-byte aligned), or stand for a page count shifted past them.
 */
struct encoded_page;
#define ENCODED_PAGE_BITS		3ul
#define ENCODED_PAGE_BIT_DELAY_RMAP	1ul
#define ENCODED_PAGE_BIT_NR_PAGES_NEXT	2ul

static inline struct encoded_page *encode_page(struct page *page, unsigned long flags)
{
	BUILD_BUG_ON(__builtin_constant_p(flags) && flags > ENCODED_PAGE_BITS);
	return (struct encoded_page *)(flags | (unsigned long)page);
}

static inline unsigned long encoded_page_flags(struct encoded_page *page)
{
	return (unsigned long)page & ENCODED_PAGE_BITS;
}

static inline struct page *encoded_page_ptr(struct encoded_page *page)
{
	return (struct page *)((unsigned long)page & ~ENCODED_PAGE_BITS);
}

static inline struct encoded_page *encode_nr_pages(unsigned long nr)
{
	WARN_ON_ONCE((nr << 2) >> 2 != nr);
	return (struct encoded_page *)(nr << 2);
}

static inline unsigned long encoded_nr_pages(struct encoded_page *page)
{
	return (unsigned long)page >> 2;
}
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/refcount.h>
#include <linux/seqlock.h>
#include <linux/srcu.h>
#include <linux/wait.h>
#include <linux/notifier.h>
#include <linux/personality.h>
#include <linux/rculist.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#include <linux/random.h>
#endif
#endif
