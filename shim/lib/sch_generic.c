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
 *
 * And the rest of sch_generic.c that qdiscs call: noop and noqueue, a
 * qdisc's life (qdisc_alloc, qdisc_create_dflt, qdisc_reset, qdisc_put and
 * qdisc_destroy), dev_graft_qdisc(), dev_activate() and dev_deactivate()
 * of the replay's device, and the mini-Qdisc pairs of ingress and clsact.
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

/* ---- noop ---------------------------------------------------------------- */

static int noop_enqueue(struct sk_buff *skb, struct Qdisc *qdisc,
			struct sk_buff **to_free)
{
	__qdisc_drop(skb, to_free);
	return NET_XMIT_CN;
}

static struct sk_buff *noop_dequeue(struct Qdisc *qdisc)
{
	return NULL;
}

struct Qdisc_ops noop_qdisc_ops __read_mostly = {
	.id		=	"noop",
	.priv_size	=	0,
	.enqueue	=	noop_enqueue,
	.dequeue	=	noop_dequeue,
	.peek		=	noop_dequeue,
	.owner		=	THIS_MODULE,
};

static struct netdev_queue noop_netdev_queue = {
	.qdisc		=	&noop_qdisc,
	.qdisc_sleeping	=	&noop_qdisc,
};

struct Qdisc noop_qdisc = {
	.enqueue	=	noop_enqueue,
	.dequeue	=	noop_dequeue,
	.flags		=	TCQ_F_BUILTIN,
	.ops		=	&noop_qdisc_ops,
	.q.lock		=	__SPIN_LOCK_UNLOCKED(noop_qdisc.q.lock),
	.dev_queue	=	&noop_netdev_queue,
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	.busylock	=	__SPIN_LOCK_UNLOCKED(noop_qdisc.busylock),
#endif
	.gso_skb = {
		.next = (struct sk_buff *)&noop_qdisc.gso_skb,
		.prev = (struct sk_buff *)&noop_qdisc.gso_skb,
		.qlen = 0,
		.lock = __SPIN_LOCK_UNLOCKED(noop_qdisc.gso_skb.lock),
	},
	.skb_bad_txq = {
		.next = (struct sk_buff *)&noop_qdisc.skb_bad_txq,
		.prev = (struct sk_buff *)&noop_qdisc.skb_bad_txq,
		.qlen = 0,
		.lock = __SPIN_LOCK_UNLOCKED(noop_qdisc.skb_bad_txq.lock),
	},
};

/*
 * noqueue: the default of devices without a queue (IFF_NO_QUEUE: lo,
 * dummy). register_qdisc() gives it noop's enqueue; its init clears it
 * again because the transmit path treats a NULL enqueue as "no queue".
 */
static int noqueue_init(struct Qdisc *qdisc, struct nlattr *opt,
			struct netlink_ext_ack *extack)
{
	qdisc->enqueue = NULL;
	return 0;
}

struct Qdisc_ops noqueue_qdisc_ops __read_mostly = {
	.id		=	"noqueue",
	.priv_size	=	0,
	.init		=	noqueue_init,
	.enqueue	=	noop_enqueue,
	.dequeue	=	noop_dequeue,
	.peek		=	noop_dequeue,
	.owner		=	THIS_MODULE,
};

/* ---- life cycle ---------------------------------------------------------- */

struct Qdisc *qdisc_alloc(struct netdev_queue *dev_queue,
			  const struct Qdisc_ops *ops,
			  struct netlink_ext_ack *extack)
{
	unsigned int size = sizeof(struct Qdisc) + ops->priv_size;
	struct Qdisc *sch;

	if (!dev_queue) {
		NL_SET_ERR_MSG(extack, "No device queue given");
		return ERR_PTR(-EINVAL);
	}

	sch = kzalloc(size, GFP_KERNEL);
	if (!sch)
		return ERR_PTR(-ENOBUFS);
	__skb_queue_head_init(&sch->gso_skb);
	__skb_queue_head_init(&sch->skb_bad_txq);
	gnet_stats_basic_sync_init(&sch->bstats);
	spin_lock_init(&sch->q.lock);

	if (ops->static_flags & TCQ_F_CPUSTATS) {
		sch->cpu_bstats = alloc_percpu(struct gnet_stats_basic_sync);
		if (!sch->cpu_bstats)
			goto errout1;
		sch->cpu_qstats = alloc_percpu(struct gnet_stats_queue);
		if (!sch->cpu_qstats) {
			free_percpu(sch->cpu_bstats);
			goto errout1;
		}
	}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	spin_lock_init(&sch->busylock);
#endif
	spin_lock_init(&sch->seqlock);

	sch->ops = ops;
	sch->flags = ops->static_flags;
	sch->enqueue = ops->enqueue;
	sch->dequeue = ops->dequeue;
	sch->dev_queue = dev_queue;
	sch->owner = -1;
	refcount_set(&sch->refcnt, 1);
	qdk_acct_qdisc_new(sch);
	return sch;

errout1:
	kfree(sch);
	return ERR_PTR(-ENOBUFS);
}


void qdisc_free(struct Qdisc *qdisc)
{
	int armed;

	qdk_watchdogs_forget(qdisc);
	qdk_acct_qdisc_free(qdisc);
	/* a timer left armed in freed memory would fire into garbage */
	armed = qdk_time_purge_range(qdisc, ksize(qdisc));
	if (armed)
		pr_err("qdk: qdisc %s freed with %d timer(s) still armed\n",
		       qdisc->ops->id, armed);
	if (qdisc_is_percpu_stats(qdisc)) {
		free_percpu(qdisc->cpu_bstats);
		free_percpu(qdisc->cpu_qstats);
	}
	kfree(qdisc);
}

struct Qdisc *qdisc_create_dflt(struct netdev_queue *dev_queue,
				const struct Qdisc_ops *ops,
				unsigned int parentid,
				struct netlink_ext_ack *extack)
{
	struct Qdisc *sch;

	if (!try_module_get(ops->owner)) {
		NL_SET_ERR_MSG(extack, "Failed to increase module reference counter");
		return NULL;
	}

	sch = qdisc_alloc(dev_queue, ops, extack);
	if (IS_ERR(sch)) {
		module_put(ops->owner);
		return NULL;
	}
	sch->parent = parentid;

	if (!ops->init || qdk_ctx_op("init", ops->id, ops->init(sch, NULL, extack)) == 0)
		return sch;

	qdisc_put(sch);
	return NULL;
}

void qdisc_reset(struct Qdisc *qdisc)
{
	const struct Qdisc_ops *ops = qdisc->ops;

	if (ops->reset)
		ops->reset(qdisc);

	__skb_queue_purge(&qdisc->gso_skb);
	__skb_queue_purge(&qdisc->skb_bad_txq);

	qdisc->q.qlen = 0;
	qdisc->qstats.backlog = 0;
}

static void __qdisc_destroy(struct Qdisc *qdisc)
{
	const struct Qdisc_ops *ops = qdisc->ops;

	qdisc_hash_del(qdisc);
	qdisc_reset(qdisc);
	if (ops->destroy)
		qdk_ctx_op_void("destroy", ops->id, ops->destroy(qdisc));
	module_put(ops->owner);
	qdisc_free(qdisc);
}

void qdisc_destroy(struct Qdisc *qdisc)
{
	if (qdisc->flags & TCQ_F_BUILTIN)
		return;
	__qdisc_destroy(qdisc);
}

void qdisc_put(struct Qdisc *qdisc)
{
	if (!qdisc)
		return;
	if (qdisc->flags & TCQ_F_BUILTIN ||
	    !refcount_dec_and_test(&qdisc->refcnt))
		return;
	__qdisc_destroy(qdisc);
}

void qdisc_put_unlocked(struct Qdisc *qdisc)
{
	qdisc_put(qdisc);
}

/* Attach qdisc (NULL: noop) to a tx queue; returns the old one. */
struct Qdisc *dev_graft_qdisc(struct netdev_queue *dev_queue,
			      struct Qdisc *qdisc)
{
	struct Qdisc *oqdisc = dev_queue->qdisc_sleeping;

	if (!qdisc)
		qdisc = &noop_qdisc;
	dev_queue->qdisc_sleeping = qdisc;
	dev_queue->qdisc = &noop_qdisc;
	return oqdisc;
}

/* The device is always running: (de)activation changes nothing here. */
void dev_activate(struct net_device *dev)
{
	unsigned int i;

	for (i = 0; i < dev->num_tx_queues; i++) {
		struct netdev_queue *q = netdev_get_tx_queue(dev, i);

		q->qdisc = q->qdisc_sleeping;
	}
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void dev_deactivate(struct net_device *dev, bool reset_needed)
#else
void dev_deactivate(struct net_device *dev)
#endif
{
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* pfifo_fast's TC_PRIO -> band map, which fq's default priomap copies */
const u8 sch_default_prio2band[TC_PRIO_MAX + 1] = {
	1, 2, 2, 2, 1, 2, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1
};
#endif

/* ---- a device's qdiscs ---------------------------------------------------- */

/* shutdown_scheduler_queue(): the queue's qdisc released, noop in its place */
void qdk_shutdown_scheduler_queue(struct netdev_queue *dev_queue)
{
	struct Qdisc *qdisc = rtnl_dereference(dev_queue->qdisc_sleeping);

	rcu_assign_pointer(dev_queue->qdisc, &noop_qdisc);
	rcu_assign_pointer(dev_queue->qdisc_sleeping, &noop_qdisc);
	qdisc_put(qdisc);
}

/*
 * dev_shutdown(): as the kernel's, when a device goes (rtnl held, the device
 * down): every transmit queue's qdisc, the ingress queue's and the root
 * released, noop in their place. A namespace's devices (rtnetlink.c) and
 * drivers' registered ones (dev.c) go through it alike.
 */
void dev_shutdown(struct net_device *dev)
{
	unsigned int i;

	ASSERT_RTNL();
	for (i = 0; i < dev->num_tx_queues; i++)
		qdk_shutdown_scheduler_queue(netdev_get_tx_queue(dev, i));
	if (dev_ingress_queue(dev))
		qdk_shutdown_scheduler_queue(dev_ingress_queue(dev));
	qdisc_put(rtnl_dereference(dev->qdisc));
	rcu_assign_pointer(dev->qdisc, &noop_qdisc);
}
EXPORT_SYMBOL(dev_shutdown);
