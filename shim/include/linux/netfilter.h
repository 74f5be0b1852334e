/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Netfilter hooks as a module registers them (shim/lib/netfilter.c): the
 * uapi verdicts and hook numbers (NF_ACCEPT, NF_INET_PRE_ROUTING,
 * NFPROTO_IPV4 ...) through #include_next, struct nf_hook_ops and
 * nf_register_net_hook(s)() / nf_unregister_net_hook(s)(). The replay
 * never calls a hook; a registration is tracked (an allocation, as the
 * kernel's hook entries are), an unregistration of a hook not registered
 * warns as the kernel does, and a hook still registered when the modules
 * are unloaded (qdk_exit()) is reported and counted as a leak.
 */
#ifndef _QDK_SHIM_LINUX_NETFILTER_H
#define _QDK_SHIM_LINUX_NETFILTER_H

#include <linux/init.h>
#include <linux/skbuff.h>
#include <linux/net.h>
#include <linux/if.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/wait.h>
#include <linux/list.h>
#include_next <linux/netfilter.h>

struct net;
struct net_device;
struct sock;

struct nf_hook_state {
	u8 hook;
	u8 pf;
	struct net_device *in;
	struct net_device *out;
	struct sock *sk;
	struct net *net;
	int (*okfn)(struct net *net, struct sock *sk, struct sk_buff *skb);
};

typedef unsigned int nf_hookfn(void *priv, struct sk_buff *skb,
			       const struct nf_hook_state *state);

enum nf_hook_ops_type {
	NF_HOOK_OP_UNDEFINED,
	NF_HOOK_OP_NF_TABLES,
	NF_HOOK_OP_BPF,
};

struct nf_hook_ops {
	struct rcu_head		rcu;
	/* User fills in from here down. */
	nf_hookfn		*hook;
	struct net_device	*dev;
	void			*priv;
	u8			pf;
	enum nf_hook_ops_type	hook_ops_type:8;
	unsigned int		hooknum;
	/* Hooks are ordered in ascending priority. */
	int			priority;
};

int nf_register_net_hook(struct net *net, const struct nf_hook_ops *ops);
void nf_unregister_net_hook(struct net *net, const struct nf_hook_ops *ops);
int nf_register_net_hooks(struct net *net, const struct nf_hook_ops *reg, unsigned int n);
void nf_unregister_net_hooks(struct net *net, const struct nf_hook_ops *reg, unsigned int n);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/netdevice.h>
#include <net/net_namespace.h>
#endif
