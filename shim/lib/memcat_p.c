// SPDX-License-Identifier: GPL-2.0
/*
 * memcat_p.c - two NULL-terminated arrays of pointers concatenated (the
 * kernel's lib/memcat_p.c): a's entries, then b's, then NULL, in a new
 * kmalloc'ed array (NULL when there is no memory).
 */
#include <linux/slab.h>
#include <linux/string.h>

void **__memcat_p(void **a, void **b)
{
	size_t na = 0, nb = 0;
	void **new;

	while (a[na])
		na++;
	while (b[nb])
		nb++;
	new = kmalloc_array(na + nb + 1, sizeof(void *), GFP_KERNEL);
	if (!new)
		return NULL;
	memcpy(new, a, na * sizeof(void *));
	memcpy(new + na, b, (nb + 1) * sizeof(void *));
	return new;
}
EXPORT_SYMBOL_GPL(__memcat_p);
