/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "cbt" qdisc: Class-Based Threshold (Parris,
 * Jeffay, Smith 1999), as implemented in "Evaluation of DCBT" (Conway, McAuley,
 * Yurek, WPI 2002; docs/references.md), over RED. Included by the kernel
 * module, the shim build and plain user space: <linux/types.h> and __u32 only.
 * Append only.
 *
 * Units: queue sizes and thresholds are packets; probabilities are parts
 * of 2^32 (0.02 is 85899346).
 */
#ifndef QDK_CBT_H
#define QDK_CBT_H

#include <linux/types.h>

enum {
	TCA_CBT_UNSPEC,
	TCA_CBT_LIMIT,		/* u32: hard limit, packets */
	TCA_CBT_QTH_MIN,	/* u32: RED min_th, packets */
	TCA_CBT_QTH_MAX,	/* u32: RED max_th, packets */
	TCA_CBT_MAX_P,		/* u32: RED max_p, parts of 2^32 */
	TCA_CBT_EWMA,		/* u32: Wlog, the EWMA weight is 2^-Wlog */
	TCA_CBT_BANDWIDTH,	/* u32: link rate, bytes/s, for idle decay; 0 none */
	TCA_CBT_AVPKT,		/* u32: average packet, bytes, for idle decay */
	TCA_CBT_MM_THRESH,	/* u32: threshold of tagged UDP, packets */
	TCA_CBT_UDP_THRESH,	/* u32: threshold of other UDP, packets */
	TCA_CBT_TAG_MODE,	/* u32: CBT_TAG_MODE_* */
	TCA_CBT_TAG_DSCP,	/* u32: DSCP of tagged UDP, 0..63 */
	TCA_CBT_TAG_MARK,	/* u32: skb->mark of tagged UDP ... */
	TCA_CBT_TAG_MASK,	/* u32: ... under this mask */
	TCA_CBT_TAG_SRC,	/* u32: IPv4 source prefix, network order */
	TCA_CBT_TAG_SRCLEN,	/* u32: its length, 0..32 */
	TCA_CBT_SEED,		/* u32: seed of RED's random generator */
	__TCA_CBT_MAX
};

#define TCA_CBT_MAX (__TCA_CBT_MAX - 1)

/* TCA_CBT_TAG_MODE: what makes a UDP packet "multimedia" */
#define CBT_TAG_MODE_NONE	0
#define CBT_TAG_MODE_DSCP	1
#define CBT_TAG_MODE_MARK	2
#define CBT_TAG_MODE_SRC	3

#define CBT_LIMIT_MAX		(1U << 20)
#define CBT_EWMA_MIN		1
#define CBT_EWMA_MAX		20
#define CBT_AVPKT_MAX		65536

/* Defaults: Conway et al.'s thresholds (5/15 packets, MM 10, UDP 2). */
#define CBT_QTH_MIN_DEFAULT	5
#define CBT_QTH_MAX_DEFAULT	15
#define CBT_MAX_P_DEFAULT	429496730U	/* 0.1 */
#define CBT_EWMA_DEFAULT	4
#define CBT_AVPKT_DEFAULT	1000
#define CBT_MM_THRESH_DEFAULT	10
#define CBT_UDP_THRESH_DEFAULT	2

/* Averages are reported in thousandths of a packet. */
struct tc_cbt_xstats {
	__u32 qavg;		/* RED average, milli-packets */
	__u32 tcp_avg;		/* class averages, milli-packets */
	__u32 mm_avg;
	__u32 udp_avg;
	__u32 tcp_qlen;		/* packets of each class queued */
	__u32 mm_qlen;
	__u32 udp_qlen;
	__u32 mm_drops;		/* dropped by the class threshold test */
	__u32 udp_drops;
	__u32 prob_drops;	/* RED early drops */
	__u32 forced_drops;	/* RED forced drops (average past max) */
	__u32 limit_drops;	/* the queue held limit packets */
	__u32 change_drops;	/* a change() lowered limit */
};

#endif /* QDK_CBT_H */
