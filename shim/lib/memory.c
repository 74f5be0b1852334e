// SPDX-License-Identifier: GPL-2.0
/*
 * memory.c - the kernel's mm/memory.c: user mappings and page tables, which user
 * space does not give the shim, so each call stops (qdk/unmodelled.h).
 */
#include <linux/mm.h>
#include <qdk/unmodelled.h>

#define NO_PT "the shim has no user address space or page tables"

/*
 * The zero page (x86 keeps it in head_64.S, mm/memory.c its pfn): page
 * aligned and never written, so that is_zero_page() knows it by its pfn.
 */
unsigned long empty_zero_page[PAGE_SIZE / sizeof(unsigned long)] __aligned(PAGE_SIZE);

int vm_insert_page(struct vm_area_struct *vma, unsigned long addr, struct page *page)
{
	QDK_UNMODELLED(vm_insert_page, NO_PT);
}

int vm_insert_pages(struct vm_area_struct *vma, unsigned long addr,
		    struct page **pages, unsigned long *num)
{
	QDK_UNMODELLED(vm_insert_pages, NO_PT);
}

int vm_map_pages(struct vm_area_struct *vma, struct page **pages, unsigned long num)
{
	QDK_UNMODELLED(vm_map_pages, NO_PT);
}

int vm_map_pages_zero(struct vm_area_struct *vma, struct page **pages, unsigned long num)
{
	QDK_UNMODELLED(vm_map_pages_zero, NO_PT);
}

int vm_iomap_memory(struct vm_area_struct *vma, phys_addr_t start, unsigned long len)
{
	QDK_UNMODELLED(vm_iomap_memory, NO_PT);
}

vm_fault_t vmf_insert_pfn(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn)
{
	QDK_UNMODELLED(vmf_insert_pfn, NO_PT);
}

vm_fault_t vmf_insert_pfn_prot(struct vm_area_struct *vma, unsigned long addr,
			       unsigned long pfn, pgprot_t pgprot)
{
	QDK_UNMODELLED(vmf_insert_pfn_prot, NO_PT);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
vm_fault_t vmf_insert_mixed(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn)
#else
vm_fault_t vmf_insert_mixed(struct vm_area_struct *vma, unsigned long addr, pfn_t pfn)
#endif
{
	QDK_UNMODELLED(vmf_insert_mixed, NO_PT);
}

int remap_pfn_range(struct vm_area_struct *vma, unsigned long addr, unsigned long pfn,
		    unsigned long size, pgprot_t prot)
{
	QDK_UNMODELLED(remap_pfn_range, NO_PT);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
vm_fault_t vmf_insert_mixed_prot(struct vm_area_struct *vma, unsigned long addr,
				 pfn_t pfn, pgprot_t pgprot)
{
	QDK_UNMODELLED(vmf_insert_mixed_prot, NO_PT);
}

vm_fault_t vmf_insert_mixed_mkwrite(struct vm_area_struct *vma, unsigned long addr,
				    pfn_t pfn)
{
	QDK_UNMODELLED(vmf_insert_mixed_mkwrite, NO_PT);
}

void zap_page_range(struct vm_area_struct *vma, unsigned long address, unsigned long size)
{
	QDK_UNMODELLED(zap_page_range, NO_PT);
}

int follow_pfn(struct vm_area_struct *vma, unsigned long address, unsigned long *pfn)
{
	QDK_UNMODELLED(follow_pfn, NO_PT);
}

int follow_pte(struct mm_struct *mm, unsigned long address, pte_t **ptepp,
	       spinlock_t **ptlp)
{
	QDK_UNMODELLED(follow_pte, NO_PT);
}
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
void zap_vma_ptes(struct vm_area_struct *vma, unsigned long address, unsigned long size)
{
	QDK_UNMODELLED(zap_vma_ptes, NO_PT);
}

int apply_to_existing_page_range(struct mm_struct *mm, unsigned long address,
				 unsigned long size, pte_fn_t fn, void *data)
{
	QDK_UNMODELLED(apply_to_existing_page_range, NO_PT);
}
#endif

int apply_to_page_range(struct mm_struct *mm, unsigned long address,
			unsigned long size, pte_fn_t fn, void *data)
{
	QDK_UNMODELLED(apply_to_page_range, NO_PT);
}

void unmap_mapping_pages(struct address_space *mapping, pgoff_t start, pgoff_t nr,
			 bool even_cows)
{
	QDK_UNMODELLED(unmap_mapping_pages, NO_PT);
}

void unmap_mapping_range(struct address_space *mapping, loff_t const holebegin,
			 loff_t const holelen, int even_cows)
{
	QDK_UNMODELLED(unmap_mapping_range, NO_PT);
}

vm_fault_t handle_mm_fault(struct vm_area_struct *vma, unsigned long address,
			   unsigned int flags, struct pt_regs *regs)
{
	QDK_UNMODELLED(handle_mm_fault, NO_PT);
}

int generic_access_phys(struct vm_area_struct *vma, unsigned long addr, void *buf, int len,
			int write)
{
	QDK_UNMODELLED(generic_access_phys, NO_PT);
}

int access_process_vm(struct task_struct *tsk, unsigned long addr, void *buf,
		      int len, unsigned int gup_flags)
{
	QDK_UNMODELLED(access_process_vm, NO_PT);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int follow_pfnmap_start(struct follow_pfnmap_args *args)
{
	QDK_UNMODELLED(follow_pfnmap_start, "the shim has no user page tables to walk");
}

void follow_pfnmap_end(struct follow_pfnmap_args *args)
{
	QDK_UNMODELLED(follow_pfnmap_end, "the shim has no user page tables to walk");
}
#endif
