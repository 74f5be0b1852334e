/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Devices in classes and their sysfs attributes (shim/lib/device.c), with
 * the kernel's life cycle: device_initialize() (one reference),
 * device_add() (sysfs directory /sys/class/CLASS/NAME, the class's and the
 * device's attribute groups, and for a device number the node /dev/NAME,
 * what udev would make), device_del(), get_device()/put_device(), the last
 * put calling the device's (or its class's) release after the devm_
 * resources are released; device_create*() and device_destroy() on top.
 * An open of /dev/NAME reaches the cdev added for the number (linux/cdev.h)
 * or fails with -ENXIO. An attribute file's read calls show() with a
 * PAGE_SIZE buffer, a write calls store() with the bytes written
 * (NUL-terminated), as sysfs does. No buses, drivers or power management.
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/compiler.h>
#include <linux/dev_printk.h>
#include <linux/device/class.h>
#include <linux/err.h>
#include <linux/gfp_types.h>
#include <linux/kdev_t.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/stringify.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <linux/version.h>

struct device_type;

struct device {
	struct kobject kobj;
	struct device *parent;
	const char *init_name;
	const struct device_type *type;
	void *platform_data;
	void *driver_data;
	struct mutex mutex;		/* device_lock() */
	dev_t devt;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	const struct class *class;
#else
	struct class *class;
#endif
	const struct attribute_group **groups;
	void (*release)(struct device *dev);
	char __qdk_name[64];
	struct list_head __qdk_list;	/* the shim's registered devices */
	struct list_head __qdk_attrs;	/* its attribute files */
	struct list_head __qdk_devres;	/* its devm_ resources, newest first */
};

struct device_type {
	const char *name;
	const struct attribute_group **groups;
	void (*release)(struct device *dev);
};

struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr, char *buf);
	ssize_t (*store)(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count);
};

/* an attribute over a variable: DEVICE_INT_ATTR() ... */
struct dev_ext_attribute {
	struct device_attribute attr;
	void *var;
};

ssize_t device_show_ulong(struct device *dev, struct device_attribute *attr, char *buf);
ssize_t device_store_ulong(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count);
ssize_t device_show_int(struct device *dev, struct device_attribute *attr, char *buf);
ssize_t device_store_int(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count);
ssize_t device_show_bool(struct device *dev, struct device_attribute *attr, char *buf);
ssize_t device_store_bool(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count);

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DEVICE_ATTR_PREALLOC(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR_PREALLOC(_name, _mode, _show, _store)
#define DEVICE_ATTR_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW(_name)
#define DEVICE_ATTR_ADMIN_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW_MODE(_name, 0600)
#define DEVICE_ATTR_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO(_name)
#define DEVICE_ATTR_ADMIN_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO_MODE(_name, 0400)
#define DEVICE_ATTR_WO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_WO(_name)
#define DEVICE_ULONG_ATTR(_name, _mode, _var) \
	struct dev_ext_attribute dev_attr_##_name = \
		{ __ATTR(_name, _mode, device_show_ulong, device_store_ulong), &(_var) }
#define DEVICE_INT_ATTR(_name, _mode, _var) \
	struct dev_ext_attribute dev_attr_##_name = \
		{ __ATTR(_name, _mode, device_show_int, device_store_int), &(_var) }
#define DEVICE_BOOL_ATTR(_name, _mode, _var) \
	struct dev_ext_attribute dev_attr_##_name = \
		{ __ATTR(_name, _mode, device_show_bool, device_store_bool), &(_var) }
#define DEVICE_ATTR_IGNORE_LOCKDEP(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)

/* the name given at creation until device_add() has taken it, then the kobject's */
static inline const char *dev_name(const struct device *dev)
{
	if (dev->init_name)
		return dev->init_name;
	return kobject_name(&dev->kobj);
}

__printf(2, 3) int dev_set_name(struct device *dev, const char *name, ...);

static inline struct device *kobj_to_dev(struct kobject *kobj)
{
	return container_of(kobj, struct device, kobj);
}

static inline const char *dev_bus_name(const struct device *dev)
{
	return dev->class ? dev->class->name : "";
}

/* the driver's name, else the bus's, else the class's: here the class's */
const char *dev_driver_string(const struct device *dev);

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

static inline void *dev_get_platdata(const struct device *dev)
{
	return dev->platform_data;
}

static inline void device_lock(struct device *dev)
{
	mutex_lock(&dev->mutex);
}

static inline int device_lock_interruptible(struct device *dev)
{
	return mutex_lock_interruptible(&dev->mutex);
}

static inline int device_trylock(struct device *dev)
{
	return mutex_trylock(&dev->mutex);
}

static inline void device_unlock(struct device *dev)
{
	mutex_unlock(&dev->mutex);
}

static inline void device_lock_assert(struct device *dev)
{
	lockdep_assert_held(&dev->mutex);
}

static inline bool device_is_registered(struct device *dev)
{
	return dev->kobj.state_in_sysfs;
}

void device_initialize(struct device *dev);
int __must_check device_add(struct device *dev);
int __must_check device_register(struct device *dev);
void device_del(struct device *dev);
void device_unregister(struct device *dev);
struct device *get_device(struct device *dev);
void put_device(struct device *dev);

int __must_check device_create_file(struct device *dev, const struct device_attribute *attr);
void device_remove_file(struct device *dev, const struct device_attribute *attr);
int __must_check device_add_groups(struct device *dev, const struct attribute_group **groups);
void device_remove_groups(struct device *dev, const struct attribute_group **groups);

static inline int __must_check device_add_group(struct device *dev,
						const struct attribute_group *grp)
{
	const struct attribute_group *groups[] = { grp, NULL };

	return device_add_groups(dev, groups);
}

static inline void device_remove_group(struct device *dev, const struct attribute_group *grp)
{
	const struct attribute_group *groups[] = { grp, NULL };

	device_remove_groups(dev, groups);
}

/* the children: devices whose parent dev is, in the order they were added */
int device_for_each_child(struct device *dev, void *data,
			  int (*fn)(struct device *dev, void *data));
struct device *device_find_child(struct device *dev, void *data,
				 int (*match)(struct device *dev, void *data));
struct device *device_find_child_by_name(struct device *parent, const char *name);

__printf(5, 6) struct device *
device_create(__QDK_CLASS_CONST struct class *cls, struct device *parent, dev_t devt,
	      void *drvdata, const char *fmt, ...);
__printf(6, 7) struct device *
device_create_with_groups(__QDK_CLASS_CONST struct class *cls, struct device *parent,
			  dev_t devt, void *drvdata, const struct attribute_group **groups,
			  const char *fmt, ...);
void device_destroy(__QDK_CLASS_CONST struct class *cls, dev_t devt);

/* managed resources: released, newest first, when the device is released */
typedef void (*dr_release_t)(struct device *dev, void *res);
typedef int (*dr_match_t)(struct device *dev, void *res, void *match_data);

void * __malloc devm_kmalloc(struct device *dev, size_t size, gfp_t gfp);
void devm_kfree(struct device *dev, const void *p);
__printf(3, 4) char *devm_kasprintf(struct device *dev, gfp_t gfp, const char *fmt, ...);
char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp);
void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp);

static inline void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return devm_kmalloc(dev, size, gfp | __GFP_ZERO);
}

static inline void *devm_kmalloc_array(struct device *dev, size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(n, size, &bytes)))
		return NULL;
	return devm_kmalloc(dev, bytes, flags);
}

static inline void *devm_kcalloc(struct device *dev, size_t n, size_t size, gfp_t flags)
{
	return devm_kmalloc_array(dev, n, size, flags | __GFP_ZERO);
}

int devm_add_action(struct device *dev, void (*action)(void *), void *data);
void devm_remove_action(struct device *dev, void (*action)(void *), void *data);
void devm_release_action(struct device *dev, void (*action)(void *), void *data);

/* the action now when it cannot be added */
static inline int devm_add_action_or_reset(struct device *dev, void (*action)(void *),
					   void *data)
{
	int ret = devm_add_action(dev, action, data);

	if (ret)
		action(data);
	return ret;
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/atomic.h>
#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/cleanup.h>
#endif
