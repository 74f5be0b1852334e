// SPDX-License-Identifier: GPL-2.0
/*
 * swap.c - what the shim has of the kernel's mm/swap.c beyond
 * release_pages() (page_alloc.c): 6.1's get_kernel_pages().
 */
#include <linux/mm.h>
#include <linux/uio.h>
#include <linux/export.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/*
 * A reference on the page of each kvec, which must each span one whole
 * page of the page allocator's memory (virt_to_page()): the number of pages
 * taken, which stops at the first kvec that is not a page. @write is what
 * the caller will do; it changes nothing here, as in the kernel.
 */
int get_kernel_pages(const struct kvec *kiov, int nr_segs, int write, struct page **pages)
{
	int seg;

	for (seg = 0; seg < nr_segs; seg++) {
		if (WARN_ON(kiov[seg].iov_len != PAGE_SIZE))
			return seg;
		pages[seg] = virt_to_page(kiov[seg].iov_base);
		get_page(pages[seg]);
	}
	return seg;
}
EXPORT_SYMBOL_GPL(get_kernel_pages);
#endif
