/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "dcbt" qdisc: Dynamic Class-Based Threshold (Chung
 * and Claypool, NOSSDAV 2000) with the ChIPS cut-in scheduler (Chung and
 * Claypool, ACM Multimedia 2000), as "Evaluation of DCBT" (Conway, McAuley,
 * Yurek, WPI 2002; docs/references.md) implements them. Included by the kernel
 * module, the shim build and plain user space. Append only.
 *
 * The attributes dcbt shares with cbt have cbt's numbers (cbt.h), so one
 * tc syntax serves both; 8 and 9 (cbt's fixed thresholds) are dcbt's flow
 * table size and flow timeout instead.
 */
#ifndef QDK_DCBT_H
#define QDK_DCBT_H

#include <linux/types.h>

enum {
	TCA_DCBT_UNSPEC,
	TCA_DCBT_LIMIT,		/* u32: hard limit, packets */
	TCA_DCBT_QTH_MIN,	/* u32: RED min_th, packets */
	TCA_DCBT_QTH_MAX,	/* u32: RED max_th, packets */
	TCA_DCBT_MAX_P,		/* u32: RED max_p, parts of 2^32 */
	TCA_DCBT_EWMA,		/* u32: Wlog */
	TCA_DCBT_BANDWIDTH,	/* u32: link rate, bytes/s, for idle decay; 0 none */
	TCA_DCBT_AVPKT,		/* u32: average packet, bytes */
	TCA_DCBT_FLOWS,		/* u32: flow table size */
	TCA_DCBT_TIMEOUT,	/* u32: a flow idle this long ends, microseconds */
	TCA_DCBT_TAG_MODE,	/* u32: DCBT_TAG_MODE_* */
	TCA_DCBT_TAG_DSCP,	/* u32 */
	TCA_DCBT_TAG_MARK,	/* u32 */
	TCA_DCBT_TAG_MASK,	/* u32 */
	TCA_DCBT_TAG_SRC,	/* u32: IPv4 prefix, network order */
	TCA_DCBT_TAG_SRCLEN,	/* u32: 0..32 */
	TCA_DCBT_SEED,		/* u32: seed of RED's generator and the flow hash */
	TCA_DCBT_COLLECT,	/* u32: expiry collector period, microseconds */
	TCA_DCBT_CHIPS,		/* u32: 1 ChIPS cut-in on, 0 off */
	__TCA_DCBT_MAX
};

#define TCA_DCBT_MAX (__TCA_DCBT_MAX - 1)

#define DCBT_TAG_MODE_NONE	0
#define DCBT_TAG_MODE_DSCP	1
#define DCBT_TAG_MODE_MARK	2
#define DCBT_TAG_MODE_SRC	3

#define DCBT_LIMIT_MAX		(1U << 20)
#define DCBT_EWMA_MIN		1
#define DCBT_EWMA_MAX		20
#define DCBT_AVPKT_MAX		65536
#define DCBT_FLOWS_MIN		8
#define DCBT_FLOWS_MAX		65536
#define DCBT_TIME_MIN		1000U		/* 1 ms */
#define DCBT_TIME_MAX		60000000U	/* 60 s */

#define DCBT_QTH_MIN_DEFAULT	5
#define DCBT_QTH_MAX_DEFAULT	15
#define DCBT_MAX_P_DEFAULT	429496730U	/* 0.1 */
#define DCBT_EWMA_DEFAULT	4
#define DCBT_AVPKT_DEFAULT	1000
#define DCBT_FLOWS_DEFAULT	1024
#define DCBT_TIMEOUT_DEFAULT	1000000U	/* 1 s */
#define DCBT_COLLECT_DEFAULT	250000U		/* 250 ms */

/* Averages and thresholds in thousandths of a packet. */
struct tc_dcbt_xstats {
	__u32 qavg;		/* RED average */
	__u32 tcp_avg;		/* class averages */
	__u32 mm_avg;
	__u32 udp_avg;
	__u32 mm_thresh;	/* dynamic thresholds at the last arrival */
	__u32 udp_thresh;
	__u32 tcp_flows;	/* active flows per class */
	__u32 mm_flows;
	__u32 udp_flows;
	__u32 tcp_qlen;		/* packets of each class queued */
	__u32 mm_qlen;
	__u32 udp_qlen;
	__u32 mm_drops;		/* dropped by the class threshold test */
	__u32 udp_drops;
	__u32 prob_drops;	/* RED early drops */
	__u32 forced_drops;	/* RED forced drops */
	__u32 limit_drops;
	__u32 change_drops;
	__u32 cutins;		/* ChIPS: tagged packets that cut in */
	__u32 collected;	/* flows ended by the expiry collector */
	__u32 evictions;	/* flow table: live idle flows pushed out */
	__u32 overflows;	/* flow table: packets given the overflow flow */
};

#endif /* QDK_DCBT_H */
