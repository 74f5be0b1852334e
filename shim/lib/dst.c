// SPDX-License-Identifier: GPL-2.0
/*
 * dst.c - route entries' life (the kernel's net/core/dst.c): made from a
 * protocol's dst_ops and its kmem_cache, counted, and destroyed after the
 * last reference's RCU grace period (the shim's call_rcu() runs the
 * callback at once: no reader outlives the call). The shim makes no entry
 * itself (it routes nothing); these serve a source or a test that does.
 * Not kept: the per-protocol entry count (dst_ops has no pcpuc_entries
 * here, net/dst_ops.h), metadata and xfrm bundles (no such entries can be
 * made in the shim), and the blackhole device a dead entry is moved to.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <net/dst.h>
#include <qdk/unmodelled.h>

/* a route that leads nowhere: the packet is freed */
int dst_discard_out(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	kfree_skb(skb);
	return 0;
}
EXPORT_SYMBOL(dst_discard_out);

/* every metric 0, read-only: what a new entry points to until it writes one */
const struct dst_metrics dst_default_metrics = {
	.refcnt = REFCOUNT_INIT(1),
};
EXPORT_SYMBOL(dst_default_metrics);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void dst_init(struct dst_entry *dst, struct dst_ops *ops,
	      struct net_device *dev, int initial_obsolete,
	      unsigned short flags)
#else
void dst_init(struct dst_entry *dst, struct dst_ops *ops,
	      struct net_device *dev, int initial_ref, int initial_obsolete,
	      unsigned short flags)
#endif
{
	dst->dev = dev;
	netdev_hold(dev, &dst->dev_tracker, GFP_ATOMIC);
	dst->ops = ops;
	dst_init_metrics(dst, dst_default_metrics.metrics, true);
	dst->expires = 0UL;
	dst->xfrm = NULL;
	dst->input = dst_discard;
	dst->output = dst_discard_out;
	dst->error = 0;
	dst->obsolete = initial_obsolete;
	dst->header_len = 0;
	dst->trailer_len = 0;
	dst->tclassid = 0;
	dst->lwtstate = NULL;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* from 6.12 an entry starts with the one reference of its maker */
	rcuref_init(&dst->__rcuref, 1);
	INIT_LIST_HEAD(&dst->rt_uncached);
	dst->rt_uncached_list = NULL;
#else
	atomic_set(&dst->__refcnt, initial_ref);
#endif
	dst->__use = 0;
	dst->lastuse = jiffies;
	dst->flags = flags;
}
EXPORT_SYMBOL(dst_init);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void *dst_alloc(struct dst_ops *ops, struct net_device *dev,
		int initial_obsolete, unsigned short flags)
#else
void *dst_alloc(struct dst_ops *ops, struct net_device *dev, int initial_ref,
		int initial_obsolete, unsigned short flags)
#endif
{
	/* atomic: routes are made in softirq context too */
	struct dst_entry *dst = kmem_cache_alloc(ops->kmem_cachep, GFP_ATOMIC);

	if (!dst)
		return NULL;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	dst_init(dst, ops, dev, initial_obsolete, flags);
#else
	dst_init(dst, ops, dev, initial_ref, initial_obsolete, flags);
#endif
	return dst;
}
EXPORT_SYMBOL(dst_alloc);

/* the protocol's destructor, the device reference, the memory */
static void __dst_free(struct dst_entry *dst)
{
	if (dst->ops->destroy)
		dst->ops->destroy(dst);
	netdev_put(dst->dev, &dst->dev_tracker);
	kmem_cache_free(dst->ops->kmem_cachep, dst);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static
#endif
struct dst_entry *dst_destroy(struct dst_entry *dst)
{
	__dst_free(dst);
	return NULL;
}
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
EXPORT_SYMBOL(dst_destroy);
#endif

static void dst_destroy_rcu(struct rcu_head *head)
{
	dst_destroy(container_of(head, struct dst_entry, rcu_head));
}

/* the device is going: the entry is dead, and leads to the blackhole device */
void dst_dev_put(struct dst_entry *dst)
{
	QDK_UNMODELLED(dst_dev_put, "no blackhole_netdev for a dead route to lead to");
}
EXPORT_SYMBOL(dst_dev_put);

/* the last put frees the entry after a grace period */
void dst_release(struct dst_entry *dst)
{
	if (!dst)
		return;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (rcuref_put(&dst->__rcuref))
		call_rcu_hurry(&dst->rcu_head, dst_destroy_rcu);
#else
	{
		int left = atomic_dec_return(&dst->__refcnt);

		WARN_ONCE(left < 0, "dst_release underflow");
		if (!left)
			call_rcu(&dst->rcu_head, dst_destroy_rcu);
	}
#endif
}
EXPORT_SYMBOL(dst_release);

/* dst_release() for an entry no RCU reader can hold: freed now */
void dst_release_immediate(struct dst_entry *dst)
{
	if (!dst)
		return;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (rcuref_put(&dst->__rcuref))
		dst_destroy(dst);
#else
	if (atomic_dec_return(&dst->__refcnt) == 0)
		dst_destroy(dst);
#endif
}
EXPORT_SYMBOL(dst_release_immediate);

/*
 * A writable copy of the read-only metrics old points to, installed in
 * dst unless someone installed theirs first: then theirs (NULL if that is
 * read-only again). The copy replaces a counted (shared) block, whose
 * last user frees it.
 */
u32 *dst_cow_metrics_generic(struct dst_entry *dst, unsigned long old)
{
	struct dst_metrics *p = kmalloc(sizeof(*p), GFP_ATOMIC);

	BUILD_BUG_ON(offsetof(struct dst_metrics, metrics) != 0);
	if (p) {
		struct dst_metrics *from = (struct dst_metrics *)__DST_METRICS_PTR(old);
		unsigned long prev;

		refcount_set(&p->refcnt, 1);
		memcpy(p->metrics, from->metrics, sizeof(p->metrics));
		prev = cmpxchg(&dst->_metrics, old, (unsigned long)p);
		if (prev != old) {
			kfree(p);
			p = (prev & DST_METRICS_READ_ONLY) ? NULL :
			    (struct dst_metrics *)__DST_METRICS_PTR(prev);
		} else if ((prev & DST_METRICS_REFCOUNTED) &&
			   refcount_dec_and_test(&from->refcnt)) {
			kfree(from);
		}
	}
	return (u32 *)p;
}
EXPORT_SYMBOL(dst_cow_metrics_generic);

/* the entry's own metrics freed, the defaults back (unless changed meanwhile) */
void __dst_destroy_metrics_generic(struct dst_entry *dst, unsigned long old)
{
	unsigned long dflt = (unsigned long)&dst_default_metrics | DST_METRICS_READ_ONLY;

	if (cmpxchg(&dst->_metrics, old, dflt) == old)
		kfree(__DST_METRICS_PTR(old));
}
EXPORT_SYMBOL(__dst_destroy_metrics_generic);

/* ---- a blackhole route's operations -------------------------------------- */

struct dst_entry *dst_blackhole_check(struct dst_entry *dst, u32 cookie)
{
	return NULL;
}

u32 *dst_blackhole_cow_metrics(struct dst_entry *dst, unsigned long old)
{
	return NULL;
}

struct neighbour *dst_blackhole_neigh_lookup(const struct dst_entry *dst,
					     struct sk_buff *skb, const void *daddr)
{
	return NULL;
}

void dst_blackhole_update_pmtu(struct dst_entry *dst, struct sock *sk,
			       struct sk_buff *skb, u32 mtu, bool confirm_neigh)
{
}
EXPORT_SYMBOL_GPL(dst_blackhole_update_pmtu);

void dst_blackhole_redirect(struct dst_entry *dst, struct sock *sk, struct sk_buff *skb)
{
}
EXPORT_SYMBOL_GPL(dst_blackhole_redirect);

/* the route's MTU metric, else the device's */
unsigned int dst_blackhole_mtu(const struct dst_entry *dst)
{
	unsigned int mtu = dst_metric_raw(dst, RTAX_MTU);

	return mtu ? mtu : dst->dev->mtu;
}
EXPORT_SYMBOL_GPL(dst_blackhole_mtu);
