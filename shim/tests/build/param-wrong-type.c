// SPDX-License-Identifier: GPL-2.0
// qdk-build: fails incompatible pointer type|initialization of .* from incompatible pointer type|returning .* from a function with incompatible return type
/* A string declared an int parameter: param_check_int() stops the build. */
#include <linux/module.h>
#include <linux/moduleparam.h>

static char *qdk_case_name;
module_param(qdk_case_name, int, 0444);
MODULE_LICENSE("GPL");
