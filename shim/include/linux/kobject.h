/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kobjects: a name, a parent, a reference count whose last put calls the
 * type's release, and a sysfs directory while added (shim/lib/kobject.c):
 * /sys/PARENT.../NAME, /sys/NAME without a parent (kernel_kobj is
 * /sys/kernel ...), a device's the device's directory. Attribute files
 * (sysfs_create_file(), groups) read and write through the type's
 * sysfs_ops; kobj_attribute's through kobj_sysfs_ops. A kset is a kobject
 * (its directory) with a list of the kobjects added with kobj->kset set;
 * their default parent is the kset's kobject. Uevents go nowhere.
 */
#ifndef _KOBJECT_H_
#define _KOBJECT_H_

#include <linux/kref.h>
#include <linux/list.h>
#include <linux/types.h>
#include <linux/gfp_types.h>
#include <linux/sysfs.h>
#include <linux/spinlock_types.h>
#include <linux/container_of.h>
#include <linux/version.h>

struct kobject;
struct attribute;
struct attribute_group;
struct sysfs_ops;
struct kset;

#define UEVENT_HELPER_PATH_LEN		256
#define UEVENT_NUM_ENVP			64	/* environment pointers */
#define UEVENT_BUFFER_SIZE		2048	/* their text */

/* what a uevent reports (kobject_uevent()), "add", "remove", ... */
enum kobject_action {
	KOBJ_ADD,
	KOBJ_REMOVE,
	KOBJ_CHANGE,
	KOBJ_MOVE,
	KOBJ_ONLINE,
	KOBJ_OFFLINE,
	KOBJ_BIND,
	KOBJ_UNBIND,
};

/* a uevent's environment: KEY=value strings in buf, envp pointing at each */
struct kobj_uevent_env {
	char *argv[3];
	char *envp[UEVENT_NUM_ENVP];
	int envp_idx;
	char buf[UEVENT_BUFFER_SIZE];
	int buflen;
};

struct kobj_type {
	void (*release)(struct kobject *kobj);
	const struct sysfs_ops *sysfs_ops;
	const struct attribute_group **default_groups;
};

struct kobject {
	const char		*name;
	struct list_head	entry;
	struct kobject		*parent;
	struct kset		*kset;
	const struct kobj_type	*ktype;
	struct kref		kref;
	char			*__qdk_name;	/* allocated by kobject_set_name() */
	unsigned int		state_initialized:1;
	unsigned int		state_in_sysfs:1;
	unsigned int		state_add_uevent_sent:1;
	unsigned int		state_remove_uevent_sent:1;
	unsigned int		uevent_suppress:1;
};

static inline const char *kobject_name(const struct kobject *kobj)
{
	return kobj->name;
}

/* /sys/kernel, /sys/fs ... */
extern struct kobject *kernel_kobj;
extern struct kobject *mm_kobj;
extern struct kobject *hypervisor_kobj;
extern struct kobject *power_kobj;
extern struct kobject *firmware_kobj;
extern struct kobject *fs_kobj;

__printf(2, 3) int kobject_set_name(struct kobject *kobj, const char *name, ...);
void kobject_init(struct kobject *kobj, const struct kobj_type *ktype);
__printf(3, 4) int __must_check kobject_add(struct kobject *kobj, struct kobject *parent,
					    const char *fmt, ...);
__printf(4, 5) int __must_check kobject_init_and_add(struct kobject *kobj,
						     const struct kobj_type *ktype,
						     struct kobject *parent, const char *fmt, ...);
void kobject_del(struct kobject *kobj);
/* a new name or parent: the sysfs directory moves with what is in it */
int __must_check kobject_rename(struct kobject *kobj, const char *new_name);
int __must_check kobject_move(struct kobject *kobj, struct kobject *new_parent);
struct kobject * __must_check kobject_create_and_add(const char *name, struct kobject *parent);
struct kobject *kobject_get(struct kobject *kobj);
struct kobject * __must_check kobject_get_unless_zero(struct kobject *kobj);
void kobject_put(struct kobject *kobj);
/* the path below /sys ("/kernel/foo"), kmalloc'd */
char *kobject_get_path(const struct kobject *kobj, gfp_t flag);

static inline const struct kobj_type *get_ktype(const struct kobject *kobj)
{
	return kobj->ktype;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 19, 0)
struct kobj_attribute {
	struct attribute attr;
	ssize_t (*show)(struct kobject *kobj, struct kobj_attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct kobj_attribute *attr,
			 const char *buf, size_t count);
};
#else
/*
 * The handlers may take the attribute const (show_const, store_const): one
 * pointer either way, as the kernel's without CONFIG_CFI (Debian's).
 */
struct kobj_attribute {
	struct attribute attr;
	union {
		ssize_t (*show)(struct kobject *kobj, struct kobj_attribute *attr, char *buf);
		ssize_t (*show_const)(struct kobject *kobj, const struct kobj_attribute *attr,
				      char *buf);
	};
	union {
		ssize_t (*store)(struct kobject *kobj, struct kobj_attribute *attr,
				 const char *buf, size_t count);
		ssize_t (*store_const)(struct kobject *kobj, const struct kobj_attribute *attr,
				       const char *buf, size_t count);
	};
};

typedef ssize_t __kobj_show_handler_const(struct kobject *kobj, const struct kobj_attribute *attr,
					  char *buf);
typedef ssize_t __kobj_store_handler_const(struct kobject *kobj,
					   const struct kobj_attribute *attr,
					   const char *buf, size_t count);
#endif

extern const struct sysfs_ops kobj_sysfs_ops;

/* a kset's say in the uevents of its members (the shim sends none) */
struct kset_uevent_ops {
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
	int (* const filter)(struct kobject *kobj);
	const char *(* const name)(struct kobject *kobj);
	int (* const uevent)(struct kobject *kobj, struct kobj_uevent_env *env);
#else
	int (* const filter)(const struct kobject *kobj);
	const char *(* const name)(const struct kobject *kobj);
	int (* const uevent)(const struct kobject *kobj, struct kobj_uevent_env *env);
#endif
};

/* a set of kobjects: list holds their entry members, under list_lock */
struct kset {
	struct list_head list;
	spinlock_t list_lock;
	struct kobject kobj;
	const struct kset_uevent_ops *uevent_ops;
};

void kset_init(struct kset *kset);
int __must_check kset_register(struct kset *kset);
void kset_unregister(struct kset *kset);
struct kset * __must_check kset_create_and_add(const char *name, const struct kset_uevent_ops *u,
					       struct kobject *parent_kobj);
/* the member named name, with a reference taken, or NULL */
struct kobject *kset_find_obj(struct kset *kset, const char *name);

static inline struct kset *to_kset(struct kobject *kobj)
{
	return kobj ? container_of(kobj, struct kset, kobj) : NULL;
}

static inline struct kset *kset_get(struct kset *k)
{
	return k ? to_kset(kobject_get(&k->kobj)) : NULL;
}

static inline void kset_put(struct kset *k)
{
	kobject_put(&k->kobj);
}

/*
 * lib/kobject_uevent.c (shim/lib/kobject_uevent.c): no udev listens in the
 * shim, so an event is built and marks the object (add/remove sent), and
 * goes nowhere; add_uevent_var() fills an environment as the kernel's.
 */
int kobject_uevent(struct kobject *kobj, enum kobject_action action);
int kobject_uevent_env(struct kobject *kobj, enum kobject_action action, char *envp[]);
__printf(2, 3) int add_uevent_var(struct kobj_uevent_env *env, const char *format, ...);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/atomic.h>
#include <linux/workqueue.h>
#endif
