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


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/array_size.h>
#include <linux/stddef.h>
#endif
