/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kobject_tree.h - the kobject tree and its attribute files, shared by the
 * files that hold the device model as the kernel splits it: kobject.c
 * (lib/kobject.c: kobjects, ksets, a kobject's directory), core.c
 * (drivers/base/core.c: devices), class.c (drivers/base/class.c: classes),
 * base_devres.c (drivers/base/devres.c: managed resources) and
 * sysfs_file.c, sysfs_group.c, sysfs_symlink.c (fs/sysfs/file.c, group.c,
 * symlink.c: attribute files, groups, links).
 *
 * A kobject's directory is a node of fs.c's tree: /sys/class/CLASS/NAME for
 * a device of a class, below its parent's for one without, /sys/devices/NAME
 * for one with neither; another kobject below its parent's directory (or its
 * kset's), /sys/NAME at the top. Each attribute file is a struct attr_file,
 * on its device's list (dev->__qdk_attrs), the class files' list (class.c)
 * or the other kobjects' list (qdk_kobj_attrs).
 * Private to shim/lib: no module includes it.
 */
#ifndef QDK_SHIM_KOBJECT_TREE_H
#define QDK_SHIM_KOBJECT_TREE_H

#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/sysfs.h>

#include "shim.h"

/* struct class as this series passes it: const from 6.4 */
#define QDK_CLASS __QDK_CLASS_CONST struct class

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

/* core.c: the added devices, oldest first (device_add()'s order) */
extern struct list_head qdk_devices;
/* sysfs_file.c: the attribute files of kobjects that are not devices */
extern struct list_head qdk_kobj_attrs;

/* core.c: a device's kobject (its ktype is the device type's) */
bool qdk_is_device_kobj(const struct kobject *kobj);
/* core.c: the device's sysfs directory */
void qdk_device_dir(const struct device *dev, char *buf, size_t len);
/* core.c: a file for a device's attribute in dir, on the device's list */
int qdk_dev_attr_add(struct device *dev, const struct attribute *attr, umode_t mode,
		     const struct attribute_group *grp, const char *dir);

/* kobject.c: the kobject's sysfs directory */
void qdk_kobj_dir(const struct kobject *kobj, char *buf, size_t len);

/* sysfs_file.c: af's node in dir with mode, af on list; af freed on failure */
int qdk_attr_file_add(struct attr_file *af, const char *dir, umode_t mode,
		      struct list_head *list);
/* sysfs_file.c: the node gone, af off its list and freed */
void qdk_attr_file_free(struct attr_file *af);
/* sysfs_file.c: attr's file in dir (a device's attribute for a device's kobject) */
int qdk_kobj_attr_add(struct kobject *kobj, const struct attribute *attr, umode_t mode,
		      const struct attribute_group *grp, const char *dir);
/* sysfs_file.c: the list kobj's files are on */
struct list_head *qdk_kobj_files(struct kobject *kobj);
/* sysfs_file.c: a binary attribute's file of size bytes in dir */
int qdk_bin_file_add(struct kobject *kobj, const struct bin_attribute *battr, umode_t mode,
		     size_t size, const struct attribute_group *grp, const char *dir);
/* sysfs_file.c: af is a file of kobj */
bool qdk_attr_file_of(const struct attr_file *af, const struct kobject *kobj);
/* sysfs_file.c: kobj's file of attr, NULL without one */
struct attr_file *qdk_attr_file_find(struct kobject *kobj, const struct attribute *attr);

/* sysfs_group.c: kobj's directory, or its group name's below it */
void qdk_group_dir(struct kobject *kobj, const char *name, char *dir, size_t len);

/* sysfs_symlink.c: what marks a node as a link: its owner */
extern const char qdk_sysfs_link_owner[];
/* sysfs_symlink.c: a link name in dir to target (warn: say so when taken) */
int qdk_link_add(const char *dir, struct kobject *target, const char *name, bool warn);
/* sysfs_symlink.c: the link name in dir, NULL if none */
struct qdk_node *qdk_link_find(const char *dir, const char *name);
/* sysfs_symlink.c: kobj's directory, /sys for NULL */
void qdk_link_dir(struct kobject *kobj, char *dir, size_t len);

/* class.c: a device of a class with interfaces joins or leaves them */
void qdk_class_intfs_add_dev(struct device *dev);
void qdk_class_intfs_remove_dev(struct device *dev);

/* base_devres.c: the device's resources released, newest first */
void qdk_devres_release_all(struct device *dev);

#endif /* QDK_SHIM_KOBJECT_TREE_H */
