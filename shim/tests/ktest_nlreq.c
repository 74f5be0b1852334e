// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_nlreq.c - requests to a namespace (qdk_rtnl_rcv()) built as the
 * stock tc and ip build them, and their replies read back, for the cases
 * of the netlink paths (ktest_sch_api.c, ktest_rtnl.c).
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <linux/if_link.h>
#include <net/netlink.h>

#include "ktest_nlreq.h"

static int nlreq_collect(void *ctx, const void *b, size_t len)
{
	struct replies *r = ctx;

	if (r->len + len > sizeof(r->buf))
		return -ENOBUFS;
	memcpy(r->buf + r->len, b, len);
	r->len += NLMSG_ALIGN(len);
	return 0;
}

/* one request of type with a zeroed tcmsg (or ifinfomsg) header: skb to fill */
struct sk_buff *nlreq_new(int type, unsigned int flags, size_t hdr)
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

/* a qdisc or class request: its tcmsg, and TCA_KIND when kind is not NULL */
struct sk_buff *nlreq_tc(int type, unsigned int flags, int ifindex, u32 parent,
			 u32 handle, const char *kind)
{
	struct sk_buff *skb = nlreq_new(type, flags, sizeof(struct tcmsg));
	struct tcmsg *t;

	if (!skb)
		return NULL;
	t = nlreq_tcm(skb);
	t->tcm_ifindex = ifindex;
	t->tcm_parent = parent;
	t->tcm_handle = handle;
	if (kind)
		nla_put_string(skb, TCA_KIND, kind);
	return skb;
}

struct tcmsg *nlreq_tcm(struct sk_buff *skb)
{
	return nlmsg_data((struct nlmsghdr *)skb->data);
}

/* sends skb (freed) with extack TLVs and capped acks; replies into r */
int nlreq_send(struct qdk_net *net, struct sk_buff *skb, struct replies *r)
{
	int err;

	nlmsg_end(skb, (struct nlmsghdr *)skb->data);
	r->len = 0;
	err = qdk_rtnl_rcv(net, skb->data, skb->len, 7,
			   QDK_NL_EXT_ACK | QDK_NL_CAP_ACK, nlreq_collect, r);
	kfree_skb(skb);
	return err;
}

/* the first NLMSG_ERROR's error, its extack message in *msg (or NULL) */
int nlreq_ack(struct replies *r, const char **msg)
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
int nlreq_ifindex(struct qdk_net *net, const char *name)
{
	struct sk_buff *skb = nlreq_new(RTM_GETLINK, 0, sizeof(struct ifinfomsg));
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
	ret = nlreq_send(net, skb, r);
	nlh = (struct nlmsghdr *)r->buf;
	if (!ret && r->len >= NLMSG_HDRLEN && nlh->nlmsg_type == RTM_NEWLINK)
		ret = ((struct ifinfomsg *)nlmsg_data(nlh))->ifi_index;
	else if (!ret)
		ret = nlreq_ack(r, &emsg);
	kfree(r);
	return ret;
}

/* a dummy device named name, up; its ifindex, or -errno */
int nlreq_dummy_up(struct qdk_net *net, const char *name)
{
	struct sk_buff *skb = nlreq_new(RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL | NLM_F_ACK,
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
	err = nlreq_send(net, skb, r);
	if (!err)
		err = nlreq_ack(r, &emsg);
	kfree(r);
	if (err)
		return err;
	return nlreq_ifindex(net, name);
}
