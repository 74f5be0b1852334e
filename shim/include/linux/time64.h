/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TIME64_H
#define _LINUX_TIME64_H

#include <linux/types.h>
#include <linux/math64.h>

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
#define TIME_UPTIME_SEC_MAX	(30LL * 365 * 24 * 3600)

struct timespec64 {
	time64_t tv_sec;
	long tv_nsec;
};

#endif
