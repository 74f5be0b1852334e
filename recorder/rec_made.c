// SPDX-License-Identifier: GPL-2.0
/*
 * Packets a child makes during a recorded call. netem's duplicate clones
 * the arriving packet (skb_clone()) and enqueues the clone at the root, or
 * drops it when its queue is full. The replay's netem makes the same
 * packets, and the trace names each one with an n line before the call, so
 * that verify follows it (traces/FORMAT.md, "Packets a qdisc makes").
 * tbf and cake split a GSO packet into segments (skb_gso_segment(), inline
 * in 6.1's netdevice.h, calls __skb_gso_segment() from the child's code):
 * each segment is a packet made from it, in list order, and the child
 * frees the original (consume_skb(), not a drop).
 * skb_copy() (skb_unshare() of a cloned packet netem must corrupt) is not
 * probed: the shim's clone is a copy that leaves the original unshared, so
 * its netem would not copy there, and every kprobe armed costs each open
 * and close of the device (record-rearm counts them).
 *
 * While the device is open, kretprobes sit on skb_clone() and
 * __skb_gso_segment(). Their entry handler returns at once (no return
 * hook) unless a recorded call is running on this CPU (rec_active,
 * outside hard interrupts); their return handler, for packets made by
 * module code (the child, not the core or us), writes a NEW record for
 * each (the new packet's cookie, its truesize and the one it was made
 * from) among the call's records, counted with its draws. No
 * allocation, nothing sleeps; a probe that missed calls is reported as
 * the getters' are (a NEW the trace lacks shows as an unknown packet).
 */
#include <linux/err.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>

#include "recorder.h"

struct rec_made_ri {
	struct rec_call *call;		/* the recorded call */
	const struct sk_buff *from;	/* the packet copied */
};

static int rec_made_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct rec_made_ri *d = (struct rec_made_ri *)ri->data;

	if (in_hardirq() || in_nmi())
		return 1;
	d->call = this_cpu_read(rec_active);
	/* a tc hook's call makes no packet of its own: an action's clone (rec_hook.c) */
	if (!d->call || d->call->hook)
		return 1;	/* non-zero: do not hook the return */
	d->from = (const struct sk_buff *)regs_get_kernel_argument(regs, 0);
	return 0;
}

/* a NEW record: skb was made from the packet the call's probe saw */
static void rec_made_one(struct rec_call *c, const struct rec_made_ri *d,
			 struct sk_buff *skb)
{
	struct qdk_rec *r;

	c->draws++;
	r = rec_reserve(QDK_REC_NEW, c->ts, c->inst, c->gen);
	if (!r)
		return;		/* counted lost by the ring */
	r->pkt = rec_cookie(skb);
	r->made.from = rec_cookie(d->from);
	r->made.truesize = skb->truesize;
	r->tos = rec_tos(skb);
}

static int rec_made_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct rec_made_ri *d = (struct rec_made_ri *)ri->data;
	struct sk_buff *skb = (struct sk_buff *)regs_return_value(regs);

	if (!skb || !rec_child_code(d->call, get_kretprobe_retaddr(ri)))
		return 0;
	rec_made_one(d->call, d, skb);
	return 0;
}

/* __skb_gso_segment(): the segments, linked by next (or NULL, an ERR_PTR) */
static int rec_segs_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct rec_made_ri *d = (struct rec_made_ri *)ri->data;
	struct sk_buff *skb = (struct sk_buff *)regs_return_value(regs);

	if (IS_ERR_OR_NULL(skb) || !rec_child_code(d->call, get_kretprobe_retaddr(ri)))
		return 0;
	for (; skb; skb = skb->next)
		rec_made_one(d->call, d, skb);
	return 0;
}

static struct kretprobe rec_made_probes[] = {
	{ .kp.symbol_name = "skb_clone", .handler = rec_made_ret },
	{ .kp.symbol_name = "__skb_gso_segment", .handler = rec_segs_ret },
};

static bool rec_made_on[ARRAY_SIZE(rec_made_probes)];

void rec_made_register(void)
{
	int i, err;

	for (i = 0; i < ARRAY_SIZE(rec_made_probes); i++) {
		struct kretprobe *p = &rec_made_probes[i];
		const char *sym = p->kp.symbol_name;
		kretprobe_handler_t ret = p->handler;

		memset(p, 0, sizeof(*p));
		p->kp.symbol_name = sym;
		p->entry_handler = rec_made_entry;
		p->handler = ret;
		p->data_size = sizeof(struct rec_made_ri);
		p->maxactive = 8 * num_possible_cpus() + 16;
		err = register_kretprobe(p);
		rec_made_on[i] = !err;
		if (err)
			pr_warn("qdk_recorder: cannot probe %s (%d): packets a qdisc makes with it are not named\n",
				sym, err);
	}
}

void rec_made_unregister(void)
{
	struct kretprobe *on[ARRAY_SIZE(rec_made_probes)];
	int i, n = 0;

	for (i = 0; i < ARRAY_SIZE(rec_made_probes); i++) {
		if (rec_made_on[i])
			on[n++] = &rec_made_probes[i];
		rec_made_on[i] = false;
	}
	/* together: one RCU grace period, not one each (close time) */
	if (n)
		unregister_kretprobes(on, n);
}
