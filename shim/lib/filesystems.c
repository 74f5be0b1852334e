// SPDX-License-Identifier: GPL-2.0
/*
 * filesystems.c - the list of registered file system types (the kernel's
 * fs/filesystems.c): a type is registered once, by a unique name. Nothing
 * mounts one in the shim.
 */
#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/string.h>

static struct file_system_type *file_systems;

static struct file_system_type **find_filesystem(const char *name, unsigned int len)
{
	struct file_system_type **p;

	for (p = &file_systems; *p; p = &(*p)->next)
		if (strncmp((*p)->name, name, len) == 0 && !(*p)->name[len])
			break;
	return p;
}

/* -EBUSY for a type already on the list or one of a registered name */
int register_filesystem(struct file_system_type *fs)
{
	struct file_system_type **p;

	BUG_ON(strchr(fs->name, '.'));
	if (fs->next)
		return -EBUSY;
	p = find_filesystem(fs->name, strlen(fs->name));
	if (*p)
		return -EBUSY;
	*p = fs;
	return 0;
}

/* -EINVAL for a type that is not registered */
int unregister_filesystem(struct file_system_type *fs)
{
	struct file_system_type **tmp;

	for (tmp = &file_systems; *tmp; tmp = &(*tmp)->next) {
		if (fs == *tmp) {
			*tmp = fs->next;
			fs->next = NULL;
			return 0;
		}
	}
	return -EINVAL;
}
