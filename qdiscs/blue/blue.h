/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The user/kernel ABI of the "blue" qdisc (BLUE active queue management,
 * Feng, Kandlur, Saha, Shin 1999): the netlink attributes carried in
 * TCA_OPTIONS and the statistics blob returned as TCA_XSTATS.
 *
 * Included by the kernel module, the user-space build against shim/ and
 * plain user space (blue_tc.c): <linux/types.h> and __u32 types only.
 * Append attributes before __TCA_BLUE_MAX and xstats fields at the end;
 * never renumber.
 *
 * Probabilities (the marking probability p_m and its steps d1, d2) are
 * fixed point: the u32 value v stands for v / 2^32, so BLUE_PROB_ONE
 * (0xffffffff) is "one" for every practical purpose.
 */
#ifndef QDK_BLUE_H
#define QDK_BLUE_H

#include <linux/types.h>

enum {
	TCA_BLUE_UNSPEC,
	TCA_BLUE_LIMIT,		/* u32: queue length limit, packets */
	TCA_BLUE_D1,		/* u32: p_m increment on overflow, v / 2^32 */
	TCA_BLUE_D2,		/* u32: p_m decrement on an idle link, v / 2^32 */
	TCA_BLUE_FREEZE,	/* u32: freeze_time, microseconds */
	TCA_BLUE_ECN,		/* u8: 1 mark ECN-capable packets, 0 drop */
	TCA_BLUE_SEED,		/* u32: seed of the marking generator */
	__TCA_BLUE_MAX
};

#define TCA_BLUE_MAX (__TCA_BLUE_MAX - 1)

#define BLUE_PROB_ONE 0xffffffffU

#define BLUE_LIMIT_MIN 1
#define BLUE_LIMIT_MAX (1U << 20)
/* freeze_time up to 10 s; 0 lets every event move p_m */
#define BLUE_FREEZE_MAX 10000000U

/* Defaults of the paper's experiments: d1 = 0.02, d2 = 0.002, 10 ms. */
#define BLUE_D1_DEFAULT 85899346U	/* 0.02 * 2^32 */
#define BLUE_D2_DEFAULT 8589935U	/* 0.002 * 2^32 */
#define BLUE_FREEZE_DEFAULT 10000U	/* us */

struct tc_blue_xstats {
	__u32 prob;		/* p_m now, v / 2^32 */
	__u32 overflow_drops;	/* arrivals dropped because the queue was full */
	__u32 early_drops;	/* arrivals dropped with probability p_m */
	__u32 marks;		/* arrivals CE-marked with probability p_m */
	__u32 increments;	/* times p_m was raised by d1 */
	__u32 decrements;	/* times p_m was lowered by d2 */
	__u32 change_drops;	/* packets dropped by a change() lowering limit */
	__u32 qlen_max;		/* high-water mark of the queue, packets */
};

#endif /* QDK_BLUE_H */
