/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The string functions. Those of the C library have the kernel's ABI and
 * semantics (in the "C" locale the shim's processes run in) and are its;
 * the rest are shim/lib/string.c's.
 */
#ifndef _LINUX_STRING_H_
#define _LINUX_STRING_H_

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/overflow.h>
#include <linux/stdarg.h>
#include <linux/version.h>
#include <linux/build_bug.h>
#include <linux/cleanup.h>
#include <linux/minmax.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
void *memchr(const void *s, int c, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t n);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strcpy(char *dst, const char *src);
char *strncpy(char *dst, const char *src, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strstr(const char *h, const char *n);
char *strnstr(const char *h, const char *n, size_t len);
char *strcat(char *dst, const char *src);
char *strncat(char *dst, const char *src, size_t n);
size_t strlcat(char *dst, const char *src, size_t size);
int strcasecmp(const char *a, const char *b);
int strncasecmp(const char *a, const char *b, size_t n);
char *strchrnul(const char *s, int c);
char *strnchr(const char *s, size_t count, int c);
char *strpbrk(const char *s, const char *accept);
char *strsep(char **s, const char *delim);
size_t strspn(const char *s, const char *accept);
size_t strcspn(const char *s, const char *reject);
ssize_t strscpy(char *dst, const char *src, size_t count);
ssize_t strscpy_pad(char *dst, const char *src, size_t count);
size_t strlcpy(char *dst, const char *src, size_t size);
char * __must_check skip_spaces(const char *str);
char *strim(char *s);

static inline __must_check char *strstrip(char *str)
{
	return strim(str);
}

void *memchr_inv(const void *s, int c, size_t n);
char *strreplace(char *s, char old, char new);

void kfree_const(const void *x);
char *kstrdup(const char *s, gfp_t gfp) __malloc;
const char *kstrdup_const(const char *s, gfp_t gfp);
char *kstrndup(const char *s, size_t len, gfp_t gfp);
void *kmemdup(const void *src, size_t len, gfp_t gfp);
char *kmemdup_nul(const char *s, size_t len, gfp_t gfp);

bool sysfs_streq(const char *s1, const char *s2);
int match_string(const char * const *array, size_t n, const char *string);
int __sysfs_match_string(const char * const *array, size_t n, const char *s);

/* the index of the entry of the array _a that s equals, as sysfs_streq() */
#define sysfs_match_string(_a, _s) __sysfs_match_string(_a, ARRAY_SIZE(_a), _s)

static inline void *memset64(u64 *s, u64 v, size_t n)
{
	u64 *p = s;

	while (n--)
		*p++ = v;
	return s;
}

#define memset_after(obj, v, member)					\
	memset((u8 *)(obj) + offsetofend(typeof(*(obj)), member), v,	\
	       sizeof(*(obj)) - offsetofend(typeof(*(obj)), member))

/* from member (included) to the end of *obj */
#define memset_startat(obj, v, member)					\
	memset((u8 *)(obj) + offsetof(typeof(*(obj)), member), v,	\
	       sizeof(*(obj)) - offsetof(typeof(*(obj)), member))

static inline void *memset_l(unsigned long *p, unsigned long v, size_t n)
{
	return memset64((u64 *)p, v, n);
}

static inline void *memset_p(void **p, void *v, size_t n)
{
	return memset64((u64 *)p, (unsigned long)v, n);
}

/* a memset() the compiler may not drop (clearing secrets before a free) */
static inline void memzero_explicit(void *s, size_t count)
{
	memset(s, 0, count);
	__asm__ __volatile__("" : : "r"(s) : "memory");
}

/* whether the n bytes at s are all 0 */
static inline bool mem_is_zero(const void *s, size_t n)
{
	return !memchr_inv(s, 0, n);
}

/* whether str begins with prefix */
static inline bool strstarts(const char *str, const char *prefix)
{
	return strncmp(str, prefix, strlen(prefix)) == 0;
}

/* the length of prefix when str begins with it, else 0 */
static __always_inline size_t str_has_prefix(const char *str, const char *prefix)
{
	size_t len = strlen(prefix);

	return strncmp(str, prefix, len) == 0 ? len : 0;
}

/* what follows a path's last '/' */
static inline const char *kbasename(const char *path)
{
	const char *tail = strrchr(path, '/');

	return tail ? tail + 1 : path;
}

void *memscan(void *addr, int c, size_t size);
size_t memweight(const void *ptr, size_t bytes);
int bcmp(const void *a, const void *b, size_t len);
void memcpy_and_pad(void *dest, size_t dest_len, const void *src, size_t count, int pad);

/* a string into a fixed array, no NUL kept where it does not fit; _pad fills the rest */
#define strtomem_pad(dest, src, pad)	do {				\
	const size_t _dest_len = sizeof(dest);				\
	const size_t _src_len = strnlen(src, _dest_len);		\
									\
	memcpy(dest, src, _src_len);					\
	memset((char *)(dest) + _src_len, pad, _dest_len - _src_len);	\
} while (0)
#define strtomem(dest, src)	do {					\
	const size_t _dest_len = sizeof(dest);				\
									\
	memcpy(dest, src, strnlen(src, _dest_len));			\
} while (0)

/* read count bytes at *ppos of a buffer of available bytes (fs/libfs.c) */
ssize_t memory_read_from_buffer(void *to, size_t count, loff_t *ppos,
				const void *from, size_t available);

/* a string's words as a kmalloc'd NULL-terminated vector (lib/argv_split.c) */
char **argv_split(gfp_t gfp, const char *str, int *argcp);
void argv_free(char **argv);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
DEFINE_FREE(argv_free, char **, if (!IS_ERR_OR_NULL(_T)) argv_free(_T))
#endif

/*
 * User memory copied into the kernel (mm/util.c, shim/lib/util.c): an
 * ERR_PTR() of -ENOMEM, -EFAULT (a fault anywhere in it), -EINVAL (a
 * string longer than its bound) or -EOVERFLOW (an array's size) on error.
 */
char *strndup_user(const char __user *s, long n);
void *memdup_user(const void __user *src, size_t len);
void *vmemdup_user(const void __user *src, size_t len);
void *memdup_user_nul(const void __user *src, size_t len);

static inline void *memdup_array_user(const void __user *src, size_t n, size_t size)
{
	size_t nbytes;

	if (check_mul_overflow(n, size, &nbytes))
		return ERR_PTR(-EOVERFLOW);
	return memdup_user(src, nbytes);
}

static inline void *vmemdup_array_user(const void __user *src, size_t n, size_t size)
{
	size_t nbytes;

	if (check_mul_overflow(n, size, &nbytes))
		return ERR_PTR(-EOVERFLOW);
	return vmemdup_user(src, nbytes);
}

/* two NULL-terminated arrays of pointers joined into a kmalloc'ed one (lib/memcat_p.c) */
void **__memcat_p(void **a, void **b);
#define memcat_p(a, b) ({						\
	BUILD_BUG_ON_MSG(!__same_type(*(a), *(b)), "type mismatch in memcat_p()"); \
	(typeof(*a) *)__memcat_p((void **)(a), (void **)(b));		\
})

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the allocators under their 6.10 names: kmemdup() is the shim's function */
void *kmemdup_noprof(const void *src, size_t len, gfp_t gfp);
void *kvmemdup(const void *src, size_t len, gfp_t gfp);
void *kmemdup_array(const void *src, size_t count, size_t element_size, gfp_t gfp);

/* strscpy() under the name 6.12's macros call (the copy's length or -E2BIG) */
ssize_t sized_strscpy(char *dst, const char *src, size_t count);
#define sized_strscpy_pad(dest, src, count)	({				\
	char *__dst = (dest);							\
	const char *__src = (src);						\
	const size_t __count = (count);						\
	ssize_t __wrote;							\
										\
	__wrote = sized_strscpy(__dst, __src, __count);				\
	if (__wrote >= 0 && __wrote < __count)					\
		memset(__dst + __wrote + 1, 0, __count - __wrote - 1);		\
	__wrote;								\
})

/* lib/cmdline.c's parsers (shim/lib/hexdump.c), declared here from 6.12 on */
int get_option(char **str, int *pint);
char *get_options(const char *str, int nints, int *ints);
unsigned long long memparse(const char *ptr, char **retptr);
char *next_arg(char *args, char **param, char **val);

/*
 * A character array that may lack its NUL into a string that has one: as
 * much of src as fits before dest's last byte (memtostr_pad() zeroes the
 * rest of dest).
 */
#define memtostr(dest, src)	do {						\
	const size_t _dest_len = __builtin_object_size(dest, 1);		\
	const size_t _src_len = __builtin_object_size(src, 1);			\
	const size_t _src_chars = strnlen(src, _src_len);			\
	const size_t _copy_len = min(_dest_len - 1, _src_chars);		\
										\
	BUILD_BUG_ON(!__builtin_constant_p(_dest_len) || _dest_len == (size_t)-1); \
	memcpy(dest, src, _copy_len);						\
	dest[_copy_len] = '\0';							\
} while (0)

#define memtostr_pad(dest, src)	do {						\
	const size_t _dest_len = __builtin_object_size(dest, 1);		\
	const size_t _src_len = __builtin_object_size(src, 1);			\
	const size_t _src_chars = strnlen(src, _src_len);			\
	const size_t _copy_len = min(_dest_len - 1, _src_chars);		\
										\
	BUILD_BUG_ON(!__builtin_constant_p(_dest_len) || _dest_len == (size_t)-1); \
	memcpy(dest, src, _copy_len);						\
	memset(&dest[_copy_len], 0, _dest_len - _copy_len);			\
} while (0)
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* does str end with suffix? */
static inline bool __attribute__((nonnull(1, 2))) strends(const char *str, const char *suffix)
{
	size_t str_len = strlen(str), suffix_len = strlen(suffix);

	return str_len >= suffix_len && !strcmp(str + str_len - suffix_len, suffix);
}
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/array_size.h>
#include <linux/stddef.h>
#endif
