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
#endif
