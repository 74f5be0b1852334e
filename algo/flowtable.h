/* SPDX-License-Identifier: GPL-2.0 */
/*
 * flowtable.h - a bounded table of per-flow state for qdiscs.
 *
 * Qdiscs that treat flows differently (mered: mice and elephants by bytes
 * sent; fred: per-flow queue quotas; dcbt: active flows counted per class)
 * need the same thing: find the state of the packet's flow in O(1) in the
 * datapath, without allocating, and forget flows that went quiet. This
 * header is that table, written once, like the kernel's include/net/red.h
 * for RED.
 *
 * Flows. The key is the 5-tuple read from the packet's real headers
 * (skb_network_offset() and skb_header_pointer(), so non-linear skbs are
 * fine): IPv4 or IPv6 source and destination address, IP protocol, and the
 * source and destination ports for TCP, UDP, UDP-Lite, SCTP and DCCP. Not
 * looked at: IPv6 extension headers (the protocol is the first next-header)
 * and non-first IPv4 fragments (no ports: they form a flow of their own).
 * Every non-IP frame (ARP, LLDP, ...) has one key: the "other" flow.
 *
 * Layout. A set-associative hash table: capacity entries in buckets of
 * FLOWTABLE_WAYS; a key hashes (siphash, keyed from the qdisc's seed
 * option, so placement is deterministic for a given seed and unpredictable
 * without it) to one bucket and may live in any of its ways. One extra
 * entry after the table is the shared overflow flow. Allocated once, in
 * the qdisc's init() (kvcalloc, GFP_KERNEL); the datapath never allocates.
 *
 * Life of an entry. FREE (never used) -> ACTIVE when a flow takes it (its
 * class is counted in active[]) -> EXPIRED when flowtable_collect() finds
 * it idle (the key stays, as in DCBT's flow list; the entry is reusable).
 * A flow is idle when it has no packet queued (qlen == 0) and nothing
 * happened to it (arrival, departure) for longer than the timeout. An idle
 * flow that sends again starts over: counters zeroed, class 0, "created"
 * reported to the caller, whether or not the collector ran in between, so
 * decisions never depend on when the collector's timer fired.
 *
 * Policy when a new flow needs an entry, among the ways of its bucket, in
 * this order (ties: the least recently seen, then the lowest way):
 *   1. a FREE way;
 *   2. an EXPIRED or idle way (a flow that timed out): reused, no harm done;
 *   3. an ACTIVE way without queued packets (not timed out): evicted, its
 *      state is lost (stats.evictions);
 *   4. every way has packets queued: the packet is mapped to the shared
 *      overflow entry, one flow for all such packets (stats.overflows).
 * So an entry is never taken from a flow with packets queued: a qdisc may
 * keep an entry's index in the packet's cb (flowtable_index()) and find it
 * again at dequeue (flowtable_at()).
 *
 * Callers keep qlen/backlog right: flowtable_enqueued() when a packet of
 * the flow is queued, flowtable_dequeued() when it leaves (sent or dropped
 * from the queue), flowtable_reset() when the qdisc is reset.
 *
 * Locking: every function runs under the qdisc's root lock (datapath, or
 * sch_tree_lock() in the control path). A timer that runs
 * flowtable_collect() takes spin_lock(qdisc_lock(qdisc_root_sleeping(sch)))
 * around it, as sfq's perturbation timer does (not
 * qdisc_root_sleeping_lock(), which asserts RTNL); or the datapath runs it
 * when an arrival finds the collection period over, which keeps replays
 * exact.
 */
#ifndef QDK_ALGO_FLOWTABLE_H
#define QDK_ALGO_FLOWTABLE_H

#include <linux/errno.h>
#include <linux/if_ether.h>
#include <linux/if_vlan.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/ipv6.h>
#include <linux/kernel.h>
#include <linux/siphash.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>
#include <net/ip.h>

#define FLOWTABLE_WAYS		8	/* entries per bucket */
#define FLOWTABLE_CLASSES	8	/* classes counted in active[] */
#define FLOWTABLE_SIZE_MIN	FLOWTABLE_WAYS
#define FLOWTABLE_SIZE_MAX	65536	/* 80 bytes each: 5 MB at most */

/* flowtable_key.family */
enum {
	FLOWTABLE_FAMILY_OTHER = 0,	/* non-IP: one flow for all */
	FLOWTABLE_FAMILY_INET = 4,
	FLOWTABLE_FAMILY_INET6 = 6,
	FLOWTABLE_FAMILY_OVERFLOW = 255,	/* the shared overflow entry */
};

/* flowtable_entry.state */
enum {
	FLOWTABLE_FREE = 0,	/* never used since init/reset */
	FLOWTABLE_ACTIVE,	/* a live flow, counted in active[class] */
	FLOWTABLE_EXPIRED,	/* collected; key kept, entry reusable */
};

/* Network byte order, IPv4 addresses in word 0; zero padded (hashed). */
struct flowtable_key {
	__be32 saddr[4];
	__be32 daddr[4];
	__be16 sport;
	__be16 dport;
	u8 proto;
	u8 family;
	u8 pad[2];
} __aligned(8);

struct flowtable_entry {
	struct flowtable_key key;
	u64 bytes;		/* bytes arrived since the flow (re)started */
	u64 last_seen;		/* ns: last arrival or departure */
	u32 pkts;		/* packets arrived since the flow (re)started */
	u32 qlen;		/* its packets in the queue */
	u32 backlog;		/* their bytes */
	u32 strikes;		/* for the qdisc (fred: maxq overruns) */
	u32 user;		/* for the qdisc: anything per flow */
	u8 class;		/* counted in active[class] while ACTIVE */
	u8 state;		/* FLOWTABLE_FREE, _ACTIVE, _EXPIRED */
};

struct flowtable_stats {
	u32 flows;		/* flows started: new keys and restarts */
	u32 evictions;		/* policy 3: live idle flows pushed out */
	u32 overflows;		/* policy 4: packets given the overflow entry */
	u32 collected;		/* flows expired by flowtable_collect() */
};

struct flowtable {
	struct flowtable_entry *e;	/* capacity entries + the overflow one */
	u32 capacity;		/* size rounded up to FLOWTABLE_WAYS */
	u32 nbuckets;
	u64 timeout;		/* ns of idleness after which a flow ends */
	siphash_key_t hkey;
	u32 nactive;		/* ACTIVE entries */
	u32 active[FLOWTABLE_CLASSES];	/* ... per class */
	u32 busy;		/* entries with packets queued (qlen > 0) */
	struct flowtable_stats stats;
};

/*
 * Allocate the table for size flows (FLOWTABLE_SIZE_MIN..MAX, rounded up
 * to a multiple of FLOWTABLE_WAYS). Process context: may sleep.
 * Returns 0 or -ENOMEM; flowtable_free() is safe either way.
 */
static inline int flowtable_init(struct flowtable *ft, u32 size,
				 u64 timeout_ns, u64 seed)
{
	memset(ft, 0, sizeof(*ft));
	size = clamp_t(u32, size, FLOWTABLE_SIZE_MIN, FLOWTABLE_SIZE_MAX);
	ft->capacity = round_up(size, FLOWTABLE_WAYS);
	ft->nbuckets = ft->capacity / FLOWTABLE_WAYS;
	ft->timeout = timeout_ns;
	/* two different words from one seed; any fixed mix would do */
	ft->hkey.key[0] = seed;
	ft->hkey.key[1] = seed ^ 0x9e3779b97f4a7c15ULL;
	ft->e = kvcalloc(ft->capacity + 1, sizeof(*ft->e), GFP_KERNEL);
	return ft->e ? 0 : -ENOMEM;
}

static inline void flowtable_free(struct flowtable *ft)
{
	kvfree(ft->e);
	ft->e = NULL;
}

/* Forget every flow (the qdisc was reset: nothing is queued). */
static inline void flowtable_reset(struct flowtable *ft)
{
	if (ft->e)
		memset(ft->e, 0, (ft->capacity + 1) * sizeof(*ft->e));
	ft->nactive = 0;
	ft->busy = 0;
	memset(ft->active, 0, sizeof(ft->active));
}

static inline bool flowtable_has_ports(u8 proto)
{
	return proto == IPPROTO_TCP || proto == IPPROTO_UDP ||
	       proto == IPPROTO_UDPLITE || proto == IPPROTO_SCTP ||
	       proto == IPPROTO_DCCP;
}

/* The packet's flow key, from its network and transport headers. */
static inline void flowtable_skb_key(const struct sk_buff *skb,
				     struct flowtable_key *k)
{
	__be16 proto = skb_protocol(skb, true);
	int noff = skb_network_offset(skb);
	int toff = -1;

	memset(k, 0, sizeof(*k));
	if (proto == htons(ETH_P_IP)) {
		const struct iphdr *iph;
		struct iphdr _iph;

		iph = skb_header_pointer(skb, noff, sizeof(_iph), &_iph);
		if (!iph || iph->version != 4 || iph->ihl < 5)
			return;
		k->family = FLOWTABLE_FAMILY_INET;
		k->saddr[0] = iph->saddr;
		k->daddr[0] = iph->daddr;
		k->proto = iph->protocol;
		if (!(iph->frag_off & htons(IP_OFFSET)))
			toff = noff + iph->ihl * 4;
	} else if (proto == htons(ETH_P_IPV6)) {
		const struct ipv6hdr *ip6;
		struct ipv6hdr _ip6;

		ip6 = skb_header_pointer(skb, noff, sizeof(_ip6), &_ip6);
		if (!ip6 || ip6->version != 6)
			return;
		k->family = FLOWTABLE_FAMILY_INET6;
		memcpy(k->saddr, &ip6->saddr, sizeof(k->saddr));
		memcpy(k->daddr, &ip6->daddr, sizeof(k->daddr));
		k->proto = ip6->nexthdr;
		toff = noff + sizeof(*ip6);
	} else {
		return;		/* the "other" flow: an all-zero key */
	}
	if (toff >= 0 && flowtable_has_ports(k->proto)) {
		const __be16 *ports;
		__be16 _ports[2];

		ports = skb_header_pointer(skb, toff, sizeof(_ports), _ports);
		if (ports) {
			k->sport = ports[0];
			k->dport = ports[1];
		}
	}
}

/* Has the flow been idle (nothing queued) for longer than the timeout? */
static inline bool flowtable_idle(const struct flowtable *ft,
				  const struct flowtable_entry *e, u64 now)
{
	return e->qlen == 0 && now > e->last_seen &&
	       now - e->last_seen > ft->timeout;
}

/* Move e to class c (< FLOWTABLE_CLASSES), keeping active[] right. */
static inline void flowtable_set_class(struct flowtable *ft,
				       struct flowtable_entry *e, u8 c)
{
	c = min_t(u8, c, FLOWTABLE_CLASSES - 1);
	if (e->state == FLOWTABLE_ACTIVE) {
		ft->active[e->class]--;
		ft->active[c]++;
	}
	e->class = c;
}

/* (Re)start a flow in entry e with key k: zero counters, class 0. */
static inline void flowtable_start(struct flowtable *ft,
				   struct flowtable_entry *e,
				   const struct flowtable_key *k)
{
	if (e->state == FLOWTABLE_ACTIVE) {
		ft->active[e->class]--;
		ft->nactive--;
	}
	if (&e->key != k)
		e->key = *k;
	e->bytes = 0;
	e->pkts = 0;
	e->strikes = 0;
	e->user = 0;
	e->class = 0;
	e->state = FLOWTABLE_ACTIVE;
	ft->active[0]++;
	ft->nactive++;
	ft->stats.flows++;
}

/*
 * The entry of the flow with key k, as seen by an arrival at now (ns).
 * Never NULL. *created is set when the flow is new or restarted after
 * being idle: its counters are zero and its class is 0 (the caller sets
 * another with flowtable_set_class()). The arrival is recorded in
 * last_seen; the caller counts bytes/pkts (flowtable_arrival()).
 */
static inline struct flowtable_entry *
flowtable_lookup(struct flowtable *ft, const struct flowtable_key *k,
		 u64 now, bool *created)
{
	u32 h = (u32)siphash(k, sizeof(*k), &ft->hkey);
	struct flowtable_entry *b, *victim = NULL, *e;
	int vrank = 4, i;

	*created = false;
	b = &ft->e[reciprocal_scale(h, ft->nbuckets) * FLOWTABLE_WAYS];
	for (i = 0; i < FLOWTABLE_WAYS; i++) {
		int rank;

		e = &b[i];
		if (e->state != FLOWTABLE_FREE &&
		    !memcmp(&e->key, k, sizeof(*k))) {
			if (e->state == FLOWTABLE_EXPIRED ||
			    flowtable_idle(ft, e, now)) {
				flowtable_start(ft, e, k);
				*created = true;
			}
			e->last_seen = now;
			return e;
		}
		if (e->state == FLOWTABLE_FREE)
			rank = 0;
		else if (e->state == FLOWTABLE_EXPIRED ||
			 flowtable_idle(ft, e, now))
			rank = 1;
		else if (!e->qlen)
			rank = 2;
		else
			continue;	/* packets queued: never taken */
		if (rank < vrank ||
		    (rank == vrank && e->last_seen < victim->last_seen)) {
			victim = e;
			vrank = rank;
		}
	}
	if (victim) {
		if (vrank == 2)
			ft->stats.evictions++;
		flowtable_start(ft, victim, k);
		victim->last_seen = now;
		*created = true;
		return victim;
	}

	/* Every way holds queued packets: the shared overflow flow. */
	ft->stats.overflows++;
	e = &ft->e[ft->capacity];
	if (e->state != FLOWTABLE_ACTIVE || flowtable_idle(ft, e, now)) {
		struct flowtable_key ok = { .family = FLOWTABLE_FAMILY_OVERFLOW };

		flowtable_start(ft, e, &ok);
		*created = true;
	}
	e->last_seen = now;
	return e;
}

/* flowtable_lookup() for the flow of skb. */
static inline struct flowtable_entry *
flowtable_get(struct flowtable *ft, const struct sk_buff *skb, u64 now,
	      bool *created)
{
	struct flowtable_key k;

	flowtable_skb_key(skb, &k);
	return flowtable_lookup(ft, &k, now, created);
}

/* Count an arrival of len bytes in the flow's size (dropped or not). */
static inline void flowtable_arrival(struct flowtable_entry *e, u32 len)
{
	e->bytes += len;
	e->pkts++;
}

/* A packet of len bytes of flow e was queued. */
static inline void flowtable_enqueued(struct flowtable *ft,
				      struct flowtable_entry *e, u32 len)
{
	if (!e->qlen++)
		ft->busy++;
	e->backlog += len;
}

/* A queued packet of len bytes of flow e left the queue at now. */
static inline void flowtable_dequeued(struct flowtable *ft,
				      struct flowtable_entry *e, u32 len,
				      u64 now)
{
	e->backlog -= len;
	if (!--e->qlen)
		ft->busy--;
	e->last_seen = now;
}

/*
 * The expiry collector: mark every idle ACTIVE flow EXPIRED and uncount it
 * from active[]. O(capacity); run it from a timer (DCBT does, every few
 * hundred ms) so active[] follows the traffic. Returns how many expired.
 */
static inline u32 flowtable_collect(struct flowtable *ft, u64 now)
{
	u32 i, n = 0;

	for (i = 0; i <= ft->capacity; i++) {
		struct flowtable_entry *e = &ft->e[i];

		if (e->state == FLOWTABLE_ACTIVE && flowtable_idle(ft, e, now)) {
			e->state = FLOWTABLE_EXPIRED;
			ft->active[e->class]--;
			ft->nactive--;
			n++;
		}
	}
	ft->stats.collected += n;
	return n;
}

/* Index of an entry (to keep in a packet's cb) and back. */
static inline u32 flowtable_index(const struct flowtable *ft,
				  const struct flowtable_entry *e)
{
	return e - ft->e;
}

static inline struct flowtable_entry *flowtable_at(struct flowtable *ft,
						   u32 idx)
{
	return &ft->e[min(idx, ft->capacity)];
}

#endif /* QDK_ALGO_FLOWTABLE_H */
