// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's random draws made by a child under a recorder. The replay
 * cannot reproduce them from its own generator, so they go into the trace
 * and the replay hands them out again (traces/FORMAT.md):
 *
 * - during its init: a kit qdisc without "seed" draws its seed, upstream
 *   ones draw perturbation keys (sfq, sfb, hhf), netem seeds its
 *   correlated generators; "random" header lines;
 * - during a recorded call (enqueue, dequeue, peek): red's, choke's,
 *   pie's and sfb's drop decisions, netem's loss, duplication and jitter;
 *   "R" event lines before the call line;
 * - during a recorded change of the child (netem reseeds): "R" lines
 *   before the "c" line.
 *
 * While the device is open, kretprobes sit on get_random_u8/u16/u32/u64(),
 * get_random_bytes() and __get_random_u32_below(). Their entry handlers
 * return at once (no return hook) unless a recorded call is running on this
 * CPU (rec_active, outside hard interrupts), or the current task is the one
 * rec_rand_begin() marked (the tc_modify_qdisc() probe, for a request
 * creating a qdisc under a recorder's class, or rec_child_change(), under
 * rtnl) and runs in task context. Only then is the return hooked:
 *
 * - in a call, the value becomes a DRAW record in this CPU's ring, right
 *   after the call's record (not yet published, like the call's drops),
 *   and the call counts it (the call record's count): a draw costs the
 *   datapath only when one happens, and one that finds the ring full is a
 *   lost event like any other, which qdk-capture also sees as a count
 *   that does not match;
 * - for the marked task, it is copied into a fixed buffer, emitted as
 *   RAND (init) or DRAW (change) records when the request is done.
 *
 * Nothing is allocated and nothing sleeps; what does not fit is counted as
 * lost and the trace says so ("random lost N", "TS R lost N"), which makes
 * it refused by verify. A probe that missed calls (no free instance) may
 * have missed one of ours: the reader reports it (rec_rand_check_missed).
 *
 * Only draws made by module code count: the qdisc under test is a module
 * (the kit's, Debian's sch_*), while the core kernel draws for itself on
 * the same path (the slab allocator shuffles a new slab's freelist with
 * get_random_u32_below()). A draw inside __get_random_u32_below() (which
 * calls get_random_u32() from the core) is kept when that function was
 * called from a module, and cut back with it otherwise.
 */
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "recorder.h"

#define REC_RAND_DRAWS	128	/* draws kept per request */
#define REC_RAND_BYTES	1024	/* bytes of values kept per request */

struct rec_rand_draw {
	u8 width;		/* 1, 2, 4, 8: get_random_uN(); 0: bytes */
	u16 off, len;		/* in rec_rand.data */
};

/*
 * Written by the owner task only (it is the one drawing), between
 * rec_rand_begin() and rec_rand_end(), which run under rtnl; other tasks
 * only read owner.
 */
static struct {
	struct task_struct *owner;
	unsigned int below;		/* nesting in __get_random_u32_below() */
	unsigned int ndraws, used, lost;
	unsigned long missed0;		/* the probes' nmissed at begin */
	struct rec_rand_draw draw[REC_RAND_DRAWS];
	u8 data[REC_RAND_BYTES];
} rec_rand;

struct rec_rand_probe {
	struct kretprobe krp;
	u8 width;			/* as rec_rand_draw.width */
	bool on;
};

/* ri->data of every getter's probe */
struct rec_rand_ri {
	struct rec_call *call;	/* the recorded call drawing; NULL: the task */
	void *buf;		/* get_random_bytes(): its arguments */
	size_t len;
	/* __get_random_u32_below(): where to cut back to */
	unsigned int ndraws, used, lost;	/* the task's buffer */
	u32 pos, spill, draws;			/* the call's ring */
	u64 rlost;
};

static bool rec_rand_mine(void)
{
	return READ_ONCE(rec_rand.owner) == current && in_task();
}

/* Whose draw would this be: a call's, the marked task's, or none (false)? */
static bool rec_rand_whose(struct rec_rand_ri *d)
{
	if (in_hardirq() || in_nmi())
		return false;
	d->call = this_cpu_read(rec_active);
	return d->call || rec_rand_mine();
}

/* Was the getter called by module code (not the core kernel, not us)? */
static bool rec_module_code(unsigned long addr)
{
#ifdef MODULES_VADDR
	return addr >= MODULES_VADDR && addr < MODULES_END &&
	       !within_module(addr, THIS_MODULE);
#else
	return true;
#endif
}

/*
 * ... or, during the child's call c, by the child in a tail call: a getter
 * its op calls last (sfb_reset() ends with get_random_bytes()) returns to
 * where the op was called from. That is the recorder for enqueue, dequeue
 * and peek (through the inline qdisc_enqueue() and qdisc_dequeue_peeked()),
 * which draws nothing itself during a call, and the core's qdisc_reset()
 * for a reset, where nothing else draws.
 */
bool rec_child_code(const struct rec_call *c, unsigned long addr)
{
	if (rec_module_code(addr))
		return true;
	return c && (within_module(addr, THIS_MODULE) || c->reset);
}

static void rec_rand_keep(u8 width, const void *val, size_t len)
{
	struct rec_rand_draw *d;

	if (rec_rand.ndraws == REC_RAND_DRAWS ||
	    len > REC_RAND_BYTES - rec_rand.used) {
		rec_rand.lost++;
		return;
	}
	d = &rec_rand.draw[rec_rand.ndraws++];
	d->width = width;
	d->off = rec_rand.used;
	d->len = len;
	memcpy(rec_rand.data + rec_rand.used, val, len);
	rec_rand.used += len;
}

/*
 * A draw of a recorded call: DRAW records after the call's (one per value,
 * or a buffer in chunks), counted by the call whether they fit or not.
 */
static void rec_rand_draw(struct rec_call *c, u8 width, const u8 *val,
			  size_t len)
{
	size_t off = 0, n;
	struct qdk_rec *r;

	do {
		n = min_t(size_t, len - off, QDK_REC_RAND_CHUNK);
		c->draws++;
		r = rec_reserve(QDK_REC_DRAW, c->ts, c->inst, c->gen);
		if (!r)
			return;		/* counted lost by the ring */
		r->rand.width = width;
		r->rand.len = n;
		r->rand.off = off;
		r->rand.total = len;
		memcpy(r->rand.data, val + off, n);
		off += n;
	} while (off < len);
}

static void rec_rand_put(struct rec_rand_ri *d, u8 width, const void *val,
			 size_t len)
{
	if (d->call)
		rec_rand_draw(d->call, width, val, len);
	else
		rec_rand_keep(width, val, len);
}

static bool rec_rand_counts(struct kretprobe_instance *ri,
			    const struct rec_rand_ri *d)
{
	return (d->call ? d->call->below : rec_rand.below) ||
	       rec_child_code(d->call, get_kretprobe_retaddr(ri));
}

static int rec_rand_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	/* non-zero: do not hook the return */
	return rec_rand_whose((struct rec_rand_ri *)ri->data) ? 0 : 1;
}

/* get_random_u8/u16/u32/u64() returned */
static int rec_rand_u_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct rec_rand_probe *p = container_of(get_kretprobe(ri),
						 struct rec_rand_probe, krp);
	struct rec_rand_ri *d = (struct rec_rand_ri *)ri->data;
	u64 v = regs_return_value(regs);
	union {
		u8 b;
		u16 h;
		u32 w;
		u64 q;
	} u;

	if (!rec_rand_counts(ri, d))
		return 0;
	/* what a u8..u64 return carries, in host order */
	switch (p->width) {
	case 1:
		u.b = (u8)v;
		break;
	case 2:
		u.h = (u16)v;
		break;
	case 4:
		u.w = (u32)v;
		break;
	default:
		u.q = v;
	}
	rec_rand_put(d, p->width, &u, p->width);
	return 0;
}

static int rec_rand_bytes_entry(struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	struct rec_rand_ri *d = (struct rec_rand_ri *)ri->data;

	if (!rec_rand_whose(d))
		return 1;
	d->buf = (void *)regs_get_kernel_argument(regs, 0);
	d->len = regs_get_kernel_argument(regs, 1);
	return 0;
}

static int rec_rand_bytes_ret(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct rec_rand_ri *d = (struct rec_rand_ri *)ri->data;

	if (!d->len || !rec_rand_counts(ri, d))
		return 0;
	rec_rand_put(d, 0, d->buf, d->len);
	return 0;
}

static int rec_rand_below_entry(struct kretprobe_instance *ri,
				struct pt_regs *regs)
{
	struct rec_rand_ri *d = (struct rec_rand_ri *)ri->data;
	struct rec_ring *rg;

	if (!rec_rand_whose(d))
		return 1;
	if (d->call) {
		/* the call's records since are not published yet */
		rg = this_cpu_ptr(&rec_rings);
		d->pos = rg->pos;
		d->spill = rg->spill;
		d->rlost = rg->lost;
		d->draws = d->call->draws;
		d->call->below++;
		return 0;
	}
	d->ndraws = rec_rand.ndraws;
	d->used = rec_rand.used;
	d->lost = rec_rand.lost;
	rec_rand.below++;
	return 0;
}

static int rec_rand_below_ret(struct kretprobe_instance *ri,
			      struct pt_regs *regs)
{
	struct rec_rand_ri *d = (struct rec_rand_ri *)ri->data;
	unsigned int *below = d->call ? &d->call->below : &rec_rand.below;
	struct rec_ring *rg;

	if (*below)
		(*below)--;
	if (*below || rec_child_code(d->call, get_kretprobe_retaddr(ri)))
		return 0;
	/* the core kernel's draw (slab freelist shuffle): not the qdisc's */
	if (d->call) {
		rg = this_cpu_ptr(&rec_rings);
		rg->pos = d->pos;
		rg->spill = d->spill;
		rg->lost = d->rlost;
		d->call->draws = d->draws;
		return 0;
	}
	rec_rand.ndraws = d->ndraws;
	rec_rand.used = d->used;
	rec_rand.lost = d->lost;
	return 0;
}

static struct rec_rand_probe rec_rand_probes[] = {
	{ .krp = { .kp.symbol_name = "get_random_u8" }, .width = 1 },
	{ .krp = { .kp.symbol_name = "get_random_u16" }, .width = 2 },
	{ .krp = { .kp.symbol_name = "get_random_u32" }, .width = 4 },
	{ .krp = { .kp.symbol_name = "get_random_u64" }, .width = 8 },
	{ .krp = { .kp.symbol_name = "get_random_bytes" } },
	{ .krp = { .kp.symbol_name = "__get_random_u32_below" } },
};

#define REC_RAND_BYTES_PROBE	4
#define REC_RAND_BELOW_PROBE	5

static bool rec_rand_all_on;

static unsigned long rec_rand_missed(void)
{
	unsigned long n = 0;
	int i;

	/*
	 * no free instance (krp.nmissed), or hit while another kprobe ran on
	 * that CPU (kp.nmissed: an interrupt inside a probe's handler)
	 */
	for (i = 0; i < ARRAY_SIZE(rec_rand_probes); i++)
		if (rec_rand_probes[i].on)
			n += rec_rand_probes[i].krp.nmissed +
			     rec_rand_probes[i].krp.kp.nmissed;
	return n;
}

/* the probes' misses the reader has reported */
static unsigned long rec_rand_missed_told;

void rec_rand_register(void)
{
	int i, err;

	rec_rand_all_on = true;
	for (i = 0; i < ARRAY_SIZE(rec_rand_probes); i++) {
		struct rec_rand_probe *p = &rec_rand_probes[i];
		const char *sym = p->krp.kp.symbol_name;

		memset(&p->krp, 0, sizeof(p->krp));
		p->krp.kp.symbol_name = sym;
		p->krp.entry_handler = rec_rand_entry;
		p->krp.handler = rec_rand_u_ret;
		p->krp.data_size = sizeof(struct rec_rand_ri);
		if (i == REC_RAND_BYTES_PROBE) {
			p->krp.entry_handler = rec_rand_bytes_entry;
			p->krp.handler = rec_rand_bytes_ret;
		} else if (i == REC_RAND_BELOW_PROBE) {
			p->krp.entry_handler = rec_rand_below_entry;
			p->krp.handler = rec_rand_below_ret;
		}
		/* any CPU, any context may draw; a miss is counted, not silent */
		p->krp.maxactive = 8 * num_possible_cpus() + 16;
		err = register_kretprobe(&p->krp);
		p->on = !err;
		if (err) {
			rec_rand_all_on = false;
			pr_warn("qdk_recorder: cannot probe %s (%d): random draws through it are not recorded\n",
				sym, err);
		}
	}
	rec_rand_missed_told = rec_rand_missed();
}

/*
 * A getter's probe found no free instance (nmissed grew): if that was a
 * child's draw, the trace lacks it. Which call it was cannot be known, so
 * a DRAW record with lost and instance 0 says so to every trace (the
 * reader, process context).
 */
void rec_rand_check_missed(void)
{
	unsigned long n = rec_rand_missed();
	struct qdk_rec r;

	if (n == rec_rand_missed_told)
		return;
	memset(&r, 0, sizeof(r));
	r.type = QDK_REC_DRAW;
	r.ts = rec_now();
	r.rand.lost = min_t(unsigned long, n - rec_rand_missed_told, U32_MAX);
	rec_rand_missed_told = n;
	rec_emit(&r);
}

void rec_rand_unregister(void)
{
	struct kretprobe *on[ARRAY_SIZE(rec_rand_probes)];
	int i, n = 0;

	WRITE_ONCE(rec_rand.owner, NULL);
	for (i = 0; i < ARRAY_SIZE(rec_rand_probes); i++) {
		if (rec_rand_probes[i].on)
			on[n++] = &rec_rand_probes[i].krp;
		rec_rand_probes[i].on = false;
	}
	/* together: one RCU grace period for all, not one each (close time) */
	if (n)
		unregister_kretprobes(on, n);
}

/* A qdisc is about to be created under a recorder by current (rtnl held). */
void rec_rand_begin(void)
{
	rec_rand.below = 0;
	rec_rand.ndraws = 0;
	rec_rand.used = 0;
	rec_rand.lost = 0;
	rec_rand.missed0 = rec_rand_missed();
	WRITE_ONCE(rec_rand.owner, current);
}

void rec_rand_end(void)
{
	if (READ_ONCE(rec_rand.owner) == current)
		WRITE_ONCE(rec_rand.owner, NULL);
}

/*
 * The draws current made since rec_rand_begin(), as records of r's type
 * (RAND after the child's CONF, DRAW before a change's CHANGED; r is their
 * head: type, instance, generation, ts): runs of same-width values packed,
 * a get_random_bytes() buffer in chunks, then the count of lost draws if
 * any. False when current is not creating or changing a child under a
 * recorder (nothing to say).
 */
bool rec_rand_emit(struct qdk_rec *r)
{
	unsigned int i = 0, lost;

	if (READ_ONCE(rec_rand.owner) != current)
		return false;
	while (i < rec_rand.ndraws) {
		const struct rec_rand_draw *d = &rec_rand.draw[i];
		unsigned int off, n;

		memset(&r->rand, 0, sizeof(r->rand));
		r->rand.width = d->width;
		if (d->width) {
			/* consecutive values of one width, up to a record */
			for (n = 0; i < rec_rand.ndraws && n + d->width <= QDK_REC_RAND_CHUNK &&
			     rec_rand.draw[i].width == d->width; i++) {
				memcpy(r->rand.data + n,
				       rec_rand.data + rec_rand.draw[i].off, d->width);
				n += d->width;
			}
			r->rand.len = n;
			rec_emit(r);
			continue;
		}
		r->rand.total = d->len;
		for (off = 0; off < d->len; off += n) {
			n = min_t(unsigned int, d->len - off, QDK_REC_RAND_CHUNK);
			r->rand.off = off;
			r->rand.len = n;
			memcpy(r->rand.data, rec_rand.data + d->off + off, n);
			rec_emit(r);
		}
		i++;
	}
	lost = rec_rand.lost + (rec_rand_missed() - rec_rand.missed0);
	if (lost || !rec_rand_all_on) {
		memset(&r->rand, 0, sizeof(r->rand));
		r->rand.lost = lost;
		/* a getter could not be probed: draws may have gone by unseen */
		if (!rec_rand_all_on)
			r->flags |= QDK_RF_NORAND;
		rec_emit(r);
	}
	return true;
}
