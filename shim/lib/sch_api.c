// SPDX-License-Identifier: GPL-2.0
/*
 * sch_api.c - the qdisc core of net/sched/sch_api.c and sch_generic.c that
 * qdiscs call: the Qdisc_ops registry, qdisc_alloc/create_dflt/put/reset,
 * qdisc_tree_reduce_backlog, the watchdog, noop, noqueue, and the initcall table
 * that module_init()/module_exit() feed.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <net/pkt_sched.h>
#include <net/pkt_cls.h>
#include <net/sch_generic.h>

#include "shim.h"

/* ---- initcalls ----------------------------------------------------------- */

#define MAX_INITCALLS 256

struct initcall {
	initcall_t fn;
	const char *name;
	int level;
};

static struct initcall initcalls[MAX_INITCALLS];
static int n_initcalls;
static struct {
	exitcall_t fn;
	const char *name;
} exitcalls[MAX_INITCALLS];
static int n_exitcalls;

void qdk_register_initcall(initcall_t fn, const char *name, int level)
{
	if (n_initcalls == MAX_INITCALLS) {
		pr_err("qdk: too many initcalls (%s)\n", name);
		BUG();
	}
	initcalls[n_initcalls].fn = fn;
	initcalls[n_initcalls].name = name;
	initcalls[n_initcalls].level = level;
	n_initcalls++;
}

void qdk_register_exitcall(exitcall_t fn, const char *name)
{
	if (n_exitcalls == MAX_INITCALLS) {
		pr_err("qdk: too many exitcalls (%s)\n", name);
		BUG();
	}
	exitcalls[n_exitcalls].fn = fn;
	exitcalls[n_exitcalls].name = name;
	n_exitcalls++;
}

/* by level, then link order, as do_initcalls; returns failures */
int qdk_run_initcalls(void)
{
	int level, i, failed = 0;

	for (level = 0; level <= 7; level++) {
		for (i = 0; i < n_initcalls; i++) {
			int err;

			if (initcalls[i].level != level)
				continue;
			err = initcalls[i].fn();
			if (err) {
				pr_warn("initcall %s returned %d\n",
					initcalls[i].name, err);
				failed++;
			}
		}
	}
	return failed;
}

void qdk_run_exitcalls(void)
{
	int i;

	for (i = n_exitcalls - 1; i >= 0; i--)
		exitcalls[i].fn();
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

/* ---- registry ------------------------------------------------------------ */

static struct Qdisc_ops *qdisc_base;

int register_qdisc(struct Qdisc_ops *qops)
{
	struct Qdisc_ops *q, **qp;

	for (qp = &qdisc_base; (q = *qp) != NULL; qp = &q->next)
		if (!strcmp(qops->id, q->id))
			return -EEXIST;

	if (qops->enqueue == NULL)
		qops->enqueue = noop_qdisc_ops.enqueue;
	if (qops->peek == NULL) {
		if (qops->dequeue == NULL)
			qops->peek = noop_qdisc_ops.peek;
		else
			return -EINVAL;
	}
	if (qops->dequeue == NULL)
		qops->dequeue = noop_qdisc_ops.dequeue;

	if (qops->cl_ops) {
		const struct Qdisc_class_ops *cops = qops->cl_ops;

		if (!(cops->find && cops->walk && cops->leaf))
			return -EINVAL;
		if (cops->tcf_block && !(cops->bind_tcf && cops->unbind_tcf))
			return -EINVAL;
	}

	qops->next = NULL;
	*qp = qops;
	return 0;
}

void unregister_qdisc(struct Qdisc_ops *qops)
{
	struct Qdisc_ops *q, **qp;

	for (qp = &qdisc_base; (q = *qp) != NULL; qp = &q->next)
		if (q == qops)
			break;
	if (q) {
		*qp = q->next;
		q->next = NULL;
	} else {
		WARN(1, "unregister_qdisc: %s not registered\n", qops->id);
	}
}

struct Qdisc_ops *qdk_lookup_ops(const char *kind)
{
	struct Qdisc_ops *q;

	for (q = qdisc_base; q; q = q->next)
		if (!strcmp(kind, q->id))
			return q;
	return NULL;
}

size_t qdk_list_ops(const char **names, size_t max)
{
	struct Qdisc_ops *q;
	size_t n = 0;

	for (q = qdisc_base; q; q = q->next) {
		if (n < max)
			names[n] = q->id;
		n++;
	}
	return n;
}

/*
 * pktsched_init() registers the built-in qdiscs in 6.1's order: pfifo_fast
 * (sch_generic.c), the FIFOs of sch_fifo.c and mq of sch_mq.c (upstream
 * sources), noqueue. Weak references keep the shim linkable without them.
 */
#pragma weak pfifo_qdisc_ops
#pragma weak bfifo_qdisc_ops
#pragma weak pfifo_head_drop_qdisc_ops
#pragma weak mq_qdisc_ops

static int __init pktsched_init(void)
{
	register_qdisc(&pfifo_fast_ops);
	if (&pfifo_qdisc_ops)
		register_qdisc(&pfifo_qdisc_ops);
	if (&bfifo_qdisc_ops)
		register_qdisc(&bfifo_qdisc_ops);
	if (&pfifo_head_drop_qdisc_ops)
		register_qdisc(&pfifo_head_drop_qdisc_ops);
	if (&mq_qdisc_ops)
		register_qdisc(&mq_qdisc_ops);
	register_qdisc(&noqueue_qdisc_ops);
	return 0;
}
subsys_initcall(pktsched_init);

static void __exit pktsched_exit(void)
{
	if (&pfifo_qdisc_ops)
		unregister_qdisc(&pfifo_qdisc_ops);
	if (&bfifo_qdisc_ops)
		unregister_qdisc(&bfifo_qdisc_ops);
	if (&pfifo_head_drop_qdisc_ops)
		unregister_qdisc(&pfifo_head_drop_qdisc_ops);
	if (&mq_qdisc_ops)
		unregister_qdisc(&mq_qdisc_ops);
	unregister_qdisc(&noqueue_qdisc_ops);
	unregister_qdisc(&pfifo_fast_ops);
}
module_exit(pktsched_exit);

/* ---- the qdisc hash (per device, as sch_api.c) ---------------------------- */

void qdisc_hash_add(struct Qdisc *q, bool invisible)
{
	if ((q->parent != TC_H_ROOT) && !(q->flags & TCQ_F_INGRESS)) {
		hash_add_rcu(qdisc_dev(q)->qdisc_hash, &q->hash, q->handle);
		if (invisible)
			q->flags |= TCQ_F_INVISIBLE;
	}
}

void qdisc_hash_del(struct Qdisc *q)
{
	if ((q->parent != TC_H_ROOT) && !(q->flags & TCQ_F_INGRESS))
		hash_del_rcu(&q->hash);
}

/* the device's root qdisc, then its hash of the others */
struct Qdisc *qdisc_lookup(struct net_device *dev, u32 handle)
{
	struct Qdisc *q;

	if (!handle)
		return NULL;
	q = dev->qdisc;
	if (q && q->handle == handle)
		return q;
	hash_for_each_possible(dev->qdisc_hash, q, hash, handle) {
		if (q->handle == handle)
			return q;
	}
	return NULL;
}

struct Qdisc *qdisc_lookup_rcu(struct net_device *dev, u32 handle)
{
	return qdisc_lookup(dev, handle);
}

/*
 * A child reports that n packets / len bytes left it outside a dequeue
 * of its parent. The replay harness drives one qdisc without its parent:
 * when the parent does not exist in the shim the walk simply ends (the
 * kernel would WARN_ON_ONCE for a missing non-root parent).
 */
void qdisc_tree_reduce_backlog(struct Qdisc *sch, int n, int len)
{
	const struct Qdisc_class_ops *cops;
	unsigned long cl;
	u32 parentid;
	bool notify;
	int drops;

	drops = max_t(int, n, 0);
	while ((parentid = sch->parent)) {
		if (parentid == TC_H_ROOT)
			break;
		if (sch->flags & TCQ_F_NOPARENT)
			break;
		notify = !sch->q.qlen;
		sch = qdisc_lookup_rcu(qdisc_dev(sch), TC_H_MAJ(parentid));
		if (sch == NULL)
			break;
		cops = sch->ops->cl_ops;
		if (notify && cops->qlen_notify) {
			cl = cops->find(sch, parentid);
			cops->qlen_notify(sch, cl);
		}
		sch->q.qlen -= n;
		sch->qstats.backlog -= len;
		__qdisc_qstats_drop(sch, drops);
	}
}

int qdisc_offload_dump_helper(struct Qdisc *sch, enum tc_setup_type type,
			      void *type_data)
{
	struct net_device *dev = qdisc_dev(sch);
	int err;

	sch->flags &= ~TCQ_F_OFFLOADED;
	if (!tc_can_offload(dev) || !dev->netdev_ops->ndo_setup_tc)
		return 0;

	err = dev->netdev_ops->ndo_setup_tc(dev, type, type_data);
	if (err == -EOPNOTSUPP)
		return 0;

	if (!err)
		sch->flags |= TCQ_F_OFFLOADED;
	return err;
}

/* 6.12 (Debian's 6.1.y too): zeroes @caps, then asks the driver */
void qdisc_offload_query_caps(struct net_device *dev,
			      enum tc_setup_type type,
			      void *caps, size_t caps_len)
{
	struct tc_query_caps_base base = {
		.type = type,
		.caps = caps,
	};

	memset(caps, 0, caps_len);
	if (dev->netdev_ops && dev->netdev_ops->ndo_setup_tc)
		dev->netdev_ops->ndo_setup_tc(dev, TC_QUERY_CAPS, &base);
}

void qdisc_offload_graft_helper(struct net_device *dev, struct Qdisc *sch,
				struct Qdisc *new, struct Qdisc *old,
				enum tc_setup_type type, void *type_data,
				struct netlink_ext_ack *extack)
{
}

void qdisc_warn_nonwc(const char *txt, struct Qdisc *qdisc)
{
	if (!(qdisc->flags & TCQ_F_WARN_NONWC)) {
		pr_warn("%s: %s qdisc %X: is non-work-conserving?\n",
			txt, qdisc->ops->id, qdisc->handle >> 16);
		qdisc->flags |= TCQ_F_WARN_NONWC;
	}
}

/* ---- life cycle (sch_generic.c) ------------------------------------------ */

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

static void watchdogs_forget(const struct Qdisc *sch);

void qdisc_free(struct Qdisc *qdisc)
{
	int armed;

	watchdogs_forget(qdisc);
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

/* ---- scheduling and the watchdog ----------------------------------------- */

void (*qdk_netif_schedule_hook)(struct Qdisc *q);

void __netif_schedule(struct Qdisc *q)
{
	if (qdk_netif_schedule_hook)
		qdk_netif_schedule_hook(q);
}

void netif_schedule_queue(struct netdev_queue *txq)
{
	struct Qdisc *q = txq->qdisc;

	if (q)
		__netif_schedule(q);
}

/* the watchdogs of live qdiscs, for qdk_qdisc_watchdog() */
#define QDK_MAX_WATCHDOGS 4096
static struct qdisc_watchdog *watchdogs[QDK_MAX_WATCHDOGS];
static int n_watchdogs;

static void watchdog_register(struct qdisc_watchdog *wd)
{
	int i;

	for (i = 0; i < n_watchdogs; i++)
		if (watchdogs[i] == wd)
			return;
	if (n_watchdogs < QDK_MAX_WATCHDOGS)
		watchdogs[n_watchdogs++] = wd;
}

static void watchdogs_forget(const struct Qdisc *sch)
{
	int i;

	for (i = n_watchdogs - 1; i >= 0; i--)
		if (watchdogs[i]->qdisc == sch)
			watchdogs[i] = watchdogs[--n_watchdogs];
}

bool qdk_watchdog_of(const struct Qdisc *sch, u64 *expires)
{
	bool armed = false;
	int i;

	for (i = 0; i < n_watchdogs; i++) {
		struct qdisc_watchdog *wd = watchdogs[i];

		if (wd->qdisc != sch || !hrtimer_is_queued(&wd->timer))
			continue;
		if (!armed || wd->timer.__qdk_node.when < *expires)
			*expires = wd->timer.__qdk_node.when;
		armed = true;
	}
	return armed;
}

static enum hrtimer_restart qdisc_watchdog(struct hrtimer *timer)
{
	struct qdisc_watchdog *wd = container_of(timer, struct qdisc_watchdog,
						 timer);

	__netif_schedule(qdisc_root(wd->qdisc));
	return HRTIMER_NORESTART;
}

void qdisc_watchdog_init_clockid(struct qdisc_watchdog *wd, struct Qdisc *qdisc,
				 clockid_t clockid)
{
	__hrtimer_init(&wd->timer, clockid, HRTIMER_MODE_ABS_PINNED);
	wd->timer.function = qdisc_watchdog;
	wd->qdisc = qdisc;
	watchdog_register(wd);
}

void qdisc_watchdog_init(struct qdisc_watchdog *wd, struct Qdisc *qdisc)
{
	qdisc_watchdog_init_clockid(wd, qdisc, CLOCK_MONOTONIC);
}

void qdisc_watchdog_schedule_range_ns(struct qdisc_watchdog *wd, u64 expires,
				      u64 delta_ns)
{
	if (test_bit(__QDISC_STATE_DEACTIVATED,
		     &qdisc_root_sleeping(wd->qdisc)->state))
		return;

	if (hrtimer_is_queued(&wd->timer)) {
		/* already set in [expires, expires + delta_ns]: keep it */
		if (wd->last_expires - expires <= delta_ns)
			return;
	}

	wd->last_expires = expires;
	hrtimer_start_range_ns(&wd->timer, ns_to_ktime(expires), delta_ns,
			       HRTIMER_MODE_ABS_PINNED);
}

void qdisc_watchdog_cancel(struct qdisc_watchdog *wd)
{
	hrtimer_cancel(&wd->timer);
}

/* ---- rate tables --------------------------------------------------------- */

/* mult/shift so that len * mult >> shift is len / rate in ns */
static void ratecfg_mult_shift(u64 rate, u32 *mult, u8 *shift)
{
	u64 factor = NSEC_PER_SEC;

	*mult = 1;
	*shift = 0;
	if (!rate)
		return;
	for (;;) {
		*mult = div64_u64(factor, rate);
		if (*mult & (1U << 31) || factor & (1ULL << 63))
			break;
		factor <<= 1;
		(*shift)++;
	}
}

void psched_ratecfg_precompute(struct psched_ratecfg *r,
			       const struct tc_ratespec *conf,
			       u64 rate64)
{
	memset(r, 0, sizeof(*r));
	r->overhead = conf->overhead;
	r->mpu = conf->mpu;
	r->rate_bytes_ps = max_t(u64, conf->rate, rate64);
	r->linklayer = (conf->linklayer & TC_LINKLAYER_MASK);
	ratecfg_mult_shift(r->rate_bytes_ps, &r->mult, &r->shift);
}

void psched_ppscfg_precompute(struct psched_pktrate *r, u64 pktrate64)
{
	r->rate_pkts_ps = pktrate64;
	ratecfg_mult_shift(r->rate_pkts_ps, &r->mult, &r->shift);
}

/*
 * The length a size table gives a packet: its length plus overhead, looked
 * up by cell (beyond the table: whole tables' worth plus the remainder).
 */
void __qdisc_calculate_pkt_len(struct sk_buff *skb,
			       const struct qdisc_size_table *stab)
{
	int pkt_len, slot;

	pkt_len = skb->len + stab->szopts.overhead;
	if (unlikely(!stab->szopts.tsize))
		goto out;
	slot = pkt_len + stab->szopts.cell_align;
	if (unlikely(slot < 0))
		slot = 0;
	slot >>= stab->szopts.cell_log;
	if (likely(slot < stab->szopts.tsize))
		pkt_len = stab->data[slot];
	else
		pkt_len = stab->data[stab->szopts.tsize - 1] *
				(slot / stab->szopts.tsize) +
				stab->data[slot % stab->szopts.tsize];
	pkt_len <<= stab->szopts.size_log;
out:
	if (unlikely(pkt_len < 1))
		pkt_len = 1;
	qdisc_skb_cb(skb)->pkt_len = pkt_len;
}

void qdisc_put_stab(struct qdisc_size_table *tab)
{
	if (!tab)
		return;
	if (--tab->refcnt == 0) {
		list_del(&tab->list);
		kfree_rcu(tab, rcu);
	}
}
