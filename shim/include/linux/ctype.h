/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Character classes as the kernel has them (the same in 6.1, 6.12 and 7.x):
 * one flag table over the 256 byte values, ISO 8859-1 (Latin-1), so a byte
 * above 127 is a letter, a space or punctuation as in that set, never
 * "unknown" as in the C library's "C" locale (lib/ctype.c, shim/lib/ctype.c).
 * 128-159 have no class at all (not even _C). isdigit() is the inline range
 * test the kernel uses; tolower()/toupper() move any byte of the other class
 * by 32, Latin-1 letters too: toupper(0xdf) is 0xbf and toupper(0xff) 0xdf,
 * as in the kernel.
 */
#ifndef _LINUX_CTYPE_H
#define _LINUX_CTYPE_H

#include <linux/compiler.h>

#define _U	0x01	/* upper */
#define _L	0x02	/* lower */
#define _D	0x04	/* digit */
#define _C	0x08	/* cntrl */
#define _P	0x10	/* punct */
#define _S	0x20	/* white space (space/lf/tab) */
#define _X	0x40	/* hex digit */
#define _SP	0x80	/* hard space (0x20) */

extern const unsigned char _ctype[];

#define __ismask(x) (_ctype[(int)(unsigned char)(x)])

#define isalnum(c)	((__ismask(c) & (_U | _L | _D)) != 0)
#define isalpha(c)	((__ismask(c) & (_U | _L)) != 0)
#define iscntrl(c)	((__ismask(c) & (_C)) != 0)
#define isgraph(c)	((__ismask(c) & (_P | _U | _L | _D)) != 0)
#define islower(c)	((__ismask(c) & (_L)) != 0)
#define isprint(c)	((__ismask(c) & (_P | _U | _L | _D | _SP)) != 0)
#define ispunct(c)	((__ismask(c) & (_P)) != 0)
/* not for NUL: the table gives 0 no flag but _C */
#define isspace(c)	((__ismask(c) & (_S)) != 0)
#define isupper(c)	((__ismask(c) & (_U)) != 0)
#define isxdigit(c)	((__ismask(c) & (_D | _X)) != 0)

#define isascii(c)	(((unsigned char)(c)) <= 0x7f)
#define toascii(c)	(((unsigned char)(c)) & 0x7f)

static inline int isdigit(int c)
{
	return '0' <= c && c <= '9';
}

static inline unsigned char __tolower(unsigned char c)
{
	if (isupper(c))
		c -= 'A' - 'a';
	return c;
}

static inline unsigned char __toupper(unsigned char c)
{
	if (islower(c))
		c -= 'a' - 'A';
	return c;
}

#define tolower(c)	__tolower(c)
#define toupper(c)	__toupper(c)

/* Fast lower case of an ASCII letter or digit: other bytes come out changed. */
static inline char _tolower(const char c)
{
	return c | 0x20;
}

/* an octal digit */
static inline int isodigit(const char c)
{
	return c >= '0' && c <= '7';
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/stddef.h>
#include <linux/types.h>
#endif
