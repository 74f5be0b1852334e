/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/dynamic_queue_limits.h - byte queue limits of a transmit queue
 * (BQL): how many bytes may be in the device's ring, grown when the queue
 * ran dry while packets waited and shrunk by the slack seen over
 * slack_hold_time (lib/dynamic_queue_limits.c).
 *
 * From 6.12 the queue also records when it queued (stall_thrs, a sysfs
 * knob); the shim keeps that history but does not report stalls.
 */
#ifndef _LINUX_DQL_H
#define _LINUX_DQL_H

#include <linux/version.h>
#include <linux/bitops.h>
#include <linux/jiffies.h>
#include <linux/compiler.h>
#include <linux/bug.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define DQL_HIST_LEN		4
#define DQL_HIST_ENT(dql, idx)	((dql)->history[(idx) % DQL_HIST_LEN])
#endif

struct dql {
	/* written when queuing */
	unsigned int	num_queued;	/* bytes ever queued */
	unsigned int	adj_limit;	/* limit + num_completed */
	unsigned int	last_obj_cnt;	/* the last object's count */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned short	stall_thrs;	/* jiffies; 0: stalls not tracked */
	unsigned long	history_head;	/* jiffies / BITS_PER_LONG of history[] */
	unsigned long	history[DQL_HIST_LEN];	/* a bit per jiffy with a queuing */
#endif

	/* written when completing */
	unsigned int	limit;		/* the current limit */
	unsigned int	num_completed;	/* bytes ever completed */
	unsigned int	prev_ovlimit;	/* over the limit at the last completion */
	unsigned int	prev_num_queued;	/* num_queued then */
	unsigned int	prev_last_obj_cnt;	/* last_obj_cnt then */
	unsigned int	lowest_slack;	/* since slack_start_time */
	unsigned long	slack_start_time;	/* jiffies */

	/* configuration */
	unsigned int	max_limit;
	unsigned int	min_limit;
	unsigned int	slack_hold_time;	/* jiffies */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned short	stall_max;	/* the longest stall seen */
	unsigned long	last_reap;	/* jiffies */
	unsigned long	stall_cnt;
#endif
};

/* the largest object and limit, so that differences of counts never wrap */
#define DQL_MAX_OBJECT	(UINT_MAX / 16)
#define DQL_MAX_LIMIT	((UINT_MAX / 2) - DQL_MAX_OBJECT)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* mark this jiffy in the history ring, clearing the slots it moved past */
static inline void dql_queue_stall(struct dql *dql)
{
	unsigned long now = jiffies, now_hi = now / BITS_PER_LONG, i;

	if (unlikely(now_hi != dql->history_head)) {
		for (i = 0; i < DQL_HIST_LEN; i++) {
			if (now_hi * BITS_PER_LONG ==
			    (dql->history_head + i) * BITS_PER_LONG)
				break;
			DQL_HIST_ENT(dql, dql->history_head + i + 1) = 0;
		}
		WRITE_ONCE(dql->history_head, now_hi);
	}
	DQL_HIST_ENT(dql, now_hi) |= BIT_MASK(now);
}
#endif

/* count bytes handed to the device (an object larger than DQL_MAX_OBJECT warns) */
static inline void dql_queued(struct dql *dql, unsigned int count)
{
	if (WARN_ON_ONCE(count > DQL_MAX_OBJECT))
		return;
	WRITE_ONCE(dql->last_obj_cnt, count);
	dql->num_queued += count;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (READ_ONCE(dql->stall_thrs))
		dql_queue_stall(dql);
#endif
}

/* bytes that may still be queued; negative: over the limit */
static inline int dql_avail(const struct dql *dql)
{
	return READ_ONCE(dql->adj_limit) - READ_ONCE(dql->num_queued);
}

void dql_completed(struct dql *dql, unsigned int count);
void dql_reset(struct dql *dql);
void dql_init(struct dql *dql, unsigned int hold_time);

#endif
