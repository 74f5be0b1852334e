/* SPDX-License-Identifier: GPL-2.0 */
/*
 * 7.x: the reasons a qdisc gives for a drop (qdisc_drop_reason(),
 * qdisc_dequeue_drop()), in the qdisc subsystem's range of skb drop reasons.
 * Included by net/sch_generic.h for 7.x only.
 */
#ifndef _QDK_SHIM_NET_DROPREASON_QDISC_H
#define _QDK_SHIM_NET_DROPREASON_QDISC_H

#include <linux/skbuff.h>

enum qdisc_drop_reason {
	QDISC_DROP_UNSPEC = 0,
	__QDISC_DROP_REASON = SKB_DROP_REASON_SUBSYS_QDISC <<
				SKB_DROP_REASON_SUBSYS_SHIFT,
	QDISC_DROP_GENERIC,
	QDISC_DROP_OVERLIMIT,
	QDISC_DROP_CONGESTED,
	QDISC_DROP_MAXFLOWS,
	QDISC_DROP_FLOOD_PROTECTION,
	QDISC_DROP_BAND_LIMIT,
	QDISC_DROP_HORIZON_LIMIT,
	QDISC_DROP_FLOW_LIMIT,
	QDISC_DROP_L4S_STEP_NON_ECN,
	QDISC_DROP_MAX,
};

#endif
