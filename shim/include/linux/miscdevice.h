/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Misc character devices. misc_register() gives a MISC_DYNAMIC_MINOR
 * device a free minor and keeps it in the shim's list of devices (by name:
 * two devices of one name are refused with -EBUSY, as the kernel refuses
 * a second one of a minor or name); misc_deregister() removes it.
 * qdk_misc_find() gives the harness a device's file_operations.
 */
#ifndef _LINUX_MISCDEVICE_H
#define _LINUX_MISCDEVICE_H

#include <linux/fs.h>
#include <linux/list.h>
#include <linux/types.h>

#define MISC_DYNAMIC_MINOR 255

struct device;

struct miscdevice {
	int minor;
	const char *name;
	const struct file_operations *fops;
	struct list_head list;
	struct device *parent;
	struct device *this_device;
	const char *nodename;
	umode_t mode;
};

int misc_register(struct miscdevice *misc);
void misc_deregister(struct miscdevice *misc);
struct miscdevice *qdk_misc_find(const char *name);

#endif
