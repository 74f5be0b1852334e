/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "nac" qdisc: the router side of network assisted
 * congestion control ("Network Assisted Congestion Control", Maroo, Shah,
 * Sheth, Sharma, NCSU 2010; docs/references.md). Included by the kernel module,
 * the shim build and plain user space: <linux/types.h> and __u32 types only.
 * Append, never renumber.
 *
 * The IP option (Maroo et al., section 3.2): type 31, length 10, then two
 * 32-bit big-endian metrics, the forward path's and the reverse path's. A
 * router writes its output queue's free percentage (0..100) into the forward
 * metric when that is lower than the value already there, so the receiver sees
 * the busiest router on the path.
 */
#ifndef QDK_NAC_H
#define QDK_NAC_H

#include <linux/types.h>

enum {
	TCA_NAC_UNSPEC,
	TCA_NAC_LIMIT,		/* u32: queue length limit, packets */
	TCA_NAC_SYN_FREE,	/* u32: drop TCP SYNs while free% < this (0: never) */
	__TCA_NAC_MAX
};

#define TCA_NAC_MAX (__TCA_NAC_MAX - 1)

#define NAC_LIMIT_MIN 1
#define NAC_LIMIT_MAX (1U << 20)
/* "Busy network: 0% to 29% free" (Maroo et al., table 1): SYNs wait for 30% free. */
#define NAC_SYN_FREE_DEFAULT 30

#define NAC_IPOPT_TYPE 31	/* copy 0, class 0, number 31 */
#define NAC_IPOPT_LEN 10	/* type, length, forward u32, reverse u32 */
#define NAC_IPOPT_MINLEN 6	/* type, length, forward u32 */

struct tc_nac_xstats {
	__u32 stamped;		/* option found, forward metric lowered */
	__u32 kept;		/* option found, a lower metric was there */
	__u32 unwritable;	/* option not examined: cloned or nonlinear header */
	__u32 bad_options;	/* IPv4 options malformed: left alone */
	__u32 syn_drops;	/* TCP SYNs dropped while congested */
	__u32 limit_drops;	/* arrivals dropped because the queue was full */
	__u32 change_drops;	/* packets dropped by a change() lowering limit */
	__u32 free_min;		/* lowest free percentage seen by an arrival */
};

#endif /* QDK_NAC_H */
