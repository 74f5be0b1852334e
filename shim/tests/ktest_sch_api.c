// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_sch_api.c - the qdisc and class requests of sch_api.c, sent as the
 * stock tc sends them to a namespace (qdk_rtnl_rcv()): a root made, dumped,
 * fetched and deleted; the kernel's errors and extack messages for what it
 * refuses; and a netdevsim device's default mq, whose classes a class dump
 * lists. The end-to-end suites (35-usertc, 36-tdc) drive the same paths
 * through tc itself; these pin the replies byte by byte where tc would
 * only print them.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/if_link.h>
#include <linux/pkt_sched.h>
#include <net/netlink.h>
#include <net/sch_generic.h>

#include "ktest.h"
#include "ktest_nlreq.h"
#include "shim.h"

/* tc qdisc add: what tc asks of a new qdisc */
#define CREATE_EXCL	(NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK)

/* the messages of type in r for ifindex: how many, the last one's tcmsg */
static int count_of(struct replies *r, int type, int ifindex,
		    struct tcmsg **last, struct nlattr **tb)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)r->buf;
	int len = (int)r->len, n = 0;

	for (; nlmsg_ok(nlh, len); nlh = nlmsg_next(nlh, &len)) {
		struct tcmsg *t = nlmsg_data(nlh);

		if (nlh->nlmsg_type != type || t->tcm_ifindex != ifindex)
			continue;
		n++;
		*last = t;
		if (tb && nlmsg_parse_deprecated(nlh, sizeof(*t), tb, TCA_MAX,
						 NULL, NULL))
			return -1;
	}
	return n;
}

KTEST(sch_api, create_dump_get_delete)
{
	struct replies *r = kzalloc(sizeof(*r), GFP_KERNEL);
	struct qdk_net *net = qdk_net_new();
	struct tc_fifo_qopt opt = { .limit = 7 };
	struct nlattr *tb[TCA_MAX + 1];
	struct sk_buff *skb;
	struct tcmsg *t;
	const char *emsg;
	u8 tca[64];
	int ifindex;

	KT_ASSERT(r && net, "a namespace");
	ifindex = nlreq_dummy_up(net, "d0");
	KT_ASSERT(ifindex > 1, "d0 made and up: %d", ifindex);

	/* tc qdisc add dev d0 root handle 1: pfifo limit 7 */
	skb = nlreq_tc(RTM_NEWQDISC, CREATE_EXCL, ifindex, TC_H_ROOT, 0x10000, "pfifo");
	nla_put(skb, TCA_OPTIONS, sizeof(opt), &opt);
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(nlreq_ack(r, &emsg), 0);
	KT_ASSERT(!emsg, "no extack on success: %s", emsg);

	/* what made the root, as a trace's tca line keeps it */
	KT_EQ(qdk_net_root_tca(net, "d0", tca, sizeof(tca)), NLA_HDRLEN + sizeof(opt));
	KT_EQ(((struct tc_fifo_qopt *)(tca + NLA_HDRLEN))->limit, 7);

	/* tc qdisc show: one message for d0, tc_fill_qdisc()'s attributes */
	skb = nlreq_new(RTM_GETQDISC, NLM_F_DUMP, sizeof(*t));
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(count_of(r, RTM_NEWQDISC, ifindex, &t, tb), 1);
	KT_EQ(t->tcm_handle, 0x10000);
	KT_EQ(t->tcm_parent, TC_H_ROOT);
	KT_ASSERT(tb[TCA_KIND] && !strcmp(nla_data(tb[TCA_KIND]), "pfifo"), "kind");
	KT_ASSERT(tb[TCA_OPTIONS] && nla_len(tb[TCA_OPTIONS]) == sizeof(opt) &&
		  ((struct tc_fifo_qopt *)nla_data(tb[TCA_OPTIONS]))->limit == 7,
		  "the options dumped back");
	KT_ASSERT(tb[TCA_STATS2] && tb[TCA_STATS], "statistics, both forms");

	/* the same again: EEXIST, as the kernel's exclusive create says */
	skb = nlreq_tc(RTM_NEWQDISC, CREATE_EXCL, ifindex, TC_H_ROOT, 0x10000, "pfifo");
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(nlreq_ack(r, &emsg), -EEXIST);
	KT_STREQ(emsg, "Exclusivity flag on, cannot modify");

	/* tc qdisc del dev d0 root: d0 gets its default back */
	skb = nlreq_tc(RTM_DELQDISC, NLM_F_ACK, ifindex, TC_H_ROOT, 0, NULL);
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(nlreq_ack(r, &emsg), 0);
	skb = nlreq_new(RTM_GETQDISC, NLM_F_DUMP, sizeof(*t));
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(count_of(r, RTM_NEWQDISC, ifindex, &t, tb), 1);
	KT_ASSERT(tb[TCA_KIND] && strcmp(nla_data(tb[TCA_KIND]), "pfifo"),
		  "the default, not pfifo, after the delete");
	KT_EQ(qdk_net_root_tca(net, "d0", tca, sizeof(tca)), -ENOENT);

	qdk_net_free(net);
	kfree(r);
	return 0;
}

KTEST(sch_api, refusals_carry_the_kernels_extack)
{
	struct replies *r = kzalloc(sizeof(*r), GFP_KERNEL);
	struct qdk_net *net = qdk_net_new();
	struct sk_buff *skb;
	const char *emsg;
	int ifindex;

	KT_ASSERT(r && net, "a namespace");
	ifindex = nlreq_dummy_up(net, "d0");
	KT_ASSERT(ifindex > 1, "d0: %d", ifindex);

	/* a kind no module registered */
	skb = nlreq_tc(RTM_NEWQDISC, CREATE_EXCL, ifindex, TC_H_ROOT, 0, "nosuch");
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_ASSERT(nlreq_ack(r, &emsg) == -ENOENT, "%s", emsg ? emsg : "(no extack)");
	KT_STREQ(emsg, "Specified qdisc kind is unknown");

	/* a change without NLM_F_CREATE where nothing is at the handle */
	skb = nlreq_tc(RTM_NEWQDISC, NLM_F_ACK, ifindex, TC_H_ROOT, 0x50000, "pfifo");
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_ASSERT(nlreq_ack(r, &emsg) == -ENOENT, "%s", emsg ? emsg : "(no extack)");
	KT_STREQ(emsg, "Qdisc not found. To create specify NLM_F_CREATE flag");

	/* a delete under a class of a qdisc that is not there */
	skb = nlreq_tc(RTM_DELQDISC, NLM_F_ACK, ifindex, 0x50001, 0, NULL);
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(nlreq_ack(r, &emsg), -ENOENT);
	KT_STREQ(emsg, "Failed to find qdisc with specified classid");

	/* a device that does not exist */
	skb = nlreq_tc(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_ACK, 999, TC_H_ROOT, 0, "pfifo");
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(nlreq_ack(r, &emsg), -ENODEV);

	/* shorter than its tcmsg: EINVAL before any handler looks */
	skb = nlreq_new(RTM_NEWQDISC, NLM_F_ACK, sizeof(struct rtgenmsg));
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(nlreq_ack(r, &emsg), -EINVAL);

	qdk_net_free(net);
	kfree(r);
	return 0;
}

KTEST(sch_api, netdevsim_mq_class_dump)
{
	struct replies *r = kzalloc(sizeof(*r), GFP_KERNEL);
	struct qdk_net *net = qdk_net_new();
	struct ifinfomsg *ifm;
	struct sk_buff *skb;
	unsigned int seen = 0;
	struct nlmsghdr *nlh;
	const char *emsg;
	struct tcmsg *t;
	int nf, ifindex, len, n = 0;
	u32 root;

	KT_ASSERT(r && net, "a namespace");
	/* echo "1 1 4" > /sys/bus/netdevsim/new_device: eth0, 4 queues */
	nf = qdk_net_sysfs_open(net, "/sys/bus/netdevsim/new_device");
	KT_ASSERT(nf >= 0, "new_device: %d", nf);
	KT_EQ(qdk_net_sysfs_write(net, nf, "1 1 4", 5), 5);
	ifindex = nlreq_ifindex(net, "eth0");
	KT_ASSERT(ifindex > 1, "eth0: %d", ifindex);

	/* ip link set eth0 up (noqueue: netdevsim's ports have no queue) */
	skb = nlreq_new(RTM_NEWLINK, NLM_F_ACK, sizeof(*ifm));
	ifm = nlmsg_data((struct nlmsghdr *)skb->data);
	ifm->ifi_index = ifindex;
	ifm->ifi_flags = IFF_UP;
	ifm->ifi_change = IFF_UP;
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(nlreq_ack(r, &emsg), 0);

	/* tc qdisc add dev eth0 root handle 1: mq */
	skb = nlreq_tc(RTM_NEWQDISC, CREATE_EXCL, ifindex, TC_H_ROOT, 0x10000, "mq");
	KT_EQ(nlreq_send(net, skb, r), 0);
	KT_EQ(nlreq_ack(r, &emsg), 0);
	root = 0x10000;

	/* tc class show dev eth0: a class per queue, minors 1..4 */
	skb = nlreq_new(RTM_GETTCLASS, NLM_F_DUMP, sizeof(*t));
	t = nlreq_tcm(skb);
	t->tcm_ifindex = ifindex;
	KT_EQ(nlreq_send(net, skb, r), 0);
	len = (int)r->len;
	for (nlh = (struct nlmsghdr *)r->buf; nlmsg_ok(nlh, len);
	     nlh = nlmsg_next(nlh, &len)) {
		t = nlmsg_data(nlh);
		if (nlh->nlmsg_type != RTM_NEWTCLASS)
			continue;
		KT_EQ(TC_H_MAJ(t->tcm_handle), TC_H_MAJ(root));
		KT_ASSERT(TC_H_MIN(t->tcm_handle) >= 1 && TC_H_MIN(t->tcm_handle) <= 4,
			  "minor %x", TC_H_MIN(t->tcm_handle));
		seen |= 1u << TC_H_MIN(t->tcm_handle);
		n++;
	}
	KT_EQ(n, 4);
	KT_EQ(seen, 0x1e);

	/* echo 1 > del_device: the port goes with its qdiscs */
	nf = qdk_net_sysfs_open(net, "/sys/bus/netdevsim/del_device");
	KT_EQ(qdk_net_sysfs_write(net, nf, "1", 1), 1);
	KT_EQ(nlreq_ifindex(net, "eth0"), -ENODEV);

	qdk_net_free(net);
	kfree(r);
	return 0;
}
