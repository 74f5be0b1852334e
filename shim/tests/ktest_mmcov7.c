// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_mmcov7.c - more of linux/mm.h on the shim's own pages: 6.1's
 * mapcounts of a compound page, folios_put(), get_kernel_pages(), a large
 * folio's second private word and memfd's write-seal checks.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/uio.h>
#include <linux/vmalloc.h>
#include <linux/version.h>

#include "ktest.h"

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
KTEST(mmcov7, page_mapcounts_and_folios_put)
{
	long base = qdk_test_mem_objects();
	struct page *page = alloc_pages(GFP_KERNEL | __GFP_COMP, 2);
	struct folio *folios[2];

	KT_ASSERT(page, "alloc_pages");
	/* nothing maps the shim's pages: every count is 0 */
	KT_EQ(__page_mapcount(page), 0);
	KT_EQ(__page_mapcount(page + 3), 0);
	KT_EQ(folio_estimated_sharers(page_folio(page + 1)), 0);
	atomic_inc(&page->_mapcount);	/* as one PTE would map the first page */
	KT_EQ(__page_mapcount(page), 1);
	KT_EQ(folio_estimated_sharers(page_folio(page + 2)), 1);
	KT_EQ(__page_mapcount(page + 1), 0);
	atomic_dec(&page->_mapcount);

	/* the folio's second private word is its second page's */
	folio_set_private_1(page_folio(page), 0x5a5a);
	KT_EQ(folio_get_private_1(page_folio(page)), 0x5a5a);
	KT_EQ(page[1].private, 0x5a5a);
	page[1].private = 0;

	/* folios_put() drops one reference each: the last frees */
	folios[0] = page_folio(page);
	folios[1] = page_folio(page);
	get_page(page);
	KT_EQ(page_ref_count(page), 2);
	folios_put(folios, 1);
	KT_EQ(page_ref_count(page), 1);
	folios_put(folios + 1, 1);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(mmcov7, get_kernel_pages_takes_references)
{
	long base = qdk_test_mem_objects();
	struct page *a = alloc_page(GFP_KERNEL);
	struct page *b = alloc_page(GFP_KERNEL);
	struct page *pages[2] = { };
	struct kvec kv[2];

	KT_ASSERT(a && b, "alloc_page");
	kv[0] = (struct kvec){ page_address(a), PAGE_SIZE };
	kv[1] = (struct kvec){ page_address(b), PAGE_SIZE };
	KT_EQ(get_kernel_pages(kv, 2, 0, pages), 2);
	KT_ASSERT(pages[0] == a && pages[1] == b, "the kvecs' pages");
	KT_EQ(page_ref_count(a), 2);
	KT_EQ(page_ref_count(b), 2);
	put_page(pages[0]);
	put_page(pages[1]);
	KT_EQ(page_ref_count(a), 1);
	__free_page(a);
	__free_page(b);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

KTEST(mmcov7, memfd_write_seals)
{
	struct vm_area_struct vma = { };

	KT_ASSERT(!is_write_sealed(F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW), "no write seal");
	KT_ASSERT(is_write_sealed(F_SEAL_WRITE), "F_SEAL_WRITE");
	KT_ASSERT(is_write_sealed(F_SEAL_FUTURE_WRITE), "F_SEAL_FUTURE_WRITE");
	KT_ASSERT(is_readonly_sealed(F_SEAL_WRITE, VM_SHARED | VM_READ), "shared read-only");
	KT_ASSERT(!is_readonly_sealed(F_SEAL_WRITE, VM_SHARED | VM_WRITE), "shared writable");
	KT_ASSERT(!is_readonly_sealed(F_SEAL_WRITE, VM_READ), "private");
	KT_ASSERT(!is_readonly_sealed(F_SEAL_GROW, VM_SHARED), "not write-sealed");
	vma.vm_flags = VM_SHARED | VM_WRITE;
	KT_EQ(seal_check_write(F_SEAL_WRITE, &vma), -EPERM);
	KT_EQ(seal_check_write(F_SEAL_GROW, &vma), 0);
	vma.vm_flags = VM_SHARED | VM_READ;
	KT_EQ(seal_check_write(F_SEAL_FUTURE_WRITE, &vma), 0);
	KT_EQ(madvise_set_anon_name(NULL, 0, PAGE_SIZE, NULL), 0);
	KT_ASSERT(!is_ioremap_addr(&vma), "the stack is no vmalloc memory");
	return 0;
}
#endif

KTEST(mmcov7, vmalloc_space)
{
	struct vmap_area va = { .va_start = 0x1000, .va_end = 0x3000 };

	KT_EQ(VMALLOC_TOTAL, (32UL << 40) - 1);
	KT_EQ(va.va_end - va.va_start, 2 * PAGE_SIZE);
	KT_EQ(INIT_PASID, 0);
	return 0;
}

KTEST(mmcov7, needs_cow_for_dma)
{
	long base = qdk_test_mem_objects();
	struct mm_struct mm = { };
	struct vm_area_struct vma = { .vm_mm = &mm };
	struct page *page = alloc_page(GFP_KERNEL);

	KT_ASSERT(page, "alloc_page");
	mm.write_protect_seq.sequence = 1;	/* as fork() holds it */
	page_ref_add(page, GUP_PIN_COUNTING_BIAS);	/* as one pin would */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(!folio_needs_cow_for_dma(&vma, page_folio(page)), "the mm never pinned");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	mm_flags_set(MMF_HAS_PINNED, &mm);
#else
	set_bit(MMF_HAS_PINNED, &mm.flags);
#endif
	KT_ASSERT(folio_needs_cow_for_dma(&vma, page_folio(page)), "pinned");
	page_ref_sub(page, GUP_PIN_COUNTING_BIAS);
	KT_ASSERT(!folio_needs_cow_for_dma(&vma, page_folio(page)), "unpinned");
#else
	KT_ASSERT(!page_needs_cow_for_dma(&vma, page), "the mm never pinned");
	set_bit(MMF_HAS_PINNED, &mm.flags);
	KT_ASSERT(page_needs_cow_for_dma(&vma, page), "pinned");
	page_ref_sub(page, GUP_PIN_COUNTING_BIAS);
	KT_ASSERT(!page_needs_cow_for_dma(&vma, page), "unpinned");
#endif
	__free_page(page);
	KT_EQ(qdk_test_mem_objects(), base);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(mmcov7, vmem_altmap)
{
	struct vmem_altmap altmap = { .base_pfn = 0x1000, .end_pfn = 0x2000, .reserve = 2,
				      .free = 30, .alloc = 20 };

	KT_EQ(vmem_altmap_offset(&altmap), 32);
	KT_EQ(vmem_altmap_offset(NULL), 0);
	vmem_altmap_free(&altmap, 5);
	KT_EQ(altmap.alloc, 15);
	return 0;
}
#endif
