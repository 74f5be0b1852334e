// SPDX-License-Identifier: GPL-2.0
/*
 * The event rings and /dev/qdk_recorder.
 *
 * Each CPU has a ring: a byte buffer allocated once at load time, holding
 * records of the length their type needs (rec_len(): a dequeue takes 48
 * bytes, an enqueue 136). Only that CPU writes it, with bottom halves off,
 * so producers take no lock, disable no interrupt and copy nothing: a
 * recorded call reserves its record in place before it calls the child,
 * the drops of the call follow it, and one release store of the ring's
 * head publishes them together (recorder.h). When a ring is full the event
 * is counted, not stored, and the next event that fits is preceded by a
 * LOST record carrying the count. Nothing here sleeps or allocates on the
 * datapath.
 *
 * The single reader owns every ring's tail. It hands user space one
 * stream, merged by timestamp: it takes the ring whose oldest record is
 * the oldest, and from it the run of records no older than the oldest of
 * the other rings (all of them when the others are empty). The events of
 * one qdisc come out in their order: they happen under its lock, and a
 * record is published before the lock is released, so when the reader sees
 * one, every earlier event of that qdisc, on any CPU, is already visible,
 * with an earlier timestamp. Events of different qdiscs may interleave
 * differently than they happened; nothing reads them together.
 *
 * The reader takes bytes in batches: a read returns when a ring is an
 * eighth full (its producer wakes it then) or the caller's buffer is, or
 * after REC_READ_WAIT with whatever has arrived; it may end inside a
 * record, which the next read continues. A reader that woke per record
 * would cost the traffic a context switch and a syscall per packet; with
 * batches it costs a few per second.
 *
 * Recording happens only while the device is open (one reader at a time):
 * open() registers the probes (kfree_skb, consume_skb, the clock freeze of
 * rec_clock.c, tc_modify_qdisc, the random getters), resets
 * the rings and arms every recorder instance; release() undoes that.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/random.h>
#include <linux/rtnetlink.h>
#include <linux/sched/signal.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include <linux/wait.h>
#include <net/sock.h>
#include <trace/events/skb.h>

#include "rec_compat.h"
#include "recorder.h"

DEFINE_PER_CPU(struct rec_call *, rec_active);
DEFINE_PER_CPU_ALIGNED(struct rec_ring, rec_rings);
u32 rec_ring_bytes;

bool rec_capturing;
u32 rec_session;

static DECLARE_WAIT_QUEUE_HEAD(ring_wait);

static atomic_t rec_open_count = ATOMIC_INIT(0);
static DEFINE_MUTEX(rec_read_lock);
static u64 rec_key;		/* hides kernel addresses in packet cookies */
static struct tracepoint *tp_consume;

/* the run of records the reader is handing out; under rec_read_lock */
static int run_cpu;
static u32 run_left;

u64 rec_cookie(const struct sk_buff *skb)
{
	return skb ? (u64)(unsigned long)skb ^ rec_key : 0;
}

/* A LOST record of count events at ts, in the room rec_reserve() keeps for it. */
static void rec_place_lost(struct rec_ring *rg, u64 count, u64 ts)
{
	struct qdk_rec *l = rec_place(rg, QDK_REC_HDR_SIZE);

	memset(l, 0, QDK_REC_HDR_SIZE);
	l->type = QDK_REC_LOST;
	l->words = QDK_REC_HDR_SIZE / 8;
	l->ts = ts;
	l->count = min_t(u64, count, U32_MAX);
}

/*
 * rec_reserve() found no room, or a loss going on: the record's room, or
 * NULL (counted lost).
 *
 * The first event lost is a LOST record at once, stamped with its time, in
 * the room every record leaves, and published (an outer recorded call
 * publishes it with its own records): the reader merges the rings by
 * time, and a loss stamped when the ring next had room (the reader may
 * have been stopped for seconds) came out after records that other CPUs
 * stored meanwhile. The child's events there could miss one of this CPU's
 * (a dequeue) unannounced: the trace looked whole up to the LOST record
 * and a replay diverged before it. Events lost after the first are counted
 * and stored as a second LOST record before the next one that fits.
 */
struct qdk_rec *rec_reserve_lost(struct rec_ring *rg, unsigned int len,
				 u64 ts)
{
	u32 used, need;

	/* pairs with the reader's release: its bytes are free once seen */
	used = rg->pos - smp_load_acquire(&rg->tail);

	if (!rg->lost_open) {
		if (used + len + QDK_REC_HDR_SIZE <= rec_ring_bytes)
			return rec_place(rg, len);	/* rec_reserve() raced the reader */
		rec_place_lost(rg, 1, ts);
		rg->lost_open = true;
		rec_publish();
		return NULL;
	}
	/* the loss goes on until there is room for its count and this record */
	need = len + QDK_REC_HDR_SIZE;
	if (rg->lost)
		need += QDK_REC_HDR_SIZE;
	if (used + need > rec_ring_bytes) {
		rg->lost++;
		return NULL;
	}
	if (rg->lost)
		rec_place_lost(rg, rg->lost, ts);
	rg->lost = 0;
	rg->lost_open = false;
	return rec_place(rg, len);
}

/* A record crossed the ring's end: its part past the end goes to the start. */
void rec_unspill(struct rec_ring *rg)
{
	memcpy(rg->buf, rg->buf + rec_ring_bytes, rg->spill);
	rg->spill = 0;
}

void rec_wake(void)
{
	wake_up(&ring_wait);
}

/* A copy of r (header with type and ts set), from process or softirq context. */
void rec_emit(const struct qdk_rec *r)
{
	unsigned int len = rec_len(r->type);
	unsigned long flags;
	struct qdk_rec *d;

	/* nothing else may write this CPU's ring meanwhile */
	local_irq_save(flags);
	d = rec_reserve(r->type, r->ts, r->inst, r->gen);
	if (d) {
		memcpy(d, r, len);
		d->words = len / 8;
	}
	rec_publish();
	local_irq_restore(flags);
}

struct rec_chg rec_chg;

/* A recorded change begins in this task (rtnl held, tree lock held). */
void rec_chg_begin(u64 ts, u32 inst, u32 gen)
{
	rec_chg.ts = ts;
	rec_chg.inst = inst;
	rec_chg.gen = gen;
	WRITE_ONCE(rec_chg.clock, true);
	WRITE_ONCE(rec_chg.task, current);
}

/* ->change() returned: the clock runs again; its frees still follow */
void rec_chg_clock_stop(void)
{
	WRITE_ONCE(rec_chg.clock, false);
}

static void rec_chg_end(void)
{
	WRITE_ONCE(rec_chg.clock, false);
	WRITE_ONCE(rec_chg.task, NULL);
}

/* A packet the changing task frees: perhaps one the change took out. */
static void rec_chg_drop(const struct sk_buff *skb)
{
	struct qdk_rec d = {
		.type = QDK_REC_DROP,
		.flags = QDK_RF_CHG,
		.inst = rec_chg.inst,
		.gen = rec_chg.gen,
	};

	d.ts = rec_now();
	d.pkt = rec_cookie(skb);
	rec_emit(&d);
}

/*
 * rtnl_unlock() frees what rtnl_kfree_skbs() deferred (the packets a
 * change took out, mostly): once it returns in the changing task, that
 * change has freed all it will. CHGEND says so.
 */
static int rec_unlock_entry(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	return READ_ONCE(rec_chg.task) == current ? 0 : 1;
}

static int rec_unlock_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct qdk_rec r = { .type = QDK_REC_CHGEND };

	if (READ_ONCE(rec_chg.task) != current)
		return 0;
	r.inst = rec_chg.inst;
	r.gen = rec_chg.gen;
	r.ts = rec_now();
	rec_emit(&r);
	rec_chg_end();
	return 0;
}

/*
 * A kretprobe on symbol, set up afresh; false (said in the log, with what
 * the traces lack without it) when the kernel refuses it.
 */
bool rec_krp_register(struct kretprobe *krp, const char *symbol,
		      kretprobe_handler_t entry, kretprobe_handler_t handler,
		      int maxactive, size_t data_size, const char *without)
{
	memset(krp, 0, sizeof(*krp));
	krp->kp.symbol_name = symbol;
	krp->entry_handler = entry;
	krp->handler = handler;
	krp->maxactive = maxactive;
	krp->data_size = data_size;
	if (!register_kretprobe(krp))
		return true;
	pr_warn("qdk_recorder: cannot probe %s: %s\n", symbol, without);
	return false;
}

void rec_krp_unregister(struct kretprobe *krp, bool *on)
{
	if (*on)
		unregister_kretprobe(krp);
	*on = false;
}

static struct kretprobe rec_unlock_krp;
static bool rec_unlock_on;

/* kfree_skb tracepoint: a drop, if a recorded call is running here. */
static void rec_probe_kfree(void *data, struct sk_buff *skb, void *location,
			    REC_KFREE_SKB_ARGS)
{
	struct rec_call *c;
	struct qdk_rec *d;

	if (in_hardirq() || in_nmi())
		return;
	c = this_cpu_read(rec_active);
	if (!c) {
		if (unlikely(READ_ONCE(rec_chg.task)) && rec_chg_mine())
			rec_chg_drop(skb);
		return;
	}
	/* a tc hook drops only what it shot, after the call (rec_hook.c) */
	if (c->hook)
		return;
	if (skb == c->skb) {
		c->gone = true;
		c->hash = skb->hash;
	}
	/* after the call's record, published with it */
	d = rec_reserve(QDK_REC_DROP, c->ts, c->inst, c->gen);
	if (!d)
		return;
	d->flags = QDK_RF_EARLY;
	d->pkt = rec_cookie(skb);
}

/* consume_skb tracepoint: only to know the arriving packet is gone. */
static void rec_probe_consume(void *data, struct sk_buff *skb)
{
	struct rec_call *c;

	if (in_hardirq() || in_nmi())
		return;
	c = this_cpu_read(rec_active);
	if (c && skb == c->skb) {
		c->gone = true;
		c->hash = skb->hash;
	}
}

/*
 * tc_modify_qdisc() is where tc's RTM_NEWQDISC arrives (rtnl held): the
 * TCA_OPTIONS of a qdisc created under a recorder, or at a root it may be
 * asked to attach to, are what its init() gets, which a dump does not
 * always reproduce (fq_codel truncates its times, taprio dumps a schedule
 * not yet running apart).
 * From entry to return, the random draws of the task creating it are kept
 * (rec_rand.c). A kretprobe: the function may sleep (request_module).
 */
static int rec_tcmod_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	const struct sk_buff *skb;
	const struct nlmsghdr *n;

	skb = (const struct sk_buff *)regs_get_kernel_argument(regs, 0);
	n = (const struct nlmsghdr *)regs_get_kernel_argument(regs, 1);
	if (!skb || !skb->sk || !rec_qdisc_request(sock_net(skb->sk), n))
		return 1;	/* nothing to follow to the return */
	rec_rand_begin();
	return 0;
}

static int rec_tcmod_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	rec_rand_end();
	return 0;
}

static struct kretprobe rec_tcmod_krp;
static bool rec_tcmod_on;

/*
 * tc_new_tfilter() is where tc's RTM_NEWTFILTER arrives, before any lock:
 * the kind and TCA_OPTIONS of a filter added to a block of a recorded
 * child (rec_filter_request()). Only the entry: nothing to follow.
 */
static int rec_tfilter_entry(struct kretprobe_instance *ri,
			     struct pt_regs *regs)
{
	rec_filter_request((const struct nlmsghdr *)
			   regs_get_kernel_argument(regs, 1));
	return 1;
}

static struct kretprobe rec_tfilter_krp;
static bool rec_tfilter_on;
static void rec_krps_register(void)
{
	/* callers sleeping in request_module() without rtnl, plus one */
	rec_tcmod_on = rec_krp_register(&rec_tcmod_krp, "tc_modify_qdisc",
					rec_tcmod_entry, rec_tcmod_ret,
					2 * num_possible_cpus() + 16, 0,
					"traces carry the child's dump as its options, and no random draws");
	rec_tfilter_on = rec_krp_register(&rec_tfilter_krp, "tc_new_tfilter",
					  rec_tfilter_entry, NULL,
					  2 * num_possible_cpus() + 4, 0,
					  "traces carry `filter` lines, no `classifier` ones");
	rec_unlock_on = rec_krp_register(&rec_unlock_krp, "rtnl_unlock",
					 rec_unlock_entry, rec_unlock_ret,
					 2 * num_possible_cpus() + 4, 0,
					 "a change that drops packets is marked lost");
	rec_cls_register();
	rec_nest_register();
}

static void rec_krps_unregister(void)
{
	rec_nest_unregister();
	rec_cls_unregister();
	rec_krp_unregister(&rec_unlock_krp, &rec_unlock_on);
	rec_krp_unregister(&rec_tcmod_krp, &rec_tcmod_on);
	rec_krp_unregister(&rec_tfilter_krp, &rec_tfilter_on);
	rec_filter_requests_clear();
	rec_chg_end();
}

/* consume_skb's tracepoint is not exported: find it by name. */
static void rec_find_consume(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "consume_skb"))
		*(struct tracepoint **)priv = tp;
}

/* timer_expire_entry/exit: a child's timer_list runs (rec_timers.c) */
static void rec_probe_texp_entry(void *data, struct timer_list *timer,
				 unsigned long baseclk)
{
	rec_timer_begin(timer, false);
}

/*
 * hrtimer_expire_entry/exit: a child's hrtimer runs, a soft one in the
 * softirq (dualpi2's probability update), recorded as a timer_list is, a
 * hard one in hard interrupt context (taprio's gate schedule), only
 * counted there (rec_timers.c). The entry's second argument (a pointer
 * before 7.x, the time from 7.x on) is not read.
 */
static void rec_probe_hexp_entry(void *data, struct hrtimer *timer)
{
	if (timer->is_soft)
		rec_timer_begin(timer, true);
	else if (in_hardirq())
		rec_timer_hard(timer);
}

static void rec_probe_hexp_exit(void *data, struct hrtimer *timer)
{
	if (timer->is_soft)
		rec_timer_end(timer);
	else if (in_hardirq())
		rec_timer_hard_end(timer);
}

static void rec_probe_texp_exit(void *data, struct timer_list *timer)
{
	rec_timer_end(timer);
}

/*
 * timer_start: 6.1 passes (timer, expires, flags), 6.12 and 7.x (timer,
 * bucket_expiry); only the first is read, the others are left in their
 * registers
 */
static void rec_probe_tstart(void *data, struct timer_list *timer)
{
	rec_timer_rearm(timer);
}

static struct tracepoint *tp_texp_entry, *tp_texp_exit, *tp_tstart;
static struct tracepoint *tp_hexp_entry, *tp_hexp_exit;

static void rec_find_texp(struct tracepoint *tp, void *priv)
{
	if (!strcmp(tp->name, "hrtimer_expire_entry"))
		tp_hexp_entry = tp;
	else if (!strcmp(tp->name, "hrtimer_expire_exit"))
		tp_hexp_exit = tp;
	else if (!strcmp(tp->name, "timer_expire_entry"))
		tp_texp_entry = tp;
	else if (!strcmp(tp->name, "timer_expire_exit"))
		tp_texp_exit = tp;
	else if (!strcmp(tp->name, "timer_start"))
		tp_tstart = tp;
}

/* the children's soft hrtimers: exit first, so a begun one is seen to end */
static void rec_hrtimers_register(void)
{
	if (tp_hexp_entry && tp_hexp_exit &&
	    !tracepoint_probe_register(tp_hexp_exit, rec_probe_hexp_exit, NULL)) {
		if (!tracepoint_probe_register(tp_hexp_entry, rec_probe_hexp_entry, NULL))
			return;
		tracepoint_probe_unregister(tp_hexp_exit, rec_probe_hexp_exit, NULL);
	}
	tp_hexp_entry = NULL;
	pr_warn("qdk_recorder: no hrtimer_expire tracepoints; the children's own hrtimers are not recorded\n");
}

static void rec_timers_register(void)
{
	tp_texp_entry = NULL;
	tp_texp_exit = NULL;
	tp_tstart = NULL;
	tp_hexp_entry = NULL;
	tp_hexp_exit = NULL;
	rec_timer_hard_init();
	for_each_kernel_tracepoint(rec_find_texp, NULL);
	if (tp_texp_entry && tp_texp_exit &&
	    !tracepoint_probe_register(tp_texp_exit, rec_probe_texp_exit, NULL)) {
		/* without it a timer is stamped at its return (rec_timers.c) */
		if (tp_tstart &&
		    tracepoint_probe_register(tp_tstart, rec_probe_tstart, NULL))
			tp_tstart = NULL;
		if (!tracepoint_probe_register(tp_texp_entry,
					       rec_probe_texp_entry, NULL)) {
			rec_hrtimers_register();
			WRITE_ONCE(rec_timers_on, true);
			return;
		}
		if (tp_tstart)
			tracepoint_probe_unregister(tp_tstart, rec_probe_tstart,
						    NULL);
		tracepoint_probe_unregister(tp_texp_exit, rec_probe_texp_exit,
					    NULL);
	}
	pr_warn("qdk_recorder: no timer_expire tracepoints; the children's own timers are not recorded\n");
}

static void rec_timers_unregister(void)
{
	if (!READ_ONCE(rec_timers_on))
		return;
	WRITE_ONCE(rec_timers_on, false);
	tracepoint_probe_unregister(tp_texp_entry, rec_probe_texp_entry, NULL);
	if (tp_hexp_entry)
		tracepoint_probe_unregister(tp_hexp_entry, rec_probe_hexp_entry, NULL);
	tracepoint_synchronize_unregister();
	/* a timer that began must be seen to end */
	rec_timer_wait();
	if (tp_tstart)
		tracepoint_probe_unregister(tp_tstart, rec_probe_tstart, NULL);
	tracepoint_probe_unregister(tp_texp_exit, rec_probe_texp_exit, NULL);
	if (tp_hexp_entry)
		tracepoint_probe_unregister(tp_hexp_exit, rec_probe_hexp_exit, NULL);
}

static int rec_probes_register(void)
{
	int err;

	err = rec_clock_arm();
	if (err)
		return err;
	rec_jiffies_arm();
	rec_rand_register();
	rec_made_register();
	rec_dev_register();
	rec_krps_register();
	err = register_trace_kfree_skb(rec_probe_kfree, NULL);
	if (err) {
		rec_krps_unregister();
		rec_dev_unregister();
		rec_made_unregister();
		rec_rand_unregister();
		rec_jiffies_disarm();
		rec_clock_disarm();
		return err;
	}
	tp_consume = NULL;
	for_each_kernel_tracepoint(rec_find_consume, &tp_consume);
	if (tp_consume &&
	    tracepoint_probe_register(tp_consume, rec_probe_consume, NULL))
		tp_consume = NULL;
	if (!tp_consume)
		pr_warn("qdk_recorder: no consume_skb tracepoint; a packet a qdisc consumes at enqueue is not detected\n");
	rec_timers_register();
	return 0;
}

static void rec_probes_unregister(void)
{
	if (tp_consume)
		tracepoint_probe_unregister(tp_consume, rec_probe_consume,
					    NULL);
	unregister_trace_kfree_skb(rec_probe_kfree, NULL);
	rec_timers_unregister();
	tracepoint_synchronize_unregister();
	rec_krps_unregister();
	rec_dev_unregister();
	rec_made_unregister();
	rec_rand_unregister();
	rec_jiffies_disarm();
	rec_clock_disarm();
}

static int rec_open(struct inode *inode, struct file *file)
{
	struct qdk_rec hello = { .type = QDK_REC_HELLO };
	int err, cpu;

	if (!capable(CAP_NET_ADMIN))
		return -EPERM;
	if (atomic_cmpxchg(&rec_open_count, 0, 1))
		return -EBUSY;
	err = rec_probes_register();
	if (err) {
		atomic_set(&rec_open_count, 0);
		return err;
	}

	rtnl_lock();
	/* no producer runs: rec_capturing is false until the end */
	for_each_possible_cpu(cpu) {
		struct rec_ring *rg = per_cpu_ptr(&rec_rings, cpu);

		rg->pos = 0;
		rg->head = 0;
		rg->tail = 0;
		rg->spill = 0;
		rg->lost = 0;
		rg->lost_open = false;
	}
	run_left = 0;
	rec_key = get_random_u64() | 1;
	rec_session++;
	hello.ts = rec_now();
	hello.hello.version = QDK_REC_VERSION;
	hello.hello.hz = HZ;
	hello.hello.ring = rec_ring_bytes / QDK_REC_SIZE;
	hello.hello.rec_size = QDK_REC_SIZE;
	rec_emit(&hello);
	WRITE_ONCE(rec_capturing, true);
	rec_qdisc_arm_all();
	rtnl_unlock();
	return stream_open(inode, file);
}

static int rec_release(struct inode *inode, struct file *file)
{
	rtnl_lock();
	WRITE_ONCE(rec_capturing, false);
	rtnl_unlock();
	/* datapath calls run under rcu_read_lock_bh(): let them finish */
	synchronize_net();
	rec_probes_unregister();
	rec_twin_report();
	atomic_set(&rec_open_count, 0);
	return 0;
}

/*
 * How long a read waits for a batch to fill before it returns what there
 * is. Not a limit on the rate: a producer that fills an eighth of the ring
 * wakes the reader at once. It only sets how often a slow trickle reaches
 * user space, and each of those wakeups costs the traffic a context switch
 * or two; 4 a second are noise, 50 a second cost 0.5% of a busy CPU.
 */
#define REC_READ_WAIT	max(1, HZ / 4)

/* len bytes of rg's ring from byte t on, wrapping at the end */
static void ring_get(const struct rec_ring *rg, u32 t, void *dst,
		     unsigned int len)
{
	u32 off = t & (rec_ring_bytes - 1);
	unsigned int first = min(len, rec_ring_bytes - off);

	memcpy(dst, rg->buf + off, first);
	memcpy(dst + first, rg->buf, len - first);
}

/* The timestamp and length of the record at byte t of rg's ring. */
static u64 ring_peek(const struct rec_ring *rg, u32 t, u32 *len)
{
	struct qdk_rec h;

	ring_get(rg, t, &h, QDK_REC_HDR_SIZE);
	*len = h.words * 8;
	if (WARN_ON_ONCE(*len < QDK_REC_HDR_SIZE || *len > QDK_REC_SIZE))
		*len = QDK_REC_HDR_SIZE;	/* cannot happen: keep going */
	return h.ts;
}

/* Bytes published and not yet read, over all rings. */
static u32 ring_avail(void)
{
	u32 n = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		struct rec_ring *rg = per_cpu_ptr(&rec_rings, cpu);

		/* pairs with rec_publish()'s release */
		n += smp_load_acquire(&rg->head) - rg->tail;
	}
	return n;
}

/*
 * The next run of the merged stream: in the ring whose oldest record is
 * the oldest, the records up to the oldest of the other rings' (ties go
 * to the lower CPU) and up to the entry of any timer window still open
 * (rec_twin.c: that timer's records may yet be stamped before anything
 * younger). False when every ring is empty, or when what there is waits
 * for a window (ring_held).
 */
static bool ring_held;

static bool ring_next_run(void)
{
	u64 best_ts, limit, open, ts;
	u32 h, t, len, best_head, n, snap;
	int cpu, best, busy, tries = 0;
	struct rec_ring *rg;

again:
	best_ts = U64_MAX;
	limit = U64_MAX;
	best_head = 0;
	best = -1;
	busy = 0;
	snap = rec_twin_snap();
	for_each_possible_cpu(cpu) {
		rg = per_cpu_ptr(&rec_rings, cpu);
		/* pairs with rec_publish()'s release: records up to h are whole */
		h = smp_load_acquire(&rg->head);
		if (h == rg->tail)
			continue;
		busy++;
		ts = ring_peek(rg, rg->tail, &len);
		if (ts < best_ts) {
			limit = best_ts;
			best_ts = ts;
			best = cpu;
			best_head = h;
		} else if (ts < limit) {
			limit = ts;
		}
	}
	open = rec_twin_oldest();
	if (rec_twin_moved(snap)) {
		/* a window closed meanwhile: its records may be in a ring read before */
		if (++tries < 8)
			goto again;
		ring_held = best >= 0;
		return false;
	}
	if (best < 0)
		return false;
	if (best_ts > open) {
		ring_held = true;
		return false;
	}
	limit = min(limit, open);
	rg = per_cpu_ptr(&rec_rings, best);
	run_cpu = best;
	if (busy == 1 && limit == U64_MAX) {
		run_left = best_head - rg->tail;
		return true;
	}
	for (t = rg->tail, n = 0; t != best_head; t += len, n += len) {
		ts = ring_peek(rg, t, &len);
		if (n && ts > limit)
			break;
	}
	run_left = n;
	return true;
}

/*
 * Records held for a timer window: it closes within the timer's run, a few
 * us, or as long as its vCPU is not scheduled. A read waits for it in
 * ticks, up to this long without O_NONBLOCK's caller; then it returns
 * nothing (-EAGAIN), and the next read tries again.
 */
#define REC_HELD_WAIT	max(2, HZ / 10)

static ssize_t rec_read(struct file *file, char __user *buf, size_t len,
			loff_t *ppos)
{
	u32 want, off, first, n, avail;
	struct rec_ring *rg;
	bool waited = false;
	size_t done = 0;
	int held;
	ssize_t ret;
	long w;

	if (!len)
		return 0;
	if (mutex_lock_interruptible(&rec_read_lock))
		return -ERESTARTSYS;
	want = min_t(size_t, len, rec_ring_bytes / 8);
	for (;;) {
		avail = ring_avail();
		if (avail >= want || (avail && waited))
			break;
		if (file->f_flags & O_NONBLOCK) {
			if (avail)
				break;
			ret = -EAGAIN;
			goto out;
		}
		w = wait_event_interruptible_timeout(ring_wait,
						     ring_avail() >= want,
						     REC_READ_WAIT);
		if (w < 0) {
			ret = -ERESTARTSYS;
			goto out;
		}
		waited = true;
	}
	for (held = 0;; held++) {
		ring_held = false;
		while (done < len && (run_left || ring_next_run())) {
			rg = per_cpu_ptr(&rec_rings, run_cpu);
			n = min_t(size_t, run_left, len - done);
			off = rg->tail & (rec_ring_bytes - 1);
			first = min(n, rec_ring_bytes - off);
			if (copy_to_user(buf + done, rg->buf + off, first) ||
			    copy_to_user(buf + done + first, rg->buf, n - first)) {
				ret = done ? done : -EFAULT;
				goto out;
			}
			/* our copies are done before the producer may reuse the bytes */
			smp_store_release(&rg->tail, rg->tail + n);
			run_left -= n;
			done += n;
		}
		if (done || !ring_held)
			break;
		/* all there is waits for a timer window: not an end of file */
		if ((file->f_flags & O_NONBLOCK) && held >= REC_HELD_WAIT) {
			ret = -EAGAIN;
			goto out;
		}
		schedule_timeout_interruptible(1);
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			goto out;
		}
	}
	ret = done;
out:
	mutex_unlock(&rec_read_lock);
	return ret;
}

static const struct file_operations rec_fops = {
	.owner = THIS_MODULE,
	.open = rec_open,
	.release = rec_release,
	.read = rec_read,	/* stream_open(): never seeks */
};

static struct miscdevice rec_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = QDK_REC_DEV,
	.fops = &rec_fops,
	.mode = 0600,
};

static void ring_free(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct rec_ring *rg = per_cpu_ptr(&rec_rings, cpu);

		vfree(rg->buf);
		rg->buf = NULL;
	}
}

/* records: per CPU, in 128-byte units; 0 picks a size */
int rec_ring_init(unsigned int records)
{
	int err, cpu;

	BUILD_BUG_ON(sizeof(struct qdk_rec) != QDK_REC_SIZE);
	BUILD_BUG_ON(offsetof(struct qdk_rec, enq) != QDK_REC_HDR_SIZE);
	if (!records)
		records = max(32768U / num_possible_cpus(), 4096U);
	if (records < 64 || records > (1U << 24))
		return -EINVAL;
	/* a power of two in 128-byte units (the mask), whatever QDK_REC_SIZE */
	rec_ring_bytes = roundup_pow_of_two(records) * 128;
	for_each_possible_cpu(cpu) {
		struct rec_ring *rg = per_cpu_ptr(&rec_rings, cpu);

		rg->buf = vzalloc_node(rec_ring_bytes + QDK_REC_SIZE,
				       cpu_to_node(cpu));
		if (!rg->buf) {
			ring_free();
			return -ENOMEM;
		}
	}
	err = misc_register(&rec_misc);
	if (err)
		ring_free();
	return err;
}

void rec_ring_exit(void)
{
	misc_deregister(&rec_misc);
	rec_jiffies_exit();
	rec_clock_exit();
	rec_cls_exit();
	rec_nest_exit();
	rec_rand_exit();
	ring_free();
}
