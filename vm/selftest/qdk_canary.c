// SPDX-License-Identifier: GPL-2.0
/*
 * qdk_canary - a module that misbehaves on purpose: it WARNs when loaded.
 * tests/suites/72-modules boots it once to prove that the VM checks
 * (dmesg scan, taint bits) catch a real kernel warning; a check that
 * never fails proves nothing.
 */
#include <linux/module.h>
#include <linux/bug.h>

static int __init qdk_canary_init(void)
{
	WARN(1, "qdk_canary: deliberate warning for the VM self-test\n");
	return 0;
}

static void __exit qdk_canary_exit(void)
{
}

module_init(qdk_canary_init);
module_exit(qdk_canary_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("qdk VM self-test: WARNs on load");
