// SPDX-License-Identifier: GPL-2.0
/*
 * cls_api.c - filter blocks without filters (see net/pkt_cls.h): enough for
 * qdiscs that offer `tc filter` attachment to run with none attached.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <net/pkt_cls.h>
#include <net/netlink.h>

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

static int qevent_block_index(struct nlattr *attr, u32 *index,
			      struct netlink_ext_ack *extack)
{
	*index = nla_get_u32(attr);
	if (!*index) {
		NL_SET_ERR_MSG(extack, "Block number may not be zero");
		return -EINVAL;
	}
	return 0;
}

int tcf_qevent_init(struct tcf_qevent *qe, struct Qdisc *sch,
		    enum flow_block_binder_type binder_type,
		    struct nlattr *block_index_attr,
		    struct netlink_ext_ack *extack)
{
	u32 index;
	int err;

	if (!block_index_attr)
		return 0;
	err = qevent_block_index(block_index_attr, &index, extack);
	if (err)
		return err;
	qe->info.binder_type = binder_type;
	qe->info.chain_head_change_priv = &qe->filter_chain;
	qe->info.block_index = index;
	return tcf_block_get(&qe->block, &qe->filter_chain, sch, extack);
}

void tcf_qevent_destroy(struct tcf_qevent *qe, struct Qdisc *sch)
{
	if (qe->info.block_index)
		tcf_block_put(qe->block);
}

int tcf_qevent_validate_change(struct tcf_qevent *qe, struct nlattr *block_index_attr,
			       struct netlink_ext_ack *extack)
{
	u32 index;
	int err;

	if (!block_index_attr)
		return 0;
	err = qevent_block_index(block_index_attr, &index, extack);
	if (err)
		return err;
	if (index != qe->info.block_index) {
		NL_SET_ERR_MSG(extack, "Change of blocks is not supported");
		return -EINVAL;
	}
	return 0;
}

/* no filters in the block: the packet goes on unchanged */
struct sk_buff *tcf_qevent_handle(struct tcf_qevent *qe, struct Qdisc *sch,
				  struct sk_buff *skb, struct sk_buff **to_free,
				  int *ret)
{
	return skb;
}

int tcf_qevent_dump(struct sk_buff *skb, int attr_name, struct tcf_qevent *qe)
{
	if (!qe->info.block_index)
		return 0;
	return nla_put_u32(skb, attr_name, qe->info.block_index);
}
