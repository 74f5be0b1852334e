/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktime_t and the clocks. Every clock reads the shim's virtual clock
 * (qdk_clock_advance moves it): CLOCK_MONOTONIC is the trace's timestamps,
 * boottime equals it, realtime/TAI are it plus an offset (TAI's the
 * recording kernel's when the trace says it: qdk_set_tai()).
 */
#ifndef _LINUX_KTIME_H
#define _LINUX_KTIME_H

#include <linux/types.h>
#include <linux/time64.h>
#include <linux/jiffies.h>

typedef s64 ktime_t;

/* The virtual clock in ns (shim/lib/time.c). */
extern u64 qdk_clock_ns;
#define QDK_REALTIME_OFFSET_NS (1700000000LL * NSEC_PER_SEC)
/* TAI less the virtual clock: a trace's clock tai=, else this default (time.c) */
#define QDK_TAI_DEFAULT_OFFSET_NS (QDK_REALTIME_OFFSET_NS + 37LL * NSEC_PER_SEC)
extern s64 qdk_tai_offset_ns;
#define QDK_TAI_OFFSET_NS qdk_tai_offset_ns

static inline ktime_t ktime_set(const s64 secs, const unsigned long nsecs)
{
	if (unlikely(secs >= KTIME_SEC_MAX))
		return KTIME_MAX;
	return secs * NSEC_PER_SEC + (s64)nsecs;
}

#define ktime_sub(lhs, rhs)	((lhs) - (rhs))
#define ktime_add(lhs, rhs)	((lhs) + (rhs))
#define ktime_add_unsafe(lhs, rhs) ((u64)(lhs) + (rhs))
#define ktime_add_ns(kt, nsval)	((kt) + (nsval))
#define ktime_sub_ns(kt, nsval)	((kt) - (nsval))
#define ktime_to_timespec64(kt)	ns_to_timespec64((kt))

static inline s64 ktime_to_ns(const ktime_t kt)
{
	return kt;
}

static inline ktime_t ns_to_ktime(u64 ns)
{
	return ns;
}

static inline ktime_t ms_to_ktime(u64 ms)
{
	return ms * NSEC_PER_MSEC;
}

static inline ktime_t us_to_ktime(u64 us)
{
	return us * NSEC_PER_USEC;
}

static inline int ktime_compare(const ktime_t cmp1, const ktime_t cmp2)
{
	if (cmp1 < cmp2)
		return -1;
	if (cmp1 > cmp2)
		return 1;
	return 0;
}

static inline bool ktime_after(const ktime_t cmp1, const ktime_t cmp2)
{
	return ktime_compare(cmp1, cmp2) > 0;
}

static inline bool ktime_before(const ktime_t cmp1, const ktime_t cmp2)
{
	return ktime_compare(cmp1, cmp2) < 0;
}

static inline s64 ktime_divns(const ktime_t kt, s64 div)
{
	return kt / div;
}

static inline s64 ktime_to_us(const ktime_t kt)
{
	return ktime_divns(kt, NSEC_PER_USEC);
}

static inline s64 ktime_to_ms(const ktime_t kt)
{
	return ktime_divns(kt, NSEC_PER_MSEC);
}

static inline s64 ktime_us_delta(const ktime_t later, const ktime_t earlier)
{
	return ktime_to_us(ktime_sub(later, earlier));
}

static inline s64 ktime_ms_delta(const ktime_t later, const ktime_t earlier)
{
	return ktime_to_ms(ktime_sub(later, earlier));
}

static inline ktime_t ktime_add_safe(const ktime_t lhs, const ktime_t rhs)
{
	ktime_t res = ktime_add_unsafe(lhs, rhs);

	if (res < 0 || res < lhs || res < rhs)
		res = ktime_set(KTIME_SEC_MAX, 0);
	return res;
}

static inline ktime_t ktime_add_us(const ktime_t kt, const u64 usec)
{
	return ktime_add_ns(kt, usec * NSEC_PER_USEC);
}

static inline ktime_t ktime_add_ms(const ktime_t kt, const u64 msec)
{
	return ktime_add_ns(kt, msec * NSEC_PER_MSEC);
}

static inline ktime_t ktime_sub_us(const ktime_t kt, const u64 usec)
{
	return ktime_sub_ns(kt, usec * NSEC_PER_USEC);
}

static inline ktime_t ktime_sub_ms(const ktime_t kt, const u64 msec)
{
	return ktime_sub_ns(kt, msec * NSEC_PER_MSEC);
}

static inline ktime_t timespec64_to_ktime(struct timespec64 ts)
{
	return ktime_set(ts.tv_sec, ts.tv_nsec);
}

static inline ktime_t ktime_get(void)
{
	return (ktime_t)qdk_clock_ns;
}

static inline u64 ktime_get_ns(void)
{
	return qdk_clock_ns;
}

static inline ktime_t ktime_get_boottime(void)
{
	return (ktime_t)qdk_clock_ns;
}

static inline u64 ktime_get_boottime_ns(void)
{
	return qdk_clock_ns;
}

static inline ktime_t ktime_get_real(void)
{
	return (ktime_t)qdk_clock_ns + QDK_REALTIME_OFFSET_NS;
}

static inline u64 ktime_get_real_ns(void)
{
	return qdk_clock_ns + QDK_REALTIME_OFFSET_NS;
}

static inline ktime_t ktime_get_clocktai(void)
{
	return (ktime_t)qdk_clock_ns + QDK_TAI_OFFSET_NS;
}

static inline u64 ktime_get_mono_fast_ns(void)
{
	return qdk_clock_ns;
}

static inline u64 ktime_get_raw_ns(void)
{
	return qdk_clock_ns;
}

static inline time64_t ktime_get_seconds(void)
{
	return qdk_clock_ns / NSEC_PER_SEC;
}

static inline u64 local_clock(void)
{
	return qdk_clock_ns;
}

static inline u64 sched_clock(void)
{
	return qdk_clock_ns;
}

/* a nonzero time into *ts: true; zero: false and *ts untouched */
static inline __must_check bool ktime_to_timespec64_cond(const ktime_t kt, struct timespec64 *ts)
{
	if (kt) {
		*ts = ns_to_timespec64(kt);
		return true;
	}
	return false;
}

/* as the kernel's: the clock conversions come with ktime.h */
#include <linux/timekeeping.h>


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/time.h>
#endif
