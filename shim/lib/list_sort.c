// SPDX-License-Identifier: GPL-2.0
/*
 * list_sort.c - a stable merge sort of a list_head list (linux/list_sort.h):
 * bottom-up, runs of 1, 2, 4 ... merged pairwise on NULL-terminated singly
 * linked chains, then the prev pointers rebuilt. An element goes after
 * another only when cmp() says it is greater (> 0), so equal ones keep
 * their order, the guarantee the kernel's list_sort() gives.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/list_sort.h>

/* merge two sorted chains; a's elements first among equals */
static struct list_head *merge(void *priv, list_cmp_func_t cmp,
			       struct list_head *a, struct list_head *b)
{
	struct list_head *head = NULL, **tail = &head;

	while (a && b) {
		if (cmp(priv, a, b) <= 0) {
			*tail = a;
			a = a->next;
		} else {
			*tail = b;
			b = b->next;
		}
		tail = &(*tail)->next;
	}
	*tail = a ? a : b;
	return head;
}

void list_sort(void *priv, struct list_head *head, list_cmp_func_t cmp)
{
	struct list_head *chain, *runs[64] = { NULL };
	struct list_head *result = NULL, *prev, *p;
	int i;

	if (list_empty(head) || list_is_singular(head))
		return;
	/* cut the ring into a NULL-terminated chain */
	chain = head->next;
	head->prev->next = NULL;
	/*
	 * runs[i] holds a sorted run of 2^i elements (or nothing); each new
	 * element is carried up like a binary counter. Earlier elements are
	 * always on the left of a merge, which keeps the sort stable.
	 */
	while (chain) {
		struct list_head *run = chain;

		chain = chain->next;
		run->next = NULL;
		for (i = 0; runs[i]; i++) {
			run = merge(priv, cmp, runs[i], run);
			runs[i] = NULL;
		}
		runs[i] = run;
	}
	for (i = 0; i < 64; i++)
		if (runs[i])
			result = result ? merge(priv, cmp, runs[i], result) : runs[i];
	/* back into a ring with prev pointers */
	prev = head;
	for (p = result; p; p = p->next) {
		p->prev = prev;
		prev->next = p;
		prev = p;
	}
	prev->next = head;
	head->prev = prev;
}
EXPORT_SYMBOL(list_sort);
