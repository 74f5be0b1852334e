// SPDX-License-Identifier: GPL-2.0
/*
 * class.c - device classes (the kernel's drivers/base/class.c): a class
 * is /sys/class/NAME with its attribute files; iterating a class's devices,
 * class interfaces (told of each device of their class as it comes and
 * goes) and the compatibility directories (class_compat).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>

#include "kobject_tree.h"

static LIST_HEAD(classes);
static LIST_HEAD(class_attrs);

static void class_dir(QDK_CLASS *cls, char *buf, size_t len)
{
	snprintf(buf, len, "/sys/class/%s", cls->name);
}

/* ---- classes ---------------------------------------------------------------- */

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
int class_register(const struct class *ccls)
#else
int __class_register(struct class *ccls, struct lock_class_key *key)
#endif
{
	struct class *cls = (struct class *)ccls;
	const struct qdk_node dir = { .dir = true, .owner = cls };
	struct qdk_node *n;

	n = qdk_node_add("/sys/class", cls->name, &dir);
	if (IS_ERR(n))
		return PTR_ERR(n);
	list_add_tail(&cls->__qdk_list, &classes);
	return 0;
}

void class_unregister(QDK_CLASS *ccls)
{
	struct class *cls = (struct class *)ccls;
	struct attr_file *af, *tmp;
	char path[160];
	struct qdk_node *n;

	list_for_each_entry_safe(af, tmp, &class_attrs, list)
		if (af->cls == ccls)
			qdk_attr_file_free(af);
	class_dir(cls, path, sizeof(path));
	n = qdk_node_lookup(path);
	if (n)
		qdk_node_remove(n);
	list_del(&cls->__qdk_list);
	if (cls->class_release)
		cls->class_release(cls);
}

static void class_create_release(QDK_CLASS *cls)
{
	kfree(cls);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct class *class_create(const char *name)
#else
struct class *__class_create(struct module *owner, const char *name, struct lock_class_key *key)
#endif
{
	struct class *cls = kzalloc(sizeof(*cls), GFP_KERNEL);
	int err;

	if (!cls)
		return ERR_PTR(-ENOMEM);
	cls->name = name;
	cls->class_release = class_create_release;
	cls->__qdk_created = true;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	err = class_register(cls);
#else
	cls->owner = owner;
	err = __class_register(cls, key);
#endif
	if (err) {
		kfree(cls);
		return ERR_PTR(err);
	}
	return cls;
}

void class_destroy(QDK_CLASS *cls)
{
	if (IS_ERR_OR_NULL(cls))
		return;
	class_unregister(cls);
}

int class_create_file_ns(QDK_CLASS *cls, const struct class_attribute *attr, const void *ns)
{
	struct attr_file *af;
	char dir[160];

	if (!cls)
		return -EINVAL;
	af = kzalloc(sizeof(*af), GFP_KERNEL);
	if (!af)
		return -ENOMEM;
	af->cls = cls;
	af->attr = &attr->attr;
	class_dir(cls, dir, sizeof(dir));
	return qdk_attr_file_add(af, dir, attr->attr.mode, &class_attrs);
}

void class_remove_file_ns(QDK_CLASS *cls, const struct class_attribute *attr, const void *ns)
{
	struct attr_file *af;

	list_for_each_entry(af, &class_attrs, list)
		if (af->cls == cls && af->attr == &attr->attr) {
			qdk_attr_file_free(af);
			return;
		}
}

ssize_t show_class_attr_string(QDK_CLASS *class, __QDK_CLASS_CONST struct class_attribute *attr,
			       char *buf)
{
	const struct class_attribute_string *cs =
		container_of(attr, struct class_attribute_string, attr);

	return sysfs_emit(buf, "%s\n", cs->str);
}

/* the next registered device of cls after pos (NULL: from the start) */
static struct device *class_next(QDK_CLASS *cls, struct device *pos)
{
	struct list_head *l = pos ? pos->__qdk_list.next : qdk_devices.next;

	for (; l != &qdk_devices; l = l->next) {
		struct device *dev = list_entry(l, struct device, __qdk_list);

		if (dev->class == cls)
			return dev;
	}
	return NULL;
}

void class_dev_iter_init(struct class_dev_iter *iter, QDK_CLASS *class,
			 __QDK_CLASS_CONST struct device *start, const void *type)
{
	iter->class = class;
	iter->next = class_next(class, (struct device *)start);
	iter->started = true;
}

/* the cursor is one ahead, so the device returned may go away meanwhile */
struct device *class_dev_iter_next(struct class_dev_iter *iter)
{
	struct device *dev = iter->next;

	if (dev)
		iter->next = class_next(iter->class, dev);
	return dev;
}

void class_dev_iter_exit(struct class_dev_iter *iter)
{
	iter->next = NULL;
}

int class_for_each_device(QDK_CLASS *class, __QDK_CLASS_CONST struct device *start, void *data,
			  int (*fn)(struct device *dev, void *data))
{
	struct class_dev_iter iter;
	struct device *dev;
	int err = 0;

	if (!class)
		return -EINVAL;
	class_dev_iter_init(&iter, class, start, NULL);
	while ((dev = class_dev_iter_next(&iter))) {
		err = fn(dev, data);
		if (err)
			break;
	}
	class_dev_iter_exit(&iter);
	return err;
}

struct device *class_find_device(QDK_CLASS *class, __QDK_CLASS_CONST struct device *start,
				 const void *data, int (*match)(struct device *, const void *))
{
	struct class_dev_iter iter;
	struct device *dev;

	if (!class)
		return NULL;
	class_dev_iter_init(&iter, class, start, NULL);
	while ((dev = class_dev_iter_next(&iter)))
		if (match(dev, data)) {
			get_device(dev);
			break;
		}
	class_dev_iter_exit(&iter);
	return dev;
}

/* ---- class interfaces ----------------------------------------------------- */

static LIST_HEAD(class_interfaces);

static int class_intf_add(struct class_interface *intf, struct device *dev)
{
	if (!intf->add_dev)
		return 0;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return intf->add_dev(dev);
#else
	return intf->add_dev(dev, intf);
#endif
}

static void class_intf_remove(struct class_interface *intf, struct device *dev)
{
	if (!intf->remove_dev)
		return;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	intf->remove_dev(dev);
#else
	intf->remove_dev(dev, intf);
#endif
}

/* a device of a class with interfaces joins or leaves them (device_add/del) */
void qdk_class_intfs_add_dev(struct device *dev)
{
	struct class_interface *intf;

	list_for_each_entry(intf, &class_interfaces, node)
		if (dev->class && intf->class == dev->class)
			class_intf_add(intf, dev);
}

void qdk_class_intfs_remove_dev(struct device *dev)
{
	struct class_interface *intf;

	list_for_each_entry(intf, &class_interfaces, node)
		if (dev->class && intf->class == dev->class)
			class_intf_remove(intf, dev);
}

int class_interface_register(struct class_interface *class_intf)
{
	struct device *dev;

	if (!class_intf || !class_intf->class)
		return -ENODEV;
	list_add_tail(&class_intf->node, &class_interfaces);
	/* add_dev()'s result is ignored, as the kernel's loop ignores it */
	list_for_each_entry(dev, &qdk_devices, __qdk_list)
		if (dev->class == class_intf->class)
			class_intf_add(class_intf, dev);
	return 0;
}

void class_interface_unregister(struct class_interface *class_intf)
{
	struct device *dev;

	if (!class_intf || !class_intf->class)
		return;
	list_del_init(&class_intf->node);
	list_for_each_entry(dev, &qdk_devices, __qdk_list)
		if (dev->class == class_intf->class)
			class_intf_remove(class_intf, dev);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool class_is_registered(const struct class *class)
{
	struct class *cls;

	list_for_each_entry(cls, &classes, __qdk_list)
		if (cls == class)
			return true;
	return false;
}
#endif

/* ---- compatibility class directories -------------------------------------- */

struct class_compat {
	struct kobject *kobj;
};

/* /sys/class as a kobject, the parent of the compat directories */
static struct kobject class_dir_kobj = {
	.name = "class", .kref = KREF_INIT(1), .state_initialized = 1, .state_in_sysfs = 1,
};

struct class_compat *class_compat_register(const char *name)
{
	struct class_compat *cls = kmalloc(sizeof(*cls), GFP_KERNEL);

	if (!cls)
		return NULL;
	cls->kobj = kobject_create_and_add(name, &class_dir_kobj);
	if (!cls->kobj) {
		kfree(cls);
		return NULL;
	}
	return cls;
}
EXPORT_SYMBOL_GPL(class_compat_register);

void class_compat_unregister(struct class_compat *cls)
{
	kobject_put(cls->kobj);
	kfree(cls);
}
EXPORT_SYMBOL_GPL(class_compat_unregister);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
int class_compat_create_link(struct class_compat *cls, struct device *dev,
			     struct device *device_link)
#else
int class_compat_create_link(struct class_compat *cls, struct device *dev)
#endif
{
	int err = sysfs_create_link(cls->kobj, &dev->kobj, dev_name(dev));

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	if (!err && device_link) {
		err = sysfs_create_link(&dev->kobj, &device_link->kobj, "device");
		if (err)
			sysfs_remove_link(cls->kobj, dev_name(dev));
	}
#endif
	return err;
}
EXPORT_SYMBOL_GPL(class_compat_create_link);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
void class_compat_remove_link(struct class_compat *cls, struct device *dev,
			      struct device *device_link)
#else
void class_compat_remove_link(struct class_compat *cls, struct device *dev)
#endif
{
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	if (device_link)
		sysfs_remove_link(&dev->kobj, "device");
#endif
	sysfs_remove_link(cls->kobj, dev_name(dev));
}
EXPORT_SYMBOL_GPL(class_compat_remove_link);
