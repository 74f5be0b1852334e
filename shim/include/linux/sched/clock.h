/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_SCHED_CLOCK_H
#define _LINUX_SCHED_CLOCK_H
#include <linux/ktime.h>

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/smp.h>
#endif
