// SPDX-License-Identifier: GPL-2.0
/*
 * netfilter.c - hook registration (linux/netfilter.h): each registered
 * hook has an entry, in ascending priority per protocol family and hook
 * number as the kernel keeps them; nf_hook()/NF_HOOK() run them
 * (nf_hook_slow(), net/netfilter/core.c's verdict handling). A hook left
 * registered at unload is reported and its entry left allocated, so the
 * leak accounting counts it.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/netfilter.h>
#include <linux/netfilter_ipv4.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/mutex.h>
#include <linux/socket.h>
#include <net/checksum.h>
#include <qdk/unmodelled.h>
#include <linux/skbuff.h>
#include <linux/slab.h>

#include "shim.h"

struct nf_hook_reg {
	struct list_head list;
	struct net *net;
	const struct nf_hook_ops *ops;
	unsigned long seq;		/* registration order */
};

static LIST_HEAD(nf_hooks);
static unsigned long nf_hook_seq;

static void nf_hook_caches_drop(void);

int nf_register_net_hook(struct net *net, const struct nf_hook_ops *reg)
{
	struct nf_hook_reg *e, *pos;

	if (reg->pf >= NFPROTO_NUMPROTO)
		return -EINVAL;
	if ((reg->pf == NFPROTO_IPV4 || reg->pf == NFPROTO_IPV6 || reg->pf == NFPROTO_INET) &&
	    reg->hooknum >= NF_INET_NUMHOOKS &&
	    !(reg->pf == NFPROTO_INET && reg->hooknum == NF_INET_INGRESS))
		return -EINVAL;
	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	e->net = net;
	e->ops = reg;
	e->seq = ++nf_hook_seq;
	nf_hook_caches_drop();
	/* after the hooks of the same or a lower priority */
	list_for_each_entry(pos, &nf_hooks, list)
		if (pos->ops->pf == reg->pf && pos->ops->hooknum == reg->hooknum &&
		    pos->ops->priority > reg->priority)
			break;
	list_add_tail(&e->list, &pos->list);
	return 0;
}

void nf_unregister_net_hook(struct net *net, const struct nf_hook_ops *reg)
{
	struct nf_hook_reg *e;

	list_for_each_entry(e, &nf_hooks, list) {
		if (e->ops == reg && e->net == net) {
			list_del(&e->list);
			kfree(e);
			nf_hook_caches_drop();
			return;
		}
	}
	WARN_ONCE(1, "hook not found, pf %d num %d", reg->pf, reg->hooknum);
}

int nf_register_net_hooks(struct net *net, const struct nf_hook_ops *reg, unsigned int n)
{
	unsigned int i;
	int err;

	for (i = 0; i < n; i++) {
		err = nf_register_net_hook(net, &reg[i]);
		if (err) {
			if (i > 0)
				nf_unregister_net_hooks(net, reg, i);
			return err;
		}
	}
	return 0;
}

void nf_unregister_net_hooks(struct net *net, const struct nf_hook_ops *reg, unsigned int n)
{
	while (n-- > 0)
		nf_unregister_net_hook(net, &reg[n]);
}

/* how many hooks are registered (the tests) */
unsigned int qdk_nf_hooks_registered(void)
{
	struct nf_hook_reg *e;
	unsigned int n = 0;

	list_for_each_entry(e, &nf_hooks, list)
		n++;
	return n;
}

/* at unload: each hook a module left registered, said; its entry stays a leak */
void qdk_nf_hooks_report(void)
{
	struct nf_hook_reg *e, *tmp;

	nf_hook_caches_drop();
	list_for_each_entry_safe(e, tmp, &nf_hooks, list) {
		pr_err("qdk: netfilter hook (pf %u, hook %u, priority %d) still registered at module unload\n",
		       e->ops->pf, e->ops->hooknum, e->ops->priority);
		list_del_init(&e->list);
	}
}

/* ---- running the hooks (net/netfilter/core.c) ----------------------------- */

/*
 * The hooks nf_hook() runs for a (net, family, hook number), built from the
 * registrations on first use and dropped at the next (un)registration: an
 * inet hook is in both the IPv4 and the IPv6 lists, as the kernel registers
 * it twice; lowest priority first, the earlier registration first among
 * equals.
 */
struct nf_hook_cache {
	struct list_head list;
	struct net *net;
	u8 pf;
	unsigned int hooknum;
	struct nf_hook_entries *entries;
};

static LIST_HEAD(nf_hook_caches);

static void nf_hook_caches_drop(void)
{
	struct nf_hook_cache *c, *tmp;

	list_for_each_entry_safe(c, tmp, &nf_hook_caches, list) {
		list_del(&c->list);
		kfree(c->entries);
		kfree(c);
	}
}

static bool nf_hook_reg_applies(const struct nf_hook_reg *r, struct net *net, u8 pf,
				unsigned int hooknum)
{
	if (r->net != net || r->ops->hooknum != hooknum)
		return false;
	return r->ops->pf == pf ||
	       (r->ops->pf == NFPROTO_INET && (pf == NFPROTO_IPV4 || pf == NFPROTO_IPV6));
}

/* does a run before b? */
static bool nf_hook_reg_before(const struct nf_hook_reg *a, const struct nf_hook_reg *b)
{
	if (a->ops->priority != b->ops->priority)
		return a->ops->priority < b->ops->priority;
	return a->seq < b->seq;
}

const struct nf_hook_entries *__qdk_nf_hook_entries(struct net *net, u_int8_t pf,
						    unsigned int hooknum)
{
	const struct nf_hook_ops **orig_ops;
	struct nf_hook_entries *e;
	struct nf_hook_reg *r, *next, *prev = NULL;
	struct nf_hook_cache *c;
	unsigned int n = 0, i;

	list_for_each_entry(c, &nf_hook_caches, list)
		if (c->net == net && c->pf == pf && c->hooknum == hooknum)
			return c->entries;

	list_for_each_entry(r, &nf_hooks, list)
		if (nf_hook_reg_applies(r, net, pf, hooknum))
			n++;
	if (!n)
		return NULL;

	c = kzalloc(sizeof(*c), GFP_ATOMIC);
	e = kzalloc(struct_size(e, hooks, n) + n * sizeof(*orig_ops), GFP_ATOMIC);
	if (!c || !e) {
		kfree(c);
		kfree(e);
		return NULL;	/* as though no hook were registered */
	}
	e->num_hook_entries = n;
	orig_ops = (const struct nf_hook_ops **)nf_hook_entries_get_hook_ops(e);
	/* selection in order: the next after prev */
	for (i = 0; i < n; i++) {
		next = NULL;
		list_for_each_entry(r, &nf_hooks, list) {
			if (!nf_hook_reg_applies(r, net, pf, hooknum))
				continue;
			if (prev && !nf_hook_reg_before(prev, r))
				continue;
			if (!next || nf_hook_reg_before(r, next))
				next = r;
		}
		e->hooks[i].hook = next->ops->hook;
		e->hooks[i].priv = next->ops->priv;
		orig_ops[i] = next->ops;
		prev = next;
	}
	c->net = net;
	c->pf = pf;
	c->hooknum = hooknum;
	c->entries = e;
	list_add(&c->list, &nf_hook_caches);
	return e;
}

int nf_hook_slow(struct sk_buff *skb, struct nf_hook_state *state,
		 const struct nf_hook_entries *e, unsigned int s)
{
	unsigned int verdict;
	int ret;

	for (; s < e->num_hook_entries; s++) {
		verdict = nf_hook_entry_hookfn(&e->hooks[s], skb, state);
		switch (verdict & NF_VERDICT_MASK) {
		case NF_ACCEPT:
			break;
		case NF_DROP:
			/* the kernel says SKB_DROP_REASON_NETFILTER_DROP, which the
			 * shim's reasons lack (nothing here reads it)
			 */
			kfree_skb(skb);
			ret = NF_DROP_GETERR(verdict);
			return ret ? ret : -EPERM;
		case NF_QUEUE:
			/* no queue handler (nfnetlink_queue) is loaded */
			if (verdict & NF_VERDICT_FLAG_QUEUE_BYPASS)
				continue;
			kfree_skb(skb);
			return 0;
		case NF_STOLEN:
			return NF_DROP_GETERR(verdict);
		default:
			WARN_ON_ONCE(1);
			return 0;
		}
	}
	return 1;
}
EXPORT_SYMBOL(nf_hook_slow);

void nf_hook_slow_list(struct list_head *head, struct nf_hook_state *state,
		       const struct nf_hook_entries *e)
{
	struct sk_buff *skb, *next;
	LIST_HEAD(sublist);

	list_for_each_entry_safe(skb, next, head, list) {
		skb_list_del_init(skb);
		if (nf_hook_slow(skb, state, e, 0) == 1)
			list_add_tail(&skb->list, &sublist);
	}
	list_splice(&sublist, head);
}
EXPORT_SYMBOL(nf_hook_slow_list);

/* ---- conntrack's hooks: none registered ----------------------------------- */

const struct nf_ct_hook __rcu *nf_ct_hook;
EXPORT_SYMBOL_GPL(nf_ct_hook);

void nf_ct_attach(struct sk_buff *new, const struct sk_buff *skb)
{
	const struct nf_ct_hook *ct_hook;

	if (!skb->_nfct)
		return;
	rcu_read_lock();
	ct_hook = rcu_dereference(nf_ct_hook);
	if (ct_hook)
		ct_hook->attach(new, skb);
	rcu_read_unlock();
}
EXPORT_SYMBOL(nf_ct_attach);

void nf_ct_set_closing(struct nf_conntrack *nfct)
{
	const struct nf_ct_hook *ct_hook;

	if (!nfct)
		return;
	rcu_read_lock();
	ct_hook = rcu_dereference(nf_ct_hook);
	if (ct_hook)
		ct_hook->set_closing(nfct);
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(nf_ct_set_closing);

/* false: no conntrack module has a tuple for the packet */
bool nf_ct_get_tuple_skb(struct nf_conntrack_tuple *dst_tuple, const struct sk_buff *skb)
{
	const struct nf_ct_hook *ct_hook;
	bool ret = false;

	rcu_read_lock();
	ct_hook = rcu_dereference(nf_ct_hook);
	if (ct_hook)
		ret = ct_hook->get_tuple_skb(dst_tuple, skb);
	rcu_read_unlock();
	return ret;
}
EXPORT_SYMBOL(nf_ct_get_tuple_skb);

/* ---- NAT, ctnetlink, defragmentation: no module loaded ------------------- */

const struct nf_nat_hook __rcu *nf_nat_hook __read_mostly;
EXPORT_SYMBOL_GPL(nf_nat_hook);
const struct nfnl_ct_hook __rcu *nfnl_ct_hook __read_mostly;
EXPORT_SYMBOL_GPL(nfnl_ct_hook);
const struct nf_defrag_hook __rcu *nf_defrag_v4_hook __read_mostly;
EXPORT_SYMBOL_GPL(nf_defrag_v4_hook);
const struct nf_defrag_hook __rcu *nf_defrag_v6_hook __read_mostly;
EXPORT_SYMBOL_GPL(nf_defrag_v6_hook);
u8 nf_ctnetlink_has_listener;
EXPORT_SYMBOL_GPL(nf_ctnetlink_has_listener);

/* ---- socket option ranges (net/netfilter/nf_sockopt.c) -------------------- */

static LIST_HEAD(nf_sockopts);
static DEFINE_MUTEX(nf_sockopt_mutex);

/* do [min1, max1) and [min2, max2) share an option? */
static bool nf_sockopt_overlap(int min1, int max1, int min2, int max2)
{
	return max1 > min2 && min1 < max2;
}

int nf_register_sockopt(struct nf_sockopt_ops *reg)
{
	struct nf_sockopt_ops *ops;
	int ret = 0;

	mutex_lock(&nf_sockopt_mutex);
	list_for_each_entry(ops, &nf_sockopts, list) {
		if (ops->pf == reg->pf &&
		    (nf_sockopt_overlap(ops->set_optmin, ops->set_optmax,
					reg->set_optmin, reg->set_optmax) ||
		     nf_sockopt_overlap(ops->get_optmin, ops->get_optmax,
					reg->get_optmin, reg->get_optmax))) {
			pr_debug("nf_sock overlap: %u-%u/%u-%u v %u-%u/%u-%u\n",
				 ops->set_optmin, ops->set_optmax, ops->get_optmin,
				 ops->get_optmax, reg->set_optmin, reg->set_optmax,
				 reg->get_optmin, reg->get_optmax);
			ret = -EBUSY;
			goto out;
		}
	}
	list_add(&reg->list, &nf_sockopts);
out:
	mutex_unlock(&nf_sockopt_mutex);
	return ret;
}
EXPORT_SYMBOL(nf_register_sockopt);

void nf_unregister_sockopt(struct nf_sockopt_ops *reg)
{
	mutex_lock(&nf_sockopt_mutex);
	list_del(&reg->list);
	mutex_unlock(&nf_sockopt_mutex);
}
EXPORT_SYMBOL(nf_unregister_sockopt);

/* the ops whose set (or get) range holds val, NULL when none */
static struct nf_sockopt_ops *nf_sockopt_find(u8 pf, int val, bool get)
{
	struct nf_sockopt_ops *ops;

	mutex_lock(&nf_sockopt_mutex);
	list_for_each_entry(ops, &nf_sockopts, list) {
		if (ops->pf != pf)
			continue;
		if (get ? (val >= ops->get_optmin && val < ops->get_optmax) :
			  (val >= ops->set_optmin && val < ops->set_optmax))
			goto out;
	}
	ops = NULL;
out:
	mutex_unlock(&nf_sockopt_mutex);
	return ops;
}

int nf_setsockopt(struct sock *sk, u_int8_t pf, int val, sockptr_t opt, unsigned int len)
{
	struct nf_sockopt_ops *ops = nf_sockopt_find(pf, val, false);

	if (!ops)
		return -ENOPROTOOPT;
	return ops->set(sk, val, opt, len);
}
EXPORT_SYMBOL(nf_setsockopt);

int nf_getsockopt(struct sock *sk, u_int8_t pf, int val, char __user *opt, int *len)
{
	struct nf_sockopt_ops *ops = nf_sockopt_find(pf, val, true);

	if (!ops)
		return -ENOPROTOOPT;
	return ops->get(sk, val, opt, len);
}
EXPORT_SYMBOL(nf_getsockopt);

/* ---- IPv4 (net/netfilter/utils.c, net/ipv4/netfilter.c) ------------------- */

__sum16 nf_ip_checksum(struct sk_buff *skb, unsigned int hook,
		       unsigned int dataoff, u8 protocol)
{
	const struct iphdr *iph = ip_hdr(skb);
	bool l4 = protocol == IPPROTO_TCP || protocol == IPPROTO_UDP;

	switch (skb->ip_summed) {
	case CHECKSUM_COMPLETE:
		/* the device's sum is trusted only on input */
		if (hook != NF_INET_PRE_ROUTING && hook != NF_INET_LOCAL_IN)
			return 0;
		if ((!l4 && !csum_fold(skb->csum)) ||
		    !csum_tcpudp_magic(iph->saddr, iph->daddr, skb->len - dataoff,
				       protocol, skb->csum)) {
			skb->ip_summed = CHECKSUM_UNNECESSARY;
			return 0;
		}
		fallthrough;
	case CHECKSUM_NONE:
		/* TCP and UDP sum their pseudo header too */
		skb->csum = l4 ? csum_tcpudp_nofold(iph->saddr, iph->daddr, skb->len - dataoff,
						    protocol, 0) : 0;
		return __skb_checksum_complete(skb);
	}
	return 0;
}
EXPORT_SYMBOL(nf_ip_checksum);

int ip_route_me_harder(struct net *net, struct sock *sk, struct sk_buff *skb,
		       unsigned int addr_type)
{
	QDK_UNMODELLED(ip_route_me_harder, "no routes (IPv4 routing tables)");
}
EXPORT_SYMBOL(ip_route_me_harder);

int nf_ip_route(struct net *net, struct dst_entry **dst, struct flowi *fl, bool strict)
{
	QDK_UNMODELLED(nf_ip_route, "no routes (IPv4 routing tables)");
}
EXPORT_SYMBOL_GPL(nf_ip_route);

/* ---- checksums of either family (net/netfilter/utils.c) ------------------- */

/* the IPv4 sum over len bytes from dataoff only */
static __sum16 nf_ip_checksum_partial(struct sk_buff *skb, unsigned int hook,
				      unsigned int dataoff, unsigned int len, u8 protocol)
{
	const struct iphdr *iph = ip_hdr(skb);

	switch (skb->ip_summed) {
	case CHECKSUM_COMPLETE:
		/* the device's sum covers the whole transport part */
		if (len == skb->len - dataoff)
			return nf_ip_checksum(skb, hook, dataoff, protocol);
		fallthrough;
	case CHECKSUM_NONE:
		skb->csum = csum_tcpudp_nofold(iph->saddr, iph->daddr, skb->len - dataoff,
					       protocol, 0);
		skb->ip_summed = CHECKSUM_NONE;
		return __skb_checksum_complete_head(skb, dataoff + len);
	}
	return 0;
}

/*
 * The IPv6 pseudo header (RFC 8200 8.1: addresses, upper-layer length,
 * next header) added to sum, folded: csum_ipv6_magic()'s arithmetic
 */
static __sum16 nf_ip6_pseudo_fold(const struct ipv6hdr *ip6h, u32 len, u8 proto, __wsum sum)
{
	__be32 tail[2] = { htonl(len), htonl(proto) };

	sum = csum_partial(&ip6h->saddr, sizeof(ip6h->saddr), sum);
	sum = csum_partial(&ip6h->daddr, sizeof(ip6h->daddr), sum);
	sum = csum_partial(tail, sizeof(tail), sum);
	return csum_fold(sum);
}

/* skb->csum for a sum from dataoff on: the pseudo header less the IPv6 headers */
static __wsum nf_ip6_start_sum(struct sk_buff *skb, unsigned int dataoff, u8 protocol)
{
	__wsum hsum = skb_checksum(skb, 0, dataoff, 0);

	return ~csum_unfold(nf_ip6_pseudo_fold(ipv6_hdr(skb), skb->len - dataoff, protocol,
					      csum_sub(0, hsum)));
}

static __sum16 nf_ip6_checksum(struct sk_buff *skb, unsigned int hook,
			       unsigned int dataoff, u8 protocol)
{
	switch (skb->ip_summed) {
	case CHECKSUM_COMPLETE:
		if (hook != NF_INET_PRE_ROUTING && hook != NF_INET_LOCAL_IN)
			return 0;
		/* the device's sum covers the IPv6 headers too: take them out */
		if (!nf_ip6_pseudo_fold(ipv6_hdr(skb), skb->len - dataoff, protocol,
					csum_sub(skb->csum, skb_checksum(skb, 0, dataoff, 0)))) {
			skb->ip_summed = CHECKSUM_UNNECESSARY;
			return 0;
		}
		fallthrough;
	case CHECKSUM_NONE:
		skb->csum = nf_ip6_start_sum(skb, dataoff, protocol);
		return __skb_checksum_complete(skb);
	}
	return 0;
}

static __sum16 nf_ip6_checksum_partial(struct sk_buff *skb, unsigned int hook,
				       unsigned int dataoff, unsigned int len, u8 protocol)
{
	switch (skb->ip_summed) {
	case CHECKSUM_COMPLETE:
		if (len == skb->len - dataoff)
			return nf_ip6_checksum(skb, hook, dataoff, protocol);
		fallthrough;
	case CHECKSUM_NONE:
		skb->csum = nf_ip6_start_sum(skb, dataoff, protocol);
		skb->ip_summed = CHECKSUM_NONE;
		return __skb_checksum_complete_head(skb, dataoff + len);
	}
	return 0;
}

__sum16 nf_checksum(struct sk_buff *skb, unsigned int hook, unsigned int dataoff,
		    u8 protocol, unsigned short family)
{
	switch (family) {
	case AF_INET:
		return nf_ip_checksum(skb, hook, dataoff, protocol);
	case AF_INET6:
		return nf_ip6_checksum(skb, hook, dataoff, protocol);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(nf_checksum);

__sum16 nf_checksum_partial(struct sk_buff *skb, unsigned int hook, unsigned int dataoff,
			    unsigned int len, u8 protocol, unsigned short family)
{
	switch (family) {
	case AF_INET:
		return nf_ip_checksum_partial(skb, hook, dataoff, len, protocol);
	case AF_INET6:
		return nf_ip6_checksum_partial(skb, hook, dataoff, len, protocol);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(nf_checksum_partial);

int nf_route(struct net *net, struct dst_entry **dst, struct flowi *fl, bool strict,
	     unsigned short family)
{
	QDK_UNMODELLED(nf_route, "no routes (routing tables)");
}
EXPORT_SYMBOL_GPL(nf_route);
