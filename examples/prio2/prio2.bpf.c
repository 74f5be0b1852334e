// SPDX-License-Identifier: GPL-2.0
/*
 * prio2.bpf.c - a two-band strict priority qdisc written as a BPF program
 * (Linux 6.16+, net/sched/bpf_qdisc.c): the kit's example of a BPF qdisc
 * that lives outside the kit, imported with `make import SRC=DIR`.
 *
 * Interactive and control traffic (skb->priority TC_PRIO_INTERACTIVE or
 * TC_PRIO_CONTROL: an IP_TOS of low delay, SO_PRIORITY 6 or 7) goes to
 * band 0, everything else to band 1; dequeue serves band 0 first. Each band
 * is a FIFO of PRIO2_BAND_LIMIT packets and drops at its tail. That is what
 * `prio bands 2 priomap 1 1 1 1 1 1 0 0 1 1 1 1 1 1 1 1` does with its
 * default pfifo children, and tests/suites/67-import-bpf checks that the
 * two decide alike.
 *
 * The per-op contracts are those of the kit's BPF template
 * (template/bpf/template.bpf.c); what this one adds: two lists under one
 * lock, per-band counters the program keeps itself, and an array map with
 * the packets each band sent, which `bpftool map dump name prio2_sent`
 * shows in the kernel.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include "bpf_experimental.h"
#include "bpf_qdisc_common.h"
#include "prio2.h"

char _license[] SEC("license") = "GPL";

struct prio2_pkt {
	struct sk_buff __kptr * skb;
	struct bpf_list_node node;
};

/* both bands' lists, under the one lock of their section */
private(B) struct bpf_spin_lock prio2_lock;
private(B) struct bpf_list_head prio2_band0 __contains(prio2_pkt, node);
private(B) struct bpf_list_head prio2_band1 __contains(prio2_pkt, node);

/* packets queued in each band (the Qdisc's q.qlen is their sum) */
u32 prio2_qlen[PRIO2_BANDS];

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, PRIO2_BANDS);
	__type(key, u32);
	__type(value, u64);
} prio2_sent SEC(".maps");

/*
 * The first packet of band, or NULL; its node is freed. Each list is named
 * on its own path: the verifier must see which list head a call is given.
 */
static struct sk_buff *prio2_pop(unsigned int band)
{
	struct bpf_list_node *l;
	struct prio2_pkt *p;
	struct sk_buff *skb;

	bpf_spin_lock(&prio2_lock);
	if (band)
		l = bpf_list_pop_front(&prio2_band1);
	else
		l = bpf_list_pop_front(&prio2_band0);
	bpf_spin_unlock(&prio2_lock);
	if (!l)
		return NULL;
	p = container_of(l, struct prio2_pkt, node);
	skb = bpf_kptr_xchg(&p->skb, NULL);
	bpf_obj_drop(p);
	return skb;
}

SEC("struct_ops/prio2_enqueue")
int BPF_PROG(prio2_enqueue, struct sk_buff *skb, struct Qdisc *sch,
	     struct bpf_sk_buff_ptr *to_free)
{
	unsigned int band = prio2_band(skb->priority);
	u32 len = qdisc_pkt_len(skb);
	struct prio2_pkt *p;

	if (band >= PRIO2_BANDS || prio2_qlen[band] >= PRIO2_BAND_LIMIT)
		goto drop;
	p = bpf_obj_new(typeof(*p));
	if (!p)
		goto drop;
	skb = bpf_kptr_xchg(&p->skb, skb);
	if (skb)
		bpf_qdisc_skb_drop(skb, to_free);

	bpf_spin_lock(&prio2_lock);
	if (band)
		bpf_list_push_back(&prio2_band1, &p->node);
	else
		bpf_list_push_back(&prio2_band0, &p->node);
	bpf_spin_unlock(&prio2_lock);

	prio2_qlen[band]++;
	sch->q.qlen++;
	sch->qstats.backlog += len;
	return NET_XMIT_SUCCESS;

drop:
	sch->qstats.drops++;
	bpf_qdisc_skb_drop(skb, to_free);
	return NET_XMIT_DROP;
}

SEC("struct_ops/prio2_dequeue")
struct sk_buff *BPF_PROG(prio2_dequeue, struct Qdisc *sch)
{
	struct sk_buff *skb;
	unsigned int band;
	u64 *sent;

	for (band = 0; band < PRIO2_BANDS; band++) {
		skb = prio2_pop(band);
		if (!skb)
			continue;
		prio2_qlen[band]--;
		sch->q.qlen--;
		sch->qstats.backlog -= qdisc_pkt_len(skb);
		bpf_qdisc_bstats_update(sch, skb);
		sent = bpf_map_lookup_elem(&prio2_sent, &band);
		if (sent)
			(*sent)++;
		return skb;
	}
	return NULL;
}

SEC("struct_ops/prio2_init")
int BPF_PROG(prio2_init, struct Qdisc *sch, struct nlattr *opt,
	     struct netlink_ext_ack *extack)
{
	sch->limit = PRIO2_BANDS * PRIO2_BAND_LIMIT;
	return 0;
}

SEC("struct_ops/prio2_reset")
void BPF_PROG(prio2_reset, struct Qdisc *sch)
{
	unsigned int band;
	int i;

	for (band = 0; band < PRIO2_BANDS; band++) {
		bpf_for(i, 0, PRIO2_BAND_LIMIT) {
			struct sk_buff *skb = prio2_pop(band);

			if (!skb)
				break;
			bpf_kfree_skb(skb);
		}
		prio2_qlen[band] = 0;
	}
	sch->q.qlen = 0;
	sch->qstats.backlog = 0;
}

SEC("struct_ops/prio2_destroy")
void BPF_PROG(prio2_destroy, struct Qdisc *sch)
{
}

SEC(".struct_ops")
struct Qdisc_ops prio2 = {
	.enqueue = (void *)prio2_enqueue,
	.dequeue = (void *)prio2_dequeue,
	.init = (void *)prio2_init,
	.reset = (void *)prio2_reset,
	.destroy = (void *)prio2_destroy,
	.id = "prio2",
};
