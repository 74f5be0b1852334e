// SPDX-License-Identifier: GPL-2.0
/*
 * misc.c - the misc character devices a module registers (linux/miscdevice.h),
 * as drivers/char/misc.c has them: major 10 (MISC_MAJOR) is the misc core's,
 * registered at the first misc_register(); each device is a device of the
 * class "misc" (/sys/class/misc/NAME) and the node /dev/NAME of its minor.
 * An open reaches misc_open(), which finds the device by minor, sets
 * file->private_data to the miscdevice and the file's ops to its fops, then
 * calls their open, as the kernel's does. A device asking for
 * MISC_DYNAMIC_MINOR gets a free minor (the highest, from 254 down); a fixed
 * minor or a name already registered is refused with -EBUSY.
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/miscdevice.h>
#include <linux/string.h>

#include "../api/qdk_api.h"

#define MISC_DYNAMIC_FIRST 254

static LIST_HEAD(misc_list);
static struct class *misc_class;

struct miscdevice *qdk_misc_find(const char *name)
{
	struct miscdevice *m;

	list_for_each_entry(m, &misc_list, list)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

static struct miscdevice *misc_by_minor(int minor)
{
	struct miscdevice *m;

	list_for_each_entry(m, &misc_list, list)
		if (m->minor == minor)
			return m;
	return NULL;
}

static int misc_open(struct inode *inode, struct file *file)
{
	struct miscdevice *m = misc_by_minor(iminor(inode));

	if (!m || !m->fops)
		return -ENODEV;
	file->private_data = m;
	file->f_op = m->fops;
	return m->fops->open ? m->fops->open(inode, file) : 0;
}

static const struct file_operations misc_fops = {
	.open	= misc_open,
};

/* the misc core's major and class, as misc_init() makes them at boot */
static int misc_core(void)
{
	int err;

	if (misc_class)
		return 0;
	err = register_chrdev(MISC_MAJOR, "misc", &misc_fops);
	if (err)
		return err;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	misc_class = class_create("misc");
#else
	misc_class = class_create(THIS_MODULE, "misc");
#endif
	if (IS_ERR(misc_class)) {
		err = PTR_ERR(misc_class);
		misc_class = NULL;
		unregister_chrdev(MISC_MAJOR, "misc");
	}
	return err;
}

int misc_register(struct miscdevice *misc)
{
	struct device *dev;
	int err;

	if (!misc->name || !misc->fops)
		return -EINVAL;
	err = misc_core();
	if (err)
		return err;
	if (qdk_misc_find(misc->name))
		return -EBUSY;
	if (misc->minor == MISC_DYNAMIC_MINOR) {
		int minor = MISC_DYNAMIC_FIRST;

		while (minor >= 0 && misc_by_minor(minor))
			minor--;
		if (minor < 0)
			return -EBUSY;
		misc->minor = minor;
	} else if (misc_by_minor(misc->minor)) {
		return -EBUSY;
	}
	/* the device's sysfs attributes come from misc->groups, as misc_register() */
	dev = device_create_with_groups(misc_class, misc->parent,
					MKDEV(MISC_MAJOR, misc->minor), misc, misc->groups,
					"%s", misc->name);
	if (IS_ERR(dev))
		return PTR_ERR(dev);
	misc->this_device = dev;
	list_add_tail(&misc->list, &misc_list);
	return 0;
}

void misc_deregister(struct miscdevice *misc)
{
	list_del(&misc->list);
	device_destroy(misc_class, MKDEV(MISC_MAJOR, misc->minor));
	misc->this_device = NULL;
}

/* the misc core goes with the modules (qdk_exit()) */
void qdk_misc_reset(void)
{
	if (!misc_class)
		return;
	class_destroy(misc_class);
	misc_class = NULL;
	unregister_chrdev(MISC_MAJOR, "misc");
}
