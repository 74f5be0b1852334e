/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysfs attributes as device drivers use them: struct attribute, and
 * sysfs_emit()/sysfs_emit_at(), which format into the PAGE_SIZE buffer a
 * show() handler gets (the kernel warns when buf is not that buffer).
 */

/*
 * VERIFY_OCTAL_PERMISSIONS(): a permission of a module parameter or sysfs
 * file, checked at build time: at most 0777, readable by the owner if by
 * the group, by the group if by others, writable by the owner if by the
 * group, never writable by others. This header is its one definition on
 * every series: the kernel moved it here from linux/kernel.h in 7.3, and
 * the shim's kernel.h before 7.3 includes this header with
 * __QDK_SYSFS_OCTAL_ONLY defined, which gives this macro alone (the rest
 * of sysfs.h needs kernel.h: no include cycle).
 */
#ifndef _QDK_VERIFY_OCTAL_PERMISSIONS
#define _QDK_VERIFY_OCTAL_PERMISSIONS
#include <linux/build_bug.h>

#define VERIFY_OCTAL_PERMISSIONS(perms)					\
	(BUILD_BUG_ON_ZERO((perms) < 0) +				\
	 BUILD_BUG_ON_ZERO((perms) > 0777) +				\
	 BUILD_BUG_ON_ZERO((((perms) >> 6) & 4) < (((perms) >> 3) & 4)) + \
	 BUILD_BUG_ON_ZERO((((perms) >> 3) & 4) < ((perms) & 4)) +	\
	 BUILD_BUG_ON_ZERO((((perms) >> 6) & 2) < (((perms) >> 3) & 2)) + \
	 BUILD_BUG_ON_ZERO((perms) & 2) +				\
	 (perms))
#endif

#if !defined(_LINUX_SYSFS_H) && !defined(__QDK_SYSFS_OCTAL_ONLY)
#define _LINUX_SYSFS_H

#include <linux/build_bug.h>
#include <linux/compiler.h>
#include <linux/stat.h>
#include <linux/types.h>
#include <linux/version.h>
#include <linux/stringify.h>

struct kobject;

struct attribute {
	const char *name;
	umode_t mode;
};

/*
 * A group of attributes, in a subdirectory when it has a name; is_visible()
 * returns the mode a file gets (0: not created), from the group's attrs,
 * NULL-terminated.
 */
struct attribute_group {
	const char		*name;
	umode_t			(*is_visible)(struct kobject *, struct attribute *, int);
	struct attribute	**attrs;
};

#define __ATTRIBUTE_GROUPS(_name)				\
static const struct attribute_group *_name##_groups[] = {	\
	&_name##_group,						\
	NULL,							\
}

#define ATTRIBUTE_GROUPS(_name)					\
static const struct attribute_group _name##_group = {		\
	.attrs = _name##_attrs,					\
};								\
__ATTRIBUTE_GROUPS(_name)

/* the mode is checked at build time, as the kernel's */
#define __ATTR(_name, _mode, _show, _store) {				\
	.attr = { .name = __stringify(_name),				\
		  .mode = VERIFY_OCTAL_PERMISSIONS(_mode) },		\
	.show	= _show,						\
	.store	= _store,						\
}
#define __ATTR_PREALLOC(_name, _mode, _show, _store) {			\
	.attr = { .name = __stringify(_name),				\
		  .mode = SYSFS_PREALLOC | VERIFY_OCTAL_PERMISSIONS(_mode) }, \
	.show	= _show,						\
	.store	= _store,						\
}
#define __ATTR_RO(_name) {						\
	.attr	= { .name = __stringify(_name), .mode = 0444 },		\
	.show	= _name##_show,						\
}
#define __ATTR_RO_MODE(_name, _mode) {					\
	.attr	= { .name = __stringify(_name),				\
		    .mode = VERIFY_OCTAL_PERMISSIONS(_mode) },		\
	.show	= _name##_show,						\
}
#define __ATTR_RW_MODE(_name, _mode) {					\
	.attr	= { .name = __stringify(_name),				\
		    .mode = VERIFY_OCTAL_PERMISSIONS(_mode) },		\
	.show	= _name##_show,						\
	.store	= _name##_store,					\
}
#define __ATTR_WO(_name) {						\
	.attr	= { .name = __stringify(_name), .mode = 0200 },		\
	.store	= _name##_store,					\
}
#define __ATTR_RW(_name) __ATTR(_name, 0644, _name##_show, _name##_store)
#define __ATTR_NULL { .attr = { .name = NULL } }
/* sysfs allocates the buffer at open: the shim's always is */
#define SYSFS_PREALLOC		010000


/* how a kobject's attribute files read and write (its type's) */
struct sysfs_ops {
	ssize_t (*show)(struct kobject *kobj, struct attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct attribute *attr, const char *buf,
			 size_t count);
};

int __must_check sysfs_create_file(struct kobject *kobj, const struct attribute *attr);
void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr);
int __must_check sysfs_create_files(struct kobject *kobj, const struct attribute * const *attr);
void sysfs_remove_files(struct kobject *kobj, const struct attribute * const *attr);
int __must_check sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp);
int __must_check sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups);
void sysfs_remove_groups(struct kobject *kobj, const struct attribute_group **groups);

int __must_check sysfs_create_file_ns(struct kobject *kobj, const struct attribute *attr,
				      const void *ns);
void sysfs_remove_file_ns(struct kobject *kobj, const struct attribute *attr, const void *ns);
bool sysfs_remove_file_self(struct kobject *kobj, const struct attribute *attr);
int __must_check sysfs_chmod_file(struct kobject *kobj, const struct attribute *attr,
				  umode_t mode);
int __must_check sysfs_update_group(struct kobject *kobj, const struct attribute_group *grp);
int __must_check sysfs_update_groups(struct kobject *kobj,
				     const struct attribute_group **groups);
int sysfs_merge_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_unmerge_group(struct kobject *kobj, const struct attribute_group *grp);
int sysfs_add_file_to_group(struct kobject *kobj, const struct attribute *attr,
			    const char *group);
void sysfs_remove_file_from_group(struct kobject *kobj, const struct attribute *attr,
				  const char *group);
/* poll(2) and inotify on the file would wake: no one polls the shim's files */
void sysfs_notify(struct kobject *kobj, const char *dir, const char *attr);

/* the lockdep key of a dynamically allocated attribute: no lockdep here */
#define sysfs_attr_init(attr)		do { } while (0)
#define sysfs_bin_attr_init(bin_attr)	sysfs_attr_init(&(bin_attr)->attr)

__printf(2, 3) int sysfs_emit(char *buf, const char *fmt, ...);
__printf(3, 4) int sysfs_emit_at(char *buf, int at, const char *fmt, ...);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/atomic.h>
#endif
