// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_defer.c - deferred work on the virtual clock: workqueues (queued,
 * delayed, cancelled, flushed) and tasklets, when each runs and in which
 * order.
 */
#include <linux/ctype.h>
#include <linux/interrupt.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/workqueue.h>

#include "ktest.h"
#include "shim.h"

/* what ran, in order: one letter each, and the clock when it ran */
static char ran[16];
static unsigned int nran;
static u64 ran_at[16];

static void note(char c)
{
	ran_at[nran] = ktime_get_ns();
	ran[nran++] = c;
	ran[nran] = '\0';
}

static void reset_notes(void)
{
	nran = 0;
	ran[0] = '\0';
}

/* a failure inside a callback is kept for the case to report */
static const char *cb_fail;
#define KT_ASSERT_VOID(c) do { if (!(c) && !cb_fail) cb_fail = #c; } while (0)

static struct work_struct kt_w1, kt_w2;
static struct delayed_work kt_dw;
static int requeue;

static void w1_fn(struct work_struct *w)
{
	note('1');
	/* pending is clear while it runs: it may queue itself again */
	KT_ASSERT_VOID(!work_pending(w));
	if (requeue-- > 0)
		KT_ASSERT_VOID(schedule_work(w));
}

static void w2_fn(struct work_struct *w)
{
	note('2');
}

static void dw_fn(struct work_struct *w)
{
	KT_ASSERT_VOID(to_delayed_work(w) == &kt_dw);
	note('D');
}

static void t_fn(struct tasklet_struct *t)
{
	note('T');
}

static void t_old_fn(unsigned long data)
{
	note((char)data);
}


KTEST(workqueue, runs_after_the_call_in_order)
{
	reset_notes();
	INIT_WORK(&kt_w1, w1_fn);
	INIT_WORK(&kt_w2, w2_fn);
	qdk_time_advance(1000);
	KT_ASSERT(schedule_work(&kt_w2), "queued");
	KT_ASSERT(schedule_work(&kt_w1), "queued");
	KT_ASSERT(!schedule_work(&kt_w1), "a pending work is not queued twice");
	KT_ASSERT(work_pending(&kt_w1), "pending");
	/* nothing runs while the caller has not returned */
	KT_STREQ(ran, "");
	KT_EQ(qdk_time_next(), 1000);
	/* the clock moving on, even to the same time, runs them first */
	qdk_time_advance(1000);
	KT_STREQ(ran, "21");
	KT_EQ(ran_at[0], 1000);
	KT_ASSERT(!work_pending(&kt_w1), "ran");
	/*
	 * one that queues itself runs again in the same move, at the time it
	 * was queued: the clock reaches 2000 only after both runs
	 */
	requeue = 1;
	schedule_work(&kt_w1);
	qdk_time_advance(2000);
	KT_STREQ(ran, "2111");
	KT_EQ(ran_at[3], 1000);
	KT_EQ(ktime_get_ns(), 2000);
	KT_ASSERT(!cb_fail, "%s", cb_fail);
	return 0;
}

KTEST(workqueue, cancel_and_flush)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("kt_%d", 0, 7);

	KT_ASSERT(wq, "allocated");
	reset_notes();
	INIT_WORK(&kt_w1, w1_fn);
	INIT_WORK(&kt_w2, w2_fn);
	KT_ASSERT(!cancel_work_sync(&kt_w1), "not pending");
	queue_work(wq, &kt_w1);
	KT_ASSERT(cancel_work_sync(&kt_w1), "was pending");
	KT_ASSERT(!work_pending(&kt_w1), "cancelled");
	qdk_time_advance(10);
	KT_STREQ(ran, "");
	/* flush runs it now, as the caller waiting for the kworker sees it */
	queue_work(wq, &kt_w1);
	KT_ASSERT(flush_work(&kt_w1), "flushed");
	KT_STREQ(ran, "1");
	KT_ASSERT(!flush_work(&kt_w1), "nothing to flush");
	queue_work(wq, &kt_w2);
	schedule_work(&kt_w1);
	/* only wq's work */
	flush_workqueue(wq);
	KT_STREQ(ran, "12");
	/* destroy drains what is queued on it */
	queue_work(wq, &kt_w2);
	destroy_workqueue(wq);
	KT_STREQ(ran, "122");
	qdk_time_advance(10);
	KT_STREQ(ran, "1221");
	return 0;
}

KTEST(workqueue, delayed_work_on_the_timer_wheel)
{
	u64 due;

	reset_notes();
	INIT_DELAYED_WORK(&kt_dw, dw_fn);
	/* 10 jiffies at HZ 250 (40 ms), on the timer wheel's bucket */
	KT_ASSERT(schedule_delayed_work(&kt_dw, 10), "queued");
	KT_ASSERT(delayed_work_pending(&kt_dw), "pending while on its timer");
	KT_ASSERT(!schedule_delayed_work(&kt_dw, 1), "not twice");
	due = qdk_time_next();
	KT_ASSERT(due >= 40000000 && due <= 44000000, "due %llu", (unsigned long long)due);
	qdk_time_advance(due - 1);
	KT_STREQ(ran, "");
	qdk_time_advance(due);
	KT_STREQ(ran, "D");
	KT_EQ(ran_at[0], due);
	/* mod_delayed_work moves it; cancel takes it off its timer */
	schedule_delayed_work(&kt_dw, 10);
	KT_ASSERT(mod_delayed_work(system_wq, &kt_dw, 20), "was pending");
	KT_ASSERT(qdk_time_next() >= due + 80000000, "moved");
	due = qdk_time_next();
	qdk_time_advance(due - 1);
	KT_STREQ(ran, "D");
	qdk_time_advance(due);
	KT_STREQ(ran, "DD");
	schedule_delayed_work(&kt_dw, 10);
	KT_ASSERT(cancel_delayed_work_sync(&kt_dw), "was pending");
	KT_ASSERT(!delayed_work_pending(&kt_dw), "cancelled");
	/* a delay of 0 queues the work itself; flush cuts a timer short */
	schedule_delayed_work(&kt_dw, 0);
	KT_EQ(qdk_time_next(), due);
	qdk_time_advance(due);
	KT_STREQ(ran, "DDD");
	schedule_delayed_work(&kt_dw, 100);
	KT_ASSERT(flush_delayed_work(&kt_dw), "flushed");
	KT_STREQ(ran, "DDDD");
	KT_EQ(ran_at[3], due);
	KT_EQ(qdk_time_next(), U64_MAX);
	KT_ASSERT(!cb_fail, "%s", cb_fail);
	return 0;
}

KTEST(workqueue, driven_timer_lists_leave_work_alone)
{
	reset_notes();
	INIT_WORK(&kt_w2, w2_fn);
	qdk_time_drive_timers(true);
	schedule_work(&kt_w2);
	qdk_time_advance(5);
	KT_STREQ(ran, "2");
	return 0;
}

KTEST(tasklet, before_work_and_disabled_waits)
{
	struct tasklet_struct t, old;

	reset_notes();
	INIT_WORK(&kt_w2, w2_fn);
	tasklet_setup(&t, t_fn);
	tasklet_init(&old, t_old_fn, 'o');
	schedule_work(&kt_w2);
	tasklet_schedule(&t);
	tasklet_schedule(&t);
	tasklet_hi_schedule(&old);
	KT_STREQ(ran, "");
	qdk_time_advance(0);
	/* the softirq before the kworker; tasklets in scheduling order; once each */
	KT_STREQ(ran, "To2");
	tasklet_disable(&t);
	tasklet_schedule(&t);
	qdk_time_advance(100);
	KT_STREQ(ran, "To2");
	KT_ASSERT(test_bit(TASKLET_STATE_SCHED, &t.state), "still scheduled");
	/* enabled at 100, it runs when the clock next moves, at 100 */
	tasklet_enable(&t);
	qdk_time_advance(200);
	KT_STREQ(ran, "To2T");
	KT_EQ(ran_at[3], 100);
	/* kill runs a scheduled one first, as the kernel's waits for it */
	tasklet_schedule(&old);
	tasklet_kill(&old);
	KT_STREQ(ran, "To2To");
	KT_ASSERT(!test_bit(TASKLET_STATE_SCHED, &old.state), "unscheduled");
	return 0;
}

KTEST(ctype, kernel_classes)
{
	int c, n = 0;

	KT_ASSERT(isspace(' ') && isspace('\t') && isspace('\v') && isspace('\r'), "spaces");
	KT_ASSERT(!isspace('\0') && !isspace('x'), "no space");
	KT_ASSERT(isdigit('7') && !isdigit('a') && !isdigit(0xb2), "digits");
	KT_ASSERT(isxdigit('F') && isxdigit('a') && !isxdigit('g'), "hex");
	KT_ASSERT(isodigit('7') && !isodigit('8'), "octal");
	KT_ASSERT(ispunct('~') && ispunct(0xd7) && !ispunct(' '), "punct");
	KT_ASSERT(isprint(' ') && !isprint('\n') && !isgraph(' '), "print/graph");
	KT_ASSERT(iscntrl(127) && iscntrl(0) && !iscntrl(0x80), "cntrl: not 128-159");
	/* Latin-1 above 159, unlike the C library's "C" locale */
	KT_ASSERT(isspace(0xa0) && isalpha(0xc0) && isupper(0xde) && islower(0xdf), "latin-1");
	KT_EQ(tolower('A'), 'a');
	KT_EQ(toupper('z'), 'Z');
	KT_EQ(tolower('@'), '@');
	KT_EQ(toupper(0xe9), 0xc9);
	KT_EQ(toupper(0xff), 0xdf);
	KT_EQ(toupper(0xdf), 0xbf);
	KT_EQ(_tolower('Q'), 'q');
	KT_ASSERT(isascii(0x7f) && !isascii(0x80), "ascii");
	KT_EQ(toascii(0xc1), 0x41);
	/* the sizes of the classes over the 256 bytes */
	for (c = 0; c < 256; c++)
		n += isalpha(c);
	KT_EQ(n, 52 + 30 + 32);
	for (c = 0, n = 0; c < 256; c++)
		n += ispunct(c) + iscntrl(c) * 1000;
	KT_EQ(n, 32 + 33 + 33 * 1000);
	return 0;
}
