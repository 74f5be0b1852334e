/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Device classes (shim/lib/class.c). A class is /sys/class/NAME (two of
 * one name: -EEXIST), its attributes /sys/class/NAME/ATTR. 6.1's
 * class_create(owner, name) and class_register() are the kernel's macros
 * around __class_create()/__class_register() with a lock class key; 6.4
 * dropped the owner and made classes const (the kit's 6.12 and 7.x).
 */
#ifndef _LINUX_DEVICE_CLASS_H_
#define _LINUX_DEVICE_CLASS_H_

#include <linux/err.h>
#include <linux/list.h>
#include <linux/lockdep_types.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <linux/version.h>

struct device;
struct module;
struct kobject;
struct attribute_group;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __QDK_CLASS_CONST const
#else
#define __QDK_CLASS_CONST
#endif

struct class {
	const char *name;
	const struct attribute_group	**class_groups;
	const struct attribute_group	**dev_groups;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	char *(*devnode)(const struct device *dev, umode_t *mode);
	void (*class_release)(const struct class *class);
#else
	struct module *owner;
	char *(*devnode)(struct device *dev, umode_t *mode);
	void (*class_release)(struct class *class);
#endif
	void (*dev_release)(struct device *dev);
	struct list_head __qdk_list;	/* the shim's classes */
	bool __qdk_created;		/* by class_create(): class_destroy() frees it */
};

/* a walk over the class's devices, in the order they were added */
struct class_dev_iter {
	__QDK_CLASS_CONST struct class	*class;
	struct device			*next;	/* the shim's cursor */
	bool				started;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int __must_check class_register(const struct class *class);
void class_unregister(const struct class *class);
struct class * __must_check class_create(const char *name);
void class_destroy(const struct class *cls);
#else
int __must_check __class_register(struct class *class, struct lock_class_key *key);
void class_unregister(struct class *class);
struct class * __must_check __class_create(struct module *owner, const char *name,
					   struct lock_class_key *key);
void class_destroy(struct class *cls);

#define class_register(class)					\
({								\
	static struct lock_class_key __key;			\
	__class_register(class, &__key);			\
})

#define class_create(owner, name)				\
({								\
	static struct lock_class_key __key;			\
	__class_create(owner, name, &__key);			\
})
#endif

void class_dev_iter_init(struct class_dev_iter *iter, __QDK_CLASS_CONST struct class *class,
			 __QDK_CLASS_CONST struct device *start, const void *type);
struct device *class_dev_iter_next(struct class_dev_iter *iter);
void class_dev_iter_exit(struct class_dev_iter *iter);

int class_for_each_device(__QDK_CLASS_CONST struct class *class,
			  __QDK_CLASS_CONST struct device *start, void *data,
			  int (*fn)(struct device *dev, void *data));
/* the first device match() accepts, with a reference (put_device() it) */
struct device *class_find_device(__QDK_CLASS_CONST struct class *class,
				 __QDK_CLASS_CONST struct device *start, const void *data,
				 int (*match)(struct device *, const void *));

int device_match_name(struct device *dev, const void *name);
int device_match_devt(struct device *dev, const void *pdevt);
int device_match_any(struct device *dev, const void *unused);

static inline struct device *class_find_device_by_name(__QDK_CLASS_CONST struct class *class,
							const char *name)
{
	return class_find_device(class, NULL, name, device_match_name);
}

static inline struct device *class_find_device_by_devt(__QDK_CLASS_CONST struct class *class,
							dev_t devt)
{
	return class_find_device(class, NULL, &devt, device_match_devt);
}

/*
 * A class interface: add_dev() for each device of the class, those there
 * at registration and those added later, remove_dev() as each goes (and
 * for each at unregistration).
 */
struct class_interface {
	struct list_head	node;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	const struct class	*class;

	int (*add_dev)(struct device *dev);
	void (*remove_dev)(struct device *dev);
#else
	struct class		*class;

	int (*add_dev)(struct device *, struct class_interface *);
	void (*remove_dev)(struct device *, struct class_interface *);
#endif
};

int __must_check class_interface_register(struct class_interface *);
void class_interface_unregister(struct class_interface *);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool class_is_registered(const struct class *class);
#endif

/* firmware nodes: no device has one here (no OF, ACPI or swnodes) */
struct device_node;
struct fwnode_handle;
struct acpi_device;

static inline int __qdk_device_match_none(struct device *dev, const void *unused)
{
	return 0;
}

static inline struct device *
class_find_device_by_of_node(__QDK_CLASS_CONST struct class *class, const struct device_node *np)
{
	return class_find_device(class, NULL, np, __qdk_device_match_none);
}

static inline struct device *
class_find_device_by_fwnode(__QDK_CLASS_CONST struct class *class,
			    const struct fwnode_handle *fwnode)
{
	return class_find_device(class, NULL, fwnode, __qdk_device_match_none);
}

static inline struct device *
class_find_device_by_acpi_dev(__QDK_CLASS_CONST struct class *class, const struct acpi_device *adev)
{
	return class_find_device(class, NULL, adev, __qdk_device_match_none);
}

/* class attributes: /sys/class/NAME/ATTR */
struct class_attribute {
	struct attribute attr;
	ssize_t (*show)(__QDK_CLASS_CONST struct class *class,
			__QDK_CLASS_CONST struct class_attribute *attr, char *buf);
	ssize_t (*store)(__QDK_CLASS_CONST struct class *class,
			 __QDK_CLASS_CONST struct class_attribute *attr, const char *buf,
			 size_t count);
};

#define CLASS_ATTR_RW(_name) \
	struct class_attribute class_attr_##_name = __ATTR_RW(_name)
#define CLASS_ATTR_RO(_name) \
	struct class_attribute class_attr_##_name = __ATTR_RO(_name)
#define CLASS_ATTR_WO(_name) \
	struct class_attribute class_attr_##_name = __ATTR_WO(_name)

int __must_check class_create_file_ns(__QDK_CLASS_CONST struct class *class,
				      const struct class_attribute *attr, const void *ns);
void class_remove_file_ns(__QDK_CLASS_CONST struct class *class,
			  const struct class_attribute *attr, const void *ns);

static inline int __must_check class_create_file(__QDK_CLASS_CONST struct class *class,
						 const struct class_attribute *attr)
{
	return class_create_file_ns(class, attr, NULL);
}

static inline void class_remove_file(__QDK_CLASS_CONST struct class *class,
				     const struct class_attribute *attr)
{
	class_remove_file_ns(class, attr, NULL);
}

/* a class attribute whose file is a fixed string */
struct class_attribute_string {
	struct class_attribute attr;
	char *str;
};

ssize_t show_class_attr_string(__QDK_CLASS_CONST struct class *class,
			       __QDK_CLASS_CONST struct class_attribute *attr, char *buf);

#define _CLASS_ATTR_STRING(_name, _mode, _str) \
	{ __ATTR(_name, _mode, show_class_attr_string, NULL), _str }
#define CLASS_ATTR_STRING(_name, _mode, _str) \
	struct class_attribute_string class_attr_##_name = \
		_CLASS_ATTR_STRING(_name, _mode, _str)

/*
 * A directory /sys/class/NAME of links to devices, for a class a driver
 * moved away from (drivers/base/class.c): each link is named after the
 * device; before 6.13 device_link gets a "device" link to it too.
 */
struct class_compat;
struct class_compat *class_compat_register(const char *name);
void class_compat_unregister(struct class_compat *cls);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
int class_compat_create_link(struct class_compat *cls, struct device *dev,
			     struct device *device_link);
void class_compat_remove_link(struct class_compat *cls, struct device *dev,
			      struct device *device_link);
#else
int class_compat_create_link(struct class_compat *cls, struct device *dev);
void class_compat_remove_link(struct class_compat *cls, struct device *dev);
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/idr.h>
#include <linux/once.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/rculist.h>
#include <linux/srcu.h>
#include <linux/xarray.h>
#include <linux/kobject.h>
#endif
