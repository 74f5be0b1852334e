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
#include <linux/bitmap.h>
#include <linux/bitops.h>
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
	int cls;	/* its lock class, -1 when its order is not tracked */
};

/*
 * Lock order, as lockdep's dependency graph: a lock class is the key a
 * lock was initialised with (spin_lock_init()'s static key, one per call
 * site) and the subclass of a _nested() acquisition; a lock without a key
 * in static storage (DEFINE_SPINLOCK(), DEFINE_MUTEX()) is a class of its
 * own. Each lock taken while others are held records the order "held, then
 * taken" once; a lock taken in an order whose reverse is already recorded,
 * directly or through other classes, is a possible deadlock (lockdep's
 * "possible circular locking dependency detected"), reported where the
 * second order is made, with the lines that made the first. A trylock and
 * a recursive read record nothing (neither waits), as in lockdep.
 */
#define QDK_MAX_CLASSES		1024
#define QDK_CLASS_HASH		2048
#define QDK_MAX_DEPS		8192

struct qdk_lock_class {
	const void *key;	/* NULL: a forgotten class */
	unsigned int subclass;
	const char *name;
};

struct qdk_lock_dep {
	short from, to;
	unsigned long from_ip;	/* where the held lock was taken */
	unsigned long to_ip;	/* where the other was taken while it was held */
};

static struct qdk_lock_class classes[QDK_MAX_CLASSES];
static int nclasses;
static short class_hash[QDK_CLASS_HASH];	/* class + 1; 0 empty */
static unsigned long dep_bits[QDK_MAX_CLASSES][QDK_MAX_CLASSES / BITS_PER_LONG];
static struct qdk_lock_dep deps[QDK_MAX_DEPS];
static int ndeps;
static bool order_full;

/* the program's static storage: the linker's bounds (weak, absent in a library) */
extern char __data_start[] __attribute__((__weak__));
extern char _end[] __attribute__((__weak__));

static bool static_obj(const void *p)
{
	return __data_start && _end && (const char *)p >= __data_start && (const char *)p < _end;
}

static unsigned int class_slot(const void *key, unsigned int subclass)
{
	unsigned long h = (unsigned long)key ^ ((unsigned long)subclass << 3);

	h ^= h >> 17;
	h *= 0x9e3779b97f4a7c15UL;
	return (h >> 40) & (QDK_CLASS_HASH - 1);
}

static int lock_class_of(const struct lockdep_map *map, unsigned int subclass)
{
	const void *key = map->key;
	unsigned int i;
	int c;

	if (!key) {
		if (!static_obj(map))
			return -1;
		key = map;
	}
	for (i = class_slot(key, subclass); class_hash[i]; i = (i + 1) & (QDK_CLASS_HASH - 1)) {
		c = class_hash[i] - 1;
		if (classes[c].key == key && classes[c].subclass == subclass)
			return c;
	}
	if (nclasses == QDK_MAX_CLASSES || nclasses >= QDK_CLASS_HASH / 2) {
		order_full = true;
		return -1;
	}
	c = nclasses++;
	classes[c].key = key;
	classes[c].subclass = subclass;
	classes[c].name = map->name;
	class_hash[i] = c + 1;
	return c;
}

static bool dep_recorded(int from, int to)
{
	return test_bit(to, dep_bits[from]);
}

/* a path of recorded orders from -> ... -> to: its classes into path[], their count, or 0 */
static int dep_path(int from, int to, short *path)
{
	static short queue[QDK_MAX_CLASSES], parent[QDK_MAX_CLASSES];
	static unsigned long seen[QDK_MAX_CLASSES / BITS_PER_LONG];
	int head = 0, tail = 0, n, c, i;

	bitmap_zero(seen, QDK_MAX_CLASSES);
	queue[tail++] = from;
	__set_bit(from, seen);
	parent[from] = -1;
	while (head < tail) {
		c = queue[head++];
		if (c == to)
			break;
		for_each_set_bit(i, dep_bits[c], nclasses) {
			if (__test_and_set_bit(i, seen))
				continue;
			parent[i] = c;
			queue[tail++] = i;
		}
	}
	if (!test_bit(to, seen))
		return 0;
	for (n = 0, c = to; c >= 0; c = parent[c])
		n++;
	for (i = n - 1, c = to; c >= 0; c = parent[c])
		path[i--] = c;
	return n;
}

static const struct qdk_lock_dep *dep_find(int from, int to)
{
	int i;

	for (i = 0; i < ndeps; i++)
		if (deps[i].from == from && deps[i].to == to)
			return &deps[i];
	return NULL;
}

static const char *class_name(int c)
{
	return classes[c].name ? classes[c].name : "(unnamed lock)";
}

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

static void __attribute__((__noreturn__)) report_more(const char *at, const char *bug,
						    const char *more, const char *kernel)
{
	qdk_host_log("%s: BUG: %s\n", at, bug);
	describe();
	if (more)
		qdk_host_log("%s", more);
	qdk_host_log("  (the kernel: %s)\n", kernel);
	qdk_ctx_bug();
	__builtin_unreachable();
}

static void __attribute__((__noreturn__)) report(const char *at, const char *bug, const char *kernel)
{
	report_more(at, bug, NULL, kernel);
}

/* taking class cls at ip while h is held closes a cycle of recorded orders: report it */
static void __attribute__((__noreturn__)) order_bug(const struct held_lock *h, int cls,
						  unsigned long ip)
{
	static char more[4096];
	char at[512], bug[512], a[512], b[512];
	short path[QDK_MAX_CLASSES];
	int n, i, len = 0;

	n = dep_path(cls, h->cls, path);
	snprintf(bug, sizeof(bug),
		 "possible circular locking dependency: %s taken while %s is held, the reverse of an order taken before",
		 class_name(cls), class_name(h->cls));
	len += snprintf(more + len, sizeof(more) - len,
			"  this order: %s taken at %s, then %s taken here\n",
			class_name(h->cls), where(h->ip, a, sizeof(a)), class_name(cls));
	for (i = 0; i + 1 < n && len < (int)sizeof(more) - 1; i++) {
		const struct qdk_lock_dep *d = dep_find(path[i], path[i + 1]);

		if (!d)
			continue;
		len += snprintf(more + len, sizeof(more) - len,
				"  %s order: %s taken at %s, then %s taken at %s\n",
				i ? "and" : "earlier", class_name(d->from), where(d->from_ip, a, sizeof(a)),
				class_name(d->to), where(d->to_ip, b, sizeof(b)));
	}
	report_more(where(ip, at, sizeof(at)), bug, more,
		    "lockdep's \"WARNING: possible circular locking dependency detected\": two CPUs "
		    "taking the locks in these orders at once deadlock (an ABBA deadlock)");
}

/* record "each lock held, then cls" (lockdep's check_prevs_add()) */
static void order_check(int cls, unsigned long ip)
{
	static short scratch[QDK_MAX_CLASSES];
	int i;

	for (i = 0; i < nheld; i++) {
		struct held_lock *h = &held[i];

		if (h->cls < 0 || h->cls == cls || dep_recorded(h->cls, cls))
			continue;
		if (dep_recorded(cls, h->cls) || dep_path(cls, h->cls, scratch))
			order_bug(h, cls, ip);
		if (ndeps == QDK_MAX_DEPS) {
			order_full = true;
			return;
		}
		__set_bit(cls, dep_bits[h->cls]);
		deps[ndeps].from = h->cls;
		deps[ndeps].to = cls;
		deps[ndeps].from_ip = h->ip;
		deps[ndeps].to_ip = ip;
		ndeps++;
	}
}

/* a dynamic key goes away (lockdep_unregister_key()): its classes and their orders too */
void qdk_ctx_forget_key(const void *key)
{
	int c, j;

	for (c = 0; c < nclasses; c++) {
		if (classes[c].key != key)
			continue;
		classes[c].key = NULL;
		bitmap_zero(dep_bits[c], QDK_MAX_CLASSES);
		for (j = 0; j < nclasses; j++)
			__clear_bit(c, dep_bits[j]);
	}
	for (j = 0; j < ndeps; ) {
		if (!classes[deps[j].from].key || !classes[deps[j].to].key)
			deps[j] = deps[--ndeps];
		else
			j++;
	}
}

/* how many lock orders the run recorded (the tests' window on the graph) */
int qdk_ctx_lock_orders(void)
{
	return ndeps;
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

void qdk_ctx_acquire_nested(struct lockdep_map *map, unsigned int subclass, int trylock,
			    int read, unsigned long ip)
{
	int cls = -1;

	if (nheld == QDK_MAX_LOCK_DEPTH) {
		char buf[512];

		report(where(ip, buf, sizeof(buf)), "more than 48 locks held at once",
		       "lockdep's \"BUG: MAX_LOCK_DEPTH too low!\"");
	}
	if (map && !order_full) {
		cls = lock_class_of(map, subclass);
		if (cls >= 0 && !trylock && read != 2)
			order_check(cls, ip);
	}
	held[nheld].map = map;
	held[nheld].ip = ip;
	held[nheld].read = read;
	held[nheld].cls = cls;
	nheld++;
}

void qdk_ctx_acquire(struct lockdep_map *map, int trylock, int read, unsigned long ip)
{
	qdk_ctx_acquire_nested(map, 0, trylock, read, ip);
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

void qdk_ctx_rcu_enter(enum qdk_rcu_kind kind, unsigned long ip)
{
	/* rcu_read_lock_bh() disables bottom halves, _sched() preemption */
	if (kind == QDK_RCU_BH)
		preempt_count_add(SOFTIRQ_DISABLE_OFFSET);
	else if (kind == QDK_RCU_SCHED)
		preempt_count_add(PREEMPT_OFFSET);
	else if (kind == QDK_RCU) {
		/* PREEMPT_RCU (Debian's configs): a depth count */
		if (rcu_depth < (int)ARRAY_SIZE(rcu_ip))
			rcu_ip[rcu_depth] = ip;
		rcu_depth++;
	}
}

void qdk_ctx_rcu_exit(enum qdk_rcu_kind kind, unsigned long ip)
{
	char buf[512];

	if (kind == QDK_RCU_BH) {
		if ((preempt_count() & SOFTIRQ_MASK) < SOFTIRQ_DISABLE_OFFSET)
			report(where(ip, buf, sizeof(buf)), "rcu_read_unlock_bh() without rcu_read_lock_bh()",
			       "a preempt_count underflow, \"WARNING: ... __local_bh_enable_ip\"");
		preempt_count_sub(SOFTIRQ_DISABLE_OFFSET);
	} else if (kind == QDK_RCU_SCHED) {
		if (!(preempt_count() & PREEMPT_MASK))
			report(where(ip, buf, sizeof(buf)), "rcu_read_unlock_sched() without rcu_read_lock_sched()",
			       "CONFIG_DEBUG_PREEMPT's \"BUG: ... preempt_count underflow\"");
		preempt_count_sub(PREEMPT_OFFSET);
	} else if (kind == QDK_RCU) {
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

void qdk_ctx_might_resched(const char *file, int line, unsigned int offsets)
{
	char at[512];

	/* MIGHT_RESCHED_RCU_SHIFT: the RCU depth the caller may hold above bit 8 */
	if ((unsigned int)preempt_count() == (offsets & 0xff) && !irqs_off &&
	    rcu_depth == (int)(offsets >> 8))
		return;
	snprintf(at, sizeof(at), "%s:%d", file, line);
	sleep_bug(at, NULL);
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

/* what the kernel says of a context a frame's op left changed */
static const char *leak_kernel_says(const struct qdk_ctx_frame *f)
{
	if (!strcmp(f->what, "work"))
		return "the workqueue's \"BUG: workqueue leaked lock or atomic\"";
	if (!strcmp(f->what, "timer") || !strcmp(f->what, "hrtimer"))
		return "\"timer: ... preempt leak\" and lockdep's \"lock held when returning\"";
	return "lockdep's \"WARNING: lock held when returning to user space!\", or \"huh, entered softirq ... exited with\"";
}

void qdk_ctx_leave(struct qdk_ctx_frame *f)
{
	char at[640], bug[320];

	if (nheld > f->held) {
		struct held_lock *h = &held[nheld - 1];
		char buf[512];

		snprintf(at, sizeof(at), "%s", where(h->ip, buf, sizeof(buf)));
		snprintf(bug, sizeof(bug), "%s taken here is still held when %s returns",
			 lock_name(h->map), f->what);
		report(at, bug, leak_kernel_says(f));
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
		report(f->fn ? qdk_host_function(f->fn, at, sizeof(at)) : f->what, bug,
		       leak_kernel_says(f));
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
	int i;

	/* a new run: no lock order recorded yet */
	for (i = 0; i < nclasses; i++)
		bitmap_zero(dep_bits[i], QDK_MAX_CLASSES);
	memset(class_hash, 0, sizeof(class_hash));
	nclasses = 0;
	ndeps = 0;
	order_full = false;
	nheld = 0;
	rcu_depth = 0;
	arch_local_irq_enable();
	frame = NULL;
	qdk_preempt_count = 0;
}
