// SPDX-License-Identifier: GPL-2.0
/*
 * timeconv.c - seconds since the epoch as a calendar date (the kernel's
 * kernel/time/timeconv.c), proleptic Gregorian, UTC, no leap seconds.
 */
#include <linux/time.h>

static bool leap(long year)
{
	return (!(year % 4) && year % 100) || !(year % 400);
}

void time64_to_tm(time64_t totalsecs, int offset, struct tm *result)
{
	static const unsigned short mdays[2][12] = {
		{ 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 },
		{ 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 },
	};
	s64 t = totalsecs + offset;
	s64 days = t / 86400, rem = t % 86400;
	s64 era, doe, yoe, doy, mp, year;
	int month, yday, m;

	if (rem < 0) {
		rem += 86400;
		days--;
	}
	result->tm_hour = rem / 3600;
	rem %= 3600;
	result->tm_min = rem / 60;
	result->tm_sec = rem % 60;
	/* 1970-01-01 was a Thursday */
	result->tm_wday = (int)(((days % 7) + 11) % 7);

	/* the civil date of a day number, in 400-year eras starting March 1 */
	days += 719468;
	era = (days >= 0 ? days : days - 146096) / 146097;
	doe = days - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	result->tm_mday = (int)(doy - (153 * mp + 2) / 5 + 1);
	month = (int)(mp < 10 ? mp + 2 : mp - 10);
	year = yoe + era * 400 + (month < 2);
	result->tm_mon = month;
	result->tm_year = year - 1900;

	yday = result->tm_mday - 1;
	for (m = 0; m < month; m++)
		yday += mdays[leap(year)][m];
	result->tm_yday = yday;
}
