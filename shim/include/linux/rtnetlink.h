/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_RTNETLINK_H
#define _QDK_SHIM_LINUX_RTNETLINK_H

#include <linux/bug.h>
#include <linux/netlink.h>
#include <linux/rcupdate.h>
#include_next <linux/rtnetlink.h>

/*
 * RTNL is real state here: qdk_api's control-path calls (create, change,
 * dump, reset, destroy) hold it, the datapath and timers do not, as in the
 * kernel. So ASSERT_RTNL() warns where it would warn in the kernel, e.g. a
 * timer taking qdisc_root_sleeping_lock().
 */
void rtnl_lock(void);
void rtnl_unlock(void);
int rtnl_is_locked(void);

static inline bool lockdep_rtnl_is_held(void)
{
	return rtnl_is_locked();
}

#define ASSERT_RTNL() \
	WARN_ONCE(!rtnl_is_locked(), \
		  "RTNL: assertion failed at %s (%d)\n", __FILE__, __LINE__)

struct sk_buff;
/* Frees the list head..tail (linked by ->next), counted as drops. */
void rtnl_kfree_skbs(struct sk_buff *head, struct sk_buff *tail);

#endif
