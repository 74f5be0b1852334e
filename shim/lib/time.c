// SPDX-License-Identifier: GPL-2.0
/*
 * time.c - the virtual clock, jiffies, and one timer queue (an rbtree
 * ordered by firing time, then arming order) behind timer_list and hrtimer.
 * qdk_time_advance() fires every timer due on the way at exactly its time,
 * up to QDK_TIME_CATCHUP firings in one move (see there).
 *
 * Why one file past 800 lines: one queue orders timer_lists, hrtimers,
 * tasklets and work by firing time, and the clock that moves it, jiffies
 * and kernel/time/time.c's conversions all read the same virtual clock;
 * the kernel's several files each keep a queue of their own.
 */
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/time.h>
#include <linux/uaccess.h>
#include <qdk/context.h>

#include "shim.h"

u64 qdk_clock_ns;
s64 qdk_tai_offset_ns = QDK_TAI_DEFAULT_OFFSET_NS;
unsigned long volatile jiffies = INITIAL_JIFFIES;
u64 jiffies_64 = INITIAL_JIFFIES;

typedef unsigned __int128 __u128;

static unsigned int qdk_hz = HZ;
static u64 tnode_seq;
/*
 * timer_lists and hrtimers fire only through qdk_time_fire_timer_list()
 * and qdk_time_fire_timer_at() (a trace's t lines): the recorder
 * follows the qdiscs' own timers (recorder/README.md), soft ones in their
 * softirq, hard ones (taprio's schedule) counted in hard interrupt context.
 * The qdisc watchdog and the sleepers (__qdk_clocked) fire by the clock.
 */
static bool timers_driven;


unsigned long qdk_ns_to_jiffies(u64 ns)
{
	return INITIAL_JIFFIES + (unsigned long)
		((__u128)ns * qdk_hz / NSEC_PER_SEC);
}

/* first ns at which jiffies >= j (j at or after INITIAL_JIFFIES) */
u64 qdk_jiffies_to_ns(unsigned long j)
{
	u64 d = j - INITIAL_JIFFIES;

	return (u64)(((__u128)d * NSEC_PER_SEC + qdk_hz - 1) / qdk_hz);
}

/* [jiffy_start, jiffy_end): the ns range of the current jiffy */
static u64 jiffy_start, jiffy_end;
/* jiffies are the recording kernel's (qdk_time_set_jiffies), not the clock's */
static bool jiffies_driven;

static void set_clock(u64 ns)
{
	qdk_clock_ns = ns;
	if (likely(ns >= jiffy_start && ns < jiffy_end) || jiffies_driven)
		return;
	jiffies = qdk_ns_to_jiffies(ns);
	jiffies_64 = jiffies;
	jiffy_start = qdk_jiffies_to_ns(jiffies);
	jiffy_end = qdk_jiffies_to_ns(jiffies + 1);
}

/* the coarse clocks: the time of the last tick, while jiffies follow the clock */
u64 qdk_time_coarse_ns(void)
{
	if (jiffies_driven || qdk_clock_ns < jiffy_start)
		return qdk_clock_ns;
	return jiffy_start;
}

void qdk_time_set_jiffies(u64 j)
{
	jiffies_driven = true;
	jiffies = (unsigned long)j;
	jiffies_64 = j;
}

void qdk_time_set_hz(unsigned int hz)
{
	qdk_hz = hz ? hz : HZ;
	jiffy_start = jiffy_end = 0;
	set_clock(qdk_clock_ns);
}

/* ---- the queue ----------------------------------------------------------- */

/*
 * An rbtree with its leftmost node cached, like the kernel's timerqueue: the
 * nodes are embedded in the timers, so nothing here allocates.
 */
static struct rb_root_cached tqueue = RB_ROOT_CACHED;

/* tasklets and BH work: run by the tasklet softirq */
static bool tnode_softirq(const struct qdk_tnode *n)
{
	return n->kind == QDK_TNODE_TASKLET || n->kind == QDK_TNODE_BH_WORK;
}

/*
 * Due first, then (at one time) tasklets and BH work before the rest, as the
 * softirq runs them before a kworker gets the CPU (BH work first, as
 * tasklet_action() runs it first), then the order of arming.
 */
static bool tnode_before(const struct qdk_tnode *a, const struct qdk_tnode *b)
{
	if (a->when != b->when)
		return a->when < b->when;
	if (tnode_softirq(a) != tnode_softirq(b))
		return tnode_softirq(a);
	/* the tasklet softirq runs the BH workqueues' work before its tasklets */
	if (a->kind != b->kind && tnode_softirq(a))
		return a->kind == QDK_TNODE_BH_WORK;
	return a->seq < b->seq;
}

static struct qdk_tnode *tnode_first(void)
{
	struct rb_node *rb = tqueue.rb_leftmost;

	return rb ? rb_entry(rb, struct qdk_tnode, rb) : NULL;
}

static struct qdk_tnode *tnode_next(struct qdk_tnode *n)
{
	struct rb_node *rb = rb_next(&n->rb);

	return rb ? rb_entry(rb, struct qdk_tnode, rb) : NULL;
}

static void tnode_remove(struct qdk_tnode *n)
{
	if (!n->queued)
		return;
	if (tqueue.rb_leftmost == &n->rb)
		tqueue.rb_leftmost = rb_next(&n->rb);
	rb_erase(&n->rb, &tqueue.rb_root);
	n->queued = false;
}

static void tnode_add(struct qdk_tnode *n, u64 when, u64 soft)
{
	struct rb_node **link = &tqueue.rb_root.rb_node, *parent = NULL;
	bool leftmost = true;

	tnode_remove(n);
	n->when = when;
	n->soft = soft;
	n->seq = ++tnode_seq;
	while (*link) {
		parent = *link;
		if (tnode_before(n, rb_entry(parent, struct qdk_tnode, rb))) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(&n->rb, parent, link);
	rb_insert_color(&n->rb, &tqueue.rb_root);
	if (leftmost)
		tqueue.rb_leftmost = &n->rb;
	n->queued = true;
}

/*
 * Deferred work (workqueue.c, softirq.c) is due at once: it runs when the
 * clock next moves, even to the same time, i.e. after the running call.
 */
void qdk_time_defer(struct qdk_tnode *n, u8 kind)
{
	n->kind = kind;
	tnode_add(n, qdk_clock_ns, qdk_clock_ns);
}

bool qdk_time_cancel(struct qdk_tnode *n)
{
	bool was = n->queued;

	tnode_remove(n);
	return was;
}

struct qdk_tnode *qdk_time_find(bool (*match)(const struct qdk_tnode *n, const void *arg),
				const void *arg)
{
	struct qdk_tnode *m;

	for (m = tnode_first(); m; m = tnode_next(m))
		if (match(m, arg))
			return m;
	return NULL;
}

u64 qdk_time_next(void)
{
	struct qdk_tnode *n = tnode_first();

	return n ? n->when : U64_MAX;
}

static void fire(struct qdk_tnode *n);

/*
 * A periodic timer (pie's and fq_pie's tupdate, a collector) fires once per
 * period, so a move across a gap of hours costs one callback per period.
 * Past this many firings in one move, the rest of the gap runs as the
 * kernel runs a machine that stalled (a paused VM, a suspend): the clock
 * and jiffies jump to the end, and each timer still due fires once there,
 * late; one that rearms itself relative to jiffies lands after the gap.
 * 2^20 firings of a 15 ms timer is over four hours of virtual time, far
 * beyond any gap of a real capture, so only a hostile or broken trace gets
 * here, and it costs well under a second instead of hours.
 */
#define QDK_TIME_CATCHUP (1u << 20)

bool qdk_time_advance(u64 ns)
{
	struct qdk_tnode *n;
	unsigned int fired = 0;
	bool stalled = false;

	if (ns < qdk_clock_ns)
		ns = qdk_clock_ns;
	while ((n = tnode_first()) && n->when <= ns) {
		u64 t = n->when < qdk_clock_ns ? qdk_clock_ns : n->when;
		struct qdk_tnode *m;

		if (fired < QDK_TIME_CATCHUP)
			fired++;
		else
			stalled = true;
		if (stalled)
			t = ns;
		set_clock(t);
		tnode_remove(n);
		fire(n);
		/*
		 * The hrtimer interrupt also runs every hrtimer whose soft
		 * expiry has passed (ranges), in expiry order; a driven one
		 * (U64_MAX) only when told.
		 */
		for (;;) {
			/* the queue is in expiry order: the first one due */
			for (m = tnode_first(); m; m = tnode_next(m))
				if (m->kind == QDK_TNODE_HRTIMER && m->soft <= t &&
				    m->when != U64_MAX)
					break;
			if (!m)
				break;
			tnode_remove(m);
			fire(m);
		}
	}
	/* a sleep inside a callback (delay.h) may have moved the clock beyond ns */
	set_clock(ns > qdk_clock_ns ? ns : qdk_clock_ns);
	return stalled;
}

int qdk_time_purge_range(const void *start, size_t len)
{
	const char *lo = start, *hi = lo + len;
	struct qdk_tnode *m, *next;
	int n = 0;

	for (m = tnode_first(); m; m = next) {
		const char *p = (const char *)m;

		next = tnode_next(m);
		if (p >= lo && p < hi) {
			tnode_remove(m);
			n++;
		}
	}
	return n;
}

void qdk_time_reset(void)
{
	struct qdk_tnode *n;

	while ((n = tnode_first()))
		tnode_remove(n);
	tnode_seq = 0;
	timers_driven = false;
	qdk_wait_reset();
	qdk_hz = HZ;
	jiffy_start = jiffy_end = 0;
	set_clock(0);
}

/* ---- timer_list ---------------------------------------------------------- */

/*
 * The 6.1 timer wheel (kernel/time/timer.c): a timer lands in a bucket of
 * its level's granularity, rounded up, and runs when jiffies reaches the
 * bucket's expiry. Levels are 64 buckets, each 8 times coarser.
 */
#define LVL_CLK_SHIFT	3
#define LVL_BITS	6
#define LVL_SIZE	(1UL << LVL_BITS)
#define LVL_DEPTH	9
#define LVL_SHIFT(n)	((n) * LVL_CLK_SHIFT)
#define LVL_GRAN(n)	(1UL << LVL_SHIFT(n))
#define LVL_START(n)	((LVL_SIZE - 1) << (((n) - 1) * LVL_CLK_SHIFT))
#define WHEEL_TIMEOUT_CUTOFF	(LVL_START(LVL_DEPTH))
#define WHEEL_TIMEOUT_MAX	(WHEEL_TIMEOUT_CUTOFF - LVL_GRAN(LVL_DEPTH - 1))

static unsigned long wheel_bucket_expiry(unsigned long expires, unsigned long clk)
{
	unsigned long delta = expires - clk;
	unsigned int lvl;

	if ((long)delta < 0)
		return clk;
	if (delta >= WHEEL_TIMEOUT_CUTOFF) {
		expires = clk + WHEEL_TIMEOUT_MAX;
		lvl = LVL_DEPTH - 1;
	} else {
		for (lvl = 0; lvl < LVL_DEPTH - 1; lvl++)
			if (delta < LVL_START(lvl + 1))
				break;
	}
	return ((expires >> LVL_SHIFT(lvl)) + 1) << LVL_SHIFT(lvl);
}

void timer_setup(struct timer_list *timer, void (*func)(struct timer_list *),
		 unsigned int flags)
{
	timer->entry.next = NULL;
	timer->entry.pprev = NULL;
	timer->expires = 0;
	timer->function = func;
	timer->flags = flags & TIMER_INIT_FLAGS;
	timer->__qdk_node.queued = false;
	timer->__qdk_node.kind = QDK_TNODE_TIMER;
}

static int __mod_timer(struct timer_list *timer, unsigned long expires)
{
	int was_pending = timer_pending(timer);

	/* shut down (timer_shutdown()): every arming is silently ignored */
	if (!timer->function)
		return 0;
	unsigned long bucket = wheel_bucket_expiry(expires, jiffies);
	u64 when = qdk_jiffies_to_ns(bucket);

	/* a bucket that is already due runs at the next tick */
	if (when <= qdk_clock_ns)
		when = qdk_jiffies_to_ns(jiffies + 1);
	timer->expires = expires;
	/* driven: never due by the clock; its expiry kept for the order */
	tnode_add(&timer->__qdk_node, timers_driven ? U64_MAX : when, when);
	return was_pending;
}

/* when a timer_list armed now for jiffy expires would fire (schedule_timeout()) */
u64 qdk_time_timer_list_due(unsigned long expires)
{
	u64 when = qdk_jiffies_to_ns(wheel_bucket_expiry(expires, jiffies));

	if (when <= qdk_clock_ns)
		when = qdk_jiffies_to_ns(jiffies + 1);
	return when;
}

/* busy-waiting (udelay()): the time passes, nothing runs meanwhile */
void qdk_time_busy_wait(u64 ns)
{
	set_clock(qdk_clock_ns + ns);
}

void qdk_time_drive_timers(bool on)
{
	timers_driven = on;
}

/*
 * Fire the pending timer_list that would expire first (driven mode: the
 * trace says when it fired), at the current time; -ENOENT when none is.
 */
int qdk_time_fire_timer_list(void)
{
	struct qdk_tnode *best = NULL, *m;

	for (m = tnode_first(); m; m = tnode_next(m)) {
		if (m->kind == QDK_TNODE_TIMER &&
		    (!best || m->soft < best->soft ||
		     (m->soft == best->soft && m->seq < best->seq)))
			best = m;
	}
	if (!best)
		return -ENOENT;
	tnode_remove(best);
	fire(best);
	return 0;
}

/* The timer_list or hrtimer whose queue node m is; NULL for other kinds. */
static const char *tnode_timer(struct qdk_tnode *m)
{
	if (m->kind == QDK_TNODE_TIMER)
		return (const char *)container_of(m, struct timer_list, __qdk_node);
	if (m->kind == QDK_TNODE_HRTIMER)
		return (const char *)container_of(m, struct hrtimer, __qdk_node);
	return NULL;
}

/*
 * The timer_list or hrtimer at t, pending and driven, fires now;
 * -ENOENT when none is pending there.
 */
int qdk_time_fire_timer_at(const void *t)
{
	struct qdk_tnode *m;

	for (m = tnode_first(); m; m = tnode_next(m)) {
		if (tnode_timer(m) != (const char *)t)
			continue;
		tnode_remove(m);
		fire(m);
		return 0;
	}
	return -ENOENT;
}

/*
 * The one driven timer pending in [lo, lo + len) (a qdisc's private data)
 * fires now: a trace names a timer by its offset in the kernel's layout,
 * which is the shim's only where the types before it have the kernel's
 * sizes (a spinlock_t here carries the context checks' state). -ENOENT
 * when none is pending there, -EEXIST when several are (which one the
 * kernel's offset meant cannot be told).
 */
int qdk_time_fire_timer_within(const void *lo, size_t len)
{
	struct qdk_tnode *m, *one = NULL;

	for (m = tnode_first(); m; m = tnode_next(m)) {
		const char *t = tnode_timer(m);

		/* not driven: fires by the clock */
		if (!t || m->when != U64_MAX ||
		    t < (const char *)lo || t >= (const char *)lo + len)
			continue;
		if (one)
			return -EEXIST;
		one = m;
	}
	if (!one)
		return -ENOENT;
	tnode_remove(one);
	fire(one);
	return 0;
}

int mod_timer(struct timer_list *timer, unsigned long expires)
{
	if (timer_pending(timer) && timer->expires == expires)
		return 1;
	return __mod_timer(timer, expires);
}

int timer_reduce(struct timer_list *timer, unsigned long expires)
{
	if (timer_pending(timer) && !time_before(expires, timer->expires))
		return 1;
	return __mod_timer(timer, expires);
}

int mod_timer_pending(struct timer_list *timer, unsigned long expires)
{
	if (!timer_pending(timer))
		return 0;
	return mod_timer(timer, expires);
}

void add_timer_on(struct timer_list *timer, int cpu)
{
	if (WARN_ON_ONCE(timer_pending(timer)))
		return;
	__mod_timer(timer, timer->expires);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void add_timer_local(struct timer_list *timer)
{
	if (WARN_ON_ONCE(timer_pending(timer)))
		return;
	timer->flags |= TIMER_PINNED;
	__mod_timer(timer, timer->expires);
}

void add_timer_global(struct timer_list *timer)
{
	if (WARN_ON_ONCE(timer_pending(timer)))
		return;
	timer->flags &= ~TIMER_PINNED;
	__mod_timer(timer, timer->expires);
}
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags, const char *name, struct lock_class_key *key)
#else
void timer_init_key(struct timer_list *timer, void (*func)(struct timer_list *),
		    unsigned int flags, const char *name, struct lock_class_key *key)
#endif
{
	timer_setup(timer, func, flags);
}

/* the timer_list whose callback runs now */
static struct timer_list *running_timer;

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
int try_to_del_timer_sync(struct timer_list *timer)
#else
int timer_delete_sync_try(struct timer_list *timer)
#endif
{
	if (running_timer == timer)
		return -1;
	return __timer_delete(timer);
}

int timer_shutdown(struct timer_list *timer)
{
	int pending = __timer_delete(timer);

	timer->function = NULL;
	return pending;
}

static unsigned long round_jiffies_common(unsigned long j, int cpu, bool force_up)
{
	unsigned long orig = j;
	int rem;

	/* CPUs are skewed by 3 jiffies each so that they do not all fire at once */
	j += cpu * 3;
	rem = j % HZ;
	/* just past a whole second (a late tick): down, unless told up */
	if (rem < HZ / 4 && !force_up)
		j -= rem;
	else
		j += HZ - rem;
	j -= cpu * 3;
	return time_is_after_jiffies(j) ? j : orig;
}

unsigned long __round_jiffies(unsigned long j, int cpu)
{
	return round_jiffies_common(j, cpu, false);
}

unsigned long __round_jiffies_relative(unsigned long j, int cpu)
{
	unsigned long j0 = jiffies;

	return round_jiffies_common(j + j0, cpu, false) - j0;
}

unsigned long __round_jiffies_up(unsigned long j, int cpu)
{
	return round_jiffies_common(j, cpu, true);
}

unsigned long __round_jiffies_up_relative(unsigned long j, int cpu)
{
	unsigned long j0 = jiffies;

	return round_jiffies_common(j + j0, cpu, true) - j0;
}

unsigned long round_jiffies(unsigned long j)
{
	return __round_jiffies(j, 0);
}

unsigned long round_jiffies_relative(unsigned long j)
{
	return __round_jiffies_relative(j, 0);
}

unsigned long round_jiffies_up(unsigned long j)
{
	return __round_jiffies_up(j, 0);
}

unsigned long round_jiffies_up_relative(unsigned long j)
{
	return __round_jiffies_up_relative(j, 0);
}

void add_timer(struct timer_list *timer)
{
	BUG_ON(timer_pending(timer));
	__mod_timer(timer, timer->expires);
}

int __timer_delete(struct timer_list *timer)
{
	int pending = timer_pending(timer);

	tnode_remove(&timer->__qdk_node);
	return pending;
}

/* ---- hrtimer ------------------------------------------------------------- */

static s64 clock_offset(clockid_t clockid)
{
	switch (clockid) {
	case CLOCK_REALTIME:
		return QDK_REALTIME_OFFSET_NS;
	case CLOCK_TAI:
		return QDK_TAI_OFFSET_NS;
	default:
		return 0;
	}
}

void __hrtimer_init(struct hrtimer *timer, clockid_t clock_id,
		    enum hrtimer_mode mode)
{
	memset(timer, 0, sizeof(*timer));
	timer->clockid = clock_id;
	timer->is_rel = !!(mode & HRTIMER_MODE_REL);
	timer->is_soft = !!(mode & HRTIMER_MODE_SOFT);
	timer->is_hard = !!(mode & HRTIMER_MODE_HARD);
	timer->__qdk_node.queued = false;
	timer->__qdk_node.kind = QDK_TNODE_HRTIMER;
}

ktime_t hrtimer_cb_get_time(struct hrtimer *timer)
{
	return (ktime_t)qdk_clock_ns + clock_offset(timer->clockid);
}

static u64 to_virtual(const struct hrtimer *timer, ktime_t t)
{
	s64 v = t - clock_offset(timer->clockid);

	return v < 0 ? 0 : (u64)v;
}

/* into the queue at its expiry; driven, only when told */
static void hrtimer_enqueue(struct hrtimer *timer)
{
	u64 soft = to_virtual(timer, timer->_softexpires);

	tnode_add(&timer->__qdk_node, timers_driven && !timer->__qdk_clocked ? U64_MAX :
		  to_virtual(timer, timer->node_expires), soft);
}

void hrtimer_start_range_ns(struct hrtimer *timer, ktime_t tim,
			    u64 delta_ns, const enum hrtimer_mode mode)
{
	if (mode & HRTIMER_MODE_REL)
		tim = ktime_add_safe(tim, hrtimer_cb_get_time(timer));
	hrtimer_set_expires_range_ns(timer, tim, delta_ns);
	hrtimer_enqueue(timer);
}

int hrtimer_try_to_cancel(struct hrtimer *timer)
{
	int queued = hrtimer_is_queued(timer);

	if (timer->state == 2)
		return -1;
	tnode_remove(&timer->__qdk_node);
	return queued;
}

int hrtimer_cancel(struct hrtimer *timer)
{
	int queued = hrtimer_is_queued(timer);

	tnode_remove(&timer->__qdk_node);
	return queued;
}

u64 hrtimer_forward(struct hrtimer *timer, ktime_t now, ktime_t interval)
{
	u64 orun = 1;
	ktime_t delta;

	delta = ktime_sub(now, hrtimer_get_expires(timer));
	if (delta < 0)
		return 0;
	if (interval < 1)	/* hrtimer_resolution: 1 ns with high-res timers */
		interval = 1;
	if (unlikely(delta >= interval)) {
		s64 incr = ktime_to_ns(interval);

		orun = ktime_divns(delta, incr);
		hrtimer_add_expires_ns(timer, incr * orun);
		if (hrtimer_get_expires(timer) > now)
			return orun;
		orun++;
	}
	hrtimer_add_expires_ns(timer, interval);
	return orun;
}

/* ---- firing -------------------------------------------------------------- */

/*
 * A callback runs in the context the kernel runs it in (qdk/context.h): a
 * work item in a worker's process context, a tasklet and a timer_list in
 * the softirq (SOFTIRQ_OFFSET), an hrtimer in the softirq when it is a
 * _SOFT one and in the hardirq, interrupts off, otherwise; its frame checks
 * it gives back what it took.
 */
static void softirq_enter(struct qdk_ctx_frame *f, const char *what, unsigned long fn, bool hard)
{
	if (hard) {
		preempt_count_add(HARDIRQ_OFFSET);
		local_irq_disable();
	} else {
		preempt_count_add(SOFTIRQ_OFFSET);
	}
	qdk_ctx_enter(f, what, NULL, fn);
}

static void softirq_leave(struct qdk_ctx_frame *f, bool hard)
{
	qdk_ctx_leave(f);
	if (hard) {
		local_irq_enable();
		preempt_count_sub(HARDIRQ_OFFSET);
	} else {
		preempt_count_sub(SOFTIRQ_OFFSET);
	}
}

static void fire(struct qdk_tnode *n)
{
	struct qdk_ctx_frame f;

	if (n->kind == QDK_TNODE_WORK) {
		qdk_ctx_enter(&f, "work", NULL, 0);
		qdk_work_run(n);
		qdk_ctx_leave(&f);
	} else if (n->kind == QDK_TNODE_BH_WORK) {
		softirq_enter(&f, "work", 0, false);
		qdk_work_run(n);
		softirq_leave(&f, false);
	} else if (n->kind == QDK_TNODE_TASKLET) {
		softirq_enter(&f, "tasklet", 0, false);
		qdk_tasklet_run(n);
		softirq_leave(&f, false);
	} else if (n->kind == QDK_TNODE_TIMER) {
		struct timer_list *t = container_of(n, struct timer_list,
						    __qdk_node);
		struct timer_list *outer = running_timer;

		running_timer = t;
		softirq_enter(&f, "timer", (unsigned long)t->function, false);
		t->function(t);
		softirq_leave(&f, false);
		running_timer = outer;
	} else {
		struct hrtimer *t = container_of(n, struct hrtimer, __qdk_node);
		enum hrtimer_restart r;

		t->state = 2;
		softirq_enter(&f, "hrtimer", (unsigned long)t->function, !t->is_soft);
		r = t->function(t);
		softirq_leave(&f, !t->is_soft);
		t->state = 0;
		if (r == HRTIMER_RESTART && !hrtimer_is_queued(t))
			hrtimer_enqueue(t);
	}
}

/*
 * kernel/time/time.c: timespec64 arithmetic and conversions.
 */

/* sec and nsec with nsec brought into [0, NSEC_PER_SEC), the seconds carried */
void set_normalized_timespec64(struct timespec64 *ts, time64_t sec, s64 nsec)
{
	while (nsec >= NSEC_PER_SEC) {
		nsec -= NSEC_PER_SEC;
		sec++;
	}
	while (nsec < 0) {
		nsec += NSEC_PER_SEC;
		sec--;
	}
	ts->tv_sec = sec;
	ts->tv_nsec = nsec;
}

/* nanoseconds as seconds and a non-negative remainder (floor division) */
struct timespec64 ns_to_timespec64(s64 nsec)
{
	struct timespec64 ts = { 0, 0 };
	s32 rem;

	if (!nsec)
		return ts;
	ts.tv_sec = div_s64_rem(nsec, NSEC_PER_SEC, &rem);
	if (rem < 0) {
		ts.tv_sec--;
		rem += NSEC_PER_SEC;
	}
	ts.tv_nsec = rem;
	return ts;
}

/* lhs + rhs, both non-negative; a sum past TIME64_MAX is TIME64_MAX, 0 ns */
struct timespec64 timespec64_add_safe(const struct timespec64 lhs, const struct timespec64 rhs)
{
	struct timespec64 res;

	set_normalized_timespec64(&res, (time64_t)((u64)lhs.tv_sec + (u64)rhs.tv_sec),
				  (s64)lhs.tv_nsec + rhs.tv_nsec);
	if (res.tv_sec < lhs.tv_sec || res.tv_sec < rhs.tv_sec) {
		res.tv_sec = TIME64_MAX;
		res.tv_nsec = 0;
	}
	return res;
}

/*
 * Gauss's method: count months from March so February's varying length is
 * the year's last, then days from the epoch by the leap-year rules.
 */
time64_t mktime64(const unsigned int year0, const unsigned int mon0, const unsigned int day,
		  const unsigned int hour, const unsigned int min, const unsigned int sec)
{
	unsigned int mon = mon0, year = year0;
	time64_t days;

	if ((int)(mon -= 2) <= 0) {
		mon += 12;
		year--;
	}
	days = (time64_t)(year / 4 - year / 100 + year / 400 + 367 * mon / 12 + day) +
	       (time64_t)year * 365 - 719499;
	return ((days * 24 + hour) * 60 + min) * 60 + sec;
}

/* user memory holds the 64-bit __kernel_timespec: -EFAULT if it cannot be reached */
int get_timespec64(struct timespec64 *ts, const struct __kernel_timespec __user *uts)
{
	struct __kernel_timespec kts;

	if (copy_from_user(&kts, uts, sizeof(kts)))
		return -EFAULT;
	ts->tv_sec = kts.tv_sec;
	ts->tv_nsec = kts.tv_nsec;
	return 0;
}

int put_timespec64(const struct timespec64 *ts, struct __kernel_timespec __user *uts)
{
	struct __kernel_timespec kts = { .tv_sec = ts->tv_sec, .tv_nsec = ts->tv_nsec };

	return copy_to_user(uts, &kts, sizeof(kts)) ? -EFAULT : 0;
}

int get_itimerspec64(struct itimerspec64 *it, const struct __kernel_itimerspec __user *uit)
{
	int ret = get_timespec64(&it->it_interval, &uit->it_interval);

	return ret ? ret : get_timespec64(&it->it_value, &uit->it_value);
}

int put_itimerspec64(const struct itimerspec64 *it, struct __kernel_itimerspec __user *uit)
{
	int ret = put_timespec64(&it->it_interval, &uit->it_interval);

	return ret ? ret : put_timespec64(&it->it_value, &uit->it_value);
}
