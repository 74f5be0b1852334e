/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_IF_VLAN_H_
#define _LINUX_IF_VLAN_H_

#include <linux/skbuff.h>

#define VLAN_HLEN	4
#define VLAN_ETH_HLEN	18

static inline bool skb_vlan_tag_present(const struct sk_buff *skb)
{
	return false;
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/rtnetlink.h>
#include <linux/bug.h>
#endif
