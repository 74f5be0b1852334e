// SPDX-License-Identifier: GPL-2.0
/*
 * kobject.c - kobjects and ksets (the kernel's lib/kobject.c): names, the
 * life cycle (init, add, the type's release at the last put), a directory
 * per added kobject below its parent's (or its kset's), renames and moves,
 * kobj_sysfs_ops, and sysfs's top directories (kernel_kobj ..., which the
 * kernel defines beside their subsystems).
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

/* in a kset: a device is (devices_kset in the kernel), or a kset's member */
bool qdk_kobj_in_kset(const struct kobject *kobj)
{
	for (; kobj; kobj = kobj->parent)
		if (qdk_is_device_kobj(kobj) || kobj->kset)
			return true;
	return false;
}

/* the kobject's sysfs directory */
void qdk_kobj_dir(const struct kobject *kobj, char *buf, size_t len)
{
	if (qdk_is_device_kobj(kobj)) {
		qdk_device_dir(container_of(kobj, struct device, kobj), buf, len);
	} else if (kobj->parent) {
		char pdir[200];

		qdk_kobj_dir(kobj->parent, pdir, sizeof(pdir));
		snprintf(buf, len, "%s/%s", pdir, kobject_name(kobj));
	} else {
		snprintf(buf, len, "/sys/%s", kobject_name(kobj));
	}
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
	qdk_kobj_dir(kobj, path, sizeof(path));
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
	qdk_kobj_dir(kobj, from, sizeof(from));
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
	if (!kobj->parent || qdk_is_device_kobj(kobj))
		goto out;
	qdk_kobj_dir(kobj, from, sizeof(from));
	if (new_parent)
		qdk_kobj_dir(new_parent, to, sizeof(to));
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
	list_for_each_entry_safe(af, tmp, &qdk_kobj_attrs, list)
		if (af->kobj == kobj)
			qdk_attr_file_free(af);
	qdk_kobj_dir(kobj, path, sizeof(path));
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
	if (kobj->state_in_sysfs && !qdk_is_device_kobj(kobj))
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

	qdk_kobj_dir(kobj, path, sizeof(path));
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
