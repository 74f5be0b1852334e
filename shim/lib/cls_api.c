// SPDX-License-Identifier: GPL-2.0
/*
 * cls_api.c - filter blocks (see net/pkt_cls.h): empty, enough for qdiscs
 * that offer `tc filter` attachment to run with none attached; or holding
 * the replay's filter, which answers each tcf_classify() with the result
 * the kernel's filters gave during the recorded call (a trace's C lines):
 * the action and res->classid, res->class left 0 so that the qdisc finds
 * the class by its id, as htb, drr and prio do for a filter without a
 * bound class; or holding a kit classifier (struct tcf_proto_ops, e.g.
 * cls_mered), whose own classify() answers, each answer checked against
 * the call's next C line when the trace has them.
 */
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/netdevice.h>
#include <net/pkt_cls.h>
#include <net/netlink.h>

#include "shim.h"
#include "../api/qdk_api.h"

/* the replay's filter: its address is all a qdisc sees of it */
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
static u32 cq_bad;		/* a C line a kit classifier answered otherwise */
static char cq_bad_msg[200];

/* the registered classifiers (register_tcf_proto_ops) */
static LIST_HEAD(cls_ops);

int register_tcf_proto_ops(struct tcf_proto_ops *ops)
{
	struct tcf_proto_ops *o;

	list_for_each_entry(o, &cls_ops, head)
		if (!strcmp(o->kind, ops->kind))
			return -EEXIST;
	list_add_tail(&ops->head, &cls_ops);
	return 0;
}

void unregister_tcf_proto_ops(struct tcf_proto_ops *ops)
{
	list_del(&ops->head);
}

static struct tcf_proto_ops *cls_ops_find(const char *kind)
{
	struct tcf_proto_ops *o;

	list_for_each_entry(o, &cls_ops, head)
		if (!strcmp(o->kind, kind))
			return o;
	return NULL;
}

/* A kit classifier's chain goes with its block. */
static void cls_chain_destroy(struct tcf_proto *tp)
{
	while (tp && !tp->replay) {
		struct tcf_proto *next = rtnl_dereference(tp->next);

		tp->ops->destroy(tp, true, NULL);
		kfree(tp);
		tp = next;
	}
}

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
	block->net = dev_net(qdisc_dev(q));
	block->chain_head = p_filter_chain;
	block->chain0.block = block;
	block->chain0.refcnt = 1;
	INIT_LIST_HEAD(&block->chain0.list);
	INIT_LIST_HEAD(&block->filter_chain_list);
	INIT_LIST_HEAD(&block->shared);
	refcount_set(&block->refcnt, 1);
	*p_filter_chain = NULL;
	*p_block = block;
	return 0;
}

void tcf_block_put(struct tcf_block *block)
{
	if (block)
		cls_chain_destroy(rtnl_dereference(*block->chain_head));
	kfree(block);
}

/*
 * tcf_block_get_ext(): the blocks of ingress, clsact and qevents. The block
 * keeps its own chain (chain0's filter_chain); each owner hears of a new
 * head through its chain_head_change (ingress and clsact: their mini Qdisc
 * pair; the default: the owner's own pointer). A non-zero block_index asks
 * for a shared block: the namespace's block of that index, made by its
 * first owner and freed with its last.
 */
struct tcf_filter_chain_list_item {
	struct list_head list;
	tcf_chain_head_change_t *chain_head_change;
	void *chain_head_change_priv;
};

static LIST_HEAD(shared_blocks);

static struct tcf_block *tcf_block_lookup_shared(struct net *net, u32 index)
{
	struct tcf_block *block;

	list_for_each_entry(block, &shared_blocks, shared)
		if (block->net == net && block->index == index)
			return block;
	return NULL;
}

static struct tcf_block *tcf_block_create(struct net *net, struct Qdisc *q,
					  u32 block_index,
					  struct netlink_ext_ack *extack)
{
	struct tcf_block *block = kzalloc(sizeof(*block), GFP_KERNEL);

	if (!block) {
		NL_SET_ERR_MSG(extack, "Memory allocation for block failed");
		return ERR_PTR(-ENOMEM);
	}
	block->q = q;
	block->net = net;
	block->index = block_index;
	block->chain_head = &block->chain0.filter_chain;
	block->chain0.block = block;
	block->chain0.refcnt = 1;
	INIT_LIST_HEAD(&block->chain0.list);
	INIT_LIST_HEAD(&block->filter_chain_list);
	INIT_LIST_HEAD(&block->shared);
	refcount_set(&block->refcnt, 1);
	if (block_index)
		list_add_tail(&block->shared, &shared_blocks);
	return block;
}

/* tcf_chain_head_change_dflt(): the owner's pointer is the head */
static void tcf_chain_head_change_dflt(struct tcf_proto *tp_head, void *priv)
{
	struct tcf_proto __rcu **p_filter_chain = priv;

	rcu_assign_pointer(*p_filter_chain, tp_head);
}

/* a new head of the block's chain, told to every tcf_block_get_ext() owner */
static void cls_chain_head_set(struct tcf_block *block, struct tcf_proto *tp)
{
	struct tcf_filter_chain_list_item *item;

	rcu_assign_pointer(*block->chain_head, tp);
	list_for_each_entry(item, &block->filter_chain_list, list)
		item->chain_head_change(tp, item->chain_head_change_priv);
}

int tcf_block_get_ext(struct tcf_block **p_block, struct Qdisc *q,
		      struct tcf_block_ext_info *ei,
		      struct netlink_ext_ack *extack)
{
	struct net *net = dev_net(qdisc_dev(q));
	struct tcf_filter_chain_list_item *item;
	struct tcf_block *block = NULL;
	struct tcf_proto *tp_head;

	if (ei->block_index) {
		block = tcf_block_lookup_shared(net, ei->block_index);
		if (block)
			refcount_inc(&block->refcnt);
	}
	if (!block) {
		block = tcf_block_create(net, q, ei->block_index, extack);
		if (IS_ERR(block))
			return PTR_ERR(block);
	}
	/* tcf_chain0_head_change_cb_add(): the head so far, if any */
	item = kmalloc(sizeof(*item), GFP_KERNEL);
	if (!item) {
		NL_SET_ERR_MSG(extack, "Memory allocation for head change callback item failed");
		tcf_block_put_ext(block, q, NULL);
		return -ENOMEM;
	}
	item->chain_head_change = ei->chain_head_change;
	item->chain_head_change_priv = ei->chain_head_change_priv;
	list_add(&item->list, &block->filter_chain_list);
	tp_head = rtnl_dereference(*block->chain_head);
	if (tp_head && item->chain_head_change)
		item->chain_head_change(tp_head, item->chain_head_change_priv);
	*p_block = block;
	return 0;
}

/*
 * tcf_block_put_ext(): the owner's callback removed (told the chain is
 * empty now), and the block freed with its filters by its last owner (ei
 * NULL: an owner that never got its callback added).
 */
void tcf_block_put_ext(struct tcf_block *block, struct Qdisc *q,
		       struct tcf_block_ext_info *ei)
{
	struct tcf_filter_chain_list_item *item;

	if (!block)
		return;
	list_for_each_entry(item, &block->filter_chain_list, list) {
		if (!ei)
			break;
		if (item->chain_head_change == ei->chain_head_change &&
		    item->chain_head_change_priv == ei->chain_head_change_priv) {
			if (rtnl_dereference(*block->chain_head) && item->chain_head_change)
				item->chain_head_change(NULL, item->chain_head_change_priv);
			list_del(&item->list);
			kfree(item);
			break;
		}
	}
	if (!refcount_dec_and_test(&block->refcnt))
		return;
	WARN_ON(!list_empty(&block->filter_chain_list));
	list_del(&block->shared);
	cls_chain_destroy(rtnl_dereference(*block->chain_head));
	kfree(block);
}

static const char *cls_action_name(int action)
{
	static const char *const names[] = {
		"ok", "reclassify", "shot", "pipe", "stolen", "queued",
		"repeat", "redirect", "trap", "consumed",
	};

	if (action == TC_ACT_UNSPEC)
		return "unspec";
	return action >= 0 && action < (int)ARRAY_SIZE(names) ? names[action] : "?";
}

/*
 * A kit classifier's chain, as the kernel's __tcf_classify() walks it: a
 * filter of another protocol is skipped, a negative answer (no match) goes
 * on to the next. During a replayed call with C lines, the answer must be
 * the next line's: the action, and res->classid when the action is ok.
 */
static int cls_run(struct sk_buff *skb, const struct tcf_proto *tp,
		   struct tcf_result *res)
{
	__be16 proto = skb_protocol(skb, false);
	int ret = TC_ACT_UNSPEC;

	for (; tp; tp = rcu_dereference_bh(tp->next)) {
		if (tp->protocol != htons(ETH_P_ALL) && tp->protocol != proto)
			continue;
		ret = tp->classify(skb, tp, res);
		if (ret >= 0)
			break;
		ret = TC_ACT_UNSPEC;
	}
	cq_asked++;
	if (!cq_call)
		return ret;
	if (cq_next >= cq_len) {
		if (!cq_over)
			cq_over = cq_call;
		return ret;
	}
	if (!cq_bad && (cq[cq_next].action != ret ||
			(ret == TC_ACT_OK && cq[cq_next].classid != res->classid))) {
		cq_bad = cq[cq_next].tag;
		snprintf(cq_bad_msg, sizeof(cq_bad_msg),
			 "the classifier answered %s %x:%x, the recorded filters %s %x:%x",
			 cls_action_name(ret),
			 ret == TC_ACT_OK ? TC_H_MAJ(res->classid) >> 16 : 0,
			 ret == TC_ACT_OK ? TC_H_MIN(res->classid) : 0,
			 cls_action_name(cq[cq_next].action),
			 TC_H_MAJ(cq[cq_next].classid) >> 16,
			 TC_H_MIN(cq[cq_next].classid));
	}
	cq_next++;
	return ret;
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
	if (!tp->replay)
		return cls_run(skb, tp, res);
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
	/*
	 * The recorded actions took the packet (act_mirred's redirect at
	 * ingress sends it on itself): out of the replay, as it left the
	 * recorded device; the hook returns without touching it.
	 */
	if (cq[cq_next].action == TC_ACT_CONSUMED)
		consume_skb(skb);
	return cq[cq_next++].action;
}

/*
 * tcf_block_find(): the block of qdisc X:0 or of its class X:Y, as `tc
 * filter add ... parent` names it.
 */
static struct tcf_block *cls_block_find(struct net_device *dev, u32 parent,
					struct netlink_ext_ack *extack)
{
	const struct Qdisc_class_ops *cops;
	unsigned long cl = 0;
	struct Qdisc *q;

	q = qdisc_lookup(dev, TC_H_MAJ(parent));
	if (!q) {
		NL_SET_ERR_MSG(extack, "Parent Qdisc doesn't exists");
		return ERR_PTR(-EINVAL);
	}
	cops = q->ops->cl_ops;
	if (!cops) {
		NL_SET_ERR_MSG(extack, "Qdisc not classful");
		return ERR_PTR(-EINVAL);
	}
	if (!cops->tcf_block) {
		NL_SET_ERR_MSG(extack, "Class doesn't support blocks");
		return ERR_PTR(-EOPNOTSUPP);
	}
	if (TC_H_MIN(parent)) {
		cl = cops->find(q, parent);
		if (cl == 0) {
			NL_SET_ERR_MSG(extack, "Specified class doesn't exist");
			return ERR_PTR(-ENOENT);
		}
	}
	return cops->tcf_block(q, cl, extack) ?: ERR_PTR(-EINVAL);
}

/* The replay's filter becomes the block's chain. */
int qdk_tcf_replay_attach(struct net_device *dev, u32 parent,
			  struct netlink_ext_ack *extack)
{
	struct tcf_block *block = cls_block_find(dev, parent, extack);

	if (IS_ERR(block))
		return PTR_ERR(block);
	cls_chain_head_set(block, (struct tcf_proto *)&replay_proto);
	return 0;
}

/*
 * `tc filter add dev D parent PARENT protocol all prio 1 KIND ...` for a
 * kit classifier: a tcf_proto of KIND, initialised and given its options
 * (opts: the TCA_OPTIONS attribute, header included; NULL: none) by its
 * change(), as the kernel's tc_new_tfilter() does; it becomes the block's
 * only filter. The block must hold no filter yet.
 */
int qdk_tcf_classifier_attach(struct net_device *dev, u32 parent, const char *kind,
			      const void *opts, size_t opts_len,
			      struct netlink_ext_ack *extack)
{
	struct nlattr *tca[TCA_MAX + 1] = { NULL };
	struct tcf_proto_ops *ops;
	struct tcf_block *block;
	struct tcf_proto *tp;
	void *fh = NULL;
	int err;

	block = cls_block_find(dev, parent, extack);
	if (IS_ERR(block))
		return PTR_ERR(block);
	if (rtnl_dereference(*block->chain_head)) {
		NL_SET_ERR_MSG(extack, "the block already has a filter");
		return -EEXIST;
	}
	ops = cls_ops_find(kind);
	if (!ops) {
		NL_SET_ERR_MSG(extack, "Unknown filter kind");
		return -ENOENT;
	}
	if (opts) {
		const struct nlattr *a = opts;

		if (opts_len < NLA_HDRLEN || nla_len(a) < 0 ||
		    NLA_HDRLEN + (size_t)nla_len(a) > opts_len) {
			NL_SET_ERR_MSG(extack, "the filter's options are truncated");
			return -EINVAL;
		}
		tca[TCA_OPTIONS] = (struct nlattr *)a;
	}
	tp = kzalloc(sizeof(*tp), GFP_KERNEL);
	if (!tp)
		return -ENOBUFS;
	tp->ops = ops;
	tp->chain = &block->chain0;
	tp->classify = ops->classify;
	tp->protocol = htons(ETH_P_ALL);
	tp->prio = 1 << 16;
	err = ops->init(tp);
	if (!err) {
		err = ops->change(dev_net(dev), NULL, tp, parent, 0, tca, &fh, 0,
				  extack);
		if (err)
			ops->destroy(tp, true, NULL);
	}
	if (err) {
		kfree(tp);
		return err;
	}
	cls_chain_head_set(block, tp);
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
		cq_bad = 0;
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
	if (cq_bad) {
		*tag = cq_bad;
		snprintf(msg, msglen, "%s", cq_bad_msg);
		return 1;
	}
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
	qe->info.chain_head_change = tcf_chain_head_change_dflt;
	qe->info.chain_head_change_priv = &qe->filter_chain;
	qe->info.block_index = index;
	return tcf_block_get_ext(&qe->block, sch, &qe->info, extack);
}

void tcf_qevent_destroy(struct tcf_qevent *qe, struct Qdisc *sch)
{
	if (qe->info.block_index)
		tcf_block_put_ext(qe->block, sch, &qe->info);
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

/* ---- a filter's actions: none can be loaded ----------------------------- */

static const struct nla_policy tcf_action_policy[TCA_ACT_MAX + 1] = {
	[TCA_ACT_KIND]		= { .type = NLA_STRING },
	[TCA_ACT_INDEX]		= { .type = NLA_U32 },
	[TCA_ACT_COOKIE]	= { .type = NLA_BINARY, .len = TC_COOKIE_MAX_SIZE },
	[TCA_ACT_OPTIONS]	= { .type = NLA_NESTED },
	[TCA_ACT_FLAGS]		= NLA_POLICY_BITFIELD32(TCA_ACT_FLAGS_NO_PERCPU_STATS |
							TCA_ACT_FLAGS_SKIP_HW |
							TCA_ACT_FLAGS_SKIP_SW),
	[TCA_ACT_HW_STATS]	= NLA_POLICY_BITFIELD32(TCA_ACT_HW_STATS_ANY),
};

/*
 * What act_api.c's tc_action_load_ops() answers when no module of the
 * action's kind is there (request_module() finds none): the kind's checks
 * first, then -ENOENT.
 */
static int tcf_action_load_none(struct nlattr *nla, bool police,
				struct netlink_ext_ack *extack)
{
	struct nlattr *tb[TCA_ACT_MAX + 1];
	char act_name[IFNAMSIZ];
	int err;

	if (!police) {
		err = nla_parse_nested_deprecated(tb, TCA_ACT_MAX, nla,
						  tcf_action_policy, extack);
		if (err < 0)
			return err;
		if (!tb[TCA_ACT_KIND]) {
			NL_SET_ERR_MSG(extack, "TC action kind must be specified");
			return -EINVAL;
		}
		if (nla_strscpy(act_name, tb[TCA_ACT_KIND], IFNAMSIZ) < 0) {
			NL_SET_ERR_MSG(extack, "TC action name too long");
			return -EINVAL;
		}
	}
	NL_SET_ERR_MSG(extack, "Failed to load TC action module");
	return -ENOENT;
}

int tcf_exts_validate_ex(struct net *net, struct tcf_proto *tp, struct nlattr **tb,
			 struct nlattr *rate_tlv, struct tcf_exts *exts,
			 u32 flags, u32 fl_flags, struct netlink_ext_ack *extack)
{
	if (exts->police && tb[exts->police])
		return tcf_action_load_none(tb[exts->police], true, extack);
	if (exts->action && tb[exts->action]) {
		struct nlattr *list[TCA_ACT_MAX_PRIO + 1];
		int err;

		err = nla_parse_nested_deprecated(list, TCA_ACT_MAX_PRIO,
						  tb[exts->action], NULL, extack);
		if (err < 0)
			return err;
		/* an empty list is no action: nothing to load */
		if (list[1])
			return tcf_action_load_none(list[1],
						    flags & TCA_ACT_FLAGS_POLICE,
						    extack);
		exts->nr_actions = 0;
	}
	return 0;
}

int tcf_exts_validate(struct net *net, struct tcf_proto *tp, struct nlattr **tb,
		      struct nlattr *rate_tlv, struct tcf_exts *exts,
		      u32 flags, struct netlink_ext_ack *extack)
{
	return tcf_exts_validate_ex(net, tp, tb, rate_tlv, exts, flags, 0, extack);
}

void tcf_exts_destroy(struct tcf_exts *exts)
{
	kfree(exts->actions);
	exts->actions = NULL;
	exts->nr_actions = 0;
}

void tcf_exts_change(struct tcf_exts *dst, struct tcf_exts *src)
{
	struct tcf_exts old = *dst;

	*dst = *src;
	tcf_exts_destroy(&old);
}

/* no action to dump: nothing written, as for a filter without actions */
int tcf_exts_dump(struct sk_buff *skb, struct tcf_exts *exts)
{
	return 0;
}

int tcf_exts_terse_dump(struct sk_buff *skb, struct tcf_exts *exts)
{
	return 0;
}

int tcf_exts_dump_stats(struct sk_buff *skb, struct tcf_exts *exts)
{
	return 0;
}

unsigned int tcf_exts_num_actions(struct tcf_exts *exts)
{
	return 0;
}
