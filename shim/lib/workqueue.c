// SPDX-License-Identifier: GPL-2.0
/*
 * workqueue.c - workqueues on the virtual clock (linux/workqueue.h). A
 * queued work is an entry of the clock's queue due at the time it was
 * queued (qdk_time_defer()): it runs once the call that queued it has
 * returned, in queueing order, as one kworker on one CPU would run it.
 * WORK_STRUCT_PENDING_BIT is set from queueing (or arming a delayed work's
 * timer) until the function starts, as in the kernel, so the function may
 * queue its own work again.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <linux/workqueue.h>
#include <linux/device.h>
#include <linux/preempt.h>
#include <qdk/context.h>

#include "shim.h"

struct workqueue_struct {
	char name[24];
	unsigned int flags;
	bool system;			/* one of system_*_wq: never destroyed */
	int max_active;			/* kept, not enforced */
	int min_active;
	struct workqueue_attrs attrs;	/* what apply_workqueue_attrs() set */
};

static struct workqueue_struct system_wqs[] = {
	{ "events", 0, true },
	{ "events_highpri", WQ_HIGHPRI, true },
	{ "events_long", 0, true },
	{ "events_unbound", WQ_UNBOUND, true },
	{ "events_freezable", WQ_FREEZABLE, true },
	{ "events_power_efficient", WQ_POWER_EFFICIENT, true },
	{ "events_dfl", WQ_UNBOUND, true },
	{ "events_freezable_power_", WQ_FREEZABLE | WQ_POWER_EFFICIENT, true },	/* 23 chars kept */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	{ "events_bh", WQ_BH, true },
	{ "events_bh_highpri", WQ_BH | WQ_HIGHPRI, true },
	{ "events_dfl_long", WQ_UNBOUND, true },
#endif
};

struct workqueue_struct *system_wq = &system_wqs[0];
struct workqueue_struct *system_highpri_wq = &system_wqs[1];
struct workqueue_struct *system_long_wq = &system_wqs[2];
struct workqueue_struct *system_unbound_wq = &system_wqs[3];
struct workqueue_struct *system_freezable_wq = &system_wqs[4];
struct workqueue_struct *system_power_efficient_wq = &system_wqs[5];
struct workqueue_struct *system_freezable_power_efficient_wq = &system_wqs[7];
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct workqueue_struct *system_percpu_wq = &system_wqs[0];
struct workqueue_struct *system_dfl_wq = &system_wqs[6];
struct workqueue_struct *system_bh_wq = &system_wqs[8];
struct workqueue_struct *system_bh_highpri_wq = &system_wqs[9];
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct workqueue_struct *system_dfl_long_wq = &system_wqs[10];
#endif

/* a WQ_BH workqueue runs its work in the softirq, with the tasklets */
static bool wq_is_bh(const struct workqueue_struct *wq)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return wq && (wq->flags & WQ_BH);
#else
	return false;
#endif
}

void __qdk_init_work(struct work_struct *work, work_func_t func)
{
	memset(work, 0, sizeof(*work));
	INIT_LIST_HEAD(&work->entry);
	work->func = func;
}

static bool test_and_set_pending(struct work_struct *work)
{
	return test_and_set_bit(WORK_STRUCT_PENDING_BIT, work_data_bits(work));
}

static void clear_pending(struct work_struct *work)
{
	clear_bit(WORK_STRUCT_PENDING_BIT, work_data_bits(work));
}

/* onto the clock's queue: pending already set by the caller */
static void insert_work(struct workqueue_struct *wq, struct work_struct *work)
{
	work->__qdk_wq = wq;
	qdk_time_defer(&work->__qdk_node, wq_is_bh(wq) ? QDK_TNODE_BH_WORK : QDK_TNODE_WORK);
}

bool queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	/* a disabled work is not queued (disable_work(), 6.12 on) */
	if (work->__qdk_disable)
		return false;
	if (test_and_set_pending(work))
		return false;
	insert_work(wq, work);
	return true;
}

/* the work whose function runs now */
static struct work_struct *running_work;
/* set_worker_desc()'s text, and the work that set it */
static char worker_desc[WORKER_DESC_LEN];
static const struct work_struct *worker_desc_of;

void qdk_work_run(struct qdk_tnode *n)
{
	struct work_struct *work = container_of(n, struct work_struct, __qdk_node);
	struct work_struct *outer = running_work;
	const struct work_struct *outer_desc = worker_desc_of;

	clear_pending(work);
	running_work = work;
	worker_desc_of = NULL;
	work->func(work);
	running_work = outer;
	worker_desc_of = outer_desc;
}

struct work_struct *current_work(void)
{
	return running_work;
}

bool current_is_workqueue_rescuer(void)
{
	return false;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a rescuer, or a worker of a WQ_MEM_RECLAIM workqueue, runs the current work */
bool current_is_workqueue_mem_reclaim(void)
{
	return running_work && running_work->__qdk_wq &&
	       (running_work->__qdk_wq->flags & WQ_MEM_RECLAIM);
}
#endif


__printf(1, 2) void set_worker_desc(const char *fmt, ...)
{
	va_list ap;

	if (!running_work)
		return;
	va_start(ap, fmt);
	vsnprintf(worker_desc, sizeof(worker_desc), fmt, ap);
	va_end(ap);
	worker_desc_of = running_work;
}

const char *qdk_worker_desc(void)
{
	return running_work && worker_desc_of == running_work ? worker_desc : "";
}

/*
 * The caller in process context runs fn now (0); in an interrupt or softirq
 * it is queued on system_wq (1), as the kernel's does.
 */
int execute_in_process_context(work_func_t fn, struct execute_work *ew)
{
	if (!in_interrupt()) {
		fn(&ew->work);
		return 0;
	}
	INIT_WORK(&ew->work, fn);
	schedule_work(&ew->work);
	return 1;
}

/* one CPU: its worker runs func now, the caller waiting as the kernel's does */
int schedule_on_each_cpu(work_func_t func)
{
	struct work_struct work;

	might_sleep();
	INIT_WORK_ONSTACK(&work, func);
	schedule_work(&work);
	flush_work(&work);
	destroy_work_on_stack(&work);
	return 0;
}

unsigned int work_busy(struct work_struct *work)
{
	unsigned int ret = 0;

	if (work_pending(work))
		ret |= WORK_BUSY_PENDING;
	if (running_work == work)
		ret |= WORK_BUSY_RUNNING;
	return ret;
}

bool queue_rcu_work(struct workqueue_struct *wq, struct rcu_work *rwork)
{
	if (test_and_set_pending(&rwork->work))
		return false;
	rwork->wq = wq;
	/* the grace period (call_rcu) is over at once: queue it now */
	insert_work(wq, &rwork->work);
	return true;
}

bool flush_rcu_work(struct rcu_work *rwork)
{
	return flush_work(&rwork->work);
}

long work_on_cpu_key(int cpu, long (*fn)(void *), void *arg, struct lock_class_key *key)
{
	might_sleep();
	return fn(arg);
}

long work_on_cpu_safe_key(int cpu, long (*fn)(void *), void *arg, struct lock_class_key *key)
{
	return work_on_cpu_key(cpu, fn, arg, key);
}

void delayed_work_timer_fn(struct timer_list *t)
{
	struct delayed_work *dwork = container_of(t, struct delayed_work, timer);

	insert_work(dwork->wq, &dwork->work);
}

/* pending already set: the work now, or its timer for delay jiffies */
static void queue_delayed(struct workqueue_struct *wq, struct delayed_work *dwork,
			  unsigned long delay)
{
	dwork->wq = wq;
	dwork->cpu = 0;
	if (!delay) {
		insert_work(wq, &dwork->work);
		return;
	}
	dwork->timer.expires = jiffies + delay;
	add_timer(&dwork->timer);
}

bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			unsigned long delay)
{
	if (dwork->work.__qdk_disable)
		return false;
	if (test_and_set_pending(&dwork->work))
		return false;
	queue_delayed(wq, dwork, delay);
	return true;
}

/* Take a pending work off its timer or queue; whether it was pending. */
static bool try_grab(struct work_struct *work, struct timer_list *timer)
{
	bool pending = work_pending(work);

	if (timer)
		timer_delete(timer);
	qdk_time_cancel(&work->__qdk_node);
	clear_pending(work);
	return pending;
}

bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		      unsigned long delay)
{
	bool pending = try_grab(&dwork->work, &dwork->timer);

	/* cancelled, and not queued again while disabled */
	if (dwork->work.__qdk_disable)
		return pending;
	set_bit(WORK_STRUCT_PENDING_BIT, work_data_bits(&dwork->work));
	queue_delayed(wq, dwork, delay);
	return pending;
}

bool cancel_work(struct work_struct *work)
{
	return try_grab(work, NULL);
}

/* cancel and count one more disable; queueing fails until as many enables */
static bool disable(struct work_struct *work, struct timer_list *timer)
{
	bool pending = try_grab(work, timer);

	if (!WARN_ON_ONCE(work->__qdk_disable == QDK_WORK_DISABLE_MAX))
		work->__qdk_disable++;
	return pending;
}

static bool enable(struct work_struct *work)
{
	if (WARN_ON_ONCE(!work->__qdk_disable))
		return true;
	return --work->__qdk_disable == 0;
}

bool disable_work(struct work_struct *work)
{
	return disable(work, NULL);
}

/* one thread: the work never runs meanwhile, nothing to wait for */
bool disable_work_sync(struct work_struct *work)
{
	return disable(work, NULL);
}

bool enable_work(struct work_struct *work)
{
	return enable(work);
}

bool disable_delayed_work(struct delayed_work *dwork)
{
	return disable(&dwork->work, &dwork->timer);
}

bool disable_delayed_work_sync(struct delayed_work *dwork)
{
	return disable(&dwork->work, &dwork->timer);
}

bool enable_delayed_work(struct delayed_work *dwork)
{
	return enable(&dwork->work);
}

/* nothing runs concurrently: no running instance to wait for */
bool cancel_work_sync(struct work_struct *work)
{
	qdk_ctx_might_sleep_at("cancel_work_sync()", _QDK_RET_IP_);
	return try_grab(work, NULL);
}

bool cancel_delayed_work(struct delayed_work *dwork)
{
	return try_grab(&dwork->work, &dwork->timer);
}

bool cancel_delayed_work_sync(struct delayed_work *dwork)
{
	qdk_ctx_might_sleep_at("cancel_delayed_work_sync()", _QDK_RET_IP_);
	return try_grab(&dwork->work, &dwork->timer);
}

/*
 * Wait for a queued work to finish: here it runs now, at the current time,
 * as the kworker would have run it while the caller slept. false: nothing
 * was queued.
 */
bool flush_work(struct work_struct *work)
{
	qdk_ctx_might_sleep_at("flush_work()", _QDK_RET_IP_);
	if (!qdk_time_cancel(&work->__qdk_node))
		return false;
	qdk_work_run(&work->__qdk_node);
	return true;
}

/* a timer still pending is cut short: its work is queued, then flushed */
bool flush_delayed_work(struct delayed_work *dwork)
{
	qdk_ctx_might_sleep_at("flush_delayed_work()", _QDK_RET_IP_);
	if (timer_delete(&dwork->timer))
		insert_work(dwork->wq, &dwork->work);
	return flush_work(&dwork->work);
}

/* 1..WQ_MAX_ACTIVE, with the kernel's warning for a value outside */
static int clamp_max_active(int max_active, const char *name)
{
	if (max_active < 1 || max_active > WQ_MAX_ACTIVE)
		pr_warn("workqueue: max_active %d requested for %s is out of range, clamping between %d and %d\n",
			max_active, name, 1, WQ_MAX_ACTIVE);
	return clamp_val(max_active, 1, WQ_MAX_ACTIVE);
}

static struct workqueue_struct *valloc_workqueue(const char *fmt, unsigned int flags,
						  int max_active, va_list ap)
{
	struct workqueue_struct *wq;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* a BH workqueue takes only the flags BH allows, and no max_active */
	if ((flags & WQ_BH) &&
	    (WARN_ON_ONCE(flags & ~__WQ_BH_ALLOWS) || WARN_ON_ONCE(max_active)))
		return NULL;
#endif
	wq = kzalloc(sizeof(*wq), GFP_KERNEL);
	if (!wq)
		return NULL;
	vsnprintf(wq->name, sizeof(wq->name), fmt, ap);
	wq->flags = flags;
	wq->max_active = max_active ? clamp_max_active(max_active, wq->name) : WQ_DFL_ACTIVE;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	wq->min_active = min(wq->max_active, WQ_DFL_MIN_ACTIVE);
#endif
	return wq;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
__printf(1, 4) struct workqueue_struct *
alloc_workqueue_noprof(const char *fmt, unsigned int flags, int max_active, ...)
#else
__printf(1, 4) struct workqueue_struct *
alloc_workqueue(const char *fmt, unsigned int flags, int max_active, ...)
#endif
{
	struct workqueue_struct *wq;
	va_list ap;

	va_start(ap, max_active);
	wq = valloc_workqueue(fmt, flags, max_active, ap);
	va_end(ap);
	return wq;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static void devm_workqueue_release(void *wq)
{
	destroy_workqueue(wq);
}

__printf(2, 5) struct workqueue_struct *
devm_alloc_workqueue_noprof(struct device *dev, const char *fmt, unsigned int flags,
			    int max_active, ...)
{
	struct workqueue_struct *wq;
	va_list ap;

	va_start(ap, max_active);
	wq = valloc_workqueue(fmt, flags, max_active, ap);
	va_end(ap);
	if (!wq)
		return NULL;
	if (devm_add_action_or_reset(dev, devm_workqueue_release, wq))
		return NULL;
	return wq;
}

struct workqueue_attrs *alloc_workqueue_attrs_noprof(void)
#else
struct workqueue_attrs *alloc_workqueue_attrs(void)
#endif
{
	struct workqueue_attrs *attrs = kzalloc(sizeof(*attrs), GFP_KERNEL);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (attrs)
		attrs->affn_scope = WQ_AFFN_DFL;
#endif
	return attrs;
}

void free_workqueue_attrs(struct workqueue_attrs *attrs)
{
	kfree(attrs);
}

/*
 * Only an unbound workqueue has attributes (-EINVAL otherwise, as the
 * kernel's); an ordered one keeps its own. Kept, with no pool to apply to.
 */
int apply_workqueue_attrs(struct workqueue_struct *wq, const struct workqueue_attrs *attrs)
{
	might_sleep();		/* wq_pool_mutex */
	if (WARN_ON(!(wq->flags & WQ_UNBOUND)))
		return -EINVAL;
	wq->attrs = *attrs;
	return 0;
}

void workqueue_set_max_active(struct workqueue_struct *wq, int max_active)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* a BH workqueue has no max_active, an ordered one keeps 1 */
	if (WARN_ON(wq->flags & WQ_BH) || WARN_ON(wq->flags & __WQ_ORDERED))
		return;
#else
	if (WARN_ON(wq->flags & __WQ_ORDERED_EXPLICIT))
		return;
#endif
	wq->max_active = clamp_max_active(max_active, wq->name);
	if (wq->flags & WQ_UNBOUND)
		wq->min_active = min(wq->min_active, wq->max_active);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void workqueue_set_min_active(struct workqueue_struct *wq, int min_active)
{
	/* only an unbound, unordered workqueue has a min_active */
	if (WARN_ON((wq->flags & (WQ_BH | WQ_UNBOUND | __WQ_ORDERED)) != WQ_UNBOUND))
		return;
	wq->min_active = clamp(min_active, 0, wq->max_active);
}
#endif

/* what the kernel's compile-time warning is attached to: nothing to do */
void __warn_flushing_systemwide_wq(void)
{
}

/* the limits, as the shim keeps them (the tests' readers) */
int qdk_workqueue_max_active(const struct workqueue_struct *wq)
{
	return wq->max_active;
}

int qdk_workqueue_min_active(const struct workqueue_struct *wq)
{
	return wq->min_active;
}

/*
 * Run what is queued on wq now (and what that queues on it), oldest first;
 * works still on their timer stay there, as in the kernel.
 */
static bool work_on(const struct qdk_tnode *n, const void *wq)
{
	return (n->kind == QDK_TNODE_WORK || n->kind == QDK_TNODE_BH_WORK) &&
	       container_of(n, struct work_struct, __qdk_node)->__qdk_wq == wq;
}

void flush_workqueue(struct workqueue_struct *wq)
{
	struct qdk_tnode *n;

	qdk_ctx_might_sleep_at("flush_workqueue()", _QDK_RET_IP_);

	while ((n = qdk_time_find(work_on, wq)))
		flush_work(container_of(n, struct work_struct, __qdk_node));
}

void __flush_workqueue(struct workqueue_struct *wq)
{
	flush_workqueue(wq);
}

void drain_workqueue(struct workqueue_struct *wq)
{
	qdk_ctx_might_sleep_at("drain_workqueue()", _QDK_RET_IP_);
	flush_workqueue(wq);
}

void destroy_workqueue(struct workqueue_struct *wq)
{
	qdk_ctx_might_sleep_at("destroy_workqueue()", _QDK_RET_IP_);
	if (!wq || wq->system)
		return;
	drain_workqueue(wq);
	kfree(wq);
}
