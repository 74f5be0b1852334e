// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_rtnl_reg.c - net/rtnetlink.h's registries: message handlers per
 * family and type (merged as net/core/rtnetlink.c merges a second
 * registration, PF_UNSPEC the fallback), link kinds (-EEXIST, the
 * attribute limits, the default dellink) and address family ops.
 */
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/socket.h>
#include <net/rtnetlink.h>

#include "ktest.h"
#include "shim.h"

static int doit_a(struct sk_buff *skb, struct nlmsghdr *nlh, struct netlink_ext_ack *extack)
{
	return 1;
}

static int dumpit_a(struct sk_buff *skb, struct netlink_callback *cb)
{
	return 2;
}

static const struct rtnl_msg_handler handlers[] = {
	{ .protocol = PF_INET6, .msgtype = RTM_GETROUTE, .doit = doit_a },
	{ .protocol = PF_INET6, .msgtype = RTM_GETROUTE, .dumpit = dumpit_a,
	  .flags = RTNL_FLAG_DOIT_UNLOCKED },
	{ .protocol = PF_UNSPEC, .msgtype = RTM_NEWQDISC, .doit = doit_a },
	{ .protocol = PF_UNSPEC, .msgtype = RTM_DELQDISC, .doit = doit_a,
	  .flags = RTNL_FLAG_BULK_DEL_SUPPORTED },
};

KTEST(rtnl_reg, handlers_merge_and_fall_back)
{
	rtnl_doit_func doit;
	rtnl_dumpit_func dumpit;
	unsigned int flags;
	unsigned long w0 = qdk_warn_count;

	KT_ASSERT(!qdk_rtnl_handler(PF_INET6, RTM_GETROUTE, &doit, &dumpit, &flags),
		  "none before");
	KT_EQ(rtnl_register_many(handlers), 0);
	KT_EQ(qdk_warn_count, w0);

	/* the two registrations of one type merged: both functions, the flags */
	KT_ASSERT(qdk_rtnl_handler(PF_INET6, RTM_GETROUTE, &doit, &dumpit, &flags), "merged");
	KT_ASSERT(doit == doit_a && dumpit == dumpit_a, "both handlers");
	KT_EQ(flags, RTNL_FLAG_DOIT_UNLOCKED);

	/* a family without its own falls back to PF_UNSPEC's */
	KT_ASSERT(qdk_rtnl_handler(PF_INET, RTM_NEWQDISC, &doit, &dumpit, &flags), "unspec");
	KT_ASSERT(doit == doit_a && !dumpit, "unspec handler");
	KT_ASSERT(!qdk_rtnl_handler(PF_INET, RTM_GETROUTE, &doit, &dumpit, &flags),
		  "not another family's");

	rtnl_unregister_many(handlers);
	KT_ASSERT(!qdk_rtnl_handler(PF_INET6, RTM_GETROUTE, &doit, &dumpit, &flags), "gone");
	KT_ASSERT(!qdk_rtnl_handler(PF_UNSPEC, RTM_DELQDISC, &doit, &dumpit, &flags), "gone");

	/* bulk deletion on a non-delete type: the kernel's warning */
	KT_EQ(__rtnl_register_many(&(struct rtnl_msg_handler){
		.protocol = PF_INET6, .msgtype = RTM_NEWROUTE, .doit = doit_a,
		.flags = RTNL_FLAG_BULK_DEL_SUPPORTED }, 1), 0);
	KT_EQ(qdk_warn_count, w0 + 1);
	/* the family's table goes with rtnl_unregister_all(): nothing leaks */
	rtnl_unregister_all(PF_INET6);
	rtnl_unregister_all(PF_UNSPEC);
	KT_ASSERT(!qdk_rtnl_handler(PF_INET6, RTM_NEWROUTE, &doit, &dumpit, &flags), "all gone");
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
KTEST(rtnl_reg, register_module_and_unregister)
{
	rtnl_doit_func doit;
	rtnl_dumpit_func dumpit;
	unsigned int flags;

	/* no table for the family yet: -ENOENT */
	KT_EQ(rtnl_unregister(PF_PACKET, RTM_GETLINK), -ENOENT);
	KT_EQ(rtnl_register_module(NULL, PF_PACKET, RTM_GETLINK, NULL, dumpit_a, 0), 0);
	KT_ASSERT(qdk_rtnl_handler(PF_PACKET, RTM_GETLINK, &doit, &dumpit, &flags), "there");
	KT_ASSERT(!doit && dumpit == dumpit_a, "dump only");
	/* a type never registered, in a family with a table: 0 */
	KT_EQ(rtnl_unregister(PF_PACKET, RTM_SETLINK), 0);
	KT_EQ(rtnl_unregister(PF_PACKET, RTM_GETLINK), 0);
	rtnl_unregister_all(PF_PACKET);
	return 0;
}
#endif

static void kind_setup(struct net_device *dev)
{
}

KTEST(rtnl_reg, link_kinds)
{
	struct rtnl_link_ops a = { .kind = "qdkx", .setup = kind_setup };
	struct rtnl_link_ops b = { .kind = "qdkx" };
	struct rtnl_link_ops big = { .kind = "qdky", .maxtype = 51 };
	struct rtnl_af_ops af = { .family = AF_INET6 };
	unsigned long w0 = qdk_warn_count;

	KT_EQ(rtnl_link_register(&a), 0);
	KT_ASSERT(qdk_rtnl_link_ops_get("qdkx") == &a, "found");
	/* it makes devices, so it can delete them */
	KT_ASSERT(a.dellink == unregister_netdevice_queue, "default dellink");
	KT_EQ(rtnl_link_register(&b), -EEXIST);
	KT_ASSERT(!b.dellink, "b has no setup: no default");
	KT_EQ(rtnl_link_register(&big), -EINVAL);
	KT_EQ(qdk_warn_count, w0 + 1);
	KT_ASSERT(!qdk_rtnl_link_ops_get("qdky"), "not registered");
	rtnl_link_unregister(&a);
	KT_ASSERT(!qdk_rtnl_link_ops_get("qdkx"), "unregistered");
	KT_EQ(rtnl_link_register(&b), 0);
	rtnl_link_unregister(&b);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(rtnl_af_register(&af), 0);
#else
	rtnl_af_register(&af);
#endif
	rtnl_af_unregister(&af);
	KT_ASSERT(!rtnl_is_locked(), "RTNL released");
	return 0;
}
