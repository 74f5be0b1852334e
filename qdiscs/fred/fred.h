/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "fred" qdisc (Flow Random Early Drop, Lin &
 * Morris, SIGCOMM '97): the netlink attributes carried in TCA_OPTIONS and
 * the statistics blob returned as TCA_XSTATS.
 *
 * Included by the kernel module, the user-space build against shim/ and
 * plain user space (fred_tc.c): <linux/types.h> and __u32 only.
 * Units: FRED counts packets, as the paper does: limit, thresholds, burst,
 * minq and maxq are packets; avpkt and bandwidth only set the decay of the
 * average while the link is idle. Probabilities are parts of 2^32.
 * ABI rules: only append attributes before __TCA_FRED_MAX and fields at
 * the end of struct tc_fred_xstats.
 */
#ifndef QDK_FRED_H
#define QDK_FRED_H

#include <linux/types.h>

/* Attributes nested in TCA_OPTIONS. Type 0 is reserved by netlink. */
enum {
	TCA_FRED_UNSPEC,
	TCA_FRED_LIMIT,		/* u32: packets in the qdisc */
	TCA_FRED_QTH_MIN,	/* u32: RED min threshold, packets */
	TCA_FRED_QTH_MAX,	/* u32: RED max threshold, packets */
	TCA_FRED_PROBABILITY,	/* u32: max_p, parts of 2^32 */
	TCA_FRED_BURST,		/* u32: RED burst, packets: the EWMA weight */
	TCA_FRED_AVPKT,		/* u32: average packet, bytes (idle decay) */
	TCA_FRED_BANDWIDTH,	/* u32: link rate, bytes/s (idle decay); 0: none */
	TCA_FRED_MINQ,		/* u32: packets a flow may always queue */
	TCA_FRED_MAXQ,		/* u32: most packets of one flow; 0: min */
	TCA_FRED_FLOWS,		/* u32: flow table size (init only) */
	TCA_FRED_TIMEOUT,	/* u32: usecs a drained flow keeps its state */
	TCA_FRED_ECN,		/* u32 0/1: mark ECT packets at early drops */
	TCA_FRED_SEED,		/* u32: seed of the generator and the flow hash */
	__TCA_FRED_MAX
};

#define TCA_FRED_MAX (__TCA_FRED_MAX - 1)

/* Ranges enforced by the kernel's policy. */
#define FRED_LIMIT_MIN		1
#define FRED_LIMIT_MAX		(1U << 20)
#define FRED_TH_MAX		(1U << 20)
#define FRED_BURST_MAX		(1U << 20)
#define FRED_AVPKT_MIN		64
#define FRED_AVPKT_MAX		65535
#define FRED_MINQ_MAX		1024
#define FRED_TIMEOUT_MAX	(3600U * 1000000)

/* Defaults (the paper's: minq 2, maxq = min, max_p 0.02) */
#define FRED_DEF_MIN		5
#define FRED_DEF_MAX		15
#define FRED_DEF_MINQ		2
#define FRED_DEF_FLOWS		1024
#define FRED_DEF_AVPKT		1000
#define FRED_DEF_BANDWIDTH	1250000		/* 10 Mbit/s, as tc-red */

/* What dump_stats() reports in TCA_XSTATS (`tc -s qdisc show`). */
struct tc_fred_xstats {
	__u32 maxq_drops;	/* the flow already had maxq packets queued */
	__u32 fair_drops;	/* average over max and the flow over 2 avgcq */
	__u32 strike_drops;	/* a struck flow (strikes > 1) at avgcq */
	__u32 prob_drops;	/* RED's early drops (robust flows only) */
	__u32 prob_marks;	/* ... CE marks instead */
	__u32 forced_drops;	/* average over max */
	__u32 limit_drops;	/* the qdisc was full */
	__u32 qavg_milli;	/* RED average, 1/1000 packets */
	__u32 active_flows;	/* flows with packets queued (Nactive) */
	__u32 flows;		/* flows started (flow table) */
	__u32 evictions;	/* idle flows pushed out of a full bucket */
	__u32 overflows;	/* packets that found their bucket busy */
};

#endif /* QDK_FRED_H */
