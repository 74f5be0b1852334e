// SPDX-License-Identifier: GPL-2.0
/*
 * memblock.c - the kernel's mm/memblock.c, as far as a module reaches it:
 * the reserve_mem= regions, of which the shim's machine boots with none.
 */
#include <linux/errno.h>
#include <linux/mm.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 1 and the region's start and size when one is named @name, else 0 */
int reserve_mem_find_by_name(const char *name, phys_addr_t *start, phys_addr_t *size)
{
	return 0;
}
#endif
