// SPDX-License-Identifier: GPL-2.0
/* ktest_misc.c - kmalloc accounting, random numbers, small helpers. */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/random.h>
#include <linux/version.h>
#include <linux/prandom.h>
#include <linux/log2.h>
#include <linux/math64.h>
#include <linux/jhash.h>
#include <linux/siphash.h>
#include <linux/reciprocal_div.h>

#include <linux/skbuff.h>

#include "ktest.h"
#include "shim.h"
#include "../api/qdk_api.h"

KTEST(slab, accounting)
{
	long objs = qdk_mem_objects, bytes = qdk_mem_bytes;
	void *a = kmalloc(100, GFP_KERNEL);
	u8 *z = kzalloc(64, GFP_KERNEL);
	int i;

	KT_EQ(qdk_mem_objects, objs + 2);
	KT_EQ(qdk_mem_bytes, bytes + 164);
	for (i = 0; i < 64; i++)
		KT_EQ(z[i], 0);
	KT_EQ(ksize(a), 128);	/* kmalloc-128 */
	a = krealloc(a, 300, GFP_KERNEL);
	KT_EQ(qdk_mem_bytes, bytes + 364);
	kfree(a);
	kvfree(z);
	KT_EQ(qdk_mem_objects, objs);
	KT_EQ(qdk_mem_bytes, bytes);
	return 0;
}

KTEST(slab, edge_cases)
{
	long objs = qdk_mem_objects;
	void *p = kmalloc(0, GFP_KERNEL);

	KT_ASSERT(p == ZERO_SIZE_PTR, "kmalloc(0) is ZERO_SIZE_PTR");
	kfree(p);
	kfree(NULL);
	KT_ASSERT(kcalloc(SIZE_MAX / 2, 4, GFP_KERNEL) == NULL, "overflow");
	KT_ASSERT(kmalloc_array(SIZE_MAX / 8, 16, GFP_KERNEL) == NULL, "overflow");
	p = kvcalloc(10, 8, GFP_KERNEL);
	KT_ASSERT(p, "kvcalloc");
	KT_EQ(((u64 *)p)[9], 0);
	kvfree(p);
	KT_EQ(qdk_mem_objects, objs);
	return 0;
}

/* vmalloc and kvmalloc of a node: the one counted allocator, zeroed when asked */
KTEST(slab, vmalloc_node_family)
{
	long objs = qdk_mem_objects;
	u8 *a = vmalloc_node(32, NUMA_NO_NODE);
	u8 *b = vzalloc_node(64, 0);
	u8 *c = kvmalloc_node(16, GFP_KERNEL, NUMA_NO_NODE);
	u32 *d = kvzalloc_node(8 * sizeof(u32), GFP_KERNEL, 0);
	u64 *e = vcalloc(4, sizeof(u64));
	int i;

	KT_ASSERT(a && b && c && d && e, "allocated");
	KT_EQ(qdk_mem_objects, objs + 5);
	for (i = 0; i < 64; i++)
		KT_EQ(b[i], 0);
	for (i = 0; i < 8; i++)
		KT_EQ(d[i], 0);
	for (i = 0; i < 4; i++)
		KT_EQ(e[i], 0);
	KT_ASSERT(vmalloc_array(SIZE_MAX / 2, 4) == NULL, "overflow refused");
	vfree(a);
	vfree(b);
	kvfree(c);
	kvfree(d);
	vfree(e);
	KT_EQ(qdk_mem_objects, objs);
	return 0;
}

KTEST(slab, failure_injection)
{
	void *p;

	qdk_mem_fail_after = 2;
	p = kmalloc(8, GFP_KERNEL);
	KT_ASSERT(p, "first allocation succeeds");
	KT_ASSERT(kmalloc(8, GFP_KERNEL) == NULL, "second fails");
	KT_EQ(qdk_mem_fail_after, 0);
	kfree(p);
	return 0;
}

KTEST(slab, kmem_cache)
{
	struct kmem_cache *c = kmem_cache_create("qdk_test", 48, 0, 0, NULL);
	long objs = qdk_mem_objects;
	void *a, *b;

	a = kmem_cache_alloc(c, GFP_KERNEL);
	b = kmem_cache_zalloc(c, GFP_ATOMIC);
	KT_EQ(qdk_mem_objects, objs + 2);
	KT_EQ(((u8 *)b)[47], 0);
	kmem_cache_free(c, a);
	kmem_cache_free(c, b);
	kmem_cache_destroy(c);
	return 0;
}

/* A leak report lists what is live since a mark, with each allocation's call site. */
KTEST(slab, leak_report_names_the_site)
{
	struct kmem_cache *c = kmem_cache_create("ktest_obj", 24, 0, 0, NULL);
	u64 mark = qdk_mem_mark();
	unsigned int line_a = __LINE__ + 1;
	void *a = kmalloc(40, GFP_KERNEL);
	unsigned int line_o = __LINE__ + 1;
	void *o = kmem_cache_alloc(c, GFP_KERNEL);
	unsigned int line_s = __LINE__ + 1;
	struct sk_buff *skb = alloc_skb(100, GFP_ATOMIC);
	struct qdk_leak l[4];
	char text[512], want[512];

	KT_EQ(qdk_mem_leaks(mark, l, 4), 3);
	KT_EQ(l[0].skb, false);
	KT_EQ(l[0].size, 40);
	KT_EQ(l[0].line, line_a);
	KT_STREQ(l[0].func, "ktest_slab_leak_report_names_the_site");
	KT_ASSERT(l[0].file && strstr(l[0].file, "shim/tests/ktest_misc.c"), "file %s", l[0].file);
	qdk_leak_text(&l[0], text, sizeof(text));
	snprintf(want, sizeof(want), "kmalloc'd 40 bytes, allocated at %s:%u (%s)", l[0].file,
		 line_a, l[0].func);
	KT_STREQ(text, want);
	KT_STREQ(l[1].cache, "ktest_obj");
	KT_EQ(l[1].line, line_o);
	KT_EQ(l[2].skb, true);
	KT_EQ(l[2].line, line_s);
	KT_EQ(l[2].size, skb->truesize);
	KT_ASSERT(!l[2].handed, "never handed to a qdisc");
	kfree(a);
	KT_EQ(qdk_mem_leaks(mark, l, 4), 2);
	kmem_cache_free(c, o);
	kfree_skb(skb);
	KT_EQ(qdk_mem_leaks(mark, NULL, 0), 0);
	kmem_cache_destroy(c);
	return 0;
}

KTEST(random, same_seed_same_sequence)
{
	u32 a[8], b[8];
	int i;

	qdk_random_seed(42);
	for (i = 0; i < 8; i++)
		a[i] = get_random_u32();
	qdk_random_seed(42);
	for (i = 0; i < 8; i++)
		b[i] = get_random_u32();
	for (i = 0; i < 8; i++)
		KT_EQ(a[i], b[i]);
	qdk_random_seed(43);
	for (i = 0; i < 8; i++)
		b[i] = get_random_u32();
	KT_ASSERT(memcmp(a, b, sizeof(a)), "another seed, another sequence");
	return 0;
}

KTEST(random, ranges_and_bytes)
{
	u8 buf[13] = { 0 }, zero[13] = { 0 };
	int i, hits[7] = { 0 };

	qdk_random_seed(7);
	for (i = 0; i < 7000; i++) {
		u32 v = get_random_u32_below(7);

		KT_ASSERT(v < 7, "below: %u", v);
		hits[v]++;
	}
	for (i = 0; i < 7; i++)
		KT_ASSERT(hits[i] > 800 && hits[i] < 1200, "bucket %d: %d", i, hits[i]);
	for (i = 0; i < 1000; i++) {
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
		u32 v = prandom_u32_max(100);	/* 6.1 only */
#else
		u32 v = get_random_u32_below(100);
#endif

		KT_ASSERT(v < 100, "below 100: %u", v);
		v = get_random_u32_inclusive(5, 6);
		KT_ASSERT(v == 5 || v == 6, "inclusive: %u", v);
	}
	KT_EQ(get_random_u32_below(1), 0);
	get_random_bytes(buf, sizeof(buf));
	KT_ASSERT(memcmp(buf, zero, sizeof(buf)), "bytes written");
	return 0;
}

/* taus113 with prandom_seed_state(1): reference values computed apart */
KTEST(random, prandom_state_known_answer)
{
	struct rnd_state st;

	prandom_seed_state(&st, 1);
	KT_EQ(prandom_u32_state(&st), 276959246U);
	KT_EQ(prandom_u32_state(&st), 18909696U);
	KT_EQ(prandom_u32_state(&st), 2298495022U);
	return 0;
}

KTEST(util, log2_div_sqrt)
{
	u64 n = 1000000007ULL;

	KT_EQ(ilog2(1), 0);
	KT_EQ(ilog2(4096), 12);
	KT_EQ(ilog2(4097), 12);
	KT_EQ(roundup_pow_of_two(1000), 1024);
	KT_EQ(rounddown_pow_of_two(1000), 512);
	KT_EQ(is_power_of_2(64), 1);
	KT_EQ(is_power_of_2(0), 0);
	KT_EQ(do_div(n, 10), 7);
	KT_EQ(n, 100000000);
	KT_EQ(div_u64(10000000000ULL, 3), 3333333333ULL);
	KT_EQ(int_sqrt(99), 9);
	KT_EQ(int_sqrt(100), 10);
	KT_EQ(int_sqrt64(1ULL << 62), 1ULL << 31);
	KT_EQ(reciprocal_scale(0x80000000U, 10), 5);
	KT_EQ(fls(0), 0);
	KT_EQ(fls(0x80000000U), 32);
	KT_EQ(__ffs(8), 3);
	KT_EQ(min(3, 4), 3);
	{
		u16 big = 258;

		KT_EQ(max_t(u8, big, 3), 3);	/* compared as u8: 258 is 2 */
	}
	KT_EQ(clamp(15, 0, 10), 10);
	KT_EQ(DIV_ROUND_UP(7, 2), 4);
	return 0;
}

/* lookup3 reference: hashlittle("", 0) == 0xdeadbeef, ("Four score...") */
KTEST(util, jhash_reference)
{
	static const char fs[] = "Four score and seven years ago";

	KT_EQ(jhash("", 0, 0), 0xdeadbeef);
	KT_EQ(jhash("", 0, 0xdeadbeef), 0xbd5b7dde);
	KT_EQ(jhash(fs, 30, 0), 0x17770551);
	KT_EQ(jhash(fs, 30, 1), 0xcd628161);
	return 0;
}

/* the SipHash paper's test vector: key 00..0f, message 00..0e */
KTEST(util, siphash_reference)
{
	siphash_key_t key = { { 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL } };
	u8 bytes[15];
	int i;

	for (i = 0; i < 15; i++)
		bytes[i] = i;
	KT_EQ(siphash(bytes, 15, &key), 0xa129ca6149be45e5ULL);
	KT_EQ(siphash_2u32(0x03020100, 0x07060504, &key),
	      siphash(bytes, 8, &key));
	return 0;
}

/* reciprocal_divide() is exact */
KTEST(util, reciprocal_divide_exact)
{
	static const u32 divs[] = { 1, 2, 3, 7, 10, 1000, 65537, 0x7fffffff,
				    0xfffffffe };
	int i, j;

	qdk_random_seed(3);
	for (i = 0; i < ARRAY_SIZE(divs); i++) {
		struct reciprocal_value r = reciprocal_value(divs[i]);

		for (j = 0; j < 2000; j++) {
			u32 a = j < 3 ? (u32[]){ 0, 1, U32_MAX }[j] :
				get_random_u32();

			KT_ASSERT(reciprocal_divide(a, r) == a / divs[i],
				  "%u / %u", a, divs[i]);
		}
	}
	return 0;
}

int qdk_test_exported_counter = 42;
extern int qdk_test_exported_counter;
extern int qdk_test_no_module_defines_this;

KTEST(module, symbol_get)
{
	int *p = symbol_get(qdk_test_exported_counter);

	KT_ASSERT(p == &qdk_test_exported_counter, "symbol_get of a linked symbol: %p", (void *)p);
	KT_EQ(*p, 42);
	symbol_put(qdk_test_exported_counter);
	/* no module defines it: NULL, as a kernel without that module says */
	KT_ASSERT(!symbol_get(qdk_test_no_module_defines_this), "symbol_get of an absent symbol");
	return 0;
}

KTEST(trace, trace_printk_and_tracing_off)
{
	KT_ASSERT(tracing_is_on(), "tracing starts on");
	KT_EQ(trace_printk("qdk %d\n", 1), 0);
	KT_EQ(trace_puts("qdk puts\n"), 9);
	tracing_off();
	/* nothing written while tracing is off */
	KT_EQ(trace_puts("qdk off\n"), 0);
	tracing_on();
	KT_ASSERT(tracing_is_on(), "tracing back on");
	return 0;
}

struct kt_priv {
	int __private hidden;
};

static noinline_for_stack int kt_noinline_sum(int a, int b)
{
	return a + b;
}

KTEST(misc, compiler_types_macros)
{
	struct kt_priv p = { 0 };
	auto n = kt_noinline_sum(2, 3);

	ACCESS_PRIVATE(&p, hidden) = 7;
	KT_EQ(ACCESS_PRIVATE(&p, hidden), 7);
	KT_EQ(n, 5);
	KT_EQ(sizeof(n), sizeof(int));
	compiletime_assert(sizeof(u32) == 4, "u32 is four bytes");
	compiletime_assert_atomic_type(u64);
	return 0;
}
