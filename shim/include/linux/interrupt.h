/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tasklets on the virtual clock (shim/lib/softirq.c), the same in 6.1, 6.12
 * and 7.x. tasklet_schedule() of a tasklet not already scheduled queues it;
 * it runs after the call that scheduled it returns, at the same virtual
 * time, before work queued at that time (the softirq runs before a kworker
 * gets the CPU) and in scheduling order among tasklets. A disabled tasklet
 * stays scheduled and runs once tasklet_enable() brings its count back to
 * 0. TASKLET_STATE_SCHED is cleared just before the function runs, so it
 * may schedule itself again. No interrupts: nothing else of this header.
 */
#ifndef _LINUX_INTERRUPT_H
#define _LINUX_INTERRUPT_H

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/container_of.h>
#include <linux/timer.h>
#include <linux/types.h>

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


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/kernel.h>
#include <linux/irqflags.h>
#include <linux/hrtimer.h>
#include <linux/kref.h>
#include <linux/workqueue.h>
#endif
