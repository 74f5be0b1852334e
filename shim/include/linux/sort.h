/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sort() and sort_r() (shim/lib/sort.c): lib/sort.c's bottom-up heapsort,
 * not stable, comparing and swapping in the same order as the kernel's, so
 * equal elements end where they end there. swap_func NULL: a plain swap of
 * size bytes. 7.x adds cmp_int() and the _nonatomic() variants (which
 * only reschedule in the kernel).
 */
#ifndef _LINUX_SORT_H
#define _LINUX_SORT_H

#include <linux/types.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define cmp_int(l, r) (((l) > (r)) - ((l) < (r)))
#endif

void sort_r(void *base, size_t num, size_t size,
	    cmp_r_func_t cmp_func,
	    swap_r_func_t swap_func,
	    const void *priv);

void sort(void *base, size_t num, size_t size,
	  cmp_func_t cmp_func,
	  swap_func_t swap_func);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define sort_r_nonatomic(base, num, size, cmp, swap, priv) \
	sort_r(base, num, size, cmp, swap, priv)
#define sort_nonatomic(base, num, size, cmp, swap) sort(base, num, size, cmp, swap)
#endif

#endif
