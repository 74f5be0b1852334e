/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Netfilter hooks as a module registers them (shim/lib/netfilter.c): the
 * uapi verdicts and hook numbers (NF_ACCEPT, NF_INET_PRE_ROUTING,
 * NFPROTO_IPV4 ...) through #include_next, struct nf_hook_ops and
 * nf_register_net_hook(s)() / nf_unregister_net_hook(s)(); NF_HOOK() and
 * nf_hook() run the hooks a module registered, as the kernel's core does
 * (the replay's packets never pass one). A registration is tracked (an
 * allocation, as the kernel's hook entries are), an unregistration of a
 * hook not registered warns as the kernel does, and a hook still
 * registered when the modules are unloaded (qdk_exit()) is reported and
 * counted as a leak. No conntrack module is loaded (nf_ct_hook is NULL).
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
#include <linux/build_bug.h>
#include <linux/overflow.h>
#include <linux/rcupdate.h>
#include <linux/version.h>
#include <linux/sockptr.h>
#include_next <linux/netfilter.h>
#include <linux/netfilter/nf_conntrack_common.h>

struct net;
struct net_device;
struct sock;

/* a verdict's errno (NF_DROP_ERR()), and a drop with its reason and errno */
static inline int NF_DROP_GETERR(int verdict)
{
	return -(verdict >> NF_VERDICT_QBITS);
}

static __always_inline int
NF_DROP_REASON(struct sk_buff *skb, enum skb_drop_reason reason, u32 err)
{
	BUILD_BUG_ON(err > 0xffff);
	kfree_skb_reason(skb, reason);
	return (err << 16) | NF_STOLEN;
}

static inline int nf_inet_addr_cmp(const union nf_inet_addr *a1,
				   const union nf_inet_addr *a2)
{
	return a1->all[0] == a2->all[0] && a1->all[1] == a2->all[1] &&
	       a1->all[2] == a2->all[2] && a1->all[3] == a2->all[3];
}

static inline void nf_inet_addr_mask(const union nf_inet_addr *a1,
				     union nf_inet_addr *result,
				     const union nf_inet_addr *mask)
{
	int i;

	for (i = 0; i < 4; i++)
		result->all[i] = a1->all[i] & mask->all[i];
}


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
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	NF_HOOK_OP_NFT_FT,
	NF_HOOK_OP_NAT,
#endif
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

/*
 * The hooks of one family and hook number, in the order they run (lowest
 * priority first), as nf_hook() finds them: the functions, then (past
 * hooks[num_hook_entries]) the ops they were registered with.
 */
struct nf_hook_entry {
	nf_hookfn			*hook;
	void				*priv;
};

struct nf_hook_entries_rcu_head {
	struct rcu_head head;
	void	*allocation;
};

struct nf_hook_entries {
	u16				num_hook_entries;
	struct nf_hook_entry		hooks[];
	/* then const struct nf_hook_ops *orig_ops[num_hook_entries] */
};

static inline struct nf_hook_ops **nf_hook_entries_get_hook_ops(const struct nf_hook_entries *e)
{
	return (struct nf_hook_ops **)&e->hooks[e->num_hook_entries];
}

static inline int
nf_hook_entry_hookfn(const struct nf_hook_entry *entry, struct sk_buff *skb,
		     struct nf_hook_state *state)
{
	return entry->hook(entry->priv, skb, state);
}

static inline void nf_hook_state_init(struct nf_hook_state *p, unsigned int hook, u_int8_t pf,
				      struct net_device *indev, struct net_device *outdev,
				      struct sock *sk, struct net *net,
				      int (*okfn)(struct net *, struct sock *, struct sk_buff *))
{
	p->hook = hook;
	p->pf = pf;
	p->in = indev;
	p->out = outdev;
	p->sk = sk;
	p->net = net;
	p->okfn = okfn;
}

/* a NAT type's own hooks, run from its one hook registration */
struct nf_nat_lookup_hook_priv {
	struct nf_hook_entries __rcu *entries;
	struct rcu_head rcu_head;
};

/*
 * A module's [gs]etsockopt() range for a protocol family (lib/netfilter.c):
 * options optmin <= optval < optmax reach its set or get; ranges of one
 * family may not overlap (-EBUSY).
 */
struct nf_sockopt_ops {
	struct list_head list;
	u_int8_t pf;
	int set_optmin;
	int set_optmax;
	int (*set)(struct sock *sk, int optval, sockptr_t arg, unsigned int len);
	int get_optmin;
	int get_optmax;
	int (*get)(struct sock *sk, int optval, void __user *user, int *len);
	struct module *owner;
};

int nf_register_sockopt(struct nf_sockopt_ops *reg);
void nf_unregister_sockopt(struct nf_sockopt_ops *reg);
/* the registered range's handler's answer, -ENOPROTOOPT when none has optval */
int nf_setsockopt(struct sock *sk, u_int8_t pf, int optval, sockptr_t opt, unsigned int len);
int nf_getsockopt(struct sock *sk, u_int8_t pf, int optval, char __user *opt, int *len);

int nf_register_net_hook(struct net *net, const struct nf_hook_ops *ops);
void nf_unregister_net_hook(struct net *net, const struct nf_hook_ops *ops);
int nf_register_net_hooks(struct net *net, const struct nf_hook_ops *reg, unsigned int n);
void nf_unregister_net_hooks(struct net *net, const struct nf_hook_ops *reg, unsigned int n);

/*
 * Running the hooks (lib/netfilter.c): nf_hook_slow() calls them from
 * hook s on; a drop frees the packet (-EPERM or the verdict's errno), a
 * stolen packet is the hook's (0), a queued one has no queue handler here
 * and is dropped (0), or let through with NF_VERDICT_FLAG_QUEUE_BYPASS;
 * 1 when every hook accepted it.
 */
int nf_hook_slow(struct sk_buff *skb, struct nf_hook_state *state,
		 const struct nf_hook_entries *e, unsigned int i);
void nf_hook_slow_list(struct list_head *head, struct nf_hook_state *state,
		       const struct nf_hook_entries *e);

/* the hooks registered in net for pf and hook, NULL when there are none */
const struct nf_hook_entries *__qdk_nf_hook_entries(struct net *net, u_int8_t pf,
						    unsigned int hook);

/* 1: go on (the caller calls okfn), else the packet is gone: 0 or -errno */
static inline int nf_hook(u_int8_t pf, unsigned int hook, struct net *net,
			  struct sock *sk, struct sk_buff *skb,
			  struct net_device *indev, struct net_device *outdev,
			  int (*okfn)(struct net *, struct sock *, struct sk_buff *))
{
	const struct nf_hook_entries *hook_head;
	struct nf_hook_state state;
	int ret = 1;

	rcu_read_lock();
	hook_head = __qdk_nf_hook_entries(net, pf, hook);
	if (hook_head) {
		nf_hook_state_init(&state, hook, pf, indev, outdev, sk, net, okfn);
		ret = nf_hook_slow(skb, &state, hook_head, 0);
	}
	rcu_read_unlock();
	return ret;
}

static inline int
NF_HOOK_COND(uint8_t pf, unsigned int hook, struct net *net, struct sock *sk,
	     struct sk_buff *skb, struct net_device *in, struct net_device *out,
	     int (*okfn)(struct net *, struct sock *, struct sk_buff *),
	     bool cond)
{
	int ret;

	if (!cond || ((ret = nf_hook(pf, hook, net, sk, skb, in, out, okfn)) == 1))
		ret = okfn(net, sk, skb);
	return ret;
}

static inline int
NF_HOOK(uint8_t pf, unsigned int hook, struct net *net, struct sock *sk, struct sk_buff *skb,
	struct net_device *in, struct net_device *out,
	int (*okfn)(struct net *, struct sock *, struct sk_buff *))
{
	int ret = nf_hook(pf, hook, net, sk, skb, in, out, okfn);

	if (ret == 1)
		ret = okfn(net, sk, skb);
	return ret;
}

/* the packets of head that every hook accepted stay on it */
static inline void
NF_HOOK_LIST(uint8_t pf, unsigned int hook, struct net *net, struct sock *sk,
	     struct list_head *head, struct net_device *in, struct net_device *out,
	     int (*okfn)(struct net *, struct sock *, struct sk_buff *))
{
	const struct nf_hook_entries *hook_head;
	struct nf_hook_state state;

	rcu_read_lock();
	hook_head = __qdk_nf_hook_entries(net, pf, hook);
	if (hook_head) {
		nf_hook_state_init(&state, hook, pf, in, out, sk, net, okfn);
		nf_hook_slow_list(head, &state, hook_head);
	}
	rcu_read_unlock();
}

/*
 * The transport checksum of an IPv4 or IPv6 packet (lib/netfilter.c), as
 * nf_ip_checksum() checks it: 0 when valid; _partial() covers only len
 * bytes from dataoff (a sum the device computed over all of them is not used).
 * Another family is not checked (0).
 */
__sum16 nf_checksum(struct sk_buff *skb, unsigned int hook, unsigned int dataoff,
		    u_int8_t protocol, unsigned short family);
__sum16 nf_checksum_partial(struct sk_buff *skb, unsigned int hook, unsigned int dataoff,
			    unsigned int len, u_int8_t protocol, unsigned short family);
struct dst_entry;
struct flowi;
/* a route for a packet a hook made: no routes here, stops the call */
int nf_route(struct net *net, struct dst_entry **dst, struct flowi *fl, bool strict,
	     unsigned short family);

/*
 * NAT's, ctnetlink's and defragmentation's entry points: NULL while their
 * modules are not loaded, as here (nothing decodes, builds or defragments)
 */
struct nf_conn;
struct nlattr;
enum nf_nat_manip_type;
enum ip_conntrack_dir;

struct nf_nat_hook {
	int (*parse_nat_setup)(struct nf_conn *ct, enum nf_nat_manip_type manip,
			       const struct nlattr *attr);
	void (*decode_session)(struct sk_buff *skb, struct flowi *fl);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	unsigned int (*manip_pkt)(struct sk_buff *skb, struct nf_conn *ct,
				  enum nf_nat_manip_type mtype, enum ip_conntrack_dir dir);
#endif
	void (*remove_nat_bysrc)(struct nf_conn *ct);
};

extern const struct nf_nat_hook __rcu *nf_nat_hook;

/* a NAT module's view of the packet's flow, for a re-route */
static inline void nf_nat_decode_session(struct sk_buff *skb, struct flowi *fl, u_int8_t family)
{
	const struct nf_nat_hook *nat_hook;

	rcu_read_lock();
	nat_hook = rcu_dereference(nf_nat_hook);
	if (nat_hook && nat_hook->decode_session)
		nat_hook->decode_session(skb, fl);
	rcu_read_unlock();
}

struct nfnl_ct_hook {
	size_t (*build_size)(const struct nf_conn *ct);
	int (*build)(struct sk_buff *skb, struct nf_conn *ct, enum ip_conntrack_info ctinfo,
		     u_int16_t ct_attr, u_int16_t ct_info_attr);
	int (*parse)(const struct nlattr *attr, struct nf_conn *ct);
	int (*attach_expect)(const struct nlattr *attr, struct nf_conn *ct, u32 portid,
			     u32 report);
	void (*seq_adjust)(struct sk_buff *skb, struct nf_conn *ct,
			   enum ip_conntrack_info ctinfo, s32 off);
};
extern const struct nfnl_ct_hook __rcu *nfnl_ct_hook;

struct nf_defrag_hook {
	struct module *owner;
	int (*enable)(struct net *net);
	void (*disable)(struct net *net);
};

extern const struct nf_defrag_hook __rcu *nf_defrag_v4_hook;
extern const struct nf_defrag_hook __rcu *nf_defrag_v6_hook;

/* the ctnetlink event groups someone listens to (none here) */
extern u8 nf_ctnetlink_has_listener;

/* conntrack's entry points, NULL while no conntrack module is loaded (the
 * shim has none): nothing is attached or tracked
 */
struct nf_conntrack_tuple;
struct nf_conntrack;

struct nf_ct_hook {
	int (*update)(struct net *net, struct sk_buff *skb);
	void (*destroy)(struct nf_conntrack *);
	bool (*get_tuple_skb)(struct nf_conntrack_tuple *, const struct sk_buff *);
	void (*attach)(struct sk_buff *nskb, const struct sk_buff *skb);
	void (*set_closing)(struct nf_conntrack *nfct);
	int (*confirm)(struct sk_buff *skb);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	u32 (*get_id)(const struct nf_conntrack *nfct);
#endif
};
extern const struct nf_ct_hook __rcu *nf_ct_hook;

void nf_ct_attach(struct sk_buff *new, const struct sk_buff *skb);
void nf_ct_set_closing(struct nf_conntrack *nfct);
bool nf_ct_get_tuple_skb(struct nf_conntrack_tuple *dst_tuple, const struct sk_buff *skb);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/jump_label.h>
#include <linux/netdevice.h>
#include <net/net_namespace.h>
#include <linux/bvec.h>
#include <linux/uidgid.h>
#endif
