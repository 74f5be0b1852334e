/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_TRACE_IRQFLAGS_H
#define _LINUX_TRACE_IRQFLAGS_H

#include <linux/typecheck.h>

#define local_irq_save(f)	do { (f) = 0; } while (0)
#define local_irq_restore(f)	do { (void)(f); } while (0)
#define local_save_flags(f)	do { typecheck(unsigned long, f); (f) = 0; } while (0)
#define local_irq_disable()	do { } while (0)
#define local_irq_enable()	do { } while (0)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/cleanup.h>
#endif
