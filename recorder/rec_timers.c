// SPDX-License-Identifier: GPL-2.0
/*
 * The recorded trees' own timers: the slots that tell a timer's tree from
 * its address, a timer_list's or a soft hrtimer's run recorded like a
 * call, and a hard hrtimer's runs counted in hard interrupt context and
 * written before the tree's next call.
 */
#include <linux/hrtimer.h>
#include <linux/percpu.h>
#include <linux/sched/clock.h>
#include <linux/timer.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "rec_sched.h"

/*
 * The timer_lists of the child and of the qdiscs under its classes (sfq's
 * perturbation, pie's and fq_pie's probability updates, red's adaptive
 * max_p) fire in the timer softirq, outside any call. A slot holds the
 * address range of one such qdisc's private data and the instance whose
 * tree it is in; a timer_list that fires inside one is that instance's
 * (the timer_expire_entry/exit tracepoints, rec_ring.c) and is recorded
 * like a call: a TIMER record reserved in place, its draws and drops after
 * it, the tree's clock reads frozen at its start, all stamped with the
 * time it re-armed itself (mod_timer() of the same timer_list from its
 * callback: the timer_start tracepoint, rec_timer_rearm) or, failing
 * that, returned (rec_timer_restamp), and published then. A grandchild's
 * timer is the tree's as a child's is: its draws come from the same
 * replayed tree. Slots are written under rtnl whenever the tree changes
 * (rec_tslot_update) and read without a lock; an instance lives on for an
 * RCU grace period after destroy() cleared its slots, and softirqs are RCU
 * readers.
 */
#define REC_TSLOTS	64
#define REC_TDEPTH	4	/* qdiscs under the child followed this deep */

struct rec_tslot {
	unsigned long lo, hi;
	struct rec_sched *q;
	u32 handle;		/* the qdisc whose private data it is */
	unsigned int mark;	/* rec_tslot_update()'s pass that found it (rtnl) */
	/* its hard hrtimer (offset + 1; 0: none yet) and runs not yet written */
	atomic_t hard_off;
	atomic_t hard_runs;
};

static struct rec_tslot rec_tslots[REC_TSLOTS];
bool rec_timers_on;

/* a timer of a child running on this CPU (timer callbacks do not nest) */
struct rec_tfire {
	struct rec_call call;
	struct qdk_rec *r;
	const void *timer;	/* a timer_list, or a soft hrtimer */
	bool hrtimer;		/* ... stamped at its first clock read */
	u32 start;		/* the ring's pos before its records */
};

static DEFINE_PER_CPU(struct rec_tfire, rec_tfire);

/* q's slots but those of pass mark freed (rtnl held): no reader matches them */
static void rec_tslot_sweep(struct rec_sched *q, unsigned int mark)
{
	int i;

	for (i = 0; i < REC_TSLOTS; i++) {
		struct rec_tslot *s = &rec_tslots[i];

		if (s->q != q || (mark && s->mark == mark))
			continue;
		WRITE_ONCE(s->lo, 0);
		WRITE_ONCE(s->hi, 0);
		/* the range is closed before the slot can be taken again */
		smp_wmb();
		WRITE_ONCE(s->q, NULL);
	}
}

void rec_tslot_put(struct rec_sched *q)
{
	rec_tslot_sweep(q, 0);
}

/*
 * A slot follows qdisc x's private data for q (rtnl held): the one that
 * already does, kept with this pass's mark, else a free one.
 */
static void rec_tslot_add(struct rec_sched *q, struct Qdisc *x, unsigned int mark)
{
	unsigned long lo;
	int i;

	if (!x || (x->flags & TCQ_F_BUILTIN) || !x->ops->priv_size)
		return;
	lo = (unsigned long)qdisc_priv(x);
	for (i = 0; i < REC_TSLOTS; i++) {
		struct rec_tslot *s = &rec_tslots[i];

		if (s->q == q && s->lo == lo) {
			/* a qdisc of another kind may sit where a freed one was */
			WRITE_ONCE(s->handle, x->handle);
			WRITE_ONCE(s->hi, lo + x->ops->priv_size);
			s->mark = mark;
			return;
		}
	}
	for (i = 0; i < REC_TSLOTS; i++) {
		struct rec_tslot *s = &rec_tslots[i];

		if (READ_ONCE(s->q))
			continue;
		s->mark = mark;
		atomic_set(&s->hard_off, 0);
		atomic_set(&s->hard_runs, 0);
		WRITE_ONCE(s->q, q);
		WRITE_ONCE(s->handle, x->handle);
		WRITE_ONCE(s->hi, lo + x->ops->priv_size);
		/* the range opens with its low end, once the high one is set */
		smp_wmb();
		WRITE_ONCE(s->lo, lo);
		return;
	}
	q->untimed = true;
	pr_warn_once("qdk_recorder: more than %d qdiscs in recorded trees: a timer of one is not recorded\n",
		     REC_TSLOTS);
}

struct rec_tslot_walk {
	struct qdisc_walker w;
	struct rec_sched *q;
	const struct Qdisc_class_ops *cops;
	unsigned int mark;
	int depth;
};

static void rec_tslot_follow(struct rec_tslot_walk *up, struct Qdisc *x,
			     const struct Qdisc_class_ops *cops);

static int rec_tslot_fn(struct Qdisc *x, unsigned long cl, struct qdisc_walker *w)
{
	struct rec_tslot_walk *a = container_of(w, struct rec_tslot_walk, w);
	struct Qdisc *leaf = a->cops->leaf(x, cl);

	if (leaf && leaf != x && !(leaf->flags & TCQ_F_BUILTIN))
		rec_tslot_follow(a, leaf, leaf->ops->cl_ops);
	return 0;
}

/* x (of class ops cops), under up's qdisc, and the qdiscs under its classes */
static void rec_tslot_follow(struct rec_tslot_walk *up, struct Qdisc *x,
			     const struct Qdisc_class_ops *cops)
{
	struct rec_tslot_walk a = {
		.w.fn = rec_tslot_fn, .q = up->q, .cops = cops, .mark = up->mark,
		.depth = up->depth + 1,
	};

	rec_tslot_add(a.q, x, a.mark);
	if (cops && cops->walk && cops->leaf && a.depth < REC_TDEPTH)
		cops->walk(x, &a.w);
}

/*
 * q's slots follow its child's tree as it is now (rtnl held): the ranges
 * of qdiscs still in it stay open throughout (a timer of theirs firing
 * meanwhile is recorded), those of qdiscs gone are closed.
 */
void rec_tslot_update(struct rec_sched *q)
{
	static unsigned int pass;
	struct rec_tslot_walk top = { .q = q, .depth = -1 };
	struct Qdisc *child = q->child;
	struct rec_ops *ro = q->child_ops;

	top.mark = ++pass ? pass : ++pass;	/* never 0: sweep's "all" */
	q->untimed = false;
	if (child && !(child->flags & TCQ_F_BUILTIN))
		/* the child's class ops are the recorder's wrappers: walk with its own */
		rec_tslot_follow(&top, child, ro && child->ops == &ro->ops ?
				 ro->orig->cl_ops : child->ops->cl_ops);
	rec_tslot_sweep(q, top.mark);
}

/*
 * timer_expire_entry: a timer_list is about to run on this CPU (softirq);
 * hrtimer_expire_entry: an hrtimer (a soft one: hard ones run in hard
 * interrupt context, where nothing is recorded, the qdiscs' watchdogs among
 * them). An hrtimer has no re-arm to stamp it (its callback sets the next
 * expiry and returns HRTIMER_RESTART): it is stamped at its first clock
 * read (rec_clock.c; dualpi2 reads it under the qdisc's lock, which orders
 * it with the calls as a timer_list's re-arm does), or else at its return,
 * and its clock reads return that time.
 */
void rec_timer_begin(const void *timer, bool hrtimer)
{
	unsigned long a = (unsigned long)timer;
	struct rec_sched *q = NULL;
	unsigned long lo = 0, hi = 0;
	struct rec_tfire *f;
	u32 handle = 0;
	int i;
	u64 ts;

	if (!READ_ONCE(rec_capturing) || in_hardirq() || in_nmi())
		return;
	for (i = 0; i < REC_TSLOTS; i++) {
		struct rec_tslot *s = &rec_tslots[i];

		lo = READ_ONCE(s->lo);
		hi = READ_ONCE(s->hi);
		if (a >= lo && a < hi) {
			q = READ_ONCE(s->q);
			handle = READ_ONCE(s->handle);
			break;
		}
	}
	/* a change in progress, or the trace has not begun: not recorded */
	if (!q || q->session != READ_ONCE(rec_session) ||
	    READ_ONCE(q->waiting) || READ_ONCE(q->paused))
		return;
	f = this_cpu_ptr(&rec_tfire);
	if (f->timer || this_cpu_read(rec_active))
		return;
	ts = rec_now();
	f->start = this_cpu_ptr(&rec_rings)->pos;
	f->r = rec_reserve(QDK_REC_TIMER, ts, q->inst, q->gen);
	if (!f->r)
		return;		/* counted lost */
	f->r->timer.handle = handle;
	f->r->timer.off = a - lo;
	f->timer = timer;
	rec_call_begin(&f->call, ts, q, NULL);
	f->r->jiffies = (u32)f->call.jiffies;
	f->hrtimer = hrtimer;
	if (hrtimer)
		f->call.ts = 0;		/* set by its first clock read */
	else
		rec_twin_open(q, timer, lo, hi, ts);
}

/* qdisc_watchdog()'s address: the watchdog only kicks, and is left out */
static enum hrtimer_restart (*rec_watchdog_fn)(struct hrtimer *);

void rec_timer_hard_init(void)
{
	static struct qdisc_watchdog wd;

	qdisc_watchdog_init(&wd, NULL);
	rec_watchdog_fn = wd.timer.function;
}

/* a hard hrtimer of a recorded tree running on this CPU (they do not nest) */
struct rec_hard_run {
	const struct hrtimer *timer;
	struct rec_sched *q;
	struct rec_tslot *s;
	int off;		/* its offset + 1 */
};

static DEFINE_PER_CPU(struct rec_hard_run, rec_hard_run);

/*
 * Wait, on this CPU with interrupts off, while busy is not 0 (flag NULL) or
 * *flag is not 0: a call or a timer run on another CPU, a few us, or much
 * more when its vCPU is not scheduled (qemu TCG). false: it did not end.
 */
#define REC_HARD_WAIT_NS	(20 * NSEC_PER_MSEC)

bool rec_hard_wait(atomic_t *busy, const int *flag)
{
	u64 t0 = local_clock();

	while (flag ? READ_ONCE(*flag) : atomic_read(busy)) {
		if (local_clock() - t0 > REC_HARD_WAIT_NS)
			return false;
		cpu_relax();
	}
	smp_rmb();	/* what it wrote before it ended */
	return true;
}

/*
 * hrtimer_expire_entry of a hard hrtimer, in hard interrupt context:
 * taprio's gate schedule (advance_sched) runs there, outside the qdisc's
 * lock, and nothing may be written to the ring (a call being recorded on
 * this CPU may be the one interrupted). A run of a hard hrtimer of a
 * recorded tree is counted in its slot when it returns
 * (rec_timer_hard_end), and written as a TIMER record before the tree's
 * next recorded call (rec_hard_write), stamped then. At a root attached in
 * place it runs between calls: a recorded call runs with interrupts off
 * (rec_call_on), and a run waits here for one on another CPU to end, as a
 * call waits for a run; one that waits too long is counted lost. One hard
 * hrtimer a qdisc (its first to run); another one's runs are lost.
 */
void rec_timer_hard(const struct hrtimer *timer)
{
	struct rec_hard_run *h = this_cpu_ptr(&rec_hard_run);
	unsigned long a = (unsigned long)timer;
	struct rec_sched *q = NULL;
	struct rec_tslot *s = NULL;
	int i, off = 0;

	if (!READ_ONCE(rec_capturing) || timer->function == rec_watchdog_fn)
		return;
	for (i = 0; i < REC_TSLOTS; i++) {
		unsigned long lo = READ_ONCE(rec_tslots[i].lo);

		if (a >= lo && a < READ_ONCE(rec_tslots[i].hi)) {
			s = &rec_tslots[i];
			q = READ_ONCE(s->q);
			off = a - lo + 1;
			break;
		}
	}
	if (!q || q->session != READ_ONCE(rec_session) ||
	    READ_ONCE(q->waiting) || READ_ONCE(q->paused))
		return;
	h->timer = timer;
	h->q = q;
	h->s = s;
	h->off = off;
	atomic_inc(&q->hard_busy);
	/* pairs with rec_call_on(): one of us sees the other */
	smp_mb__after_atomic();
	if (READ_ONCE(q->root) && !rec_hard_wait(NULL, &q->in_call)) {
		atomic_inc(&q->hard_lost);	/* runs inside a call */
		atomic_inc(&q->hard_runs);
	}
}

/* hrtimer_expire_exit: ... it returned: one run to write */
void rec_timer_hard_end(const struct hrtimer *timer)
{
	struct rec_hard_run *h = this_cpu_ptr(&rec_hard_run);
	struct rec_sched *q = h->q;

	if (!h->timer || h->timer != timer)
		return;
	if (atomic_cmpxchg(&h->s->hard_off, 0, h->off) != 0 &&
	    atomic_read(&h->s->hard_off) != h->off)
		atomic_inc(&q->hard_lost);
	else
		atomic_inc(&h->s->hard_runs);
	atomic_inc(&q->hard_runs);
	/* the run's effects and its count before a call may begin */
	smp_mb__before_atomic();
	atomic_dec(&q->hard_busy);
	h->timer = NULL;
}

/* q's hard hrtimers' runs, as TIMER records, now (under its lock) */
void rec_hard_write(struct rec_sched *q)
{
	u64 ts = rec_now();
	int i, n;

	n = atomic_xchg(&q->hard_lost, 0);
	if (n) {
		struct qdk_rec *r = rec_reserve(QDK_REC_LOST, ts, q->inst, q->gen);

		atomic_sub(n, &q->hard_runs);
		if (r)
			r->count = n;
	}
	for (i = 0; i < REC_TSLOTS; i++) {
		struct rec_tslot *s = &rec_tslots[i];

		if (READ_ONCE(s->q) != q || !atomic_read(&s->hard_runs))
			continue;
		n = atomic_xchg(&s->hard_runs, 0);
		atomic_sub(n, &q->hard_runs);
		while (n-- > 0) {
			struct qdk_rec *r = rec_reserve(QDK_REC_TIMER, ts,
							q->inst, q->gen);

			if (!r)
				break;		/* counted lost */
			r->timer.handle = READ_ONCE(s->handle);
			r->timer.off = atomic_read(&s->hard_off) - 1;
			r->jiffies = (u32)READ_ONCE(jiffies);
			r->count = 0;
		}
	}
	rec_publish();
}

/*
 * The timer's records (and a LOST before them) get one time, taken at its
 * end (rec_timer_finish): it ran under the qdisc's lock, which it may have
 * waited for while calls on other CPUs were recorded, and those came
 * before it. Each record is whole from its start (one crossing the ring's
 * end sits in the slack, copied at publish).
 */
static void rec_timer_restamp(struct rec_tfire *f, u64 ts)
{
	struct rec_ring *rg = this_cpu_ptr(&rec_rings);
	u32 pos = f->start;

	while (pos != rg->pos) {
		struct qdk_rec *r = (struct qdk_rec *)(rg->buf +
						       (pos & (rec_ring_bytes - 1)));

		r->ts = ts;
		pos += r->words * 8;
	}
}

/*
 * Before the exit probe goes: no CPU may be left inside a child's timer
 * whose end would never be seen (its record unpublished, its clock frozen).
 * No new one begins once rec_capturing is false. Process context.
 */
void rec_timer_wait(void)
{
	int cpu, n;

	for_each_possible_cpu(cpu)
		for (n = 0; READ_ONCE(per_cpu_ptr(&rec_tfire, cpu)->timer) && n < 1000; n++)
			usleep_range(1000, 2000);
}

/* The timer's recording ends now: stamped, counted, published. */
static void rec_timer_finish(struct rec_tfire *f)
{
	rec_call_end(&f->call);
	/*
	 * a timer_list not re-armed: its return, or where a call found its
	 * work done (rec_twin.c); an hrtimer: its first read
	 */
	rec_timer_restamp(f, f->hrtimer && f->call.ts ? f->call.ts :
			  rec_twin_stamp(rec_now()));
	/* no counters: they are not read under the qdisc's lock here */
	f->r->count = f->call.draws;
	f->timer = NULL;
	rec_publish();
	rec_twin_close();
}

/*
 * timer_start: a timer_list is armed. The child's timer re-arming itself
 * from its callback ends its recording there, not at its return. pie's,
 * fq_pie's and red's re-arm under the qdisc's lock, so the time is one at
 * which the timer holds the lock: every call recorded before it ran before
 * the timer, every one after it ran after, and the records are published
 * before the lock is released, as a call's are. Stamped at its return, a
 * timer was placed after the calls that took the lock between its unlock
 * and its return, a window that a descheduled vCPU (qemu TCG) stretches to
 * milliseconds: a pie capture parted at an enqueue 74 lines after a t line
 * whose update had run before a dequeue it followed in the trace. sfq's
 * and dcbt's re-arm just after their unlock: a call in between finds their
 * work done and places them before itself (rec_twin.c).
 * What the callback does after re-arming is not the timer's: none of those
 * draws, drops or reads the clock there.
 */
void rec_timer_rearm(const void *timer)
{
	struct rec_tfire *f = this_cpu_ptr(&rec_tfire);

	if (f->timer && f->timer == timer && !in_hardirq() && !in_nmi())
		rec_timer_finish(f);
}

/* timer_expire_exit: ... and has returned (if it did not re-arm) */
void rec_timer_end(const void *timer)
{
	struct rec_tfire *f = this_cpu_ptr(&rec_tfire);

	if (!f->timer || f->timer != timer)
		return;
	rec_timer_finish(f);
}
