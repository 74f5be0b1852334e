// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/bad-unlock\.c:21: BUG: releasing a lock this CPU does not hold
/*
 * A spinlock released twice: lockdep's "bad unlock balance".
 */
#include <linux/module.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(qdk_case_lock);
static int qdk_case_count;

static int __init qdk_case_init(void)
{
	spin_lock(&qdk_case_lock);
	qdk_case_count++;
	spin_unlock(&qdk_case_lock);
	if (qdk_case_count)
		/*
		 * the line the report must name
		 */
		spin_unlock(&qdk_case_lock);
	return 0;
}

static void __exit qdk_case_exit(void)
{
}

module_init(qdk_case_init);
module_exit(qdk_case_exit);
MODULE_LICENSE("GPL");
