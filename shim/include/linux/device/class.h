/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Device classes (shim/lib/device.c). class_create() lost its owner
 * argument in 6.4 (the kit's 6.12 and 7.x); classes and the devices in them
 * are const there. A class is /sys/class/NAME; two of one name: -EEXIST.
 */
#ifndef _LINUX_DEVICE_CLASS_H_
#define _LINUX_DEVICE_CLASS_H_

#include <linux/err.h>
#include <linux/list.h>
#include <linux/types.h>
#include <linux/version.h>

struct device;
struct module;

struct class {
	const char *name;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	char *(*devnode)(const struct device *dev, umode_t *mode);
	void (*class_release)(const struct class *class);
#else
	char *(*devnode)(struct device *dev, umode_t *mode);
	void (*class_release)(struct class *class);
#endif
	void (*dev_release)(struct device *dev);
	struct list_head __qdk_list;	/* the shim's classes */
	bool __qdk_created;		/* by class_create(): class_destroy() frees it */
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int __must_check class_register(const struct class *class);
void class_unregister(const struct class *class);
struct class * __must_check class_create(const char *name);
void class_destroy(const struct class *cls);
#else
int __must_check class_register(struct class *class);
void class_unregister(struct class *class);
struct class * __must_check __qdk_class_create(const char *name);
#define class_create(owner, name)	({ (void)(owner); __qdk_class_create(name); })
void class_destroy(struct class *cls);
#endif

#endif
