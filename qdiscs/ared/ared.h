/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "ared" qdisc (Adaptive RED, Floyd, Gummadi &
 * Shenker 2001): the netlink attributes carried in TCA_OPTIONS and the
 * statistics blob returned as TCA_XSTATS.
 *
 * Included by the kernel module, the user-space build against shim/ and
 * plain user space (ared_tc.c): <linux/types.h> and __u32 only.
 *
 * Units: queue sizes (limit, min, max, avpkt, target) are bytes, as in the
 * kernel's red; probabilities are parts of 2^32 (0.02 is 85899346).
 * Never renumber or remove an attribute, only append before __TCA_ARED_MAX;
 * only append fields to the xstats struct.
 */
#ifndef QDK_ARED_H
#define QDK_ARED_H

#include <linux/types.h>

/* Attributes nested in TCA_OPTIONS. Absent ones keep their value on change. */
enum {
	TCA_ARED_UNSPEC,
	TCA_ARED_LIMIT,		/* u32: hard limit of the queue, bytes */
	TCA_ARED_QTH_MIN,	/* u32: min_th, bytes */
	TCA_ARED_QTH_MAX,	/* u32: max_th, bytes */
	TCA_ARED_MAX_P,		/* u32: initial max_p, parts of 2^32 */
	TCA_ARED_AVPKT,		/* u32: average packet size, bytes */
	TCA_ARED_BURST,		/* u32: burst, packets: derives the EWMA weight */
	TCA_ARED_EWMA,		/* u32: Wlog, the weight is 2^-Wlog (or BURST) */
	TCA_ARED_BANDWIDTH,	/* u32: link rate, bytes/s, for idle decay; 0: none */
	TCA_ARED_FLAGS,		/* u32: ARED_F_* */
	TCA_ARED_SEED,		/* u32: seed of the qdisc's random generator */
	TCA_ARED_INTERVAL,	/* u32: adaptation interval, microseconds */
	TCA_ARED_TARGET_LO,	/* u32: target band, bytes; 0 and 0: Floyd's */
	TCA_ARED_TARGET_HI,	/* u32 */
	__TCA_ARED_MAX
};

#define TCA_ARED_MAX (__TCA_ARED_MAX - 1)

/* TCA_ARED_FLAGS */
#define ARED_F_ECN		0x1	/* mark ECT packets instead of early drops */
#define ARED_F_DROPFRONT	0x2	/* early drops take the head of the queue */
#define ARED_F_GENTLE		0x4	/* gentle region between max and 2 max */
#define ARED_F_ADAPT		0x8	/* adapt max_p (off: classic RED) */
#define ARED_F_ALL		0xf
#define ARED_F_DEFAULT		(ARED_F_GENTLE | ARED_F_ADAPT)

/* Accepted ranges (the kernel's netlink policy). */
#define ARED_SIZE_MAX		(1U << 30)	/* limit, min, max, target */
#define ARED_AVPKT_MAX		65536
#define ARED_BURST_MAX		(1U << 20)
#define ARED_EWMA_MIN		1
#define ARED_EWMA_MAX		31
#define ARED_INTERVAL_MIN	1000U		/* 1 ms */
#define ARED_INTERVAL_MAX	60000000U	/* 60 s */
/* max_p is kept within [0.01, 0.5] while adapting (Floyd 2001) */
#define ARED_MAX_P_MIN		42949673U	/* 0.01 * 2^32, rounded */
#define ARED_MAX_P_MAX		2147483648U	/* 0.5 * 2^32 */

/* What dump_stats() reports in TCA_XSTATS (`tc -s qdisc show`). */
struct tc_ared_xstats {
	__u32 max_p;		/* current max_p, parts of 2^32 */
	__u32 qavg;		/* current average queue, bytes */
	__u32 ewma;		/* Wlog in use */
	__u32 prob_drop;	/* early (probabilistic) drops */
	__u32 prob_mark;	/* early ECN marks instead of drops */
	__u32 forced_drop;	/* drops with the average past max (2 max gentle) */
	__u32 pdrop;		/* drops at the hard limit */
	__u32 head_drop;	/* of the congestion drops, taken from the head */
	__u32 adapt_up;		/* intervals that increased max_p */
	__u32 adapt_down;	/* intervals that decreased max_p */
};

#endif /* QDK_ARED_H */
