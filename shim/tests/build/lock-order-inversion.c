// SPDX-License-Identifier: GPL-2.0
// qdk-build: stops (^|/)shim/tests/build/lock-order-inversion\.c:32: BUG: possible circular locking dependency: qdk_case_a taken while qdk_case_b is held
/*
 * Two locks taken in one order at init and in the other later: on two CPUs
 * at once that is an ABBA deadlock, which lockdep reports the first time
 * the second order is taken, as the shim does, naming the lines of both.
 */
#include <linux/module.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(qdk_case_a);
static DEFINE_SPINLOCK(qdk_case_b);
static int qdk_case_count;

static void qdk_case_a_then_b(void)
{
	spin_lock(&qdk_case_a);
	spin_lock(&qdk_case_b);
	qdk_case_count++;
	spin_unlock(&qdk_case_b);
	spin_unlock(&qdk_case_a);
}

static int __init qdk_case_init(void)
{
	qdk_case_a_then_b();
	spin_lock(&qdk_case_b);
	if (qdk_case_count)
		/*
		 * the line the report must name
		 */
		spin_lock(&qdk_case_a);
	qdk_case_count++;
	spin_unlock(&qdk_case_a);
	spin_unlock(&qdk_case_b);
	return 0;
}

static void __exit qdk_case_exit(void)
{
}

module_init(qdk_case_init);
module_exit(qdk_case_exit);
MODULE_LICENSE("GPL");
