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
 * While the device is open, the getters get_random_u8/u16/u32/u64(),
 * get_random_bytes() and __get_random_u32_below() are hooked through ftrace,
 * as livepatch replaces a function (and as rec_cls.c hooks tcf_classify()):
 * one ftrace_ops on their first instructions sends a call made during a
 * recorded call on this CPU (rec_active, outside hard interrupts), or by
 * the task rec_rand_begin() marked (the tc_modify_qdisc() probe, for a
 * request creating a qdisc under a recorder's class, or
 * rec_child_change(), under rtnl) in task context, to a wrapper that calls
 * the real getter and keeps what it returned:
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
 * it refused by verify.
 *
 * They were kretprobes, and kprobes miss: a kprobe hit while another
 * kprobe's handler runs on the same CPU is skipped (counted in nmissed,
 * but at no known call). Each getter's probe ran its entry handler on
 * every draw in the system, in task context with interrupts on; a softirq
 * ending an interrupt taken there and sending a packet through the
 * recorder drew unseen, and the replay diverged before the reader's "R
 * lost" line came (record-pie on 6.12 under load). ftrace's recursion
 * guard is per context, so such a softirq is no recursion for this hook,
 * and the hook's own decision runs no handler another hook could
 * interrupt.
 *
 * Only draws made by module code count: the qdisc under test is a module
 * (the kit's, Debian's sch_*), while the core kernel draws for itself on
 * the same path (the slab allocator shuffles a new slab's freelist with
 * get_random_u32_below()). A draw inside __get_random_u32_below() (which
 * calls get_random_u32() from the core) is kept when that function was
 * called from a module, and cut back with it otherwise.
 */
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "rec_compat.h"
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
	struct rec_rand_draw draw[REC_RAND_DRAWS];
	u8 data[REC_RAND_BYTES];
} rec_rand;

/* A draw in progress in a wrapper: whose it is and what to cut back to */
struct rec_rand_ri {
	struct rec_call *call;	/* the recorded call drawing; NULL: the task */
	/* __get_random_u32_below(): where to cut back to */
	unsigned int ndraws, used, lost;	/* the task's buffer */
	u32 pos, spill, draws;			/* the call's ring */
	u64 rlost;
};

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

static bool rec_rand_counts(const struct rec_rand_ri *d, unsigned long ret)
{
	return (d->call ? d->call->below : rec_rand.below) ||
	       rec_child_code(d->call, ret);
}

/* The getters hooked, in the order of rec_rand_hooks[] */
enum { REC_U8, REC_U16, REC_U32, REC_U64, REC_BYTES, REC_BELOW, REC_GETTERS };

struct rec_rand_hook {
	const char *name;
	unsigned long addr;	/* the getter's own address */
	unsigned long wrap;	/* where its hooked calls go */
	bool on;
};

static struct rec_rand_hook rec_rand_hooks[REC_GETTERS];

/*
 * This CPU's wrapper is calling the real getter of this hook: its ftrace
 * site lets that call through once. Set and cleared with bottom halves off
 * around the call; hard interrupts in between are ignored by the hook.
 */
static DEFINE_PER_CPU(const struct rec_rand_hook *, rec_rand_pass);

/* Entered from a getter's hooked call: bottom halves off until the leave */
static notrace void rec_rand_enter(struct rec_rand_ri *d, int getter)
{
	local_bh_disable();
	d->call = this_cpu_read(rec_active);
	this_cpu_write(rec_rand_pass, &rec_rand_hooks[getter]);
}

/* The real getter returned VAL (LEN bytes) to the caller at RET */
static notrace void rec_rand_leave(struct rec_rand_ri *d, unsigned long ret,
				   u8 width, const void *val, size_t len)
{
	this_cpu_write(rec_rand_pass, NULL);
	if (len && rec_rand_counts(d, ret)) {
		if (d->call)
			rec_rand_draw(d->call, width, val, len);
		else
			rec_rand_keep(width, val, len);
	}
	local_bh_enable();
}

/* get_random_u8/u16/u32/u64(): the value, in host order, is the draw */
static notrace u8 rec_get_random_u8(void)
{
	struct rec_rand_ri d;
	u8 v;

	rec_rand_enter(&d, REC_U8);
	v = get_random_u8();
	rec_rand_leave(&d, _RET_IP_, sizeof(v), &v, sizeof(v));
	return v;
}

static notrace u16 rec_get_random_u16(void)
{
	struct rec_rand_ri d;
	u16 v;

	rec_rand_enter(&d, REC_U16);
	v = get_random_u16();
	rec_rand_leave(&d, _RET_IP_, sizeof(v), &v, sizeof(v));
	return v;
}

static notrace u32 rec_get_random_u32(void)
{
	struct rec_rand_ri d;
	u32 v;

	rec_rand_enter(&d, REC_U32);
	v = get_random_u32();
	rec_rand_leave(&d, _RET_IP_, sizeof(v), &v, sizeof(v));
	return v;
}

static notrace u64 rec_get_random_u64(void)
{
	struct rec_rand_ri d;
	u64 v;

	rec_rand_enter(&d, REC_U64);
	v = get_random_u64();
	rec_rand_leave(&d, _RET_IP_, sizeof(v), &v, sizeof(v));
	return v;
}

/* get_random_bytes(): the buffer it filled, in chunks */
static notrace void rec_get_random_bytes(void *buf, size_t len)
{
	unsigned long ret = _RET_IP_;
	struct rec_rand_ri d;

	rec_rand_enter(&d, REC_BYTES);
	get_random_bytes(buf, len);
	rec_rand_leave(&d, ret, 0, buf, len);
}

/*
 * __get_random_u32_below(): it draws through get_random_u32() from the
 * core, whose calls this hook sends to rec_get_random_u32() as well; those
 * draws count while one is nested here (below), and are cut back when the
 * outer one was not called by module code (the slab allocator's
 * freelist shuffle).
 */
static notrace u32 rec_get_random_u32_below(u32 ceil)
{
	unsigned long ret = _RET_IP_;
	unsigned int *below;
	struct rec_rand_ri d;
	struct rec_ring *rg;
	u32 v;

	rec_rand_enter(&d, REC_BELOW);
	if (d.call) {
		/* the call's records since are not published yet */
		rg = this_cpu_ptr(&rec_rings);
		d.pos = rg->pos;
		d.spill = rg->spill;
		d.rlost = rg->lost;
		d.draws = d.call->draws;
		below = &d.call->below;
	} else {
		d.ndraws = rec_rand.ndraws;
		d.used = rec_rand.used;
		d.lost = rec_rand.lost;
		below = &rec_rand.below;
	}
	(*below)++;
	v = __get_random_u32_below(ceil);
	(*below)--;
	if (!*below && !rec_child_code(d.call, ret)) {
		/* the core kernel's draw (slab freelist shuffle): not the qdisc's */
		if (d.call) {
			rg = this_cpu_ptr(&rec_rings);
			rg->pos = d.pos;
			rg->spill = d.spill;
			rg->lost = d.rlost;
			d.call->draws = d.draws;
		} else {
			rec_rand.ndraws = d.ndraws;
			rec_rand.used = d.used;
			rec_rand.lost = d.lost;
		}
	}
	rec_rand_leave(&d, ret, 0, NULL, 0);
	return v;
}

/*
 * A BPF qdisc's bpf_get_prandom_u32() (Linux 6.16+, CONFIG_NET_SCH_BPF):
 * the JITed program calls the helper bpf_user_rnd_u32() (kernel/bpf/core.c,
 * a per-CPU prandom state), which is neither module code nor exported.
 * During a recorded call, or in the task creating a child, its own
 * ftrace_ops (by name) sends the call here: the value comes from
 * get_random_u32() instead, let through its hook once, and is kept as a u32
 * draw of the call, which the replay's bpf_get_prandom_u32() hands back
 * (shim/bpf/bpf_random.c). The program gets a uniform u32 either way.
 */
static notrace u64 rec_bpf_rnd_u32(void)
{
	struct rec_rand_ri d;
	u32 v;

	rec_rand_enter(&d, REC_U32);
	v = get_random_u32();
	this_cpu_write(rec_rand_pass, NULL);
	if (d.call)
		rec_rand_draw(d.call, sizeof(v), (const u8 *)&v, sizeof(v));
	else
		rec_rand_keep(sizeof(v), &v, sizeof(v));
	local_bh_enable();
	return v;
}

static notrace void rec_bpf_rnd_ftrace(unsigned long ip, unsigned long parent_ip,
				       struct ftrace_ops *op,
				       struct ftrace_regs *fregs)
{
	if (in_hardirq() || in_nmi())
		return;
	if (this_cpu_read(rec_active) ||
	    (READ_ONCE(rec_rand.owner) == current && in_task()))
		rec_ftrace_set_ip(fregs, (unsigned long)rec_bpf_rnd_u32);
}

static struct ftrace_ops rec_bpf_rnd_ops = REC_IPMODIFY_OPS(rec_bpf_rnd_ftrace);
static bool rec_bpf_rnd_filtered, rec_bpf_rnd_on;

static void rec_bpf_rnd_register(void)
{
	static unsigned char name[] = "bpf_user_rnd_u32";

	if (IS_ENABLED(CONFIG_NET_SCH_BPF))
		rec_bpf_rnd_on = rec_ipmodify_try(&rec_bpf_rnd_ops, &rec_bpf_rnd_filtered, name,
						  "a BPF qdisc's bpf_get_prandom_u32() draws are not recorded");
}

static notrace void rec_rand_ftrace(unsigned long ip, unsigned long parent_ip,
				    struct ftrace_ops *op,
				    struct ftrace_regs *fregs)
{
	const struct rec_rand_hook *h, *pass = this_cpu_read(rec_rand_pass);
	bool ours;

	if (in_hardirq() || in_nmi())
		return;
	/*
	 * Most draws in the system are neither a wrapper's own call nor made
	 * during a recorded call: let them go before looking up the getter.
	 */
	ours = this_cpu_read(rec_active) ||
	       (READ_ONCE(rec_rand.owner) == current && in_task());
	if (!pass && !ours)
		return;
	/* which getter: its ftrace site is at its start (after an endbr64) */
	for (h = rec_rand_hooks; h < rec_rand_hooks + REC_GETTERS; h++)
		if (ip - h->addr < 16)
			break;
	if (h == rec_rand_hooks + REC_GETTERS)
		return;
	/* a wrapper's own call of the real getter */
	if (pass == h) {
		this_cpu_write(rec_rand_pass, NULL);
		return;
	}
	if (ours)
		rec_ftrace_set_ip(fregs, h->wrap);
}

static struct ftrace_ops rec_rand_ops = REC_IPMODIFY_OPS(rec_rand_ftrace);
static bool rec_rand_filtered;
static bool rec_rand_all_on, rec_rand_on;

void rec_rand_register(void)
{
	static const struct { const char *name; void *addr, *wrap; } g[] = {
		[REC_U8] = { "get_random_u8", get_random_u8, rec_get_random_u8 },
		[REC_U16] = { "get_random_u16", get_random_u16, rec_get_random_u16 },
		[REC_U32] = { "get_random_u32", get_random_u32, rec_get_random_u32 },
		[REC_U64] = { "get_random_u64", get_random_u64, rec_get_random_u64 },
		[REC_BYTES] = { "get_random_bytes", get_random_bytes, rec_get_random_bytes },
		[REC_BELOW] = { "__get_random_u32_below", __get_random_u32_below,
				rec_get_random_u32_below },
	};
	unsigned char name[32];
	int i, err = 0;

	/* the filter is set once and kept until unload (rec_ipmodify_hook()) */
	rec_rand_all_on = true;
	for (i = 0; i < REC_GETTERS; i++) {
		struct rec_rand_hook *h = &rec_rand_hooks[i];

		h->name = g[i].name;
		h->addr = (unsigned long)g[i].addr;
		h->wrap = (unsigned long)g[i].wrap;
		if (!rec_rand_filtered) {
			strscpy(name, h->name, sizeof(name));
			err = ftrace_set_filter(&rec_rand_ops, name, strlen(name), 0);
			h->on = !err;
		}
		if (!h->on) {
			rec_rand_all_on = false;
			pr_warn("qdk_recorder: cannot hook %s (%d): random draws through it are not recorded\n",
				h->name, err);
		}
	}
	rec_rand_filtered = true;
	for (i = 0; i < REC_GETTERS && !rec_rand_hooks[i].on; i++)
		;
	/* an ftrace_ops with an empty filter would hook every function */
	err = i < REC_GETTERS ? register_ftrace_function(&rec_rand_ops) : -ENOENT;
	rec_rand_on = !err;
	if (err) {
		rec_rand_all_on = false;
		pr_warn("qdk_recorder: cannot hook the random getters (%d): random draws are not recorded\n",
			err);
	}
	rec_bpf_rnd_register();
}

void rec_rand_unregister(void)
{
	WRITE_ONCE(rec_rand.owner, NULL);
	if (rec_rand_on)
		unregister_ftrace_function(&rec_rand_ops);
	rec_rand_on = false;
	if (rec_bpf_rnd_on)
		unregister_ftrace_function(&rec_bpf_rnd_ops);
	rec_bpf_rnd_on = false;
}

void rec_rand_exit(void)
{
	rec_ipmodify_free(&rec_rand_ops, &rec_rand_filtered);
	rec_ipmodify_free(&rec_bpf_rnd_ops, &rec_bpf_rnd_filtered);
}

/* A qdisc is about to be created under a recorder by current (rtnl held). */
void rec_rand_begin(void)
{
	rec_rand.below = 0;
	rec_rand.ndraws = 0;
	rec_rand.used = 0;
	rec_rand.lost = 0;
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
	lost = rec_rand.lost;
	if (lost || !rec_rand_all_on) {
		memset(&r->rand, 0, sizeof(r->rand));
		r->rand.lost = lost;
		/* a getter could not be hooked: draws may have gone by unseen */
		if (!rec_rand_all_on)
			r->flags |= QDK_RF_NORAND;
		rec_emit(r);
	}
	return true;
}
