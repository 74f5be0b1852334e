/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupts on and off on the shim's one CPU. No interrupt ever arrives
 * (shim/README.md, "No interrupts"), but the CPU's interrupt flag is real
 * state: local_irq_save() keeps it in flags as x86 does (EFLAGS.IF, 0 when
 * off), irqs_disabled() reads it, local_irq_restore() brings it back, and
 * each switch reports to the context hooks of qdk/context.h as the
 * spinlocks' _irq variants do. Lockdep's irq tracing and the
 * critical-timings tracer are no-ops, as without CONFIG_TRACE_IRQFLAGS.
 */
#ifndef _LINUX_TRACE_IRQFLAGS_H
#define _LINUX_TRACE_IRQFLAGS_H

#include <linux/cleanup.h>
#include <linux/typecheck.h>
#include <linux/types.h>
#include <linux/version.h>
#include <qdk/context.h>

/* asm/irqflags.h: the CPU's flag, set while interrupts are on (lib/smp.c) */
#define QDK_EFLAGS_IF	0x00000200UL
extern unsigned long qdk_cpu_eflags;

static __always_inline unsigned long arch_local_save_flags(void)
{
	return qdk_cpu_eflags;
}

static __always_inline void arch_local_irq_disable(void)
{
	qdk_cpu_eflags &= ~QDK_EFLAGS_IF;
}

static __always_inline void arch_local_irq_enable(void)
{
	qdk_cpu_eflags |= QDK_EFLAGS_IF;
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();

	arch_local_irq_disable();
	return flags;
}

/* only turns interrupts back on: x86's restore never turns them off */
static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	if (flags & QDK_EFLAGS_IF)
		arch_local_irq_enable();
}

static __always_inline int arch_irqs_disabled_flags(unsigned long flags)
{
	return !(flags & QDK_EFLAGS_IF);
}

static __always_inline int arch_irqs_disabled(void)
{
	return arch_irqs_disabled_flags(arch_local_save_flags());
}

static inline void arch_safe_halt(void)
{
	arch_local_irq_enable();
}

/* lockdep's irq state tracking: not built (no CONFIG_TRACE_IRQFLAGS) */
static inline void lockdep_softirqs_on(unsigned long ip) { }
static inline void lockdep_softirqs_off(unsigned long ip) { }
static inline void lockdep_hardirqs_on_prepare(void) { }
static inline void lockdep_hardirqs_on(unsigned long ip) { }
static inline void lockdep_hardirqs_off(unsigned long ip) { }
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct task_struct;
static inline void lockdep_cleanup_dead_cpu(unsigned int cpu, struct task_struct *idle) { }
#endif
#define trace_hardirqs_on_prepare()		do { } while (0)
#define trace_hardirqs_off_finish()		do { } while (0)
#define trace_hardirqs_on()			do { } while (0)
#define trace_hardirqs_off()			do { } while (0)
#define lockdep_hardirq_context()		0
#define lockdep_softirq_context(p)		0
#define lockdep_hardirqs_enabled()		0
#define lockdep_softirqs_enabled(p)		0
#define lockdep_hardirq_enter()			do { } while (0)
#define lockdep_hardirq_threaded()		do { } while (0)
#define lockdep_hardirq_exit()			do { } while (0)
#define lockdep_softirq_enter()			do { } while (0)
#define lockdep_softirq_exit()			do { } while (0)
#define lockdep_hrtimer_enter(__hrtimer)	false
#define lockdep_hrtimer_exit(__context)		do { (void)(__context); } while (0)
#define lockdep_posixtimer_enter()		do { } while (0)
#define lockdep_posixtimer_exit()		do { } while (0)
#define lockdep_irq_work_enter(__work)		do { } while (0)
#define lockdep_irq_work_exit(__work)		do { } while (0)
#define stop_critical_timings()			do { } while (0)
#define start_critical_timings()		do { } while (0)
#define raw_check_bogus_irq_restore()		do { } while (0)

#define raw_local_irq_disable()		arch_local_irq_disable()
#define raw_local_irq_enable()		arch_local_irq_enable()
#define raw_local_irq_save(flags)			\
	do {						\
		typecheck(unsigned long, flags);	\
		flags = arch_local_irq_save();		\
	} while (0)
#define raw_local_irq_restore(flags)			\
	do {						\
		typecheck(unsigned long, flags);	\
		raw_check_bogus_irq_restore();		\
		arch_local_irq_restore(flags);		\
	} while (0)
#define raw_local_save_flags(flags)			\
	do {						\
		typecheck(unsigned long, flags);	\
		flags = arch_local_save_flags();	\
	} while (0)
#define raw_irqs_disabled_flags(flags)			\
	({						\
		typecheck(unsigned long, flags);	\
		arch_irqs_disabled_flags(flags);	\
	})
#define raw_irqs_disabled()		(arch_irqs_disabled())
#define raw_safe_halt()			arch_safe_halt()

/* each switch reports to the context hooks (bh 0: interrupts) */
#define local_irq_enable()					\
	do {							\
		qdk_ctx_irq_on(0, _QDK_THIS_IP_);		\
		raw_local_irq_enable();				\
	} while (0)
#define local_irq_disable()					\
	do {							\
		raw_local_irq_disable();			\
		qdk_ctx_irq_off(0, _QDK_THIS_IP_);		\
	} while (0)
#define local_irq_save(flags)					\
	do {							\
		raw_local_irq_save(flags);			\
		qdk_ctx_irq_off(0, _QDK_THIS_IP_);		\
	} while (0)
#define local_irq_restore(flags)				\
	do {							\
		qdk_ctx_irq_on(0, _QDK_THIS_IP_);		\
		raw_local_irq_restore(flags);			\
	} while (0)
#define safe_halt()						\
	do {							\
		qdk_ctx_irq_on(0, _QDK_THIS_IP_);		\
		raw_safe_halt();				\
	} while (0)
#define local_save_flags(flags)	raw_local_save_flags(flags)
#define irqs_disabled()		raw_irqs_disabled()
#define irqs_disabled_flags(flags)	raw_irqs_disabled_flags(flags)

/* guard(irq)() and guard(irqsave)() */
DEFINE_LOCK_GUARD_0(irq, local_irq_disable(), local_irq_enable())
DEFINE_LOCK_GUARD_0(irqsave,
		    local_irq_save(_T->flags),
		    local_irq_restore(_T->flags),
		    unsigned long flags)
#endif
