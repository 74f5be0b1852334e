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
#include <qdk/context.h>
#include <qdk/unmodelled.h>

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
	.on_cpu = 1,
	.on_rq = 1,
	.nr_cpus_allowed = 1,
	.group_leader = &qdk_task,
	.children = LIST_HEAD_INIT(qdk_task.children),
	.sibling = LIST_HEAD_INIT(qdk_task.sibling),
};

struct task_struct *get_current(void)
{
	return &qdk_task;
}

/*
 * The kernel's schedule_debug(): a task that gives the CPU away with the
 * preemption count raised, interrupts off or in an RCU read-side section
 * is "BUG: scheduling while atomic"; the shim reports it at the caller's
 * line as the sleeping calls do (qdk/context.h).
 */
static void qdk_schedule(void)
{
	/* woken at once: try_to_wake_up() makes it runnable again */
	WRITE_ONCE(qdk_task.__state, TASK_RUNNING);
}

void schedule(void)
{
	qdk_ctx_might_sleep_at("schedule()", _QDK_RET_IP_);
	qdk_schedule();
}
EXPORT_SYMBOL(schedule);

static long qdk_schedule_timeout(long timeout)
{
	if (timeout < 0) {
		/* kernel/time/timer.c's answer to a negative timeout */
		pr_err("schedule_timeout: wrong timeout value %lx\n", timeout);
		__set_current_state(TASK_RUNNING);
		return 0;
	}
	qdk_schedule();
	return timeout;
}

long schedule_timeout(long timeout)
{
	qdk_ctx_might_sleep_at("schedule_timeout()", _QDK_RET_IP_);
	return qdk_schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout);

long schedule_timeout_interruptible(long timeout)
{
	qdk_ctx_might_sleep_at("schedule_timeout_interruptible()", _QDK_RET_IP_);
	__set_current_state(TASK_INTERRUPTIBLE);
	return qdk_schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_interruptible);

long schedule_timeout_killable(long timeout)
{
	qdk_ctx_might_sleep_at("schedule_timeout_killable()", _QDK_RET_IP_);
	__set_current_state(TASK_KILLABLE);
	return qdk_schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_killable);

long schedule_timeout_uninterruptible(long timeout)
{
	qdk_ctx_might_sleep_at("schedule_timeout_uninterruptible()", _QDK_RET_IP_);
	__set_current_state(TASK_UNINTERRUPTIBLE);
	return qdk_schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_uninterruptible);

long schedule_timeout_idle(long timeout)
{
	qdk_ctx_might_sleep_at("schedule_timeout_idle()", _QDK_RET_IP_);
	__set_current_state(TASK_IDLE);
	return qdk_schedule_timeout(timeout);
}
EXPORT_SYMBOL(schedule_timeout_idle);

void io_schedule(void)
{
	qdk_ctx_might_sleep_at("io_schedule()", _QDK_RET_IP_);
	qdk_schedule();
}
EXPORT_SYMBOL(io_schedule);

long io_schedule_timeout(long timeout)
{
	qdk_ctx_might_sleep_at("io_schedule_timeout()", _QDK_RET_IP_);
	return qdk_schedule_timeout(timeout);
}
EXPORT_SYMBOL(io_schedule_timeout);

/* the kernel's yield() is schedule() with the task still runnable */
void yield(void)
{
	qdk_ctx_might_sleep_at("yield()", _QDK_RET_IP_);
	__set_current_state(TASK_RUNNING);
}
EXPORT_SYMBOL(yield);

/* yield to another task: none is runnable, so -ESRCH as for a task not running */
int yield_to(struct task_struct *p, bool preempt)
{
	return -ESRCH;
}
EXPORT_SYMBOL_GPL(yield_to);

/* 1 when the task slept (TASK_NORMAL) and now runs, else 0 */
int wake_up_process(struct task_struct *p)
{
	if (!(READ_ONCE(p->__state) & TASK_NORMAL))
		return 0;
	WRITE_ONCE(p->__state, TASK_RUNNING);
	return 1;
}
EXPORT_SYMBOL(wake_up_process);

/*
 * 1 when another task ran meanwhile: never. cond_resched() is a point
 * where the task may sleep: CONFIG_DEBUG_ATOMIC_SLEEP's __might_resched()
 * reports a call in atomic context, at the caller's line here.
 */
int __cond_resched(void)
{
	qdk_ctx_might_sleep_at("cond_resched()", _QDK_RET_IP_);
	/* the task's own reschedule request is served: schedule() clears it */
	if (test_and_clear_tsk_thread_flag(&qdk_task, TIF_NEED_RESCHED))
		return 1;
	return 0;
}
EXPORT_SYMBOL(__cond_resched);

/*
 * The lock's holder reschedules when asked to or when the lock is
 * contended (never, on one CPU): it drops the lock, schedules and takes it
 * again, returning 1. cond_resched_lock() checked the context already.
 */
int __cond_resched_lock(spinlock_t *lock)
{
	lockdep_assert_held(lock);
	if (!test_tsk_need_resched(&qdk_task) && !spin_needbreak(lock))
		return 0;
	spin_unlock(lock);
	clear_tsk_need_resched(&qdk_task);
	qdk_schedule();
	spin_lock(lock);
	return 1;
}
EXPORT_SYMBOL(__cond_resched_lock);

int __cond_resched_rwlock_read(rwlock_t *lock)
{
	if (!test_tsk_need_resched(&qdk_task) && !rwlock_needbreak(lock))
		return 0;
	read_unlock(lock);
	clear_tsk_need_resched(&qdk_task);
	qdk_schedule();
	read_lock(lock);
	return 1;
}
EXPORT_SYMBOL(__cond_resched_rwlock_read);

int __cond_resched_rwlock_write(rwlock_t *lock)
{
	if (!test_tsk_need_resched(&qdk_task) && !rwlock_needbreak(lock))
		return 0;
	write_unlock(lock);
	clear_tsk_need_resched(&qdk_task);
	qdk_schedule();
	write_lock(lock);
	return 1;
}
EXPORT_SYMBOL(__cond_resched_rwlock_write);

/* another CPU to interrupt so that it notices a change: there is none */
void kick_process(struct task_struct *p)
{
}
EXPORT_SYMBOL_GPL(kick_process);

/* the nice values, -20 to 19, and the priorities they map to (kernel/sched) */
#define QDK_MIN_NICE	-20
#define QDK_MAX_NICE	19
#define QDK_MAX_RT_PRIO	100
#define QDK_NICE_TO_PRIO(nice)	((nice) + 120)
#define QDK_SCHED_NORMAL	0
#define QDK_SCHED_FIFO		1
#define QDK_SCHED_RR		2
#define QDK_SCHED_BATCH		3
#define QDK_SCHED_IDLE		5
#define QDK_SCHED_DEADLINE	6

static bool qdk_rt_policy(unsigned int policy)
{
	return policy == QDK_SCHED_FIFO || policy == QDK_SCHED_RR;
}

/* the task runs as root (CAP_SYS_NICE): any nice value in range */
int can_nice(const struct task_struct *p, const int nice)
{
	return nice >= QDK_MIN_NICE && nice <= QDK_MAX_NICE;
}
EXPORT_SYMBOL_GPL(can_nice);

void set_user_nice(struct task_struct *p, long nice)
{
	if (task_nice(p) == nice || nice < QDK_MIN_NICE || nice > QDK_MAX_NICE)
		return;
	p->static_prio = QDK_NICE_TO_PRIO(nice);
	/* a real-time task keeps its priority; the nice value waits for SCHED_NORMAL */
	if (qdk_rt_policy(p->policy))
		return;
	p->normal_prio = p->static_prio;
	p->prio = p->normal_prio;
}
EXPORT_SYMBOL(set_user_nice);

static void qdk_set_rt(struct task_struct *p, unsigned int policy, unsigned int rt_priority)
{
	p->policy = policy;
	p->rt_priority = rt_priority;
	p->normal_prio = QDK_MAX_RT_PRIO - 1 - rt_priority;
	p->prio = p->normal_prio;
}

/* SCHED_FIFO at MAX_RT_PRIO / 2, the kernel's default for its threads */
void sched_set_fifo(struct task_struct *p)
{
	qdk_set_rt(p, QDK_SCHED_FIFO, QDK_MAX_RT_PRIO / 2);
}
EXPORT_SYMBOL_GPL(sched_set_fifo);

void sched_set_fifo_low(struct task_struct *p)
{
	qdk_set_rt(p, QDK_SCHED_FIFO, 1);
}
EXPORT_SYMBOL_GPL(sched_set_fifo_low);

void sched_set_normal(struct task_struct *p, int nice)
{
	p->policy = QDK_SCHED_NORMAL;
	p->rt_priority = 0;
	p->static_prio = QDK_NICE_TO_PRIO(nice);
	p->normal_prio = p->static_prio;
	p->prio = p->normal_prio;
}
EXPORT_SYMBOL_GPL(sched_set_normal);

/* uapi/linux/sched/types.h's layout (the system call's ABI) */
struct sched_attr {
	u32 size;
	u32 sched_policy;
	u64 sched_flags;
	s32 sched_nice;
	u32 sched_priority;
	u64 sched_runtime;
	u64 sched_deadline;
	u64 sched_period;
	u32 sched_util_min;
	u32 sched_util_max;
};

/* the policies the one task can take; deadline needs admission control: -EBUSY */
int sched_setattr_nocheck(struct task_struct *p, const struct sched_attr *attr)
{
	switch (attr->sched_policy) {
	case QDK_SCHED_NORMAL:
	case QDK_SCHED_BATCH:
	case QDK_SCHED_IDLE:
		if (attr->sched_priority || attr->sched_nice < QDK_MIN_NICE ||
		    attr->sched_nice > QDK_MAX_NICE)
			return -EINVAL;
		sched_set_normal(p, attr->sched_nice);
		p->policy = attr->sched_policy;
		return 0;
	case QDK_SCHED_FIFO:
	case QDK_SCHED_RR:
		if (attr->sched_priority < 1 || attr->sched_priority > QDK_MAX_RT_PRIO - 1)
			return -EINVAL;
		qdk_set_rt(p, attr->sched_policy, attr->sched_priority);
		return 0;
	case QDK_SCHED_DEADLINE:
		return -EBUSY;
	default:
		return -EINVAL;
	}
}
EXPORT_SYMBOL_GPL(sched_setattr_nocheck);

/* the one CPU is CPU 0: a mask without it is -EINVAL */
int set_cpus_allowed_ptr(struct task_struct *p, const struct cpumask *new_mask)
{
	const unsigned long *bits = (const unsigned long *)new_mask;

	if (!(bits[0] & 1UL))
		return -EINVAL;
	p->nr_cpus_allowed = 1;
	return 0;
}
EXPORT_SYMBOL_GPL(set_cpus_allowed_ptr);

/* one pid namespace: the number is the task's own (type 0 pid, else its group's) */
pid_t __task_pid_nr_ns(struct task_struct *task, int type, struct pid_namespace *ns)
{
	return type == 0 ? task->pid : task->tgid;
}
EXPORT_SYMBOL(__task_pid_nr_ns);

void __set_task_comm(struct task_struct *tsk, const char *buf, bool exec)
{
	strscpy_pad(tsk->comm, buf, sizeof(tsk->comm));
}
EXPORT_SYMBOL(__set_task_comm);

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

/*
 * linux/preempt.h's notifiers: the current task's list (the kernel keeps
 * it per task, used only once preempt_notifier_inc() has been called).
 */
static HLIST_HEAD(qdk_preempt_notifiers);
static int qdk_preempt_notifier_users;

void preempt_notifier_inc(void)
{
	qdk_preempt_notifier_users++;
}
EXPORT_SYMBOL_GPL(preempt_notifier_inc);

void preempt_notifier_dec(void)
{
	WARN_ON_ONCE(qdk_preempt_notifier_users <= 0);
	qdk_preempt_notifier_users--;
}
EXPORT_SYMBOL_GPL(preempt_notifier_dec);

void preempt_notifier_register(struct preempt_notifier *notifier)
{
	/* the kernel warns when no user enabled them first */
	WARN(!qdk_preempt_notifier_users, "registering preempt_notifier while notifiers disabled\n");
	hlist_add_head(&notifier->link, &qdk_preempt_notifiers);
}
EXPORT_SYMBOL_GPL(preempt_notifier_register);

void preempt_notifier_unregister(struct preempt_notifier *notifier)
{
	hlist_del(&notifier->link);
}
EXPORT_SYMBOL_GPL(preempt_notifier_unregister);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the tracepoints' out-of-line halves: no tracer attaches */
void __trace_set_current_state(int state_value)
{
}
EXPORT_SYMBOL(__trace_set_current_state);

void __trace_set_need_resched(struct task_struct *curr, int tif)
{
}
EXPORT_SYMBOL_GPL(__trace_set_need_resched);
#endif

/*
 * linux/preempt.h (6.1: linux/sched.h): the model Debian's PREEMPT_DYNAMIC
 * kernel boots with when no preempt= is given: its configured default,
 * CONFIG_PREEMPT_VOLUNTARY on 6.1 and 6.12, CONFIG_PREEMPT_LAZY on 7.x.
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

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* only a task that registered an area gets here, and the shim's never does */
void __rseq_handle_notify_resume(struct ksignal *ksig, struct pt_regs *regs)
{
	QDK_UNMODELLED(__rseq_handle_notify_resume, "no rseq(2): the task makes no system calls");
}
#endif
