// SPDX-License-Identifier: GPL-2.0
/*
 * sch_generic.c - pfifo_fast, the default qdisc of a device that has a
 * queue, as Linux 6.1's net/sched/sch_generic.c defines it: three bands
 * chosen by skb->priority through the fixed priomap, band 0 served first,
 * each band holding at most the device's tx_queue_len packets (the kernel's
 * skb_array ring of that size; here an sk_buff_head with that bound), per-CPU
 * statistics (TCQ_F_CPUSTATS, one CPU here) unless grafted under a parent
 * that takes the qdisc lock, no options, no ->change.
 *
 * default_qdisc_ops is what net.core.default_qdisc selects: the kernel
 * configuration's (fq_codel, as Debian's) since there is no sysctl here.
 * get_default_qdisc_ops() (sch_generic.h) gives it to mq and mqprio for
 * each queue in use, pfifo_fast to the others.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/export.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/pkt_sched.h>
#include <net/netlink.h>
#include <net/sch_generic.h>
#include <net/pkt_sched.h>
#include <linux/init.h>

#include "shim.h"

#define PFIFO_FAST_BANDS 3

/* skb->priority (TC_PRIO_*) to band: 6.1's prio2band */
static const u8 prio2band[TC_PRIO_MAX + 1] = {
	1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1
};

struct pfifo_fast_priv {
	struct sk_buff_head band[PFIFO_FAST_BANDS];
	unsigned int size;	/* the ring size of each band: tx_queue_len */
};

static int pfifo_fast_enqueue(struct sk_buff *skb, struct Qdisc *qdisc,
			      struct sk_buff **to_free)
{
	struct pfifo_fast_priv *priv = qdisc_priv(qdisc);
	struct sk_buff_head *q = &priv->band[prio2band[skb->priority & TC_PRIO_MAX]];
	unsigned int pkt_len = qdisc_pkt_len(skb);

	/* skb_array_produce() fails on a full ring */
	if (unlikely(skb_queue_len(q) >= priv->size)) {
		if (qdisc_is_percpu_stats(qdisc))
			return qdisc_drop_cpu(skb, qdisc, to_free);
		return qdisc_drop(skb, qdisc, to_free);
	}
	__skb_queue_tail(q, skb);
	qdisc_update_stats_at_enqueue(qdisc, pkt_len);
	return NET_XMIT_SUCCESS;
}

/* the first band holding a packet, band 0 first; NULL when all are empty */
static struct sk_buff_head *pfifo_fast_band(struct pfifo_fast_priv *priv)
{
	int band;

	for (band = 0; band < PFIFO_FAST_BANDS; band++)
		if (!skb_queue_empty(&priv->band[band]))
			return &priv->band[band];
	return NULL;
}

static struct sk_buff *pfifo_fast_dequeue(struct Qdisc *qdisc)
{
	struct sk_buff_head *q = pfifo_fast_band(qdisc_priv(qdisc));
	struct sk_buff *skb = q ? __skb_dequeue(q) : NULL;

	if (likely(skb))
		qdisc_update_stats_at_dequeue(qdisc, skb);
	return skb;
}

static struct sk_buff *pfifo_fast_peek(struct Qdisc *qdisc)
{
	struct sk_buff_head *q = pfifo_fast_band(qdisc_priv(qdisc));

	return q ? skb_peek(q) : NULL;
}

static void pfifo_fast_reset(struct Qdisc *qdisc)
{
	struct pfifo_fast_priv *priv = qdisc_priv(qdisc);
	int i, band;

	for (band = 0; band < PFIFO_FAST_BANDS; band++)
		__skb_queue_purge(&priv->band[band]);
	if (!qdisc_is_percpu_stats(qdisc))
		return;
	for_each_possible_cpu(i) {
		struct gnet_stats_queue *q = per_cpu_ptr(qdisc->cpu_qstats, i);

		q->backlog = 0;
		q->qlen = 0;
	}
}

static int pfifo_fast_dump(struct Qdisc *qdisc, struct sk_buff *skb)
{
	struct tc_prio_qopt opt = { .bands = PFIFO_FAST_BANDS };

	memcpy(&opt.priomap, prio2band, TC_PRIO_MAX + 1);
	if (nla_put(skb, TCA_OPTIONS, sizeof(opt), &opt))
		return -1;
	return skb->len;
}

static int pfifo_fast_init(struct Qdisc *qdisc, struct nlattr *opt,
			   struct netlink_ext_ack *extack)
{
	struct pfifo_fast_priv *priv = qdisc_priv(qdisc);
	unsigned int qlen = qdisc_dev(qdisc)->tx_queue_len;
	int band;

	/* guard against zero length rings */
	if (!qlen)
		return -EINVAL;
	for (band = 0; band < PFIFO_FAST_BANDS; band++)
		__skb_queue_head_init(&priv->band[band]);
	priv->size = qlen;
	/* can by-pass the queue discipline */
	qdisc->flags |= TCQ_F_CAN_BYPASS;
	return 0;
}

static void pfifo_fast_destroy(struct Qdisc *sch)
{
	struct pfifo_fast_priv *priv = qdisc_priv(sch);
	int band;

	/* the rings are freed with what they still hold (ptr_ring_cleanup) */
	for (band = 0; band < PFIFO_FAST_BANDS; band++)
		__skb_queue_purge(&priv->band[band]);
}

/*
 * A new tx_queue_len resizes every ring; packets beyond the new size are
 * dropped from the tail, as skb_array_resize_multiple() gives them back;
 * a size of 0 refuses every packet, as an empty ring does.
 */
static int pfifo_fast_change_tx_queue_len(struct Qdisc *sch,
					  unsigned int new_len)
{
	struct pfifo_fast_priv *priv = qdisc_priv(sch);
	int band;

	for (band = 0; band < PFIFO_FAST_BANDS; band++) {
		struct sk_buff_head *q = &priv->band[band];

		while (skb_queue_len(q) > new_len)
			kfree_skb(__skb_dequeue_tail(q));
	}
	priv->size = new_len;
	return 0;
}

struct Qdisc_ops pfifo_fast_ops __read_mostly = {
	.id			= "pfifo_fast",
	.priv_size		= sizeof(struct pfifo_fast_priv),
	.enqueue		= pfifo_fast_enqueue,
	.dequeue		= pfifo_fast_dequeue,
	.peek			= pfifo_fast_peek,
	.init			= pfifo_fast_init,
	.destroy		= pfifo_fast_destroy,
	.reset			= pfifo_fast_reset,
	.dump			= pfifo_fast_dump,
	.change_tx_queue_len	= pfifo_fast_change_tx_queue_len,
	.owner			= THIS_MODULE,
	.static_flags		= TCQ_F_NOLOCK | TCQ_F_CPUSTATS,
};
EXPORT_SYMBOL(pfifo_fast_ops);

/* net.core.default_qdisc: pfifo_fast until the configured one registers */
const struct Qdisc_ops *default_qdisc_ops = &pfifo_fast_ops;
EXPORT_SYMBOL(default_qdisc_ops);

/* qdisc_set_default(): a registered kind becomes the default, or -ENOENT */
int qdisc_set_default(const char *name)
{
	const struct Qdisc_ops *ops = qdk_lookup_ops(name);

	if (!ops)
		return -ENOENT;
	default_qdisc_ops = ops;
	return 0;
}

/*
 * The default from the kernel's configuration, once every built-in qdisc
 * registered: Debian's is fq_codel (CONFIG_DEFAULT_NET_SCH), which is what
 * mq puts on each queue and a single-queue device with a queue gets. A
 * build without fq_codel (the shim's own tests) keeps pfifo_fast; the kernel
 * ignores that failure too (the initcall's return is only logged with
 * initcall_debug).
 */
static int __init sch_default_qdisc(void)
{
	qdisc_set_default(CONFIG_DEFAULT_NET_SCH);
	return 0;
}
late_initcall(sch_default_qdisc);

/*
 * A multi-queue root (mq, mqprio) keeps the default qdiscs of the queues
 * in use hashed, so they are dumped: when real_num_tx_queues changes, the
 * ones of queues leaving use leave the hash and those of queues coming into
 * use join it. Qdiscs with a handle are always hashed.
 */
void mq_change_real_num_tx(struct Qdisc *sch, unsigned int new_real_tx)
{
	struct net_device *dev = qdisc_dev(sch);
	struct Qdisc *qdisc;
	unsigned int i;

	for (i = new_real_tx; i < dev->real_num_tx_queues; i++) {
		qdisc = netdev_get_tx_queue(dev, i)->qdisc_sleeping;
		if (qdisc != &noop_qdisc && !qdisc->handle)
			qdisc_hash_del(qdisc);
	}
	for (i = dev->real_num_tx_queues; i < new_real_tx; i++) {
		qdisc = netdev_get_tx_queue(dev, i)->qdisc_sleeping;
		if (qdisc != &noop_qdisc && !qdisc->handle)
			qdisc_hash_add(qdisc, false);
	}
}
EXPORT_SYMBOL(mq_change_real_num_tx);

/*
 * Mini qdiscs: the filter list a clsact or ingress qdisc's fast path reads
 * is swapped between two copies, the one readers may still use left alone
 * for a grace period (immediate here: RCU has no readers to wait for).
 */
void mini_qdisc_pair_swap(struct mini_Qdisc_pair *miniqp,
			  struct tcf_proto *tp_head)
{
	struct mini_Qdisc *miniq_old = rcu_dereference_protected(*miniqp->p_miniq, 1);
	struct mini_Qdisc *miniq;

	if (!tp_head) {
		RCU_INIT_POINTER(*miniqp->p_miniq, NULL);
	} else {
		miniq = miniq_old != &miniqp->miniq1 ?
			&miniqp->miniq1 : &miniqp->miniq2;
		miniq->filter_list = tp_head;
		rcu_assign_pointer(*miniqp->p_miniq, miniq);
	}
	if (miniq_old)
		miniq_old->rcu_state = 0;
}

void mini_qdisc_pair_block_init(struct mini_Qdisc_pair *miniqp,
				struct tcf_block *block)
{
	miniqp->miniq1.block = block;
	miniqp->miniq2.block = block;
}

void mini_qdisc_pair_init(struct mini_Qdisc_pair *miniqp, struct Qdisc *qdisc,
			  struct mini_Qdisc __rcu **p_miniq)
{
	miniqp->miniq1.cpu_bstats = qdisc->cpu_bstats;
	miniqp->miniq1.cpu_qstats = qdisc->cpu_qstats;
	miniqp->miniq2.cpu_bstats = qdisc->cpu_bstats;
	miniqp->miniq2.cpu_qstats = qdisc->cpu_qstats;
	miniqp->miniq1.rcu_state = 0;
	miniqp->miniq2.rcu_state = 0;
	miniqp->p_miniq = p_miniq;
}
