// SPDX-License-Identifier: GPL-2.0
/*
 * A timer_list's window: where among a tree's calls its locked work fell.
 *
 * A timer_list of a recorded tree is stamped when it re-arms itself
 * (rec_timers.c). pie's, fq_pie's and red's re-arm under the qdisc's lock,
 * so that time orders it with the calls. sfq's perturbation and dcbt's
 * collection take the lock, do their work, release it and only then
 * re-arm: a call another CPU makes in between ran after the timer's work
 * but was recorded before its TIMER record (on 7.x one sfq capture in ten
 * parted there, a peek a few calls after the t line). The window closes
 * that gap without knowing where the timer takes the lock:
 *
 * - At the timer's entry, under the tree's lock, the window opens with a
 *   checksum of the timer's qdisc's private data (the timer_list itself
 *   left out: the timer core writes it).
 * - Each recorded call of the tree, under the lock, compares the checksum
 *   at its start with the one the previous call (or the entry) left. A
 *   difference no call made is the timer's locked work: the timer is
 *   placed just before this call (rec_twin_check), and its records take
 *   that time when it re-arms or returns (rec_twin_stamp).
 * - Those records are published later than the calls after them. The
 *   reader (rec_ring.c) holds back every record younger than an open
 *   window's entry until the window closes (rec_twin_close), so the merged
 *   stream stays in time order.
 *
 * A timer whose work changes nothing is stamped as before; it made no
 * difference to place. Only trees whose calls take the timer's lock (not
 * a root attached in place, whose children have their own) get a window,
 * and only while one of the tree's timers is open: a call outside a
 * window pays one load.
 */
#include <linux/delay.h>
#include <linux/jhash.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/timer.h>
#include <net/sch_generic.h>

#include "rec_sched.h"

/*
 * The window of the timer running on this CPU. win counts windows (the
 * low two bits: REC_TW_*), so a call that found an old one cannot place a
 * newer one.
 */
#define REC_TW_OPEN	1
#define REC_TW_PLACED	2

struct rec_twin {
	atomic_t win;
	struct rec_sched *q;	/* NULL: no window */
};

static DEFINE_PER_CPU(struct rec_twin, rec_twin);
/* the open window's entry time (0: none): the reader's watermark */
static DEFINE_PER_CPU(u64, rec_twin_ts);
/* bumped as a window closes: the reader's snapshot was not one */
static atomic_t rec_twin_gen = ATOMIC_INIT(0);
/* this capture's windows, and the timers calls placed (rec_twin_report) */
static atomic_long_t rec_twin_opened, rec_twin_placed;

/*
 * For tests: a timer with a window open waits this long (us, at most
 * REC_TWIN_DELAY_MAX) at its re-arm or return before it is stamped, as a
 * timer whose vCPU was descheduled there does, so that calls fall into its
 * window (75-record's record-sfq-window). 0 in use.
 */
#define REC_TWIN_DELAY_MAX	2000
static uint window_delay_us;
module_param(window_delay_us, uint, 0644);

/* The timer's qdisc's private data but the timer (under the tree's lock). */
static u32 rec_twin_sum(const struct rec_sched *q)
{
	const u8 *lo = (const u8 *)q->tw_lo;
	const u8 *t = (const u8 *)q->tw_timer;
	const u8 *end = t + sizeof(struct timer_list);

	return jhash(end, q->tw_hi - (unsigned long)end, jhash(lo, t - lo, 0));
}

/*
 * rec_timer_begin(): timer (a timer_list in the private data [lo, hi) of
 * one of q's qdiscs) begins on this CPU, recorded from ts on. Softirq;
 * the tree's lock is not held by this CPU (it is only ever taken with
 * bottom halves off) and the timer takes it only after this returns.
 */
void rec_twin_open(struct rec_sched *q, const void *timer, unsigned long lo,
		   unsigned long hi, u64 ts)
{
	struct rec_twin *w = this_cpu_ptr(&rec_twin);
	struct Qdisc *x = container_of((void *)lo, struct Qdisc, privdata);
	spinlock_t *lock = qdisc_lock(qdisc_root_sleeping(x));
	int v;

	if (q->root || lock != qdisc_lock(qdisc_root_sleeping(q->sch)) ||
	    (unsigned long)timer + sizeof(struct timer_list) > hi)
		return;
	spin_lock(lock);
	if (q->tw_fire) {
		/* another timer of the tree is open: this one as before */
		spin_unlock(lock);
		return;
	}
	/* records younger than ts wait for this window (pairs: the reader) */
	this_cpu_write(rec_twin_ts, ts);
	q->tw_lo = lo;
	q->tw_hi = hi;
	q->tw_timer = (unsigned long)timer;
	q->tw_sum = rec_twin_sum(q);
	q->tw_placed = false;
	v = (atomic_read(&w->win) & ~3) + 4 + REC_TW_OPEN;
	atomic_set(&w->win, v);
	q->tw_win = v;
	w->q = q;
	WRITE_ONCE(q->tw_fire, w);
	spin_unlock(lock);
	atomic_long_inc(&rec_twin_opened);
}

/*
 * rec_on(), under the tree's lock, before a recorded call reserves its
 * record: did the open timer's work run since the last call?
 */
void rec_twin_check(struct rec_sched *q)
{
	struct rec_twin *w = READ_ONCE(q->tw_fire);

	if (!w || q->tw_placed || rec_twin_sum(q) == q->tw_sum)
		return;
	q->tw_placed = true;
	/* before this call's own time; read by the timer's CPU at its end */
	q->tw_ts = rec_now();
	atomic_cmpxchg(&w->win, q->tw_win, q->tw_win - REC_TW_OPEN + REC_TW_PLACED);
}

/* After a call (or a change) of the tree, under its lock: what it left. */
void rec_twin_seen(struct rec_sched *q)
{
	if (READ_ONCE(q->tw_fire) && !q->tw_placed)
		q->tw_sum = rec_twin_sum(q);
}

/*
 * rec_timer_finish(), on the timer's CPU, before its records are stamped:
 * the time they take, ts unless a call placed the timer before itself.
 * The tree's lock may be held here (pie re-arms under it), so the window
 * is closed without it.
 */
u64 rec_twin_stamp(u64 ts)
{
	struct rec_twin *w = this_cpu_ptr(&rec_twin);
	struct rec_sched *q = w->q;
	int v;

	if (!q)
		return ts;
	if (unlikely(READ_ONCE(window_delay_us))) {
		udelay(min_t(uint, READ_ONCE(window_delay_us), REC_TWIN_DELAY_MAX));
		ts = rec_now();
	}
	v = atomic_read(&w->win);
	/* fully ordered: a placing call's tw_ts is seen */
	v = atomic_xchg(&w->win, v & ~3);
	if ((v & 3) == REC_TW_PLACED) {
		ts = READ_ONCE(q->tw_ts);
		atomic_long_inc(&rec_twin_placed);
	}
	/* calls from here on see no window; another timer may open one */
	cmpxchg(&q->tw_fire, w, NULL);
	w->q = NULL;
	return ts;
}

/* ... and once they are published: the reader may pass the entry. */
void rec_twin_close(void)
{
	if (!this_cpu_read(rec_twin_ts))
		return;
	atomic_inc(&rec_twin_gen);
	/* a reader that sees the window gone sees the count moved */
	smp_mb__after_atomic();
	/* pairs with rec_twin_oldest(): its records are published */
	smp_store_release(this_cpu_ptr(&rec_twin_ts), 0);
}

/* At release (process context): what the windows did, for the log. */
void rec_twin_report(void)
{
	long opened = atomic_long_xchg(&rec_twin_opened, 0);
	long placed = atomic_long_xchg(&rec_twin_placed, 0);

	if (opened)
		pr_info("qdk_recorder: capture closed: %ld timer windows, %ld timers placed before a call that found their work done\n",
			opened, placed);
}

/*
 * The reader's snapshot (rec_ring.c): rec_twin_snap() before it reads the
 * rings' heads, rec_twin_oldest() after, and rec_twin_moved() last. A
 * record of a call after a timer's work was published after the window
 * opened (the lock orders them), so a reader that saw that record sees
 * the window, or it closed, and the count moved.
 */
u32 rec_twin_snap(void)
{
	return atomic_read_acquire(&rec_twin_gen);
}

u64 rec_twin_oldest(void)
{
	u64 oldest = U64_MAX, ts;
	int cpu;

	for_each_possible_cpu(cpu) {
		/* pairs with rec_twin_close(): gone, then the count moved */
		ts = smp_load_acquire(per_cpu_ptr(&rec_twin_ts, cpu));
		if (ts && ts < oldest)
			oldest = ts;
	}
	return oldest;
}

bool rec_twin_moved(u32 snap)
{
	/* the count is read after the heads and the windows */
	smp_rmb();
	return atomic_read(&rec_twin_gen) != snap;
}
