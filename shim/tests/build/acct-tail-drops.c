// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/acct-tail-drops\.c:26: BUG: qdisc accounting: qdkcase 1: q\.qlen is 2 and qstats\.backlog 4000, but it holds 2 packets of 2000 bytes
/*
 * A FIFO of 4 that, when full, makes room by dropping the two newest
 * packets from its tail with qdisc_drop() (which counts the drop, not the
 * bytes) and drops the arrival too: the tail drops leave their bytes in
 * qstats.backlog. Seen in a public out-of-tree AQM; the report must blame
 * the helper's drop, not the arrival's.
 */
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

struct qdk_case {
	struct sk_buff_head queue;
};

static void qdk_case_drop_tail(struct Qdisc *sch, unsigned int n, struct sk_buff **to_free)
{
	struct qdk_case *q = qdisc_priv(sch);

	while (n--) {
		struct sk_buff *last = __skb_dequeue_tail(&q->queue);

		qdisc_drop(last, sch, to_free);	/* the line the report must name */
		sch->q.qlen--;
	}
}

static int qdk_case_enqueue(struct sk_buff *skb, struct Qdisc *sch, struct sk_buff **to_free)
{
	struct qdk_case *q = qdisc_priv(sch);

	if (sch->q.qlen >= 4) {
		qdk_case_drop_tail(sch, 2, to_free);
		return qdisc_drop(skb, sch, to_free);
	}
	__skb_queue_tail(&q->queue, skb);
	qdisc_qstats_backlog_inc(sch, skb);
	sch->q.qlen++;
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *qdk_case_dequeue(struct Qdisc *sch)
{
	struct qdk_case *q = qdisc_priv(sch);
	struct sk_buff *skb;

	skb = __skb_dequeue(&q->queue);
	if (!skb)
		return NULL;
	qdisc_qstats_backlog_dec(sch, skb);
	sch->q.qlen--;
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
