// SPDX-License-Identifier: GPL-2.0
/* ktest_atomic.c - linux/atomic.h's operations and linux/bitops.h. */
#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/kernel.h>

#include "ktest.h"

KTEST(atomic, int_ops)
{
	atomic_t a = ATOMIC_INIT(5);
	int old = 9;

	KT_EQ(atomic_read(&a), 5);
	KT_EQ(atomic_add_return(3, &a), 8);
	KT_EQ(atomic_sub_return(1, &a), 7);
	KT_EQ(atomic_inc_return(&a), 8);
	KT_EQ(atomic_dec_return(&a), 7);
	KT_EQ(atomic_fetch_add(10, &a), 7);
	KT_EQ(atomic_fetch_sub(2, &a), 17);
	KT_EQ(atomic_fetch_or(0x100, &a), 15);
	KT_EQ(atomic_fetch_and(0xff, &a), 0x10f);
	KT_EQ(atomic_fetch_xor(1, &a), 15);
	KT_EQ(atomic_fetch_andnot(4, &a), 14);
	KT_EQ(atomic_read(&a), 10);
	KT_EQ(atomic_xchg(&a, 3), 10);
	/* cmpxchg returns the old value whether it swapped or not */
	KT_EQ(atomic_cmpxchg(&a, 4, 99), 3);
	KT_EQ(atomic_read(&a), 3);
	KT_EQ(atomic_cmpxchg(&a, 3, 4), 3);
	KT_EQ(atomic_read(&a), 4);
	/* try_cmpxchg writes the current value into *old on failure */
	KT_EQ(atomic_try_cmpxchg(&a, &old, 1), 0);
	KT_EQ(old, 4);
	KT_EQ(atomic_try_cmpxchg(&a, &old, 1), 1);
	KT_EQ(atomic_read(&a), 1);
	KT_EQ(atomic_dec_and_test(&a), 1);
	KT_EQ(atomic_inc_not_zero(&a), 0);
	KT_EQ(atomic_read(&a), 0);
	atomic_set(&a, 2);
	KT_EQ(atomic_inc_not_zero(&a), 1);
	KT_EQ(atomic_read(&a), 3);
	KT_EQ(atomic_add_unless(&a, 5, 3), 0);
	KT_EQ(atomic_fetch_add_unless(&a, 5, 0), 3);
	KT_EQ(atomic_read(&a), 8);
	KT_EQ(atomic_sub_and_test(8, &a), 1);
	KT_EQ(atomic_dec_if_positive(&a), -1);
	KT_EQ(atomic_read(&a), 0);
	KT_EQ(atomic_add_negative(-1, &a), 1);
	KT_EQ(atomic_inc_unless_negative(&a), 0);
	KT_EQ(atomic_dec_unless_positive(&a), 1);
	KT_EQ(atomic_read(&a), -2);
	return 0;
}

KTEST(atomic, wide_types)
{
	atomic64_t b = ATOMIC64_INIT(1LL << 40);
	atomic_long_t l = ATOMIC_LONG_INIT(-1);
	s64 o64 = 0;

	KT_EQ(atomic64_add_return(1, &b), (1LL << 40) + 1);
	KT_EQ(atomic64_fetch_inc(&b), (1LL << 40) + 1);
	KT_EQ(atomic64_try_cmpxchg(&b, &o64, 0), 0);
	KT_EQ(o64, (1LL << 40) + 2);
	KT_EQ(atomic64_xchg(&b, 7), (1LL << 40) + 2);
	KT_EQ(atomic_long_inc_return(&l), 0);
	KT_EQ(atomic_long_cmpxchg(&l, 0, LONG_MAX), 0);
	KT_EQ(atomic_long_read(&l) == LONG_MAX, 1);
	KT_EQ(atomic_long_dec_and_test(&l), 0);
	/* the kernel's types: atomic_long_read() gives a long */
	KT_EQ(__same_type(atomic_long_read(&l), long), 1);
	KT_EQ(__same_type(atomic_read((atomic_t *)NULL), int), 1);
	KT_EQ(__same_type(atomic64_read(&b), s64), 1);
	return 0;
}

KTEST(atomic, cmpxchg_any_scalar)
{
	unsigned long word = 5;
	u8 byte = 1;
	void *p = NULL, *q = &word;
	u16 half = 3, expect = 4;

	KT_EQ(cmpxchg(&word, 5UL, 6UL), 5);
	KT_EQ(word, 6);
	KT_EQ(cmpxchg(&word, 5UL, 7UL), 6);
	KT_EQ(word, 6);
	KT_EQ(xchg(&byte, 200), 1);
	KT_EQ(byte, 200);
	KT_ASSERT(cmpxchg(&p, NULL, q) == NULL && p == q, "pointer swapped");
	KT_EQ(try_cmpxchg(&half, &expect, 9), 0);
	KT_EQ(expect, 3);
	KT_EQ(try_cmpxchg(&half, &expect, 9), 1);
	KT_EQ(half, 9);
	return 0;
}

KTEST(bitops, set_clear_find)
{
	DECLARE_BITMAP(map, 130);
	unsigned long bit, n = 0, sum = 0;

	bitmap_zero(map, 130);
	KT_EQ(find_first_bit(map, 130), 130);
	KT_EQ(find_last_bit(map, 130), 130);
	set_bit(3, map);
	__set_bit(64, map);
	set_bit(129, map);
	KT_EQ(test_and_set_bit(3, map), 1);
	KT_EQ(test_and_set_bit(4, map), 0);
	KT_EQ(test_and_clear_bit(4, map), 1);
	KT_EQ(test_and_clear_bit(4, map), 0);
	KT_EQ(test_and_change_bit(5, map), 0);
	KT_EQ(test_bit(5, map), 1);
	clear_bit(5, map);
	KT_EQ(find_first_bit(map, 130), 3);
	KT_EQ(find_next_bit(map, 130, 4), 64);
	KT_EQ(find_last_bit(map, 130), 129);
	KT_EQ(find_last_bit(map, 129), 64);
	KT_EQ(find_first_zero_bit(map, 130), 0);
	for_each_set_bit(bit, map, 130) {
		n++;
		sum += bit;
	}
	KT_EQ(n, 3);
	KT_EQ(sum, 3 + 64 + 129);
	n = 0;
	for_each_clear_bit(bit, map, 8)
		n++;
	KT_EQ(n, 7);
	bit = 4;
	for_each_set_bit_from(bit, map, 130)
		break;
	KT_EQ(bit, 64);
	assign_bit(7, map, true);
	KT_EQ(test_bit(7, map), 1);
	assign_bit(7, map, false);
	KT_EQ(test_bit(7, map), 0);
	KT_EQ(test_and_set_bit_lock(9, map), 0);
	clear_bit_unlock(9, map);
	KT_EQ(test_bit(9, map), 0);
	return 0;
}
