// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_devfs.c - a module's files beyond net/sched: character device
 * numbers, cdevs, classes and devices with attribute files, open/release
 * accounting, poll woken from a qdisc's datapath, ioctl and user-copy
 * faults, misc's private_data, procfs with seq_file, debugfs.
 */
#include <linux/cdev.h>
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/fs.h>
#include <linux/ioctl.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/skbuff.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/version.h>
#include <linux/wait.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>

#include "ktest.h"
#include "shim.h"
#include "../api/qdk_api.h"

/* ---- a qdisc whose enqueue wakes its device's readers ---------------------- */

static DECLARE_WAIT_QUEUE_HEAD(kt_waitq);
static struct Qdisc *kt_sch;
static int kt_opens;

static int ktq_enqueue(struct sk_buff *skb, struct Qdisc *sch, struct sk_buff **to_free)
{
	int ret = qdisc_enqueue_tail(skb, sch);

	/* the datapath tells the device's readers, as a real driver does */
	wake_up_interruptible_poll(&kt_waitq, EPOLLIN | EPOLLRDNORM);
	return ret;
}

static struct sk_buff *ktq_dequeue(struct Qdisc *sch)
{
	return qdisc_dequeue_head(sch);
}

static struct Qdisc_ops ktq_ops __read_mostly = {
	.id		= "kt_devq",
	.enqueue	= ktq_enqueue,
	.dequeue	= ktq_dequeue,
	.peek		= qdisc_peek_head,
	.owner		= THIS_MODULE,
};

static int __init ktq_init(void)
{
	return register_qdisc(&ktq_ops);
}
module_init(ktq_init)

/* ---- its character device --------------------------------------------------- */

struct kt_stats {
	u32 qlen;
	u32 opens;
};

#define KT_IOC_STATS	_IOR('k', 1, struct kt_stats)
#define KT_IOC_LIMIT	_IOW('k', 2, u32)

struct kt_dev {
	struct cdev cdev;
	u32 limit;
};

static struct kt_dev kt_dev;

static int kt_open(struct inode *inode, struct file *file)
{
	file->private_data = container_of(inode->i_cdev, struct kt_dev, cdev);
	kt_opens++;
	return iminor(inode) == 1 ? -EPERM : 0;
}

static int kt_release(struct inode *inode, struct file *file)
{
	kt_opens--;
	return 0;
}

static __poll_t kt_poll(struct file *file, struct poll_table_struct *wait)
{
	poll_wait(file, &kt_waitq, wait);
	return (kt_sch && kt_sch->q.qlen ? EPOLLIN | EPOLLRDNORM : 0) | EPOLLOUT | EPOLLWRNORM;
}

static long kt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct kt_dev *d = file->private_data;
	struct kt_stats st = { .qlen = kt_sch ? kt_sch->q.qlen : 0, .opens = kt_opens };
	u32 limit;

	switch (cmd) {
	case KT_IOC_STATS:
		return copy_to_user((void __user *)arg, &st, sizeof(st)) ? -EFAULT : 0;
	case KT_IOC_LIMIT:
		if (get_user(limit, (u32 __user *)arg))
			return -EFAULT;
		d->limit = limit;
		return 0;
	}
	return -ENOTTY;
}

static const struct file_operations kt_fops = {
	.owner		= THIS_MODULE,
	.open		= kt_open,
	.release	= kt_release,
	.poll		= kt_poll,
	.unlocked_ioctl	= kt_ioctl,
};

static ssize_t limit_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct kt_dev *d = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%u\n", d->limit);
}

static ssize_t limit_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	struct kt_dev *d = dev_get_drvdata(dev);
	unsigned int v;
	int err = kstrtouint(buf, 0, &v);

	if (err)
		return err;
	d->limit = v;
	return count;
}
static DEVICE_ATTR_RW(limit);

static ssize_t ro_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "ro\n");
}
static DEVICE_ATTR_RO(ro);

static struct class *kt_make_class(const char *name)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	return class_create(name);
#else
	return class_create(THIS_MODULE, name);
#endif
}

/* read a whole file as `cat` would, in reads of step bytes */
static long kt_cat(const char *path, char *buf, size_t len, size_t step)
{
	struct qdk_file *f;
	size_t done = 0;
	long n;
	int err = qdk_file_open(path, O_RDONLY, &f);

	if (err)
		return err;
	while (done < len - 1) {
		n = qdk_file_read(f, buf + done, min(step, len - 1 - done));
		if (n <= 0) {
			if (n < 0)
				done = n;
			break;
		}
		done += n;
	}
	qdk_file_close(f);
	if ((long)done >= 0)
		buf[done] = '\0';
	return done;
}

static long kt_echo(const char *path, const char *text)
{
	struct qdk_file *f;
	long n;
	int err = qdk_file_open(path, O_WRONLY, &f);

	if (err)
		return err;
	n = qdk_file_write(f, text, strlen(text));
	qdk_file_close(f);
	return n;
}

KTEST(chrdev, regions)
{
	dev_t a, b;

	KT_EQ(alloc_chrdev_region(&a, 0, 4, "kt_a"), 0);
	KT_EQ(MAJOR(a), 254);
	KT_EQ(alloc_chrdev_region(&b, 3, 1, "kt_b"), 0);
	KT_EQ(MAJOR(b), 253);
	KT_EQ(MINOR(b), 3);
	KT_EQ(register_chrdev_region(MKDEV(254, 2), 4, "kt_c"), -EBUSY);
	KT_EQ(register_chrdev_region(MKDEV(254, 4), 4, "kt_c"), 0);
	KT_EQ(register_chrdev_region(MKDEV(600, 0), 1, "kt_d"), -EINVAL);
	unregister_chrdev_region(a, 4);
	KT_EQ(alloc_chrdev_region(&a, 0, 1, "kt_e"), 0);
	KT_EQ(MAJOR(a), 252);
	unregister_chrdev_region(MKDEV(254, 4), 4);
	unregister_chrdev_region(b, 1);
	unregister_chrdev_region(a, 1);
	/* a dynamic register_chrdev() returns its major */
	KT_EQ(register_chrdev(0, "kt_f", &kt_fops), 254);
	unregister_chrdev(254, "kt_f");
	return 0;
}

KTEST(chrdev, cdev_class_device_attributes)
{
	struct qdk_file *f, *g;
	unsigned long opens, releases;
	static char list[4096];
	struct class *cls;
	struct device *dev;
	char buf[64];
	dev_t base;

	KT_EQ(alloc_chrdev_region(&base, 0, 2, "kt"), 0);
	cls = kt_make_class("kt_class");
	KT_ASSERT(!IS_ERR(cls), "class");
	KT_ASSERT(IS_ERR(kt_make_class("kt_class")) &&
		  PTR_ERR(kt_make_class("kt_class")) == -EEXIST, "one class of a name");
	dev = device_create(cls, NULL, base, &kt_dev, "kt%d", 0);
	KT_ASSERT(!IS_ERR(dev), "device");
	KT_STREQ(dev_name(dev), "kt0");
	KT_ASSERT(!IS_ERR(device_create(cls, NULL, base + 1, &kt_dev, "kt%d", 1)), "device 1");
	/* the node is there before a cdev: its open finds no driver */
	KT_EQ(qdk_file_open("/dev/kt0", O_RDWR, &f), -ENXIO);
	cdev_init(&kt_dev.cdev, &kt_fops);
	KT_EQ(cdev_add(&kt_dev.cdev, base, 2), 0);
	KT_EQ(qdk_file_open("/dev/nothing", O_RDWR, &f), -ENOENT);
	/* open's error fails the open: no release */
	KT_EQ(qdk_file_open("/dev/kt1", O_RDWR, &f), -EPERM);
	KT_EQ(qdk_file_count("/dev/kt1", &opens, &releases), 0);
	KT_EQ(opens, 0);
	KT_EQ(kt_opens, 1);
	kt_opens = 0;
	KT_EQ(qdk_file_open("/dev/kt0", O_RDWR, &f), 0);
	KT_EQ(qdk_file_open("/dev/kt0", O_RDONLY, &g), 0);
	KT_EQ(qdk_file_count("/dev/kt0", &opens, &releases), 2);
	KT_EQ(kt_opens, 2);
	/* no read or write handler: the VFS's -EINVAL; a mode not opened: -EBADF */
	KT_EQ(qdk_file_read(f, buf, 4), -EINVAL);
	KT_EQ(qdk_file_write(g, "x", 1), -EBADF);
	KT_EQ(qdk_file_close(g), 0);
	KT_EQ(qdk_file_count("/dev/kt0", &opens, &releases), 1);
	KT_EQ(releases, 1);
	/* the attribute files */
	KT_EQ(device_create_file(dev, &dev_attr_limit), 0);
	KT_EQ(device_create_file(dev, &dev_attr_ro), 0);
	KT_EQ(device_create_file(dev, &dev_attr_ro), -EEXIST);
	KT_EQ(kt_echo("/sys/class/kt_class/kt0/limit", "0x20\n"), 5);
	KT_EQ(kt_cat("/sys/class/kt_class/kt0/limit", buf, sizeof(buf), 1), 3);
	KT_STREQ(buf, "32\n");
	KT_EQ(kt_echo("/sys/class/kt_class/kt0/limit", "x"), -EINVAL);
	KT_EQ(kt_echo("/sys/class/kt_class/kt0/ro", "1"), -EACCES);
	KT_EQ(kt_cat("/sys/class/kt_class/kt0/ro", buf, sizeof(buf), 64), 3);
	/* a file open while its node goes keeps its ops, as a module's file does */
	device_destroy(cls, base);
	KT_EQ(qdk_file_open("/dev/kt0", O_RDWR, &g), -ENOENT);
	KT_EQ(qdk_file_ioctl(f, 0x1234, 0), -ENOTTY);
	KT_EQ(qdk_file_close(f), 0);
	KT_EQ(kt_opens, 0);
	device_destroy(cls, base + 1);
	cdev_del(&kt_dev.cdev);
	class_destroy(cls);
	unregister_chrdev_region(base, 2);
	/* nothing of the class, its devices or their attributes is left */
	KT_ASSERT(qdk_file_list(list, sizeof(list)) < sizeof(list), "the list fits");
	KT_ASSERT(!strstr(list, "kt_class") && !strstr(list, "/dev/kt"), "left: %s", list);
	return 0;
}

static struct sk_buff *kt_pkt(void)
{
	struct sk_buff *skb = alloc_skb(100, GFP_KERNEL);

	skb_put(skb, 100);
	qdk_qdisc_pkt_len_init(skb, 100);
	return skb;
}

KTEST(chrdev, poll_woken_from_the_datapath)
{
	struct sk_buff *to_free = NULL;
	struct qdk_file *f;
	struct class *cls = kt_make_class("kt_class");
	dev_t base;

	KT_EQ(alloc_chrdev_region(&base, 0, 1, "kt"), 0);
	cdev_init(&kt_dev.cdev, &kt_fops);
	KT_EQ(cdev_add(&kt_dev.cdev, base, 1), 0);
	KT_ASSERT(!IS_ERR(device_create(cls, NULL, base, &kt_dev, "kt0")), "device");
	kt_sch = qdk_test_qdisc("kt_devq");
	KT_ASSERT(kt_sch, "qdisc");
	KT_EQ(qdk_file_open("/dev/kt0", O_RDONLY, &f), 0);
	/* nothing queued: only writable; poll(2) would sleep on kt_waitq */
	KT_EQ(qdk_file_poll(f, EPOLLIN | EPOLLRDNORM), 0);
	KT_ASSERT(waitqueue_active(&kt_waitq), "the poller waits");
	KT_EQ(qdk_file_woken(f), 0);
	/* an enqueue wakes it, and the poll it then makes finds the packet */
	KT_EQ(ktq_ops.enqueue(kt_pkt(), kt_sch, &to_free), NET_XMIT_SUCCESS);
	KT_EQ(qdk_file_woken(f), 1);
	KT_EQ(qdk_file_poll(f, EPOLLIN | EPOLLRDNORM), EPOLLIN | EPOLLRDNORM);
	/* a wake for events it did not ask for does not end its sleep */
	KT_EQ(qdk_file_poll(f, EPOLLOUT), EPOLLOUT);
	wake_up_interruptible_poll(&kt_waitq, EPOLLIN);
	KT_EQ(qdk_file_woken(f), 0);
	wake_up_interruptible(&kt_waitq);
	KT_EQ(qdk_file_woken(f), 1);
	KT_EQ(qdk_file_close(f), 0);
	KT_ASSERT(!waitqueue_active(&kt_waitq), "the close forgets the wait");
	kfree_skb(ktq_ops.dequeue(kt_sch));
	qdk_test_qdisc_put(kt_sch);
	kt_sch = NULL;
	device_destroy(cls, base);
	cdev_del(&kt_dev.cdev);
	class_destroy(cls);
	unregister_chrdev_region(base, 1);
	return 0;
}

KTEST(chrdev, ioctl_and_user_faults)
{
	struct class *cls = kt_make_class("kt_class");
	struct kt_stats *st = kmalloc(sizeof(*st) + 4, GFP_KERNEL);
	struct qdk_file *f;
	char dst[8];
	u32 limit = 77;
	dev_t base;

	KT_EQ(alloc_chrdev_region(&base, 0, 1, "kt"), 0);
	cdev_init(&kt_dev.cdev, &kt_fops);
	KT_EQ(cdev_add(&kt_dev.cdev, base, 1), 0);
	KT_ASSERT(!IS_ERR(device_create(cls, NULL, base, &kt_dev, "kt0")), "device");
	KT_EQ(qdk_file_open("/dev/kt0", O_RDWR, &f), 0);
	KT_EQ(qdk_file_ioctl(f, KT_IOC_STATS, (unsigned long)st), 0);
	KT_EQ(st->opens, 1);
	KT_EQ(qdk_file_ioctl(f, KT_IOC_LIMIT, (unsigned long)&limit), 0);
	KT_EQ(kt_dev.limit, 77);
	KT_EQ(qdk_file_ioctl(f, _IO('k', 9), 0), -ENOTTY);
	/* user memory ends 4 bytes into the struct: the copy stops there */
	qdk_user_fault_at((char *)st + 4);
	KT_EQ(qdk_file_ioctl(f, KT_IOC_STATS, (unsigned long)st), -EFAULT);
	KT_EQ(qdk_file_ioctl(f, KT_IOC_LIMIT, (unsigned long)((char *)st + 2)), -EFAULT);
	KT_EQ(kt_dev.limit, 77);
	/* copy_from_user() zeroes what it could not copy */
	memcpy(dst, "abcdefgh", 8);
	KT_EQ(copy_from_user(dst, (const char __user *)st + 2, 6), 4);
	KT_EQ(dst[2], 0);
	KT_EQ(dst[5], 0);
	KT_EQ(dst[6], 'g');
	KT_EQ(copy_to_user((char __user *)st + 1, dst, 6), 3);
	KT_EQ(copy_from_user(dst, (const void __user *)8, 1), 1);
	qdk_user_fault_at(NULL);
	KT_EQ(copy_to_user((char __user *)st + 1, dst, 6), 0);
	KT_EQ(qdk_file_close(f), 0);
	kfree(st);
	device_destroy(cls, base);
	cdev_del(&kt_dev.cdev);
	class_destroy(cls);
	unregister_chrdev_region(base, 1);
	return 0;
}

/* ---- misc ------------------------------------------------------------------ */

static struct miscdevice kt_misc;

static int kt_misc_open(struct inode *inode, struct file *file)
{
	/* misc_open() set it before calling here */
	return file->private_data == &kt_misc && imajor(inode) == MISC_MAJOR ? 0 : -EINVAL;
}

static const struct file_operations kt_misc_fops = { .open = kt_misc_open };

static struct miscdevice kt_misc = {
	.minor = MISC_DYNAMIC_MINOR, .name = "kt_misc", .fops = &kt_misc_fops,
};

KTEST(misc, open_gets_the_miscdevice)
{
	struct qdk_file *f;

	KT_EQ(misc_register(&kt_misc), 0);
	KT_ASSERT(kt_misc.this_device, "its device");
	KT_EQ(qdk_file_open("/dev/kt_misc", O_RDWR, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	KT_ASSERT(qdk_node_lookup("/sys/class/misc/kt_misc"), "in the misc class");
	misc_deregister(&kt_misc);
	KT_EQ(qdk_file_open("/dev/kt_misc", O_RDWR, &f), -ENOENT);
	return 0;
}

/* ---- procfs and seq_file --------------------------------------------------- */

static int kt_nrec = 5;

static void *kt_start(struct seq_file *m, loff_t *pos)
{
	return *pos < kt_nrec ? (void *)(long)(*pos + 1) : NULL;
}

static void *kt_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return kt_start(m, pos);
}

static void kt_stop(struct seq_file *m, void *v)
{
}

static int kt_show(struct seq_file *m, void *v)
{
	long i = (long)v;

	if (i == 3)
		return SEQ_SKIP;
	/* record 4 is longer than a page: the buffer grows for it */
	if (i == 4) {
		int k;

		for (k = 0; k < 500; k++)
			seq_puts(m, "0123456789");
		seq_putc(m, '\n');
		return 0;
	}
	seq_printf(m, "rec %ld of %s\n", i, (char *)m->private);
	return 0;
}

static const struct seq_operations kt_sops = {
	.start = kt_start, .next = kt_next, .stop = kt_stop, .show = kt_show,
};

static int kt_seq_open(struct inode *inode, struct file *file)
{
	int err = seq_open(file, &kt_sops);

	if (!err)
		((struct seq_file *)file->private_data)->private = pde_data(inode);
	return err;
}

static const struct proc_ops kt_proc_ops = {
	.proc_open = kt_seq_open, .proc_read = seq_read,
	.proc_lseek = seq_lseek, .proc_release = seq_release,
};

static int kt_single_show(struct seq_file *m, void *v)
{
	seq_printf(m, "limit %u\n", *(u32 *)m->private);
	return 0;
}

KTEST(procfs, seq_file_records)
{
	struct proc_dir_entry *dir, *e;
	static char big[8192], small[8192];
	struct qdk_file *f;
	long n1, n2;
	u32 limit = 9;

	dir = proc_mkdir("kt", NULL);
	KT_ASSERT(dir, "dir");
	e = proc_create_data("recs", 0, dir, &kt_proc_ops, "kt");
	KT_ASSERT(e, "entry");
	KT_ASSERT(!proc_create_data("recs", 0, dir, &kt_proc_ops, "kt"), "one of a name");
	KT_ASSERT(proc_create_single_data("limit", 0444, dir, kt_single_show, &limit), "single");
	n1 = kt_cat("/proc/kt/recs", big, sizeof(big), sizeof(big));
	/* records 1, 2 and 5, 3 skipped, 4 of 5001 bytes */
	KT_EQ(n1, 3 * 12 + 5001);
	KT_ASSERT(!strncmp(big, "rec 1 of kt\nrec 2 of kt\n0123", 28), "%.28s", big);
	KT_STREQ(big + n1 - 12, "rec 5 of kt\n");
	/* the same bytes read 7 at a time */
	n2 = kt_cat("/proc/kt/recs", small, sizeof(small), 7);
	KT_EQ(n2, n1);
	KT_ASSERT(!memcmp(big, small, n1), "same bytes");
	/* a read at another position starts again from there */
	KT_EQ(qdk_file_open("/proc/kt/recs", O_RDONLY, &f), 0);
	qdk_file_set_pos(f, 12);
	KT_EQ(qdk_file_read(f, small, 12), 12);
	KT_ASSERT(!memcmp(small, "rec 2 of kt\n", 12), "%.12s", small);
	KT_EQ(qdk_file_write(f, "x", 1), -EBADF);
	KT_EQ(qdk_file_close(f), 0);
	KT_EQ(kt_cat("/proc/kt/limit", small, sizeof(small), 3), 8);
	KT_STREQ(small, "limit 9\n");
	/* no write handler: proc's -EIO */
	KT_EQ(kt_echo("/proc/kt/limit", "1"), -EIO);
	KT_EQ(qdk_file_open("/proc/kt", O_RDONLY, &f), -EISDIR);
	proc_remove(dir);
	KT_EQ(qdk_file_open("/proc/kt/recs", O_RDONLY, &f), -ENOENT);
	return 0;
}

static kuid_t kt_open_uid;
static kgid_t kt_open_gid;

static int kt_owner_open(struct inode *inode, struct file *file)
{
	kt_open_uid = inode->i_uid;
	kt_open_gid = inode->i_gid;
	return 0;
}

static const struct proc_ops kt_owner_ops = {
	.proc_open = kt_owner_open,
};

/* proc_set_user(): the owner an open's inode has; root before it */
KTEST(procfs, set_user)
{
	struct proc_dir_entry *e = proc_create("kt_owned", 0444, NULL, &kt_owner_ops);
	struct qdk_file *f;

	KT_ASSERT(e, "entry");
	kt_open_uid = KUIDT_INIT(7);
	KT_EQ(qdk_file_open("/proc/kt_owned", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	KT_EQ(__kuid_val(kt_open_uid), 0);
	proc_set_user(e, KUIDT_INIT(1000), KGIDT_INIT(100));
	KT_EQ(qdk_file_open("/proc/kt_owned", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	KT_EQ(__kuid_val(kt_open_uid), 1000);
	KT_EQ(__kgid_val(kt_open_gid), 100);
	proc_remove(e);
	return 0;
}

/* proc_pid_ns(): the namespace the super block's proc_fs_info names */
KTEST(procfs, pid_ns_of_super_block)
{
	static struct proc_fs_info info;
	static struct super_block sb;

	info.pid_ns = (struct pid_namespace *)&info;	/* any address: only compared */
	sb.s_fs_info = &info;
	KT_ASSERT(proc_sb_info(&sb) == &info, "proc_sb_info");
	KT_ASSERT(proc_pid_ns(&sb) == (struct pid_namespace *)&info, "proc_pid_ns");
	return 0;
}

/* ---- debugfs --------------------------------------------------------------- */

static u32 kt_u32 = 7, kt_ro = 3, kt_x = 0xab;
static bool kt_flag;

KTEST(debugfs, numbers_and_files)
{
	struct dentry *dir = debugfs_create_dir("kt", NULL);
	char buf[32];

	KT_ASSERT(!IS_ERR(dir), "dir");
	KT_ASSERT(IS_ERR(debugfs_create_dir("kt", NULL)), "one of a name");
	debugfs_create_u32("u32", 0644, dir, &kt_u32);
	debugfs_create_u32("ro", 0444, dir, &kt_ro);
	debugfs_create_x32("x", 0600, dir, &kt_x);
	debugfs_create_bool("flag", 0644, dir, &kt_flag);
	KT_EQ(kt_cat("/sys/kernel/debug/kt/u32", buf, sizeof(buf), 64), 2);
	KT_STREQ(buf, "7\n");
	KT_EQ(kt_echo("/sys/kernel/debug/kt/u32", "0x10\n"), 5);
	KT_EQ(kt_u32, 16);
	KT_EQ(kt_echo("/sys/kernel/debug/kt/u32", "ten"), -EINVAL);
	KT_EQ(kt_u32, 16);
	KT_EQ(kt_echo("/sys/kernel/debug/kt/ro", "1"), -EACCES);
	KT_EQ(kt_ro, 3);
	KT_EQ(kt_cat("/sys/kernel/debug/kt/x", buf, sizeof(buf), 64), 11);
	KT_STREQ(buf, "0x000000ab\n");
	KT_EQ(kt_echo("/sys/kernel/debug/kt/flag", "on"), 2);
	KT_EQ(kt_flag, true);
	KT_EQ(kt_cat("/sys/kernel/debug/kt/flag", buf, sizeof(buf), 64), 2);
	KT_STREQ(buf, "Y\n");
	/* a file of the module's own, its data in i_private */
	KT_ASSERT(!IS_ERR(debugfs_create_file("recs", 0444, dir, "dbg", &kt_misc_fops)), "file");
	debugfs_remove(dir);
	KT_EQ(kt_cat("/sys/kernel/debug/kt/u32", buf, sizeof(buf), 64), -ENOENT);
	/* an error as parent is handed back, as the kernel's calls do */
	KT_ASSERT(debugfs_create_dir("x", ERR_PTR(-ENODEV)) == ERR_PTR(-ENODEV), "error parent");
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: debugfs_create_file() of debugfs_short_fops, its data as private_data */
static ssize_t kt_short_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	const char *text = file->private_data;

	return simple_read_from_buffer(buf, count, ppos, text, strlen(text));
}

static const struct debugfs_short_fops kt_short_fops = { .read = kt_short_read };

KTEST(debugfs, short_fops)
{
	struct dentry *d = debugfs_create_file("kt_short", 0444, NULL, "short\n", &kt_short_fops);
	char buf[16];

	KT_ASSERT(!IS_ERR(d), "file");
	KT_EQ(kt_cat("/sys/kernel/debug/kt_short", buf, sizeof(buf), 2), 6);
	KT_STREQ(buf, "short\n");
	KT_EQ(kt_echo("/sys/kernel/debug/kt_short", "x"), -EINVAL);
	debugfs_remove(d);
	return 0;
}
#endif
