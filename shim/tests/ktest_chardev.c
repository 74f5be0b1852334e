// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_chardev.c - what a qdisc from outside the kit uses beyond
 * net/sched: module parameters, misc devices, the file side of a read.
 */
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/miscdevice.h>
#include <linux/moduleparam.h>
#include <linux/uaccess.h>

#include "ktest.h"

/*
 * The parameters come before qdk_api.h, whose <stdbool.h> makes bool a
 * macro: module_param() would expand it to _Bool (no param_ops__Bool), as
 * in any source where bool is a macro.
 */
static unsigned int kt_uint = 7;
module_param(kt_uint, uint, 0644);
static int kt_int = -1;
module_param(kt_int, int, 0644);
static bool kt_bool;
module_param(kt_bool, bool, 0444);
static unsigned char kt_byte_value;
module_param_named(kt_byte, kt_byte_value, byte, 0444);

#include "../api/qdk_api.h"

KTEST(param, set_by_name)
{
	KT_EQ(qdk_param_set("kt_uint", "42"), 0);
	KT_EQ(kt_uint, 42);
	/* MODULE.name, as on the kernel command line; hex and octal */
	KT_EQ(qdk_param_set("qdk_shim_test.kt_uint", "0x10"), 0);
	KT_EQ(kt_uint, 16);
	KT_EQ(qdk_param_set("kt_uint", "010\n"), 0);
	KT_EQ(kt_uint, 8);
	KT_EQ(qdk_param_set("kt_int", "-2147483648"), 0);
	KT_EQ(kt_int, -2147483648LL);
	KT_EQ(qdk_param_set("kt_bool", "Y"), 0);
	KT_EQ(kt_bool, 1);
	KT_EQ(qdk_param_set("kt_byte", "255"), 0);
	KT_EQ(kt_byte_value, 255);
	return 0;
}

KTEST(param, refused_values_change_nothing)
{
	kt_uint = 5;
	kt_int = 3;
	KT_EQ(qdk_param_set("kt_uint", "-1"), -EINVAL);
	KT_EQ(qdk_param_set("kt_uint", "4294967296"), -ERANGE);
	KT_EQ(qdk_param_set("kt_uint", ""), -EINVAL);
	KT_EQ(qdk_param_set("kt_uint", "12ab"), -EINVAL);
	KT_EQ(kt_uint, 5);
	KT_EQ(qdk_param_set("kt_int", "2147483648"), -ERANGE);
	KT_EQ(qdk_param_set("kt_int", "-2147483649"), -ERANGE);
	KT_EQ(kt_int, 3);
	/* kstrtobool() reads the first character: "yes" is y, "maybe" nothing */
	KT_EQ(qdk_param_set("kt_bool", "maybe"), -EINVAL);
	KT_EQ(qdk_param_set("kt_byte", "256"), -ERANGE);
	KT_EQ(qdk_param_set("kt_nothing", "1"), -ENOENT);
	KT_EQ(qdk_param_set("other_module.kt_uint", "1"), -ENOENT);
	return 0;
}

static ssize_t kt_read(struct file *file, char __user *buf, size_t count, loff_t *ppos)
{
	return simple_read_from_buffer(buf, count, ppos, "hello\n", 6);
}

static const struct file_operations kt_fops = {
	.read	= kt_read,
	.llseek	= noop_llseek,
};

KTEST(misc, register_and_read)
{
	struct miscdevice a = { .minor = MISC_DYNAMIC_MINOR, .name = "kt_a", .fops = &kt_fops };
	struct miscdevice b = { .minor = MISC_DYNAMIC_MINOR, .name = "kt_a", .fops = &kt_fops };
	struct miscdevice c = { .minor = 0, .name = "kt_c", .fops = &kt_fops };
	struct file f = { 0 };
	char buf[8] = { 0 };

	KT_EQ(misc_register(&a), 0);
	KT_ASSERT(a.minor != MISC_DYNAMIC_MINOR, "minor %d", a.minor);
	KT_EQ(misc_register(&b), -EBUSY);
	c.minor = a.minor;
	KT_EQ(misc_register(&c), -EBUSY);
	KT_ASSERT(qdk_misc_find("kt_a") == &a, "found");
	/* a read in two parts, then the end */
	KT_EQ(a.fops->read(&f, buf, 4, &f.f_pos), 4);
	KT_EQ(a.fops->read(&f, buf + 4, 8, &f.f_pos), 2);
	KT_EQ(a.fops->read(&f, buf, 8, &f.f_pos), 0);
	KT_STREQ(buf, "hello\n");
	KT_EQ(f.f_pos, 6);
	KT_EQ(a.fops->read(&f, NULL, 8, &(loff_t){ 0 }), -EFAULT);
	misc_deregister(&a);
	KT_ASSERT(!qdk_misc_find("kt_a"), "gone");
	return 0;
}

KTEST(uaccess, bytes_not_copied)
{
	char src[4] = "abc", dst[4] = { 0 };

	KT_EQ(copy_from_user(dst, (const char __user *)src, 4), 0);
	KT_STREQ(dst, "abc");
	KT_EQ(copy_to_user(NULL, src, 4), 4);
	KT_EQ(copy_to_user(NULL, src, 0), 0);
	return 0;
}

/* /sys/module/MODULE/parameters/NAME: the files of the parameters with permissions */
KTEST(param, sysfs_files)
{
	struct qdk_file *f;
	char buf[16] = { 0 };

	kt_uint = 7;
	KT_EQ(qdk_file_open("/sys/module/qdk_shim_test/parameters/kt_uint", O_RDWR, &f), 0);
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 2);
	KT_STREQ(buf, "7\n");
	KT_EQ(qdk_file_write(f, "0x11\n", 5), 5);
	KT_EQ(kt_uint, 17);
	KT_EQ(qdk_file_write(f, "-1", 2), -EINVAL);
	KT_EQ(kt_uint, 17);
	KT_EQ(qdk_file_close(f), 0);
	/* 0444: no write open, root or not */
	KT_EQ(qdk_file_open("/sys/module/qdk_shim_test/parameters/kt_bool", O_WRONLY, &f), -EACCES);
	KT_EQ(qdk_file_open("/sys/module/qdk_shim_test/parameters/kt_bool", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_read(f, buf, sizeof(buf)), 2);
	KT_EQ(buf[0], 'N');
	KT_EQ(qdk_file_close(f), 0);
	/* a named parameter's file has its name */
	KT_EQ(qdk_file_open("/sys/module/qdk_shim_test/parameters/kt_byte", O_RDONLY, &f), 0);
	KT_EQ(qdk_file_close(f), 0);
	return 0;
}

KTEST(file, default_llseek)
{
	struct inode inode = { .i_size = 100 };
	struct file file = { .f_inode = &inode, .f_pos = 10 };

	KT_EQ(default_llseek(&file, 5, SEEK_SET), 5);
	KT_EQ(default_llseek(&file, 0, SEEK_CUR), 5);
	KT_EQ(default_llseek(&file, 3, SEEK_CUR), 8);
	KT_EQ(default_llseek(&file, -10, SEEK_END), 90);
	KT_EQ(file.f_pos, 90);
	/* before the start, or an unknown whence: refused, nothing moves */
	KT_EQ(default_llseek(&file, -91, SEEK_CUR), -EINVAL);
	KT_EQ(default_llseek(&file, 0, 7), -EINVAL);
	KT_EQ(file.f_pos, 90);
	return 0;
}
