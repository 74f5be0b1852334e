// SPDX-License-Identifier: GPL-2.0
// qdk-build 6.1: compiles
// qdk-build: fails too many arguments to function .?class_create
/*
 * class_create() with its owner: 6.4 took the argument away, so only 6.1
 * takes it (examples/wrr chooses by LINUX_VERSION_CODE).
 */
#include <linux/device.h>
#include <linux/err.h>
#include <linux/module.h>

static struct class *qdk_case_class;

static int __init qdk_case_init(void)
{
	qdk_case_class = class_create(THIS_MODULE, "qdk_case");
	return PTR_ERR_OR_ZERO(qdk_case_class);
}

static void __exit qdk_case_exit(void)
{
	class_destroy(qdk_case_class);
}

module_init(qdk_case_init);
module_exit(qdk_case_exit);
MODULE_LICENSE("GPL");
