// SPDX-License-Identifier: GPL-2.0
/*
 * vsprintf.c - the formatting family the C library has no kernel twin for:
 * simple_strto*(), sscanf()/vsscanf() as lib/vsprintf.c reads input, and
 * kasprintf()/kvasprintf() (lib/kasprintf.c). Output formatting itself is
 * the C library's vsnprintf(), whose conversions a qdisc uses alike.
 *
 * vsscanf() differs from the C library's where the kernel's does: numbers
 * are read as simple_strto*() reads them (no overflow check: the value
 * wraps, then is truncated to the argument's width), %i takes 0x and 0
 * prefixes, %[ needs a width and knows no ranges, %* skips to the next
 * white space, there is no floating point, and a conversion that fails
 * ends the scan with the count so far (never EOF).
 */
#include <linux/bitops.h>
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/limits.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "kstrtox.h"

/* at most max_chars characters of cp (prefix included) as base */
static unsigned long long simple_strntoull(const char *startp, size_t max_chars,
					   char **endp, unsigned int base)
{
	const char *cp = _parse_integer_fixup_radix(startp, &base);
	size_t prefix = cp - startp;
	unsigned long long v = 0;

	if (prefix < max_chars)
		cp += _parse_integer_limit(cp, base, &v, max_chars - prefix) & ~KSTRTOX_OVERFLOW;
	else
		cp = startp + max_chars;	/* no room for a digit after the prefix */
	if (endp)
		*endp = (char *)cp;
	return v;
}

static long long simple_strntoll(const char *cp, size_t max_chars, char **endp,
				 unsigned int base)
{
	if (*cp == '-' && max_chars > 0)
		return -simple_strntoull(cp + 1, max_chars - 1, endp, base);
	return simple_strntoull(cp, max_chars, endp, base);
}

unsigned long long simple_strtoull(const char *cp, char **endp, unsigned int base)
{
	return simple_strntoull(cp, INT_MAX, endp, base);
}

unsigned long simple_strtoul(const char *cp, char **endp, unsigned int base)
{
	return simple_strtoull(cp, endp, base);
}

long simple_strtol(const char *cp, char **endp, unsigned int base)
{
	if (*cp == '-')
		return -simple_strtoul(cp + 1, endp, base);
	return simple_strtoul(cp, endp, base);
}

long long simple_strtoll(const char *cp, char **endp, unsigned int base)
{
	return simple_strntoll(cp, INT_MAX, endp, base);
}

/* a decimal field width from *s, moving *s past it */
static int skip_atoi(const char **s)
{
	int i = 0;

	while (isdigit(**s))
		i = i * 10 + *((*s)++) - '0';
	return i;
}

/* does c start a number of base (is_sign: after an optional '-')? */
static bool starts_number(char c, unsigned int base)
{
	switch (base) {
	case 16:
		return isxdigit(c);
	case 8:
		return c >= '0' && c <= '7';
	default:	/* 10, and 0 which the digits decide */
		return isdigit(c);
	}
}

int vsscanf(const char *buf, const char *fmt, va_list args)
{
	const char *str = buf;
	int num = 0;

	while (*fmt) {
		unsigned long long u;
		s16 field_width = -1;	/* a wider one wraps, as the kernel's */
		unsigned int base = 10;
		bool is_sign = false;
		char qualifier = 0;
		long long s;
		char *next;
		char digit;

		/* white space in the format matches any, none too */
		if (isspace(*fmt)) {
			fmt = skip_spaces(++fmt);
			str = skip_spaces(str);
		}
		/* anything but a conversion must match exactly */
		if (*fmt && *fmt != '%') {
			if (*fmt++ != *str++)
				break;
			continue;
		}
		if (!*fmt)
			break;
		fmt++;

		/* %*: skip the conversion and the input up to white space */
		if (*fmt == '*') {
			if (!*str)
				break;
			for (; *fmt && *fmt != '%' && !isspace(*fmt); fmt++)
				if (*fmt == '[')
					return num;	/* %*[ is not supported */
			while (*str && !isspace(*str))
				str++;
			continue;
		}

		if (isdigit(*fmt)) {
			field_width = skip_atoi(&fmt);
			if (field_width <= 0)
				break;
		}

		if (*fmt == 'h' || _tolower(*fmt) == 'l' || *fmt == 'z') {
			qualifier = *fmt++;
			if (qualifier == 'h' && *fmt == 'h') {
				qualifier = 'H';
				fmt++;
			} else if (qualifier == 'l' && *fmt == 'l') {
				qualifier = 'L';
				fmt++;
			}
		}
		if (!*fmt)
			break;

		if (*fmt == 'n') {
			*va_arg(args, int *) = str - buf;
			fmt++;
			continue;
		}
		if (!*str)
			break;

		switch (*fmt++) {
		case 'c': {
			char *out = va_arg(args, char *);
			int n = field_width == -1 ? 1 : field_width;

			do {
				*out++ = *str++;
			} while (--n > 0 && *str);
			num++;
			continue;
		}
		case 's': {
			char *out = va_arg(args, char *);
			int n = field_width == -1 ? S16_MAX : field_width;

			str = skip_spaces(str);
			while (*str && !isspace(*str) && n--)
				*out++ = *str++;
			*out = '\0';
			num++;
			continue;
		}
		case '[': {
			char *out = va_arg(args, char *);
			DECLARE_BITMAP(set, 256) = { 0 };
			bool negate = *fmt == '^';
			unsigned int len = 0, i;

			/* a width is required, ranges and ']' in the set are not known */
			if (field_width == -1)
				return num;
			if (negate)
				fmt++;
			for (; *fmt && *fmt != ']'; fmt++, len++)
				__set_bit((u8)*fmt, set);
			if (!*fmt || !len)
				return num;
			fmt++;
			if (negate) {
				for (i = 0; i < BITS_TO_LONGS(256); i++)
					set[i] = ~set[i];
				__clear_bit(0, set);
			}
			if (!test_bit((u8)*str, set))
				return num;
			while (test_bit((u8)*str, set) && field_width--)
				*out++ = *str++;
			*out = '\0';
			num++;
			continue;
		}
		case 'o':
			base = 8;
			break;
		case 'x':
		case 'X':
			base = 16;
			break;
		case 'i':
			base = 0;
			fallthrough;
		case 'd':
			is_sign = true;
			fallthrough;
		case 'u':
			break;
		case '%':
			if (*str++ != '%')
				return num;
			continue;
		default:
			return num;	/* not a conversion the kernel knows */
		}

		/* a number: after white space, an optional '-' if signed */
		str = skip_spaces(str);
		digit = *str;
		if (is_sign && digit == '-') {
			if (field_width == 1)
				break;
			digit = str[1];
		}
		if (!digit || !starts_number(digit, base))
			break;

		if (is_sign) {
			s = simple_strntoll(str, field_width >= 0 ? field_width : INT_MAX,
					    &next, base);
			u = s;
		} else {
			u = simple_strntoull(str, field_width >= 0 ? field_width : INT_MAX,
					     &next, base);
			s = u;
		}

		switch (qualifier) {
		case 'H':
			if (is_sign)
				*va_arg(args, signed char *) = s;
			else
				*va_arg(args, unsigned char *) = u;
			break;
		case 'h':
			if (is_sign)
				*va_arg(args, short *) = s;
			else
				*va_arg(args, unsigned short *) = u;
			break;
		case 'l':
			if (is_sign)
				*va_arg(args, long *) = s;
			else
				*va_arg(args, unsigned long *) = u;
			break;
		case 'L':
			if (is_sign)
				*va_arg(args, long long *) = s;
			else
				*va_arg(args, unsigned long long *) = u;
			break;
		case 'z':
			*va_arg(args, size_t *) = u;
			break;
		default:
			if (is_sign)
				*va_arg(args, int *) = s;
			else
				*va_arg(args, unsigned int *) = u;
			break;
		}
		num++;
		str = next;
	}
	return num;
}

int sscanf(const char *buf, const char *fmt, ...)
{
	va_list args;
	int i;

	va_start(args, fmt);
	i = vsscanf(buf, fmt, args);
	va_end(args);
	return i;
}

char *kvasprintf(gfp_t gfp, const char *fmt, va_list ap)
{
	unsigned int first, second;
	va_list aq;
	char *p;

	va_copy(aq, ap);
	first = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	p = kmalloc(first + 1, gfp);
	if (!p)
		return NULL;
	second = vsnprintf(p, first + 1, fmt, ap);
	WARN(first != second, "different return values (%u and %u) from vsnprintf(\"%s\", ...)",
	     first, second, fmt);
	return p;
}

const char *kvasprintf_const(gfp_t gfp, const char *fmt, va_list ap)
{
	return kvasprintf(gfp, fmt, ap);
}

char *kasprintf(gfp_t gfp, const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = kvasprintf(gfp, fmt, ap);
	va_end(ap);
	return p;
}

/*
 * %p is the C library's: addresses are printed as they are, the kernel's
 * behaviour when booted with no_hash_pointers; %pK restricts nothing
 * (kernel.kptr_restrict's default, 0).
 */
bool no_hash_pointers = true;
int kptr_restrict;
