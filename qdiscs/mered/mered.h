/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "mered" qdisc: the netlink attributes carried
 * in TCA_OPTIONS and the statistics blob returned as TCA_XSTATS.
 *
 * This header is included by three worlds: the kernel module (kbuild), the
 * user-space build against shim/, and plain user space (the tc-syntax parser
 * in mered_tc.c). So it uses only <linux/types.h> and the __u32 uapi
 * types, which all three provide, and no kernel-only construct.
 *
 * ABI rules, as for any uapi header: never renumber or remove an attribute,
 * only append before __TCA_MERED_MAX; never change the layout of the
 * xstats struct, only append fields (user space reads what it knows).
 */
#ifndef QDK_MERED_H
#define QDK_MERED_H

#include <linux/types.h>

/* Attributes nested in TCA_OPTIONS. Type 0 is reserved by netlink. */
enum {
	TCA_MERED_UNSPEC,
	TCA_MERED_LIMIT,	/* u32: queue length limit, in packets */
	__TCA_MERED_MAX
};

#define TCA_MERED_MAX (__TCA_MERED_MAX - 1)

/* Accepted range of TCA_MERED_LIMIT, enforced by the kernel's policy. */
#define MERED_LIMIT_MIN 1
#define MERED_LIMIT_MAX (1U << 20)

/* What dump_stats() reports in TCA_XSTATS (`tc -s qdisc show`). */
struct tc_mered_xstats {
	__u32 limit_drops;	/* arrivals dropped because the queue was full */
	__u32 change_drops;	/* packets dropped by a change() lowering limit */
	__u32 qlen_max;		/* high-water mark of the queue, packets */
	__u32 backlog_max;	/* high-water mark of the queue, bytes */
};

#endif /* QDK_MERED_H */
