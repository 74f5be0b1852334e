/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_CONTAINER_OF_H
#define _LINUX_CONTAINER_OF_H

#include <linux/stddef.h>

#define container_of(ptr, type, member) ({				\
	void *__mptr = (void *)(ptr);					\
	((type *)(__mptr - offsetof(type, member))); })
#define container_of_const(ptr, type, member) container_of(ptr, type, member)

#define typeof_member(T, m)	typeof(((T *)0)->m)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/build_bug.h>
#include <linux/err.h>
#endif
