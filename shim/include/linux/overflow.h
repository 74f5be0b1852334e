/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_OVERFLOW_H
#define __LINUX_OVERFLOW_H

#include <linux/compiler.h>
#include <linux/limits.h>

#define check_add_overflow(a, b, d) __builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d) __builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d) __builtin_mul_overflow(a, b, d)

static inline size_t size_mul(size_t a, size_t b)
{
	size_t bytes;

	if (check_mul_overflow(a, b, &bytes))
		return SIZE_MAX;
	return bytes;
}

static inline size_t size_add(size_t a, size_t b)
{
	size_t bytes;

	if (check_add_overflow(a, b, &bytes))
		return SIZE_MAX;
	return bytes;
}

#define array_size(a, b)	size_mul(a, b)
#define struct_size(p, member, count)					\
	size_add(sizeof(*(p)), size_mul(sizeof(*(p)->member), count))
#define flex_array_size(p, member, count)				\
	size_mul(count, sizeof(*(p)->member))


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/const.h>
#endif
