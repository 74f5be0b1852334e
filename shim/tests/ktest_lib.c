// SPDX-License-Identifier: GPL-2.0
/* ktest_lib.c - linux/sort.h's heapsort and netfilter hook registration. */
#include <linux/kernel.h>
#include <linux/netfilter.h>
#include <linux/netfilter_ipv4.h>
#include <linux/sort.h>

#include "ktest.h"
#include "shim.h"

struct kv {
	int key;
	char tag;
};

static int cmp_kv(const void *a, const void *b)
{
	const struct kv *x = a, *y = b;

	return x->key - y->key;
}

static int cmp_int_asc(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

static int cmp_desc_r(const void *a, const void *b, const void *priv)
{
	int *calls = (int *)priv;

	(*calls)++;
	return *(const int *)b - *(const int *)a;
}

static int swaps;

static void swap_int(void *a, void *b, int size)
{
	int t = *(int *)a;

	*(int *)a = *(int *)b;
	*(int *)b = t;
	swaps++;
}

KTEST(sort, heapsort)
{
	int v[] = { 5, -1, 9, 3, 3, 0, 12, 7, -8, 2, 11 };
	struct kv two[] = { { 1, 'a' }, { 1, 'b' } };
	int w[] = { 4, 1, 3 };
	unsigned int i;
	int calls = 0;

	sort_r(v, ARRAY_SIZE(v), sizeof(v[0]), cmp_desc_r, NULL, &calls);
	for (i = 1; i < ARRAY_SIZE(v); i++)
		KT_ASSERT(v[i - 1] >= v[i], "v[%u] %d < v[%u] %d", i - 1, v[i - 1], i, v[i]);
	KT_ASSERT(calls > 0, "compared");

	/* not stable: the kernel's heapsort swaps two equal elements */
	sort(two, 2, sizeof(two[0]), cmp_kv, NULL);
	KT_EQ(two[0].tag, 'b');
	KT_EQ(two[1].tag, 'a');

	/* a swap function of the caller's is used */
	sort(w, 3, sizeof(int), cmp_int_asc, swap_int);
	KT_EQ(w[0], 1);
	KT_EQ(w[1], 3);
	KT_EQ(w[2], 4);
	KT_ASSERT(swaps > 0, "swaps %d", swaps);
	/* nothing to do for fewer than two */
	sort(w, 1, sizeof(int), cmp_int_asc, NULL);
	return 0;
}

static unsigned int hook_fn(void *priv, struct sk_buff *skb, const struct nf_hook_state *state)
{
	return NF_ACCEPT;
}

KTEST(netfilter, register_unregister)
{
	static const struct nf_hook_ops ops[] = {
		{ .hook = hook_fn, .pf = NFPROTO_IPV4, .hooknum = NF_INET_PRE_ROUTING,
		  .priority = NF_IP_PRI_FIRST },
		{ .hook = hook_fn, .pf = NFPROTO_IPV4, .hooknum = NF_INET_POST_ROUTING,
		  .priority = NF_IP_PRI_LAST },
	};
	struct nf_hook_ops bad = { .hook = hook_fn, .pf = NFPROTO_IPV4,
				   .hooknum = NF_INET_NUMHOOKS };
	long objs = qdk_mem_objects;

	KT_EQ(nf_register_net_hooks(NULL, ops, ARRAY_SIZE(ops)), 0);
	KT_EQ(qdk_nf_hooks_registered(), 2);
	KT_EQ(qdk_mem_objects, objs + 2);
	KT_EQ(nf_register_net_hook(NULL, &bad), -EINVAL);
	nf_unregister_net_hook(NULL, &ops[0]);
	KT_EQ(qdk_nf_hooks_registered(), 1);
	nf_unregister_net_hooks(NULL, &ops[1], 1);
	KT_EQ(qdk_nf_hooks_registered(), 0);
	KT_EQ(qdk_mem_objects, objs);
	return 0;
}
