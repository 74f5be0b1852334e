// SPDX-License-Identifier: GPL-2.0
/*
 * gup.c - the kernel's mm/gup.c: pinning a user process's pages, which
 * the shim's one task does not have, so each call stops (qdk/unmodelled.h).
 */
#include <linux/mm.h>
#include <qdk/unmodelled.h>

#define NO_USER "the shim has no user address space to pin"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
long get_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages)
{
	QDK_UNMODELLED(get_user_pages, NO_USER);
}

long pin_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages)
{
	QDK_UNMODELLED(pin_user_pages, NO_USER);
}

long get_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages, int *locked)
{
	QDK_UNMODELLED(get_user_pages_remote, NO_USER);
}

long pin_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages, int *locked)
{
	QDK_UNMODELLED(pin_user_pages_remote, NO_USER);
}
#else
long get_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages, struct vm_area_struct **vmas)
{
	QDK_UNMODELLED(get_user_pages, NO_USER);
}

long pin_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages, struct vm_area_struct **vmas)
{
	QDK_UNMODELLED(pin_user_pages, NO_USER);
}

long get_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages,
			   struct vm_area_struct **vmas, int *locked)
{
	QDK_UNMODELLED(get_user_pages_remote, NO_USER);
}

long pin_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages,
			   struct vm_area_struct **vmas, int *locked)
{
	QDK_UNMODELLED(pin_user_pages_remote, NO_USER);
}

int pin_user_pages_fast_only(unsigned long start, int nr_pages, unsigned int gup_flags,
			     struct page **pages)
{
	QDK_UNMODELLED(pin_user_pages_fast_only, NO_USER);
}
#endif

int get_user_pages_fast(unsigned long start, int nr_pages, unsigned int gup_flags,
			struct page **pages)
{
	QDK_UNMODELLED(get_user_pages_fast, NO_USER);
}

int get_user_pages_fast_only(unsigned long start, int nr_pages, unsigned int gup_flags,
			     struct page **pages)
{
	QDK_UNMODELLED(get_user_pages_fast_only, NO_USER);
}

long get_user_pages_unlocked(unsigned long start, unsigned long nr_pages, struct page **pages,
			     unsigned int gup_flags)
{
	QDK_UNMODELLED(get_user_pages_unlocked, NO_USER);
}

int pin_user_pages_fast(unsigned long start, int nr_pages, unsigned int gup_flags,
			struct page **pages)
{
	QDK_UNMODELLED(pin_user_pages_fast, NO_USER);
}

long pin_user_pages_unlocked(unsigned long start, unsigned long nr_pages, struct page **pages,
			     unsigned int gup_flags)
{
	QDK_UNMODELLED(pin_user_pages_unlocked, NO_USER);
}

void unpin_user_page(struct page *page)
{
	QDK_UNMODELLED(unpin_user_page, NO_USER);
}

void unpin_user_pages(struct page **pages, unsigned long npages)
{
	QDK_UNMODELLED(unpin_user_pages, NO_USER);
}

void unpin_user_pages_dirty_lock(struct page **pages, unsigned long npages, bool make_dirty)
{
	QDK_UNMODELLED(unpin_user_pages_dirty_lock, NO_USER);
}

void unpin_user_page_range_dirty_lock(struct page *page, unsigned long npages,
				      bool make_dirty)
{
	QDK_UNMODELLED(unpin_user_page_range_dirty_lock, NO_USER);
}

int fixup_user_fault(struct mm_struct *mm, unsigned long address,
		     unsigned int fault_flags, bool *unlocked)
{
	QDK_UNMODELLED(fixup_user_fault, NO_USER);
}

int __mm_populate(unsigned long addr, unsigned long len, int ignore_errors)
{
	QDK_UNMODELLED(__mm_populate, "the shim has no user mappings to fault in");
}
