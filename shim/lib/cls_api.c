// SPDX-License-Identifier: GPL-2.0
/*
 * cls_api.c - filter blocks (see net/pkt_cls.h): empty, enough for qdiscs
 * that offer `tc filter` attachment to run with none attached; or holding
 * the replay's filter, which answers each tcf_classify() with the result
 * the kernel's filters gave during the recorded call (a trace's C lines):
 * the action and res->classid, res->class left 0 so that the qdisc finds
 * the class by its id, as htb, drr and prio do for a filter without a
 * bound class.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/netdevice.h>
#include <net/pkt_cls.h>
#include <net/netlink.h>

#include "shim.h"
#include "../api/qdk_api.h"

/* the replay's filter: its address is all a qdisc sees of it */
struct tcf_proto {
	int replay;
};

static const struct tcf_proto replay_proto = { .replay = 1 };

/* results queued for the next call (QDK_CLASSIFY_MAX at most) */
#define QDK_CLASSIFY_MAX 256

static struct {
	int action;
	u32 classid;
	u32 tag;
} cq[QDK_CLASSIFY_MAX];
static unsigned int cq_len, cq_next;
static u32 cq_call;		/* the call being replayed, 0: none */
static u32 cq_over;		/* a call that classified beyond its results */
static unsigned int cq_asked;	/* tcf_classify() calls during the call */

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
	block->chain_head = p_filter_chain;
	*p_filter_chain = NULL;
	*p_block = block;
	return 0;
}

void tcf_block_put(struct tcf_block *block)
{
	kfree(block);
}

/*
 * An empty chain (tp NULL): no filter matched. The replay's filter: the
 * next recorded result of the call; one beyond them is noted for
 * qdk_classify_status() and answered as no match.
 */
int tcf_classify(struct sk_buff *skb, const struct tcf_block *block,
		 const struct tcf_proto *tp, struct tcf_result *res,
		 bool compat_mode)
{
	if (!tp)
		return TC_ACT_UNSPEC;
	cq_asked++;
	if (!cq_call)
		return TC_ACT_UNSPEC;
	if (cq_next >= cq_len) {
		if (!cq_over)
			cq_over = cq_call;
		return TC_ACT_UNSPEC;
	}
	res->class = 0;
	res->classid = cq[cq_next].classid;
	return cq[cq_next++].action;
}

/*
 * tcf_block_find(): the block of qdisc X:0 or of its class X:Y, as `tc
 * filter add ... parent` names it; the replay's filter becomes its chain.
 */
int qdk_tcf_replay_attach(struct net_device *dev, u32 parent,
			  struct netlink_ext_ack *extack)
{
	const struct Qdisc_class_ops *cops;
	struct tcf_block *block;
	unsigned long cl = 0;
	struct Qdisc *q;

	q = qdisc_lookup(dev, TC_H_MAJ(parent));
	if (!q) {
		NL_SET_ERR_MSG(extack, "Parent Qdisc doesn't exists");
		return -EINVAL;
	}
	cops = q->ops->cl_ops;
	if (!cops) {
		NL_SET_ERR_MSG(extack, "Qdisc not classful");
		return -EINVAL;
	}
	if (!cops->tcf_block) {
		NL_SET_ERR_MSG(extack, "Class doesn't support blocks");
		return -EOPNOTSUPP;
	}
	if (TC_H_MIN(parent)) {
		cl = cops->find(q, parent);
		if (cl == 0) {
			NL_SET_ERR_MSG(extack, "Specified class doesn't exist");
			return -ENOENT;
		}
	}
	block = cops->tcf_block(q, cl, extack);
	if (!block)
		return -EINVAL;
	rcu_assign_pointer(*block->chain_head, (struct tcf_proto *)&replay_proto);
	return 0;
}

int qdk_classify_queue(int action, uint32_t classid, uint32_t tag)
{
	if (cq_len >= QDK_CLASSIFY_MAX)
		return -ENOSPC;
	cq[cq_len].action = action;
	cq[cq_len].classid = classid;
	cq[cq_len].tag = tag;
	cq_len++;
	return 0;
}

void qdk_classify_exact(uint32_t tag)
{
	if (!tag) {
		cq_len = cq_next = 0;
		cq_over = 0;
	}
	cq_asked = 0;
	cq_call = tag;
}

unsigned int qdk_classify_asked(void)
{
	return cq_asked;
}

size_t qdk_classify_status(uint32_t *tag, char *msg, size_t msglen)
{
	if (cq_next < cq_len) {
		*tag = cq[cq_next].tag;
		snprintf(msg, msglen, "the recorded classification (%s%d, classid %x:%x) was never asked for: the qdisc made %u tcf_classify() call%s",
			 "action ", cq[cq_next].action, TC_H_MAJ(cq[cq_next].classid) >> 16,
			 TC_H_MIN(cq[cq_next].classid), cq_asked, cq_asked == 1 ? "" : "s");
		return cq_len - cq_next;
	}
	if (cq_over) {
		*tag = cq_over;
		snprintf(msg, msglen, "the qdisc asked its filters for a classification the trace does not have (%u tcf_classify() calls, %u recorded)",
			 cq_asked, cq_len);
		return 1;
	}
	return 0;
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
