// SPDX-License-Identifier: GPL-2.0
/*
 * sched.c - the one task of the shim (linux/sched.h): the process, named
 * "tc" as the control path's caller is, pid 1. Nothing else runs, so a
 * task that goes to sleep is woken at once: schedule() returns with the
 * task running, schedule_timeout() with all of its timeout left (the
 * kernel's return for a wake-up before the timer).
 */
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include <linux/export.h>
#include <linux/printk.h>
#include <linux/string.h>

/* linux/preempt.h: this CPU's preemption count (the kernel's __preempt_count) */
unsigned int qdk_preempt_count;

static struct task_struct qdk_task = {
	.__state = TASK_RUNNING,
	.prio = 120,
	.static_prio = 120,
	.normal_prio = 120,
	.pid = 1,
	.tgid = 1,
	.parent = &qdk_task,
	.real_parent = &qdk_task,
	.comm = "tc",
};

struct task_struct *get_current(void)
{
	return &qdk_task;
}

void schedule(void)
{
	/* woken at once: try_to_wake_up() makes it runnable again */
	WRITE_ONCE(qdk_task.__state, TASK_RUNNING);
}
EXPORT_SYMBOL(schedule);

long schedule_timeout(long timeout)
{
	if (timeout < 0) {
		/* kernel/time/timer.c's answer to a negative timeout */
		pr_err("schedule_timeout: wrong timeout value %lx\n", timeout);
		__set_current_state(TASK_RUNNING);
		return 0;
	}
	schedule();
	return timeout;
}
EXPORT_SYMBOL(schedule_timeout);

long schedule_timeout_interruptible(long timeout)
{
	__set_current_state(TASK_INTERRUPTIBLE);
	return schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_interruptible);

long schedule_timeout_killable(long timeout)
{
	__set_current_state(TASK_KILLABLE);
	return schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_killable);

long schedule_timeout_uninterruptible(long timeout)
{
	__set_current_state(TASK_UNINTERRUPTIBLE);
	return schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_uninterruptible);

long schedule_timeout_idle(long timeout)
{
	__set_current_state(TASK_IDLE);
	return schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_idle);

void io_schedule(void)
{
	schedule();
}
EXPORT_SYMBOL(io_schedule);

void yield(void)
{
	__set_current_state(TASK_RUNNING);
}
EXPORT_SYMBOL(yield);

/* 1 when the task slept (TASK_NORMAL) and now runs, else 0 */
int wake_up_process(struct task_struct *p)
{
	if (!(READ_ONCE(p->__state) & TASK_NORMAL))
		return 0;
	WRITE_ONCE(p->__state, TASK_RUNNING);
	return 1;
}
EXPORT_SYMBOL(wake_up_process);

/* 1 when another task ran meanwhile: never */
int __cond_resched(void)
{
	return 0;
}
EXPORT_SYMBOL(__cond_resched);

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
char *__get_task_comm(char *buf, size_t buf_size, struct task_struct *tsk)
{
	strscpy_pad(buf, tsk->comm, buf_size);
	return buf;
}
EXPORT_SYMBOL_GPL(__get_task_comm);
#endif

/* linux/sched/clock.h: the one CPU's clock is the virtual clock */
u64 sched_clock_cpu(int cpu)
{
	return sched_clock();
}

void sched_clock_idle_sleep_event(void)
{
}

void sched_clock_idle_wakeup_event(void)
{
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * linux/preempt.h: the model Debian's PREEMPT_DYNAMIC kernel boots with
 * when no preempt= is given: its configured default, CONFIG_PREEMPT_VOLUNTARY
 * on 6.12, CONFIG_PREEMPT_LAZY on 7.x.
 */
bool preempt_model_none(void)
{
	return false;
}
EXPORT_SYMBOL_GPL(preempt_model_none);

bool preempt_model_voluntary(void)
{
	return LINUX_VERSION_CODE < KERNEL_VERSION(7, 0, 0);
}
EXPORT_SYMBOL_GPL(preempt_model_voluntary);

bool preempt_model_full(void)
{
	return false;
}
EXPORT_SYMBOL_GPL(preempt_model_full);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
bool preempt_model_lazy(void)
{
	return true;
}
EXPORT_SYMBOL_GPL(preempt_model_lazy);
#endif
#endif
