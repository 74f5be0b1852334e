// SPDX-License-Identifier: GPL-2.0
/*
 * The classifications a child's tree asks for during a recorded call: what
 * tcf_classify() returned and the classid it left in the result, in call
 * order. A replay has no filters of its own; it hands these back to the
 * qdisc (traces/FORMAT.md, "C" lines), so htb, drr, prio or multiq pick the
 * class the kernel's filters picked.
 *
 * A kretprobe on tcf_classify() (exported, so a module's call is a real
 * call), registered with the other probes at open() (rec_ring.c). Its entry
 * handler returns at once (no return hook) unless a recorded call runs on
 * this CPU (rec_active, outside hard interrupts); the return handler then
 * stores a CLS record in place in this CPU's ring, after the call's record
 * and among its drops, and the call counts it with its draws (the call
 * record's count). Nothing is allocated; a record that finds the ring full
 * is a lost event, which qdk-capture sees as a count that does not match.
 */
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <net/sch_generic.h>

#include "recorder.h"

/* ri->data */
struct rec_cls_ri {
	struct rec_call *call;
	const struct tcf_result *res;	/* the caller's, filled on return */
};

static_assert(sizeof(struct rec_cls_ri) <= REC_CLS_RI_SIZE);

int rec_cls_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct rec_cls_ri *d = (struct rec_cls_ri *)ri->data;

	if (in_hardirq() || in_nmi())
		return 1;
	d->call = this_cpu_read(rec_active);
	if (!d->call)
		return 1;	/* not in a recorded call: no return hook */
	/* tcf_classify(skb, block, tp, res, compat_mode) */
	d->res = (const struct tcf_result *)regs_get_kernel_argument(regs, 3);
	return 0;
}

int rec_cls_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct rec_cls_ri *d = (struct rec_cls_ri *)ri->data;
	struct rec_call *c = d->call;
	int action = (int)regs_return_value(regs);
	struct qdk_rec *r;

	c->draws++;
	r = rec_reserve(QDK_REC_CLS, c->ts, c->inst, c->gen);
	if (!r)
		return 0;		/* counted lost by the ring */
	r->cls.action = action;
	/* a filter that matched set the result; otherwise it is not read */
	r->cls.classid = action >= 0 && d->res ? d->res->classid : 0;
	return 0;
}
