/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kmalloc family. Every allocation is counted (objects and bytes) and
 * remembers its call site (linux/alloc_tag.h: each allocator is a macro
 * around its *_noprof function, as in Linux 6.10+), so a leak report names
 * what leaked and where it was allocated; kfree(NULL) and
 * kfree(ZERO_SIZE_PTR) are no-ops as in the kernel; kmalloc(0) returns
 * ZERO_SIZE_PTR.
 */
#ifndef _LINUX_SLAB_H
#define _LINUX_SLAB_H

#include <linux/types.h>
#include <linux/version.h>
#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/compiler.h>
#include <linux/alloc_tag.h>

#define ZERO_SIZE_PTR ((void *)16)
#define ZERO_OR_NULL_PTR(x) ((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)
#define ARCH_KMALLOC_MINALIGN 8
#define KMALLOC_MAX_SIZE (1UL << 22)
#define NUMA_NO_NODE (-1)
#define SLAB_HWCACHE_ALIGN	0x00002000U
#define SLAB_PANIC		0x00040000U
#define SLAB_ACCOUNT		0x04000000U

void *__kmalloc_noprof(size_t size, gfp_t flags) __malloc;
void kfree(const void *objp);
void kfree_sensitive(const void *objp);
size_t ksize(const void *objp);
void *krealloc_noprof(const void *objp, size_t new_size, gfp_t flags);

static inline __malloc void *kmalloc_noprof(size_t size, gfp_t flags)
{
	return __kmalloc_noprof(size, flags);
}

static inline __malloc void *kzalloc_noprof(size_t size, gfp_t flags)
{
	return __kmalloc_noprof(size, flags | __GFP_ZERO);
}

static inline __malloc void *kmalloc_node_noprof(size_t size, gfp_t flags, int node)
{
	return __kmalloc_noprof(size, flags);
}

static inline __malloc void *kzalloc_node_noprof(size_t size, gfp_t flags, int node)
{
	return __kmalloc_noprof(size, flags | __GFP_ZERO);
}

static inline __malloc void *kmalloc_array_noprof(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(check_mul_overflow(n, size, &bytes)))
		return NULL;
	return __kmalloc_noprof(bytes, flags);
}

static inline __malloc void *kcalloc_noprof(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array_noprof(n, size, flags | __GFP_ZERO);
}

static inline __malloc void *kmalloc_array_node_noprof(size_t n, size_t size,
						gfp_t flags, int node)
{
	return kmalloc_array_noprof(n, size, flags);
}

static inline __malloc void *kcalloc_node_noprof(size_t n, size_t size, gfp_t flags,
					  int node)
{
	return kmalloc_array_noprof(n, size, flags | __GFP_ZERO);
}

/* kvmalloc may fall back to vmalloc in the kernel; one allocator here. */
static inline __malloc void *kvmalloc_node_noprof(size_t size, gfp_t flags, int node)
{
	return __kmalloc_noprof(size, flags);
}

static inline __malloc void *kvmalloc_noprof(size_t size, gfp_t flags)
{
	return __kmalloc_noprof(size, flags);
}

static inline __malloc void *kvzalloc_noprof(size_t size, gfp_t flags)
{
	return __kmalloc_noprof(size, flags | __GFP_ZERO);
}

static inline __malloc void *kvzalloc_node_noprof(size_t size, gfp_t flags, int node)
{
	return __kmalloc_noprof(size, flags | __GFP_ZERO);
}

static inline __malloc void *kvmalloc_array_noprof(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array_noprof(n, size, flags);
}

static inline __malloc void *kvcalloc_noprof(size_t n, size_t size, gfp_t flags)
{
	return kmalloc_array_noprof(n, size, flags | __GFP_ZERO);
}

static inline void kvfree(const void *addr)
{
	kfree(addr);
}

static inline void kvfree_sensitive(const void *addr, size_t len)
{
	kfree_sensitive(addr);
}

/* kfree_rcu(), kvfree_rcu(): rcupdate.h's, as in the kernel */
#include <linux/rcupdate.h>

/* kmem_cache: a named size; objects come from the same counted allocator. */
struct kmem_cache {
	const char *name;
	unsigned int size;
	unsigned int align;
	slab_flags_t flags;
	void (*ctor)(void *);
	long live;
};

struct kmem_cache *kmem_cache_create(const char *name, unsigned int size,
				     unsigned int align, slab_flags_t flags,
				     void (*ctor)(void *));
void kmem_cache_destroy(struct kmem_cache *s);
void *kmem_cache_alloc_noprof(struct kmem_cache *s, gfp_t flags) __malloc;
void kmem_cache_free(struct kmem_cache *s, void *objp);
void kmem_cache_free_bulk(struct kmem_cache *s, size_t size, void **p);
int kmem_cache_alloc_bulk_noprof(struct kmem_cache *s, gfp_t flags, size_t size,
			  void **p);

static inline void *kmem_cache_zalloc_noprof(struct kmem_cache *s, gfp_t flags)
{
	return kmem_cache_alloc_noprof(s, flags | __GFP_ZERO);
}

static inline void *kmem_cache_alloc_node_noprof(struct kmem_cache *s, gfp_t flags,
					  int node)
{
	return kmem_cache_alloc_noprof(s, flags);
}

#define KMEM_CACHE(__struct, __flags)					\
	kmem_cache_create(#__struct, sizeof(struct __struct),		\
			  __alignof__(struct __struct), (__flags), NULL)

/* Each allocator records its caller as the object's allocation site. */
#define kmalloc(...)		alloc_hooks(kmalloc_noprof(__VA_ARGS__))
#define kzalloc(...)		alloc_hooks(kzalloc_noprof(__VA_ARGS__))
#define kmalloc_node(...)	alloc_hooks(kmalloc_node_noprof(__VA_ARGS__))
#define kzalloc_node(...)	alloc_hooks(kzalloc_node_noprof(__VA_ARGS__))
#define kmalloc_array(...)	alloc_hooks(kmalloc_array_noprof(__VA_ARGS__))
#define kcalloc(...)		alloc_hooks(kcalloc_noprof(__VA_ARGS__))
#define kmalloc_array_node(...)	alloc_hooks(kmalloc_array_node_noprof(__VA_ARGS__))
#define kcalloc_node(...)	alloc_hooks(kcalloc_node_noprof(__VA_ARGS__))
#define kvmalloc_node(...)	alloc_hooks(kvmalloc_node_noprof(__VA_ARGS__))
#define kvmalloc(...)		alloc_hooks(kvmalloc_noprof(__VA_ARGS__))
#define kvzalloc(...)		alloc_hooks(kvzalloc_noprof(__VA_ARGS__))
#define kvzalloc_node(...)	alloc_hooks(kvzalloc_node_noprof(__VA_ARGS__))
#define kvmalloc_array(...)	alloc_hooks(kvmalloc_array_noprof(__VA_ARGS__))
#define kvcalloc(...)		alloc_hooks(kvcalloc_noprof(__VA_ARGS__))
#define kmem_cache_zalloc(...)	alloc_hooks(kmem_cache_zalloc_noprof(__VA_ARGS__))
#define kmem_cache_alloc_node(...)	alloc_hooks(kmem_cache_alloc_node_noprof(__VA_ARGS__))
#define krealloc(...)		alloc_hooks(krealloc_noprof(__VA_ARGS__))
#define kmem_cache_alloc(...)	alloc_hooks(kmem_cache_alloc_noprof(__VA_ARGS__))
#define kmem_cache_alloc_bulk(...)	alloc_hooks(kmem_cache_alloc_bulk_noprof(__VA_ARGS__))
#define __kmalloc(...)		alloc_hooks(__kmalloc_noprof(__VA_ARGS__))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x: allocations by type, (k|kv)(m|z)alloc_(obj|objs|flex)(VAR_OR_TYPE,
 * [COUNT,] [GFP]); GFP_KERNEL when none is given. No __counted_by counter
 * is set: the shim's __counted_by() is empty, as without the attribute.
 */
#define __default_gfp(a, b, ...) b
#define default_gfp(...) __default_gfp(, ##__VA_ARGS__, GFP_KERNEL)
#define __alloc_objs(KMALLOC, GFP, TYPE, COUNT) \
	((TYPE *)KMALLOC(size_mul(sizeof(TYPE), COUNT), GFP))
#define __alloc_flex(KMALLOC, GFP, TYPE, FAM, COUNT) \
	((TYPE *)KMALLOC(size_add(sizeof(TYPE), \
				  size_mul(sizeof(((TYPE *)0)->FAM[0]), COUNT)), GFP))
#define kmalloc_obj(P, ...) __alloc_objs(kmalloc, default_gfp(__VA_ARGS__), typeof(P), 1)
#define kmalloc_objs(P, COUNT, ...) \
	__alloc_objs(kmalloc, default_gfp(__VA_ARGS__), typeof(P), COUNT)
#define kmalloc_flex(P, FAM, COUNT, ...) \
	__alloc_flex(kmalloc, default_gfp(__VA_ARGS__), typeof(P), FAM, COUNT)
#define kzalloc_obj(P, ...) __alloc_objs(kzalloc, default_gfp(__VA_ARGS__), typeof(P), 1)
#define kzalloc_objs(P, COUNT, ...) \
	__alloc_objs(kzalloc, default_gfp(__VA_ARGS__), typeof(P), COUNT)
#define kzalloc_flex(P, FAM, COUNT, ...) \
	__alloc_flex(kzalloc, default_gfp(__VA_ARGS__), typeof(P), FAM, COUNT)
#define kvmalloc_obj(P, ...) __alloc_objs(kvmalloc, default_gfp(__VA_ARGS__), typeof(P), 1)
#define kvmalloc_objs(P, COUNT, ...) \
	__alloc_objs(kvmalloc, default_gfp(__VA_ARGS__), typeof(P), COUNT)
#define kvmalloc_flex(P, FAM, COUNT, ...) \
	__alloc_flex(kvmalloc, default_gfp(__VA_ARGS__), typeof(P), FAM, COUNT)
#define kvzalloc_obj(P, ...) __alloc_objs(kvzalloc, default_gfp(__VA_ARGS__), typeof(P), 1)
#define kvzalloc_objs(P, COUNT, ...) \
	__alloc_objs(kvzalloc, default_gfp(__VA_ARGS__), typeof(P), COUNT)
#define kvzalloc_flex(P, FAM, COUNT, ...) \
	__alloc_flex(kvzalloc, default_gfp(__VA_ARGS__), typeof(P), FAM, COUNT)
#endif

#endif
