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
#include <qdk/context.h>

#include "host.h"
#include "shim.h"

#define QDK_SLAB_MAGIC 0x51444b534c414221ULL	/* "QDKSLAB!" */
#define QDK_SLAB_HDR 64

struct qdk_slab_hdr {
	u64 magic;
	size_t size;
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

void *__kmalloc_noprof(size_t size, gfp_t flags)
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
	h = qdk_host_alloc(QDK_SLAB_HDR + size);
	if (!h)
		return NULL;
	h->magic = QDK_SLAB_MAGIC;
	h->size = size;
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
	return (char *)h + QDK_SLAB_HDR;
}

void kfree(const void *p)
{
	struct qdk_slab_hdr *h;

	if (ZERO_OR_NULL_PTR(p))
		return;
	h = slab_hdr(p);
	h->magic = 0;
	h->prev->next = h->next;
	h->next->prev = h->prev;
	qdk_mem_objects--;
	qdk_mem_bytes -= h->size;
	qdk_host_free(h);
}

void kfree_sensitive(const void *p)
{
	if (!ZERO_OR_NULL_PTR(p))
		memset((void *)p, 0, slab_hdr(p)->size);
	kfree(p);
}

size_t ksize(const void *p)
{
	if (ZERO_OR_NULL_PTR(p))
		return 0;
	return slab_hdr(p)->size;
}

void *krealloc_noprof(const void *p, size_t new_size, gfp_t flags)
{
	size_t old = ksize(p);
	void *n;

	if (!new_size) {
		kfree(p);
		return ZERO_SIZE_PTR;
	}
	if (old >= new_size && p)
		return (void *)p;
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

struct kmem_cache *kmem_cache_create(const char *name, unsigned int size,
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
	void *p = __kmalloc_noprof(s->size, flags);

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
	return kmem_cache_create(name, size, align, flags, ctor);
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
