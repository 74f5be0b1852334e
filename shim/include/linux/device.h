/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Devices in classes and their sysfs attributes (shim/lib/device.c).
 * device_create() makes /sys/class/CLASS/NAME and, with a device number,
 * the node /dev/NAME (what udev would make), whose open reaches the cdev
 * added for that number (linux/cdev.h) or fails with -ENXIO, as an open of
 * a node with no driver behind it does. device_create_file() adds
 * /sys/class/CLASS/NAME/ATTR: a read calls show() with a PAGE_SIZE buffer,
 * a write calls store() with the bytes written (NUL-terminated), as sysfs
 * does. 6.4 made the class pointers const (the kit's 6.12 and 7.x).
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/compiler.h>
#include <linux/device/class.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/list.h>
#include <linux/stringify.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <linux/version.h>

struct device {
	struct device *parent;
	const char *init_name;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	const struct class *class;
#else
	struct class *class;
#endif
	dev_t devt;
	void *driver_data;
	void (*release)(struct device *dev);
	char __qdk_name[64];
	struct list_head __qdk_list;	/* the shim's devices */
	struct list_head __qdk_attrs;	/* its attribute files */
};

struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr, char *buf);
	ssize_t (*store)(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count);
};

#define __ATTR(_name, _mode, _show, _store) {				\
	.attr = { .name = __stringify(_name), .mode = (_mode) },	\
	.show = _show,							\
	.store = _store,						\
}
#define __ATTR_RO(_name)	__ATTR(_name, 0444, _name##_show, NULL)
#define __ATTR_RO_MODE(_name, _mode) __ATTR(_name, _mode, _name##_show, NULL)
#define __ATTR_WO(_name)	__ATTR(_name, 0200, NULL, _name##_store)
#define __ATTR_RW(_name)	__ATTR(_name, 0644, _name##_show, _name##_store)

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DEVICE_ATTR_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW(_name)
#define DEVICE_ATTR_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO(_name)
#define DEVICE_ATTR_WO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_WO(_name)
#define DEVICE_ATTR_ADMIN_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW_MODE(_name, 0600)
#define __ATTR_RW_MODE(_name, _mode) __ATTR(_name, _mode, _name##_show, _name##_store)

static inline const char *dev_name(const struct device *dev)
{
	return dev->__qdk_name;
}

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

int __must_check device_create_file(struct device *dev, const struct device_attribute *attr);
void device_remove_file(struct device *dev, const struct device_attribute *attr);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
__printf(5, 6) struct device *
device_create(const struct class *cls, struct device *parent, dev_t devt, void *drvdata,
	      const char *fmt, ...);
void device_destroy(const struct class *cls, dev_t devt);
#else
__printf(5, 6) struct device *
device_create(struct class *cls, struct device *parent, dev_t devt, void *drvdata,
	      const char *fmt, ...);
void device_destroy(struct class *cls, dev_t devt);
#endif

#endif
