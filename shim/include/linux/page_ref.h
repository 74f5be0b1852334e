/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A page's and a folio's reference count (_refcount), read and changed
 * atomically. A compound block's count is its head's: page_count() reads
 * the head's, the page_ref_*() helpers the page they are given, as in the
 * kernel. No CONFIG_DEBUG_PAGE_REF: the trace hooks are empty.
 */
#ifndef _LINUX_PAGE_REF_H
#define _LINUX_PAGE_REF_H

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/version.h>
#include <linux/mm_types.h>

#define page_ref_tracepoint_active(t)	false

static inline void __page_ref_set(struct page *page, int v) { }
static inline void __page_ref_mod(struct page *page, int v) { }
static inline void __page_ref_mod_and_test(struct page *page, int v, int ret) { }
static inline void __page_ref_mod_and_return(struct page *page, int v, int ret) { }
static inline void __page_ref_mod_unless(struct page *page, int v, int u) { }
static inline void __page_ref_freeze(struct page *page, int v, int ret) { }
static inline void __page_ref_unfreeze(struct page *page, int v) { }

static inline int page_ref_count(const struct page *page)
{
	return atomic_read(&page->_refcount);
}

static inline int folio_ref_count(const struct folio *folio)
{
	return page_ref_count(&folio->page);
}

/* a page's count is its compound head's (the shim keeps the head in each page) */
static inline int page_count(const struct page *page)
{
	return page_ref_count(page->__qdk_head);
}

static inline void set_page_count(struct page *page, int v)
{
	atomic_set(&page->_refcount, v);
}

static inline void folio_set_count(struct folio *folio, int v)
{
	set_page_count(&folio->page, v);
}

/* a page handed out afresh: one reference */
static inline void init_page_count(struct page *page)
{
	set_page_count(page, 1);
}

static inline void page_ref_add(struct page *page, int nr)
{
	atomic_add(nr, &page->_refcount);
}

static inline void folio_ref_add(struct folio *folio, int nr)
{
	page_ref_add(&folio->page, nr);
}

static inline void page_ref_sub(struct page *page, int nr)
{
	atomic_sub(nr, &page->_refcount);
}

static inline void folio_ref_sub(struct folio *folio, int nr)
{
	page_ref_sub(&folio->page, nr);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline int page_ref_sub_return(struct page *page, int nr)
{
	return atomic_sub_return(nr, &page->_refcount);
}
#endif

static inline int folio_ref_sub_return(struct folio *folio, int nr)
{
	return atomic_sub_return(nr, &folio->page._refcount);
}

static inline void page_ref_inc(struct page *page)
{
	atomic_inc(&page->_refcount);
}

static inline void folio_ref_inc(struct folio *folio)
{
	page_ref_inc(&folio->page);
}

static inline void page_ref_dec(struct page *page)
{
	atomic_dec(&page->_refcount);
}

static inline void folio_ref_dec(struct folio *folio)
{
	page_ref_dec(&folio->page);
}

static inline int page_ref_sub_and_test(struct page *page, int nr)
{
	return atomic_sub_and_test(nr, &page->_refcount);
}

static inline int folio_ref_sub_and_test(struct folio *folio, int nr)
{
	return page_ref_sub_and_test(&folio->page, nr);
}

static inline int page_ref_inc_return(struct page *page)
{
	return atomic_inc_return(&page->_refcount);
}

static inline int folio_ref_inc_return(struct folio *folio)
{
	return page_ref_inc_return(&folio->page);
}

static inline int page_ref_dec_and_test(struct page *page)
{
	return atomic_dec_and_test(&page->_refcount);
}

static inline int folio_ref_dec_and_test(struct folio *folio)
{
	return page_ref_dec_and_test(&folio->page);
}

static inline int page_ref_dec_return(struct page *page)
{
	return atomic_dec_return(&page->_refcount);
}

static inline int folio_ref_dec_return(struct folio *folio)
{
	return page_ref_dec_return(&folio->page);
}

/* @nr more references unless the count is @u (0: the page is being freed) */
static inline bool page_ref_add_unless(struct page *page, int nr, int u)
{
	return atomic_add_unless(&page->_refcount, nr, u);
}

static inline bool folio_ref_add_unless(struct folio *folio, int nr, int u)
{
	return page_ref_add_unless(&folio->page, nr, u);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: the only exception left is a count of 0 */
static inline bool page_ref_add_unless_zero(struct page *page, int nr)
{
	return page_ref_add_unless(page, nr, 0);
}

static inline bool folio_ref_add_unless_zero(struct folio *folio, int nr)
{
	return page_ref_add_unless_zero(&folio->page, nr);
}
#endif

/* a reference unless the folio is freed or frozen (count 0) */
static inline bool folio_try_get(struct folio *folio)
{
	return folio_ref_add_unless(folio, 1, 0);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline bool folio_ref_try_add(struct folio *folio, int count)
{
	return folio_ref_add_unless(folio, count, 0);
}
#else
static inline bool folio_ref_try_add_rcu(struct folio *folio, int count)
{
	return folio_ref_add_unless(folio, count, 0);
}

static inline bool folio_try_get_rcu(struct folio *folio)
{
	return folio_ref_try_add_rcu(folio, 1);
}
#endif

/*
 * Freeze: the count becomes 0 if it is exactly @count (the caller holds
 * them all), so that folio_try_get() fails until it is unfrozen to a
 * count again. 1 when frozen.
 */
static inline int page_ref_freeze(struct page *page, int count)
{
	return atomic_cmpxchg(&page->_refcount, count, 0) == count;
}

static inline int folio_ref_freeze(struct folio *folio, int count)
{
	return page_ref_freeze(&folio->page, count);
}

static inline void page_ref_unfreeze(struct page *page, int count)
{
	VM_BUG_ON(page_count(page) != 0);
	VM_BUG_ON(count == 0);
	atomic_set(&page->_refcount, count);
}

static inline void folio_ref_unfreeze(struct folio *folio, int count)
{
	page_ref_unfreeze(&folio->page, count);
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/notifier.h>
#include <linux/personality.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#include <linux/random.h>
#endif
#endif
