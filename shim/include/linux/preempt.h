/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The preemption count of the shim's one CPU, with the kernel's layout:
 * bits 0-7 count preempt_disable() (each spinlock held adds one), 8-15 the
 * softirq state (SOFTIRQ_OFFSET while a softirq runs: a timer, a tasklet;
 * SOFTIRQ_DISABLE_OFFSET per local_bh_disable(), spin_lock_bh()), 16-19 the
 * hardirq nesting (a hard hrtimer's callback), bit 20 NMI.
 *
 * It is real state, kept by the lock primitives and by the shim where it
 * calls a qdisc as the kernel does (enqueue, dequeue and peek with bottom
 * halves off and the root lock held; timers and tasklets in a softirq), so
 * in_atomic(), in_softirq() and in_task() answer what they would in the
 * kernel, and a call that may sleep where the count is not zero is the
 * kernel's "BUG: sleeping function called from invalid context"
 * (qdk/context.h).
 */
#ifndef __LINUX_PREEMPT_H
#define __LINUX_PREEMPT_H

#include <linux/compiler.h>
#include <linux/version.h>

#define PREEMPT_BITS	8
#define SOFTIRQ_BITS	8
#define HARDIRQ_BITS	4
#define NMI_BITS	4

#define PREEMPT_SHIFT	0
#define SOFTIRQ_SHIFT	(PREEMPT_SHIFT + PREEMPT_BITS)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x counts local_interrupt_disable() (spin_lock_irq_disable()) nesting
 * in bits 16-23, moving the hardirq nesting to 24-27 and NMIs to 28-31.
 */
#define HARDIRQ_DISABLE_BITS	8
#define HARDIRQ_DISABLE_SHIFT	(SOFTIRQ_SHIFT + SOFTIRQ_BITS)
#define HARDIRQ_SHIFT	(HARDIRQ_DISABLE_SHIFT + HARDIRQ_DISABLE_BITS)
#else
#define HARDIRQ_SHIFT	(SOFTIRQ_SHIFT + SOFTIRQ_BITS)
#endif
#define NMI_SHIFT	(HARDIRQ_SHIFT + HARDIRQ_BITS)

#define __IRQ_MASK(x)	((1UL << (x)) - 1)

#define PREEMPT_MASK	(__IRQ_MASK(PREEMPT_BITS) << PREEMPT_SHIFT)
#define SOFTIRQ_MASK	(__IRQ_MASK(SOFTIRQ_BITS) << SOFTIRQ_SHIFT)
#define HARDIRQ_MASK	(__IRQ_MASK(HARDIRQ_BITS) << HARDIRQ_SHIFT)
#define NMI_MASK	(__IRQ_MASK(NMI_BITS) << NMI_SHIFT)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define HARDIRQ_DISABLE_MASK	(__IRQ_MASK(HARDIRQ_DISABLE_BITS) << HARDIRQ_DISABLE_SHIFT)
#define HARDIRQ_DISABLE_OFFSET	(1UL << HARDIRQ_DISABLE_SHIFT)
#endif

#define PREEMPT_OFFSET	(1UL << PREEMPT_SHIFT)
#define SOFTIRQ_OFFSET	(1UL << SOFTIRQ_SHIFT)
#define HARDIRQ_OFFSET	(1UL << HARDIRQ_SHIFT)
#define NMI_OFFSET	(1UL << NMI_SHIFT)

#define SOFTIRQ_DISABLE_OFFSET	(2 * SOFTIRQ_OFFSET)

/* Debian's configs are not PREEMPT_RT: a spinlock disables preemption */
#define PREEMPT_DISABLE_OFFSET	PREEMPT_OFFSET
#define PREEMPT_LOCK_OFFSET	PREEMPT_DISABLE_OFFSET
#define SOFTIRQ_LOCK_OFFSET	(SOFTIRQ_DISABLE_OFFSET + PREEMPT_LOCK_OFFSET)

/* the count, kept in shim/lib/sched.c (the kernel's per-CPU __preempt_count) */
extern unsigned int qdk_preempt_count;

static __always_inline int preempt_count(void)
{
	return READ_ONCE(qdk_preempt_count);
}

static __always_inline void preempt_count_add(int val)
{
	qdk_preempt_count += val;
}

static __always_inline void preempt_count_sub(int val)
{
	qdk_preempt_count -= val;
}

#define preempt_count_inc()	preempt_count_add(1)
#define preempt_count_dec()	preempt_count_sub(1)

/*
 * 0 in a task, 1 in a softirq, 2 in a hardirq, 3 in an NMI (a softirq
 * only counts while it runs, not while bottom halves are disabled)
 */
static __always_inline unsigned char interrupt_context_level(void)
{
	unsigned long pc = preempt_count();
	unsigned char level = 0;

	if (pc & NMI_MASK)
		level++;
	if (pc & (NMI_MASK | HARDIRQ_MASK))
		level++;
	if (pc & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET))
		level++;
	return level;
}

/*
 * The count a new task starts with (INIT_PREEMPT_COUNT) and the one
 * schedule_tail() sees after fork. x86 keeps PREEMPT_NEED_RESCHED
 * inverted in the count; the shim never needs to reschedule and keeps
 * the plain count, so PREEMPT_ENABLED is 0 here.
 */
#define PREEMPT_ENABLED		0
#define PREEMPT_DISABLED	(PREEMPT_DISABLE_OFFSET + PREEMPT_ENABLED)
#define INIT_PREEMPT_COUNT	PREEMPT_OFFSET
#define FORK_PREEMPT_COUNT	(2 * PREEMPT_DISABLE_OFFSET + PREEMPT_ENABLED)

#define nmi_count()		(preempt_count() & NMI_MASK)
#define hardirq_count()		(preempt_count() & HARDIRQ_MASK)
#define softirq_count()		(preempt_count() & SOFTIRQ_MASK)
#define irq_count()		(nmi_count() | hardirq_count() | softirq_count())

#define in_nmi()		(nmi_count())
#define in_hardirq()		(hardirq_count())
#define in_serving_softirq()	(softirq_count() & SOFTIRQ_OFFSET)
#define in_task()		(!(in_nmi() | in_hardirq() | in_serving_softirq()))
#define in_irq()		(hardirq_count())
#define in_softirq()		(softirq_count())
#define in_interrupt()		(irq_count())

#define in_atomic()		(preempt_count() != 0)
#define in_atomic_preempt_off()	(preempt_count() != PREEMPT_DISABLE_OFFSET)

/* Debian's configs have CONFIG_PREEMPT_COUNT (PREEMPT_DYNAMIC) */
#define preemptible()		(preempt_count() == 0 && !irqs_disabled())

#define preempt_disable()		do { preempt_count_inc(); barrier(); } while (0)
#define sched_preempt_enable_no_resched() \
	do { barrier(); preempt_count_dec(); } while (0)
#define preempt_enable_no_resched()	sched_preempt_enable_no_resched()
#define preempt_enable()		do { barrier(); preempt_count_dec(); } while (0)
#define preempt_check_resched()		do { } while (0)
/* true when the count reaches 0 and a reschedule is due: never in the shim */
#define preempt_count_dec_and_test() \
	({ preempt_count_sub(1); 0; })
#define preempt_set_need_resched()	do { } while (0)
#define preempt_fold_need_resched()	do { } while (0)
#define preempt_disable_notrace()	preempt_disable()
#define preempt_enable_no_resched_notrace() preempt_enable_no_resched()
#define preempt_enable_notrace()	preempt_enable()

#define migrate_disable()		do { } while (0)
#define migrate_enable()		do { } while (0)

/* not PREEMPT_RT: a nested section disables preemption as its outer one does */
#define preempt_disable_nested()	preempt_disable()

static __always_inline void preempt_enable_nested(void)
{
	preempt_enable();
}

#include <linux/irqflags.h>	/* irqs_disabled() */

/*
 * Preemption notifiers (CONFIG_PREEMPT_NOTIFIERS, as Debian's kernels):
 * called when the registering task is scheduled out and back in. The
 * shim's one task never loses the CPU, so they are kept (lib/sched.c) but
 * not called.
 */
struct preempt_notifier;
struct task_struct;

struct preempt_ops {
	void (*sched_in)(struct preempt_notifier *notifier, int cpu);
	void (*sched_out)(struct preempt_notifier *notifier, struct task_struct *next);
};

struct preempt_notifier {
	struct hlist_node link;
	struct preempt_ops *ops;
};

void preempt_notifier_inc(void);
void preempt_notifier_dec(void);
void preempt_notifier_register(struct preempt_notifier *notifier);
void preempt_notifier_unregister(struct preempt_notifier *notifier);

static inline void preempt_notifier_init(struct preempt_notifier *notifier,
					 struct preempt_ops *ops)
{
	notifier->link.next = NULL;
	notifier->link.pprev = NULL;
	notifier->ops = ops;
}

/* guard(preempt)(), scoped_guard(preempt) { ... } (Debian's 6.1 has them too) */
DEFINE_LOCK_GUARD_0(preempt, preempt_disable(), preempt_enable())
DEFINE_LOCK_GUARD_0(preempt_notrace, preempt_disable_notrace(), preempt_enable_notrace())
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 0, 0)
/* 6.1 and 6.12 (7.x: linux/sched.h) */
DEFINE_LOCK_GUARD_0(migrate, migrate_disable(), migrate_enable())
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)

/*
 * The preemption model Debian's kernel boots with (PREEMPT_DYNAMIC, so
 * functions): voluntary on 6.12, lazy on 7.x (shim/lib/sched.c).
 */
bool preempt_model_none(void);
bool preempt_model_voluntary(void);
bool preempt_model_full(void);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
bool preempt_model_lazy(void);
#endif

static inline bool preempt_model_rt(void)
{
	return false;
}

/* a model where a task can lose the CPU anywhere, not only at cond_resched() */
static inline bool preempt_model_preemptible(void)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
	if (preempt_model_lazy())
		return true;
#endif
	return preempt_model_full() || preempt_model_rt();
}
#endif

#endif
