/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * wrr's netlink options and statistics, shared by the qdisc
 * (net/sched/sch_wrr.c) and its tc parser (q_wrr.c), as an upstream qdisc
 * keeps them in include/uapi/linux/pkt_sched.h.
 */
#ifndef _UAPI_LINUX_PKT_SCHED_WRR_H
#define _UAPI_LINUX_PKT_SCHED_WRR_H

#include <linux/types.h>

#define TC_WRR_MAX_BANDS	8

enum {
	TCA_WRR_UNSPEC,
	TCA_WRR_BANDS,		/* u32: bands, 1 to TC_WRR_MAX_BANDS */
	TCA_WRR_LIMIT,		/* u32: packets queued in all bands */
	__TCA_WRR_MAX
};

#define TCA_WRR_MAX	(__TCA_WRR_MAX - 1)

struct tc_wrr_xstats {
	__u32 rounds;		/* turns that ended with a band's credit short */
	__u32 weight[TC_WRR_MAX_BANDS];	/* the weights last written */
};

#endif
