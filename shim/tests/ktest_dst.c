// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_dst.c - route entries (net/dst.h, shim/lib/dst.c), neighbours'
 * inline helpers (net/neighbour.h) and, from 6.12, linux/rcuref.h: an
 * entry made from a test's own dst_ops lives, is referenced, copied onto
 * skbs and freed as in the kernel; its metrics are copied on first write;
 * the helpers reach the protocol's ops. The shim routes nothing, so these
 * are the only entries a run sees.
 */
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/version.h>
#include <net/dst.h>
#include <net/neighbour.h>

#include "ktest.h"

static int destroyed, outputs;
static struct neighbour *looked_up;

static void t_destroy(struct dst_entry *dst)
{
	destroyed++;
}

static unsigned int t_mtu(const struct dst_entry *dst)
{
	return 1400;
}

static int t_output(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	outputs++;
	kfree_skb(skb);
	return 0;
}

static struct neighbour *t_neigh_lookup(const struct dst_entry *dst, struct sk_buff *skb,
					const void *daddr)
{
	if (looked_up)
		neigh_clone(looked_up);
	return looked_up ? looked_up : ERR_PTR(-ENOENT);
}

static struct dst_ops t_ops = {
	.family = AF_INET,
	.destroy = t_destroy,
	.mtu = t_mtu,
	.cow_metrics = dst_cow_metrics_generic,
	.neigh_lookup = t_neigh_lookup,
};

static struct net_device *t_dev(void)
{
	struct net_device *dev = alloc_netdev(0, "dst%d", NET_NAME_UNKNOWN, ether_setup);

	return dev;
}

/* the test's cache goes with it: the leak check counts it */
static void t_done(struct net_device *dev)
{
	kmem_cache_destroy(t_ops.kmem_cachep);
	t_ops.kmem_cachep = NULL;
	free_netdev(dev);
}

static struct dst_entry *t_alloc(struct net_device *dev)
{
	if (!t_ops.kmem_cachep)
		t_ops.kmem_cachep = kmem_cache_create("t_dst", sizeof(struct dst_entry), 0, 0, NULL);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return dst_alloc(&t_ops, dev, DST_OBSOLETE_NONE, DST_NOCOUNT);
#else
	return dst_alloc(&t_ops, dev, 1, DST_OBSOLETE_NONE, DST_NOCOUNT);
#endif
}

KTEST(dst, references_free_the_entry_at_the_last_put)
{
	struct net_device *dev = t_dev();
	struct dst_entry *dst;

	destroyed = 0;
	dst = t_alloc(dev);
	KT_ASSERT(dst, "dst_alloc");
	KT_ASSERT(dst->dev == dev && dst->ops == &t_ops, "dev and ops");
	KT_ASSERT(dst->output == dst_discard_out, "a new entry discards");
	KT_ASSERT(dst_metrics_read_only(dst), "default metrics are read-only");
	KT_ASSERT(dst_clone(dst) == dst, "dst_clone");
	KT_ASSERT(dst_hold_safe(dst), "hold_safe on a live entry");
	dst_release(dst);
	dst_release(dst);
	KT_EQ(destroyed, 0);
	dst_release(dst);		/* the maker's */
	KT_EQ(destroyed, 1);
	dst_release(NULL);
	dst = t_alloc(dev);
	dst_release_immediate(dst);
	KT_EQ(destroyed, 2);
	t_done(dev);
	return 0;
}

KTEST(dst, metrics_copied_on_first_write)
{
	struct net_device *dev = t_dev();
	struct dst_entry *dst = t_alloc(dev);
	u32 *before = dst_metrics_ptr(dst);

	KT_EQ(dst_metric_raw(dst, RTAX_WINDOW), 0);
	dst_metric_set(dst, RTAX_WINDOW, 42);
	KT_EQ(dst_metric(dst, RTAX_WINDOW), 42);
	KT_ASSERT(dst_metrics_ptr(dst) != before, "a copy of the defaults");
	KT_ASSERT(!dst_metrics_read_only(dst), "writable after the copy");
	KT_EQ(dst_default_metrics.metrics[RTAX_WINDOW - 1], 0);
	dst_metric_set(dst, RTAX_LOCK, 1 << RTAX_MTU);
	KT_ASSERT(dst_metric_locked(dst, RTAX_MTU), "locked");
	KT_ASSERT(!dst_metric_locked(dst, RTAX_WINDOW), "not locked");
	dst_metric_set(dst, RTAX_ADVMSS, 1000);
	KT_EQ(dst_metric_advmss(dst), 1000);
	KT_EQ(dst_mtu(dst), 1400);
	KT_EQ(dst_metric_raw(dst, RTAX_MTU), 0);
	dst_metric_set(dst, RTAX_MTU, 1280);
	KT_EQ(dst_blackhole_mtu(dst), 1280);
	dst_destroy_metrics_generic(dst);	/* the copy freed, the defaults back */
	KT_ASSERT(dst_metrics_ptr(dst) == dst_default_metrics.metrics, "defaults again");
	KT_EQ(dst_blackhole_mtu(dst), dev->mtu);
	dst_release(dst);
	t_done(dev);
	return 0;
}

KTEST(dst, skbs_carry_a_reference_or_borrow_one)
{
	struct net_device *dev = t_dev();
	struct dst_entry *dst = t_alloc(dev);
	struct sk_buff *a = alloc_skb(64, GFP_KERNEL), *b = alloc_skb(64, GFP_KERNEL);

	destroyed = 0;
	outputs = 0;
	skb_dst_set(a, dst_clone(dst));
	skb_dst_copy(b, a);			/* b takes its own */
	skb_dst_drop(a);
	KT_ASSERT(!skb_dst(a), "dropped");
	KT_EQ(dst_tclassid(b), 0);
	KT_EQ(destroyed, 0);
	skb_dst_drop(b);
	skb_dst_set_noref(a, dst);		/* borrowed, as under RCU */
	KT_ASSERT(skb_dst_is_noref(a), "noref");
	rcu_read_lock();
	KT_ASSERT(skb_dst_force(a), "a borrowed live entry becomes the skb's");
	rcu_read_unlock();
	KT_ASSERT(!skb_dst_is_noref(a), "its own now");
	dst->output = t_output;
	KT_EQ(dst_output(&init_net, NULL, a), 0);	/* frees a, and its reference */
	KT_EQ(outputs, 1);
	KT_EQ(destroyed, 0);
	KT_ASSERT(xfrm_lookup(&init_net, dst, NULL, NULL, 0) == dst, "no policy: the route");
	KT_ASSERT(dst_check(dst, 0) == dst, "a valid entry checks as itself");
	dst_set_expires(dst, 100);
	KT_ASSERT(dst->expires, "expires set");
	dst_set_expires(dst, 1000);		/* later: kept */
	KT_ASSERT(time_before(dst->expires, jiffies + 200), "the sooner kept");
	KT_ASSERT(dst_dev(dst) == dev, "dst_dev");
	kfree_skb(b);
	dst_release(dst);
	KT_EQ(destroyed, 1);
	t_done(dev);
	return 0;
}

KTEST(dst, neighbour_through_the_route)
{
	struct net_device *dev = t_dev();
	struct dst_entry *dst = t_alloc(dev);
	struct neighbour *n = kzalloc(sizeof(*n) + 4, GFP_KERNEL);
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
	char ha[MAX_ADDR_LEN];
	u32 key = 0x0a000001, other = 0x0a000002;
	int notify = 0;

	looked_up = NULL;
	KT_ASSERT(!dst_neigh_lookup_skb(dst, skb), "none: an error is NULL");
	refcount_set(&n->refcnt, 1);
	seqlock_init(&n->ha_lock);
	memcpy(n->ha, "\x02\x00\x00\x00\x00\x07", 6);
	memcpy(n->primary_key, &key, 4);
	n->nud_state = NUD_REACHABLE;
	looked_up = n;
	KT_ASSERT(dst_neigh_lookup_skb(dst, skb) == n, "the op's neighbour");
	KT_EQ(refcount_read(&n->refcnt), 2);
	neigh_release(n);
	KT_ASSERT(neigh_key_eq32(n, &key) && !neigh_key_eq32(n, &other), "key_eq32");
	neigh_ha_snapshot(ha, n, dev);
	KT_ASSERT(!memcmp(ha, n->ha, dev->addr_len), "ha snapshot");
	n->used = jiffies - 1;
	KT_EQ(neigh_event_send(n, skb), 0);	/* reachable: send now */
	KT_EQ(n->used, jiffies);
	neigh_update_is_router(n, NEIGH_UPDATE_F_ISROUTER, &notify);
	KT_ASSERT(notify && (n->flags & NTF_ROUTER), "router flag set, told");
	notify = 0;
	neigh_update_is_router(n, NEIGH_UPDATE_F_ISROUTER, &notify);
	KT_EQ(notify, 0);
	KT_EQ(NUD_VALID & NUD_STALE, NUD_STALE);
	looked_up = NULL;
	kfree(n);
	kfree_skb(skb);
	dst_release(dst);
	t_done(dev);
	return 0;
}

KTEST(dst, neigh_parms_vars)
{
	struct neigh_parms p = { 0 };

	NEIGH_VAR_INIT(&p, QUEUE_LEN_BYTES, 100);
	KT_EQ(NEIGH_VAR(&p, QUEUE_LEN_BYTES), 100);
	KT_ASSERT(!test_bit(NEIGH_VAR_QUEUE_LEN_BYTES, p.data_state), "INIT marks nothing");
	NEIGH_VAR_SET(&p, RETRANS_TIME, 5);
	KT_ASSERT(test_bit(NEIGH_VAR_RETRANS_TIME, p.data_state), "SET marks it");
	neigh_parms_data_state_setall(&p);
	KT_ASSERT(test_bit(NEIGH_VAR_LOCKTIME, p.data_state), "all set");
	neigh_parms_data_state_cleanall(&p);
	KT_ASSERT(!test_bit(NEIGH_VAR_RETRANS_TIME, p.data_state), "all clear");
	refcount_set(&p.refcnt, 1);
	KT_ASSERT(neigh_parms_clone(&p) == &p, "clone");
	__neigh_parms_put(&p);
	KT_EQ(refcount_read(&p.refcnt), 1);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(dst, rcuref_zones)
{
	rcuref_t r;
	unsigned long w0 = qdk_warn_count;

	rcuref_init(&r, 2);
	KT_EQ(rcuref_read(&r), 2);
	KT_ASSERT(rcuref_get(&r), "get");
	KT_EQ(rcuref_read(&r), 3);
	KT_ASSERT(!rcuref_put(&r) && !rcuref_put(&r), "not the last");
	KT_ASSERT(!rcuref_is_dead(&r), "alive");
	KT_ASSERT(rcuref_put(&r), "the last put says so");
	KT_ASSERT(rcuref_is_dead(&r), "dead");
	KT_EQ(rcuref_read(&r), 0);
	KT_ASSERT(!rcuref_get(&r), "no reference on a dead count");
	KT_ASSERT(rcuref_is_dead(&r), "still dead");
	KT_EQ(qdk_warn_count, w0);
	KT_ASSERT(!rcuref_put(&r), "a put too many frees nothing");
	KT_EQ(qdk_warn_count, w0 + 1);
	qdk_warn_count = w0;
	KT_ASSERT(rcuref_is_dead(&r), "and leaves it dead");
	return 0;
}
#endif
