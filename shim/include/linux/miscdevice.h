/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Misc character devices (shim/lib/misc.c): misc_register() gives a
 * MISC_DYNAMIC_MINOR device a free minor and makes it a device of the class
 * "misc" with the node /dev/NAME (two devices of one name or minor:
 * -EBUSY); an open sets file->private_data to the miscdevice, as the
 * kernel's misc_open() does. misc_deregister() removes it.
 * qdk_misc_find() gives the harness a device by name.
 */
#ifndef _LINUX_MISCDEVICE_H
#define _LINUX_MISCDEVICE_H

#include <linux/fs.h>
#include <linux/list.h>
#include <linux/major.h>	/* MISC_MAJOR (uapi) */
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


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/device.h>
#endif
