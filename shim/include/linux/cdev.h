/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Character devices (shim/lib/char_dev.c). cdev_add() makes the cdev the
 * one an open of a node with a device number in [dev, dev + count) reaches,
 * as the kernel's chrdev_open() finds it: the open sets inode->i_cdev and
 * the file's f_op to the cdev's ops, then calls their open. Where cdevs
 * overlap, the narrowest one covering the number wins, of equal ones the
 * last added (kobj_map()). cdev_del() forgets it (files already open keep
 * their ops, as in the kernel).
 */
#ifndef _LINUX_CDEV_H
#define _LINUX_CDEV_H

#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/kobject.h>
#include <linux/list.h>
#include <linux/types.h>

struct device;

struct cdev {
	struct kobject kobj;		/* its parent: cdev_set_parent() */
	struct module *owner;
	const struct file_operations *ops;
	struct list_head list;		/* the shim's map of added cdevs */
	dev_t dev;
	unsigned int count;
	bool __qdk_alloced;		/* from cdev_alloc(): cdev_del() frees it */
	bool __qdk_added;
};

void cdev_init(struct cdev *cdev, const struct file_operations *fops);
struct cdev *cdev_alloc(void);
int cdev_add(struct cdev *p, dev_t dev, unsigned int count);
void cdev_del(struct cdev *p);
int cdev_device_add(struct cdev *cdev, struct device *dev);
void cdev_device_del(struct cdev *cdev, struct device *dev);
/* the kobject the cdev keeps alive while it is in use (a device's) */
void cdev_set_parent(struct cdev *p, struct kobject *kobj);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/kobject.h>
#include <linux/device.h>
#include <linux/kconfig.h>
#endif
