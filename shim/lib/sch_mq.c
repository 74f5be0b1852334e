// SPDX-License-Identifier: GPL-2.0
/*
 * sch_mq.c - 7.x's shared multiqueue helpers (net/sch_priv.h) without a
 * multiqueue root: mq_init_common() refuses (-EOPNOTSUPP) as the kernel's
 * does below the root or on a device with one TX queue, and on every other
 * device too (shim/README.md, "Where it differs"), so the other helpers
 * only ever see an mq root that never attached.
 */
#include <linux/kernel.h>
#include <linux/version.h>
#include <linux/errno.h>
#include <linux/netdevice.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#include <net/sch_priv.h>

int mq_init_common(struct Qdisc *sch, struct nlattr *opt,
		   struct netlink_ext_ack *extack,
		   const struct Qdisc_ops *qdisc_ops)
{
	struct mq_sched *priv = qdisc_priv(sch);

	priv->qdiscs = NULL;
	if (sch->parent != TC_H_ROOT)
		return -EOPNOTSUPP;
	/* the kernel's attaches a child per TX queue here; the shim cannot */
	return -EOPNOTSUPP;
}

void mq_destroy_common(struct Qdisc *sch)
{
	struct mq_sched *priv = qdisc_priv(sch);

	kfree(priv->qdiscs);
	priv->qdiscs = NULL;
}

void mq_attach(struct Qdisc *sch)
{
}

void mq_dump_common(struct Qdisc *sch, struct sk_buff *skb)
{
}

struct netdev_queue *mq_select_queue(struct Qdisc *sch, struct tcmsg *tcm)
{
	return NULL;
}

struct Qdisc *mq_leaf(struct Qdisc *sch, unsigned long cl)
{
	return NULL;
}

unsigned long mq_find(struct Qdisc *sch, u32 classid)
{
	return 0;
}

int mq_dump_class(struct Qdisc *sch, unsigned long cl,
		  struct sk_buff *skb, struct tcmsg *tcm)
{
	return -EINVAL;
}

int mq_dump_class_stats(struct Qdisc *sch, unsigned long cl,
			struct gnet_dump *d)
{
	return -EINVAL;
}

void mq_walk(struct Qdisc *sch, struct qdisc_walker *arg)
{
}

void mq_change_real_num_tx(struct Qdisc *sch, unsigned int new_real_tx)
{
}
#endif
