/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation flags with the series' values. __GFP_ZERO changes what the
 * shim's allocators do, __GFP_DIRECT_RECLAIM where they may be called
 * (lib/slab.c's might_alloc()), __GFP_COMP the blocks of lib/page_alloc.c.
 */
#ifndef __LINUX_GFP_TYPES_H
#define __LINUX_GFP_TYPES_H

#include <linux/version.h>

#define __GFP_DMA		0x01u
#define __GFP_HIGHMEM		0x02u
#define __GFP_DMA32		0x04u
#define __GFP_MOVABLE		0x08u
#define __GFP_SKIP_KASAN_POISON	0	/* without KASAN_HW_TAGS */
#define __GFP_RECLAIMABLE	0x10u
#define __GFP_HIGH		0x20u
#define __GFP_IO		0x40u
#define __GFP_FS		0x80u
#define __GFP_ZERO		0x100u
#define __GFP_DIRECT_RECLAIM	0x400u
#define __GFP_KSWAPD_RECLAIM	0x800u
#define __GFP_WRITE		0x1000u
#define __GFP_NOWARN		0x2000u
#define __GFP_RETRY_MAYFAIL	0x4000u
#define __GFP_NOFAIL		0x8000u
#define __GFP_NORETRY		0x10000u
#define __GFP_MEMALLOC		0x20000u
#define __GFP_COMP		0x40000u
#define __GFP_NOMEMALLOC	0x80000u
#define __GFP_HARDWALL		0x100000u
#define __GFP_THISNODE		0x200000u
#define __GFP_ACCOUNT		0x400000u
#define __GFP_NOLOCKDEP		0	/* without LOCKDEP, as Debian builds */
#define __GFP_RECLAIM	(__GFP_DIRECT_RECLAIM | __GFP_KSWAPD_RECLAIM)
#define __GFP_ZEROTAGS		0x800000u
#define __GFP_SKIP_ZERO		0	/* without KASAN_HW_TAGS */
#define __GFP_SKIP_KASAN	0	/* without KASAN_HW_TAGS */

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * 6.12: each flag's bit number, as Debian's config numbers them (no
 * KASAN_HW_TAGS, no LOCKDEP; 6.12's SLAB_OBJ_EXT adds NO_OBJ_EXT, which 7.x
 * no longer has). The __GFP_* values above are 1 << these.
 */
enum {
	___GFP_DMA_BIT,
	___GFP_HIGHMEM_BIT,
	___GFP_DMA32_BIT,
	___GFP_MOVABLE_BIT,
	___GFP_RECLAIMABLE_BIT,
	___GFP_HIGH_BIT,
	___GFP_IO_BIT,
	___GFP_FS_BIT,
	___GFP_ZERO_BIT,
	___GFP_UNUSED_BIT,	/* 6.1's __GFP_ATOMIC */
	___GFP_DIRECT_RECLAIM_BIT,
	___GFP_KSWAPD_RECLAIM_BIT,
	___GFP_WRITE_BIT,
	___GFP_NOWARN_BIT,
	___GFP_RETRY_MAYFAIL_BIT,
	___GFP_NOFAIL_BIT,
	___GFP_NORETRY_BIT,
	___GFP_MEMALLOC_BIT,
	___GFP_COMP_BIT,
	___GFP_NOMEMALLOC_BIT,
	___GFP_HARDWALL_BIT,
	___GFP_THISNODE_BIT,
	___GFP_ACCOUNT_BIT,
	___GFP_ZEROTAGS_BIT,
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	___GFP_NO_OBJ_EXT_BIT,
#endif
	___GFP_LAST_BIT
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* a slab allocation without its object extension vector */
#define __GFP_NO_OBJ_EXT	(1u << ___GFP_NO_OBJ_EXT_BIT)
#endif
#define __GFP_BITS_SHIFT	___GFP_LAST_BIT
#else
#define __GFP_BITS_SHIFT	27	/* 6.1: its 27 flags, LOCKDEP not configured */
#endif
#define __GFP_BITS_MASK		((gfp_t)((1u << __GFP_BITS_SHIFT) - 1))

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define __GFP_ATOMIC		0x200u	/* gone in 6.12: GFP_ATOMIC without it */
#define GFP_ATOMIC	(__GFP_HIGH | __GFP_ATOMIC | __GFP_KSWAPD_RECLAIM)
#else
#define GFP_ATOMIC	(__GFP_HIGH | __GFP_KSWAPD_RECLAIM)
#endif
#define GFP_KERNEL	(__GFP_RECLAIM | __GFP_IO | __GFP_FS)
#define GFP_KERNEL_ACCOUNT (GFP_KERNEL | __GFP_ACCOUNT)
#define GFP_NOWAIT	(__GFP_KSWAPD_RECLAIM)
#define GFP_NOIO	(__GFP_RECLAIM)
#define GFP_NOFS	(__GFP_RECLAIM | __GFP_IO)
#define GFP_USER	(__GFP_RECLAIM | __GFP_IO | __GFP_FS | __GFP_HARDWALL)
#define GFP_DMA		__GFP_DMA
#define GFP_DMA32	__GFP_DMA32
#define GFP_HIGHUSER	(GFP_USER | __GFP_HIGHMEM)
#define GFP_HIGHUSER_MOVABLE	(GFP_HIGHUSER | __GFP_MOVABLE | __GFP_SKIP_KASAN_POISON)
#define GFP_TRANSHUGE_LIGHT	((GFP_HIGHUSER_MOVABLE | __GFP_COMP | \
				  __GFP_NOMEMALLOC | __GFP_NOWARN) & ~__GFP_RECLAIM)
#define GFP_TRANSHUGE	(GFP_TRANSHUGE_LIGHT | __GFP_DIRECT_RECLAIM)
#define GFP_ZONEMASK	(__GFP_DMA | __GFP_HIGHMEM | __GFP_DMA32 | __GFP_MOVABLE)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bits.h>
#endif
