// SPDX-License-Identifier: GPL-2.0
// qdk-build: compiles
/*
 * A u16 declared short: the pointers differ only in sign, which kbuild's
 * -Wno-pointer-sign lets through, so the kernel builds it (a public
 * out-of-tree qdisc does this).
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

static u16 qdk_case_port = 5000;
module_param(qdk_case_port, short, 0444);
MODULE_LICENSE("GPL");
