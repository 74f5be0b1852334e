// SPDX-License-Identifier: GPL-2.0
// qdk-build: fails (negative width in bit-field|static assertion failed)
/* A parameter others may write: VERIFY_OCTAL_PERMISSIONS() stops the build. */
#include <linux/module.h>
#include <linux/moduleparam.h>

static int qdk_case_knob;
module_param(qdk_case_knob, int, 0666);
MODULE_LICENSE("GPL");
