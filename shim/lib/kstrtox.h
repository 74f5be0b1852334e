/* SPDX-License-Identifier: GPL-2.0 */
/* The digit scanner kstrtox.c and vsprintf.c share, as lib/kstrtox.h. */
#ifndef QDK_SHIM_LIB_KSTRTOX_H
#define QDK_SHIM_LIB_KSTRTOX_H

#include <linux/types.h>

#define KSTRTOX_OVERFLOW	(1U << 31)

/* base 0 resolved from s's prefix; past a "0x" when the base is 16 */
const char *_parse_integer_fixup_radix(const char *s, unsigned int *base);
/*
 * At most max_chars digits of base into *p; how many, with KSTRTOX_OVERFLOW
 * set when the value went past ULLONG_MAX (*p then wrapped).
 */
unsigned int _parse_integer_limit(const char *s, unsigned int base, unsigned long long *p,
				  size_t max_chars);
unsigned int _parse_integer(const char *s, unsigned int base, unsigned long long *p);

#endif
