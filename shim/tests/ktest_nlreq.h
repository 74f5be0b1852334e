/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktest_nlreq.h - requests to a namespace and their replies, for the
 * kernel-side cases of the netlink paths (ktest_nlreq.c).
 */
#ifndef QDK_KTEST_NLREQ_H
#define QDK_KTEST_NLREQ_H

#include <linux/skbuff.h>
#include <linux/rtnetlink.h>

#include "../api/qdk_api.h"

/* every datagram the namespace sent back, end to end */
struct replies {
	u8 buf[65536] __aligned(8);
	size_t len;
};

/* a request of type with a zeroed family header of hdr bytes; NULL: no memory */
struct sk_buff *nlreq_new(int type, unsigned int flags, size_t hdr);
/* a qdisc or class request (tcmsg filled, TCA_KIND when kind is not NULL) */
struct sk_buff *nlreq_tc(int type, unsigned int flags, int ifindex, u32 parent,
			 u32 handle, const char *kind);
/* the request's tcmsg */
struct tcmsg *nlreq_tcm(struct sk_buff *skb);
/* sends skb (freed) with extack TLVs and capped acks; replies into r */
int nlreq_send(struct qdk_net *net, struct sk_buff *skb, struct replies *r);
/* the first NLMSG_ERROR's error (1: none), its extack message in *msg or NULL */
int nlreq_ack(struct replies *r, const char **msg);
/* ip link show NAME: its ifindex, or the error of the reply */
int nlreq_ifindex(struct qdk_net *net, const char *name);
/* ip link add NAME type dummy, up: its ifindex, or -errno */
int nlreq_dummy_up(struct qdk_net *net, const char *name);

#endif
