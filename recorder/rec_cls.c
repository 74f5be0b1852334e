// SPDX-License-Identifier: GPL-2.0
/*
 * The classifications a child's tree asks for during a recorded call: what
 * tcf_classify() returned and the classid it left in the result, in call
 * order. A replay has no filters of its own; it hands these back to the
 * qdisc (traces/FORMAT.md, "C" lines), so htb, drr, prio or multiq pick the
 * class the kernel's filters picked.
 *
 * tcf_classify() is hooked through ftrace, as livepatch replaces a
 * function: while the device is open, an ftrace_ops on its first
 * instruction sends a call made during a recorded call on this CPU
 * (rec_active, outside hard interrupts), or any call while an ingress or
 * clsact qdisc is attached (its hooks' calls, rec_hook.c), to
 * rec_cls_wrap() instead, which calls the real one (its own call, seen by
 * its caller's address, goes through) and stores a CLS record in place in
 * this CPU's ring, after the call's record and among its drops; the call
 * counts it with its draws
 * (the call record's count). Nothing is allocated; a record that finds the
 * ring full is a lost event, which qdk-capture sees as a count that does
 * not match.
 *
 * Not a kretprobe, as it was: a kprobe hit while another kprobe's handler
 * runs on the same CPU is skipped (kprobe_running(), counted in nmissed),
 * and the random getters' and skb_clone()'s probes run their entry
 * handlers on every call in the system, in task context with interrupts
 * on. A softirq that ends an interrupt taken inside one of them and sends
 * a packet through the recorder then classified unseen: htb-tree captures
 * under load lost 4 of 4831 classifications (lost lines). ftrace's own
 * recursion guard is per context, so a softirq inside a task's handler is
 * not a recursion, and this hook has no handler of its own that could be
 * interrupted while it decides.
 */
#include <linux/ftrace.h>
#include <linux/module.h>
#include <net/pkt_cls.h>
#include <net/sch_generic.h>

#include "rec_compat.h"
#include "rec_sched.h"

/* Runs in place of tcf_classify() for a recorded call, same CPU, BH off. */
static notrace int rec_cls_wrap(struct sk_buff *skb,
				const struct tcf_block *block,
				const struct tcf_proto *tp,
				struct tcf_result *res, bool compat_mode)
{
	struct rec_call *c = this_cpu_read(rec_active);
	struct rec_hook h;
	struct qdk_rec *r;
	int action;

	/* outside a call: an attached ingress or clsact qdisc's hook (rec_hook.c) */
	if (!c) {
		if (!rec_hook_begin(&h, skb, block, tp))
			return tcf_classify(skb, block, tp, res, compat_mode);
		action = tcf_classify(skb, block, tp, res, compat_mode);
		rec_hook_end(&h, action, res);
		return action;
	}
	action = tcf_classify(skb, block, tp, res, compat_mode);

	/*
	 * No filter at all (prio's and multiq's empty list): the answer is
	 * always unspec, and the replay's tcf_classify() gives it without a
	 * line, as a trace without filter lines has none (FORMAT.md)
	 */
	if (!c || (!tp && !block))
		return action;
	c->draws++;
	r = rec_reserve(QDK_REC_CLS, c->ts, c->inst, c->gen);
	if (!r)
		return action;	/* counted lost by the ring */
	r->cls.action = action;
	/* a filter that matched set the result; otherwise it is not read */
	r->cls.classid = action >= 0 ? res->classid : 0;
	return action;
}

static notrace void rec_cls_ftrace(unsigned long ip, unsigned long parent_ip,
				   struct ftrace_ops *op,
				   struct ftrace_regs *fregs)
{
	if (in_hardirq() || in_nmi() ||
	    (!this_cpu_read(rec_active) && !READ_ONCE(rec_hooks_on)))
		return;
	/* rec_cls_wrap()'s own call: the real tcf_classify() runs */
	if (within_module(parent_ip, THIS_MODULE))
		return;
	rec_ftrace_set_ip(fregs, (unsigned long)rec_cls_wrap);
}

static struct ftrace_ops rec_cls_ops = REC_IPMODIFY_OPS(rec_cls_ftrace);
static bool rec_cls_filtered;
static bool rec_cls_on;

void rec_cls_register(void)
{
	static unsigned char name[] = "tcf_classify";
	int err = rec_ipmodify_hook(&rec_cls_ops, &rec_cls_filtered, name);

	rec_cls_on = !err;
	if (err)
		pr_warn("qdk_recorder: cannot hook tcf_classify (%d): classifications are not recorded (no C lines)\n",
			err);
}

void rec_cls_unregister(void)
{
	if (rec_cls_on)
		unregister_ftrace_function(&rec_cls_ops);
	rec_cls_on = false;
}

void rec_cls_exit(void)
{
	rec_ipmodify_free(&rec_cls_ops, &rec_cls_filtered);
}
