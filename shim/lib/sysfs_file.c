// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs_file.c - attribute files (the kernel's fs/sysfs/file.c; named
 * after its folder, as the kernel has more than one file.c): a read calls
 * show() with a zeroed PAGE_SIZE buffer (what it returns, at most
 * PAGE_SIZE, is the file); a write calls store() with the bytes written,
 * NUL-terminated, at offset 0 only (sysfs's rules); binary attributes;
 * sysfs_emit().
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

LIST_HEAD(qdk_kobj_attrs);

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

/* a file in dir for attr with mode; af filled by the caller but for node */
int qdk_attr_file_add(struct attr_file *af, const char *dir, umode_t mode,
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

void qdk_attr_file_free(struct attr_file *af)
{
	qdk_node_remove(af->node);
	list_del(&af->list);
	kfree(af);
}

int qdk_kobj_attr_add(struct kobject *kobj, const struct attribute *attr, umode_t mode,
		      const struct attribute_group *grp, const char *dir)
{
	struct attr_file *af;

	if (qdk_is_device_kobj(kobj))
		return qdk_dev_attr_add(container_of(kobj, struct device, kobj), attr, mode, grp,
					dir);
	af = kzalloc(sizeof(*af), GFP_KERNEL);
	if (!af)
		return -ENOMEM;
	af->kobj = kobj;
	af->attr = attr;
	af->grp = grp;
	return qdk_attr_file_add(af, dir, mode, &qdk_kobj_attrs);
}

struct list_head *qdk_kobj_files(struct kobject *kobj)
{
	return qdk_is_device_kobj(kobj) ? &container_of(kobj, struct device, kobj)->__qdk_attrs
				    : &qdk_kobj_attrs;
}

/* a binary attribute's file of size bytes in dir */
int qdk_bin_file_add(struct kobject *kobj, const struct bin_attribute *battr, umode_t mode,
		     size_t size, const struct attribute_group *grp, const char *dir)
{
	struct qdk_node tmpl = { .fops = &bin_fops, .mode = mode & 0777, .size = size };
	struct attr_file *af = kzalloc(sizeof(*af), GFP_KERNEL);

	if (!af)
		return -ENOMEM;
	if (qdk_is_device_kobj(kobj))
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
	list_add_tail(&af->list, qdk_kobj_files(kobj));
	return 0;
}

bool qdk_attr_file_of(const struct attr_file *af, const struct kobject *kobj)
{
	return af->kobj == kobj || (af->dev && &af->dev->kobj == kobj);
}

int sysfs_create_file(struct kobject *kobj, const struct attribute *attr)
{
	char dir[200];

	if (!kobj || !attr)
		return -EINVAL;
	qdk_kobj_dir(kobj, dir, sizeof(dir));
	return qdk_kobj_attr_add(kobj, attr, attr->mode, NULL, dir);
}

void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, qdk_kobj_files(kobj), list)
		if (af->attr == attr && !af->grp && qdk_attr_file_of(af, kobj)) {
			qdk_attr_file_free(af);
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

struct attr_file *qdk_attr_file_find(struct kobject *kobj, const struct attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, qdk_kobj_files(kobj), list)
		if (af->attr == attr && qdk_attr_file_of(af, kobj))
			return af;
	return NULL;
}

int sysfs_create_bin_file(struct kobject *kobj, const struct bin_attribute *attr)
{
	char dir[200];

	if (!kobj || !attr)
		return -EINVAL;
	qdk_kobj_dir(kobj, dir, sizeof(dir));
	return qdk_bin_file_add(kobj, attr, attr->attr.mode, attr->size, NULL, dir);
}

void sysfs_remove_bin_file(struct kobject *kobj, const struct bin_attribute *attr)
{
	struct attr_file *af;

	list_for_each_entry(af, qdk_kobj_files(kobj), list)
		if (af->bin == attr && !af->grp && qdk_attr_file_of(af, kobj)) {
			qdk_attr_file_free(af);
			return;
		}
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
ssize_t sysfs_bin_attr_simple_read(struct file *file, struct kobject *kobj,
				   __QDK_BIN_ATTR *attr, char *buf, loff_t off, size_t count)
{
	memcpy(buf, (const char *)attr->private + off, count);
	return count;
}
#endif

/* the file's permission bits; -ENOENT for an attribute without a file */
int sysfs_chmod_file(struct kobject *kobj, const struct attribute *attr, umode_t mode)
{
	struct attr_file *af = qdk_attr_file_find(kobj, attr);

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

/* attr into the existing group directory (the object's own for NULL) */
int sysfs_add_file_to_group(struct kobject *kobj, const struct attribute *attr,
			    const char *group)
{
	char dir[200];

	qdk_group_dir(kobj, group, dir, sizeof(dir));
	if (group && !qdk_node_lookup(dir))
		return -ENOENT;
	return qdk_kobj_attr_add(kobj, attr, attr->mode, NULL, dir);
}

void sysfs_remove_file_from_group(struct kobject *kobj, const struct attribute *attr,
				  const char *group)
{
	struct attr_file *af = qdk_attr_file_find(kobj, attr);

	if (af)
		qdk_attr_file_free(af);
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
