/* SPDX-License-Identifier: GPL-2.0 */
/*
 * summary.h - what `drive` measures: per-flow packets, bytes, drops and
 * marks, sojourn times (enqueue to dequeue), and the queue over time, and
 * the JSON file it writes.
 */
#ifndef QDK_SUMMARY_H
#define QDK_SUMMARY_H

#include <stdbool.h>
#include <stdint.h>

#include "qdk_api.h"
#include "outfile.h"
#include "util.h"

struct sum_flow {
	uint32_t fid;
	char *decl;		/* the flow's declaration, for people */
	uint64_t arrived_pkts, arrived_bytes;
	uint64_t sent_pkts, sent_bytes;
	uint64_t drops, marks;
	uint64_t *sojourn;	/* ns, one per dequeued packet */
	uint64_t nsoj, capsoj;
};

struct sum_slot {
	uint64_t id;		/* 0: empty */
	uint64_t ts;
	uint32_t flow;		/* its flow's position in flows[] */
	uint32_t bytes;
};

/* drops by reason (the kernel's enum value; qdk_drop_reason_name() names it) */
struct sum_reason {
	uint32_t reason;
	uint64_t n;
};

#define SUM_XSTATS_MAX 4096

struct summary {
	uint64_t start, end, interval;
	/* The flows in order of first arrival, found by FID through fidx. */
	struct sum_flow *flows;
	uint32_t nflows, capflows;
	struct id_index fidx;
	/* Packets inside the qdisc: id -> (enqueue time, flow), linear probing. */
	struct sum_slot *map;
	uint64_t mapmask, inmap;
	/* Time series, one entry per interval from start. */
	uint64_t nsamples, capsamples;
	uint32_t *qlen;
	uint32_t *backlog;
	uint64_t *soj_sum, *soj_max, *soj_n;
	struct sum_reason *reasons;
	uint32_t nreasons;
	/* the qdisc at the end of the run (sum_final) */
	bool final;
	char kind[16];
	uint32_t handle;
	struct qdk_stats st;
	int xlen;		/* its xstats' length, 0 none, <0 -errno */
	unsigned char xstats[SUM_XSTATS_MAX];
	struct qdk_class *classes;
	size_t nclasses;
};

void sum_init(struct summary *s, uint64_t start, uint64_t interval);
void sum_arrival(struct summary *s, uint32_t fid, const char *decl, uint64_t id, uint64_t ts,
		 uint32_t bytes);
/* a drop of packet id, for reason (struct qdk_effect's) */
void sum_drop(struct summary *s, uint64_t id, uint32_t reason);
void sum_mark(struct summary *s, uint64_t id);
void sum_dequeue(struct summary *s, uint64_t id, uint64_t ts);
/* The queue's state from the last sample up to (not including) ts. */
void sum_sample_until(struct summary *s, uint64_t ts, uint32_t qlen, uint32_t backlog);
/*
 * The qdisc's state at the end of the run, before it is destroyed: its
 * counters and xstats, and every class of its tree with theirs.
 */
void sum_final(struct summary *s, struct qdk_qdisc *q, uint32_t handle);
/* The JSON into o (opened by the caller, committed with its trace). */
void sum_write(struct summary *s, struct outfile *o, const char *qdisc, uint64_t rate_Bps,
	       uint64_t seed, const char *input);
void sum_free(struct summary *s);

#endif /* QDK_SUMMARY_H */
