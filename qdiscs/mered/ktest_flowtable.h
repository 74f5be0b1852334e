/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktest_flowtable.h - a plain-C window on algo/flowtable.h for the unit
 * tests (test_flowtable.c cannot include kernel headers). Plain C types
 * only: ktest_flowtable.c (kernel-style) and the tests both include it.
 */
#ifndef QDK_KTEST_FLOWTABLE_H
#define QDK_KTEST_FLOWTABLE_H

struct kft;
struct qdk_skb;

struct kft_flow {
	unsigned long long bytes;
	unsigned long long last_seen;
	unsigned int pkts;
	unsigned int qlen;
	unsigned int backlog;
	unsigned int strikes;
	unsigned int cls;
	unsigned int state;	/* 0 free, 1 active, 2 expired */
	unsigned int family;	/* 0 other, 4, 6, 255 overflow */
	unsigned int proto;
	unsigned int sport;	/* host order */
	unsigned int dport;
};

struct kft_stats {
	unsigned int flows;
	unsigned int evictions;
	unsigned int overflows;
	unsigned int collected;
	unsigned int nactive;
	unsigned int busy;
	unsigned int capacity;
};

struct kft *kft_create(unsigned int size, unsigned long long timeout_ns,
		       unsigned long long seed);
void kft_destroy(struct kft *t);
void kft_reset(struct kft *t);
/* flowtable_get(): the entry's index; *created as the table says */
int kft_get(struct kft *t, const struct qdk_skb *skb, unsigned long long now,
	    int *created);
int kft_overflow_index(struct kft *t);
/* the bucket a packet's key hashes to */
unsigned int kft_bucket(struct kft *t, const struct qdk_skb *skb);
void kft_flow(struct kft *t, int idx, struct kft_flow *f);
void kft_arrival(struct kft *t, int idx, unsigned int len);
void kft_enqueued(struct kft *t, int idx, unsigned int len);
void kft_dequeued(struct kft *t, int idx, unsigned int len,
		  unsigned long long now);
void kft_set_class(struct kft *t, int idx, unsigned int cls);
void kft_set_timeout(struct kft *t, unsigned long long timeout_ns);
unsigned int kft_collect(struct kft *t, unsigned long long now);
unsigned int kft_active(struct kft *t, unsigned int cls);
void kft_stats(struct kft *t, struct kft_stats *st);

#endif /* QDK_KTEST_FLOWTABLE_H */
