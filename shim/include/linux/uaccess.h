/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User memory. In the shim user and kernel share one address space, so
 * copying is memcpy; the return value keeps the kernel's convention: the
 * number of bytes NOT copied (0 on success), never an errno.
 */
#ifndef _LINUX_UACCESS_H
#define _LINUX_UACCESS_H

#include <linux/compiler.h>
#include <linux/string.h>
#include <linux/types.h>

static inline unsigned long __must_check
copy_from_user(void *to, const void __user *from, unsigned long n)
{
	if (!n)
		return 0;
	if (!from)
		return n;
	memcpy(to, (const void __force *)from, n);
	return 0;
}

static inline unsigned long __must_check
copy_to_user(void __user *to, const void *from, unsigned long n)
{
	if (!n)
		return 0;
	if (!to)
		return n;
	memcpy((void __force *)to, from, n);
	return 0;
}

#endif
