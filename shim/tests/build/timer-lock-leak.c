// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/timer-lock-leak\.c:24: BUG: qdk_case_lock taken here is still held when timer returns
/*
 * A timer callback that returns with a spinlock held (an early return that
 * forgot the unlock): the shim runs timers in a softirq frame and stops at
 * the lock that leaked. The init sleeps past the timer's expiry so the
 * virtual clock runs it.
 */
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/timer.h>

static DEFINE_SPINLOCK(qdk_case_lock);
static struct timer_list qdk_case_timer;
static int qdk_case_ticks;

static void qdk_case_tick(struct timer_list *t)
{
	/*
	 * the line the report must name
	 */
	spin_lock(&qdk_case_lock);
	if (++qdk_case_ticks > 0)
		return;
	spin_unlock(&qdk_case_lock);
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
