// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops BUG: qdisc accounting: qdkcase 1: q\.qlen is 0 and qstats\.backlog 0, but it holds 7 packets of 7000 bytes
/*
 * A FIFO that keeps its packets on a list of its own and counts them
 * nowhere: neither its enqueue nor its dequeue touches q.qlen. Its
 * enqueues never change q.qlen, so the accounting check takes it for a
 * qdisc that counts at dequeue (sch_teql does: qdk/accounting.h) and lets
 * its enqueues pass; its first dequeue, which leaves q.qlen 0 with seven
 * packets held, stops it.
 */
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

struct qdk_case {
	struct sk_buff_head queue;
};

static int qdk_case_enqueue(struct sk_buff *skb, struct Qdisc *sch, struct sk_buff **to_free)
{
	struct qdk_case *q = qdisc_priv(sch);

	__skb_queue_tail(&q->queue, skb);
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *qdk_case_dequeue(struct Qdisc *sch)
{
	struct qdk_case *q = qdisc_priv(sch);
	struct sk_buff *skb = __skb_dequeue(&q->queue);

	if (skb)
		qdisc_bstats_update(sch, skb);
	return skb;
}

static int qdk_case_init(struct Qdisc *sch, struct nlattr *opt, struct netlink_ext_ack *extack)
{
	struct qdk_case *q = qdisc_priv(sch);

	__skb_queue_head_init(&q->queue);
	return 0;
}

static void qdk_case_reset(struct Qdisc *sch)
{
	struct qdk_case *q = qdisc_priv(sch);

	__skb_queue_purge(&q->queue);
}

static struct Qdisc_ops qdk_case_ops __read_mostly = {
	.id		= "qdkcase",
	.priv_size	= sizeof(struct qdk_case),
	.enqueue	= qdk_case_enqueue,
	.dequeue	= qdk_case_dequeue,
	.peek		= qdisc_peek_dequeued,
	.init		= qdk_case_init,
	.reset		= qdk_case_reset,
	.owner		= THIS_MODULE,
};

static int __init qdk_case_module_init(void)
{
	return register_qdisc(&qdk_case_ops);
}

static void __exit qdk_case_module_exit(void)
{
	unregister_qdisc(&qdk_case_ops);
}

module_init(qdk_case_module_init);
module_exit(qdk_case_module_exit);
MODULE_LICENSE("GPL");
