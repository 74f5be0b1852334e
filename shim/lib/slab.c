// SPDX-License-Identifier: GPL-2.0
/*
 * slab.c - the kmalloc family with leak accounting. Each object carries a
 * 64-byte header with its size and a magic word, so kfree() of a pointer
 * the shim never handed out is caught instead of corrupting the heap, and
 * its allocation site (the alloc_hooks() tag current at the call, see
 * linux/alloc_tag.h), kmem_cache and sequence number, on a list of live
 * objects that qdk_mem_leaks() walks to say what leaked.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/vmalloc.h>
#include <qdk/context.h>

#include "host.h"
#include "shim.h"

#define QDK_SLAB_MAGIC 0x51444b534c414221ULL	/* "QDKSLAB!" */
#define QDK_SLAB_HDR 64

struct qdk_slab_hdr {
	u64 magic;
	size_t size;			/* asked for */
	size_t room;			/* what ksize() says: the slab object's size */
	const struct alloc_tag *tag;	/* the caller, NULL: not tagged */
	const struct kmem_cache *cache;	/* kmem_cache_alloc()'s cache */
	u64 seq;			/* qdk_mem_seq at the allocation */
	struct qdk_slab_hdr *next, *prev;	/* the live list */
};

struct alloc_tag *qdk_alloc_tag;
/* Counts every allocation (kmalloc family and skbs): orders them for leak reports. */
u64 qdk_mem_seq;
static struct qdk_slab_hdr live = { .next = &live, .prev = &live };

long qdk_mem_objects;
long qdk_mem_bytes;
/* fail the Nth allocation from now (tests of -ENOMEM paths); 0: never */
long qdk_mem_fail_after;

/*
 * Allocation-failure injection (qdk_fail_alloc()): every allocation a
 * qdisc can see fail in the kernel (the kmalloc family, kmem_cache,
 * alloc_skb(), skb copies and clones) is counted; the one numbered
 * alloc_fail_at fails, and where it was asked for is kept for the report.
 * Timers cannot fail to arm in the kernel and do not allocate here.
 */
static u64 alloc_attempts, alloc_fail_at;
static struct alloc_tag *alloc_failed_tag;
static bool alloc_failed;

/* the flags' usual name, for the report */
static const char *gfp_name(gfp_t flags)
{
	gfp_t base = flags & ~(__GFP_ZERO | __GFP_NOWARN | __GFP_COMP | __GFP_ACCOUNT |
			       __GFP_NORETRY | __GFP_RETRY_MAYFAIL | __GFP_NOFAIL);

	if (base == GFP_KERNEL)
		return "GFP_KERNEL";
	if (base == GFP_NOFS)
		return "GFP_NOFS";
	if (base == GFP_NOIO)
		return "GFP_NOIO";
	if (base == GFP_USER)
		return "GFP_USER";
	return "flags with __GFP_DIRECT_RECLAIM";
}

/*
 * might_alloc() (include/linux/sched/mm.h): an allocation whose flags allow
 * direct reclaim may sleep. Reported at the allocator's caller: the
 * current allocation tag (alloc_hooks()), or the caller of the shim.
 */
static void might_alloc(gfp_t flags, unsigned long ip)
{
	char what[96];

	if (!gfpflags_allow_blocking(flags))
		return;
	snprintf(what, sizeof(what), "an allocation with %s (gfp %#x)", gfp_name(flags),
		 (unsigned int)flags);
	if (qdk_alloc_tag && qdk_alloc_tag->ct.filename)
		qdk_ctx_might_sleep_in(qdk_alloc_tag->ct.filename, qdk_alloc_tag->ct.lineno, what);
	else
		qdk_ctx_might_sleep_at(what, ip);
}

void qdk_alloc_might_sleep(const char *what, unsigned long ip)
{
	if (qdk_alloc_tag && qdk_alloc_tag->ct.filename)
		qdk_ctx_might_sleep_in(qdk_alloc_tag->ct.filename, qdk_alloc_tag->ct.lineno, what);
	else
		qdk_ctx_might_sleep_at(what, ip);
}

bool qdk_alloc_fails(gfp_t flags)
{
	might_alloc(flags, (unsigned long)__builtin_return_address(0));
	if (++alloc_attempts != alloc_fail_at)
		return false;
	alloc_failed = true;
	alloc_failed_tag = qdk_alloc_tag;
	return true;
}

void qdk_alloc_fail_arm(u64 n)
{
	alloc_fail_at = n ? alloc_attempts + n : 0;
	alloc_failed = false;
	alloc_failed_tag = NULL;
}

u64 qdk_alloc_attempts(void)
{
	return alloc_attempts;
}

bool qdk_alloc_failed(const struct alloc_tag **tag)
{
	*tag = alloc_failed_tag;
	return alloc_failed;
}

static struct qdk_slab_hdr *slab_hdr(const void *p)
{
	struct qdk_slab_hdr *h = (struct qdk_slab_hdr *)((char *)p - QDK_SLAB_HDR);

	if (h->magic != QDK_SLAB_MAGIC) {
		qdk_host_log("qdk: kfree/ksize of %p that kmalloc did not return\n", p);
		qdk_host_abort();
	}
	return h;
}

/*
 * An object of size bytes in room bytes of memory (the kmalloc bucket or
 * the cache's object size); the slack past size is poisoned for the SAN
 * build, as KASAN poisons it, until ksize() hands it to the caller.
 */
static void *slab_alloc(size_t size, size_t room, gfp_t flags)
{
	struct qdk_slab_hdr *h;

	if (!size)
		return ZERO_SIZE_PTR;
	if (size > KMALLOC_MAX_SIZE * 64)
		return NULL;
	if (qdk_mem_fail_after && --qdk_mem_fail_after == 0)
		return NULL;
	if (qdk_alloc_fails(flags))
		return NULL;
	if (room < size)
		room = size;
	h = qdk_host_alloc(QDK_SLAB_HDR + room);
	if (!h)
		return NULL;
	h->magic = QDK_SLAB_MAGIC;
	h->size = size;
	h->room = room;
	h->tag = qdk_alloc_tag;
	h->cache = NULL;
	h->seq = ++qdk_mem_seq;
	h->next = &live;
	h->prev = live.prev;
	live.prev->next = h;
	live.prev = h;
	qdk_mem_objects++;
	qdk_mem_bytes += size;
	if (flags & __GFP_ZERO)
		memset((char *)h + QDK_SLAB_HDR, 0, size);
	qdk_host_poison((char *)h + QDK_SLAB_HDR + size, room - size);
	return (char *)h + QDK_SLAB_HDR;
}

void *__kmalloc_noprof(size_t size, gfp_t flags)
{
	return slab_alloc(size, kmalloc_size_roundup(size), flags);
}

void kfree(const void *p)
{
	struct qdk_slab_hdr *h;

	if (ZERO_OR_NULL_PTR(p))
		return;
	h = slab_hdr(p);
	h->magic = 0;
	qdk_host_unpoison((char *)h + QDK_SLAB_HDR, h->room);
	h->prev->next = h->next;
	h->next->prev = h->prev;
	qdk_mem_objects--;
	qdk_mem_bytes -= h->size;
	qdk_host_free(h);
}

/* the whole object zeroed before it goes, as far as ksize() reaches */
void kfree_sensitive(const void *p)
{
	if (!ZERO_OR_NULL_PTR(p))
		memset((void *)p, 0, ksize(p));
	kfree(p);
}

/*
 * The object's real size, which the caller may use whole: a kmalloc
 * object's bucket (kmalloc_size_roundup()), a kmem_cache object's slot as
 * SLUB lays it out (kmem_cache_ksize()). The slack is the caller's now.
 */
size_t ksize(const void *p)
{
	struct qdk_slab_hdr *h;

	if (ZERO_OR_NULL_PTR(p))
		return 0;
	h = slab_hdr(p);
	qdk_host_unpoison(p, h->room);
	return h->room;
}

void *krealloc_noprof(const void *p, size_t new_size, gfp_t flags)
{
	size_t old = ksize(p);
	void *n;

	if (!new_size) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	/* it fits in the object as it is: the object is new_size now */
	if (old >= new_size && p) {
		struct qdk_slab_hdr *h = slab_hdr(p);

		qdk_mem_bytes += (long)new_size - (long)h->size;
		h->size = new_size;
		return (void *)p;
	}
	n = __kmalloc_noprof(new_size, flags & ~__GFP_ZERO);
	if (!n)
		return NULL;
	if (old)
		memcpy(n, p, old);
	if (flags & __GFP_ZERO)
		memset((char *)n + old, 0, new_size - old);
	kfree(p);
	return n;
}

/*
 * The size of a cache's slot as SLUB computes it (calculate_sizes()): the
 * object rounded to a word, the free pointer after it when the object
 * cannot hold it (a constructor, SLAB_TYPESAFE_BY_RCU or SLAB_POISON), then
 * aligned: SLAB_HWCACHE_ALIGN's cache line (halved while the object fits
 * twice), at least ARCH_SLAB_MINALIGN and the cache's own alignment.
 */
static unsigned int kmem_cache_slot(unsigned int object_size, unsigned int align,
				    slab_flags_t flags, bool ctor, unsigned int *inuse)
{
	unsigned int size = ALIGN(object_size, sizeof(void *));
	unsigned int ralign = align;

	*inuse = size;
	if (ctor || (flags & (SLAB_TYPESAFE_BY_RCU | SLAB_POISON)))
		size += sizeof(void *);
	if (flags & SLAB_HWCACHE_ALIGN) {
		unsigned int line = L1_CACHE_BYTES;

		while (object_size <= line / 2)
			line /= 2;
		ralign = max(ralign, line);
	}
	ralign = max_t(unsigned int, ralign, ARCH_SLAB_MINALIGN);
	ralign = ALIGN(ralign, sizeof(void *));
	return ALIGN(size, ralign);
}

/* what ksize() gives for an object of the cache (slab_ksize()) */
static size_t kmem_cache_ksize(const struct kmem_cache *s)
{
	unsigned int inuse;
	unsigned int slot = kmem_cache_slot(s->size, s->align, s->flags, s->ctor, &inuse);

	if (s->flags & (SLAB_RED_ZONE | SLAB_POISON))
		return s->size;
	if (s->flags & (SLAB_TYPESAFE_BY_RCU | SLAB_STORE_USER))
		return inuse;
	return slot;
}

static struct kmem_cache *cache_create(const char *name, unsigned int size,
				       unsigned int align, slab_flags_t flags,
				       void (*ctor)(void *))
{
	struct kmem_cache *s = kzalloc(sizeof(*s), GFP_KERNEL);

	if (!s)
		return NULL;
	s->name = name;
	s->size = size;
	s->align = align;
	s->flags = flags;
	s->ctor = ctor;
	return s;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct kmem_cache *__kmem_cache_create_args(const char *name, unsigned int object_size,
					    struct kmem_cache_args *args, slab_flags_t flags)
{
	return cache_create(name, object_size, args->align, flags, args->ctor);
}
#else
struct kmem_cache *kmem_cache_create(const char *name, unsigned int size,
				     unsigned int align, slab_flags_t flags,
				     void (*ctor)(void *))
{
	return cache_create(name, size, align, flags, ctor);
}
#endif

void kmem_cache_destroy(struct kmem_cache *s)
{
	if (!s)
		return;
	if (s->live)
		pr_err("kmem_cache_destroy %s: Slab cache still has objects\n",
		       s->name);
	kfree(s);
}

void *kmem_cache_alloc_noprof(struct kmem_cache *s, gfp_t flags)
{
	void *p = slab_alloc(s->size, kmem_cache_ksize(s), flags);

	if (p) {
		slab_hdr(p)->cache = s;
		s->live++;
		if (s->ctor)
			s->ctor(p);
	}
	return p;
}

void kmem_cache_free(struct kmem_cache *s, void *p)
{
	if (!p)
		return;
	s->live--;
	kfree(p);
}

void kmem_cache_free_bulk(struct kmem_cache *s, size_t size, void **p)
{
	size_t i;

	for (i = 0; i < size; i++)
		kmem_cache_free(s, p[i]);
}

/* all or nothing: returns size, or 0 with nothing allocated */
int kmem_cache_alloc_bulk_noprof(struct kmem_cache *s, gfp_t flags, size_t size,
			  void **p)
{
	size_t i;

	for (i = 0; i < size; i++) {
		p[i] = kmem_cache_alloc_noprof(s, flags);
		if (!p[i]) {
			kmem_cache_free_bulk(s, i, p);
			return 0;
		}
	}
	return size;
}

/*
 * Every live kmalloc-family object allocated after sequence number since,
 * oldest first: fn(arg, tag, cache, size) for each; returns how many.
 */
long qdk_slab_for_each_live(u64 since,
			    void (*fn)(void *arg, const struct alloc_tag *tag,
				       const struct kmem_cache *cache, size_t size),
			    void *arg)
{
	struct qdk_slab_hdr *h;
	long n = 0;

	for (h = live.next; h != &live; h = h->next) {
		if (h->seq <= since)
			continue;
		n++;
		if (fn)
			fn(arg, h->tag, h->cache, h->size);
	}
	return n;
}

/* The size the kernel's kmalloc() really gives for size (ksize() of it). */
size_t kmalloc_size_roundup(size_t size)
{
	unsigned int i;

	if (unlikely(size == 0))
		return 0;
	if (unlikely(size == SIZE_MAX))
		return SIZE_MAX;
	if (size > KMALLOC_MAX_CACHE_SIZE) {
		size_t pages = 1;

		while (pages * 4096 < size)
			pages <<= 1;
		return pages * 4096;
	}
	i = kmalloc_index(size);
	return i == 1 ? 96 : i == 2 ? 192 : 1UL << i;
}

/* beyond the kmalloc caches the kernel takes pages; one allocator here */
void *kmalloc_large_noprof(size_t size, gfp_t flags)
{
	return __kmalloc_noprof(size, flags);
}

void *kmalloc_large_node_noprof(size_t size, gfp_t flags, int node)
{
	return __kmalloc_noprof(size, flags);
}

/* 6.1's kvrealloc(): a new object of newsize with min(oldsize, newsize) copied */
void *kvrealloc_noprof(const void *p, size_t oldsize, size_t newsize, gfp_t flags)
{
	void *newp;

	if (oldsize >= newsize)
		return (void *)p;
	newp = __kmalloc_noprof(newsize, flags & ~__GFP_ZERO);
	if (!newp)
		return NULL;
	memcpy(newp, p, oldsize);
	if (flags & __GFP_ZERO)
		memset((char *)newp + oldsize, 0, newsize - oldsize);
	kvfree(p);
	return newp;
}

struct kmem_cache *kmem_cache_create_usercopy(const char *name, unsigned int size,
					      unsigned int align, slab_flags_t flags,
					      unsigned int useroffset,
					      unsigned int usersize,
					      void (*ctor)(void *))
{
	/* no hardened usercopy: the whitelist has nothing to guard */
	return cache_create(name, size, align, flags, ctor);
}

unsigned int kmem_cache_size(struct kmem_cache *s)
{
	return s->size;
}

/* nothing cached beyond the live objects: nothing to give back */
int kmem_cache_shrink(struct kmem_cache *s)
{
	return 0;
}

void kmem_dump_obj(void *object)
{
	struct qdk_slab_hdr *h = slab_hdr(object);

	pr_cont(" slab%s%s size %zu start %p pointer offset 0\n",
		h->cache ? " " : " kmalloc", h->cache ? h->cache->name : "",
		h->size, object);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * The kmalloc caches, named and sized as the kernel's (kmalloc-96,
 * kmalloc-rcl-1k, dma-kmalloc-8k ...). Allocating from one is a kmalloc
 * allocation of the size asked for; the cache says which bucket it is.
 */
kmem_buckets kmalloc_caches[NR_KMALLOC_TYPES];
static struct kmem_cache kmalloc_cache_objs[NR_KMALLOC_TYPES][KMALLOC_SHIFT_HIGH + 1];
static char kmalloc_cache_names[NR_KMALLOC_TYPES][KMALLOC_SHIFT_HIGH + 1][32];

static const char *const kmalloc_type_prefix[NR_KMALLOC_TYPES] = {
	[KMALLOC_NORMAL]	= "kmalloc-",
	[KMALLOC_RECLAIM]	= "kmalloc-rcl-",
	[KMALLOC_DMA]		= "dma-kmalloc-",
	[KMALLOC_CGROUP]	= "kmalloc-cg-",
	[KMALLOC_NO_OBJ_EXT]	= "kmalloc-no-objext-",
};

/* a bucket's size as the cache name has it: 96, 512, 1k, 8k */
static void kmalloc_short_size(char *buf, size_t len, unsigned int size)
{
	if (size >= 1024)
		snprintf(buf, len, "%uk", size >> 10);
	else
		snprintf(buf, len, "%u", size);
}

static void __attribute__((constructor)) kmalloc_caches_init(void)
{
	unsigned int t, i;

	for (t = 0; t < NR_KMALLOC_TYPES; t++) {
		for (i = 1; i <= KMALLOC_SHIFT_HIGH; i++) {
			struct kmem_cache *s = &kmalloc_cache_objs[t][i];
			unsigned int size = i == 1 ? 96 : i == 2 ? 192 : 1U << i;
			char sz[16];

			if (i > 2 && i < KMALLOC_SHIFT_LOW)
				continue;
			kmalloc_short_size(sz, sizeof(sz), size);
			snprintf(kmalloc_cache_names[t][i], sizeof(kmalloc_cache_names[t][i]),
				 "%s%s", kmalloc_type_prefix[t], sz);
			s->name = kmalloc_cache_names[t][i];
			s->size = size;
			s->align = ARCH_KMALLOC_MINALIGN;
			s->flags = SLAB_KMALLOC | (t == KMALLOC_RECLAIM ? SLAB_RECLAIM_ACCOUNT : 0) |
				   (t == KMALLOC_DMA ? SLAB_CACHE_DMA : 0) |
				   (t == KMALLOC_CGROUP ? SLAB_ACCOUNT : 0) |
				   (t == KMALLOC_NO_OBJ_EXT ? SLAB_NO_OBJ_EXT : 0);
			kmalloc_caches[t][i] = s;
		}
	}
}

/* nothing charges memory to a cgroup in the shim: always charged */
bool kmem_cache_charge(void *objp, gfp_t gfpflags)
{
	return true;
}

/* an object of size from kmalloc cache s: a kmalloc object of s's bucket */
void *__kmalloc_cache_noprof(struct kmem_cache *s, gfp_t flags, size_t size)
{
	return slab_alloc(size, s ? s->size : kmalloc_size_roundup(size), flags);
}

void *__kmalloc_cache_node_noprof(struct kmem_cache *s, gfp_t gfpflags, int node, size_t size)
{
	return __kmalloc_cache_noprof(s, gfpflags, size);
}

/* beyond the caches: whole pages, as many as the page allocator's order gives */
void *__kmalloc_large_noprof(size_t size, gfp_t flags)
{
	return slab_alloc(size, PAGE_SIZE << get_order(size), flags);
}

void *__kmalloc_large_node_noprof(size_t size, gfp_t flags, int node)
{
	return __kmalloc_large_noprof(size, flags);
}

/* a set of kmalloc caches of its own, named NAME-SIZE (mm/slab_common.c) */
kmem_buckets *kmem_buckets_create(const char *name, slab_flags_t flags,
				  unsigned int useroffset, unsigned int usersize,
				  void (*ctor)(void *))
{
	kmem_buckets *b = kzalloc(sizeof(*b), GFP_KERNEL);
	unsigned int i;

	if (!b)
		return NULL;
	for (i = 1; i <= KMALLOC_SHIFT_HIGH; i++) {
		const struct kmem_cache *k = kmalloc_caches[KMALLOC_NORMAL][i];
		char *cname;

		if (!k)
			continue;
		cname = kasprintf(GFP_KERNEL, "%s-%s", name, k->name + strlen("kmalloc-"));
		(*b)[i] = cname ? cache_create(cname, k->size, k->align,
					       flags | SLAB_NO_MERGE, ctor) : NULL;
		if (!(*b)[i]) {
			kfree(cname);
			goto fail;
		}
	}
	return b;
fail:
	for (i = 1; i <= KMALLOC_SHIFT_HIGH; i++) {
		if ((*b)[i])
			kfree((*b)[i]->name);
		kfree((*b)[i]);
	}
	kfree(b);
	return NULL;
}

/* kmalloc() from bucket set b (NULL: the common caches) */
void *qdk_kmalloc_buckets(kmem_buckets *b, size_t size, gfp_t flags)
{
	unsigned int i;

	if (!b || !size || size > KMALLOC_MAX_CACHE_SIZE)
		return __kmalloc_noprof(size, flags);
	i = kmalloc_index(size);
	return slab_alloc(size, (*b)[i] ? (*b)[i]->size : kmalloc_size_roundup(size), flags);
}

/* kvmalloc: kmalloc's memory here, of the bucket set asked for */
void *__kvmalloc_node_noprof(DECL_BUCKET_PARAMS(size, b),
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
			     unsigned long align,
#endif
			     gfp_t flags, int node)
{
	return qdk_kmalloc_buckets(b, size, flags);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * Any context: no flag may reclaim (the kernel warns), only what can be had
 * without spinning is taken; the shim's allocator has no lock to spin on.
 */
void *_kmalloc_nolock_noprof(DECL_TOKEN_PARAMS(size, token), gfp_t gfp_flags, int node)
{
	WARN_ON_ONCE(gfp_flags & ~(__GFP_ACCOUNT | __GFP_ZERO | __GFP_NOWARN |
				   __GFP_NOMEMALLOC));
	if (!size)
		return ZERO_SIZE_PTR;
	if (size > KMALLOC_MAX_CACHE_SIZE)
		return NULL;
	return __kmalloc_noprof(size, gfp_flags | __GFP_NOWARN | __GFP_NOMEMALLOC);
}

void kfree_nolock(const void *objp)
{
	kfree(objp);
}

/*
 * krealloc() whose result is aligned to align too: kept in place when the
 * object has the room and the alignment, else moved.
 */
void *krealloc_node_align_noprof(const void *objp, DECL_TOKEN_PARAMS(new_size, token),
				 unsigned long align, gfp_t flags, int nid)
{
	if (objp && !IS_ALIGNED((unsigned long)objp, align) && new_size) {
		size_t old = ksize(objp);
		void *n = __kmalloc_noprof(new_size, flags & ~__GFP_ZERO);

		if (!n)
			return NULL;
		memcpy(n, objp, min(old, new_size));
		if ((flags & __GFP_ZERO) && new_size > old)
			memset((char *)n + old, 0, new_size - old);
		kfree(objp);
		return n;
	}
	return krealloc_noprof(objp, new_size, flags);
}

void *kvrealloc_node_align_noprof(const void *p, DECL_TOKEN_PARAMS(size, token),
				  unsigned long align, gfp_t flags, int nid)
{
	if (is_vmalloc_addr(p))
		return vrealloc_noprof(p, size, flags);
	return krealloc_node_align_noprof(p, size, align, flags, nid);
}

void kvfree_atomic(const void *addr)
{
	if (is_vmalloc_addr(addr))
		vfree_atomic(addr);
	else
		kfree(addr);
}
#endif
