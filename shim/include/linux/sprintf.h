/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The printf and scanf family, in its own header from 6.7 (the kit's 6.12
 * and 7.x), which linux/kernel.h includes. 6.1's kernel.h declares them
 * itself: the shim's includes this header on every series, so they are
 * declared once.
 * Formatting is the C library's vsnprintf(); scanning, kasprintf() and
 * simple_strto*() are shim/lib/vsprintf.c's.
 */
#ifndef _LINUX_KERNEL_SPRINTF_H_
#define _LINUX_KERNEL_SPRINTF_H_

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/stdarg.h>

__printf(2, 3) int sprintf(char *buf, const char *fmt, ...);
__printf(2, 0) int vsprintf(char *buf, const char *fmt, va_list args);
__printf(3, 4) int snprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 0) int vsnprintf(char *buf, size_t size, const char *fmt, va_list args);
__printf(3, 4) int scnprintf(char *buf, size_t size, const char *fmt, ...);
__printf(3, 0) int vscnprintf(char *buf, size_t size, const char *fmt, va_list args);
__printf(2, 3) __malloc char *kasprintf(gfp_t gfp, const char *fmt, ...);
__printf(2, 0) __malloc char *kvasprintf(gfp_t gfp, const char *fmt, va_list args);
__printf(2, 0) const char *kvasprintf_const(gfp_t gfp, const char *fmt, va_list args);

__scanf(2, 3) int sscanf(const char *buf, const char *fmt, ...);
__scanf(2, 0) int vsscanf(const char *buf, const char *fmt, va_list args);

/* %p prints the address itself (the C library's), as with no_hash_pointers */
extern bool no_hash_pointers;

#endif
