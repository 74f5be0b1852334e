/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_ARRAY_SIZE_H
#define _LINUX_ARRAY_SIZE_H

#include <linux/compiler.h>
#include <linux/version.h>

/* the number of elements of an array (not of a pointer: a build error) */
#define ARRAY_SIZE(arr) (sizeof(arr) / sizeof((arr)[0]) + __must_be_array(arr))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* one past the last element of an array */
#define ARRAY_END(arr)	(&(arr)[ARRAY_SIZE(arr)])
#endif

#endif
