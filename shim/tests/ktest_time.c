// SPDX-License-Identifier: GPL-2.0
/* ktest_time.c - virtual clock, jiffies, psched time, timers, watchdog. */
#include <linux/kernel.h>
#include <linux/posix-timers.h>
#include <linux/ktime.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/hrtimer.h>
#include <linux/version.h>
#include <net/pkt_sched.h>

#include "ktest.h"
#include "shim.h"

KTEST(time, clocks_follow_virtual_time)
{
	KT_EQ(ktime_get_ns(), 0);
	KT_EQ(jiffies, INITIAL_JIFFIES);
	KT_EQ(INITIAL_JIFFIES, 4294892296UL);	/* (u32)(-300 * 250) */
	qdk_time_advance(1234567890);
	KT_EQ(ktime_get_ns(), 1234567890);
	KT_EQ(ktime_to_ns(ktime_get()), 1234567890);
	KT_EQ(local_clock(), 1234567890);
	KT_EQ(ktime_get_real_ns() - ktime_get_ns(), QDK_REALTIME_OFFSET_NS);
	KT_EQ(jiffies, INITIAL_JIFFIES + 308);	/* 1.23 s * 250 */
	KT_EQ(jiffies_64, jiffies);
	KT_EQ(psched_get_time(), 1234567890 >> 6);
	KT_EQ(PSCHED_TICKS2NS(psched_get_time()), 1234567872);
	qdk_time_advance(1000);		/* never backwards */
	KT_EQ(ktime_get_ns(), 1234567890);
	return 0;
}

KTEST(time, jiffy_boundaries)
{
	qdk_time_advance(3999999);
	KT_EQ(jiffies, INITIAL_JIFFIES);
	qdk_time_advance(4000000);
	KT_EQ(jiffies, INITIAL_JIFFIES + 1);
	qdk_time_advance(7999999);
	KT_EQ(jiffies, INITIAL_JIFFIES + 1);
	qdk_time_advance(8000000);
	KT_EQ(jiffies, INITIAL_JIFFIES + 2);
	qdk_time_set_hz(1000);
	KT_EQ(jiffies, INITIAL_JIFFIES + 8);
	return 0;
}

KTEST(time, conversions)
{
	KT_EQ(msecs_to_jiffies(0), 0);
	KT_EQ(msecs_to_jiffies(1), 1);
	KT_EQ(msecs_to_jiffies(4), 1);
	KT_EQ(msecs_to_jiffies(5), 2);
	KT_EQ(msecs_to_jiffies(1000), HZ);
	KT_EQ(usecs_to_jiffies(4001), 2);
	KT_EQ(jiffies_to_msecs(3), 12);
	KT_EQ(jiffies_to_usecs(3), 12000);
	KT_EQ(nsecs_to_jiffies(7999999), 1);
	KT_ASSERT(time_after(INITIAL_JIFFIES + 300 * HZ, INITIAL_JIFFIES),
		  "time_after across the wrap");
	KT_EQ(ktime_us_delta(5000, 2000), 3);
	return 0;
}

/* An hrtimer set up with the series' own call (hrtimer_setup() from 7.x). */
static void tst_hrtimer(struct hrtimer *t, enum hrtimer_restart (*fn)(struct hrtimer *),
			enum hrtimer_mode mode)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	hrtimer_setup(t, fn, CLOCK_MONOTONIC, mode);
#else
	hrtimer_init(t, CLOCK_MONOTONIC, mode);
	t->function = fn;
#endif
}

static u64 fired_at[128];
static int fired_order[128];
static int n_fired;

struct tst_hr {
	struct hrtimer t;
	int id;
};

static enum hrtimer_restart hr_fn(struct hrtimer *t)
{
	struct tst_hr *h = container_of(t, struct tst_hr, t);

	fired_at[n_fired] = ktime_get_ns();
	fired_order[n_fired++] = h->id;
	return HRTIMER_NORESTART;
}

KTEST(timer, hrtimers_fire_exactly_in_order)
{
	struct tst_hr h[3];
	int i;

	n_fired = 0;
	for (i = 0; i < 3; i++) {
		tst_hrtimer(&h[i].t, hr_fn, HRTIMER_MODE_ABS_PINNED);
		h[i].id = i;
	}
	hrtimer_start(&h[0].t, 3000, HRTIMER_MODE_ABS_PINNED);
	hrtimer_start(&h[1].t, 1000, HRTIMER_MODE_ABS_PINNED);
	hrtimer_start(&h[2].t, 2000, HRTIMER_MODE_ABS_PINNED);
	KT_EQ(qdk_time_next(), 1000);
	KT_ASSERT(hrtimer_is_queued(&h[0].t), "queued");
	qdk_time_advance(2500);
	KT_EQ(n_fired, 2);
	KT_EQ(fired_order[0], 1);
	KT_EQ(fired_at[0], 1000);
	KT_EQ(fired_order[1], 2);
	KT_EQ(fired_at[1], 2000);
	KT_EQ(ktime_get_ns(), 2500);
	KT_ASSERT(!hrtimer_is_queued(&h[1].t), "fired timers are not queued");
	/* re-arming moves it; cancel removes it */
	hrtimer_start(&h[1].t, 500, HRTIMER_MODE_REL);
	KT_EQ(qdk_time_next(), 3000);
	KT_EQ(hrtimer_cancel(&h[0].t), 1);
	KT_EQ(hrtimer_cancel(&h[0].t), 0);
	qdk_time_advance(10000);
	KT_EQ(n_fired, 3);
	KT_EQ(fired_order[2], 1);
	KT_EQ(fired_at[2], 3000);
	KT_EQ(qdk_time_next(), U64_MAX);
	return 0;
}

KTEST(timer, hrtimer_range_fires_with_earlier_interrupt)
{
	struct tst_hr a, b;

	n_fired = 0;
	tst_hrtimer(&a.t, hr_fn, HRTIMER_MODE_ABS);
	tst_hrtimer(&b.t, hr_fn, HRTIMER_MODE_ABS);
	a.id = 0;
	b.id = 1;
	/* a may run in [1000, 5000]; b's interrupt at 2000 runs it too */
	hrtimer_start_range_ns(&a.t, 1000, 4000, HRTIMER_MODE_ABS);
	hrtimer_start(&b.t, 2000, HRTIMER_MODE_ABS);
	qdk_time_advance(10000);
	KT_EQ(n_fired, 2);
	KT_EQ(fired_order[0], 1);
	KT_EQ(fired_order[1], 0);
	KT_EQ(fired_at[1], 2000);
	/* alone, a range timer waits for its hard expiry */
	n_fired = 0;
	hrtimer_start_range_ns(&a.t, 11000, 4000, HRTIMER_MODE_ABS);
	qdk_time_advance(20000);
	KT_EQ(n_fired, 1);
	KT_EQ(fired_at[0], 15000);
	return 0;
}

static int periodic_runs;

static enum hrtimer_restart periodic_fn(struct hrtimer *t)
{
	periodic_runs++;
	hrtimer_forward_now(t, 1000);
	return periodic_runs < 5 ? HRTIMER_RESTART : HRTIMER_NORESTART;
}

KTEST(timer, hrtimer_restart)
{
	struct hrtimer t;

	periodic_runs = 0;
	tst_hrtimer(&t, periodic_fn, HRTIMER_MODE_REL);
	hrtimer_start(&t, 1000, HRTIMER_MODE_REL);
	qdk_time_advance(3500);
	KT_EQ(periodic_runs, 3);
	KT_EQ(hrtimer_get_expires(&t), 4000);
	qdk_time_advance(100000);
	KT_EQ(periodic_runs, 5);
	KT_ASSERT(!hrtimer_active(&t), "done");
	return 0;
}

struct tst_tl {
	struct timer_list t;
	int id;
};

static void tl_fn(struct timer_list *t)
{
	struct tst_tl *h = container_of(t, struct tst_tl, t);

	fired_at[n_fired] = ktime_get_ns();
	fired_order[n_fired++] = h->id;
}

KTEST(timer, timer_list_wheel_granularity)
{
	struct tst_tl a, b;

	n_fired = 0;
	timer_setup(&a.t, tl_fn, 0);
	timer_setup(&b.t, tl_fn, 0);
	a.id = 0;
	b.id = 1;
	KT_ASSERT(!timer_pending(&a.t), "not pending after setup");
	/* level 0: bucket expiry = expires + 1 jiffy */
	mod_timer(&a.t, jiffies + 10);
	/* 100 jiffies ahead is level 1: rounded up to a multiple of 8 */
	mod_timer(&b.t, jiffies + 100);
	KT_ASSERT(timer_pending(&a.t), "pending");
	qdk_time_advance(1000000000);
	KT_EQ(n_fired, 2);
	KT_EQ(fired_order[0], 0);
	KT_EQ(fired_at[0], 11 * 4000000ULL);
	KT_EQ(fired_order[1], 1);
	/* jiffies + 100 = INITIAL + 100 -> ((E >> 3) + 1) << 3 */
	KT_EQ(fired_at[1], (((((INITIAL_JIFFIES + 100) >> 3) + 1) << 3) -
			    INITIAL_JIFFIES) * 4000000ULL);
	KT_ASSERT(!timer_pending(&a.t), "fired");
	mod_timer(&a.t, jiffies + 1);
	KT_EQ(timer_delete(&a.t), 1);
	KT_EQ(timer_delete(&a.t), 0);
	qdk_time_advance(2000000000);
	KT_EQ(n_fired, 2);
	return 0;
}

struct tst_wd {
	struct qdisc_watchdog wd;
};

KTEST(timer, qdisc_watchdog_schedule_and_cancel)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct qdisc_watchdog wd;
	u64 when = 0;

	KT_ASSERT(sch, "qdisc");
	qdisc_watchdog_init(&wd, sch);
	KT_ASSERT(!qdk_watchdog_of(sch, &when), "not armed");
	qdisc_watchdog_schedule_ns(&wd, 5000);
	KT_ASSERT(qdk_watchdog_of(sch, &when), "armed");
	KT_EQ(when, 5000);
	/* already armed inside [expires, expires + delta]: not moved */
	qdisc_watchdog_schedule_range_ns(&wd, 4000, 2000);
	qdk_watchdog_of(sch, &when);
	KT_EQ(when, 5000);
	/* outside the range: reprogrammed */
	qdisc_watchdog_schedule_range_ns(&wd, 3000, 1000);
	qdk_watchdog_of(sch, &when);
	KT_EQ(when, 4000);
	KT_EQ(wd.last_expires, 3000);
	qdisc_watchdog_schedule(&wd, 100);	/* psched ticks */
	qdk_watchdog_of(sch, &when);
	KT_EQ(when, 6400);
	qdk_time_advance(6399);
	KT_ASSERT(qdk_watchdog_of(sch, &when), "not yet");
	qdk_time_advance(6400);
	KT_ASSERT(!qdk_watchdog_of(sch, &when), "fired");
	qdisc_watchdog_schedule_ns(&wd, 9000);
	qdisc_watchdog_cancel(&wd);
	KT_ASSERT(!qdk_watchdog_of(sch, &when), "cancelled");
	qdk_test_qdisc_put(sch);
	return 0;
}

/*
 * A timer_list that rearms itself for the next jiffy, as pie's tupdate does
 * for its period: the wheel puts jiffies + 1 in the bucket after it, so it
 * runs every second jiffy (as on the kernel).
 */
static unsigned long tupdate_runs;
static struct timer_list tupdate;

static void tupdate_fn(struct timer_list *t)
{
	tupdate_runs++;
	mod_timer(t, jiffies + 1);
}

/*
 * Time may jump: a periodic timer fires every period across an ordinary gap,
 * but a gap of over 2^20 periods runs as a stalled machine (the timer fires
 * once at the end, rearmed after it) instead of costing hours.
 */
KTEST(timer, periodic_timer_bounded_across_a_jump)
{
	u64 far = 1ULL << 62;

	tupdate_runs = 0;
	timer_setup(&tupdate, tupdate_fn, 0);
	mod_timer(&tupdate, jiffies + 1);
	KT_ASSERT(!qdk_time_advance(1000 * 4000000ULL), "1000 jiffies: every period");
	KT_EQ(tupdate_runs, 500);
	KT_ASSERT(qdk_time_advance(far), "a jump of 2^62 ns stalls");
	KT_EQ(tupdate_runs, 500 + (1u << 20) + 1);
	KT_EQ(ktime_get_ns(), far);
	KT_EQ(jiffies, qdk_ns_to_jiffies(far));
	KT_EQ(qdk_time_next(), qdk_jiffies_to_ns(jiffies + 2));
	timer_delete(&tupdate);
	return 0;
}

/* Driven timer_lists (a trace's t lines) fire only when told, soonest first. */
KTEST(timer, driven_timer_lists_fire_when_told)
{
	struct tst_tl a = { .id = 1 }, b = { .id = 2 };

	n_fired = 0;
	qdk_time_drive_timers(true);
	timer_setup(&a.t, tl_fn, 0);
	timer_setup(&b.t, tl_fn, 0);
	mod_timer(&b.t, jiffies + 10);
	mod_timer(&a.t, jiffies + 2);
	qdk_time_advance(1000000000);
	KT_EQ(n_fired, 0);
	KT_EQ(qdk_time_next(), U64_MAX);
	KT_EQ(qdk_time_fire_timer_list(), 0);
	KT_EQ(qdk_time_fire_timer_list(), 0);
	KT_EQ(qdk_time_fire_timer_list(), -ENOENT);
	KT_EQ(n_fired, 2);
	KT_EQ(fired_order[0], 1);
	KT_EQ(fired_order[1], 2);
	KT_EQ(fired_at[0], 1000000000);
	qdk_time_drive_timers(false);
	return 0;
}

/*
 * Driven, a soft hrtimer (dualpi2's probability update) and a hard one
 * (taprio's schedule) fire only when a trace's t line names them, and a
 * restart from the callback waits for the next one; a clocked one (what
 * the watchdog's and a sleeper's init make) fires by the clock all the same.
 */
KTEST(timer, driven_hrtimers_fire_when_told)
{
	struct tst_hr soft = { .id = 1 }, clocked = { .id = 2 }, hard = { .id = 3 };

	n_fired = 0;
	periodic_runs = 0;
	qdk_time_drive_timers(true);
	tst_hrtimer(&soft.t, periodic_fn, HRTIMER_MODE_ABS_SOFT);
	tst_hrtimer(&clocked.t, hr_fn, HRTIMER_MODE_ABS_PINNED);
	clocked.t.__qdk_clocked = 1;
	tst_hrtimer(&hard.t, hr_fn, HRTIMER_MODE_ABS);
	hrtimer_start(&soft.t, qdk_clock_ns + 1000, HRTIMER_MODE_ABS_SOFT);
	hrtimer_start(&clocked.t, qdk_clock_ns + 2000, HRTIMER_MODE_ABS_PINNED);
	hrtimer_start(&hard.t, qdk_clock_ns + 3000, HRTIMER_MODE_ABS);
	qdk_time_advance(qdk_clock_ns + 5000);
	KT_EQ(periodic_runs, 0);
	KT_EQ(n_fired, 1);
	KT_EQ(fired_order[0], 2);
	KT_EQ(qdk_time_fire_timer_at(&clocked.t), -ENOENT);
	KT_EQ(qdk_time_fire_timer_at(&hard.t), 0);
	KT_EQ(n_fired, 2);
	KT_EQ(fired_order[1], 3);
	KT_EQ(qdk_time_fire_timer_at(&hard.t), -ENOENT);
	KT_EQ(qdk_time_fire_timer_at(&soft.t), 0);
	KT_EQ(periodic_runs, 1);
	KT_EQ(!!hrtimer_is_queued(&soft.t), 1);
	qdk_time_advance(qdk_clock_ns + 1000000);
	KT_EQ(periodic_runs, 1);
	KT_EQ(qdk_time_fire_timer_at(&soft.t), 0);
	KT_EQ(periodic_runs, 2);
	hrtimer_cancel(&soft.t);
	KT_EQ(qdk_time_fire_timer_at(&soft.t), -ENOENT);
	qdk_time_drive_timers(false);
	return 0;
}

/*
 * A t line names a timer by its offset in the kernel's layout; where the
 * shim's differs (a spinlock_t before it), the one driven timer pending in
 * the private data is the one, and with two it cannot be told.
 */
KTEST(timer, driven_timer_within_a_range)
{
	struct {
		spinlock_t lock;
		struct hrtimer hr;
		struct timer_list tl;
	} priv;
	struct tst_hr clocked = { .id = 2 };

	n_fired = 0;
	qdk_time_drive_timers(true);
	tst_hrtimer(&priv.hr, hr_fn, HRTIMER_MODE_ABS);
	timer_setup(&priv.tl, tl_fn, 0);
	tst_hrtimer(&clocked.t, hr_fn, HRTIMER_MODE_ABS_PINNED);
	clocked.t.__qdk_clocked = 1;
	hrtimer_start(&clocked.t, qdk_clock_ns + 10, HRTIMER_MODE_ABS_PINNED);
	KT_EQ(qdk_time_fire_timer_within(&priv, sizeof(priv)), -ENOENT);
	hrtimer_start(&priv.hr, qdk_clock_ns + 1000, HRTIMER_MODE_ABS);
	mod_timer(&priv.tl, jiffies + 1);
	KT_EQ(qdk_time_fire_timer_within(&priv, sizeof(priv)), -EEXIST);
	timer_delete(&priv.tl);
	/* the clocked one is outside the range, and fires by the clock only */
	KT_EQ(qdk_time_fire_timer_within(&priv, sizeof(priv)), 0);
	KT_EQ(n_fired, 1);
	KT_EQ(qdk_time_fire_timer_within(&priv, sizeof(priv)), -ENOENT);
	hrtimer_cancel(&clocked.t);
	qdk_time_drive_timers(false);
	return 0;
}

/*
 * Arming a timer cannot fail in the kernel (its queue node lives in the
 * timer), so the shim's queue must not allocate either: a qdisc under an
 * allocation-failure test must see its timers armed, not an abort.
 */
KTEST(timer, arming_allocates_nothing)
{
	static struct tst_hr h[100];
	long objs = qdk_mem_objects, bytes = qdk_mem_bytes;
	int i;

	n_fired = 0;
	for (i = 0; i < 100; i++) {
		tst_hrtimer(&h[i].t, hr_fn, HRTIMER_MODE_ABS);
		h[i].id = i;
		/* armed in reverse, with ties: they fire by time, then order */
		hrtimer_start(&h[i].t, 10000 - (i / 2) * 10, HRTIMER_MODE_ABS);
	}
	KT_EQ(qdk_mem_objects, objs);
	KT_EQ(qdk_mem_bytes, bytes);
	qdk_time_advance(20000);
	KT_EQ(n_fired, 100);
	KT_EQ(fired_order[0], 98);
	KT_EQ(fired_order[1], 99);
	KT_EQ(fired_order[99], 1);
	KT_EQ(fired_at[0], 10000 - 49 * 10);
	return 0;
}

KTEST(time, cpu_clock_ids_round_trip)
{
	clockid_t c = make_process_cpuclock(1234, CPUCLOCK_SCHED);

	KT_EQ(CPUCLOCK_PID(c), 1234);
	KT_EQ(CPUCLOCK_WHICH(c), CPUCLOCK_SCHED);
	KT_ASSERT(!CPUCLOCK_PERTHREAD(c), "a process clock");
	c = make_thread_cpuclock(77, CPUCLOCK_VIRT);
	KT_EQ(CPUCLOCK_PID(c), 77);
	KT_ASSERT(CPUCLOCK_PERTHREAD(c), "a thread clock");
	c = fd_to_clockid(5);
	KT_EQ(c, FD_TO_CLOCKID(5));
	KT_EQ((c & CLOCKFD_MASK), CLOCKFD);
	KT_EQ(clockid_to_fd(c), 5);
	KT_ASSERT(c < 0, "dynamic clock ids are negative");
	return 0;
}
