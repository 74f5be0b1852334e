/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "mered" classifier (cls_mered.c: mice and
 * elephants, as a tc filter): the netlink attributes nested in the
 * filter's TCA_OPTIONS and the counters it dumps with them.
 *
 * Included by the kernel module, its user-space build against shim/ and
 * plain user space (cls_mered_tc.c): <linux/types.h> and __u32 only.
 * ABI rules: only append attributes before __TCA_CLS_MERED_MAX and fields
 * at the end of struct tc_cls_mered_stats.
 */
#ifndef QDK_CLS_MERED_H
#define QDK_CLS_MERED_H

#include <linux/types.h>

/* Attributes nested in TCA_OPTIONS. Type 0 is reserved by netlink. */
enum {
	TCA_CLS_MERED_UNSPEC,
	TCA_CLS_MERED_MICE,		/* u32: bytes a flow sends as a mouse */
	TCA_CLS_MERED_TIMEOUT,		/* u32: usecs of idleness that end a flow */
	TCA_CLS_MERED_FLOWS,		/* u32: flow table size */
	TCA_CLS_MERED_SEED,		/* u32: key of the flow hash */
	TCA_CLS_MERED_MICE_CLASSID,	/* u32: res.classid of mice, 0: none */
	TCA_CLS_MERED_ELEPHANT_CLASSID,	/* u32: res.classid of elephants */
	TCA_CLS_MERED_RATE,		/* u32: elephants' rate, bytes/s, 0: off */
	TCA_CLS_MERED_BURST,		/* u32: elephants' bucket, bytes */
	TCA_CLS_MERED_STATS,		/* dump only: struct tc_cls_mered_stats */
	__TCA_CLS_MERED_MAX
};

#define TCA_CLS_MERED_MAX (__TCA_CLS_MERED_MAX - 1)

/* Defaults (mice, timeout and flows are the qdisc's, mered.h) */
#define CLS_MERED_DEF_BURST	15000	/* ten full-size packets */

/* What the filter counts, dumped as TCA_CLS_MERED_STATS. */
struct tc_cls_mered_stats {
	__u32 mice_pkts;	/* packets classified mice */
	__u32 elephant_pkts;	/* packets classified elephants */
	__u32 policed;		/* elephants over the rate: TC_ACT_SHOT */
	__u32 flows;		/* flows started (flow table) */
	__u32 evictions;	/* idle flows pushed out of a full bucket */
};

#endif /* QDK_CLS_MERED_H */
