// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_rtnl.c - RTNL is state, not a no-op: the control path holds it, a
 * timer does not, and ASSERT_RTNL() (via qdisc_root_sleeping_lock(), as in
 * 6.1) warns only where the kernel would. dcbt's collector timer once took
 * that lock from softirq; the kernel warned, the shim now does too.
 */
#include <linux/kernel.h>
#include <linux/rtnetlink.h>
#include <linux/timer.h>
#include <net/sch_generic.h>

#include "ktest.h"
#include "shim.h"

static struct Qdisc *timer_sch;

static void takes_root_sleeping_lock(struct timer_list *t)
{
	spin_lock(qdisc_root_sleeping_lock(timer_sch));
	spin_unlock(qdisc_root_sleeping_lock(timer_sch));
}

KTEST(rtnl, assert_rtnl_warns_only_without_rtnl)
{
	struct timer_list t;
	unsigned long w0;

	timer_sch = qdk_test_qdisc("pfifo");
	KT_ASSERT(timer_sch, "pfifo qdisc");

	KT_ASSERT(!rtnl_is_locked(), "not held outside the control path");
	w0 = qdk_warn_count;
	rtnl_lock();
	KT_ASSERT(rtnl_is_locked(), "held");
	sch_tree_lock(timer_sch);
	sch_tree_unlock(timer_sch);
	rtnl_unlock();
	KT_EQ(qdk_warn_count, w0);

	/* the same lock from a timer: no RTNL there */
	timer_setup(&t, takes_root_sleeping_lock, 0);
	mod_timer(&t, jiffies + 1);
	qdk_time_advance(100000000);
	KT_EQ(qdk_warn_count, w0 + 1);

	rtnl_lock();
	qdk_test_qdisc_put(timer_sch);
	rtnl_unlock();
	return 0;
}
