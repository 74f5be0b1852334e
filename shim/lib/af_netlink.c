// SPDX-License-Identifier: GPL-2.0
/*
 * af_netlink.c - what a module calls of net/netlink/af_netlink.c that
 * needs no netlink socket (building a message header in an skb), and the
 * replies the shim's namespace (netns.h) sends its tc and ip:
 * netlink_ack()'s NLMSG_ERROR with its extack attributes, netlink_dump()'s
 * parts closed by NLMSG_DONE.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/netlink.h>
#include <net/netlink.h>

#include "shim.h"
#include "netns.h"

struct nlmsghdr *
__nlmsg_put(struct sk_buff *skb, u32 portid, u32 seq, int type, int len, int flags)
{
	int size = nlmsg_msg_size(len);
	struct nlmsghdr *nlh = skb_put(skb, NLMSG_ALIGN(size));

	nlh->nlmsg_len = size;
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_pid = portid;
	nlh->nlmsg_seq = seq;
	/* the padding after the payload goes out as zeroes, not stale bytes */
	if (NLMSG_ALIGN(size) != size)
		memset((u8 *)nlmsg_data(nlh) + len, 0, NLMSG_ALIGN(size) - size);
	return nlh;
}


void qdk_nl_send(struct nl_out *out, struct sk_buff *skb)
{
	int err = out->reply(out->ctx, skb->data, skb->len);

	if (err && !out->err)
		out->err = err;
	consume_skb(skb);
}

/* netlink_ack(): NLMSG_ERROR with the request (whole on error) and TLVs */
void qdk_nl_ack(struct nl_out *out, const struct nlmsghdr *nlh, int err,
		const struct netlink_ext_ack *extack)
{
	size_t payload = sizeof(struct nlmsgerr), tlvlen = 0;
	bool tlvs = extack && (out->flags & QDK_NL_EXT_ACK);
	struct nlmsghdr *rep;
	struct nlmsgerr *errmsg;
	struct sk_buff *skb;
	unsigned int flags = 0;

	if (err && !(out->flags & QDK_NL_CAP_ACK))
		payload += nlmsg_len(nlh);
	else
		flags |= NLM_F_CAPPED;
	if (tlvs) {
		if (extack->_msg)
			tlvlen += nla_total_size(strlen(extack->_msg) + 1);
		if (err && extack->bad_attr)
			tlvlen += nla_total_size(sizeof(u32));
	}
	if (tlvlen)
		flags |= NLM_F_ACK_TLVS;

	skb = qdk_skb_alloc(nlmsg_total_size(payload + tlvlen));
	if (!skb) {
		out->err = -ENOMEM;
		return;
	}
	rep = nlmsg_put(skb, out->portid, nlh->nlmsg_seq, NLMSG_ERROR,
			sizeof(*errmsg), flags);
	errmsg = nlmsg_data(rep);
	errmsg->error = err;
	if (payload > sizeof(*errmsg)) {
		skb_put(skb, NLMSG_ALIGN(nlh->nlmsg_len) - sizeof(*nlh));
		memcpy(&errmsg->msg, nlh, nlh->nlmsg_len);
	} else {
		memcpy(&errmsg->msg, nlh, sizeof(*nlh));
	}
	if (tlvlen) {
		if (extack->_msg)
			nla_put_string(skb, NLMSGERR_ATTR_MSG, extack->_msg);
		if (err && extack->bad_attr &&
		    (const u8 *)extack->bad_attr >= (const u8 *)nlh &&
		    (const u8 *)extack->bad_attr < (const u8 *)nlh + nlh->nlmsg_len)
			nla_put_u32(skb, NLMSGERR_ATTR_OFFS,
				    (const u8 *)extack->bad_attr - (const u8 *)nlh);
	}
	nlmsg_end(skb, rep);
	qdk_nl_send(out, skb);
}

/*
 * netlink_dump(): parts of QDK_NL_DUMP_SIZE until the dumper adds nothing,
 * then NLMSG_DONE carrying its status (and the extack message). Dumpers
 * return -EMSGSIZE for a message too big for an empty part.
 */
void qdk_nl_dump(struct qdk_net *net, struct nl_out *out,
		 const struct nlmsghdr *nlh, dumpit_t dumpit,
		 struct netlink_ext_ack *extack)
{
	struct nl_dump cb = {
		.nlh = nlh, .portid = out->portid, .extack = extack,
		.strict = out->flags & QDK_NL_STRICT_CHK,
	};
	struct nlmsghdr *done;
	struct sk_buff *skb;
	int len, tlvlen = 0;
	bool tlvs;

	for (;;) {
		skb = qdk_skb_alloc(QDK_NL_DUMP_SIZE);
		if (!skb) {
			len = -ENOMEM;
			break;
		}
		len = dumpit(net, skb, &cb);
		if (len > 0) {
			qdk_nl_send(out, skb);
			continue;
		}
		consume_skb(skb);
		break;
	}
	tlvs = extack->_msg && (out->flags & QDK_NL_EXT_ACK);
	if (tlvs)
		tlvlen = nla_total_size(strlen(extack->_msg) + 1);
	skb = qdk_skb_alloc(nlmsg_total_size(sizeof(len)) + tlvlen);
	if (!skb) {
		out->err = -ENOMEM;
		return;
	}
	done = nlmsg_put(skb, out->portid, nlh->nlmsg_seq, NLMSG_DONE,
			 sizeof(len), NLM_F_MULTI | (tlvs ? NLM_F_ACK_TLVS : 0));
	memcpy(nlmsg_data(done), &len, sizeof(len));
	if (tlvs)
		nla_put_string(skb, NLMSGERR_ATTR_MSG, extack->_msg);
	nlmsg_end(skb, done);
	qdk_nl_send(out, skb);
}

/* rtnl_unicast() of one message built by fill into a fresh skb */
struct sk_buff *qdk_nl_reply_alloc(void)
{
	return qdk_skb_alloc(QDK_NL_DUMP_SIZE);
}
