// SPDX-License-Identifier: GPL-2.0
/*
 * template.bpf.c - a drop-tail FIFO queueing discipline written as a BPF
 * program (a struct_ops Qdisc_ops, Linux 6.16 and later), written to be read.
 *
 * Packets leave in the order they arrived; when "limit" packets are queued an
 * arriving one is dropped. That is the whole algorithm. The rest of this file
 * is the contract between a BPF qdisc and the kernel: which op runs when, in
 * what context, what the verifier lets each op call and write, and who owns
 * a packet at each step. Start your own with `make new NAME=yours TYPE=bpf`
 * and replace the algorithm, keeping the contract.
 *
 * The same source builds two ways:
 *   - for the kernel: clang -target bpf against a vmlinux.h of the kernel's
 *     own BTF (tools/bpf-build.sh), registered in the guest with
 *     `bpftool struct_ops register template.bpf.o` and attached with
 *     `tc qdisc add dev DEV root template`;
 *   - as user-space C against the kit's BPF runtime (shim/bpf/), a kind of
 *     qdk-replay (`make user KERNEL=7.x`), where gdb, the sanitizers and
 *     the replay of kernel captures work on it as on a module.
 *
 * How a BPF qdisc differs from a module (docs/tutorial.md, "A BPF qdisc"):
 *   - The kernel's net/sched/bpf_qdisc.c registers the program's Qdisc_ops
 *     when the struct_ops map is registered. It sets peek itself
 *     (qdisc_peek_dequeued: a peeked packet is dequeued and held in
 *     sch->gso_skb) and gives the qdisc a watchdog as its private data;
 *     priv_size must stay 0. There are no classes, no change, no dump and
 *     no options: tc passes nothing a program could parse, so settings are
 *     constants or globals set before loading.
 *   - It attaches only at the root or under an mq-like qdisc (mq, mqprio):
 *     a prologue the verifier puts before init refuses any other parent
 *     ("BPF qdisc only supported on root or mq").
 *   - Writes are limited: to the Qdisc, only limit, q.qlen and qstats; to an
 *     skb, only tstamp and the qdisc's part of cb (qdisc_skb_cb's data[]).
 *     Everything else is read-only, and the verifier refuses the load.
 *   - The accounting a module's helpers do is the program's to do: q.qlen
 *     and qstats.backlog by hand, qstats.drops by hand (bpf_qdisc_skb_drop()
 *     only queues the packet for freeing), bstats with
 *     bpf_qdisc_bstats_update() in dequeue.
 *   - A global (as the list below) belongs to the program, not to a qdisc:
 *     every qdisc of this kind shares it. This FIFO is meant for one qdisc
 *     at a time; per-qdisc state needs a map keyed by the qdisc.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
/*
 * bpf_obj_new(), bpf_obj_drop(), the bpf_list_*() kfuncs and __contains()
 * come from the kernel's BPF selftests (tools/testing/selftests/bpf/
 * bpf_experimental.h); NET_XMIT_*, private(), qdisc_pkt_len() and the qdisc
 * kfuncs from progs/bpf_qdisc_common.h. The kit extracts both from the
 * series' source at build time, for both builds.
 */
#include "bpf_experimental.h"
#include "bpf_qdisc_common.h"

char _license[] SEC("license") = "GPL";

/* the default limit, in packets (init() sets sch->limit) */
#define TEMPLATE_LIMIT 1000

/*
 * A queued packet. The kernel's skb is a referenced pointer (a kptr): the
 * verifier tracks that every skb an op receives is stored, dropped or
 * returned exactly once. It is stored with bpf_kptr_xchg() into an object
 * of the program's own (bpf_obj_new()), linked into a bpf_list.
 */
struct template_node {
	struct sk_buff __kptr * skb;
	struct bpf_list_node link;
};

/*
 * The queue. A bpf_list_head must sit in the same data section as the
 * bpf_spin_lock that guards it (private(A): ".data.A"), and every push or
 * pop happens with that lock held. The datapath already runs under the root
 * qdisc's lock; the verifier insists on this one all the same.
 */
private(A) struct bpf_spin_lock template_lock;
private(A) struct bpf_list_head template_queue __contains(template_node, link);

/*
 * Take the first packet off the queue, or NULL. Its node is freed here; the
 * skb reference passes to the caller, who must return or free it.
 */
static struct sk_buff *template_pop(void)
{
	struct template_node *n;
	struct bpf_list_node *l;
	struct sk_buff *skb;

	bpf_spin_lock(&template_lock);
	l = bpf_list_pop_front(&template_queue);
	bpf_spin_unlock(&template_lock);
	if (!l)
		return NULL;
	n = container_of(l, struct template_node, link);
	skb = bpf_kptr_xchg(&n->skb, NULL);
	bpf_obj_drop(n);
	return skb;
}

/*
 * ->enqueue(): take the packet, or drop it.
 *
 * Context: datapath (softirq or the sender with BH off), root lock held;
 * the program may not sleep, and the verifier bounds its loops.
 *
 * Allowed kfuncs: bpf_qdisc_skb_drop() and bpf_qdisc_watchdog_schedule()
 * (enqueue only), bpf_skb_get_hash(), bpf_kfree_skb().
 *
 * Ownership: skb arrives referenced and must leave this op either stored
 * (bpf_kptr_xchg() into a node) or dropped (bpf_qdisc_skb_drop() onto
 * to_free, which the core frees after the root lock is released). The
 * verifier refuses a path that does neither.
 *
 * Return: NET_XMIT_SUCCESS when queued, NET_XMIT_DROP when dropped (the
 * sender sees it; TCP backs off on it).
 *
 * Accounting: q.qlen and qstats.backlog (qdisc_pkt_len(), the length the
 * core computed for scheduling) go up for a queued packet, qstats.drops
 * for a dropped one: no helper does it for a BPF qdisc.
 */
SEC("struct_ops/template_enqueue")
int BPF_PROG(template_enqueue, struct sk_buff *skb, struct Qdisc *sch,
	     struct bpf_sk_buff_ptr *to_free)
{
	struct template_node *n;
	u32 len = qdisc_pkt_len(skb);

	if (sch->q.qlen >= sch->limit)
		goto drop;

	/* GFP_ATOMIC underneath: it may fail, and then the packet goes */
	n = bpf_obj_new(typeof(*n));
	if (!n)
		goto drop;

	/* the node was new, so the old value is NULL: nothing to release */
	skb = bpf_kptr_xchg(&n->skb, skb);
	if (skb)
		bpf_qdisc_skb_drop(skb, to_free);

	bpf_spin_lock(&template_lock);
	bpf_list_push_back(&template_queue, &n->link);
	bpf_spin_unlock(&template_lock);

	sch->q.qlen++;
	sch->qstats.backlog += len;
	return NET_XMIT_SUCCESS;

drop:
	sch->qstats.drops++;
	bpf_qdisc_skb_drop(skb, to_free);
	return NET_XMIT_DROP;
}

/*
 * ->dequeue(): the next packet to send, or NULL.
 *
 * Context: datapath, root lock held; may not sleep.
 *
 * Allowed kfuncs: bpf_qdisc_bstats_update() and
 * bpf_qdisc_watchdog_schedule() (dequeue only), bpf_skb_get_hash(),
 * bpf_kfree_skb().
 *
 * Ownership: the returned skb passes to the core. A packet this op decides
 * to drop instead (an AQM's head drop) is freed with bpf_kfree_skb() and
 * counted in qstats.drops by the program.
 *
 * Returning NULL with packets queued (a shaper waiting for its time) is
 * allowed only with the watchdog armed (bpf_qdisc_watchdog_schedule()),
 * or nothing calls dequeue again until the next enqueue.
 *
 * Accounting: q.qlen and qstats.backlog go down, bstats up
 * (bpf_qdisc_bstats_update()).
 */
SEC("struct_ops/template_dequeue")
struct sk_buff *BPF_PROG(template_dequeue, struct Qdisc *sch)
{
	struct sk_buff *skb = template_pop();

	if (!skb)
		return NULL;
	sch->q.qlen--;
	sch->qstats.backlog -= qdisc_pkt_len(skb);
	bpf_qdisc_bstats_update(sch, skb);
	return skb;
}

/*
 * ->init(): a new qdisc of this kind. Process context, RTNL held.
 *
 * The kernel's prologue ran first: it set up the watchdog and refused any
 * parent but the root or mq. opt is what tc sent in TCA_OPTIONS (nothing,
 * for a kind tc has no parser for). A non-zero return fails the `tc qdisc
 * add`; the core then calls destroy.
 */
SEC("struct_ops/template_init")
int BPF_PROG(template_init, struct Qdisc *sch, struct nlattr *opt,
	     struct netlink_ext_ack *extack)
{
	sch->limit = TEMPLATE_LIMIT;
	return 0;
}

/*
 * ->reset(): free every queued packet; the qdisc stays. Process context
 * (a device going down, a graft), root lock held. The kernel's epilogue
 * then cancels the watchdog.
 *
 * A loop in BPF must be bounded where the verifier can see it: bpf_for()
 * runs at most q.qlen times, each time taking one packet.
 */
SEC("struct_ops/template_reset")
void BPF_PROG(template_reset, struct Qdisc *sch)
{
	int i;

	bpf_for(i, 0, sch->q.qlen) {
		struct sk_buff *skb = template_pop();

		if (!skb)
			break;
		bpf_kfree_skb(skb);
	}
	sch->q.qlen = 0;
	sch->qstats.backlog = 0;
}

/*
 * ->destroy(): the qdisc goes (`tc qdisc del`), or its init failed.
 * Process context, RTNL held. On the way out the core ran reset just
 * before, so the queue is empty here; after a failed init nothing was
 * queued. The epilogue cancels the watchdog. Nothing else was allocated
 * for the qdisc.
 */
SEC("struct_ops/template_destroy")
void BPF_PROG(template_destroy, struct Qdisc *sch)
{
}

/*
 * The ops, registered as the kind "template" when the struct_ops map is
 * (bpftool struct_ops register). Only these members may be set: peek and
 * priv_size are the kernel's, and a BPF qdisc has no classes.
 */
SEC(".struct_ops")
struct Qdisc_ops template = {
	.enqueue = (void *)template_enqueue,
	.dequeue = (void *)template_dequeue,
	.init = (void *)template_init,
	.reset = (void *)template_reset,
	.destroy = (void *)template_destroy,
	.id = "template",
};
