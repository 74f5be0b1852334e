/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_PREFETCH_H
#define _LINUX_PREFETCH_H

#include <linux/types.h>

#define prefetch(x)	__builtin_prefetch(x)
#define prefetchw(x)	__builtin_prefetch(x, 1)

/* the look-ahead of streamed prefetches: four 64-byte cache lines */
#define PREFETCH_STRIDE	(4 * 64)

struct page;

static inline void prefetch_range(void *addr, size_t len)
{
	char *cp, *end = (char *)addr + len;

	for (cp = addr; cp < end; cp += PREFETCH_STRIDE)
		prefetch(cp);
}

/* the page's memory, as with WANT_PAGE_VIRTUAL (its address is in it) */
static inline void prefetch_page_address(struct page *page)
{
	prefetch(page);
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/types.h>
#endif
