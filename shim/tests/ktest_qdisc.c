// SPDX-License-Identifier: GPL-2.0
/* ktest_qdisc.c - the qdisc helpers of sch_generic.h and the core. */
#include <linux/kernel.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "ktest.h"
#include "shim.h"

static struct sk_buff *pkt(unsigned int len, u64 id)
{
	struct sk_buff *skb = alloc_skb(len, GFP_KERNEL);

	skb_put(skb, len);
	qdk_qdisc_pkt_len_init(skb, len);
	skb->__qdk_id = id;
	return skb;
}

static u64 dropped[16];
static int n_dropped;

static void note_drop(struct sk_buff *skb, u32 reason)
{
	dropped[n_dropped++] = skb->__qdk_id;
}

KTEST(qdisc, enqueue_dequeue_stats)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct sk_buff *skb;

	KT_EQ(qdisc_enqueue_tail(pkt(100, 1), sch), NET_XMIT_SUCCESS);
	KT_EQ(qdisc_enqueue_tail(pkt(200, 2), sch), NET_XMIT_SUCCESS);
	KT_EQ(sch->q.qlen, 2);
	KT_EQ(sch->qstats.backlog, 300);
	KT_EQ(qdisc_peek_head(sch)->__qdk_id, 1);
	skb = qdisc_dequeue_head(sch);
	KT_EQ(skb->__qdk_id, 1);
	KT_ASSERT(skb->next == NULL, "unlinked");
	KT_EQ(sch->q.qlen, 1);
	KT_EQ(sch->qstats.backlog, 200);
	KT_EQ(u64_stats_read(&sch->bstats.packets), 1);
	KT_EQ(u64_stats_read(&sch->bstats.bytes), 100);
	consume_skb(skb);
	skb = qdisc_dequeue_head(sch);
	consume_skb(skb);
	KT_ASSERT(qdisc_dequeue_head(sch) == NULL, "empty");
	KT_ASSERT(sch->q.head == NULL && sch->q.tail == NULL, "head and tail");
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(qdisc, gso_bstats_count_segments)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct sk_buff *skb = pkt(3000, 1);

	skb_shinfo(skb)->gso_size = 1448;
	skb_shinfo(skb)->gso_segs = 3;
	qdk_qdisc_pkt_len_init(skb, 3000);
	qdisc_enqueue_tail(skb, sch);
	skb = qdisc_dequeue_head(sch);
	KT_EQ(u64_stats_read(&sch->bstats.packets), 3);
	KT_EQ(u64_stats_read(&sch->bstats.bytes), 3000);
	consume_skb(skb);
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(qdisc, drop_goes_to_to_free)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct sk_buff *to_free = NULL, *a = pkt(100, 1), *b = pkt(60, 2);
	long objs;

	KT_EQ(qdisc_drop(a, sch, &to_free), NET_XMIT_DROP);
	KT_EQ(qdisc_drop(b, sch, &to_free), NET_XMIT_DROP);
	KT_EQ(sch->qstats.drops, 2);
	KT_ASSERT(to_free == b && b->next == a, "newest first");
	objs = qdk_mem_objects;
	n_dropped = 0;
	qdk_skb_drop_hook = note_drop;
	kfree_skb_list(to_free);
	qdk_skb_drop_hook = NULL;
	KT_EQ(qdk_mem_objects, objs - 2);
	KT_EQ(n_dropped, 2);
	KT_EQ(dropped[0], 2);
	KT_EQ(dropped[1], 1);
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(qdisc, queue_drop_head)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct sk_buff *to_free = NULL;

	qdisc_enqueue_tail(pkt(100, 1), sch);
	qdisc_enqueue_tail(pkt(200, 2), sch);
	KT_EQ(__qdisc_queue_drop_head(sch, &sch->q, &to_free), 100);
	KT_EQ(to_free->__qdk_id, 1);
	KT_EQ(sch->q.qlen, 1);
	KT_EQ(sch->qstats.backlog, 200);
	KT_EQ(sch->qstats.drops, 0);	/* the caller counts the drop */
	kfree_skb_list(to_free);
	to_free = NULL;
	rtnl_lock();		/* resets are control path */
	qdisc_reset_queue(sch);
	KT_EQ(sch->q.qlen, 0);
	KT_EQ(sch->qstats.backlog, 200);	/* qdisc_reset() zeroes it */
	qdisc_reset(sch);
	rtnl_unlock();
	KT_EQ(sch->qstats.backlog, 0);
	KT_EQ(__qdisc_queue_drop_head(sch, &sch->q, &to_free), 0);
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(qdisc, peek_dequeued_keeps_stats)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	struct sk_buff *skb;

	qdisc_enqueue_tail(pkt(100, 1), sch);
	qdisc_enqueue_tail(pkt(200, 2), sch);
	skb = qdisc_peek_dequeued(sch);
	KT_EQ(skb->__qdk_id, 1);
	/* moved to gso_skb but still counted as queued */
	KT_EQ(sch->q.qlen, 2);
	KT_EQ(sch->qstats.backlog, 300);
	KT_EQ(skb_queue_len(&sch->gso_skb), 1);
	KT_ASSERT(qdisc_peek_dequeued(sch) == skb, "peek is stable");
	skb = qdisc_dequeue_peeked(sch);
	KT_EQ(skb->__qdk_id, 1);
	KT_EQ(sch->q.qlen, 1);
	KT_EQ(sch->qstats.backlog, 200);
	consume_skb(skb);
	skb = qdisc_dequeue_peeked(sch);
	KT_EQ(skb->__qdk_id, 2);
	consume_skb(skb);
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(qdisc, reset_purges_gso_skb)
{
	struct Qdisc *sch = qdk_test_qdisc("pfifo");
	long objs = qdk_mem_objects;

	qdisc_enqueue_tail(pkt(100, 1), sch);
	qdisc_enqueue_tail(pkt(100, 2), sch);
	qdisc_peek_dequeued(sch);
	rtnl_lock();
	qdisc_reset(sch);
	rtnl_unlock();
	KT_EQ(sch->q.qlen, 0);
	KT_EQ(sch->qstats.backlog, 0);
	KT_EQ(qdk_mem_objects, objs);
	qdk_test_qdisc_put(sch);
	return 0;
}

KTEST(qdisc, tree_reduce_backlog_reaches_parent)
{
	struct Qdisc *parent = qdk_test_qdisc("skbprio");
	struct Qdisc *child;

	KT_ASSERT(parent, "skbprio");
	qdisc_hash_add(parent, false);
	child = qdisc_create_dflt(parent->dev_queue, qdk_lookup_ops("pfifo"),
				  TC_H_MAKE(parent->handle, 1), NULL);
	KT_ASSERT(child, "child");
	parent->q.qlen = 5;
	parent->qstats.backlog = 500;
	qdisc_tree_reduce_backlog(child, 2, 200);
	KT_EQ(parent->q.qlen, 3);
	KT_EQ(parent->qstats.backlog, 300);
	KT_EQ(parent->qstats.drops, 2);
	/* negative n: qlen grows back, no drops counted */
	qdisc_tree_reduce_backlog(child, -1, -100);
	KT_EQ(parent->q.qlen, 4);
	KT_EQ(parent->qstats.drops, 2);
	/* a root qdisc has nobody to tell */
	qdisc_tree_reduce_backlog(parent, 1, 1);
	KT_EQ(parent->q.qlen, 4);
	parent->q.qlen = 0;
	parent->qstats.backlog = 0;
	rtnl_lock();
	qdisc_put(child);
	rtnl_unlock();
	qdk_test_qdisc_put(parent);
	return 0;
}

static struct Qdisc_ops dup_ops = { .id = "pfifo" };
static struct Qdisc_ops nopeek_ops = {
	.id = "qdk_nopeek",
	.dequeue = qdisc_dequeue_head,
};
static struct Qdisc_ops minimal_ops = { .id = "qdk_minimal" };

KTEST(qdisc, register_rules)
{
	const char *names[32];

	KT_EQ(register_qdisc(&dup_ops), -EEXIST);
	KT_EQ(register_qdisc(&nopeek_ops), -EINVAL);
	KT_EQ(register_qdisc(&minimal_ops), 0);
	KT_ASSERT(minimal_ops.enqueue && minimal_ops.dequeue && minimal_ops.peek,
		  "noop defaults filled in");
	KT_ASSERT(qdk_lookup_ops("qdk_minimal") == &minimal_ops, "found");
	KT_ASSERT(qdk_list_ops(names, 32) >= 6, "listed");
	unregister_qdisc(&minimal_ops);
	KT_ASSERT(qdk_lookup_ops("qdk_minimal") == NULL, "gone");
	return 0;
}

KTEST(qdisc, create_dflt_runs_init)
{
	struct Qdisc *sch = qdk_test_qdisc("bfifo");

	KT_ASSERT(sch, "bfifo");
	/* sch_fifo's init without options: tx_queue_len * psched_mtu */
	KT_EQ(sch->limit, 1000 * 1514);
	KT_ASSERT(sch->flags & TCQ_F_CAN_BYPASS, "bypass");
	KT_EQ(psched_mtu(qdisc_dev(sch)), 1514);
	KT_EQ(fifo_set_limit(sch, 3000), 0);
	KT_EQ(sch->limit, 3000);
	qdk_test_qdisc_put(sch);
	return 0;
}
