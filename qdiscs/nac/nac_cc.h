/* SPDX-License-Identifier: GPL-2.0 */
/*
 * nac_cc.h - the window arithmetic of tcp_nac, the sender side of network
 * assisted congestion control ("Network Assisted Congestion Control",
 * Maroo, Shah, Sheth, Sharma, NCSU 2010; docs/references.md). Integer only,
 * no kernel API: included by tcp_nac.c and by its user-space unit test
 * (test_tcp_nac.c), <linux/types.h> and __u32 types only, as nac.h.
 *
 * The report's sender is MIMD, after Scalable TCP: in congestion avoidance
 * every acknowledged segment adds a to cwnd (a * cwnd per round trip), a
 * loss multiplies cwnd by (1 - b). The echoed metric (the busiest router's
 * free queue percentage on the forward path) picks a and b from Table 1's
 * five classes: the freer the network, the faster the climb and the smaller
 * the cut. a and 1 - b are kept in thousandths of a segment, so every
 * class's values are exact.
 */
#ifndef QDK_NAC_CC_H
#define QDK_NAC_CC_H

#include <linux/types.h>

#define NAC_CLASSES 5
#define NAC_MILLI 1000U
/*
 * The forward metric a sender writes: higher than any free percentage, so
 * the first router that stamps lowers it. Echoed back unchanged, it means
 * no router on the path stamped the packet.
 */
#define NAC_METRIC_UNSTAMPED 0xffffffffU
#define NAC_METRIC_MAX 100U	/* a stamp is a free percentage */
#define NAC_CLASS_SCALABLE 2	/* Table 1's class 2 is Scalable TCP's a, b */
#define NAC_CWND_MIN 2U		/* no cut goes below 2 segments */

/* One row of Table 1: the lowest free percentage of the class, a and 1 - b. */
struct nac_class {
	__u32 free_min;		/* percent */
	__u32 a_milli;		/* cwnd increase per acked segment, 1/1000 segment */
	__u32 keep_milli;	/* 1 - b: the share of cwnd a loss keeps, 1/1000 */
};

/* Table 1 of the report, class 0 (busy) to class 4 (almost free). */
static inline struct nac_class nac_class_row(unsigned int cls)
{
	switch (cls) {
	case 0:
		return (struct nac_class){ 0, 5, 750 };
	case 1:
		return (struct nac_class){ 30, 8, 820 };
	case 2:
		return (struct nac_class){ 45, 10, 875 };
	case 3:
		return (struct nac_class){ 65, 15, 900 };
	default:
		return (struct nac_class){ 80, 20, 925 };
	}
}

/*
 * The class of an echoed metric: a free percentage 0..100 falls into the
 * row whose free_min it reaches; anything else (unstamped, or a value no
 * router writes) gets dflt.
 */
static inline unsigned int nac_class_of(__u32 metric, unsigned int dflt)
{
	unsigned int cls = NAC_CLASSES - 1;

	if (metric > NAC_METRIC_MAX)
		return dflt;
	while (cls > 0 && metric < nac_class_row(cls).free_min)
		cls--;
	return cls;
}

/*
 * Congestion avoidance: acked segments were acknowledged, each adding
 * a_milli thousandths of a segment; *acc carries the thousandths not yet
 * whole (below NAC_MILLI between calls). Returns the new cwnd.
 */
static inline __u32 nac_increase(__u32 cwnd, __u32 *acc, __u32 acked,
				 __u32 a_milli)
{
	__u64 sum = (__u64)*acc + (__u64)a_milli * acked;

	*acc = sum % NAC_MILLI;
	return cwnd + (__u32)(sum / NAC_MILLI);
}

/* The window after a loss: cwnd * (1 - b), never under NAC_CWND_MIN. */
static inline __u32 nac_decrease(__u32 cwnd, __u32 keep_milli)
{
	__u64 w = (__u64)cwnd * keep_milli / NAC_MILLI;

	return w < NAC_CWND_MIN ? NAC_CWND_MIN : (__u32)w;
}

#endif /* QDK_NAC_CC_H */
