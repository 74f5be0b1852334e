/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SCHED_CLOCK_H
#define _LINUX_SCHED_CLOCK_H
#include <linux/ktime.h>

/* one CPU, one virtual clock: every CPU's clock is local_clock() */
static inline u64 cpu_clock(int cpu)
{
	return sched_clock();
}

u64 sched_clock_cpu(int cpu);
/* the idle loop's notes to the clock: no idle loop, nothing to keep */
void sched_clock_idle_sleep_event(void);
void sched_clock_idle_wakeup_event(void);
/* irq time accounting: not kept (no interrupts) */
static inline void enable_sched_clock_irqtime(void) { }
static inline void disable_sched_clock_irqtime(void) { }

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/smp.h>
#endif
