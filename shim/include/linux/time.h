/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Time of day: broken-down calendar time (struct tm, time64_to_tm(),
 * mktime64(): shim/lib/timeconv.c and time.c), timespec64 to and from user
 * memory, and the 32-bit wrapping comparisons.
 */
#ifndef _LINUX_TIME_H
#define _LINUX_TIME_H

#include <linux/time64.h>
#include <linux/time_types.h>	/* __kernel_timespec, __kernel_itimerspec (uapi) */
#include <linux/types.h>

int get_timespec64(struct timespec64 *ts, const struct __kernel_timespec __user *uts);
int put_timespec64(const struct timespec64 *ts, struct __kernel_timespec __user *uts);
int get_itimerspec64(struct itimerspec64 *it, const struct __kernel_itimerspec __user *uit);
int put_itimerspec64(const struct itimerspec64 *it, struct __kernel_itimerspec __user *uit);

/* seconds since the epoch of a Gregorian date and time (UTC) */
time64_t mktime64(const unsigned int year, const unsigned int mon, const unsigned int day,
		  const unsigned int hour, const unsigned int min, const unsigned int sec);

struct tm {
	int tm_sec;	/* 0..59 (60 in a leap second) */
	int tm_min;	/* 0..59 */
	int tm_hour;	/* 0..23 */
	int tm_mday;	/* 1..31 */
	int tm_mon;	/* 0..11 */
	long tm_year;	/* years since 1900 */
	int tm_wday;	/* 0..6, Sunday 0 */
	int tm_yday;	/* 0..365 */
};

/* totalsecs + offset seconds since the epoch as a UTC calendar date */
void time64_to_tm(time64_t totalsecs, int offset, struct tm *result);

static inline bool itimerspec64_valid(const struct itimerspec64 *its)
{
	return timespec64_valid(&its->it_interval) && timespec64_valid(&its->it_value);
}

/* 32-bit timestamps that wrap: a after b, b before a, t within [l, h] */
#define time_after32(a, b)	((s32)((u32)(b) - (u32)(a)) < 0)
#define time_before32(b, a)	time_after32(a, b)
#define time_between32(t, l, h)	((u32)(h) - (u32)(l) >= (u32)(t) - (u32)(l))

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/cache.h>
#include <linux/math64.h>
#endif
