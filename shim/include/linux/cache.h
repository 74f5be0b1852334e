/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cache-line sizes as x86-64's (asm/cache.h: 64-byte lines); the alignment
 * attributes themselves live in linux/compiler_types.h.
 */
#ifndef __LINUX_CACHE_H
#define __LINUX_CACHE_H

#include <linux/compiler_types.h>
#include <linux/kernel.h>

#define L1_CACHE_SHIFT		6
#define L1_CACHE_BYTES		(1 << L1_CACHE_SHIFT)
#define SMP_CACHE_BYTES		L1_CACHE_BYTES
#define INTERNODE_CACHE_SHIFT	L1_CACHE_SHIFT
#define L1_CACHE_ALIGN(x)	ALIGN(x, L1_CACHE_BYTES)
#define SMP_CACHE_ALIGN(x)	ALIGN(x, SMP_CACHE_BYTES)
#define cache_line_size()	L1_CACHE_BYTES

/* x86 needs no DMA alignment beyond the kmalloc minimum */
#define ARCH_DMA_MINALIGN	__alignof__(unsigned long long)

/* the largest alignment a type can need (a long double's, 16 on x86-64) */
#define LARGEST_ALIGN(x)	ALIGN(x, sizeof(long double))

/* where the members of a __cacheline_group_begin/end() group must lie */
#define CACHELINE_ASSERT_GROUP_MEMBER(TYPE, GROUP, MEMBER) \
	BUILD_BUG_ON(!(offsetof(TYPE, MEMBER) >= \
		       offsetofend(TYPE, __cacheline_group_begin__##GROUP) && \
		       offsetofend(TYPE, MEMBER) <= \
		       offsetof(TYPE, __cacheline_group_end__##GROUP)))
#define CACHELINE_ASSERT_GROUP_SIZE(TYPE, GROUP, SIZE) \
	BUILD_BUG_ON(offsetof(TYPE, __cacheline_group_end__##GROUP) - \
		     offsetofend(TYPE, __cacheline_group_begin__##GROUP) > SIZE)
#define ____cacheline_internodealigned_in_smp \
	__attribute__((__aligned__(1 << INTERNODE_CACHE_SHIFT)))

struct cacheline_padding {
	char x[0];
} ____cacheline_internodealigned_in_smp;
#define CACHELINE_PADDING(name)	struct cacheline_padding name

#endif
