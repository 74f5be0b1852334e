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

#include <linux/bug.h>		/* WARN_ON_ONCE() */
#include <linux/cleanup.h>	/* the pagefault guard */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/types.h>
#include <linux/version.h>
#include <qdk/context.h>

#define QDK_USER_FIRST_PAGE	4096UL

/* page faults off (pagefault_disable()): the kernel's current->pagefault_disabled */
extern int qdk_pagefault_disabled;

/*
 * might_fault(): a copy may fault a page in, and so sleep, unless page
 * faults are off (the _inatomic copies, pagefault_disable()); at the
 * caller's line, as the copies are always inlined.
 */
#define __qdk_might_fault(what) do {					\
	if (!qdk_pagefault_disabled)					\
		qdk_ctx_might_sleep_at(what, _QDK_THIS_IP_);		\
} while (0)

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

/* the raw copies: what could not be copied is left as it was */
static inline unsigned long __qdk_copy_in(void *to, const void __user *from, unsigned long n)
{
	unsigned long ok = n ? __qdk_user_reach(from, n) : 0;

	if (ok)
		memcpy(to, (const void __force *)from, ok);
	return n - ok;
}

static inline unsigned long __qdk_copy_out(void __user *to, const void *from, unsigned long n)
{
	unsigned long ok = n ? __qdk_user_reach(to, n) : 0;

	if (ok)
		memcpy((void __force *)to, from, ok);
	return n - ok;
}

/* copy_from_user()'s body: the part not copied is zeroed */
static inline __must_check unsigned long
_inline_copy_from_user(void *to, const void __user *from, unsigned long n)
{
	unsigned long left = __qdk_copy_in(to, from, n);

	if (left)
		memset((char *)to + (n - left), 0, left);
	return left;
}

static inline __must_check unsigned long
_inline_copy_to_user(void __user *to, const void *from, unsigned long n)
{
	return __qdk_copy_out(to, from, n);
}

/* the out-of-line copies (lib/usercopy.c) */
unsigned long __must_check _copy_from_user(void *to, const void __user *from, unsigned long n);
unsigned long __must_check _copy_to_user(void __user *to, const void *from, unsigned long n);

static __always_inline unsigned long __must_check
copy_from_user(void *to, const void __user *from, unsigned long n)
{
	__qdk_might_fault("copy_from_user()");
	return _inline_copy_from_user(to, from, n);
}

static __always_inline unsigned long __must_check
copy_to_user(void __user *to, const void *from, unsigned long n)
{
	__qdk_might_fault("copy_to_user()");
	return _inline_copy_to_user(to, from, n);
}

/*
 * The unchecked copies, for a range access_ok() passed: no zeroing of what
 * could not be copied. The _inatomic ones may not fault in a page, which
 * the shim never does anyway.
 */
static __always_inline __must_check unsigned long
__copy_from_user(void *to, const void __user *from, unsigned long n)
{
	__qdk_might_fault("__copy_from_user()");
	return __qdk_copy_in(to, from, n);
}

static inline __must_check unsigned long
__copy_from_user_inatomic(void *to, const void __user *from, unsigned long n)
{
	return __qdk_copy_in(to, from, n);
}

static __always_inline __must_check unsigned long
__copy_to_user(void __user *to, const void *from, unsigned long n)
{
	__qdk_might_fault("__copy_to_user()");
	return __qdk_copy_out(to, from, n);
}

static inline __must_check unsigned long
__copy_to_user_inatomic(void __user *to, const void *from, unsigned long n)
{
	return __qdk_copy_out(to, from, n);
}

/*
 * access_ok() (asm/uaccess.h): the range lies below the top of user space
 * (x86-64's TASK_SIZE_MAX) without wrapping; whether it is mapped is the
 * copy's business.
 */
#define QDK_TASK_SIZE_MAX	((1UL << 47) - 4096)
#define access_ok(addr, size) ({						\
	unsigned long __ao_a = (unsigned long)(addr), __ao_n = (size);		\
	__ao_n <= QDK_TASK_SIZE_MAX && __ao_a <= QDK_TASK_SIZE_MAX - __ao_n;	\
})

/* bytes of user memory zeroed: returns how many could NOT be */
static inline __must_check unsigned long clear_user(void __user *to, unsigned long n)
{
	unsigned long ok = n ? __qdk_user_reach(to, n) : 0;

	if (ok)
		memset((void __force *)to, 0, ok);
	return n - ok;
}

#define __clear_user(to, n)	clear_user(to, n)

/* the string at src into dst, at most count bytes: its length, count if no NUL came first */
long __must_check strncpy_from_user(char *dst, const char __user *src, long count);
/* the length of the string at src with its NUL, n + 1 or more if longer, 0 on a fault */
long __must_check strnlen_user(const char __user *src, long n);

/*
 * 1 when the size bytes at from are all zero, 0 when one is not, -EFAULT
 * when they cannot be read (lib/usercopy.c).
 */
int check_zeroed_user(const void __user *from, size_t size);

/*
 * An extensible struct from user space: a shorter user struct leaves the
 * rest of dst zeroed, a longer one is -E2BIG unless its extra bytes are zero.
 */
static inline __must_check int
copy_struct_from_user(void *dst, size_t ksize, const void __user *src, size_t usize)
{
	size_t size = usize < ksize ? usize : ksize;
	size_t rest = (usize > ksize ? usize : ksize) - size;
	int ret;

	if (usize < ksize) {
		memset((char *)dst + size, 0, rest);
	} else if (usize > ksize) {
		ret = check_zeroed_user((const char __user *)src + size, rest);
		if (ret <= 0)
			return ret ?: -E2BIG;
	}
	if (copy_from_user(dst, src, size))
		return -EFAULT;
	return 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
/*
 * The other way: a longer user struct has its extra bytes cleared; what of
 * the kernel's a shorter one cannot hold is dropped, *ignored_trailing
 * telling whether any of it was nonzero.
 */
static inline __must_check int
copy_struct_to_user(void __user *dst, size_t usize, const void *src, size_t ksize,
		    bool *ignored_trailing)
{
	size_t size = usize < ksize ? usize : ksize;
	size_t rest = (usize > ksize ? usize : ksize) - size;

	if (usize > ksize && clear_user((char __user *)dst + size, rest))
		return -EFAULT;
	if (ignored_trailing)
		*ignored_trailing = ksize > usize &&
			memchr_inv((const char *)src + size, 0, rest) != NULL;
	if (copy_to_user(dst, src, size))
		return -EFAULT;
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 17, 0)
/*
 * The same for a struct already copied into a kernel buffer (a bounce
 * buffer): the larger side's extra bytes are cleared (dst) or checked for
 * zero (src, *ignored_trailing), the common part is copied.
 */
static __always_inline void
__copy_struct_generic_bounce_buffer(void *dst, size_t dstsize, const void *src, size_t srcsize,
				    bool *ignored_trailing)
{
	size_t size = dstsize < srcsize ? dstsize : srcsize;
	size_t rest = (dstsize > srcsize ? dstsize : srcsize) - size;

	if (dstsize > srcsize)
		memset((char *)dst + size, 0, rest);
	if (ignored_trailing)
		*ignored_trailing = dstsize < srcsize &&
			memchr_inv((const char *)src + size, 0, rest) != NULL;
	memcpy(dst, src, size);
}

/* no -EFAULT possible: -E2BIG when src's extra bytes are not all zero */
static __always_inline __must_check int
copy_struct_from_bounce_buffer(void *dst, size_t dstsize, const void *src, size_t srcsize)
{
	bool ignored_trailing;

	/* the kernel's check that dst is as large as the caller says */
	if (WARN_ON_ONCE(dstsize > __builtin_object_size(dst, 1)))
		return -E2BIG;
	__copy_struct_generic_bounce_buffer(dst, dstsize, src, srcsize, &ignored_trailing);
	if (unlikely(ignored_trailing))
		return -E2BIG;
	return 0;
}

static __always_inline __must_check int
copy_struct_to_bounce_buffer(void *dst, size_t dstsize, const void *src, size_t srcsize,
			     bool *ignored_trailing)
{
	if (WARN_ON_ONCE(srcsize > __builtin_object_size(src, 1)))
		return -E2BIG;
	__copy_struct_generic_bounce_buffer(dst, dstsize, src, srcsize, ignored_trailing);
	return 0;
}
#endif

/*
 * Page faults off: a copy that would fault fails at once instead of
 * sleeping. The shim never faults a page in, so only the count is kept
 * (qdk_pagefault_disabled, above).
 */

static __always_inline void pagefault_disabled_inc(void)
{
	qdk_pagefault_disabled++;
}

static __always_inline void pagefault_disabled_dec(void)
{
	qdk_pagefault_disabled--;
}

static inline void pagefault_disable(void)
{
	pagefault_disabled_inc();
}

static inline void pagefault_enable(void)
{
	pagefault_disabled_dec();
}

static inline bool pagefault_disabled(void)
{
	return qdk_pagefault_disabled != 0;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
/* guard(pagefault)(): page faults off for a scope */
DEFINE_LOCK_GUARD_0(pagefault, pagefault_disable(), pagefault_enable())
/* what 7.x's cleanup.h gives every lock guard besides (the lock_err
 * helper comes from the shim's cleanup.h) */
typedef void lock_pagefault_t;
#endif

/* the kernel adds in_atomic(); the shim keeps no preempt count */
#define faulthandler_disabled() pagefault_disabled()

/* nothing to probe: memory that can be reached can be written */
static inline size_t probe_subpage_writeable(char __user *uaddr, size_t size)
{
	return 0;
}

/*
 * The copies that must not fault (lib/maccess.c, mm/maccess.c): 0 or
 * -EFAULT, never a partial count. Kernel addresses fail only on the first
 * page, as a NULL dereference would.
 */
long copy_from_kernel_nofault(void *dst, const void *src, size_t size);
long copy_from_user_nofault(void *dst, const void __user *src, size_t size);
long copy_to_user_nofault(void __user *dst, const void *src, size_t size);

#define get_kernel_nofault(val, ptr) ({						\
	const typeof(val) *__gk_ptr = (ptr);					\
	copy_from_kernel_nofault(&(val), __gk_ptr, sizeof(val));		\
})

/* no tagged addresses on x86-64 without LAM */
#define untagged_addr(addr)		((__force __typeof__(addr))(unsigned long)(addr))
#define untagged_addr_remote(mm, addr)	({ (void)(mm); untagged_addr(addr); })

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* no address masking: every user access goes through access_ok() */
#define can_do_masked_user_access() 0
#endif

/* a window of user accesses (SMAP off and on): only the range check remains */
#define user_access_begin(ptr, len)	access_ok(ptr, len)
#define user_access_end()		do { } while (0)
#define user_read_access_begin(ptr, len)	user_access_begin(ptr, len)
#define user_read_access_end()		user_access_end()
#define user_write_access_begin(ptr, len)	user_access_begin(ptr, len)
#define user_write_access_end()		user_access_end()
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define user_rw_access_begin(ptr, len)	user_access_begin(ptr, len)
#endif

/* through a local copy of ptr (evaluated once), which may point to const */
#define get_user(x, ptr) ({						\
	const __typeof__(*(ptr)) __user *__gu_ptr = (ptr);		\
	int __gu_err = -EFAULT;						\
	__qdk_might_fault("get_user()");				\
	if (__qdk_user_reach(__gu_ptr, sizeof(*__gu_ptr)) == sizeof(*__gu_ptr)) { \
		(x) = *(const __typeof__(*(ptr)) __force *)__gu_ptr;	\
		__gu_err = 0;						\
	} else {							\
		(x) = (__typeof__(*(ptr)))0;				\
	}								\
	__gu_err;							\
})

#define __get_user(x, ptr)	get_user(x, ptr)

#define put_user(x, ptr) ({						\
	int __pu_err = -EFAULT;						\
	__qdk_might_fault("put_user()");				\
	if (__qdk_user_reach((ptr), sizeof(*(ptr))) == sizeof(*(ptr))) {	\
		*(__typeof__(*(ptr)) __force *)(ptr) = (x);		\
		__pu_err = 0;						\
	}								\
	__pu_err;							\
})

#define __put_user(x, ptr)	put_user(x, ptr)

/* inside a user_access_begin() window: a fault jumps to label */
#define unsafe_get_user(x, ptr, label) do {				\
	if (unlikely(get_user(x, ptr)))					\
		goto label;						\
} while (0)

#define unsafe_put_user(x, ptr, label) do {				\
	if (unlikely(put_user(x, ptr)))					\
		goto label;						\
} while (0)

#define unsafe_copy_to_user(to, from, n, label) do {			\
	if (unlikely(__copy_to_user(to, from, n)))			\
		goto label;						\
} while (0)

#define unsafe_copy_from_user(to, from, n, label) do {			\
	if (unlikely(__copy_from_user(to, from, n)))			\
		goto label;						\
} while (0)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 19, 0)
/*
 * A release store to user memory inside a user access window: x86 is TSO,
 * so a compiler barrier orders it after what came before.
 */
#define unsafe_atomic_store_release_user(val, uptr, elbl) do {		\
	barrier();							\
	unsafe_put_user(val, uptr, elbl);				\
} while (0)

/*
 * Masked user access (an address past user space made one that faults)
 * is not done (can_do_masked_user_access() is 0): the kernel's fallback.
 */
#define masked_user_access_begin(src)		NULL
#define masked_user_read_access_begin(src)	NULL
#define masked_user_write_access_begin(src)	NULL
#define masked_user_rw_access_begin(u)		masked_user_access_begin(u)

static __always_inline void __scoped_user_read_access_end(const void *p)
{
	user_read_access_end();
}

static __always_inline void __scoped_user_write_access_end(const void *p)
{
	user_write_access_end();
}

static __always_inline void __scoped_user_rw_access_end(const void *p)
{
	user_access_end();
}

/*
 * scoped_user_*_access(ptr, elbl) { ... }: the statement runs inside a user
 * access window of the size bytes at ptr (ptr is the window's pointer in
 * it), which closes when it ends; a range access_ok() refuses jumps to elbl.
 */
#define __qdk_scoped_user_begin(mode, uptr, size, elbl) ({		\
	typeof(uptr) __qdk_sp = (uptr);					\
	if (!user_##mode##_access_begin(__qdk_sp, size))		\
		goto elbl;						\
	__qdk_sp;							\
})

#define __qdk_scoped_user_access(mode, uptr, size, elbl)			\
for (bool __qdk_sdone = false; !__qdk_sdone; __qdk_sdone = true)		\
	for (__auto_type __qdk_stmp = __qdk_scoped_user_begin(mode, uptr, size, elbl); \
	     !__qdk_sdone; __qdk_sdone = true)					\
		for (const __auto_type uptr					\
		     __cleanup(__scoped_user_##mode##_access_end) = __qdk_stmp;	\
		     !__qdk_sdone; __qdk_sdone = true)

#define scoped_user_read_access_size(usrc, size, elbl)			\
	__qdk_scoped_user_access(read, usrc, size, elbl)
#define scoped_user_read_access(usrc, elbl)				\
	scoped_user_read_access_size(usrc, sizeof(*(usrc)), elbl)
#define scoped_user_write_access_size(udst, size, elbl)			\
	__qdk_scoped_user_access(write, udst, size, elbl)
#define scoped_user_write_access(udst, elbl)				\
	scoped_user_write_access_size(udst, sizeof(*(udst)), elbl)
#define scoped_user_rw_access_size(uptr, size, elbl)			\
	__qdk_scoped_user_access(rw, uptr, size, elbl)
#define scoped_user_rw_access(uptr, elbl)				\
	scoped_user_rw_access_size(uptr, sizeof(*(uptr)), elbl)

/* get_user()/put_user() through a scoped window: 0 or -EFAULT */
#define get_user_inline(val, usrc) ({					\
	__label__ __qdk_efault;						\
	typeof(usrc) __qdk_src = (usrc);				\
	int __qdk_ret = 0;						\
									\
	scoped_user_read_access(__qdk_src, __qdk_efault)		\
		unsafe_get_user(val, __qdk_src, __qdk_efault);		\
	if (0) {							\
__qdk_efault:								\
		__qdk_ret = -EFAULT;					\
	}								\
	__qdk_ret;							\
})

#define put_user_inline(val, udst) ({					\
	__label__ __qdk_efault;						\
	typeof(udst) __qdk_dst = (udst);				\
	int __qdk_ret = 0;						\
									\
	scoped_user_write_access(__qdk_dst, __qdk_efault)		\
		unsafe_put_user(val, __qdk_dst, __qdk_efault);		\
	if (0) {							\
__qdk_efault:								\
		__qdk_ret = -EFAULT;					\
	}								\
	__qdk_ret;							\
})
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/minmax.h>
#include <linux/sched.h>
#endif
