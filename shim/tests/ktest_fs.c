// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_fs.c - the file side a driver uses: time64/timespec helpers,
 * calendar time, user copies, seq_file, debugfs, proc and sysfs helpers,
 * misc devices' constants.
 */
#include <linux/debugfs.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/kobject.h>
#include <linux/miscdevice.h>
#include <linux/poll.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/version.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/time.h>
#include <linux/uaccess.h>

#include "ktest.h"

/* i_state is a struct in 7.x */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
#define inode_state_dirty(inode)	((inode)->i_state & I_DIRTY)
#define inode_state_is(inode, s)	((inode)->i_state == (s))
#else
#define inode_state_dirty(inode)	((inode)->i_state.__state & I_DIRTY)
#define inode_state_is(inode, s)	((inode)->i_state.__state == (s))
#endif
#include "../api/qdk_api.h"

KTEST(time64, normalize_add_sub)
{
	struct timespec64 a = { 1, 900000000 }, b = { 2, 200000000 }, r;

	r = timespec64_add(a, b);
	KT_EQ(r.tv_sec, 4);
	KT_EQ(r.tv_nsec, 100000000);
	r = timespec64_sub(a, b);
	KT_EQ(r.tv_sec, -1);
	KT_EQ(r.tv_nsec, 700000000);
	set_normalized_timespec64(&r, 5, -2500000000LL);
	KT_EQ(r.tv_sec, 2);
	KT_EQ(r.tv_nsec, 500000000);
	KT_ASSERT(timespec64_compare(&a, &b) < 0, "a < b");
	KT_ASSERT(timespec64_compare(&b, &a) > 0, "b > a");
	KT_EQ(timespec64_compare(&a, &a), 0);
	KT_ASSERT(timespec64_equal(&a, &a) && !timespec64_equal(&a, &b), "equal");
	timespec64_add_ns(&a, 2100000000ULL);
	KT_EQ(a.tv_sec, 4);
	KT_EQ(a.tv_nsec, 0);
	return 0;
}

KTEST(time64, ns_conversions_saturate)
{
	struct timespec64 t = ns_to_timespec64(-1);
	struct timespec64 big = { TIME64_MAX - 1, 0 }, one = { 2, 0 };

	KT_EQ(t.tv_sec, -1);
	KT_EQ(t.tv_nsec, 999999999);
	t = ns_to_timespec64(1500000000LL);
	KT_EQ(timespec64_to_ns(&t), 1500000000LL);
	t.tv_sec = KTIME_SEC_MAX;
	KT_EQ(timespec64_to_ns(&t), KTIME_MAX);
	t.tv_sec = KTIME_SEC_MIN;
	KT_EQ(timespec64_to_ns(&t), KTIME_MIN);
	t = timespec64_add_safe(big, one);
	KT_EQ(t.tv_sec, TIME64_MAX);
	KT_EQ(t.tv_nsec, 0);
	t = (struct timespec64){ 0, NSEC_PER_SEC };
	KT_ASSERT(!timespec64_valid(&t), "a second of ns is invalid");
	t = (struct timespec64){ KTIME_SEC_MAX, 0 };
	KT_ASSERT(timespec64_valid(&t) && !timespec64_valid_strict(&t), "strict");
	t = (struct timespec64){ TIME_SETTOD_SEC_MAX, 0 };
	KT_ASSERT(!timespec64_valid_settod(&t), "settod");
	return 0;
}

KTEST(time64, calendar)
{
	struct tm tm;

	KT_EQ(mktime64(1970, 1, 1, 0, 0, 0), 0);
	KT_EQ(mktime64(2000, 1, 1, 0, 0, 0), 946684800LL);
	KT_EQ(mktime64(2000, 2, 29, 12, 30, 15), 951827415LL);
	time64_to_tm(951827415LL, 0, &tm);
	KT_EQ(tm.tm_year, 100);
	KT_EQ(tm.tm_mon, 1);
	KT_EQ(tm.tm_mday, 29);
	KT_EQ(tm.tm_hour, 12);
	KT_EQ(tm.tm_min, 30);
	KT_EQ(tm.tm_sec, 15);
	KT_EQ(tm.tm_wday, 2);
	KT_EQ(tm.tm_yday, 59);
	/* one second before the epoch, and an offset across a day */
	time64_to_tm(-1, 0, &tm);
	KT_EQ(tm.tm_year, 69);
	KT_EQ(tm.tm_mon, 11);
	KT_EQ(tm.tm_mday, 31);
	KT_EQ(tm.tm_wday, 3);
	KT_EQ(tm.tm_yday, 364);
	time64_to_tm(0, 86400 + 3661, &tm);
	KT_EQ(tm.tm_mday, 2);
	KT_EQ(tm.tm_hour, 1);
	KT_EQ(tm.tm_wday, 5);
	KT_ASSERT(time_after32(1, 0xffffffffu) && time_before32(0xffffffffu, 1), "wrap");
	KT_ASSERT(time_between32(5, 0xfffffff0u, 10), "between");
	return 0;
}

KTEST(time64, user_timespec)
{
	struct __kernel_timespec u = { .tv_sec = 3, .tv_nsec = 4 };
	struct timespec64 ts;

	KT_EQ(get_timespec64(&ts, &u), 0);
	KT_EQ(ts.tv_sec, 3);
	KT_EQ(ts.tv_nsec, 4);
	ts.tv_sec = 9;
	KT_EQ(put_timespec64(&ts, &u), 0);
	KT_EQ(u.tv_sec, 9);
	KT_EQ(get_timespec64(&ts, NULL), -EFAULT);
	KT_EQ(put_timespec64(&ts, NULL), -EFAULT);
	return 0;
}

KTEST(uaccess_more, raw_and_struct_copies)
{
	char *page = kmalloc(64, GFP_KERNEL);
	char dst[8];
	struct { u32 a, b; } k = { 1, 2 };
	u32 wide[4] = { 7, 8, 0, 0 };

	KT_ASSERT(page, "alloc");
	memcpy(page, "abcdefgh", 8);
	/* a user range that ends at a fault after 3 bytes */
	qdk_user_fault_at(page + 3);
	memset(dst, 'x', sizeof(dst));
	KT_EQ(__copy_from_user(dst, page, 8), 5);
	KT_EQ(dst[2], 'c');
	KT_EQ(dst[3], 'x');		/* the raw copy leaves the rest */
	KT_EQ(copy_from_user(dst, page, 8), 5);
	KT_EQ(dst[3], 0);		/* copy_from_user() zeroes it */
	KT_EQ(_copy_from_user(dst, page, 2), 0);
	KT_EQ(clear_user(page, 8), 5);
	KT_EQ(page[2], 0);
	KT_EQ(page[3], 'd');
	KT_EQ(check_zeroed_user(page, 3), 1);
	KT_EQ(check_zeroed_user(page, 4), -EFAULT);
	KT_EQ(copy_from_user_nofault(dst, page, 4), -EFAULT);
	KT_EQ(copy_from_user_nofault(dst, page, 3), 0);
	KT_EQ(copy_from_kernel_nofault(dst, NULL, 1), -EFAULT);
	qdk_user_fault_at(NULL);

	/* a longer user struct: zero tail accepted, a nonzero one -E2BIG */
	KT_EQ(copy_struct_from_user(&k, sizeof(k), wide, sizeof(wide)), 0);
	KT_EQ(k.a, 7);
	KT_EQ(k.b, 8);
	wide[3] = 1;
	KT_EQ(copy_struct_from_user(&k, sizeof(k), wide, sizeof(wide)), -E2BIG);
	/* a shorter one: the rest zeroed */
	KT_EQ(copy_struct_from_user(&k, sizeof(k), wide, 4), 0);
	KT_EQ(k.a, 7);
	KT_EQ(k.b, 0);
	kfree(page);
	return 0;
}

KTEST(uaccess_more, strings)
{
	char dst[8];

	KT_EQ(strncpy_from_user(dst, "abc", sizeof(dst)), 3);
	KT_STREQ(dst, "abc");
	KT_EQ(strncpy_from_user(dst, "abcdefghij", 4), 4);
	KT_EQ(strncpy_from_user(dst, NULL, 4), -EFAULT);
	KT_EQ(strnlen_user("abc", 10), 4);
	KT_EQ(strnlen_user("abcdef", 3), 4);
	KT_EQ(strnlen_user(NULL, 3), 0);
	KT_ASSERT(access_ok((void __user *)4096, 16), "low range");
	KT_ASSERT(!access_ok((void __user *)~0UL, 2), "wraps");
	pagefault_disable();
	KT_ASSERT(pagefault_disabled() && faulthandler_disabled(), "disabled");
	pagefault_enable();
	KT_ASSERT(!pagefault_disabled(), "enabled");
	return 0;
}

/* ---- fs.h: positions, simple attributes, kernel reads ---------------------- */

KTEST(fs, llseek_family)
{
	struct inode inode = { .i_size = 100 };
	struct file f = { .f_inode = &inode, .f_mode = FMODE_LSEEK };

	KT_EQ(generic_file_llseek(&f, 10, SEEK_SET), 10);
	KT_EQ(generic_file_llseek(&f, 5, SEEK_CUR), 15);
	KT_EQ(generic_file_llseek(&f, -10, SEEK_END), 90);
	KT_EQ(generic_file_llseek(&f, -200, SEEK_END), -EINVAL);
	KT_EQ(f.f_pos, 90);
	KT_EQ(generic_file_llseek(&f, 20, SEEK_DATA), 20);
	KT_EQ(generic_file_llseek(&f, 20, SEEK_HOLE), 100);
	KT_EQ(generic_file_llseek(&f, 100, SEEK_DATA), -ENXIO);
	KT_EQ(fixed_size_llseek(&f, -1, SEEK_END, 8), 7);
	KT_EQ(fixed_size_llseek(&f, 2, SEEK_END, 8), -EINVAL);
	KT_EQ(fixed_size_llseek(&f, 0, SEEK_DATA, 8), -EINVAL);
	KT_EQ(no_seek_end_llseek(&f, 0, SEEK_END), -EINVAL);
	KT_EQ(no_seek_end_llseek(&f, 3, SEEK_SET), 3);
	KT_EQ(no_seek_end_llseek_size(&f, 9, SEEK_SET, 8), -EINVAL);
	KT_EQ(vfs_setpos(&f, 5, 4), -EINVAL);
	KT_EQ(rw_verify_area(READ, &f, &(loff_t){ -1 }, 1), -EINVAL);
	KT_EQ(rw_verify_area(READ, &f, &(loff_t){ LLONG_MAX }, 2), -EINVAL);
	KT_EQ(rw_verify_area(READ, &f, &(loff_t){ 0 }, 2), 0);
	KT_EQ(vfs_llseek(&f, 0, SEEK_SET), -ESPIPE);	/* no f_op */
	KT_EQ(OFFSET_MAX, LLONG_MAX);
	KT_EQ(MAX_RW_COUNT, 0x7ffff000);
	KT_EQ(ACC_MODE(O_RDWR), MAY_READ | MAY_WRITE);
	KT_EQ(OPEN_FMODE(O_WRONLY), FMODE_WRITE);
	KT_ASSERT(special_file(S_IFCHR) && !special_file(S_IFREG), "special");
	return 0;
}

static u64 kt_attr_val = 42;

static int kt_attr_get(void *data, u64 *val)
{
	*val = *(u64 *)data;
	return 0;
}

static int kt_attr_set(void *data, u64 val)
{
	if (val > 1000)
		return -EINVAL;
	*(u64 *)data = val;
	return 0;
}

DEFINE_SIMPLE_ATTRIBUTE(kt_attr_fops, kt_attr_get, kt_attr_set, "%llu\n");

KTEST(fs, simple_attribute_and_kernel_read)
{
	struct dentry *d = debugfs_create_file("kt_attr", 0644, NULL, &kt_attr_val,
					       &kt_attr_fops);
	struct file *f;
	char buf[16] = { 0 };
	loff_t pos = 0;

	KT_ASSERT(!IS_ERR_OR_NULL(d), "created");
	f = filp_open("/sys/kernel/debug/kt_attr", O_RDWR, 0);
	KT_ASSERT(!IS_ERR(f), "open %ld", PTR_ERR(f));
	KT_EQ(file_count(f), 1);
	KT_ASSERT(debugfs_real_fops(f) == &kt_attr_fops, "real fops");
	KT_ASSERT(f->f_mode & FMODE_CAN_READ, "can read");
	/* the value is read once: a change between two reads does not show */
	KT_EQ(kernel_read(f, buf, 1, &pos), 1);
	kt_attr_val = 7;
	KT_EQ(kernel_read(f, buf + 1, sizeof(buf) - 2, &pos), 2);
	KT_STREQ(buf, "42\n");
	pos = 0;
	KT_EQ(kernel_write(f, "0x10", 4, &pos), 4);
	KT_EQ(kt_attr_val, 16);
	KT_EQ(kernel_write(f, "2000", 4, &pos), -EINVAL);
	KT_EQ(kernel_write(f, "12x", 3, &pos), -EINVAL);
	KT_EQ(kt_attr_val, 16);
	KT_EQ(filp_close(f, NULL), 0);
	KT_ASSERT(IS_ERR(filp_open("/sys/kernel/debug/none", O_RDONLY, 0)), "no node");
	KT_EQ(PTR_ERR(filp_open("/sys/kernel/debug/none", O_RDONLY, 0)), -ENOENT);
	f = filp_open("/sys/kernel/debug/kt_attr", O_RDONLY, 0);
	KT_EQ(kernel_write(f, "1", 1, &pos), -EBADF);
	KT_EQ(filp_close(f, NULL), 0);
	debugfs_remove(d);
	return 0;
}

static bool kt_filldir(struct dir_context *ctx, const char *name, int len, loff_t pos,
		       u64 ino, unsigned int type)
{
	return pos < 1;		/* room for one entry only */
}

static long kt_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	return arg;
}

KTEST(fs, inode_helpers)
{
	struct inode inode = { .i_mode = S_IFDIR | 0755, .i_ino = 7 };
	struct file f = { .f_inode = &inode };
	struct dir_context ctx = { .actor = kt_filldir };
	static const struct file_operations fops = { .unlocked_ioctl = kt_ioctl };
	struct fasync_struct *fa = NULL;
	struct file g = { 0 };

	set_nlink(&inode, 2);
	inc_nlink(&inode);
	drop_nlink(&inode);
	KT_EQ(inode.i_nlink, 2);
	clear_nlink(&inode);
	KT_EQ(inode.i_nlink, 0);
	inode_inc_link_count(&inode);
	KT_EQ(inode.i_nlink, 1);
	KT_ASSERT(inode_state_dirty(&inode), "dirty");
	i_size_write(&inode, 4096);
	KT_EQ(i_size_read(&inode), 4096);
	inode.i_blkbits = 12;
	KT_EQ(i_blocksize(&inode), 4096);
	/* "." fits, ".." does not: the position says where to go on */
	KT_ASSERT(!dir_emit_dots(&f, &ctx), "full");
	KT_EQ(ctx.pos, 1);
	KT_ASSERT(is_dot_dotdot("..", 2) && !is_dot_dotdot("..a", 3), "dots");
	KT_EQ(get_write_access(&inode), 0);
	KT_ASSERT(inode_is_open_for_write(&inode), "writer");
	KT_EQ(deny_write_access(&f), -ETXTBSY);
	put_write_access(&inode);
	KT_EQ(deny_write_access(&f), 0);
	KT_EQ(get_write_access(&inode), -ETXTBSY);
	allow_write_access(&f);
	f.f_op = &fops;
	KT_EQ(compat_ptr_ioctl(&f, 1, 0x100000005UL), 5);
	f.f_op = &kt_attr_fops;
	KT_EQ(compat_ptr_ioctl(&f, 1, 5), -ENOIOCTLCMD);
	/* O_ASYNC on and off */
	KT_EQ(fasync_helper(3, &g, 1, &fa), 1);
	KT_ASSERT(g.f_flags & FASYNC, "FASYNC");
	KT_EQ(fasync_helper(4, &g, 1, &fa), 0);
	KT_EQ(fa->fa_fd, 4);
	kill_fasync(&fa, 29, 1);	/* SIGIO, POLL_IN */
	KT_EQ(fasync_helper(4, &g, 0, &fa), 1);
	KT_ASSERT(!fa && !(g.f_flags & FASYNC), "removed");
	KT_EQ(fasync_helper(4, &g, 0, &fa), 0);
	return 0;
}

/* ---- seq_file -------------------------------------------------------------- */

struct kt_item {
	struct list_head list;
	int v;
};

KTEST(seq_more, iterators_and_output)
{
	struct kt_item a = { .v = 1 }, b = { .v = 2 };
	char buf[64], path[32] = "xxxxxxxxa b\\c";
	struct seq_file m = { .buf = buf, .size = sizeof(buf) };
	LIST_HEAD(head);
	struct list_head *lh;
	loff_t pos = 0;
	char *end;

	list_add_tail(&a.list, &head);
	list_add_tail(&b.list, &head);
	KT_ASSERT(seq_list_start(&head, 1) == &b.list, "second");
	KT_ASSERT(!seq_list_start(&head, 2), "past the end");
	KT_ASSERT(seq_list_start_head(&head, 0) == &head, "head first");
	KT_ASSERT(seq_list_start_head(&head, 1) == &a.list, "then the first");
	lh = seq_list_next(&a.list, &head, &pos);
	KT_ASSERT(lh == &b.list && pos == 1, "next");
	KT_ASSERT(!seq_list_next(&b.list, &head, &pos) && pos == 2, "end");

	seq_setwidth(&m, 6);
	seq_puts(&m, "ab");
	seq_pad(&m, '\n');
	seq_escape(&m, "a b", " ");
	KT_EQ(m.count, 7 + 6);
	buf[m.count] = 0;
	KT_STREQ(buf, "ab    \na\\040b");
	m.count = 0;
	seq_show_option(&m, "opt", "x,y");
	buf[m.count] = 0;
	KT_STREQ(buf, ",opt=x\\054y");
	m.count = 0;
	seq_hex_dump(&m, "p ", DUMP_PREFIX_OFFSET, 16, 1, "\x01\xab", 2, false);
	buf[m.count] = 0;
	KT_STREQ(buf, "p 00000000: 01 ab\n");

	/* the path sits in the buffer after room for its escapes */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	end = mangle_path(path, path + 8, " \\");
#else
	end = seq_mangle_path(path, path + 8, " \\");
#endif
	KT_ASSERT(end, "fits");
	*end = 0;
	KT_STREQ(path, "a\\040b\\134c");
	return 0;
}

/* ---- debugfs --------------------------------------------------------------- */

static int kt_read_path(const char *path, char *buf, size_t len)
{
	struct file *f = filp_open(path, O_RDONLY, 0);
	loff_t pos = 0;
	ssize_t n;

	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kernel_read(f, buf, len - 1, &pos);
	buf[n > 0 ? n : 0] = 0;
	filp_close(f, NULL);
	return n;
}

KTEST(debugfs_more, typed_files)
{
	struct dentry *dir = debugfs_create_dir("ktm", NULL);
	static u32 arr[3] = { 1, 20, 300 };
	struct debugfs_u32_array a = { .array = arr, .n_elements = 3 };
	char data[4] = "abc";
	struct debugfs_blob_wrapper blob = { .data = data, .size = 3 };
	atomic_t at = ATOMIC_INIT(-5);
	size_t sz = 12;
	char *str = "hello";
	char buf[32];
	struct file *f;
	loff_t pos = 0;

	debugfs_create_u32_array("arr", 0444, dir, &a);
	debugfs_create_blob("blob", 0644, dir, &blob);
	debugfs_create_atomic_t("at", 0644, dir, &at);
	debugfs_create_size_t("sz", 0444, dir, &sz);
	debugfs_create_str("str", 0444, dir, &str);
	KT_EQ(kt_read_path("/sys/kernel/debug/ktm/arr", buf, sizeof(buf)), 9);
	KT_STREQ(buf, "1 20 300\n");
	KT_EQ(kt_read_path("/sys/kernel/debug/ktm/blob", buf, sizeof(buf)), 3);
	KT_STREQ(buf, "abc");
	KT_EQ(kt_read_path("/sys/kernel/debug/ktm/at", buf, sizeof(buf)), 3);
	KT_STREQ(buf, "-5\n");
	KT_EQ(kt_read_path("/sys/kernel/debug/ktm/sz", buf, sizeof(buf)), 3);
	KT_STREQ(buf, "12\n");
	KT_EQ(kt_read_path("/sys/kernel/debug/ktm/str", buf, sizeof(buf)), 6);
	KT_STREQ(buf, "hello\n");
	f = filp_open("/sys/kernel/debug/ktm/at", O_WRONLY, 0);
	KT_ASSERT(!IS_ERR(f), "open");
	KT_EQ(kernel_write(f, "-7", 2, &pos), 2);
	KT_EQ(atomic_read(&at), -7);
	filp_close(f, NULL);
	KT_ASSERT(debugfs_lookup("arr", dir) != NULL, "lookup");
	debugfs_lookup_and_remove("arr", dir);
	KT_ASSERT(!debugfs_lookup("arr", dir), "removed");
	KT_EQ(kt_read_path("/sys/kernel/debug/ktm/arr", buf, sizeof(buf)), -ENOENT);
	debugfs_remove(dir);
	return 0;
}

/* ---- proc ------------------------------------------------------------------ */

static void *kt_seq_start(struct seq_file *m, loff_t *pos)
{
	return *pos < 3 ? pos : NULL;
}

static void *kt_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return *pos < 3 ? pos : NULL;
}

static void kt_seq_stop(struct seq_file *m, void *v)
{
}

static int kt_seq_show(struct seq_file *m, void *v)
{
	int *state = m->private;

	seq_printf(m, "%lld:%d:%s\n", *(loff_t *)v, (*state)++,
		   (char *)proc_get_parent_data(file_inode(m->file)));
	return 0;
}

static const struct seq_operations kt_seq_ops = {
	.start = kt_seq_start,
	.next = kt_seq_next,
	.stop = kt_seq_stop,
	.show = kt_seq_show,
};

KTEST(proc_more, seq_entries_and_subtrees)
{
	struct proc_dir_entry *dir = proc_mkdir_data("ktp", 0500, NULL, "dirdata");
	char buf[64];

	KT_ASSERT(dir, "dir");
	KT_ASSERT(proc_create_seq_private("s", 0444, dir, &kt_seq_ops, sizeof(int), NULL), "s");
	KT_EQ(kt_read_path("/proc/ktp/s", buf, sizeof(buf)), 36);
	KT_STREQ(buf, "0:0:dirdata\n1:1:dirdata\n2:2:dirdata\n");
	/* a /proc/net-style directory */
	KT_ASSERT(proc_net_mkdir(NULL, "n", dir), "net dir");
	KT_ASSERT(kt_read_path("/proc/ktp/n", buf, sizeof(buf)) != -ENOENT, "n exists");
	KT_EQ(remove_proc_subtree("ktp", NULL), 0);
	KT_EQ(remove_proc_subtree("ktp", NULL), -ENOENT);
	KT_EQ(kt_read_path("/proc/ktp/s", buf, sizeof(buf)), -ENOENT);
	return 0;
}

/* ---- poll ------------------------------------------------------------------ */

static DECLARE_WAIT_QUEUE_HEAD(kt_wq);

static __poll_t kt_poll(struct file *file, poll_table *wait)
{
	poll_wait(file, &kt_wq, wait);
	return EPOLLOUT;
}

KTEST(poll_more, wqueues_and_mangling)
{
	static const struct file_operations fops = { .poll = kt_poll };
	struct file f = { .f_op = &fops };
	struct file g = { .f_op = &kt_attr_fops };
	struct poll_wqueues *pwq = kzalloc(sizeof(*pwq), GFP_KERNEL);

	KT_ASSERT(pwq, "alloc");
	poll_initwait(pwq);
	pwq->pt._key = EPOLLIN;
	KT_EQ(vfs_poll(&f, &pwq->pt), EPOLLOUT);
	KT_EQ(pwq->inline_index, 1);
	/* a keyed wake-up for other events wakes nothing, one for EPOLLIN does */
	wake_up_poll(&kt_wq, EPOLLOUT);
	KT_EQ(pwq->triggered, 0);
	wake_up_poll(&kt_wq, EPOLLIN);
	KT_EQ(pwq->triggered, 1);
	poll_freewait(pwq);
	KT_ASSERT(!waitqueue_active(&kt_wq), "dequeued");
	kfree(pwq);
	KT_ASSERT(file_can_poll(&f) && !file_can_poll(&g), "can poll");
	KT_EQ(vfs_poll(&g, NULL), DEFAULT_POLLMASK);
	KT_EQ(mangle_poll(EPOLLIN | EPOLLRDHUP), POLLIN | POLLRDHUP);
	KT_EQ(demangle_poll(POLLOUT | POLLHUP), EPOLLOUT | EPOLLHUP);
	return 0;
}

/* ---- kobject uevents, sysfs groups ----------------------------------------- */

KTEST(kobject_more, uevent_env_and_sysfs_files)
{
	struct kobj_uevent_env *env = kzalloc(sizeof(*env), GFP_KERNEL);
	struct kobject *k = kobject_create_and_add("ktk", NULL);
	static struct kobj_attribute ka = __ATTR(ka, 0644, NULL, NULL);
	static struct kobj_attribute kb = __ATTR(kb, 0444, NULL, NULL);
	static struct attribute *grp_attrs[] = { &ka.attr, NULL };
	static const struct attribute_group grp = { .name = "g", .attrs = grp_attrs };
	static struct attribute *more_attrs[] = { &kb.attr, NULL };
	static const struct attribute_group more = { .name = "g", .attrs = more_attrs };
	struct qdk_file *f;
	int i;

	KT_ASSERT(env && k, "alloc");
	KT_EQ(add_uevent_var(env, "ACTION=%s", "add"), 0);
	KT_EQ(add_uevent_var(env, "SEQNUM=%d", 7), 0);
	KT_EQ(env->envp_idx, 2);
	KT_STREQ(env->envp[1], "SEQNUM=7");
	KT_EQ(env->buflen, 20);	/* both strings with their NULs */
	for (i = 2; i < UEVENT_NUM_ENVP; i++)
		KT_EQ(add_uevent_var(env, "K%d=", i), 0);
	KT_EQ(add_uevent_var(env, "X=1"), -ENOMEM);	/* too many keys, with a WARNING */
	kfree(env);
	/* a kobject of no kset: no one to send to */
	KT_EQ(kobject_uevent(k, KOBJ_CHANGE), -EINVAL);

	KT_EQ(sysfs_merge_group(k, &more), -ENOENT);
	KT_EQ(sysfs_create_group(k, &grp), 0);
	KT_EQ(sysfs_merge_group(k, &more), 0);
	KT_EQ(qdk_file_open("/sys/ktk/g/kb", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	sysfs_unmerge_group(k, &more);
	KT_EQ(qdk_file_open("/sys/ktk/g/kb", O_RDONLY, &f), -ENOENT);
	KT_EQ(sysfs_chmod_file(k, &ka.attr, 0444), 0);
	KT_EQ(qdk_file_open("/sys/ktk/g/ka", O_WRONLY, &f), -EACCES);
	KT_EQ(sysfs_chmod_file(k, &kb.attr, 0444), -ENOENT);
	KT_EQ(sysfs_add_file_to_group(k, &kb.attr, "g"), 0);
	KT_EQ(qdk_file_open("/sys/ktk/g/kb", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	sysfs_remove_file_from_group(k, &kb.attr, "g");
	KT_EQ(sysfs_add_file_to_group(k, &kb.attr, "nogroup"), -ENOENT);
	sysfs_remove_group(k, &grp);
	kobject_put(k);
	return 0;
}

KTEST(fs, inode_state_and_bytes)
{
	struct inode inode = { .i_mode = S_IFREG | 0644 };

	/* a new inode is unhashed: dropped at its last iput() */
	KT_ASSERT(inode_unhashed(&inode), "unhashed");
	set_nlink(&inode, 1);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	KT_ASSERT(generic_drop_inode(&inode), "drop unhashed");
#endif
	inode_fake_hash(&inode);
	KT_ASSERT(!inode_unhashed(&inode), "fake hashed");
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	KT_ASSERT(!generic_drop_inode(&inode), "keep linked, hashed");
	clear_nlink(&inode);
	KT_ASSERT(generic_drop_inode(&inode), "drop unlinked");
#endif
	KT_ASSERT(!inode_is_dirtytime_only(&inode), "clean");
	__mark_inode_dirty(&inode, I_DIRTY_TIME);
	KT_ASSERT(inode_is_dirtytime_only(&inode), "dirty time only");
	__mark_inode_dirty(&inode, I_FREEING);
	KT_ASSERT(!inode_is_dirtytime_only(&inode), "freeing");

	KT_ASSERT(!execute_ok(&inode), "0644 file");
	inode.i_mode = S_IFREG | 0744;
	KT_ASSERT(execute_ok(&inode), "0744 file");
	inode.i_mode = S_IFDIR | 0644;
	KT_ASSERT(execute_ok(&inode), "directory");
	KT_ASSERT(!inode_wrong_type(&inode, S_IFDIR | 0700), "same type");
	KT_ASSERT(inode_wrong_type(&inode, S_IFREG | 0644), "other type");

	i_readcount_inc(&inode);
	i_readcount_inc(&inode);
	i_readcount_dec(&inode);
	KT_EQ(atomic_read(&inode.i_readcount), 1);

	/* 1000 bytes: one sector and 488; 100 more carry into a second sector */
	inode_set_bytes(&inode, 1000);
	KT_EQ(inode.i_blocks, 1);
	KT_EQ(inode.i_bytes, 488);
	inode_add_bytes(&inode, 100);
	KT_EQ(inode.i_blocks, 2);
	KT_EQ(inode.i_bytes, 76);
	KT_EQ(inode_get_bytes(&inode), 1100);
	__inode_add_bytes(&inode, 2048);
	KT_EQ(__inode_get_bytes(&inode), 3148);
	/* taking 100 borrows a sector for the 76 left */
	inode_sub_bytes(&inode, 100);
	KT_EQ(inode.i_blocks, 5);
	KT_EQ(inode.i_bytes, 488);
	__inode_sub_bytes(&inode, 3048);
	KT_EQ(inode_get_bytes(&inode), 0);
	KT_EQ(inode.i_bytes, 0);
	return 0;
}

KTEST(fs, inode_numbers_flags_and_times)
{
	struct super_block sb = { .s_time_gran = 1000, .s_time_min = 0, .s_time_max = 1000 };
	struct inode inode = { .i_mode = S_IFDIR | 0755, .i_sb = &sb };
	struct inode bare = { .i_mode = S_IFREG };
	struct timespec64 t = { 500, 123456789 }, r;
	ino_t a, b;
	void *link = kmalloc(8, GFP_KERNEL);

	/* iunique(): above the reserved numbers, each call a new one */
	a = iunique(&sb, 100);
	b = iunique(&sb, 100);
	KT_ASSERT(a > 100 && b > a, "unique, above 100");
	KT_ASSERT(iunique(&sb, b + 50) == b + 51, "skips a larger reserve");

	KT_ASSERT(igrab(&inode) == &inode, "grabbed");
	KT_EQ(atomic_read(&inode.i_count), 1);
	__iget(&inode);
	KT_EQ(atomic_read(&inode.i_count), 2);
	__mark_inode_dirty(&inode, I_WILL_FREE);
	KT_ASSERT(!igrab(&inode), "dying");
	KT_EQ(atomic_read(&inode.i_count), 2);

	/* a directory syncs with SB_DIRSYNC, a file needs S_SYNC or SB_SYNCHRONOUS */
	KT_EQ(inode_needs_sync(&inode), 0);
	sb.s_flags = SB_DIRSYNC;
	KT_EQ(inode_needs_sync(&inode), 1);
	inode.i_mode = S_IFREG | 0644;
	KT_EQ(inode_needs_sync(&inode), 0);
	inode_set_flags(&inode, S_SYNC | S_NOATIME, S_SYNC | S_NOATIME | S_APPEND);
	KT_EQ(inode.i_flags, S_SYNC | S_NOATIME);
	KT_EQ(inode_needs_sync(&inode), 1);
	inode_set_flags(&inode, S_APPEND, S_SYNC | S_APPEND);
	KT_EQ(inode.i_flags, S_NOATIME | S_APPEND);

	/* microsecond granularity; a clamped time loses its fraction */
	r = timestamp_truncate(t, &inode);
	KT_EQ(r.tv_sec, 500);
	KT_EQ(r.tv_nsec, 123456000);
	t.tv_sec = 5000;
	r = timestamp_truncate(t, &inode);
	KT_EQ(r.tv_sec, 1000);
	KT_EQ(r.tv_nsec, 0);
	sb.s_time_gran = NSEC_PER_SEC;
	t.tv_sec = 7;
	r = timestamp_truncate(t, &inode);
	KT_EQ(r.tv_sec, 7);
	KT_EQ(r.tv_nsec, 0);
	r = timestamp_truncate(t, &bare);
	KT_EQ(r.tv_nsec, 123456789);

	__mark_inode_dirty(&inode, I_FREEING);
	clear_inode(&inode);
	KT_ASSERT(inode_state_is(&inode, I_FREEING | I_CLEAR), "cleared");

	/* 4 KiB blocks: 2^32 of them fit; 512-byte sectors under 9 bits do not exist */
	KT_EQ(generic_check_addressable(12, 1ULL << 32), 0);
	KT_EQ(generic_check_addressable(12, 0), 0);
	KT_EQ(generic_check_addressable(8, 16), -EINVAL);
	KT_EQ(generic_check_addressable(12, 1ULL << 62), -EFBIG);

	kfree_link(link);
	KT_EQ(noop_direct_IO(NULL, NULL), -EINVAL);
	KT_EQ(always_delete_dentry(NULL), 1);
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 18, 0)
	KT_EQ(simple_nosetlease(NULL, 0, NULL, NULL), -EINVAL);
#endif
	return 0;
}

KTEST(fs, device_number_encodings)
{
	dev_t d = MKDEV(300, 0x12345);
	char buf[16];

	KT_EQ(new_encode_dev(d), 0x12312c45);
	KT_EQ(new_decode_dev(new_encode_dev(d)), d);
	KT_EQ(huge_decode_dev(huge_encode_dev(d)), d);
	KT_ASSERT(!old_valid_dev(d) && old_valid_dev(MKDEV(1, 3)), "old");
	KT_EQ(old_encode_dev(MKDEV(1, 3)), 0x103);
	KT_EQ(old_decode_dev(0x103), MKDEV(1, 3));
	KT_EQ(sysv_encode_dev(d), (300 << 18) | 0x12345);
	KT_EQ(sysv_major(sysv_encode_dev(d)), 300);
	KT_EQ(sysv_minor(sysv_encode_dev(d)), 0x12345);
	KT_STREQ(format_dev_t(buf, MKDEV(10, 200)), "10:200");
	return 0;
}

KTEST(fs, filesystems_and_numbers)
{
	static struct file_system_type a = { .name = "ktfs" }, b = { .name = "ktfs" };
	struct inode inode = { 0 };
	struct timespec64 t;
	unsigned int i1 = get_next_ino(), i2 = get_next_ino();

	KT_EQ(register_filesystem(&a), 0);
	KT_EQ(register_filesystem(&b), -EBUSY);	/* a name once */
	KT_EQ(unregister_filesystem(&b), -EINVAL);
	KT_EQ(unregister_filesystem(&a), 0);
	KT_EQ(register_filesystem(&b), 0);
	KT_EQ(unregister_filesystem(&b), 0);
	KT_ASSERT(i1 && i2 == i1 + 1, "%u %u", i1, i2);
	t = current_time(&inode);
	KT_ASSERT(timespec64_valid(&t), "valid");
	KT_EQ(current_umask(), 0022);
	return 0;
}
