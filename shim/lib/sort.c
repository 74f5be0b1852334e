// SPDX-License-Identifier: GPL-2.0
/*
 * sort.c - linux/sort.h: an in-place heapsort that makes the same calls
 * to the comparison and the swap as lib/sort.c's bottom-up variant (the
 * heap built from the middle down, each sift-down finding the path of
 * larger children to a leaf first, then backing up to where the element
 * belongs and rotating it into place), so an unstable sort leaves equal
 * elements in the kernel's order.
 */
#include <linux/kernel.h>
#include <linux/sort.h>

struct sort_ctx {
	char *base;
	size_t size;
	cmp_r_func_t cmp_r;
	cmp_func_t cmp;
	swap_r_func_t swap_r;
	swap_func_t swap_fn;
	const void *priv;
};

static int elem_cmp(const struct sort_ctx *s, size_t i, size_t j)
{
	const void *a = s->base + i * s->size, *b = s->base + j * s->size;

	return s->cmp_r ? s->cmp_r(a, b, s->priv) : s->cmp(a, b);
}

static void elem_swap(const struct sort_ctx *s, size_t i, size_t j)
{
	char *a = s->base + i * s->size, *b = s->base + j * s->size;
	size_t k;

	if (s->swap_r) {
		s->swap_r(a, b, (int)s->size, s->priv);
		return;
	}
	if (s->swap_fn) {
		s->swap_fn(a, b, (int)s->size);
		return;
	}
	for (k = 0; k < s->size; k++) {
		char t = a[k];

		a[k] = b[k];
		b[k] = t;
	}
}

static void heapsort(const struct sort_ctx *s, size_t num)
{
	size_t end = num, next = num / 2;

	if (!next || !s->size)
		return;
	for (;;) {
		size_t at, leaf, left, right, pos;

		if (next)			/* building the heap */
			next--;
		else if (--end)			/* moving the root behind the heap */
			elem_swap(s, 0, end);
		else
			break;

		/* down the larger children to a leaf */
		leaf = next;
		for (;;) {
			left = 2 * leaf + 1;
			right = left + 1;
			if (right >= end)
				break;
			leaf = elem_cmp(s, left, right) >= 0 ? left : right;
		}
		if (right == end)		/* a last child without a sibling */
			leaf = left;

		/* back up to the first node not below the element */
		at = leaf;
		while (at != next && elem_cmp(s, next, at) >= 0)
			at = (at - 1) / 2;

		/* rotate the element down into at */
		pos = at;
		while (at != next) {
			at = (at - 1) / 2;
			elem_swap(s, at, pos);
		}
	}
}

void sort_r(void *base, size_t num, size_t size, cmp_r_func_t cmp_func,
	    swap_r_func_t swap_func, const void *priv)
{
	struct sort_ctx s = { .base = base, .size = size, .cmp_r = cmp_func,
			      .swap_r = swap_func, .priv = priv };

	heapsort(&s, num);
}

void sort(void *base, size_t num, size_t size, cmp_func_t cmp_func, swap_func_t swap_func)
{
	struct sort_ctx s = { .base = base, .size = size, .cmp = cmp_func,
			      .swap_fn = swap_func };

	heapsort(&s, num);
}
