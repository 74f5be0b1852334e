// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_mathops.c - linux/bitops.h, log2.h, math.h, minmax.h and
 * overflow.h against the kernel's documented results.
 */
#include <linux/kernel.h>
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/hash.h>
#include <linux/prefetch.h>
#include <linux/sched/clock.h>

#include "ktest.h"

KTEST(mathops, bitops)
{
	unsigned long word = 0x5a;
	u32 u = 0;

	KT_EQ(ror64(1, 1), 1ULL << 63);
	KT_EQ(ror16(0x0001, 4), 0x1000);
	KT_EQ(rol8(0x81, 1), 0x03);
	KT_EQ(ror8(0x81, 1), 0xc0);
	KT_EQ(__sw_hweight32(0xf0f0f0f1), 17);
	KT_EQ(__sw_hweight64(~0ULL), 64);
	KT_EQ(__sw_hweight64(0x8000000000000001ULL), 2);
	KT_EQ(__ffs64(1ULL << 40), 40);
	KT_EQ(fns(0x5a, 0), 1);		/* bits 1, 3, 4, 6 */
	KT_EQ(fns(0x5a, 2), 4);
	KT_EQ(fns(0x5a, 4), BITS_PER_LONG);
	KT_EQ(get_count_order(0), -1);
	KT_EQ(get_count_order(1), 0);
	KT_EQ(get_count_order(5), 3);
	KT_EQ(get_count_order(8), 3);
	KT_EQ(get_count_order_long(1UL << 40), 40);
	KT_EQ(get_bitmask_order(8), 4);
	KT_EQ(sign_extend32(0x80, 7), -128);
	KT_EQ(sign_extend32(0x7f, 7), 127);
	KT_EQ(sign_extend64(0xfffULL, 11), -1);
	KT_EQ(BITS_TO_BYTES(9), 2);
	KT_EQ(BYTES_TO_BITS(3), 24);
	KT_EQ(aligned_byte_mask(2), 0xffff);
	KT_EQ(set_mask_bits(&word, 0xf0UL, 0x30UL), 0x5a);
	KT_EQ(word, 0x3a);
	KT_ASSERT(!bit_clear_unless(&word, 0x2UL, 0x8UL), "bit 3 set: no clear");
	KT_EQ(word, 0x3a);
	KT_ASSERT(bit_clear_unless(&word, 0x2UL, 0x4UL), "cleared");
	KT_EQ(word, 0x38);
	KT_ASSERT(bitop(test_bit, 3, &word), "bitop");
	(void)u;
	return 0;
}

KTEST(mathops, log2)
{
	static const int c = const_ilog2(4096);

	KT_EQ(c, 12);
	KT_EQ(const_ilog2(1), 0);
	KT_EQ(__order_base_2(0), 0);
	KT_EQ(__order_base_2(1), 0);
	KT_EQ(__order_base_2(3), 2);
	KT_EQ(__order_base_2(4), 2);
	KT_EQ(__order_base_2(5), 3);
	KT_EQ(bits_per(0), 1);
	KT_EQ(bits_per(2), 2);
	KT_EQ(bits_per(3), 2);
	KT_EQ(bits_per(4), 3);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(max_pow_of_two_factor(24), 8);
#endif
	return 0;
}

KTEST(mathops, math)
{
	u64 s = 1000;
	struct u16_fract f = { .numerator = 1, .denominator = 3 };

	KT_EQ(int_pow(3, 4), 81);
	KT_EQ(int_pow(0, 0), 1);
	KT_EQ(int_pow(2, 64), 0);	/* wraps */
	KT_EQ(DIV_ROUND_CLOSEST_ULL(10ULL, 4), 3);
	KT_EQ(DIV_ROUND_CLOSEST_ULL(9ULL, 4), 2);
	KT_EQ(mult_frac(1000000000U, 3U, 4U), 750000000U);
	KT_EQ(mult_frac(0xffffffffU, 2U, 4U), 0x7fffffffU);	/* no overflow */
	KT_EQ(abs_diff(3U, 10U), 7);
	KT_EQ(abs_diff(-4, 5), 9);
	KT_EQ(sector_div(s, 300), 100);	/* the remainder */
	KT_EQ(s, 3);
	KT_EQ(DIV_ROUND_UP_SECTOR_T(1001ULL, 10), 101);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(DIV_ROUND_UP_POW2(~0UL, 2UL), 1UL << 63);
#endif
	KT_EQ(f.numerator + f.denominator, 4);
	return 0;
}

KTEST(mathops, minmax)
{
	static const int arr[] = { 4, -2, 9, 0 };
	static char buf[MAX(3, 5)];
	int neg = -1;

	KT_EQ(sizeof(buf), 5);
	KT_EQ(MIN_T(int, 7, 2U), 2);
	KT_EQ(umin(neg, 5), 5);			/* -1 is large unsigned */
	KT_EQ(umax((u8)200, 100), 200);
	KT_EQ(min_array(arr, 4), -2);
	KT_EQ(max_array(arr, 4), 9);
	KT_ASSERT(in_range(5U, 5U, 1U), "start");
	KT_ASSERT(!in_range(6U, 5U, 1U), "end excluded");
	KT_ASSERT(in_range(1ULL << 40, 1ULL << 39, 1ULL << 40), "64-bit");
	KT_ASSERT(!in_range32(4, 5, 10), "below");
	return 0;
}

struct ktest_flex {
	int count;
	u16 vals[];
};

KTEST(mathops, overflow)
{
	u8 d8;
	int di;
	DEFINE_FLEX(struct ktest_flex, fl, vals, count, 3);

	KT_EQ(type_max(s8), 127);
	KT_EQ(type_min(s8), -128);
	KT_EQ(type_max(u16), 65535);
	KT_EQ(type_min(u32), 0);
	KT_EQ(type_max(s64), LLONG_MAX);
	KT_ASSERT(!check_shl_overflow(1, 7, &d8) && d8 == 128, "fits");
	KT_ASSERT(check_shl_overflow(1, 8, &d8), "too wide");
	KT_ASSERT(check_shl_overflow(3, 7, &d8), "bit lost");
	KT_ASSERT(check_shl_overflow(1, 31, &di), "sign bit");
	KT_ASSERT(check_shl_overflow(-1, 1, &di), "negative");
	KT_EQ(size_sub(10, 3), 7);
	KT_EQ(size_sub(3, 10), SIZE_MAX);
	KT_EQ(size_sub(SIZE_MAX, 1), SIZE_MAX);
	KT_EQ(array3_size(SIZE_MAX / 2, 2, 2), SIZE_MAX);
	KT_EQ(array3_size(2, 3, 4), 24);
	KT_EQ(struct_size_t(struct ktest_flex, vals, 4), sizeof(int) + 8);
	KT_ASSERT(overflows_type(256, u8), "256 in u8");
	KT_ASSERT(!overflows_type(255, d8), "255 in u8");
	KT_ASSERT(overflows_type(-1, u32), "-1 in u32");
	KT_ASSERT(castable_to_type(100, d8), "constant fits");
	KT_ASSERT(range_overflows(5U, 6U, 10U), "past max");
	KT_ASSERT(!range_overflows(4U, 6U, 10U), "to max");
	KT_ASSERT(range_overflows(10U, 0U, 10U), "start at max");
	KT_ASSERT(!range_end_overflows(10U, 0U, 10U), "end at max");
	KT_EQ(wrapping_add(u8, 250, 10), 4);
	KT_EQ(wrapping_sub(u8, 1, 2), 255);
	KT_EQ(wrapping_mul(s8, 64, 2), -128);
	d8 = 200;
	wrapping_assign_add(d8, 100);
	KT_EQ(d8, 44);
	wrapping_assign_sub(d8, 45);
	KT_EQ(d8, 255);
	KT_EQ(fl->count, 3);
	fl->vals[2] = 7;
	KT_EQ(fl->vals[2] + fl->vals[0], 7);
	KT_ASSERT(is_negative(-3) && is_non_negative(0U), "signs");
	return 0;
}

KTEST(mathops, hash_and_clock)
{
	char buf[1024];

	KT_EQ(__hash_32_generic(1), GOLDEN_RATIO_32);
	KT_EQ(__hash_32_generic(2), (u32)(2U * GOLDEN_RATIO_32));
	KT_EQ(hash_64_generic(1, 8), GOLDEN_RATIO_64 >> 56);
	KT_EQ(hash_64_generic(12345, 10), hash_64(12345, 10));
	KT_EQ(GOLDEN_RATIO_PRIME, GOLDEN_RATIO_64);
	prefetch_range(buf, sizeof(buf));
	KT_EQ(cpu_clock(0), local_clock());
	KT_EQ(sched_clock_cpu(0), sched_clock());
	sched_clock_idle_sleep_event();
	sched_clock_idle_wakeup_event();
	return 0;
}
