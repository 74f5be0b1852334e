// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/sleep-under-spinlock\.c:22: BUG: sleeping function called from invalid context: an allocation with GFP_KERNEL
/*
 * An allocation that may sleep (GFP_KERNEL allows direct reclaim) under a
 * spinlock: the kernel reports it only with CONFIG_DEBUG_ATOMIC_SLEEP, the
 * shim always, at the allocation's line (qdk/context.h).
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(qdk_case_lock);
static void *qdk_case_buf;

static int __init qdk_case_init(void)
{
	spin_lock(&qdk_case_lock);
	if (!qdk_case_buf) {
		/*
		 * the line the report must name
		 */
		qdk_case_buf = kmalloc(64, GFP_KERNEL);
	}
	spin_unlock(&qdk_case_lock);
	return qdk_case_buf ? 0 : -ENOMEM;
}

static void __exit qdk_case_exit(void)
{
	kfree(qdk_case_buf);
}

module_init(qdk_case_init);
module_exit(qdk_case_exit);
MODULE_LICENSE("GPL");
