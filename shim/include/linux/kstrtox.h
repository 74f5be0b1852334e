/* SPDX-License-Identifier: GPL-2.0 */
/*
 * String to integer conversions (shim/lib/kstrtox.c), as lib/kstrtox.c has
 * them: an optional '+' (and '-' for the signed ones), then digits of base
 * 2..16; base 0 picks 16 for "0x" followed by a hex digit, 8 for a leading
 * 0, 10 otherwise; base 16 skips a "0x". One trailing newline is allowed.
 * -ERANGE when the value does not fit the type, -EINVAL for anything else,
 * and *res untouched on error. The _from_user() variants copy at most as
 * many bytes as the longest valid string of the type (-EFAULT if they
 * cannot). simple_strto*() stop at the first non-digit and never fail.
 */
#ifndef _LINUX_KSTRTOX_H
#define _LINUX_KSTRTOX_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/version.h>

/* Internal, do not use. */
int __must_check _kstrtoul(const char *s, unsigned int base, unsigned long *res);
int __must_check _kstrtol(const char *s, unsigned int base, long *res);

int __must_check kstrtoull(const char *s, unsigned int base, unsigned long long *res);
int __must_check kstrtoll(const char *s, unsigned int base, long long *res);

/* long and long long have one size and alignment here: the kernel's shortcut */
static inline int __must_check kstrtoul(const char *s, unsigned int base, unsigned long *res)
{
	if (sizeof(unsigned long) == sizeof(unsigned long long) &&
	    __alignof__(unsigned long) == __alignof__(unsigned long long))
		return kstrtoull(s, base, (unsigned long long *)res);
	return _kstrtoul(s, base, res);
}

static inline int __must_check kstrtol(const char *s, unsigned int base, long *res)
{
	if (sizeof(long) == sizeof(long long) &&
	    __alignof__(long) == __alignof__(long long))
		return kstrtoll(s, base, (long long *)res);
	return _kstrtol(s, base, res);
}

int __must_check kstrtouint(const char *s, unsigned int base, unsigned int *res);
int __must_check kstrtoint(const char *s, unsigned int base, int *res);

static inline int __must_check kstrtou64(const char *s, unsigned int base, u64 *res)
{
	return kstrtoull(s, base, res);
}

static inline int __must_check kstrtos64(const char *s, unsigned int base, s64 *res)
{
	return kstrtoll(s, base, res);
}

static inline int __must_check kstrtou32(const char *s, unsigned int base, u32 *res)
{
	return kstrtouint(s, base, res);
}

static inline int __must_check kstrtos32(const char *s, unsigned int base, s32 *res)
{
	return kstrtoint(s, base, res);
}

int __must_check kstrtou16(const char *s, unsigned int base, u16 *res);
int __must_check kstrtos16(const char *s, unsigned int base, s16 *res);
int __must_check kstrtou8(const char *s, unsigned int base, u8 *res);
int __must_check kstrtos8(const char *s, unsigned int base, s8 *res);
int __must_check kstrtobool(const char *s, bool *res);

int __must_check kstrtoull_from_user(const char __user *s, size_t count, unsigned int base,
				     unsigned long long *res);
int __must_check kstrtoll_from_user(const char __user *s, size_t count, unsigned int base,
				    long long *res);
int __must_check kstrtoul_from_user(const char __user *s, size_t count, unsigned int base,
				    unsigned long *res);
int __must_check kstrtol_from_user(const char __user *s, size_t count, unsigned int base,
				   long *res);
int __must_check kstrtouint_from_user(const char __user *s, size_t count, unsigned int base,
				      unsigned int *res);
int __must_check kstrtoint_from_user(const char __user *s, size_t count, unsigned int base,
				     int *res);
int __must_check kstrtou16_from_user(const char __user *s, size_t count, unsigned int base,
				     u16 *res);
int __must_check kstrtos16_from_user(const char __user *s, size_t count, unsigned int base,
				     s16 *res);
int __must_check kstrtou8_from_user(const char __user *s, size_t count, unsigned int base,
				    u8 *res);
int __must_check kstrtos8_from_user(const char __user *s, size_t count, unsigned int base,
				    s8 *res);
int __must_check kstrtobool_from_user(const char __user *s, size_t count, bool *res);

static inline int __must_check kstrtou64_from_user(const char __user *s, size_t count,
						   unsigned int base, u64 *res)
{
	return kstrtoull_from_user(s, count, base, res);
}

static inline int __must_check kstrtos64_from_user(const char __user *s, size_t count,
						   unsigned int base, s64 *res)
{
	return kstrtoll_from_user(s, count, base, res);
}

static inline int __must_check kstrtou32_from_user(const char __user *s, size_t count,
						   unsigned int base, u32 *res)
{
	return kstrtouint_from_user(s, count, base, res);
}

static inline int __must_check kstrtos32_from_user(const char __user *s, size_t count,
						   unsigned int base, s32 *res)
{
	return kstrtoint_from_user(s, count, base, res);
}

unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base);
long simple_strtol(const char *cp, char **endp, unsigned int base);
unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base);
long long simple_strtoll(const char *cp, char **endp, unsigned int base);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
static inline int strtobool(const char *s, bool *res)
{
	return kstrtobool(s, res);
}
#endif

#endif
