// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_testq.c - "qdk_testq", a qdisc that exercises what the bridge must
 * observe, chosen by skb->mark: 1 marks CE at enqueue, 2 is freed inside
 * enqueue (stolen), 3 marks CE at dequeue, 4 is dropped inside dequeue.
 * Every enqueue arms the watchdog 1 us ahead. Registered by module_init.
 */
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>
#include <net/inet_ecn.h>
#include <net/netlink.h>

struct testq_sched_data {
	struct qdisc_watchdog wd;
	u32 enqueues;
	u32 dequeues;
};

struct tc_testq_xstats {
	u32 enqueues;
	u32 dequeues;
};

static int testq_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			 struct sk_buff **to_free)
{
	struct testq_sched_data *q = qdisc_priv(sch);

	q->enqueues++;
	qdisc_watchdog_schedule_ns(&q->wd, ktime_get_ns() + 1000);
	if (skb->mark == 2) {
		kfree_skb(skb);
		return NET_XMIT_SUCCESS | __NET_XMIT_STOLEN;
	}
	if (skb->mark == 1)
		INET_ECN_set_ce(skb);
	return qdisc_enqueue_tail(skb, sch);
}

static struct sk_buff *testq_dequeue(struct Qdisc *sch)
{
	struct testq_sched_data *q = qdisc_priv(sch);
	struct sk_buff *skb;

	while ((skb = qdisc_dequeue_head(sch)) != NULL) {
		if (skb->mark != 4)
			break;
		qdisc_qstats_drop(sch);
		kfree_skb(skb);
	}
	if (!skb)
		return NULL;
	q->dequeues++;
	if (skb->mark == 3)
		INET_ECN_set_ce(skb);
	return skb;
}

static int testq_init(struct Qdisc *sch, struct nlattr *opt,
		      struct netlink_ext_ack *extack)
{
	struct testq_sched_data *q = qdisc_priv(sch);

	qdisc_watchdog_init(&q->wd, sch);
	if (opt && nla_len(opt) == 0) {
		NL_SET_ERR_MSG_MOD(extack, "empty options");
		return -EINVAL;
	}
	return 0;
}

static void testq_destroy(struct Qdisc *sch)
{
	struct testq_sched_data *q = qdisc_priv(sch);

	qdisc_watchdog_cancel(&q->wd);
}

static int testq_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct testq_sched_data *q = qdisc_priv(sch);
	struct nlattr *opts = nla_nest_start(skb, TCA_OPTIONS);

	if (!opts || nla_put_u32(skb, 1, q->enqueues))
		return -1;
	return nla_nest_end(skb, opts);
}

static int testq_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct testq_sched_data *q = qdisc_priv(sch);
	struct tc_testq_xstats st = {
		.enqueues = q->enqueues,
		.dequeues = q->dequeues,
	};

	return gnet_stats_copy_app(d, &st, sizeof(st));
}

static struct Qdisc_ops testq_qdisc_ops __read_mostly = {
	.id		= "qdk_testq",
	.priv_size	= sizeof(struct testq_sched_data),
	.enqueue	= testq_enqueue,
	.dequeue	= testq_dequeue,
	.peek		= qdisc_peek_head,
	.init		= testq_init,
	.reset		= qdisc_reset_queue,
	.destroy	= testq_destroy,
	.dump		= testq_dump,
	.dump_stats	= testq_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init testq_module_init(void)
{
	return register_qdisc(&testq_qdisc_ops);
}

static void __exit testq_module_exit(void)
{
	unregister_qdisc(&testq_qdisc_ops);
}

module_init(testq_module_init)
module_exit(testq_module_exit)
MODULE_LICENSE("GPL");
