// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_bpf_qdisc.c - a BPF qdisc program as a kind (shim/bpf/bpf_qdisc.c):
 * a small FIFO written as a .bpf.c is, registered through its struct_ops as
 * bpf.mk registers one; the kind's ops, peek, the init prologue, the
 * reset/destroy epilogue, the op each program call runs as, the drop list.
 */
#include <vmlinux.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>
#include <linux/hrtimer.h>
#include <linux/rtnetlink.h>
#include <qdk/bpf_struct_ops.h>

#include "bpf_rt.h"
#include "ktest.h"
#include "shim.h"

struct pkt_node {
	struct sk_buff __kptr *skb;
	struct bpf_list_node node;
};

static struct bpf_spin_lock kt_lock;
static struct bpf_list_head kt_q;
/* the op each program call ran as, as the runtime saw it */
static enum qdk_bpf_op kt_seen[8];
static int kt_inits;

#define SEEN(i) (kt_seen[i] = qdk_bpf_op)

int BPF_PROG(kt_enqueue, struct sk_buff *skb, struct Qdisc *sch, struct bpf_sk_buff_ptr *to_free)
{
	struct pkt_node *n;

	SEEN(0);
	if (sch->q.qlen >= sch->limit)
		goto drop;
	n = bpf_obj_new(bpf_core_type_id_local(struct pkt_node));
	if (!n)
		goto drop;
	sch->q.qlen++;
	sch->qstats.backlog += ((struct qdisc_skb_cb *)skb->cb)->pkt_len;
	skb = bpf_kptr_xchg(&n->skb, skb);
	if (skb)
		bpf_qdisc_skb_drop(skb, to_free);
	bpf_spin_lock(&kt_lock);
	bpf_list_push_back(&kt_q, &n->node);
	bpf_spin_unlock(&kt_lock);
	return NET_XMIT_SUCCESS;
drop:
	bpf_qdisc_skb_drop(skb, to_free);
	return NET_XMIT_DROP;
}

struct sk_buff *BPF_PROG(kt_dequeue, struct Qdisc *sch)
{
	struct bpf_list_node *ln;
	struct sk_buff *skb = NULL;
	struct pkt_node *n;

	SEEN(1);
	bpf_spin_lock(&kt_lock);
	ln = bpf_list_pop_front(&kt_q);
	bpf_spin_unlock(&kt_lock);
	if (!ln)
		return NULL;
	n = container_of(ln, struct pkt_node, node);
	skb = bpf_kptr_xchg(&n->skb, skb);
	bpf_obj_drop(n);
	sch->q.qlen--;
	sch->qstats.backlog -= ((struct qdisc_skb_cb *)skb->cb)->pkt_len;
	bpf_qdisc_bstats_update(sch, skb);
	/* a timer the epilogue of reset and destroy must cancel */
	bpf_qdisc_watchdog_schedule(sch, bpf_ktime_get_ns() + 1000000000ULL, 0);
	return skb;
}

int BPF_PROG(kt_init, struct Qdisc *sch, struct nlattr *opt, struct netlink_ext_ack *extack)
{
	SEEN(2);
	kt_inits++;
	sch->limit = 2;
	return 0;
}

void BPF_PROG(kt_reset, struct Qdisc *sch)
{
	struct bpf_list_node *ln;
	struct sk_buff *skb;
	struct pkt_node *n;
	int i;

	SEEN(3);
	bpf_for(i, 0, sch->q.qlen) {
		bpf_spin_lock(&kt_lock);
		ln = bpf_list_pop_front(&kt_q);
		bpf_spin_unlock(&kt_lock);
		if (!ln)
			break;
		n = container_of(ln, struct pkt_node, node);
		skb = bpf_kptr_xchg(&n->skb, NULL);
		if (skb)
			bpf_kfree_skb(skb);
		bpf_obj_drop(n);
	}
	sch->q.qlen = 0;
}

void BPF_PROG(kt_destroy, struct Qdisc *sch)
{
	SEEN(4);
}

struct Qdisc_ops ktest_bpf_ops = {
	.enqueue = (void *)kt_enqueue,
	.dequeue = (void *)kt_dequeue,
	.init = (void *)kt_init,
	.reset = (void *)kt_reset,
	.destroy = (void *)kt_destroy,
	.id = "ktest_bpf",
};

QDK_BPF_QDISC(ktest_bpf_ops);

static struct sk_buff *pkt(unsigned int len, u64 id)
{
	struct sk_buff *skb = alloc_skb(len, GFP_KERNEL);

	skb_put(skb, len);
	qdk_qdisc_pkt_len_init(skb, len);
	skb->__qdk_id = id;
	return skb;
}

KTEST(bpf_qdisc, kind_ops_and_prologue)
{
	struct Qdisc *sch = qdk_test_qdisc("ktest_bpf");
	struct qdisc_watchdog *wd;

	KT_ASSERT(sch, "the program's kind was not registered");
	/* (qdisc_peek_dequeued() is inline: fifo_drop_peek_reset checks what it does) */
	KT_ASSERT(sch->ops->peek, "the kind has a peek");
	KT_ASSERT(sch->ops->priv_size >= sizeof(struct qdisc_watchdog), "the watchdog is private data");
	KT_ASSERT(!sch->ops->change && !sch->ops->dump, "only the five ops");
	/* the prologue set the watchdog up before the program's init ran */
	wd = qdisc_priv(sch);
	KT_ASSERT(wd->qdisc == sch, "the prologue's qdisc_watchdog_init()");
	KT_EQ(kt_inits, 1);
	KT_EQ(kt_seen[2], QDK_BPF_OP_INIT);
	KT_EQ(sch->limit, 2);
	KT_EQ(qdk_bpf_op, QDK_BPF_OP_NONE);
	qdk_test_qdisc_put(sch);
	KT_EQ(kt_seen[3], QDK_BPF_OP_RESET);
	KT_EQ(kt_seen[4], QDK_BPF_OP_DESTROY);
	return 0;
}

KTEST(bpf_qdisc, fifo_drop_peek_reset)
{
	struct Qdisc *sch = qdk_test_qdisc("ktest_bpf");
	struct sk_buff *to_free = NULL, *skb;
	struct qdisc_watchdog *wd = qdisc_priv(sch);

	KT_EQ(sch->enqueue(pkt(100, 1), sch, &to_free), NET_XMIT_SUCCESS);
	KT_EQ(kt_seen[0], QDK_BPF_OP_ENQUEUE);
	KT_EQ(sch->enqueue(pkt(200, 2), sch, &to_free), NET_XMIT_SUCCESS);
	/* the limit init set: onto to_free, which the caller frees */
	KT_EQ(sch->enqueue(pkt(300, 3), sch, &to_free), NET_XMIT_DROP);
	KT_ASSERT(to_free && to_free->__qdk_id == 3 && !to_free->next, "packet 3 on to_free");
	kfree_skb_list(to_free);
	KT_EQ(sch->q.qlen, 2);
	KT_EQ(sch->qstats.backlog, 300);
	/* peek parks the dequeued packet, the next dequeue hands it out */
	skb = sch->ops->peek(sch);
	KT_EQ(skb->__qdk_id, 1);
	KT_EQ(kt_seen[1], QDK_BPF_OP_DEQUEUE);
	KT_ASSERT(hrtimer_active(&wd->timer), "dequeue scheduled the watchdog");
	skb = qdisc_dequeue_peeked(sch);
	KT_EQ(skb->__qdk_id, 1);
	KT_EQ(u64_stats_read(&sch->bstats.packets), 1);
	kfree_skb(skb);
	/* reset frees what is left; its epilogue cancels the watchdog */
	rtnl_lock();
	qdisc_reset(sch);
	rtnl_unlock();
	KT_EQ(sch->q.qlen, 0);
	KT_ASSERT(!hrtimer_active(&wd->timer), "the epilogue's qdisc_watchdog_cancel()");
	KT_ASSERT(bpf_list_empty(&kt_q), "reset emptied the program's list");
	qdk_test_qdisc_put(sch);
	return 0;
}
