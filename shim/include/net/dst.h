/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Route (destination cache) entries, the kernel's net/dst.h: what an skb's
 * _skb_refdst points to once routing has chosen a way out. The shim routes
 * nothing, so no skb the harness makes carries one; a qdisc or a test that
 * makes its own entry (dst_alloc() with its own dst_ops) gets the kernel's
 * reference counting, metrics and helpers. Through an entry the helpers call
 * its protocol's dst_ops; the IPv4 and IPv6 defaults the kernel would try
 * first (ip_output(), ipv4_mtu() ...) stop as unmodelled when reached.
 *
 * The reference count is an atomic_t (__refcnt) on 6.1 and an rcuref_t
 * (__rcuref) from 6.12 on, as in each series' struct.
 */
#ifndef _NET_DST_H
#define _NET_DST_H

#include <net/dst_ops.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/rcupdate.h>
#include <linux/bug.h>
#include <linux/jiffies.h>
#include <linux/refcount.h>
#include <linux/rcuref.h>
#include <net/neighbour.h>
#include <linux/version.h>

struct sk_buff;
struct xfrm_state;
struct lwtunnel_state;
struct uncached_list;

struct dst_entry {
	union {
		struct net_device	*dev;
		struct net_device __rcu	*dev_rcu;
	};
	struct dst_ops		*ops;
	unsigned long		_metrics;
	unsigned long		expires;
	struct xfrm_state	*xfrm;		/* CONFIG_XFRM: always NULL here */
	int			(*input)(struct sk_buff *skb);
	int			(*output)(struct net *net, struct sock *sk, struct sk_buff *skb);

	unsigned short		flags;
#define DST_NOXFRM		0x0002
#define DST_NOPOLICY		0x0004
#define DST_NOCOUNT		0x0008
#define DST_FAKE_RTABLE		0x0010
#define DST_XFRM_TUNNEL		0x0020
#define DST_XFRM_QUEUE		0x0040
#define DST_METADATA		0x0080

	/*
	 * Non-zero: the entry must be validated before use. Positive values
	 * are the dst layer's (the entry was killed), negative ones ask the
	 * protocol's ->check().
	 */
	short			obsolete;
#define DST_OBSOLETE_NONE	0
#define DST_OBSOLETE_DEAD	2
#define DST_OBSOLETE_FORCE_CHK	-1
#define DST_OBSOLETE_KILL	-2
	unsigned short		header_len;
	unsigned short		trailer_len;

	/* the count on a cache line of its own, as dst_hold() checks */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	rcuref_t		__rcuref;
#else
	atomic_t		__refcnt;
#endif
	int			__use;
	unsigned long		lastuse;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	struct lwtunnel_state	*lwtstate;
#endif
	struct rcu_head		rcu_head;
	short			error;
	short			__pad;
	__u32			tclassid;
	netdevice_tracker	dev_tracker;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	/* rtable's and rt6_info's, kept off the count's line */
	struct list_head	rt_uncached;
	struct uncached_list	*rt_uncached_list;
	struct lwtunnel_state	*lwtstate;
#endif
};

struct dst_metrics {
	u32		metrics[RTAX_MAX];
	refcount_t	refcnt;
} __aligned(4);		/* the pointer's low bits are DST_METRICS_FLAGS */
extern const struct dst_metrics dst_default_metrics;

u32 *dst_cow_metrics_generic(struct dst_entry *dst, unsigned long old);

#define DST_METRICS_READ_ONLY		0x1UL
#define DST_METRICS_REFCOUNTED		0x2UL
#define DST_METRICS_FLAGS		0x3UL
#define __DST_METRICS_PTR(Y)	\
	((u32 *)((Y) & ~DST_METRICS_FLAGS))
#define DST_METRICS_PTR(X)	__DST_METRICS_PTR((X)->_metrics)

static inline bool dst_metrics_read_only(const struct dst_entry *dst)
{
	return dst->_metrics & DST_METRICS_READ_ONLY;
}

void __dst_destroy_metrics_generic(struct dst_entry *dst, unsigned long old);

/* metrics the entry owns (not read-only) are put back */
static inline void dst_destroy_metrics_generic(struct dst_entry *dst)
{
	unsigned long val = dst->_metrics;

	if (!(val & DST_METRICS_READ_ONLY))
		__dst_destroy_metrics_generic(dst, val);
}

/* metrics the caller may write: read-only ones are copied first (->cow_metrics) */
static inline u32 *dst_metrics_write_ptr(struct dst_entry *dst)
{
	unsigned long p = dst->_metrics;

	BUG_ON(!p);
	if (p & DST_METRICS_READ_ONLY)
		return dst->ops->cow_metrics(dst, p);
	return __DST_METRICS_PTR(p);
}

/* only before anyone else can see the entry */
static inline void dst_init_metrics(struct dst_entry *dst, const u32 *src_metrics,
				    bool read_only)
{
	dst->_metrics = (unsigned long)src_metrics |
			(read_only ? DST_METRICS_READ_ONLY : 0);
}

static inline void dst_copy_metrics(struct dst_entry *dest, const struct dst_entry *src)
{
	u32 *to = dst_metrics_write_ptr(dest);

	if (to)
		memcpy(to, DST_METRICS_PTR(src), RTAX_MAX * sizeof(u32));
}

static inline u32 *dst_metrics_ptr(struct dst_entry *dst)
{
	return DST_METRICS_PTR(dst);
}

/* metric ids start at 1 (RTAX_LOCK) */
static inline u32 dst_metric_raw(const struct dst_entry *dst, const int metric)
{
	return DST_METRICS_PTR(dst)[metric - 1];
}

/* the hop limit, advertised MSS and MTU have accessors of their own */
static inline u32 dst_metric(const struct dst_entry *dst, const int metric)
{
	WARN_ON_ONCE(metric == RTAX_HOPLIMIT || metric == RTAX_ADVMSS ||
		     metric == RTAX_MTU);
	return dst_metric_raw(dst, metric);
}

static inline u32 dst_metric_advmss(const struct dst_entry *dst)
{
	u32 advmss = dst_metric_raw(dst, RTAX_ADVMSS);

	return advmss ? advmss : dst->ops->default_advmss(dst);
}

static inline void dst_metric_set(struct dst_entry *dst, int metric, u32 val)
{
	u32 *p = dst_metrics_write_ptr(dst);

	if (p)
		p[metric - 1] = val;
}

/* feature bits the kernel keeps for itself (not in the uapi's RTAX_FEATURE_*) */
#define DST_FEATURE_ECN_CA	(1U << 31)

#define DST_FEATURE_MASK	(DST_FEATURE_ECN_CA)
#define DST_FEATURE_ECN_MASK	(DST_FEATURE_ECN_CA | RTAX_FEATURE_ECN)

static inline u32 dst_feature(const struct dst_entry *dst, u32 feature)
{
	return dst_metric(dst, RTAX_FEATURES) & feature;
}

unsigned int ipv4_mtu(const struct dst_entry *dst);

/* the kernel calls ipv4_mtu() (or IPv6's) directly when it is ->mtu: the same call */
static inline u32 dst_mtu(const struct dst_entry *dst)
{
	return dst->ops->mtu(dst);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* dst_mtu() for IPv4 callers */
static inline u32 dst4_mtu(const struct dst_entry *dst)
{
	return dst->ops->mtu(dst);
}
#endif

/* RTT metrics are milliseconds to user space, jiffies here */
static inline unsigned long dst_metric_rtt(const struct dst_entry *dst, int metric)
{
	return msecs_to_jiffies(dst_metric(dst, metric));
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline u32 dst_allfrag(const struct dst_entry *dst)
{
	return dst_feature(dst, RTAX_FEATURE_ALLFRAG);
}
#endif

static inline int dst_metric_locked(const struct dst_entry *dst, int metric)
{
	return dst_metric(dst, RTAX_LOCK) & (1 << metric);
}

/* a reference the caller knows is not the last: taking one on a dead entry warns */
static inline void dst_hold(struct dst_entry *dst)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	BUILD_BUG_ON(offsetof(struct dst_entry, __rcuref) & 63);
	WARN_ON(!rcuref_get(&dst->__rcuref));
#else
	BUILD_BUG_ON(offsetof(struct dst_entry, __refcnt) & 63);
	WARN_ON(atomic_inc_not_zero(&dst->__refcnt) == 0);
#endif
}

static inline void dst_use_noref(struct dst_entry *dst, unsigned long time)
{
	if (unlikely(time != READ_ONCE(dst->lastuse))) {
		dst->__use++;
		WRITE_ONCE(dst->lastuse, time);
	}
}

static inline struct dst_entry *dst_clone(struct dst_entry *dst)
{
	if (dst)
		dst_hold(dst);
	return dst;
}

void dst_release(struct dst_entry *dst);

void dst_release_immediate(struct dst_entry *dst);

/* an skb's dst, put unless the skb borrowed it (SKB_DST_NOREF) */
static inline void refdst_drop(unsigned long refdst)
{
	if (!(refdst & SKB_DST_NOREF))
		dst_release((struct dst_entry *)(refdst & SKB_DST_PTRMASK));
}

static inline void skb_dst_drop(struct sk_buff *skb)
{
	if (skb->_skb_refdst) {
		refdst_drop(skb->_skb_refdst);
		skb->_skb_refdst = 0UL;
	}
}

/* nskb takes refdst as it is: a reference of its own unless borrowed */
static inline void __skb_dst_copy(struct sk_buff *nskb, unsigned long refdst)
{
	nskb->slow_gro |= !!refdst;
	nskb->_skb_refdst = refdst;
	if (!(nskb->_skb_refdst & SKB_DST_NOREF))
		dst_clone(skb_dst(nskb));
}

static inline void skb_dst_copy(struct sk_buff *nskb, const struct sk_buff *oskb)
{
	__skb_dst_copy(nskb, oskb->_skb_refdst);
}

/* a reference unless the entry is already on its way out: false then */
static inline bool dst_hold_safe(struct dst_entry *dst)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return rcuref_get(&dst->__rcuref);
#else
	return atomic_inc_not_zero(&dst->__refcnt);
#endif
}

/*
 * A borrowed dst becomes the skb's own reference before the skb leaves
 * the RCU section that lent it (a qdisc queues it); one that is dying is
 * dropped instead. True when the skb still has a dst.
 */
static inline bool skb_dst_force(struct sk_buff *skb)
{
	if (skb_dst_is_noref(skb)) {
		struct dst_entry *dst = skb_dst(skb);

		WARN_ON(!rcu_read_lock_held());
		if (!dst_hold_safe(dst))
			dst = NULL;
		skb->_skb_refdst = (unsigned long)dst;
		skb->slow_gro |= !!dst;
	}
	return skb->_skb_refdst != 0UL;
}

/* a decapsulated packet about to re-enter the stack on dev (no accounting) */
static inline void __skb_tunnel_rx(struct sk_buff *skb, struct net_device *dev,
				   struct net *net)
{
	skb->dev = dev;
	/* the inner packet's hash, unless it is the 4-tuple's already */
	skb_clear_hash_if_not_l4(skb);
	skb_set_queue_mapping(skb, 0);
	skb_scrub_packet(skb, !net_eq(net, dev_net(dev)));
}

/* __skb_tunnel_rx(), counted in dev's receive statistics */
static inline void skb_tunnel_rx(struct sk_buff *skb, struct net_device *dev,
				 struct net *net)
{
	DEV_STATS_INC(dev, rx_packets);
	DEV_STATS_ADD(dev, rx_bytes, skb->len);
	__skb_tunnel_rx(skb, dev, net);
}

/* the route's realm (CONFIG_IP_ROUTE_CLASSID, on in Debian's configs) */
static inline u32 dst_tclassid(const struct sk_buff *skb)
{
	const struct dst_entry *dst = skb_dst(skb);

	return dst ? dst->tclassid : 0;
}

int dst_discard_out(struct net *net, struct sock *sk, struct sk_buff *skb);
static inline int dst_discard(struct sk_buff *skb)
{
	return dst_discard_out(&init_net, skb->sk, skb);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void *dst_alloc(struct dst_ops *ops, struct net_device *dev,
		int initial_obsolete, unsigned short flags);
void dst_init(struct dst_entry *dst, struct dst_ops *ops,
	      struct net_device *dev, int initial_obsolete,
	      unsigned short flags);
#else
void *dst_alloc(struct dst_ops *ops, struct net_device *dev, int initial_ref,
		int initial_obsolete, unsigned short flags);
void dst_init(struct dst_entry *dst, struct dst_ops *ops,
	      struct net_device *dev, int initial_ref, int initial_obsolete,
	      unsigned short flags);
struct dst_entry *dst_destroy(struct dst_entry *dst);
#endif
void dst_dev_put(struct dst_entry *dst);

static inline void dst_confirm(struct dst_entry *dst)
{
}

static inline struct neighbour *dst_neigh_lookup(const struct dst_entry *dst,
						 const void *daddr)
{
	struct neighbour *n = dst->ops->neigh_lookup(dst, NULL, daddr);

	return IS_ERR(n) ? NULL : n;
}

/* the neighbour the skb's next hop resolves to, or NULL */
static inline struct neighbour *dst_neigh_lookup_skb(const struct dst_entry *dst,
						     struct sk_buff *skb)
{
	struct neighbour *n;

	if (WARN_ON_ONCE(!dst->ops->neigh_lookup))
		return NULL;
	n = dst->ops->neigh_lookup(dst, skb, NULL);
	return IS_ERR(n) ? NULL : n;
}

static inline void dst_confirm_neigh(const struct dst_entry *dst, const void *daddr)
{
	if (dst->ops->confirm_neigh)
		dst->ops->confirm_neigh(dst, daddr);
}

static inline void dst_link_failure(struct sk_buff *skb)
{
	struct dst_entry *dst = skb_dst(skb);

	if (dst && dst->ops && dst->ops->link_failure)
		dst->ops->link_failure(skb);
}

/* expire in timeout jiffies, unless it expires sooner already (0: never) */
static inline void dst_set_expires(struct dst_entry *dst, int timeout)
{
	unsigned long old, expires = jiffies + timeout;

	if (expires == 0)
		expires = 1;
	old = READ_ONCE(dst->expires);
	if (!old || time_before(expires, old))
		WRITE_ONCE(dst->expires, expires);
}

/* the link layer's headroom on the way out */
static inline unsigned int dst_dev_overhead(struct dst_entry *dst, struct sk_buff *skb)
{
	if (likely(dst))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
		return max_t(unsigned int, skb->mac_len, LL_RESERVED_SPACE(dst->dev));
#else
		return LL_RESERVED_SPACE(dst->dev);
#endif
	return skb->mac_len;
}

int ip6_output(struct net *net, struct sock *sk, struct sk_buff *skb);
int ip_output(struct net *net, struct sock *sk, struct sk_buff *skb);
/* from the transport out to the network, by the route's ->output */
static inline int dst_output(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	return READ_ONCE(skb_dst(skb)->output)(net, sk, skb);
}

int ip6_input(struct sk_buff *skb);
int ip_local_deliver(struct sk_buff *skb);
/* from the network up to the transport, by the route's ->input */
static inline int dst_input(struct sk_buff *skb)
{
	return READ_ONCE(skb_dst(skb)->input)(skb);
}

struct dst_entry *ipv4_dst_check(struct dst_entry *dst, u32 cookie);
/* the entry itself while valid; an obsolete one asks its protocol */
static inline struct dst_entry *dst_check(struct dst_entry *dst, u32 cookie)
{
	if (READ_ONCE(dst->obsolete))
		dst = dst->ops->check(dst, cookie);
	return dst;
}

/* xfrm_lookup()'s flags */
enum {
	XFRM_LOOKUP_ICMP = 1 << 0,
	XFRM_LOOKUP_QUEUE = 1 << 1,
	XFRM_LOOKUP_KEEP_DST_REF = 1 << 2,
};

struct flowi;
/* IPsec policy lookups (CONFIG_XFRM): with no policy, the route itself */
struct dst_entry *xfrm_lookup(struct net *net, struct dst_entry *dst_orig,
			      const struct flowi *fl, const struct sock *sk,
			      int flags);
struct dst_entry *xfrm_lookup_with_ifid(struct net *net, struct dst_entry *dst_orig,
					const struct flowi *fl, const struct sock *sk,
					int flags, u32 if_id);
struct dst_entry *xfrm_lookup_route(struct net *net, struct dst_entry *dst_orig,
				    const struct flowi *fl, const struct sock *sk,
				    int flags);

/* an skb on this route needs transforming (the shim makes no states) */
static inline struct xfrm_state *dst_xfrm(const struct dst_entry *dst)
{
	return dst->xfrm;
}

static inline void skb_dst_update_pmtu(struct sk_buff *skb, u32 mtu)
{
	struct dst_entry *dst = skb_dst(skb);

	if (dst && dst->ops->update_pmtu)
		dst->ops->update_pmtu(dst, NULL, skb, mtu, true);
}

/* skb_dst_update_pmtu() without confirming the neighbour */
static inline void skb_dst_update_pmtu_no_confirm(struct sk_buff *skb, u32 mtu)
{
	struct dst_entry *dst = skb_dst(skb);

	if (dst && dst->ops->update_pmtu)
		dst->ops->update_pmtu(dst, NULL, skb, mtu, false);
}

static inline struct net_device *dst_dev(const struct dst_entry *dst)
{
	return READ_ONCE(dst->dev);
}

static inline struct net_device *dst_dev_rcu(const struct dst_entry *dst)
{
	return rcu_dereference(dst->dev_rcu);
}

static inline struct net *dst_dev_net_rcu(const struct dst_entry *dst)
{
	return dev_net_rcu(dst_dev_rcu(dst));
}

static inline struct net_device *skb_dst_dev(const struct sk_buff *skb)
{
	return dst_dev(skb_dst(skb));
}

static inline struct net_device *skb_dst_dev_rcu(const struct sk_buff *skb)
{
	return dst_dev_rcu(skb_dst(skb));
}

static inline struct net *skb_dst_dev_net(const struct sk_buff *skb)
{
	return dev_net(skb_dst_dev(skb));
}

static inline struct net *skb_dst_dev_net_rcu(const struct sk_buff *skb)
{
	return dev_net_rcu(skb_dst_dev_rcu(skb));
}

/* the operations of an entry that leads nowhere (a route being replaced) */
struct dst_entry *dst_blackhole_check(struct dst_entry *dst, u32 cookie);
void dst_blackhole_update_pmtu(struct dst_entry *dst, struct sock *sk,
			       struct sk_buff *skb, u32 mtu, bool confirm_neigh);
void dst_blackhole_redirect(struct dst_entry *dst, struct sock *sk,
			    struct sk_buff *skb);
u32 *dst_blackhole_cow_metrics(struct dst_entry *dst, unsigned long old);
struct neighbour *dst_blackhole_neigh_lookup(const struct dst_entry *dst,
					     struct sk_buff *skb,
					     const void *daddr);
unsigned int dst_blackhole_mtu(const struct dst_entry *dst);

#endif /* _NET_DST_H */
