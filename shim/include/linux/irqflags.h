/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_IRQFLAGS_H
#define _LINUX_TRACE_IRQFLAGS_H

#include <linux/typecheck.h>
#include <qdk/context.h>

/*
 * No interrupt arrives in the shim, but whether they are off is state
 * (qdk/context.h): a call that may sleep with interrupts off is a bug.
 */
#define local_irq_save(f) \
	do { typecheck(unsigned long, f); (f) = qdk_ctx_irq_save(_QDK_THIS_IP_); } while (0)
#define local_irq_restore(f) \
	do { typecheck(unsigned long, f); qdk_ctx_irq_restore((f), _QDK_THIS_IP_); } while (0)
#define local_save_flags(f) \
	do { typecheck(unsigned long, f); (f) = qdk_ctx_irqs_disabled(); } while (0)
#define local_irq_disable()	qdk_ctx_irq_off(0, _QDK_THIS_IP_)
#define local_irq_enable()	qdk_ctx_irq_restore(0, _QDK_THIS_IP_)
#define irqs_disabled()		(qdk_ctx_irqs_disabled() != 0)
#define irqs_disabled_flags(f)	((f) != 0)
#define raw_local_irq_save(f)	local_irq_save(f)
#define raw_local_irq_restore(f) local_irq_restore(f)
#define raw_local_irq_disable()	local_irq_disable()
#define raw_local_irq_enable()	local_irq_enable()
#define raw_local_save_flags(f)	local_save_flags(f)
#define raw_irqs_disabled()	irqs_disabled()


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/cleanup.h>
#endif
