// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_fs.c - the file side a driver uses: time64/timespec helpers,
 * calendar time, user copies, seq_file, debugfs, proc and sysfs helpers,
 * misc devices' constants.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time.h>
#include <linux/uaccess.h>

#include "ktest.h"
#include "../api/qdk_api.h"

KTEST(time64, normalize_add_sub)
{
	struct timespec64 a = { 1, 900000000 }, b = { 2, 200000000 }, r;

	r = timespec64_add(a, b);
	KT_EQ(r.tv_sec, 4);
	KT_EQ(r.tv_nsec, 100000000);
	r = timespec64_sub(a, b);
	KT_EQ(r.tv_sec, -1);
	KT_EQ(r.tv_nsec, 700000000);
	set_normalized_timespec64(&r, 5, -2500000000LL);
	KT_EQ(r.tv_sec, 2);
	KT_EQ(r.tv_nsec, 500000000);
	KT_ASSERT(timespec64_compare(&a, &b) < 0, "a < b");
	KT_ASSERT(timespec64_compare(&b, &a) > 0, "b > a");
	KT_EQ(timespec64_compare(&a, &a), 0);
	KT_ASSERT(timespec64_equal(&a, &a) && !timespec64_equal(&a, &b), "equal");
	timespec64_add_ns(&a, 2100000000ULL);
	KT_EQ(a.tv_sec, 4);
	KT_EQ(a.tv_nsec, 0);
	return 0;
}

KTEST(time64, ns_conversions_saturate)
{
	struct timespec64 t = ns_to_timespec64(-1);
	struct timespec64 big = { TIME64_MAX - 1, 0 }, one = { 2, 0 };

	KT_EQ(t.tv_sec, -1);
	KT_EQ(t.tv_nsec, 999999999);
	t = ns_to_timespec64(1500000000LL);
	KT_EQ(timespec64_to_ns(&t), 1500000000LL);
	t.tv_sec = KTIME_SEC_MAX;
	KT_EQ(timespec64_to_ns(&t), KTIME_MAX);
	t.tv_sec = KTIME_SEC_MIN;
	KT_EQ(timespec64_to_ns(&t), KTIME_MIN);
	t = timespec64_add_safe(big, one);
	KT_EQ(t.tv_sec, TIME64_MAX);
	KT_EQ(t.tv_nsec, 0);
	t = (struct timespec64){ 0, NSEC_PER_SEC };
	KT_ASSERT(!timespec64_valid(&t), "a second of ns is invalid");
	t = (struct timespec64){ KTIME_SEC_MAX, 0 };
	KT_ASSERT(timespec64_valid(&t) && !timespec64_valid_strict(&t), "strict");
	t = (struct timespec64){ TIME_SETTOD_SEC_MAX, 0 };
	KT_ASSERT(!timespec64_valid_settod(&t), "settod");
	return 0;
}

KTEST(time64, calendar)
{
	struct tm tm;

	KT_EQ(mktime64(1970, 1, 1, 0, 0, 0), 0);
	KT_EQ(mktime64(2000, 1, 1, 0, 0, 0), 946684800LL);
	KT_EQ(mktime64(2000, 2, 29, 12, 30, 15), 951827415LL);
	time64_to_tm(951827415LL, 0, &tm);
	KT_EQ(tm.tm_year, 100);
	KT_EQ(tm.tm_mon, 1);
	KT_EQ(tm.tm_mday, 29);
	KT_EQ(tm.tm_hour, 12);
	KT_EQ(tm.tm_min, 30);
	KT_EQ(tm.tm_sec, 15);
	KT_EQ(tm.tm_wday, 2);
	KT_EQ(tm.tm_yday, 59);
	/* one second before the epoch, and an offset across a day */
	time64_to_tm(-1, 0, &tm);
	KT_EQ(tm.tm_year, 69);
	KT_EQ(tm.tm_mon, 11);
	KT_EQ(tm.tm_mday, 31);
	KT_EQ(tm.tm_wday, 3);
	KT_EQ(tm.tm_yday, 364);
	time64_to_tm(0, 86400 + 3661, &tm);
	KT_EQ(tm.tm_mday, 2);
	KT_EQ(tm.tm_hour, 1);
	KT_EQ(tm.tm_wday, 5);
	KT_ASSERT(time_after32(1, 0xffffffffu) && time_before32(0xffffffffu, 1), "wrap");
	KT_ASSERT(time_between32(5, 0xfffffff0u, 10), "between");
	return 0;
}

KTEST(time64, user_timespec)
{
	struct __kernel_timespec u = { .tv_sec = 3, .tv_nsec = 4 };
	struct timespec64 ts;

	KT_EQ(get_timespec64(&ts, &u), 0);
	KT_EQ(ts.tv_sec, 3);
	KT_EQ(ts.tv_nsec, 4);
	ts.tv_sec = 9;
	KT_EQ(put_timespec64(&ts, &u), 0);
	KT_EQ(u.tv_sec, 9);
	KT_EQ(get_timespec64(&ts, NULL), -EFAULT);
	KT_EQ(put_timespec64(&ts, NULL), -EFAULT);
	return 0;
}

KTEST(uaccess_more, raw_and_struct_copies)
{
	char *page = kmalloc(64, GFP_KERNEL);
	char dst[8];
	struct { u32 a, b; } k = { 1, 2 };
	u32 wide[4] = { 7, 8, 0, 0 };

	KT_ASSERT(page, "alloc");
	memcpy(page, "abcdefgh", 8);
	/* a user range that ends at a fault after 3 bytes */
	qdk_user_fault_at(page + 3);
	memset(dst, 'x', sizeof(dst));
	KT_EQ(__copy_from_user(dst, page, 8), 5);
	KT_EQ(dst[2], 'c');
	KT_EQ(dst[3], 'x');		/* the raw copy leaves the rest */
	KT_EQ(copy_from_user(dst, page, 8), 5);
	KT_EQ(dst[3], 0);		/* copy_from_user() zeroes it */
	KT_EQ(_copy_from_user(dst, page, 2), 0);
	KT_EQ(clear_user(page, 8), 5);
	KT_EQ(page[2], 0);
	KT_EQ(page[3], 'd');
	KT_EQ(check_zeroed_user(page, 3), 1);
	KT_EQ(check_zeroed_user(page, 4), -EFAULT);
	KT_EQ(copy_from_user_nofault(dst, page, 4), -EFAULT);
	KT_EQ(copy_from_user_nofault(dst, page, 3), 0);
	KT_EQ(copy_from_kernel_nofault(dst, NULL, 1), -EFAULT);
	qdk_user_fault_at(NULL);

	/* a longer user struct: zero tail accepted, a nonzero one -E2BIG */
	KT_EQ(copy_struct_from_user(&k, sizeof(k), wide, sizeof(wide)), 0);
	KT_EQ(k.a, 7);
	KT_EQ(k.b, 8);
	wide[3] = 1;
	KT_EQ(copy_struct_from_user(&k, sizeof(k), wide, sizeof(wide)), -E2BIG);
	/* a shorter one: the rest zeroed */
	KT_EQ(copy_struct_from_user(&k, sizeof(k), wide, 4), 0);
	KT_EQ(k.a, 7);
	KT_EQ(k.b, 0);
	kfree(page);
	return 0;
}

KTEST(uaccess_more, strings)
{
	char dst[8];

	KT_EQ(strncpy_from_user(dst, "abc", sizeof(dst)), 3);
	KT_STREQ(dst, "abc");
	KT_EQ(strncpy_from_user(dst, "abcdefghij", 4), 4);
	KT_EQ(strncpy_from_user(dst, NULL, 4), -EFAULT);
	KT_EQ(strnlen_user("abc", 10), 4);
	KT_EQ(strnlen_user("abcdef", 3), 4);
	KT_EQ(strnlen_user(NULL, 3), 0);
	KT_ASSERT(access_ok((void __user *)4096, 16), "low range");
	KT_ASSERT(!access_ok((void __user *)~0UL, 2), "wraps");
	pagefault_disable();
	KT_ASSERT(pagefault_disabled() && faulthandler_disabled(), "disabled");
	pagefault_enable();
	KT_ASSERT(!pagefault_disabled(), "enabled");
	return 0;
}
