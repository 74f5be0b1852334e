// SPDX-License-Identifier: GPL-2.0
/*
 * af_netlink.c - what a module calls of net/netlink/af_netlink.c that
 * needs no netlink socket: building a message header in an skb.
 */
#include <linux/kernel.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/netlink.h>
#include <net/netlink.h>

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
