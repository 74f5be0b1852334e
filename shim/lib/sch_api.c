// SPDX-License-Identifier: GPL-2.0
/*
 * sch_api.c - what the kernel keeps in net/sched/sch_api.c: the Qdisc_ops
 * registry, a device's qdisc hash and qdisc_lookup(), qdisc_tree_reduce_backlog,
 * the watchdog, the rate and size tables, and the qdisc and class requests
 * of rtnetlink (RTM_NEWQDISC, RTM_DELQDISC, RTM_GETQDISC and its dump with
 * tc_fill_qdisc()'s attributes, statistics and the kernel's extack messages;
 * tc_ctl_tclass() and tc_dump_tclass() reaching a qdisc's Qdisc_class_ops)
 * that rtnetlink.c's dispatch hands them, for a namespace's devices
 * (netns.h) and for the replay's own device (qdk_tc_dev_request()).
 *
 * Why one file past 800 lines: as the kernel's, the requests share the
 * graft, the lookups and the fill of one message with the registry; split,
 * each half would export its internals to the other.
 */
#include <linux/kernel.h>
#include <linux/version.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <net/netlink.h>
#include <net/gen_stats.h>
#include <net/pkt_sched.h>
#include <net/pkt_cls.h>
#include <net/sch_generic.h>

#include "shim.h"
#include "netns.h"

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

/* the device's root qdisc, then its hash of the others, then its ingress qdisc */
struct Qdisc *qdisc_lookup(struct net_device *dev, u32 handle)
{
	struct netdev_queue *nq;
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
	nq = dev_ingress_queue(dev);
	if (nq) {
		q = rtnl_dereference(nq->qdisc_sleeping);
		if (q && q->handle == handle)
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

/* ---- qdisc requests ------------------------------------------------------ */

static const struct nla_policy rtm_tca_policy[TCA_MAX + 1] = {
	[TCA_KIND]		= { .type = NLA_STRING },
	[TCA_RATE]		= { .type = NLA_BINARY,
				    .len = sizeof(struct tc_estimator) },
	[TCA_STAB]		= { .type = NLA_NESTED },
	[TCA_DUMP_INVISIBLE]	= { .type = NLA_FLAG },
	[TCA_CHAIN]		= { .type = NLA_U32 },
	[TCA_INGRESS_BLOCK]	= { .type = NLA_U32 },
	[TCA_EGRESS_BLOCK]	= { .type = NLA_U32 },
};

/* the message tc_fill_qdisc() and tc_fill_tclass() start with: its tcmsg */
static struct nlmsghdr *tc_msg_put(struct sk_buff *skb, const struct Qdisc *q,
				   u32 portid, u32 seq, u16 flags, int event,
				   u32 parent, u32 handle, u32 info)
{
	struct nlmsghdr *nlh;
	struct tcmsg *tcm;

	nlh = nlmsg_put(skb, portid, seq, event, sizeof(*tcm), flags);
	if (!nlh)
		return NULL;
	tcm = nlmsg_data(nlh);
	tcm->tcm_family = AF_UNSPEC;
	tcm->tcm__pad1 = 0;
	tcm->tcm__pad2 = 0;
	tcm->tcm_ifindex = qdisc_dev(q)->ifindex;
	tcm->tcm_parent = parent;
	tcm->tcm_handle = handle;
	tcm->tcm_info = info;
	return nlh;
}

static int tc_fill_qdisc(struct sk_buff *skb, struct Qdisc *q, u32 clid,
			 u32 portid, u32 seq, u16 flags, int event)
{
	unsigned char *b = skb_tail_pointer(skb);
	struct gnet_stats_basic_sync __percpu *cpu_bstats = NULL;
	struct gnet_stats_queue __percpu *cpu_qstats = NULL;
	struct nlmsghdr *nlh;
	struct gnet_dump d;
	u32 block_index;

	nlh = tc_msg_put(skb, q, portid, seq, flags, event, clid, q->handle,
			 refcount_read(&q->refcnt));
	if (!nlh)
		return -1;
	if (nla_put_string(skb, TCA_KIND, q->ops->id))
		goto nla_put_failure;
	if (q->ops->ingress_block_get) {
		block_index = q->ops->ingress_block_get(q);
		if (block_index &&
		    nla_put_u32(skb, TCA_INGRESS_BLOCK, block_index))
			goto nla_put_failure;
	}
	if (q->ops->egress_block_get) {
		block_index = q->ops->egress_block_get(q);
		if (block_index &&
		    nla_put_u32(skb, TCA_EGRESS_BLOCK, block_index))
			goto nla_put_failure;
	}
	if (q->ops->dump && qdk_ctx_op("dump", q->ops->id, q->ops->dump(q, skb)) < 0)
		goto nla_put_failure;
	if (nla_put_u8(skb, TCA_HW_OFFLOAD, !!(q->flags & TCQ_F_OFFLOADED)))
		goto nla_put_failure;
	if (gnet_stats_start_copy_compat(skb, TCA_STATS2, TCA_STATS, TCA_XSTATS,
					 NULL, &d, TCA_PAD) < 0)
		goto nla_put_failure;
	if (q->ops->dump_stats && q->ops->dump_stats(q, &d) < 0)
		goto nla_put_failure;
	if (qdisc_is_percpu_stats(q)) {
		cpu_bstats = q->cpu_bstats;
		cpu_qstats = q->cpu_qstats;
	}
	if (gnet_stats_copy_basic(&d, cpu_bstats, &q->bstats, true) < 0 ||
	    gnet_stats_copy_rate_est(&d, &q->rate_est) < 0 ||
	    gnet_stats_copy_queue(&d, cpu_qstats, &q->qstats,
				  qdisc_qlen_sum(q)) < 0)
		goto nla_put_failure;
	if (gnet_stats_finish_copy(&d) < 0)
		goto nla_put_failure;
	nlh->nlmsg_len = skb_tail_pointer(skb) - b;
	return skb->len;

nla_put_failure:
	nlmsg_trim(skb, b);
	return -1;
}

static bool tc_qdisc_dump_ignore(struct Qdisc *q, bool dump_invisible)
{
	if (q->flags & TCQ_F_BUILTIN)
		return true;
	if ((q->flags & TCQ_F_INVISIBLE) && !dump_invisible)
		return true;
	return false;
}

/*
 * qdisc_notify(): the messages go to RTNLGRP_TC listeners and, with
 * NLM_F_ECHO, back to the sender. Nobody listens to this namespace, so
 * only the echo is sent.
 */
static void qdisc_notify(struct nl_out *out, const struct nlmsghdr *n, u32 clid,
			 struct Qdisc *old, struct Qdisc *new)
{
	struct sk_buff *skb;

	if (!(n->nlmsg_flags & NLM_F_ECHO))
		return;
	skb = qdk_nl_reply_alloc();
	if (!skb)
		return;
	if (old && !tc_qdisc_dump_ignore(old, false) &&
	    tc_fill_qdisc(skb, old, clid, out->portid, n->nlmsg_seq, 0,
			  RTM_DELQDISC) < 0)
		goto err_out;
	if (new && !tc_qdisc_dump_ignore(new, false) &&
	    tc_fill_qdisc(skb, new, clid, out->portid, n->nlmsg_seq,
			  old ? NLM_F_REPLACE : 0, RTM_NEWQDISC) < 0)
		goto err_out;
	if (skb->len) {
		qdk_nl_send(out, skb);
		return;
	}
err_out:
	consume_skb(skb);
}

static void notify_and_destroy(struct nl_out *out, const struct nlmsghdr *n,
			       u32 clid, struct Qdisc *old, struct Qdisc *new)
{
	if (new || old)
		qdisc_notify(out, n, clid, old, new);
	if (old)
		qdisc_put(old);
}

static struct Qdisc *qdisc_leaf(struct Qdisc *p, u32 classid,
				struct netlink_ext_ack *extack)
{
	const struct Qdisc_class_ops *cops = p->ops->cl_ops;
	unsigned long cl;

	if (!cops) {
		NL_SET_ERR_MSG(extack, "Parent qdisc is not classful");
		return ERR_PTR(-EOPNOTSUPP);
	}
	cl = cops->find(p, classid);
	if (cl == 0) {
		NL_SET_ERR_MSG(extack, "Specified class not found");
		return ERR_PTR(-ENOENT);
	}
	return cops->leaf(p, cl);
}

static int check_loop(struct Qdisc *q, struct Qdisc *p, int depth);

struct check_loop_arg {
	struct qdisc_walker w;
	struct Qdisc *p;
	int depth;
};

static int check_loop_fn(struct Qdisc *q, unsigned long cl,
			 struct qdisc_walker *w)
{
	struct check_loop_arg *arg = (struct check_loop_arg *)w;
	struct Qdisc *leaf = q->ops->cl_ops->leaf(q, cl);

	if (leaf) {
		if (leaf == arg->p || arg->depth > 7)
			return -ELOOP;
		return check_loop(leaf, arg->p, arg->depth + 1);
	}
	return 0;
}

static int check_loop(struct Qdisc *q, struct Qdisc *p, int depth)
{
	struct check_loop_arg arg;

	if (q->ops->cl_ops == NULL)
		return 0;
	arg.w.stop = arg.w.skip = arg.w.count = 0;
	arg.w.fn = check_loop_fn;
	arg.depth = depth;
	arg.p = p;
	q->ops->cl_ops->walk(q, &arg.w);
	return arg.w.stop ? -ELOOP : 0;
}

/* qdisc_alloc_handle(): the next free automatic handle, 0 when none */
static u32 qdisc_alloc_handle(struct net_device *dev)
{
	static u32 autohandle = TC_H_MAKE(0x80000000U, 0);
	int i = 0x8000;

	do {
		autohandle += TC_H_MAKE(0x10000U, 0);
		if (autohandle == TC_H_MAKE(TC_H_ROOT, 0))
			autohandle = TC_H_MAKE(0x80000000U, 0);
		if (!qdisc_lookup(dev, autohandle))
			return autohandle;
	} while (--i > 0);
	return 0;
}

/* qdisc_block_indexes_set(): the shared blocks a qdisc asks for (ingress, clsact) */
static int qdisc_block_indexes_set(struct Qdisc *sch, struct nlattr **tca,
				   struct netlink_ext_ack *extack)
{
	u32 block_index;

	if (tca[TCA_INGRESS_BLOCK]) {
		block_index = nla_get_u32(tca[TCA_INGRESS_BLOCK]);
		if (!block_index) {
			NL_SET_ERR_MSG(extack, "Ingress block index cannot be 0");
			return -EINVAL;
		}
		if (!sch->ops->ingress_block_set) {
			NL_SET_ERR_MSG(extack, "Ingress block sharing is not supported");
			return -EOPNOTSUPP;
		}
		sch->ops->ingress_block_set(sch, block_index);
	}
	if (tca[TCA_EGRESS_BLOCK]) {
		block_index = nla_get_u32(tca[TCA_EGRESS_BLOCK]);
		if (!block_index) {
			NL_SET_ERR_MSG(extack, "Egress block index cannot be 0");
			return -EINVAL;
		}
		if (!sch->ops->egress_block_set) {
			NL_SET_ERR_MSG(extack, "Egress block sharing is not supported");
			return -EOPNOTSUPP;
		}
		sch->ops->egress_block_set(sch, block_index);
	}
	return 0;
}

static struct Qdisc *qdisc_create(struct net_device *dev,
				  struct netdev_queue *dev_queue, u32 parent,
				  u32 handle, struct nlattr **tca, int *errp,
				  struct netlink_ext_ack *extack)
{
	const struct Qdisc_ops *ops = NULL;
	char kind[IFNAMSIZ];
	struct Qdisc *sch;
	int err;

	if (tca[TCA_KIND] && nla_strscpy(kind, tca[TCA_KIND], IFNAMSIZ) >= 0)
		ops = qdk_lookup_ops(kind);
	err = -ENOENT;
	if (!ops) {
		NL_SET_ERR_MSG(extack, "Specified qdisc kind is unknown");
		goto err_out;
	}
	sch = qdisc_alloc(dev_queue, ops, extack);
	if (IS_ERR(sch)) {
		err = PTR_ERR(sch);
		goto err_out;
	}
	sch->parent = parent;
	if (handle == TC_H_INGRESS) {
		if (!(sch->flags & TCQ_F_INGRESS)) {
			NL_SET_ERR_MSG(extack,
				       "Specified parent ID is reserved for ingress and clsact Qdiscs");
			err = -EINVAL;
			goto err_free;
		}
		handle = TC_H_MAKE(TC_H_INGRESS, 0);
	} else {
		if (handle == 0) {
			handle = qdisc_alloc_handle(dev);
			if (handle == 0) {
				NL_SET_ERR_MSG(extack, "Maximum number of qdisc handles was exceeded");
				err = -ENOSPC;
				goto err_free;
			}
		}
		if (!netif_is_multiqueue(dev))
			sch->flags |= TCQ_F_ONETXQUEUE;
	}
	sch->handle = handle;
	if ((dev->priv_flags & IFF_NO_QUEUE) && dev->tx_queue_len == 0)
		dev->tx_queue_len = DEFAULT_TX_QUEUE_LEN;
	err = qdisc_block_indexes_set(sch, tca, extack);
	if (err)
		goto err_free;
	if (ops->init) {
		err = qdk_ctx_op("init", ops->id, ops->init(sch, tca[TCA_OPTIONS], extack));
		if (err != 0)
			goto err_destroy;
	}
	if (tca[TCA_STAB]) {
		NL_SET_ERR_MSG(extack, "qdk: size tables (stab) are not supported yet");
		err = -EOPNOTSUPP;
		goto err_destroy;
	}
	if (tca[TCA_RATE]) {
		err = -EOPNOTSUPP;
		if (sch->flags & TCQ_F_MQROOT) {
			NL_SET_ERR_MSG(extack, "Cannot attach rate estimator to a multi-queue root qdisc");
			goto err_destroy;
		}
		err = gen_new_estimator(&sch->bstats, sch->cpu_bstats,
					&sch->rate_est, NULL, true,
					tca[TCA_RATE]);
		if (err) {
			NL_SET_ERR_MSG(extack, "Failed to generate new estimator");
			goto err_destroy;
		}
	}
	qdisc_hash_add(sch, false);
	return sch;

err_destroy:
	/* ops->init() failed or ran: ->destroy() like qdisc_create_dflt() */
	if (ops->destroy)
		qdk_ctx_op_void("destroy", ops->id, ops->destroy(sch));
err_free:
	qdisc_free(sch);
err_out:
	*errp = err;
	return NULL;
}

/* qdisc_change(): ->change only with TCA_OPTIONS */
static int qdisc_change(struct Qdisc *sch, struct nlattr **tca,
			struct netlink_ext_ack *extack)
{
	int err;

	if (tca[TCA_OPTIONS]) {
		if (!sch->ops->change) {
			NL_SET_ERR_MSG(extack, "Change operation not supported by specified qdisc");
			return -EINVAL;
		}
		if (tca[TCA_INGRESS_BLOCK] || tca[TCA_EGRESS_BLOCK]) {
			NL_SET_ERR_MSG(extack, "Change of blocks is not supported");
			return -EOPNOTSUPP;
		}
		err = qdk_ctx_op("change", sch->ops->id, sch->ops->change(sch, tca[TCA_OPTIONS], extack));
		if (err)
			return err;
	}
	if (tca[TCA_STAB]) {
		NL_SET_ERR_MSG(extack, "qdk: size tables (stab) are not supported yet");
		return -EOPNOTSUPP;
	}
	/* errors of a replaced estimator are ignored: change cannot be undone */
	if (tca[TCA_RATE] && !(sch->flags & TCQ_F_MQROOT))
		gen_replace_estimator(&sch->bstats, sch->cpu_bstats,
				      &sch->rate_est, NULL, true, tca[TCA_RATE]);
	return 0;
}

/* qdisc_clear_nolock(): the qdisc goes back to the lock and shared stats */
static void qdisc_clear_nolock(struct Qdisc *sch)
{
	sch->flags &= ~TCQ_F_NOLOCK;
	if (!(sch->flags & TCQ_F_CPUSTATS))
		return;
	free_percpu(sch->cpu_bstats);
	free_percpu(sch->cpu_qstats);
	sch->cpu_bstats = NULL;
	sch->cpu_qstats = NULL;
	sch->flags &= ~TCQ_F_CPUSTATS;
}

static int qdisc_graft(struct net_device *dev, struct Qdisc *parent,
		       struct nl_out *out, const struct nlmsghdr *n,
		       u32 classid, struct Qdisc *new, struct Qdisc *old,
		       struct netlink_ext_ack *extack)
{
	const struct Qdisc_class_ops *cops;
	unsigned long cl;
	unsigned int i;
	int err;

	if (parent == NULL) {
		struct netdev_queue *dev_queue = NULL;
		bool ingress = false;

		if (new)
			new->depth = 0;
		if ((old && old->flags & TCQ_F_INGRESS) ||
		    (new && new->flags & TCQ_F_INGRESS)) {
			ingress = true;
			dev_queue = dev_ingress_queue(dev);
			if (!dev_queue) {
				NL_SET_ERR_MSG(extack, "Device does not have an ingress queue");
				return -ENOENT;
			}
			/* (a filter request in flight holds a reference: none here) */
			if (!qdisc_refcount_dec_if_one(rtnl_dereference(dev_queue->qdisc_sleeping))) {
				NL_SET_ERR_MSG(extack,
					       "Current ingress or clsact Qdisc has ongoing filter requests");
				return -EBUSY;
			}
		}
		if (dev->flags & IFF_UP)
			qdk_ns_dev_deactivate(dev);
		if (ingress) {
			/* the old one destroyed before the new one's miniq is seen */
			old = dev_graft_qdisc(dev_queue, NULL);
			qdisc_notify(out, n, classid, old, new);
			qdisc_destroy(old);
			dev_graft_qdisc(dev_queue, new);
		} else {
			if (!(new && new->ops->attach)) {
				for (i = 0; i < dev->num_tx_queues; i++) {
					old = dev_graft_qdisc(netdev_get_tx_queue(dev, i), new);
					if (new && i > 0)
						qdisc_refcount_inc(new);
					qdisc_put(old);
				}
			}
			old = dev->qdisc;
			if (new && !new->ops->attach)
				qdisc_refcount_inc(new);
			dev->qdisc = new ? : &noop_qdisc;
			notify_and_destroy(out, n, classid, old, new);
			if (new && new->ops->attach)
				new->ops->attach(new);
		}
		if (dev->flags & IFF_UP)
			qdk_ns_dev_activate(dev);
		return 0;
	}

	/* only a lockless parent runs its classes lockless */
	if (new && (new->flags & TCQ_F_NOLOCK) && !(parent->flags & TCQ_F_NOLOCK))
		qdisc_clear_nolock(new);
	cops = parent->ops->cl_ops;
	if (!cops || !cops->graft)
		return -EOPNOTSUPP;
	cl = cops->find(parent, classid);
	if (!cl) {
		NL_SET_ERR_MSG(extack, "Specified class not found");
		return -ENOENT;
	}
	if (new && new->ops == &noqueue_qdisc_ops) {
		NL_SET_ERR_MSG(extack, "Cannot assign noqueue to a class");
		return -EINVAL;
	}
	if (new && parent->depth >= 7) {
		NL_SET_ERR_MSG(extack, "Qdisc hierarchy is too deep");
		return -E2BIG;
	}
	err = cops->graft(parent, cl, new, &old, extack);
	if (err)
		return err;
	if (new)
		new->depth = parent->depth + 1;
	notify_and_destroy(out, n, classid, old, new);
	return 0;
}

/*
 * A request naming a kind (TCA_KIND) must name q's. 7.x says why in its
 * message; 6.12 and 6.1 say "Invalid qdisc name" alone.
 */
static bool kind_matches(struct nlattr **tca, const struct Qdisc *q,
			 struct netlink_ext_ack *extack)
{
	if (tca[TCA_KIND] && nla_strcmp(tca[TCA_KIND], q->ops->id)) {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0)
		NL_SET_ERR_MSG(extack, "Invalid qdisc name: must match existing qdisc");
#else
		NL_SET_ERR_MSG(extack, "Invalid qdisc name");
#endif
		return false;
	}
	return true;
}

/* a qdisc request's attributes and device: 0, or -errno */
static int tc_req_parse(struct qdk_net *net, const struct nlmsghdr *n,
			struct nlattr **tca, struct net_device **devp,
			struct netlink_ext_ack *extack)
{
	const struct tcmsg *tcm = nlmsg_data(n);
	int err;

	err = nlmsg_parse_deprecated(n, sizeof(*tcm), tca, TCA_MAX,
				     rtm_tca_policy, extack);
	if (err < 0)
		return err;
	*devp = qdk_ns_dev_by_index(net, tcm->tcm_ifindex);
	return *devp ? 0 : -ENODEV;
}

int tc_get_qdisc(struct qdk_net *net, const struct nlmsghdr *n,
		 struct nl_out *out, struct netlink_ext_ack *extack)
{
	const struct tcmsg *tcm = nlmsg_data(n);
	struct nlattr *tca[TCA_MAX + 1];
	struct Qdisc *q = NULL, *p = NULL;
	struct net_device *dev;
	u32 clid;
	int err;

	err = tc_req_parse(net, n, tca, &dev, extack);
	if (err)
		return err;

	clid = tcm->tcm_parent;
	if (clid) {
		if (clid != TC_H_ROOT) {
			if (TC_H_MAJ(clid) != TC_H_MAJ(TC_H_INGRESS)) {
				p = qdisc_lookup(dev, TC_H_MAJ(clid));
				if (!p) {
					NL_SET_ERR_MSG(extack, "Failed to find qdisc with specified classid");
					return -ENOENT;
				}
				q = qdisc_leaf(p, clid, extack);
			} else if (dev_ingress_queue(dev)) {
				q = rtnl_dereference(dev_ingress_queue(dev)->qdisc_sleeping);
			}
		} else {
			q = dev->qdisc;
		}
		if (!q) {
			NL_SET_ERR_MSG(extack, "Cannot find specified qdisc on specified device");
			return -ENOENT;
		}
		if (IS_ERR(q))
			return PTR_ERR(q);
		if (tcm->tcm_handle && q->handle != tcm->tcm_handle) {
			NL_SET_ERR_MSG(extack, "Invalid handle");
			return -EINVAL;
		}
	} else {
		q = qdisc_lookup(dev, tcm->tcm_handle);
		if (!q) {
			NL_SET_ERR_MSG(extack, "Failed to find qdisc with specified handle");
			return -ENOENT;
		}
	}
	if (!kind_matches(tca, q, extack))
		return -EINVAL;
	if (n->nlmsg_type == RTM_DELQDISC) {
		if (!clid) {
			NL_SET_ERR_MSG(extack, "Classid cannot be zero");
			return -EINVAL;
		}
		if (q->handle == 0) {
			NL_SET_ERR_MSG(extack, "Cannot delete qdisc with handle of zero");
			return -ENOENT;
		}
		return qdisc_graft(dev, p, out, n, clid, NULL, q, extack);
	}
	qdisc_notify(out, n, clid, NULL, q);
	return 0;
}

static bool req_create_or_replace(const struct nlmsghdr *n)
{
	return n->nlmsg_flags & NLM_F_CREATE && n->nlmsg_flags & NLM_F_REPLACE;
}

static bool req_create_exclusive(const struct nlmsghdr *n)
{
	return n->nlmsg_flags & NLM_F_CREATE && n->nlmsg_flags & NLM_F_EXCL;
}

static bool req_change(const struct nlmsghdr *n)
{
	return !(n->nlmsg_flags & NLM_F_CREATE) &&
	       !(n->nlmsg_flags & NLM_F_REPLACE) &&
	       !(n->nlmsg_flags & NLM_F_EXCL);
}

/* q is the device's root now, made by a request with these options */
static void root_made(struct qdk_ndev *nd, const struct Qdisc *q,
		      const struct nlattr *opt)
{
	kfree(nd->root_tca);
	nd->root_tca = NULL;
	nd->root_tca_len = 0;
	nd->root_made = q;
	nd->root_handle = q->handle;
	nd->root_ops = q->ops;
	nd->root_changed = false;
	if (!opt)
		return;
	nd->root_tca = kmemdup(opt, opt->nla_len, GFP_KERNEL);
	if (nd->root_tca)
		nd->root_tca_len = opt->nla_len;
	else
		nd->root_made = NULL;
}

int tc_modify_qdisc(struct qdk_net *net, const struct nlmsghdr *n,
		    struct nl_out *out, struct netlink_ext_ack *extack)
{
	const struct tcmsg *tcm = nlmsg_data(n);
	struct nlattr *tca[TCA_MAX + 1];
	struct netdev_queue *dev_queue;
	struct net_device *dev;
	struct Qdisc *q, *p;
	bool created = false;
	u32 clid;
	int err;

	err = tc_req_parse(net, n, tca, &dev, extack);
	if (err)
		return err;
	clid = tcm->tcm_parent;
	q = p = NULL;

	if (clid) {
		if (clid != TC_H_ROOT) {
			if (clid != TC_H_INGRESS) {
				p = qdisc_lookup(dev, TC_H_MAJ(clid));
				if (!p) {
					NL_SET_ERR_MSG(extack, "Failed to find specified qdisc");
					return -ENOENT;
				}
				q = qdisc_leaf(p, clid, extack);
				if (IS_ERR(q))
					return PTR_ERR(q);
			} else if (dev_ingress_queue_create(dev)) {
				q = rtnl_dereference(dev_ingress_queue(dev)->qdisc_sleeping);
			}
		} else {
			q = dev->qdisc;
		}
		/* it may be the default qdisc: ignore it */
		if (q && q->handle == 0)
			q = NULL;

		if (!q || !tcm->tcm_handle || q->handle != tcm->tcm_handle) {
			if (tcm->tcm_handle) {
				if (q && !(n->nlmsg_flags & NLM_F_REPLACE)) {
					NL_SET_ERR_MSG(extack, "NLM_F_REPLACE needed to override");
					return -EEXIST;
				}
				if (TC_H_MIN(tcm->tcm_handle)) {
					NL_SET_ERR_MSG(extack, "Invalid minor handle");
					return -EINVAL;
				}
				q = qdisc_lookup(dev, tcm->tcm_handle);
				if (!q)
					goto create_n_graft;
				if (q->parent != tcm->tcm_parent) {
					NL_SET_ERR_MSG(extack, "Cannot move an existing qdisc to a different parent");
					return -EINVAL;
				}
				if (n->nlmsg_flags & NLM_F_EXCL) {
					NL_SET_ERR_MSG(extack, "Exclusivity flag on, cannot override");
					return -EEXIST;
				}
				if (!kind_matches(tca, q, extack))
					return -EINVAL;
				if (q->flags & TCQ_F_INGRESS) {
					NL_SET_ERR_MSG(extack, "Cannot regraft ingress or clsact Qdiscs");
					return -EINVAL;
				}
				if (q == p || (p && check_loop(q, p, 0))) {
					NL_SET_ERR_MSG(extack, "Qdisc parent/child loop detected");
					return -ELOOP;
				}
				if (clid == TC_H_INGRESS) {
					NL_SET_ERR_MSG(extack, "Ingress cannot graft directly");
					return -EINVAL;
				}
				qdisc_refcount_inc(q);
				goto graft;
			} else {
				if (!q)
					goto create_n_graft;
				/*
				 * A qdisc of another kind is attached there:
				 * create and graft when the request says
				 * create (replace or exclusive) or nothing
				 * at all (tc's "change"), as the kernel does.
				 */
				if (tca[TCA_KIND] &&
				    nla_strcmp(tca[TCA_KIND], q->ops->id)) {
					if (req_create_or_replace(n) ||
					    req_create_exclusive(n))
						goto create_n_graft;
					else if (req_change(n))
						goto create_n_graft2;
				}
			}
		}
	} else {
		if (!tcm->tcm_handle) {
			NL_SET_ERR_MSG(extack, "Handle cannot be zero");
			return -EINVAL;
		}
		q = qdisc_lookup(dev, tcm->tcm_handle);
	}

	/* change qdisc parameters */
	if (!q) {
		NL_SET_ERR_MSG(extack, "Specified qdisc not found");
		return -ENOENT;
	}
	if (n->nlmsg_flags & NLM_F_EXCL) {
		NL_SET_ERR_MSG(extack, "Exclusivity flag on, cannot modify");
		return -EEXIST;
	}
	if (!kind_matches(tca, q, extack))
		return -EINVAL;
	err = qdisc_change(q, tca, extack);
	if (err == 0)
		qdisc_notify(out, n, clid, NULL, q);
	if (!err && !net->extdev && q == to_ndev(dev)->root_made)
		to_ndev(dev)->root_changed = true;
	return err;

create_n_graft:
	if (!(n->nlmsg_flags & NLM_F_CREATE)) {
		NL_SET_ERR_MSG(extack, "Qdisc not found. To create specify NLM_F_CREATE flag");
		return -ENOENT;
	}
create_n_graft2:
	if (clid == TC_H_INGRESS) {
		if (!dev_ingress_queue(dev)) {
			NL_SET_ERR_MSG(extack, "Cannot find ingress queue for specified device");
			return -ENOENT;
		}
		q = qdisc_create(dev, dev_ingress_queue(dev), tcm->tcm_parent,
				 tcm->tcm_parent, tca, &err, extack);
	} else {
		if (p && p->ops->cl_ops && p->ops->cl_ops->select_queue)
			dev_queue = p->ops->cl_ops->select_queue(p, (struct tcmsg *)tcm);
		else if (p)
			dev_queue = p->dev_queue;
		else
			dev_queue = netdev_get_tx_queue(dev, 0);
		q = qdisc_create(dev, dev_queue, tcm->tcm_parent, tcm->tcm_handle,
				 tca, &err, extack);
	}
	if (q == NULL)
		return err;
	created = true;

graft:
	err = qdisc_graft(dev, p, out, n, clid, q, NULL, extack);
	if (err) {
		if (q)
			qdisc_put(q);
		return err;
	}
	if (created && clid == TC_H_ROOT && !net->extdev)
		root_made(to_ndev(dev), q, tca[TCA_OPTIONS]);
	return 0;
}

long qdk_net_root_tca(struct qdk_net *net, const char *name, void *buf,
		      size_t len)
{
	struct qdk_ndev *nd;
	struct net_device *dev;
	long ret;

	rtnl_lock();
	dev = qdk_ns_dev_by_name(net, name);
	nd = dev ? to_ndev(dev) : NULL;
	if (!nd)
		ret = -ENODEV;
	else if (!nd->root_made || nd->root_made != dev->qdisc ||
		 dev->qdisc->handle != nd->root_handle || dev->qdisc->ops != nd->root_ops)
		ret = -ENOENT;
	else if (nd->root_changed)
		ret = -EBUSY;
	else if (nd->root_tca_len > len)
		ret = -ENOSPC;
	else
		ret = (long)nd->root_tca_len;
	if (ret > 0)
		memcpy(buf, nd->root_tca, nd->root_tca_len);
	rtnl_unlock();
	return ret;
}

/* tc_dump_qdisc_root(): the root, then (recur) the device's qdisc hash */
static int tc_dump_qdisc_root(struct Qdisc *root, struct sk_buff *skb,
			      struct nl_dump *cb, int *q_idx_p, int s_q_idx,
			      bool recur, bool dump_invisible)
{
	int q_idx = *q_idx_p, b, ret = 0;
	struct Qdisc *q;

	if (!root)
		return 0;
	q = root;
	if (q_idx < s_q_idx) {
		q_idx++;
	} else {
		if (!tc_qdisc_dump_ignore(q, dump_invisible) &&
		    tc_fill_qdisc(skb, q, q->parent, cb->portid,
				  cb->nlh->nlmsg_seq, NLM_F_MULTI,
				  RTM_NEWQDISC) <= 0)
			goto done;
		q_idx++;
	}
	/*
	 * noop (builtin) has no device and nothing under it; the hash was
	 * walked with the device's root when the ingress qdisc comes
	 */
	if (!qdisc_dev(root) || !recur)
		goto out;
	hash_for_each(qdisc_dev(root)->qdisc_hash, b, q, hash) {
		if (q_idx < s_q_idx) {
			q_idx++;
			continue;
		}
		if (!tc_qdisc_dump_ignore(q, dump_invisible) &&
		    tc_fill_qdisc(skb, q, q->parent, cb->portid,
				  cb->nlh->nlmsg_seq, NLM_F_MULTI,
				  RTM_NEWQDISC) <= 0)
			goto done;
		q_idx++;
	}
out:
	*q_idx_p = q_idx;
	return ret;
done:
	ret = -1;
	goto out;
}

/* tc_dump_qdisc(): args[0] device position, args[1] qdisc position */
int tc_dump_qdisc(struct qdk_net *net, struct sk_buff *skb,
		  struct nl_dump *cb)
{
	struct nlattr *tca[TCA_MAX + 1];
	int idx = 0, q_idx, s_idx, s_q_idx, err;
	struct netdev_queue *dev_queue;
	struct qdk_ndev *nd;

	s_idx = cb->args[0];
	s_q_idx = q_idx = cb->args[1];
	err = nlmsg_parse_deprecated(cb->nlh, sizeof(struct tcmsg), tca,
				     TCA_MAX, rtm_tca_policy, cb->extack);
	if (err < 0)
		return err;
	list_for_each_entry(nd, &net->devs, list) {
		if (idx < s_idx)
			goto cont;
		if (idx > s_idx)
			s_q_idx = 0;
		q_idx = 0;
		if (tc_dump_qdisc_root(nd->dev.qdisc, skb, cb, &q_idx, s_q_idx,
				       true, tca[TCA_DUMP_INVISIBLE]) < 0)
			goto done;
		dev_queue = dev_ingress_queue(&nd->dev);
		if (dev_queue &&
		    tc_dump_qdisc_root(rtnl_dereference(dev_queue->qdisc_sleeping),
				       skb, cb, &q_idx, s_q_idx, false,
				       tca[TCA_DUMP_INVISIBLE]) < 0)
			goto done;
cont:
		idx++;
	}
	cb->args[0] = idx;
	cb->args[1] = q_idx;
	return skb->len;
done:
	if (!skb->len)
		return -EMSGSIZE;	/* one message larger than a part */
	cb->args[0] = idx;
	cb->args[1] = q_idx;
	return skb->len;
}

/* ---- class requests (tc_ctl_tclass, tc_dump_tclass) --------------------- */

static int tc_fill_tclass(struct sk_buff *skb, struct Qdisc *q,
			  unsigned long cl, u32 portid, u32 seq, u16 flags,
			  int event, struct netlink_ext_ack *extack)
{
	const struct Qdisc_class_ops *cl_ops = q->ops->cl_ops;
	unsigned char *b = skb_tail_pointer(skb);
	struct nlmsghdr *nlh;
	struct gnet_dump d;
	struct tcmsg *tcm;

	/* the class's dump sets its own parent, handle and leaf */
	nlh = tc_msg_put(skb, q, portid, seq, flags, event, q->handle, q->handle, 0);
	if (!nlh)
		return -1;
	tcm = nlmsg_data(nlh);
	if (nla_put_string(skb, TCA_KIND, q->ops->id))
		goto nla_put_failure;
	if (cl_ops->dump && cl_ops->dump(q, cl, skb, tcm) < 0)
		goto nla_put_failure;
	if (gnet_stats_start_copy_compat(skb, TCA_STATS2, TCA_STATS, TCA_XSTATS,
					 NULL, &d, TCA_PAD) < 0)
		goto nla_put_failure;
	if (cl_ops->dump_stats && cl_ops->dump_stats(q, cl, &d) < 0)
		goto nla_put_failure;
	if (gnet_stats_finish_copy(&d) < 0)
		goto nla_put_failure;
	if (extack && extack->_msg &&
	    nla_put_string(skb, TCA_EXT_WARN_MSG, extack->_msg))
		goto nla_put_failure;
	nlh->nlmsg_len = skb_tail_pointer(skb) - b;
	return skb->len;

nla_put_failure:
	nlmsg_trim(skb, b);
	return -1;
}

/* tclass_notify(): as qdisc_notify(), only the echo has a listener */
static int tclass_notify(struct nl_out *out, const struct nlmsghdr *n,
			 struct Qdisc *q, unsigned long cl, int event,
			 struct netlink_ext_ack *extack)
{
	struct sk_buff *skb;

	skb = qdk_nl_reply_alloc();
	if (!skb)
		return -ENOBUFS;
	if (tc_fill_tclass(skb, q, cl, out->portid, n->nlmsg_seq, 0, event,
			   extack) < 0) {
		consume_skb(skb);
		return -EINVAL;
	}
	if (n->nlmsg_flags & NLM_F_ECHO)
		qdk_nl_send(out, skb);
	else
		consume_skb(skb);
	return 0;
}

/* tclass_del_notify(): the message is filled before the class goes */
static int tclass_del_notify(struct nl_out *out,
			     const struct Qdisc_class_ops *cops,
			     const struct nlmsghdr *n, struct Qdisc *q,
			     unsigned long cl, struct netlink_ext_ack *extack)
{
	struct sk_buff *skb;
	int err;

	if (!cops->delete)
		return -EOPNOTSUPP;
	skb = qdk_nl_reply_alloc();
	if (!skb)
		return -ENOBUFS;
	if (tc_fill_tclass(skb, q, cl, out->portid, n->nlmsg_seq, 0,
			   RTM_DELTCLASS, extack) < 0) {
		consume_skb(skb);
		return -EINVAL;
	}
	err = cops->delete(q, cl, extack);
	if (err) {
		consume_skb(skb);
		return err;
	}
	if (n->nlmsg_flags & NLM_F_ECHO)
		qdk_nl_send(out, skb);
	else
		consume_skb(skb);
	return 0;
}

/*
 * tc_bind_tclass() rebinds the filters of the qdisc's blocks to a new or
 * deleted class; the blocks here hold no filter that binds classes (the
 * replay's recorded results name classids), so there is nothing to walk.
 */

int tc_ctl_tclass(struct qdk_net *net, const struct nlmsghdr *n,
		  struct nl_out *out, struct netlink_ext_ack *extack)
{
	const struct tcmsg *tcm = nlmsg_data(n);
	struct nlattr *tca[TCA_MAX + 1];
	const struct Qdisc_class_ops *cops;
	unsigned long cl = 0, new_cl;
	struct net_device *dev;
	struct Qdisc *q;
	u32 portid, clid, qid;
	int err;

	err = tc_req_parse(net, n, tca, &dev, extack);
	if (err)
		return err;

	/*
	 * parent: TC_H_UNSPEC unspecified, TC_H_ROOT the class is a root,
	 * X:0 the root class, X:Y a node, 0:Y X:Y of the qdisc X:0;
	 * handle: 0:0 from the qdisc's pool, 0:Y X:Y, X:Y as is, X:0 root.
	 */
	portid = tcm->tcm_parent;
	clid = tcm->tcm_handle;
	qid = TC_H_MAJ(clid);
	if (portid != TC_H_ROOT) {
		u32 qid1 = TC_H_MAJ(portid);

		if (qid && qid1) {
			if (qid != qid1)
				return -EINVAL;
		} else if (qid1) {
			qid = qid1;
		} else if (qid == 0) {
			qid = dev->qdisc->handle;
		}
		if (portid)
			portid = TC_H_MAKE(qid, portid);
	} else if (qid == 0) {
		qid = dev->qdisc->handle;
	}

	q = qdisc_lookup(dev, qid);
	if (!q)
		return -ENOENT;
	cops = q->ops->cl_ops;
	if (!cops)
		return -EINVAL;

	if (clid == 0) {
		if (portid == TC_H_ROOT)
			clid = qid;
	} else {
		clid = TC_H_MAKE(qid, clid);
	}
	if (clid)
		cl = cops->find(q, clid);

	if (cl == 0) {
		if (n->nlmsg_type != RTM_NEWTCLASS ||
		    !(n->nlmsg_flags & NLM_F_CREATE))
			return -ENOENT;
	} else {
		switch (n->nlmsg_type) {
		case RTM_NEWTCLASS:
			if (n->nlmsg_flags & NLM_F_EXCL)
				return -EEXIST;
			break;
		case RTM_DELTCLASS:
			return tclass_del_notify(out, cops, n, q, cl, extack);
		case RTM_GETTCLASS:
			return tclass_notify(out, n, q, cl, RTM_NEWTCLASS, extack);
		default:
			return -EINVAL;
		}
	}

	if (tca[TCA_INGRESS_BLOCK] || tca[TCA_EGRESS_BLOCK]) {
		NL_SET_ERR_MSG(extack, "Shared blocks are not supported for classes");
		return -EOPNOTSUPP;
	}
	if (clid == TC_H_ROOT) {
		NL_SET_ERR_MSG(extack, "Cannot create traffic class with classid TC_H_ROOT");
		return -EINVAL;
	}
	new_cl = cl;
	err = -EOPNOTSUPP;
	if (cops->change)
		err = cops->change(q, clid, portid, tca, &new_cl, extack);
	if (err == 0)
		tclass_notify(out, n, q, new_cl, RTM_NEWTCLASS, extack);
	return err;
}

struct qdisc_dump_args {
	struct qdisc_walker w;
	struct sk_buff *skb;
	struct nl_dump *cb;
};

static int qdisc_class_dump(struct Qdisc *q, unsigned long cl,
			    struct qdisc_walker *arg)
{
	struct qdisc_dump_args *a = (struct qdisc_dump_args *)arg;

	return tc_fill_tclass(a->skb, q, cl, a->cb->portid,
			      a->cb->nlh->nlmsg_seq, NLM_F_MULTI,
			      RTM_NEWTCLASS, NULL);
}

/* one qdisc's classes; args[1] counts the classes of the qdisc at args[0] */
static int tc_dump_tclass_qdisc(struct Qdisc *q, struct sk_buff *skb,
				const struct tcmsg *tcm, struct nl_dump *cb,
				int *t_p, int s_t)
{
	struct qdisc_dump_args arg;

	if (tc_qdisc_dump_ignore(q, false) || *t_p < s_t || !q->ops->cl_ops ||
	    (tcm->tcm_parent && TC_H_MAJ(tcm->tcm_parent) != q->handle)) {
		(*t_p)++;
		return 0;
	}
	if (*t_p > s_t)
		cb->args[1] = 0;
	arg.w.fn = qdisc_class_dump;
	arg.skb = skb;
	arg.cb = cb;
	arg.w.stop = 0;
	arg.w.skip = cb->args[1];
	arg.w.count = 0;
	q->ops->cl_ops->walk(q, &arg.w);
	cb->args[1] = arg.w.count;
	if (arg.w.stop)
		return -1;
	(*t_p)++;
	return 0;
}

/* the root, then the qdisc the parent names or every qdisc of the device */
static int tc_dump_tclass_root(struct Qdisc *root, struct sk_buff *skb,
			       const struct tcmsg *tcm, struct nl_dump *cb,
			       int *t_p, int s_t, bool recur)
{
	struct Qdisc *q;
	int b;

	if (!root)
		return 0;
	if (tc_dump_tclass_qdisc(root, skb, tcm, cb, t_p, s_t) < 0)
		return -1;
	if (!qdisc_dev(root) || !recur)
		return 0;
	if (tcm->tcm_parent) {
		/* qdisc_match_from_root(): the root or one of its hash */
		q = qdisc_lookup(qdisc_dev(root), TC_H_MAJ(tcm->tcm_parent));
		if (q && q != root &&
		    tc_dump_tclass_qdisc(q, skb, tcm, cb, t_p, s_t) < 0)
			return -1;
		return 0;
	}
	hash_for_each(qdisc_dev(root)->qdisc_hash, b, q, hash) {
		if (tc_dump_tclass_qdisc(q, skb, tcm, cb, t_p, s_t) < 0)
			return -1;
	}
	return 0;
}

/* tc_dump_tclass(): one device's classes; args[0] qdisc position */
int tc_dump_tclass(struct qdk_net *net, struct sk_buff *skb,
		   struct nl_dump *cb)
{
	const struct tcmsg *tcm = nlmsg_data(cb->nlh);
	struct netdev_queue *dev_queue;
	struct net_device *dev;
	int t = 0, s_t;

	if (nlmsg_len(cb->nlh) < sizeof(*tcm))
		return 0;
	dev = qdk_ns_dev_by_index(net, tcm->tcm_ifindex);
	if (!dev)
		return 0;
	s_t = cb->args[0];
	if (tc_dump_tclass_root(dev->qdisc, skb, tcm, cb, &t, s_t, true) < 0)
		goto done;
	dev_queue = dev_ingress_queue(dev);
	if (dev_queue)
		tc_dump_tclass_root(rtnl_dereference(dev_queue->qdisc_sleeping),
				    skb, tcm, cb, &t, s_t, false);
done:
	cb->args[0] = t;
	return skb->len;
}

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

void qdk_watchdogs_forget(const struct Qdisc *sch)
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
	/* the recorder leaves it out: it changes no decision, only kicks */
	wd->timer.__qdk_clocked = 1;
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
