// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_string.c - linux/kstrtox.h, linux/string.h and the scanf/kasprintf
 * family, against what lib/kstrtox.c, lib/string.c and lib/vsprintf.c do.
 */
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "ktest.h"
#include "shim.h"
#include "../api/qdk_api.h"

KTEST(kstrtox, bases_and_newline)
{
	unsigned long long ull = 7;
	unsigned long ul;
	u64 v64;
	u32 v32;

	KT_EQ(kstrtoull("0x1F", 0, &ull), 0);
	KT_EQ(ull, 31);
	KT_EQ(kstrtoull("017", 0, &ull), 0);
	KT_EQ(ull, 15);
	KT_EQ(kstrtoull("17\n", 0, &ull), 0);
	KT_EQ(ull, 17);
	KT_EQ(kstrtoull("+9", 10, &ull), 0);
	KT_EQ(ull, 9);
	KT_EQ(kstrtoull("ff", 16, &ull), 0);
	KT_EQ(ull, 255);
	KT_EQ(kstrtoull("0xff", 16, &ull), 0);
	KT_EQ(ull, 255);
	KT_EQ(kstrtoull("101", 2, &ull), 0);
	KT_EQ(ull, 5);
	/* base 0: "0x" without a hex digit is octal 0 followed by junk */
	KT_EQ(kstrtoull("0x", 0, &ull), -EINVAL);
	KT_EQ(kstrtoull("0xg", 16, &ull), -EINVAL);
	KT_EQ(kstrtoull("08", 0, &ull), -EINVAL);
	KT_EQ(kstrtoull("12\n\n", 0, &ull), -EINVAL);
	KT_EQ(kstrtoull(" 12", 0, &ull), -EINVAL);
	KT_EQ(kstrtoull("", 0, &ull), -EINVAL);
	KT_EQ(kstrtoull("\n", 0, &ull), -EINVAL);
	KT_EQ(kstrtoull("-1", 0, &ull), -EINVAL);
	KT_EQ(ull, 5);	/* untouched on error */
	KT_EQ(kstrtoull("18446744073709551615", 10, &ull), 0);
	KT_EQ(ull == ULLONG_MAX, 1);
	KT_EQ(kstrtoull("18446744073709551616", 10, &ull), -ERANGE);
	/* overflow is found before trailing junk */
	KT_EQ(kstrtoull("99999999999999999999x", 10, &ull), -ERANGE);
	KT_EQ(kstrtoul("0x10", 0, &ul), 0);
	KT_EQ(ul, 16);
	KT_EQ(kstrtou64("123", 10, &v64), 0);
	KT_EQ(v64, 123);
	KT_EQ(kstrtou32("4294967295", 10, &v32), 0);
	KT_EQ(v32, 4294967295U);
	KT_EQ(kstrtou32("4294967296", 10, &v32), -ERANGE);
	return 0;
}

KTEST(kstrtox, signed_ranges)
{
	long long ll;
	long l;
	s64 s64v;
	s32 s32v;
	int i = 5;
	s16 s16v;
	s8 s8v;

	KT_EQ(kstrtoll("-9223372036854775808", 10, &ll), 0);
	KT_EQ(ll == LLONG_MIN, 1);
	KT_EQ(kstrtoll("-9223372036854775809", 10, &ll), -ERANGE);
	KT_EQ(kstrtoll("9223372036854775807", 10, &ll), 0);
	KT_EQ(ll == LLONG_MAX, 1);
	KT_EQ(kstrtoll("9223372036854775808", 10, &ll), -ERANGE);
	KT_EQ(kstrtoll("-0x10", 0, &ll), 0);
	KT_EQ(ll, -16);
	KT_EQ(kstrtoll("+-1", 0, &ll), -EINVAL);
	KT_EQ(kstrtoll("-+1", 0, &ll), -EINVAL);
	KT_EQ(kstrtoll("--1", 0, &ll), -EINVAL);
	KT_EQ(kstrtol("-1\n", 0, &l), 0);
	KT_EQ(l, -1);
	KT_EQ(kstrtos64("-77", 10, &s64v), 0);
	KT_EQ(s64v, -77);
	KT_EQ(kstrtos32("-2147483648", 0, &s32v), 0);
	KT_EQ(s32v, INT_MIN);
	KT_EQ(kstrtoint("2147483648", 0, &i), -ERANGE);
	KT_EQ(kstrtoint("-2147483649", 0, &i), -ERANGE);
	KT_EQ(i, 5);
	KT_EQ(kstrtos16("-32768", 0, &s16v), 0);
	KT_EQ(s16v, -32768);
	KT_EQ(kstrtos16("32768", 0, &s16v), -ERANGE);
	KT_EQ(kstrtos8("-128", 0, &s8v), 0);
	KT_EQ(s8v, -128);
	KT_EQ(kstrtos8("128", 0, &s8v), -ERANGE);
	KT_EQ(kstrtos8("-129", 0, &s8v), -ERANGE);
	return 0;
}

KTEST(kstrtox, unsigned_narrow_and_bool)
{
	unsigned int ui;
	u16 u16v;
	u8 u8v = 3;
	bool b = false;

	KT_EQ(kstrtouint("0xffffffff", 0, &ui), 0);
	KT_EQ(ui, 0xffffffffU);
	KT_EQ(kstrtou16("65535", 0, &u16v), 0);
	KT_EQ(u16v, 65535);
	KT_EQ(kstrtou16("65536", 0, &u16v), -ERANGE);
	KT_EQ(kstrtou8("0377", 0, &u8v), 0);
	KT_EQ(u8v, 255);
	KT_EQ(kstrtou8("256", 0, &u8v), -ERANGE);
	KT_EQ(kstrtou8("-0", 0, &u8v), -EINVAL);
	KT_EQ(u8v, 255);

	KT_EQ(kstrtobool("yes", &b), 0);
	KT_EQ(b, 1);
	KT_EQ(kstrtobool("0", &b), 0);
	KT_EQ(b, 0);
	KT_EQ(kstrtobool("oN", &b), 0);
	KT_EQ(b, 1);
	KT_EQ(kstrtobool("off", &b), 0);
	KT_EQ(b, 0);
	KT_EQ(kstrtobool("True", &b), 0);
	KT_EQ(b, 1);
	KT_EQ(kstrtobool("o", &b), -EINVAL);
	KT_EQ(kstrtobool("", &b), -EINVAL);
	KT_EQ(kstrtobool("2", &b), -EINVAL);
	KT_EQ(kstrtobool(NULL, &b), -EINVAL);
	KT_EQ(b, 1);
	return 0;
}

KTEST(kstrtox, from_user)
{
	static char user[64] __aligned(4096);
	unsigned long long ull;
	u16 u16v;
	s8 s8v;
	int i;
	bool b;

	strcpy(user, "1234\n");
	KT_EQ(kstrtoull_from_user((const char __user *)user, 5, 0, &ull), 0);
	KT_EQ(ull, 1234);
	/* count ends the string: the rest is not read */
	KT_EQ(kstrtou16_from_user((const char __user *)user, 2, 0, &u16v), 0);
	KT_EQ(u16v, 12);
	strcpy(user, "-5");
	KT_EQ(kstrtos8_from_user((const char __user *)user, 2, 10, &s8v), 0);
	KT_EQ(s8v, -5);
	KT_EQ(kstrtoint_from_user((const char __user *)user, 2, 10, &i), 0);
	KT_EQ(i, -5);
	strcpy(user, "Yes please");
	KT_EQ(kstrtobool_from_user((const char __user *)user, 10, &b), 0);
	KT_EQ(b, 1);
	/* an unreachable user buffer */
	KT_EQ(kstrtoull_from_user((const char __user *)16, 4, 0, &ull), -EFAULT);
	KT_EQ(kstrtobool_from_user((const char __user *)16, 1, &b), -EFAULT);
	return 0;
}

KTEST(kstrtox, simple_strto)
{
	char *end;

	KT_EQ(simple_strtoul("0x1fz", &end, 0), 31);
	KT_EQ(*end, 'z');
	KT_EQ(simple_strtol("-12abc", &end, 10), -12);
	KT_EQ(*end, 'a');
	KT_EQ(simple_strtoull("777", NULL, 8), 511);
	KT_EQ(simple_strtoll("-0x10", &end, 16), -16);
	KT_EQ(*end, '\0');
	/* no digit: 0, end at the start */
	KT_EQ(simple_strtoul("x", &end, 10), 0);
	KT_EQ(*end, 'x');
	return 0;
}

KTEST(string, strsep_and_friends)
{
	char buf[] = "set 12,,34 x";
	char *s = buf, *tok;
	char dst[8];

	tok = strsep(&s, " ");
	KT_STREQ(tok, "set");
	tok = strsep(&s, ",");
	KT_STREQ(tok, "12");
	tok = strsep(&s, ",");
	KT_STREQ(tok, "");	/* empty fields are kept */
	tok = strsep(&s, ", ");
	KT_STREQ(tok, "34");
	tok = strsep(&s, ",");
	KT_STREQ(tok, "x");
	KT_ASSERT(s == NULL, "s %p", s);
	KT_ASSERT(strsep(&s, ",") == NULL, "after the end");

	KT_EQ(strscpy(dst, "abc", sizeof(dst)), 3);
	KT_STREQ(dst, "abc");
	KT_EQ(strscpy(dst, "abcdefghij", sizeof(dst)), -E2BIG);
	KT_STREQ(dst, "abcdefg");
	KT_EQ(strscpy(dst, "x", 0), -E2BIG);
	memset(dst, 'z', sizeof(dst));
	KT_EQ(strscpy_pad(dst, "ab", sizeof(dst)), 2);
	KT_EQ(dst[7], 0);
	KT_EQ(dst[3], 0);

	strcpy(dst, "ab");
	KT_EQ(strlcat(dst, "cdefghij", sizeof(dst)), 10);
	KT_STREQ(dst, "abcdefg");
	KT_ASSERT(strnchr("abc", 2, 'c') == NULL, "c beyond count");
	KT_ASSERT(strnchr("abc", 3, 'c') != NULL, "c within count");
	KT_ASSERT(strnchr("abc", 4, '\0') == NULL, "never the NUL");
	KT_ASSERT(strnstr("hello", "ll", 3) == NULL, "ll beyond 3");
	KT_ASSERT(strnstr("hello", "ll", 4) != NULL, "ll within 4");
	return 0;
}

KTEST(string, trim_match_and_compare)
{
	static const char * const modes[] = { "off", "drop", NULL, "mark" };
	char buf[] = "  value \n";
	u8 bytes[4] = { 7, 7, 7, 9 };

	KT_STREQ(skip_spaces("\t x"), "x");
	KT_STREQ(strim(buf), "value");
	KT_EQ(sysfs_streq("drop", "drop\n"), 1);
	KT_EQ(sysfs_streq("drop\n", "drop"), 1);
	KT_EQ(sysfs_streq("drop\n", "drop\n"), 1);
	KT_EQ(sysfs_streq("drop", "dro"), 0);
	KT_EQ(sysfs_streq("drop", "drop\n\n"), 0);
	KT_EQ(match_string(modes, ARRAY_SIZE(modes), "drop"), 1);
	/* match_string() stops at a NULL entry, sysfs_match_string() skips it */
	KT_EQ(match_string(modes, ARRAY_SIZE(modes), "mark"), -EINVAL);
	KT_EQ(sysfs_match_string(modes, "mark\n"), 3);
	KT_EQ(sysfs_match_string(modes, "none"), -EINVAL);
	KT_ASSERT(memchr_inv(bytes, 7, 4) == &bytes[3], "first not 7");
	KT_ASSERT(memchr_inv(bytes, 7, 3) == NULL, "all 7");
	return 0;
}

KTEST(string, kmemdup_nul_kasprintf)
{
	long objs = qdk_test_mem_objects();
	char *a = kmemdup_nul("abcdef", 3, GFP_KERNEL);
	char *b = kasprintf(GFP_KERNEL, "%s-%u-%03x", "q", 42U, 0xaU);
	char *c = kstrndup("wxyz", 2, GFP_KERNEL);

	KT_STREQ(a, "abc");
	KT_STREQ(b, "q-42-00a");
	KT_EQ(ksize(b), 16);	/* 9 bytes: the kmalloc-16 bucket */
	KT_STREQ(c, "wx");
	KT_ASSERT(kmemdup_nul(NULL, 3, GFP_KERNEL) == NULL, "NULL in, NULL out");
	KT_EQ(qdk_test_mem_objects(), objs + 3);
	kfree(a);
	kfree(b);
	kfree(c);
	/* a failed allocation: NULL */
	qdk_mem_fail_after = 1;
	KT_ASSERT(kasprintf(GFP_KERNEL, "%d", 1) == NULL, "failed allocation");
	KT_EQ(qdk_test_mem_objects(), objs);
	return 0;
}

KTEST(sscanf, numbers)
{
	unsigned long long ull;
	unsigned int u, v;
	unsigned char hh;
	long l;
	short h;
	int d, n;

	KT_EQ(sscanf("12 -34 0x1f", "%u %d %i", &u, &d, &n), 3);
	KT_EQ(u, 12);
	KT_EQ(d, -34);
	KT_EQ(n, 31);
	KT_EQ(sscanf("017", "%i", &d), 1);
	KT_EQ(d, 15);
	KT_EQ(sscanf("ff 17", "%x %o", &u, &v), 2);
	KT_EQ(u, 255);
	KT_EQ(v, 15);
	/* widths cut numbers; qualifiers set the width written */
	KT_EQ(sscanf("123456", "%3u%3u", &u, &v), 2);
	KT_EQ(u, 123);
	KT_EQ(v, 456);
	KT_EQ(sscanf("300 -2 99999999999 -5", "%hhu %hd %llu %ld", &hh, &h, &ull, &l), 4);
	KT_EQ(hh, 300 & 0xff);
	KT_EQ(h, -2);
	KT_EQ(ull, 99999999999ULL);
	KT_EQ(l, -5);
	/* no overflow check: the value wraps, then is truncated */
	KT_EQ(sscanf("4294967297", "%u", &u), 1);
	KT_EQ(u, 1);
	/* a failed conversion ends the scan with the count so far, never -1 */
	KT_EQ(sscanf("7 x", "%d %d", &d, &n), 1);
	KT_EQ(sscanf("", "%d", &d), 0);
	KT_EQ(sscanf("-", "%1d", &d), 0);
	KT_EQ(sscanf("- 5", "%d", &d), 0);
	/* %n: characters consumed so far, not counted */
	KT_EQ(sscanf("  42abc", "%d%n", &d, &n), 1);
	KT_EQ(n, 4);
	return 0;
}

KTEST(sscanf, strings_sets_and_literals)
{
	char a[16], b[16], c[4];
	unsigned int u;
	int d;

	KT_EQ(sscanf("name=fq rate", "name=%s %s", a, b), 2);
	KT_STREQ(a, "fq");
	KT_STREQ(b, "rate");
	KT_EQ(sscanf("abcdef", "%3s%s", a, b), 2);
	KT_STREQ(a, "abc");
	KT_STREQ(b, "def");
	KT_EQ(sscanf("00:0a:95", "%2[^:]:%2[^:]:%2[^:]", a, b, c), 3);
	KT_STREQ(a, "00");
	KT_STREQ(b, "0a");
	KT_STREQ(c, "95");
	/* %[ without a width is refused */
	KT_EQ(sscanf("abc", "%[abc]", a), 0);
	KT_EQ(sscanf("aab!", "%9[ab]", a), 1);
	KT_STREQ(a, "aab");
	/* %c takes white space as it is */
	KT_EQ(sscanf(" x", "%c", c), 1);
	KT_EQ(c[0], ' ');
	/* %* skips to the next white space */
	KT_EQ(sscanf("skip-me 5", "%*s %u", &u), 1);
	KT_EQ(u, 5);
	KT_EQ(sscanf("50%", "%d%%", &d), 1);
	KT_EQ(sscanf("a=1", "b=%d", &d), 0);
	/* a floating-point conversion is not the kernel's: the scan stops */
	KT_EQ(sscanf("1 2", "%d %f", &d, (float *)&u), 1);
	return 0;
}
