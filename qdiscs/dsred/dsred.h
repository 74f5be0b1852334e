/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "dsred" qdisc (double-slope RED, Zheng &
 * Atiquzzaman; Domanska et al., docs/references.md): the netlink attributes
 * carried in TCA_OPTIONS and the statistics blob returned as TCA_XSTATS.
 *
 * Included by the kernel module, the user-space build against shim/ and
 * plain user space (dsred_tc.c): <linux/types.h> and __u32 only.
 *
 * Units: queue sizes (limit, kl, km, kh, avpkt) are bytes; gamma is a
 * fraction in parts of 2^32 (0.5 is 2147483648, 1 is 4294967295).
 * Never renumber or remove an attribute, only append before __TCA_DSRED_MAX;
 * only append fields to the xstats struct.
 */
#ifndef QDK_DSRED_H
#define QDK_DSRED_H

#include <linux/types.h>

/* Attributes nested in TCA_OPTIONS. Absent ones keep their value on change. */
enum {
	TCA_DSRED_UNSPEC,
	TCA_DSRED_LIMIT,	/* u32: hard limit of the queue (N), bytes */
	TCA_DSRED_KL,		/* u32: Kl, where dropping starts, bytes */
	TCA_DSRED_KM,		/* u32: Km, where the slopes meet; 0: (Kl + Kh) / 2 */
	TCA_DSRED_KH,		/* u32: Kh, from where every arrival is dropped */
	TCA_DSRED_GAMMA,	/* u32: gamma, parts of 2^32: p(Km) = 1 - gamma */
	TCA_DSRED_AVPKT,	/* u32: average packet size, bytes */
	TCA_DSRED_BURST,	/* u32: burst, packets: derives the EWMA weight */
	TCA_DSRED_EWMA,		/* u32: Wlog, the weight is 2^-Wlog (or BURST) */
	TCA_DSRED_BANDWIDTH,	/* u32: link rate, bytes/s, for idle decay; 0: none */
	TCA_DSRED_FLAGS,	/* u32: DSRED_F_* */
	TCA_DSRED_SEED,		/* u32: seed of the qdisc's random generator */
	__TCA_DSRED_MAX
};

#define TCA_DSRED_MAX (__TCA_DSRED_MAX - 1)

/* TCA_DSRED_FLAGS */
#define DSRED_F_ECN		0x1	/* mark ECT packets instead of early drops */
#define DSRED_F_DROPFRONT	0x2	/* congestion drops take the head of the queue */
#define DSRED_F_ALL		0x3

/* Accepted ranges (the kernel's netlink policy). */
#define DSRED_SIZE_MAX		(1U << 30)
#define DSRED_AVPKT_MAX		65536
#define DSRED_BURST_MAX		(1U << 20)
#define DSRED_EWMA_MIN		1
#define DSRED_EWMA_MAX		31

/* What dump_stats() reports in TCA_XSTATS (`tc -s qdisc show`). */
struct tc_dsred_xstats {
	__u32 qavg;		/* current average queue, bytes */
	__u32 ewma;		/* Wlog in use */
	__u32 km;		/* Km in use, bytes */
	__u32 prob_drop;	/* early (probabilistic) drops, Kl <= avg < Kh */
	__u32 prob_mark;	/* early ECN marks instead of drops */
	__u32 forced_drop;	/* drops with the average at or past Kh */
	__u32 pdrop;		/* drops at the hard limit */
	__u32 head_drop;	/* of the congestion drops, taken from the head */
};

#endif /* QDK_DSRED_H */
