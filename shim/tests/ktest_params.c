// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_params.c - module_param() of every type with the kernel's type
 * checks and permission rules, arrays, strings, charp and module_param_cb(),
 * set as insmod's arguments are (qdk_param_set()) and through sysfs.
 */
#include <linux/fcntl.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/stat.h>
#include <linux/string.h>

#include "ktest.h"
#include "shim.h"

/* the kernel's param_check_short() takes a u16 (only -Wpointer-sign, off in kbuild) */
static u16 kp_short_u16 = 1;
module_param(kp_short_u16, short, 0444);
static u8 kp_byte = 2;
module_param(kp_byte, byte, S_IRUGO);
static unsigned short kp_ushort;
module_param(kp_ushort, ushort, 0444);
static short kp_short;
module_param(kp_short, short, 0444);
static long kp_long;
module_param(kp_long, long, 0444);
static unsigned long kp_ulong;
module_param(kp_ulong, ulong, 0444);
static unsigned long long kp_ullong;
module_param(kp_ullong, ullong, 0444);
static unsigned int kp_hexint = 0xab;
module_param(kp_hexint, hexint, 0644);
static bool kp_invbool;
module_param(kp_invbool, invbool, 0444);
static int kp_bint;
module_param(kp_bint, bint, 0444);
static char *kp_charp = "default";
module_param(kp_charp, charp, S_IRUSR | S_IWUSR | S_IRGRP);
static int kp_ints[4] = { 9, 9, 9, 9 };
static unsigned int kp_nints;
module_param_array(kp_ints, int, &kp_nints, 0644);
static int kp_irqs[2];
static unsigned int kp_nirqs;
module_param_hw_array(kp_irqs, int, irq, &kp_nirqs, 0444);
static char *kp_names[3];
module_param_array_named(kp_names_arr, kp_names, charp, NULL, 0444);
static char kp_string[8] = "abc";
module_param_string(kp_string, kp_string, sizeof(kp_string), 0644);
static bool kp_once;
module_param_named(kp_once, kp_once, bool_enable_only, 0644);

static int kp_cb_value;
static int kp_cb_calls;

static int kp_cb_set(const char *val, const struct kernel_param *kp)
{
	kp_cb_calls++;
	return param_set_uint_minmax(val, kp, 10, 20);
}

static const struct kernel_param_ops kp_cb_ops = {
	.set = kp_cb_set,
	.get = param_get_int,
};
module_param_cb(kp_cb, &kp_cb_ops, &kp_cb_value, 0644);
MODULE_PARM_DESC(kp_cb, "a parameter with its own ops");

/* after the parameters: its <stdbool.h> makes bool a macro (ktest_chardev.c) */
#include "../api/qdk_api.h"

KTEST(params, integer_types)
{
	KT_EQ(qdk_param_set("kp_short_u16", "-1"), 0);
	KT_EQ(kp_short_u16, 0xffff);
	KT_EQ(qdk_param_set("kp_short_u16", "32768"), -ERANGE);
	KT_EQ(qdk_param_set("kp_byte", "0xff"), 0);
	KT_EQ(kp_byte, 255);
	KT_EQ(qdk_param_set("kp_byte", "-1"), -EINVAL);
	KT_EQ(qdk_param_set("kp_ushort", "65535\n"), 0);
	KT_EQ(kp_ushort, 65535);
	KT_EQ(qdk_param_set("kp_short", "-32768"), 0);
	KT_EQ(kp_short, -32768);
	KT_EQ(qdk_param_set("kp_long", "-9223372036854775808"), 0);
	KT_EQ(kp_long == LONG_MIN, 1);
	KT_EQ(qdk_param_set("kp_ulong", "18446744073709551615"), 0);
	KT_EQ(kp_ulong == ULONG_MAX, 1);
	KT_EQ(qdk_param_set("kp_ullong", "18446744073709551616"), -ERANGE);
	KT_EQ(qdk_param_set("kp_ullong", "010"), 0);
	KT_EQ(kp_ullong, 8);
	KT_EQ(qdk_param_set("kp_hexint", "17"), 0);
	KT_EQ(kp_hexint, 17);
	/* '-' and '_' are one character in a parameter's name, as parameq() */
	KT_EQ(qdk_param_set("kp-byte", "7"), 0);
	KT_EQ(qdk_param_set("qdk_shim_test.kp-byte", "8"), 0);
	KT_EQ(kp_byte, 8);
	return 0;
}

KTEST(params, bool_types)
{
	KT_EQ(qdk_param_set("kp_invbool", "y"), 0);
	KT_EQ(kp_invbool, 0);
	KT_EQ(qdk_param_set("kp_invbool", "0"), 0);
	KT_EQ(kp_invbool, 1);
	KT_EQ(qdk_param_set("kp_bint", "on"), 0);
	KT_EQ(kp_bint, 1);
	KT_EQ(qdk_param_set("kp_bint", "2"), -EINVAL);
	kp_once = false;
	KT_EQ(qdk_param_set("kp_once", "n"), 0);
	KT_EQ(qdk_param_set("kp_once", "Y"), 0);
	KT_EQ(kp_once, 1);
	KT_EQ(qdk_param_set("kp_once", "N"), -EROFS);
	KT_EQ(kp_once, 1);
	return 0;
}

KTEST(params, charp_is_copied_and_given_back)
{
	long objs = qdk_test_mem_objects();

	KT_STREQ(kp_charp, "default");
	KT_EQ(qdk_param_set("kp_charp", "first"), 0);
	KT_STREQ(kp_charp, "first");
	KT_EQ(qdk_test_mem_objects(), objs + 1);
	/* a second value replaces (and frees) the first copy */
	KT_EQ(qdk_param_set("kp_charp", "second"), 0);
	KT_STREQ(kp_charp, "second");
	KT_EQ(qdk_test_mem_objects(), objs + 1);
	/* unload frees it and the compiled-in value is back */
	qdk_params_free();
	KT_STREQ(kp_charp, "default");
	KT_EQ(qdk_test_mem_objects(), objs);
	return 0;
}

KTEST(params, arrays)
{
	KT_EQ(qdk_param_set("kp_ints", "1,-2,0x3"), 0);
	KT_EQ(kp_nints, 3);
	KT_EQ(kp_ints[0], 1);
	KT_EQ(kp_ints[1], -2);
	KT_EQ(kp_ints[2], 3);
	KT_EQ(kp_ints[3], 9);
	/* more than the array holds: refused, the first max set on the way */
	KT_EQ(qdk_param_set("kp_ints", "1,2,3,4,5"), -EINVAL);
	KT_EQ(kp_ints[3], 4);
	/* a bad element: those before it are set, it is left as it was */
	KT_EQ(qdk_param_set("kp_ints", "5,x,7"), -EINVAL);
	KT_EQ(kp_ints[0], 5);
	KT_EQ(kp_ints[1], 2);
	KT_EQ(kp_ints[2], 3);
	KT_EQ(qdk_param_set("kp_ints", ""), -EINVAL);

	/* a hardware array: an array with the hardware flag */
	KT_EQ(qdk_param_set("kp_irqs", "10,11"), 0);
	KT_EQ(kp_nirqs, 2);
	KT_EQ(kp_irqs[1], 11);
	KT_EQ(qdk_param_set("kp_irqs", "1,2,3"), -EINVAL);

	KT_EQ(qdk_param_set("kp_names_arr", "a,bc"), 0);
	KT_STREQ(kp_names[0], "a");
	KT_STREQ(kp_names[1], "bc");
	KT_ASSERT(kp_names[2] == NULL, "third %p", kp_names[2]);
	qdk_params_free();
	KT_ASSERT(kp_names[0] == NULL && kp_names[1] == NULL, "freed and reset");
	return 0;
}

KTEST(params, string_and_cb)
{
	KT_EQ(qdk_param_set("kp_string", "1234567"), 0);
	KT_STREQ(kp_string, "1234567");
	KT_EQ(qdk_param_set("kp_string", "12345678"), -ENOSPC);
	KT_STREQ(kp_string, "1234567");

	KT_EQ(qdk_param_set("kp_cb", "15"), 0);
	KT_EQ(kp_cb_value, 15);
	KT_EQ(qdk_param_set("kp_cb", "21"), -EINVAL);
	KT_EQ(kp_cb_value, 15);
	KT_EQ(kp_cb_calls, 2);
	return 0;
}

/* the files print as the types' get() does */
static int read_param(const char *name, char *buf, size_t len)
{
	char path[96];
	struct qdk_file *f;
	long n;

	snprintf(path, sizeof(path), "/sys/module/qdk_shim_test/parameters/%s", name);
	if (qdk_file_open(path, O_RDONLY, &f))
		return -1;
	memset(buf, 0, len);
	n = qdk_file_read(f, buf, len - 1);
	qdk_file_close(f);
	return n;
}

KTEST(params, sysfs_formats)
{
	char buf[64];
	struct qdk_file *f;

	kp_hexint = 0xab;
	KT_ASSERT(read_param("kp_hexint", buf, sizeof(buf)) > 0, "hexint");
	KT_STREQ(buf, "0x0000ab\n");
	kp_invbool = true;
	KT_ASSERT(read_param("kp_invbool", buf, sizeof(buf)) > 0, "invbool");
	KT_STREQ(buf, "N\n");
	KT_EQ(qdk_param_set("kp_ints", "4,5"), 0);
	KT_ASSERT(read_param("kp_ints", buf, sizeof(buf)) > 0, "array");
	KT_STREQ(buf, "4,5\n");
	KT_ASSERT(read_param("kp_charp", buf, sizeof(buf)) > 0, "charp");
	KT_STREQ(buf, "default\n");
	KT_ASSERT(read_param("kp_string", buf, sizeof(buf)) > 0, "string");
	KT_STREQ(buf, "abc\n");
	/* a write through sysfs is a set() */
	KT_EQ(qdk_file_open("/sys/module/qdk_shim_test/parameters/kp_charp", O_WRONLY, &f), 0);
	KT_EQ(qdk_file_write(f, "new", 3), 3);
	KT_EQ(qdk_file_close(f), 0);
	KT_STREQ(kp_charp, "new");
	qdk_params_free();
	return 0;
}

/* the permission rules VERIFY_OCTAL_PERMISSIONS() checks at build time */
KTEST(params, octal_permissions)
{
	KT_EQ(VERIFY_OCTAL_PERMISSIONS(0644), 0644);
	KT_EQ(VERIFY_OCTAL_PERMISSIONS(S_IRUGO | S_IWUSR), 0644);
	KT_EQ(S_IRWXUGO, 0777);
	KT_EQ(S_IWUGO, 0222);
	KT_EQ(S_IXUGO, 0111);
	KT_EQ(S_IRUSR | S_IWUSR | S_IRGRP | S_IROTH, 0644);
	return 0;
}
