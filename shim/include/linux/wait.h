/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wait queues (shim/lib/wait.c, kernel/sched/wait.c's rules): entries with
 * their wake functions and flags, exclusive waiters (a wake of nr exclusive
 * waits stops after nr of them said they woke), priority waiters first,
 * autoremove and woken wake functions, prepare_to_wait*()/finish_wait().
 * poll(2) through `qdk-replay dev` and qdk_file_poll() adds such entries
 * and counts the wakes.
 *
 * The shim's one thread is the task that waits. A wait with a timeout runs
 * the virtual clock as sleeping would let the rest of the system run: timers,
 * work and tasklets fire in order until a wake on the queue ends the sleep
 * (the condition is then checked again, as in the kernel) or the timeout
 * passes. A wait without a timeout has nothing that could end it once the
 * condition is false: the interruptible and killable ones return
 * -ERESTARTSYS as though a signal had ended the wait, the uninterruptible
 * ones warn ("would sleep forever") and return.
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/kernel.h>

struct wait_queue_entry;
struct task_struct;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry, unsigned int mode,
				 int flags, void *key);
int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int flags,
			  void *key);

#define WQ_FLAG_EXCLUSIVE	0x01
#define WQ_FLAG_WOKEN		0x02
#define WQ_FLAG_BOOKMARK	0x04
#define WQ_FLAG_CUSTOM		0x08
#define WQ_FLAG_DONE		0x10
#define WQ_FLAG_PRIORITY	0x20

struct wait_queue_entry {
	unsigned int flags;
	void *private;
	wait_queue_func_t func;
	struct list_head entry;
};
typedef struct wait_queue_entry wait_queue_entry_t;

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};
typedef struct wait_queue_head wait_queue_head_t;

/* the task states and MAX_SCHEDULE_TIMEOUT: linux/sched.h's, as the kernel's */
#include <linux/sched.h>

#define __WAITQUEUE_INITIALIZER(name, tsk) {				\
	.private = tsk, .func = default_wake_function,			\
	.entry = { NULL, NULL } }
#define DECLARE_WAITQUEUE(name, tsk) \
	struct wait_queue_entry name = __WAITQUEUE_INITIALIZER(name, tsk)

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) {				\
	.lock = __SPIN_LOCK_UNLOCKED(name.lock),			\
	.head = LIST_HEAD_INIT(name.head) }
#define DECLARE_WAIT_QUEUE_HEAD(name) \
	struct wait_queue_head name = __WAIT_QUEUE_HEAD_INITIALIZER(name)
#define DECLARE_WAIT_QUEUE_HEAD_ONSTACK(name) DECLARE_WAIT_QUEUE_HEAD(name)

void __init_waitqueue_head(struct wait_queue_head *wq_head, const char *name,
			   struct lock_class_key *key);
#define init_waitqueue_head(wq_head) do {				\
	static struct lock_class_key __key;				\
	__init_waitqueue_head((wq_head), #wq_head, &__key);		\
} while (0)

static inline void init_waitqueue_entry(struct wait_queue_entry *wq_entry, struct task_struct *p)
{
	wq_entry->flags = 0;
	wq_entry->private = p;
	wq_entry->func = default_wake_function;
}

static inline void init_waitqueue_func_entry(struct wait_queue_entry *wq_entry,
					     wait_queue_func_t func)
{
	wq_entry->flags = 0;
	wq_entry->private = NULL;
	wq_entry->func = func;
}

static inline int waitqueue_active(struct wait_queue_head *wq_head)
{
	return !list_empty(&wq_head->head);
}

static inline bool wq_has_single_sleeper(struct wait_queue_head *wq_head)
{
	return list_is_singular(&wq_head->head);
}

static inline bool wq_has_sleeper(struct wait_queue_head *wq_head)
{
	smp_mb();
	return waitqueue_active(wq_head);
}

void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
void add_wait_queue_exclusive(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
void add_wait_queue_priority(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);

static inline void __add_wait_queue(struct wait_queue_head *wq_head,
				    struct wait_queue_entry *wq_entry)
{
	struct list_head *head = &wq_head->head;
	struct wait_queue_entry *wq;

	/* behind the priority waiters, which stay first */
	list_for_each_entry(wq, &wq_head->head, entry) {
		if (!(wq->flags & WQ_FLAG_PRIORITY))
			break;
		head = &wq->entry;
	}
	list_add(&wq_entry->entry, head);
}

static inline void __add_wait_queue_exclusive(struct wait_queue_head *wq_head,
					      struct wait_queue_entry *wq_entry)
{
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	__add_wait_queue(wq_head, wq_entry);
}

static inline void __add_wait_queue_entry_tail(struct wait_queue_head *wq_head,
					       struct wait_queue_entry *wq_entry)
{
	list_add_tail(&wq_entry->entry, &wq_head->head);
}

static inline void __add_wait_queue_entry_tail_exclusive(struct wait_queue_head *wq_head,
							 struct wait_queue_entry *wq_entry)
{
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	__add_wait_queue_entry_tail(wq_head, wq_entry);
}

static inline void __remove_wait_queue(struct wait_queue_head *wq_head,
				       struct wait_queue_entry *wq_entry)
{
	list_del(&wq_entry->entry);
}

/* the entries' functions with mode and key; nr exclusive waiters at most; woken count */
int __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr, void *key);
void __wake_up_locked_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);
void __wake_up_locked_key_bookmark(struct wait_queue_head *wq_head, unsigned int mode,
				   void *key, struct wait_queue_entry *bookmark);
void __wake_up_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);
void __wake_up_locked_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key);
void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr);
void __wake_up_sync(struct wait_queue_head *wq_head, unsigned int mode);
void __wake_up_pollfree(struct wait_queue_head *wq_head);

#define wake_up(x)			__wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr)		__wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_all(x)			__wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_locked(x)		__wake_up_locked((x), TASK_NORMAL, 1)
#define wake_up_all_locked(x)		__wake_up_locked((x), TASK_NORMAL, 0)
#define wake_up_sync(x)			__wake_up_sync(x, TASK_NORMAL)
#define wake_up_interruptible(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_nr(x, nr)	__wake_up(x, TASK_INTERRUPTIBLE, nr, NULL)
#define wake_up_interruptible_all(x)	__wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_interruptible_sync(x)	__wake_up_sync((x), TASK_INTERRUPTIBLE)

#define poll_to_key(m) ((void *)(__force unsigned long)(__poll_t)(m))
#define key_to_poll(m) ((__force __poll_t)(unsigned long)(void *)(m))
#define wake_up_poll(x, m)						\
	__wake_up(x, TASK_NORMAL, 1, poll_to_key(m))
#define wake_up_locked_poll(x, m)					\
	__wake_up_locked_key((x), TASK_NORMAL, poll_to_key(m))
#define wake_up_interruptible_poll(x, m)				\
	__wake_up(x, TASK_INTERRUPTIBLE, 1, poll_to_key(m))
#define wake_up_interruptible_sync_poll(x, m)				\
	__wake_up_sync_key((x), TASK_INTERRUPTIBLE, poll_to_key(m))
#define wake_up_interruptible_sync_poll_locked(x, m)			\
	__wake_up_locked_sync_key((x), TASK_INTERRUPTIBLE, poll_to_key(m))

/* the queue goes away (POLLFREE) while pollers still wait on it */
static inline void wake_up_pollfree(struct wait_queue_head *wq_head)
{
	if (waitqueue_active(wq_head))
		__wake_up_pollfree(wq_head);
}

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags);
void prepare_to_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry, int state);
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			       int state);
long prepare_to_wait_event(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			   int state);
void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry);
long wait_woken(struct wait_queue_entry *wq_entry, unsigned int mode, long timeout);
int woken_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync, void *key);
int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync,
			     void *key);
int do_wait_intr(wait_queue_head_t *wq, wait_queue_entry_t *wait);
int do_wait_intr_irq(wait_queue_head_t *wq, wait_queue_entry_t *wait);

#define DEFINE_WAIT_FUNC(name, function)				\
	struct wait_queue_entry name = {				\
		.private = NULL,					\
		.func = function,					\
		.entry = LIST_HEAD_INIT((name).entry),			\
	}
#define DEFINE_WAIT(name) DEFINE_WAIT_FUNC(name, autoremove_wake_function)
#define init_wait(wait)							\
	do {								\
		(wait)->private = NULL;					\
		(wait)->func = autoremove_wake_function;		\
		INIT_LIST_HEAD(&(wait)->entry);				\
		(wait)->flags = 0;					\
	} while (0)

typedef int (*task_call_f)(struct task_struct *p, void *arg);

/*
 * The sleep of a wait (lib/wait.c): until a wake of this task or timeout
 * jiffies (MAX_SCHEDULE_TIMEOUT: none) have passed on the virtual clock,
 * running what falls due meanwhile; returns the jiffies left, as
 * schedule_timeout(). A sleep without timeout that nothing can end returns
 * at once: QDK_WAIT_NEVER for an uninterruptible one (after a warning),
 * else with a signal pending for the next prepare_to_wait_event().
 */
#define QDK_WAIT_NEVER	(-1L)
long qdk_wait_schedule(long timeout, const char *file, int line);
/* the same, until an absolute virtual time in ns (hrtimer-based waits) */
long qdk_wait_schedule_ns(u64 until, const char *file, int line);
/* the waiting task's state (set_current_state() of the one thread) */
void qdk_set_task_state(unsigned int state);

#define ___wait_is_interruptible(state)					\
	(!__builtin_constant_p(state) ||				\
	 (state & (TASK_INTERRUPTIBLE | TASK_WAKEKILL)))
#define ___wait_cond_timeout(condition)					\
({									\
	bool __cond = (condition);					\
	if (__cond && !__ret)						\
		__ret = 1;						\
	__cond || !__ret;						\
})

/* as the kernel's: cmd is the sleep and may break out of the loop */
#define ___wait_event(wq_head, condition, state, exclusive, ret, cmd)	\
({									\
	__label__ __out;						\
	struct wait_queue_entry __wq_entry;				\
	long __ret = ret;						\
									\
	init_wait_entry(&__wq_entry, exclusive ? WQ_FLAG_EXCLUSIVE : 0); \
	for (;;) {							\
		long __int = prepare_to_wait_event(&wq_head, &__wq_entry, state); \
		if (condition)						\
			break;						\
		if (___wait_is_interruptible(state) && __int) {		\
			__ret = __int;					\
			goto __out;					\
		}							\
		cmd;							\
	}								\
	finish_wait(&wq_head, &__wq_entry);				\
__out:	__ret;								\
})

#define __qdk_schedule()						\
	if (qdk_wait_schedule(MAX_SCHEDULE_TIMEOUT, __FILE__, __LINE__) == QDK_WAIT_NEVER) \
		break
#define __qdk_schedule_timeout(t)					\
	(t) = qdk_wait_schedule(t, __FILE__, __LINE__)

#define __wait_event(wq_head, condition)				\
	(void)___wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, 0, __qdk_schedule())
#define wait_event(wq_head, condition)					\
do {									\
	might_sleep();							\
	if (condition)							\
		break;							\
	__wait_event(wq_head, condition);				\
} while (0)
#define io_wait_event(wq_head, condition)	wait_event(wq_head, condition)
#define wait_event_idle(wq_head, condition)				\
do {									\
	might_sleep();							\
	if (!(condition))						\
		___wait_event(wq_head, condition, TASK_IDLE, 0, 0, __qdk_schedule()); \
} while (0)
#define wait_event_idle_exclusive(wq_head, condition)			\
do {									\
	might_sleep();							\
	if (!(condition))						\
		___wait_event(wq_head, condition, TASK_IDLE, 1, 0, __qdk_schedule()); \
} while (0)
#define wait_event_freezable(wq_head, condition)			\
({									\
	int __ret = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__ret = ___wait_event(wq_head, condition,		\
			TASK_INTERRUPTIBLE | TASK_FREEZABLE, 0, 0, __qdk_schedule()); \
	__ret;								\
})
#define wait_event_freezable_exclusive(wq_head, condition)		\
({									\
	int __ret = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__ret = ___wait_event(wq_head, condition,		\
			TASK_INTERRUPTIBLE | TASK_FREEZABLE, 1, 0, __qdk_schedule()); \
	__ret;								\
})
#define wait_event_cmd(wq_head, condition, cmd1, cmd2)			\
do {									\
	if (!(condition))						\
		(void)___wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, 0, \
				    cmd1; __qdk_schedule(); cmd2);	\
} while (0)
#define wait_event_exclusive_cmd(wq_head, condition, cmd1, cmd2)	\
do {									\
	if (!(condition))						\
		(void)___wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE, 1, 0, \
				    cmd1; __qdk_schedule(); cmd2);	\
} while (0)

#define __qdk_wait_state(wq_head, condition, state, exclusive)		\
({									\
	int __ret = 0;							\
	might_sleep();							\
	if (!(condition))						\
		__ret = ___wait_event(wq_head, condition, state, exclusive, 0, \
				      __qdk_schedule());		\
	__ret;								\
})
#define wait_event_interruptible(wq_head, condition)			\
	__qdk_wait_state(wq_head, condition, TASK_INTERRUPTIBLE, 0)
#define wait_event_interruptible_exclusive(wq_head, condition)		\
	__qdk_wait_state(wq_head, condition, TASK_INTERRUPTIBLE, 1)
#define wait_event_killable(wq_head, condition)				\
	__qdk_wait_state(wq_head, condition, TASK_KILLABLE, 0)
#define wait_event_killable_exclusive(wq_head, condition)		\
	__qdk_wait_state(wq_head, condition, TASK_KILLABLE, 1)
#define wait_event_state(wq_head, condition, state)			\
	__qdk_wait_state(wq_head, condition, state, 0)

/* timeouts in jiffies: 0 timed out (condition false), else the jiffies left (at least 1) */
#define __qdk_wait_timeout(wq_head, condition, state, exclusive, timeout) \
({									\
	long __ret = timeout;						\
	might_sleep();							\
	if (!___wait_cond_timeout(condition))				\
		__ret = ___wait_event(wq_head, ___wait_cond_timeout(condition), \
				      state, exclusive, timeout,	\
				      __qdk_schedule_timeout(__ret));	\
	__ret;								\
})
#define wait_event_timeout(wq_head, condition, timeout)		\
	__qdk_wait_timeout(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, timeout)
#define wait_event_freezable_timeout(wq_head, condition, timeout)	\
	__qdk_wait_timeout(wq_head, condition, TASK_INTERRUPTIBLE | TASK_FREEZABLE, 0, timeout)
#define wait_event_interruptible_timeout(wq_head, condition, timeout)	\
	__qdk_wait_timeout(wq_head, condition, TASK_INTERRUPTIBLE, 0, timeout)
#define wait_event_killable_timeout(wq_head, condition, timeout)	\
	__qdk_wait_timeout(wq_head, condition, TASK_KILLABLE, 0, timeout)
#define wait_event_idle_timeout(wq_head, condition, timeout)		\
	__qdk_wait_timeout(wq_head, condition, TASK_IDLE, 0, timeout)
#define wait_event_idle_exclusive_timeout(wq_head, condition, timeout)	\
	__qdk_wait_timeout(wq_head, condition, TASK_IDLE, 1, timeout)

/* hrtimeouts: 0 when the condition came true, -ETIME when the time ran out */
#define __qdk_wait_hrtimeout(wq_head, condition, timeout, state)	\
({									\
	long __ret = 0;							\
	u64 __until = ktime_get_ns() + ktime_to_ns(timeout);		\
	might_sleep();							\
	if (!(condition))						\
		__ret = ___wait_event(wq_head, condition, state, 0, 0,	\
			if (ktime_get_ns() >= __until) { __ret = -ETIME; break; } \
			qdk_wait_schedule_ns(__until, __FILE__, __LINE__)); \
	__ret;								\
})
#define wait_event_hrtimeout(wq_head, condition, timeout)		\
	__qdk_wait_hrtimeout(wq_head, condition, timeout, TASK_UNINTERRUPTIBLE)
#define wait_event_interruptible_hrtimeout(wq, condition, timeout)	\
	__qdk_wait_hrtimeout(wq, condition, timeout, TASK_INTERRUPTIBLE)

/* the _locked variants: wq.lock is held by the caller; do_wait_intr*() drop it to sleep */
#define __qdk_wait_locked(wq, condition, exclusive, fn)		\
({									\
	int __ret;							\
	DEFINE_WAIT(__wait);						\
	if (exclusive)							\
		__wait.flags |= WQ_FLAG_EXCLUSIVE;			\
	do {								\
		__ret = fn(&(wq), &__wait);				\
		if (__ret)						\
			break;						\
	} while (!(condition));						\
	__remove_wait_queue(&(wq), &__wait);				\
	qdk_set_task_state(TASK_RUNNING);				\
	__ret;								\
})
#define wait_event_interruptible_locked(wq, condition)			\
	((condition) ? 0 : __qdk_wait_locked(wq, condition, 0, do_wait_intr))
#define wait_event_interruptible_locked_irq(wq, condition)		\
	((condition) ? 0 : __qdk_wait_locked(wq, condition, 0, do_wait_intr_irq))
#define wait_event_interruptible_exclusive_locked(wq, condition)	\
	((condition) ? 0 : __qdk_wait_locked(wq, condition, 1, do_wait_intr))
#define wait_event_interruptible_exclusive_locked_irq(wq, condition)	\
	((condition) ? 0 : __qdk_wait_locked(wq, condition, 1, do_wait_intr_irq))

/* the _lock_irq variants: lock is held by the caller and dropped for each sleep */
#define wait_event_lock_irq_cmd(wq_head, condition, lock, cmd)		\
do {									\
	if (!(condition))						\
		(void)___wait_event(wq_head, condition, TASK_UNINTERRUPTIBLE, 0, 0, \
			spin_unlock_irq(&lock); cmd; __qdk_schedule_unlocked(&lock)); \
} while (0)
#define wait_event_lock_irq(wq_head, condition, lock)			\
	wait_event_lock_irq_cmd(wq_head, condition, lock, )
#define wait_event_interruptible_lock_irq_cmd(wq_head, condition, lock, cmd) \
({									\
	int __ret = 0;							\
	if (!(condition))						\
		__ret = ___wait_event(wq_head, condition, TASK_INTERRUPTIBLE, 0, 0, \
			spin_unlock_irq(&lock); cmd; __qdk_schedule_unlocked(&lock)); \
	__ret;								\
})
#define wait_event_interruptible_lock_irq(wq_head, condition, lock)	\
	wait_event_interruptible_lock_irq_cmd(wq_head, condition, lock, )
#define __qdk_wait_lock_irq_timeout(wq_head, condition, lock, timeout, state) \
({									\
	long __ret = timeout;						\
	if (!___wait_cond_timeout(condition))				\
		__ret = ___wait_event(wq_head, ___wait_cond_timeout(condition), \
			state, 0, timeout,				\
			spin_unlock_irq(&lock);				\
			__qdk_schedule_timeout(__ret);			\
			spin_lock_irq(&lock));				\
	__ret;								\
})
#define wait_event_interruptible_lock_irq_timeout(wq_head, condition, lock, timeout) \
	__qdk_wait_lock_irq_timeout(wq_head, condition, lock, timeout, TASK_INTERRUPTIBLE)
#define wait_event_lock_irq_timeout(wq_head, condition, lock, timeout)	\
	__qdk_wait_lock_irq_timeout(wq_head, condition, lock, timeout, TASK_UNINTERRUPTIBLE)
/* the untimed sleep with the lock dropped: retaken, or left out of the loop */
#define __qdk_schedule_unlocked(lock)					\
	if (qdk_wait_schedule(MAX_SCHEDULE_TIMEOUT, __FILE__, __LINE__) == QDK_WAIT_NEVER) { \
		spin_lock_irq(lock);					\
		break;							\
	}								\
	spin_lock_irq(lock)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/stddef.h>
#endif
