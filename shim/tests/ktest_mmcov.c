// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_mmcov.c - the kmalloc size classes as the kernel computes them
 * (ksize(), kmalloc_size_roundup(), a kmem_cache's slot), the cache types
 * and bucket sets, allocation tags, the gfp bits and a stack's vm flags.
 */
#include <linux/kernel.h>
#include <linux/bvec.h>
#include <linux/mm.h>
#include <linux/personality.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/version.h>

#include "ktest.h"

KTEST(mmcov, ksize_is_the_bucket)
{
	long base = qdk_test_mem_objects();
	static const struct { size_t asked, bucket; } cases[] = {
		{ 1, 8 }, { 8, 8 }, { 9, 16 }, { 33, 64 }, { 65, 96 }, { 96, 96 },
		{ 97, 128 }, { 129, 192 }, { 193, 256 }, { 1000, 1024 }, { 4097, 8192 },
		{ 8193, 16384 }, { 20000, 32768 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *p = kmalloc(cases[i].asked, GFP_KERNEL);

		KT_ASSERT(p, "kmalloc(%zu)", cases[i].asked);
		KT_EQ(kmalloc_size_roundup(cases[i].asked), cases[i].bucket);
		KT_EQ(ksize(p), cases[i].bucket);
		p[ksize(p) - 1] = 1;	/* the slack is the caller's after ksize() */
		kfree(p);
	}
	KT_EQ(ksize(NULL), 0);
	KT_EQ(ksize(ZERO_SIZE_PTR), 0);
	KT_EQ(kmalloc_size_roundup(0), 0);
	KT_EQ(kmalloc_size_roundup(SIZE_MAX), SIZE_MAX);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(mmcov, krealloc_within_the_bucket)
{
	long base = qdk_test_mem_objects();
	char *p = kmalloc(100, GFP_KERNEL);
	char *q;

	KT_ASSERT(p, "kmalloc");
	memset(p, 'x', 100);
	q = krealloc(p, 120, GFP_KERNEL);	/* kmalloc-128 has the room */
	KT_ASSERT(q == p, "kept in place");
	q = krealloc(p, 129, GFP_KERNEL);	/* kmalloc-192: moved */
	KT_ASSERT(q && q != p, "moved");
	KT_EQ(q[99], 'x');
	KT_EQ(ksize(q), 192);
	kfree(q);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

struct kt_obj {
	u64 a;
	u32 b;
};

static void kt_ctor(void *p)
{
	memset(p, 0x5a, 12);	/* the kt_ctor cache's object size */
}

KTEST(mmcov, kmem_cache_slots)
{
	long base = qdk_test_mem_objects();
	struct kmem_cache *plain = KMEM_CACHE(kt_obj, 0);
	struct kmem_cache *hw = KMEM_CACHE(kt_obj, SLAB_HWCACHE_ALIGN);
	struct kmem_cache *ctor = kmem_cache_create("kt_ctor", 12, 0, 0, kt_ctor);
	struct kmem_cache *rcu = kmem_cache_create("kt_rcu", 12, 0, SLAB_TYPESAFE_BY_RCU, NULL);
	struct kmem_cache *big = kmem_cache_create("kt_big", 100, 32, 0, NULL);
	void *a, *b, *c, *d, *e;

	KT_ASSERT(plain && hw && ctor && rcu && big, "create");
	a = kmem_cache_alloc(plain, GFP_KERNEL);
	b = kmem_cache_alloc(hw, GFP_KERNEL);
	c = kmem_cache_alloc(ctor, GFP_KERNEL);
	d = kmem_cache_alloc(rcu, GFP_KERNEL);
	e = kmem_cache_alloc(big, GFP_KERNEL);
	KT_ASSERT(a && b && c && d && e, "alloc");
	KT_EQ(ksize(a), 16);	/* 16 bytes, word aligned */
	KT_EQ(ksize(b), 16);	/* the cache line halved down to 16 */
	KT_EQ(ksize(c), 24);	/* 12 -> 16, and the free pointer after it */
	KT_EQ(ksize(d), 16);	/* RCU: what is in use, not the pointer */
	KT_EQ(ksize(e), 128);	/* 100 -> 104, then 32-byte aligned */
	KT_EQ(((u8 *)c)[11], 0x5a);
	kmem_cache_free(plain, a);
	kmem_cache_free(hw, b);
	kmem_cache_free(ctor, c);
	kmem_cache_free(rcu, d);
	kmem_cache_free(big, e);
	kmem_cache_destroy(plain);
	kmem_cache_destroy(hw);
	kmem_cache_destroy(ctor);
	kmem_cache_destroy(rcu);
	kmem_cache_destroy(big);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(mmcov, kmalloc_types_and_caches)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	kmalloc_token_t t = __kmalloc_token(8);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned long t = 0;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	long base = qdk_test_mem_objects();
	kmem_buckets *b;
	unsigned int i;
	void *p;

	(void)t;
	KT_EQ(kmalloc_type(GFP_KERNEL, t), KMALLOC_NORMAL);
	KT_EQ(kmalloc_type(GFP_KERNEL | __GFP_DMA | __GFP_ACCOUNT, t), KMALLOC_DMA);
	KT_EQ(kmalloc_type(GFP_KERNEL_ACCOUNT | __GFP_RECLAIMABLE, t), KMALLOC_RECLAIM);
	KT_EQ(kmalloc_type(GFP_KERNEL_ACCOUNT, t), KMALLOC_CGROUP);
	KT_EQ(NR_KMALLOC_TYPES, 5);
	KT_STREQ(kmalloc_caches[KMALLOC_NORMAL][1]->name, "kmalloc-96");
	KT_STREQ(kmalloc_caches[KMALLOC_RECLAIM][10]->name, "kmalloc-rcl-1k");
	KT_STREQ(kmalloc_caches[KMALLOC_DMA][13]->name, "dma-kmalloc-8k");
	KT_STREQ(kmalloc_caches[KMALLOC_CGROUP][3]->name, "kmalloc-cg-8");
	KT_EQ(kmalloc_caches[KMALLOC_NORMAL][2]->size, 192);
	p = __kmalloc_cache_noprof(kmalloc_caches[KMALLOC_NORMAL][kmalloc_index(40)],
				   GFP_KERNEL, 40);
	KT_EQ(ksize(p), 64);
	kfree(p);
	b = kmem_buckets_create("kt_msg", 0, 0, 0, NULL);
	KT_ASSERT(b, "buckets");
	KT_STREQ((*b)[7]->name, "kt_msg-128");
	p = kmem_buckets_alloc(b, 70, GFP_KERNEL);
	KT_EQ(ksize(p), 96);
	kfree(p);
	p = kvmalloc_node(3000, GFP_KERNEL, NUMA_NO_NODE);
	KT_EQ(ksize(p), 4096);
	kvfree(p);
	p = __kmalloc_large_noprof(3 * PAGE_SIZE + 1, GFP_KERNEL);
	KT_EQ(ksize(p), 4 * PAGE_SIZE);
	kfree(p);
	KT_ASSERT(kmem_cache_charge(b, GFP_KERNEL), "charged");
	for (i = 1; i <= KMALLOC_SHIFT_HIGH; i++) {
		if ((*b)[i])
			kfree((*b)[i]->name);
		kfree((*b)[i]);
	}
	kfree(b);
	KT_EQ(qdk_test_mem_objects(), base);
#else
	KT_EQ(kmalloc_type(GFP_KERNEL | __GFP_DMA | __GFP_ACCOUNT), KMALLOC_DMA);
	KT_EQ(kmalloc_type(GFP_KERNEL_ACCOUNT), KMALLOC_CGROUP);
#endif
	return 0;
}

KTEST(mmcov, gfp_bits_and_stack_flags)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(1u << ___GFP_ZERO_BIT, __GFP_ZERO);
	KT_EQ(1u << ___GFP_DIRECT_RECLAIM_BIT, __GFP_DIRECT_RECLAIM);
	KT_EQ(1u << ___GFP_ACCOUNT_BIT, __GFP_ACCOUNT);
	KT_EQ(SLAB_ACCOUNT, 1u << 13);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(SLAB_RECLAIM_ACCOUNT, 1u << 17);	/* after 7.x's MAY_ACCOUNT */
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(SLAB_RECLAIM_ACCOUNT, 1u << 16);
#else
	KT_EQ(SLAB_ACCOUNT, 0x04000000U);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(___GFP_LAST_BIT, 24);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(___GFP_LAST_BIT, 25);
#endif
	current->personality = PER_LINUX;
	KT_EQ(VM_STACK_FLAGS, VM_GROWSDOWN | VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE |
			      VM_MAYEXEC | VM_ACCOUNT);
	set_personality(PER_LINUX | READ_IMPLIES_EXEC);
	KT_EQ(VM_STACK_FLAGS & VM_EXEC, VM_EXEC);
	KT_EQ(personality(current->personality), PER_LINUX);
	current->personality = PER_LINUX;
	return 0;
}

KTEST(mmcov, alloc_tag_counts)
{
	DEFINE_ALLOC_TAG(kt_tag);
	union codetag_ref ref = {};

	alloc_tag_add(&ref, &kt_tag, 100);
	alloc_tag_add(&ref, &kt_tag, 28);
	KT_ASSERT(ref.ct == &kt_tag.ct, "ref keeps the tag");
	KT_EQ(kt_tag.counters->bytes, 128);
	KT_EQ(kt_tag.counters->calls, 2);
	alloc_tag_sub(&ref, 28);
	KT_ASSERT(!ref.ct, "cleared");
	KT_EQ(kt_tag.counters->bytes, 100);
	KT_EQ(kt_tag.counters->calls, 1);
	alloc_tag_sub(&ref, 100);	/* already cleared: nothing */
	KT_EQ(kt_tag.counters->calls, 1);
	KT_ASSERT(mem_alloc_profiling_enabled(), "the shim always tags");
	return 0;
}

KTEST(mmcov, folio_alloc_is_compound)
{
	long base = qdk_test_mem_objects();
	struct folio *folio = folio_alloc(GFP_KERNEL | __GFP_ZERO, 2);
	struct page *pages[3] = {};
	void *exact;

	KT_ASSERT(folio, "folio_alloc");
	KT_EQ(folio_order(folio), 2);
	KT_EQ(folio_nr_pages(folio), 4);
	KT_ASSERT(page_folio(folio_page(folio, 3)) == folio, "tail to head");
	KT_EQ(((u8 *)folio_address(folio))[4 * PAGE_SIZE - 1], 0);
	set_page_private(&folio->page, 0xabc);
	KT_EQ(page_private(&folio->page), 0xabc);
	KT_ASSERT(folio_get_private(folio) == (void *)0xabc, "private");
	folio_put(folio);
	folio = __folio_alloc_node(GFP_KERNEL, 0, 0);
	KT_ASSERT(folio && folio_nr_pages(folio) == 1, "order 0");
	folio_put(folio);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	pages[0] = alloc_contig_pages(3, GFP_KERNEL, 0, NULL);
	KT_ASSERT(pages[0], "contig");
	KT_EQ(page_count(pages[0] + 2), 1);	/* each page its own reference */
	KT_EQ(page_to_pfn(pages[0] + 2), page_to_pfn(pages[0]) + 2);
	free_contig_range(page_to_pfn(pages[0]), 3);
	pages[0] = NULL;
#endif
	exact = alloc_pages_exact_nid(0, 3 * PAGE_SIZE, GFP_KERNEL);
	KT_ASSERT(exact, "exact");
	free_pages_exact(exact, 3 * PAGE_SIZE);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(alloc_pages_bulk(GFP_KERNEL, 3, pages), 3);
	free_pages_bulk(pages, 3);
	pages[0] = alloc_pages_nolock(0, NUMA_NO_NODE, 1);
	KT_ASSERT(pages[0] && compound_order(pages[0]) == 1, "nolock: compound");
	KT_EQ(((u8 *)page_address(pages[0]))[PAGE_SIZE + 5], 0);
	free_pages_nolock(pages[0], 1);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(alloc_pages_bulk_noprof(GFP_KERNEL, NUMA_NO_NODE, NULL, 3, NULL, pages), 3);
	release_pages(pages, 3);
#else
	KT_EQ(alloc_pages_bulk_array(GFP_KERNEL, 3, pages), 3);
	release_pages(pages, 3);
#endif
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(mmcov, bvec_walks)
{
	long base = qdk_test_mem_objects();
	struct page *blk = alloc_pages(GFP_KERNEL, 2);
	struct bio_vec bv[2], b;
	struct bvec_iter it = { .bi_size = 6000 }, i2;
	struct bvec_iter_all all;
	unsigned int n = 0, lens[4];

	KT_ASSERT(blk, "pages");
	bvec_set_page(&bv[0], blk, 5000, 100);		/* spans pages 0 and 1 */
	bvec_set_page(&bv[1], blk + 3, 1000, 50);
	KT_EQ(mp_bvec_iter_len(bv, it), 5000);
	KT_EQ(bvec_iter_len(bv, it), PAGE_SIZE - 100);
	KT_ASSERT(bvec_iter_page(bv, it) == blk, "page 0");
	KT_ASSERT(bvec_iter_advance(bv, &it, 4100), "advance");
	KT_EQ(it.bi_idx, 0);
	KT_EQ(mp_bvec_iter_offset(bv, it), 4200);
	KT_EQ(bvec_iter_offset(bv, it), 104);
	KT_EQ(mp_bvec_iter_page_idx(bv, it), 1);
	KT_ASSERT(bvec_iter_page(bv, it) == blk + 1, "page 1");
	KT_EQ(bvec_iter_len(bv, it), 900);
	KT_ASSERT(bvec_iter_advance(bv, &it, 900), "to the next piece");
	KT_EQ(it.bi_idx, 1);
	KT_EQ(it.bi_size, 1000);
	b = bvec_iter_bvec(bv, it);
	KT_EQ(b.bv_offset, 50);
	KT_EQ(b.bv_len, 1000);
	KT_EQ(bvec_phys(&bv[1]), PFN_PHYS(page_to_pfn(blk + 3)) + 50);
	it = (struct bvec_iter){ .bi_size = 6000 };
	for_each_bvec(b, bv, i2, it)
		lens[n < 4 ? n++ : 3] = b.bv_len;
	KT_EQ(n, 3);
	KT_EQ(lens[0], PAGE_SIZE - 100);
	KT_EQ(lens[1], 5000 - (PAGE_SIZE - 100));
	KT_EQ(lens[2], 1000);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 0, 0)
	it = BVEC_ITER_ALL_INIT;
	KT_EQ(it.bi_size, UINT_MAX);
	KT_EQ(it.bi_idx + it.bi_bvec_done, 0);
#endif
	bvec_init_iter_all(&all);
	bvec_advance(&bv[0], &all);
	KT_EQ(all.bv.bv_len, PAGE_SIZE - 100);
	bvec_advance(&bv[0], &all);
	KT_ASSERT(all.bv.bv_page == blk + 1 && all.bv.bv_offset == 0, "next page");
	KT_EQ(all.bv.bv_len, 5000 - (PAGE_SIZE - 100));
	KT_EQ(all.idx, 1);
	__free_pages(blk, 2);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct kt_flexs {
	u16 n;
	u32 v[];
};

KTEST(mmcov, stack_flex_size)
{
	DEFINE_FLEX(struct kt_flexs, f, v, n, 5);

	KT_EQ(f->n, 5);
	KT_ASSERT(STACK_FLEX_ARRAY_SIZE(f, v) >= 5, "at least the count");
	KT_ASSERT(!overflows_flex_counter_type(struct kt_flexs, v, 70000), "size_t counter");
	return 0;
}
#endif
