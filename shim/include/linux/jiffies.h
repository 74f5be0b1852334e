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

/* 6.1's HZ 250 and USER_HZ 100: kernel/time/time.c's non-dividing branches */
#define SHIFT_HZ	8		/* HZ in [192, 384) */
#define CLOCK_TICK_RATE	1193182ul	/* the PIT's, asm/timex.h */
#define LATCH		((CLOCK_TICK_RATE + HZ / 2) / HZ)
#define SH_DIV(NOM, DEN, LSH)	(((NOM / DEN) << LSH) + (((NOM % DEN) << LSH) + DEN / 2) / DEN)
#define USER_TICK_USEC	((1000000UL + USER_HZ / 2) / USER_HZ)
#define MAX_SEC_IN_JIFFIES \
	(long)((u64)((u64)MAX_JIFFY_OFFSET * TICK_NSEC) / NSEC_PER_SEC)
#define SEC_JIFFIE_SC	(31 - SHIFT_HZ)
#define NSEC_JIFFIE_SC	(SEC_JIFFIE_SC + 29)
#define SEC_CONVERSION	((unsigned long)((((u64)NSEC_PER_SEC << SEC_JIFFIE_SC) + \
				TICK_NSEC - 1) / (u64)TICK_NSEC))
#define NSEC_CONVERSION	((unsigned long)((((u64)1 << NSEC_JIFFIE_SC) + \
				TICK_NSEC - 1) / (u64)TICK_NSEC))
#define TIMESTAMP_SIZE	30

#define time_in_range_open(a, b, c)	(time_after_eq(a, b) && time_before(a, c))
#define time_in_range64(a, b, c)	(time_after_eq64(a, b) && time_before_eq64(a, c))
#define time_is_before_jiffies64(a)	time_after64(get_jiffies_64(), a)
#define time_is_after_jiffies64(a)	time_before64(get_jiffies_64(), a)
#define time_is_before_eq_jiffies64(a)	time_after_eq64(get_jiffies_64(), a)
#define time_is_after_eq_jiffies64(a)	time_before_eq64(get_jiffies_64(), a)
#define secs_to_jiffies(_secs)		(unsigned long)((_secs) * HZ)

static inline unsigned long _msecs_to_jiffies(const unsigned int m)
{
	return (m + (MSEC_PER_SEC / HZ) - 1) / (MSEC_PER_SEC / HZ);
}

static inline unsigned long __msecs_to_jiffies(const unsigned int m)
{
	return msecs_to_jiffies(m);
}

static inline unsigned long _usecs_to_jiffies(const unsigned int u)
{
	return (u + (USEC_PER_SEC / HZ) - 1) / (USEC_PER_SEC / HZ);
}

static inline unsigned long __usecs_to_jiffies(const unsigned int u)
{
	return usecs_to_jiffies(u);
}

/* TICK_NSEC (4 ms) is no multiple of a USER_HZ tick (10 ms): scaled through ns */
static inline clock_t jiffies_to_clock_t(unsigned long x)
{
	return div_u64((u64)x * TICK_NSEC, NSEC_PER_SEC / USER_HZ);
}

static inline u64 jiffies_64_to_clock_t(u64 x)
{
	return div_u64(x * TICK_NSEC, NSEC_PER_SEC / USER_HZ);
}

static inline unsigned long clock_t_to_jiffies(unsigned long x)
{
	if (x >= ~0UL / HZ * USER_HZ)
		return ~0UL;
	return div_u64((u64)x * HZ, USER_HZ);
}

static inline clock_t jiffies_delta_to_clock_t(long delta)
{
	return jiffies_to_clock_t(delta > 0 ? delta : 0);
}

static inline unsigned int jiffies_delta_to_msecs(long delta)
{
	return jiffies_to_msecs(delta > 0 ? delta : 0);
}

static inline void jiffies_to_timespec64(const unsigned long jiffies, struct timespec64 *value)
{
	u32 rem;

	value->tv_sec = div_u64_rem((u64)jiffies * TICK_NSEC, NSEC_PER_SEC, &rem);
	value->tv_nsec = rem;
}

/* rounds up, and past MAX_SEC_IN_JIFFIES saturates, as kernel/time/time.c */
static inline unsigned long timespec64_to_jiffies(const struct timespec64 *value)
{
	u64 sec = value->tv_sec;
	long nsec = value->tv_nsec + TICK_NSEC - 1;

	if (sec >= MAX_SEC_IN_JIFFIES) {
		sec = MAX_SEC_IN_JIFFIES;
		nsec = 0;
	}
	return ((sec * SEC_CONVERSION) +
		(((u64)nsec * NSEC_CONVERSION) >> (NSEC_JIFFIE_SC - SEC_JIFFIE_SC))) >> SEC_JIFFIE_SC;
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/cache.h>
#include <linux/minmax.h>
#include <linux/time.h>
#endif
