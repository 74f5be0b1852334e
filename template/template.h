/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "template" qdisc: the netlink attributes carried
 * in TCA_OPTIONS and the statistics blob returned as TCA_XSTATS.
 *
 * This header is included by three worlds: the kernel module (kbuild), the
 * user-space build against shim/, and plain user space (the tc-syntax parser
 * in template_tc.c). So it uses only <linux/types.h> and the __u32 uapi
 * types, which all three provide, and no kernel-only construct.
 *
 * ABI rules, as for any uapi header: never renumber or remove an attribute,
 * only append before __TCA_TEMPLATE_MAX; never change the layout of the
 * xstats struct, only append fields (user space reads what it knows).
 */
#ifndef QDK_TEMPLATE_H
#define QDK_TEMPLATE_H

#include <linux/types.h>

/* Attributes nested in TCA_OPTIONS. Type 0 is reserved by netlink. */
enum {
	TCA_TEMPLATE_UNSPEC,
	TCA_TEMPLATE_LIMIT,	/* u32: queue length limit, in packets */
	__TCA_TEMPLATE_MAX
};

#define TCA_TEMPLATE_MAX (__TCA_TEMPLATE_MAX - 1)

/* Accepted range of TCA_TEMPLATE_LIMIT, enforced by the kernel's policy. */
#define TEMPLATE_LIMIT_MIN 1
#define TEMPLATE_LIMIT_MAX (1U << 20)

/* What dump_stats() reports in TCA_XSTATS (`tc -s qdisc show`). */
struct tc_template_xstats {
	__u32 limit_drops;	/* arrivals dropped because the queue was full */
	__u32 change_drops;	/* packets dropped by a change() lowering limit */
	__u32 qlen_max;		/* high-water mark of the queue, packets */
	__u32 backlog_max;	/* high-water mark of the queue, bytes */
};

#endif /* QDK_TEMPLATE_H */
