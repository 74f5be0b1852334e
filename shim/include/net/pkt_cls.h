/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Classifier and offload declarations. The shim's devices have no
 * NETIF_F_HW_TC, so offload paths are compiled but never run.
 */
#ifndef __NET_PKT_CLS_H
#define __NET_PKT_CLS_H

#include <linux/module.h>
#include <linux/pkt_cls.h>
#include <linux/workqueue.h>
#include <net/sch_generic.h>
#include <net/pkt_sched.h>
#include <net/act_api.h>
#include <net/sock.h>	/* the kernel's reaches it through its includes */

/*
 * Filter blocks. The shim has no `tc filter`: a block is empty, so a
 * qdisc's filter_list stays NULL and it falls back to its own
 * classification (hash, priority), as it does in the kernel without
 * filters. A block holds one filter when a trace says so (cls_api.c): the
 * replay's (qdk_tcf_replay_attach()), which answers each tcf_classify()
 * with the result a trace recorded for the call (C lines,
 * traces/FORMAT.md), or a kit classifier (qdk_tcf_classifier_attach()).
 */
struct tcf_block {
	struct Qdisc *q;
	struct tcf_proto __rcu **chain_head;	/* the qdisc's filter_list */
};

struct tcf_walker {
	int	stop;
	int	skip;
	int	count;
	bool	nonempty;
	unsigned long cookie;
	int	(*fn)(struct tcf_proto *, void *node, struct tcf_walker *);
};

enum flow_block_binder_type {
	FLOW_BLOCK_BINDER_TYPE_UNSPEC,
	FLOW_BLOCK_BINDER_TYPE_CLSACT_INGRESS,
	FLOW_BLOCK_BINDER_TYPE_CLSACT_EGRESS,
	FLOW_BLOCK_BINDER_TYPE_RED_EARLY_DROP,
	FLOW_BLOCK_BINDER_TYPE_RED_MARK,
};

typedef void tcf_chain_head_change_t(struct tcf_proto *tp_head, void *priv);

struct tcf_block_ext_info {
	enum flow_block_binder_type binder_type;
	tcf_chain_head_change_t *chain_head_change;
	void *chain_head_change_priv;
	u32 block_index;
};

/* A qdisc event's shared block: kept by index, always without filters. */
struct tcf_qevent {
	struct tcf_block	*block;
	struct tcf_block_ext_info info;
	struct tcf_proto __rcu *filter_chain;
};

int tcf_qevent_init(struct tcf_qevent *qe, struct Qdisc *sch,
		    enum flow_block_binder_type binder_type,
		    struct nlattr *block_index_attr,
		    struct netlink_ext_ack *extack);
void tcf_qevent_destroy(struct tcf_qevent *qe, struct Qdisc *sch);
int tcf_qevent_validate_change(struct tcf_qevent *qe, struct nlattr *block_index_attr,
			       struct netlink_ext_ack *extack);
struct sk_buff *tcf_qevent_handle(struct tcf_qevent *qe, struct Qdisc *sch,
				  struct sk_buff *skb, struct sk_buff **to_free,
				  int *ret);
int tcf_qevent_dump(struct sk_buff *skb, int attr_name, struct tcf_qevent *qe);

/*
 * Classifiers (struct tcf_proto_ops): a kit classifier (cls_*.c) registers
 * its ops at load, as in the kernel; the replay attaches one to a block
 * (qdk_tcf_classifier_attach(), a trace's `classifier` directive) as one
 * tcf_proto, and tcf_classify() runs its classify(). The fields are 6.1's
 * (to 7.x's, which only adds get_exts) that a classifier without hardware
 * offload, templates or actions fills.
 */
struct tcf_proto {
	struct tcf_proto __rcu	*next;
	void __rcu		*root;
	int			(*classify)(struct sk_buff *,
					    const struct tcf_proto *,
					    struct tcf_result *);
	__be16			protocol;
	u32			prio;
	void			*data;
	const struct tcf_proto_ops *ops;
	int			replay;	/* the shim's: the replay's filter */
};

struct tcf_proto_ops {
	struct list_head	head;
	char			kind[IFNAMSIZ];
	int			(*classify)(struct sk_buff *,
					    const struct tcf_proto *,
					    struct tcf_result *);
	int			(*init)(struct tcf_proto *);
	void			(*destroy)(struct tcf_proto *tp, bool rtnl_held,
					   struct netlink_ext_ack *extack);
	void			*(*get)(struct tcf_proto *, u32 handle);
	void			(*put)(struct tcf_proto *tp, void *f);
	int			(*change)(struct net *net, struct sk_buff *,
					  struct tcf_proto *, unsigned long,
					  u32 handle, struct nlattr **,
					  void **, u32,
					  struct netlink_ext_ack *);
	int			(*delete)(struct tcf_proto *tp, void *arg,
					  bool *last, bool rtnl_held,
					  struct netlink_ext_ack *);
	bool			(*delete_empty)(struct tcf_proto *tp);
	void			(*walk)(struct tcf_proto *tp,
					struct tcf_walker *arg, bool rtnl_held);
	void			(*bind_class)(void *, u32, unsigned long,
					      void *, unsigned long);
	int			(*dump)(struct net *, struct tcf_proto *, void *,
					struct sk_buff *skb, struct tcmsg *,
					bool);
	struct module		*owner;
	int			flags;
};

int register_tcf_proto_ops(struct tcf_proto_ops *ops);
void unregister_tcf_proto_ops(struct tcf_proto_ops *ops);

/*
 * A classifier frees what its readers may still see after an RCU grace
 * period; the replay has no concurrent reader, so the work runs at once
 * (struct rcu_work: linux/workqueue.h).
 */
static inline bool tcf_queue_work(struct rcu_work *rwork, work_func_t func)
{
	rwork->work.func = func;
	func(&rwork->work);
	return true;
}

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

/* ---- hardware offload requests (never sent: no device offloads) --------- */

struct red_stats;

enum tc_prio_command {
	TC_PRIO_REPLACE,
	TC_PRIO_DESTROY,
	TC_PRIO_STATS,
	TC_PRIO_GRAFT,
};

struct tc_prio_qopt_offload_params {
	int bands;
	u8 priomap[TC_PRIO_MAX + 1];
	struct gnet_stats_queue *qstats;
};

struct tc_prio_qopt_offload_graft_params {
	u8 band;
	u32 child_handle;
};

struct tc_prio_qopt_offload {
	enum tc_prio_command command;
	u32 handle;
	u32 parent;
	union {
		struct tc_prio_qopt_offload_params replace_params;
		struct tc_qopt_offload_stats stats;
		struct tc_prio_qopt_offload_graft_params graft_params;
	};
};

/* sch_ets.c's offload request: no device offloads here, the shape is what matters */
enum tc_ets_command {
	TC_ETS_REPLACE,
	TC_ETS_DESTROY,
	TC_ETS_STATS,
	TC_ETS_GRAFT,
};

struct tc_ets_qopt_offload_replace_params {
	unsigned int bands;
	u8 priomap[TC_PRIO_MAX + 1];
	unsigned int quanta[TCQ_ETS_MAX_BANDS];	/* a strict band's is 0 */
	unsigned int weights[TCQ_ETS_MAX_BANDS];
	struct gnet_stats_queue *qstats;
};

struct tc_ets_qopt_offload_graft_params {
	u8 band;
	u32 child_handle;
};

struct tc_ets_qopt_offload {
	enum tc_ets_command command;
	u32 handle;
	u32 parent;
	union {
		struct tc_ets_qopt_offload_replace_params replace_params;
		struct tc_qopt_offload_stats stats;
		struct tc_ets_qopt_offload_graft_params graft_params;
	};
};

enum tc_tbf_command {
	TC_TBF_REPLACE,
	TC_TBF_DESTROY,
	TC_TBF_STATS,
	TC_TBF_GRAFT,
};

struct tc_tbf_qopt_offload_replace_params {
	struct psched_ratecfg rate;
	u32 max_size;
	struct gnet_stats_queue *qstats;
};

struct tc_tbf_qopt_offload {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct netlink_ext_ack *extack;
#endif
	enum tc_tbf_command command;
	u32 handle;
	u32 parent;
	union {
		struct tc_tbf_qopt_offload_replace_params replace_params;
		struct tc_qopt_offload_stats stats;
		u32 child_handle;
	};
};

enum tc_red_command {
	TC_RED_REPLACE,
	TC_RED_DESTROY,
	TC_RED_STATS,
	TC_RED_XSTATS,
	TC_RED_GRAFT,
};

struct tc_red_qopt_offload_params {
	u32 min;
	u32 max;
	u32 probability;
	u32 limit;
	bool is_ecn;
	bool is_harddrop;
	bool is_nodrop;
	struct gnet_stats_queue *qstats;
};

struct tc_red_qopt_offload {
	enum tc_red_command command;
	u32 handle;
	u32 parent;
	union {
		struct tc_red_qopt_offload_params set;
		struct tc_qopt_offload_stats stats;
		struct red_stats *xstats;
		u32 child_handle;
	};
};

enum tc_gred_command {
	TC_GRED_REPLACE,
	TC_GRED_DESTROY,
	TC_GRED_STATS,
};

struct tc_gred_vq_qopt_offload_params {
	bool present;
	u32 limit;
	u32 prio;
	u32 min;
	u32 max;
	bool is_ecn;
	bool is_harddrop;
	u32 probability;
	u32 *backlog;
};

struct tc_gred_qopt_offload_params {
	bool grio_on;
	bool wred_on;
	unsigned int dp_cnt;
	unsigned int dp_def;
	struct gnet_stats_queue *qstats;
	struct tc_gred_vq_qopt_offload_params tab[MAX_DPs];
};

struct tc_gred_qopt_offload_stats {
	struct gnet_stats_basic_sync bstats[MAX_DPs];
	struct gnet_stats_queue qstats[MAX_DPs];
	struct red_stats *xstats[MAX_DPs];
};

struct tc_gred_qopt_offload {
	enum tc_gred_command command;
	u32 handle;
	u32 parent;
	union {
		struct tc_gred_qopt_offload_params set;
		struct tc_gred_qopt_offload_stats stats;
	};
};

#define TC_HTB_CLASSID_ROOT U32_MAX

enum tc_mq_command {
	TC_MQ_CREATE,
	TC_MQ_DESTROY,
	TC_MQ_STATS,
	TC_MQ_GRAFT,
};

struct tc_mq_opt_offload_graft_params {
	unsigned long queue;
	u32 child_handle;
};

struct tc_mq_qopt_offload {
	enum tc_mq_command command;
	u32 handle;
	union {
		struct tc_qopt_offload_stats stats;
		struct tc_mq_opt_offload_graft_params graft_params;
	};
};

enum tc_htb_command {
	TC_HTB_CREATE,
	TC_HTB_DESTROY,
	TC_HTB_LEAF_ALLOC_QUEUE,
	TC_HTB_LEAF_TO_INNER,
	TC_HTB_LEAF_DEL,
	TC_HTB_LEAF_DEL_LAST,
	TC_HTB_LEAF_DEL_LAST_FORCE,
	TC_HTB_NODE_MODIFY,
	TC_HTB_LEAF_QUERY_QUEUE,
};

struct tc_htb_qopt_offload {
	struct netlink_ext_ack *extack;
	enum tc_htb_command command;
	u32 parent_classid;
	u16 classid;
	u16 qid;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u32 quantum;
#endif
	u64 rate;
	u64 ceil;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	u8 prio;
#endif
};

#endif
