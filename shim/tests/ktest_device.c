// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_device.c - the device model's life cycle and sysfs: classes (6.1's
 * class_create() macro), device_create_with_groups() with named and
 * is_visible() groups, DEVICE_ATTR_* and DEVICE_INT_ATTR files, class
 * attributes, get_device()/put_device() and release, devm_ resources,
 * class_find_device*(), children, dev_printk.
 */
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/kernel.h>
#include <linux/kref.h>
#include <linux/slab.h>
#include <linux/version.h>

#include "ktest.h"
#include "shim.h"
#include "../api/qdk_api.h"

static int kt_val = 5;
static int kt_released;

static ssize_t speed_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", *(int *)dev_get_drvdata(dev));
}

static ssize_t speed_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	int err = kstrtoint(buf, 0, (int *)dev_get_drvdata(dev));

	return err ? err : count;
}
static DEVICE_ATTR_RW(speed);

static ssize_t name_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", dev_name(dev));
}
static DEVICE_ATTR_RO(name);

static ssize_t hidden_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "secret\n");
}
static DEVICE_ATTR_ADMIN_RO(hidden);

static int kt_knob;
static DEVICE_INT_ATTR(knob, 0644, kt_knob);

static struct attribute *kt_attrs[] = {
	&dev_attr_speed.attr,
	&dev_attr_name.attr,
	NULL,
};
ATTRIBUTE_GROUPS(kt);

static umode_t kt_stats_visible(struct kobject *kobj, struct attribute *attr, int n)
{
	struct device *dev = kobj_to_dev(kobj);

	/* the hidden file only for device "kt1" */
	if (attr == &dev_attr_hidden.attr && strcmp(dev_name(dev), "kt1"))
		return 0;
	return attr->mode;
}

static struct attribute *kt_stats_attrs[] = {
	&dev_attr_hidden.attr,
	&dev_attr_knob.attr.attr,
	NULL,
};

static const struct attribute_group kt_stats_group = {
	.name = "stats",
	.is_visible = kt_stats_visible,
	.attrs = kt_stats_attrs,
};

static const struct attribute_group *kt_all_groups[] = { &kt_group, &kt_stats_group, NULL };

static long kt_read(const char *path, char *buf, size_t len)
{
	struct qdk_file *f;
	long n;
	int err = qdk_file_open(path, O_RDONLY, &f);

	if (err)
		return err;
	n = qdk_file_read(f, buf, len - 1);
	buf[n > 0 ? n : 0] = '\0';
	qdk_file_close(f);
	return n;
}

static long kt_write(const char *path, const char *s)
{
	struct qdk_file *f;
	long n;
	int err = qdk_file_open(path, O_WRONLY, &f);

	if (err)
		return err;
	n = qdk_file_write(f, s, strlen(s));
	qdk_file_close(f);
	return n;
}

static struct class *kt_new_class(const char *name)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return class_create(name);
#else
	return class_create(THIS_MODULE, name);
#endif
}

KTEST(device, groups_and_attributes)
{
	struct class *cls = kt_new_class("ktc");
	struct device *d1, *d2;
	char buf[64];

	KT_ASSERT(!IS_ERR(cls), "class");
	d1 = device_create_with_groups(cls, NULL, MKDEV(240, 1), &kt_val, kt_all_groups, "kt%d", 1);
	d2 = device_create_with_groups(cls, NULL, 0, &kt_val, kt_all_groups, "kt%d", 2);
	KT_ASSERT(!IS_ERR(d1) && !IS_ERR(d2), "devices");
	KT_ASSERT(device_is_registered(d1), "registered");
	KT_EQ(kt_read("/sys/class/ktc/kt1/speed", buf, sizeof(buf)), 2);
	KT_STREQ(buf, "5\n");
	KT_EQ(kt_write("/sys/class/ktc/kt1/speed", "0x10"), 4);
	KT_EQ(kt_val, 16);
	KT_EQ(kt_read("/sys/class/ktc/kt2/name", buf, sizeof(buf)), 4);
	KT_STREQ(buf, "kt2\n");
	KT_EQ(kt_write("/sys/class/ktc/kt2/name", "x"), -EACCES);	/* read-only */
	/* the named group's subdirectory; is_visible() hides a file of kt2's */
	KT_EQ(kt_read("/sys/class/ktc/kt1/stats/hidden", buf, sizeof(buf)), 7);
	KT_EQ(kt_read("/sys/class/ktc/kt2/stats/hidden", buf, sizeof(buf)), -ENOENT);
	KT_EQ(kt_write("/sys/class/ktc/kt2/stats/knob", "-12"), 3);
	KT_EQ(kt_knob, -12);
	KT_EQ(kt_read("/sys/class/ktc/kt1/stats/knob", buf, sizeof(buf)), 4);
	KT_STREQ(buf, "-12\n");
	KT_EQ(kt_write("/sys/class/ktc/kt2/stats/knob", "99999999999"), -EINVAL);
	KT_ASSERT(qdk_node_lookup("/dev/kt1") && !qdk_node_lookup("/dev/kt2"), "device nodes");
	/* a group removed takes its files */
	device_remove_group(d2, &kt_stats_group);
	KT_EQ(kt_read("/sys/class/ktc/kt2/stats/knob", buf, sizeof(buf)), -ENOENT);
	KT_EQ(device_add_group(d2, &kt_stats_group), 0);
	KT_EQ(device_add_group(d2, &kt_stats_group), -EEXIST);
	KT_EQ(device_add_groups(d2, kt_groups), -EEXIST);	/* speed is there */
	device_destroy(cls, MKDEV(240, 1));
	KT_EQ(kt_read("/sys/class/ktc/kt1/speed", buf, sizeof(buf)), -ENOENT);
	KT_ASSERT(!qdk_node_lookup("/dev/kt1"), "node gone");
	device_unregister(d2);
	class_destroy(cls);
	return 0;
}

static ssize_t version_show(__QDK_CLASS_CONST struct class *c,
			    __QDK_CLASS_CONST struct class_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s 1.0\n", c->name);
}
static CLASS_ATTR_RO(version);
static CLASS_ATTR_STRING(motd, 0444, "hello");

static int kt_count_fn(struct device *dev, void *data)
{
	(*(int *)data)++;
	return 0;
}

KTEST(device, class_attributes_and_lookup)
{
	struct class *cls = kt_new_class("ktl");
	struct device *a, *b, *found;
	struct class_dev_iter iter;
	char buf[64];
	int n = 0;

	KT_EQ(class_create_file(cls, &class_attr_version), 0);
	KT_EQ(class_create_file(cls, &class_attr_motd.attr), 0);
	KT_EQ(kt_read("/sys/class/ktl/version", buf, sizeof(buf)), 8);
	KT_STREQ(buf, "ktl 1.0\n");
	KT_EQ(kt_read("/sys/class/ktl/motd", buf, sizeof(buf)), 6);
	KT_STREQ(buf, "hello\n");
	a = device_create(cls, NULL, MKDEV(241, 0), NULL, "ka");
	b = device_create(cls, a, MKDEV(241, 1), NULL, "kb");
	found = class_find_device_by_name(cls, "kb");
	KT_ASSERT(found == b, "by name");
	KT_EQ(kref_read(&b->kobj.kref), 2);		/* the lookup's reference */
	put_device(found);
	KT_ASSERT(class_find_device_by_devt(cls, MKDEV(241, 0)) == a, "by devt");
	put_device(a);
	KT_ASSERT(!class_find_device_by_devt(cls, MKDEV(241, 7)), "no such devt");
	class_for_each_device(cls, NULL, &n, kt_count_fn);
	KT_EQ(n, 2);
	class_dev_iter_init(&iter, cls, a, NULL);	/* after a */
	KT_ASSERT(class_dev_iter_next(&iter) == b && !class_dev_iter_next(&iter), "iter");
	class_dev_iter_exit(&iter);
	found = device_find_child_by_name(a, "kb");
	KT_ASSERT(found == b, "child");
	put_device(found);
	n = 0;
	device_for_each_child(a, &n, kt_count_fn);
	KT_EQ(n, 1);
	dev_info(b, "kt: an info line\n");
	dev_err(b, "kt: device %s says %d\n", dev_name(b), 42);
	dev_warn_once(NULL, "kt: no device\n");
	class_remove_file(cls, &class_attr_version);
	KT_EQ(kt_read("/sys/class/ktl/version", buf, sizeof(buf)), -ENOENT);
	KT_EQ(kref_read(&a->kobj.kref), 2);		/* its child holds one */
	device_destroy(cls, MKDEV(241, 1));
	KT_EQ(kref_read(&a->kobj.kref), 1);
	device_destroy(cls, MKDEV(241, 0));
	class_destroy(cls);
	return 0;
}

static void kt_release(struct device *dev)
{
	kt_released++;
	kfree(dev);
}

static int kt_action_runs;

static void kt_action(void *data)
{
	kt_action_runs += (long)data;
}

KTEST(device, life_cycle_and_devres)
{
	struct device *dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	unsigned long w0 = qdk_warn_count;
	char *s, *p;

	device_initialize(dev);
	dev->init_name = "ktlone";
	dev->release = kt_release;
	KT_STREQ(dev_name(dev), "ktlone");
	KT_EQ(device_add(dev), 0);
	KT_STREQ(dev_name(dev), "ktlone");
	KT_ASSERT(dev->init_name == NULL, "name taken");
	KT_ASSERT(qdk_node_lookup("/sys/devices/ktlone"), "a class-less device's directory");
	p = devm_kzalloc(dev, 32, GFP_KERNEL);
	s = devm_kasprintf(dev, GFP_KERNEL, "%s-%d", "x", 7);
	KT_STREQ(s, "x-7");
	KT_ASSERT(p && !p[31], "zeroed");
	devm_kfree(dev, p);
	{
		struct mutex *m = devm_kzalloc(dev, sizeof(*m), GFP_KERNEL);

		/* its mutex_destroy() runs before the memory goes: newest first */
		KT_EQ(devm_mutex_init(dev, m), 0);
		KT_EQ(mutex_trylock(m), 1);
		mutex_unlock(m);
	}
	KT_EQ(devm_add_action(dev, kt_action, (void *)1L), 0);
	KT_EQ(devm_add_action_or_reset(dev, kt_action, (void *)10L), 0);
	devm_release_action(dev, kt_action, (void *)10L);
	KT_EQ(kt_action_runs, 10);
	get_device(dev);
	device_unregister(dev);
	KT_EQ(kt_released, 0);			/* one reference left */
	KT_ASSERT(!device_is_registered(dev), "unregistered");
	put_device(dev);			/* devres, then release */
	KT_EQ(kt_action_runs, 11);
	KT_EQ(kt_released, 1);
	KT_EQ(qdk_warn_count, w0);

	/* no release function: the kernel's warning */
	{
		struct device stack_dev;

		memset(&stack_dev, 0, sizeof(stack_dev));
		device_initialize(&stack_dev);
		put_device(&stack_dev);
		KT_EQ(qdk_warn_count, w0 + 1);
		qdk_warn_count = w0;
	}
	return 0;
}

static int kt_kval = 3;

static ssize_t kval_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d %s\n", kt_kval, kobject_name(kobj));
}

static ssize_t kval_store(struct kobject *kobj, struct kobj_attribute *attr, const char *buf,
			  size_t count)
{
	int err = kstrtoint(buf, 10, &kt_kval);

	return err ? err : count;
}

static struct kobj_attribute kt_kval_attr = __ATTR(kval, 0644, kval_show, kval_store);
static struct kobj_attribute kt_kro_attr = __ATTR(kro, 0444, kval_show, NULL);

static struct attribute *kt_kattrs[] = { &kt_kval_attr.attr, NULL };
static const struct attribute_group kt_kgroup = { .attrs = kt_kattrs };
static const struct attribute_group *kt_kgroups[] = { &kt_kgroup, NULL };

struct kt_obj {
	struct kobject kobj;
	int released;
};

static int kt_obj_released;

static void kt_obj_release(struct kobject *kobj)
{
	kt_obj_released++;
	kfree(container_of(kobj, struct kt_obj, kobj));
}

static const struct kobj_type kt_obj_ktype = {
	.release = kt_obj_release,
	.sysfs_ops = &kobj_sysfs_ops,
	.default_groups = kt_kgroups,
};

KTEST(kobject, sysfs_files_and_life_cycle)
{
	struct kobject *dir = kobject_create_and_add("ktk", kernel_kobj);
	struct kt_obj *o = kzalloc(sizeof(*o), GFP_KERNEL);
	char buf[64], *path;

	KT_ASSERT(dir, "created");
	KT_ASSERT(!kobject_create_and_add("ktk", kernel_kobj), "a second of the name");
	KT_EQ(sysfs_create_group(dir, &kt_kgroup), 0);
	KT_EQ(sysfs_create_file(dir, &kt_kro_attr.attr), 0);
	KT_EQ(kt_read("/sys/kernel/ktk/kval", buf, sizeof(buf)), 6);
	KT_STREQ(buf, "3 ktk\n");
	KT_EQ(kt_write("/sys/kernel/ktk/kval", "42"), 2);
	KT_EQ(kt_kval, 42);
	KT_EQ(kt_write("/sys/kernel/ktk/kro", "1"), -EACCES);
	/* a kobject of its own type under it, with default groups */
	KT_EQ(kobject_init_and_add(&o->kobj, &kt_obj_ktype, dir, "obj%d", 7), 0);
	KT_EQ(kt_read("/sys/kernel/ktk/obj7/kval", buf, sizeof(buf)), 8);
	KT_STREQ(buf, "42 obj7\n");
	path = kobject_get_path(&o->kobj, GFP_KERNEL);
	KT_STREQ(path, "/kernel/ktk/obj7");
	kfree(path);
	sysfs_remove_file(dir, &kt_kro_attr.attr);
	KT_EQ(kt_read("/sys/kernel/ktk/kro", buf, sizeof(buf)), -ENOENT);
	/* the child holds its parent: the last put of both takes them away */
	kobject_put(dir);
	KT_ASSERT(qdk_node_lookup("/sys/kernel/ktk"), "held by the child");
	kobject_put(&o->kobj);
	KT_EQ(kt_obj_released, 1);
	KT_ASSERT(!qdk_node_lookup("/sys/kernel/ktk/obj7") && !qdk_node_lookup("/sys/kernel/ktk"),
		  "gone");
	return 0;
}

KTEST(kobject, kset_members)
{
	struct kset *set = kset_create_and_add("ktset", NULL, kernel_kobj);
	struct kt_obj *a = kzalloc(sizeof(*a), GFP_KERNEL);
	struct kt_obj *b = kzalloc(sizeof(*b), GFP_KERNEL);
	struct kobject *found;
	int released = kt_obj_released;

	KT_ASSERT(set, "created");
	KT_ASSERT(qdk_node_lookup("/sys/kernel/ktset"), "its directory");
	KT_ASSERT(!kset_create_and_add("ktset", NULL, kernel_kobj), "a second of the name");
	KT_ASSERT(to_kset(&set->kobj) == set && !to_kset(NULL), "to_kset");
	/* members without a parent go below the kset */
	a->kobj.kset = set;
	b->kobj.kset = set;
	KT_EQ(kobject_init_and_add(&a->kobj, &kt_obj_ktype, NULL, "a"), 0);
	KT_EQ(kobject_init_and_add(&b->kobj, &kt_obj_ktype, NULL, "b"), 0);
	KT_ASSERT(a->kobj.parent == &set->kobj, "parent is the kset");
	KT_ASSERT(qdk_node_lookup("/sys/kernel/ktset/b"), "member directory");
	KT_EQ(list_count_nodes(&set->list), 2);
	found = kset_find_obj(set, "b");
	KT_ASSERT(found == &b->kobj, "found b");
	kobject_put(found);
	KT_ASSERT(!kset_find_obj(set, "c"), "no c");
	/* a member taken away leaves the list; the kset lives while members do */
	kobject_put(&a->kobj);
	KT_EQ(kt_obj_released, released + 1);
	KT_EQ(list_count_nodes(&set->list), 1);
	KT_ASSERT(kset_get(set) == set, "kset_get");
	kset_put(set);
	/* b holds the kset: 1 of its own, 2 from b (parent and member) */
	KT_EQ(kref_read(&set->kobj.kref), 3);
	kobject_put(&b->kobj);
	KT_EQ(kt_obj_released, released + 2);
	KT_EQ(kref_read(&set->kobj.kref), 1);
	KT_EQ(list_count_nodes(&set->list), 0);
	kset_unregister(set);
	KT_ASSERT(!qdk_node_lookup("/sys/kernel/ktset"), "unregistered");
	KT_EQ(kset_register(NULL), -EINVAL);
	return 0;
}

KTEST(kobject, device_kobject_files)
{
	struct class *cls = kt_new_class("ktk2");
	struct device *d = device_create(cls, NULL, 0, &kt_val, "kd");
	char buf[64];

	/* sysfs_create_file() on a device's kobject: a device attribute */
	KT_EQ(sysfs_create_file(&d->kobj, &dev_attr_name.attr), 0);
	KT_EQ(kt_read("/sys/class/ktk2/kd/name", buf, sizeof(buf)), 3);
	KT_STREQ(buf, "kd\n");
	KT_EQ(sysfs_create_group(&d->kobj, &kt_stats_group), 0);
	sysfs_remove_group(&d->kobj, &kt_stats_group);
	sysfs_remove_file(&d->kobj, &dev_attr_name.attr);
	KT_EQ(kt_read("/sys/class/ktk2/kd/name", buf, sizeof(buf)), -ENOENT);
	device_unregister(d);
	class_destroy(cls);
	return 0;
}
