// SPDX-License-Identifier: GPL-2.0
/*
 * netfilter.c - hook registration (linux/netfilter.h): each registered
 * hook has an entry, in ascending priority per protocol family and hook
 * number as the kernel keeps them; nothing calls the hooks. A hook left
 * registered at unload is reported and its entry left allocated, so the
 * leak accounting counts it.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/netfilter.h>
#include <linux/slab.h>

#include "shim.h"

struct nf_hook_reg {
	struct list_head list;
	struct net *net;
	const struct nf_hook_ops *ops;
};

static LIST_HEAD(nf_hooks);

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

	list_for_each_entry_safe(e, tmp, &nf_hooks, list) {
		pr_err("qdk: netfilter hook (pf %u, hook %u, priority %d) still registered at module unload\n",
		       e->ops->pf, e->ops->hooknum, e->ops->priority);
		list_del_init(&e->list);
	}
}
