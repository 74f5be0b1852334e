// SPDX-License-Identifier: GPL-2.0
/*
 * units.c - tc's words with units: sizes, rates and times, read and printed
 * with the meanings iproute2 gives them, so "limit 64kb" or "rate 10mbit"
 * mean here exactly what they mean on a tc command line.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "tcopt.h"

/* Plain integers as tc's get_u32 reads them: decimal, 0x hex or 0 octal. */
static int get_ull(const char *s, unsigned long long max, unsigned long long *v)
{
	unsigned long long x;
	char *end;

	if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
		return -1;
	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || *end || x > max)
		return -1;
	*v = x;
	return 0;
}

int tcopt_get_u32(const char *s, uint32_t *v)
{
	unsigned long long x;

	if (get_ull(s, UINT32_MAX, &x))
		return -1;
	*v = (uint32_t)x;
	return 0;
}

int tcopt_get_classid(const char *s, uint32_t *id)
{
	unsigned long maj, min = 0;
	char *end;

	maj = strtoul(s, &end, 16);
	if (end == s || *end != ':' || maj > 0xffff)
		return -1;
	s = end + 1;
	if (*s) {
		min = strtoul(s, &end, 16);
		if (end == s || *end || min > 0xffff)
			return -1;
	}
	*id = (uint32_t)(maj << 16 | min);
	return 0;
}

void tcopt_fmt_classid(char *buf, size_t len, uint32_t id)
{
	snprintf(buf, len, "%x:%x", id >> 16, id & 0xffff);
}

int tcopt_get_u64(const char *s, uint64_t *v)
{
	unsigned long long x;

	if (get_ull(s, UINT64_MAX, &x))
		return -1;
	*v = x;
	return 0;
}

/*
 * A number with a unit word: strtod for the number, then a case-insensitive
 * suffix table. The result must be a non-negative whole number that fits in
 * 64 bits, like iproute2's overflow check ("*size != floor(sz)").
 */
struct unit {
	const char *name;
	double scale;
};

/*
 * The number at the start of s (strtod), scaled by the unit word that
 * follows it (case-insensitive, from units), or by bare when none follows.
 * The shape every tc unit word shares; each caller then checks its range.
 */
static int get_number_unit(const char *s, const struct unit *units,
			   double bare, double *out)
{
	double x;
	char *p;

	if (!s || !*s)
		return -1;
	x = strtod(s, &p);
	if (p == s || isnan(x))
		return -1;
	if (*p) {
		const struct unit *u;

		for (u = units; u->name; u++)
			if (strcasecmp(u->name, p) == 0)
				break;
		if (!u->name)
			return -1;
		x *= u->scale;
	} else {
		x *= bare;
	}
	*out = x;
	return 0;
}

static int get_scaled(const char *s, const struct unit *units, double bare,
		      double divisor, uint64_t *out)
{
	double x;

	if (get_number_unit(s, units, bare, &x))
		return -1;
	x /= divisor;
	if (x < 0 || x >= 18446744073709551616.0 || x != floor(x))
		return -1;
	*out = (uint64_t)x;
	return 0;
}

/* get_size(): binary prefixes; "kbit" & co. are bits, so divided by 8. */
static const struct unit size_units[] = {
	{ "b", 1 },
	{ "k", 1024 }, { "kb", 1024 },
	{ "m", 1024.0 * 1024 }, { "mb", 1024.0 * 1024 },
	{ "g", 1024.0 * 1024 * 1024 }, { "gb", 1024.0 * 1024 * 1024 },
	{ "kbit", 1024.0 / 8 }, { "mbit", 1024.0 * 1024 / 8 },
	{ "gbit", 1024.0 * 1024 * 1024 / 8 },
	{ NULL, 0 }
};

int tcopt_get_size(const char *s, uint64_t *bytes)
{
	return get_scaled(s, size_units, 1, 1, bytes);
}

/*
 * get_rate64(): the number is in bits per second unless a unit says
 * otherwise; SI prefixes for "kbit", IEC for "kibit"; "Bps" units are bytes.
 * The value is returned in bytes per second, as tc sends it.
 */
static const struct unit rate_units[] = {
	{ "bit", 1. },
	{ "kibit", 1024. }, { "kbit", 1000. },
	{ "mibit", 1024. * 1024 }, { "mbit", 1e6 },
	{ "gibit", 1024. * 1024 * 1024 }, { "gbit", 1e9 },
	{ "tibit", 1024. * 1024 * 1024 * 1024 }, { "tbit", 1e12 },
	{ "bps", 8. },
	{ "kibps", 8. * 1024 }, { "kbps", 8e3 },
	{ "mibps", 8. * 1024 * 1024 }, { "mbps", 8e6 },
	{ "gibps", 8. * 1024 * 1024 * 1024 }, { "gbps", 8e9 },
	{ "tibps", 8. * 1024 * 1024 * 1024 * 1024 }, { "tbps", 8e12 },
	{ NULL, 0 }
};

int tcopt_get_rate(const char *s, uint64_t *bytes_per_sec)
{
	double x;

	/*
	 * tc truncates bits/8 to whole bytes ("*rate = bps" after bps /= 8),
	 * so a rate that is not a whole number of bytes is not an error.
	 */
	if (get_number_unit(s, rate_units, 1, &x))
		return -1;
	x /= 8;
	if (x < 0 || x >= 18446744073709551616.0)
		return -1;
	*bytes_per_sec = (uint64_t)x;
	return 0;
}

/* get_time(): a bare number is microseconds (TIME_UNITS_PER_SEC). */
static const struct unit time_units[] = {
	{ "s", 1e9 }, { "sec", 1e9 }, { "secs", 1e9 },
	{ "ms", 1e6 }, { "msec", 1e6 }, { "msecs", 1e6 },
	{ "us", 1e3 }, { "usec", 1e3 }, { "usecs", 1e3 },
	{ "ns", 1 }, { "nsec", 1 }, { "nsecs", 1 },
	{ NULL, 0 }
};

int tcopt_get_time(const char *s, uint64_t *ns)
{
	double x;

	/* tc truncates fractional time units ("*time = t"), so do we. */
	if (get_number_unit(s, time_units, 1e3, &x))
		return -1;
	if (x < 0 || x >= 18446744073709551616.0)
		return -1;
	*ns = (uint64_t)x;
	return 0;
}

/*
 * A probability "0.02" as parts of 2^32, rounded to nearest; 1 maps to
 * 0xffffffff (the largest u32), as the kernel's max_P does. The RED
 * family's probability words (probability, gamma) all read it this way.
 */
int tcopt_get_prob(const char *s, uint32_t *v)
{
	char *end;
	double p;

	if (!s)
		return -1;
	p = strtod(s, &end);
	if (end == s || *end || !(p >= 0.0 && p <= 1.0))
		return -1;
	p = p * 4294967296.0 + 0.5;
	*v = p >= 4294967295.0 ? UINT32_MAX : (uint32_t)p;
	return 0;
}

/* sprint_size(): "Mb" / "Kb" when the value is (nearly) a whole multiple. */
void tcopt_fmt_size(char *buf, size_t len, uint64_t bytes)
{
	double x = (double)bytes;
	const double mb = 1024.0 * 1024;

	if (bytes >= 1024 * 1024 && fabs(mb * rint(x / mb) - x) < 1024)
		snprintf(buf, len, "%gMb", rint(x / mb));
	else if (bytes >= 1024 && fabs(1024 * rint(x / 1024) - x) < 16)
		snprintf(buf, len, "%gKb", rint(x / 1024));
	else
		snprintf(buf, len, "%llub", (unsigned long long)bytes);
}

/* sprint_rate() with SI prefixes: exact multiples, or 1000x the prefix. */
void tcopt_fmt_rate(char *buf, size_t len, uint64_t bytes_per_sec)
{
	static const char *const prefix[] = { "", "K", "M", "G", "T" };
	uint64_t rate = bytes_per_sec * 8;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		if (rate < 1000)
			break;
		if (rate % 1000 != 0 && rate < 1000 * 1000)
			break;
		rate /= 1000;
	}
	snprintf(buf, len, "%.0f%sbit", (double)rate, prefix[i]);
}

/* sprint_time64(): three significant digits in the largest fitting unit. */
void tcopt_fmt_time(char *buf, size_t len, uint64_t ns)
{
	double x = (double)ns;

	if (ns >= 1000000000ull)
		snprintf(buf, len, "%.3gs", x / 1e9);
	else if (ns >= 1000000ull)
		snprintf(buf, len, "%.3gms", x / 1e6);
	else if (ns >= 1000ull)
		snprintf(buf, len, "%.3gus", x / 1e3);
	else
		snprintf(buf, len, "%lluns", (unsigned long long)ns);
}
