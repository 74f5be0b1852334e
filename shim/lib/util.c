// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - copies of user or kernel memory into new allocations (the
 * kernel's mm/util.c). kmemdup() itself is in string.c.
 */
#include <linux/err.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/version.h>

void *memdup_user(const void __user *src, size_t len)
{
	void *p = kmalloc(len, GFP_USER | __GFP_NOWARN);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(p, src, len)) {
		kfree(p);
		return ERR_PTR(-EFAULT);
	}
	return p;
}
EXPORT_SYMBOL(memdup_user);

/* as memdup_user(), into kvmalloc() memory (kvfree() it) */
void *vmemdup_user(const void __user *src, size_t len)
{
	void *p = kvmalloc(len, GFP_USER);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(p, src, len)) {
		kvfree(p);
		return ERR_PTR(-EFAULT);
	}
	return p;
}
EXPORT_SYMBOL(vmemdup_user);

/*
 * A user string of at most n bytes with its NUL: -EFAULT when it cannot be
 * read, -EINVAL when no NUL comes within n bytes.
 */
char *strndup_user(const char __user *s, long n)
{
	long length = strnlen_user(s, n);
	char *p;

	if (!length)
		return ERR_PTR(-EFAULT);
	if (length > n)
		return ERR_PTR(-EINVAL);
	p = memdup_user(s, length);
	if (IS_ERR(p))
		return p;
	p[length - 1] = '\0';
	return p;
}
EXPORT_SYMBOL(strndup_user);

/* len user bytes and a NUL after them */
void *memdup_user_nul(const void __user *src, size_t len)
{
	char *p = kmalloc(len + 1, GFP_KERNEL);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_user(p, src, len)) {
		kfree(p);
		return ERR_PTR(-EFAULT);
	}
	p[len] = '\0';
	return p;
}
EXPORT_SYMBOL(memdup_user_nul);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void *kmemdup_noprof(const void *src, size_t len, gfp_t gfp)
{
	void *p = kmalloc_noprof(len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}
EXPORT_SYMBOL(kmemdup_noprof);

/* an array of count elements: NULL when its size overflows (size_mul() saturates) */
void *kmemdup_array(const void *src, size_t count, size_t element_size, gfp_t gfp)
{
	return kmemdup(src, size_mul(element_size, count), gfp);
}
EXPORT_SYMBOL(kmemdup_array);

/* into kvmalloc() memory */
void *kvmemdup(const void *src, size_t len, gfp_t gfp)
{
	void *p = kvmalloc(len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}
EXPORT_SYMBOL(kvmemdup);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* page by page, as the kernel copies (its highmem pages mapped one at a time) */
void folio_copy(struct folio *dst, struct folio *src)
{
	long i, nr = folio_nr_pages(src);

	for (i = 0; i < nr; i++) {
		memcpy(page_address(folio_page(dst, i)), page_address(folio_page(src, i)),
		       PAGE_SIZE);
		cond_resched();
	}
}
EXPORT_SYMBOL(folio_copy);

/* no machine check can interrupt a copy in user space: always 0 */
int folio_mc_copy(struct folio *dst, struct folio *src)
{
	folio_copy(dst, src);
	return 0;
}
EXPORT_SYMBOL(folio_mc_copy);
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/*
 * 6.1: how many user page-table entries map a folio, and whether any does:
 * the first page's _mapcount + 1 (see linux/mm.h; nothing maps in the shim
 * unless a test sets it).
 */
int folio_mapcount(struct folio *folio)
{
	return atomic_read(&folio->_mapcount) + 1;
}

bool folio_mapped(struct folio *folio)
{
	return folio_mapcount(folio) >= 1;
}

bool page_mapped(struct page *page)
{
	return folio_mapped(page_folio(page));
}

/*
 * A page of a compound block: its own page-table entries plus the block's
 * PMD mappings (the folio's entire mapcount, 0 as no PMD maps in the shim).
 */
int __page_mapcount(struct page *page)
{
	int ret = atomic_read(&page->_mapcount) + 1;

	if (compound_order(compound_head(page)))
		ret += folio_entire_mapcount(page_folio(page));
	return ret;
}
EXPORT_SYMBOL_GPL(__page_mapcount);
#endif
