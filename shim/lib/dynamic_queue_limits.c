// SPDX-License-Identifier: GPL-2.0
/*
 * dynamic_queue_limits.c - BQL's limit (lib/dynamic_queue_limits.c).
 *
 * At each completion: if the queue was over its limit and is now empty,
 * or was over it last time and everything queued then is done, the device
 * starved while bytes waited, so the limit grows by what completed beyond
 * the last snapshot plus the last overshoot. Otherwise, while bytes are in
 * flight from before, the slack (limit not needed) is measured, and after
 * slack_hold_time the limit drops by the lowest slack seen. The limit stays
 * within min_limit..max_limit; counts are free-running (wrap-safe compares).
 */
#include <linux/dynamic_queue_limits.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/string.h>

/* a - b if a is after b, else 0 (in wrapping arithmetic) */
static inline unsigned int dql_posdiff(unsigned int a, unsigned int b)
{
	return (int)(a - b) > 0 ? a - b : 0;
}

void dql_completed(struct dql *dql, unsigned int count)
{
	unsigned int num_queued = READ_ONCE(dql->num_queued);
	unsigned int completed, limit, ovlimit, inprogress, prev_inprogress;
	bool all_prev_completed;

	/* never more than is in flight */
	BUG_ON(count > num_queued - dql->num_completed);

	completed = dql->num_completed + count;
	limit = dql->limit;
	ovlimit = dql_posdiff(num_queued - dql->num_completed, limit);
	inprogress = num_queued - completed;
	prev_inprogress = dql->prev_num_queued - dql->num_completed;
	all_prev_completed = (int)(completed - dql->prev_num_queued) >= 0;

	if ((ovlimit && !inprogress) || (dql->prev_ovlimit && all_prev_completed)) {
		/* starved: grow */
		limit += dql_posdiff(completed, dql->prev_num_queued) + dql->prev_ovlimit;
		dql->slack_start_time = jiffies;
		dql->lowest_slack = UINT_MAX;
	} else if (inprogress && prev_inprogress && !all_prev_completed) {
		/* busy: what the limit has to spare, the last object's excess at least */
		unsigned int slack, slack_last_objs = 0;

		slack = dql_posdiff(limit + dql->prev_ovlimit,
				    2 * (completed - dql->num_completed));
		if (dql->prev_ovlimit)
			slack_last_objs = dql_posdiff(dql->prev_last_obj_cnt,
						      dql->prev_ovlimit);
		slack = max(slack, slack_last_objs);
		if (slack < dql->lowest_slack)
			dql->lowest_slack = slack;
		if (time_after(jiffies, dql->slack_start_time + dql->slack_hold_time)) {
			limit = dql_posdiff(limit, dql->lowest_slack);
			dql->slack_start_time = jiffies;
			dql->lowest_slack = UINT_MAX;
		}
	}

	limit = clamp(limit, dql->min_limit, dql->max_limit);
	if (limit != dql->limit) {
		dql->limit = limit;
		ovlimit = 0;	/* a new limit: the overshoot no longer counts */
	}
	dql->adj_limit = limit + completed;
	dql->prev_ovlimit = ovlimit;
	dql->prev_last_obj_cnt = READ_ONCE(dql->last_obj_cnt);
	dql->num_completed = completed;
	dql->prev_num_queued = num_queued;
}
EXPORT_SYMBOL(dql_completed);

/* nothing in flight, the limit back to min_limit */
void dql_reset(struct dql *dql)
{
	dql->limit = dql->min_limit;
	dql->num_queued = 0;
	dql->num_completed = 0;
	dql->last_obj_cnt = 0;
	dql->prev_num_queued = 0;
	dql->prev_last_obj_cnt = 0;
	dql->prev_ovlimit = 0;
	dql->lowest_slack = UINT_MAX;
	dql->slack_start_time = jiffies;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	dql->last_reap = jiffies;
	dql->history_head = jiffies / BITS_PER_LONG;
	memset(dql->history, 0, sizeof(dql->history));
#endif
}
EXPORT_SYMBOL(dql_reset);

void dql_init(struct dql *dql, unsigned int hold_time)
{
	dql->max_limit = DQL_MAX_LIMIT;
	dql->min_limit = 0;
	dql->slack_hold_time = hold_time;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	dql->stall_thrs = 0;
#endif
	dql_reset(dql);
}
EXPORT_SYMBOL(dql_init);
