// SPDX-License-Identifier: GPL-2.0
/*
 * cls_api.c - filter blocks without filters (see net/pkt_cls.h): enough for
 * qdiscs that offer `tc filter` attachment to run with none attached.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <net/pkt_cls.h>

int tcf_block_get(struct tcf_block **p_block,
		  struct tcf_proto __rcu **p_filter_chain, struct Qdisc *q,
		  struct netlink_ext_ack *extack)
{
	struct tcf_block *block = kzalloc(sizeof(*block), GFP_KERNEL);

	if (!block) {
		NL_SET_ERR_MSG(extack, "Memory allocation for block failed");
		return -ENOMEM;
	}
	block->q = q;
	*p_filter_chain = NULL;
	*p_block = block;
	return 0;
}

void tcf_block_put(struct tcf_block *block)
{
	kfree(block);
}

int tcf_classify(struct sk_buff *skb, const struct tcf_block *block,
		 const struct tcf_proto *tp, struct tcf_result *res,
		 bool compat_mode)
{
	return TC_ACT_UNSPEC;
}
