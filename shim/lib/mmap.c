// SPDX-License-Identifier: GPL-2.0
/*
 * mmap.c - the kernel's mm/mmap.c, mm/util.c's mappings and mm/mlock.c: a
 * process's address space, which the shim's one task does not have, so each
 * call stops (qdk/unmodelled.h).
 */
#include <linux/mm.h>
#include <linux/export.h>
#include <qdk/unmodelled.h>

#define NO_MM "the shim's task has no user address space"

/* linux/mm.h: the kernel's default, 256 pages (stack_guard_gap= on the command line) */
unsigned long stack_guard_gap = 256UL << PAGE_SHIFT;
EXPORT_SYMBOL(stack_guard_gap);

struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr)
{
	QDK_UNMODELLED(find_vma, NO_MM);
}

struct vm_area_struct *find_vma_intersection(struct mm_struct *mm, unsigned long start_addr,
					     unsigned long end_addr)
{
	QDK_UNMODELLED(find_vma_intersection, NO_MM);
}

unsigned long vm_mmap(struct file *file, unsigned long addr, unsigned long len,
		      unsigned long prot, unsigned long flag, unsigned long offset)
{
	QDK_UNMODELLED(vm_mmap, NO_MM);
}

int vm_munmap(unsigned long start, size_t len)
{
	QDK_UNMODELLED(vm_munmap, NO_MM);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int vm_brk(unsigned long addr, unsigned long len)
{
	QDK_UNMODELLED(vm_brk, NO_MM);
}
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
int vm_brk_flags(unsigned long addr, unsigned long len, unsigned long flags)
{
	QDK_UNMODELLED(vm_brk_flags, NO_MM);
}
#endif

pgprot_t vm_get_page_prot(vm_flags_t vm_flags)
{
	QDK_UNMODELLED(vm_get_page_prot, "the shim has no page tables");
}

bool can_do_mlock(void)
{
	QDK_UNMODELLED(can_do_mlock, NO_MM);
}

int account_locked_vm(struct mm_struct *mm, unsigned long pages, bool inc)
{
	QDK_UNMODELLED(account_locked_vm, NO_MM);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int __account_locked_vm(struct mm_struct *mm, unsigned long pages, bool inc,
			const struct task_struct *task, bool bypass_rlim)
#else
int __account_locked_vm(struct mm_struct *mm, unsigned long pages, bool inc,
			struct task_struct *task, bool bypass_rlim)
#endif
{
	QDK_UNMODELLED(__account_locked_vm, NO_MM);
}

void vma_set_file(struct vm_area_struct *vma, struct file *file)
{
	QDK_UNMODELLED(vma_set_file, NO_MM);
}
