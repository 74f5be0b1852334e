/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_BH_H
#define _LINUX_BH_H

#include <qdk/context.h>

/*
 * No softirq runs during a call in the shim, but whether bottom halves are
 * off is state, in the preemption count (linux/preempt.h): a call that may
 * sleep there is a bug.
 */
#define local_bh_disable()	qdk_ctx_irq_off(1, _QDK_THIS_IP_)
#define local_bh_enable()	qdk_ctx_irq_on(1, _QDK_THIS_IP_)
#define _local_bh_enable()	local_bh_enable()
#define local_bh_enable_ip(ip)	qdk_ctx_irq_on(1, (ip))
#define local_bh_disable_ip(ip)	qdk_ctx_irq_off(1, (ip))

#endif
