// SPDX-License-Identifier: GPL-2.0
/*
 * char_dev.c - character device numbers and cdevs (linux/fs.h, linux/cdev.h)
 * as fs/char_dev.c keeps them: a region of minors of a major, given to one
 * name; a dynamic major is the highest free one from 254 down to 234, then
 * from 511 down to 384; a region overlapping another is -EBUSY. An open of
 * a node whose number a cdev covers gets the cdev's ops and calls its open
 * (chrdev_open()); no cdev: -ENXIO.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "shim.h"

struct char_region {
	struct list_head list;
	unsigned int major, baseminor, count;
	char name[64];
	struct cdev *cdev;		/* __register_chrdev()'s own */
};

static LIST_HEAD(regions);
static LIST_HEAD(cdevs);

static bool major_used(unsigned int major)
{
	struct char_region *r;

	list_for_each_entry(r, &regions, list)
		if (r->major == major)
			return true;
	return false;
}

static int find_dynamic_major(void)
{
	int i;

	for (i = 254; i >= CHRDEV_MAJOR_DYN_END; i--)
		if (!major_used(i))
			return i;
	for (i = CHRDEV_MAJOR_DYN_EXT_START; i >= CHRDEV_MAJOR_DYN_EXT_END; i--)
		if (!major_used(i))
			return i;
	return -EBUSY;
}

static struct char_region *region_add(unsigned int major, unsigned int baseminor,
				      unsigned int count, const char *name)
{
	struct char_region *r;
	int m = major;

	if (major >= CHRDEV_MAJOR_MAX) {
		pr_err("CHRDEV \"%s\" major requested (%u) is greater than the maximum (%d)\n",
		       name, major, CHRDEV_MAJOR_MAX - 1);
		return ERR_PTR(-EINVAL);
	}
	if (baseminor + count > MINORMASK + 1 || !count)
		return ERR_PTR(-EINVAL);
	if (!major) {
		m = find_dynamic_major();
		if (m < 0) {
			pr_err("CHRDEV \"%s\" dynamic allocation region is full\n", name);
			return ERR_PTR(m);
		}
	}
	list_for_each_entry(r, &regions, list)
		if (r->major == m && baseminor < r->baseminor + r->count &&
		    r->baseminor < baseminor + count)
			return ERR_PTR(-EBUSY);
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return ERR_PTR(-ENOMEM);
	r->major = m;
	r->baseminor = baseminor;
	r->count = count;
	strscpy(r->name, name, sizeof(r->name));
	list_add_tail(&r->list, &regions);
	return r;
}

static struct char_region *region_find(unsigned int major, unsigned int baseminor,
				       unsigned int count)
{
	struct char_region *r;

	list_for_each_entry(r, &regions, list)
		if (r->major == major && r->baseminor == baseminor && r->count == count)
			return r;
	return NULL;
}

static void region_del(struct char_region *r)
{
	list_del(&r->list);
	kfree(r);
}

/* the end of the piece of [n, to) within n's major */
static dev_t piece_end(dev_t n, dev_t to)
{
	dev_t next = MKDEV(MAJOR(n) + 1, 0);

	return next > to ? to : next;
}

void unregister_chrdev_region(dev_t from, unsigned int count)
{
	dev_t to = from + count, n;
	struct char_region *r;

	for (n = from; n < to; n = piece_end(n, to)) {
		r = region_find(MAJOR(n), MINOR(n), piece_end(n, to) - n);
		if (r)
			region_del(r);
	}
}

/* from .. from + count, a region per major as the kernel splits it */
int register_chrdev_region(dev_t from, unsigned int count, const char *name)
{
	dev_t to = from + count, n;
	struct char_region *r;

	for (n = from; n < to; n = piece_end(n, to)) {
		r = region_add(MAJOR(n), MINOR(n), piece_end(n, to) - n, name);
		if (IS_ERR(r)) {
			unregister_chrdev_region(from, n - from);
			return PTR_ERR(r);
		}
	}
	return 0;
}

int alloc_chrdev_region(dev_t *dev, unsigned int baseminor, unsigned int count,
			const char *name)
{
	struct char_region *r = region_add(0, baseminor, count, name);

	if (IS_ERR(r))
		return PTR_ERR(r);
	*dev = MKDEV(r->major, r->baseminor);
	return 0;
}

/* a region and a cdev over it: the major, or the dynamic one given */
int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
		      const char *name, const struct file_operations *fops)
{
	struct char_region *r = region_add(major, baseminor, count, name);
	struct cdev *cdev;
	int err;

	if (IS_ERR(r))
		return PTR_ERR(r);
	cdev = cdev_alloc();
	if (!cdev) {
		region_del(r);
		return -ENOMEM;
	}
	cdev->ops = fops;
	err = cdev_add(cdev, MKDEV(r->major, baseminor), count);
	if (err) {
		kfree(cdev);
		region_del(r);
		return err;
	}
	r->cdev = cdev;
	return major ? 0 : r->major;
}

void __unregister_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
			 const char *name)
{
	struct char_region *r = region_find(major, baseminor, count);

	if (!r)
		return;
	if (r->cdev)
		cdev_del(r->cdev);
	region_del(r);
}

void cdev_init(struct cdev *cdev, const struct file_operations *fops)
{
	memset(cdev, 0, sizeof(*cdev));
	INIT_LIST_HEAD(&cdev->list);
	cdev->ops = fops;
}

struct cdev *cdev_alloc(void)
{
	struct cdev *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (p) {
		INIT_LIST_HEAD(&p->list);
		p->__qdk_alloced = true;
	}
	return p;
}

/* as kobj_lookup(): the narrowest cdev over dev, of equal ones the last added */
static struct cdev *cdev_lookup(dev_t dev)
{
	struct cdev *p, *best = NULL;

	list_for_each_entry(p, &cdevs, list)
		if (dev >= p->dev && dev - p->dev < p->count &&
		    (!best || p->count <= best->count))
			best = p;
	return best;
}

int cdev_add(struct cdev *p, dev_t dev, unsigned int count)
{
	if (!count)
		return -EINVAL;
	p->dev = dev;
	p->count = count;
	list_add_tail(&p->list, &cdevs);
	p->__qdk_added = true;
	return 0;
}

void cdev_del(struct cdev *p)
{
	if (p->__qdk_added)
		list_del(&p->list);
	p->__qdk_added = false;
	if (p->__qdk_alloced)
		kfree(p);
}

int cdev_device_add(struct cdev *cdev, struct device *dev)
{
	return dev->devt ? cdev_add(cdev, dev->devt, 1) : 0;
}

void cdev_device_del(struct cdev *cdev, struct device *dev)
{
	if (dev->devt)
		cdev_del(cdev);
}

int qdk_chrdev_open(struct inode *inode, struct file *filp)
{
	struct cdev *p = cdev_lookup(inode->i_rdev);

	if (!p)
		return -ENXIO;
	inode->i_cdev = p;
	filp->f_op = p->ops;
	if (!filp->f_op)
		return -ENXIO;
	return filp->f_op->open ? filp->f_op->open(inode, filp) : 0;
}

/* an inode of init_special_inode(): its open is the cdev's */
const struct file_operations def_chr_fops = {
	.open		= qdk_chrdev_open,
	.llseek		= noop_llseek,
};

void cdev_set_parent(struct cdev *p, struct kobject *kobj)
{
	WARN_ON(!kobj->state_initialized);
	p->kobj.parent = kobj;
}
