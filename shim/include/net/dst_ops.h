/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A protocol's operations on its route entries (the kernel's
 * net/dst_ops.h). The shim has no routes: no protocol registers a dst_ops,
 * and a test or a source's own code is the only maker of one. The
 * kernel's per-cpu count of a protocol's entries (pcpuc_entries, for its
 * garbage collector) is not kept: the shim has no linux/percpu_counter.h.
 */
#ifndef _NET_DST_OPS_H
#define _NET_DST_OPS_H

#include <linux/types.h>
#include <linux/cache.h>
#include <linux/version.h>

struct dst_entry;
struct kmem_cache;
struct net_device;
struct sk_buff;
struct sock;
struct net;
struct neighbour;

struct dst_ops {
	unsigned short		family;
	unsigned int		gc_thresh;

	void			(*gc)(struct dst_ops *ops);
	struct dst_entry	*(*check)(struct dst_entry *dst, __u32 cookie);
	unsigned int		(*default_advmss)(const struct dst_entry *dst);
	unsigned int		(*mtu)(const struct dst_entry *dst);
	u32			*(*cow_metrics)(struct dst_entry *dst, unsigned long old);
	void			(*destroy)(struct dst_entry *dst);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	void			(*ifdown)(struct dst_entry *dst, struct net_device *dev);
#else
	void			(*ifdown)(struct dst_entry *dst, struct net_device *dev,
					  int how);
#endif
	void			(*negative_advice)(struct sock *sk, struct dst_entry *dst);
	void			(*link_failure)(struct sk_buff *skb);
	void			(*update_pmtu)(struct dst_entry *dst, struct sock *sk,
					       struct sk_buff *skb, u32 mtu,
					       bool confirm_neigh);
	void			(*redirect)(struct dst_entry *dst, struct sock *sk,
					    struct sk_buff *skb);
	int			(*local_out)(struct net *net, struct sock *sk,
					     struct sk_buff *skb);
	struct neighbour	*(*neigh_lookup)(const struct dst_entry *dst,
						 struct sk_buff *skb,
						 const void *daddr);
	void			(*confirm_neigh)(const struct dst_entry *dst,
						 const void *daddr);

	struct kmem_cache	*kmem_cachep;
};

#endif
