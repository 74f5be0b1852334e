// SPDX-License-Identifier: GPL-2.0
/*
 * base_devres.c - managed resources (the kernel's drivers/base/devres.c;
 * named after its folder: devres.c is net/devres.c's): devres_*() and
 * groups, and the devm_ family over them (memory, pages, per-CPU memory,
 * actions). devm_ioremap_resource() (lib/devres.c's) and devm_mutex_init()'s
 * __devm_mutex_init() (kernel/locking/mutex.c's) are here beside the devm_
 * API they stand on.
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

#include <qdk/unmodelled.h>

#include "kobject_tree.h"

/*
 * A device's resources and group markers, newest first in __qdk_devres
 * (the kernel appends and walks backwards: the same order). A resource's
 * data follows its node; devres_alloc() hands out the data, unlisted until
 * devres_add(). A group is a pair of markers: the open marker, listed when
 * the group is opened, and the close marker, listed when it is closed; its
 * resources are the nodes between them (newer than the open marker).
 */
enum devres_kind {
	DEVRES_RESOURCE,
	DEVRES_GROUP_OPEN,
	DEVRES_GROUP_CLOSE,
};

struct devres {
	struct list_head list;
	enum devres_kind kind;
	dr_release_t release;
	const char *name;
	size_t size;
	size_t room;			/* the data's room, as the kernel's slab has it */
	void *id;			/* a group's id */
	struct devres *pair;		/* a marker's other marker (open: NULL until closed) */
	bool in_range;			/* devres_release_group()'s scratch */
	u8 data[] __aligned(16);
};

#define devres_of(res) container_of((u8 *)(res), struct devres, data[0])

/*
 * The kernel's node before the data (list, release, name, size): its
 * allocation is that plus the data, rounded up to a kmalloc bucket, and
 * devm_krealloc() keeps a resource where it is while the bucket has room.
 */
#define KERNEL_DEVRES_HDR	40

static struct devres *alloc_dr(dr_release_t release, size_t size, gfp_t gfp, const char *name)
{
	struct devres *dr;
	size_t tot, room;

	if (unlikely(check_add_overflow((size_t)KERNEL_DEVRES_HDR, size, &tot)))
		return NULL;
	room = kmalloc_size_roundup(tot) - KERNEL_DEVRES_HDR;
	if (unlikely(room < size || check_add_overflow(sizeof(*dr), room, &tot)))
		return NULL;
	dr = kmalloc(tot, gfp);
	if (unlikely(!dr))
		return NULL;
	memset(dr, 0, offsetof(struct devres, data));
	INIT_LIST_HEAD(&dr->list);
	dr->kind = DEVRES_RESOURCE;
	dr->release = release;
	dr->name = name;
	dr->size = size;
	dr->room = room;
	return dr;
}

void *__devres_alloc_node(dr_release_t release, size_t size, gfp_t gfp, int nid,
			  const char *name)
{
	struct devres *dr = alloc_dr(release, size, gfp | __GFP_ZERO, name);

	return dr ? dr->data : NULL;
}

void devres_free(void *res)
{
	struct devres *dr;

	if (!res)
		return;
	dr = devres_of(res);
	WARN_ON(!list_empty(&dr->list));	/* still added to a device */
	kfree(dr);
}

void devres_add(struct device *dev, void *res)
{
	list_add(&devres_of(res)->list, &dev->__qdk_devres);
}

/* the newest resource of release that match accepts */
static struct devres *find_dr(struct device *dev, dr_release_t release, dr_match_t match,
			      void *match_data)
{
	struct devres *dr;

	list_for_each_entry(dr, &dev->__qdk_devres, list) {
		if (dr->kind != DEVRES_RESOURCE || dr->release != release)
			continue;
		if (match && !match(dev, dr->data, match_data))
			continue;
		return dr;
	}
	return NULL;
}

void devres_for_each_res(struct device *dev, dr_release_t release, dr_match_t match,
			 void *match_data, void (*fn)(struct device *, void *, void *),
			 void *data)
{
	struct devres *dr, *tmp;

	if (!fn)
		return;
	list_for_each_entry_safe(dr, tmp, &dev->__qdk_devres, list) {
		if (dr->kind != DEVRES_RESOURCE || dr->release != release)
			continue;
		if (match && !match(dev, dr->data, match_data))
			continue;
		fn(dev, dr->data, data);
	}
}

void *devres_find(struct device *dev, dr_release_t release, dr_match_t match,
		  void *match_data)
{
	struct devres *dr = find_dr(dev, release, match, match_data);

	return dr ? dr->data : NULL;
}

/* the resource already there, new_res freed; or new_res, added */
void *devres_get(struct device *dev, void *new_res, dr_match_t match, void *match_data)
{
	struct devres *new_dr = devres_of(new_res);
	struct devres *dr = find_dr(dev, new_dr->release, match, match_data);

	if (!dr) {
		list_add(&new_dr->list, &dev->__qdk_devres);
		return new_res;
	}
	devres_free(new_res);
	return dr->data;
}

void *devres_remove(struct device *dev, dr_release_t release, dr_match_t match,
		    void *match_data)
{
	struct devres *dr = find_dr(dev, release, match, match_data);

	if (!dr)
		return NULL;
	list_del_init(&dr->list);
	return dr->data;
}

int devres_destroy(struct device *dev, dr_release_t release, dr_match_t match,
		   void *match_data)
{
	void *res = devres_remove(dev, release, match, match_data);

	if (unlikely(!res))
		return -ENOENT;
	devres_free(res);
	return 0;
}

int devres_release(struct device *dev, dr_release_t release, dr_match_t match,
		   void *match_data)
{
	void *res = devres_remove(dev, release, match, match_data);

	if (unlikely(!res))
		return -ENOENT;
	release(dev, res);
	devres_free(res);
	return 0;
}

static void release_dr(struct device *dev, struct devres *dr)
{
	if (dr->kind == DEVRES_RESOURCE && dr->release)
		dr->release(dev, dr->data);
	kfree(dr);
}

void qdk_devres_release_all(struct device *dev)
{
	struct devres *dr, *tmp;

	list_for_each_entry_safe(dr, tmp, &dev->__qdk_devres, list) {
		list_del(&dr->list);
		release_dr(dev, dr);
	}
}

static struct devres *new_marker(enum devres_kind kind, gfp_t gfp)
{
	struct devres *m = alloc_dr(NULL, 0, gfp, kind == DEVRES_GROUP_OPEN ?
				    "grp<" : "grp>");

	if (m)
		m->kind = kind;
	return m;
}

void *devres_open_group(struct device *dev, void *id, gfp_t gfp)
{
	struct devres *open = new_marker(DEVRES_GROUP_OPEN, gfp);

	if (unlikely(!open))
		return NULL;
	open->id = id ? id : open;
	list_add(&open->list, &dev->__qdk_devres);
	return open->id;
}

/* the group of id, or with a NULL id the newest group still open */
static struct devres *find_group(struct device *dev, void *id)
{
	struct devres *dr;

	list_for_each_entry(dr, &dev->__qdk_devres, list) {
		if (dr->kind != DEVRES_GROUP_OPEN)
			continue;
		if (id ? dr->id == id : !dr->pair)
			return dr;
	}
	return NULL;
}

void devres_close_group(struct device *dev, void *id)
{
	struct devres *open = find_group(dev, id), *close;

	if (WARN_ON(!open) || WARN_ON(open->pair))
		return;
	close = new_marker(DEVRES_GROUP_CLOSE, GFP_KERNEL);
	if (!close)
		return;
	close->pair = open;
	open->pair = close;
	list_add(&close->list, &dev->__qdk_devres);
}

/* the group's markers go; its resources stay, now outside any group */
void devres_remove_group(struct device *dev, void *id)
{
	struct devres *open = find_group(dev, id);

	if (WARN_ON(!open))
		return;
	if (open->pair) {
		list_del(&open->pair->list);
		kfree(open->pair);
	}
	list_del(&open->list);
	kfree(open);
}

/*
 * Release the group's resources, newest first, and the groups nested whole
 * inside it; a group only partly inside keeps its markers. The number of
 * resources released.
 */
int devres_release_group(struct device *dev, void *id)
{
	struct devres *open = find_group(dev, id), *dr, *tmp;
	struct list_head *pos, *end;
	LIST_HEAD(todo);
	int cnt = 0;

	if (WARN_ON(!open))
		return 0;
	end = open->pair ? &open->pair->list : &dev->__qdk_devres;

	/* the nodes newer than the open marker, up to the close marker */
	for (pos = open->list.prev; pos != end; pos = pos->prev)
		list_entry(pos, struct devres, list)->in_range = true;

	for (pos = open->list.prev; pos != end; pos = tmp ? &tmp->list : NULL) {
		dr = list_entry(pos, struct devres, list);
		tmp = pos->prev != end ? list_entry(pos->prev, struct devres, list) : NULL;
		if (dr->kind == DEVRES_RESOURCE ||
		    (dr->pair && dr->pair->in_range)) {
			list_move(&dr->list, &todo);	/* todo: newest first */
			if (dr->kind == DEVRES_RESOURCE)
				cnt++;
		}
		if (!tmp)
			break;
	}
	list_for_each_entry(dr, &dev->__qdk_devres, list)
		dr->in_range = false;
	list_for_each_entry_safe(dr, tmp, &todo, list) {
		list_del(&dr->list);
		release_dr(dev, dr);
	}
	devres_remove_group(dev, open->id);
	return cnt;
}

/* managed memory: a resource whose release does nothing (kfree follows) */
static void devm_kmalloc_release(struct device *dev, void *res)
{
}

static int devm_kmalloc_match(struct device *dev, void *res, void *data)
{
	return res == data;
}

void *devm_kmalloc(struct device *dev, size_t size, gfp_t gfp)
{
	struct devres *dr;

	if (unlikely(!size))
		return ZERO_SIZE_PTR;
	dr = alloc_dr(devm_kmalloc_release, size, gfp, "devm_kzalloc_release");
	if (unlikely(!dr))
		return NULL;
	list_add(&dr->list, &dev->__qdk_devres);
	return dr->data;
}

void devm_kfree(struct device *dev, const void *p)
{
	if (unlikely(ZERO_OR_NULL_PTR(p)))
		return;
	/* not managed memory of this device */
	WARN_ON(devres_destroy(dev, devm_kmalloc_release, devm_kmalloc_match, (void *)p));
}

/*
 * The data moved into a larger resource at the same place in the list, or
 * kept where its allocation already has the room (as ksize() tells the
 * kernel); NULL with ptr untouched on failure, ZERO_SIZE_PTR for size 0.
 */
void *devm_krealloc(struct device *dev, void *ptr, size_t new_size, gfp_t gfp)
{
	struct devres *old_dr, *new_dr;

	if (unlikely(!new_size)) {
		devm_kfree(dev, ptr);
		return ZERO_SIZE_PTR;
	}
	if (unlikely(ZERO_OR_NULL_PTR(ptr)))
		return devm_kmalloc(dev, new_size, gfp);

	old_dr = find_dr(dev, devm_kmalloc_release, devm_kmalloc_match, ptr);
	if (WARN_ON(!old_dr))	/* not managed memory of this device */
		return NULL;
	if (new_size <= old_dr->room) {
		if (new_size > old_dr->size && (gfp & __GFP_ZERO))
			memset(old_dr->data + old_dr->size, 0, new_size - old_dr->size);
		old_dr->size = new_size;
		return ptr;
	}
	new_dr = alloc_dr(devm_kmalloc_release, new_size, gfp, "devm_kzalloc_release");
	if (!new_dr)
		return NULL;
	memcpy(new_dr->data, old_dr->data, min(old_dr->size, new_size));
	list_replace(&old_dr->list, &new_dr->list);
	kfree(old_dr);
	return new_dr->data;
}

char *devm_kstrdup(struct device *dev, const char *s, gfp_t gfp)
{
	size_t size;
	char *buf;

	if (!s)
		return NULL;
	size = strlen(s) + 1;
	buf = devm_kmalloc(dev, size, gfp);
	if (buf)
		memcpy(buf, s, size);
	return buf;
}

/* the kernel hands back a string in .rodata itself; the shim always copies
 * (devm_kfree() of either is right)
 */
const char *devm_kstrdup_const(struct device *dev, const char *s, gfp_t gfp)
{
	return devm_kstrdup(dev, s, gfp);
}

void *devm_kmemdup(struct device *dev, const void *src, size_t len, gfp_t gfp)
{
	void *p = devm_kmalloc(dev, len, gfp);

	if (p)
		memcpy(p, src, len);
	return p;
}

char *devm_kvasprintf(struct device *dev, gfp_t gfp, const char *fmt, va_list ap)
{
	va_list aq;
	int len;
	char *p;

	va_copy(aq, ap);
	len = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	p = devm_kmalloc(dev, len + 1, gfp);
	if (!p)
		return NULL;
	vsnprintf(p, len + 1, fmt, ap);
	return p;
}

char *devm_kasprintf(struct device *dev, gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = devm_kvasprintf(dev, gfp, fmt, ap);
	va_end(ap);
	return p;
}

/* pages: the address and order, freed at release */
struct pages_devres {
	unsigned long addr;
	unsigned int order;
};

static void devm_pages_release(struct device *dev, void *res)
{
	struct pages_devres *devres = res;

	free_pages(devres->addr, devres->order);
}

static int devm_pages_match(struct device *dev, void *res, void *p)
{
	return ((struct pages_devres *)res)->addr == ((struct pages_devres *)p)->addr;
}

unsigned long devm_get_free_pages(struct device *dev, gfp_t gfp_mask, unsigned int order)
{
	struct pages_devres *devres;
	unsigned long addr = __get_free_pages(gfp_mask, order);

	if (unlikely(!addr))
		return 0;
	devres = devres_alloc(devm_pages_release, sizeof(*devres), GFP_KERNEL);
	if (unlikely(!devres)) {
		free_pages(addr, order);
		return 0;
	}
	devres->addr = addr;
	devres->order = order;
	devres_add(dev, devres);
	return addr;
}

void devm_free_pages(struct device *dev, unsigned long addr)
{
	struct pages_devres devres = { .addr = addr };

	WARN_ON(devres_release(dev, devm_pages_release, devm_pages_match, &devres));
}

/* per-CPU memory (one CPU: one copy), freed at release */
static void devm_percpu_release(struct device *dev, void *pdata)
{
	free_percpu(*(void __percpu **)pdata);
}

static int devm_percpu_match(struct device *dev, void *data, void *p)
{
	return *(void **)data == p;
}

void __percpu *__devm_alloc_percpu(struct device *dev, size_t size, size_t align)
{
	void __percpu **p = devres_alloc(devm_percpu_release, sizeof(void *), GFP_KERNEL);
	void __percpu *pcpu;

	if (!p)
		return NULL;
	pcpu = __alloc_percpu(size, align);
	if (!pcpu) {
		devres_free(p);
		return NULL;
	}
	*p = pcpu;
	devres_add(dev, p);
	return pcpu;
}

void devm_free_percpu(struct device *dev, void __percpu *pdata)
{
	WARN_ON(devres_destroy(dev, devm_percpu_release, devm_percpu_match, (void *)pdata));
	free_percpu(pdata);
}

/* actions: the function and its argument, called at release */
struct action_devres {
	void *data;
	void (*action)(void *);
};

static int devm_action_match(struct device *dev, void *res, void *p)
{
	struct action_devres *devres = res, *target = p;

	return devres->action == target->action && devres->data == target->data;
}

static void devm_action_release(struct device *dev, void *res)
{
	struct action_devres *devres = res;

	devres->action(devres->data);
}

int __devm_add_action(struct device *dev, void (*action)(void *), void *data, const char *name)
{
	struct action_devres *devres = __devres_alloc_node(devm_action_release, sizeof(*devres),
							   GFP_KERNEL, NUMA_NO_NODE, name);

	if (!devres)
		return -ENOMEM;
	devres->data = data;
	devres->action = action;
	devres_add(dev, devres);
	return 0;
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* 6.1's function; from 6.12 a macro naming the action */
int devm_add_action(struct device *dev, void (*action)(void *), void *data)
{
	return __devm_add_action(dev, action, data, "devm_action_release");
}
#endif

void devm_remove_action(struct device *dev, void (*action)(void *), void *data)
{
	struct action_devres devres = { .data = data, .action = action };

	WARN_ON(devres_destroy(dev, devm_action_release, devm_action_match, &devres));
}

void devm_release_action(struct device *dev, void (*action)(void *), void *data)
{
	struct action_devres devres = { .data = data, .action = action };

	WARN_ON(devres_release(dev, devm_action_release, devm_action_match, &devres));
}

void __iomem *devm_ioremap_resource(struct device *dev, const struct resource *res)
{
	QDK_UNMODELLED(devm_ioremap_resource, "no device memory (MMIO) in user space");
}

static void devm_mutex_release(void *res)
{
	mutex_destroy(res);
}

int __devm_mutex_init(struct device *dev, struct mutex *lock)
{
	return devm_add_action_or_reset(dev, devm_mutex_release, lock);
}
