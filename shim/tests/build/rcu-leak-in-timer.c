// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/rcu-leak-in-timer\.c:18: BUG: timer returns inside the RCU read-side section rcu_read_lock\(\) began here
/*
 * A timer callback that returns inside rcu_read_lock(): an RCU read-side
 * section that never ends. Reported at the rcu_read_lock() left open.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/timer.h>

static struct timer_list qdk_case_timer;
static int qdk_case_ticks;

static void qdk_case_tick(struct timer_list *t)
{
	rcu_read_lock();
	if (++qdk_case_ticks > 0)
		return;
	rcu_read_unlock();
}

static int __init qdk_case_init(void)
{
	timer_setup(&qdk_case_timer, qdk_case_tick, 0);
	mod_timer(&qdk_case_timer, jiffies + 1);
	msleep(20);
	return 0;
}

static void __exit qdk_case_exit(void)
{
	timer_delete_sync(&qdk_case_timer);
}

module_init(qdk_case_init);
module_exit(qdk_case_exit);
MODULE_LICENSE("GPL");
