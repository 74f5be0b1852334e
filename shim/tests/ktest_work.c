// SPDX-License-Identifier: GPL-2.0
/* ktest_work.c - workqueue.h's and interrupt.h's extras on the virtual clock. */
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/workqueue.h>

#include "ktest.h"
#include "shim.h"

static struct work_struct *kt_seen_current;
static unsigned int kt_seen_busy;
static int kt_runs;

static void kt_work_fn(struct work_struct *w)
{
	kt_seen_current = current_work();
	kt_seen_busy = work_busy(w);
	kt_runs++;
}

static long kt_on_cpu(void *arg)
{
	return *(long *)arg * 2;
}

KTEST(workqueue, current_and_busy)
{
	struct work_struct w;
	struct rcu_work rw;
	long arg = 21;

	INIT_WORK_ONSTACK(&w, kt_work_fn);
	KT_ASSERT(!current_work(), "outside a work");
	KT_EQ(work_busy(&w), 0);
	KT_ASSERT(schedule_work_on(0, &w), "queued");
	KT_EQ(work_busy(&w), WORK_BUSY_PENDING);
	qdk_time_advance(0);
	KT_ASSERT(kt_seen_current == &w, "current_work in the work");
	KT_EQ(kt_seen_busy, WORK_BUSY_RUNNING);
	destroy_work_on_stack(&w);

	INIT_RCU_WORK(&rw, kt_work_fn);
	KT_ASSERT(queue_rcu_work(system_wq, &rw), "rcu work queued");
	KT_ASSERT(!queue_rcu_work(system_wq, &rw), "pending already");
	KT_ASSERT(flush_rcu_work(&rw), "flushed");
	KT_EQ(kt_runs, 2);
	KT_ASSERT(to_rcu_work(&rw.work) == &rw, "to_rcu_work");
	KT_EQ(work_on_cpu(0, kt_on_cpu, &arg), 42);
	return 0;
}

static struct delayed_work kt_dw;

static void kt_dw_fn(struct work_struct *w)
{
	kt_runs++;
}

KTEST(workqueue, deferrable_and_flush_scheduled)
{
	struct workqueue_struct *wq = create_freezable_workqueue("kt");

	INIT_DEFERRABLE_WORK(&kt_dw, kt_dw_fn);
	KT_ASSERT(kt_dw.timer.flags & TIMER_DEFERRABLE, "deferrable timer");
	KT_ASSERT(schedule_delayed_work_on(0, &kt_dw, 2), "armed");
	/* the timer for jiffy 2 runs at its bucket, jiffy 3 */
	qdk_time_advance(8000000);
	KT_EQ(kt_runs, 0);
	qdk_time_advance(12000000);
	KT_EQ(kt_runs, 1);
	KT_ASSERT(queue_delayed_work(system_freezable_power_efficient_wq, &kt_dw, 0), "now");
	flush_workqueue(system_freezable_power_efficient_wq);
	KT_EQ(kt_runs, 2);
	INIT_WORK(&kt_dw.work, kt_dw_fn);
	schedule_work(&kt_dw.work);
	flush_scheduled_work();
	KT_EQ(kt_runs, 3);
	destroy_workqueue(wq);
	return 0;
}

static int kt_tl_runs, kt_tl_bad;
#define KT_ASSERT_VOID_RUN(c) do { if (!(c)) kt_tl_bad++; } while (0)

static void kt_tl_fn(struct tasklet_struct *t)
{
	kt_tl_runs++;
	/* its own RUN bit is set while it runs */
	KT_ASSERT_VOID_RUN(!tasklet_trylock(t));
}

KTEST(tasklet, trylock_unlock)
{
	struct tasklet_struct t;
	unsigned long w0 = qdk_warn_count;

	tasklet_setup(&t, kt_tl_fn);
	KT_EQ(tasklet_trylock(&t), 1);
	KT_EQ(tasklet_trylock(&t), 0);
	tasklet_unlock(&t);
	tasklet_unlock_wait(&t);
	KT_EQ(qdk_warn_count, w0);
	tasklet_schedule(&t);
	qdk_time_advance(0);
	KT_EQ(kt_tl_runs, 1);
	KT_EQ(kt_tl_bad, 0);
	KT_EQ(NR_SOFTIRQS, 10);
	KT_EQ(TASKLET_SOFTIRQ, 6);
	return 0;
}

#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(workqueue, disable_enable)
{
	struct work_struct w;
	struct delayed_work dw;

	kt_runs = 0;
	INIT_WORK(&w, kt_dw_fn);
	KT_ASSERT(schedule_work(&w), "queued");
	KT_ASSERT(disable_work(&w), "was pending");	/* and is cancelled */
	KT_ASSERT(!schedule_work(&w), "disabled: not queued");
	KT_ASSERT(!disable_work_sync(&w), "twice, not pending");
	KT_ASSERT(!enable_work(&w), "one disable left");
	KT_ASSERT(!schedule_work(&w), "still disabled");
	KT_ASSERT(enable_and_queue_work(system_wq, &w), "enabled and queued");
	qdk_time_advance(0);
	KT_EQ(kt_runs, 1);

	INIT_DELAYED_WORK(&dw, kt_dw_fn);
	KT_ASSERT(schedule_delayed_work(&dw, 5), "armed");
	KT_ASSERT(disable_delayed_work_sync(&dw), "was armed");
	KT_ASSERT(!timer_pending(&dw.timer), "timer stopped");
	KT_ASSERT(!mod_delayed_work(system_wq, &dw, 1), "mod of a disabled one");
	KT_ASSERT(!delayed_work_pending(&dw), "not requeued");
	KT_ASSERT(enable_delayed_work(&dw), "enabled");
	KT_ASSERT(schedule_delayed_work(&dw, 0), "queued again");
	qdk_time_advance(0);
	KT_EQ(kt_runs, 2);
	return 0;
}
#endif
