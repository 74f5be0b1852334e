/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The task a module runs in. The shim has one: the process, seen by the
 * module as the task "tc" (pid 1), which makes every call, from the
 * control path, the datapath and timers alike; current is always it.
 * Nothing else runs, so nothing can wake a sleeper: schedule() and
 * schedule_timeout() return at once with the task running again, as after
 * an immediate wake-up (schedule_timeout() with all of its time left), and
 * cond_resched() (linux/kernel.h) never gives the CPU away.
 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/compiler.h>
#include <linux/version.h>
#include <linux/string.h>
#include <linux/smp.h>
#include <linux/jiffies.h>

/* task states: __state, and what set_current_state() takes */
#define TASK_RUNNING		0x00000000
#define TASK_INTERRUPTIBLE	0x00000001
#define TASK_UNINTERRUPTIBLE	0x00000002
#define __TASK_STOPPED		0x00000004
#define __TASK_TRACED		0x00000008
#define EXIT_DEAD		0x00000010
#define EXIT_ZOMBIE		0x00000020
#define EXIT_TRACE		(EXIT_ZOMBIE | EXIT_DEAD)
#define TASK_PARKED		0x00000040
#define TASK_DEAD		0x00000080
#define TASK_WAKEKILL		0x00000100
#define TASK_WAKING		0x00000200
#define TASK_NOLOAD		0x00000400
#define TASK_NEW		0x00000800
#define TASK_RTLOCK_WAIT	0x00001000
#define TASK_FREEZABLE		0x00002000
#define TASK_FROZEN		0x00008000
#define TASK_STATE_MAX		0x00010000
#define TASK_ANY		(TASK_STATE_MAX - 1)
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_STOPPED		(TASK_WAKEKILL | __TASK_STOPPED)
#define TASK_TRACED		__TASK_TRACED
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)
#define TASK_REPORT		(TASK_RUNNING | TASK_INTERRUPTIBLE | \
				 TASK_UNINTERRUPTIBLE | __TASK_STOPPED | \
				 __TASK_TRACED | EXIT_DEAD | EXIT_ZOMBIE | \
				 TASK_PARKED)

#define task_is_running(task)	(READ_ONCE((task)->__state) == TASK_RUNNING)
#define task_is_traced(task)	((READ_ONCE((task)->jobctl) & JOBCTL_TRACED) != 0)
#define task_is_stopped(task)	((READ_ONCE((task)->jobctl) & JOBCTL_STOPPED) != 0)
#define JOBCTL_STOPPED		(1UL << 26)
#define JOBCTL_TRACED		(1UL << 27)

/* task flags (task_struct.flags) */
#define PF_IDLE			0x00000002
#define PF_EXITING		0x00000004
#define PF_VCPU			0x00000010
#define PF_WQ_WORKER		0x00000020
#define PF_FORKNOEXEC		0x00000040
#define PF_SUPERPRIV		0x00000100
#define PF_DUMPCORE		0x00000200
#define PF_SIGNALED		0x00000400
#define PF_MEMALLOC		0x00000800
#define PF_NPROC_EXCEEDED	0x00001000
#define PF_USED_MATH		0x00002000
#define PF_NOFREEZE		0x00008000
#define PF_KSWAPD		0x00020000
#define PF_MEMALLOC_NOFS	0x00040000
#define PF_MEMALLOC_NOIO	0x00080000
#define PF_LOCAL_THROTTLE	0x00100000
#define PF_KTHREAD		0x00200000
#define PF_RANDOMIZE		0x00400000
#define PF_NO_SETAFFINITY	0x04000000
#define PF_MCE_EARLY		0x08000000
#define PF_MEMALLOC_PIN		0x10000000
#define PF_SUSPEND_TASK		0x80000000

#define MAX_SCHEDULE_TIMEOUT	LONG_MAX

enum {
	TASK_COMM_LEN = 16,
};

/* what a module reads of a task */
struct task_struct {
	unsigned int	__state;
	unsigned int	flags;
	int		prio;
	int		static_prio;
	int		normal_prio;
	unsigned int	rt_priority;
	int		exit_state;
	int		exit_code;
	unsigned long	jobctl;
	pid_t		pid;
	pid_t		tgid;
	struct task_struct *real_parent;
	struct task_struct *parent;
	char		comm[TASK_COMM_LEN];
	unsigned int	personality;
	/* the user address space: none, as a kernel thread's */
	struct mm_struct *mm;
	struct mm_struct *active_mm;
};

/* the one task (lib/sched.c) */
struct task_struct *get_current(void);
#define current get_current()

#define __set_current_state(state_value)			\
	WRITE_ONCE(current->__state, (state_value))
#define set_current_state(state_value)				\
	do {							\
		WRITE_ONCE(current->__state, (state_value));	\
		smp_mb();					\
	} while (0)
#define set_special_state(state_value)				\
	WRITE_ONCE(current->__state, (state_value))

void schedule(void);
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);
long schedule_timeout_killable(long timeout);
long schedule_timeout_uninterruptible(long timeout);
long schedule_timeout_idle(long timeout);
void io_schedule(void);
void yield(void);
int wake_up_process(struct task_struct *tsk);
int __cond_resched(void);

static inline int _cond_resched(void)
{
	return __cond_resched();
}

/* nothing else is ever runnable */
static __always_inline bool need_resched(void)
{
	return false;
}

static inline pid_t task_pid_nr(struct task_struct *tsk)
{
	return tsk->pid;
}

static inline pid_t task_tgid_nr(struct task_struct *tsk)
{
	return tsk->tgid;
}

/* one pid namespace: the virtual numbers are the global ones */
static inline pid_t task_pid_vnr(struct task_struct *tsk)
{
	return tsk->pid;
}

static inline pid_t task_tgid_vnr(struct task_struct *tsk)
{
	return tsk->tgid;
}

static inline int is_global_init(struct task_struct *tsk)
{
	return tsk->tgid == 1;
}

static inline bool is_idle_task(const struct task_struct *p)
{
	return !!(p->flags & PF_IDLE);
}

static inline unsigned int task_cpu(const struct task_struct *p)
{
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define get_task_comm(buf, tsk) ({				\
	BUILD_BUG_ON(sizeof(buf) < TASK_COMM_LEN);		\
	strscpy_pad(buf, (tsk)->comm, sizeof(buf));				\
	buf;							\
})
#else
char *__get_task_comm(char *to, size_t len, struct task_struct *tsk);
#define get_task_comm(buf, tsk) ({				\
	BUILD_BUG_ON(sizeof(buf) != TASK_COMM_LEN);		\
	__get_task_comm(buf, sizeof(buf), tsk);			\
})
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/mutex.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/seqlock.h>
#endif /* _LINUX_SCHED_H */
