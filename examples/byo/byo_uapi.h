/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * byo_uapi.h - the netlink options of the byo qdisc, shared by the module
 * and its tc parser (an out-of-tree qdisc carries its own uapi header).
 */
#ifndef _BYO_UAPI_H
#define _BYO_UAPI_H

#include <linux/ioctl.h>
#include <linux/types.h>

enum {
	TCA_BYO_UNSPEC,
	TCA_BYO_RATE,	/* u32, bytes per second; 0: unlimited */
	TCA_BYO_DELAY,	/* u32, microseconds added to every packet */
	TCA_BYO_LIMIT,	/* u32, packets */
	__TCA_BYO_MAX
};

#define TCA_BYO_MAX (__TCA_BYO_MAX - 1)

/* The character device a schedule of rate/delay changes is written to. */
#define BYO_DEVICE_NAME "qdk_byo"

/* BYO_IOC_STATS: the schedule's state, read with ioctl(2) on the device */
struct byo_stats {
	__u32 changes;	/* changes in the schedule last written */
	__u32 applied;	/* changes the qdiscs have taken since the module loaded */
};

#define BYO_IOC_STATS _IOR('q', 1, struct byo_stats)

#endif
