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
struct file;
struct vm_area_struct;
struct address_space;
struct bin_attribute;

/* a bin_attribute's handlers take it const from 6.13 on */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
#define __QDK_BIN_ATTR	struct bin_attribute
#else
#define __QDK_BIN_ATTR	const struct bin_attribute
#endif

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
	umode_t			(*is_bin_visible)(struct kobject *, __QDK_BIN_ATTR *, int);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	/* the file size of a binary attribute (its bin_attribute's size otherwise) */
	size_t			(*bin_size)(struct kobject *, const struct bin_attribute *,
					    int);
#endif
	struct attribute	**attrs;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	struct bin_attribute	**bin_attrs;
#else
	const struct bin_attribute	*const *bin_attrs;
#endif
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
/*
 * A named group whose is_visible() answers SYSFS_GROUP_INVISIBLE for its
 * first attribute (n == 0) gets no directory at all. DEFINE_*_VISIBLE(name)
 * make such an is_visible() from name##_group_visible(kobj) and, for the
 * non-simple ones, name##_attr_visible(kobj, attr, n).
 */
#define SYSFS_GROUP_INVISIBLE	020000

#define DEFINE_SYSFS_GROUP_VISIBLE(name)					\
	static inline umode_t sysfs_group_visible_##name(struct kobject *kobj,	\
							 struct attribute *attr, int n) \
	{									\
		if (n == 0 && !name##_group_visible(kobj))			\
			return SYSFS_GROUP_INVISIBLE;				\
		return name##_attr_visible(kobj, attr, n);			\
	}

#define DEFINE_SIMPLE_SYSFS_GROUP_VISIBLE(name)				\
	static inline umode_t sysfs_group_visible_##name(struct kobject *kobj,	\
							 struct attribute *a, int n) \
	{									\
		if (n == 0 && !name##_group_visible(kobj))			\
			return SYSFS_GROUP_INVISIBLE;				\
		return a->mode;							\
	}

#define DEFINE_SYSFS_BIN_GROUP_VISIBLE(name)					\
	static inline umode_t sysfs_group_visible_##name(struct kobject *kobj,	\
							 __QDK_BIN_ATTR *attr, int n) \
	{									\
		if (n == 0 && !name##_group_visible(kobj))			\
			return SYSFS_GROUP_INVISIBLE;				\
		return name##_attr_visible(kobj, attr, n);			\
	}

#define DEFINE_SIMPLE_SYSFS_BIN_GROUP_VISIBLE(name)				\
	static inline umode_t sysfs_group_visible_##name(struct kobject *kobj,	\
							 __QDK_BIN_ATTR *a, int n) \
	{									\
		if (n == 0 && !name##_group_visible(kobj))			\
			return SYSFS_GROUP_INVISIBLE;				\
		return a->attr.mode;						\
	}

#define SYSFS_GROUP_VISIBLE(fn)	sysfs_group_visible_##fn
#endif

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


/*
 * A binary attribute: a file of size bytes (0: no limit) whose read() and
 * write() get the position and at most a page of the request at a time.
 */
struct bin_attribute {
	struct attribute	attr;
	size_t			size;
	void			*private;
	struct address_space	*(*f_mapping)(void);
	ssize_t			(*read)(struct file *, struct kobject *, __QDK_BIN_ATTR *,
					char *, loff_t, size_t);
	ssize_t			(*write)(struct file *, struct kobject *, __QDK_BIN_ATTR *,
					 char *, loff_t, size_t);
	loff_t			(*llseek)(struct file *, struct kobject *, __QDK_BIN_ATTR *,
					  loff_t, int);
	int			(*mmap)(struct file *, struct kobject *, __QDK_BIN_ATTR *attr,
					struct vm_area_struct *vma);
};

#define BIN_ATTRIBUTE_GROUPS(_name)				\
static const struct attribute_group _name##_group = {		\
	.bin_attrs = _name##_attrs,				\
};								\
__ATTRIBUTE_GROUPS(_name)

#define __BIN_ATTR(_name, _mode, _read, _write, _size) {		\
	.attr = { .name = __stringify(_name), .mode = _mode },		\
	.read	= _read,						\
	.write	= _write,						\
	.size	= _size,						\
}
#define __BIN_ATTR_RO(_name, _size)	__BIN_ATTR(_name, 0444, _name##_read, NULL, _size)
#define __BIN_ATTR_WO(_name, _size)	__BIN_ATTR(_name, 0200, NULL, _name##_write, _size)
#define __BIN_ATTR_RW(_name, _size)	\
	__BIN_ATTR(_name, 0644, _name##_read, _name##_write, _size)
#define __BIN_ATTR_NULL			__ATTR_NULL
#define __BIN_ATTR_ADMIN_RO(_name, _size)	__BIN_ATTR(_name, 0400, _name##_read, NULL, _size)
#define __BIN_ATTR_ADMIN_RW(_name, _size)	\
	__BIN_ATTR(_name, 0600, _name##_read, _name##_write, _size)

#define BIN_ATTR(_name, _mode, _read, _write, _size)			\
struct bin_attribute bin_attr_##_name = __BIN_ATTR(_name, _mode, _read, _write, _size)
#define BIN_ATTR_RO(_name, _size)					\
struct bin_attribute bin_attr_##_name = __BIN_ATTR_RO(_name, _size)
#define BIN_ATTR_WO(_name, _size)					\
struct bin_attribute bin_attr_##_name = __BIN_ATTR_WO(_name, _size)
#define BIN_ATTR_RW(_name, _size)					\
struct bin_attribute bin_attr_##_name = __BIN_ATTR_RW(_name, _size)
#define BIN_ATTR_ADMIN_RO(_name, _size)					\
struct bin_attribute bin_attr_##_name = __BIN_ATTR_ADMIN_RO(_name, _size)
#define BIN_ATTR_ADMIN_RW(_name, _size)					\
struct bin_attribute bin_attr_##_name = __BIN_ATTR_ADMIN_RW(_name, _size)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
/* a read-only binary file of the size bytes at private */
ssize_t sysfs_bin_attr_simple_read(struct file *file, struct kobject *kobj,
				   __QDK_BIN_ATTR *attr, char *buf, loff_t off, size_t count);

#define __BIN_ATTR_SIMPLE_RO(_name, _mode)				\
	__BIN_ATTR(_name, _mode, sysfs_bin_attr_simple_read, NULL, 0)
#define BIN_ATTR_SIMPLE_RO(_name)					\
struct bin_attribute bin_attr_##_name = __BIN_ATTR_SIMPLE_RO(_name, 0444)
#define BIN_ATTR_SIMPLE_ADMIN_RO(_name)					\
struct bin_attribute bin_attr_##_name = __BIN_ATTR_SIMPLE_RO(_name, 0400)
#endif

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

int __must_check sysfs_create_bin_file(struct kobject *kobj, const struct bin_attribute *attr);
void sysfs_remove_bin_file(struct kobject *kobj, const struct bin_attribute *attr);

/*
 * Symbolic links to a kobject's directory (name in kobj's directory, or in
 * its group's): kept as nodes of the shim's file tree, so a name is taken
 * once (-EEXIST); opening one is opening a directory (-EISDIR).
 */
int __must_check sysfs_create_link(struct kobject *kobj, struct kobject *target,
				   const char *name);
int __must_check sysfs_create_link_nowarn(struct kobject *kobj, struct kobject *target,
					  const char *name);
void sysfs_remove_link(struct kobject *kobj, const char *name);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
int sysfs_rename_link_ns(struct kobject *kobj, struct kobject *target, const char *old_name,
			 const char *new_name, const void *new_ns);
#else
struct ns_common;
int sysfs_rename_link_ns(struct kobject *kobj, struct kobject *target, const char *old_name,
			 const char *new_name, const struct ns_common *new_ns);
#endif
int sysfs_add_link_to_group(struct kobject *kobj, const char *group_name,
			    struct kobject *target, const char *link_name);
void sysfs_remove_link_from_group(struct kobject *kobj, const char *group_name,
				  const char *link_name);
int compat_only_sysfs_link_entry_to_kobj(struct kobject *kobj, struct kobject *target_kobj,
					 const char *target_name, const char *symlink_name);

static inline int __must_check sysfs_rename_link(struct kobject *kobj, struct kobject *target,
						 const char *old_name, const char *new_name)
{
	return sysfs_rename_link_ns(kobj, target, old_name, new_name, NULL);
}

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
#include <linux/kconfig.h>
#include <linux/idr.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/notifier.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/rwlock.h>
#include <linux/wait.h>
#include <linux/xarray.h>
#include <linux/refcount.h>
#include <linux/seqlock.h>
#include <linux/srcu.h>
#include <linux/rculist.h>
#include <linux/random.h>
#include <linux/prandom.h>
#include <linux/once.h>
#include <linux/personality.h>
#include <linux/sched.h>
#include <linux/mm_types.h>
#include <linux/hrtimer.h>
#include <linux/sizes.h>
#endif
