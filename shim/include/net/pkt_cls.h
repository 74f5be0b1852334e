/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Classifier and offload declarations. The shim's devices have no
 * NETIF_F_HW_TC, so offload paths are compiled but never run.
 */
#ifndef __NET_PKT_CLS_H
#define __NET_PKT_CLS_H

#include <linux/pkt_cls.h>
#include <linux/workqueue.h>
#include <net/sch_generic.h>

/*
 * Filter blocks. The shim has no `tc filter`: a block is always empty, so
 * a qdisc's filter_list stays NULL and it falls back to its own
 * classification (hash, priority), as it does in the kernel without
 * filters. tcf_classify() on an empty chain returns TC_ACT_UNSPEC.
 */
struct tcf_block {
	struct Qdisc *q;
};

struct tcf_walker {
	int	stop;
	int	skip;
	int	count;
	bool	nonempty;
	unsigned long cookie;
	int	(*fn)(struct tcf_proto *, void *node, struct tcf_walker *);
};

int tcf_block_get(struct tcf_block **p_block,
		  struct tcf_proto __rcu **p_filter_chain, struct Qdisc *q,
		  struct netlink_ext_ack *extack);
void tcf_block_put(struct tcf_block *block);

static inline struct Qdisc *tcf_block_q(struct tcf_block *block)
{
	return block->q;
}

int tcf_classify(struct sk_buff *skb,
		 const struct tcf_block *block,
		 const struct tcf_proto *tp, struct tcf_result *res,
		 bool compat_mode);

static inline int tcf_classify_qdisc(struct sk_buff *skb,
				     const struct tcf_proto *tp,
				     struct tcf_result *res, bool compat_mode)
{
	int ret = tcf_classify(skb, NULL, tp, res, compat_mode);

	/* a qdisc filter chain cannot redirect: the packet is shot */
	if (unlikely(ret == TC_ACT_REDIRECT))
		ret = TC_ACT_SHOT;
	return ret;
}

static inline bool tc_can_offload(const struct net_device *dev)
{
	return dev->features & NETIF_F_HW_TC;
}

static inline bool tc_can_offload_extack(const struct net_device *dev,
					 struct netlink_ext_ack *extack)
{
	bool can = tc_can_offload(dev);

	if (!can)
		NL_SET_ERR_MSG(extack, "TC offload is disabled on net device");
	return can;
}

struct tc_qopt_offload_stats {
	struct gnet_stats_basic_sync *bstats;
	struct gnet_stats_queue *qstats;
};

enum tc_fifo_command {
	TC_FIFO_REPLACE,
	TC_FIFO_DESTROY,
	TC_FIFO_STATS,
};

struct tc_fifo_qopt_offload {
	enum tc_fifo_command command;
	u32 handle;
	u32 parent;
	union {
		struct tc_qopt_offload_stats stats;
	};
};

#endif
