// SPDX-License-Identifier: GPL-2.0
/*
 * maccess.c - copies that must not fault (the kernel's mm/maccess.c): all
 * or nothing, 0 or -EFAULT. Kernel memory fails only on the first page
 * (what a NULL or near-NULL pointer would touch); user memory follows the
 * shim's user-pointer model.
 */
#include <linux/uaccess.h>

long copy_from_kernel_nofault(void *dst, const void *src, size_t size)
{
	if ((unsigned long)src < QDK_USER_FIRST_PAGE)
		return -EFAULT;
	memcpy(dst, src, size);
	return 0;
}

long copy_from_user_nofault(void *dst, const void __user *src, size_t size)
{
	if (!access_ok(src, size))
		return -EFAULT;
	return __copy_from_user_inatomic(dst, src, size) ? -EFAULT : 0;
}

long copy_to_user_nofault(void __user *dst, const void *src, size_t size)
{
	if (!access_ok(dst, size))
		return -EFAULT;
	return __copy_to_user_inatomic(dst, src, size) ? -EFAULT : 0;
}
