/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmalloc: the shim's one allocator (shim/lib/slab.c) serves it, with the
 * same accounting and call sites as kmalloc (linux/alloc_tag.h); node
 * arguments are taken and ignored (one NUMA node). Unlike the kernel's, a
 * vmalloc() object may be passed to kfree() without complaint, and the
 * size limit is KMALLOC_MAX_SIZE's.
 */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/alloc_tag.h>
#include <linux/gfp.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/overflow.h>
#include <linux/rbtree.h>
#include <linux/spinlock.h>
#include <linux/types.h>

void *__kmalloc_noprof(size_t size, gfp_t flags) __malloc;
void kfree(const void *objp);

static inline void *vmalloc_noprof(unsigned long size)
{
	return __kmalloc_noprof(size, GFP_KERNEL);
}

static inline void *vzalloc_noprof(unsigned long size)
{
	return __kmalloc_noprof(size, GFP_KERNEL | __GFP_ZERO);
}

static inline void *vmalloc_node_noprof(unsigned long size, int node)
{
	return __kmalloc_noprof(size, GFP_KERNEL);
}

static inline void *vzalloc_node_noprof(unsigned long size, int node)
{
	return __kmalloc_noprof(size, GFP_KERNEL | __GFP_ZERO);
}

static inline void *__vmalloc_noprof(unsigned long size, gfp_t gfp_mask)
{
	return __kmalloc_noprof(size, gfp_mask);
}

static inline void *__vmalloc_array_noprof(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(check_mul_overflow(n, size, &bytes)))
		return NULL;
	return __kmalloc_noprof(bytes, flags);
}

static inline void *vmalloc_array_noprof(size_t n, size_t size)
{
	return __vmalloc_array_noprof(n, size, GFP_KERNEL);
}

static inline void *__vcalloc_noprof(size_t n, size_t size, gfp_t flags)
{
	return __vmalloc_array_noprof(n, size, flags | __GFP_ZERO);
}

static inline void *vcalloc_noprof(size_t n, size_t size)
{
	return __vmalloc_array_noprof(n, size, GFP_KERNEL | __GFP_ZERO);
}

static inline void vfree(const void *addr)
{
	kfree(addr);
}

#define vmalloc(...)		alloc_hooks(vmalloc_noprof(__VA_ARGS__))
#define vzalloc(...)		alloc_hooks(vzalloc_noprof(__VA_ARGS__))
#define vmalloc_node(...)	alloc_hooks(vmalloc_node_noprof(__VA_ARGS__))
#define vzalloc_node(...)	alloc_hooks(vzalloc_node_noprof(__VA_ARGS__))
#define __vmalloc(...)		alloc_hooks(__vmalloc_noprof(__VA_ARGS__))
#define vmalloc_array(...)	alloc_hooks(vmalloc_array_noprof(__VA_ARGS__))
#define __vmalloc_array(...)	alloc_hooks(__vmalloc_array_noprof(__VA_ARGS__))
#define vcalloc(...)		alloc_hooks(vcalloc_noprof(__VA_ARGS__))
#define __vcalloc(...)		alloc_hooks(__vcalloc_noprof(__VA_ARGS__))

#endif
