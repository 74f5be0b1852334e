// SPDX-License-Identifier: GPL-2.0
// qdk-build: crashes Segmentation fault \(address 0x8\) in qdk_case_read \((/.*)?shim/tests/build/null-deref\.c:20\)
/*
 * A NULL dereference: a plain build (no sanitizer) still names the faulting
 * function and its source line, then dies of the signal as before.
 */
#include <linux/module.h>

struct qdk_case_item {
	long key;
	long value;
};

static struct qdk_case_item *qdk_case_table[4];
static long qdk_case_sum;

static noinline long qdk_case_read(int i)
{
	/* the line the report must name */
	return READ_ONCE(qdk_case_table[i]->value);
}

static int __init qdk_case_init(void)
{
	qdk_case_sum += qdk_case_read(1);
	return 0;
}

static void __exit qdk_case_exit(void)
{
}

module_init(qdk_case_init);
module_exit(qdk_case_exit);
MODULE_LICENSE("GPL");
