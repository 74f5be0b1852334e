/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/posix-timers.h: the clock ids (CLOCK_TAI, CLOCK_MONOTONIC ...,
 * linux/time.h's uapi) and the dynamic (negative) clock ids of PTP
 * devices, which etf refuses. No POSIX timer is made here.
 */
#ifndef _QDK_SHIM_LINUX_POSIX_TIMERS_H
#define _QDK_SHIM_LINUX_POSIX_TIMERS_H

#include <linux/time.h>
#include <linux/types.h>

/* a CPU clock's id: its pid or fd, a thread flag and one of three clocks */
#define CPUCLOCK_PID(clock)		((pid_t) ~((clock) >> 3))
#define CPUCLOCK_PERTHREAD(clock) \
	(((clock) & (clockid_t) CPUCLOCK_PERTHREAD_MASK) != 0)
#define CPUCLOCK_PERTHREAD_MASK	4
#define CPUCLOCK_WHICH(clock)	((clock) & (clockid_t) CPUCLOCK_CLOCK_MASK)
#define CPUCLOCK_CLOCK_MASK	3
#define CPUCLOCK_PROF		0
#define CPUCLOCK_VIRT		1
#define CPUCLOCK_SCHED		2
#define CPUCLOCK_MAX		3
#define CLOCKFD			CPUCLOCK_MAX
#define CLOCKFD_MASK		(CPUCLOCK_PERTHREAD_MASK|CPUCLOCK_CLOCK_MASK)

/* a dynamic clock (a PTP device's) from its file descriptor, and back */
#define FD_TO_CLOCKID(fd)	((~(clockid_t) (fd) << 3) | CLOCKFD)
#define CLOCKID_TO_FD(clk)	((unsigned int) ~((clk) >> 3))

/* the clock id of a process's (or a thread's) CPU clock which (CPUCLOCK_*) */
static inline clockid_t make_process_cpuclock(const unsigned int pid, const clockid_t clock)
{
	return ((~pid) << 3) | clock;
}

static inline clockid_t make_thread_cpuclock(const unsigned int tid, const clockid_t clock)
{
	return make_process_cpuclock(tid, clock | CPUCLOCK_PERTHREAD_MASK);
}

static inline clockid_t fd_to_clockid(const int fd)
{
	return make_process_cpuclock((unsigned int)fd, CLOCKFD);
}

static inline int clockid_to_fd(const clockid_t clk)
{
	return ~(clk >> 3);
}

#endif
