/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tasklets on the virtual clock (shim/lib/softirq.c), the same in 6.1, 6.12
 * and 7.x. tasklet_schedule() of a tasklet not already scheduled queues it;
 * it runs after the call that scheduled it returns, at the same virtual
 * time, before work queued at that time (the softirq runs before a kworker
 * gets the CPU) and in scheduling order among tasklets. A disabled tasklet
 * stays scheduled and runs once tasklet_enable() brings its count back to
 * 0. TASKLET_STATE_SCHED is cleared just before the function runs, so it
 * may schedule itself again.
 *
 * No interrupt lines (shim/README.md, "No interrupts"): request_irq() and
 * the rest of the irq line calls are declared with the series' signatures
 * and stop the call (lib/manage.c); the flags, handler types and the
 * structures a driver fills in are here.
 */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/container_of.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <linux/version.h>
#include <linux/irqreturn.h>
#include <linux/kref.h>
#include <linux/workqueue.h>

struct tasklet_struct {
	struct tasklet_struct *next;
	unsigned long state;
	atomic_t count;
	bool use_callback;
	union {
		void (*func)(unsigned long data);
		void (*callback)(struct tasklet_struct *t);
	};
	unsigned long data;
	struct qdk_tnode __qdk_node;	/* in the clock's queue while scheduled */
};

#define DECLARE_TASKLET(name, _callback)				\
struct tasklet_struct name = {						\
	.count = ATOMIC_INIT(0),					\
	.callback = _callback,						\
	.use_callback = true,						\
}

#define DECLARE_TASKLET_DISABLED(name, _callback)			\
struct tasklet_struct name = {						\
	.count = ATOMIC_INIT(1),					\
	.callback = _callback,						\
	.use_callback = true,						\
}

#define from_tasklet(var, callback_tasklet, tasklet_fieldname)		\
	container_of(callback_tasklet, typeof(*var), tasklet_fieldname)

#define DECLARE_TASKLET_OLD(name, _func)				\
struct tasklet_struct name = {						\
	.count = ATOMIC_INIT(0),					\
	.func = _func,							\
}

#define DECLARE_TASKLET_DISABLED_OLD(name, _func)			\
struct tasklet_struct name = {						\
	.count = ATOMIC_INIT(1),					\
	.func = _func,							\
}

enum {
	TASKLET_STATE_SCHED,
	TASKLET_STATE_RUN,
};

void __tasklet_schedule(struct tasklet_struct *t);
void __tasklet_hi_schedule(struct tasklet_struct *t);

static inline void tasklet_schedule(struct tasklet_struct *t)
{
	if (!test_and_set_bit(TASKLET_STATE_SCHED, &t->state))
		__tasklet_schedule(t);
}

static inline void tasklet_hi_schedule(struct tasklet_struct *t)
{
	if (!test_and_set_bit(TASKLET_STATE_SCHED, &t->state))
		__tasklet_hi_schedule(t);
}

static inline void tasklet_disable_nosync(struct tasklet_struct *t)
{
	atomic_inc(&t->count);
}

/* one CPU: the tasklet is never running while another caller disables it */
static inline void tasklet_disable(struct tasklet_struct *t)
{
	tasklet_disable_nosync(t);
}

static inline void tasklet_disable_in_atomic(struct tasklet_struct *t)
{
	tasklet_disable_nosync(t);
}

/* the RUN bit as a lock (what tasklet_kill()/the softirq take) */
static inline int tasklet_trylock(struct tasklet_struct *t)
{
	return !test_and_set_bit(TASKLET_STATE_RUN, &t->state);
}

void tasklet_unlock(struct tasklet_struct *t);
/* wait for a running tasklet to finish: one CPU, it never runs meanwhile */
void tasklet_unlock_wait(struct tasklet_struct *t);
void tasklet_unlock_spin_wait(struct tasklet_struct *t);

/* the softirqs' numbers; the shim raises none (its tasklets run off the clock) */
enum {
	HI_SOFTIRQ = 0,
	TIMER_SOFTIRQ,
	NET_TX_SOFTIRQ,
	NET_RX_SOFTIRQ,
	BLOCK_SOFTIRQ,
	IRQ_POLL_SOFTIRQ,
	TASKLET_SOFTIRQ,
	SCHED_SOFTIRQ,
	HRTIMER_SOFTIRQ,
	RCU_SOFTIRQ,
	NR_SOFTIRQS
};

#define SOFTIRQ_HOTPLUG_SAFE_MASK (BIT(TIMER_SOFTIRQ) | BIT(IRQ_POLL_SOFTIRQ) | \
				   BIT(HRTIMER_SOFTIRQ) | BIT(RCU_SOFTIRQ))

void tasklet_enable(struct tasklet_struct *t);
void tasklet_kill(struct tasklet_struct *t);
void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data);
void tasklet_setup(struct tasklet_struct *t, void (*callback)(struct tasklet_struct *));


/* request_irq()'s flags */
#define IRQF_TRIGGER_NONE	0x00000000
#define IRQF_TRIGGER_RISING	0x00000001
#define IRQF_TRIGGER_FALLING	0x00000002
#define IRQF_TRIGGER_HIGH	0x00000004
#define IRQF_TRIGGER_LOW	0x00000008
#define IRQF_TRIGGER_MASK	(IRQF_TRIGGER_HIGH | IRQF_TRIGGER_LOW | \
				 IRQF_TRIGGER_RISING | IRQF_TRIGGER_FALLING)
#define IRQF_TRIGGER_PROBE	0x00000010
#define IRQF_SHARED		0x00000080
#define IRQF_PROBE_SHARED	0x00000100
#define __IRQF_TIMER		0x00000200
#define IRQF_PERCPU		0x00000400
#define IRQF_NOBALANCING	0x00000800
#define IRQF_IRQPOLL		0x00001000
#define IRQF_ONESHOT		0x00002000
#define IRQF_NO_SUSPEND		0x00004000
#define IRQF_FORCE_RESUME	0x00008000
#define IRQF_NO_THREAD		0x00010000
#define IRQF_EARLY_RESUME	0x00020000
#define IRQF_COND_SUSPEND	0x00040000
#define IRQF_NO_AUTOEN		0x00080000
#define IRQF_NO_DEBUG		0x00100000
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define IRQF_COND_ONESHOT	0x00200000
#endif
#define IRQF_TIMER		(__IRQF_TIMER | IRQF_NO_SUSPEND | IRQF_NO_THREAD)

/* the context request_any_context_irq() got */
enum {
	IRQC_IS_HARDIRQ	= 0,
	IRQC_IS_NESTED,
};

/* an irq number a platform has no line behind: request_irq() says -ENOTCONN */
#define IRQ_NOTCONNECTED	(1U << 31)

typedef irqreturn_t (*irq_handler_t)(int, void *);

struct task_struct;
struct proc_dir_entry;
struct device;
struct cpumask;
typedef struct cpumask cpumask_t;

/* a handler on an irq line, as request_irq() records it */
struct irqaction {
	irq_handler_t handler;
	void *dev_id;
	void __percpu *percpu_dev_id;
	struct irqaction *next;
	irq_handler_t thread_fn;
	struct task_struct *thread;
	struct irqaction *secondary;
	unsigned int irq;
	unsigned int flags;
	unsigned long thread_flags;
	unsigned long thread_mask;
	const char *name;
	struct proc_dir_entry *dir;
};

/* the handler that does nothing (a chained line's placeholder) */
extern irqreturn_t no_action(int cpl, void *dev_id);

extern int __must_check request_threaded_irq(unsigned int irq, irq_handler_t handler,
					     irq_handler_t thread_fn, unsigned long flags,
					     const char *name, void *dev);

static inline int __must_check request_irq(unsigned int irq, irq_handler_t handler,
					   unsigned long flags, const char *name, void *dev)
{
	return request_threaded_irq(irq, handler, NULL, flags, name, dev);
}

extern int __must_check request_any_context_irq(unsigned int irq, irq_handler_t handler,
						unsigned long flags, const char *name,
						void *dev_id);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
extern int __must_check request_percpu_irq_affinity(unsigned int irq, irq_handler_t handler,
						    const char *devname,
						    const cpumask_t *affinity,
						    void __percpu *percpu_dev_id);

static inline int __must_check request_percpu_irq(unsigned int irq, irq_handler_t handler,
						  const char *devname,
						  void __percpu *percpu_dev_id)
{
	return request_percpu_irq_affinity(irq, handler, devname, NULL, percpu_dev_id);
}

extern int __must_check request_percpu_nmi(unsigned int irq, irq_handler_t handler,
					   const char *name, const struct cpumask *affinity,
					   void __percpu *dev_id);
#else
extern int __must_check __request_percpu_irq(unsigned int irq, irq_handler_t handler,
					     unsigned long flags, const char *devname,
					     void __percpu *percpu_dev_id);

static inline int __must_check request_percpu_irq(unsigned int irq, irq_handler_t handler,
						  const char *devname,
						  void __percpu *percpu_dev_id)
{
	return __request_percpu_irq(irq, handler, 0, devname, percpu_dev_id);
}

extern int __must_check request_percpu_nmi(unsigned int irq, irq_handler_t handler,
					   const char *devname, void __percpu *dev);
#endif
extern int __must_check request_nmi(unsigned int irq, irq_handler_t handler,
				    unsigned long flags, const char *name, void *dev);
extern const void *free_irq(unsigned int, void *);
extern void free_percpu_irq(unsigned int, void __percpu *);
extern const void *free_nmi(unsigned int irq, void *dev_id);
extern void free_percpu_nmi(unsigned int irq, void __percpu *percpu_dev_id);

extern int __must_check devm_request_threaded_irq(struct device *dev, unsigned int irq,
						  irq_handler_t handler,
						  irq_handler_t thread_fn,
						  unsigned long irqflags, const char *devname,
						  void *dev_id);

static inline int __must_check devm_request_irq(struct device *dev, unsigned int irq,
						irq_handler_t handler, unsigned long irqflags,
						const char *devname, void *dev_id)
{
	return devm_request_threaded_irq(dev, irq, handler, NULL, irqflags, devname, dev_id);
}

extern int __must_check devm_request_any_context_irq(struct device *dev, unsigned int irq,
						     irq_handler_t handler,
						     unsigned long irqflags,
						     const char *devname, void *dev_id);
extern void devm_free_irq(struct device *dev, unsigned int irq, void *dev_id);

extern void disable_irq_nosync(unsigned int irq);
extern bool disable_hardirq(unsigned int irq);
extern void disable_irq(unsigned int irq);
extern void disable_percpu_irq(unsigned int irq);
extern void enable_irq(unsigned int irq);
extern void enable_percpu_irq(unsigned int irq, unsigned int type);
extern bool irq_percpu_is_enabled(unsigned int irq);
extern void irq_wake_thread(unsigned int irq, void *dev_id);
bool irq_has_action(unsigned int irq);
extern int irq_inject_interrupt(unsigned int irq);

/* lockdep's variants: the same calls without CONFIG_LOCKDEP's irq tracking */
static inline void disable_irq_nosync_lockdep(unsigned int irq)
{
	disable_irq_nosync(irq);
}

static inline void disable_irq_nosync_lockdep_irqsave(unsigned int irq, unsigned long *flags)
{
	disable_irq_nosync(irq);
}

static inline void disable_irq_lockdep(unsigned int irq)
{
	disable_irq(irq);
}

static inline void enable_irq_lockdep(unsigned int irq)
{
	enable_irq(irq);
}

static inline void enable_irq_lockdep_irqrestore(unsigned int irq, unsigned long *flags)
{
	enable_irq(irq);
}

extern int irq_set_irq_wake(unsigned int irq, unsigned int on);

static inline int enable_irq_wake(unsigned int irq)
{
	return irq_set_irq_wake(irq, 1);
}

static inline int disable_irq_wake(unsigned int irq)
{
	return irq_set_irq_wake(irq, 0);
}

/* an irq's CPU affinity, and who is told when it changes */
struct irq_affinity_notify {
	unsigned int irq;
	struct kref kref;
	struct work_struct work;
	void (*notify)(struct irq_affinity_notify *, const cpumask_t *mask);
	void (*release)(struct kref *ref);
};

#define IRQ_AFFINITY_MAX_SETS	4

/* how to spread a device's vectors over the CPUs */
struct irq_affinity {
	unsigned int pre_vectors;
	unsigned int post_vectors;
	unsigned int nr_sets;
	unsigned int set_size[IRQ_AFFINITY_MAX_SETS];
	void (*calc_sets)(struct irq_affinity *, unsigned int nvecs);
	void *priv;
};

extern int irq_set_affinity(unsigned int irq, const struct cpumask *cpumask);
extern int irq_force_affinity(unsigned int irq, const struct cpumask *cpumask);
extern int irq_can_set_affinity(unsigned int irq);
extern int __irq_apply_affinity_hint(unsigned int irq, const struct cpumask *m,
				     bool setaffinity);
extern int irq_set_affinity_notifier(unsigned int irq, struct irq_affinity_notify *notify);

static inline int irq_update_affinity_hint(unsigned int irq, const struct cpumask *m)
{
	return __irq_apply_affinity_hint(irq, m, false);
}

static inline int irq_set_affinity_and_hint(unsigned int irq, const struct cpumask *m)
{
	return __irq_apply_affinity_hint(irq, m, true);
}

static inline int irq_set_affinity_hint(unsigned int irq, const struct cpumask *m)
{
	return irq_set_affinity_and_hint(irq, m);
}

/* an irq chip's per-line state */
enum irqchip_irq_state {
	IRQCHIP_STATE_PENDING,
	IRQCHIP_STATE_ACTIVE,
	IRQCHIP_STATE_MASKED,
	IRQCHIP_STATE_LINE_LEVEL,
};

extern int irq_get_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool *state);
extern int irq_set_irqchip_state(unsigned int irq, enum irqchip_irq_state which, bool state);

/* autoprobing of ISA lines: x86-64 has none to probe (!CONFIG_GENERIC_IRQ_PROBE) */
static inline unsigned long probe_irq_on(void)
{
	return 0;
}

static inline int probe_irq_off(unsigned long val)
{
	return 0;
}

static inline unsigned int probe_irq_mask(unsigned long val)
{
	return 0;
}

/* no interrupt to disable at the controller, no threaded irqs forced */
#define hard_irq_disable()	do { } while (0)
#define force_irqthreads()	(false)

/* the softirqs pending on this CPU: the shim raises none, the word stays 0 */
struct softirq_action {
	void (*action)(struct softirq_action *);
};

extern unsigned int qdk_softirq_pending;
#define local_softirq_pending_ref	qdk_softirq_pending
#define local_softirq_pending()		(READ_ONCE(local_softirq_pending_ref))
#define set_softirq_pending(x)		WRITE_ONCE(local_softirq_pending_ref, (x))
#define or_softirq_pending(x)		(local_softirq_pending_ref |= (x))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* guard(disable_irq)(&irq): the line off for the scope (the calls stop: no lines) */
DEFINE_LOCK_GUARD_1(disable_irq, int, disable_irq(*_T->lock), enable_irq(*_T->lock))
#endif

/*
 * After an SMP function-call flush the kernel runs what softirqs are
 * pending (do_softirq(), !PREEMPT_RT); the shim's softirq work runs off the
 * clock and its pending word stays 0: nothing to run.
 */
static inline void do_softirq_post_smp_call_flush(unsigned int unused)
{
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the timer softirq's pending bits: irq threads are never forced, so the softirq word */
static inline unsigned int local_timers_pending_force_th(void)
{
	return 0;
}

static inline unsigned int local_timers_pending(void)
{
	return local_softirq_pending();
}

/* from the timer interrupt: mark the timer softirq nr pending */
static inline void raise_timer_softirq(unsigned int nr)
{
	lockdep_assert_in_irq();
	or_softirq_pending(1U << nr);
}
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/jump_label.h>
#include <linux/kernel.h>
#include <linux/irqflags.h>
#include <linux/hrtimer.h>
#include <linux/bitmap.h>
#include <linux/once.h>
#include <linux/random.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/wait.h>
#endif
