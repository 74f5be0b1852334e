// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_mmpt.c - linux/mm.h's helpers on the shim's pages and mms: the
 * last cpupid a page keeps, folio mapcounts, the page-table locks (one per
 * mm), a PMD table's page, the vma lookups' bounds and page_pool's magic.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/version.h>

#include "ktest.h"

KTEST(mmpt, last_cpupid_starts_unset)
{
	struct page *page = alloc_page(GFP_KERNEL);
	int cpupid = cpu_pid_to_cpupid(3, 1234);

	KT_ASSERT(page, "alloc_page");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(folio_last_cpupid(page_folio(page)), LAST_CPUPID_MASK);
	KT_ASSERT(cpupid_pid_unset(folio_last_cpupid(page_folio(page))), "no pid yet");
	KT_EQ(folio_xchg_last_cpupid(page_folio(page), cpupid), LAST_CPUPID_MASK);
	KT_EQ(cpupid_to_cpu(folio_last_cpupid(page_folio(page))), 3);
	KT_EQ(cpupid_to_pid(folio_last_cpupid(page_folio(page))), 1234 & LAST__PID_MASK);
	/* an access time is kept in the same bits, truncated to them */
	KT_EQ(folio_xchg_access_time(page_folio(page), 5000), cpupid);
	KT_EQ(folio_last_cpupid(page_folio(page)), 5000);
#else
	KT_EQ(page_cpupid_last(page), LAST_CPUPID_MASK);
	KT_EQ(page_cpupid_xchg_last(page, cpupid), LAST_CPUPID_MASK);
	KT_EQ(cpupid_to_cpu(page_cpupid_last(page)), 3);
	KT_EQ(xchg_page_access_time(page, 5000), cpupid);
	KT_EQ(page_cpupid_last(page), 5000);
#endif
	page_cpupid_reset_last(page);
	KT_ASSERT(cpupid_cpu_unset(LAST_CPUPID_MASK), "all ones is unset");
	__free_page(page);
	return 0;
}

KTEST(mmpt, zeroed_struct_page)
{
	struct page p;

	memset(&p, 0xa5, sizeof(p));
	mm_zero_struct_page(&p);
	KT_EQ(p.flags, 0);
	KT_EQ(p.index, 0);
	KT_ASSERT(!p.virtual, "virtual cleared");
	return 0;
}

KTEST(mmpt, mapcounts)
{
	struct page *page = alloc_pages(GFP_KERNEL | __GFP_COMP, 2);
	struct folio *folio;

	KT_ASSERT(page, "alloc_pages");
	folio = page_folio(page);
	KT_EQ(folio_mapcount(folio), 0);
	KT_ASSERT(!folio_mapped(folio) && !page_mapped(page + 3), "not mapped");
	KT_EQ(folio_entire_mapcount(folio), 0);
	atomic_set(&page->_mapcount, 1);	/* as if two PTEs mapped it */
	KT_EQ(folio_mapcount(folio), 2);
	KT_ASSERT(page_mapped(page + 3), "a tail page's folio is mapped");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(folio_large_mapcount(folio), 2);
#else
	KT_EQ(total_mapcount(page + 1), 2);
	KT_EQ(compound_mapcount(page), 0);
#endif
	atomic_set(&page->_mapcount, -1);
	__free_pages(page, 2);
	return 0;
}

KTEST(mmpt, page_table_locks_are_the_mm_lock)
{
	struct mm_struct mm = {};
	unsigned long *table = (unsigned long *)__get_free_page(GFP_KERNEL);
	pmd_t *pmd;
	spinlock_t *ptl;

	KT_ASSERT(table, "a page for a PMD table");
	pmd = (pmd_t *)table + 100;
	spin_lock_init(&mm.page_table_lock);
	KT_ASSERT(pte_lockptr(&mm, pmd) == &mm.page_table_lock, "pte");
	KT_ASSERT(pmd_lockptr(&mm, pmd) == &mm.page_table_lock, "pmd");
	KT_ASSERT(pud_lockptr(&mm, NULL) == &mm.page_table_lock, "pud");
	ptl = pmd_lock(&mm, pmd);
	KT_ASSERT(ptl == &mm.page_table_lock && spin_is_locked(ptl), "taken");
	spin_unlock(ptl);
	ptl = pud_lock(&mm, NULL);
	KT_ASSERT(spin_is_locked(&mm.page_table_lock), "pud lock taken");
	spin_unlock(ptl);
	KT_ASSERT(!pmd_huge_pte(&mm, pmd), "nothing deposited");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_ASSERT(pmd_pgtable_page(pmd) == virt_to_page(table), "the table's page");
#else
	KT_ASSERT(pmd_to_page(pmd) == virt_to_page(table), "the table's page");
#endif
	free_page((unsigned long)table);
	return 0;
}

KTEST(mmpt, gup_protnone)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	struct vm_area_struct vma;

	vma_init(&vma, NULL);
	vm_flags_init(&vma, VM_READ);
	KT_ASSERT(gup_can_follow_protnone(&vma, 0), "not honouring NUMA faults");
	KT_ASSERT(!gup_can_follow_protnone(&vma, FOLL_HONOR_NUMA_FAULT), "accessible");
	vm_flags_init(&vma, VM_NONE);
	KT_ASSERT(gup_can_follow_protnone(&vma, FOLL_HONOR_NUMA_FAULT), "PROT_NONE");
#else
	KT_ASSERT(gup_can_follow_protnone(FOLL_FORCE), "forced");
	KT_ASSERT(!gup_can_follow_protnone(FOLL_WRITE), "not forced");
#endif
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(mmpt, page_pool_magic)
{
	struct page *page = alloc_page(GFP_KERNEL);
	phys_addr_t start, size;

	KT_ASSERT(page, "alloc_page");
	KT_EQ(PP_DMA_INDEX_SHIFT, 7);
	KT_EQ(PP_DMA_INDEX_BITS, 32);
	KT_EQ(PP_DMA_INDEX_MASK, 0x7fffffff80UL);
	KT_ASSERT(!page_pool_page_is_pp(page), "a plain page");
	page->pp_magic = 0xdead000000000040UL | (5UL << PP_DMA_INDEX_SHIFT) | 1;
	KT_ASSERT(page_pool_page_is_pp(page), "signature with an index and a low bit");
	page->pp_magic = 0xdead000000000080UL;
	KT_ASSERT(!page_pool_page_is_pp(page), "another signature");
	INIT_LIST_HEAD(&page->lru);
	__free_page(page);
	KT_ASSERT(!reserve_mem_find_by_name("ramoops", &start, &size), "no reserve_mem=");
	KT_ASSERT(!pfn_is_unaccepted_memory(0), "all memory accepted");
	return 0;
}

KTEST(mmpt, access_pid_bit)
{
	struct vma_numab_state st = {};
	struct vm_area_struct vma;
	unsigned int bit = hash_32(current->pid, ilog2(BITS_PER_LONG));

	vma_init(&vma, NULL);
	vma_set_access_pid_bit(&vma);	/* no scan state: nothing */
	vma.numab_state = &st;
	vma_set_access_pid_bit(&vma);
	KT_EQ(st.pids_active[1], 1UL << bit);
	KT_EQ(st.pids_active[0], 0);
	return 0;
}
#endif
