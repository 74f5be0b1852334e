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
#include "shim.h"
#include "../api/qdk_api.h"

/* every datagram the namespace sent back, end to end */
struct replies {
	u8 buf[65536] __aligned(8);
	size_t len;
};

static int collect(void *ctx, const void *b, size_t len)
{
	struct replies *r = ctx;

	if (r->len + len > sizeof(r->buf))
		return -ENOBUFS;
	memcpy(r->buf + r->len, b, len);
	r->len += NLMSG_ALIGN(len);
	return 0;
}

/* one request of type with a tcmsg (or ifinfomsg) header: skb to fill */
static struct sk_buff *req(int type, unsigned int flags, size_t hdr)
{
	struct sk_buff *skb = alloc_skb(4096, GFP_KERNEL);
	struct nlmsghdr *nlh;

	if (!skb)
		return NULL;
	nlh = nlmsg_put(skb, 0, 1, type, hdr, NLM_F_REQUEST | flags);
	if (!nlh) {
		kfree_skb(skb);
		return NULL;
	}
	/* nlmsg_put() leaves the family header as the buffer had it */
	memset(nlmsg_data(nlh), 0, hdr);
	return skb;
}

static struct tcmsg *tcm_of(struct sk_buff *skb)
{
	return nlmsg_data((struct nlmsghdr *)skb->data);
}

/* sends skb (freed) with extack TLVs and capped acks; replies into r */
static int send(struct qdk_net *net, struct sk_buff *skb, struct replies *r)
{
	int err;

	nlmsg_end(skb, (struct nlmsghdr *)skb->data);
	r->len = 0;
	err = qdk_rtnl_rcv(net, skb->data, skb->len, 7,
			   QDK_NL_EXT_ACK | QDK_NL_CAP_ACK, collect, r);
	kfree_skb(skb);
	return err;
}

/* the first NLMSG_ERROR's error, its extack message in *msg (or NULL) */
static int ack_of(struct replies *r, const char **msg)
{
	struct nlmsghdr *nlh = (struct nlmsghdr *)r->buf;
	int len = (int)r->len;

	*msg = NULL;
	for (; nlmsg_ok(nlh, len); nlh = nlmsg_next(nlh, &len)) {
		struct nlmsgerr *e = nlmsg_data(nlh);
		struct nlattr *a;
		int alen;

		if (nlh->nlmsg_type != NLMSG_ERROR)
			continue;
		alen = nlh->nlmsg_len - NLMSG_HDRLEN - (int)sizeof(*e);
		a = nla_find((struct nlattr *)(e + 1), alen, NLMSGERR_ATTR_MSG);
		if (a)
			*msg = nla_data(a);
		return e->error;
	}
	return 1;	/* no ack at all */
}

/* ip link show NAME: its ifindex, or the error of the reply */
static int ifindex_of(struct qdk_net *net, const char *name)
{
	struct sk_buff *skb = req(RTM_GETLINK, 0, sizeof(struct ifinfomsg));
	struct replies *r = kzalloc(sizeof(*r), GFP_KERNEL);
	struct nlmsghdr *nlh;
	const char *emsg;
	int ret;

	if (!skb || !r) {
		kfree_skb(skb);
		kfree(r);
		return -ENOMEM;
	}
	nla_put_string(skb, IFLA_IFNAME, name);
	ret = send(net, skb, r);
	nlh = (struct nlmsghdr *)r->buf;
	if (!ret && r->len >= NLMSG_HDRLEN && nlh->nlmsg_type == RTM_NEWLINK)
		ret = ((struct ifinfomsg *)nlmsg_data(nlh))->ifi_index;
	else if (!ret)
		ret = ack_of(r, &emsg);
	kfree(r);
	return ret;
}

/* a dummy device named name, up; its ifindex, or -errno */
static int dummy_up(struct qdk_net *net, const char *name)
{
	struct sk_buff *skb = req(RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK,
				  sizeof(struct ifinfomsg));
	struct replies *r = kzalloc(sizeof(*r), GFP_KERNEL);
	struct ifinfomsg *ifm;
	struct nlattr *info;
	const char *emsg;
	int err;

	if (!skb || !r) {
		kfree_skb(skb);
		kfree(r);
		return -ENOMEM;
	}
	ifm = nlmsg_data((struct nlmsghdr *)skb->data);
	ifm->ifi_flags = IFF_UP;
	ifm->ifi_change = IFF_UP;
	nla_put_string(skb, IFLA_IFNAME, name);
	info = nla_nest_start(skb, IFLA_LINKINFO);
	nla_put_string(skb, IFLA_INFO_KIND, "dummy");
	nla_nest_end(skb, info);
	err = send(net, skb, r);
	if (!err)
		err = ack_of(r, &emsg);
	kfree(r);
	if (err)
		return err;
	return ifindex_of(net, name);
}

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
	ifindex = dummy_up(net, "d0");
	KT_ASSERT(ifindex > 1, "d0 made and up: %d", ifindex);

	/* tc qdisc add dev d0 root handle 1: pfifo limit 7 */
	skb = req(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = ifindex;
	t->tcm_parent = TC_H_ROOT;
	t->tcm_handle = 0x10000;
	nla_put_string(skb, TCA_KIND, "pfifo");
	nla_put(skb, TCA_OPTIONS, sizeof(opt), &opt);
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(ack_of(r, &emsg), 0);
	KT_ASSERT(!emsg, "no extack on success: %s", emsg);

	/* what made the root, as a trace's tca line keeps it */
	KT_EQ(qdk_net_root_tca(net, "d0", tca, sizeof(tca)), NLA_HDRLEN + sizeof(opt));
	KT_EQ(((struct tc_fifo_qopt *)(tca + NLA_HDRLEN))->limit, 7);

	/* tc qdisc show: one message for d0, tc_fill_qdisc()'s attributes */
	skb = req(RTM_GETQDISC, NLM_F_DUMP, sizeof(*t));
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(count_of(r, RTM_NEWQDISC, ifindex, &t, tb), 1);
	KT_EQ(t->tcm_handle, 0x10000);
	KT_EQ(t->tcm_parent, TC_H_ROOT);
	KT_ASSERT(tb[TCA_KIND] && !strcmp(nla_data(tb[TCA_KIND]), "pfifo"), "kind");
	KT_ASSERT(tb[TCA_OPTIONS] && nla_len(tb[TCA_OPTIONS]) == sizeof(opt) &&
		  ((struct tc_fifo_qopt *)nla_data(tb[TCA_OPTIONS]))->limit == 7,
		  "the options dumped back");
	KT_ASSERT(tb[TCA_STATS2] && tb[TCA_STATS], "statistics, both forms");

	/* the same again: EEXIST, as the kernel's exclusive create says */
	skb = req(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = ifindex;
	t->tcm_parent = TC_H_ROOT;
	t->tcm_handle = 0x10000;
	nla_put_string(skb, TCA_KIND, "pfifo");
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(ack_of(r, &emsg), -EEXIST);
	KT_STREQ(emsg, "Exclusivity flag on, cannot modify");

	/* tc qdisc del dev d0 root: d0 gets its default back */
	skb = req(RTM_DELQDISC, NLM_F_ACK, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = ifindex;
	t->tcm_parent = TC_H_ROOT;
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(ack_of(r, &emsg), 0);
	skb = req(RTM_GETQDISC, NLM_F_DUMP, sizeof(*t));
	KT_EQ(send(net, skb, r), 0);
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
	struct tcmsg *t;
	const char *emsg;
	int ifindex;

	KT_ASSERT(r && net, "a namespace");
	ifindex = dummy_up(net, "d0");
	KT_ASSERT(ifindex > 1, "d0: %d", ifindex);

	/* a kind no module registered */
	skb = req(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = ifindex;
	t->tcm_parent = TC_H_ROOT;
	nla_put_string(skb, TCA_KIND, "nosuch");
	KT_EQ(send(net, skb, r), 0);
	KT_ASSERT(ack_of(r, &emsg) == -ENOENT, "%s", emsg ? emsg : "(no extack)");
	KT_STREQ(emsg, "Specified qdisc kind is unknown");

	/* a change without NLM_F_CREATE where nothing is at the handle */
	skb = req(RTM_NEWQDISC, NLM_F_ACK, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = ifindex;
	t->tcm_parent = TC_H_ROOT;
	t->tcm_handle = 0x50000;
	nla_put_string(skb, TCA_KIND, "pfifo");
	KT_EQ(send(net, skb, r), 0);
	KT_ASSERT(ack_of(r, &emsg) == -ENOENT, "%s", emsg ? emsg : "(no extack)");
	KT_STREQ(emsg, "Qdisc not found. To create specify NLM_F_CREATE flag");

	/* a delete under a class of a qdisc that is not there */
	skb = req(RTM_DELQDISC, NLM_F_ACK, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = ifindex;
	t->tcm_parent = 0x50001;
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(ack_of(r, &emsg), -ENOENT);
	KT_STREQ(emsg, "Failed to find qdisc with specified classid");

	/* a device that does not exist */
	skb = req(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_ACK, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = 999;
	t->tcm_parent = TC_H_ROOT;
	nla_put_string(skb, TCA_KIND, "pfifo");
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(ack_of(r, &emsg), -ENODEV);

	/* shorter than its tcmsg: EINVAL before any handler looks */
	skb = req(RTM_NEWQDISC, NLM_F_ACK, sizeof(struct rtgenmsg));
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(ack_of(r, &emsg), -EINVAL);

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
	nf = qdk_net_sysfs_open("/sys/bus/netdevsim/new_device");
	KT_ASSERT(nf >= 0, "new_device: %d", nf);
	KT_EQ(qdk_net_sysfs_write(net, nf, "1 1 4", 5), 5);
	ifindex = ifindex_of(net, "eth0");
	KT_ASSERT(ifindex > 1, "eth0: %d", ifindex);

	/* ip link set eth0 up (noqueue: netdevsim's ports have no queue) */
	skb = req(RTM_NEWLINK, NLM_F_ACK, sizeof(*ifm));
	ifm = nlmsg_data((struct nlmsghdr *)skb->data);
	ifm->ifi_index = ifindex;
	ifm->ifi_flags = IFF_UP;
	ifm->ifi_change = IFF_UP;
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(ack_of(r, &emsg), 0);

	/* tc qdisc add dev eth0 root handle 1: mq */
	skb = req(RTM_NEWQDISC, NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = ifindex;
	t->tcm_parent = TC_H_ROOT;
	t->tcm_handle = 0x10000;
	nla_put_string(skb, TCA_KIND, "mq");
	KT_EQ(send(net, skb, r), 0);
	KT_EQ(ack_of(r, &emsg), 0);
	root = 0x10000;

	/* tc class show dev eth0: a class per queue, minors 1..4 */
	skb = req(RTM_GETTCLASS, NLM_F_DUMP, sizeof(*t));
	t = tcm_of(skb);
	t->tcm_ifindex = ifindex;
	KT_EQ(send(net, skb, r), 0);
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
	nf = qdk_net_sysfs_open("/sys/bus/netdevsim/del_device");
	KT_EQ(qdk_net_sysfs_write(net, nf, "1", 1), 1);
	KT_EQ(ifindex_of(net, "eth0"), -ENODEV);

	qdk_net_free(net);
	kfree(r);
	return 0;
}
