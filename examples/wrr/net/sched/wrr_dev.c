// SPDX-License-Identifier: GPL-2.0
/*
 * wrr_dev.c - /dev/wrr, where user space sets the bands' weights of every
 * wrr qdisc: a character device of a class of its own ("wrr"), as a driver
 * makes one (a chrdev region, a cdev, class_create() and device_create():
 * udev makes the node; the kit's shim makes it at /dev/wrr).
 *
 * A write is text, one band a line, "BAND WEIGHT" (BAND 0 to 7, WEIGHT 1
 * to 255); empty lines are skipped. A write is taken whole or not at all:
 * any bad line fails it with -EINVAL (-ERANGE for a number too large) and
 * no weight changes. The weights written are in force 20 ms after the
 * write, from the first dequeue at or after that time on: a qdisc running
 * on another CPU while the write is under way never meets half of it, so
 * its decisions depend on the time of the write alone (and a capture of
 * them replays exactly). A read returns the eight weights last written.
 */
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/version.h>

#include "wrr.h"

#define WRR_WRITE_MAX	256
#define WRR_DELAY_NS	(20 * NSEC_PER_MSEC)

/* in force; written, in force from wrr_pending_at (0: none) */
static u8 wrr_weights[TC_WRR_MAX_BANDS] = { 1, 1, 1, 1, 1, 1, 1, 1 };
static u8 wrr_pending[TC_WRR_MAX_BANDS];
static u64 wrr_pending_at;
static DEFINE_SPINLOCK(wrr_weights_lock);	/* all three */

static dev_t wrr_devt;
static struct cdev wrr_cdev;
static struct class *wrr_class;

u8 wrr_weight(unsigned int band)
{
	u64 at = READ_ONCE(wrr_pending_at);

	if (unlikely(at) && ktime_get_ns() >= at) {
		spin_lock(&wrr_weights_lock);
		if (wrr_pending_at && ktime_get_ns() >= wrr_pending_at) {
			memcpy(wrr_weights, wrr_pending, sizeof(wrr_weights));
			WRITE_ONCE(wrr_pending_at, 0);
		}
		spin_unlock(&wrr_weights_lock);
	}
	return READ_ONCE(wrr_weights[band]);
}

void wrr_weights_written(u8 *w)
{
	spin_lock_bh(&wrr_weights_lock);
	memcpy(w, wrr_pending_at ? wrr_pending : wrr_weights, TC_WRR_MAX_BANDS);
	spin_unlock_bh(&wrr_weights_lock);
}

/* One "BAND WEIGHT" line into W; -EINVAL or -ERANGE for a bad one. */
static int wrr_parse_line(char *line, u8 *w)
{
	char *band_s, *weight_s;
	unsigned int band;
	u8 weight;
	int err;

	band_s = strsep(&line, " \t");
	weight_s = line ? skip_spaces(line) : NULL;
	if (!band_s || !*band_s || !weight_s || !*weight_s)
		return -EINVAL;
	err = kstrtouint(band_s, 10, &band);
	if (err)
		return err;
	err = kstrtou8(strim(weight_s), 10, &weight);
	if (err)
		return err;
	if (band >= TC_WRR_MAX_BANDS || !weight)
		return -EINVAL;
	w[band] = weight;
	return 0;
}

static ssize_t wrr_write(struct file *file, const char __user *ubuf,
			 size_t count, loff_t *ppos)
{
	u8 w[TC_WRR_MAX_BANDS];
	char buf[WRR_WRITE_MAX + 1];
	char *p = buf, *line;
	int err;

	if (count > WRR_WRITE_MAX)
		return -E2BIG;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';

	wrr_weights_written(w);
	while ((line = strsep(&p, "\n")) != NULL) {
		line = strim(line);
		if (!*line)
			continue;
		err = wrr_parse_line(line, w);
		if (err)
			return err;
	}

	spin_lock_bh(&wrr_weights_lock);
	memcpy(wrr_pending, w, sizeof(wrr_pending));
	WRITE_ONCE(wrr_pending_at, ktime_get_ns() + WRR_DELAY_NS);
	spin_unlock_bh(&wrr_weights_lock);
	return count;
}

static ssize_t wrr_read(struct file *file, char __user *ubuf, size_t count,
			loff_t *ppos)
{
	char buf[TC_WRR_MAX_BANDS * 4 + 1];
	u8 w[TC_WRR_MAX_BANDS];
	int len = 0, i;

	wrr_weights_written(w);
	for (i = 0; i < TC_WRR_MAX_BANDS; i++)
		len += scnprintf(buf + len, sizeof(buf) - len, "%u%c", w[i],
				 i == TC_WRR_MAX_BANDS - 1 ? '\n' : ' ');
	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static const struct file_operations wrr_fops = {
	.owner	= THIS_MODULE,
	.read	= wrr_read,
	.write	= wrr_write,
	.llseek	= default_llseek,
};

int wrr_dev_init(void)
{
	struct device *dev;
	int err;

	err = alloc_chrdev_region(&wrr_devt, 0, 1, "wrr");
	if (err)
		return err;
	cdev_init(&wrr_cdev, &wrr_fops);
	wrr_cdev.owner = THIS_MODULE;
	err = cdev_add(&wrr_cdev, wrr_devt, 1);
	if (err)
		goto unregister;

	/* 6.4 took the owner argument away: the class belongs to its module */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
	wrr_class = class_create("wrr");
#else
	wrr_class = class_create(THIS_MODULE, "wrr");
#endif
	if (IS_ERR(wrr_class)) {
		err = PTR_ERR(wrr_class);
		goto del;
	}
	dev = device_create(wrr_class, NULL, wrr_devt, NULL, "wrr");
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto destroy;
	}
	return 0;

destroy:
	class_destroy(wrr_class);
del:
	cdev_del(&wrr_cdev);
unregister:
	unregister_chrdev_region(wrr_devt, 1);
	return err;
}

void wrr_dev_exit(void)
{
	device_destroy(wrr_class, wrr_devt);
	class_destroy(wrr_class);
	cdev_del(&wrr_cdev);
	unregister_chrdev_region(wrr_devt, 1);
}
