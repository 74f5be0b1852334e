// SPDX-License-Identifier: GPL-2.0
/* ktest_work.c - workqueue.h's and interrupt.h's extras on the virtual clock. */
#include <linux/interrupt.h>
#include <linux/kernel.h>
#include <linux/workqueue.h>
#include <linux/bottom_half.h>
#include <linux/string.h>

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

static int kt_order[4], kt_norder;
static bool kt_in_softirq;

static void kt_order_work(struct work_struct *w)
{
	kt_order[kt_norder++] = 1;
	kt_in_softirq = in_serving_softirq();
	set_worker_desc("kt %d", 7);
	kt_tl_bad += strcmp(qdk_worker_desc(), "kt 7") != 0;
}

static void kt_order_tl(struct tasklet_struct *t)
{
	kt_order[kt_norder++] = 2;
}

static void kt_exec_fn(struct work_struct *w)
{
	kt_runs++;
	kt_in_softirq = in_serving_softirq();
}

KTEST(workqueue, execute_in_process_context_and_each_cpu)
{
	struct execute_work ew;

	kt_runs = 0;
	/* process context: run now, 0 */
	KT_EQ(execute_in_process_context(kt_exec_fn, &ew), 0);
	KT_EQ(kt_runs, 1);
	/* in a softirq: queued on system_wq, 1, and run later in a worker */
	local_bh_disable();
	preempt_count_add(SOFTIRQ_OFFSET);
	KT_EQ(execute_in_process_context(kt_exec_fn, &ew), 1);
	preempt_count_sub(SOFTIRQ_OFFSET);
	local_bh_enable();
	KT_EQ(kt_runs, 1);
	KT_ASSERT(work_pending(&ew.work), "queued");
	qdk_time_advance(0);
	KT_EQ(kt_runs, 2);
	KT_ASSERT(!kt_in_softirq, "a worker's process context");
	KT_EQ(schedule_on_each_cpu(kt_exec_fn), 0);
	KT_EQ(kt_runs, 3);
	KT_ASSERT(!current_is_workqueue_rescuer(), "no rescuer");
	KT_STREQ(qdk_worker_desc(), "");
	return 0;
}

KTEST(workqueue, max_active_and_attrs)
{
	struct workqueue_struct *wq = alloc_workqueue("kt%d", WQ_UNBOUND, 0, 1);
	struct workqueue_struct *owq = alloc_ordered_workqueue("kto", 0);
	struct workqueue_attrs *attrs = alloc_workqueue_attrs();
	unsigned long w0 = qdk_warn_count;

	KT_ASSERT(wq && owq && attrs, "allocated");
	KT_EQ(qdk_workqueue_max_active(wq), WQ_DFL_ACTIVE);
	workqueue_set_max_active(wq, 4);
	KT_EQ(qdk_workqueue_max_active(wq), 4);
	/* out of range: clamped to 1..WQ_MAX_ACTIVE */
	workqueue_set_max_active(wq, 0);
	KT_EQ(qdk_workqueue_max_active(wq), 1);
	workqueue_set_max_active(wq, WQ_MAX_ACTIVE + 1);
	KT_EQ(qdk_workqueue_max_active(wq), WQ_MAX_ACTIVE);
	/* an ordered workqueue keeps its 1 (and warns) */
	KT_EQ(qdk_workqueue_max_active(owq), 1);
	workqueue_set_max_active(owq, 8);
	KT_EQ(qdk_workqueue_max_active(owq), 1);
	KT_EQ(qdk_warn_count, w0 + 1);
	KT_EQ(apply_workqueue_attrs(wq, attrs), 0);
	KT_EQ(apply_workqueue_attrs(system_wq, attrs), -EINVAL);
	KT_EQ(qdk_warn_count, w0 + 2);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(attrs->affn_scope, WQ_AFFN_DFL);
	KT_EQ(qdk_workqueue_min_active(wq), 1);	/* min(max, 8), lowered with max */
	workqueue_set_max_active(wq, 100);
	workqueue_set_min_active(wq, 20);
	KT_EQ(qdk_workqueue_min_active(wq), 20);
	workqueue_set_min_active(wq, 200);
	KT_EQ(qdk_workqueue_min_active(wq), 100);
	KT_EQ(WQ_UNBOUND_MAX_ACTIVE, WQ_MAX_ACTIVE);
	KT_EQ(WORK_OFFQ_POOL_SHIFT, 4 + 1 + 16);
	KT_EQ(WORK_OFFQ_DISABLE_MASK, 0xffffUL << 5);
	KT_EQ(WORKER_DESC_LEN, 32);
#else
	KT_EQ(WORK_OFFQ_POOL_SHIFT, 5);
	KT_EQ(WORKER_DESC_LEN, 24);
#endif
	free_workqueue_attrs(attrs);
	destroy_workqueue(owq);
	destroy_workqueue(wq);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(workqueue, bh_runs_in_softirq_with_tasklets)
{
	struct work_struct w, pw;
	struct tasklet_struct t;
	unsigned long w0 = qdk_warn_count;

	kt_norder = 0;
	kt_tl_bad = 0;
	INIT_WORK(&pw, kt_exec_fn);
	INIT_WORK(&w, kt_order_work);
	tasklet_setup(&t, kt_order_tl);
	/* process-context work, a tasklet, BH work: BH work, tasklet, then the worker */
	KT_ASSERT(queue_work(system_wq, &pw), "queued");
	tasklet_schedule(&t);
	KT_ASSERT(queue_work(system_bh_wq, &w), "queued on bh");
	qdk_time_advance(0);
	KT_EQ(kt_norder, 2);
	KT_EQ(kt_order[0], 1);		/* BH work before the tasklet */
	KT_EQ(kt_order[1], 2);
	KT_ASSERT(!kt_in_softirq, "the process-context work ran last");
	KT_EQ(kt_tl_bad, 0);
	KT_ASSERT(queue_work(system_bh_highpri_wq, &w), "queued on bh highpri");
	qdk_time_advance(0);
	KT_ASSERT(kt_in_softirq, "BH work in the softirq");
	/* flush_workqueue() of a BH queue runs its work too */
	KT_ASSERT(queue_work(system_bh_wq, &w), "queued");
	flush_workqueue(system_bh_wq);
	KT_EQ(kt_norder, 4);
	/* a BH workqueue takes no max_active and only BH's flags */
	KT_ASSERT(!alloc_workqueue("ktbh", WQ_BH, 1), "max_active refused");
	KT_ASSERT(!alloc_workqueue("ktbh", WQ_BH | WQ_UNBOUND, 0), "flag refused");
	KT_EQ(qdk_warn_count, w0 + 2);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
KTEST(tasklet, timer_softirq_pending)
{
	unsigned int old = local_softirq_pending();

	set_softirq_pending(0);
	KT_EQ(local_timers_pending(), 0);
	raise_timer_softirq(TIMER_SOFTIRQ);
	KT_EQ(local_timers_pending(), 1U << TIMER_SOFTIRQ);
	KT_EQ(local_timers_pending_force_th(), 0);
	set_softirq_pending(old);
	return 0;
}
#endif
