// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs_group.c - attribute groups (the kernel's fs/sysfs/group.c): a named
 * group is a subdirectory, is_visible() gives a file's mode or no file;
 * updates, merges and links in a group's directory.
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

static void group_remove(struct kobject *kobj, const struct attribute_group *grp)
{
	struct attr_file *af, *tmp;
	char dir[200];

	list_for_each_entry_safe(af, tmp, qdk_kobj_files(kobj), list)
		if (af->grp == grp && qdk_attr_file_of(af, kobj))
			qdk_attr_file_free(af);
	if (grp->name) {
		struct qdk_node *n;

		qdk_kobj_dir(kobj, dir, sizeof(dir));
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

	qdk_kobj_dir(kobj, dir, sizeof(dir));
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
		err = qdk_kobj_attr_add(kobj, attr, mode, grp, dir);
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
		err = qdk_bin_file_add(kobj, battr, mode, size, grp, dir);
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

int sysfs_add_link_to_group(struct kobject *kobj, const char *group_name,
			    struct kobject *target, const char *link_name)
{
	char dir[200];

	qdk_group_dir(kobj, group_name, dir, sizeof(dir));
	if (!qdk_node_lookup(dir))
		return -ENOENT;
	return qdk_link_add(dir, target, link_name, true);
}

void sysfs_remove_link_from_group(struct kobject *kobj, const char *group_name,
				  const char *link_name)
{
	struct qdk_node *n;
	char dir[200];

	qdk_group_dir(kobj, group_name, dir, sizeof(dir));
	n = qdk_link_find(dir, link_name);
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
				       .owner = (void *)qdk_sysfs_link_owner,
				       .i_private = target_kobj };
	char dir[200], tpath[200];
	struct qdk_node *n;

	if (!target_kobj || !target_kobj->state_in_sysfs)
		return -ENOENT;
	qdk_kobj_dir(target_kobj, tpath, sizeof(tpath));
	strlcat(tpath, "/", sizeof(tpath));
	strlcat(tpath, target_name, sizeof(tpath));
	if (!qdk_node_lookup(tpath))
		return -ENOENT;
	qdk_link_dir(kobj, dir, sizeof(dir));
	n = qdk_node_add(dir, symlink_name ? symlink_name : target_name, &tmpl);
	return IS_ERR(n) ? PTR_ERR(n) : 0;
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

void qdk_group_dir(struct kobject *kobj, const char *name, char *dir, size_t len)
{
	qdk_kobj_dir(kobj, dir, len);
	if (name) {
		strlcat(dir, "/", len);
		strlcat(dir, name, len);
	}
}

/* grp's files into the directory of a group of that name already made */
int sysfs_merge_group(struct kobject *kobj, const struct attribute_group *grp)
{
	char dir[200];
	int i, err = 0;

	qdk_group_dir(kobj, grp->name, dir, sizeof(dir));
	if (!qdk_node_lookup(dir))
		return -ENOENT;
	for (i = 0; grp->attrs && grp->attrs[i] && !err; i++)
		err = qdk_kobj_attr_add(kobj, grp->attrs[i], grp->attrs[i]->mode, grp, dir);
	if (err)
		sysfs_unmerge_group(kobj, grp);
	return err;
}

/* the merged files go, the directory stays */
void sysfs_unmerge_group(struct kobject *kobj, const struct attribute_group *grp)
{
	struct attr_file *af, *tmp;

	list_for_each_entry_safe(af, tmp, qdk_kobj_files(kobj), list)
		if (af->grp == grp && qdk_attr_file_of(af, kobj))
			qdk_attr_file_free(af);
}
