// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_mmtypes.c - an mm's counters and high-water marks, page table
 * bytes, NUMA balancing's cpupid packing, 7.x's vma_flags_t bitmaps and
 * mm flags, encoded page pointers, and the mm.h sizes and fault codes.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/version.h>

#include "ktest.h"

KTEST(mmtypes, rss_counters_and_hiwater)
{
	struct mm_struct mm = { };
	unsigned long maxrss = 3;

	add_mm_counter(&mm, MM_FILEPAGES, 10);
	inc_mm_counter(&mm, MM_ANONPAGES);
	inc_mm_counter(&mm, MM_ANONPAGES);
	add_mm_counter(&mm, MM_SHMEMPAGES, 5);
	add_mm_counter(&mm, MM_SWAPENTS, 7);
	KT_EQ(get_mm_counter(&mm, MM_ANONPAGES), 2);
	/* swap entries are not resident */
	KT_EQ(get_mm_rss(&mm), 17);
	dec_mm_counter(&mm, MM_SHMEMPAGES);
	KT_EQ(get_mm_rss(&mm), 16);
	/* a count gone below zero reads as zero */
	add_mm_counter(&mm, MM_SWAPENTS, -9);
	KT_EQ(get_mm_counter(&mm, MM_SWAPENTS), 0);

	KT_EQ(get_mm_hiwater_rss(&mm), 16);
	update_hiwater_rss(&mm);
	KT_EQ(mm.hiwater_rss, 16);
	add_mm_counter(&mm, MM_FILEPAGES, -10);
	KT_EQ(get_mm_hiwater_rss(&mm), 16);	/* the mark stays */
	setmax_mm_hiwater_rss(&maxrss, &mm);
	KT_EQ(maxrss, 16);
	reset_mm_hiwater_rss(&mm);
	KT_EQ(mm.hiwater_rss, 6);

	mm.total_vm = 40;
	KT_EQ(get_mm_hiwater_vm(&mm), 40);
	update_hiwater_vm(&mm);
	mm.total_vm = 30;
	KT_EQ(get_mm_hiwater_vm(&mm), 40);
	return 0;
}

KTEST(mmtypes, page_table_bytes)
{
	struct mm_struct mm = { };

	mm_pgtables_bytes_init(&mm);
	mm_inc_nr_ptes(&mm);
	mm_inc_nr_pmds(&mm);
	mm_inc_nr_puds(&mm);
	/* one 4 KiB table per level on x86-64 */
	KT_EQ(mm_pgtables_bytes(&mm), 3 * PAGE_SIZE);
	mm_dec_nr_pmds(&mm);
	mm_dec_nr_puds(&mm);
	KT_EQ(mm_pgtables_bytes(&mm), PAGE_SIZE);
	mm_dec_nr_ptes(&mm);
	KT_EQ(mm_pgtables_bytes(&mm), 0);
	return 0;
}

KTEST(mmtypes, cpupid_packing)
{
	int cpupid = cpu_pid_to_cpupid(5, 0x1234);

	/* the pid's low 8 bits under the CPU's 13 */
	KT_EQ(cpupid, (5 << 8) | 0x34);
	KT_EQ(cpupid_to_pid(cpupid), 0x34);
	KT_EQ(cpupid_to_cpu(cpupid), 5);
	KT_EQ(cpupid_to_nid(cpupid), 0);
	KT_ASSERT(__cpupid_match_pid(0x5634, cpupid), "same low bits");
	KT_ASSERT(!__cpupid_match_pid(0x35, cpupid), "other pid");
	KT_ASSERT(!cpupid_pid_unset(cpupid) && !cpupid_cpu_unset(cpupid), "both set");
	KT_ASSERT(cpupid_pid_unset(-1) && cpupid_cpu_unset(-1), "all ones: unset");
	KT_EQ(cpu_pid_to_cpupid(8192 + 3, 1), (3 << 8) | 1);	/* CPU bits wrap */
	KT_EQ(LAST_CPUPID_MASK, (1 << 21) - 1);
	return 0;
}

KTEST(mmtypes, sizes_and_fault_codes)
{
	KT_EQ(PAGES_TO_MB(2560UL), 10);
	KT_EQ(MB_TO_PAGES(3UL), 768);
	KT_EQ(INVALID_PHYS_ADDR, (phys_addr_t)-1);
	KT_EQ(vmf_fs_error(0), VM_FAULT_LOCKED);
	KT_EQ(vmf_fs_error(-EAGAIN), VM_FAULT_NOPAGE);
	KT_EQ(vmf_fs_error(-ENOMEM), VM_FAULT_OOM);
	KT_EQ(vmf_fs_error(-EIO), VM_FAULT_SIGBUS);
	/* x86-64 with IA-32 emulation: 3 arch entries and AT_NULL, in pairs */
	KT_EQ(AT_VECTOR_SIZE, 2 * (3 + AT_VECTOR_SIZE_BASE + 1));
	KT_EQ(1UL << STRUCT_PAGE_MAX_SHIFT >= sizeof(struct page), 1);
	KT_EQ(1UL << (STRUCT_PAGE_MAX_SHIFT - 1) < sizeof(struct page), 1);
	return 0;
}

KTEST(mmtypes, vma_heap_and_stack)
{
	struct mm_struct mm = { .start_brk = 0x1000000, .brk = 0x1800000,
				.start_stack = 0x7ffff000 };
	struct vm_area_struct heap = { .vm_start = 0x1000000, .vm_end = 0x1400000, .vm_mm = &mm };
	struct vm_area_struct stack = { .vm_start = 0x7fff0000, .vm_end = 0x80000000,
					.vm_mm = &mm };

	KT_ASSERT(vma_is_initial_heap(&heap), "within brk");
	KT_ASSERT(!vma_is_initial_stack(&heap), "not the stack");
	KT_ASSERT(vma_is_initial_stack(&stack), "holds start_stack");
	KT_ASSERT(!vma_is_initial_heap(&stack), "above brk");
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(mmtypes, encoded_pages)
{
	struct page *page = alloc_page(GFP_KERNEL);
	struct encoded_page *enc = encode_page(page, ENCODED_PAGE_BIT_DELAY_RMAP);

	KT_EQ(encoded_page_flags(enc), ENCODED_PAGE_BIT_DELAY_RMAP);
	KT_ASSERT(encoded_page_ptr(enc) == page, "the page again");
	KT_EQ(encoded_nr_pages(encode_nr_pages(512)), 512);
	__free_page(page);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(mmtypes, vma_flags_bitmaps)
{
	vma_flags_t f = mk_vma_flags(VMA_READ_BIT, VMA_WRITE_BIT, VMA_SHARED_BIT);
	vma_flags_t g, both;
	struct vm_area_struct vma = { };

	KT_EQ(vma_flags_to_legacy(f), VM_READ | VM_WRITE | VM_SHARED);
	KT_EQ(vma_flags_count(&f), 3);
	KT_ASSERT(vma_flags_test(&f, VMA_WRITE_BIT), "write set");
	KT_ASSERT(!vma_flags_test(&f, VMA_EXEC_BIT), "exec not");
	KT_ASSERT(vma_flags_test_any(&f, VMA_EXEC_BIT, VMA_READ_BIT), "one of them");
	KT_ASSERT(!vma_flags_test_all(&f, VMA_EXEC_BIT, VMA_READ_BIT), "not both");
	KT_ASSERT(vma_flags_test_all(&f, VMA_SHARED_BIT, VMA_READ_BIT), "both");
	KT_ASSERT(!vma_flags_test_any_mask(&f, EMPTY_VMA_FLAGS), "an empty mask matches none");

	g = append_vma_flags(f, VMA_MAYWRITE_BIT);
	KT_EQ(vma_flags_to_legacy(g), VM_READ | VM_WRITE | VM_SHARED | VM_MAYWRITE);
	KT_ASSERT(is_shared_maywrite(&g) && !is_shared_maywrite(&f), "shared and may write");
	both = vma_flags_and(&g, VMA_MAYWRITE_BIT, VMA_EXEC_BIT);
	KT_EQ(vma_flags_to_legacy(both), VM_MAYWRITE);
	both = vma_flags_diff_pair(&f, &g);
	KT_EQ(vma_flags_to_legacy(both), VM_MAYWRITE);
	KT_ASSERT(vma_flags_same(&f, VMA_SHARED_BIT, VMA_WRITE_BIT, VMA_READ_BIT), "exactly");
	KT_ASSERT(!vma_flags_same_pair(&f, &g), "g has one more");
	vma_flags_clear(&g, VMA_SHARED_BIT);
	KT_ASSERT(vma_flags_is_cow_mapping(&g), "private and may write");
	g = mk_vma_flags_from_masks(VMA_UFFD_WP, VMA_UFFD_MINOR);
	KT_EQ(vma_flags_to_legacy(g), VM_UFFD_WP | VM_UFFD_MINOR);
	KT_EQ(vma_flags_to_legacy(VMA_SPECIAL_FLAGS), VM_SPECIAL);
	KT_EQ(vma_flags_to_legacy(VMA_STACK_FLAGS), VM_STACK_FLAGS);
	KT_EQ(vma_flags_to_legacy(VMA_DATA_FLAGS_NON_EXEC), VM_DATA_FLAGS_NON_EXEC);

	vm_flags_init(&vma, VM_READ | VM_GROWSDOWN);
	KT_ASSERT(vma_test(&vma, VMA_GROWSDOWN_BIT) && vma_can_grow(&vma), "a stack");
	vma_set_flags(&vma, VMA_WRITE_BIT, VMA_MAYWRITE_BIT);
	KT_EQ(vma.vm_flags, VM_READ | VM_GROWSDOWN | VM_WRITE | VM_MAYWRITE);
	KT_ASSERT(vma_is_cow_mapping(&vma), "private writable");
	vma_clear_flags(&vma, VMA_GROWSDOWN_BIT);
	KT_ASSERT(!vma_can_grow(&vma), "no longer");
	vm_flags_mod(&vma, VM_SHARED, VM_WRITE);
	KT_EQ(vma.vm_flags, VM_READ | VM_MAYWRITE | VM_SHARED);
	vma_set_atomic_flag(&vma, VMA_MAYBE_GUARD_BIT);
	KT_ASSERT(vma_test_atomic_flag(&vma, VMA_MAYBE_GUARD_BIT), "guard set");
	KT_ASSERT(vma_test_single_mask(&vma, mk_vma_flags(VMA_MAYBE_GUARD_BIT)), "one flag");
	return 0;
}

KTEST(mmtypes, vma_desc_and_pgoffs)
{
	struct vm_area_desc desc = { .start = 0x10000, .end = 0x14000 };
	struct vm_area_struct vma = { .vm_start = 0x10000, .vm_end = 0x13000, .vm_pgoff = 7 };

	KT_EQ(vma_desc_size(&desc), 0x4000);
	KT_EQ(vma_desc_pages(&desc), 4);
	KT_ASSERT(range_in_vma_desc(&desc, 0x11000, 0x14000), "inside");
	KT_ASSERT(!range_in_vma_desc(&desc, 0x11000, 0x15000), "past the end");
	KT_ASSERT(!range_in_vma_desc(NULL, 0, 0), "no desc");
	vma_desc_set_flags(&desc, VMA_READ_BIT, VMA_MAYWRITE_BIT);
	KT_ASSERT(vma_desc_test(&desc, VMA_READ_BIT), "read");
	KT_ASSERT(vma_desc_is_cow_mapping(&desc), "private");
	vma_desc_clear_flags(&desc, VMA_MAYWRITE_BIT);
	KT_ASSERT(!vma_desc_test_any(&desc, VMA_MAYWRITE_BIT, VMA_WRITE_BIT), "cleared");

	KT_EQ(vma_start_pgoff(&vma), 7);
	KT_EQ(vma_end_pgoff(&vma), 10);
	KT_EQ(vma_last_pgoff(&vma), 9);
	return 0;
}

KTEST(mmtypes, mm_flags)
{
	struct mm_struct mm = { };

	KT_ASSERT(!mm_flags_test(MMF_OOM_SKIP, &mm), "clear");
	mm_flags_set(MMF_OOM_SKIP, &mm);
	KT_ASSERT(mm_flags_test_and_set(MMF_OOM_SKIP, &mm), "was set");
	KT_EQ(__mm_flags_get_word(&mm), BIT(MMF_OOM_SKIP));
	KT_ASSERT(!mm_flags_test_and_set(MMF_HAS_PINNED, &mm), "was not");
	KT_ASSERT(mm_flags_test_and_clear(MMF_HAS_PINNED, &mm), "was set");
	__mm_flags_set_mask_bits_word(&mm, BIT(MMF_OOM_SKIP), BIT(MMF_TOPDOWN));
	KT_EQ(__mm_flags_get_word(&mm), BIT(MMF_TOPDOWN));
	/* MDWE that may not be inherited is dropped with its bit */
	KT_EQ(mmf_init_legacy_flags(BIT(MMF_HAS_MDWE) | BIT(MMF_HAS_MDWE_NO_INHERIT) |
				    BIT(MMF_TOPDOWN) | BIT(MMF_OOM_SKIP)), BIT(MMF_TOPDOWN));
	KT_EQ(mmf_init_legacy_flags(BIT(MMF_HAS_MDWE)), BIT(MMF_HAS_MDWE));
	mm_flags_clear_all(&mm);
	KT_EQ(__mm_flags_get_word(&mm), 0);
	return 0;
}
#endif

KTEST(mmtypes, folio_refs_freeze_and_try_get)
{
	struct page *page = alloc_pages(GFP_KERNEL | __GFP_COMP, 1);
	struct folio *folio = page_folio(page);

	KT_EQ(folio_ref_count(folio), 1);
	KT_EQ(page_count(page + 1), 1);		/* a tail page counts as its head */
	folio_ref_add(folio, 2);
	KT_EQ(folio_ref_inc_return(folio), 4);
	KT_EQ(folio_ref_sub_return(folio, 2), 2);
	KT_ASSERT(!folio_ref_freeze(folio, 1), "a count of 2 is not frozen at 1");
	KT_ASSERT(folio_ref_freeze(folio, 2), "frozen");
	KT_EQ(folio_ref_count(folio), 0);
	KT_ASSERT(!folio_try_get(folio), "no reference on a frozen folio");
	KT_ASSERT(folio_ref_zero_or_close_to_overflow(folio), "zero");
	folio_ref_unfreeze(folio, 2);
	KT_ASSERT(folio_try_get(folio), "thawed");
	KT_EQ(folio_ref_dec_return(folio), 2);
	KT_ASSERT(!folio_ref_sub_and_test(folio, 1), "one left");
	folio_set_count(folio, -5);
	KT_ASSERT(folio_ref_zero_or_close_to_overflow(folio), "overflowed");
	folio_set_count(folio, 1);
	KT_ASSERT(!folio_ref_zero_or_close_to_overflow(folio), "one");
	KT_ASSERT(!is_zero_folio(folio), "an allocated folio is not the zero page");
	folio_put(folio);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(mmtypes, folio_copy_and_nontail)
{
	struct folio *src = folio_alloc(GFP_KERNEL, 1), *dst = folio_alloc(GFP_KERNEL, 1);
	struct folio *again;

	memset(folio_address(src), 0x5a, PAGE_SIZE);
	memset((char *)folio_address(src) + PAGE_SIZE, 0xa5, PAGE_SIZE);
	KT_EQ(folio_mc_copy(dst, src), 0);
	KT_EQ(((u8 *)folio_address(dst))[PAGE_SIZE - 1], 0x5a);
	KT_EQ(((u8 *)folio_address(dst))[2 * PAGE_SIZE - 1], 0xa5);
	KT_ASSERT(folio_has_pincount(dst), "large");
	KT_ASSERT(!folio_is_pfmemalloc(dst), "not from the reserves");

	again = folio_get_nontail_page(&src->page);
	KT_ASSERT(again == src, "its folio");
	KT_EQ(folio_ref_count(src), 2);
	folio_put(again);
	folio_put(src);
	folio_put(dst);
	return 0;
}
#endif

KTEST(mmtypes, thp_sizes)
{
	struct page *page = alloc_pages(GFP_KERNEL | __GFP_COMP, 2);

	KT_EQ(thp_order(page), 2);
	KT_EQ(thp_size(page), 4 * PAGE_SIZE);
	KT_EQ(thp_order(page + 1), 0);	/* a tail page is no THP head */
	__free_pages(page, 2);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(mmtypes, mmap_actions)
{
	struct vm_area_desc desc = { .start = 0x20000, .end = 0x24000, .pgoff = 3,
				     .page_prot = __pgprot(0x25) };
	struct page *pages[4];

	mmap_action_remap_full(&desc, 0x1234);
	KT_EQ(desc.action.type, MMAP_REMAP_PFN);
	KT_EQ(desc.action.remap.start, 0x20000);
	KT_EQ(desc.action.remap.size, 0x4000);
	KT_EQ(pgprot_val(desc.action.remap.pgprot), 0x25);
	mmap_action_ioremap(&desc, 0x21000, 0x99, 0x1000);
	KT_EQ(desc.action.type, MMAP_IO_REMAP_PFN);
	KT_EQ(desc.action.remap.start_pfn, 0x99);
	mmap_action_simple_ioremap(&desc, 0xfe000000, 0x2000);
	KT_EQ(desc.action.type, MMAP_SIMPLE_IO_REMAP);
	KT_EQ(desc.action.simple_ioremap.size, 0x2000);
	mmap_action_map_kernel_pages_full(&desc, pages);
	KT_EQ(desc.action.type, MMAP_MAP_KERNEL_PAGES);
	KT_EQ(desc.action.map_kernel.nr_pages, 4);
	KT_EQ(desc.action.map_kernel.pgoff, 3);
	return 0;
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(mmtypes, mm_cid_states)
{
	KT_ASSERT(mm_cid_is_unset(-1) && !mm_cid_is_lazy_put(-1), "unset is not lazy");
	KT_ASSERT(mm_cid_is_lazy_put(mm_cid_set_lazy_put(5)), "lazy");
	KT_ASSERT(!mm_cid_is_valid(mm_cid_set_lazy_put(5)), "not valid while lazy");
	KT_EQ(mm_cid_clear_lazy_put(mm_cid_set_lazy_put(5)), 5);
	KT_EQ(MAX_FOLIO_NR_PAGES, 1UL << 18);
	return 0;
}
#endif
