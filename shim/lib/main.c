// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - what modules read of the kernel's init/main.c: the boot
 * command line's reset_devices (the shim's "boot" never sets it).
 */
#include <linux/init.h>
#include <linux/export.h>

unsigned int reset_devices;
EXPORT_SYMBOL(reset_devices);
