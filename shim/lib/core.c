// SPDX-License-Identifier: GPL-2.0
/*
 * core.c - devices (the kernel's drivers/base/core.c): a device has a
 * reference count (its kobject's kref); device_add() makes its directory
 * (/sys/class/CLASS/NAME; a device without a class goes under its parent's,
 * or /sys/devices), its attribute groups (the class's dev_groups, the
 * type's, its own) and, for a device number, the character device node
 * /dev/NAME, as udev would on the uevent; device_del() takes them away and
 * the last put_device() releases the devm_ resources, newest first, then
 * calls the device's release (or its type's, or its class's dev_release).
 * Also here as in core.c: device attribute files, the attributes over
 * variables (DEVICE_ULONG_ATTR ...), devm_ attribute groups, dev_printk,
 * dev_err_probe(), renames and root devices; device_is_bound() (the
 * kernel's drivers/base/dd.c: no shim device has a driver) too.
 *
 * Why one file past 800 lines: the kernel's core.c holds the same (a
 * device's life, its attribute files, dev_printk); the kobject tree under
 * it is kobject.c's and the sysfs files sysfs_*.c's, as in the kernel.
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

LIST_HEAD(qdk_devices);

/* the device's sysfs directory */
void qdk_device_dir(const struct device *dev, char *buf, size_t len)
{
	if (dev->class) {
		snprintf(buf, len, "/sys/class/%s/%s", dev->class->name, dev_name(dev));
	} else if (dev->parent) {
		char pdir[160];

		qdk_device_dir(dev->parent, pdir, sizeof(pdir));
		snprintf(buf, len, "%s/%s", pdir, dev_name(dev));
	} else {
		snprintf(buf, len, "/sys/devices/%s", dev_name(dev));
	}
}

int qdk_dev_attr_add(struct device *dev, const struct attribute *attr, umode_t mode,
		     const struct attribute_group *grp, const char *dir)
{
	struct attr_file *af = kzalloc(sizeof(*af), GFP_KERNEL);

	if (!af)
		return -ENOMEM;
	af->dev = dev;
	af->attr = attr;
	af->grp = grp;
	return qdk_attr_file_add(af, dir, mode, &dev->__qdk_attrs);
}

int device_create_file(struct device *dev, const struct device_attribute *attr)
{
	char dir[160];

	if (!dev)
		return -EINVAL;
	WARN(((attr->attr.mode & 0222) && !attr->store) ||
	     ((attr->attr.mode & 0444) && !attr->show),
	     "Attribute %s: %s permission without a handler\n", attr->attr.name,
	     attr->attr.mode & 0222 ? "write" : "read");
	qdk_device_dir(dev, dir, sizeof(dir));
	return qdk_dev_attr_add(dev, &attr->attr, attr->attr.mode, NULL, dir);
}

void device_remove_file(struct device *dev, const struct device_attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, &dev->__qdk_attrs, list)
		if (af->attr == &attr->attr && !af->grp) {
			qdk_attr_file_free(af);
			return;
		}
}

static const struct kobj_type device_ktype;

bool qdk_is_device_kobj(const struct kobject *kobj)
{
	return kobj->ktype == &device_ktype;
}

int device_add_groups(struct device *dev, const struct attribute_group **groups)
{
	return sysfs_create_groups(&dev->kobj, groups);
}

void device_remove_groups(struct device *dev, const struct attribute_group **groups)
{
	sysfs_remove_groups(&dev->kobj, groups);
}

int device_create_bin_file(struct device *dev, const struct bin_attribute *attr)
{
	return dev ? sysfs_create_bin_file(&dev->kobj, attr) : -EINVAL;
}

void device_remove_bin_file(struct device *dev, const struct bin_attribute *attr)
{
	if (dev)
		sysfs_remove_bin_file(&dev->kobj, attr);
}

int device_match_name(struct device *dev, const void *name)
{
	return sysfs_streq(dev_name(dev), name);
}

int device_match_devt(struct device *dev, const void *pdevt)
{
	return dev->devt == *(const dev_t *)pdevt;
}

int device_match_any(struct device *dev, const void *unused)
{
	return 1;
}

/* ---- devices ---------------------------------------------------------------- */

const char *dev_driver_string(const struct device *dev)
{
	return dev_bus_name(dev);
}

int dev_set_name(struct device *dev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(dev->__qdk_name, sizeof(dev->__qdk_name), fmt, ap);
	va_end(ap);
	dev->kobj.name = dev->__qdk_name;
	return 0;
}

static void device_release(struct kobject *kobj);

/* a device's attribute files: device_attribute's show() and store() */
static ssize_t dev_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct device_attribute *da = container_of(attr, struct device_attribute, attr);

	return da->show ? da->show(kobj_to_dev(kobj), da, buf) : -EIO;
}

static ssize_t dev_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			      size_t count)
{
	struct device_attribute *da = container_of(attr, struct device_attribute, attr);

	return da->store ? da->store(kobj_to_dev(kobj), da, buf, count) : -EIO;
}

static const struct sysfs_ops dev_sysfs_ops = {
	.show	= dev_attr_show,
	.store	= dev_attr_store,
};

static const struct kobj_type device_ktype = {
	.release	= device_release,
	.sysfs_ops	= &dev_sysfs_ops,
};

void device_initialize(struct device *dev)
{
	kref_init(&dev->kobj.kref);
	dev->kobj.state_initialized = 1;
	dev->kobj.ktype = &device_ktype;
	INIT_LIST_HEAD(&dev->kobj.entry);
	INIT_LIST_HEAD(&dev->__qdk_list);
	INIT_LIST_HEAD(&dev->__qdk_attrs);
	INIT_LIST_HEAD(&dev->__qdk_devres);
	INIT_LIST_HEAD(&dev->links.consumers);
	INIT_LIST_HEAD(&dev->links.suppliers);
	INIT_LIST_HEAD(&dev->links.defer_sync);
	dev->links.status = DL_DEV_NO_DRIVER;
	set_dev_node(dev, NUMA_NO_NODE);
	mutex_init(&dev->mutex);
}

struct device *get_device(struct device *dev)
{
	if (dev)
		kref_get(&dev->kobj.kref);
	return dev;
}

static void device_release(struct kobject *kobj)
{
	struct device *dev = container_of(kobj, struct device, kobj);

	qdk_devres_release_all(dev);
	if (dev->release)
		dev->release(dev);
	else if (dev->type && dev->type->release)
		dev->type->release(dev);
	else if (dev->class && dev->class->dev_release)
		dev->class->dev_release(dev);
	else
		WARN(1, "Device '%s' does not have a release() function, it is broken and must be fixed. See Documentation/core-api/kobject.rst.\n",
		     dev_name(dev));
}

void put_device(struct device *dev)
{
	if (dev)
		kobject_put(&dev->kobj);
}

static int device_add_all_groups(struct device *dev)
{
	int err = 0;

	if (dev->class)
		err = device_add_groups(dev, dev->class->dev_groups);
	if (!err && dev->type) {
		err = device_add_groups(dev, dev->type->groups);
		if (err && dev->class)
			device_remove_groups(dev, dev->class->dev_groups);
	}
	if (!err) {
		err = device_add_groups(dev, dev->groups);
		if (err) {
			if (dev->type)
				device_remove_groups(dev, dev->type->groups);
			if (dev->class)
				device_remove_groups(dev, dev->class->dev_groups);
		}
	}
	return err;
}

int device_add(struct device *dev)
{
	const struct qdk_node dirtmpl = { .dir = true };
	struct qdk_node chr = { .chr = true, .rdev = dev->devt, .mode = 0600 };
	struct qdk_node *dir, *node = NULL;
	char path[160];
	int err;

	if (!dev)
		return -EINVAL;
	if (dev->init_name) {
		dev_set_name(dev, "%s", dev->init_name);
		dev->init_name = NULL;
	}
	if (!dev_name(dev) || !*dev_name(dev))
		return -EINVAL;
	qdk_device_dir(dev, path, sizeof(path));
	*strrchr(path, '/') = '\0';
	dir = qdk_node_add(path, dev_name(dev), &dirtmpl);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	err = device_add_all_groups(dev);
	if (err)
		goto fail_dir;
	if (MAJOR(dev->devt)) {
		chr.owner = dev;
		node = qdk_node_add("/dev", dev_name(dev), &chr);
		if (IS_ERR(node)) {
			err = PTR_ERR(node);
			goto fail_groups;
		}
	}
	get_device(dev->parent);
	dev->kobj.parent = dev->parent ? &dev->parent->kobj : NULL;
	dev->kobj.state_in_sysfs = 1;
	list_add_tail(&dev->__qdk_list, &qdk_devices);
	qdk_class_intfs_add_dev(dev);
	return 0;

fail_groups:
	device_remove_groups(dev, dev->groups);
	if (dev->type)
		device_remove_groups(dev, dev->type->groups);
	if (dev->class)
		device_remove_groups(dev, dev->class->dev_groups);
fail_dir:
	qdk_node_remove(dir);
	return err;
}

int device_register(struct device *dev)
{
	device_initialize(dev);
	return device_add(dev);
}

void device_del(struct device *dev)
{
	struct attr_file *af, *tmp;
	struct qdk_node *n;
	char path[160];

	if (!dev->kobj.state_in_sysfs)
		return;
	qdk_class_intfs_remove_dev(dev);
	list_for_each_entry_safe(af, tmp, &dev->__qdk_attrs, list)
		qdk_attr_file_free(af);
	qdk_device_dir(dev, path, sizeof(path));
	n = qdk_node_lookup(path);
	if (n)
		qdk_node_remove(n);
	if (MAJOR(dev->devt)) {
		snprintf(path, sizeof(path), "/dev/%s", dev_name(dev));
		n = qdk_node_lookup(path);
		if (n)
			qdk_node_remove(n);
	}
	list_del_init(&dev->__qdk_list);
	dev->kobj.state_in_sysfs = 0;
	put_device(dev->parent);
}

void device_unregister(struct device *dev)
{
	device_del(dev);
	put_device(dev);
}

int device_for_each_child(struct device *parent, void *data,
			  int (*fn)(struct device *dev, void *data))
{
	struct device *dev, *tmp;
	int err = 0;

	list_for_each_entry_safe(dev, tmp, &qdk_devices, __qdk_list)
		if (dev->parent == parent) {
			err = fn(dev, data);
			if (err)
				break;
		}
	return err;
}

int device_for_each_child_reverse(struct device *parent, void *data,
				  int (*fn)(struct device *dev, void *data))
{
	struct device *dev, *tmp;
	int err = 0;

	list_for_each_entry_safe_reverse(dev, tmp, &qdk_devices, __qdk_list)
		if (dev->parent == parent) {
			err = fn(dev, data);
			if (err)
				break;
		}
	return err;
}

/* newest first, from the child added before from (from NULL: the newest) */
int device_for_each_child_reverse_from(struct device *parent, struct device *from,
				       const void *data,
				       int (*fn)(struct device *, const void *))
{
	struct device *dev, *tmp;
	bool started = !from;
	int err = 0;

	list_for_each_entry_safe_reverse(dev, tmp, &qdk_devices, __qdk_list) {
		if (dev->parent != parent)
			continue;
		if (!started) {
			started = dev == from;
			continue;
		}
		err = fn(dev, data);
		if (err)
			break;
	}
	return err;
}

struct device *device_find_child(struct device *parent, void *data,
				 int (*match)(struct device *dev, void *data))
{
	struct device *dev;

	list_for_each_entry(dev, &qdk_devices, __qdk_list)
		if (dev->parent == parent && match(dev, data))
			return get_device(dev);
	return NULL;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* the oldest child, with a reference */
struct device *device_find_any_child(struct device *parent)
{
	struct device *dev;

	list_for_each_entry(dev, &qdk_devices, __qdk_list)
		if (dev->parent == parent)
			return get_device(dev);
	return NULL;
}
#endif

struct device *device_find_child_by_name(struct device *parent, const char *name)
{
	struct device *dev;

	list_for_each_entry(dev, &qdk_devices, __qdk_list)
		if (dev->parent == parent && sysfs_streq(dev_name(dev), name))
			return get_device(dev);
	return NULL;
}

static void device_create_release(struct device *dev)
{
	kfree(dev);
}

static struct device *device_create_groups_vargs(QDK_CLASS *cls, struct device *parent,
						 dev_t devt, void *drvdata,
						 const struct attribute_group **groups,
						 const char *fmt, va_list args)
{
	struct device *dev;
	int err;

	if (IS_ERR_OR_NULL(cls))
		return ERR_PTR(-ENODEV);
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return ERR_PTR(-ENOMEM);
	device_initialize(dev);
	dev->devt = devt;
	dev->class = cls;
	dev->parent = parent;
	dev->groups = groups;
	dev->release = device_create_release;
	dev_set_drvdata(dev, drvdata);
	vsnprintf(dev->__qdk_name, sizeof(dev->__qdk_name), fmt, args);
	dev->kobj.name = dev->__qdk_name;
	err = device_add(dev);
	if (err) {
		put_device(dev);
		return ERR_PTR(err);
	}
	return dev;
}

struct device *device_create(QDK_CLASS *cls, struct device *parent, dev_t devt, void *drvdata,
			     const char *fmt, ...)
{
	struct device *dev;
	va_list ap;

	va_start(ap, fmt);
	dev = device_create_groups_vargs(cls, parent, devt, drvdata, NULL, fmt, ap);
	va_end(ap);
	return dev;
}

struct device *device_create_with_groups(QDK_CLASS *cls, struct device *parent, dev_t devt,
					 void *drvdata, const struct attribute_group **groups,
					 const char *fmt, ...)
{
	struct device *dev;
	va_list ap;

	va_start(ap, fmt);
	dev = device_create_groups_vargs(cls, parent, devt, drvdata, groups, fmt, ap);
	va_end(ap);
	return dev;
}

void device_destroy(QDK_CLASS *cls, dev_t devt)
{
	struct device *dev = class_find_device_by_devt(cls, devt);

	if (dev) {
		put_device(dev);
		device_unregister(dev);
	}
}

/* ---- attributes over variables ------------------------------------------------ */

#define to_ext_attr(x) container_of(x, struct dev_ext_attribute, attr)

ssize_t device_show_ulong(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%lx\n", *(unsigned long *)to_ext_attr(attr)->var);
}

ssize_t device_store_ulong(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t size)
{
	unsigned long v;
	int ret = kstrtoul(buf, 0, &v);

	if (ret)
		return ret;
	*(unsigned long *)to_ext_attr(attr)->var = v;
	return size;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
ssize_t device_show_string(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", (const char *)to_ext_attr(attr)->var);
}
#endif

ssize_t device_show_int(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", *(int *)to_ext_attr(attr)->var);
}

ssize_t device_store_int(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t size)
{
	long v;
	int ret = kstrtol(buf, 0, &v);

	if (ret)
		return ret;
	if (v > INT_MAX || v < INT_MIN)
		return -EINVAL;
	*(int *)to_ext_attr(attr)->var = v;
	return size;
}

ssize_t device_show_bool(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", *(bool *)to_ext_attr(attr)->var);
}

ssize_t device_store_bool(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t size)
{
	if (kstrtobool(buf, to_ext_attr(attr)->var) < 0)
		return -EINVAL;
	return size;
}

/* attribute groups removed again at release */
union devres_groups {
	const struct attribute_group *group;
	const struct attribute_group **groups;
};

static int devm_attr_group_match(struct device *dev, void *res, void *data)
{
	return ((union devres_groups *)res)->group == data;
}

static void devm_attr_group_remove(struct device *dev, void *res)
{
	device_remove_group(dev, ((union devres_groups *)res)->group);
}

static void devm_attr_groups_remove(struct device *dev, void *res)
{
	device_remove_groups(dev, ((union devres_groups *)res)->groups);
}

int devm_device_add_group(struct device *dev, const struct attribute_group *grp)
{
	union devres_groups *devres = devres_alloc(devm_attr_group_remove, sizeof(*devres),
						   GFP_KERNEL);
	int error;

	if (!devres)
		return -ENOMEM;
	error = device_add_group(dev, grp);
	if (error) {
		devres_free(devres);
		return error;
	}
	devres->group = grp;
	devres_add(dev, devres);
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
void devm_device_remove_group(struct device *dev, const struct attribute_group *grp)
{
	WARN_ON(devres_release(dev, devm_attr_group_remove, devm_attr_group_match,
			       (void *)grp));
}

int devm_device_add_groups(struct device *dev, const struct attribute_group **groups)
{
	union devres_groups *devres = devres_alloc(devm_attr_groups_remove, sizeof(*devres),
						   GFP_KERNEL);
	int error;

	if (!devres)
		return -ENOMEM;
	error = device_add_groups(dev, groups);
	if (error) {
		devres_free(devres);
		return error;
	}
	devres->groups = groups;
	devres_add(dev, devres);
	return 0;
}

void devm_device_remove_groups(struct device *dev, const struct attribute_group **groups)
{
	WARN_ON(devres_release(dev, devm_attr_groups_remove, devm_attr_group_match,
			       (void *)groups));
}
#endif

/* ---- dev_printk ------------------------------------------------------------------ */

static __printf(2, 3) int printk_emit_qdk(int level, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vprintk_emit(0, level, NULL, fmt, ap);
	va_end(ap);
	return r;
}

int dev_vprintk_emit(int level, const struct device *dev, const char *fmt, va_list args)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, args);
	if (dev)
		return printk_emit_qdk(level, "%s %s: %s", dev_driver_string(dev), dev_name(dev),
				       msg);
	return printk_emit_qdk(level, "(NULL device *): %s", msg);
}

int dev_printk_emit(int level, const struct device *dev, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = dev_vprintk_emit(level, dev, fmt, ap);
	va_end(ap);
	return r;
}

static int level_of(const char *level)
{
	int c = printk_get_level(level);

	return c >= '0' && c <= '7' ? c - '0' : -1;
}

void _dev_printk(const char *level, const struct device *dev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dev_vprintk_emit(level_of(level), dev, fmt, ap);
	va_end(ap);
}

#define QDK_DEV_LEVEL(func, kern_level)					\
void func(const struct device *dev, const char *fmt, ...)		\
{									\
	va_list ap;							\
									\
	va_start(ap, fmt);						\
	dev_vprintk_emit(level_of(kern_level), dev, fmt, ap);		\
	va_end(ap);							\
}

QDK_DEV_LEVEL(_dev_emerg, KERN_EMERG)
QDK_DEV_LEVEL(_dev_alert, KERN_ALERT)
QDK_DEV_LEVEL(_dev_crit, KERN_CRIT)
QDK_DEV_LEVEL(_dev_err, KERN_ERR)
QDK_DEV_LEVEL(_dev_warn, KERN_WARNING)
QDK_DEV_LEVEL(_dev_notice, KERN_NOTICE)
QDK_DEV_LEVEL(_dev_info, KERN_INFO)

/* ---- probe errors (dev_err_probe()) ------------------------------------------ */

/* the kernel's %pe: an errno's name ("-EINVAL"), else its number */
static const char *errname_qdk(int err, char *buf, size_t len)
{
#define E(e) { e, "-" #e }
	static const struct { int err; const char *name; } names[] = {
		E(EPERM), E(ENOENT), E(ESRCH), E(EINTR), E(EIO), E(ENXIO), E(E2BIG),
		E(ENOEXEC), E(EBADF), E(ECHILD), E(EAGAIN), E(ENOMEM), E(EACCES),
		E(EFAULT), E(EBUSY), E(EEXIST), E(EXDEV), E(ENODEV), E(ENOTDIR),
		E(EISDIR), E(EINVAL), E(ENFILE), E(EMFILE), E(ENOTTY), E(EFBIG),
		E(ENOSPC), E(ESPIPE), E(EROFS), E(EMLINK), E(EPIPE), E(EDOM), E(ERANGE),
		E(EDEADLK), E(ENAMETOOLONG), E(ENOLCK), E(ENOSYS), E(ENOTEMPTY),
		E(ELOOP), E(ENOMSG), E(ENODATA), E(ETIME), E(EPROTO), E(EBADMSG),
		E(EOVERFLOW), E(EILSEQ), E(ENOTSOCK), E(EMSGSIZE), E(EPROTONOSUPPORT),
		E(EOPNOTSUPP), E(EADDRINUSE), E(EADDRNOTAVAIL), E(ENETDOWN),
		E(ENETUNREACH), E(ECONNRESET), E(ENOBUFS), E(ETIMEDOUT),
		E(ECONNREFUSED), E(EHOSTUNREACH), E(EALREADY), E(EINPROGRESS),
		E(ECANCELED), E(ERESTARTSYS), E(ENOIOCTLCMD), E(EPROBE_DEFER),
		E(ENOTSUPP),
	};
#undef E
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(names); i++)
		if (-err == names[i].err)
			return names[i].name;
	snprintf(buf, len, "%d", err);
	return buf;
}

/* a deferral is only a debug line, -ENOMEM says nothing more (the allocator
 * did), the rest an error (fatal) or a warning
 */
static void dev_probe_failed(const struct device *dev, int err, bool fatal,
			     const char *fmt, va_list ap)
{
	char msg[1024], num[16];
	const char *name = errname_qdk(err, num, sizeof(num));

	vsnprintf(msg, sizeof(msg), fmt, ap);
	switch (err) {
	case -EPROBE_DEFER:
		dev_dbg(dev, "error %s: %s", name, msg);
		break;
	case -ENOMEM:
		break;
	default:
		if (fatal)
			dev_err(dev, "error %s: %s", name, msg);
		else
			dev_warn(dev, "error %s: %s", name, msg);
		break;
	}
}

int dev_err_probe(const struct device *dev, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dev_probe_failed(dev, err, true, fmt, ap);
	va_end(ap);
	return err;
}

int dev_warn_probe(const struct device *dev, int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dev_probe_failed(dev, err, false, fmt, ap);
	va_end(ap);
	return err;
}

bool device_remove_file_self(struct device *dev, const struct device_attribute *attr)
{
	device_remove_file(dev, attr);
	return true;
}

int device_rename(struct device *dev, const char *new_name)
{
	char from[160], to[160];
	int err;

	if (!dev || !new_name || !*new_name || strchr(new_name, '/'))
		return -EINVAL;
	if (strlen(new_name) >= sizeof(dev->__qdk_name))
		return -ENAMETOOLONG;
	qdk_device_dir(dev, from, sizeof(from));
	strscpy(to, from, sizeof(to));
	*strrchr(to, '/') = '\0';
	strlcat(to, "/", sizeof(to));
	strlcat(to, new_name, sizeof(to));
	err = qdk_node_rename(from, to);
	if (err)
		return err;
	dev_set_name(dev, "%s", new_name);
	kobject_uevent(&dev->kobj, KOBJ_MOVE);
	return 0;
}

bool device_is_bound(struct device *dev)
{
	return false;
}

/* drivers/base/core.c's root devices: a device and the module that made it */
struct root_device {
	struct device dev;
	struct module *owner;
};

static void root_device_release(struct device *dev)
{
	kfree(container_of(dev, struct root_device, dev));
}

struct device *__root_device_register(const char *name, struct module *owner)
{
	struct root_device *root = kzalloc(sizeof(*root), GFP_KERNEL);
	int err;

	if (!root)
		return ERR_PTR(-ENOMEM);
	err = dev_set_name(&root->dev, "%s", name);
	if (err) {
		kfree(root);
		return ERR_PTR(err);
	}
	root->dev.release = root_device_release;
	err = device_register(&root->dev);
	if (err) {
		put_device(&root->dev);
		return ERR_PTR(err);
	}
	root->owner = owner;
	return &root->dev;
}
EXPORT_SYMBOL_GPL(__root_device_register);

void root_device_unregister(struct device *dev)
{
	device_unregister(dev);
}
EXPORT_SYMBOL_GPL(root_device_unregister);
