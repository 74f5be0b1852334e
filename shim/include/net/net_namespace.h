/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Network namespaces as modules use them: references (get_net()/put_net()
 * count in net->ns.count), the list of namespaces (init_net is its only
 * entry: the usertc namespaces of lib/rtnetlink.c are not walked), a
 * struct sock's possible_net_t, and pernet operations, whose init runs for
 * every namespace in the list at registration and exit at unregistration,
 * as the kernel runs them for init_net (lib/net_namespace.c).
 */
#ifndef __NET_NET_NAMESPACE_H
#define __NET_NET_NAMESPACE_H

#include <linux/netdevice.h>
#include <linux/refcount.h>
#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/version.h>

extern struct net init_net;
extern struct list_head net_namespace_list;

#define NETDEV_HASHBITS		8
#define NETDEV_HASHENTRIES	(1 << NETDEV_HASHBITS)

struct ns_common;
struct ctl_table_header;

/* the last reference of a namespace other than init_net went */
void __put_net(struct net *net);

static inline struct net *get_net(struct net *net)
{
	refcount_inc(&net->ns.count);
	return net;
}

/* a reference unless the namespace is already going (count 0): NULL then */
static inline struct net *maybe_get_net(struct net *net)
{
	if (!refcount_inc_not_zero(&net->ns.count))
		net = NULL;
	return net;
}

static inline void put_net(struct net *net)
{
	if (refcount_dec_and_test(&net->ns.count))
		__put_net(net);
}

static inline int net_eq(const struct net *net1, const struct net *net2)
{
	return net1 == net2;
}

/* a namespace still alive (not yet torn down) */
static inline int check_net(const struct net *net)
{
	return refcount_read(&net->ns.count) != 0;
}

/* Debian's kernels track no namespace references (no NET_NS_REFCNT_TRACKER) */
typedef struct {} netns_tracker;

static inline void netns_tracker_alloc(struct net *net, netns_tracker *tracker, gfp_t gfp)
{
}

static inline void netns_tracker_free(struct net *net, netns_tracker *tracker)
{
}

static inline struct net *get_net_track(struct net *net, netns_tracker *tracker, gfp_t gfp)
{
	get_net(net);
	netns_tracker_alloc(net, tracker, gfp);
	return net;
}

static inline void put_net_track(struct net *net, netns_tracker *tracker)
{
	netns_tracker_free(net, tracker);
	put_net(net);
}

/* the namespace of an object (a socket's sk_net, a device's nd_net) */
typedef struct {
	struct net __rcu	*net;
} possible_net_t;

static inline void write_pnet(possible_net_t *pnet, struct net *net)
{
	rcu_assign_pointer(pnet->net, net);
}

static inline struct net *read_pnet(const possible_net_t *pnet)
{
	return rcu_dereference_protected(pnet->net, true);
}

static inline struct net *read_pnet_rcu(const possible_net_t *pnet)
{
	return rcu_dereference(pnet->net);
}

#define for_each_net(VAR)						\
	list_for_each_entry(VAR, &net_namespace_list, list)
#define for_each_net_continue_reverse(VAR)				\
	list_for_each_entry_continue_reverse(VAR, &net_namespace_list, list)
#define for_each_net_rcu(VAR)						\
	list_for_each_entry_rcu(VAR, &net_namespace_list, list)

/*
 * A subsystem's per-namespace state: init/exit for each namespace, and with
 * id and size a zeroed block of size bytes per namespace, net_generic(net,
 * *id) (net/netns/generic.h).
 */
struct pernet_operations {
	struct list_head list;
	int (*init)(struct net *net);
	void (*pre_exit)(struct net *net);
	void (*exit)(struct net *net);
	void (*exit_batch)(struct list_head *net_exit_list);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	void (*exit_rtnl)(struct net *net, struct list_head *dev_kill_list);
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	void (*exit_batch_rtnl)(struct list_head *net_exit_list,
				struct list_head *dev_kill_list);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned int * const id;
	const size_t size;
#else
	unsigned int *id;
	size_t size;
#endif
};

int register_pernet_subsys(struct pernet_operations *ops);
void unregister_pernet_subsys(struct pernet_operations *ops);
int register_pernet_device(struct pernet_operations *ops);
void unregister_pernet_device(struct pernet_operations *ops);

/*
 * Generation counters: bumping one invalidates what was cached under the old
 * value (IPv4 routes, next-hop exceptions). IPv6's FIB flush is a hook its
 * module sets; the shim has no IPv6 FIB, so it stays NULL.
 */
static inline int rt_genid_ipv4(const struct net *net)
{
	return atomic_read(&net->ipv4.rt_genid);
}

static inline int rt_genid_ipv6(const struct net *net)
{
	return atomic_read(&net->ipv6.fib6_sernum);
}

static inline void rt_genid_bump_ipv4(struct net *net)
{
	atomic_inc(&net->ipv4.rt_genid);
}

extern void (*__fib6_flush_trees)(struct net *net);
static inline void rt_genid_bump_ipv6(struct net *net)
{
	if (__fib6_flush_trees)
		__fib6_flush_trees(net);
}

static inline void rt_genid_bump_all(struct net *net)
{
	rt_genid_bump_ipv4(net);
	rt_genid_bump_ipv6(net);
}

static inline int fnhe_genid(const struct net *net)
{
	return atomic_read(&net->fnhe_genid);
}

static inline void fnhe_genid_bump(struct net *net)
{
	atomic_inc(&net->fnhe_genid);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline void net_passive_inc(struct net *net)
{
	refcount_inc(&net->passive);
}

/* set up: on net_namespace_list (or, in the shim, init_net's static list head) */
static inline bool net_initialized(const struct net *net)
{
	return READ_ONCE(net->list.next);
}

/* a tracker for a counted (refcounted) or passive reference: none tracked */
static inline void __netns_tracker_alloc(struct net *net, netns_tracker *tracker,
					 bool refcounted, gfp_t gfp)
{
}

static inline void __netns_tracker_free(struct net *net, netns_tracker *tracker,
					bool refcounted)
{
}
#endif

/* what the shim cannot give: other tasks' and files' namespaces, nsids, sysctl */
struct net *get_net_ns_by_pid(pid_t pid);
struct net *get_net_ns_by_fd(int fd);
struct ns_common *get_net_ns(struct ns_common *ns);
int peernet2id_alloc(struct net *net, struct net *peer, gfp_t gfp);
int peernet2id(const struct net *net, struct net *peer);
void net_ns_barrier(void);

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/atomic.h>
#include <linux/workqueue.h>
#include <linux/idr.h>
#include <linux/skbuff.h>
#include <linux/sched.h>
#endif
