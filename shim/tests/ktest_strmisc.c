// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_strmisc.c - the rest of linux/string.h (prefixes, memscan(),
 * memweight(), padding copies, argv_split(), memory_read_from_buffer()),
 * linux/random.h's entropy calls and waits, linux/u64_stats_sync.h.
 */
#include <linux/kernel.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/u64_stats_sync.h>

#include "ktest.h"

struct ktest_sm {
	int a;
	int b;
	int c;
};

KTEST(strmisc, helpers)
{
	char buf[8];
	char fixed[4];
	unsigned long l[3];
	void *ptrs[2];
	struct ktest_sm sm = { 1, 2, 3 };
	static const u8 bits[] = { 0xff, 0x01, 0x80, 0x00 };

	KT_ASSERT(strstarts("qdisc", "qd"), "strstarts");
	KT_ASSERT(!strstarts("qd", "qdisc"), "longer prefix");
	KT_EQ(str_has_prefix("sch_fq", "sch_"), 4);
	KT_EQ(str_has_prefix("sch_fq", "cls_"), 0);
	KT_STREQ(kbasename("/sys/class/net"), "net");
	KT_STREQ(kbasename("plain"), "plain");
	strcpy(buf, "abc");
	KT_ASSERT(memscan(buf, 'b', 3) == buf + 1, "memscan found");
	KT_ASSERT(memscan(buf, 'z', 3) == buf + 3, "memscan: end");
	KT_EQ(memweight(bits, sizeof(bits)), 10);
	KT_EQ(bcmp("abc", "abc", 3), 0);
	KT_ASSERT(bcmp("abc", "abd", 3) != 0, "differ");
	memcpy_and_pad(buf, sizeof(buf), "xy", 2, '-');
	KT_ASSERT(!memcmp(buf, "xy------", 8), "padded");
	memcpy_and_pad(buf, 2, "long", 4, 0);
	KT_ASSERT(!memcmp(buf, "lo", 2), "cut");
	strtomem_pad(fixed, "ab", '.');
	KT_ASSERT(!memcmp(fixed, "ab..", 4), "strtomem_pad");
	strtomem(fixed, "wxyz12");
	KT_ASSERT(!memcmp(fixed, "wxyz", 4), "strtomem: no NUL");
	memset_l(l, 7, 3);
	KT_EQ(l[2], 7);
	memset_p(ptrs, buf, 2);
	KT_ASSERT(ptrs[1] == buf, "memset_p");
	memset_startat(&sm, 0, b);
	KT_ASSERT(sm.a == 1 && sm.b == 0 && sm.c == 0, "memset_startat");
	memzero_explicit(&sm, sizeof(sm));
	KT_ASSERT(mem_is_zero(&sm, sizeof(sm)), "zeroed");
	KT_ASSERT(!mem_is_zero(bits, 2), "not zero");
	return 0;
}

KTEST(strmisc, argv_and_buffer)
{
	long base = qdk_test_mem_objects();
	char out[8];
	loff_t pos = 0;
	int argc = -1;
	char **argv = argv_split(GFP_KERNEL, "  tc  qdisc\tadd ", &argc);

	KT_ASSERT(argv, "split");
	KT_EQ(argc, 3);
	KT_STREQ(argv[0], "tc");
	KT_STREQ(argv[1], "qdisc");
	KT_STREQ(argv[2], "add");
	KT_ASSERT(!argv[3], "NULL-terminated");
	argv_free(argv);
	argv = argv_split(GFP_KERNEL, "", &argc);
	KT_ASSERT(argv && argc == 0 && !argv[0], "empty");
	argv_free(argv);
	KT_EQ(qdk_test_mem_objects(), base);
	KT_EQ(memory_read_from_buffer(out, 4, &pos, "abcdef", 6), 4);
	KT_EQ(pos, 4);
	KT_EQ(memory_read_from_buffer(out + 4, 4, &pos, "abcdef", 6), 2);
	KT_ASSERT(!memcmp(out, "abcdef", 6), "contents");
	KT_EQ(memory_read_from_buffer(out, 4, &pos, "abcdef", 6), 0);
	pos = -1;
	KT_EQ(memory_read_from_buffer(out, 4, &pos, "abcdef", 6), -EINVAL);
	return 0;
}

KTEST(strmisc, random_and_stats)
{
	u32 v32;
	u8 v8;
	unsigned long canary;
	u64_stats_t st;
	struct u64_stats_sync sync;
	unsigned long flags;
	unsigned int start;

	add_device_randomness("x", 1);
	add_interrupt_randomness(3);
	KT_ASSERT(rng_is_initialized(), "seeded");
	KT_EQ(wait_for_random_bytes(), 0);
	KT_EQ(get_random_u32_wait(&v32), 0);
	KT_EQ(get_random_u8_wait(&v8), 0);
	canary = get_random_canary();
	KT_EQ(canary & 0xff, 0);
	u64_stats_init(&sync);
	u64_stats_set(&st, 10);
	flags = u64_stats_update_begin_irqsave(&sync);
	u64_stats_add(&st, 5);
	u64_stats_sub(&st, 3);
	u64_stats_update_end_irqrestore(&sync, flags);
	do {
		start = __u64_stats_fetch_begin(&sync);
		v32 = u64_stats_read(&st);
	} while (__u64_stats_fetch_retry(&sync, start));
	KT_EQ(v32, 12);
	return 0;
}
