// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_sleep.c - sleeping and waiting on the virtual clock: delay.h,
 * wait_event*() with and without timeouts, wake functions and exclusive
 * waiters, hrtimer sleepers; and the time API around them: timekeeping's
 * clocks, jiffies conversions, timer_list extras, hrtimer helpers.
 */
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/timekeeping.h>
#include <linux/timer.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "ktest.h"
#include "shim.h"

static DECLARE_WAIT_QUEUE_HEAD(kt_wq);
static int kt_flag;
static u64 kt_fired_at;

static void kt_set_flag(struct timer_list *t)
{
	kt_flag = 1;
	kt_fired_at = ktime_get_ns();
	wake_up(&kt_wq);
}

static void kt_set_flag_quietly(struct timer_list *t)
{
	kt_flag = 1;		/* no wake: the waiter sees it only at its timeout */
}

KTEST(sleep, delays_move_the_clock)
{
	struct timer_list t;

	udelay(3);
	KT_EQ(ktime_get_ns(), 3000);
	ndelay(7);
	mdelay(2);
	KT_EQ(ktime_get_ns(), 2003007);
	/* a busy-wait runs nothing: the timer due meanwhile fires after it */
	timer_setup(&t, kt_set_flag, 0);
	kt_flag = 0;
	mod_timer(&t, jiffies + 1);
	mdelay(10);
	KT_EQ(kt_flag, 0);
	qdk_time_advance(ktime_get_ns());
	KT_EQ(kt_flag, 1);
	return 0;
}

KTEST(sleep, msleep_runs_timers)
{
	struct timer_list t;
	unsigned long j0 = jiffies;

	timer_setup(&t, kt_set_flag, 0);
	kt_flag = 0;
	mod_timer(&t, jiffies + 2);
	/*
	 * msecs_to_jiffies(10) + 1 = 4 jiffies, woken when the wheel runs
	 * that timer: its level-0 bucket, jiffy 5 (the timer for jiffy 2 ran
	 * at 3 on the way)
	 */
	msleep(10);
	KT_EQ(kt_flag, 1);
	KT_EQ(jiffies - j0, 5);
	KT_EQ(kt_fired_at, 12000000);
	KT_EQ(msleep_interruptible(4), 0);
	KT_EQ(jiffies - j0, 5 + 3);
	/* 251 jiffies: level 1 of the wheel, 8-jiffy buckets, rounded up */
	ssleep(1);
	KT_EQ(jiffies - j0, 264);
	return 0;
}

KTEST(sleep, usleep_range_and_hrtimeouts)
{
	ktime_t exp;

	usleep_range(100, 200);
	/* nothing else fires: the hrtimer at its hard expiry, max */
	KT_EQ(ktime_get_ns(), 200000);
	fsleep(5);			/* udelay */
	KT_EQ(ktime_get_ns(), 205000);
	exp = ktime_add_us(ktime_get(), 50);
	qdk_set_task_state(TASK_UNINTERRUPTIBLE);
	KT_EQ(schedule_hrtimeout(&exp, HRTIMER_MODE_ABS), 0);
	KT_EQ(ktime_get_ns(), 255000);
	exp = 0;
	KT_EQ(schedule_hrtimeout(&exp, HRTIMER_MODE_REL), 0);	/* no sleep at all */
	KT_EQ(ktime_get_ns(), 255000);
	return 0;
}

KTEST(sleep, wait_event_timeout)
{
	struct timer_list t;
	long left;

	timer_setup(&t, kt_set_flag, 0);
	kt_flag = 0;
	mod_timer(&t, jiffies + 5);
	/* woken by the timer's wake_up (its bucket: jiffy 6): the jiffies left */
	left = wait_event_timeout(kt_wq, kt_flag, 20);
	KT_EQ(left, 14);
	KT_EQ(ktime_get_ns(), 24000000);
	KT_ASSERT(!waitqueue_active(&kt_wq), "entry left on the queue");
	/* a true condition: at once, the whole timeout (at least 1) */
	KT_EQ(wait_event_timeout(kt_wq, kt_flag, 7), 7);
	KT_EQ(wait_event_interruptible_timeout(kt_wq, kt_flag, 0), 1);
	/* nothing wakes it: 0 after the timeout */
	kt_flag = 0;
	KT_EQ(wait_event_interruptible_timeout(kt_wq, kt_flag, 3), 0);
	KT_EQ(ktime_get_ns(), 40000000);
	/* true at the timeout without a wake: 1, as the kernel's */
	timer_setup(&t, kt_set_flag_quietly, 0);
	mod_timer(&t, jiffies + 2);
	KT_EQ(wait_event_timeout(kt_wq, kt_flag, 4), 1);
	KT_EQ(ktime_get_ns(), 60000000);
	return 0;
}

KTEST(sleep, waits_without_timeout)
{
	unsigned long w0 = qdk_warn_count;

	kt_flag = 0;
	/* nothing can end these: a "signal" for the interruptible ones */
	KT_EQ(wait_event_interruptible(kt_wq, kt_flag), -ERESTARTSYS);
	KT_EQ(wait_event_killable(kt_wq, kt_flag), -ERESTARTSYS);
	KT_EQ(wait_event_interruptible_exclusive(kt_wq, kt_flag), -ERESTARTSYS);
	KT_EQ(qdk_warn_count, w0);
	/* and a warning for the uninterruptible one */
	wait_event(kt_wq, kt_flag);
	KT_EQ(qdk_warn_count, w0 + 1);
	KT_ASSERT(!waitqueue_active(&kt_wq), "entries left");
	kt_flag = 1;
	KT_EQ(wait_event_interruptible(kt_wq, kt_flag), 0);
	wait_event(kt_wq, kt_flag);
	KT_EQ(qdk_warn_count, w0 + 1);
	KT_EQ(ktime_get_ns(), 0);		/* the clock never moved */
	qdk_warn_count = w0;
	return 0;
}

static int kt_calls[4];

static int kt_wake_fn(struct wait_queue_entry *e, unsigned int mode, int flags, void *key)
{
	kt_calls[(long)e->private]++;
	return 1;
}

KTEST(sleep, wake_up_exclusive_and_priority)
{
	struct wait_queue_entry e[4];
	wait_queue_head_t wq;
	int i;

	init_waitqueue_head(&wq);
	for (i = 0; i < 4; i++) {
		init_waitqueue_func_entry(&e[i], kt_wake_fn);
		e[i].private = (void *)(long)i;
	}
	add_wait_queue(&wq, &e[0]);
	add_wait_queue_exclusive(&wq, &e[1]);
	add_wait_queue_exclusive(&wq, &e[2]);
	add_wait_queue_priority(&wq, &e[3]);
	KT_EQ(list_first_entry(&wq.head, struct wait_queue_entry, entry)->private, (void *)3L);
	/* the priority waiter is exclusive: one wake stops there */
	KT_EQ(__wake_up(&wq, TASK_NORMAL, 1, NULL), 1);
	KT_ASSERT(kt_calls[3] == 1 && !kt_calls[0] && !kt_calls[1], "priority first, alone");
	remove_wait_queue(&wq, &e[3]);
	wake_up(&wq);				/* e0, then the first exclusive */
	KT_ASSERT(kt_calls[0] == 1 && kt_calls[1] == 1 && !kt_calls[2], "one exclusive");
	wake_up_nr(&wq, 2);
	KT_ASSERT(kt_calls[1] == 2 && kt_calls[2] == 1, "two exclusive");
	wake_up_all(&wq);
	KT_ASSERT(kt_calls[0] == 3 && kt_calls[1] == 3 && kt_calls[2] == 2, "all");
	for (i = 0; i < 3; i++)
		remove_wait_queue(&wq, &e[i]);
	KT_ASSERT(!wq_has_sleeper(&wq), "emptied");
	return 0;
}

KTEST(sleep, prepare_finish_and_woken)
{
	DEFINE_WAIT(w);
	DEFINE_WAIT_FUNC(wf, woken_wake_function);
	struct timer_list t;

	prepare_to_wait(&kt_wq, &w, TASK_INTERRUPTIBLE);
	KT_ASSERT(wq_has_single_sleeper(&kt_wq), "on the queue");
	/* autoremove: a wake takes it off the queue */
	wake_up_interruptible(&kt_wq);
	KT_ASSERT(list_empty(&w.entry), "autoremoved");
	finish_wait(&kt_wq, &w);
	/* a wake for interruptible sleepers leaves an uninterruptible one */
	prepare_to_wait(&kt_wq, &w, TASK_UNINTERRUPTIBLE);
	wake_up_interruptible(&kt_wq);
	KT_ASSERT(!list_empty(&w.entry), "woken in the wrong state");
	finish_wait(&kt_wq, &w);
	KT_ASSERT(list_empty(&w.entry), "finish_wait");

	add_wait_queue(&kt_wq, &wf);
	timer_setup(&t, kt_set_flag, 0);
	mod_timer(&t, jiffies + 3);
	/* woken by the timer's wake_up at jiffy 4 (the bucket of 3) of 10 */
	KT_EQ(wait_woken(&wf, TASK_INTERRUPTIBLE, 10), 6);
	remove_wait_queue(&kt_wq, &wf);
	return 0;
}

static DEFINE_SPINLOCK(kt_wq_lock_holder);

KTEST(sleep, wait_lock_irq_timeout)
{
	struct timer_list t;
	long left;

	spin_lock_irq(&kt_wq_lock_holder);
	timer_setup(&t, kt_set_flag, 0);
	kt_flag = 0;
	mod_timer(&t, jiffies + 2);
	left = wait_event_lock_irq_timeout(kt_wq, kt_flag, kt_wq_lock_holder, 10);
	KT_EQ(left, 7);
	KT_ASSERT(spin_is_locked(&kt_wq_lock_holder), "the lock is held again");
	spin_unlock_irq(&kt_wq_lock_holder);
	return 0;
}

KTEST(sleep, hrtimeout_waits)
{
	kt_flag = 0;
	KT_EQ(wait_event_hrtimeout(kt_wq, kt_flag, ms_to_ktime(3)), -ETIME);
	KT_EQ(ktime_get_ns(), 3000000);
	kt_flag = 1;
	KT_EQ(wait_event_interruptible_hrtimeout(kt_wq, kt_flag, ms_to_ktime(3)), 0);
	return 0;
}

KTEST(time, timekeeping_clocks)
{
	struct timespec64 ts;

	qdk_time_advance(10 * NSEC_PER_SEC + 5000001);
	KT_EQ(ktime_get_coarse_ns(), 10 * NSEC_PER_SEC + 4000000);	/* last tick */
	KT_EQ(ktime_get_coarse_real_ns() - ktime_get_coarse_ns(), QDK_REALTIME_OFFSET_NS);
	KT_EQ(ktime_get_raw(), ktime_get());
	KT_EQ(ktime_get_boottime_seconds(), 10);
	KT_EQ(ktime_get_real_seconds(), 1700000010);
	KT_EQ(ktime_get_clocktai_seconds(), 1700000047);
	ktime_get_ts64(&ts);
	KT_ASSERT(ts.tv_sec == 10 && ts.tv_nsec == 5000001, "ts64");
	ktime_get_coarse_real_ts64(&ts);
	KT_ASSERT(ts.tv_sec == 1700000010 && ts.tv_nsec == 4000000, "coarse real ts64");
	getboottime64(&ts);
	KT_ASSERT(ts.tv_sec == 1700000000 && ts.tv_nsec == 0, "boot time");
	KT_EQ(ktime_get_with_offset(TK_OFFS_TAI), ktime_get_clocktai());
	KT_EQ(ktime_sub_ms(ms_to_ktime(5), 2), 3000000);
	KT_EQ(timespec64_to_ktime(ts), 1700000000LL * NSEC_PER_SEC);
	KT_ASSERT(!ktime_to_timespec64_cond(0, &ts), "cond of 0");
	return 0;
}

KTEST(time, jiffies_conversions)
{
	struct timespec64 ts = { .tv_sec = 1, .tv_nsec = 1 };

	KT_EQ(timespec64_to_jiffies(&ts), 251);		/* rounded up */
	jiffies_to_timespec64(251, &ts);
	KT_ASSERT(ts.tv_sec == 1 && ts.tv_nsec == 4000000, "to timespec64");
	/* USER_HZ 100 ticks from HZ 250 */
	KT_EQ(jiffies_to_clock_t(10), 4);
	KT_EQ(jiffies_64_to_clock_t(250), 100);
	KT_EQ(clock_t_to_jiffies(4), 10);
	KT_EQ(jiffies_delta_to_msecs(-5), 0);
	KT_EQ(jiffies_delta_to_clock_t(5), 2);
	KT_EQ(secs_to_jiffies(2), 500);
	KT_EQ(__msecs_to_jiffies(5), 2);
	KT_EQ(_usecs_to_jiffies(4001), 2);
	KT_ASSERT(time_in_range_open(jiffies, jiffies, jiffies + 1), "range open");
	KT_ASSERT(!time_in_range_open(jiffies + 1, jiffies, jiffies + 1), "open end");
	KT_ASSERT(time_is_after_jiffies64(get_jiffies_64() + 1), "jiffies64");
	return 0;
}

static int kt_timer_runs;
static int kt_try_del_in_callback;

/* 7.x renamed try_to_del_timer_sync() timer_delete_sync_try() */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define kt_timer_try_del(t)	try_to_del_timer_sync(t)
#else
#define kt_timer_try_del(t)	timer_delete_sync_try(t)
#endif

static void kt_count(struct timer_list *t)
{
	kt_timer_runs++;
	kt_try_del_in_callback = kt_timer_try_del(t);
}

static DEFINE_TIMER(kt_static_timer, kt_count);

KTEST(time, timer_list_extras)
{
	struct timer_list t;

	timer_setup(&t, kt_count, 0);
	KT_EQ(mod_timer_pending(&t, jiffies + 1), 0);	/* not pending: nothing */
	KT_ASSERT(!timer_pending(&t), "armed by mod_timer_pending");
	mod_timer(&t, jiffies + 1);
	KT_EQ(mod_timer_pending(&t, jiffies + 2), 1);
	qdk_time_advance(12000000);	/* jiffy 2's bucket: 3 */
	KT_EQ(kt_timer_runs, 1);
	KT_EQ(kt_try_del_in_callback, -1);		/* its own callback runs */
	kt_static_timer.expires = jiffies + 1;
	add_timer_on(&kt_static_timer, 0);
	KT_EQ(timer_shutdown(&kt_static_timer), 1);
	KT_EQ(mod_timer(&kt_static_timer, jiffies + 1), 0);	/* shut down: ignored */
	KT_ASSERT(!timer_pending(&kt_static_timer), "armed after shutdown");
	KT_EQ(kt_timer_try_del(&t), 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* add_timer_local() pins the timer, add_timer_global() unpins it; both arm it */
	t.expires = jiffies + 1;
	add_timer_local(&t);
	KT_ASSERT(timer_pending(&t) && (t.flags & TIMER_PINNED), "local: pinned, armed");
	KT_EQ(timer_delete(&t), 1);
	add_timer_global(&t);
	KT_ASSERT(timer_pending(&t) && !(t.flags & TIMER_PINNED), "global: unpinned, armed");
	KT_EQ(timer_delete(&t), 1);
#endif
	/*
	 * The kernel's rounding to whole seconds of jiffies: INITIAL_JIFFIES is
	 * 46 past a second (mod 250); within a quarter second (62) past one,
	 * down, else up; jiffies is INITIAL_JIFFIES + 3 here.
	 */
	KT_EQ(INITIAL_JIFFIES % HZ, 46);
	KT_EQ(round_jiffies(INITIAL_JIFFIES + 260) - INITIAL_JIFFIES, 204);
	KT_EQ(round_jiffies_up(INITIAL_JIFFIES + 255) - INITIAL_JIFFIES, 454);
	KT_EQ(round_jiffies_relative(300), 451);
	/* rounded down into the past (INITIAL_JIFFIES - 46): unchanged */
	KT_EQ(round_jiffies(INITIAL_JIFFIES + 210) - INITIAL_JIFFIES, 210 - 6);
	KT_EQ(__round_jiffies(INITIAL_JIFFIES + 10, 0) - INITIAL_JIFFIES, 10);
	return 0;
}

static enum hrtimer_restart kt_hr(struct hrtimer *t)
{
	kt_timer_runs++;
	return HRTIMER_NORESTART;
}

KTEST(time, hrtimer_extras)
{
	struct hrtimer h;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	hrtimer_setup(&h, kt_hr, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
#else
	hrtimer_init(&h, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	h.function = kt_hr;
#endif
	hrtimer_set_expires_range(&h, ms_to_ktime(2), us_to_ktime(10));
	KT_EQ(hrtimer_get_softexpires_tv64(&h), 2000000);
	KT_EQ(hrtimer_get_expires_tv64(&h), 2010000);
	hrtimer_restart(&h);
	KT_EQ(hrtimer_get_remaining(&h), 2010000);
	qdk_time_advance(1000000);
	KT_EQ(hrtimer_expires_remaining(&h), 1010000);
	hrtimer_add_expires(&h, ms_to_ktime(1));
	KT_EQ(hrtimer_get_expires_tv64(&h), 3010000);
	hrtimer_restart(&h);
	qdk_time_advance(3010000);
	KT_EQ(kt_timer_runs, 1);
	KT_EQ(hrtimer_resolution, 1);
	return 0;
}
