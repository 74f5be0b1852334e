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
#include <linux/err.h>
#include <linux/stddef.h>

#define ZERO_SIZE_PTR ((void *)16)
#define ZERO_OR_NULL_PTR(x) ((unsigned long)(x) <= (unsigned long)ZERO_SIZE_PTR)
#define ARCH_KMALLOC_MINALIGN 8
#define KMALLOC_MAX_SIZE (1UL << 22)
#define NUMA_NO_NODE (-1)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * 6.12: each flag a bit of this enum, numbered as Debian's config has them
 * (MEMCG, KFENCE, SLAB_OBJ_EXT; no DEBUG_OBJECTS, FAILSLAB, KASAN_GENERIC,
 * SLUB_TINY); 7.x adds MAY_ACCOUNT, OBJ_EXT_IN_OBJ and NO_SHEAVES.
 */
enum _slab_flag_bits {
	_SLAB_CONSISTENCY_CHECKS,
	_SLAB_RED_ZONE,
	_SLAB_POISON,
	_SLAB_KMALLOC,
	_SLAB_HWCACHE_ALIGN,
	_SLAB_CACHE_DMA,
	_SLAB_CACHE_DMA32,
	_SLAB_STORE_USER,
	_SLAB_PANIC,
	_SLAB_TYPESAFE_BY_RCU,
	_SLAB_TRACE,
	_SLAB_NOLEAKTRACE,
	_SLAB_NO_MERGE,
	_SLAB_ACCOUNT,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	_SLAB_MAY_ACCOUNT,
#endif
	_SLAB_NO_USER_FLAGS,
	_SLAB_SKIP_KFENCE,
	_SLAB_RECLAIM_ACCOUNT,
	_SLAB_OBJECT_POISON,
	_SLAB_CMPXCHG_DOUBLE,
	_SLAB_NO_OBJ_EXT,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	_SLAB_OBJ_EXT_IN_OBJ,
	_SLAB_NO_SHEAVES,
#endif
	_SLAB_FLAGS_LAST_BIT
};

#define __SLAB_FLAG_BIT(nr)	((slab_flags_t)(1U << (nr)))
#define __SLAB_FLAG_UNUSED	((slab_flags_t)(0U))
#define SLAB_CONSISTENCY_CHECKS	__SLAB_FLAG_BIT(_SLAB_CONSISTENCY_CHECKS)
#define SLAB_RED_ZONE		__SLAB_FLAG_BIT(_SLAB_RED_ZONE)
#define SLAB_POISON		__SLAB_FLAG_BIT(_SLAB_POISON)
#define SLAB_KMALLOC		__SLAB_FLAG_BIT(_SLAB_KMALLOC)
#define SLAB_HWCACHE_ALIGN	__SLAB_FLAG_BIT(_SLAB_HWCACHE_ALIGN)
#define SLAB_CACHE_DMA		__SLAB_FLAG_BIT(_SLAB_CACHE_DMA)
#define SLAB_CACHE_DMA32	__SLAB_FLAG_BIT(_SLAB_CACHE_DMA32)
#define SLAB_STORE_USER		__SLAB_FLAG_BIT(_SLAB_STORE_USER)
#define SLAB_PANIC		__SLAB_FLAG_BIT(_SLAB_PANIC)
#define SLAB_TYPESAFE_BY_RCU	__SLAB_FLAG_BIT(_SLAB_TYPESAFE_BY_RCU)
#define SLAB_TRACE		__SLAB_FLAG_BIT(_SLAB_TRACE)
#define SLAB_DEBUG_OBJECTS	__SLAB_FLAG_UNUSED
#define SLAB_NOLEAKTRACE	__SLAB_FLAG_BIT(_SLAB_NOLEAKTRACE)
#define SLAB_NO_MERGE		__SLAB_FLAG_BIT(_SLAB_NO_MERGE)
#define SLAB_FAILSLAB		__SLAB_FLAG_UNUSED
#define SLAB_ACCOUNT		__SLAB_FLAG_BIT(_SLAB_ACCOUNT)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define SLAB_MAY_ACCOUNT	__SLAB_FLAG_BIT(_SLAB_MAY_ACCOUNT)
#define SLAB_OBJ_EXT_IN_OBJ	__SLAB_FLAG_BIT(_SLAB_OBJ_EXT_IN_OBJ)
#define SLAB_NO_SHEAVES		__SLAB_FLAG_BIT(_SLAB_NO_SHEAVES)
#endif
#define SLAB_KASAN		__SLAB_FLAG_UNUSED
#define SLAB_NO_USER_FLAGS	__SLAB_FLAG_BIT(_SLAB_NO_USER_FLAGS)
#define SLAB_SKIP_KFENCE	__SLAB_FLAG_BIT(_SLAB_SKIP_KFENCE)
#define SLAB_RECLAIM_ACCOUNT	__SLAB_FLAG_BIT(_SLAB_RECLAIM_ACCOUNT)
#define SLAB_TEMPORARY		SLAB_RECLAIM_ACCOUNT
#define SLAB_NO_OBJ_EXT		__SLAB_FLAG_BIT(_SLAB_NO_OBJ_EXT)

/* a SLUB freelist pointer, encoded as SLAB_FREELIST_HARDENED stores it */
typedef struct { unsigned long v; } freeptr_t;
#else
#define SLAB_CONSISTENCY_CHECKS	0x00000100U
#define SLAB_RED_ZONE		0x00000400U
#define SLAB_POISON		0x00000800U
#define SLAB_KMALLOC		0x00001000U
#define SLAB_HWCACHE_ALIGN	0x00002000U
#define SLAB_CACHE_DMA		0x00004000U
#define SLAB_CACHE_DMA32	0x00008000U
#define SLAB_STORE_USER		0x00010000U
#define SLAB_PANIC		0x00040000U
#define SLAB_TYPESAFE_BY_RCU	0x00080000U
#define SLAB_MEM_SPREAD		0x00100000U
#define SLAB_TRACE		0x00200000U
#define SLAB_DEBUG_OBJECTS	0x00400000U
#define SLAB_NOLEAKTRACE	0x00800000U
#define SLAB_FAILSLAB		0x02000000U
#define SLAB_ACCOUNT		0x04000000U
#define SLAB_KASAN		0	/* without KASAN */
#define SLAB_NO_USER_FLAGS	0x10000000U
#define SLAB_SKIP_KFENCE	0	/* without KFENCE */
#define SLAB_RECLAIM_ACCOUNT	0x00020000U
#define SLAB_TEMPORARY		SLAB_RECLAIM_ACCOUNT
#endif

/* SLUB's kmalloc caches on x86: 8 bytes up to two pages, then pages */
#define ARCH_SLAB_MINALIGN	__alignof__(unsigned long long)
#define KMALLOC_SHIFT_HIGH	(12 + 1)
#define KMALLOC_SHIFT_MAX	22
#define KMALLOC_SHIFT_LOW	3
#define KMALLOC_MIN_SIZE	(1 << KMALLOC_SHIFT_LOW)
#define KMALLOC_MAX_CACHE_SIZE	(1UL << KMALLOC_SHIFT_HIGH)
#define KMALLOC_MAX_ORDER	(KMALLOC_SHIFT_MAX - 12)
#define SLAB_OBJ_MIN_SIZE	(KMALLOC_MIN_SIZE < 16 ? (KMALLOC_MIN_SIZE) : 16)

static inline unsigned int arch_slab_minalign(void)
{
	return ARCH_SLAB_MINALIGN;
}

/* which kmalloc cache a size comes from (slab.h's __kmalloc_index()) */
static __always_inline unsigned int __kmalloc_index(size_t size,
						    bool size_is_constant)
{
	unsigned int i;

	if (!size)
		return 0;
	if (size <= KMALLOC_MIN_SIZE)
		return KMALLOC_SHIFT_LOW;
	if (size > 64 && size <= 96)
		return 1;
	if (size > 128 && size <= 192)
		return 2;
	for (i = 3; i <= 25; i++)
		if (size <= (1UL << i))
			return i;
	return -1;
}
#define kmalloc_index(s) __kmalloc_index(s, true)

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* which of the kmalloc caches of a size (Debian's config: ZONE_DMA, MEMCG_KMEM) */
enum kmalloc_cache_type {
	KMALLOC_NORMAL = 0,
	KMALLOC_CGROUP,
	KMALLOC_RECLAIM,
	KMALLOC_DMA,
	NR_KMALLOC_TYPES
};

#define KMALLOC_NOT_NORMAL_BITS	(__GFP_RECLAIMABLE | __GFP_DMA | __GFP_ACCOUNT)

/* by priority: DMA, then reclaimable, then accounted */
static __always_inline enum kmalloc_cache_type kmalloc_type(gfp_t flags)
{
	if (likely((flags & KMALLOC_NOT_NORMAL_BITS) == 0))
		return KMALLOC_NORMAL;
	if (flags & __GFP_DMA)
		return KMALLOC_DMA;
	if (flags & __GFP_RECLAIMABLE)
		return KMALLOC_RECLAIM;
	return KMALLOC_CGROUP;
}

/* SLUB has no CPU hotplug callbacks */
#define slab_prepare_cpu	NULL
#define slab_dead_cpu		NULL
#else
/* no RANDOM_KMALLOC_CACHES (6.12) or KMALLOC_PARTITION_CACHES (7.x): one normal cache */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define KMALLOC_PARTITION_CACHES_NR	0
/* 7.x: what partitions a kmalloc cache, empty without KMALLOC_PARTITION_CACHES */
typedef struct {} kmalloc_token_t;
#define __kmalloc_token(...)	((kmalloc_token_t){})
#define DECL_TOKEN_PARAM(_token)
#define _PASS_TOKEN_PARAM(_token)
#define PASS_TOKEN_PARAM(_token)	((kmalloc_token_t){})
#define DECL_TOKEN_PARAMS(_size, _token)	size_t (_size)
#define PASS_TOKEN_PARAMS(_size, _token)	(_size)
#else
#define RANDOM_KMALLOC_CACHES_NR	0
#endif

/* which of the kmalloc caches of a size (Debian's config: ZONE_DMA, MEMCG, SLAB_OBJ_EXT) */
enum kmalloc_cache_type {
	KMALLOC_NORMAL = 0,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KMALLOC_PARTITION_START = KMALLOC_NORMAL,
	KMALLOC_PARTITION_END = KMALLOC_PARTITION_START + KMALLOC_PARTITION_CACHES_NR,
#else
	KMALLOC_RANDOM_START = KMALLOC_NORMAL,
	KMALLOC_RANDOM_END = KMALLOC_RANDOM_START + RANDOM_KMALLOC_CACHES_NR,
#endif
	KMALLOC_RECLAIM,
	KMALLOC_DMA,
	KMALLOC_CGROUP,
	KMALLOC_NO_OBJ_EXT,
	NR_KMALLOC_TYPES
};

#define KMALLOC_NOT_NORMAL_BITS	(__GFP_RECLAIMABLE | __GFP_DMA | __GFP_ACCOUNT)

/* by priority: DMA, then reclaimable, then accounted */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static __always_inline enum kmalloc_cache_type kmalloc_type(gfp_t flags, kmalloc_token_t token)
#else
static __always_inline enum kmalloc_cache_type kmalloc_type(gfp_t flags, unsigned long caller)
#endif
{
	if (likely((flags & KMALLOC_NOT_NORMAL_BITS) == 0))
		return KMALLOC_NORMAL;
	if (flags & __GFP_DMA)
		return KMALLOC_DMA;
	if (flags & __GFP_RECLAIMABLE)
		return KMALLOC_RECLAIM;
	return KMALLOC_CGROUP;
}

/*
 * The kmalloc caches of each type by index (kmalloc_index()), made at
 * start-up with the kernel's names and sizes (lib/slab.c); a set of them
 * is what kmem_buckets_create() makes too.
 */
struct kmem_cache;
typedef struct kmem_cache *kmem_buckets[KMALLOC_SHIFT_HIGH + 1];
extern kmem_buckets kmalloc_caches[NR_KMALLOC_TYPES];

/* SLAB_BUCKETS is configured: the bucket set is an argument */
#define DECL_BUCKET_PARAMS(_size, _b)	size_t (_size), kmem_buckets *(_b)
#define PASS_BUCKET_PARAMS(_size, _b)	(_size), (_b)
#define PASS_BUCKET_PARAM(_b)		(_b)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define DECL_KMALLOC_PARAMS(_size, _b, _token)	DECL_BUCKET_PARAMS(_size, _b) \
						DECL_TOKEN_PARAM(_token)
#define PASS_KMALLOC_PARAMS(_size, _b, _token)	PASS_BUCKET_PARAMS(_size, _b) \
						_PASS_TOKEN_PARAM(_token)
#endif
#endif

void *__kmalloc_noprof(size_t size, gfp_t flags) __malloc;
void kfree(const void *objp);
void kfree_sensitive(const void *objp);
size_t ksize(const void *objp);
void *krealloc_noprof(const void *objp, size_t new_size, gfp_t flags);

size_t kmalloc_size_roundup(size_t size);
void *kmalloc_large_noprof(size_t size, gfp_t flags) __malloc;
void *kmalloc_large_node_noprof(size_t size, gfp_t flags, int node) __malloc;
void *kvrealloc_noprof(const void *p, size_t oldsize, size_t newsize, gfp_t flags);

static inline __malloc void *__kmalloc_node_noprof(size_t size, gfp_t flags, int node)
{
	return __kmalloc_noprof(size, flags);
}

static inline __malloc void *__kmalloc_node_track_caller_noprof(size_t size,
								gfp_t flags, int node,
								unsigned long caller)
{
	return __kmalloc_noprof(size, flags);
}

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

static inline __must_check void *krealloc_array_noprof(void *p, size_t new_n,
						       size_t new_size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(check_mul_overflow(new_n, new_size, &bytes)))
		return NULL;
	return krealloc_noprof(p, bytes, flags);
}

static inline void kfree_bulk(size_t size, void **p)
{
	size_t i;

	for (i = 0; i < size; i++)
		kfree(p[i]);
}

/* cleanup.h's __free(kfree) */
static inline void __free_kfree(void *p)
{
	void *_T = *(void **)p;

	if (!IS_ERR_OR_NULL(_T))
		kfree(_T);
}

void vfree(const void *addr);
bool is_vmalloc_addr(const void *x);

/* kvmalloc() memory is kmalloc's here, but vmalloc()'s may come too */
static inline void kvfree(const void *addr)
{
	if (is_vmalloc_addr(addr))
		vfree(addr);
	else
		kfree(addr);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* cleanup.h's __free(kvfree) */
static inline void __free_kvfree(void *p)
{
	void *_T = *(void **)p;

	if (!IS_ERR_OR_NULL(_T))
		kvfree(_T);
}

static inline __malloc void *kvmalloc_array_node_noprof(size_t n, size_t size,
							gfp_t flags, int node)
{
	return kmalloc_array_noprof(n, size, flags);
}
#define kvcalloc_node_noprof(_n, _s, _f, _node) \
	kvmalloc_array_node_noprof(_n, _s, (_f) | __GFP_ZERO, _node)
#define kvcalloc_node(...)	alloc_hooks(kvcalloc_node_noprof(__VA_ARGS__))
#endif

static inline void kvfree_sensitive(const void *addr, size_t len)
{
	if (is_vmalloc_addr(addr)) {
		__builtin_memset((void *)addr, 0, len);
		vfree(addr);
	} else {
		kfree_sensitive(addr);
	}
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
struct kmem_cache *kmem_cache_create_usercopy(const char *name, unsigned int size,
					      unsigned int align, slab_flags_t flags,
					      unsigned int useroffset,
					      unsigned int usersize,
					      void (*ctor)(void *));
unsigned int kmem_cache_size(struct kmem_cache *s);
int kmem_cache_shrink(struct kmem_cache *s);
void kmem_dump_obj(void *object);
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

struct list_lru;

static inline void *kmem_cache_alloc_lru_noprof(struct kmem_cache *s,
						struct list_lru *lru, gfp_t flags)
{
	return kmem_cache_alloc_noprof(s, flags);
}

#define KMEM_CACHE_USERCOPY(__struct, __flags, __field)			\
	kmem_cache_create_usercopy(#__struct, sizeof(struct __struct),	\
			__alignof__(struct __struct), (__flags),	\
			offsetof(struct __struct, __field),		\
			sizeof(((struct __struct *)0)->__field), NULL)

#define KMEM_CACHE(__struct, __flags)					\
	kmem_cache_create(#__struct, sizeof(struct __struct),		\
			  __alignof__(struct __struct), (__flags), NULL)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: kmem_cache_create()'s less common arguments */
struct kmem_cache_args {
	unsigned int align;
	unsigned int useroffset;
	unsigned int usersize;
	unsigned int freeptr_offset;
	bool use_freeptr_offset;
	void (*ctor)(void *);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	unsigned int sheaf_capacity;
#endif
};

struct kmem_cache *__kmem_cache_create_args(const char *name, unsigned int object_size,
					    struct kmem_cache_args *args, slab_flags_t flags);

static inline struct kmem_cache *__kmem_cache_create(const char *name, unsigned int size,
						     unsigned int align, slab_flags_t flags,
						     void (*ctor)(void *))
{
	struct kmem_cache_args kmem_args = {
		.align	= align,
		.ctor	= ctor,
	};

	return __kmem_cache_create_args(name, size, &kmem_args, flags);
}

/* NULL for args: the defaults */
static inline struct kmem_cache *__kmem_cache_default_args(const char *name, unsigned int size,
							   struct kmem_cache_args *args,
							   slab_flags_t flags)
{
	struct kmem_cache_args kmem_default_args = {};

	WARN_ON_ONCE(args);
	return __kmem_cache_create_args(name, size, &kmem_default_args, flags);
}

/* 6.12: the old five arguments, or name, size, args (or NULL) and flags */
#define kmem_cache_create(__name, __object_size, __args, ...)			\
	_Generic((__args),							\
		struct kmem_cache_args *: __kmem_cache_create_args,		\
		void *: __kmem_cache_default_args,				\
		default: __kmem_cache_create)(__name, __object_size, __args, __VA_ARGS__)

/* memcg-charge an object allocated without __GFP_ACCOUNT: no cgroups, nothing to charge */
bool kmem_cache_charge(void *objp, gfp_t gfpflags);

/*
 * A kmalloc cache's object (kmalloc() of a constant size inlines to these
 * in the kernel), and beyond the caches pages (kmalloc_large()): the same
 * counted allocator here, its object a kmalloc one (kfree() takes it).
 */
void *__kmalloc_cache_noprof(struct kmem_cache *s, gfp_t flags, size_t size) __malloc;
void *__kmalloc_cache_node_noprof(struct kmem_cache *s, gfp_t gfpflags, int node,
				  size_t size) __malloc;
void *__kmalloc_large_noprof(size_t size, gfp_t flags) __malloc;
void *__kmalloc_large_node_noprof(size_t size, gfp_t flags, int node) __malloc;

/*
 * Dedicated kmalloc bucket sets (SLAB_BUCKETS): kmem_buckets_create() makes
 * one set of caches named after name; allocations from it are kmalloc
 * objects of its caches' sizes, freed by kfree(). NULL b: the common ones.
 */
kmem_buckets *kmem_buckets_create(const char *name, slab_flags_t flags,
				  unsigned int useroffset, unsigned int usersize,
				  void (*ctor)(void *));
void *qdk_kmalloc_buckets(kmem_buckets *b, size_t size, gfp_t flags) __malloc;
void *__kvmalloc_node_noprof(DECL_BUCKET_PARAMS(size, b),
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
			     unsigned long align,
#endif
			     gfp_t flags, int node) __malloc;

#define kmalloc_node_track_caller_noprof(size, flags, node, caller) \
	__kmalloc_node_track_caller_noprof(size, flags, node, caller)
#define kmalloc_track_caller_noprof(size, flags) \
	__kmalloc_node_track_caller_noprof(size, flags, NUMA_NO_NODE, (unsigned long)__builtin_return_address(0))
#define kmem_buckets_alloc(_b, _size, _flags) \
	alloc_hooks(qdk_kmalloc_buckets(_b, _size, _flags))
#define kmem_buckets_alloc_track_caller(_b, _size, _flags) \
	alloc_hooks(qdk_kmalloc_buckets(_b, _size, _flags))
#define kmem_buckets_valloc(_b, _size, _flags) \
	alloc_hooks(qdk_kmalloc_buckets(_b, _size, _flags))
#define __kmalloc_cache(...)	alloc_hooks(__kmalloc_cache_noprof(__VA_ARGS__))
#define __kmalloc_large(...)	alloc_hooks(__kmalloc_large_noprof(__VA_ARGS__))
#define __kmalloc_large_node(...) alloc_hooks(__kmalloc_large_node_noprof(__VA_ARGS__))

/* cleanup.h's __free(kfree_sensitive) */
static inline void __free_kfree_sensitive(void *p)
{
	void *_T = *(void **)p;

	if (_T)
		kfree_sensitive(_T);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define kmem_buckets_alloc_node_track_caller(_b, _size, _flags, _node) \
	alloc_hooks(qdk_kmalloc_buckets(_b, _size, _flags))

/*
 * 7.x: allocation and free from any context, never sleeping: no reclaim
 * flag may be given (the kernel returns NULL then), and the shim's
 * allocator takes no lock a caller could hold.
 */
void *_kmalloc_nolock_noprof(DECL_TOKEN_PARAMS(size, token), gfp_t gfp_flags, int node) __malloc;
void kfree_nolock(const void *objp);
#define kmalloc_nolock_noprof(_s, _f, _n) \
	_kmalloc_nolock_noprof(PASS_TOKEN_PARAMS(_s, __kmalloc_token(_s)), _f, _n)
#define kmalloc_nolock(size, gfp_flags, node) \
	alloc_hooks(kmalloc_nolock_noprof(size, gfp_flags, node))

/* 7.x: krealloc() with an alignment (the object moves if it is not aligned so) */
void *krealloc_node_align_noprof(const void *objp, DECL_TOKEN_PARAMS(new_size, token),
				 unsigned long align, gfp_t flags, int nid) __must_check;
#define krealloc_node_align(p, new_size, align, flags, nid)			\
	alloc_hooks(krealloc_node_align_noprof(p, PASS_TOKEN_PARAMS(new_size,	\
					       __kmalloc_token(new_size)), align, flags, nid))
#define krealloc_node(_o, _s, _f, _n)	krealloc_node_align(_o, _s, 1, _f, _n)

#define kvmalloc_node_align_noprof(_size, _align, _flags, _node) \
	__kvmalloc_node_noprof(PASS_BUCKET_PARAMS(_size, NULL), _align, _flags, _node)
#define kvmalloc_node_align(...)	alloc_hooks(kvmalloc_node_align_noprof(__VA_ARGS__))

void *kvrealloc_node_align_noprof(const void *p, DECL_TOKEN_PARAMS(size, token),
				  unsigned long align, gfp_t flags, int nid) __must_check;
#define kvrealloc_node_align(p, size, align, flags, nid)			\
	alloc_hooks(kvrealloc_node_align_noprof(p, PASS_TOKEN_PARAMS(size,	\
						__kmalloc_token(size)), align, flags, nid))
#define kvrealloc_node(_p, _s, _f, _n)	kvrealloc_node_align(_p, _s, 1, _f, _n)

/* 7.x: the allocators' forms with the (empty) partition token */
static inline __malloc void *_kmalloc_noprof(size_t size, gfp_t flags, kmalloc_token_t token)
{
	return __kmalloc_noprof(size, flags);
}

static inline __malloc void *_kzalloc_noprof(size_t size, gfp_t flags, kmalloc_token_t token)
{
	return __kmalloc_noprof(size, flags | __GFP_ZERO);
}

static inline __malloc void *_kmalloc_node_noprof(size_t size, gfp_t flags, int node,
						  kmalloc_token_t token)
{
	return __kmalloc_noprof(size, flags);
}

static inline __malloc void *_kmalloc_array_noprof(size_t n, size_t size, gfp_t flags,
						   kmalloc_token_t token)
{
	return kmalloc_array_noprof(n, size, flags);
}

static inline __malloc void *_kmalloc_array_node_noprof(size_t n, size_t size, gfp_t flags,
							int node, kmalloc_token_t token)
{
	return kmalloc_array_noprof(n, size, flags);
}

static inline __must_check void *_krealloc_array_noprof(void *p, size_t new_n, size_t new_size,
							gfp_t flags, kmalloc_token_t token)
{
	return krealloc_array_noprof(p, new_n, new_size, flags);
}

static inline __malloc void *_kvmalloc_array_node_noprof(size_t n, size_t size, gfp_t flags,
							 int node, kmalloc_token_t token)
{
	return kmalloc_array_noprof(n, size, flags);
}

/* freed at once: the kernel may defer a vmalloc area's free to a work item */
void kvfree_atomic(const void *addr);

static inline void __free_kvfree_atomic(void *p)
{
	void *_T = *(void **)p;

	if (!IS_ERR_OR_NULL(_T))
		kvfree_atomic(_T);
}
#endif

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
#define __kmalloc_node(...)	alloc_hooks(__kmalloc_node_noprof(__VA_ARGS__))
#define __kmalloc_node_track_caller(...) \
	alloc_hooks(__kmalloc_node_track_caller_noprof(__VA_ARGS__))
#define kmalloc_node_track_caller(size, flags, node) \
	__kmalloc_node_track_caller(size, flags, node, (unsigned long)__builtin_return_address(0))
#define kmalloc_track_caller(size, flags) \
	__kmalloc_node_track_caller(size, flags, NUMA_NO_NODE, (unsigned long)__builtin_return_address(0))
#define kmalloc_large(...)	alloc_hooks(kmalloc_large_noprof(__VA_ARGS__))
#define kmalloc_large_node(...)	alloc_hooks(kmalloc_large_node_noprof(__VA_ARGS__))
#define krealloc_array(...)	alloc_hooks(krealloc_array_noprof(__VA_ARGS__))
#define kmem_cache_alloc_lru(...) alloc_hooks(kmem_cache_alloc_lru_noprof(__VA_ARGS__))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: the old size is the allocation's own */
#define kvrealloc(p, size, flags) \
	alloc_hooks(kvrealloc_noprof(p, ksize(p), size, flags))
#else
#define kvrealloc(...)		alloc_hooks(kvrealloc_noprof(__VA_ARGS__))
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * 6.12 (Debian's 6.12.y has them) and 7.x: allocations by type, (k|kv)(m|z)alloc_(obj|objs|flex)(VAR_OR_TYPE,
 * [COUNT,] [GFP]); GFP_KERNEL when none is given. No __counted_by counter
 * is set: the shim's __counted_by() is empty, as without the attribute.
 */
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


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/cache.h>
#include <linux/workqueue.h>
#include <linux/cleanup.h>
#endif
