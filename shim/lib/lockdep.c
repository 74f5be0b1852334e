// SPDX-License-Identifier: GPL-2.0
/*
 * lockdep.c - the context checks of qdk/context.h: the locks this CPU holds
 * (lockdep's held-lock stack), the RCU read depth, the interrupt state, the
 * frames the shim runs a qdisc's code in, and the reports, as the kernel's
 * lockdep and CONFIG_DEBUG_ATOMIC_SLEEP make them. Every report stops the
 * program (exit 2) at the line that made the bug: a replay that went on
 * would only show its consequences, later and elsewhere.
 */
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <qdk/context.h>
#include "host.h"

/* the kernel's MAX_LOCK_DEPTH */
#define QDK_MAX_LOCK_DEPTH 48

struct held_lock {
	struct lockdep_map *map;
	unsigned long ip;
	int read;
};

static struct held_lock held[QDK_MAX_LOCK_DEPTH];
static int nheld;
static int rcu_depth;
/* interrupts are irqflags.h's CPU flag (lib/smp.c) */
#define irqs_off (arch_irqs_disabled() != 0)
/* where each rcu_read_lock() still open was taken (the first 16) */
static unsigned long rcu_ip[16];
static struct qdk_ctx_frame *frame;

static const char *where(unsigned long ip, char *buf, unsigned long size)
{
	/* ip is a code address (a label): the instruction itself */
	return qdk_host_where(ip, buf, size);
}

static const char *lock_name(const struct lockdep_map *map)
{
	return map && map->name ? map->name : "(unnamed lock)";
}

void qdk_ctx_bug(void)
{
	qdk_host_exit(2);
}

/* what runs now and in which context, as the report's second line */
static void describe(void)
{
	unsigned int pc = preempt_count();
	char buf[512];
	int i;

	if (frame)
		qdk_host_log("  in %s%s%s%s%s\n", frame->what,
			     frame->kind ? " of qdisc kind " : "", frame->kind ? frame->kind : "",
			     frame->fn ? " " : "",
			     frame->fn ? qdk_host_function(frame->fn, buf, sizeof(buf)) : "");
	qdk_host_log("  context: %s%s%s, preempt_count %#x, RCU nest depth %d%s\n",
		     (pc & NMI_MASK) ? "NMI" : (pc & HARDIRQ_MASK) ? "hardirq" :
		     (pc & SOFTIRQ_OFFSET) ? "softirq" : "process context",
		     (pc & SOFTIRQ_MASK) >= SOFTIRQ_DISABLE_OFFSET ? ", bottom halves off" : "",
		     irqs_off ? ", interrupts off" : "", pc, rcu_depth,
		     nheld ? "" : ", no locks held");
	for (i = 0; i < nheld; i++)
		qdk_host_log("  held: %s%s, taken at %s\n", lock_name(held[i].map),
			     held[i].read ? " (read)" : "", where(held[i].ip, buf, sizeof(buf)));
}

static void __attribute__((__noreturn__)) report(const char *at, const char *bug, const char *kernel)
{
	qdk_host_log("%s: BUG: %s\n", at, bug);
	describe();
	qdk_host_log("  (the kernel: %s)\n", kernel);
	qdk_ctx_bug();
	__builtin_unreachable();
}

void qdk_ctx_recursion(const char *what, struct lockdep_map *map, unsigned long ip)
{
	char at[512], bug[256];

	snprintf(bug, sizeof(bug), "%s recursion on CPU#0: %s is already held", what,
		 lock_name(map));
	report(where(ip, at, sizeof(at)), bug,
	       "this CPU spins (or sleeps) on it forever, a hard lockup; CONFIG_DEBUG_SPINLOCK"
	       " reports \"BUG: spinlock recursion\", lockdep \"possible recursive locking"
	       " detected\". sch_tree_lock() in an op the root lock already covers (enqueue,"
	       " dequeue, peek, reset, a watchdog) is this bug");
}

void qdk_ctx_acquire(struct lockdep_map *map, int trylock, int read, unsigned long ip)
{
	if (nheld == QDK_MAX_LOCK_DEPTH) {
		char buf[512];

		report(where(ip, buf, sizeof(buf)), "more than 48 locks held at once",
		       "lockdep's \"BUG: MAX_LOCK_DEPTH too low!\"");
	}
	held[nheld].map = map;
	held[nheld].ip = ip;
	held[nheld].read = read;
	nheld++;
}

void qdk_ctx_release(struct lockdep_map *map, unsigned long ip)
{
	int i;

	for (i = nheld - 1; i >= 0; i--)
		if (held[i].map == map)
			break;
	if (i < 0) {
		char buf[512];

		report(where(ip, buf, sizeof(buf)), "releasing a lock this CPU does not hold",
		       "lockdep's \"WARNING: bad unlock balance detected!\"");
	}
	memmove(&held[i], &held[i + 1], (nheld - i - 1) * sizeof(held[0]));
	nheld--;
}

void qdk_ctx_assert_held(struct lockdep_map *map, int held_ok, unsigned long ip)
{
	char buf[512], *colon;
	int line = 0;

	if (held_ok)
		return;
	where(ip, buf, sizeof(buf));
	colon = strrchr(buf, ':');
	if (colon && kstrtoint(colon + 1, 10, &line) == 0)
		*colon = 0;
	qdk_warn(buf, line, "lockdep_assert_held(): the lock is not held as asserted");
}

void qdk_ctx_rcu_enter(const char *kind, unsigned long ip)
{
	/* rcu_read_lock_bh() disables bottom halves, _sched() preemption */
	if (!strcmp(kind, "rcu_bh"))
		preempt_count_add(SOFTIRQ_DISABLE_OFFSET);
	else if (!strcmp(kind, "rcu_sched"))
		preempt_count_add(PREEMPT_OFFSET);
	else if (!strcmp(kind, "rcu")) {
		/* PREEMPT_RCU (Debian's configs): a depth count */
		if (rcu_depth < (int)ARRAY_SIZE(rcu_ip))
			rcu_ip[rcu_depth] = ip;
		rcu_depth++;
	}
}

void qdk_ctx_rcu_exit(const char *kind, unsigned long ip)
{
	char buf[512];

	if (!strcmp(kind, "rcu_bh")) {
		if ((preempt_count() & SOFTIRQ_MASK) < SOFTIRQ_DISABLE_OFFSET)
			report(where(ip, buf, sizeof(buf)), "rcu_read_unlock_bh() without rcu_read_lock_bh()",
			       "a preempt_count underflow, \"WARNING: ... __local_bh_enable_ip\"");
		preempt_count_sub(SOFTIRQ_DISABLE_OFFSET);
	} else if (!strcmp(kind, "rcu_sched")) {
		if (!(preempt_count() & PREEMPT_MASK))
			report(where(ip, buf, sizeof(buf)), "rcu_read_unlock_sched() without rcu_read_lock_sched()",
			       "CONFIG_DEBUG_PREEMPT's \"BUG: ... preempt_count underflow\"");
		preempt_count_sub(PREEMPT_OFFSET);
	} else if (!strcmp(kind, "rcu")) {
		if (!rcu_depth)
			report(where(ip, buf, sizeof(buf)), "rcu_read_unlock() without rcu_read_lock()",
			       "\"WARNING: ... rcu_read_unlock_special\" and a negative RCU nest depth");
		rcu_depth--;
	}
}

/*
 * __might_sleep(): where the kernel (CONFIG_DEBUG_ATOMIC_SLEEP) checks
 * preempt_count() == 0, interrupts on and no RCU read-side section.
 */
static bool may_sleep(void)
{
	return !preempt_count() && !irqs_off && !rcu_depth;
}

#define SLEEP_BUG "sleeping function called from invalid context"
#define SLEEP_KERNEL "CONFIG_DEBUG_ATOMIC_SLEEP's \"BUG: sleeping function called from invalid context\"; " \
	"without it, \"BUG: scheduling while atomic\" once it does sleep"

static void __attribute__((__noreturn__)) sleep_bug(const char *at, const char *what)
{
	char bug[256];

	snprintf(bug, sizeof(bug), SLEEP_BUG "%s%s%s", what ? ": " : "", what ? what : "",
		 what ? " may sleep" : "");
	report(at, bug, SLEEP_KERNEL);
}

void qdk_ctx_might_sleep_in(const char *file, int line, const char *what)
{
	char at[512];

	if (may_sleep())
		return;
	snprintf(at, sizeof(at), "%s:%d", file, line);
	sleep_bug(at, what);
}

void qdk_ctx_might_sleep(const char *file, int line)
{
	qdk_ctx_might_sleep_in(file, line, NULL);
}

void qdk_ctx_might_sleep_at(const char *what, unsigned long ip)
{
	char at[512];

	if (may_sleep())
		return;
	sleep_bug(where(ip, at, sizeof(at)), what);
}

void qdk_ctx_irq_off(int bh, unsigned long ip)
{
	/* interrupts: irqflags.h keeps the flag; bottom halves: the count */
	if (bh)
		preempt_count_add(SOFTIRQ_DISABLE_OFFSET);
}

void qdk_ctx_irq_on(int bh, unsigned long ip)
{
	char buf[512];

	if (bh) {
		if ((preempt_count() & SOFTIRQ_MASK) < SOFTIRQ_DISABLE_OFFSET)
			report(where(ip, buf, sizeof(buf)), "bottom halves enabled that were not disabled",
			       "\"WARNING: ... __local_bh_enable_ip\" (a softirq count underflow)");
		preempt_count_sub(SOFTIRQ_DISABLE_OFFSET);
	}
}

void qdk_ctx_enter(struct qdk_ctx_frame *f, const char *what, const char *kind, unsigned long fn)
{
	f->what = what;
	f->kind = kind;
	f->fn = fn;
	f->preempt = preempt_count();
	f->irqs = irqs_off;
	f->rcu = rcu_depth;
	f->held = nheld;
	f->outer = frame;
	frame = f;
}

void qdk_ctx_leave(struct qdk_ctx_frame *f)
{
	char at[640], bug[320];
	const char *kernel = !strcmp(f->what, "work") ?
		"the workqueue's \"BUG: workqueue leaked lock or atomic\"" :
		!strcmp(f->what, "timer") || !strcmp(f->what, "hrtimer") ?
		"\"timer: ... preempt leak\" and lockdep's \"lock held when returning\"" :
		"lockdep's \"WARNING: lock held when returning to user space!\", or \"huh, entered softirq ... exited with\"";

	if (nheld > f->held) {
		struct held_lock *h = &held[nheld - 1];
		char buf[512];

		snprintf(at, sizeof(at), "%s", where(h->ip, buf, sizeof(buf)));
		snprintf(bug, sizeof(bug), "%s taken here is still held when %s returns",
			 lock_name(h->map), f->what);
		report(at, bug, kernel);
	}
	if (rcu_depth > f->rcu) {
		snprintf(bug, sizeof(bug), "%s returns inside the RCU read-side section rcu_read_lock() began here",
			 f->what);
		report(rcu_depth <= (int)ARRAY_SIZE(rcu_ip) ? where(rcu_ip[rcu_depth - 1], at, sizeof(at)) :
		       f->fn ? qdk_host_function(f->fn, at, sizeof(at)) : f->what, bug,
		       "\"BUG: workqueue leaked lock or atomic\" / an RCU stall: a read-side section never ends");
	}
	if (preempt_count() != f->preempt) {
		snprintf(bug, sizeof(bug), "%s returns with preempt_count %#x, entered with %#x (bottom halves or preemption left off)",
			 f->what, preempt_count(), f->preempt);
		report(f->fn ? qdk_host_function(f->fn, at, sizeof(at)) : f->what, bug, kernel);
	}
	if (irqs_off != f->irqs) {
		snprintf(bug, sizeof(bug), "%s returns with interrupts %s", f->what,
			 irqs_off ? "off" : "on");
		report(f->fn ? qdk_host_function(f->fn, at, sizeof(at)) : f->what, bug,
		       "\"WARNING: ... irqs disabled\" at the return of the callback");
	}
	frame = f->outer;
}

/* the shim's state when a run starts again (qdk_exit(), a test's setup) */
void qdk_ctx_reset(void)
{
	nheld = 0;
	rcu_depth = 0;
	arch_local_irq_enable();
	frame = NULL;
	qdk_preempt_count = 0;
}
