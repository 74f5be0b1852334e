// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_netapi.c - the networking helpers an action, a classifier or a
 * qdisc calls outside the qdisc API: net/act_api.h's action counters and
 * verdict check, against the results the kernel's definitions give.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <net/act_api.h>
#include <net/pkt_cls.h>

#include "ktest.h"
#include "shim.h"

KTEST(netapi, action_verdict_range)
{
	KT_ASSERT(tcf_action_valid(TC_ACT_OK), "OK");
	KT_ASSERT(tcf_action_valid(TC_ACT_UNSPEC), "UNSPEC (-1)");
	KT_ASSERT(tcf_action_valid(TC_ACT_TRAP), "TRAP is the last plain value");
	KT_ASSERT(!tcf_action_valid(TC_ACT_CONSUMED), "kernel-internal");
	KT_ASSERT(tcf_action_valid(TC_ACT_JUMP | 2), "jump 2");
	KT_ASSERT(tcf_action_valid(TC_ACT_GOTO_CHAIN | 7), "goto chain 7");
	KT_ASSERT(!tcf_action_valid(TC_ACT_GOTO_CHAIN + TC_ACT_EXT_VAL_MASK + 1),
		  "an opcode past GOTO_CHAIN");
	return 0;
}

struct act_probe {
	struct tc_action common;
	u64 bytes, packets, drops, lastuse;
	bool hw;
};

static void act_probe_stats(struct tc_action *a, u64 bytes, u64 packets,
			    u64 drops, u64 lastuse, bool hw)
{
	struct act_probe *p = container_of(a, struct act_probe, common);

	p->bytes = bytes;
	p->packets = packets;
	p->drops = drops;
	p->lastuse = lastuse;
	p->hw = hw;
}

KTEST(netapi, action_counters)
{
	struct tc_action_ops ops = { .kind = "probe" };
	struct act_probe *p = kzalloc(sizeof(*p), GFP_KERNEL);
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct tc_action *a;

	KT_ASSERT(p && skb, "alloc");
	a = &p->common;
	a->ops = &ops;
	spin_lock_init(&a->tcfa_lock);
	skb_put(skb, 200);
	qdk_qdisc_pkt_len_init(skb, skb->len);

	/* no per-CPU counters: the shared ones, under tcfa_lock */
	tcf_action_update_bstats(a, skb);
	tcf_action_update_bstats(a, skb);
	KT_EQ(u64_stats_read(&p->tcf_bstats.bytes), 400);
	KT_EQ(u64_stats_read(&p->tcf_bstats.packets), 2);
	tcf_action_inc_drop_qstats(a);
	tcf_action_inc_overlimit_qstats(a);
	tcf_action_inc_overlimit_qstats(a);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	KT_EQ(p->tcf_qstats.drops, 1);
	KT_EQ(p->tcf_qstats.overlimits, 2);
#else
	KT_EQ(atomic_read(&a->tcfa_drops), 1);
	KT_EQ(atomic_read(&a->tcfa_overlimits), 2);
#endif
	KT_ASSERT(!spin_is_locked(&a->tcfa_lock), "released");

	/* the per-CPU counters when the action has them */
	a->cpu_qstats = alloc_percpu(struct gnet_stats_queue);
	KT_ASSERT(a->cpu_qstats, "alloc_percpu");
	tcf_action_inc_drop_qstats(a);
	tcf_action_inc_overlimit_qstats(a);
	KT_EQ(this_cpu_ptr(a->cpu_qstats)->drops, 1);
	KT_EQ(this_cpu_ptr(a->cpu_qstats)->overlimits, 1);
	free_percpu(a->cpu_qstats);

	/* hardware counters reach the ops' stats_update only if it has one */
	tcf_action_stats_update(a, 1500, 3, 1, 42, true);
	KT_EQ(p->packets, 0);
	ops.stats_update = act_probe_stats;
	tcf_action_stats_update(a, 1500, 3, 1, 42, true);
	KT_EQ(p->bytes, 1500);
	KT_EQ(p->packets, 3);
	KT_EQ(p->drops, 1);
	KT_EQ(p->lastuse, 42);
	KT_ASSERT(p->hw, "hw");
	kfree_skb(skb);
	kfree(p);
	return 0;
}

KTEST(netapi, action_net_init)
{
	struct tc_action_ops ops = { .kind = "probe" };
	struct tc_action_net tn;

	KT_EQ(tc_action_net_init(&init_net, &tn, &ops), 0);
	KT_ASSERT(tn.ops == &ops && tn.idrinfo->net == &init_net, "set up");
	KT_ASSERT(idr_is_empty(&tn.idrinfo->action_idr), "no actions yet");
	KT_ASSERT(!mutex_is_locked(&tn.idrinfo->lock), "unlocked");
	idr_destroy(&tn.idrinfo->action_idr);
	kfree(tn.idrinfo);

	qdk_mem_fail_after = 1;
	KT_EQ(tc_action_net_init(&init_net, &tn, &ops), -ENOMEM);
	return 0;
}
