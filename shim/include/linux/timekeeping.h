/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TIMEKEEPING_H
#define _LINUX_TIMEKEEPING_H
#include <linux/ktime.h>

/* The offsets of the other clocks from CLOCK_MONOTONIC (fixed here). */
enum tk_offsets {
	TK_OFFS_REAL,
	TK_OFFS_BOOT,
	TK_OFFS_TAI,
	TK_OFFS_MAX,
};

static inline ktime_t ktime_mono_to_any(ktime_t tmono, enum tk_offsets offs)
{
	switch (offs) {
	case TK_OFFS_REAL:
		return tmono + QDK_REALTIME_OFFSET_NS;
	case TK_OFFS_TAI:
		return tmono + QDK_TAI_OFFSET_NS;
	default:
		return tmono;
	}
}

static inline ktime_t ktime_mono_to_real(ktime_t mono)
{
	return ktime_mono_to_any(mono, TK_OFFS_REAL);
}

/*
 * The clocks on the virtual clock: monotonic, boottime (no suspend here) and
 * raw are the same; realtime and TAI are it plus fixed offsets; the coarse
 * variants read the time of the last tick (the start of the current jiffy),
 * as the kernel's are updated once per tick; the fast NMI-safe accessors are
 * the plain ones.
 */
u64 qdk_time_coarse_ns(void);	/* shim/lib/time.c */

static inline ktime_t ktime_get_with_offset(enum tk_offsets offs)
{
	return ktime_mono_to_any(ktime_get(), offs);
}

static inline ktime_t ktime_get_coarse_with_offset(enum tk_offsets offs)
{
	return ktime_mono_to_any((ktime_t)qdk_time_coarse_ns(), offs);
}

static inline ktime_t ktime_get_raw(void)
{
	return ktime_get();
}

static inline ktime_t ktime_get_coarse(void)
{
	return (ktime_t)qdk_time_coarse_ns();
}

static inline u64 ktime_get_coarse_ns(void)
{
	return qdk_time_coarse_ns();
}

static inline ktime_t ktime_get_coarse_real(void)
{
	return ktime_get_coarse_with_offset(TK_OFFS_REAL);
}

static inline u64 ktime_get_coarse_real_ns(void)
{
	return ktime_get_coarse_real();
}

static inline ktime_t ktime_get_coarse_boottime(void)
{
	return ktime_get_coarse_with_offset(TK_OFFS_BOOT);
}

static inline u64 ktime_get_coarse_boottime_ns(void)
{
	return ktime_get_coarse_boottime();
}

static inline ktime_t ktime_get_coarse_clocktai(void)
{
	return ktime_get_coarse_with_offset(TK_OFFS_TAI);
}

static inline u64 ktime_get_coarse_clocktai_ns(void)
{
	return ktime_get_coarse_clocktai();
}

static inline u64 ktime_get_clocktai_ns(void)
{
	return ktime_get_clocktai();
}

static inline time64_t ktime_get_real_seconds(void)
{
	return div_s64(ktime_get_real(), NSEC_PER_SEC);
}

static inline time64_t ktime_get_boottime_seconds(void)
{
	return div_s64(ktime_get_boottime(), NSEC_PER_SEC);
}

static inline time64_t ktime_get_clocktai_seconds(void)
{
	return div_s64(ktime_get_clocktai(), NSEC_PER_SEC);
}

static inline void ktime_get_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get());
}

static inline void ktime_get_real_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_real());
}

static inline void ktime_get_raw_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_raw());
}

static inline void ktime_get_boottime_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_boottime());
}

static inline void ktime_get_clocktai_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_clocktai());
}

static inline void ktime_get_coarse_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_coarse());
}

static inline void ktime_get_coarse_real_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_coarse_real());
}

static inline void ktime_get_coarse_boottime_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_coarse_boottime());
}

static inline void ktime_get_coarse_clocktai_ts64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_coarse_clocktai());
}

/* the wall time at boot: realtime minus boottime */
static inline void getboottime64(struct timespec64 *ts)
{
	*ts = ns_to_timespec64(ktime_get_real() - ktime_get_boottime());
}

static inline u64 ktime_get_boot_fast_ns(void)
{
	return ktime_get_boottime_ns();
}

static inline u64 ktime_get_real_fast_ns(void)
{
	return ktime_get_real_ns();
}

static inline u64 ktime_get_raw_fast_ns(void)
{
	return ktime_get_raw_ns();
}

static inline u64 ktime_get_tai_fast_ns(void)
{
	return ktime_get_clocktai_ns();
}

/* high-resolution timers: 1 ns */
static inline u64 ktime_get_resolution_ns(void)
{
	return 1;
}

struct ktime_timestamps {
	u64 mono;
	u64 boot;
	u64 real;
};

/* the shim's clocksource counts nanoseconds; its id is CSID_GENERIC's 0 */
struct system_time_snapshot {
	u64		cycles;
	ktime_t		real;
	ktime_t		raw;
	int		cs_id;
	unsigned int	clock_was_set_seq;
	u8		cs_was_changed_seq;
};

struct system_device_crosststamp {
	ktime_t device;
	ktime_t sys_realtime;
	ktime_t sys_monoraw;
};

struct clocksource;
struct system_counterval_t {
	u64			cycles;
	struct clocksource	*cs;
};

static inline void ktime_get_snapshot(struct system_time_snapshot *snap)
{
	snap->cycles = ktime_get_ns();
	snap->real = ktime_get_real();
	snap->raw = ktime_get_raw();
	snap->cs_id = 0;
	snap->clock_was_set_seq = 0;
	snap->cs_was_changed_seq = 0;
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/errno.h>
#endif
