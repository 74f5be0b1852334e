// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_mmlib.c - small kernel helpers against their documented results:
 * DO_ONCE(), atomic cond_read, hashtable helpers, cpumask calls on one
 * CPU, prandom's full seeding, the 128-bit mul/div helpers, the advanced
 * reciprocal multiplier, byteorder's in-place helpers.
 */
#include <linux/kernel.h>
#include <linux/atomic.h>
#include <linux/hashtable.h>
#include <linux/math64.h>
#include <linux/once.h>
#include <linux/percpu.h>
#include <linux/prandom.h>
#include <linux/reciprocal_div.h>
#include <linux/smp.h>
#include <linux/version.h>
#include <asm/div64.h>

#include "ktest.h"
#include "shim.h"

static int once_calls;
static bool once_irqs_off;

static void once_fn(int add)
{
	once_calls += add;
	once_irqs_off = irqs_disabled();
}

static bool call_once(void)
{
	return DO_ONCE(once_fn, 2);
}

static bool call_once_sleepable(void)
{
	return DO_ONCE_SLEEPABLE(once_fn, 5);
}

KTEST(mmlib, do_once)
{
	KT_ASSERT(call_once(), "first call runs it");
	KT_ASSERT(once_irqs_off, "with interrupts off (the once lock)");
	KT_ASSERT(!call_once() && !call_once(), "later calls do not");
	KT_EQ(once_calls, 2);
	KT_ASSERT(call_once_sleepable(), "sleepable: first");
	KT_ASSERT(!once_irqs_off, "sleepable: process context");
	KT_ASSERT(!call_once_sleepable(), "sleepable: once");
	KT_EQ(once_calls, 7);
	KT_ASSERT(!irqs_disabled(), "interrupts back on");
	return 0;
}

KTEST(mmlib, cond_read)
{
	atomic_t a = ATOMIC_INIT(5);
	atomic64_t b = ATOMIC64_INIT(-3);

	KT_EQ(atomic_cond_read_relaxed(&a, VAL > 2), 5);
	KT_EQ(atomic_cond_read_acquire(&a, VAL == 5), 5);
	KT_EQ(atomic64_cond_read_relaxed(&b, VAL < 0), -3);
	KT_EQ(atomic64_cond_read_acquire(&b, VAL != 0), -3);
	return 0;
}

struct kt_hobj {
	int key;
	struct hlist_node node;
};

KTEST(mmlib, hashtable)
{
	DEFINE_HASHTABLE(ht, 3);
	struct kt_hobj o[4] = { { .key = 1 }, { .key = 9 }, { .key = 1 }, { .key = 3 } };
	struct kt_hobj *obj;
	struct hlist_node *tmp;
	int i, n = 0;

	KT_ASSERT(hash_empty(ht), "empty");
	for (i = 0; i < 4; i++)
		hash_add(ht, &o[i].node, o[i].key);
	KT_ASSERT(!hash_empty(ht), "filled");
	/* deleting while walking key 1's bucket */
	hash_for_each_possible_safe(ht, obj, tmp, node, 1) {
		if (obj->key == 1) {
			hash_del(&obj->node);
			n++;
		}
	}
	KT_EQ(n, 2);
	n = 0;
	hash_for_each_possible_rcu_notrace(ht, obj, node, 1)
		n += obj->key == 1;
	KT_EQ(n, 0);
	hash_del(&o[1].node);
	hash_del(&o[3].node);
	KT_ASSERT(hash_empty(ht), "emptied");
	return 0;
}

static int smp_calls;

static void smp_fn(void *info)
{
	smp_calls += *(int *)info;
}

static bool smp_cond_no(int cpu, void *info)
{
	return false;
}

KTEST(mmlib, cpumask_calls)
{
	unsigned long cpu0[1] = { 1 }, none[1] = { 0 }, cpu1[1] = { 2 };
	const struct cpumask *m0 = (const struct cpumask *)cpu0;
	const struct cpumask *m_none = (const struct cpumask *)none;
	const struct cpumask *m1 = (const struct cpumask *)cpu1;
	int one = 1;

	/* the others in the mask: none exists */
	smp_call_function_many(m0, smp_fn, &one, true);
	KT_EQ(smp_calls, 0);
	KT_EQ(smp_call_function_any(m0, smp_fn, &one, 1), 0);
	KT_EQ(smp_calls, 1);
	KT_EQ(smp_call_function_any(m1, smp_fn, &one, 1), -ENXIO);
	on_each_cpu_mask(m0, smp_fn, &one, true);
	KT_EQ(smp_calls, 2);
	on_each_cpu_mask(m_none, smp_fn, &one, true);
	on_each_cpu_cond_mask(smp_cond_no, smp_fn, &one, true, m0);
	KT_EQ(smp_calls, 2);
	generic_smp_call_function_interrupt();
	return 0;
}

/* one call site, so one done flag (each DO_ONCE() site has its own) */
static bool kt_prandom_init(struct rnd_state __percpu *st)
{
	return prandom_init_once(st);
}

KTEST(mmlib, prandom_full_state)
{
	struct rnd_state __percpu *st = alloc_percpu(struct rnd_state);
	struct rnd_state *s, copy;

	KT_ASSERT(st, "alloc");
	s = per_cpu_ptr(st, 0);
	KT_ASSERT(kt_prandom_init(st), "seeded on first use");
	/* __seed()'s floors keep each component's low bits from freezing */
	KT_ASSERT(s->s1 >= 2 && s->s2 >= 8 && s->s3 >= 16 && s->s4 >= 128, "floors");
	copy = *s;
	KT_ASSERT(!kt_prandom_init(st), "once");
	KT_ASSERT(!memcmp(&copy, s, sizeof(copy)), "not reseeded");
	prandom_seed_full_state(st);
	KT_ASSERT(memcmp(&copy, s, sizeof(copy)), "reseeded");
	free_percpu(st);
	return 0;
}

KTEST(mmlib, mul_div_128)
{
	/* products beyond 64 bits divide exactly */
	KT_EQ(mul_u64_u32_div(0xffffffffffffffffULL, 0x40000000U, 0x80000000U),
	      0x7fffffffffffffffULL);
	KT_EQ(mul_u64_u32_div(1000000007ULL, 3000000000U, 1500000000U), 2000000014ULL);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(mul_u64_add_u64_div_u64(1ULL << 63, 4, 3, 8), (1ULL << 62) + 0);
	KT_EQ(mul_u64_add_u64_div_u64(10, 10, 5, 7), 15);
#endif
	KT_EQ(mul_u64_u64_div_u64(1ULL << 63, 1ULL << 10, 1ULL << 20), 1ULL << 53);
	KT_EQ(mul_u64_u64_div_u64(123456789012345ULL, 1000000, 999999),
	      123456912469257ULL);
	return 0;
}

/* n / d through the advanced multiplier, as the kernel header's recipe says */
static u32 adv_divide(u32 n, u32 d)
{
	struct reciprocal_value_adv r;
	u8 pre_shift = 0;
	u32 t, res;

	if (d >= (1U << 31))
		return n >= d;
	r = reciprocal_value_adv(d, 32);
	if (d == 1U << r.exp)
		return n >> r.exp;
	if (r.is_wide_m && !(d & 1)) {
		pre_shift = fls(d & -d) - 1;
		r = reciprocal_value_adv(d >> pre_shift, 32 - pre_shift);
	}
	if (r.is_wide_m) {
		t = (u32)(((u64)n * r.m) >> 32);
		res = ((n - t) >> 1) + t;
		return res >> (r.sh - 1);
	}
	res = n >> pre_shift;
	return (u32)(((u64)res * r.m) >> 32) >> r.sh;
}

KTEST(mmlib, reciprocal_value_adv)
{
	static const u32 divs[] = { 3, 5, 6, 7, 10, 12, 25, 100, 641, 1000, 65537,
				    1000000, 0x7ffffffe, 0x7fffffff, 0x80000001 };
	static const u32 nums[] = { 0, 1, 2, 99, 12345, 0x7fffffff, 0x80000000,
				    0xfffffffe, 0xffffffff };
	struct reciprocal_value_adv r;
	unsigned int i, j;

	/* d = 7: the wide case of the paper's example (m = 2^32 + 0x24924925) */
	r = reciprocal_value_adv(7, 32);
	KT_ASSERT(r.is_wide_m && r.m == 0x24924925 && r.sh == 3 && r.exp == 3,
		  "7: m %#x sh %u exp %u wide %d", r.m, r.sh, r.exp, r.is_wide_m);
	r = reciprocal_value_adv(3, 32);
	KT_ASSERT(!r.is_wide_m && r.m == 0xaaaaaaab && r.sh == 1, "3: m %#x sh %u", r.m, r.sh);
	for (i = 0; i < ARRAY_SIZE(divs); i++)
		for (j = 0; j < ARRAY_SIZE(nums); j++)
			KT_ASSERT(adv_divide(nums[j], divs[i]) == nums[j] / divs[i],
				  "%u / %u", nums[j], divs[i]);
	return 0;
}

KTEST(mmlib, byteorder)
{
	__le16 l16 = cpu_to_le16(0xfffe);
	__be16 b16 = cpu_to_be16(0x1234);
	__be64 b64 = cpu_to_be64(1);
	u32 words[2] = { 0x11223344, 0x55667788 };
	__be32 bw[2];
	u32 back[2];

	le16_add_cpu(&l16, 3);
	KT_EQ(le16_to_cpu(l16), 1);
	be16_add_cpu(&b16, 1);
	KT_EQ(be16_to_cpup(&b16), 0x1235);
	be64_add_cpu(&b64, 0xff);
	KT_EQ(be64_to_cpu(b64), 0x100);
	cpu_to_be32_array(bw, words, 2);
	KT_EQ(((u8 *)bw)[0], 0x11);
	be32_to_cpu_array(back, bw, 2);
	KT_EQ(back[1], 0x55667788);
	cpu_to_le32_array(words, 2);
	KT_EQ(words[0], 0x11223344);	/* little endian: unchanged */
	return 0;
}
