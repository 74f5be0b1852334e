// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/cond-resched-in-dequeue\.c:41: BUG: sleeping function called from invalid context: cond_resched\(\) may sleep
/*
 * A FIFO whose dequeue offers the CPU with cond_resched() after a long
 * batch: dequeue runs under the root lock with bottom halves off, where
 * the task may not schedule. CONFIG_DEBUG_ATOMIC_SLEEP's __might_resched()
 * reports it; the shim stops at the line that called it.
 */
#include <linux/module.h>
#include <linux/sched.h>
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

	skb = __skb_dequeue(&q->queue);
	if (!skb)
		return NULL;
	qdisc_qstats_backlog_dec(sch, skb);
	sch->q.qlen--;
	q->seen++;
	cond_resched();	/* the line the report must name */
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
