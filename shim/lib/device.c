// SPDX-License-Identifier: GPL-2.0
/*
 * device.c - classes, devices in them and their attribute files
 * (linux/device.h, linux/device/class.h, linux/sysfs.h). A class is the
 * directory /sys/class/NAME; device_create() makes /sys/class/CLASS/NAME
 * and, for a device number, the character device node /dev/NAME, as udev
 * would on the uevent; device_create_file() makes an attribute file
 * /sys/class/CLASS/NAME/ATTR whose read calls show() with a zeroed
 * PAGE_SIZE buffer (what it returns, at most PAGE_SIZE, is the file) and
 * whose write calls store() with the bytes written, NUL-terminated, at
 * offset 0 only (sysfs's rules for attribute files).
 */
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/stdarg.h>
#include <linux/string.h>

#include "shim.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define QDK_CLASS const struct class
#else
#define QDK_CLASS struct class
#endif

static LIST_HEAD(classes);
static LIST_HEAD(devices);

struct attr_file {
	struct list_head list;
	struct device *dev;
	const struct device_attribute *attr;
	struct qdk_node *node;
};

static void class_dir(QDK_CLASS *cls, char *buf, size_t len)
{
	snprintf(buf, len, "/sys/class/%s", cls->name);
}

int class_register(QDK_CLASS *ccls)
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
	char path[160];
	struct qdk_node *n;

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
struct class *__qdk_class_create(const char *name)
#endif
{
	struct class *cls = kzalloc(sizeof(*cls), GFP_KERNEL);
	int err;

	if (!cls)
		return ERR_PTR(-ENOMEM);
	cls->name = name;
	cls->class_release = class_create_release;
	cls->__qdk_created = true;
	err = class_register(cls);
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

/* ---- attribute files ------------------------------------------------------ */

static ssize_t attr_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct attr_file *af = file_inode(file)->i_private;
	ssize_t len, ret;
	char *page;

	if (!af->attr->show)
		return -EIO;
	page = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	len = af->attr->show(af->dev, (struct device_attribute *)af->attr, page);
	if (len > (ssize_t)PAGE_SIZE) {
		pr_warn("fill_read_buffer: %s returned bad count\n", af->attr->attr.name);
		len = PAGE_SIZE;
	}
	ret = len < 0 ? len : simple_read_from_buffer(buf, count, ppos, page, len);
	kfree(page);
	return ret;
}

static ssize_t attr_write(struct file *file, const char __user *buf, size_t count,
			  loff_t *ppos)
{
	struct attr_file *af = file_inode(file)->i_private;
	ssize_t ret;
	char *page;

	if (!af->attr->store)
		return -EIO;
	if (*ppos)
		return 0;
	if (count >= PAGE_SIZE)
		count = PAGE_SIZE - 1;
	page = kzalloc(count + 1, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	if (copy_from_user(page, buf, count)) {
		kfree(page);
		return -EFAULT;
	}
	ret = af->attr->store(af->dev, (struct device_attribute *)af->attr, page, count);
	kfree(page);
	if (ret > 0)
		*ppos += ret;
	return ret;
}

/*
 * kernfs refuses to open for a direction the attribute's mode or handlers
 * lack (root too: the mode's bits, not the caller's rights)
 */
static int attr_open(struct inode *inode, struct file *file)
{
	struct attr_file *af = inode->i_private;

	if (((file->f_mode & FMODE_READ) && (!(inode->i_mode & 0444) || !af->attr->show)) ||
	    ((file->f_mode & FMODE_WRITE) && (!(inode->i_mode & 0222) || !af->attr->store)))
		return -EACCES;
	return 0;
}

static const struct file_operations attr_fops = {
	.open	= attr_open,
	.read	= attr_read,
	.write	= attr_write,
};

static void device_dir(struct device *dev, char *buf, size_t len)
{
	snprintf(buf, len, "/sys/class/%s/%s", dev->class->name, dev_name(dev));
}

int device_create_file(struct device *dev, const struct device_attribute *attr)
{
	struct qdk_node tmpl = { .fops = &attr_fops, .mode = attr->attr.mode };
	struct attr_file *af;
	char dir[160];

	if (!dev)
		return -EINVAL;
	WARN(((attr->attr.mode & 0222) && !attr->store) ||
	     ((attr->attr.mode & 0444) && !attr->show),
	     "Attribute %s: %s permission without a handler\n", attr->attr.name,
	     attr->attr.mode & 0222 ? "write" : "read");
	af = kzalloc(sizeof(*af), GFP_KERNEL);
	if (!af)
		return -ENOMEM;
	af->dev = dev;
	af->attr = attr;
	tmpl.i_private = af;
	tmpl.owner = af;
	device_dir(dev, dir, sizeof(dir));
	af->node = qdk_node_add(dir, attr->attr.name, &tmpl);
	if (IS_ERR(af->node)) {
		int err = PTR_ERR(af->node);

		kfree(af);
		return err;
	}
	list_add_tail(&af->list, &dev->__qdk_attrs);
	return 0;
}

static void attr_file_free(struct attr_file *af)
{
	qdk_node_remove(af->node);
	list_del(&af->list);
	kfree(af);
}

void device_remove_file(struct device *dev, const struct device_attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, &dev->__qdk_attrs, list)
		if (af->attr == attr) {
			attr_file_free(af);
			return;
		}
}

/* ---- devices ---------------------------------------------------------------- */

__printf(5, 6) struct device *
device_create(QDK_CLASS *cls, struct device *parent, dev_t devt, void *drvdata,
	      const char *fmt, ...)
{
	const struct qdk_node dir = { .dir = true };
	struct qdk_node chr = { .chr = true, .rdev = devt, .mode = 0600 };
	struct device *dev;
	struct qdk_node *n;
	char path[160];
	va_list ap;

	if (IS_ERR_OR_NULL(cls))
		return ERR_PTR(-ENODEV);
	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return ERR_PTR(-ENOMEM);
	va_start(ap, fmt);
	vsnprintf(dev->__qdk_name, sizeof(dev->__qdk_name), fmt, ap);
	va_end(ap);
	dev->class = cls;
	dev->parent = parent;
	dev->devt = devt;
	dev->driver_data = drvdata;
	INIT_LIST_HEAD(&dev->__qdk_attrs);
	class_dir(cls, path, sizeof(path));
	n = qdk_node_add(path, dev_name(dev), &dir);
	if (IS_ERR(n))
		goto fail;
	if (devt) {
		chr.owner = dev;
		n = qdk_node_add("/dev", dev_name(dev), &chr);
		if (IS_ERR(n)) {
			device_dir(dev, path, sizeof(path));
			qdk_node_remove(qdk_node_lookup(path));
			goto fail;
		}
	}
	list_add_tail(&dev->__qdk_list, &devices);
	return dev;
fail:
	kfree(dev);
	return ERR_CAST(n);
}

void device_destroy(QDK_CLASS *cls, dev_t devt)
{
	struct attr_file *af, *tmp;
	struct device *dev;
	char path[160];

	list_for_each_entry(dev, &devices, __qdk_list)
		if (dev->class == cls && dev->devt == devt)
			break;
	if (list_entry_is_head(dev, &devices, __qdk_list))
		return;
	list_for_each_entry_safe(af, tmp, &dev->__qdk_attrs, list)
		attr_file_free(af);
	device_dir(dev, path, sizeof(path));
	qdk_node_remove(qdk_node_lookup(path));
	if (devt) {
		snprintf(path, sizeof(path), "/dev/%s", dev_name(dev));
		qdk_node_remove(qdk_node_lookup(path));
	}
	list_del(&dev->__qdk_list);
	kfree(dev);
}

/* ---- sysfs_emit ----------------------------------------------------------- */

int sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vscnprintf(buf, PAGE_SIZE, fmt, ap);
	va_end(ap);
	return len;
}

int sysfs_emit_at(char *buf, int at, const char *fmt, ...)
{
	va_list ap;
	int len;

	if (WARN(at < 0 || at >= (int)PAGE_SIZE, "invalid sysfs_emit_at: at:%d\n", at))
		return 0;
	va_start(ap, fmt);
	len = vscnprintf(buf + at, PAGE_SIZE - at, fmt, ap);
	va_end(ap);
	return len;
}
