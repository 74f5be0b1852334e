/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Workqueues on the virtual clock (shim/lib/workqueue.c). Work is queued as
 * in the kernel (a pending work is not queued twice; WORK_STRUCT_PENDING is
 * set from queue_*work() until the function starts, through a delayed
 * work's timer too) and runs, as a kworker would, after the call that queued
 * it returns: at the same virtual time, before the next event of a replay,
 * in the order it was queued (one CPU, so every workqueue is ordered). A
 * delayed work's timer is a timer_list (TIMER_IRQSAFE, as the kernel's
 * __INIT_DELAYED_WORK sets), so it fires when the timer wheel says and its
 * work runs right after. Nothing sleeps: flush_work() and the _sync
 * cancels return at once, having run (flush) or dropped (cancel) the work.
 * 6.12 and 7.x also have system_percpu_wq and system_dfl_wq.
 */
#ifndef _LINUX_WORKQUEUE_H
#define _LINUX_WORKQUEUE_H

#include <linux/atomic.h>
#include <linux/bitops.h>
#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/timer.h>
#include <linux/types.h>
#include <linux/version.h>
#include <linux/kernel.h>
#include <linux/lockdep_types.h>
#include <linux/rcupdate.h>

struct work_struct;
struct workqueue_struct;
typedef void (*work_func_t)(struct work_struct *work);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
enum {
	WORK_STRUCT_PENDING_BIT	= 0,
	/* 6.1's layout of work->data (CONFIG_DEBUG_OBJECTS_WORK off) */
	WORK_STRUCT_INACTIVE_BIT = 1,
	WORK_STRUCT_PWQ_BIT	= 2,
	WORK_STRUCT_LINKED_BIT	= 3,
	WORK_STRUCT_COLOR_SHIFT	= 4,
	WORK_STRUCT_COLOR_BITS	= 4,
	WORK_STRUCT_PENDING	= 1 << WORK_STRUCT_PENDING_BIT,
	WORK_STRUCT_INACTIVE	= 1 << WORK_STRUCT_INACTIVE_BIT,
	WORK_STRUCT_PWQ		= 1 << WORK_STRUCT_PWQ_BIT,
	WORK_STRUCT_LINKED	= 1 << WORK_STRUCT_LINKED_BIT,
	WORK_STRUCT_STATIC	= 0,
	WORK_NR_COLORS		= (1 << WORK_STRUCT_COLOR_BITS),
	WORK_CPU_UNBOUND	= 8192,		/* NR_CPUS */
	WORK_STRUCT_FLAG_BITS	= WORK_STRUCT_COLOR_SHIFT + WORK_STRUCT_COLOR_BITS,
	WORK_OFFQ_FLAG_BASE	= WORK_STRUCT_COLOR_SHIFT,
	__WORK_OFFQ_CANCELING	= WORK_OFFQ_FLAG_BASE,
	WORK_OFFQ_FLAG_BITS	= 1,
	WORK_OFFQ_POOL_SHIFT	= WORK_OFFQ_FLAG_BASE + WORK_OFFQ_FLAG_BITS,
	WORK_OFFQ_LEFT		= BITS_PER_LONG - WORK_OFFQ_POOL_SHIFT,
	WORK_OFFQ_POOL_BITS	= WORK_OFFQ_LEFT <= 31 ? WORK_OFFQ_LEFT : 31,
	WORK_BUSY_PENDING	= 1 << 0,
	WORK_BUSY_RUNNING	= 1 << 1,
	WORKER_DESC_LEN		= 24,
};

#define WORK_OFFQ_CANCELING	(1ul << __WORK_OFFQ_CANCELING)
#define WORK_OFFQ_POOL_NONE	((1ul << WORK_OFFQ_POOL_BITS) - 1)
#define WORK_STRUCT_FLAG_MASK	((1ul << WORK_STRUCT_FLAG_BITS) - 1)
#define WORK_STRUCT_WQ_DATA_MASK	(~WORK_STRUCT_FLAG_MASK)
#define WORK_STRUCT_NO_POOL	(WORK_OFFQ_POOL_NONE << WORK_OFFQ_POOL_SHIFT)
#else
/*
 * 6.12's layout of work->data (CONFIG_DEBUG_OBJECTS_WORK off): four flag
 * bits, then the flush colour while queued, or off queue the BH flag, the
 * 16-bit disable depth and the last pool. The shim keeps only PENDING in
 * data (the disable depth is a member of its own); the values are the
 * kernel's for code that computes with them.
 */
enum work_bits {
	WORK_STRUCT_PENDING_BIT	= 0,
	WORK_STRUCT_INACTIVE_BIT,
	WORK_STRUCT_PWQ_BIT,
	WORK_STRUCT_LINKED_BIT,
	WORK_STRUCT_FLAG_BITS,
	WORK_STRUCT_COLOR_SHIFT	= WORK_STRUCT_FLAG_BITS,
	WORK_STRUCT_COLOR_BITS	= 4,
	WORK_STRUCT_PWQ_SHIFT	= WORK_STRUCT_COLOR_SHIFT + WORK_STRUCT_COLOR_BITS,
	WORK_OFFQ_FLAG_SHIFT	= WORK_STRUCT_FLAG_BITS,
	WORK_OFFQ_BH_BIT	= WORK_OFFQ_FLAG_SHIFT,
	WORK_OFFQ_FLAG_END,
	WORK_OFFQ_FLAG_BITS	= WORK_OFFQ_FLAG_END - WORK_OFFQ_FLAG_SHIFT,
	WORK_OFFQ_DISABLE_SHIFT	= WORK_OFFQ_FLAG_SHIFT + WORK_OFFQ_FLAG_BITS,
	WORK_OFFQ_DISABLE_BITS	= 16,
	WORK_OFFQ_POOL_SHIFT	= WORK_OFFQ_DISABLE_SHIFT + WORK_OFFQ_DISABLE_BITS,
	WORK_OFFQ_LEFT		= BITS_PER_LONG - WORK_OFFQ_POOL_SHIFT,
	WORK_OFFQ_POOL_BITS	= WORK_OFFQ_LEFT <= 31 ? WORK_OFFQ_LEFT : 31,
};

enum work_flags {
	WORK_STRUCT_PENDING	= 1 << WORK_STRUCT_PENDING_BIT,
	WORK_STRUCT_INACTIVE	= 1 << WORK_STRUCT_INACTIVE_BIT,
	WORK_STRUCT_PWQ		= 1 << WORK_STRUCT_PWQ_BIT,
	WORK_STRUCT_LINKED	= 1 << WORK_STRUCT_LINKED_BIT,
	WORK_STRUCT_STATIC	= 0,
};

enum wq_misc_consts {
	WORK_NR_COLORS		= (1 << WORK_STRUCT_COLOR_BITS),
	WORK_CPU_UNBOUND	= 8192,		/* NR_CPUS */
	WORK_BUSY_PENDING	= 1 << 0,
	WORK_BUSY_RUNNING	= 1 << 1,
	WORKER_DESC_LEN		= 32,
};

#define WORK_OFFQ_BH		(1ul << WORK_OFFQ_BH_BIT)
#define WORK_OFFQ_FLAG_MASK	(((1ul << WORK_OFFQ_FLAG_BITS) - 1) << WORK_OFFQ_FLAG_SHIFT)
#define WORK_OFFQ_DISABLE_MASK	(((1ul << WORK_OFFQ_DISABLE_BITS) - 1) << WORK_OFFQ_DISABLE_SHIFT)
#define WORK_OFFQ_POOL_NONE	((1ul << WORK_OFFQ_POOL_BITS) - 1)
#define WORK_STRUCT_NO_POOL	(WORK_OFFQ_POOL_NONE << WORK_OFFQ_POOL_SHIFT)
#define WORK_STRUCT_PWQ_MASK	(~((1ul << WORK_STRUCT_PWQ_SHIFT) - 1))
#endif

#define WORK_DATA_INIT()	ATOMIC_LONG_INIT((unsigned long)WORK_STRUCT_NO_POOL)
#define WORK_DATA_STATIC_INIT()	\
	ATOMIC_LONG_INIT((unsigned long)(WORK_STRUCT_NO_POOL | WORK_STRUCT_STATIC))

struct work_struct {
	atomic_long_t data;		/* WORK_STRUCT_PENDING_BIT */
	struct list_head entry;
	work_func_t func;
	struct workqueue_struct *__qdk_wq;	/* where it is queued */
	u16 __qdk_disable;		/* disable_work() count (6.12's OFFQ disable bits) */
	struct qdk_tnode __qdk_node;	/* in the clock's queue while queued */
};

struct delayed_work {
	struct work_struct work;
	struct timer_list timer;
	struct workqueue_struct *wq;	/* where the timer queues the work */
	int cpu;
};

#define work_data_bits(work) ((unsigned long *)(&(work)->data.counter))
#define work_pending(work) test_bit(WORK_STRUCT_PENDING_BIT, work_data_bits(work))
#define delayed_work_pending(w) work_pending(&(w)->work)

static inline struct delayed_work *to_delayed_work(struct work_struct *work)
{
	return container_of(work, struct delayed_work, work);
}

void delayed_work_timer_fn(struct timer_list *t);

#define __WORK_INITIALIZER(n, f) {					\
	.data = { 0 },							\
	.entry = { &(n).entry, &(n).entry },				\
	.func = (f),							\
}

#define __DELAYED_WORK_INITIALIZER(n, f, tflags) {			\
	.work = __WORK_INITIALIZER((n).work, (f)),			\
	.timer = { .function = delayed_work_timer_fn,			\
		   .flags = (tflags) | TIMER_IRQSAFE,			\
		   .__qdk_node = { .kind = QDK_TNODE_TIMER } },			\
}

#define DECLARE_WORK(n, f)						\
	struct work_struct n = __WORK_INITIALIZER(n, f)

#define DECLARE_DELAYED_WORK(n, f)					\
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, 0)

void __qdk_init_work(struct work_struct *work, work_func_t func);

#define INIT_WORK(_work, _func)		__qdk_init_work((_work), (_func))

#define INIT_DELAYED_WORK(_work, _func) do {				\
	__qdk_init_work(&(_work)->work, (_func));			\
	timer_setup(&(_work)->timer, delayed_work_timer_fn, TIMER_IRQSAFE); \
} while (0)

/* a deferrable timer: on the shim's always-busy CPU it fires as any other */
#define INIT_DEFERRABLE_WORK(_work, _func) do {			\
	__qdk_init_work(&(_work)->work, (_func));			\
	timer_setup(&(_work)->timer, delayed_work_timer_fn,		\
		    TIMER_IRQSAFE | TIMER_DEFERRABLE);			\
} while (0)
#define DECLARE_DEFERRABLE_WORK(n, f)					\
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f, TIMER_DEFERRABLE)
#define INIT_WORK_ONSTACK(_work, _func)		INIT_WORK(_work, _func)
#define INIT_WORK_ONSTACK_KEY(_work, _func, _key)	INIT_WORK(_work, _func)
#define INIT_DELAYED_WORK_ONSTACK(_work, _func)	INIT_DELAYED_WORK(_work, _func)
#define INIT_DEFERRABLE_WORK_ONSTACK(_work, _func)	INIT_DEFERRABLE_WORK(_work, _func)

/* debug objects are off: nothing to tell about a work on the stack */
static inline void __init_work(struct work_struct *work, int onstack)
{
}

static inline void destroy_work_on_stack(struct work_struct *work)
{
}

static inline void destroy_delayed_work_on_stack(struct delayed_work *work)
{
}

static inline unsigned int work_static(struct work_struct *work)
{
	return 0;
}

#define from_work(var, callback_work, work_fieldname)	\
	container_of(callback_work, typeof(*var), work_fieldname)

/* a work queued once an RCU grace period has passed: at once here */
struct rcu_work {
	struct work_struct work;
	struct rcu_head rcu;
	struct workqueue_struct *wq;
};

static inline struct rcu_work *to_rcu_work(struct work_struct *work)
{
	return container_of(work, struct rcu_work, work);
}

#define INIT_RCU_WORK(_work, _func)		INIT_WORK(&(_work)->work, (_func))
#define INIT_RCU_WORK_ONSTACK(_work, _func)	INIT_WORK_ONSTACK(&(_work)->work, (_func))

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
enum {
	WQ_UNBOUND		= 1 << 1,
	WQ_FREEZABLE		= 1 << 2,
	WQ_MEM_RECLAIM		= 1 << 3,
	WQ_HIGHPRI		= 1 << 4,
	WQ_CPU_INTENSIVE	= 1 << 5,
	WQ_SYSFS		= 1 << 6,
	WQ_POWER_EFFICIENT	= 1 << 7,
	__WQ_DRAINING		= 1 << 16,
	__WQ_ORDERED		= 1 << 17,
	__WQ_LEGACY		= 1 << 18,
	__WQ_ORDERED_EXPLICIT	= 1 << 19,
	WQ_MAX_ACTIVE		= 512,
	WQ_MAX_UNBOUND_PER_CPU	= 4,
	WQ_DFL_ACTIVE		= WQ_MAX_ACTIVE / 2,
};

#define WQ_UNBOUND_MAX_ACTIVE	\
	max_t(int, WQ_MAX_ACTIVE, num_possible_cpus() * WQ_MAX_UNBOUND_PER_CPU)

/* 6.1's attributes of an unbound workqueue */
struct workqueue_attrs {
	int nice;
	struct cpumask *cpumask;	/* cpumask_var_t with CONFIG_CPUMASK_OFFSTACK */
	bool no_numa;
};
#else
/* where an unbound workqueue's workers may run (6.5 on) */
enum wq_affn_scope {
	WQ_AFFN_DFL,
	WQ_AFFN_CPU,
	WQ_AFFN_SMT,
	WQ_AFFN_CACHE,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	WQ_AFFN_CACHE_SHARD,
#endif
	WQ_AFFN_NUMA,
	WQ_AFFN_SYSTEM,
	WQ_AFFN_NR_TYPES,
};

/* the attributes of an unbound workqueue; the shim keeps them, no pool uses them */
struct workqueue_attrs {
	int nice;
	struct cpumask *cpumask;	/* cpumask_var_t with CONFIG_CPUMASK_OFFSTACK */
	struct cpumask *__pod_cpumask;
	bool affn_strict;
	enum wq_affn_scope affn_scope;
	bool ordered;
};

enum wq_flags {
	WQ_BH			= 1 << 0,
	WQ_UNBOUND		= 1 << 1,
	WQ_FREEZABLE		= 1 << 2,
	WQ_MEM_RECLAIM		= 1 << 3,
	WQ_HIGHPRI		= 1 << 4,
	WQ_CPU_INTENSIVE	= 1 << 5,
	WQ_SYSFS		= 1 << 6,
	WQ_POWER_EFFICIENT	= 1 << 7,
	WQ_PERCPU		= 1 << 8,
	__WQ_DESTROYING		= 1 << 15,
	__WQ_DRAINING		= 1 << 16,
	__WQ_ORDERED		= 1 << 17,
	__WQ_LEGACY		= 1 << 18,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	__WQ_DEPRECATED		= 1 << 19,
	__WQ_BH_ALLOWS		= WQ_BH | WQ_HIGHPRI | WQ_PERCPU,
#else
	__WQ_BH_ALLOWS		= WQ_BH | WQ_HIGHPRI,
#endif
};

enum wq_consts {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	WQ_MAX_ACTIVE		= 2048,
#else
	WQ_MAX_ACTIVE		= 512,
#endif
	WQ_UNBOUND_MAX_ACTIVE	= WQ_MAX_ACTIVE,
	WQ_DFL_ACTIVE		= WQ_MAX_ACTIVE / 2,
	WQ_DFL_MIN_ACTIVE	= 8,
};
#endif

/* run fn in process context: now when the caller is in one, else as a work */
struct execute_work {
	struct work_struct work;
};

int execute_in_process_context(work_func_t fn, struct execute_work *ew);

extern struct workqueue_struct *system_wq;
extern struct workqueue_struct *system_highpri_wq;
extern struct workqueue_struct *system_long_wq;
extern struct workqueue_struct *system_unbound_wq;
extern struct workqueue_struct *system_freezable_wq;
extern struct workqueue_struct *system_power_efficient_wq;
extern struct workqueue_struct *system_freezable_power_efficient_wq;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
extern struct workqueue_struct *system_percpu_wq;
extern struct workqueue_struct *system_dfl_wq;
/* WQ_BH: work runs in the softirq, as a tasklet would (before process-context work) */
extern struct workqueue_struct *system_bh_wq;
extern struct workqueue_struct *system_bh_highpri_wq;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
extern struct workqueue_struct *system_dfl_long_wq;
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
__printf(1, 4) struct workqueue_struct *
alloc_workqueue_noprof(const char *fmt, unsigned int flags, int max_active, ...);
#define alloc_workqueue(...)	alloc_hooks(alloc_workqueue_noprof(__VA_ARGS__))

struct device;
/* destroyed when the device's devm_ resources are released */
__printf(2, 5) struct workqueue_struct *
devm_alloc_workqueue_noprof(struct device *dev, const char *fmt, unsigned int flags,
			    int max_active, ...);
#define devm_alloc_workqueue(...)	alloc_hooks(devm_alloc_workqueue_noprof(__VA_ARGS__))
#define devm_alloc_ordered_workqueue(dev, fmt, flags, args...)		\
	devm_alloc_workqueue(dev, fmt, WQ_UNBOUND | __WQ_ORDERED | (flags), 1, ##args)

struct workqueue_attrs *alloc_workqueue_attrs_noprof(void);
#define alloc_workqueue_attrs(...)	alloc_hooks(alloc_workqueue_attrs_noprof(__VA_ARGS__))
#else
__printf(1, 4) struct workqueue_struct *
alloc_workqueue(const char *fmt, unsigned int flags, int max_active, ...);
struct workqueue_attrs *alloc_workqueue_attrs(void);
#endif
void free_workqueue_attrs(struct workqueue_attrs *attrs);
int apply_workqueue_attrs(struct workqueue_struct *wq, const struct workqueue_attrs *attrs);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define alloc_ordered_workqueue(fmt, flags, args...)			\
	alloc_workqueue(fmt, WQ_UNBOUND | __WQ_ORDERED | (flags), 1, ##args)
#else
#define alloc_ordered_workqueue(fmt, flags, args...)			\
	alloc_workqueue(fmt, WQ_UNBOUND | __WQ_ORDERED | __WQ_ORDERED_EXPLICIT | (flags), \
			1, ##args)
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define create_workqueue(name)						\
	alloc_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM | WQ_PERCPU, 1, (name))
#else
#define create_workqueue(name)						\
	alloc_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM, 1, (name))
#endif
#define create_singlethread_workqueue(name)				\
	alloc_ordered_workqueue("%s", __WQ_LEGACY | WQ_MEM_RECLAIM, name)
#define create_freezable_workqueue(name)				\
	alloc_workqueue("%s", __WQ_LEGACY | WQ_FREEZABLE | WQ_UNBOUND | WQ_MEM_RECLAIM, 1, (name))
void destroy_workqueue(struct workqueue_struct *wq);
void flush_workqueue(struct workqueue_struct *wq);
void __flush_workqueue(struct workqueue_struct *wq);

/*
 * The kernel's nag for flushing a system workqueue is a compile-time warning
 * attribute on an empty function; the shim keeps the empty function.
 */
void __warn_flushing_systemwide_wq(void);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define flush_scheduled_work()	({ __warn_flushing_systemwide_wq(); __flush_workqueue(system_wq); })
#else
#define flush_scheduled_work()						\
({									\
	if (0)								\
		__warn_flushing_systemwide_wq();			\
	__flush_workqueue(system_wq);					\
})
#endif

/* max_active is kept and reported, not enforced (every work runs when due) */
void workqueue_set_max_active(struct workqueue_struct *wq, int max_active);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void workqueue_set_min_active(struct workqueue_struct *wq, int min_active);
#endif
/* the running work's description, as a kworker's comm shows it */
__printf(1, 2) void set_worker_desc(const char *fmt, ...);
/* the shim's own readers: the running work's description ("" outside one), limits */
const char *qdk_worker_desc(void);
int qdk_workqueue_max_active(const struct workqueue_struct *wq);
int qdk_workqueue_min_active(const struct workqueue_struct *wq);
/* no rescuer: the one worker never waits for memory */
bool current_is_workqueue_rescuer(void);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
bool current_is_workqueue_mem_reclaim(void);
#endif
/* fn on every CPU's worker, waited for: the one CPU's, now */
int schedule_on_each_cpu(work_func_t func);
void drain_workqueue(struct workqueue_struct *wq);

bool queue_work(struct workqueue_struct *wq, struct work_struct *work);
bool queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			unsigned long delay);
bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		      unsigned long delay);
bool flush_work(struct work_struct *work);
bool flush_delayed_work(struct delayed_work *dwork);
bool cancel_work(struct work_struct *work);
bool cancel_work_sync(struct work_struct *work);
bool cancel_delayed_work(struct delayed_work *dwork);
bool cancel_delayed_work_sync(struct delayed_work *dwork);

/* no max_active limit here, so no work waits behind others: never congested */
static inline bool workqueue_congested(int cpu, struct workqueue_struct *wq)
{
	return false;
}

/* 6.12's disable count: 16 bits of work->data off queue */
#define QDK_WORK_DISABLE_MAX	((1U << 16) - 1)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * Disable (cancelling it; true when it was pending) and enable again; while
 * disabled, queueing fails. enable_*() is true when the count reached 0.
 */
bool disable_work(struct work_struct *work);
bool disable_work_sync(struct work_struct *work);
bool enable_work(struct work_struct *work);
bool disable_delayed_work(struct delayed_work *dwork);
bool disable_delayed_work_sync(struct delayed_work *dwork);
bool enable_delayed_work(struct delayed_work *dwork);

static inline bool enable_and_queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	if (enable_work(work)) {
		queue_work(wq, work);
		return true;
	}
	return false;
}
#endif

/* the work the calling worker runs, NULL outside a work */
struct work_struct *current_work(void);
/* WORK_BUSY_PENDING and/or WORK_BUSY_RUNNING */
unsigned int work_busy(struct work_struct *work);
/* queued after the (immediate) grace period; false when already pending */
bool queue_rcu_work(struct workqueue_struct *wq, struct rcu_work *rwork);
bool flush_rcu_work(struct rcu_work *rwork);
/* fn(arg) on a worker of cpu, waited for: the one CPU runs it now */
long work_on_cpu_key(int cpu, long (*fn)(void *), void *arg, struct lock_class_key *key);
long work_on_cpu_safe_key(int cpu, long (*fn)(void *), void *arg, struct lock_class_key *key);
#define work_on_cpu(_cpu, _fn, _arg)		work_on_cpu_key(_cpu, _fn, _arg, NULL)
#define work_on_cpu_safe(_cpu, _fn, _arg)	work_on_cpu_safe_key(_cpu, _fn, _arg, NULL)

/* one CPU: the _on variants queue where the others do */
#define queue_work_node(node, wq, work)		queue_work((wq), (work))
#define queue_work_on(cpu, wq, work)		queue_work((wq), (work))
#define queue_delayed_work_on(cpu, wq, dw, d)	queue_delayed_work((wq), (dw), (d))
#define mod_delayed_work_on(cpu, wq, dw, d)	mod_delayed_work((wq), (dw), (d))

static inline bool schedule_work(struct work_struct *work)
{
	return queue_work(system_wq, work);
}

static inline bool schedule_delayed_work(struct delayed_work *dwork, unsigned long delay)
{
	return queue_delayed_work(system_wq, dwork, delay);
}

static inline bool schedule_work_on(int cpu, struct work_struct *work)
{
	return queue_work_on(cpu, system_wq, work);
}

static inline bool schedule_delayed_work_on(int cpu, struct delayed_work *dwork,
					    unsigned long delay)
{
	return queue_delayed_work_on(cpu, system_wq, dwork, delay);
}

/* the workqueue watchdog is not modelled: nothing to reset */
static inline void wq_watchdog_touch(int cpu)
{
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/linkage.h>
#include <linux/lockdep.h>
#endif
