// SPDX-License-Identifier: GPL-2.0
/*
 * sysfs_symlink.c - symbolic links between kobjects' directories (the
 * kernel's fs/sysfs/symlink.c).
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

/* what marks a node as a link: its owner */
const char qdk_sysfs_link_owner[] = "sysfs link";

int qdk_link_add(const char *dir, struct kobject *target, const char *name, bool warn)
{
	const struct qdk_node tmpl = { .dir = true, .mode = 0777,
				       .owner = (void *)qdk_sysfs_link_owner,
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

struct qdk_node *qdk_link_find(const char *dir, const char *name)
{
	char path[200];
	struct qdk_node *n;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	n = qdk_node_lookup(path);
	return n && n->owner == qdk_sysfs_link_owner ? n : NULL;
}

void qdk_link_dir(struct kobject *kobj, char *dir, size_t len)
{
	if (kobj)
		qdk_kobj_dir(kobj, dir, len);
	else
		strscpy(dir, "/sys", len);
}

int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name)
{
	char dir[200];

	qdk_link_dir(kobj, dir, sizeof(dir));
	return qdk_link_add(dir, target, name, true);
}

int sysfs_create_link_nowarn(struct kobject *kobj, struct kobject *target, const char *name)
{
	char dir[200];

	qdk_link_dir(kobj, dir, sizeof(dir));
	return qdk_link_add(dir, target, name, false);
}

void sysfs_remove_link(struct kobject *kobj, const char *name)
{
	struct qdk_node *n;
	char dir[200];

	qdk_link_dir(kobj, dir, sizeof(dir));
	n = qdk_link_find(dir, name);
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

	qdk_link_dir(kobj, dir, sizeof(dir));
	n = qdk_link_find(dir, old_name);
	if (!n || n->i_private != target)
		return -ENOENT;
	err = qdk_link_add(dir, target, new_name, true);
	if (!err)
		qdk_node_remove(n);
	return err;
}
