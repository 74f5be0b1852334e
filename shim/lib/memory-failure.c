// SPDX-License-Identifier: GPL-2.0
/*
 * memory-failure.c - the kernel's mm/memory-failure.c (and
 * kernel/resource.c's region_intersects()): hardware memory errors and the
 * physical memory map, which user space does not see, so each call stops
 * (qdk/unmodelled.h).
 */
#include <linux/mm.h>
#include <qdk/unmodelled.h>

#define NO_HW "user space sees no physical memory"

int memory_failure(unsigned long pfn, int flags)
{
	QDK_UNMODELLED(memory_failure, NO_HW);
}

void memory_failure_queue(unsigned long pfn, int flags)
{
	QDK_UNMODELLED(memory_failure_queue, NO_HW);
}

int unpoison_memory(unsigned long pfn)
{
	QDK_UNMODELLED(unpoison_memory, NO_HW);
}

int mf_dax_kill_procs(struct address_space *mapping, pgoff_t index, unsigned long count,
		      int mf_flags)
{
	QDK_UNMODELLED(mf_dax_kill_procs, NO_HW);
}

int region_intersects(resource_size_t offset, size_t size, unsigned long flags,
		      unsigned long desc)
{
	QDK_UNMODELLED(region_intersects, NO_HW);
}
