// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/acct-child-lost\.c:35: BUG: qdisc accounting: qdkchild 2: q\.qlen is 5 and qstats\.backlog 5000, but it holds 6 packets of 6000 bytes
/*
 * The FIFO that loses a late packet (acct-lost-packet.c), as the child of
 * prio's band 1:2: prio's own counts stay right (it counts what its child
 * returned), the child's do not, and the report names the child and the
 * line that took the packet out of its queue.
 */
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

struct qdk_case {
	struct sk_buff_head queue;
	unsigned int seen;
};

static int qdk_case_enqueue(struct sk_buff *skb, struct Qdisc *sch, struct sk_buff **to_free)
{
	struct qdk_case *q = qdisc_priv(sch);

	__skb_queue_tail(&q->queue, skb);
	qdisc_qstats_backlog_inc(sch, skb);
	sch->q.qlen++;
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *qdk_case_dequeue(struct Qdisc *sch)
{
	struct qdk_case *q = qdisc_priv(sch);
	struct sk_buff *skb;

again:
	skb = __skb_dequeue(&q->queue);	/* the line the report must name */
	if (!skb)
		return NULL;
	qdisc_qstats_backlog_dec(sch, skb);
	sch->q.qlen--;
	if (++q->seen == 2) {
		/* late: counted as a drop, never freed */
		qdisc_qstats_drop(sch);
		goto again;
	}
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
	.id		= "qdkchild",
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
