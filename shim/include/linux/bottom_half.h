/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Bottom halves off and on: each switch reports to the context hooks of
 * qdk/context.h (bh 1), as spin_lock_bh() does. No softirq is ever pending
 * on the way back on: the shim's tasklets and timers run off the virtual
 * clock's queue once the caller returns (lib/softirq.c).
 */
#ifndef _LINUX_BH_H
#define _LINUX_BH_H

#include <linux/preempt.h>	/* SOFTIRQ_DISABLE_OFFSET: what local_bh_disable() adds */
#include <linux/types.h>
#include <qdk/context.h>

static __always_inline void __local_bh_disable_ip(unsigned long ip, unsigned int cnt)
{
	qdk_ctx_irq_off(1, ip);
}

extern void __local_bh_enable_ip(unsigned long ip, unsigned int cnt);
/* back on without running pending softirqs */
extern void _local_bh_enable(void);

static inline void local_bh_disable(void)
{
	__local_bh_disable_ip(_QDK_THIS_IP_, SOFTIRQ_DISABLE_OFFSET);
}

static inline void local_bh_enable_ip(unsigned long ip)
{
	__local_bh_enable_ip(ip, SOFTIRQ_DISABLE_OFFSET);
}

static inline void local_bh_enable(void)
{
	__local_bh_enable_ip(_QDK_THIS_IP_, SOFTIRQ_DISABLE_OFFSET);
}

/* only PREEMPT_RT blocks a softirq behind another task's bh section */
static inline bool local_bh_blocked(void)
{
	return false;
}

#endif
