/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sockptr_t: a socket option's buffer that is either kernel or user memory
 * (setsockopt() from a module passes kernel memory). The copies go through
 * memcpy() or the shim's uaccess, which fails past qdk_user_fault_at().
 */
#ifndef _LINUX_SOCKPTR_H
#define _LINUX_SOCKPTR_H

#include <linux/slab.h>
#include <linux/uaccess.h>

typedef struct {
	union {
		void		*kernel;
		void __user	*user;
	};
	bool		is_kernel : 1;
} sockptr_t;

static inline bool sockptr_is_kernel(sockptr_t sockptr)
{
	return sockptr.is_kernel;
}

static inline sockptr_t KERNEL_SOCKPTR(void *p)
{
	return (sockptr_t) { .kernel = p, .is_kernel = true };
}

static inline sockptr_t USER_SOCKPTR(void __user *p)
{
	return (sockptr_t) { .user = p };
}

static inline bool sockptr_is_null(sockptr_t sockptr)
{
	return sockptr_is_kernel(sockptr) ? !sockptr.kernel : !sockptr.user;
}

/* 0, or (user memory) the bytes not copied */
static inline int copy_from_sockptr_offset(void *dst, sockptr_t src, size_t offset,
					   size_t size)
{
	if (sockptr_is_kernel(src)) {
		memcpy(dst, src.kernel + offset, size);
		return 0;
	}
	return copy_from_user(dst, src.user + offset, size);
}

static inline int copy_from_sockptr(void *dst, sockptr_t src, size_t size)
{
	return copy_from_sockptr_offset(dst, src, 0, size);
}

/* an option shorter than the kernel's object is -EINVAL, a fault -EFAULT */
static inline int copy_safe_from_sockptr(void *dst, size_t ksize, sockptr_t optval,
					 unsigned int optlen)
{
	if (optlen < ksize)
		return -EINVAL;
	return copy_from_sockptr(dst, optval, ksize) ? -EFAULT : 0;
}

static inline int copy_to_sockptr_offset(sockptr_t dst, size_t offset, const void *src,
					 size_t size)
{
	if (sockptr_is_kernel(dst)) {
		memcpy(dst.kernel + offset, src, size);
		return 0;
	}
	return copy_to_user(dst.user + offset, src, size);
}

static inline int copy_to_sockptr(sockptr_t dst, const void *src, size_t size)
{
	return copy_to_sockptr_offset(dst, 0, src, size);
}

/* a kmalloc'ed copy of len bytes, or ERR_PTR(-ENOMEM/-EFAULT) */
static inline void *memdup_sockptr(sockptr_t src, size_t len)
{
	void *p = kmalloc(len, GFP_USER | __GFP_NOWARN);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_sockptr(p, src, len)) {
		kfree(p);
		return ERR_PTR(-EFAULT);
	}
	return p;
}

/* the same with a NUL after the len bytes */
static inline void *memdup_sockptr_nul(sockptr_t src, size_t len)
{
	char *p = kmalloc(len + 1, GFP_KERNEL);

	if (!p)
		return ERR_PTR(-ENOMEM);
	if (copy_from_sockptr(p, src, len)) {
		kfree(p);
		return ERR_PTR(-EFAULT);
	}
	p[len] = '\0';
	return p;
}

#endif
