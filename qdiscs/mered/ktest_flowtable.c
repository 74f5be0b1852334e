// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_flowtable.c - kernel-style wrappers around algo/flowtable.h, linked
 * into the mered directory's test binaries (qdiscs/qdiscs.mk), so the
 * plain-C tests can drive the flow table on real sk_buffs.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/slab.h>

#include <algo/flowtable.h>

#include "ktest_flowtable.h"

struct kft {
	struct flowtable ft;
};

struct kft *kft_create(unsigned int size, unsigned long long timeout_ns,
		       unsigned long long seed)
{
	struct kft *t = kzalloc(sizeof(*t), GFP_KERNEL);

	if (!t)
		return NULL;
	if (flowtable_init(&t->ft, size, timeout_ns, seed)) {
		flowtable_free(&t->ft);
		kfree(t);
		return NULL;
	}
	return t;
}

void kft_destroy(struct kft *t)
{
	flowtable_free(&t->ft);
	kfree(t);
}

void kft_reset(struct kft *t)
{
	flowtable_reset(&t->ft);
}

int kft_get(struct kft *t, const struct qdk_skb *skb, unsigned long long now,
	    int *created)
{
	bool c;
	struct flowtable_entry *e;

	e = flowtable_get(&t->ft, (const struct sk_buff *)skb, now, &c);
	*created = c;
	return flowtable_index(&t->ft, e);
}

int kft_overflow_index(struct kft *t)
{
	return t->ft.capacity;
}

unsigned int kft_bucket(struct kft *t, const struct qdk_skb *skb)
{
	struct flowtable_key k;

	flowtable_skb_key((const struct sk_buff *)skb, &k);
	return reciprocal_scale((u32)siphash(&k, sizeof(k), &t->ft.hkey),
				t->ft.nbuckets);
}

void kft_flow(struct kft *t, int idx, struct kft_flow *f)
{
	const struct flowtable_entry *e = flowtable_at(&t->ft, idx);

	f->bytes = e->bytes;
	f->last_seen = e->last_seen;
	f->pkts = e->pkts;
	f->qlen = e->qlen;
	f->backlog = e->backlog;
	f->strikes = e->strikes;
	f->cls = e->class;
	f->state = e->state;
	f->family = e->key.family;
	f->proto = e->key.proto;
	f->sport = ntohs(e->key.sport);
	f->dport = ntohs(e->key.dport);
}

void kft_arrival(struct kft *t, int idx, unsigned int len)
{
	flowtable_arrival(flowtable_at(&t->ft, idx), len);
}

void kft_enqueued(struct kft *t, int idx, unsigned int len)
{
	flowtable_enqueued(&t->ft, flowtable_at(&t->ft, idx), len);
}

void kft_dequeued(struct kft *t, int idx, unsigned int len,
		  unsigned long long now)
{
	flowtable_dequeued(&t->ft, flowtable_at(&t->ft, idx), len, now);
}

void kft_set_class(struct kft *t, int idx, unsigned int cls)
{
	flowtable_set_class(&t->ft, flowtable_at(&t->ft, idx), cls);
}

void kft_set_timeout(struct kft *t, unsigned long long timeout_ns)
{
	t->ft.timeout = timeout_ns;
}

unsigned int kft_collect(struct kft *t, unsigned long long now)
{
	return flowtable_collect(&t->ft, now);
}

unsigned int kft_active(struct kft *t, unsigned int cls)
{
	return cls < FLOWTABLE_CLASSES ? t->ft.active[cls] : 0;
}

void kft_stats(struct kft *t, struct kft_stats *st)
{
	st->flows = t->ft.stats.flows;
	st->evictions = t->ft.stats.evictions;
	st->overflows = t->ft.stats.overflows;
	st->collected = t->ft.stats.collected;
	st->nactive = t->ft.nactive;
	st->busy = t->ft.busy;
	st->capacity = t->ft.capacity;
}
