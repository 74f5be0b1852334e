// SPDX-License-Identifier: GPL-2.0
/*
 * util.c - fatal errors, timing, the traffic models' random numbers
 * (util.h); allocation is the trace library's (trace/alloc.c), output
 * files outfile.c's.
 */
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

void die(int status, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("qdk-replay: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

uint64_t wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t seed_arg(const char *s)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = *s >= '0' && *s <= '9' ? strtoull(s, &end, 0) : 0;
	if (!(*s >= '0' && *s <= '9') || errno || *end)
		die(2, "bad --seed \"%s\": a whole number from 0 to 2^64-1", s);
	return v;
}

void check_one_line(const char *opt, const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			die(2, "%s: a control character (0x%02x) has no place in a trace's line", opt,
			    (unsigned char)*s);
}

const char *param_error(int err)
{
	return err == -ENOENT ? "no module parameter of that name" :
	       err == -ENOTUNIQ ? "a parameter of several modules: give MODULE.NAME" :
	       err == -ERANGE ? "value out of range for its type" : "not a value of its type";
}

uint64_t rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

double rng_unif(uint64_t *s)
{
	return ((double)(rng_next(s) >> 11) + 1.0) / 9007199254740992.0;
}

uint64_t rng_geom(uint64_t *s, double p)
{
	double k;

	if (p >= 1.0)
		return 1;
	/* inversion: P(K > k) = (1 - p)^k */
	k = ceil(log(rng_unif(s)) / log1p(-p));
	return k < 1.0 ? 1 : k > 1e18 ? (uint64_t)1e18 : (uint64_t)k;
}
