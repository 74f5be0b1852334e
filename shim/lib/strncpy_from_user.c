// SPDX-License-Identifier: GPL-2.0
/*
 * strncpy_from_user.c - a string from user memory (the kernel's
 * lib/strncpy_from_user.c): byte by byte up to its NUL or count bytes.
 */
#include <linux/uaccess.h>

long strncpy_from_user(char *dst, const char __user *src, long count)
{
	long i;

	if (count <= 0)
		return 0;
	for (i = 0; i < count; i++) {
		if (__qdk_user_reach(src + i, 1) != 1)
			return -EFAULT;
		dst[i] = *(const char __force *)(src + i);
		if (!dst[i])
			return i;
	}
	return count;	/* no NUL within count: dst is not terminated */
}
