// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_nlsock.c - netlink kernel sockets as a module uses them: one per
 * protocol and namespace, port 0's messages to its input, requests parsed
 * and acked by netlink_rcv_skb(); a user port or a group that nobody holds
 * (the shim's user space opens no netlink socket); the namespace's
 * rtnetlink socket; route metrics; the default FDB.
 */
#include <linux/kernel.h>
#include <linux/etherdevice.h>
#include <linux/if_arp.h>
#include <linux/netdevice.h>
#include <linux/netlink.h>
#include <linux/neighbour.h>
#include <linux/rtnetlink.h>
#include <linux/skbuff.h>
#include <net/netlink.h>
#include <net/rtnetlink.h>
#include <net/sock.h>

#include "ktest.h"

#define T_UNIT		NETLINK_USERSOCK
#define T_TYPE		(NLMSG_MIN_TYPE + 1)

static int inputs, requests, errors_seen;

static int t_request(struct sk_buff *skb, struct nlmsghdr *nlh, struct netlink_ext_ack *extack)
{
	requests++;
	if (nlh->nlmsg_flags & NLM_F_EXCL) {
		NL_SET_ERR_MSG(extack, "refused");
		return -EINVAL;
	}
	return 0;
}

static void t_input(struct sk_buff *skb)
{
	inputs++;
	if (nlmsg_hdr(skb)->nlmsg_type == NLMSG_ERROR)
		errors_seen++;
	netlink_rcv_skb(skb, t_request);
}

static struct sk_buff *t_msgs(int n, const u16 *flags)
{
	struct sk_buff *skb = nlmsg_new(NLMSG_GOODSIZE - NLMSG_HDRLEN, GFP_KERNEL);
	int i;

	for (i = 0; skb && i < n; i++) {
		struct nlmsghdr *nlh = nlmsg_put(skb, 0, i + 1, T_TYPE, 4, flags[i]);

		memset(nlmsg_data(nlh), 0, 4);
		nlmsg_end(skb, nlh);
	}
	return skb;
}

KTEST(nlsock, kernel_socket_gets_port_0_and_acks)
{
	struct netlink_kernel_cfg cfg = { .input = t_input };
	static const u16 f[] = { NLM_F_REQUEST, NLM_F_REQUEST | NLM_F_EXCL, NLM_F_REQUEST | NLM_F_ACK };
	struct sock *sk, *again;
	struct sk_buff *skb;
	int len;

	KT_ASSERT(!netlink_kernel_create(&init_net, MAX_LINKS, &cfg), "unit out of range");
	sk = netlink_kernel_create(&init_net, T_UNIT, &cfg);
	KT_ASSERT(sk, "created");
	again = netlink_kernel_create(&init_net, T_UNIT, &cfg);
	KT_ASSERT(!again, "port 0 of the unit is taken");
	KT_EQ(sk->sk_protocol, T_UNIT);

	inputs = requests = errors_seen = 0;
	skb = t_msgs(3, f);
	KT_ASSERT(skb, "alloc");
	len = skb->len;
	KT_EQ(netlink_unicast(sk, skb, 0, MSG_DONTWAIT), len);
	/* three requests; the refused one and the NLM_F_ACK one are acked to
	 * their sender, port 0: this socket, which sees two NLMSG_ERRORs
	 */
	KT_EQ(requests, 3);
	KT_EQ(inputs, 3);
	KT_EQ(errors_seen, 2);

	/* a user port: nobody (the shim's user space has no netlink socket) */
	skb = t_msgs(1, f);
	KT_EQ(netlink_unicast(sk, skb, 4242, MSG_DONTWAIT), -ECONNREFUSED);
	skb = t_msgs(1, f);
	KT_EQ(nlmsg_unicast(sk, skb, 4242), -ECONNREFUSED);
	netlink_kernel_release(sk);
	sk = netlink_kernel_create(&init_net, T_UNIT, &cfg);
	KT_ASSERT(sk, "released, the unit is free again");
	netlink_kernel_release(sk);
	return 0;
}

KTEST(nlsock, groups_have_no_listeners)
{
	static const u16 f[] = { NLM_F_REQUEST };
	struct sk_buff *skb;

	KT_ASSERT(init_net.rtnl, "init_net has its rtnetlink socket");
	KT_EQ(init_net.rtnl->sk_protocol, NETLINK_ROUTE);
	KT_EQ(netlink_has_listeners(init_net.rtnl, RTNLGRP_TC), 0);
	KT_ASSERT(!rtnl_notify_needed(&init_net, 0, RTNLGRP_TC), "nobody listens");
	KT_ASSERT(rtnl_notify_needed(&init_net, NLM_F_ECHO, RTNLGRP_TC), "the echo is needed");

	skb = t_msgs(1, f);
	KT_EQ(netlink_broadcast(init_net.rtnl, skb, 0, RTNLGRP_TC, GFP_KERNEL), -ESRCH);
	skb = t_msgs(1, f);
	KT_EQ(nlmsg_multicast(init_net.rtnl, skb, 0, RTNLGRP_TC, GFP_KERNEL), -ESRCH);
	/* a notification nobody hears is no error; its echo to a gone port is */
	skb = t_msgs(1, f);
	KT_EQ(rtnetlink_send(skb, &init_net, 0, RTNLGRP_TC, 0), 0);
	skb = t_msgs(1, f);
	KT_EQ(rtnetlink_send(skb, &init_net, 99, RTNLGRP_TC, 1), -ECONNREFUSED);
	KT_EQ(rtnetlink_maybe_send(NULL, &init_net, 99, RTNLGRP_TC, 1), 0);
	skb = t_msgs(1, f);
	KT_EQ(rtnl_unicast(skb, &init_net, 99), -ECONNREFUSED);
	skb = t_msgs(1, f);
	rtnl_notify(skb, &init_net, 0, RTNLGRP_LINK, NULL, GFP_KERNEL);
	rtnl_set_sk_err(&init_net, RTNLGRP_LINK, ENOBUFS);
	KT_EQ(netlink_set_err(init_net.rtnl, 0, RTNLGRP_LINK, ENOBUFS), 0);
	return 0;
}

KTEST(nlsock, cb_and_capabilities)
{
	struct sk_buff *skb = alloc_skb(64, GFP_KERNEL);

	KT_ASSERT(skb, "alloc");
	KT_ASSERT(sizeof(struct netlink_skb_parms) <= sizeof(skb->cb), "fits the cb");
	NETLINK_CB(skb).portid = 7;
	NETLINK_CREDS(skb)->pid = 7;
	KT_EQ(NETLINK_CB(skb).creds.pid, 7);
	NETLINK_CB(skb).sk = init_net.rtnl;
	skb->sk = init_net.rtnl;
	KT_ASSERT(netlink_capable(skb, 12 /* CAP_NET_ADMIN */), "capable");
	KT_ASSERT(netlink_net_capable(skb, 12), "net capable");
	KT_ASSERT(!netlink_strict_get_check(skb), "the kernel socket asks no strict check");
	skb->sk = NULL;
	kfree_skb(skb);
	return 0;
}

KTEST(nlsock, taps_are_netlink_devices)
{
	struct net_device *dev = alloc_etherdev(0);
	struct netlink_tap tap = { .dev = dev };

	KT_ASSERT(dev, "alloc");
	KT_EQ(netlink_add_tap(&tap), -EINVAL);		/* an Ethernet device */
	dev->type = ARPHRD_NETLINK;
	KT_EQ(netlink_add_tap(&tap), 0);
	KT_EQ(netlink_remove_tap(&tap), 0);
	KT_EQ(netlink_remove_tap(&tap), -ENODEV);
	free_netdev(dev);
	return 0;
}

KTEST(nlsock, metrics_nest_skips_zeros_and_kernel_features)
{
	struct sk_buff *skb = alloc_skb(256, GFP_KERNEL);
	struct nlattr *tb[RTAX_MAX + 1], *mx;
	u32 metrics[RTAX_MAX] = {};

	KT_ASSERT(skb, "alloc");
	KT_EQ(rtnetlink_put_metrics(skb, metrics), 0);
	KT_EQ(skb->len, 0);				/* nothing: no nest */
	metrics[RTAX_MTU - 1] = 1500;
	metrics[RTAX_FEATURES - 1] = RTAX_FEATURE_ECN | (1u << 31);
	KT_ASSERT(rtnetlink_put_metrics(skb, metrics) > 0, "a nest");
	mx = (struct nlattr *)skb->data;
	KT_EQ(nla_type(mx), RTA_METRICS);
	KT_EQ(nla_parse_nested_deprecated(tb, RTAX_MAX, mx, NULL, NULL), 0);
	KT_EQ(nla_get_u32(tb[RTAX_MTU]), 1500);
	KT_EQ(nla_get_u32(tb[RTAX_FEATURES]), RTAX_FEATURE_ECN);
	KT_ASSERT(!tb[RTAX_WINDOW], "zeros are left out");
	kfree_skb(skb);
	return 0;
}

KTEST(nlsock, default_fdb_in_the_address_lists)
{
	static const u8 uc[ETH_ALEN] = { 0x02, 0, 0, 0, 0, 9 };
	static const u8 mc[ETH_ALEN] = { 0x01, 0, 0x5e, 0, 0, 9 };
	struct ndmsg ndm = { .ndm_state = NUD_PERMANENT };
	struct nlattr *tb[NDA_MAX + 1] = {};
	struct net_device *dev = alloc_etherdev(0);

	KT_ASSERT(dev, "alloc");
	KT_EQ(ndo_dflt_fdb_add(&ndm, tb, dev, uc, 0, NLM_F_CREATE), 0);
	KT_EQ(netdev_uc_count(dev), 1);
	KT_EQ(ndo_dflt_fdb_add(&ndm, tb, dev, uc, 0, NLM_F_CREATE), 0);
	KT_EQ(ndo_dflt_fdb_add(&ndm, tb, dev, uc, 0, NLM_F_CREATE | NLM_F_EXCL), -EEXIST);
	KT_EQ(ndo_dflt_fdb_add(&ndm, tb, dev, mc, 0, 0), 0);
	KT_EQ(netdev_mc_count(dev), 1);
	KT_EQ(ndo_dflt_fdb_add(&ndm, tb, dev, uc, 5, 0), -EINVAL);	/* a VLAN */
	ndm.ndm_state = NUD_REACHABLE;
	KT_EQ(ndo_dflt_fdb_add(&ndm, tb, dev, uc, 0, 0), -EINVAL);	/* ageing */
	KT_EQ(ndo_dflt_fdb_del(&ndm, tb, dev, uc, 0), -EINVAL);
	ndm.ndm_state = NUD_PERMANENT;
	KT_EQ(ndo_dflt_fdb_del(&ndm, tb, dev, uc, 0), 0);
	KT_EQ(ndo_dflt_fdb_del(&ndm, tb, dev, mc, 0), 0);
	KT_EQ(netdev_uc_count(dev) + netdev_mc_count(dev), 0);
	free_netdev(dev);
	return 0;
}
