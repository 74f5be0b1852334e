// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_net_genid.c - a namespace's generation counters, a filter's input
 * device (TCA_*_INDEV) and an action's counters from a driver.
 */
#include <linux/etherdevice.h>
#include <linux/inetdevice.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <linux/version.h>
#include <net/act_api.h>
#include <net/net_namespace.h>
#include <net/netlink.h>
#include <net/pkt_cls.h>

#include "shim.h"
#include "ktest.h"

static int flushes;

static void count_flush(struct net *net)
{
	flushes++;
}

KTEST(net_genid, bumps)
{
	struct net net = {};

	KT_EQ(rt_genid_ipv4(&net), 0);
	rt_genid_bump_ipv4(&net);
	KT_EQ(rt_genid_ipv4(&net), 1);
	rt_genid_bump_all(&net);		/* no IPv6 FIB: only IPv4 moves */
	KT_EQ(rt_genid_ipv4(&net), 2);
	KT_EQ(rt_genid_ipv6(&net), 0);
	__fib6_flush_trees = count_flush;
	rt_genid_bump_ipv6(&net);
	__fib6_flush_trees = NULL;
	KT_EQ(flushes, 1);
	fnhe_genid_bump(&net);
	KT_EQ(fnhe_genid(&net), 1);
	return 0;
}

KTEST(net_genid, indev)
{
	struct net_device *dev = alloc_etherdev(0);
	struct in_device in_dev;
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);
	struct {
		struct nlattr nla;
		char name[IFNAMSIZ + 4];
	} a;
	struct netlink_ext_ack extack = {};
	int ifindex;

	KT_ASSERT(dev && skb, "alloc");
	strscpy(dev->name, "kt-in0", IFNAMSIZ);
	dev->ifindex = 77;
	rtnl_lock();
	qdk_netdev_register(dev, &init_net, &in_dev);
	a.nla.nla_type = 1;
	a.nla.nla_len = NLA_HDRLEN + sizeof("kt-in0");
	memcpy(a.name, "kt-in0", sizeof("kt-in0"));
	ifindex = tcf_change_indev(&init_net, &a.nla, &extack);
	KT_EQ(ifindex, 77);
	memcpy(a.name, "kt-in9", sizeof("kt-in9"));
	KT_EQ(tcf_change_indev(&init_net, &a.nla, &extack), -ENODEV);
	KT_STREQ(extack._msg, "Network device not found");
	memset(a.name, 'x', sizeof(a.name));
	a.nla.nla_len = NLA_HDRLEN + IFNAMSIZ + 4;
	KT_EQ(tcf_change_indev(&init_net, &a.nla, &extack), -EINVAL);
	qdk_netdev_unregister(dev);
	rtnl_unlock();

	KT_ASSERT(tcf_match_indev(skb, 0), "no device asked for");
	KT_ASSERT(!tcf_match_indev(skb, 77), "no input device");
	skb->skb_iif = 77;
	KT_ASSERT(tcf_match_indev(skb, 77), "same");
	KT_ASSERT(!tcf_match_indev(skb, 78), "another");
	kfree_skb(skb);
	free_netdev(dev);
	return 0;
}

KTEST(net_genid, action_ctrlact_and_stats)
{
	static struct tc_action a;
	struct tcf_chain *old, *c1 = (struct tcf_chain *)0x1000;

	old = tcf_action_set_ctrlact(&a, TC_ACT_SHOT, c1);
	KT_ASSERT(!old, "no chain before");
	KT_EQ(a.tcfa_action, TC_ACT_SHOT);
	old = tcf_action_set_ctrlact(&a, TC_ACT_OK, NULL);
	KT_ASSERT(old == c1, "the old chain back");

	tcf_action_update_stats(&a, 1500, 2, 1, true);
	tcf_action_update_stats(&a, 100, 1, 0, false);
	KT_EQ(u64_stats_read(&a.tcfa_bstats.bytes), 1600);
	KT_EQ(u64_stats_read(&a.tcfa_bstats.packets), 3);
	KT_EQ(u64_stats_read(&a.tcfa_bstats_hw.bytes), 1500);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(atomic_read(&a.tcfa_drops), 1);
#else
	KT_EQ(a.tcfa_qstats.drops, 1);
#endif
	return 0;
}

extern int qdk_ingress_needed, qdk_egress_needed;

KTEST(net_genid, ingress_users)
{
	struct net_device *dev = alloc_etherdev(0);

	KT_ASSERT(dev, "alloc_etherdev");
	rtnl_lock();
	KT_ASSERT(!dev_ingress_queue(dev), "no ingress queue made");
	rtnl_unlock();
	net_inc_ingress_queue();
	net_inc_ingress_queue();
	net_inc_egress_queue();
	net_dec_ingress_queue();
	KT_EQ(qdk_ingress_needed, 1);
	KT_EQ(qdk_egress_needed, 1);
	net_dec_ingress_queue();
	net_dec_egress_queue();
	KT_EQ(qdk_ingress_needed + qdk_egress_needed, 0);
	free_netdev(dev);
	return 0;
}
