/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_RTNETLINK_H
#define _QDK_SHIM_LINUX_RTNETLINK_H

#include <linux/netlink.h>
#include <linux/rcupdate.h>
#include_next <linux/rtnetlink.h>

struct sk_buff;
/* Frees the list head..tail (linked by ->next), counted as drops. */
void rtnl_kfree_skbs(struct sk_buff *head, struct sk_buff *tail);

#endif
