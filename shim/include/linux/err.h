/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_ERR_H
#define _LINUX_ERR_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/errno.h>
#include <linux/version.h>

#define MAX_ERRNO	4095
#define IS_ERR_VALUE(x) unlikely((unsigned long)(void *)(x) >= (unsigned long)-MAX_ERRNO)

static inline void * __must_check ERR_PTR(long error)
{
	return (void *)error;
}

/* an error pointer as an I/O memory pointer */
#define IOMEM_ERR_PTR(error)	(__force void __iomem *)ERR_PTR(error)

static inline long __must_check PTR_ERR(const void *ptr)
{
	return (long)ptr;
}

static inline bool __must_check IS_ERR(const void *ptr)
{
	return IS_ERR_VALUE((unsigned long)ptr);
}

static inline bool __must_check IS_ERR_OR_NULL(const void *ptr)
{
	return unlikely(!ptr) || IS_ERR_VALUE((unsigned long)ptr);
}

static inline void * __must_check ERR_CAST(const void *ptr)
{
	return (void *)ptr;
}

static inline int __must_check PTR_ERR_OR_ZERO(const void *ptr)
{
	return IS_ERR(ptr) ? (int)PTR_ERR(ptr) : 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the same on a per-CPU pointer (__percpu is only sparse's annotation) */
#define ERR_PTR_PCPU(error)	((void __percpu *)(unsigned long)ERR_PTR(error))
#define PTR_ERR_PCPU(ptr)	(PTR_ERR((const void *)(__force const unsigned long)(ptr)))
#define IS_ERR_PCPU(ptr)	(IS_ERR((const void *)(__force const unsigned long)(ptr)))
#endif

#endif
