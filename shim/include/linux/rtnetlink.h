/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_RTNETLINK_H
#define _QDK_SHIM_LINUX_RTNETLINK_H

#include <linux/bug.h>
#include <linux/netlink.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/version.h>
#include <linux/cleanup.h>
#include <linux/rwsem.h>
#include_next <linux/rtnetlink.h>

/*
 * RTNL is real state here: qdk_api's control-path calls (create, change,
 * dump, reset, destroy) hold it, the datapath and timers do not, as in the
 * kernel. So ASSERT_RTNL() warns where it would warn in the kernel, e.g. a
 * timer taking qdisc_root_sleeping_lock().
 */
void rtnl_lock(void);
void rtnl_unlock(void);
int rtnl_is_locked(void);

/* one thread: a held RTNL is never free to take, even for its holder */
int rtnl_trylock(void);
/* no signal can come while nothing sleeps: it locks, 0 */
int rtnl_lock_killable(void);
/* the last reference dropped with RTNL taken (true), else not taken */
bool refcount_dec_and_rtnl_lock(refcount_t *r);

static inline bool lockdep_rtnl_is_held(void)
{
	return rtnl_is_locked();
}

#define rcu_dereference_bh_rtnl(p) \
	rcu_dereference_bh_check(p, lockdep_rtnl_is_held())

#define ASSERT_RTNL() \
	WARN_ONCE(!rtnl_is_locked(), \
		  "RTNL: assertion failed at %s (%d)\n", __FILE__, __LINE__)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* swap an RCU pointer under RTNL, the old value back */
#define rcu_replace_pointer_rtnl(rp, p)			\
	rcu_replace_pointer(rp, p, lockdep_rtnl_is_held())

/*
 * A namespace's RTNL: Debian's kernels do not split it
 * (CONFIG_DEBUG_NET_SMALL_RTNL unset), so it is RTNL itself.
 */
struct net;

static inline void __rtnl_net_lock(struct net *net)
{
}

static inline void __rtnl_net_unlock(struct net *net)
{
}

static inline void rtnl_net_lock(struct net *net)
{
	rtnl_lock();
}

static inline void rtnl_net_unlock(struct net *net)
{
	rtnl_unlock();
}

static inline int rtnl_net_trylock(struct net *net)
{
	return rtnl_trylock();
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline int rtnl_net_lock_killable(struct net *net)
{
	return rtnl_lock_killable();
}

/* no per-namespace RTNL work to wait for */
static inline void rtnl_net_flush_workqueue(void)
{
}
#endif

static inline void ASSERT_RTNL_NET(struct net *net)
{
	ASSERT_RTNL();
}

#define rcu_dereference_rtnl_net(net, p)	rcu_dereference_rtnl(p)
#define rtnl_net_dereference(net, p)		rtnl_dereference(p)
#define rcu_replace_pointer_rtnl_net(net, rp, p) rcu_replace_pointer_rtnl(rp, p)
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && \
	LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* guard(rtnl)(): RTNL held to the end of the scope */
DEFINE_LOCK_GUARD_0(rtnl, rtnl_lock(), rtnl_unlock())
#endif

struct sk_buff;
struct ndmsg;
struct dst_entry;

/*
 * Messages of the namespace's rtnetlink socket (net->rtnl): skb to group's
 * listeners and, with echo, back to pid (0 or an error); to pid alone; a
 * group's listeners told of an error. Each consumes skb.
 */
int rtnetlink_send(struct sk_buff *skb, struct net *net, u32 pid, u32 group, int echo);

static inline int rtnetlink_maybe_send(struct sk_buff *skb, struct net *net,
				       u32 pid, u32 group, int echo)
{
	return skb ? rtnetlink_send(skb, net, pid, group, echo) : 0;
}

int rtnl_unicast(struct sk_buff *skb, struct net *net, u32 pid);
void rtnl_notify(struct sk_buff *skb, struct net *net, u32 pid,
		 u32 group, const struct nlmsghdr *nlh, gfp_t flags);
void rtnl_set_sk_err(struct net *net, u32 group, int error);
/* an RTA_METRICS nest of the nonzero route metrics (RTAX_*, metrics[i] is i + 1) */
int rtnetlink_put_metrics(struct sk_buff *skb, u32 *metrics);

/* held for writing while pernet operations come and go, for reading to walk net_namespace_list */
extern struct rw_semaphore pernet_ops_rwsem;
extern struct rw_semaphore net_rwsem;

/*
 * A device without its own forwarding database: the default FDB keeps its
 * permanent entries in the device's unicast and multicast address lists.
 */
int ndo_dflt_fdb_add(struct ndmsg *ndm, struct nlattr *tb[], struct net_device *dev,
		     const unsigned char *addr, u16 vid, u16 flags);
int ndo_dflt_fdb_del(struct ndmsg *ndm, struct nlattr *tb[], struct net_device *dev,
		     const unsigned char *addr, u16 vid);

/* Frees the list head..tail (linked by ->next), counted as drops. */
void rtnl_kfree_skbs(struct sk_buff *head, struct sk_buff *tail);


/*
 * Users of the ingress and egress hooks (clsact, ingress), counted as the
 * kernel's static keys count them (lib/dev.c: qdk_ingress_needed ...).
 */
void net_inc_ingress_queue(void);
void net_dec_ingress_queue(void);
void net_inc_egress_queue(void);
void net_dec_egress_queue(void);

/*
 * act_skbedit's queue_mapping on egress: the transmit path keeps the
 * queue the action chose instead of picking one (per CPU; 6.12 on gives
 * the previous setting back).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool netdev_xmit_skip_txqueue(bool skip);
#else
void netdev_xmit_skip_txqueue(bool skip);
#endif

/* a new IF_OPER_* state, and NETDEV_CHANGE to the listeners when it differs */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void netif_set_operstate(struct net_device *dev, int newstate);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void netdev_set_operstate(struct net_device *dev, int newstate);
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/wait.h>
/* after netdevice.h: they read struct net_device */
static inline struct netdev_queue *dev_ingress_queue(struct net_device *dev)
{
	return rtnl_dereference(dev->ingress_queue);
}

static inline struct netdev_queue *dev_ingress_queue_rcu(struct net_device *dev)
{
	return rcu_dereference(dev->ingress_queue);
}

/* the device's ingress queue, made at the first ingress or clsact qdisc */
struct netdev_queue *dev_ingress_queue_create(struct net_device *dev);

/* whether group of the namespace's rtnetlink has a listener */
static inline int rtnl_has_listeners(const struct net *net, u32 group)
{
	return netlink_has_listeners(net->rtnl, group);
}

/* a notification is built when the request asked for its echo or someone listens */
static inline bool rtnl_notify_needed(const struct net *net, u16 nlflags, u32 group)
{
	return (nlflags & NLM_F_ECHO) || rtnl_has_listeners(net, group);
}

#endif
