/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "mered" qdisc (Mice and Elephants over
 * adaptive RED): the netlink attributes carried in TCA_OPTIONS and the
 * statistics blob returned as TCA_XSTATS.
 *
 * Included by the kernel module, the user-space build against shim/ and
 * plain user space (mered_tc.c): <linux/types.h> and __u32 only.
 * ABI rules: only append attributes before __TCA_MERED_MAX and fields at
 * the end of struct tc_mered_xstats.
 */
#ifndef QDK_MERED_H
#define QDK_MERED_H

#include <linux/types.h>

/* Attributes nested in TCA_OPTIONS. Type 0 is reserved by netlink. */
enum {
	TCA_MERED_UNSPEC,
	TCA_MERED_LIMIT,	/* u32: packets in the qdisc (both classes) */
	TCA_MERED_MICE,		/* u32: bytes a flow sends as a mouse */
	TCA_MERED_TIMEOUT,	/* u32: usecs of idleness that end a flow */
	TCA_MERED_FLOWS,	/* u32: flow table size (init only) */
	TCA_MERED_QTH_MIN,	/* u32: RED min threshold, bytes */
	TCA_MERED_QTH_MAX,	/* u32: RED max threshold, bytes */
	TCA_MERED_PROBABILITY,	/* u32: initial max_p, parts of 2^32 */
	TCA_MERED_BURST,	/* u32: RED burst, packets of avpkt */
	TCA_MERED_AVPKT,	/* u32: average packet size, bytes */
	TCA_MERED_BANDWIDTH,	/* u32: link rate for idle decay, bytes/s */
	TCA_MERED_ECN,		/* u32 0/1: mark ECT elephants instead of dropping */
	TCA_MERED_DROPFRONT,	/* u32 0/1: RED drops the oldest elephant */
	TCA_MERED_SEED,		/* u32: seed of the generator and the flow hash */
	__TCA_MERED_MAX
};

#define TCA_MERED_MAX (__TCA_MERED_MAX - 1)

/* Ranges enforced by the kernel's policy. */
#define MERED_LIMIT_MIN		1
#define MERED_LIMIT_MAX		(1U << 20)
#define MERED_TIMEOUT_MAX	(3600U * 1000000)	/* an hour, usecs */
#define MERED_TH_MAX		(1U << 30)
#define MERED_BURST_MAX		(1U << 20)
#define MERED_AVPKT_MIN		64
#define MERED_AVPKT_MAX		65535

/* Defaults */
#define MERED_DEF_MICE		15000		/* ten full-size packets */
#define MERED_DEF_TIMEOUT	1000000		/* 1 s */
#define MERED_DEF_FLOWS		1024
#define MERED_DEF_MIN		15000
#define MERED_DEF_MAX		45000
#define MERED_DEF_AVPKT		1000
#define MERED_DEF_BANDWIDTH	1250000		/* 10 Mbit/s, as tc-red */

/* What dump_stats() reports in TCA_XSTATS (`tc -s qdisc show`). */
struct tc_mered_xstats {
	__u32 mice_pkts;	/* arrivals classified mice */
	__u32 elephant_pkts;	/* arrivals classified elephants */
	__u32 mice_drops;	/* mice dropped: the qdisc was full */
	__u32 limit_drops;	/* elephants dropped: the qdisc was full */
	__u32 prob_drops;	/* elephants dropped by RED's early test */
	__u32 prob_marks;	/* elephants CE-marked instead */
	__u32 forced_drops;	/* elephants dropped: average over max */
	__u32 mice_qlen;	/* packets in the mice queue now */
	__u32 elephant_qlen;	/* packets in the elephant queue now */
	__u32 qavg;		/* RED average, bytes */
	__u32 max_p;		/* adaptive RED's max_p now, parts of 2^32 */
	__u32 flows;		/* flows started (flow table) */
	__u32 evictions;	/* idle flows pushed out of a full bucket */
	__u32 overflows;	/* packets that found their bucket busy */
	__u32 busy_flows;	/* flows with packets queued now */
};

#endif /* QDK_MERED_H */
