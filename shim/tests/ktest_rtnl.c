// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_rtnl.c - RTNL is state, not a no-op: the control path holds it, a
 * timer does not, and ASSERT_RTNL() (via qdisc_root_sleeping_lock(), as in
 * 6.1) warns only where the kernel would. dcbt's collector timer once took
 * that lock from softirq; the kernel warned, the shim now does too. And the
 * link requests of rtnetlink.c refuse what each series refuses.
 */
#include <linux/kernel.h>
#include <linux/version.h>
#include <linux/rtnetlink.h>
#include <linux/if_link.h>
#include <linux/timer.h>
#include <net/netlink.h>
#include <net/sch_generic.h>
#include <net/sock.h>

#include "ktest.h"
#include "ktest_nlreq.h"
#include "shim.h"
#include "netns.h"

static struct Qdisc *timer_sch;

static void takes_root_sleeping_lock(struct timer_list *t)
{
	spin_lock(qdisc_root_sleeping_lock(timer_sch));
	spin_unlock(qdisc_root_sleeping_lock(timer_sch));
}

KTEST(rtnl, assert_rtnl_warns_only_without_rtnl)
{
	struct timer_list t;
	unsigned long w0;

	timer_sch = qdk_test_qdisc("pfifo");
	KT_ASSERT(timer_sch, "pfifo qdisc");

	KT_ASSERT(!rtnl_is_locked(), "not held outside the control path");
	w0 = qdk_warn_count;
	rtnl_lock();
	KT_ASSERT(rtnl_is_locked(), "held");
	sch_tree_lock(timer_sch);
	sch_tree_unlock(timer_sch);
	rtnl_unlock();
	KT_EQ(qdk_warn_count, w0);

	/* the same lock from a timer: no RTNL there */
	timer_setup(&t, takes_root_sleeping_lock, 0);
	mod_timer(&t, jiffies + 1);
	qdk_time_advance(100000000);
	KT_EQ(qdk_warn_count, w0 + 1);

	rtnl_lock();
	qdk_test_qdisc_put(timer_sch);
	rtnl_unlock();
	return 0;
}

/* ip link set NAME txqueuelen LEN: the ack's error */
static int set_txqlen(struct qdk_net *net, int ifindex, u32 len)
{
	struct sk_buff *skb = nlreq_new(RTM_NEWLINK, NLM_F_ACK, sizeof(struct ifinfomsg));
	struct replies *r = kzalloc(sizeof(*r), GFP_KERNEL);
	const char *emsg;
	int err;

	if (!skb || !r) {
		kfree_skb(skb);
		kfree(r);
		return -ENOMEM;
	}
	((struct ifinfomsg *)nlmsg_data((struct nlmsghdr *)skb->data))->ifi_index = ifindex;
	nla_put_u32(skb, IFLA_TXQLEN, len);
	err = nlreq_send(net, skb, r);
	if (!err)
		err = nlreq_ack(r, &emsg);
	kfree(r);
	return err;
}

/*
 * A device's tx_queue_len stops at S16_MAX: changing it beyond is ERANGE
 * on every series (dev_change_tx_queue_len(), through a request or the
 * device's sysfs file), and from 6.12 on the
 * request's policy refuses it before anything runs, for a new device too,
 * which 6.1 makes with any length.
 */
KTEST(rtnl, txqueuelen_up_to_s16_max)
{
	struct qdk_net *net = qdk_net_new();
	struct sk_buff *skb;
	struct replies *r = kzalloc(sizeof(*r), GFP_KERNEL);
	struct nlattr *info;
	const char *emsg;
	int ifindex, err;

	KT_ASSERT(net && r, "a namespace");
	ifindex = nlreq_dummy_up(net, "d0");
	KT_ASSERT(ifindex > 1, "d0: %d", ifindex);
	/* made by RTM_NEWLINK and configured: rtnl_configure_link()'s state */
	KT_EQ(qdk_ns_dev_by_name(net, "d0")->rtnl_link_state, RTNL_LINK_INITIALIZED);
	/* the namespace has its own rtnetlink socket, apart from init_net's */
	KT_ASSERT(net->net.rtnl && net->net.rtnl != init_net.rtnl, "its rtnl");
	KT_EQ(net->net.rtnl->sk_protocol, NETLINK_ROUTE);
	KT_EQ(set_txqlen(net, ifindex, S16_MAX), 0);
	KT_EQ(set_txqlen(net, ifindex, S16_MAX + 1), -ERANGE);
	KT_EQ(set_txqlen(net, ifindex, 500000), -ERANGE);

	/* echo N > /sys/class/net/d0/tx_queue_len: the same rule */
	err = qdk_net_sysfs_open(net, "/sys/class/net/d0/tx_queue_len");
	KT_ASSERT(err >= 0, "d0's tx_queue_len: %d", err);
	KT_EQ(qdk_net_sysfs_write(net, err, "32767\n", 6), 6);
	KT_EQ(qdk_net_sysfs_write(net, err, "32768\n", 6), -ERANGE);
	KT_EQ(qdk_net_sysfs_write(net, err, "many\n", 5), -EINVAL);
	KT_EQ(qdk_net_sysfs_open(net, "/sys/class/net/d9/tx_queue_len"), -ENOENT);
	KT_EQ(qdk_net_sysfs_open(net, "/sys/class/net/d0/mtu"), -ENOENT);

	/* ip link add d1 txqueuelen 32768 type dummy */
	skb = nlreq_new(RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK,
			sizeof(struct ifinfomsg));
	KT_ASSERT(skb, "a request");
	nla_put_string(skb, IFLA_IFNAME, "d1");
	nla_put_u32(skb, IFLA_TXQLEN, S16_MAX + 1);
	info = nla_nest_start(skb, IFLA_LINKINFO);
	nla_put_string(skb, IFLA_INFO_KIND, "dummy");
	nla_nest_end(skb, info);
	KT_EQ(nlreq_send(net, skb, r), 0);
	err = nlreq_ack(r, &emsg);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	KT_EQ(err, -ERANGE);
	KT_STREQ(emsg, "integer out of range");
	KT_EQ(nlreq_ifindex(net, "d1"), -ENODEV);
#else
	KT_EQ(err, 0);
	KT_ASSERT(nlreq_ifindex(net, "d1") > 1, "d1 made");
#endif
	qdk_net_free(net);
	kfree(r);
	return 0;
}
