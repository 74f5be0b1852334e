// SPDX-License-Identifier: GPL-2.0
/*
 * strnlen_user.c - the length of a string in user memory (the kernel's
 * lib/strnlen_user.c), its NUL counted.
 */
#include <linux/uaccess.h>

long strnlen_user(const char __user *src, long n)
{
	long i;

	if (n <= 0)
		return 0;
	for (i = 0; i < n; i++) {
		if (__qdk_user_reach(src + i, 1) != 1)
			return 0;
		if (!*(const char __force *)(src + i))
			return i + 1;
	}
	return n + 1;	/* longer than n */
}
