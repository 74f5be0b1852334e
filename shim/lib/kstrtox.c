// SPDX-License-Identifier: GPL-2.0
/*
 * kstrtox.c - string to integer conversions (linux/kstrtox.h) with
 * lib/kstrtox.c's rules: the whole string (one trailing newline allowed)
 * must be the number, -EINVAL otherwise, -ERANGE past the type's range.
 */
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/limits.h>
#include <linux/uaccess.h>

#include "kstrtox.h"

const char *_parse_integer_fixup_radix(const char *s, unsigned int *base)
{
	bool hex_prefix = s[0] == '0' && _tolower(s[1]) == 'x';

	if (*base == 0) {
		if (s[0] != '0')
			*base = 10;
		else if (hex_prefix && isxdigit(s[2]))
			*base = 16;
		else
			*base = 8;
	}
	if (*base == 16 && hex_prefix)
		s += 2;
	return s;
}

unsigned int _parse_integer_limit(const char *s, unsigned int base, unsigned long long *p,
				  size_t max_chars)
{
	unsigned long long v = 0;
	unsigned int n = 0;

	for (; max_chars; max_chars--, s++) {
		unsigned int c = (unsigned char)*s, digit;

		if (c >= '0' && c <= '9')
			digit = c - '0';
		else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			digit = (c | 0x20) - 'a' + 10;
		else
			break;
		if (digit >= base)
			break;
		if (v > (ULLONG_MAX - digit) / base)
			n |= KSTRTOX_OVERFLOW;
		v = v * base + digit;
		n++;
	}
	*p = v;
	return n;
}

unsigned int _parse_integer(const char *s, unsigned int base, unsigned long long *p)
{
	return _parse_integer_limit(s, base, p, INT_MAX);
}

/* s without a sign */
static int parse_ull(const char *s, unsigned int base, unsigned long long *res)
{
	unsigned long long v;
	unsigned int n;

	s = _parse_integer_fixup_radix(s, &base);
	n = _parse_integer(s, base, &v);
	if (n & KSTRTOX_OVERFLOW)
		return -ERANGE;
	if (!n)
		return -EINVAL;
	s += n;
	if (*s == '\n')
		s++;
	if (*s)
		return -EINVAL;
	*res = v;
	return 0;
}

int kstrtoull(const char *s, unsigned int base, unsigned long long *res)
{
	return parse_ull(*s == '+' ? s + 1 : s, base, res);
}

int kstrtoll(const char *s, unsigned int base, long long *res)
{
	unsigned long long v;
	int err;

	if (*s == '-') {
		err = parse_ull(s + 1, base, &v);
		if (err)
			return err;
		/* down to LLONG_MIN, whose magnitude is LLONG_MAX + 1 */
		if (v > (unsigned long long)LLONG_MAX + 1)
			return -ERANGE;
		*res = v ? -(long long)(v - 1) - 1 : 0;
		return 0;
	}
	err = kstrtoull(s, base, &v);
	if (err)
		return err;
	if (v > LLONG_MAX)
		return -ERANGE;
	*res = v;
	return 0;
}

int _kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	unsigned long long v;
	int err = kstrtoull(s, base, &v);

	if (err)
		return err;
	if (v != (unsigned long)v)
		return -ERANGE;
	*res = v;
	return 0;
}

int _kstrtol(const char *s, unsigned int base, long *res)
{
	long long v;
	int err = kstrtoll(s, base, &v);

	if (err)
		return err;
	if (v != (long)v)
		return -ERANGE;
	*res = v;
	return 0;
}

/* the narrower types: parsed at full width, then -ERANGE unless they fit */
#define KSTRTO_UNSIGNED(name, type)					\
int name(const char *s, unsigned int base, type *res)			\
{									\
	unsigned long long v;						\
	int err = kstrtoull(s, base, &v);				\
									\
	if (err)							\
		return err;						\
	if (v != (type)v)						\
		return -ERANGE;						\
	*res = v;							\
	return 0;							\
}

#define KSTRTO_SIGNED(name, type)					\
int name(const char *s, unsigned int base, type *res)			\
{									\
	long long v;							\
	int err = kstrtoll(s, base, &v);				\
									\
	if (err)							\
		return err;						\
	if (v != (type)v)						\
		return -ERANGE;						\
	*res = v;							\
	return 0;							\
}

KSTRTO_UNSIGNED(kstrtouint, unsigned int)
KSTRTO_SIGNED(kstrtoint, int)
KSTRTO_UNSIGNED(kstrtou16, u16)
KSTRTO_SIGNED(kstrtos16, s16)
KSTRTO_UNSIGNED(kstrtou8, u8)
KSTRTO_SIGNED(kstrtos8, s8)

/* y/Y/t/T/1, n/N/f/F/0, on/oN/On/ON, of...: only the first two characters count */
int kstrtobool(const char *s, bool *res)
{
	if (!s)
		return -EINVAL;
	switch (s[0]) {
	case 'y': case 'Y': case 't': case 'T': case '1':
		*res = true;
		return 0;
	case 'n': case 'N': case 'f': case 'F': case '0':
		*res = false;
		return 0;
	case 'o': case 'O':
		if (s[1] == 'n' || s[1] == 'N') {
			*res = true;
			return 0;
		}
		if (s[1] == 'f' || s[1] == 'F') {
			*res = false;
			return 0;
		}
		break;
	}
	return -EINVAL;
}

int kstrtobool_from_user(const char __user *s, size_t count, bool *res)
{
	char buf[4];	/* enough to tell the words apart, newline, NUL */

	count = min(count, sizeof(buf) - 1);
	if (copy_from_user(buf, s, count))
		return -EFAULT;
	buf[count] = '\0';
	return kstrtobool(buf, res);
}

/* room for a sign, every bit in base 2, a newline and the NUL */
#define KSTRTO_FROM_USER(name, parse, type)				\
int name(const char __user *s, size_t count, unsigned int base, type *res) \
{									\
	char buf[1 + sizeof(type) * 8 + 1 + 1];				\
									\
	count = min(count, sizeof(buf) - 1);				\
	if (copy_from_user(buf, s, count))				\
		return -EFAULT;						\
	buf[count] = '\0';						\
	return parse(buf, base, res);					\
}

KSTRTO_FROM_USER(kstrtoull_from_user, kstrtoull, unsigned long long)
KSTRTO_FROM_USER(kstrtoll_from_user, kstrtoll, long long)
KSTRTO_FROM_USER(kstrtoul_from_user, kstrtoul, unsigned long)
KSTRTO_FROM_USER(kstrtol_from_user, kstrtol, long)
KSTRTO_FROM_USER(kstrtouint_from_user, kstrtouint, unsigned int)
KSTRTO_FROM_USER(kstrtoint_from_user, kstrtoint, int)
KSTRTO_FROM_USER(kstrtou16_from_user, kstrtou16, u16)
KSTRTO_FROM_USER(kstrtos16_from_user, kstrtos16, s16)
KSTRTO_FROM_USER(kstrtou8_from_user, kstrtou8, u8)
KSTRTO_FROM_USER(kstrtos8_from_user, kstrtos8, s8)
