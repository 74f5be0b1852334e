/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Delays on the virtual clock (shim/lib/wait.c). Busy-waits (udelay,
 * ndelay, mdelay) move the clock on by their time and run nothing meanwhile:
 * whatever fell due runs after the caller returns, late, as behind a CPU
 * that spun. Sleeps run the clock like the kernel's timers end them:
 * msleep() until the timer wheel's timer for jiffies + msecs_to_jiffies() + 1
 * fires, usleep_range() until its hrtimer fires (at max, or earlier when
 * another hrtimer fires past min), with everything due meanwhile run in
 * order, as other tasks and interrupts would run while this one sleeps.
 * Every sleep reports might_sleep to the context hooks (qdk/context.h).
 */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

#include <linux/kernel.h>
#include <linux/math.h>
#include <linux/jiffies.h>
#include <linux/time64.h>
#include <linux/wait.h>
#include <linux/version.h>

/* the shim's "CPU" loops once per nanosecond of a busy-wait */
extern unsigned long loops_per_jiffy;

#define MAX_UDELAY_MS	5

void qdk_delay_ns(u64 ns);	/* lib/wait.c */

static inline void ndelay(unsigned long x)
{
	qdk_delay_ns(x);
}
#define ndelay(x) ndelay(x)

static inline void udelay(unsigned long usecs)
{
	qdk_delay_ns((u64)usecs * NSEC_PER_USEC);
}

#define mdelay(n) qdk_delay_ns((u64)(n) * NSEC_PER_MSEC)

void msleep(unsigned int msecs);
unsigned long msleep_interruptible(unsigned int msecs);
void usleep_range_state(unsigned long min, unsigned long max, unsigned int state);

static inline void usleep_range(unsigned long min, unsigned long max)
{
	usleep_range_state(min, max, TASK_UNINTERRUPTIBLE);
}

static inline void ssleep(unsigned int seconds)
{
	msleep(seconds * 1000);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void usleep_range_idle(unsigned long min, unsigned long max)
{
	usleep_range_state(min, max, TASK_IDLE);
}

static const unsigned int max_slack_shift = 2;
#define USLEEP_RANGE_UPPER_BOUND	((TICK_NSEC << max_slack_shift) / NSEC_PER_USEC)

/* 7.x: a slack of a quarter, sleeps of a few ticks or more on the wheel */
static inline void fsleep(unsigned long usecs)
{
	if (usecs <= 10)
		udelay(usecs);
	else if (usecs < USLEEP_RANGE_UPPER_BOUND)
		usleep_range(usecs, usecs + (usecs >> max_slack_shift));
	else
		msleep(DIV_ROUND_UP(usecs, USEC_PER_MSEC));
}
#else
static inline void usleep_idle_range(unsigned long min, unsigned long max)
{
	usleep_range_state(min, max, TASK_IDLE);
}

static inline void fsleep(unsigned long usecs)
{
	if (usecs <= 10)
		udelay(usecs);
	else if (usecs <= 20000)
		usleep_range(usecs, 2 * usecs);
	else
		msleep(DIV_ROUND_UP(usecs, 1000));
}
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/sched.h>
#endif
