/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __NET_ACT_API_H
#define __NET_ACT_API_H
#include <linux/refcount.h>
#include <linux/version.h>
#include <linux/jiffies.h>
#include <linux/pkt_cls.h>
#include <net/sch_generic.h>
#include <net/pkt_sched.h>
#include <net/net_namespace.h>
/*
 * Actions: the shim loads no action module (net/pkt_cls.h's tcf_exts
 * refuse them). An action's struct, its ops table and the statistics
 * inlines an action or a classifier calls on it are here, so an action's
 * source compiles and its counters behave as the kernel's; the idr of a
 * namespace's actions (act_api.c) is not.
 */
struct tcf_idrinfo {
	struct mutex	lock;
	struct idr	action_idr;
	struct net	*net;
};

struct tc_action_ops;

/* the common head of every action's private struct (its "common" member) */
struct tc_action {
	const struct tc_action_ops	*ops;
	__u32				type;	/* TCA_OLD_COMPAT */
	struct tcf_idrinfo		*idrinfo;

	u32				tcfa_index;
	refcount_t			tcfa_refcnt;
	atomic_t			tcfa_bindcnt;
	int				tcfa_action;	/* the verdict, TC_ACT_* */
	struct tcf_t			tcfa_tm;
	struct gnet_stats_basic_sync	tcfa_bstats;
	struct gnet_stats_basic_sync	tcfa_bstats_hw;
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	struct gnet_stats_queue		tcfa_qstats;
#else
	atomic_t			tcfa_drops;	/* no per-CPU counters */
	atomic_t			tcfa_overlimits;
#endif
	struct net_rate_estimator __rcu	*tcfa_rate_est;
	spinlock_t			tcfa_lock;
	struct gnet_stats_basic_sync __percpu	*cpu_bstats;
	struct gnet_stats_basic_sync __percpu	*cpu_bstats_hw;
	struct gnet_stats_queue __percpu	*cpu_qstats;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	struct tc_cookie __rcu		*act_cookie;
#else
	struct tc_cookie __rcu		*user_cookie;
#endif
	struct tcf_chain __rcu		*goto_chain;
	u32				tcfa_flags;
	struct rcu_head			tcfa_rcu;
	u8				hw_stats;
	u8				used_hw_stats;
	bool				used_hw_stats_valid;
	u32				in_hw_count;
};

/* an action's private struct names its struct tc_action "common" */
#define tcf_index	common.tcfa_index
#define tcf_refcnt	common.tcfa_refcnt
#define tcf_bindcnt	common.tcfa_bindcnt
#define tcf_action	common.tcfa_action
#define tcf_tm		common.tcfa_tm
#define tcf_bstats	common.tcfa_bstats
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define tcf_qstats	common.tcfa_qstats
#endif
#define tcf_rate_est	common.tcfa_rate_est
#define tcf_lock	common.tcfa_lock

#define TCA_ACT_HW_STATS_ANY (TCA_ACT_HW_STATS_IMMEDIATE | \
			      TCA_ACT_HW_STATS_DELAYED)

/* 16 bits for user space (TCA_ACT_FLAGS_NO_PERCPU_STATS ...), then the kernel's */
#define TCA_ACT_FLAGS_USER_BITS 16
#define TCA_ACT_FLAGS_USER_MASK 0xffff
#define TCA_ACT_FLAGS_POLICE	(1U << TCA_ACT_FLAGS_USER_BITS)
#define TCA_ACT_FLAGS_BIND	(1U << (TCA_ACT_FLAGS_USER_BITS + 1))
#define TCA_ACT_FLAGS_REPLACE	(1U << (TCA_ACT_FLAGS_USER_BITS + 2))
#define TCA_ACT_FLAGS_NO_RTNL	(1U << (TCA_ACT_FLAGS_USER_BITS + 3))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define TCA_ACT_FLAGS_AT_INGRESS	(1U << (TCA_ACT_FLAGS_USER_BITS + 4))
#endif
#define TCA_ACT_FLAGS_AT_INGRESS_OR_CLSACT	(1U << (TCA_ACT_FLAGS_USER_BITS + 5))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define ACT_P_BOUND 0
#endif
#define ACT_P_CREATED 1
#define ACT_P_DELETED 1

typedef void (*tc_action_priv_destructor)(void *priv);

/* what an action module registers (tcf_register_action()) */
struct tc_action_ops {
	struct list_head	head;
	char			kind[IFNAMSIZ];
	enum tca_id		id;	/* matches kind */
	unsigned int		net_id;
	size_t			size;
	struct module		*owner;
	/* the datapath, under rcu_read_lock_bh() */
	int	(*act)(struct sk_buff *skb, const struct tc_action *a,
		       struct tcf_result *res);
	int	(*dump)(struct sk_buff *skb, struct tc_action *a, int bind, int ref);
	void	(*cleanup)(struct tc_action *a);
	int	(*lookup)(struct net *net, struct tc_action **a, u32 index);
	int	(*init)(struct net *net, struct nlattr *nla, struct nlattr *est,
			struct tc_action **act, struct tcf_proto *tp, u32 flags,
			struct netlink_ext_ack *extack);
	int	(*walk)(struct net *net, struct sk_buff *skb,
			struct netlink_callback *cb, int type,
			const struct tc_action_ops *ops,
			struct netlink_ext_ack *extack);
	void	(*stats_update)(struct tc_action *a, u64 bytes, u64 packets,
				u64 drops, u64 lastuse, bool hw);
	size_t	(*get_fill_size)(const struct tc_action *act);
	struct net_device *(*get_dev)(const struct tc_action *a,
				      tc_action_priv_destructor *destructor);
	struct psample_group *
		(*get_psample_group)(const struct tc_action *a,
				     tc_action_priv_destructor *destructor);
	int	(*offload_act_setup)(struct tc_action *act, void *entry_data,
				     u32 *index_inc, bool bind,
				     struct netlink_ext_ack *extack);
};

/* an action kind's per-namespace block (its net_generic() slot) */
struct tc_action_net {
	struct tcf_idrinfo		*idrinfo;
	const struct tc_action_ops	*ops;
};

static inline int tc_action_net_init(struct net *net, struct tc_action_net *tn,
				     const struct tc_action_ops *ops)
{
	tn->idrinfo = kmalloc(sizeof(*tn->idrinfo), GFP_KERNEL);
	if (!tn->idrinfo)
		return -ENOMEM;
	tn->ops = ops;
	tn->idrinfo->net = net;
	mutex_init(&tn->idrinfo->lock);
	idr_init(&tn->idrinfo->action_idr);
	return 0;
}

/* the packet's bytes and segments into the action's counters */
static inline void tcf_action_update_bstats(struct tc_action *a, struct sk_buff *skb)
{
	if (likely(a->cpu_bstats)) {
		bstats_update(this_cpu_ptr(a->cpu_bstats), skb);
		return;
	}
	spin_lock(&a->tcfa_lock);
	bstats_update(&a->tcfa_bstats, skb);
	spin_unlock(&a->tcfa_lock);
}

static inline void tcf_action_inc_drop_qstats(struct tc_action *a)
{
	if (likely(a->cpu_qstats)) {
		this_cpu_ptr(a->cpu_qstats)->drops++;
		return;
	}
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	spin_lock(&a->tcfa_lock);
	qstats_drop_inc(&a->tcfa_qstats);
	spin_unlock(&a->tcfa_lock);
#else
	atomic_inc(&a->tcfa_drops);
#endif
}

static inline void tcf_action_inc_overlimit_qstats(struct tc_action *a)
{
	if (likely(a->cpu_qstats)) {
		this_cpu_ptr(a->cpu_qstats)->overlimits++;
		return;
	}
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	spin_lock(&a->tcfa_lock);
	qstats_overlimit_inc(&a->tcfa_qstats);
	spin_unlock(&a->tcfa_lock);
#else
	atomic_inc(&a->tcfa_overlimits);
#endif
}

/* a verdict user space may set: a plain TC_ACT_* value up to TC_ACT_TRAP
 * (not the kernel-internal TC_ACT_CONSUMED), or an extended opcode
 * (TC_ACT_JUMP, TC_ACT_GOTO_CHAIN) with its operand
 */
static inline bool tcf_action_valid(int action)
{
	int opcode = TC_ACT_EXT_OPCODE(action);

	if (!opcode)
		return action <= TC_ACT_VALUE_MAX;
	return opcode <= TC_ACT_EXT_OPCODE_MAX || action == TC_ACT_UNSPEC;
}

/* hardware counters handed to the action, when it keeps them */
static inline void tcf_action_stats_update(struct tc_action *a, u64 bytes,
					   u64 packets, u64 drops,
					   u64 lastuse, bool hw)
{
	if (!a->ops->stats_update)
		return;
	a->ops->stats_update(a, bytes, packets, drops, lastuse, hw);
}

/* lastuse only when it changed (a cache line not dirtied), firstuse once */
static inline void tcf_lastuse_update(struct tcf_t *tm)
{
	unsigned long now = jiffies;

	if (tm->lastuse != now)
		tm->lastuse = now;
	if (unlikely(!tm->firstuse))
		tm->firstuse = now;
}

/* the times as user space reads them: ages in clock ticks */
static inline void tcf_tm_dump(struct tcf_t *dtm, const struct tcf_t *stm)
{
	dtm->install = jiffies_to_clock_t(jiffies - stm->install);
	dtm->lastuse = jiffies_to_clock_t(jiffies - stm->lastuse);
	dtm->firstuse = stm->firstuse ?
		jiffies_to_clock_t(jiffies - stm->firstuse) : 0;
	dtm->expires = jiffies_to_clock_t(stm->expires);
}

/* lib/act_api.c: an action's verdict and goto chain, counters a driver reports */
struct tcf_chain *tcf_action_set_ctrlact(struct tc_action *a, int action,
					 struct tcf_chain *goto_chain);
void tcf_action_update_stats(struct tc_action *a, u64 bytes, u64 packets, u64 drops,
			     bool hw);

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <net/netns/generic.h>
#endif
