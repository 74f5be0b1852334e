// SPDX-License-Identifier: GPL-2.0
/*
 * The clock freeze: ktime_get() inside a recorded call returns the call's
 * timestamp (inside a recorded change, in the task running it, the
 * change's; inside a write or read of a child's device, the DEVCALL's). The child then computes with exactly the time the trace
 * carries (codel's sojourn times, tbf's tokens), as the replay's virtual
 * clock will give it; otherwise it would read the clock a few hundred ns
 * (under TCG, several us) later than the timestamp, enough to flip a
 * decision at a boundary. ktime_get_ns() and psched_get_time() go through
 * ktime_get().
 *
 * Both mechanisms hook ktime_get()'s fentry site while a capture is open,
 * so every ktime_get() in the system pays them; TCP alone reads the clock
 * several times a segment.
 *
 * - x86-64 with ftrace direct calls (Debian's kernels): the site calls
 *   rec_clock_tramp, a few instructions that ask rec_clock_frozen() and
 *   either return into ktime_get() or return the frozen time to its
 *   caller. About 15 instructions a ktime_get().
 * - Elsewhere: livepatch's mechanism, an ftrace_ops whose handler moves
 *   the instruction pointer to rec_clock_replacement(). About 95 on
 *   x86-64, where the ops trampoline saves and restores the argument
 *   registers around the handler.
 */
#include <linux/ftrace.h>
#include <linux/module.h>
#include <linux/objtool.h>
#include <linux/timekeeping.h>

#include "rec_compat.h"
#include "recorder.h"

static DEFINE_PER_CPU(unsigned long, rec_clock_hits);
static void rec_offs_free(void);
static void rec_bpf_clock_free(void);

/* read at open(): the hook costs every ktime_get() in the system */
static bool freeze_clock = true;
module_param(freeze_clock, bool, 0644);
MODULE_PARM_DESC(freeze_clock,
		 "inside a recorded call the child's clock reads return the call's timestamp (default on; needed to replay time-based qdiscs exactly)");

static bool rec_clock_on;

/*
 * The hook's ftrace filter (ktime_get) is set once and freed at unload:
 * ftrace_free_filter() of 6.12 and older leaves the ops pointing at the
 * freed hash, so setting the filter again on the same ops would use it.
 */
static bool rec_clock_filtered;

/*
 * The time a ktime_get() on this CPU returns now: the recorded call's
 * timestamp, or 0 to read the clock (outside a call; hard interrupts and
 * NMIs, which may land inside one, always read it). A timestamp is never
 * 0: CLOCK_MONOTONIC has counted the boot by the time anything records.
 * Called from the trampoline: nothing traceable, so no recursion.
 */
static notrace __used u64 rec_clock_frozen(void)
{
	struct rec_call *c;

	if (in_hardirq() || in_nmi())
		return 0;
	c = this_cpu_read(rec_active);
	if (!c) {
		u64 t;

		/* a recorded change of a child, in its task */
		if (unlikely(READ_ONCE(rec_chg.clock)) && rec_chg_mine()) {
			this_cpu_inc(rec_clock_hits);
			return rec_chg.ts;
		}
		/* a recorded call of a child's device, in its task (rec_dev.c) */
		t = rec_dev_clock();
		if (t)
			this_cpu_inc(rec_clock_hits);
		return t;
	}
	this_cpu_inc(rec_clock_hits);
	/* an hrtimer of the child's, stamped at its first read (rec_timers.c) */
	if (unlikely(!c->ts))
		c->ts = rec_now();
	return c->ts;
}

/*
 * What each of our clock hooks' ftrace handlers does: a read made inside a
 * recorded call on this CPU (not in a hard interrupt or NMI, which always
 * read the live clock) goes to the replacement TO instead.
 */
static __always_inline void rec_clock_redirect(struct ftrace_regs *fregs, void *to)
{
	if (!in_hardirq() && !in_nmi() && this_cpu_read(rec_active))
		rec_ftrace_set_ip(fregs, (unsigned long)to);
}

#if defined(CONFIG_X86_64) && defined(CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS)

/*
 * Called from ktime_get()'s first instruction. ktime_get() has no
 * arguments and its caller expects the caller-saved registers clobbered,
 * so nothing needs saving. With a frozen time, drop the return into
 * ktime_get() and return the time to its caller.
 */
void rec_clock_tramp(void);
asm("	.pushsection .text, \"ax\", @progbits\n"
"	.type rec_clock_tramp, @function\n"
"	.globl rec_clock_tramp\n"
"rec_clock_tramp:\n\t"
	ASM_ENDBR
"	call rec_clock_frozen\n"
"	testq %rax, %rax\n"
"	jz 1f\n"
"	addq $8, %rsp\n"
"1:\n\t"
	ASM_RET
"	.size rec_clock_tramp, .-rec_clock_tramp\n"
"	.popsection\n"
);
/* the early return leaves with the stack one word higher than it came */
STACK_FRAME_NON_STANDARD(rec_clock_tramp);

static struct ftrace_ops rec_clock_direct_ops;

static int rec_clock_hook(void)
{
	return rec_direct_register(&rec_clock_direct_ops, &rec_clock_filtered,
				   (unsigned long)ktime_get,
				   (unsigned long)rec_clock_tramp);
}

static void rec_clock_unhook(void)
{
	rec_direct_unregister(&rec_clock_direct_ops, (unsigned long)ktime_get,
			      (unsigned long)rec_clock_tramp);
}

void rec_clock_exit(void)
{
	rec_direct_free(&rec_clock_direct_ops, &rec_clock_filtered);
	rec_offs_free();
}

#else /* an ftrace_ops that moves the instruction pointer */

/* Runs in place of ktime_get(), same CPU, bottom halves off. */
static notrace ktime_t rec_clock_replacement(void)
{
	u64 t = rec_clock_frozen();

	return t ? ns_to_ktime(t) : ktime_get_mono_fast_ns();
}

static notrace void rec_clock_ftrace(unsigned long ip,
				     unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	rec_clock_redirect(fregs, rec_clock_replacement);
}

static struct ftrace_ops rec_clock_ops = REC_IPMODIFY_OPS(rec_clock_ftrace);

static int rec_clock_hook(void)
{
	static unsigned char name[] = "ktime_get";

	return rec_ipmodify_hook(&rec_clock_ops, &rec_clock_filtered, name);
}

static void rec_clock_unhook(void)
{
	unregister_ftrace_function(&rec_clock_ops);
}

void rec_clock_exit(void)
{
	rec_ipmodify_free(&rec_clock_ops, &rec_clock_filtered);
	rec_offs_free();
}

#endif

/*
 * A BPF qdisc's clock (Linux 6.16+, CONFIG_NET_SCH_BPF): its program calls
 * the helper bpf_ktime_get_ns(), which reads ktime_get_mono_fast_ns(), not
 * ktime_get(), and is called directly by the JITed program (the verifier
 * does not inline it). Inside a recorded call it returns the call's
 * timestamp, as ktime_get() does above; elsewhere (a tracing program, a
 * hard interrupt) the live clock. An ftrace_ops that moves the instruction
 * pointer: the helper is not exported, so its site is found by name. It
 * costs every bpf_ktime_get_ns() in the system while a capture is open.
 */
static bool rec_bpf_clock_filtered;
static bool rec_bpf_clock_on;

/* Runs in place of bpf_ktime_get_ns(u64, u64, u64, u64, u64): unused args */
static notrace u64 rec_bpf_clock_replacement(void)
{
	u64 t = rec_clock_frozen();

	return t ? t : ktime_get_mono_fast_ns();
}

static notrace void rec_bpf_clock_ftrace(unsigned long ip,
					 unsigned long parent_ip,
					 struct ftrace_ops *op,
					 struct ftrace_regs *fregs)
{
	rec_clock_redirect(fregs, rec_bpf_clock_replacement);
}

static struct ftrace_ops rec_bpf_clock_ops = REC_IPMODIFY_OPS(rec_bpf_clock_ftrace);

static void rec_bpf_clock_hook(void)
{
	static unsigned char name[] = "bpf_ktime_get_ns";

	if (IS_ENABLED(CONFIG_NET_SCH_BPF))
		rec_bpf_clock_on = rec_ipmodify_try(&rec_bpf_clock_ops, &rec_bpf_clock_filtered, name,
						    "a BPF qdisc's clock reads inside calls are live");
}

static void rec_bpf_clock_unhook(void)
{
	if (rec_bpf_clock_on)
		unregister_ftrace_function(&rec_bpf_clock_ops);
	rec_bpf_clock_on = false;
}

static void rec_bpf_clock_free(void)
{
	rec_ipmodify_free(&rec_bpf_clock_ops, &rec_bpf_clock_filtered);
}

/*
 * The other clocks: ktime_get_real(), ktime_get_clocktai() and
 * ktime_get_boottime() are ktime_get_with_offset(offs) (etf reads TAI
 * inside its calls). Inside a recorded call it returns the call's
 * timestamp plus the clock's offset, the replay's clock plus the trace's
 * (clock tai=). An ftrace_ops that moves the instruction pointer, on every
 * architecture: these clocks are read far less often than ktime_get().
 */
static bool rec_offs_filtered;
static bool rec_offs_on;

/* Runs in place of ktime_get_with_offset(), same CPU, bottom halves off. */
static notrace ktime_t rec_offs_replacement(enum tk_offsets offs)
{
	u64 t = rec_clock_frozen();

	if (!t)
		t = ktime_get_mono_fast_ns();
	return ktime_mono_to_any(ns_to_ktime(t), offs);
}

static notrace void rec_offs_ftrace(unsigned long ip,
				    unsigned long parent_ip,
				    struct ftrace_ops *op,
				    struct ftrace_regs *fregs)
{
	rec_clock_redirect(fregs, rec_offs_replacement);
}

static struct ftrace_ops rec_offs_ops = REC_IPMODIFY_OPS(rec_offs_ftrace);

static void rec_offs_hook(void)
{
	static unsigned char name[] = "ktime_get_with_offset";

	rec_offs_on = rec_ipmodify_try(&rec_offs_ops, &rec_offs_filtered, name,
				       "TAI and realtime reads inside calls are live");
}

static void rec_offs_free(void)
{
	rec_ipmodify_free(&rec_offs_ops, &rec_offs_filtered);
	rec_bpf_clock_free();
}

/*
 * Register ops, an IPMODIFY ftrace_ops (REC_IPMODIFY_OPS), on the function
 * called name. Its filter is set by the first call and kept until
 * rec_ipmodify_free() at unload (rec_compat.h says why: 6.12's
 * ftrace_free_filter()).
 */
int rec_ipmodify_hook(struct ftrace_ops *ops, bool *filtered,
		      unsigned char *name)
{
	int err;

	if (!*filtered) {
		err = ftrace_set_filter(ops, name, strlen(name), 1);
		if (err)
			return err;
		*filtered = true;
	}
	return register_ftrace_function(ops);
}

/* rec_ipmodify_hook(), saying in dmesg what stays unhooked if it fails */
bool rec_ipmodify_try(struct ftrace_ops *ops, bool *filtered,
		      unsigned char *name, const char *unhooked)
{
	int err = rec_ipmodify_hook(ops, filtered, name);

	if (err)
		pr_warn("qdk_recorder: cannot hook %s (%d): %s\n", name, err, unhooked);
	return !err;
}

void rec_ipmodify_free(struct ftrace_ops *ops, bool *filtered)
{
	if (*filtered)
		ftrace_free_filter(ops);
	*filtered = false;
}

/* Does a clock read inside a call really return the call's timestamp? */
static bool rec_clock_works(void)
{
	struct rec_call c = { .ts = 12345 };
	ktime_t t;

	local_bh_disable();
	c.prev = this_cpu_read(rec_active);
	this_cpu_write(rec_active, &c);
	t = ktime_get();
	this_cpu_write(rec_active, c.prev);
	local_bh_enable();
	return ktime_to_ns(t) == 12345;
}

int rec_clock_arm(void)
{
	int err;

	rec_clock_on = false;
	if (!READ_ONCE(freeze_clock))
		return 0;
	err = rec_clock_hook();
	if (err) {
		pr_err("qdk_recorder: cannot hook ktime_get (%d)\n", err);
		return err;
	}
	rec_clock_on = true;
	rec_offs_hook();
	rec_bpf_clock_hook();
	if (!rec_clock_works())
		pr_warn("qdk_recorder: ktime_get() is not overridden inside calls: replays of time-based qdiscs may diverge\n");
	return 0;
}

void rec_clock_disarm(void)
{
	unsigned long hits = 0;
	int cpu;

	if (!rec_clock_on)
		return;
	rec_clock_unhook();
	rec_clock_on = false;
	if (rec_offs_on)
		unregister_ftrace_function(&rec_offs_ops);
	rec_offs_on = false;
	rec_bpf_clock_unhook();
	for_each_possible_cpu(cpu) {
		hits += per_cpu(rec_clock_hits, cpu);
		per_cpu(rec_clock_hits, cpu) = 0;
	}
	pr_info("qdk_recorder: capture closed: the child read the clock %lu times\n",
		hits);
}
