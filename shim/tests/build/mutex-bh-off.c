// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/mutex-bh-off\.c:20: BUG: sleeping function called from invalid context$
/*
 * mutex_lock() with bottom halves off (the context of a qdisc's enqueue):
 * a mutex may sleep.
 */
#include <linux/bottom_half.h>
#include <linux/module.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(qdk_case_mutex);
static int qdk_case_count;

static int __init qdk_case_init(void)
{
	local_bh_disable();
	/*
	 * the line the report must name
	 */
	mutex_lock(&qdk_case_mutex);
	qdk_case_count++;
	mutex_unlock(&qdk_case_mutex);
	local_bh_enable();
	return 0;
}

static void __exit qdk_case_exit(void)
{
}

module_init(qdk_case_init);
module_exit(qdk_case_exit);
MODULE_LICENSE("GPL");
