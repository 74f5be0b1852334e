/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jiffies follow the virtual clock: jiffies = INITIAL_JIFFIES +
 * ns * hz / NSEC_PER_SEC (hz is HZ unless a trace recorded another).
 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/types.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/time64.h>
#include <linux/typecheck.h>

#define HZ		CONFIG_HZ
#define USER_HZ		100
#define TICK_NSEC	((NSEC_PER_SEC + HZ / 2) / HZ)
#define TICK_USEC	((USEC_PER_SEC + HZ / 2) / HZ)

#define INITIAL_JIFFIES ((unsigned long)(unsigned int)(-300 * HZ))
#define MAX_JIFFY_OFFSET ((LONG_MAX >> 1) - 1)

extern unsigned long volatile jiffies;
extern u64 jiffies_64;

static inline u64 get_jiffies_64(void)
{
	return jiffies_64;
}

#define time_after(a, b)		\
	(typecheck(unsigned long, a) &&	\
	 typecheck(unsigned long, b) &&	\
	 ((long)((b) - (a)) < 0))
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)		\
	(typecheck(unsigned long, a) &&	\
	 typecheck(unsigned long, b) &&	\
	 ((long)((a) - (b)) >= 0))
#define time_before_eq(a, b)	time_after_eq(b, a)
#define time_in_range(a, b, c)	(time_after_eq(a, b) && time_before_eq(a, c))
#define time_is_before_jiffies(a)	time_after(jiffies, a)
#define time_is_after_jiffies(a)	time_before(jiffies, a)
#define time_is_before_eq_jiffies(a)	time_after_eq(jiffies, a)
#define time_is_after_eq_jiffies(a)	time_before_eq(jiffies, a)
#define time_after64(a, b)		\
	(typecheck(__u64, a) &&		\
	 typecheck(__u64, b) &&		\
	 ((__s64)((b) - (a)) < 0))
#define time_before64(a, b)	time_after64(b, a)
#define time_after_eq64(a, b)		\
	(typecheck(__u64, a) &&		\
	 typecheck(__u64, b) &&		\
	 ((__s64)((a) - (b)) >= 0))
#define time_before_eq64(a, b)	time_after_eq64(b, a)

/* HZ = 250 divides 1000 and 10^6: the kernel's exact conversions. */
static inline unsigned int jiffies_to_msecs(const unsigned long j)
{
	return (MSEC_PER_SEC / HZ) * j;
}

static inline unsigned int jiffies_to_usecs(const unsigned long j)
{
	return (USEC_PER_SEC / HZ) * j;
}

static inline u64 jiffies_to_nsecs(const unsigned long j)
{
	return (u64)jiffies_to_usecs(j) * NSEC_PER_USEC;
}

static inline u64 jiffies64_to_nsecs(u64 j)
{
	return j * (NSEC_PER_SEC / HZ);
}

static inline u64 jiffies64_to_msecs(u64 j)
{
	return j * (MSEC_PER_SEC / HZ);
}

static inline unsigned long msecs_to_jiffies(const unsigned int m)
{
	if ((int)m < 0)
		return MAX_JIFFY_OFFSET;
	return (m + (MSEC_PER_SEC / HZ) - 1) / (MSEC_PER_SEC / HZ);
}

static inline unsigned long usecs_to_jiffies(const unsigned int u)
{
	if (u > jiffies_to_usecs(MAX_JIFFY_OFFSET))
		return MAX_JIFFY_OFFSET;
	return (u + (USEC_PER_SEC / HZ) - 1) / (USEC_PER_SEC / HZ);
}

static inline u64 nsecs_to_jiffies64(u64 n)
{
	return div_u64(n, NSEC_PER_SEC / HZ);
}

static inline unsigned long nsecs_to_jiffies(u64 n)
{
	return (unsigned long)nsecs_to_jiffies64(n);
}

#define jiffies_to_clock_t(x) ((x) / (HZ / USER_HZ))

#endif
