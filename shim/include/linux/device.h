/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Devices in classes and their sysfs attributes (shim/lib/core.c), with
 * the kernel's life cycle: device_initialize() (one reference),
 * device_add() (sysfs directory /sys/class/CLASS/NAME, the class's and the
 * device's attribute groups, and for a device number the node /dev/NAME,
 * what udev would make), device_del(), get_device()/put_device(), the last
 * put calling the device's (or its class's) release after the devm_
 * resources are released; device_create*() and device_destroy() on top.
 * An open of /dev/NAME reaches the cdev added for the number (linux/cdev.h)
 * or fails with -ENXIO. An attribute file's read calls show() with a
 * PAGE_SIZE buffer, a write calls store() with the bytes written
 * (NUL-terminated), as sysfs does. No buses, drivers or power management.
 */
#ifndef _DEVICE_H_
#define _DEVICE_H_

#include <linux/compiler.h>
#include <linux/dev_printk.h>
#include <linux/device/class.h>
#include <linux/err.h>
#include <linux/gfp_types.h>
#include <linux/kdev_t.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/stringify.h>
#include <linux/sysfs.h>
#include <linux/types.h>
#include <linux/version.h>
#include <linux/bitops.h>
#include <linux/cleanup.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/stdarg.h>

struct device_type;
struct device_node;
struct iommu_group;
struct irq_domain;
struct msi_device_data;

/* a driver's DMA limits (no DMA here: only kept) */
struct device_dma_parameters {
	unsigned int max_segment_size;
	unsigned int min_align_mask;
	unsigned long segment_boundary_mask;
};

/* device links (supplier/consumer) and their flags: declared, never made */
enum device_link_state {
	DL_STATE_NONE = -1,
	DL_STATE_DORMANT = 0,
	DL_STATE_AVAILABLE,
	DL_STATE_CONSUMER_PROBE,
	DL_STATE_ACTIVE,
	DL_STATE_SUPPLIER_UNBIND,
};

#define DL_FLAG_STATELESS		BIT(0)
#define DL_FLAG_AUTOREMOVE_CONSUMER	BIT(1)
#define DL_FLAG_PM_RUNTIME		BIT(2)
#define DL_FLAG_RPM_ACTIVE		BIT(3)
#define DL_FLAG_AUTOREMOVE_SUPPLIER	BIT(4)
#define DL_FLAG_AUTOPROBE_CONSUMER	BIT(5)
#define DL_FLAG_MANAGED			BIT(6)
#define DL_FLAG_SYNC_STATE_ONLY		BIT(7)
#define DL_FLAG_INFERRED		BIT(8)
#define DL_FLAG_CYCLE			BIT(9)

enum dl_dev_state {
	DL_DEV_NO_DRIVER = 0,
	DL_DEV_PROBING,
	DL_DEV_DRIVER_BOUND,
	DL_DEV_UNBINDING,
};

/* whether the device can be unplugged, as its bus reports it */
enum device_removable {
	DEVICE_REMOVABLE_NOT_SUPPORTED = 0,
	DEVICE_REMOVABLE_UNKNOWN,
	DEVICE_FIXED,
	DEVICE_REMOVABLE,
};

struct dev_links_info {
	struct list_head suppliers;
	struct list_head consumers;
	struct list_head defer_sync;
	enum dl_dev_state status;
};

struct dev_msi_info {
	struct irq_domain	*domain;
	struct msi_device_data	*data;
};

/* where a device sits on the machine (ACPI _PLD) */
enum device_physical_location_panel {
	DEVICE_PANEL_TOP,
	DEVICE_PANEL_BOTTOM,
	DEVICE_PANEL_LEFT,
	DEVICE_PANEL_RIGHT,
	DEVICE_PANEL_FRONT,
	DEVICE_PANEL_BACK,
	DEVICE_PANEL_UNKNOWN,
};

enum device_physical_location_vertical_position {
	DEVICE_VERT_POS_UPPER,
	DEVICE_VERT_POS_CENTER,
	DEVICE_VERT_POS_LOWER,
};

enum device_physical_location_horizontal_position {
	DEVICE_HORI_POS_LEFT,
	DEVICE_HORI_POS_CENTER,
	DEVICE_HORI_POS_RIGHT,
};

struct device_physical_location {
	enum device_physical_location_panel panel;
	enum device_physical_location_vertical_position vertical_position;
	enum device_physical_location_horizontal_position horizontal_position;
	bool dock;
	bool lid;
};

/* the bits of struct device's flags (dev_set_ready_to_probe() ...) */
enum struct_device_flags {
	DEV_FLAG_READY_TO_PROBE = 0,
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	DEV_FLAG_CAN_MATCH = 1,
	DEV_FLAG_DMA_IOMMU = 2,
	DEV_FLAG_DMA_SKIP_SYNC = 3,
	DEV_FLAG_DMA_OPS_BYPASS = 4,
	DEV_FLAG_STATE_SYNCED = 5,
	DEV_FLAG_DMA_COHERENT = 6,
	DEV_FLAG_OF_NODE_REUSED = 7,
	DEV_FLAG_OFFLINE_DISABLED = 8,
	DEV_FLAG_OFFLINE = 9,
#endif

	DEV_FLAG_COUNT
};

struct device {
	struct kobject kobj;
	struct device *parent;
	const char *init_name;
	const struct device_type *type;
	void *platform_data;
	void *driver_data;
	struct mutex mutex;		/* device_lock() */
	dev_t devt;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	const struct class *class;
#else
	struct class *class;
#endif
	const struct attribute_group **groups;
	void (*release)(struct device *dev);
	struct dev_links_info links;
	struct dev_msi_info msi;
	struct device_dma_parameters *dma_parms;
	int numa_node;			/* NUMA_NO_NODE: no node */
	struct device_node *of_node;
	struct iommu_group *iommu_group;
	enum device_removable removable;
	DECLARE_BITMAP(flags, DEV_FLAG_COUNT);
	char __qdk_name[64];
	struct list_head __qdk_list;	/* the shim's registered devices */
	struct list_head __qdk_attrs;	/* its attribute files */
	struct list_head __qdk_devres;	/* its devm_ resources, newest first */
};

struct device_type {
	const char *name;
	const struct attribute_group **groups;
	void (*release)(struct device *dev);
};

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 19, 0)
struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr, char *buf);
	ssize_t (*store)(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count);
};
#else
/* handlers may take the attribute const: one pointer either way (no CONFIG_CFI) */
struct device_attribute {
	struct attribute attr;
	union {
		ssize_t (*show)(struct device *dev, struct device_attribute *attr, char *buf);
		ssize_t (*show_const)(struct device *dev, const struct device_attribute *attr,
				      char *buf);
	};
	union {
		ssize_t (*store)(struct device *dev, struct device_attribute *attr,
				 const char *buf, size_t count);
		ssize_t (*store_const)(struct device *dev, const struct device_attribute *attr,
				       const char *buf, size_t count);
	};
};

typedef ssize_t __device_show_handler_const(struct device *dev,
					    const struct device_attribute *attr, char *buf);
typedef ssize_t __device_store_handler_const(struct device *dev,
					     const struct device_attribute *attr,
					     const char *buf, size_t count);
#endif

/* an attribute over a variable: DEVICE_INT_ATTR() ... */
struct dev_ext_attribute {
	struct device_attribute attr;
	void *var;
};

ssize_t device_show_ulong(struct device *dev, struct device_attribute *attr, char *buf);
ssize_t device_store_ulong(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count);
ssize_t device_show_int(struct device *dev, struct device_attribute *attr, char *buf);
ssize_t device_store_int(struct device *dev, struct device_attribute *attr,
			 const char *buf, size_t count);
ssize_t device_show_bool(struct device *dev, struct device_attribute *attr, char *buf);
ssize_t device_store_bool(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count);

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DEVICE_ATTR_PREALLOC(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR_PREALLOC(_name, _mode, _show, _store)
#define DEVICE_ATTR_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW(_name)
#define DEVICE_ATTR_ADMIN_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW_MODE(_name, 0600)
#define DEVICE_ATTR_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO(_name)
#define DEVICE_ATTR_ADMIN_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO_MODE(_name, 0400)
#define DEVICE_ATTR_WO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_WO(_name)
/* an attribute whose file name differs from its handlers' prefix */
#define DEVICE_ATTR_RW_NAMED(_name, _attrname)					\
	struct device_attribute dev_attr_##_name = {				\
		.attr = { .name = _attrname, .mode = 0644 },			\
		.show = _name##_show, .store = _name##_store,			\
	}
#define DEVICE_ATTR_RO_NAMED(_name, _attrname)					\
	struct device_attribute dev_attr_##_name = {				\
		.attr = { .name = _attrname, .mode = 0444 },			\
		.show = _name##_show,						\
	}
#define DEVICE_ATTR_WO_NAMED(_name, _attrname)					\
	struct device_attribute dev_attr_##_name = {				\
		.attr = { .name = _attrname, .mode = 0200 },			\
		.store = _name##_store,						\
	}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
/* a read-only attribute printing the string _var (never writable) */
ssize_t device_show_string(struct device *dev, struct device_attribute *attr, char *buf);
#define DEVICE_STRING_ATTR_RO(_name, _mode, _var) \
	struct dev_ext_attribute dev_attr_##_name = \
		{ __ATTR(_name, (_mode) & ~0222, device_show_string, NULL), (_var) }
#endif
#define DEVICE_ULONG_ATTR(_name, _mode, _var) \
	struct dev_ext_attribute dev_attr_##_name = \
		{ __ATTR(_name, _mode, device_show_ulong, device_store_ulong), &(_var) }
#define DEVICE_INT_ATTR(_name, _mode, _var) \
	struct dev_ext_attribute dev_attr_##_name = \
		{ __ATTR(_name, _mode, device_show_int, device_store_int), &(_var) }
#define DEVICE_BOOL_ATTR(_name, _mode, _var) \
	struct dev_ext_attribute dev_attr_##_name = \
		{ __ATTR(_name, _mode, device_show_bool, device_store_bool), &(_var) }
#define DEVICE_ATTR_IGNORE_LOCKDEP(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)

/* dev_FLAG(), dev_set_FLAG(), dev_clear_FLAG(), dev_assign_FLAG(),
 * dev_test_and_set_FLAG() for each bit of flags
 */
#define __create_dev_flag_accessors(accessor_name, flag_name)			\
static inline bool dev_##accessor_name(const struct device *dev)		\
{										\
	return test_bit(flag_name, dev->flags);					\
}										\
static inline void dev_set_##accessor_name(struct device *dev)			\
{										\
	set_bit(flag_name, dev->flags);						\
}										\
static inline void dev_clear_##accessor_name(struct device *dev)		\
{										\
	clear_bit(flag_name, dev->flags);					\
}										\
static inline void dev_assign_##accessor_name(struct device *dev, bool value)	\
{										\
	assign_bit(flag_name, dev->flags, value);				\
}										\
static inline bool dev_test_and_set_##accessor_name(struct device *dev)		\
{										\
	return test_and_set_bit(flag_name, dev->flags);				\
}

__create_dev_flag_accessors(ready_to_probe, DEV_FLAG_READY_TO_PROBE);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
__create_dev_flag_accessors(can_match, DEV_FLAG_CAN_MATCH);
__create_dev_flag_accessors(dma_iommu, DEV_FLAG_DMA_IOMMU);
__create_dev_flag_accessors(dma_skip_sync, DEV_FLAG_DMA_SKIP_SYNC);
__create_dev_flag_accessors(dma_ops_bypass, DEV_FLAG_DMA_OPS_BYPASS);
__create_dev_flag_accessors(state_synced, DEV_FLAG_STATE_SYNCED);
__create_dev_flag_accessors(dma_coherent, DEV_FLAG_DMA_COHERENT);
__create_dev_flag_accessors(of_node_reused, DEV_FLAG_OF_NODE_REUSED);
__create_dev_flag_accessors(offline_disabled, DEV_FLAG_OFFLINE_DISABLED);
__create_dev_flag_accessors(offline, DEV_FLAG_OFFLINE);
#endif

#undef __create_dev_flag_accessors

/* no IOMMU: a device's DMA is never translated */
static inline bool device_iommu_mapped(struct device *dev)
{
	return dev->iommu_group != NULL;
}

/* CONFIG_NUMA: the node device_initialize() sets to NUMA_NO_NODE */
static inline int dev_to_node(struct device *dev)
{
	return dev->numa_node;
}

static inline void set_dev_node(struct device *dev, int node)
{
	dev->numa_node = node;
}

static inline struct irq_domain *dev_get_msi_domain(const struct device *dev)
{
	return dev->msi.domain;
}

static inline void dev_set_msi_domain(struct device *dev, struct irq_domain *d)
{
	dev->msi.domain = d;
}

static inline unsigned int dev_get_uevent_suppress(const struct device *dev)
{
	return dev->kobj.uevent_suppress;
}

static inline void dev_set_uevent_suppress(struct device *dev, int val)
{
	dev->kobj.uevent_suppress = val;
}

/* Debian's x86 kernels have no device tree (CONFIG_OF off) */
static inline struct device_node *dev_of_node(struct device *dev)
{
	return NULL;
}

static inline void dev_set_removable(struct device *dev, enum device_removable removable)
{
	dev->removable = removable;
}

static inline bool dev_is_removable(struct device *dev)
{
	return dev->removable == DEVICE_REMOVABLE;
}

static inline bool dev_removable_is_valid(struct device *dev)
{
	return dev->removable != DEVICE_REMOVABLE_NOT_SUPPORTED;
}

/* module aliases that let a char device node autoload its module */
#define MODULE_ALIAS_CHARDEV(major, minor) \
	MODULE_ALIAS("char-major-" __stringify(major) "-" __stringify(minor))
#define MODULE_ALIAS_CHARDEV_MAJOR(major) \
	MODULE_ALIAS("char-major-" __stringify(major) "-*")

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
#define sysfs_deprecated 0	/* CONFIG_SYSFS_DEPRECATED is off */
#endif

/* the name given at creation until device_add() has taken it, then the kobject's */
static inline const char *dev_name(const struct device *dev)
{
	if (dev->init_name)
		return dev->init_name;
	return kobject_name(&dev->kobj);
}

__printf(2, 3) int dev_set_name(struct device *dev, const char *name, ...);

static inline struct device *kobj_to_dev(struct kobject *kobj)
{
	return container_of(kobj, struct device, kobj);
}

static inline const char *dev_bus_name(const struct device *dev)
{
	return dev->class ? dev->class->name : "";
}

/* the driver's name, else the bus's, else the class's: here the class's */
const char *dev_driver_string(const struct device *dev);

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

static inline void *dev_get_platdata(const struct device *dev)
{
	return dev->platform_data;
}

static inline void device_lock(struct device *dev)
{
	mutex_lock(&dev->mutex);
}

static inline int device_lock_interruptible(struct device *dev)
{
	return mutex_lock_interruptible(&dev->mutex);
}

static inline int device_trylock(struct device *dev)
{
	return mutex_trylock(&dev->mutex);
}

static inline void device_unlock(struct device *dev)
{
	mutex_unlock(&dev->mutex);
}

static inline void device_lock_assert(struct device *dev)
{
	lockdep_assert_held(&dev->mutex);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
/* guard(device)(dev), scoped_cond_guard(device_intr, ...): device_lock() for a scope */
DEFINE_GUARD(device, struct device *, device_lock(_T), device_unlock(_T))
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
DEFINE_GUARD_COND(device, _intr, !device_lock_interruptible(_T))
/* what 7.x's cleanup.h gives these guards besides (the lock_err helpers
 * come from the shim's cleanup.h) */
typedef struct device *lock_device_t;
typedef lock_device_t lock_device_intr_t;
#endif

/* a device's own lockdep class while bound: the shim has no lockdep */
#define device_lock_set_class(dev, key)	do { (void)(dev); (void)(key); } while (0)
#define device_lock_reset_class(dev)	do { (void)(dev); } while (0)

static inline bool device_is_registered(struct device *dev)
{
	return dev->kobj.state_in_sysfs;
}

void device_initialize(struct device *dev);
int __must_check device_add(struct device *dev);
int __must_check device_register(struct device *dev);
void device_del(struct device *dev);
void device_unregister(struct device *dev);
struct device *get_device(struct device *dev);
void put_device(struct device *dev);

int __must_check device_create_file(struct device *dev, const struct device_attribute *attr);
void device_remove_file(struct device *dev, const struct device_attribute *attr);
/* a store() removing its own file: done at once, nothing else holds it */
bool device_remove_file_self(struct device *dev, const struct device_attribute *attr);
/* a new name: its sysfs directory moves (-EEXIST if taken) */
int device_rename(struct device *dev, const char *new_name);
/* bound to a driver: the shim has no drivers, so never */
bool device_is_bound(struct device *dev);
/* a device of no bus or class under /sys/devices/NAME, to parent others */
struct device *__root_device_register(const char *name, struct module *owner);
#define root_device_register(name)	__root_device_register(name, THIS_MODULE)
void root_device_unregister(struct device *root);

/* a binary attribute's file in the device's directory (sysfs_create_bin_file()) */
int __must_check device_create_bin_file(struct device *dev, const struct bin_attribute *attr);
void device_remove_bin_file(struct device *dev, const struct bin_attribute *attr);
int __must_check device_add_groups(struct device *dev, const struct attribute_group **groups);
void device_remove_groups(struct device *dev, const struct attribute_group **groups);

static inline int __must_check device_add_group(struct device *dev,
						const struct attribute_group *grp)
{
	const struct attribute_group *groups[] = { grp, NULL };

	return device_add_groups(dev, groups);
}

static inline void device_remove_group(struct device *dev, const struct attribute_group *grp)
{
	const struct attribute_group *groups[] = { grp, NULL };

	device_remove_groups(dev, groups);
}

/* the children: devices whose parent dev is, in the order they were added
 * (reverse: newest first; _from: those older than from)
 */
int device_for_each_child(struct device *dev, void *data,
			  int (*fn)(struct device *dev, void *data));
int device_for_each_child_reverse(struct device *dev, void *data,
				  int (*fn)(struct device *dev, void *data));
int device_for_each_child_reverse_from(struct device *parent, struct device *from,
				       const void *data,
				       int (*fn)(struct device *, const void *));
struct device *device_find_child(struct device *dev, void *data,
				 int (*match)(struct device *dev, void *data));
struct device *device_find_child_by_name(struct device *parent, const char *name);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline int __qdk_device_match_any(struct device *dev, void *unused)
{
	return 1;
}

/* 7.x: an inline over device_find_child() */
static inline struct device *device_find_any_child(struct device *parent)
{
	return device_find_child(parent, NULL, __qdk_device_match_any);
}
#else
struct device *device_find_any_child(struct device *parent);
#endif

DEFINE_FREE(device_del, struct device *, if (_T) device_del(_T))
DEFINE_FREE(put_device, struct device *, if (_T) put_device(_T))

__printf(5, 6) struct device *
device_create(__QDK_CLASS_CONST struct class *cls, struct device *parent, dev_t devt,
	      void *drvdata, const char *fmt, ...);
__printf(6, 7) struct device *
device_create_with_groups(__QDK_CLASS_CONST struct class *cls, struct device *parent,
			  dev_t devt, void *drvdata, const struct attribute_group **groups,
			  const char *fmt, ...);
void device_destroy(__QDK_CLASS_CONST struct class *cls, dev_t devt);

/*
 * Managed resources (drivers/base/devres.c, lib/base_devres.c): released, newest
 * first, when the device is released; the raw devres_*() API, groups, and
 * the devm_ allocators and actions built on it.
 */
typedef void (*dr_release_t)(struct device *dev, void *res);
typedef int (*dr_match_t)(struct device *dev, void *res, void *match_data);

void *__devres_alloc_node(dr_release_t release, size_t size, gfp_t gfp, int nid,
			  const char *name) __malloc;
#define devres_alloc(release, size, gfp) \
	__devres_alloc_node(release, size, gfp, NUMA_NO_NODE, #release)
#define devres_alloc_node(release, size, gfp, nid) \
	__devres_alloc_node(release, size, gfp, nid, #release)

void devres_for_each_res(struct device *dev, dr_release_t release, dr_match_t match,
			 void *match_data, void (*fn)(struct device *, void *, void *),
			 void *data);
void devres_free(void *res);
void devres_add(struct device *dev, void *res);
void *devres_find(struct device *dev, dr_release_t release, dr_match_t match,
		  void *match_data);
void *devres_get(struct device *dev, void *new_res, dr_match_t match, void *match_data);
void *devres_remove(struct device *dev, dr_release_t release, dr_match_t match,
		    void *match_data);
int devres_destroy(struct device *dev, dr_release_t release, dr_match_t match,
		   void *match_data);
int devres_release(struct device *dev, dr_release_t release, dr_match_t match,
		   void *match_data);

void * __must_check devres_open_group(struct device *dev, void *id, gfp_t gfp);
void devres_close_group(struct device *dev, void *id);
void devres_remove_group(struct device *dev, void *id);
int devres_release_group(struct device *dev, void *id);

void * __malloc devm_kmalloc(struct device *dev, size_t size, gfp_t gfp);
void *devm_krealloc(struct device *dev, void *ptr, size_t size, gfp_t gfp) __must_check;
__printf(3, 0) char *devm_kvasprintf(struct device *dev, gfp_t gfp, const char *fmt,
				     va_list ap) __malloc;
__printf(3, 4) char *devm_kasprintf(struct device *dev, gfp_t gfp, const char *fmt, ...);
void devm_kfree(struct device *dev, const void *p);
char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp) __malloc;
const char *devm_kstrdup_const(struct device *dev, const char *s, gfp_t gfp);
void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp);

static inline void *devm_kzalloc(struct device *dev, size_t size, gfp_t gfp)
{
	return devm_kmalloc(dev, size, gfp | __GFP_ZERO);
}

static inline void *devm_kmalloc_array(struct device *dev, size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(n, size, &bytes)))
		return NULL;
	return devm_kmalloc(dev, bytes, flags);
}

static inline void *devm_kcalloc(struct device *dev, size_t n, size_t size, gfp_t flags)
{
	return devm_kmalloc_array(dev, n, size, flags | __GFP_ZERO);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline __realloc_size(3, 4) void * __must_check
devm_krealloc_array(struct device *dev, void *p, size_t new_n, size_t new_size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(__builtin_mul_overflow(new_n, new_size, &bytes)))
		return NULL;
	return devm_krealloc(dev, p, bytes, flags);
}
#endif

unsigned long devm_get_free_pages(struct device *dev, gfp_t gfp_mask, unsigned int order);
void devm_free_pages(struct device *dev, unsigned long addr);

struct resource;
/* no device memory in user space: stops the call */
void __iomem *devm_ioremap_resource(struct device *dev, const struct resource *res);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the action's name goes with it (devres tracing) */
int __devm_add_action(struct device *dev, void (*action)(void *), void *data,
		      const char *name);
#define devm_add_action(dev, action, data) \
	__devm_add_action(dev, action, data, #action)

static inline int __devm_add_action_or_reset(struct device *dev, void (*action)(void *),
					     void *data, const char *name)
{
	int ret = __devm_add_action(dev, action, data, name);

	if (ret)
		action(data);
	return ret;
}
#define devm_add_action_or_reset(dev, action, data) \
	__devm_add_action_or_reset(dev, action, data, #action)
#else
int devm_add_action(struct device *dev, void (*action)(void *), void *data);

/* the action now when it cannot be added */
static inline int devm_add_action_or_reset(struct device *dev, void (*action)(void *),
					   void *data)
{
	int ret = devm_add_action(dev, action, data);

	if (ret)
		action(data);
	return ret;
}
#endif
void devm_remove_action(struct device *dev, void (*action)(void *), void *data);
void devm_release_action(struct device *dev, void (*action)(void *), void *data);

/* per-CPU memory (one CPU here), freed at release */
#define devm_alloc_percpu(dev, type) \
	((typeof(type) __percpu *)__devm_alloc_percpu((dev), sizeof(type), __alignof__(type)))
void __percpu *__devm_alloc_percpu(struct device *dev, size_t size, size_t align);
void devm_free_percpu(struct device *dev, void __percpu *pdata);

/* attribute groups removed again at release */
int __must_check devm_device_add_group(struct device *dev, const struct attribute_group *grp);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int __must_check devm_device_add_groups(struct device *dev,
					const struct attribute_group **groups);
void devm_device_remove_groups(struct device *dev, const struct attribute_group **groups);
void devm_device_remove_group(struct device *dev, const struct attribute_group *grp);
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/idr.h>
#include <linux/xarray.h>
#include <linux/rculist.h>
#include <linux/random.h>
#include <linux/once.h>
#include <linux/prandom.h>
#include <linux/atomic.h>
#include <linux/gfp.h>
#include <linux/overflow.h>
#include <linux/cleanup.h>
#endif
