// SPDX-License-Identifier: GPL-2.0
/*
 * filemap.c - the kernel's mm/filemap.c and mm/truncate.c: the page cache
 * of a file system, which the shim does not have, so each call stops
 * (qdk/unmodelled.h).
 */
#include <linux/mm.h>
#include <qdk/unmodelled.h>

#define NO_PC "the shim has no page cache"

vm_fault_t filemap_fault(struct vm_fault *vmf)
{
	QDK_UNMODELLED(filemap_fault, NO_PC);
}

vm_fault_t filemap_map_pages(struct vm_fault *vmf, pgoff_t start_pgoff, pgoff_t end_pgoff)
{
	QDK_UNMODELLED(filemap_map_pages, NO_PC);
}

vm_fault_t filemap_page_mkwrite(struct vm_fault *vmf)
{
	QDK_UNMODELLED(filemap_page_mkwrite, NO_PC);
}

void truncate_inode_pages(struct address_space *mapping, loff_t lstart)
{
	QDK_UNMODELLED(truncate_inode_pages, NO_PC);
}

void truncate_inode_pages_final(struct address_space *mapping)
{
	QDK_UNMODELLED(truncate_inode_pages_final, NO_PC);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart, uoff_t lend)
#else
void truncate_inode_pages_range(struct address_space *mapping, loff_t lstart, loff_t lend)
#endif
{
	QDK_UNMODELLED(truncate_inode_pages_range, NO_PC);
}

void truncate_pagecache(struct inode *inode, loff_t new)
{
	QDK_UNMODELLED(truncate_pagecache, NO_PC);
}

void truncate_pagecache_range(struct inode *inode, loff_t offset, loff_t end)
{
	QDK_UNMODELLED(truncate_pagecache_range, NO_PC);
}

void truncate_setsize(struct inode *inode, loff_t newsize)
{
	QDK_UNMODELLED(truncate_setsize, NO_PC);
}

void pagecache_isize_extended(struct inode *inode, loff_t from, loff_t to)
{
	QDK_UNMODELLED(pagecache_isize_extended, NO_PC);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a shim mapping holds no pages, so none is dirty: no writeback to start */
void filemap_dontcache_kick_writeback(struct address_space *mapping)
{
}
#endif
