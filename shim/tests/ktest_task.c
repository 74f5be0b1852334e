// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_task.c - the one task of linux/sched.h (its state letters, its
 * reschedule flag, nice values and priorities, atomic flags, names and
 * pids), preemption notifiers, the guards' error values and the lock-order
 * records of the context checks (the reports themselves stop the program:
 * shim/tests/build/lock-order-inversion.c).
 */
#include <linux/cleanup.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/version.h>
#include <qdk/context.h>

#include "ktest.h"

KTEST(task, state_letters)
{
	struct task_struct *t = current;
	unsigned int saved = t->__state;

	/* the kernel's TASK_REPORT bits, then I for idle: 9 letters */
	KT_EQ(TASK_REPORT, 0x7f);
	KT_EQ(TASK_REPORT_MAX, 0x100);
	KT_EQ(task_state_to_char(t), 'R');
	t->__state = TASK_INTERRUPTIBLE;
	KT_EQ(task_state_to_char(t), 'S');
	t->__state = TASK_UNINTERRUPTIBLE;
	KT_EQ(task_state_to_char(t), 'D');
	t->__state = TASK_IDLE;
	KT_EQ(task_state_to_char(t), 'I');
	KT_EQ(task_state_index(t), 8);
	t->__state = TASK_STOPPED;
	KT_EQ(task_state_to_char(t), 'T');
	t->__state = TASK_TRACED;
	KT_EQ(task_state_to_char(t), 't');
	t->__state = TASK_PARKED;
	KT_EQ(task_state_to_char(t), 'P');
	/* frozen and rtlock waits are reported as D */
	t->__state = TASK_FROZEN;
	KT_EQ(task_state_to_char(t), 'D');
	t->__state = TASK_RUNNING;
	t->exit_state = EXIT_ZOMBIE;
	KT_EQ(task_state_to_char(t), 'Z');
	t->exit_state = EXIT_DEAD;
	KT_EQ(task_state_to_char(t), 'X');
	t->exit_state = 0;
	t->__state = saved;
	KT_ASSERT(is_special_task_state(TASK_PARKED), "parked is special");
	KT_ASSERT(!is_special_task_state(TASK_INTERRUPTIBLE), "interruptible is not");
	/* PF_VCPU is bit 0, PF_IO_WORKER bit 4 in every series */
	KT_EQ(PF_VCPU, 0x1);
	KT_EQ(PF_IO_WORKER, 0x10);
	set_current_state(TASK_INTERRUPTIBLE);
	KT_EQ(get_current_state(), TASK_INTERRUPTIBLE);
	__set_current_state(TASK_RUNNING);
	return 0;
}

KTEST(task, need_resched_and_cond_resched)
{
	spinlock_t lock;

	KT_ASSERT(!need_resched(), "nothing asked for a reschedule");
	KT_EQ(cond_resched(), 0);
	set_tsk_need_resched(current);
	KT_ASSERT(need_resched(), "set_tsk_need_resched(current)");
	KT_ASSERT(test_tsk_thread_flag(current, TIF_NEED_RESCHED), "the thread flag");
	/* cond_resched() serves the request: 1, and the flag is clear */
	KT_EQ(cond_resched(), 1);
	KT_ASSERT(!need_resched(), "served");
	KT_EQ(cond_resched(), 0);

	/* cond_resched_lock() may sleep with its one lock held */
	spin_lock_init(&lock);
	spin_lock(&lock);
	KT_EQ(cond_resched_lock(&lock), 0);
	set_tsk_need_resched(current);
	KT_EQ(cond_resched_lock(&lock), 1);
	KT_ASSERT(spin_is_locked(&lock), "held again after rescheduling");
	KT_ASSERT(!test_tsk_need_resched(current), "served");
	spin_unlock(&lock);
	KT_EQ(preempt_count(), 0);
	return 0;
}

KTEST(task, nice_and_priorities)
{
	struct task_struct *t = current;

	KT_EQ(task_nice(t), 0);
	KT_EQ(t->prio, 120);
	set_user_nice(t, 5);
	KT_EQ(task_nice(t), 5);
	KT_EQ(t->prio, 125);
	/* out of range: ignored */
	set_user_nice(t, 20);
	KT_EQ(task_nice(t), 5);
	KT_EQ(can_nice(t, -20), 1);
	KT_EQ(can_nice(t, 20), 0);
	/* SCHED_FIFO at 50: prio 99 - 50 */
	sched_set_fifo(t);
	KT_EQ(t->rt_priority, 50);
	KT_EQ(t->prio, 49);
	/* a real-time task keeps its priority, its nice value waits */
	set_user_nice(t, -5);
	KT_EQ(t->prio, 49);
	KT_EQ(task_nice(t), -5);
	sched_set_fifo_low(t);
	KT_EQ(t->prio, 98);
	sched_set_normal(t, -3);
	KT_EQ(t->rt_priority, 0);
	KT_EQ(t->prio, 117);
	sched_set_normal(t, 0);
	KT_EQ(t->prio, 120);
	return 0;
}

KTEST(task, atomic_flags_names_pids)
{
	struct task_struct *t = current;
	char comm[TASK_COMM_LEN];
	char name[TASK_COMM_LEN] = "qdk-worker";
	char saved[TASK_COMM_LEN];

	KT_ASSERT(!task_spread_page(t), "fresh task");
	task_set_spread_page(t);
	KT_ASSERT(task_spread_page(t), "set");
	KT_ASSERT(test_bit(PFA_SPREAD_PAGE, &t->atomic_flags), "bit %d", PFA_SPREAD_PAGE);
	task_clear_spread_page(t);
	KT_ASSERT(!task_spread_page(t), "clear");
	task_set_no_new_privs(t);
	KT_ASSERT(task_no_new_privs(t), "no_new_privs");

	get_task_comm(saved, t);
	set_task_comm(t, name);
	get_task_comm(comm, t);
	KT_STREQ(comm, "qdk-worker");
	set_task_comm(t, saved);

	KT_EQ(task_pid_nr(t), 1);
	KT_EQ(task_ppid_nr(t), 1);
	KT_EQ(task_pgrp_nr(t), 1);
	KT_EQ(task_session_vnr(t), 1);
	KT_EQ(__task_pid_nr_ns(t, 0, NULL), 1);
	KT_ASSERT(pid_alive(t), "alive");
	KT_EQ(task_cpu(t), 0);
	KT_ASSERT(is_percpu_thread(), "one CPU");
	KT_ASSERT(owner_on_cpu(t), "the task runs");
	current_restore_flags(PF_MEMALLOC, PF_MEMALLOC);
	KT_ASSERT(t->flags & PF_MEMALLOC, "restored set");
	current_restore_flags(0, PF_MEMALLOC);
	KT_ASSERT(!(t->flags & PF_MEMALLOC), "restored clear");
	return 0;
}

static int kt_notified;

static void kt_sched_in(struct preempt_notifier *n, int cpu)
{
	kt_notified++;
}

static void kt_sched_out(struct preempt_notifier *n, struct task_struct *next)
{
	kt_notified++;
}

KTEST(task, preempt_notifiers)
{
	struct preempt_ops ops = { .sched_in = kt_sched_in, .sched_out = kt_sched_out };
	struct preempt_notifier n;

	preempt_notifier_init(&n, &ops);
	KT_ASSERT(n.ops == &ops, "init keeps the ops");
	preempt_notifier_inc();
	preempt_notifier_register(&n);
	/* the one task never loses the CPU: a schedule() calls nothing */
	schedule();
	KT_EQ(kt_notified, 0);
	preempt_notifier_unregister(&n);
	preempt_notifier_dec();
	return 0;
}

static DEFINE_MUTEX(kt_guard_mutex);

KTEST(task, guard_errors)
{
	spinlock_t lock;
	int ran = 0;

	spin_lock_init(&lock);
	spin_lock(&lock);
	scoped_guard(spinlock_try, &lock)
		ran = 1;
	KT_EQ(ran, 0);
	spin_unlock(&lock);
	scoped_guard(spinlock_try, &lock) {
		KT_ASSERT(spin_is_locked(&lock), "held in the scope");
		ran = 1;
	}
	KT_EQ(ran, 1);
	KT_ASSERT(!spin_is_locked(&lock), "released at the scope's end");

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	/* a failed interruptible lock: ACQUIRE_ERR() is -EINTR, a taken one 0 */
	mutex_lock(&kt_guard_mutex);
	{
		ACQUIRE(mutex_intr, g)(&kt_guard_mutex);
		KT_EQ(ACQUIRE_ERR(mutex_intr, &g), -EINTR);
	}
	mutex_unlock(&kt_guard_mutex);
	{
		ACQUIRE(mutex_intr, g)(&kt_guard_mutex);
		KT_EQ(ACQUIRE_ERR(mutex_intr, &g), 0);
		KT_ASSERT(mutex_is_locked(&kt_guard_mutex), "taken");
	}
	KT_ASSERT(!mutex_is_locked(&kt_guard_mutex), "released");
	/* a failed trylock holds nothing: -EBUSY */
	spin_lock(&lock);
	{
		ACQUIRE(spinlock_try, g)(&lock);
		KT_EQ(ACQUIRE_ERR(spinlock_try, &g), -EBUSY);
	}
	spin_unlock(&lock);
	/* the counted interrupt disabling: only the outermost turns them back on */
	{
		spinlock_t other;

		spin_lock_init(&other);
		spin_lock_irq_disable(&lock);
		spin_lock_irq_disable(&other);
		KT_ASSERT(irqs_disabled(), "off");
		spin_unlock_irq_enable(&other);
		KT_ASSERT(irqs_disabled(), "still off: the outer lock is held");
		spin_unlock_irq_enable(&lock);
		KT_ASSERT(!irqs_disabled(), "on again");
	}
#else
	mutex_lock(&kt_guard_mutex);
	scoped_cond_guard(mutex_intr, ran = 2, &kt_guard_mutex)
		ran = 3;
	KT_EQ(ran, 2);
	mutex_unlock(&kt_guard_mutex);
#endif
	KT_EQ(preempt_count(), 0);
	return 0;
}

static DEFINE_SPINLOCK(kt_order_a);
static DEFINE_SPINLOCK(kt_order_b);

KTEST(task, lock_order_records)
{
	spinlock_t c, d[2];
	struct mutex m;
	int base = qdk_ctx_lock_orders();

	spin_lock_init(&c);
	mutex_init(&m);
	/* a then b: one order */
	spin_lock(&kt_order_a);
	spin_lock(&kt_order_b);
	spin_unlock(&kt_order_b);
	spin_unlock(&kt_order_a);
	KT_EQ(qdk_ctx_lock_orders(), base + 1);
	/* the same order again records nothing new */
	spin_lock(&kt_order_a);
	spin_lock(&kt_order_b);
	spin_unlock(&kt_order_a);	/* released out of order: fine */
	spin_unlock(&kt_order_b);
	KT_EQ(qdk_ctx_lock_orders(), base + 1);
	/* a trylock waits for nothing: b, then a tried, is no inversion */
	spin_lock(&kt_order_b);
	KT_EQ(spin_trylock(&kt_order_a), 1);
	spin_unlock(&kt_order_a);
	spin_unlock(&kt_order_b);
	KT_EQ(qdk_ctx_lock_orders(), base + 1);
	/* a chain a -> b -> c, then a -> c directly: consistent */
	spin_lock(&kt_order_b);
	spin_lock(&c);
	spin_unlock(&c);
	spin_unlock(&kt_order_b);
	spin_lock(&kt_order_a);
	spin_lock(&c);
	spin_unlock(&c);
	spin_unlock(&kt_order_a);
	KT_EQ(qdk_ctx_lock_orders(), base + 3);
	/* a mutex, then a spinlock in it */
	mutex_lock(&m);
	spin_lock(&kt_order_a);
	spin_unlock(&kt_order_a);
	mutex_unlock(&m);
	KT_EQ(qdk_ctx_lock_orders(), base + 4);
	/* two locks of one class: the nested one is a class of its own */
	spin_lock_init(&d[0]);
	spin_lock_init(&d[1]);
	lockdep_set_class(&d[1], (struct lock_class_key *)d[0].dep_map.key);
	spin_lock(&d[0]);
	spin_lock_nested(&d[1], SINGLE_DEPTH_NESTING);
	spin_unlock(&d[1]);
	spin_unlock(&d[0]);
	KT_EQ(qdk_ctx_lock_orders(), base + 5);
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
KTEST(task, rseq_events_without_an_area)
{
	struct task_struct child = {};
	unsigned long saved = current->rseq_event_mask;

	KT_ASSERT(!current->rseq, "the task registered no area");
	current->rseq_event_mask = 0;
	preempt_disable();
	rseq_preempt(current);
	rseq_migrate(current);
	preempt_enable();
	rseq_signal_deliver(NULL, NULL);
	KT_EQ(current->rseq_event_mask, RSEQ_EVENT_PREEMPT | RSEQ_EVENT_MIGRATE | RSEQ_EVENT_SIGNAL);
	/* no area: nothing to restart on the way back to user space */
	KT_ASSERT(!test_tsk_thread_flag(current, TIF_NOTIFY_RESUME), "no resume work");
	rseq_fork(&child, 0);
	KT_EQ(child.rseq_event_mask, current->rseq_event_mask);
	rseq_fork(&child, CLONE_VM);
	KT_EQ(child.rseq_event_mask, 0);
	child.rseq_sig = 1;
	rseq_execve(&child);
	KT_EQ(child.rseq_sig, 0);
	rseq_syscall(NULL);
	current->rseq_event_mask = saved;
	return 0;
}
#endif
