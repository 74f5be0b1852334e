// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_fsapi.c - the newer series' user-access helpers (scoped windows,
 * bounce buffers, the pagefault guard), IDA look-ups and the idr_alloc
 * class, and the file-system helpers of linux/fs.h the shim computes.
 */
#include <linux/debugfs.h>
#include <linux/device.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/sysfs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/version.h>

#include "ktest.h"
#include "../api/qdk_api.h"

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
KTEST(uaccess_cov, bounce_buffers)
{
	struct { u32 a, b; } k = { 1, 2 };
	u32 wide[4] = { 7, 8, 0, 0 };
	u32 out[4];
	bool trailing = true;

	KT_EQ(copy_struct_from_bounce_buffer(&k, sizeof(k), wide, sizeof(wide)), 0);
	KT_EQ(k.a, 7);
	KT_EQ(k.b, 8);
	wide[2] = 5;
	KT_EQ(copy_struct_from_bounce_buffer(&k, sizeof(k), wide, sizeof(wide)), -E2BIG);
	/* a shorter source: the rest of dst is cleared */
	KT_EQ(copy_struct_from_bounce_buffer(&k, sizeof(k), wide, 4), 0);
	KT_EQ(k.a, 7);
	KT_EQ(k.b, 0);
	/* to a larger buffer: extra bytes cleared, nothing ignored */
	memset(out, 0xff, sizeof(out));
	KT_EQ(copy_struct_to_bounce_buffer(out, sizeof(out), &k, sizeof(k), &trailing), 0);
	KT_EQ(out[0], 7);
	KT_EQ(out[2], 0);
	KT_ASSERT(!trailing, "nothing dropped");
	/* to a smaller one: a nonzero dropped part is reported */
	k.b = 3;
	KT_EQ(copy_struct_to_bounce_buffer(out, 4, &k, sizeof(k), &trailing), 0);
	KT_ASSERT(trailing, "b dropped");
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
KTEST(uaccess_cov, pagefault_guard)
{
	KT_ASSERT(!pagefault_disabled(), "on at start");
	{
		guard(pagefault)();
		KT_ASSERT(pagefault_disabled(), "off in the scope");
	}
	KT_ASSERT(!pagefault_disabled(), "on again");
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
static int cov_sum_user(const u32 __user *p, u32 *sum)
{
	u32 a, b;

	scoped_user_read_access_size(p, 2 * sizeof(*p), efault) {
		unsafe_get_user(a, p, efault);
		unsafe_get_user(b, p + 1, efault);
	}
	*sum = a + b;
	return 0;
efault:
	return -EFAULT;
}

KTEST(uaccess_cov, scoped_and_inline)
{
	u32 *page = kmalloc(16, GFP_KERNEL);
	u32 v = 0, sum = 0;

	KT_ASSERT(page, "alloc");
	page[0] = 40;
	page[1] = 2;
	KT_EQ(cov_sum_user(page, &sum), 0);
	KT_EQ(sum, 42);
	/* the second word faults */
	qdk_user_fault_at(page + 1);
	KT_EQ(cov_sum_user(page, &sum), -EFAULT);
	KT_EQ(get_user_inline(v, page), 0);
	KT_EQ(v, 40);
	KT_EQ(put_user_inline(9u, page + 1), -EFAULT);
	KT_EQ(put_user_inline(9u, page), 0);
	KT_EQ(page[0], 9);
	qdk_user_fault_at(NULL);
	/* beyond user space: access_ok() refuses the window */
	KT_EQ(get_user_inline(v, (u32 __user *)~0UL), -EFAULT);
	kfree(page);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 16, 0)
KTEST(idr_cov, ida_find_first)
{
	DEFINE_IDA(ida);

	KT_EQ(ida_find_first(&ida), -ENOENT);
	KT_EQ(ida_alloc_range(&ida, 5, 5, GFP_KERNEL), 5);
	KT_EQ(ida_alloc_range(&ida, 2000, 2000, GFP_KERNEL), 2000);
	KT_EQ(ida_find_first(&ida), 5);
	KT_ASSERT(ida_exists(&ida, 5), "5");
	KT_ASSERT(!ida_exists(&ida, 6), "6");
	KT_EQ(ida_find_first_range(&ida, 6, 3000), -ENOENT);	/* the kernel's chunk quirk */
	KT_EQ(ida_find_first_range(&ida, 1024, 3000), 2000);
	KT_EQ(ida_find_first_range(&ida, 1024, 1999), -ENOENT);
	KT_EQ(ida_find_first_range(&ida, 0x80000000u, ~0u), -EINVAL);
	ida_destroy(&ida);
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
static int cov_idr_keep(struct idr *idr, void *p, bool keep)
{
	CLASS(idr_alloc, id)(idr, p, 1, 0, GFP_KERNEL);

	if (id.id < 0)
		return id.id;
	if (!keep)
		return -EAGAIN;	/* id removed on the way out */
	return take_idr_id(id).id;
}

KTEST(idr_cov, alloc_class)
{
	DEFINE_IDR(idr);
	int x;

	KT_EQ(cov_idr_keep(&idr, &x, false), -EAGAIN);
	KT_ASSERT(idr_is_empty(&idr), "removed");
	KT_EQ(cov_idr_keep(&idr, &x, true), 1);
	KT_ASSERT(idr_find(&idr, 1) == &x, "kept");
	idr_destroy(&idr);
	return 0;
}
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
static long cov_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd == 1)
		return -ENOIOCTLCMD;
	return arg + 1;
}

KTEST(fs_cov, vfs_ioctl)
{
	static const struct file_operations with = { .unlocked_ioctl = cov_ioctl };
	static const struct file_operations without = { };
	struct file f = { .f_op = &with };

	KT_EQ(vfs_ioctl(&f, 1, 0), -ENOTTY);
	KT_EQ(vfs_ioctl(&f, 2, 41), 42);
	f.f_op = &without;
	KT_EQ(vfs_ioctl(&f, 2, 41), -ENOTTY);
	return 0;
}
#endif

KTEST(fs_cov, filenames_and_inode_hash)
{
	struct filename *fn;
	struct inode *inode;
	char *big;

	fn = getname_kernel("/dev/null");
	KT_ASSERT(!IS_ERR(fn), "getname");
	KT_STREQ(fn->name, "/dev/null");
	KT_ASSERT(fn->name == fn->iname, "embedded");
	putname(fn);
	big = kmalloc(PATH_MAX + 1, GFP_KERNEL);
	KT_ASSERT(big, "alloc");
	memset(big, 'a', PATH_MAX);
	big[PATH_MAX] = 0;
	KT_EQ(PTR_ERR(getname_kernel(big)), -ENAMETOOLONG);
	big[PATH_MAX - 1] = 0;	/* PATH_MAX bytes with the NUL: fits */
	fn = getname_kernel(big);
	KT_ASSERT(!IS_ERR(fn), "long name");
	KT_EQ(strlen(fn->name), PATH_MAX - 1);
	putname(fn);
	kfree(big);

	inode = kmalloc(sizeof(*inode), GFP_KERNEL);
	KT_ASSERT(inode, "alloc");
	inode_init_once(inode);
	KT_ASSERT(inode_unhashed(inode), "new inode unhashed");
	KT_ASSERT(!mapping_mapped(&inode->i_data), "unmapped");
	inode->i_ino = 7;
	insert_inode_hash(inode);
	KT_ASSERT(!inode_unhashed(inode), "hashed");
	remove_inode_hash(inode);
	KT_ASSERT(inode_unhashed(inode), "unhashed again");
	/* shared writable maps and denials exclude each other */
	KT_EQ(mapping_map_writable(&inode->i_data), 0);
	KT_ASSERT(mapping_writably_mapped(&inode->i_data), "mapped writable");
	KT_EQ(mapping_deny_writable(&inode->i_data), -EBUSY);
	mapping_unmap_writable(&inode->i_data);
	KT_EQ(mapping_deny_writable(&inode->i_data), 0);
	KT_EQ(mapping_map_writable(&inode->i_data), -EPERM);
	mapping_allow_writable(&inode->i_data);
	KT_ASSERT(!mapping_tagged(&inode->i_data, PAGECACHE_TAG_DIRTY), "no dirty pages");
	inode->i_link = "target";
	KT_STREQ(simple_symlink_inode_operations.get_link(NULL, inode, NULL), "target");
	kfree(inode);
	return 0;
}

KTEST(fs_cov, kiocb_rw_flags)
{
	static const struct file_operations fops = { };
	struct inode inode = { .i_mode = S_IFREG };
	struct file f = { .f_op = &fops, .f_inode = &inode, .f_mode = FMODE_NOWAIT };
	struct kiocb k;

	init_sync_kiocb(&k, &f);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	KT_EQ(kiocb_set_rw_flags(&k, 0), 0);
	KT_EQ(kiocb_set_rw_flags(&k, (__force rwf_t)0x80000000), -EOPNOTSUPP);
	KT_EQ(kiocb_set_rw_flags(&k, RWF_NOWAIT | RWF_SYNC), 0);
	KT_EQ(k.ki_flags, IOCB_NOWAIT | IOCB_NOIO | IOCB_SYNC | IOCB_DSYNC);
	f.f_mode = 0;
	KT_EQ(kiocb_set_rw_flags(&k, RWF_NOWAIT), -EOPNOTSUPP);
#else
	KT_EQ(kiocb_set_rw_flags(&k, RWF_APPEND | RWF_NOAPPEND, WRITE), -EINVAL);
	KT_EQ(kiocb_set_rw_flags(&k, RWF_NOWAIT | RWF_SYNC, READ), 0);
	KT_EQ(k.ki_flags, IOCB_NOWAIT | IOCB_SYNC | IOCB_DSYNC);
	KT_EQ(kiocb_set_rw_flags(&k, RWF_ATOMIC, READ), -EOPNOTSUPP);
	/* NOAPPEND takes O_APPEND's flag off, unless the inode is append-only */
	k.ki_flags = IOCB_APPEND;
	KT_EQ(kiocb_set_rw_flags(&k, RWF_NOAPPEND, WRITE), 0);
	KT_EQ(k.ki_flags & IOCB_APPEND, 0);
	k.ki_flags = IOCB_APPEND;
	inode.i_flags = S_APPEND;
	KT_EQ(kiocb_set_rw_flags(&k, RWF_NOAPPEND, WRITE), -EPERM);
#endif
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 18, 0)
KTEST(fs_cov, state_names_and_counts)
{
	struct inode inode = { };

	spin_lock_init(&inode.i_lock);
	inode_state_set_raw(&inode, I_NEW | I_DIRTY_SYNC);
	inode_state_clear_raw(&inode, I_NEW);
	KT_EQ(inode_state_read_once(&inode), I_DIRTY_SYNC);
	inode_state_replace_raw(&inode, I_DIRTY_SYNC, I_FREEING);
	KT_EQ(inode_state_read_once(&inode), I_FREEING);
	set_inode_metadata_writeback(&inode);
	KT_EQ(inode_state_read_once(&inode), I_FREEING | I_METADATA_WRITEBACK);
	atomic_set(&inode.i_count, 2);
	KT_ASSERT(iput_if_not_last(&inode), "2 -> 1");
	KT_ASSERT(!iput_if_not_last(&inode), "the last one stays");
	KT_EQ(icount_read_once(&inode), 1);
	KT_ASSERT(name_is_dot(".", 1) && !name_is_dot("..", 2), "dot");
	KT_ASSERT(name_is_dotdot("..", 2) && name_is_dot_dotdot("..", 2), "dotdot");
	KT_ASSERT(name_contains_dotdot("a/../b") && name_contains_dotdot("a/.."), "contains");
	KT_ASSERT(!name_contains_dotdot("a/..b") && !name_contains_dotdot("..a"), "not");
	KT_ASSERT(extensible_ioctl_valid(_IOW('x', 1, u64), _IOW('x', 1, u32), 4), "larger");
	KT_ASSERT(!extensible_ioctl_valid(_IOW('x', 1, u32), _IOW('x', 1, u64), 8), "short");
	KT_ASSERT(!extensible_ioctl_valid(_IOR('x', 1, u64), _IOW('x', 1, u64), 8), "dir");
	return 0;
}
#endif

/* a binary attribute over a 6-byte blob, writable */
static char cov_blob[6] = "abcdef";

static ssize_t cov_blob_read(struct file *file, struct kobject *kobj, __QDK_BIN_ATTR *attr,
			     char *buf, loff_t off, size_t count)
{
	memcpy(buf, cov_blob + off, count);
	return count;
}

static ssize_t cov_blob_write(struct file *file, struct kobject *kobj, __QDK_BIN_ATTR *attr,
			      char *buf, loff_t off, size_t count)
{
	memcpy(cov_blob + off, buf, count);
	return count;
}

static BIN_ATTR(blob, 0644, cov_blob_read, cov_blob_write, sizeof(cov_blob));

static umode_t cov_bin_visible(struct kobject *kobj, __QDK_BIN_ATTR *attr, int n)
{
	return 0400;
}

KTEST(sysfs_cov, bin_files_and_links)
{
	struct kobject *k = kobject_create_and_add("kcov", NULL);
	struct kobject *t = kobject_create_and_add("kcovt", NULL);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	static struct bin_attribute *bins[] = { &bin_attr_blob, NULL };
#else
	static const struct bin_attribute *const bins[] = { &bin_attr_blob, NULL };
#endif
	static const struct attribute_group grp = {
		.name = "bg", .bin_attrs = bins, .is_bin_visible = cov_bin_visible,
	};
	struct qdk_file *f;
	char buf[16];

	KT_ASSERT(k && t, "alloc");
	KT_EQ(sysfs_create_bin_file(k, &bin_attr_blob), 0);
	KT_EQ(sysfs_create_bin_file(k, &bin_attr_blob), -EEXIST);
	KT_EQ(qdk_file_open("/sys/kcov/blob", O_RDWR, &f), 0);
	/* reads stop at the size */
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 6);
	KT_ASSERT(!memcmp(buf, "abcdef", 6), "content");
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 0);
	qdk_file_set_pos(f, 4);
	KT_EQ(qdk_file_write(f, "XYZ", 3), 2);	/* cut at the size */
	KT_EQ(qdk_file_write(f, "Q", 1), -EFBIG);
	KT_ASSERT(!memcmp(cov_blob, "abcdXY", 6), "written");
	KT_EQ(qdk_file_close(f), 0);
	sysfs_remove_bin_file(k, &bin_attr_blob);
	KT_EQ(qdk_file_open("/sys/kcov/blob", O_RDONLY, &f), -ENOENT);

	/* in a group, with its visibility: read-only there */
	KT_EQ(sysfs_create_group(k, &grp), 0);
	KT_EQ(qdk_file_open("/sys/kcov/bg/blob", O_WRONLY, &f), -EACCES);
	KT_EQ(qdk_file_open("/sys/kcov/bg/blob", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);

	/* links: one name once, renamed, into groups */
	KT_EQ(sysfs_create_link(k, t, "tl"), 0);
	KT_EQ(sysfs_create_link_nowarn(k, t, "tl"), -EEXIST);
	KT_EQ(qdk_file_open("/sys/kcov/tl", O_RDONLY, &f), -EISDIR);
	KT_EQ(sysfs_rename_link(k, t, "tl", "tl2"), 0);
	KT_EQ(sysfs_rename_link(k, t, "tl", "tl3"), -ENOENT);
	KT_EQ(sysfs_add_link_to_group(k, "bg", t, "gl"), 0);
	KT_EQ(sysfs_add_link_to_group(k, "nog", t, "gl"), -ENOENT);
	KT_EQ(compat_only_sysfs_link_entry_to_kobj(t, k, "bg", NULL), 0);
	KT_EQ(compat_only_sysfs_link_entry_to_kobj(t, k, "none", "x"), -ENOENT);
	sysfs_remove_link_from_group(k, "bg", "gl");
	sysfs_remove_link(k, "tl2");
	sysfs_remove_link(t, "bg");
	KT_EQ(sysfs_create_link(k, t, "tl2"), 0);	/* the name is free again */
	sysfs_remove_link(k, "tl2");
	sysfs_remove_group(k, &grp);
	kobject_put(t);
	kobject_put(k);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
static bool cov_shown;

static bool cov_group_visible(struct kobject *kobj)
{
	return cov_shown;
}
DEFINE_SIMPLE_SYSFS_GROUP_VISIBLE(cov);

static struct kobj_attribute cov_ka = __ATTR(ka, 0444, NULL, NULL);
static struct attribute *cov_attrs[] = { &cov_ka.attr, NULL };

KTEST(sysfs_cov, invisible_group)
{
	static const struct attribute_group grp = {
		.name = "vg", .attrs = cov_attrs, .is_visible = SYSFS_GROUP_VISIBLE(cov),
	};
	struct kobject *k = kobject_create_and_add("kcovv", NULL);
	struct qdk_file *f;

	KT_ASSERT(k, "alloc");
	cov_shown = false;
	KT_EQ(sysfs_create_group(k, &grp), 0);
	KT_EQ(qdk_file_open("/sys/kcovv/vg/ka", O_RDONLY, &f), -ENOENT);
	cov_shown = true;
	KT_EQ(sysfs_update_group(k, &grp), 0);
	KT_EQ(qdk_file_open("/sys/kcovv/vg/ka", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	sysfs_remove_group(k, &grp);
	kobject_put(k);
	return 0;
}
#endif

KTEST(kobject_cov, rename_and_move)
{
	struct kobject *a = kobject_create_and_add("kca", NULL);
	struct kobject *b = kobject_create_and_add("kcb", NULL);
	struct kobject *c = kobject_create_and_add("kcc", a);
	struct kobject *d = kobject_create_and_add("kcd", a);
	static struct kobj_attribute ka = __ATTR(ka, 0444, NULL, NULL);
	struct qdk_file *f;

	KT_ASSERT(a && b && c && d, "alloc");
	KT_EQ(sysfs_create_file(c, &ka.attr), 0);
	KT_EQ(kobject_rename(a, "x"), -EINVAL);		/* no parent */
	KT_EQ(kobject_rename(c, "kcd"), -EEXIST);
	KT_EQ(kobject_rename(c, "kcc2"), 0);
	KT_STREQ(kobject_name(c), "kcc2");
	KT_EQ(qdk_file_open("/sys/kca/kcc2/ka", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	KT_EQ(qdk_file_open("/sys/kca/kcc/ka", O_RDONLY, &f), -ENOENT);
	KT_EQ(kobject_move(c, b), 0);
	KT_ASSERT(c->parent == b, "new parent");
	KT_EQ(qdk_file_open("/sys/kcb/kcc2/ka", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	sysfs_remove_file(c, &ka.attr);
	kobject_put(c);
	kobject_put(d);
	kobject_put(b);
	kobject_put(a);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
static char cov_label[] = "eth-cov";
static DEVICE_STRING_ATTR_RO(label, 0644, cov_label);
#endif

KTEST(device_cov, root_device_rename_and_string)
{
	struct device *root = root_device_register("rdcov");
	struct qdk_file *f;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
	char buf[32];
#endif

	KT_ASSERT(!IS_ERR(root), "register");
	KT_EQ(qdk_file_open("/sys/devices/rdcov", O_RDONLY, &f), -EISDIR);
	KT_ASSERT(!device_is_bound(root), "no drivers");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
	KT_EQ(device_create_file(root, &dev_attr_label.attr), 0);
	KT_EQ(dev_attr_label.attr.attr.mode, 0444);	/* never writable */
	KT_EQ(qdk_file_open("/sys/devices/rdcov/label", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 8);
	KT_ASSERT(!memcmp(buf, "eth-cov\n", 8), "label");
	KT_EQ(qdk_file_close(f), 0);
#endif
	KT_EQ(device_rename(root, "rdcov2"), 0);
	KT_STREQ(dev_name(root), "rdcov2");
	KT_EQ(qdk_file_open("/sys/devices/rdcov", O_RDONLY, &f), -ENOENT);
	KT_EQ(qdk_file_open("/sys/devices/rdcov2", O_RDONLY, &f), -EISDIR);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
	KT_EQ(qdk_file_open("/sys/devices/rdcov2/label", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	KT_ASSERT(device_remove_file_self(root, &dev_attr_label.attr), "removed");
	KT_EQ(qdk_file_open("/sys/devices/rdcov2/label", O_RDONLY, &f), -ENOENT);
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
	{
		guard(device)(root);
		KT_ASSERT(mutex_is_locked(&root->mutex), "locked in the scope");
	}
	KT_ASSERT(!mutex_is_locked(&root->mutex), "unlocked after");
#endif
	root_device_unregister(root);
	return 0;
}

struct cov_net_state {
	void *net;		/* struct seq_net_private's first member */
	int pos;
};

static void *cov_net_start(struct seq_file *m, loff_t *pos)
{
	return *pos == 0 ? m->private : NULL;
}

static void *cov_net_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return NULL;
}

static void cov_net_stop(struct seq_file *m, void *v)
{
}

static int cov_net_show(struct seq_file *m, void *v)
{
	struct cov_net_state *st = v;

	seq_printf(m, "%s\n", (char *)st->net);
	return 0;
}

static const struct seq_operations cov_net_ops = {
	.start = cov_net_start, .next = cov_net_next, .stop = cov_net_stop, .show = cov_net_show,
};

static int cov_single_show(struct seq_file *m, void *v)
{
	seq_printf(m, "[%s]\n", (char *)m->private);
	return 0;
}

static int cov_written;

static int cov_net_write(struct file *file, char *buf, size_t size)
{
	cov_written = buf[size] == '\0' ? (int)size : -1;	/* NUL-terminated */
	return 0;
}

KTEST(proc_cov, net_files)
{
	static char fake_net[] = "ns0";
	struct proc_dir_entry *dir = proc_mkdir_data("covnet", 0, NULL, fake_net);
	struct proc_dir_entry *orphan = proc_mkdir("covnonet", NULL);
	struct qdk_file *f;
	char buf[32];

	KT_ASSERT(dir && orphan, "dirs");
	KT_ASSERT(proc_create_net("seq", 0444, dir, &cov_net_ops, sizeof(struct cov_net_state)),
		  "seq");
	KT_ASSERT(proc_create_net_single_write("one", 0644, dir, cov_single_show,
					       cov_net_write, NULL), "single");
	KT_ASSERT(proc_create_net("lost", 0444, orphan, &cov_net_ops,
				  sizeof(struct cov_net_state)), "orphan");
	KT_EQ(qdk_file_open("/proc/covnet/seq", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 4);
	KT_ASSERT(!memcmp(buf, "ns0\n", 4), "the parent's net");
	KT_EQ(qdk_file_close(f), 0);
	KT_EQ(qdk_file_open("/proc/covnet/seq", O_WRONLY, &f), -EACCES);	/* no write() */
	KT_EQ(qdk_file_open("/proc/covnonet/lost", O_RDONLY, &f), -ENXIO);
	KT_EQ(qdk_file_open("/proc/covnet/one", O_RDWR, &f), 0);
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 6);
	KT_ASSERT(!memcmp(buf, "[ns0]\n", 6), "single's private");
	KT_EQ(qdk_file_write(f, "abc", 3), 3);
	KT_EQ(cov_written, 3);
	KT_EQ(qdk_file_write(f, "", 0), -EINVAL);
	KT_EQ(qdk_file_close(f), 0);
	KT_ASSERT(proc_create_mount_point("covmnt"), "mount point");
	KT_EQ(qdk_file_open("/proc/covmnt", O_RDONLY, &f), -EISDIR);
	remove_proc_entry("covmnt", NULL);
	proc_remove(orphan);
	proc_remove(dir);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
static int cov_cancelled;

static void cov_cancel(struct dentry *d, void *data)
{
	cov_cancelled = *(int *)data;
}

static struct debugfs_cancellation cov_canc;
static int cov_canc_data = 5;

static ssize_t cov_dbg_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	cov_canc.cancel = cov_cancel;
	cov_canc.cancel_data = &cov_canc_data;
	debugfs_enter_cancellation(file, &cov_canc);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
	return debugfs_get_aux_num(file);
#else
	return 0;
#endif
}
#else
static ssize_t cov_dbg_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	return 0;
}
#endif

static const struct file_operations cov_dbg_fops = { .read = cov_dbg_read };

KTEST(debugfs_cov, rename_aux_cancel)
{
	struct dentry *dir = debugfs_create_dir("covd", NULL);
	struct dentry *other = debugfs_create_dir("covd2", NULL);
	struct dentry *file;
	struct qdk_file *f;
	char buf[4];

	KT_ASSERT(!IS_ERR(dir) && !IS_ERR(other), "dirs");
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	file = debugfs_create_file_aux_num("f", 0444, dir, NULL, 3, &cov_dbg_fops);
#else
	file = debugfs_create_file("f", 0444, dir, NULL, &cov_dbg_fops);
#endif
	KT_ASSERT(!IS_ERR(file), "file");
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	KT_ASSERT(debugfs_rename(dir, file, other, "g") == file, "moved");
	KT_EQ(qdk_file_open("/sys/kernel/debug/covd2/g", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	KT_ASSERT(debugfs_rename(other, file, dir, "f") == file, "back");
#else
	KT_EQ(debugfs_change_name(dir, "covd%d", 2), -EEXIST);
	KT_EQ(debugfs_change_name(dir, "covd%d", 3), 0);
	KT_ASSERT(debugfs_lookup("covd3", NULL) == dir, "renamed dir");
#endif
	KT_EQ(qdk_file_open(LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0) ?
			    "/sys/kernel/debug/covd3/f" : "/sys/kernel/debug/covd/f",
			    O_RDONLY, &f), 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 3);	/* the aux number */
#else
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 0);
#endif
	KT_EQ(qdk_file_close(f), 0);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
	/* the read stayed in its cancellable section: removing the file cancels it */
	cov_cancelled = 0;
	debugfs_remove(file);
	KT_EQ(cov_cancelled, 5);
#endif
	debugfs_remove(dir);
	debugfs_remove(other);
	return 0;
}

KTEST(device_cov, class_compat_links)
{
	struct class_compat *cc = class_compat_register("covcompat");
	struct device *dev = root_device_register("covdev");
	struct qdk_file *f;

	KT_ASSERT(cc && !IS_ERR(dev), "alloc");
	KT_EQ(qdk_file_open("/sys/class/covcompat", O_RDONLY, &f), -EISDIR);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	KT_EQ(class_compat_create_link(cc, dev, NULL), 0);
	KT_EQ(class_compat_create_link(cc, dev, NULL), -EEXIST);
#else
	KT_EQ(class_compat_create_link(cc, dev), 0);
	KT_EQ(class_compat_create_link(cc, dev), -EEXIST);
#endif
	KT_EQ(qdk_file_open("/sys/class/covcompat/covdev", O_RDONLY, &f), -EISDIR);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
	class_compat_remove_link(cc, dev, NULL);
#else
	class_compat_remove_link(cc, dev);
#endif
	KT_EQ(qdk_file_open("/sys/class/covcompat/covdev", O_RDONLY, &f), -ENOENT);
	class_compat_unregister(cc);
	KT_EQ(qdk_file_open("/sys/class/covcompat", O_RDONLY, &f), -ENOENT);
	root_device_unregister(dev);
	return 0;
}
