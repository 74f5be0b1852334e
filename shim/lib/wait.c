// SPDX-License-Identifier: GPL-2.0
/*
 * wait.c - wait queues as kernel/sched/wait.c keeps them, and the sleep of
 * the shim's one task on the virtual clock.
 *
 * The task has a state (TASK_RUNNING or the state a prepare_to_wait*() set);
 * default_wake_function() makes it runnable when the wake's mode includes
 * that state. A sleep with a timeout runs the timer queue forward, entry by
 * entry, until the task is runnable again or the timeout has passed; a sleep
 * without one cannot end (nothing else runs), so it returns at once with a
 * pending "signal" (interruptible and killable states) or a warning.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/hrtimer.h>
#include <linux/wait.h>
#include <linux/delay.h>

#include "shim.h"

#define WF_SYNC_QDK	0x10	/* WF_SYNC: the waker goes to sleep next */

static unsigned int task_state;		/* TASK_RUNNING while running */
static bool signal_pending;		/* ends the next interruptible wait */

void qdk_set_task_state(unsigned int state)
{
	task_state = state;
}

static bool signal_pending_state(unsigned int state)
{
	return signal_pending && (state & (TASK_INTERRUPTIBLE | TASK_WAKEKILL));
}

void __init_waitqueue_head(struct wait_queue_head *wq_head, const char *name,
			   struct lock_class_key *key)
{
	spin_lock_init(&wq_head->lock);
	lockdep_set_class_and_name(&wq_head->lock, key, name);
	INIT_LIST_HEAD(&wq_head->head);
}
EXPORT_SYMBOL(__init_waitqueue_head);

void add_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wq_entry->flags &= ~WQ_FLAG_EXCLUSIVE;
	__add_wait_queue(wq_head, wq_entry);
}
EXPORT_SYMBOL(add_wait_queue);

void add_wait_queue_exclusive(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	__add_wait_queue_entry_tail(wq_head, wq_entry);
}
EXPORT_SYMBOL(add_wait_queue_exclusive);

void add_wait_queue_priority(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	wq_entry->flags |= WQ_FLAG_EXCLUSIVE | WQ_FLAG_PRIORITY;
	__add_wait_queue(wq_head, wq_entry);
}
EXPORT_SYMBOL_GPL(add_wait_queue_priority);

void remove_wait_queue(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	__remove_wait_queue(wq_head, wq_entry);
}
EXPORT_SYMBOL(remove_wait_queue);

/*
 * Every entry from the start (or after bookmark), in order; an exclusive
 * entry whose function says it woke counts against nr (0: no limit).
 */
static int wake_up_common(struct wait_queue_head *wq_head, unsigned int mode, int nr,
			  int wake_flags, void *key, struct wait_queue_entry *bookmark)
{
	struct wait_queue_entry *curr, *next;
	int woken = 0;

	if (bookmark && (bookmark->flags & WQ_FLAG_BOOKMARK)) {
		curr = list_next_entry(bookmark, entry);
		list_del(&bookmark->entry);
		bookmark->flags = 0;
	} else {
		curr = list_first_entry(&wq_head->head, struct wait_queue_entry, entry);
	}
	if (&curr->entry == &wq_head->head)
		return 0;
	list_for_each_entry_safe_from(curr, next, &wq_head->head, entry) {
		unsigned int flags = curr->flags;
		int ret;

		if (flags & WQ_FLAG_BOOKMARK)
			continue;
		ret = curr->func(curr, mode, wake_flags, key);
		if (ret < 0)
			break;
		if (ret)
			woken++;
		if (ret && (flags & WQ_FLAG_EXCLUSIVE) && !--nr)
			break;
	}
	return woken;
}

int __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr, void *key)
{
	return wake_up_common(wq_head, mode, nr, 0, key, NULL);
}
EXPORT_SYMBOL(__wake_up);

void __wake_up_locked(struct wait_queue_head *wq_head, unsigned int mode, int nr)
{
	wake_up_common(wq_head, mode, nr, 0, NULL, NULL);
}
EXPORT_SYMBOL_GPL(__wake_up_locked);

void __wake_up_locked_key(struct wait_queue_head *wq_head, unsigned int mode, void *key)
{
	wake_up_common(wq_head, mode, 1, 0, key, NULL);
}
EXPORT_SYMBOL_GPL(__wake_up_locked_key);

void __wake_up_locked_key_bookmark(struct wait_queue_head *wq_head, unsigned int mode,
				   void *key, struct wait_queue_entry *bookmark)
{
	wake_up_common(wq_head, mode, 1, 0, key, bookmark);
}
EXPORT_SYMBOL_GPL(__wake_up_locked_key_bookmark);

/* _sync: the waker will not run on (one CPU: the same wake) */
void __wake_up_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key)
{
	wake_up_common(wq_head, mode, 1, WF_SYNC_QDK, key, NULL);
}
EXPORT_SYMBOL_GPL(__wake_up_sync_key);

void __wake_up_locked_sync_key(struct wait_queue_head *wq_head, unsigned int mode, void *key)
{
	wake_up_common(wq_head, mode, 1, WF_SYNC_QDK, key, NULL);
}
EXPORT_SYMBOL_GPL(__wake_up_locked_sync_key);

void __wake_up_sync(struct wait_queue_head *wq_head, unsigned int mode)
{
	__wake_up_sync_key(wq_head, mode, NULL);
}
EXPORT_SYMBOL_GPL(__wake_up_sync);

/* POLLFREE to every poller, then the queue must be empty */
void __wake_up_pollfree(struct wait_queue_head *wq_head)
{
	__wake_up(wq_head, TASK_NORMAL, 0, poll_to_key(0x4000 /* EPOLLFREE */));
	WARN_ON_ONCE(waitqueue_active(wq_head));
}

int default_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int flags,
			  void *key)
{
	/* try_to_wake_up(): only a task sleeping in a state the mode names */
	if (!(task_state & mode))
		return 0;
	task_state = TASK_RUNNING;
	return 1;
}
EXPORT_SYMBOL(default_wake_function);

int autoremove_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync,
			     void *key)
{
	int ret = default_wake_function(wq_entry, mode, sync, key);

	if (ret)
		list_del_init(&wq_entry->entry);
	return ret;
}
EXPORT_SYMBOL(autoremove_wake_function);

int woken_wake_function(struct wait_queue_entry *wq_entry, unsigned int mode, int sync, void *key)
{
	wq_entry->flags |= WQ_FLAG_WOKEN;
	return default_wake_function(wq_entry, mode, sync, key);
}
EXPORT_SYMBOL(woken_wake_function);

void init_wait_entry(struct wait_queue_entry *wq_entry, int flags)
{
	wq_entry->flags = flags;
	wq_entry->private = NULL;
	wq_entry->func = autoremove_wake_function;
	INIT_LIST_HEAD(&wq_entry->entry);
}
EXPORT_SYMBOL(init_wait_entry);

void prepare_to_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry, int state)
{
	wq_entry->flags &= ~WQ_FLAG_EXCLUSIVE;
	if (list_empty(&wq_entry->entry))
		__add_wait_queue(wq_head, wq_entry);
	task_state = state;
}
EXPORT_SYMBOL(prepare_to_wait);

/* true when the entry is the first on the queue */
bool prepare_to_wait_exclusive(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			       int state)
{
	bool was_empty = false;

	wq_entry->flags |= WQ_FLAG_EXCLUSIVE;
	if (list_empty(&wq_entry->entry)) {
		was_empty = list_empty(&wq_head->head);
		__add_wait_queue_entry_tail(wq_head, wq_entry);
	}
	task_state = state;
	return was_empty;
}
EXPORT_SYMBOL(prepare_to_wait_exclusive);

long prepare_to_wait_event(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry,
			   int state)
{
	if (signal_pending_state(state)) {
		/* the "signal" is delivered: it ends this wait only */
		signal_pending = false;
		list_del_init(&wq_entry->entry);
		return -ERESTARTSYS;
	}
	if (list_empty(&wq_entry->entry)) {
		if (wq_entry->flags & WQ_FLAG_EXCLUSIVE)
			__add_wait_queue_entry_tail(wq_head, wq_entry);
		else
			__add_wait_queue(wq_head, wq_entry);
	}
	task_state = state;
	return 0;
}
EXPORT_SYMBOL(prepare_to_wait_event);

void finish_wait(struct wait_queue_head *wq_head, struct wait_queue_entry *wq_entry)
{
	task_state = TASK_RUNNING;
	if (!list_empty(&wq_entry->entry))
		list_del_init(&wq_entry->entry);
}
EXPORT_SYMBOL(finish_wait);

/* a sleep nothing can end: the interruptible get a signal, the others a warning */
static long sleep_forever(const char *file, int line)
{
	if (task_state & (TASK_INTERRUPTIBLE | TASK_WAKEKILL)) {
		signal_pending = true;
		task_state = TASK_RUNNING;
		return MAX_SCHEDULE_TIMEOUT;
	}
	pr_warn("qdk: %s:%d: an uninterruptible wait whose condition is false would sleep forever: nothing can wake it\n",
		file, line);
	qdk_warn(file, line, "sleep without end");
	task_state = TASK_RUNNING;
	return QDK_WAIT_NEVER;
}

/* run the clock until the task is woken or the virtual time until has come */
static void sleep_until_ns(u64 until)
{
	while (task_state != TASK_RUNNING) {
		u64 next = qdk_time_next();

		if (next > until) {
			qdk_time_advance(until);
			break;
		}
		qdk_time_advance(next);
	}
	task_state = TASK_RUNNING;
}

long qdk_wait_schedule(long timeout, const char *file, int line)
{
	unsigned long expire;
	long left;

	qdk_ctx_might_sleep(file, line);
	if (task_state == TASK_RUNNING)		/* woken since it prepared */
		return timeout;
	if (timeout == MAX_SCHEDULE_TIMEOUT)
		return sleep_forever(file, line);
	if (timeout < 0) {
		pr_err("schedule_timeout: wrong timeout value %lx\n", (unsigned long)timeout);
		task_state = TASK_RUNNING;
		return 0;
	}
	/* schedule_timeout(): a timer_list at jiffies + timeout ends it */
	expire = jiffies + timeout;
	sleep_until_ns(qdk_time_timer_list_due(expire));
	left = (long)(expire - jiffies);
	return left < 0 ? 0 : left;
}
EXPORT_SYMBOL(qdk_wait_schedule);

long qdk_wait_schedule_ns(u64 until, const char *file, int line)
{
	qdk_ctx_might_sleep(file, line);
	if (task_state == TASK_RUNNING)
		return 0;
	sleep_until_ns(until);
	return 0;
}
EXPORT_SYMBOL(qdk_wait_schedule_ns);

long wait_woken(struct wait_queue_entry *wq_entry, unsigned int mode, long timeout)
{
	task_state = mode;
	if (!(wq_entry->flags & WQ_FLAG_WOKEN)) {
		timeout = qdk_wait_schedule(timeout, __FILE__, __LINE__);
		if (timeout == QDK_WAIT_NEVER)
			timeout = 0;
	}
	task_state = TASK_RUNNING;
	wq_entry->flags &= ~WQ_FLAG_WOKEN;
	return timeout;
}
EXPORT_SYMBOL(wait_woken);

static int wait_intr(wait_queue_head_t *wq, wait_queue_entry_t *wait, bool irq)
{
	if (likely(list_empty(&wait->entry)))
		__add_wait_queue_entry_tail(wq, wait);
	task_state = TASK_INTERRUPTIBLE;
	if (signal_pending) {
		signal_pending = false;
		return -ERESTARTSYS;
	}
	if (irq)
		spin_unlock_irq(&wq->lock);
	else
		spin_unlock(&wq->lock);
	qdk_wait_schedule(MAX_SCHEDULE_TIMEOUT, __FILE__, __LINE__);
	if (irq)
		spin_lock_irq(&wq->lock);
	else
		spin_lock(&wq->lock);
	return 0;
}

int do_wait_intr(wait_queue_head_t *wq, wait_queue_entry_t *wait)
{
	return wait_intr(wq, wait, false);
}
EXPORT_SYMBOL(do_wait_intr);

int do_wait_intr_irq(wait_queue_head_t *wq, wait_queue_entry_t *wait)
{
	return wait_intr(wq, wait, true);
}
EXPORT_SYMBOL(do_wait_intr_irq);

/* a new run starts with a running task and no signal */
void qdk_wait_reset(void)
{
	task_state = TASK_RUNNING;
	signal_pending = false;
}

/* ---- sleeping on the virtual clock: hrtimer sleepers, delay.h ---- */

/* the task sleeping on a sleeper (one thread: any non-NULL mark) */
static char the_task;
#define QDK_CURRENT	((struct task_struct *)&the_task)

unsigned int hrtimer_resolution = 1;
unsigned long loops_per_jiffy = NSEC_PER_SEC / HZ;

static enum hrtimer_restart hrtimer_wakeup(struct hrtimer *timer)
{
	struct hrtimer_sleeper *t = container_of(timer, struct hrtimer_sleeper, timer);

	if (t->task) {
		t->task = NULL;
		task_state = TASK_RUNNING;	/* wake_up_process() */
	}
	return HRTIMER_NORESTART;
}

void __hrtimer_init_sleeper(struct hrtimer_sleeper *sl, clockid_t clock_id, enum hrtimer_mode mode)
{
	__hrtimer_init(&sl->timer, clock_id, mode);
	sl->timer.function = hrtimer_wakeup;
	/* a sleep ends when its time comes, whatever drives the qdisc's */
	sl->timer.__qdk_clocked = 1;
	sl->task = QDK_CURRENT;
}
EXPORT_SYMBOL_GPL(__hrtimer_init_sleeper);

void hrtimer_sleeper_start_expires(struct hrtimer_sleeper *sl, enum hrtimer_mode mode)
{
	hrtimer_start_expires(&sl->timer, mode);
}
EXPORT_SYMBOL_GPL(hrtimer_sleeper_start_expires);

/* 0 when the time came, -EINTR when woken before it */
int schedule_hrtimeout_range_clock(ktime_t *expires, u64 delta, const enum hrtimer_mode mode,
				   clockid_t clock_id)
{
	struct hrtimer_sleeper t;

	qdk_ctx_might_sleep(__FILE__, __LINE__);
	/* an expiry of 0 is a request not to sleep */
	if (expires && *expires == 0) {
		task_state = TASK_RUNNING;
		return 0;
	}
	if (!expires) {
		qdk_wait_schedule(MAX_SCHEDULE_TIMEOUT, __FILE__, __LINE__);
		return -EINTR;
	}
	__hrtimer_init_sleeper(&t, clock_id, mode);
	hrtimer_set_expires_range_ns(&t.timer, *expires, delta);
	hrtimer_sleeper_start_expires(&t, mode);
	while (task_state != TASK_RUNNING && t.task)
		qdk_time_advance(qdk_time_next());
	hrtimer_cancel(&t.timer);
	task_state = TASK_RUNNING;
	return !t.task ? 0 : -EINTR;
}
EXPORT_SYMBOL_GPL(schedule_hrtimeout_range_clock);

int schedule_hrtimeout_range(ktime_t *expires, u64 delta, const enum hrtimer_mode mode)
{
	return schedule_hrtimeout_range_clock(expires, delta, mode, CLOCK_MONOTONIC);
}
EXPORT_SYMBOL_GPL(schedule_hrtimeout_range);

int schedule_hrtimeout(ktime_t *expires, const enum hrtimer_mode mode)
{
	return schedule_hrtimeout_range(expires, 0, mode);
}
EXPORT_SYMBOL_GPL(schedule_hrtimeout);

void qdk_delay_ns(u64 ns)
{
	qdk_time_busy_wait(ns);
}
EXPORT_SYMBOL(qdk_delay_ns);

void msleep(unsigned int msecs)
{
	unsigned long timeout = msecs_to_jiffies(msecs) + 1;

	qdk_ctx_might_sleep_at("msleep()", _QDK_RET_IP_);

	while (timeout) {
		task_state = TASK_UNINTERRUPTIBLE;
		timeout = qdk_wait_schedule(timeout, __FILE__, __LINE__);
	}
}
EXPORT_SYMBOL(msleep);

/* the ms left when a signal ended it: never here, so 0 */
unsigned long msleep_interruptible(unsigned int msecs)
{
	unsigned long timeout = msecs_to_jiffies(msecs) + 1;

	qdk_ctx_might_sleep_at("msleep_interruptible()", _QDK_RET_IP_);

	while (timeout && !signal_pending) {
		task_state = TASK_INTERRUPTIBLE;
		timeout = qdk_wait_schedule(timeout, __FILE__, __LINE__);
	}
	return jiffies_to_msecs(timeout);
}
EXPORT_SYMBOL(msleep_interruptible);

void usleep_range_state(unsigned long min, unsigned long max, unsigned int state)
{
	ktime_t exp = ktime_add_us(ktime_get(), min);
	u64 delta = (u64)(max - min) * NSEC_PER_USEC;

	qdk_ctx_might_sleep_at("usleep_range()", _QDK_RET_IP_);

	/* never back before min has passed, even when woken */
	for (;;) {
		task_state = state;
		if (!schedule_hrtimeout_range(&exp, delta, HRTIMER_MODE_ABS))
			break;
	}
}
EXPORT_SYMBOL(usleep_range_state);
