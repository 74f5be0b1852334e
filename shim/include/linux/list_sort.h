/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_LIST_SORT_H
#define _LINUX_LIST_SORT_H

#include <linux/types.h>

struct list_head;

typedef int __attribute__((nonnull(2, 3))) (*list_cmp_func_t)(void *,
		const struct list_head *, const struct list_head *);

/*
 * A stable sort of the list by cmp (> 0: a goes after b), as lib/list_sort.c:
 * equal elements keep their order (shim/lib/list_sort.c).
 */
__attribute__((nonnull(2, 3)))
void list_sort(void *priv, struct list_head *head, list_cmp_func_t cmp);

#endif
