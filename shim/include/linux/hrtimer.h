/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hrtimers on the virtual clock. A timer started for [expires, expires +
 * delta] fires at its hard expiry (expires + delta), or earlier when another
 * timer fires at or after its soft expiry, as the hrtimer interrupt does.
 * Every clock base reads the same virtual clock; absolute times on
 * CLOCK_REALTIME/TAI are converted with the fixed offsets in ktime.h.
 */
#ifndef _LINUX_HRTIMER_H
#define _LINUX_HRTIMER_H

#include <linux/types.h>
#include <linux/ktime.h>
#include <linux/timer.h>
#include <linux/time.h>

#define CLOCK_REALTIME		0
#define CLOCK_MONOTONIC		1
#define CLOCK_BOOTTIME		7
#define CLOCK_TAI		11

enum hrtimer_mode {
	HRTIMER_MODE_ABS	= 0x00,
	HRTIMER_MODE_REL	= 0x01,
	HRTIMER_MODE_PINNED	= 0x02,
	HRTIMER_MODE_SOFT	= 0x04,
	HRTIMER_MODE_HARD	= 0x08,

	HRTIMER_MODE_ABS_PINNED = HRTIMER_MODE_ABS | HRTIMER_MODE_PINNED,
	HRTIMER_MODE_REL_PINNED = HRTIMER_MODE_REL | HRTIMER_MODE_PINNED,

	HRTIMER_MODE_ABS_SOFT	= HRTIMER_MODE_ABS | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_SOFT	= HRTIMER_MODE_REL | HRTIMER_MODE_SOFT,

	HRTIMER_MODE_ABS_PINNED_SOFT = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_SOFT,
	HRTIMER_MODE_REL_PINNED_SOFT = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_SOFT,

	HRTIMER_MODE_ABS_HARD	= HRTIMER_MODE_ABS | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_HARD	= HRTIMER_MODE_REL | HRTIMER_MODE_HARD,

	HRTIMER_MODE_ABS_PINNED_HARD = HRTIMER_MODE_ABS_PINNED | HRTIMER_MODE_HARD,
	HRTIMER_MODE_REL_PINNED_HARD = HRTIMER_MODE_REL_PINNED | HRTIMER_MODE_HARD,
};

enum hrtimer_restart {
	HRTIMER_NORESTART,
	HRTIMER_RESTART,
};

#define HRTIMER_STATE_INACTIVE	0x00
#define HRTIMER_STATE_ENQUEUED	0x01

/* the clock bases of a CPU; every one reads the virtual clock here */
enum hrtimer_base_type {
	HRTIMER_BASE_MONOTONIC,
	HRTIMER_BASE_REALTIME,
	HRTIMER_BASE_BOOTTIME,
	HRTIMER_BASE_TAI,
	HRTIMER_BASE_MONOTONIC_SOFT,
	HRTIMER_BASE_REALTIME_SOFT,
	HRTIMER_BASE_BOOTTIME_SOFT,
	HRTIMER_BASE_TAI_SOFT,
	HRTIMER_MAX_CLOCK_BASES,
};

/* high resolution: 1 ns */
extern unsigned int hrtimer_resolution;

struct hrtimer {
	ktime_t			_softexpires;	/* on the timer's own clock */
	ktime_t			node_expires;	/* hard expiry, own clock */
	enum hrtimer_restart	(*function)(struct hrtimer *);
	clockid_t		clockid;
	u8			state;
	u8			is_rel;
	u8			is_soft;
	u8			is_hard;
	/*
	 * fires on the virtual clock even when a trace's t lines drive the
	 * timers: the qdisc watchdog and the sleepers, kernel timers that
	 * the recorder does not follow (shim/lib/time.c)
	 */
	u8			__qdk_clocked;
	struct qdk_tnode	__qdk_node;
};

/* The runtime's initialiser (shim/lib/time.c); the series' API wraps it. */
void __hrtimer_init(struct hrtimer *timer, clockid_t which_clock,
		    enum hrtimer_mode mode);

struct hrtimer_sleeper;
/* lib/wait.c: the sleeper's timer wakes the task */
void __hrtimer_init_sleeper(struct hrtimer_sleeper *sl, clockid_t clock_id, enum hrtimer_mode mode);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: the callback is set with the timer; hrtimer_init() is gone */
static inline void hrtimer_setup_on_stack(struct hrtimer *timer,
					  enum hrtimer_restart (*function)(struct hrtimer *),
					  clockid_t clock_id, enum hrtimer_mode mode)
{
	__hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}

static inline void hrtimer_setup_sleeper_on_stack(struct hrtimer_sleeper *sl, clockid_t clock_id,
						  enum hrtimer_mode mode)
{
	__hrtimer_init_sleeper(sl, clock_id, mode);
}

static inline void hrtimer_setup(struct hrtimer *timer,
				 enum hrtimer_restart (*function)(struct hrtimer *),
				 clockid_t clock_id, enum hrtimer_mode mode)
{
	__hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}
#else
static inline void hrtimer_init(struct hrtimer *timer, clockid_t which_clock,
				enum hrtimer_mode mode)
{
	__hrtimer_init(timer, which_clock, mode);
}

static inline void hrtimer_init_on_stack(struct hrtimer *timer, clockid_t which_clock,
					 enum hrtimer_mode mode)
{
	__hrtimer_init(timer, which_clock, mode);
}

static inline void hrtimer_init_sleeper(struct hrtimer_sleeper *sl, clockid_t clock_id,
					enum hrtimer_mode mode)
{
	__hrtimer_init_sleeper(sl, clock_id, mode);
}

static inline void hrtimer_init_sleeper_on_stack(struct hrtimer_sleeper *sl, clockid_t clock_id,
						 enum hrtimer_mode mode)
{
	__hrtimer_init_sleeper(sl, clock_id, mode);
}
#endif
void hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim,
			    u64 range_ns, const enum hrtimer_mode mode);
int hrtimer_cancel(struct hrtimer *timer);
int hrtimer_try_to_cancel(struct hrtimer *timer);
u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval);
ktime_t hrtimer_cb_get_time(struct hrtimer *timer);

static inline void hrtimer_start(struct hrtimer *timer, ktime_t tim,
				 const enum hrtimer_mode mode)
{
	hrtimer_start_range_ns(timer, tim, 0, mode);
}

static inline void hrtimer_start_expires(struct hrtimer *timer,
					 enum hrtimer_mode mode)
{
	hrtimer_start_range_ns(timer, timer->_softexpires,
			       timer->node_expires - timer->_softexpires, mode);
}

static inline bool hrtimer_is_queued(struct hrtimer *timer)
{
	return timer->__qdk_node.queued;
}

static inline bool hrtimer_active(const struct hrtimer *timer)
{
	return timer->__qdk_node.queued || timer->state;
}

static inline int hrtimer_callback_running(struct hrtimer *timer)
{
	return timer->state == 2;
}

static inline ktime_t hrtimer_get_expires(const struct hrtimer *timer)
{
	return timer->node_expires;
}

static inline ktime_t hrtimer_get_softexpires(const struct hrtimer *timer)
{
	return timer->_softexpires;
}

static inline s64 hrtimer_get_expires_ns(const struct hrtimer *timer)
{
	return timer->node_expires;
}

static inline void hrtimer_set_expires(struct hrtimer *timer, ktime_t time)
{
	timer->node_expires = time;
	timer->_softexpires = time;
}

static inline void hrtimer_set_expires_range_ns(struct hrtimer *timer,
						ktime_t time, u64 delta)
{
	timer->_softexpires = time;
	timer->node_expires = time + delta;
}

static inline void hrtimer_add_expires_ns(struct hrtimer *timer, u64 ns)
{
	timer->node_expires += ns;
	timer->_softexpires += ns;
}

static inline u64 hrtimer_forward_now(struct hrtimer *timer, ktime_t interval)
{
	return hrtimer_forward(timer, hrtimer_cb_get_time(timer), interval);
}

static inline void hrtimer_set_expires_range(struct hrtimer *timer, ktime_t time, ktime_t delta)
{
	timer->_softexpires = time;
	timer->node_expires = ktime_add_safe(time, delta);
}

static inline void hrtimer_set_expires_tv64(struct hrtimer *timer, s64 tv64)
{
	hrtimer_set_expires(timer, tv64);
}

static inline void hrtimer_add_expires(struct hrtimer *timer, ktime_t time)
{
	timer->node_expires = ktime_add_safe(timer->node_expires, time);
	timer->_softexpires = ktime_add_safe(timer->_softexpires, time);
}

static inline s64 hrtimer_get_expires_tv64(const struct hrtimer *timer)
{
	return timer->node_expires;
}

static inline s64 hrtimer_get_softexpires_tv64(const struct hrtimer *timer)
{
	return timer->_softexpires;
}

/* the time left on the timer's own clock (hard expiry) */
static inline ktime_t hrtimer_expires_remaining(const struct hrtimer *timer)
{
	return ktime_sub(timer->node_expires, hrtimer_cb_get_time((struct hrtimer *)timer));
}

/* high resolution is on: nothing to adjust for a coarse tick */
static inline ktime_t __hrtimer_expires_remaining_adjusted(const struct hrtimer *timer, ktime_t now)
{
	return ktime_sub(timer->node_expires, now);
}

static inline ktime_t hrtimer_expires_remaining_adjusted(const struct hrtimer *timer)
{
	return hrtimer_expires_remaining(timer);
}

static inline ktime_t __hrtimer_get_remaining(const struct hrtimer *timer, bool adjust)
{
	return hrtimer_expires_remaining(timer);
}

static inline ktime_t hrtimer_get_remaining(const struct hrtimer *timer)
{
	return __hrtimer_get_remaining(timer, false);
}

static inline int hrtimer_is_hres_active(struct hrtimer *timer)
{
	return 1;
}

/* start it again at the expiry it has */
static inline void hrtimer_restart(struct hrtimer *timer)
{
	hrtimer_start_expires(timer, HRTIMER_MODE_ABS);
}

/* one CPU: a running callback is this call's own caller, nothing to wait for */
static inline void hrtimer_cancel_wait_running(struct hrtimer *timer)
{
}

static inline void destroy_hrtimer_on_stack(struct hrtimer *timer)
{
}

/*
 * A sleeper: the timer wakes the task that sleeps on it (lib/wait.c); task
 * is NULL once it fired.
 */
struct task_struct;
struct hrtimer_sleeper {
	struct hrtimer timer;
	struct task_struct *task;
};

void hrtimer_sleeper_start_expires(struct hrtimer_sleeper *sl, enum hrtimer_mode mode);
int schedule_hrtimeout_range(ktime_t *expires, u64 delta, const enum hrtimer_mode mode);
int schedule_hrtimeout_range_clock(ktime_t *expires, u64 delta, const enum hrtimer_mode mode,
				   clockid_t clock_id);
int schedule_hrtimeout(ktime_t *expires, const enum hrtimer_mode mode);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/rbtree.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/percpu.h>
#include <linux/seqlock.h>
#endif
