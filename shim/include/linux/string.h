/* SPDX-License-Identifier: GPL-2.0 */
/* The string functions; the C library provides them with the same ABI. */
#ifndef _LINUX_STRING_H_
#define _LINUX_STRING_H_

#include <linux/types.h>
#include <linux/compiler.h>

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
ssize_t strscpy(char *dst, const char *src, size_t count);
size_t strlcpy(char *dst, const char *src, size_t size);

void *kmemdup(const void *src, size_t len, gfp_t gfp);
char *kstrdup(const char *s, gfp_t gfp);

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

#endif
