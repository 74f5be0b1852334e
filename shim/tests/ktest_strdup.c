// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_strdup.c - string.h's copies out of user memory (mm/util.c),
 * memcat_p(), and the series' newer string helpers.
 */
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/version.h>

#include "ktest.h"
#include "../api/qdk_api.h"

KTEST(strdup, memdup_user_family)
{
	char *user = kmalloc(16, GFP_KERNEL);
	char *p;
	u32 *arr;

	KT_ASSERT(user, "alloc");
	memcpy(user, "hello\0world!", 12);
	p = memdup_user(user, 12);
	KT_ASSERT(!IS_ERR(p) && !memcmp(p, "hello\0world!", 12), "memdup_user");
	kfree(p);
	p = memdup_user_nul(user + 6, 5);
	KT_ASSERT(!IS_ERR(p), "nul");
	KT_STREQ(p, "world");
	kfree(p);
	p = vmemdup_user(user, 5);
	KT_ASSERT(!IS_ERR(p) && !memcmp(p, "hello", 5), "vmemdup_user");
	kvfree(p);
	/* a fault anywhere in the range: -EFAULT, nothing left allocated */
	qdk_user_fault_at(user + 8);
	KT_EQ(PTR_ERR(memdup_user(user, 12)), -EFAULT);
	KT_EQ(PTR_ERR(memdup_user_nul(user, 9)), -EFAULT);
	KT_EQ(PTR_ERR(vmemdup_user(user, 9)), -EFAULT);
	p = memdup_user(user, 8);
	KT_ASSERT(!IS_ERR(p), "up to the fault");
	kfree(p);
	qdk_user_fault_at(NULL);
	/* an array whose size overflows */
	KT_EQ(PTR_ERR(memdup_array_user(user, SIZE_MAX / 2, 4)), -EOVERFLOW);
	KT_EQ(PTR_ERR(vmemdup_array_user(user, SIZE_MAX / 2, 4)), -EOVERFLOW);
	arr = memdup_array_user(user, 3, sizeof(u32));
	KT_ASSERT(!IS_ERR(arr) && !memcmp(arr, user, 12), "array");
	kfree(arr);
	kfree(user);
	return 0;
}

KTEST(strdup, strndup_user)
{
	char *user = kmalloc(16, GFP_KERNEL);
	char *p;

	KT_ASSERT(user, "alloc");
	strcpy(user, "qdisc");
	p = strndup_user(user, 16);
	KT_ASSERT(!IS_ERR(p), "dup");
	KT_STREQ(p, "qdisc");
	kfree(p);
	/* the NUL must come within n bytes: 6 with it */
	p = strndup_user(user, 6);
	KT_ASSERT(!IS_ERR(p), "exactly");
	kfree(p);
	KT_EQ(PTR_ERR(strndup_user(user, 5)), -EINVAL);
	KT_EQ(PTR_ERR(strndup_user(NULL, 5)), -EFAULT);
	kfree(user);
	return 0;
}

KTEST(strdup, memcat_p)
{
	int x, y, z;
	int *a[] = { &x, &y, NULL }, *b[] = { &z, NULL }, *none[] = { NULL };
	int **c = memcat_p(a, b);

	KT_ASSERT(c, "alloc");
	KT_ASSERT(c[0] == &x && c[1] == &y && c[2] == &z && !c[3], "a then b");
	kfree(c);
	c = memcat_p(none, none);
	KT_ASSERT(c && !c[0], "empty");
	kfree(c);
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
KTEST(strdup, newer_helpers)
{
	char buf[8], raw[4] = { 'a', 'b', 'c', 'd' };
	u16 src[3] = { 1, 2, 3 }, *dup;
	struct { char s[6]; } d;

	memset(buf, 'x', sizeof(buf));
	KT_EQ(sized_strscpy_pad(buf, "ab", sizeof(buf)), 2);
	KT_ASSERT(!memcmp(buf, "ab\0\0\0\0\0\0", 8), "padded");
	KT_EQ(sized_strscpy(buf, "too long!", sizeof(buf)), -E2BIG);
	KT_STREQ(buf, "too lon");
	/* no NUL in the source: as much as fits, then one */
	memtostr(d.s, raw);
	KT_STREQ(d.s, "abcd");
	memset(d.s, 'x', sizeof(d.s));
	memtostr_pad(d.s, raw);
	KT_ASSERT(!memcmp(d.s, "abcd\0\0", 6), "pad");
	dup = kmemdup_array(src, 3, sizeof(u16), GFP_KERNEL);
	KT_ASSERT(dup && dup[2] == 3, "array");
	kfree(dup);
	dup = kvmemdup(src, sizeof(src), GFP_KERNEL);
	KT_ASSERT(dup && dup[1] == 2, "kv");
	kvfree(dup);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	KT_ASSERT(strends("sch_fq.ko", ".ko") && !strends("ko", ".ko") && strends("x", ""),
		  "strends");
#endif
	return 0;
}
#endif
