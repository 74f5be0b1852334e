/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User memory. In the shim user and kernel share one address space, so a
 * copy is memcpy up to the first byte user space cannot reach: the first
 * page (NULL and what lies near it) and, when the harness set one, every
 * address from qdk_user_fault_from on (qdk_user_fault_at(): a buffer that
 * ends at an unmapped page). The kernel's conventions hold: the copies
 * return the number of bytes NOT copied (0 on success), never an errno;
 * copy_from_user() zeroes the part of the destination it could not fill;
 * get_user()/put_user() return -EFAULT, get_user() then gives 0.
 */
#ifndef _LINUX_UACCESS_H
#define _LINUX_UACCESS_H

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/types.h>

#define QDK_USER_FIRST_PAGE	4096UL

extern unsigned long qdk_user_fault_from;

/* how many of the n bytes at user address p can be reached */
static inline unsigned long __qdk_user_reach(const void __user *p, unsigned long n)
{
	unsigned long a = (unsigned long)p;

	if (a < QDK_USER_FIRST_PAGE)
		return 0;
	if (qdk_user_fault_from && a + n > qdk_user_fault_from)
		return a >= qdk_user_fault_from ? 0 : qdk_user_fault_from - a;
	return n;
}

static inline unsigned long __must_check
copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long ok = n ? __qdk_user_reach(from, n) : 0;

	if (ok)
		memcpy(to, (const void __force *)from, ok);
	if (ok < n)
		memset((char *)to + ok, 0, n - ok);
	return n - ok;
}

static inline unsigned long __must_check
copy_to_user(void __user *to, const void *from, unsigned long n)
{
	unsigned long ok = n ? __qdk_user_reach(to, n) : 0;

	if (ok)
		memcpy((void __force *)to, from, ok);
	return n - ok;
}

#define get_user(x, ptr) ({						\
	__typeof__(*(ptr)) __gu_val = 0;				\
	int __gu_err = -EFAULT;						\
	if (__qdk_user_reach((ptr), sizeof(*(ptr))) == sizeof(*(ptr))) {	\
		__gu_val = *(__typeof__(*(ptr)) __force *)(ptr);	\
		__gu_err = 0;						\
	}								\
	(x) = __gu_val;							\
	__gu_err;							\
})

#define put_user(x, ptr) ({						\
	int __pu_err = -EFAULT;						\
	if (__qdk_user_reach((ptr), sizeof(*(ptr))) == sizeof(*(ptr))) {	\
		*(__typeof__(*(ptr)) __force *)(ptr) = (x);		\
		__pu_err = 0;						\
	}								\
	__pu_err;							\
})


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/minmax.h>
#include <linux/sched.h>
#endif
