// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/acct-parent-lost\.c:41: BUG: qdisc accounting: bfifo 0: q\.qlen is 5 and qstats\.backlog 5000, but it holds 6 packets of 6000 bytes
/*
 * A qdisc with an inner bfifo (as tbf keeps one) whose dequeue takes a late
 * packet from its child and drops it on the floor: neither returned nor
 * freed. The child's counts no longer have it and the packet is still its
 * own; the report names the parent's line that took it out of the child.
 */
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

struct qdk_case {
	struct Qdisc *child;
	unsigned int seen;
};

static int qdk_case_enqueue(struct sk_buff *skb, struct Qdisc *sch, struct sk_buff **to_free)
{
	struct qdk_case *q = qdisc_priv(sch);
	unsigned int len = qdisc_pkt_len(skb);
	int ret = qdisc_enqueue(skb, q->child, to_free);

	if (ret != NET_XMIT_SUCCESS) {
		if (net_xmit_drop_count(ret))
			qdisc_qstats_drop(sch);
		return ret;
	}
	sch->qstats.backlog += len;
	sch->q.qlen++;
	return NET_XMIT_SUCCESS;
}

static struct sk_buff *qdk_case_dequeue(struct Qdisc *sch)
{
	struct qdk_case *q = qdisc_priv(sch);
	struct sk_buff *skb;

again:
	skb = qdisc_dequeue_peeked(q->child);	/* the line the report must name */
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

static struct sk_buff *qdk_case_peek(struct Qdisc *sch)
{
	struct qdk_case *q = qdisc_priv(sch);

	return q->child->ops->peek(q->child);
}

static int qdk_case_init(struct Qdisc *sch, struct nlattr *opt, struct netlink_ext_ack *extack)
{
	struct qdk_case *q = qdisc_priv(sch);

	q->child = fifo_create_dflt(sch, &bfifo_qdisc_ops, 100000, extack);
	if (IS_ERR(q->child))
		return PTR_ERR(q->child);
	qdisc_hash_add(q->child, true);
	return 0;
}

static void qdk_case_reset(struct Qdisc *sch)
{
	struct qdk_case *q = qdisc_priv(sch);

	qdisc_reset(q->child);
}

static void qdk_case_destroy(struct Qdisc *sch)
{
	struct qdk_case *q = qdisc_priv(sch);

	if (!IS_ERR_OR_NULL(q->child))
		qdisc_put(q->child);
}

static struct Qdisc_ops qdk_case_ops __read_mostly = {
	.id		= "qdkcase",
	.priv_size	= sizeof(struct qdk_case),
	.enqueue	= qdk_case_enqueue,
	.dequeue	= qdk_case_dequeue,
	.peek		= qdk_case_peek,
	.init		= qdk_case_init,
	.reset		= qdk_case_reset,
	.destroy	= qdk_case_destroy,
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
