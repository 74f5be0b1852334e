// SPDX-License-Identifier: GPL-2.0
/*
 * device.c - classes, devices and their sysfs attribute files
 * (linux/device.h, linux/device/class.h, linux/sysfs.h, linux/dev_printk.h)
 * with drivers/base/core.c's life cycle: a device has a reference count
 * (its kobject's kref); device_add() makes its directory
 * (/sys/class/CLASS/NAME; a device without a class goes under its parent's,
 * or /sys/devices), its attribute groups (the class's dev_groups, the
 * type's, its own; a named group a subdirectory, is_visible() the mode or
 * no file) and, for a device number, the character device node /dev/NAME,
 * as udev would on the uevent; device_del() takes them away and the last
 * put_device() releases the devm_ resources, newest first, then calls the
 * device's release (or its type's, or its class's dev_release). An
 * attribute file's read calls show() with a zeroed PAGE_SIZE buffer (what
 * it returns, at most PAGE_SIZE, is the file); a write calls store() with
 * the bytes written, NUL-terminated, at offset 0 only (sysfs's rules).
 *
 * Why one file past 800 lines: it holds what the kernel splits between
 * drivers/base/core.c, class.c and devres.c, lib/kobject.c and fs/sysfs/,
 * all over one kobject tree with its attribute files; splitting it along
 * those files (with a private header for the tree) is still to be done.
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

#include <qdk/unmodelled.h>

#include "shim.h"

#define QDK_CLASS __QDK_CLASS_CONST struct class

static LIST_HEAD(classes);
static LIST_HEAD(devices);

static void class_intfs_add_dev(struct device *dev);
static void class_intfs_remove_dev(struct device *dev);

/* one attribute file: a device's or a class's */
struct attr_file {
	struct list_head list;
	struct device *dev;			/* a device's attribute */
	QDK_CLASS *cls;				/* or a class's */
	struct kobject *kobj;			/* or another kobject's */
	const struct attribute *attr;
	const struct attribute_group *grp;	/* the group it came with */
	const struct bin_attribute *bin;	/* a binary attribute's file */
	struct qdk_node *node;
};

static LIST_HEAD(class_attrs);
static LIST_HEAD(kobj_attrs);

static void class_dir(QDK_CLASS *cls, char *buf, size_t len)
{
	snprintf(buf, len, "/sys/class/%s", cls->name);
}

/* ---- attribute files ------------------------------------------------------ */

static ssize_t attr_show(struct attr_file *af, char *page)
{
	if (af->kobj) {
		const struct sysfs_ops *ops = af->kobj->ktype ? af->kobj->ktype->sysfs_ops : NULL;

		return ops && ops->show ? ops->show(af->kobj, (struct attribute *)af->attr, page)
					: -EIO;
	}
	if (af->dev) {
		const struct device_attribute *da =
			container_of(af->attr, struct device_attribute, attr);

		return da->show ? da->show(af->dev, (struct device_attribute *)da, page) : -EIO;
	} else {
		const struct class_attribute *ca =
			container_of(af->attr, struct class_attribute, attr);

		return ca->show ? ca->show(af->cls, (struct class_attribute *)ca, page) : -EIO;
	}
}

static ssize_t attr_store(struct attr_file *af, const char *page, size_t count)
{
	if (af->kobj) {
		const struct sysfs_ops *ops = af->kobj->ktype ? af->kobj->ktype->sysfs_ops : NULL;

		return ops && ops->store ?
		       ops->store(af->kobj, (struct attribute *)af->attr, page, count) : -EIO;
	}
	if (af->dev) {
		const struct device_attribute *da =
			container_of(af->attr, struct device_attribute, attr);

		return da->store ? da->store(af->dev, (struct device_attribute *)da, page, count)
				 : -EIO;
	} else {
		const struct class_attribute *ca =
			container_of(af->attr, struct class_attribute, attr);

		return ca->store ? ca->store(af->cls, (struct class_attribute *)ca, page, count)
				 : -EIO;
	}
}

static bool attr_has(struct attr_file *af, bool store)
{
	if (af->kobj) {
		const struct sysfs_ops *ops = af->kobj->ktype ? af->kobj->ktype->sysfs_ops : NULL;

		return ops && (store ? ops->store != NULL : ops->show != NULL);
	}
	if (af->dev) {
		const struct device_attribute *da =
			container_of(af->attr, struct device_attribute, attr);

		return store ? da->store != NULL : da->show != NULL;
	} else {
		const struct class_attribute *ca =
			container_of(af->attr, struct class_attribute, attr);

		return store ? ca->store != NULL : ca->show != NULL;
	}
}

static ssize_t attr_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct attr_file *af = file_inode(file)->i_private;
	ssize_t len, ret;
	char *page;

	if (!attr_has(af, false))
		return -EIO;
	page = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	len = attr_show(af, page);
	if (len > (ssize_t)PAGE_SIZE) {
		pr_warn("fill_read_buffer: %s returned bad count\n", af->attr->name);
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

	if (!attr_has(af, true))
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
	ret = attr_store(af, page, count);
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

	if (((file->f_mode & FMODE_READ) && (!(inode->i_mode & 0444) || !attr_has(af, false))) ||
	    ((file->f_mode & FMODE_WRITE) && (!(inode->i_mode & 0222) || !attr_has(af, true))))
		return -EACCES;
	return 0;
}

static const struct file_operations attr_fops = {
	.open	= attr_open,
	.read	= attr_read,
	.write	= attr_write,
};

/*
 * A binary attribute's file (fs/sysfs/file.c's sysfs_kf_bin_*() under
 * kernfs's read and write): the request cut at the file's size (its
 * i_size, 0 for no limit) and at a page, through a kernel buffer.
 */
static struct kobject *attr_kobj(const struct attr_file *af)
{
	return af->kobj ? af->kobj : &af->dev->kobj;
}

static ssize_t bin_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	struct attr_file *af = file_inode(file)->i_private;
	loff_t size = i_size_read(file_inode(file)), pos = *ppos;
	ssize_t len;
	char *page;

	if (size) {
		if (pos >= size)
			return 0;
		if (pos + count > size)
			count = size - pos;
	}
	if (!af->bin->read)
		return -EIO;
	count = min_t(size_t, count, PAGE_SIZE);
	if (!count)
		return 0;
	page = kmalloc(count, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	len = af->bin->read(file, attr_kobj(af), (void *)af->bin, page, pos, count);
	if (len > 0) {
		if (copy_to_user(buf, page, len))
			len = -EFAULT;
		else
			*ppos = pos + len;
	}
	kfree(page);
	return len;
}

static ssize_t bin_write(struct file *file, const char __user *buf, size_t count,
			 loff_t *ppos)
{
	struct attr_file *af = file_inode(file)->i_private;
	loff_t size = i_size_read(file_inode(file)), pos = *ppos;
	ssize_t len;
	char *page;

	count = min_t(size_t, count, PAGE_SIZE);
	if (size) {
		if (pos >= size)
			return -EFBIG;
		if (pos + count > size)
			count = size - pos;
	}
	if (!count)
		return 0;
	if (!af->bin->write)
		return -EIO;
	page = kmalloc(count, GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	if (copy_from_user(page, buf, count)) {
		kfree(page);
		return -EFAULT;
	}
	len = af->bin->write(file, attr_kobj(af), (void *)af->bin, page, pos, count);
	kfree(page);
	if (len > 0)
		*ppos = pos + len;
	return len;
}

static int bin_open(struct inode *inode, struct file *file)
{
	struct attr_file *af = inode->i_private;

	if (((file->f_mode & FMODE_READ) && (!(inode->i_mode & 0444) || !af->bin->read)) ||
	    ((file->f_mode & FMODE_WRITE) && (!(inode->i_mode & 0222) || !af->bin->write)))
		return -EACCES;
	return 0;
}

static const struct file_operations bin_fops = {
	.open	= bin_open,
	.read	= bin_read,
	.write	= bin_write,
	.llseek	= generic_file_llseek,
};

/* the device's sysfs directory */
static void device_dir(const struct device *dev, char *buf, size_t len)
{
	if (dev->class) {
		snprintf(buf, len, "/sys/class/%s/%s", dev->class->name, dev_name(dev));
	} else if (dev->parent) {
		char pdir[160];

		device_dir(dev->parent, pdir, sizeof(pdir));
		snprintf(buf, len, "%s/%s", pdir, dev_name(dev));
	} else {
		snprintf(buf, len, "/sys/devices/%s", dev_name(dev));
	}
}

/* a file in dir for attr with mode; af filled by the caller but for node */
static int attr_file_add(struct attr_file *af, const char *dir, umode_t mode,
			 struct list_head *list)
{
	struct qdk_node tmpl = { .fops = &attr_fops, .mode = mode & 0777 };

	tmpl.i_private = af;
	tmpl.owner = af;
	af->node = qdk_node_add(dir, af->attr->name, &tmpl);
	if (IS_ERR(af->node)) {
		int err = PTR_ERR(af->node);

		if (err == -EEXIST)
			pr_err("sysfs: cannot create duplicate filename '%s/%s'\n", dir,
			       af->attr->name);
		kfree(af);
		return err;
	}
	list_add_tail(&af->list, list);
	return 0;
}

static void attr_file_free(struct attr_file *af)
{
	qdk_node_remove(af->node);
	list_del(&af->list);
	kfree(af);
}

static int dev_attr_add(struct device *dev, const struct attribute *attr, umode_t mode,
			const struct attribute_group *grp, const char *dir)
{
	struct attr_file *af = kzalloc(sizeof(*af), GFP_KERNEL);

	if (!af)
		return -ENOMEM;
	af->dev = dev;
	af->attr = attr;
	af->grp = grp;
	return attr_file_add(af, dir, mode, &dev->__qdk_attrs);
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
	device_dir(dev, dir, sizeof(dir));
	return dev_attr_add(dev, &attr->attr, attr->attr.mode, NULL, dir);
}

void device_remove_file(struct device *dev, const struct device_attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, &dev->__qdk_attrs, list)
		if (af->attr == &attr->attr && !af->grp) {
			attr_file_free(af);
			return;
		}
}

/* ---- kobjects and their attribute groups ----------------------------------- */

static const struct kobj_type device_ktype;

static bool is_device_kobj(const struct kobject *kobj)
{
	return kobj->ktype == &device_ktype;
}

/* in a kset: a device is (devices_kset in the kernel), or a kset's member */
bool qdk_kobj_in_kset(const struct kobject *kobj)
{
	for (; kobj; kobj = kobj->parent)
		if (is_device_kobj(kobj) || kobj->kset)
			return true;
	return false;
}

/* the kobject's sysfs directory */
static void kobj_dir(const struct kobject *kobj, char *buf, size_t len)
{
	if (is_device_kobj(kobj)) {
		device_dir(container_of(kobj, struct device, kobj), buf, len);
	} else if (kobj->parent) {
		char pdir[200];

		kobj_dir(kobj->parent, pdir, sizeof(pdir));
		snprintf(buf, len, "%s/%s", pdir, kobject_name(kobj));
	} else {
		snprintf(buf, len, "/sys/%s", kobject_name(kobj));
	}
}

static int kobj_attr_add(struct kobject *kobj, const struct attribute *attr, umode_t mode,
			 const struct attribute_group *grp, const char *dir)
{
	struct attr_file *af;

	if (is_device_kobj(kobj))
		return dev_attr_add(container_of(kobj, struct device, kobj), attr, mode, grp, dir);
	af = kzalloc(sizeof(*af), GFP_KERNEL);
	if (!af)
		return -ENOMEM;
	af->kobj = kobj;
	af->attr = attr;
	af->grp = grp;
	return attr_file_add(af, dir, mode, &kobj_attrs);
}

static struct list_head *kobj_files(struct kobject *kobj)
{
	return is_device_kobj(kobj) ? &container_of(kobj, struct device, kobj)->__qdk_attrs
				    : &kobj_attrs;
}

/* a binary attribute's file of size bytes in dir */
static int bin_file_add(struct kobject *kobj, const struct bin_attribute *battr, umode_t mode,
			size_t size, const struct attribute_group *grp, const char *dir)
{
	struct qdk_node tmpl = { .fops = &bin_fops, .mode = mode & 0777, .size = size };
	struct attr_file *af = kzalloc(sizeof(*af), GFP_KERNEL);

	if (!af)
		return -ENOMEM;
	if (is_device_kobj(kobj))
		af->dev = container_of(kobj, struct device, kobj);
	else
		af->kobj = kobj;
	af->attr = &battr->attr;
	af->bin = battr;
	af->grp = grp;
	tmpl.i_private = af;
	tmpl.owner = af;
	af->node = qdk_node_add(dir, battr->attr.name, &tmpl);
	if (IS_ERR(af->node)) {
		int err = PTR_ERR(af->node);

		if (err == -EEXIST)
			pr_err("sysfs: cannot create duplicate filename '%s/%s'\n", dir,
			       battr->attr.name);
		kfree(af);
		return err;
	}
	list_add_tail(&af->list, kobj_files(kobj));
	return 0;
}

static bool file_of(const struct attr_file *af, const struct kobject *kobj)
{
	return af->kobj == kobj || (af->dev && &af->dev->kobj == kobj);
}

static void group_remove(struct kobject *kobj, const struct attribute_group *grp)
{
	struct attr_file *af, *tmp;
	char dir[200];

	list_for_each_entry_safe(af, tmp, kobj_files(kobj), list)
		if (af->grp == grp && file_of(af, kobj))
			attr_file_free(af);
	if (grp->name) {
		struct qdk_node *n;

		kobj_dir(kobj, dir, sizeof(dir));
		strlcat(dir, "/", sizeof(dir));
		strlcat(dir, grp->name, sizeof(dir));
		n = qdk_node_lookup(dir);
		if (n)
			qdk_node_remove(n);
	}
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define __QDK_GROUP_INVISIBLE	SYSFS_GROUP_INVISIBLE
#else
#define __QDK_GROUP_INVISIBLE	0
#endif

static int group_add(struct kobject *kobj, const struct attribute_group *grp)
{
	char dir[200];
	int i, err = 0;

	kobj_dir(kobj, dir, sizeof(dir));
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
	/* a named group its first attribute's answer hides: no directory at all */
	if (grp->name) {
		umode_t first = 0;

		if (grp->attrs && grp->attrs[0] && grp->is_visible)
			first = grp->is_visible(kobj, grp->attrs[0], 0);
		else if (grp->bin_attrs && grp->bin_attrs[0] && grp->is_bin_visible)
			first = grp->is_bin_visible(kobj, (void *)grp->bin_attrs[0], 0);
		if (first & SYSFS_GROUP_INVISIBLE)
			return 0;
	}
#endif
	if (grp->name) {
		const struct qdk_node sub = { .dir = true };
		struct qdk_node *n = qdk_node_add(dir, grp->name, &sub);

		if (IS_ERR(n))
			return PTR_ERR(n);
		strlcat(dir, "/", sizeof(dir));
		strlcat(dir, grp->name, sizeof(dir));
	}
	for (i = 0; grp->attrs && grp->attrs[i]; i++) {
		struct attribute *attr = grp->attrs[i];
		umode_t mode = attr->mode;

		if (grp->is_visible) {
			mode = grp->is_visible(kobj, attr, i) & ~__QDK_GROUP_INVISIBLE;
			if (!mode)
				continue;
		}
		err = kobj_attr_add(kobj, attr, mode, grp, dir);
		if (err)
			break;
	}
	for (i = 0; !err && grp->bin_attrs && grp->bin_attrs[i]; i++) {
		const struct bin_attribute *battr = grp->bin_attrs[i];
		umode_t mode = battr->attr.mode;
		size_t size = battr->size;

		if (grp->is_bin_visible) {
			mode = grp->is_bin_visible(kobj, (void *)battr, i) & ~__QDK_GROUP_INVISIBLE;
			if (!mode)
				continue;
		}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
		if (grp->bin_size)
			size = grp->bin_size(kobj, battr, i);
#endif
		err = bin_file_add(kobj, battr, mode, size, grp, dir);
	}
	if (err)
		group_remove(kobj, grp);
	return err;
}

int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp)
{
	return group_add(kobj, grp);
}

void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp)
{
	group_remove(kobj, grp);
}

int sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	int i, err;

	for (i = 0; groups && groups[i]; i++) {
		err = group_add(kobj, groups[i]);
		if (err) {
			while (--i >= 0)
				group_remove(kobj, groups[i]);
			return err;
		}
	}
	return 0;
}

void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	int i;

	for (i = 0; groups && groups[i]; i++)
		group_remove(kobj, groups[i]);
}

int device_add_groups(struct device *dev, const struct attribute_group **groups)
{
	return sysfs_create_groups(&dev->kobj, groups);
}

void device_remove_groups(struct device *dev, const struct attribute_group **groups)
{
	sysfs_remove_groups(&dev->kobj, groups);
}

int sysfs_create_file(struct kobject *kobj, const struct attribute *attr)
{
	char dir[200];

	if (!kobj || !attr)
		return -EINVAL;
	kobj_dir(kobj, dir, sizeof(dir));
	return kobj_attr_add(kobj, attr, attr->mode, NULL, dir);
}

void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, kobj_files(kobj), list)
		if (af->attr == attr && !af->grp && file_of(af, kobj)) {
			attr_file_free(af);
			return;
		}
}

int sysfs_create_files(struct kobject *kobj, const struct attribute * const *attr)
{
	int i, err = 0;

	for (i = 0; attr[i] && !err; i++)
		err = sysfs_create_file(kobj, attr[i]);
	if (err)
		while (--i >= 0)
			sysfs_remove_file(kobj, attr[i]);
	return err;
}

void sysfs_remove_files(struct kobject *kobj, const struct attribute * const *attr)
{
	int i;

	for (i = 0; attr[i]; i++)
		sysfs_remove_file(kobj, attr[i]);
}

/* no network namespaces in the shim: a tagged file is a plain one */
int sysfs_create_file_ns(struct kobject *kobj, const struct attribute *attr, const void *ns)
{
	return sysfs_create_file(kobj, attr);
}

void sysfs_remove_file_ns(struct kobject *kobj, const struct attribute *attr, const void *ns)
{
	sysfs_remove_file(kobj, attr);
}

/* a store() removing its own file: done at once, as nothing else holds it */
bool sysfs_remove_file_self(struct kobject *kobj, const struct attribute *attr)
{
	sysfs_remove_file(kobj, attr);
	return true;
}

static struct attr_file *attr_file_find(struct kobject *kobj, const struct attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, kobj_files(kobj), list)
		if (af->attr == attr && file_of(af, kobj))
			return af;
	return NULL;
}

int sysfs_create_bin_file(struct kobject *kobj, const struct bin_attribute *attr)
{
	char dir[200];

	if (!kobj || !attr)
		return -EINVAL;
	kobj_dir(kobj, dir, sizeof(dir));
	return bin_file_add(kobj, attr, attr->attr.mode, attr->size, NULL, dir);
}

void sysfs_remove_bin_file(struct kobject *kobj, const struct bin_attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, kobj_files(kobj), list)
		if (af->bin == attr && !af->grp && file_of(af, kobj)) {
			attr_file_free(af);
			return;
		}
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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
ssize_t sysfs_bin_attr_simple_read(struct file *file, struct kobject *kobj,
				   __QDK_BIN_ATTR *attr, char *buf, loff_t off, size_t count)
{
	memcpy(buf, (const char *)attr->private + off, count);
	return count;
}
#endif

/* ---- symbolic links ------------------------------------------------------- */

static void group_dir(struct kobject *kobj, const char *name, char *dir, size_t len);

/* what marks a node as a link: its owner */
static const char sysfs_link_owner[] = "sysfs link";

static int link_add(const char *dir, struct kobject *target, const char *name, bool warn)
{
	const struct qdk_node tmpl = { .dir = true, .mode = 0777, .owner = (void *)sysfs_link_owner,
				       .i_private = target };
	struct qdk_node *n;

	if (!target || !target->state_in_sysfs || !name)
		return -ENOENT;
	n = qdk_node_add(dir, name, &tmpl);
	if (IS_ERR(n)) {
		if (PTR_ERR(n) == -EEXIST && warn)
			pr_err("sysfs: cannot create duplicate filename '%s/%s'\n", dir, name);
		return PTR_ERR(n);
	}
	return 0;
}

static struct qdk_node *link_find(const char *dir, const char *name)
{
	char path[200];
	struct qdk_node *n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	n = qdk_node_lookup(path);
	return n && n->owner == sysfs_link_owner ? n : NULL;
}

static void link_dir(struct kobject *kobj, char *dir, size_t len)
{
	if (kobj)
		kobj_dir(kobj, dir, len);
	else
		strscpy(dir, "/sys", len);
}

int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name)
{
	char dir[200];

	link_dir(kobj, dir, sizeof(dir));
	return link_add(dir, target, name, true);
}

int sysfs_create_link_nowarn(struct kobject *kobj, struct kobject *target, const char *name)
{
	char dir[200];

	link_dir(kobj, dir, sizeof(dir));
	return link_add(dir, target, name, false);
}

void sysfs_remove_link(struct kobject *kobj, const char *name)
{
	struct qdk_node *n;
	char dir[200];

	link_dir(kobj, dir, sizeof(dir));
	n = link_find(dir, name);
	if (n)
		qdk_node_remove(n);
}

/* old_name, a link to target, renamed: -ENOENT without it, -EEXIST if taken */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
int sysfs_rename_link_ns(struct kobject *kobj, struct kobject *target, const char *old_name,
			 const char *new_name, const void *new_ns)
#else
int sysfs_rename_link_ns(struct kobject *kobj, struct kobject *target, const char *old_name,
			 const char *new_name, const struct ns_common *new_ns)
#endif
{
	struct qdk_node *n;
	char dir[200];
	int err;

	link_dir(kobj, dir, sizeof(dir));
	n = link_find(dir, old_name);
	if (!n || n->i_private != target)
		return -ENOENT;
	err = link_add(dir, target, new_name, true);
	if (!err)
		qdk_node_remove(n);
	return err;
}

int sysfs_add_link_to_group(struct kobject *kobj, const char *group_name,
			    struct kobject *target, const char *link_name)
{
	char dir[200];

	group_dir(kobj, group_name, dir, sizeof(dir));
	if (!qdk_node_lookup(dir))
		return -ENOENT;
	return link_add(dir, target, link_name, true);
}

void sysfs_remove_link_from_group(struct kobject *kobj, const char *group_name,
				  const char *link_name)
{
	struct qdk_node *n;
	char dir[200];

	group_dir(kobj, group_name, dir, sizeof(dir));
	n = link_find(dir, link_name);
	if (n)
		qdk_node_remove(n);
}

/*
 * A link named symlink_name (target_name without one) in kobj's directory
 * to the entry target_name of target_kobj's, which must exist.
 */
int compat_only_sysfs_link_entry_to_kobj(struct kobject *kobj, struct kobject *target_kobj,
					 const char *target_name, const char *symlink_name)
{
	const struct qdk_node tmpl = { .dir = true, .mode = 0777,
				       .owner = (void *)sysfs_link_owner,
				       .i_private = target_kobj };
	char dir[200], tpath[200];
	struct qdk_node *n;

	if (!target_kobj || !target_kobj->state_in_sysfs)
		return -ENOENT;
	kobj_dir(target_kobj, tpath, sizeof(tpath));
	strlcat(tpath, "/", sizeof(tpath));
	strlcat(tpath, target_name, sizeof(tpath));
	if (!qdk_node_lookup(tpath))
		return -ENOENT;
	link_dir(kobj, dir, sizeof(dir));
	n = qdk_node_add(dir, symlink_name ? symlink_name : target_name, &tmpl);
	return IS_ERR(n) ? PTR_ERR(n) : 0;
}

/* the file's permission bits; -ENOENT for an attribute without a file */
int sysfs_chmod_file(struct kobject *kobj, const struct attribute *attr, umode_t mode)
{
	struct attr_file *af = attr_file_find(kobj, attr);

	if (!af)
		return -ENOENT;
	af->node->mode = (af->node->mode & ~0777) | (mode & 0777);
	return 0;
}

/*
 * The kernel wakes the file's pollers and fsnotify watchers: the shim's
 * attribute files are read, never polled, so there is no one to wake.
 */
void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr)
{
}

/* is_visible() asked again: the group's files made anew */
int sysfs_update_group(struct kobject *kobj, const struct attribute_group *grp)
{
	group_remove(kobj, grp);
	return group_add(kobj, grp);
}

int sysfs_update_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	int i, err = 0;

	for (i = 0; groups && groups[i]; i++) {
		err = sysfs_update_group(kobj, groups[i]);
		if (err)
			break;
	}
	return err;
}

static void group_dir(struct kobject *kobj, const char *name, char *dir, size_t len)
{
	kobj_dir(kobj, dir, len);
	if (name) {
		strlcat(dir, "/", len);
		strlcat(dir, name, len);
	}
}

/* attr into the existing group directory (the object's own for NULL) */
int sysfs_add_file_to_group(struct kobject *kobj, const struct attribute *attr,
			    const char *group)
{
	char dir[200];

	group_dir(kobj, group, dir, sizeof(dir));
	if (group && !qdk_node_lookup(dir))
		return -ENOENT;
	return kobj_attr_add(kobj, attr, attr->mode, NULL, dir);
}

void sysfs_remove_file_from_group(struct kobject *kobj, const struct attribute *attr,
				  const char *group)
{
	struct attr_file *af = attr_file_find(kobj, attr);

	if (af)
		attr_file_free(af);
}

/* grp's files into the directory of a group of that name already made */
int sysfs_merge_group(struct kobject *kobj, const struct attribute_group *grp)
{
	char dir[200];
	int i, err = 0;

	group_dir(kobj, grp->name, dir, sizeof(dir));
	if (!qdk_node_lookup(dir))
		return -ENOENT;
	for (i = 0; grp->attrs && grp->attrs[i] && !err; i++)
		err = kobj_attr_add(kobj, grp->attrs[i], grp->attrs[i]->mode, grp, dir);
	if (err)
		sysfs_unmerge_group(kobj, grp);
	return err;
}

/* the merged files go, the directory stays */
void sysfs_unmerge_group(struct kobject *kobj, const struct attribute_group *grp)
{
	struct attr_file *af, *tmp;

	list_for_each_entry_safe(af, tmp, kobj_files(kobj), list)
		if (af->grp == grp && file_of(af, kobj))
			attr_file_free(af);
}

static ssize_t kobj_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct kobj_attribute *ka = container_of(attr, struct kobj_attribute, attr);

	return ka->show ? ka->show(kobj, ka, buf) : -EIO;
}

static ssize_t kobj_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			       size_t count)
{
	struct kobj_attribute *ka = container_of(attr, struct kobj_attribute, attr);

	return ka->store ? ka->store(kobj, ka, buf, count) : -EIO;
}

const struct sysfs_ops kobj_sysfs_ops = {
	.show	= kobj_attr_show,
	.store	= kobj_attr_store,
};

/* the top directories: always there, never released */
static struct kobject top_kobjs[] = {
	{ .name = "kernel", .kref = KREF_INIT(1), .state_initialized = 1, .state_in_sysfs = 1 },
	{ .name = "mm", .kref = KREF_INIT(1), .state_initialized = 1, .state_in_sysfs = 1 },
	{ .name = "hypervisor", .kref = KREF_INIT(1), .state_initialized = 1, .state_in_sysfs = 1 },
	{ .name = "power", .kref = KREF_INIT(1), .state_initialized = 1, .state_in_sysfs = 1 },
	{ .name = "firmware", .kref = KREF_INIT(1), .state_initialized = 1, .state_in_sysfs = 1 },
	{ .name = "fs", .kref = KREF_INIT(1), .state_initialized = 1, .state_in_sysfs = 1 },
};
struct kobject *kernel_kobj = &top_kobjs[0];
struct kobject *mm_kobj = &top_kobjs[1];
struct kobject *hypervisor_kobj = &top_kobjs[2];
struct kobject *power_kobj = &top_kobjs[3];
struct kobject *firmware_kobj = &top_kobjs[4];
struct kobject *fs_kobj = &top_kobjs[5];

int kobject_set_name(struct kobject *kobj, const char *fmt, ...)
{
	va_list ap;
	char *name;

	va_start(ap, fmt);
	name = kvasprintf(GFP_KERNEL, fmt, ap);
	va_end(ap);
	if (!name)
		return -ENOMEM;
	kfree(kobj->__qdk_name);
	kobj->__qdk_name = name;
	kobj->name = name;
	return 0;
}

void kobject_init(struct kobject *kobj, const struct kobj_type *ktype)
{
	if (!kobj)
		return;
	if (WARN(!ktype, "kobject (%p): must have a ktype.\n", kobj))
		return;
	if (kobj->state_initialized)
		pr_err("kobject (%p): tried to init an initialized object, something is seriously wrong.\n",
		       kobj);
	kref_init(&kobj->kref);
	INIT_LIST_HEAD(&kobj->entry);
	kobj->state_in_sysfs = 0;
	kobj->state_initialized = 1;
	kobj->ktype = ktype;
}

static void kobj_kset_join(struct kobject *kobj);

static int kobject_vadd(struct kobject *kobj, struct kobject *parent, const char *fmt,
			va_list ap)
{
	const struct qdk_node dirtmpl = { .dir = true };
	struct qdk_node *dir;
	char path[200];
	char *name;
	int err;

	if (!kobj)
		return -EINVAL;
	if (!kobj->state_initialized) {
		pr_err("kobject '%s' (%p): tried to add an uninitialized object, something is seriously wrong.\n",
		       kobject_name(kobj), kobj);
		return -EINVAL;
	}
	name = kvasprintf(GFP_KERNEL, fmt, ap);
	if (!name)
		return -ENOMEM;
	kfree(kobj->__qdk_name);
	kobj->__qdk_name = name;
	kobj->name = name;
	if (!*name)
		return -EINVAL;
	/* a kset's member without a parent goes below the kset's directory */
	if (!parent && kobj->kset)
		parent = &kobj->kset->kobj;
	kobj->parent = kobject_get(parent);
	kobj_dir(kobj, path, sizeof(path));
	*strrchr(path, '/') = '\0';
	dir = qdk_node_add(path, name, &dirtmpl);
	if (IS_ERR(dir)) {
		err = PTR_ERR(dir);
		if (err == -EEXIST)
			pr_err("kobject_add_internal failed for %s with -EEXIST, don't try to register things with the same name in the same directory.\n",
			       name);
		kobject_put(kobj->parent);
		kobj->parent = NULL;
		return err;
	}
	kobj->state_in_sysfs = 1;
	kobj_kset_join(kobj);
	err = sysfs_create_groups(kobj, kobj->ktype->default_groups);
	if (err) {
		kobject_del(kobj);
		return err;
	}
	return 0;
}

int kobject_add(struct kobject *kobj, struct kobject *parent, const char *fmt, ...)
{
	va_list ap;
	int err;

	va_start(ap, fmt);
	err = kobject_vadd(kobj, parent, fmt, ap);
	va_end(ap);
	return err;
}

int kobject_init_and_add(struct kobject *kobj, const struct kobj_type *ktype,
			 struct kobject *parent, const char *fmt, ...)
{
	va_list ap;
	int err;

	kobject_init(kobj, ktype);
	va_start(ap, fmt);
	err = kobject_vadd(kobj, parent, fmt, ap);
	va_end(ap);
	return err;
}

/*
 * A new name, or a new parent, for an added kobject with a parent: its
 * directory (with everything in it) moves; a KOBJ_MOVE uevent follows, as
 * lib/kobject.c sends it (no one receives it here).
 */
int kobject_rename(struct kobject *kobj, const char *new_name)
{
	char from[200], to[200];
	char *name;
	int err;

	if (!kobj || !kobj->parent)
		return -EINVAL;
	if (!new_name || !*new_name || strchr(new_name, '/'))
		return -EINVAL;
	kobj_dir(kobj, from, sizeof(from));
	strscpy(to, from, sizeof(to));
	*strrchr(to, '/') = '\0';
	strlcat(to, "/", sizeof(to));
	strlcat(to, new_name, sizeof(to));
	name = kstrdup(new_name, GFP_KERNEL);
	if (!name)
		return -ENOMEM;
	err = qdk_node_rename(from, to);
	if (err) {
		kfree(name);
		return err;
	}
	kfree(kobj->__qdk_name);
	kobj->__qdk_name = name;
	kobj->name = name;
	kobject_uevent(kobj, KOBJ_MOVE);
	return 0;
}

int kobject_move(struct kobject *kobj, struct kobject *new_parent)
{
	char from[200], to[200];
	int err;

	kobj = kobject_get(kobj);
	if (!kobj)
		return -EINVAL;
	new_parent = kobject_get(new_parent);
	if (!new_parent && kobj->kset)
		new_parent = kobject_get(&kobj->kset->kobj);
	err = -EINVAL;
	/* a device's directory follows dev->parent, which only device_move() changes */
	if (!kobj->parent || is_device_kobj(kobj))
		goto out;
	kobj_dir(kobj, from, sizeof(from));
	if (new_parent)
		kobj_dir(new_parent, to, sizeof(to));
	else
		strscpy(to, "/sys", sizeof(to));
	strlcat(to, "/", sizeof(to));
	strlcat(to, kobject_name(kobj), sizeof(to));
	err = qdk_node_rename(from, to);
	if (err)
		goto out;
	kobject_put(kobj->parent);
	kobj->parent = new_parent;
	new_parent = NULL;
	kobject_uevent(kobj, KOBJ_MOVE);
out:
	kobject_put(new_parent);
	kobject_put(kobj);
	return err;
}

/* a kset's member is on its list (holding a reference) while added */
static void kobj_kset_join(struct kobject *kobj)
{
	if (!kobj->kset)
		return;
	kset_get(kobj->kset);
	spin_lock(&kobj->kset->list_lock);
	list_add_tail(&kobj->entry, &kobj->kset->list);
	spin_unlock(&kobj->kset->list_lock);
}

static void kobj_kset_leave(struct kobject *kobj)
{
	if (!kobj->kset)
		return;
	spin_lock(&kobj->kset->list_lock);
	list_del_init(&kobj->entry);
	spin_unlock(&kobj->kset->list_lock);
	kset_put(kobj->kset);
}

/* its files and directory (and what is below it) go; the parent's reference too */
void kobject_del(struct kobject *kobj)
{
	struct attr_file *af, *tmp;
	struct qdk_node *n;
	char path[200];

	if (!kobj || !kobj->state_in_sysfs)
		return;
	list_for_each_entry_safe(af, tmp, &kobj_attrs, list)
		if (af->kobj == kobj)
			attr_file_free(af);
	kobj_dir(kobj, path, sizeof(path));
	n = qdk_node_lookup(path);
	if (n)
		qdk_node_remove(n);
	kobj->state_in_sysfs = 0;
	kobj_kset_leave(kobj);
	kobject_put(kobj->parent);
	kobj->parent = NULL;
}

struct kobject *kobject_get(struct kobject *kobj)
{
	if (kobj) {
		WARN(!kobj->state_initialized,
		     "kobject: '%s' (%p): is not initialized, yet kobject_get() is being called.\n",
		     kobject_name(kobj), kobj);
		kref_get(&kobj->kref);
	}
	return kobj;
}

struct kobject *kobject_get_unless_zero(struct kobject *kobj)
{
	if (!kobj)
		return NULL;
	return kref_get_unless_zero(&kobj->kref) ? kobj : NULL;
}

static void kobject_release(struct kref *kref)
{
	struct kobject *kobj = container_of(kref, struct kobject, kref);
	const struct kobj_type *t = kobj->ktype;
	char *name = kobj->__qdk_name;

	/* still in sysfs at the last put: taken out first, as the kernel does */
	if (kobj->state_in_sysfs && !is_device_kobj(kobj))
		kobject_del(kobj);
	kobj->__qdk_name = NULL;
	if (t && t->release)
		t->release(kobj);
	kfree(name);
}

void kobject_put(struct kobject *kobj)
{
	if (!kobj)
		return;
	if (!kobj->state_initialized)
		WARN(1, "kobject: '%s' (%p): is not initialized, yet kobject_put() is being called.\n",
		     kobject_name(kobj), kobj);
	kref_put(&kobj->kref, kobject_release);
}

char *kobject_get_path(const struct kobject *kobj, gfp_t gfp)
{
	char path[200];

	kobj_dir(kobj, path, sizeof(path));
	return kstrdup(path + strlen("/sys"), gfp);
}

static void dynamic_kobj_release(struct kobject *kobj)
{
	kfree(kobj);
}

static const struct kobj_type dynamic_kobj_ktype = {
	.release	= dynamic_kobj_release,
	.sysfs_ops	= &kobj_sysfs_ops,
};

struct kobject *kobject_create_and_add(const char *name, struct kobject *parent)
{
	struct kobject *kobj = kzalloc(sizeof(*kobj), GFP_KERNEL);

	if (!kobj)
		return NULL;
	kobject_init(kobj, &dynamic_kobj_ktype);
	if (kobject_add(kobj, parent, "%s", name)) {
		kobject_put(kobj);
		return NULL;
	}
	return kobj;
}

/* ---- ksets ------------------------------------------------------------------ */

/* its kobject is initialised here; its ktype (and name) are the caller's */
void kset_init(struct kset *k)
{
	kref_init(&k->kobj.kref);
	INIT_LIST_HEAD(&k->kobj.entry);
	k->kobj.state_in_sysfs = 0;
	k->kobj.state_initialized = 1;
	INIT_LIST_HEAD(&k->list);
	spin_lock_init(&k->list_lock);
}

/* added under its parent (or its own kset) with the name it was given */
int kset_register(struct kset *k)
{
	int err;

	if (!k || !k->kobj.ktype)
		return -EINVAL;
	if (!k->kobj.name)
		return -EINVAL;
	kset_init(k);
	err = kobject_add(&k->kobj, k->kobj.parent, "%s", k->kobj.name);
	if (err)
		return err;
	kobject_uevent(&k->kobj, KOBJ_ADD);
	return 0;
}

void kset_unregister(struct kset *k)
{
	if (!k)
		return;
	kobject_del(&k->kobj);
	kobject_put(&k->kobj);
}

struct kobject *kset_find_obj(struct kset *kset, const char *name)
{
	struct kobject *k, *ret = NULL;

	spin_lock(&kset->list_lock);
	list_for_each_entry(k, &kset->list, entry) {
		if (kobject_name(k) && !strcmp(kobject_name(k), name)) {
			ret = kobject_get_unless_zero(k);
			break;
		}
	}
	spin_unlock(&kset->list_lock);
	return ret;
}

static void kset_release(struct kobject *kobj)
{
	kfree(container_of(kobj, struct kset, kobj));
}

static const struct kobj_type kset_ktype = {
	.release	= kset_release,
	.sysfs_ops	= &kobj_sysfs_ops,
};

struct kset *kset_create_and_add(const char *name, const struct kset_uevent_ops *uevent_ops,
				 struct kobject *parent_kobj)
{
	struct kset *kset = kzalloc(sizeof(*kset), GFP_KERNEL);

	if (!kset)
		return NULL;
	if (kobject_set_name(&kset->kobj, "%s", name)) {
		kfree(kset);
		return NULL;
	}
	kset->uevent_ops = uevent_ops;
	kset->kobj.parent = parent_kobj;
	kset->kobj.ktype = &kset_ktype;
	if (kset_register(kset)) {
		kfree(kset->kobj.__qdk_name);
		kfree(kset);
		return NULL;
	}
	return kset;
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
			attr_file_free(af);
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
	return attr_file_add(af, dir, attr->attr.mode, &class_attrs);
}

void class_remove_file_ns(QDK_CLASS *cls, const struct class_attribute *attr, const void *ns)
{
	struct attr_file *af;

	list_for_each_entry(af, &class_attrs, list)
		if (af->cls == cls && af->attr == &attr->attr) {
			attr_file_free(af);
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
	struct list_head *l = pos ? pos->__qdk_list.next : devices.next;

	for (; l != &devices; l = l->next) {
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

static void devres_release_all(struct device *dev);

static void device_release(struct kobject *kobj)
{
	struct device *dev = container_of(kobj, struct device, kobj);

	devres_release_all(dev);
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
	device_dir(dev, path, sizeof(path));
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
	list_add_tail(&dev->__qdk_list, &devices);
	class_intfs_add_dev(dev);
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
	class_intfs_remove_dev(dev);
	list_for_each_entry_safe(af, tmp, &dev->__qdk_attrs, list)
		attr_file_free(af);
	device_dir(dev, path, sizeof(path));
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

	list_for_each_entry_safe(dev, tmp, &devices, __qdk_list)
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

	list_for_each_entry_safe_reverse(dev, tmp, &devices, __qdk_list)
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

	list_for_each_entry_safe_reverse(dev, tmp, &devices, __qdk_list) {
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

	list_for_each_entry(dev, &devices, __qdk_list)
		if (dev->parent == parent && match(dev, data))
			return get_device(dev);
	return NULL;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* the oldest child, with a reference */
struct device *device_find_any_child(struct device *parent)
{
	struct device *dev;

	list_for_each_entry(dev, &devices, __qdk_list)
		if (dev->parent == parent)
			return get_device(dev);
	return NULL;
}
#endif

struct device *device_find_child_by_name(struct device *parent, const char *name)
{
	struct device *dev;

	list_for_each_entry(dev, &devices, __qdk_list)
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

/* ---- managed resources (drivers/base/devres.c) --------------------------------- */

/*
 * A device's resources and group markers, newest first in __qdk_devres
 * (the kernel appends and walks backwards: the same order). A resource's
 * data follows its node; devres_alloc() hands out the data, unlisted until
 * devres_add(). A group is a pair of markers: the open marker, listed when
 * the group is opened, and the close marker, listed when it is closed; its
 * resources are the nodes between them (newer than the open marker).
 */
enum devres_kind {
	DEVRES_RESOURCE,
	DEVRES_GROUP_OPEN,
	DEVRES_GROUP_CLOSE,
};

struct devres {
	struct list_head list;
	enum devres_kind kind;
	dr_release_t release;
	const char *name;
	size_t size;
	size_t room;			/* the data's room, as the kernel's slab has it */
	void *id;			/* a group's id */
	struct devres *pair;		/* a marker's other marker (open: NULL until closed) */
	bool in_range;			/* devres_release_group()'s scratch */
	u8 data[] __aligned(16);
};

#define devres_of(res) container_of((u8 *)(res), struct devres, data[0])

/*
 * The kernel's node before the data (list, release, name, size): its
 * allocation is that plus the data, rounded up to a kmalloc bucket, and
 * devm_krealloc() keeps a resource where it is while the bucket has room.
 */
#define KERNEL_DEVRES_HDR	40

static struct devres *alloc_dr(dr_release_t release, size_t size, gfp_t gfp, const char *name)
{
	struct devres *dr;
	size_t tot, room;

	if (unlikely(check_add_overflow((size_t)KERNEL_DEVRES_HDR, size, &tot)))
		return NULL;
	room = kmalloc_size_roundup(tot) - KERNEL_DEVRES_HDR;
	if (unlikely(room < size || check_add_overflow(sizeof(*dr), room, &tot)))
		return NULL;
	dr = kmalloc(tot, gfp);
	if (unlikely(!dr))
		return NULL;
	memset(dr, 0, offsetof(struct devres, data));
	INIT_LIST_HEAD(&dr->list);
	dr->kind = DEVRES_RESOURCE;
	dr->release = release;
	dr->name = name;
	dr->size = size;
	dr->room = room;
	return dr;
}

void *__devres_alloc_node(dr_release_t release, size_t size, gfp_t gfp, int nid,
			  const char *name)
{
	struct devres *dr = alloc_dr(release, size, gfp | __GFP_ZERO, name);

	return dr ? dr->data : NULL;
}

void devres_free(void *res)
{
	struct devres *dr;

	if (!res)
		return;
	dr = devres_of(res);
	WARN_ON(!list_empty(&dr->list));	/* still added to a device */
	kfree(dr);
}

void devres_add(struct device *dev, void *res)
{
	list_add(&devres_of(res)->list, &dev->__qdk_devres);
}

/* the newest resource of release that match accepts */
static struct devres *find_dr(struct device *dev, dr_release_t release, dr_match_t match,
			      void *match_data)
{
	struct devres *dr;

	list_for_each_entry(dr, &dev->__qdk_devres, list) {
		if (dr->kind != DEVRES_RESOURCE || dr->release != release)
			continue;
		if (match && !match(dev, dr->data, match_data))
			continue;
		return dr;
	}
	return NULL;
}

void devres_for_each_res(struct device *dev, dr_release_t release, dr_match_t match,
			 void *match_data, void (*fn)(struct device *, void *, void *),
			 void *data)
{
	struct devres *dr, *tmp;

	if (!fn)
		return;
	list_for_each_entry_safe(dr, tmp, &dev->__qdk_devres, list) {
		if (dr->kind != DEVRES_RESOURCE || dr->release != release)
			continue;
		if (match && !match(dev, dr->data, match_data))
			continue;
		fn(dev, dr->data, data);
	}
}

void *devres_find(struct device *dev, dr_release_t release, dr_match_t match,
		  void *match_data)
{
	struct devres *dr = find_dr(dev, release, match, match_data);

	return dr ? dr->data : NULL;
}

/* the resource already there, new_res freed; or new_res, added */
void *devres_get(struct device *dev, void *new_res, dr_match_t match, void *match_data)
{
	struct devres *new_dr = devres_of(new_res);
	struct devres *dr = find_dr(dev, new_dr->release, match, match_data);

	if (!dr) {
		list_add(&new_dr->list, &dev->__qdk_devres);
		return new_res;
	}
	devres_free(new_res);
	return dr->data;
}

void *devres_remove(struct device *dev, dr_release_t release, dr_match_t match,
		    void *match_data)
{
	struct devres *dr = find_dr(dev, release, match, match_data);

	if (!dr)
		return NULL;
	list_del_init(&dr->list);
	return dr->data;
}

int devres_destroy(struct device *dev, dr_release_t release, dr_match_t match,
		   void *match_data)
{
	void *res = devres_remove(dev, release, match, match_data);

	if (unlikely(!res))
		return -ENOENT;
	devres_free(res);
	return 0;
}

int devres_release(struct device *dev, dr_release_t release, dr_match_t match,
		   void *match_data)
{
	void *res = devres_remove(dev, release, match, match_data);

	if (unlikely(!res))
		return -ENOENT;
	release(dev, res);
	devres_free(res);
	return 0;
}

static void release_dr(struct device *dev, struct devres *dr)
{
	if (dr->kind == DEVRES_RESOURCE && dr->release)
		dr->release(dev, dr->data);
	kfree(dr);
}

static void devres_release_all(struct device *dev)
{
	struct devres *dr, *tmp;

	list_for_each_entry_safe(dr, tmp, &dev->__qdk_devres, list) {
		list_del(&dr->list);
		release_dr(dev, dr);
	}
}

static struct devres *new_marker(enum devres_kind kind, gfp_t gfp)
{
	struct devres *m = alloc_dr(NULL, 0, gfp, kind == DEVRES_GROUP_OPEN ?
				    "grp<" : "grp>");

	if (m)
		m->kind = kind;
	return m;
}

void *devres_open_group(struct device *dev, void *id, gfp_t gfp)
{
	struct devres *open = new_marker(DEVRES_GROUP_OPEN, gfp);

	if (unlikely(!open))
		return NULL;
	open->id = id ? id : open;
	list_add(&open->list, &dev->__qdk_devres);
	return open->id;
}

/* the group of id, or with a NULL id the newest group still open */
static struct devres *find_group(struct device *dev, void *id)
{
	struct devres *dr;

	list_for_each_entry(dr, &dev->__qdk_devres, list) {
		if (dr->kind != DEVRES_GROUP_OPEN)
			continue;
		if (id ? dr->id == id : !dr->pair)
			return dr;
	}
	return NULL;
}

void devres_close_group(struct device *dev, void *id)
{
	struct devres *open = find_group(dev, id), *close;

	if (WARN_ON(!open) || WARN_ON(open->pair))
		return;
	close = new_marker(DEVRES_GROUP_CLOSE, GFP_KERNEL);
	if (!close)
		return;
	close->pair = open;
	open->pair = close;
	list_add(&close->list, &dev->__qdk_devres);
}

/* the group's markers go; its resources stay, now outside any group */
void devres_remove_group(struct device *dev, void *id)
{
	struct devres *open = find_group(dev, id);

	if (WARN_ON(!open))
		return;
	if (open->pair) {
		list_del(&open->pair->list);
		kfree(open->pair);
	}
	list_del(&open->list);
	kfree(open);
}

/*
 * Release the group's resources, newest first, and the groups nested whole
 * inside it; a group only partly inside keeps its markers. The number of
 * resources released.
 */
int devres_release_group(struct device *dev, void *id)
{
	struct devres *open = find_group(dev, id), *dr, *tmp;
	struct list_head *pos, *end;
	LIST_HEAD(todo);
	int cnt = 0;

	if (WARN_ON(!open))
		return 0;
	end = open->pair ? &open->pair->list : &dev->__qdk_devres;

	/* the nodes newer than the open marker, up to the close marker */
	for (pos = open->list.prev; pos != end; pos = pos->prev)
		list_entry(pos, struct devres, list)->in_range = true;

	for (pos = open->list.prev; pos != end; pos = tmp ? &tmp->list : NULL) {
		dr = list_entry(pos, struct devres, list);
		tmp = pos->prev != end ? list_entry(pos->prev, struct devres, list) : NULL;
		if (dr->kind == DEVRES_RESOURCE ||
		    (dr->pair && dr->pair->in_range)) {
			list_move(&dr->list, &todo);	/* todo: newest first */
			if (dr->kind == DEVRES_RESOURCE)
				cnt++;
		}
		if (!tmp)
			break;
	}
	list_for_each_entry(dr, &dev->__qdk_devres, list)
		dr->in_range = false;
	list_for_each_entry_safe(dr, tmp, &todo, list) {
		list_del(&dr->list);
		release_dr(dev, dr);
	}
	devres_remove_group(dev, open->id);
	return cnt;
}

/* managed memory: a resource whose release does nothing (kfree follows) */
static void devm_kmalloc_release(struct device *dev, void *res)
{
}

static int devm_kmalloc_match(struct device *dev, void *res, void *data)
{
	return res == data;
}

void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp)
{
	struct devres *dr;

	if (unlikely(!size))
		return ZERO_SIZE_PTR;
	dr = alloc_dr(devm_kmalloc_release, size, gfp, "devm_kzalloc_release");
	if (unlikely(!dr))
		return NULL;
	list_add(&dr->list, &dev->__qdk_devres);
	return dr->data;
}

void devm_kfree(struct device *dev, const void *p)
{
	if (unlikely(ZERO_OR_NULL_PTR(p)))
		return;
	/* not managed memory of this device */
	WARN_ON(devres_destroy(dev, devm_kmalloc_release, devm_kmalloc_match, (void *)p));
}

/*
 * The data moved into a larger resource at the same place in the list, or
 * kept where its allocation already has the room (as ksize() tells the
 * kernel); NULL with ptr untouched on failure, ZERO_SIZE_PTR for size 0.
 */
void *devm_krealloc(struct device *dev, void *ptr, size_t new_size, gfp_t gfp)
{
	struct devres *old_dr, *new_dr;

	if (unlikely(!new_size)) {
		devm_kfree(dev, ptr);
		return ZERO_SIZE_PTR;
	}
	if (unlikely(ZERO_OR_NULL_PTR(ptr)))
		return devm_kmalloc(dev, new_size, gfp);

	old_dr = find_dr(dev, devm_kmalloc_release, devm_kmalloc_match, ptr);
	if (WARN_ON(!old_dr))	/* not managed memory of this device */
		return NULL;
	if (new_size <= old_dr->room) {
		if (new_size > old_dr->size && (gfp & __GFP_ZERO))
			memset(old_dr->data + old_dr->size, 0, new_size - old_dr->size);
		old_dr->size = new_size;
		return ptr;
	}
	new_dr = alloc_dr(devm_kmalloc_release, new_size, gfp, "devm_kzalloc_release");
	if (!new_dr)
		return NULL;
	memcpy(new_dr->data, old_dr->data, min(old_dr->size, new_size));
	list_replace(&old_dr->list, &new_dr->list);
	kfree(old_dr);
	return new_dr->data;
}

char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp)
{
	size_t size;
	char *buf;

	if (!s)
		return NULL;
	size = strlen(s) + 1;
	buf = devm_kmalloc(dev, size, gfp);
	if (buf)
		memcpy(buf, s, size);
	return buf;
}

/* the kernel hands back a string in .rodata itself; the shim always copies
 * (devm_kfree() of either is right)
 */
const char *devm_kstrdup_const(struct device *dev, const char *s, gfp_t gfp)
{
	return devm_kstrdup(dev, s, gfp);
}

void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp)
{
	void *p = devm_kmalloc(dev, len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}

char *devm_kvasprintf(struct device *dev, gfp_t gfp, const char *fmt, va_list ap)
{
	va_list aq;
	int len;
	char *p;

	va_copy(aq, ap);
	len = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	p = devm_kmalloc(dev, len + 1, gfp);
	if (!p)
		return NULL;
	vsnprintf(p, len + 1, fmt, ap);
	return p;
}

char *devm_kasprintf(struct device *dev, gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = devm_kvasprintf(dev, gfp, fmt, ap);
	va_end(ap);
	return p;
}

/* pages: the address and order, freed at release */
struct pages_devres {
	unsigned long addr;
	unsigned int order;
};

static void devm_pages_release(struct device *dev, void *res)
{
	struct pages_devres *devres = res;

	free_pages(devres->addr, devres->order);
}

static int devm_pages_match(struct device *dev, void *res, void *p)
{
	return ((struct pages_devres *)res)->addr == ((struct pages_devres *)p)->addr;
}

unsigned long devm_get_free_pages(struct device *dev, gfp_t gfp_mask, unsigned int order)
{
	struct pages_devres *devres;
	unsigned long addr = __get_free_pages(gfp_mask, order);

	if (unlikely(!addr))
		return 0;
	devres = devres_alloc(devm_pages_release, sizeof(*devres), GFP_KERNEL);
	if (unlikely(!devres)) {
		free_pages(addr, order);
		return 0;
	}
	devres->addr = addr;
	devres->order = order;
	devres_add(dev, devres);
	return addr;
}

void devm_free_pages(struct device *dev, unsigned long addr)
{
	struct pages_devres devres = { .addr = addr };

	WARN_ON(devres_release(dev, devm_pages_release, devm_pages_match, &devres));
}

/* per-CPU memory (one CPU: one copy), freed at release */
static void devm_percpu_release(struct device *dev, void *pdata)
{
	free_percpu(*(void __percpu **)pdata);
}

static int devm_percpu_match(struct device *dev, void *data, void *p)
{
	return *(void **)data == p;
}

void __percpu *__devm_alloc_percpu(struct device *dev, size_t size, size_t align)
{
	void __percpu **p = devres_alloc(devm_percpu_release, sizeof(void *), GFP_KERNEL);
	void __percpu *pcpu;

	if (!p)
		return NULL;
	pcpu = __alloc_percpu(size, align);
	if (!pcpu) {
		devres_free(p);
		return NULL;
	}
	*p = pcpu;
	devres_add(dev, p);
	return pcpu;
}

void devm_free_percpu(struct device *dev, void __percpu *pdata)
{
	WARN_ON(devres_destroy(dev, devm_percpu_release, devm_percpu_match, (void *)pdata));
	free_percpu(pdata);
}

/* actions: the function and its argument, called at release */
struct action_devres {
	void *data;
	void (*action)(void *);
};

static int devm_action_match(struct device *dev, void *res, void *p)
{
	struct action_devres *devres = res, *target = p;

	return devres->action == target->action && devres->data == target->data;
}

static void devm_action_release(struct device *dev, void *res)
{
	struct action_devres *devres = res;

	devres->action(devres->data);
}

int __devm_add_action(struct device *dev, void (*action)(void *), void *data, const char *name)
{
	struct action_devres *devres = __devres_alloc_node(devm_action_release, sizeof(*devres),
							   GFP_KERNEL, NUMA_NO_NODE, name);

	if (!devres)
		return -ENOMEM;
	devres->data = data;
	devres->action = action;
	devres_add(dev, devres);
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* 6.1's function; from 6.12 a macro naming the action */
int devm_add_action(struct device *dev, void (*action)(void *), void *data)
{
	return __devm_add_action(dev, action, data, "devm_action_release");
}
#endif

void devm_remove_action(struct device *dev, void (*action)(void *), void *data)
{
	struct action_devres devres = { .data = data, .action = action };

	WARN_ON(devres_destroy(dev, devm_action_release, devm_action_match, &devres));
}

void devm_release_action(struct device *dev, void (*action)(void *), void *data)
{
	struct action_devres devres = { .data = data, .action = action };

	WARN_ON(devres_release(dev, devm_action_release, devm_action_match, &devres));
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

void __iomem *devm_ioremap_resource(struct device *dev, const struct resource *res)
{
	QDK_UNMODELLED(devm_ioremap_resource, "no device memory (MMIO) in user space");
}

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

static void devm_mutex_release(void *res)
{
	mutex_destroy(res);
}

int __devm_mutex_init(struct device *dev, struct mutex *lock)
{
	return devm_add_action_or_reset(dev, devm_mutex_release, lock);
}

/* ---- class interfaces (drivers/base/class.c) -------------------------------- */

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
static void class_intfs_add_dev(struct device *dev)
{
	struct class_interface *intf;

	list_for_each_entry(intf, &class_interfaces, node)
		if (dev->class && intf->class == dev->class)
			class_intf_add(intf, dev);
}

static void class_intfs_remove_dev(struct device *dev)
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
	list_for_each_entry(dev, &devices, __qdk_list)
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
	list_for_each_entry(dev, &devices, __qdk_list)
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
	device_dir(dev, from, sizeof(from));
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
