// SPDX-License-Identifier: GPL-2.0
/*
 * act_api.c - what net/sched/act_api.c gives an action module beyond its
 * life cycle: setting the verdict with its goto chain, and adding counts a
 * driver read from hardware to the action's statistics.
 */
#include <linux/export.h>
#include <linux/percpu.h>
#include <linux/version.h>
#include <net/act_api.h>

/* the old chain back to the caller, who releases it */
struct tcf_chain *tcf_action_set_ctrlact(struct tc_action *a, int action,
					 struct tcf_chain *goto_chain)
{
	a->tcfa_action = action;
	goto_chain = rcu_replace_pointer(a->goto_chain, goto_chain, 1);
	return goto_chain;
}
EXPORT_SYMBOL(tcf_action_set_ctrlact);

/* per-CPU counters when the action has them, else the shared ones */
void tcf_action_update_stats(struct tc_action *a, u64 bytes, u64 packets, u64 drops,
			     bool hw)
{
	if (a->cpu_bstats) {
		_bstats_update(this_cpu_ptr(a->cpu_bstats), bytes, packets);
		this_cpu_ptr(a->cpu_qstats)->drops += drops;
		if (hw)
			_bstats_update(this_cpu_ptr(a->cpu_bstats_hw), bytes, packets);
		return;
	}
	_bstats_update(&a->tcfa_bstats, bytes, packets);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	atomic_add(drops, &a->tcfa_drops);
#else
	a->tcfa_qstats.drops += drops;
#endif
	if (hw)
		_bstats_update(&a->tcfa_bstats_hw, bytes, packets);
}
EXPORT_SYMBOL(tcf_action_update_stats);
