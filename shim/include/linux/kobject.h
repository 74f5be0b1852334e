/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kobject of a device: its name, parent and reference count. The shim
 * has kobjects only inside struct device (linux/device.h), where sysfs's
 * callbacks (an attribute group's is_visible()) find the device again with
 * kobj_to_dev(); kobject_create_and_add() and ksets are not there.
 */
#ifndef _KOBJECT_H_
#define _KOBJECT_H_

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/types.h>

struct kobject {
	const char		*name;
	struct list_head	entry;
	struct kobject		*parent;
	struct kref		kref;
	unsigned int		state_initialized:1;
	unsigned int		state_in_sysfs:1;
	unsigned int		state_add_uevent_sent:1;
	unsigned int		state_remove_uevent_sent:1;
	unsigned int		uevent_suppress:1;
};

static inline const char *kobject_name(const struct kobject *kobj)
{
	return kobj->name;
}

#endif
