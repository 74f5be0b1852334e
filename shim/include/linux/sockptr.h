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
#include <linux/alloc_tag.h>
#include <linux/minmax.h>
#include <linux/string.h>
#include <linux/version.h>

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

/*
 * 6.12 names the copies *_noprof under alloc_hooks() (allocation
 * profiling); 6.1's are the plain functions
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define __qdk_sockptr_fn(name)	name##_noprof
#else
#define __qdk_sockptr_fn(name)	name
#endif

/* a kmalloc'ed copy of len bytes, or ERR_PTR(-ENOMEM/-EFAULT) */
static inline void *__qdk_sockptr_fn(memdup_sockptr)(sockptr_t src, size_t len)
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
static inline void *__qdk_sockptr_fn(memdup_sockptr_nul)(sockptr_t src, size_t len)
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

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define memdup_sockptr(...)	alloc_hooks(memdup_sockptr_noprof(__VA_ARGS__))
#define memdup_sockptr_nul(...)	alloc_hooks(memdup_sockptr_nul_noprof(__VA_ARGS__))
#endif

/* 1 if size bytes at offset are all zero, 0 if not (user memory: or -EFAULT) */
static inline int check_zeroed_sockptr(sockptr_t src, size_t offset, size_t size)
{
	if (!sockptr_is_kernel(src))
		return check_zeroed_user(src.user + offset, size);
	return memchr_inv(src.kernel + offset, 0, size) == NULL;
}

/* a string of at most count bytes with its NUL: the length copied, NUL included */
static inline long strncpy_from_sockptr(char *dst, sockptr_t src, size_t count)
{
	if (sockptr_is_kernel(src)) {
		size_t len = min(strnlen(src.kernel, count - 1) + 1, count);

		memcpy(dst, src.kernel, len);
		return len;
	}
	return strncpy_from_user(dst, src.user, count);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * An extensible struct (copy_struct_from_user()'s rules) from either
 * memory: a shorter one zero-filled, a longer one -E2BIG unless its extra
 * bytes are zero.
 */
static inline int copy_struct_from_sockptr(void *dst, size_t ksize, sockptr_t src,
					   size_t usize)
{
	size_t size = min(ksize, usize);
	size_t rest = max(ksize, usize) - size;

	if (!sockptr_is_kernel(src))
		return copy_struct_from_user(dst, ksize, src.user, usize);
	if (usize < ksize)
		memset(dst + size, 0, rest);
	else if (usize > ksize && memchr_inv(src.kernel + size, 0, rest))
		return -E2BIG;
	memcpy(dst, src.kernel, size);
	return 0;
}

/* the other way: a longer destination's tail cleared, a dropped nonzero tail told */
static inline int copy_struct_to_sockptr(sockptr_t dst, size_t usize, const void *src,
					 size_t ksize, bool *ignored_trailing)
{
	size_t size = min(ksize, usize);
	size_t rest = max(ksize, usize) - size;

	if (!sockptr_is_kernel(dst))
		return copy_struct_to_user(dst.user, usize, src, ksize, ignored_trailing);
	if (usize > ksize)
		memset(dst.kernel + size, 0, rest);
	if (ignored_trailing)
		*ignored_trailing = ksize > usize && memchr_inv(src + size, 0, rest) != NULL;
	memcpy(dst.kernel, src, size);
	return 0;
}
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * 6.12's: user memory goes through copy_struct_from_user() with the
 * smaller size; kernel memory longer than ksize must have its first
 * usize - ksize bytes zero (the series checks from the start, as here).
 */
static inline int copy_struct_from_sockptr(void *dst, size_t ksize, sockptr_t src,
					   size_t usize)
{
	size_t size = min(ksize, usize);
	size_t rest = max(ksize, usize) - size;

	if (!sockptr_is_kernel(src))
		return copy_struct_from_user(dst, ksize, src.user, size);
	if (usize < ksize) {
		memset(dst + size, 0, rest);
	} else if (usize > ksize) {
		char *p = src.kernel;

		while (rest--) {
			if (*p++)
				return -E2BIG;
		}
	}
	memcpy(dst, src.kernel, size);
	return 0;
}
#endif

#endif
