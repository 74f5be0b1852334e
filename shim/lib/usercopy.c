// SPDX-License-Identifier: GPL-2.0
/*
 * usercopy.c - the out-of-line user copies (the kernel's lib/usercopy.c)
 * over the shim's user-pointer model (linux/uaccess.h).
 */
#include <linux/uaccess.h>

/* the task's page-fault-disable depth (current->pagefault_disabled) */
int qdk_pagefault_disabled;

/* mm/memory.c's: a user access may sleep, unless page faults are off */
void __might_fault(const char *file, int line)
{
	if (qdk_pagefault_disabled)
		return;
	__might_sleep(file, line);
}
EXPORT_SYMBOL(__might_fault);

unsigned long _copy_from_user(void *to, const void __user *from, unsigned long n)
{
	return _inline_copy_from_user(to, from, n);
}

unsigned long _copy_to_user(void __user *to, const void *from, unsigned long n)
{
	return _inline_copy_to_user(to, from, n);
}

int check_zeroed_user(const void __user *from, size_t size)
{
	const unsigned char __user *p = from;
	unsigned char c;
	size_t i;

	if (!size)
		return 1;
	if (__qdk_user_reach(from, size) != size)
		return -EFAULT;
	for (i = 0; i < size; i++) {
		if (get_user(c, p + i))
			return -EFAULT;
		if (c)
			return 0;
	}
	return 1;
}
