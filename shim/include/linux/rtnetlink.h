/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_RTNETLINK_H
#define _QDK_SHIM_LINUX_RTNETLINK_H

#include <linux/bug.h>
#include <linux/netlink.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
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

/* one thread: a held RTNL is never free to take, even for its holder */
int rtnl_trylock(void);
/* no signal can come while nothing sleeps: it locks, 0 */
int rtnl_lock_killable(void);
/* the last reference dropped with RTNL taken (true), else not taken */
bool refcount_dec_and_rtnl_lock(refcount_t *r);

static inline bool lockdep_rtnl_is_held(void)
{
	return rtnl_is_locked();
}

#define rcu_dereference_bh_rtnl(p) \
	rcu_dereference_bh_check(p, lockdep_rtnl_is_held())

#define ASSERT_RTNL() \
	WARN_ONCE(!rtnl_is_locked(), \
		  "RTNL: assertion failed at %s (%d)\n", __FILE__, __LINE__)

struct sk_buff;
/* Frees the list head..tail (linked by ->next), counted as drops. */
void rtnl_kfree_skbs(struct sk_buff *head, struct sk_buff *tail);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/mutex.h>
#include <linux/netdevice.h>
#include <linux/wait.h>
#endif
