/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timer_list on the virtual clock. A timer armed for jiffy E fires when the
 * kernel's timer wheel would run it: at the bucket expiry the wheel rounds
 * E up to (level granularity, relative to jiffies at arming time), exactly at
 * the nanosecond jiffies reaches that value (shim/lib/timer.c).
 */
#ifndef _LINUX_TIMER_H
#define _LINUX_TIMER_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/container_of.h>
#include <linux/rbtree.h>
#include <linux/version.h>
#include <linux/lockdep_types.h>

/*
 * The shim's timer queue entry shared by timer_list and hrtimer. It lives in
 * the timer, as the kernel's hlist/timerqueue nodes do, so arming a timer
 * never allocates and cannot fail.
 */
/*
 * What a queue entry is: the clock runs timers at their expiry, and the
 * deferred work a call queued (a work item, a tasklet: workqueue.h,
 * interrupt.h) at the time it was queued, once the call has returned.
 */
enum {
	QDK_TNODE_TIMER = 1,
	QDK_TNODE_HRTIMER = 2,
	QDK_TNODE_WORK = 3,
	QDK_TNODE_TASKLET = 4,
	QDK_TNODE_BH_WORK = 5,	/* a WQ_BH workqueue's work: runs as a tasklet */
};

struct qdk_tnode {
	struct rb_node rb;	/* in the queue, ordered by (when, seq) */
	u64 when;		/* virtual ns it fires at */
	u64 soft;		/* earliest ns it may fire (hrtimer ranges) */
	u64 seq;		/* arming order: ties fire first-armed first */
	bool queued;
	u8 kind;		/* QDK_TNODE_* */
};

struct timer_list {
	struct hlist_node	entry;
	unsigned long		expires;
	void			(*function)(struct timer_list *);
	u32			flags;
	struct qdk_tnode	__qdk_node;
};

#define TIMER_CPUMASK		0x0003FFFF
#define TIMER_MIGRATING		0x00040000
#define TIMER_BASEMASK		(TIMER_CPUMASK | TIMER_MIGRATING)
#define TIMER_DEFERRABLE	0x00080000
#define TIMER_PINNED		0x00100000
#define TIMER_IRQSAFE		0x00200000
#define TIMER_INIT_FLAGS	(TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)
#define TIMER_ARRAYSHIFT	22
#define TIMER_ARRAYMASK		0xFFC00000
#define TIMER_TRACE_FLAGMASK	(TIMER_MIGRATING | TIMER_DEFERRABLE | TIMER_PINNED | TIMER_IRQSAFE)
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define NEXT_TIMER_MAX_DELTA	((1UL << 30) - 1)
#else
#define TIMER_NEXT_MAX_DELTA	((1UL << 30) - 1)
#endif

/* a timer defined statically is set up as timer_setup(_function, 0) sets it */
#define __TIMER_INITIALIZER(_function, _flags) {			\
		.function = (_function),				\
		.flags = (_flags),					\
		.__qdk_node = { .kind = QDK_TNODE_TIMER },		\
	}
#define DEFINE_TIMER(_name, _function) \
	struct timer_list _name = __TIMER_INITIALIZER(_function, 0)

void timer_setup(struct timer_list *timer,
		 void (*func)(struct timer_list *), unsigned int flags);
int mod_timer(struct timer_list *timer, unsigned long expires);
int timer_reduce(struct timer_list *timer, unsigned long expires);
void add_timer(struct timer_list *timer);
/*
 * The runtime's (shim/lib/time.c): not timer_delete(), which is also the
 * C library's POSIX timer call the test runner links.
 */
int __timer_delete(struct timer_list *timer);
/* only a pending timer is modified; 0 (nothing done) otherwise */
int mod_timer_pending(struct timer_list *timer, unsigned long expires);
/* one CPU: cpu names it; otherwise add_timer() */
void add_timer_on(struct timer_list *timer, int cpu);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* add_timer() with TIMER_PINNED set (_local) or cleared (_global) */
void add_timer_local(struct timer_list *timer);
void add_timer_global(struct timer_list *timer);
#endif
/* delete, and ignore every later arming (the function is gone) */
int timer_shutdown(struct timer_list *timer);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* -1 when called from the timer's own callback, else timer_delete() */
int try_to_del_timer_sync(struct timer_list *timer);
void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags, const char *name, struct lock_class_key *key);

static inline void init_timer_on_stack_key(struct timer_list *timer,
					   void (*func)(struct timer_list *),
					   unsigned int flags, const char *name,
					   struct lock_class_key *key)
{
	init_timer_key(timer, func, flags, name, key);
}

#define timer_setup_on_stack(timer, callback, flags) \
	init_timer_on_stack_key((timer), (callback), (flags), #timer, NULL)

static inline void destroy_timer_on_stack(struct timer_list *timer)
{
}
#else
/* 7.x's names of the same: timer_init_key(), timer_delete_sync_try() ... */
int timer_delete_sync_try(struct timer_list *timer);
void timer_init_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags, const char *name, struct lock_class_key *key);

/* no debug objects in the shim: a timer on the stack is any other */
static inline void timer_init_key_on_stack(struct timer_list *timer,
					   void (*func)(struct timer_list *),
					   unsigned int flags, const char *name,
					   struct lock_class_key *key)
{
	timer_init_key(timer, func, flags, name, key);
}

#define timer_setup_on_stack(timer, callback, flags) \
	timer_init_key_on_stack((timer), (callback), (flags), #timer, NULL)

static inline void timer_destroy_on_stack(struct timer_list *timer)
{
}
#endif

static inline int timer_pending(const struct timer_list *timer)
{
	return timer->__qdk_node.queued;
}

/* every series has timer_delete() (6.1 since 6.1.y); one CPU: _sync is the same */
static inline int timer_delete(struct timer_list *timer)
{
	return __timer_delete(timer);
}

static inline int timer_delete_sync(struct timer_list *timer)
{
	return timer_delete(timer);
}

static inline int timer_shutdown_sync(struct timer_list *timer)
{
	return timer_shutdown(timer);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: del_timer*() are gone, from_timer() is timer_container_of() */
#define timer_container_of(var, callback_timer, timer_fieldname) \
	container_of(callback_timer, typeof(*var), timer_fieldname)
#else
static inline int del_timer(struct timer_list *timer)
{
	return timer_delete(timer);
}

static inline int del_timer_sync(struct timer_list *timer)
{
	return timer_delete(timer);
}

#define from_timer(var, callback_timer, timer_fieldname) \
	container_of(callback_timer, typeof(*var), timer_fieldname)
#endif

/*
 * Rounded to a whole second of jiffies (down within the first quarter
 * second, up otherwise; _up always up), skewed by 3 jiffies per CPU, as
 * kernel/time/timer.c; a result not in the future is the value unchanged.
 */
unsigned long __round_jiffies(unsigned long j, int cpu);
unsigned long __round_jiffies_relative(unsigned long j, int cpu);
unsigned long __round_jiffies_up(unsigned long j, int cpu);
unsigned long __round_jiffies_up_relative(unsigned long j, int cpu);
unsigned long round_jiffies(unsigned long j);
unsigned long round_jiffies_relative(unsigned long j);
unsigned long round_jiffies_up(unsigned long j);
unsigned long round_jiffies_up_relative(unsigned long j);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/stddef.h>
#include <linux/stringify.h>
#endif
