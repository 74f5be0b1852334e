// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_mm.c - linux/mm.h over the shim's page allocator and vmalloc:
 * compound pages and folios, split blocks, pfns, vmalloc areas and their
 * pages, the helpers of a mapping's flags and fault codes, memory info.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/sysinfo.h>
#include <linux/vmalloc.h>
#include <linux/version.h>

#include "ktest.h"

KTEST(mm, compound_and_folio)
{
	long base = qdk_test_mem_objects();
	struct page *page = alloc_pages(GFP_KERNEL | __GFP_COMP, 3);
	struct page *plain = alloc_pages(GFP_KERNEL, 2);
	struct folio *folio;

	KT_ASSERT(page && plain, "alloc");
	KT_EQ(compound_order(page), 3);
	KT_EQ(compound_order(page + 1), 0);	/* a tail page */
	KT_EQ(compound_nr(page), 8);
	KT_EQ(page_size(page), 8 * PAGE_SIZE);
	KT_EQ(page_shift(page), PAGE_SHIFT + 3);
	KT_EQ(compound_order(plain), 0);	/* not __GFP_COMP */
	KT_EQ(page_size(plain), PAGE_SIZE);
	folio = page_folio(page + 5);
	KT_ASSERT(&folio->page == page, "folio of a tail page is the head");
	KT_EQ(folio_nr_pages(folio), 8);
	KT_EQ(folio_size(folio), 8 * PAGE_SIZE);
	KT_ASSERT(folio_address(folio) == page_address(page), "folio_address");
	KT_ASSERT(virt_to_folio(page_address(page) + 3 * PAGE_SIZE + 7) == folio, "virt");
	KT_ASSERT(folio_page(folio, 2) == page + 2, "folio_page");
	KT_EQ(offset_in_page((char *)page_address(page) + 5000), 5000 - PAGE_SIZE);
	KT_EQ(offset_in_folio(folio, (char *)page_address(page) + 5000), 5000);
	folio_get(folio);
	KT_EQ(page_count(page + 7), 2);
	KT_ASSERT(get_page_unless_zero(page), "unless zero");
	KT_ASSERT(try_get_page(page + 1), "try_get_page");
	folio_put_refs(folio, 3);
	KT_EQ(page_count(page), 1);
	folio_put(folio);
	KT_EQ(page_mapcount(plain), 0);
	KT_EQ(page_to_nid(plain), 0);
	__free_pages(plain, 2);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(mm, split_release_and_pfn)
{
	long base = qdk_test_mem_objects();
	struct page *page = alloc_pages(GFP_KERNEL, 2);
	struct page *pages[2];
	LIST_HEAD(list);
	unsigned long pfn;

	KT_ASSERT(page, "alloc");
	pfn = page_to_pfn(page + 1);
	KT_EQ(pfn, (unsigned long)page_address(page + 1) >> PAGE_SHIFT);
	KT_ASSERT(pfn_to_page(pfn) == page + 1, "pfn_to_page");
	KT_ASSERT(page_is_ram(pfn), "ram");
	KT_EQ(page_count(page + 3), 0);
	split_page(page, 2);
	KT_EQ(page_count(page + 3), 1);
	pages[0] = page;
	pages[1] = page + 1;
	release_pages(pages, 2);
	KT_EQ(qdk_test_mem_objects(), base + 1);	/* pages 2 and 3 still held */
	list_add(&page[2].lru, &list);
	list_add(&page[3].lru, &list);
	put_pages_list(&list);
	KT_ASSERT(list_empty(&list), "list emptied");
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(mm, vmalloc_pages)
{
	long base = qdk_test_mem_objects();
	char *v = vzalloc(3 * PAGE_SIZE + 10);
	char *k = kvmalloc(64, GFP_KERNEL);
	struct page *page;
	struct vm_struct *vm;

	KT_ASSERT(v && k, "alloc");
	KT_ASSERT(PAGE_ALIGNED(v), "page aligned");
	KT_EQ(v[3 * PAGE_SIZE + 9], 0);
	KT_ASSERT(is_vmalloc_addr(v + 4 * PAGE_SIZE - 1), "last page is vmalloc's");
	KT_ASSERT(!is_vmalloc_addr(v + 4 * PAGE_SIZE), "past the end");
	KT_ASSERT(!is_vmalloc_addr(k), "kmalloc memory");
	page = vmalloc_to_page(v + 2 * PAGE_SIZE + 1);
	KT_ASSERT(page && page_address(page) == v + 2 * PAGE_SIZE, "vmalloc_to_page");
	KT_EQ(page_count(page), 1);
	KT_EQ(vmalloc_to_pfn(v + PAGE_SIZE), page_to_pfn(vmalloc_to_page(v + PAGE_SIZE)));
	KT_ASSERT(pfn_to_page(vmalloc_to_pfn(v)) == vmalloc_to_page(v), "pfn round trip");
	KT_EQ(vmalloc_nr_pages(), 4);
	vm = find_vm_area(v);
	KT_ASSERT(vm && vm->nr_pages == 4 && (vm->flags & VM_ALLOC), "area");
	KT_EQ(get_vm_area_size(vm), 4 * PAGE_SIZE);
	KT_ASSERT(!find_vm_area(v + 1), "not an area's start");
	kvfree(v);		/* vmalloc memory through kvfree() */
	kvfree(k);
	KT_EQ(vmalloc_nr_pages(), 0);
	v = vmalloc_array(3, 5000);
	KT_ASSERT(v && find_vm_area(v)->nr_pages == 4, "array");
	vfree(v);
	KT_ASSERT(!vmalloc_array(SIZE_MAX / 2, 3), "overflow");
	vfree(NULL);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(mm, vrealloc_keeps_contents)
{
	long base = qdk_test_mem_objects();
	char *v = vmalloc(100);

	KT_ASSERT(v, "alloc");
	memset(v, 0x5a, 100);
	v = vrealloc(v, 3 * PAGE_SIZE, GFP_KERNEL);
	KT_ASSERT(v && v[99] == 0x5a && find_vm_area(v)->nr_pages == 3, "grown");
	KT_ASSERT(vrealloc(v, 10, GFP_KERNEL) == v, "shrunk in place");
	KT_ASSERT(!vrealloc(v, 0, GFP_KERNEL), "freed");
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}
#endif

KTEST(mm, vma_and_fault_helpers)
{
	struct vm_area_struct vma;

	vma_init(&vma, NULL);
	KT_ASSERT(!vma_is_anonymous(&vma), "has ops");
	vma_set_anonymous(&vma);
	KT_ASSERT(vma_is_anonymous(&vma), "anonymous");
	vma.vm_start = 0x10000;
	vma.vm_end = 0x15000;
	KT_EQ(vma_pages(&vma), 5);
	KT_ASSERT(range_in_vma(&vma, 0x11000, 0x15000), "in");
	KT_ASSERT(!range_in_vma(&vma, 0x11000, 0x16000), "out");
	KT_ASSERT(is_cow_mapping(VM_MAYWRITE | VM_READ), "private writable");
	KT_ASSERT(!is_cow_mapping(VM_SHARED | VM_MAYSHARE | VM_MAYWRITE), "shared");
	KT_ASSERT(!vma_is_accessible(&vma), "no access flags");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	vm_flags_init(&vma, VM_READ);
	vm_flags_set(&vma, VM_DONTEXPAND | VM_DONTDUMP);
	vm_flags_clear(&vma, VM_READ);
	KT_EQ(vma.vm_flags, VM_DONTEXPAND | VM_DONTDUMP);
#else
	vma.vm_flags = VM_READ | VM_DONTEXPAND;
	KT_EQ(vma.vm_flags & VM_SPECIAL, VM_DONTEXPAND);
#endif
	KT_EQ(vmf_error(-ENOMEM), VM_FAULT_OOM);
	KT_EQ(vmf_error(-EINVAL), VM_FAULT_SIGBUS);
	KT_EQ(vm_fault_to_errno(VM_FAULT_OOM | VM_FAULT_SIGBUS, 0), -ENOMEM);
	KT_EQ(vm_fault_to_errno(VM_FAULT_HWPOISON, FOLL_HWPOISON), -EHWPOISON);
	KT_EQ(vm_fault_to_errno(VM_FAULT_HWPOISON, 0), -EFAULT);
	KT_EQ(vm_fault_to_errno(VM_FAULT_NOPAGE, 0), 0);
	KT_ASSERT(fault_flag_allow_retry_first(FAULT_FLAG_DEFAULT), "first");
	KT_ASSERT(!fault_flag_allow_retry_first(FAULT_FLAG_DEFAULT | FAULT_FLAG_TRIED), "tried");
	KT_EQ(VM_MERGEABLE, 0x80000000UL);
	KT_EQ(VM_PKEY_BIT3, 1UL << 35);
	return 0;
}

KTEST(mm, memory_info)
{
	long base = qdk_test_mem_objects();
	struct sysinfo si;
	unsigned long before, after;
	void *p;

	KT_EQ(totalram_pages(), (4UL << 30) >> PAGE_SHIFT);
	si_meminfo(&si);
	KT_EQ(si.totalram, totalram_pages());
	KT_EQ(si.mem_unit, PAGE_SIZE);
	before = si.freeram;
	p = vmalloc(64 * PAGE_SIZE);
	si_meminfo(&si);
	after = si.freeram;
	KT_ASSERT(before - after >= 64, "free memory fell by %lu pages", before - after);
	KT_ASSERT(si_mem_available() <= (long)after, "available");
	vfree(p);
	totalram_pages_add(-16);
	KT_EQ(totalram_pages(), ((4UL << 30) >> PAGE_SHIFT) - 16);
	totalram_pages_add(16);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(mm, gfp_zone_and_migratetype)
{
	/* the zone each modifier selects on x86-64 (no highmem) */
	KT_EQ(gfp_zone(GFP_KERNEL), ZONE_NORMAL);
	KT_EQ(gfp_zone(GFP_KERNEL | __GFP_DMA), ZONE_DMA);
	KT_EQ(gfp_zone(GFP_KERNEL | __GFP_DMA32), ZONE_DMA32);
	KT_EQ(gfp_zone(GFP_USER | __GFP_HIGHMEM), ZONE_NORMAL);
	KT_EQ(gfp_zone(GFP_HIGHUSER_MOVABLE), ZONE_MOVABLE);
	KT_EQ(gfp_zone(GFP_KERNEL | __GFP_MOVABLE), ZONE_NORMAL);
	KT_EQ(gfp_zone(__GFP_MOVABLE | __GFP_DMA32), ZONE_DMA32);
	KT_EQ(gfp_zone(__GFP_MOVABLE | __GFP_DMA), ZONE_DMA);
	KT_ASSERT((GFP_ZONE_BAD >> (__GFP_DMA | __GFP_DMA32)) & 1, "two zones are bad");
	KT_ASSERT(!((GFP_ZONE_BAD >> __GFP_DMA32) & 1), "one zone is fine");

	KT_EQ(gfp_migratetype(GFP_KERNEL), MIGRATE_UNMOVABLE);
	KT_EQ(gfp_migratetype(GFP_HIGHUSER_MOVABLE), MIGRATE_MOVABLE);
	KT_EQ(gfp_migratetype(GFP_KERNEL | __GFP_RECLAIMABLE), MIGRATE_RECLAIMABLE);

	KT_EQ(gfp_zonelist(GFP_KERNEL), 0);
	KT_EQ(gfp_zonelist(GFP_KERNEL | __GFP_THISNODE), 1);
	KT_ASSERT(gfp_compaction_allowed(GFP_KERNEL), "GFP_KERNEL may compact");
	KT_ASSERT(gfp_compaction_allowed(GFP_NOFS), "GFP_NOFS may compact");
	KT_ASSERT(!gfp_compaction_allowed(GFP_NOIO), "GFP_NOIO may not");
	KT_ASSERT(!gfp_compaction_allowed(GFP_ATOMIC), "GFP_ATOMIC may not");
	KT_ASSERT(gfpflags_allow_blocking(GFP_KERNEL), "GFP_KERNEL blocks");
	KT_ASSERT(!gfpflags_allow_blocking(GFP_ATOMIC), "GFP_ATOMIC does not");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* a nested allocation keeps the context bits and adds the quiet ones */
	KT_EQ(gfp_nested_mask(GFP_KERNEL | __GFP_ZERO | __GFP_ACCOUNT),
	      GFP_KERNEL | __GFP_NORETRY | __GFP_NOMEMALLOC | __GFP_NOWARN);
	KT_EQ(gfp_nested_mask(GFP_ATOMIC),
	      GFP_ATOMIC | __GFP_NORETRY | __GFP_NOMEMALLOC | __GFP_NOWARN);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
	KT_ASSERT(gfpflags_allow_spinning(GFP_NOWAIT), "GFP_NOWAIT spins");
	KT_ASSERT(gfpflags_allow_spinning(GFP_KERNEL), "GFP_KERNEL spins");
	KT_ASSERT(!gfpflags_allow_spinning(__GFP_ZERO), "no reclaim flag: trylocks only");
	KT_ASSERT(gfp_has_flags(GFP_KERNEL, __GFP_IO | __GFP_FS), "has IO and FS");
	KT_ASSERT(!gfp_has_flags(GFP_NOFS, __GFP_IO | __GFP_FS), "NOFS lacks FS");
#endif
	return 0;
}

/* 6.1 writes vm_flags directly, 6.12 through vm_flags_init() */
static void qdk_test_vm_flags(struct vm_area_struct *vma, vm_flags_t flags)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	vm_flags_init(vma, flags);
#else
	vma->vm_flags = flags;
#endif
}

KTEST(mm, vma_gaps_and_checks)
{
	struct vm_area_struct vma = { .vm_start = 0x700000000000UL, .vm_end = 0x700000100000UL };
	struct page *a = alloc_page(GFP_KERNEL), *b = alloc_page(GFP_KERNEL);

	qdk_test_vm_flags(&vma, VM_READ | VM_WRITE | VM_SHARED | VM_MAYWRITE);
	KT_ASSERT(vma_is_shared_maywrite(&vma), "shared writable");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	{
		/* 7.x: is_shared_maywrite() reads vma_flags_t */
		vma_flags_t shared = mk_vma_flags(VMA_SHARED_BIT);
		vma_flags_t private = mk_vma_flags(VMA_MAYWRITE_BIT);

		KT_ASSERT(!is_shared_maywrite(&shared), "no VMA_MAYWRITE_BIT");
		KT_ASSERT(!is_shared_maywrite(&private), "private");
	}
#else
	KT_ASSERT(!is_shared_maywrite(VM_SHARED), "no VM_MAYWRITE");
	KT_ASSERT(!is_shared_maywrite(VM_MAYWRITE), "private");
#endif
	KT_ASSERT(vma_is_foreign(&vma), "current has no mm");
	KT_EQ(vm_start_gap(&vma), vma.vm_start);
	KT_EQ(vm_end_gap(&vma), vma.vm_end);
	KT_ASSERT(!vma_is_temporary_stack(&vma), "not a stack");

	qdk_test_vm_flags(&vma, VM_STACK | VM_READ | VM_WRITE | VM_ACCOUNT);
	KT_EQ(vm_start_gap(&vma), vma.vm_start - 256 * PAGE_SIZE);
	KT_EQ(vm_end_gap(&vma), vma.vm_end);	/* x86 has no upward stack */
	KT_ASSERT(!vma_is_temporary_stack(&vma), "set up");
	qdk_test_vm_flags(&vma, VM_STACK | VM_READ | VM_STACK_INCOMPLETE_SETUP);
	KT_ASSERT(vma_is_temporary_stack(&vma), "exec() not done");
	vma.vm_start = 5 * PAGE_SIZE;
	KT_EQ(vm_start_gap(&vma), 0);		/* the gap would wrap */

	KT_EQ(check_data_rlimit(~0UL, 0x9000, 0x1000, 0x3000, 0x2000), 0);
	KT_EQ(check_data_rlimit(0x9000, 0x9000, 0x1000, 0x3000, 0x2000), 0);
	KT_EQ(check_data_rlimit(0x8fff, 0x9000, 0x1000, 0x3000, 0x2000), -ENOSPC);

	KT_ASSERT(a && b, "alloc");
	memset(page_address(a), 7, PAGE_SIZE);
	memset(page_address(b), 7, PAGE_SIZE);
	KT_EQ(pages_identical(a, b), 1);
	((char *)page_address(b))[PAGE_SIZE - 1] = 8;
	KT_EQ(pages_identical(a, b), 0);
	KT_ASSERT(!folio_maybe_dma_pinned(page_folio(a)), "one reference");
	page_ref_add(a, GUP_PIN_COUNTING_BIAS);
	KT_ASSERT(folio_maybe_dma_pinned(page_folio(a)), "a pin's worth of references");
	page_ref_sub(a, GUP_PIN_COUNTING_BIAS);
	__free_page(a);
	__free_page(b);
	return 0;
}
