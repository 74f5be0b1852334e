/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TIME64_H
#define _LINUX_TIME64_H

#include <linux/types.h>
#include <linux/math64.h>
#include <linux/version.h>

#define MSEC_PER_SEC	1000L
#define USEC_PER_MSEC	1000L
#define NSEC_PER_USEC	1000L
#define NSEC_PER_MSEC	1000000L
#define USEC_PER_SEC	1000000L
#define NSEC_PER_SEC	1000000000L
#define PSEC_PER_NSEC	1000L
#define FSEC_PER_SEC	1000000000000000LL
#define TIME64_MAX	((s64)~((u64)1 << 63))
#define KTIME_MAX	((s64)~((u64)1 << 63))
#define KTIME_SEC_MAX	(KTIME_MAX / NSEC_PER_SEC)
#define TIME64_MIN	(-TIME64_MAX - 1)
#define KTIME_MIN	(-KTIME_MAX - 1)
#define KTIME_SEC_MIN	(KTIME_MIN / NSEC_PER_SEC)
#define TIME_UPTIME_SEC_MAX	(30LL * 365 * 24 * 3600)
/* the latest realtime settimeofday() takes: 30 years of uptime below the end */
#define TIME_SETTOD_SEC_MAX	(KTIME_SEC_MAX - TIME_UPTIME_SEC_MAX)

typedef __u64 timeu64_t;

struct timespec64 {
	time64_t tv_sec;
	long tv_nsec;
};

struct itimerspec64 {
	struct timespec64 it_interval;
	struct timespec64 it_value;
};

/* kernel/time/time.c (shim/lib/time.c) */
struct timespec64 ns_to_timespec64(s64 nsec);
void set_normalized_timespec64(struct timespec64 *ts, time64_t sec, s64 nsec);
struct timespec64 timespec64_add_safe(const struct timespec64 lhs, const struct timespec64 rhs);

static inline int timespec64_equal(const struct timespec64 *a, const struct timespec64 *b)
{
	return a->tv_sec == b->tv_sec && a->tv_nsec == b->tv_nsec;
}

/* <0, 0 or >0 as lhs is earlier than, equal to or later than rhs */
static inline int timespec64_compare(const struct timespec64 *lhs, const struct timespec64 *rhs)
{
	if (lhs->tv_sec != rhs->tv_sec)
		return lhs->tv_sec < rhs->tv_sec ? -1 : 1;
	return lhs->tv_nsec - rhs->tv_nsec;
}

static inline struct timespec64 timespec64_add(struct timespec64 lhs, struct timespec64 rhs)
{
	struct timespec64 sum;

	set_normalized_timespec64(&sum, lhs.tv_sec + rhs.tv_sec,
				  (s64)lhs.tv_nsec + rhs.tv_nsec);
	return sum;
}

static inline struct timespec64 timespec64_sub(struct timespec64 lhs, struct timespec64 rhs)
{
	struct timespec64 diff;

	set_normalized_timespec64(&diff, lhs.tv_sec - rhs.tv_sec,
				  (s64)lhs.tv_nsec - rhs.tv_nsec);
	return diff;
}

/* a time the kernel accepts: not before the epoch, nanoseconds below a second */
static inline bool timespec64_valid(const struct timespec64 *ts)
{
	return ts->tv_sec >= 0 && (unsigned long)ts->tv_nsec < NSEC_PER_SEC;
}

/* ... and also one that fits a ktime_t */
static inline bool timespec64_valid_strict(const struct timespec64 *ts)
{
	return timespec64_valid(ts) && (unsigned long long)ts->tv_sec < KTIME_SEC_MAX;
}

/* ... and one CLOCK_REALTIME may be set to without overflowing later */
static inline bool timespec64_valid_settod(const struct timespec64 *ts)
{
	return timespec64_valid(ts) && (unsigned long long)ts->tv_sec < TIME_SETTOD_SEC_MAX;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
static inline bool timespec64_is_epoch(const struct timespec64 *ts)
{
	return !ts->tv_sec && !ts->tv_nsec;
}
#endif

/* nanoseconds, saturated at KTIME_MAX and KTIME_MIN */
static inline s64 timespec64_to_ns(const struct timespec64 *ts)
{
	if (ts->tv_sec >= KTIME_SEC_MAX)
		return KTIME_MAX;
	if (ts->tv_sec <= KTIME_SEC_MIN)
		return KTIME_MIN;
	return ts->tv_sec * NSEC_PER_SEC + ts->tv_nsec;
}

/* move *a on by ns nanoseconds, its tv_nsec kept below a second */
static __always_inline void timespec64_add_ns(struct timespec64 *a, u64 ns)
{
	u64 total = a->tv_nsec + ns;

	a->tv_sec += total / NSEC_PER_SEC;
	a->tv_nsec = total % NSEC_PER_SEC;
}

#endif
