/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The memory manager's types a task_struct embeds: the per-mm resident page
 * counters' indexes (get_mm_counter()), a page fragment, the batch of TLB
 * flushes a reclaiming task defers (x86-64 batches them).
 */
#ifndef _LINUX_MM_TYPES_TASK_H
#define _LINUX_MM_TYPES_TASK_H

#include <linux/types.h>
#include <linux/version.h>
#include <linux/atomic.h>

/*
 * Whether page tables take a lock per table page: a kernel for 8192 CPUs
 * splits them (from 4 CPUs on), and the lock fits the table page's
 * struct page (no lockdep spinlock in Debian's configs).
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define USE_SPLIT_PTE_PTLOCKS	1
#define USE_SPLIT_PMD_PTLOCKS	1
#endif
#define ALLOC_SPLIT_PTLOCKS	0

/* the resident page counters of an mm, mm->rss_stat's indexes */
enum {
	MM_FILEPAGES,
	MM_ANONPAGES,
	MM_SWAPENTS,
	MM_SHMEMPAGES,
	NR_MM_COUNTERS
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* 6.1: an mm's counters are atomics (6.12 made them per-CPU counters) */
#define SPLIT_RSS_COUNTING
struct mm_rss_stat {
	atomic_long_t count[NR_MM_COUNTERS];
};

/* 6.1: the counts a task gathers before folding them into its mm's */
struct task_rss_stat {
	int events;
	int count[NR_MM_COUNTERS];
};
#endif

struct page;

/* a piece of a page: a socket's send buffer fragment, for instance */
struct page_frag {
	struct page *page;
	__u32 offset;
	__u32 size;
};

/*
 * The TLB flushes reclaim deferred: whether one is needed, and whether a
 * writable entry was among those unmapped (x86's cpumask of the CPUs to
 * flush is not kept: the shim has no TLB).
 */
struct tlbflush_unmap_batch {
	bool flush_required;
	bool writable;
};

/*
 * The page fragment cache: a block carved from the end down. 7.x keeps it
 * here, the earlier series in linux/mm_types.h (which includes this
 * header). The shim's members are those of the earlier series (the block's
 * address, pfmemalloc and the offset apart, where 7.x encodes the first
 * two and the order into one word): lib/page_alloc.c is the only user.
 */
#define PAGE_FRAG_CACHE_MAX_SIZE	__ALIGN_KERNEL_MASK(32768, ~PAGE_MASK)
#define PAGE_FRAG_CACHE_MAX_ORDER	get_order(PAGE_FRAG_CACHE_MAX_SIZE)

struct page_frag_cache {
	void *va;
	__u16 offset;
	__u16 size;
	unsigned int pagecnt_bias;
	bool pfmemalloc;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: a task's lazy MMU mode, entered and paused by nesting counts */
struct lazy_mmu_state {
	u8 enable_count;
	u8 pause_count;
};
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/kernel.h>
#include <linux/bitmap.h>
#include <linux/bug.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/init.h>
#include <linux/overflow.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#include <linux/cleanup.h>
#include <linux/list.h>
#include <linux/random.h>
#include <linux/sprintf.h>
#include <linux/trace_printk.h>
#endif
#endif
