/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Neighbour tables (ARP, ND): the kernel's net/neighbour.h. The shim has
 * no tables: no protocol registers one, so neigh_lookup() and the other
 * exports of net/core/neighbour.c stop as unmodelled (shim/lib/
 * neighbour.c). A neighbour is only ever reached through a route entry
 * (net/dst.h), which the harness's skbs do not carry: sch_teql's resolve
 * path, for one, returns before it. The types, flags and inline helpers
 * are the kernel's, so a source using them builds and an entry a test
 * makes behaves as there. Not here: the sysctl and /proc handlers
 * (neigh_sysctl_register(), neigh_seq_*()), the shim having no
 * linux/sysctl.h or seq_net_private.
 */
#ifndef _NET_NEIGHBOUR_H
#define _NET_NEIGHBOUR_H

#include <linux/neighbour.h>

#include <linux/atomic.h>
#include <linux/refcount.h>
#include <linux/netdevice.h>
#include <linux/if_ether.h>
#include <linux/skbuff.h>
#include <linux/rcupdate.h>
#include <linux/seq_file.h>
#include <linux/bitmap.h>
#include <linux/seqlock.h>
#include <linux/timer.h>
#include <linux/err.h>
#include <linux/workqueue.h>
#include <linux/version.h>
#include <net/rtnetlink.h>
#include <net/net_namespace.h>
#include <net/neighbour_tables.h>

/* NUD: neighbour unreachability detection; the states are the uapi's */
#define NUD_IN_TIMER	(NUD_INCOMPLETE | NUD_REACHABLE | NUD_DELAY | NUD_PROBE)
#define NUD_VALID	(NUD_PERMANENT | NUD_NOARP | NUD_REACHABLE | NUD_PROBE | \
			 NUD_STALE | NUD_DELAY)
#define NUD_CONNECTED	(NUD_PERMANENT | NUD_NOARP | NUD_REACHABLE)

struct neighbour;

enum {
	NEIGH_VAR_MCAST_PROBES,
	NEIGH_VAR_UCAST_PROBES,
	NEIGH_VAR_APP_PROBES,
	NEIGH_VAR_MCAST_REPROBES,
	NEIGH_VAR_RETRANS_TIME,
	NEIGH_VAR_BASE_REACHABLE_TIME,
	NEIGH_VAR_DELAY_PROBE_TIME,
	NEIGH_VAR_INTERVAL_PROBE_TIME_MS,
	NEIGH_VAR_GC_STALETIME,
	NEIGH_VAR_QUEUE_LEN_BYTES,
	NEIGH_VAR_PROXY_QLEN,
	NEIGH_VAR_ANYCAST_DELAY,
	NEIGH_VAR_PROXY_DELAY,
	NEIGH_VAR_LOCKTIME,
#define NEIGH_VAR_DATA_MAX (NEIGH_VAR_LOCKTIME + 1)
	/* second names for values above: the sysctls in other units */
	NEIGH_VAR_QUEUE_LEN,			/* NEIGH_VAR_QUEUE_LEN_BYTES */
	NEIGH_VAR_RETRANS_TIME_MS,		/* NEIGH_VAR_RETRANS_TIME */
	NEIGH_VAR_BASE_REACHABLE_TIME_MS,	/* NEIGH_VAR_BASE_REACHABLE_TIME */
	/* the "default" parameters' only */
	NEIGH_VAR_GC_INTERVAL,
	NEIGH_VAR_GC_THRESH1,
	NEIGH_VAR_GC_THRESH2,
	NEIGH_VAR_GC_THRESH3,
	NEIGH_VAR_MAX
};

struct neigh_parms {
	possible_net_t net;
	struct net_device *dev;
	netdevice_tracker dev_tracker;
	struct list_head list;
	int	(*neigh_setup)(struct neighbour *n);
	struct neigh_table *tbl;

	void	*sysctl_table;

	int dead;
	refcount_t refcnt;
	struct rcu_head rcu_head;

	int	reachable_time;
	u32	qlen;
	int	data[NEIGH_VAR_DATA_MAX];
	DECLARE_BITMAP(data_state, NEIGH_VAR_DATA_MAX);
};

/* a value set by hand: marked, so a default's later change leaves it alone */
static inline void neigh_var_set(struct neigh_parms *p, int index, int val)
{
	set_bit(index, p->data_state);
	WRITE_ONCE(p->data[index], val);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define __NEIGH_VAR(p, attr) ((p)->data[NEIGH_VAR_ ## attr])
#define NEIGH_VAR(p, attr) READ_ONCE(__NEIGH_VAR(p, attr))
#define NEIGH_VAR_PTR(p, attr) (&(__NEIGH_VAR(p, attr)))
#define NEIGH_VAR_INIT(p, attr, val) (__NEIGH_VAR(p, attr) = val)
#else
#define NEIGH_VAR(p, attr) ((p)->data[NEIGH_VAR_ ## attr])
#define NEIGH_VAR_INIT(p, attr, val) (NEIGH_VAR(p, attr) = val)
#endif
/* NEIGH_VAR_INIT in ndo_neigh_setup, NEIGH_VAR_SET everywhere else */
#define NEIGH_VAR_SET(p, attr, val) neigh_var_set(p, NEIGH_VAR_ ## attr, val)

static inline void neigh_parms_data_state_setall(struct neigh_parms *p)
{
	bitmap_fill(p->data_state, NEIGH_VAR_DATA_MAX);
}

static inline void neigh_parms_data_state_cleanall(struct neigh_parms *p)
{
	bitmap_zero(p->data_state, NEIGH_VAR_DATA_MAX);
}

struct neigh_statistics {
	unsigned long allocs;
	unsigned long destroys;
	unsigned long hash_grows;

	unsigned long res_failed;	/* resolutions that failed */

	unsigned long lookups;
	unsigned long hits;		/* lookups that found one */

	unsigned long rcv_probes_mcast;	/* IPv6 probes received */
	unsigned long rcv_probes_ucast;

	unsigned long periodic_gc_runs;
	unsigned long forced_gc_runs;

	unsigned long unres_discards;	/* dropped while unresolved */
	unsigned long table_fulls;	/* full even after a forced gc */
};

#define NEIGH_CACHE_STAT_INC(tbl, field) this_cpu_inc((tbl)->stats->field)

struct neighbour {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct hlist_node	hash;
	struct hlist_node	dev_list;
#else
	struct neighbour __rcu	*next;
#endif
	struct neigh_table	*tbl;
	struct neigh_parms	*parms;
	unsigned long		confirmed;
	unsigned long		updated;
	rwlock_t		lock;
	refcount_t		refcnt;
	unsigned int		arp_queue_len_bytes;
	struct sk_buff_head	arp_queue;
	struct timer_list	timer;
	unsigned long		used;
	atomic_t		probes;
	u8			nud_state;
	u8			type;
	u8			dead;
	u8			protocol;
	u32			flags;
	seqlock_t		ha_lock;
	unsigned char		ha[ALIGN(MAX_ADDR_LEN, sizeof(unsigned long))] __aligned(8);
	struct hh_cache		hh;
	int			(*output)(struct neighbour *n, struct sk_buff *skb);
	const struct neigh_ops	*ops;
	struct list_head	gc_list;
	struct list_head	managed_list;
	struct rcu_head		rcu;
	struct net_device	*dev;
	netdevice_tracker	dev_tracker;
	u8			primary_key[];
};

struct neigh_ops {
	int			family;
	void			(*solicit)(struct neighbour *n, struct sk_buff *skb);
	void			(*error_report)(struct neighbour *n, struct sk_buff *skb);
	int			(*output)(struct neighbour *n, struct sk_buff *skb);
	int			(*connected_output)(struct neighbour *n, struct sk_buff *skb);
};

/* a proxy entry */
struct pneigh_entry {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct pneigh_entry	__rcu *next;
#else
	struct pneigh_entry	*next;
#endif
	possible_net_t		net;
	struct net_device	*dev;
	netdevice_tracker	dev_tracker;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	union {
		struct list_head	free_node;
		struct rcu_head		rcu;
	};
#endif
	u32			flags;
	u8			protocol;
	bool			permanent;
	u32			key[];
};

#define NEIGH_NUM_HASH_RND	4

struct neigh_hash_table {
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct hlist_head	*hash_heads;
#else
	struct neighbour __rcu	**hash_buckets;
#endif
	unsigned int		hash_shift;
	__u32			hash_rnd[NEIGH_NUM_HASH_RND];
	struct rcu_head		rcu;
};

struct neigh_table {
	int			family;
	unsigned int		entry_size;
	unsigned int		key_len;
	__be16			protocol;
	__u32			(*hash)(const void *pkey, const struct net_device *dev,
					__u32 *hash_rnd);
	bool			(*key_eq)(const struct neighbour *n, const void *pkey);
	int			(*constructor)(struct neighbour *n);
	int			(*pconstructor)(struct pneigh_entry *pn);
	void			(*pdestructor)(struct pneigh_entry *pn);
	void			(*proxy_redo)(struct sk_buff *skb);
	int			(*is_multicast)(const void *pkey);
	bool			(*allow_add)(const struct net_device *dev,
					     struct netlink_ext_ack *extack);
	char			*id;
	struct neigh_parms	parms;
	struct list_head	parms_list;
	int			gc_interval;
	int			gc_thresh1;
	int			gc_thresh2;
	int			gc_thresh3;
	unsigned long		last_flush;
	struct delayed_work	gc_work;
	struct delayed_work	managed_work;
	struct timer_list	proxy_timer;
	struct sk_buff_head	proxy_queue;
	atomic_t		entries;
	atomic_t		gc_entries;
	struct list_head	gc_list;
	struct list_head	managed_list;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	spinlock_t		lock;
#else
	rwlock_t		lock;
#endif
	unsigned long		last_rand;
	struct neigh_statistics	__percpu *stats;
	struct neigh_hash_table __rcu *nht;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	struct mutex		phash_lock;
	struct pneigh_entry	__rcu **phash_buckets;
#else
	struct pneigh_entry	**phash_buckets;
#endif
};

static inline int neigh_parms_family(struct neigh_parms *p)
{
	return p->tbl->family;
}

#define NEIGH_PRIV_ALIGN	sizeof(long long)
#define NEIGH_ENTRY_SIZE(size)	ALIGN((size), NEIGH_PRIV_ALIGN)

/* the protocol's own bytes after the table's entry_size */
static inline void *neighbour_priv(const struct neighbour *n)
{
	return (char *)n + n->tbl->entry_size;
}

/* neigh_update()'s flags */
#define NEIGH_UPDATE_F_OVERRIDE			BIT(0)
#define NEIGH_UPDATE_F_WEAK_OVERRIDE		BIT(1)
#define NEIGH_UPDATE_F_OVERRIDE_ISROUTER	BIT(2)
#define NEIGH_UPDATE_F_USE			BIT(3)
#define NEIGH_UPDATE_F_MANAGED			BIT(4)
#define NEIGH_UPDATE_F_EXT_LEARNED		BIT(5)
#define NEIGH_UPDATE_F_ISROUTER			BIT(6)
#define NEIGH_UPDATE_F_ADMIN			BIT(7)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define NEIGH_UPDATE_F_EXT_VALIDATED		BIT(8)
#endif

/* NDA_FLAGS_EXT's flags, kept above the 8 bits of ndm_flags */
#define NTF_OLD_MASK		0xff
#define NTF_EXT_SHIFT		8
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0) && defined(NTF_EXT_EXT_VALIDATED)
#define NTF_EXT_MASK		(NTF_EXT_MANAGED | NTF_EXT_EXT_VALIDATED)
#define NTF_EXT_VALIDATED	(NTF_EXT_EXT_VALIDATED << NTF_EXT_SHIFT)
#else
#define NTF_EXT_MASK		(NTF_EXT_MANAGED)
#endif
#define NTF_MANAGED		(NTF_EXT_MANAGED << NTF_EXT_SHIFT)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define neigh_for_each_in_bucket(pos, head) hlist_for_each_entry(pos, head, hash)
#define neigh_for_each_in_bucket_rcu(pos, head) \
	hlist_for_each_entry_rcu(pos, head, hash)
#define neigh_for_each_in_bucket_safe(pos, tmp, head) \
	hlist_for_each_entry_safe(pos, tmp, head, hash)
#endif

static inline bool neigh_key_eq32(const struct neighbour *n, const void *pkey)
{
	return *(const u32 *)n->primary_key == *(const u32 *)pkey;
}

static inline bool neigh_key_eq128(const struct neighbour *n, const void *pkey)
{
	const u32 *a = (const u32 *)n->primary_key;
	const u32 *b = pkey;

	return ((a[0] ^ b[0]) | (a[1] ^ b[1]) | (a[2] ^ b[2]) | (a[3] ^ b[3])) == 0;
}

/* the entry for pkey on dev in tbl's hash, no reference taken (RCU) */
static inline struct neighbour *___neigh_lookup_noref(
	struct neigh_table *tbl,
	bool (*key_eq)(const struct neighbour *n, const void *pkey),
	__u32 (*hash)(const void *pkey, const struct net_device *dev, __u32 *hash_rnd),
	const void *pkey, struct net_device *dev)
{
	struct neigh_hash_table *nht = rcu_dereference(tbl->nht);
	struct neighbour *n;
	u32 hash_val;

	hash_val = hash(pkey, dev, nht->hash_rnd) >> (32 - nht->hash_shift);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	neigh_for_each_in_bucket_rcu(n, &nht->hash_heads[hash_val])
#else
	for (n = rcu_dereference(nht->hash_buckets[hash_val]); n;
	     n = rcu_dereference(n->next))
#endif
		if (n->dev == dev && key_eq(n, pkey))
			return n;
	return NULL;
}

static inline struct neighbour *__neigh_lookup_noref(struct neigh_table *tbl,
						     const void *pkey,
						     struct net_device *dev)
{
	return ___neigh_lookup_noref(tbl, tbl->key_eq, tbl->hash, pkey, dev);
}

static inline void neigh_confirm(struct neighbour *n)
{
	if (n) {
		unsigned long now = jiffies;

		/* written only when it changes: keep the line clean */
		if (READ_ONCE(n->confirmed) != now)
			WRITE_ONCE(n->confirmed, now);
	}
}

void neigh_table_init(int index, struct neigh_table *tbl);
int neigh_table_clear(int index, struct neigh_table *tbl);
struct neighbour *neigh_lookup(struct neigh_table *tbl, const void *pkey,
			       struct net_device *dev);
struct neighbour *__neigh_create(struct neigh_table *tbl, const void *pkey,
				 struct net_device *dev, bool want_ref);
static inline struct neighbour *neigh_create(struct neigh_table *tbl,
					     const void *pkey,
					     struct net_device *dev)
{
	return __neigh_create(tbl, pkey, dev, true);
}
void neigh_destroy(struct neighbour *neigh);
int __neigh_event_send(struct neighbour *neigh, struct sk_buff *skb,
		       const bool immediate_ok);
int neigh_update(struct neighbour *neigh, const u8 *lladdr, u8 new, u32 flags,
		 u32 nlmsg_pid);
void __neigh_set_probe_once(struct neighbour *neigh);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
bool neigh_remove_one(struct neighbour *ndel);
#else
bool neigh_remove_one(struct neighbour *ndel, struct neigh_table *tbl);
#endif
void neigh_changeaddr(struct neigh_table *tbl, struct net_device *dev);
int neigh_ifdown(struct neigh_table *tbl, struct net_device *dev);
int neigh_carrier_down(struct neigh_table *tbl, struct net_device *dev);
int neigh_resolve_output(struct neighbour *neigh, struct sk_buff *skb);
int neigh_connected_output(struct neighbour *neigh, struct sk_buff *skb);
int neigh_direct_output(struct neighbour *neigh, struct sk_buff *skb);
struct neighbour *neigh_event_ns(struct neigh_table *tbl, u8 *lladdr, void *saddr,
				 struct net_device *dev);

struct neigh_parms *neigh_parms_alloc(struct net_device *dev, struct neigh_table *tbl);
void neigh_parms_release(struct neigh_table *tbl, struct neigh_parms *parms);

static inline struct net *neigh_parms_net(const struct neigh_parms *parms)
{
	return read_pnet(&parms->net);
}

unsigned long neigh_rand_reach_time(unsigned long base);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void neigh_set_reach_time(struct neigh_parms *p)
{
	unsigned long base = NEIGH_VAR(p, BASE_REACHABLE_TIME);

	WRITE_ONCE(p->reachable_time, neigh_rand_reach_time(base));
}
#endif

void pneigh_enqueue(struct neigh_table *tbl, struct neigh_parms *p,
		    struct sk_buff *skb);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct pneigh_entry *pneigh_lookup(struct neigh_table *tbl, struct net *net,
				   const void *key, struct net_device *dev);
int pneigh_create(struct neigh_table *tbl, struct net *net, const void *key,
		  struct net_device *dev, u32 flags, u8 protocol, bool permanent);
#else
struct pneigh_entry *pneigh_lookup(struct neigh_table *tbl, struct net *net,
				   const void *key, struct net_device *dev,
				   int creat);
struct pneigh_entry *__pneigh_lookup(struct neigh_table *tbl, struct net *net,
				     const void *key, struct net_device *dev);
#endif
int pneigh_delete(struct neigh_table *tbl, struct net *net, const void *key,
		  struct net_device *dev);

static inline struct net *pneigh_net(const struct pneigh_entry *pneigh)
{
	return read_pnet(&pneigh->net);
}

void neigh_app_ns(struct neighbour *n);
void neigh_for_each(struct neigh_table *tbl,
		    void (*cb)(struct neighbour *n, void *cookie), void *cookie);
void __neigh_for_each_release(struct neigh_table *tbl,
			      int (*cb)(struct neighbour *n));
int neigh_xmit(int fam, struct net_device *dev, const void *addr, struct sk_buff *skb);

static inline void __neigh_parms_put(struct neigh_parms *parms)
{
	refcount_dec(&parms->refcnt);
}

static inline struct neigh_parms *neigh_parms_clone(struct neigh_parms *parms)
{
	refcount_inc(&parms->refcnt);
	return parms;
}

/*
 * neigh_seq_state's flags (the /proc iterator's state itself needs
 * seq_net_private, which the shim has not)
 */
#define NEIGH_SEQ_NEIGH_ONLY	0x00000001
#define NEIGH_SEQ_IS_PNEIGH	0x00000002
#define NEIGH_SEQ_SKIP_NOARP	0x00000004

/* ---- references ---------------------------------------------------------- */

static inline void neigh_release(struct neighbour *neigh)
{
	if (refcount_dec_and_test(&neigh->refcnt))
		neigh_destroy(neigh);
}

static inline struct neighbour *neigh_clone(struct neighbour *neigh)
{
	if (neigh)
		refcount_inc(&neigh->refcnt);
	return neigh;
}

#define neigh_hold(n)	refcount_inc(&(n)->refcnt)

/*
 * Marks the entry used; an entry not known reachable (connected, or
 * being checked) starts or joins resolution, which may queue skb: 0 when
 * the caller may send now, 1 when skb waits for the address (or was
 * dropped).
 */
static __always_inline int neigh_event_send_probe(struct neighbour *neigh,
						  struct sk_buff *skb,
						  const bool immediate_ok)
{
	unsigned long now = jiffies;

	if (READ_ONCE(neigh->used) != now)
		WRITE_ONCE(neigh->used, now);
	if (!(READ_ONCE(neigh->nud_state) & (NUD_CONNECTED | NUD_DELAY | NUD_PROBE)))
		return __neigh_event_send(neigh, skb, immediate_ok);
	return 0;
}

static inline int neigh_event_send(struct neighbour *neigh, struct sk_buff *skb)
{
	return neigh_event_send_probe(neigh, skb, true);
}

/*
 * The cached Ethernet header of a bridged packet back in front of it
 * (CONFIG_BRIDGE_NETFILTER, a module in Debian's configs): the copy spans
 * the aligned header less the two bytes of its type.
 */
static inline int neigh_hh_bridge(struct hh_cache *hh, struct sk_buff *skb)
{
	unsigned int seq, hh_alen = HH_DATA_ALIGN(ETH_HLEN);
	int err = skb_cow_head(skb, hh_alen);

	if (err)
		return err;
	do {
		seq = read_seqbegin(&hh->hh_lock);
		memcpy(skb->data - hh_alen, hh->hh_data, ETH_ALEN + hh_alen - ETH_HLEN);
	} while (read_seqretry(&hh->hh_lock, seq));
	return 0;
}

/* the cached hardware header in front of skb, then out to the device */
static inline int neigh_hh_output(const struct hh_cache *hh, struct sk_buff *skb)
{
	unsigned int hh_alen = 0;
	unsigned int seq;
	unsigned int hh_len;

	do {
		seq = read_seqbegin(&hh->hh_lock);
		hh_len = READ_ONCE(hh->hh_len);
		if (likely(hh_len <= HH_DATA_MOD)) {
			hh_alen = HH_DATA_MOD;
			/* the aligned size must fit, not just the header */
			if (likely(skb_headroom(skb) >= HH_DATA_MOD))
				memcpy(skb->data - HH_DATA_MOD, hh->hh_data, HH_DATA_MOD);
		} else {
			hh_alen = HH_DATA_ALIGN(hh_len);
			if (likely(skb_headroom(skb) >= hh_alen))
				memcpy(skb->data - hh_alen, hh->hh_data, hh_alen);
		}
	} while (read_seqretry(&hh->hh_lock, seq));

	if (WARN_ON_ONCE(skb_headroom(skb) < hh_alen)) {
		kfree_skb(skb);
		return NET_XMIT_DROP;
	}
	__skb_push(skb, hh_len);
	return dev_queue_xmit(skb);
}

/* out through the cached header when the entry is connected, else its ->output */
static inline int neigh_output(struct neighbour *n, struct sk_buff *skb, bool skip_cache)
{
	const struct hh_cache *hh = &n->hh;

	/* both may change meanwhile: neigh_hh_output() copes */
	if (!skip_cache && (READ_ONCE(n->nud_state) & NUD_CONNECTED) &&
	    READ_ONCE(hh->hh_len))
		return neigh_hh_output(hh, skb);
	return READ_ONCE(n->output)(n, skb);
}

/* the entry for pkey on dev, made when creat and missing; NULL on failure */
static inline struct neighbour *__neigh_lookup(struct neigh_table *tbl, const void *pkey,
					       struct net_device *dev, int creat)
{
	struct neighbour *n = neigh_lookup(tbl, pkey, dev);

	if (n || !creat)
		return n;
	n = neigh_create(tbl, pkey, dev);
	return IS_ERR(n) ? NULL : n;
}

/* as __neigh_lookup(tbl, pkey, dev, 1), an ERR_PTR() on failure */
static inline struct neighbour *__neigh_lookup_errno(struct neigh_table *tbl,
						     const void *pkey,
						     struct net_device *dev)
{
	struct neighbour *n = neigh_lookup(tbl, pkey, dev);

	return n ? n : neigh_create(tbl, pkey, dev);
}

/* what a proxy queue keeps in skb->cb */
struct neighbour_cb {
	unsigned long sched_next;
	unsigned int flags;
};

#define LOCALLY_ENQUEUED 0x1

#define NEIGH_CB(skb)	((struct neighbour_cb *)(skb)->cb)

/* the entry's hardware address, copied consistently with its writers */
static inline void neigh_ha_snapshot(char *dst, const struct neighbour *n,
				     const struct net_device *dev)
{
	unsigned int seq;

	do {
		seq = read_seqbegin(&n->ha_lock);
		memcpy(dst, n->ha, dev->addr_len);
	} while (read_seqretry(&n->ha_lock, seq));
}

/* NTF_ROUTER follows NEIGH_UPDATE_F_ISROUTER; *notify set when it changed */
static inline void neigh_update_is_router(struct neighbour *neigh, u32 flags,
					  int *notify)
{
	u8 ndm_flags = (flags & NEIGH_UPDATE_F_ISROUTER) ? NTF_ROUTER : 0;

	if ((neigh->flags ^ ndm_flags) & NTF_ROUTER) {
		if (ndm_flags & NTF_ROUTER)
			neigh->flags |= NTF_ROUTER;
		else
			neigh->flags &= ~NTF_ROUTER;
		*notify = 1;
	}
}

#endif
