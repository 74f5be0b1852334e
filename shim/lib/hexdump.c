// SPDX-License-Identifier: GPL-2.0
/*
 * hexdump.c - hex digits both ways and hex dumps (lib/hexdump.c's output,
 * byte for byte), the command-line number parsers of lib/cmdline.c
 * (get_option(s), memparse, next_arg) and mac_pton().
 */
#include <linux/ctype.h>
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/unaligned.h>

const char hex_asc[] = "0123456789abcdef";
EXPORT_SYMBOL(hex_asc);
const char hex_asc_upper[] = "0123456789ABCDEF";
EXPORT_SYMBOL(hex_asc_upper);

int hex_to_bin(unsigned char ch)
{
	unsigned char lc = ch | 0x20;	/* 'A'..'F' -> 'a'..'f' */

	if (ch >= '0' && ch <= '9')
		return ch - '0';
	if (lc >= 'a' && lc <= 'f')
		return lc - 'a' + 10;
	return -1;
}
EXPORT_SYMBOL(hex_to_bin);

int hex2bin(u8 *dst, const char *src, size_t count)
{
	while (count--) {
		int hi = hex_to_bin(*src++);
		int lo;

		if (hi < 0)
			return -EINVAL;
		lo = hex_to_bin(*src++);
		if (lo < 0)
			return -EINVAL;
		*dst++ = (hi << 4) | lo;
	}
	return 0;
}
EXPORT_SYMBOL(hex2bin);

char *bin2hex(char *dst, const void *src, size_t count)
{
	const unsigned char *p = src;

	while (count--)
		dst = hex_byte_pack(dst, *p++);
	return dst;
}
EXPORT_SYMBOL(bin2hex);

/*
 * One row (rowsize 16 or 32, else 16) of at most rowsize bytes: groups of
 * groupsize bytes (1, 2, 4 or 8 and dividing len, else 1) in hex, read in
 * the CPU's byte order, then at column rowsize * 2 + rowsize / groupsize + 1
 * the bytes as ASCII ('.' for the unprintable). Returns the length written,
 * or when linebuf is too small the length the whole row would need.
 */
int hex_dump_to_buffer(const void *buf, size_t len, int rowsize, int groupsize,
		       char *linebuf, size_t linebuflen, bool ascii)
{
	const u8 *p = buf;
	size_t pos = 0, i;
	int ngroups, ascii_col;

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	if (len > rowsize)
		len = rowsize;
	if (groupsize <= 0 || groupsize > 8 || (groupsize & (groupsize - 1)) || len % groupsize)
		groupsize = 1;
	ngroups = len / groupsize;
	ascii_col = rowsize * 2 + rowsize / groupsize + 1;

	if (!linebuflen)
		goto too_small;
	if (!len) {
		linebuf[0] = '\0';
		return 0;
	}

/* one character, with room for it and the terminating NUL */
#define PUT(c) do {						\
		if (pos + 2 > linebuflen) {			\
			linebuf[pos] = '\0';			\
			goto too_small;				\
		}						\
		linebuf[pos++] = (c);				\
	} while (0)

	if (groupsize == 1) {
		for (i = 0; i < len; i++) {
			PUT(hex_asc_hi(p[i]));
			PUT(hex_asc_lo(p[i]));
			PUT(' ');
		}
		pos--;		/* no space after the last byte */
	} else {
		for (i = 0; i < ngroups; i++) {
			void *g = (void *)(p + i * groupsize);
			unsigned long long v;
			int n;

			if (groupsize == 8)
				v = get_unaligned((u64 *)g);
			else if (groupsize == 4)
				v = get_unaligned((u32 *)g);
			else
				v = get_unaligned((u16 *)g);
			n = snprintf(linebuf + pos, linebuflen - pos, "%s%0*llx",
				     i ? " " : "", groupsize * 2, v);
			if (n >= linebuflen - pos)
				goto too_small;
			pos += n;
		}
	}
	if (ascii) {
		while (pos < ascii_col)
			PUT(' ');
		for (i = 0; i < len; i++)
			PUT((isascii(p[i]) && isprint(p[i])) ? p[i] : '.');
	}
#undef PUT
	linebuf[pos] = '\0';
	return pos;

too_small:
	return ascii ? ascii_col + len : (groupsize * 2 + 1) * ngroups - 1;
}
EXPORT_SYMBOL(hex_dump_to_buffer);

void print_hex_dump(const char *level, const char *prefix_str, int prefix_type,
		    int rowsize, int groupsize, const void *buf, size_t len, bool ascii)
{
	const u8 *p = buf;
	char line[32 * 3 + 2 + 32 + 1];
	size_t off;

	if (rowsize != 16 && rowsize != 32)
		rowsize = 16;
	for (off = 0; off < len; off += rowsize) {
		size_t n = len - off < rowsize ? len - off : rowsize;

		hex_dump_to_buffer(p + off, n, rowsize, groupsize, line, sizeof(line), ascii);
		if (prefix_type == DUMP_PREFIX_ADDRESS)
			printk("%s%s%p: %s\n", level, prefix_str, p + off, line);
		else if (prefix_type == DUMP_PREFIX_OFFSET)
			printk("%s%s%.8x: %s\n", level, prefix_str, (unsigned int)off, line);
		else
			printk("%s%s%s\n", level, prefix_str, line);
	}
}
EXPORT_SYMBOL(print_hex_dump);

/* ---- lib/cmdline.c ---- */

/*
 * One integer (a leading '-' negates) from *str: 0 none there, 1 the last
 * one, 2 one followed by a comma (skipped), 3 one followed by '-' (a range).
 */
int get_option(char **str, int *pint)
{
	char *cur = *str;
	int value;

	if (!cur || !*cur)
		return 0;
	if (*cur == '-')
		value = -simple_strtoull(++cur, str, 0);
	else
		value = simple_strtoull(cur, str, 0);
	if (pint)
		*pint = value;
	if (cur == *str)
		return 0;
	if (**str == ',') {
		(*str)++;
		return 2;
	}
	if (**str == '-')
		return 3;
	return 1;
}
EXPORT_SYMBOL(get_option);

/*
 * The numbers of "lo-hi": lo up to hi - 1 into pint (at most n of them;
 * pint[0] already holds lo); returns hi - lo. *str is left at the '-'
 * + 1, so that the caller parses hi itself.
 */
static int get_range(char **str, int *pint, int n)
{
	int lo = *pint, hi, x;

	(*str)++;
	hi = simple_strtol(*str, NULL, 0);
	for (x = lo; n > 0 && x < hi; x++, n--)
		*pint++ = x;
	return hi - lo;
}

/*
 * A comma-separated list with ranges into ints[1..nints-1], their count in
 * ints[0]; nints 0 only counts (ints must hold one int then). Returns where
 * parsing stopped.
 */
char *get_options(const char *str, int nints, int *ints)
{
	bool count_only = nints == 0;
	int i = 1;

	while (i < nints || count_only) {
		int *pint = count_only ? ints : ints + i;
		int res = get_option((char **)&str, pint);

		if (!res)
			break;
		if (res == 3) {
			int span = get_range((char **)&str, pint, count_only ? 0 : nints - i);

			if (span < 0)
				break;
			/* the range's upper end is the next number parsed */
			i += span - 1;
		}
		i++;
		if (res == 1)
			break;
	}
	ints[0] = i - 1;
	return (char *)str;
}
EXPORT_SYMBOL(get_options);

/* a number with an optional K, M, G, T, P or E (binary) suffix */
unsigned long long memparse(const char *ptr, char **retptr)
{
	static const char units[] = "kmgtpe";
	char *end;
	unsigned long long v = simple_strtoull(ptr, &end, 0);
	const char *u = *end ? strchr(units, tolower(*end)) : NULL;

	if (u) {
		v <<= 10 * (u - units + 1);
		end++;
	}
	if (retptr)
		*retptr = end;
	return v;
}
EXPORT_SYMBOL(memparse);

/*
 * The next "param=val" (or "param") of a command line, whitespace
 * separated, double quotes around the whole or the value kept out; the
 * words are cut in place. Returns the rest, spaces skipped.
 */
char *next_arg(char *args, char **param, char **val)
{
	unsigned int i, equals = 0;
	bool in_quote = false, quoted = false;

	if (*args == '"') {
		args++;
		in_quote = quoted = true;
	}
	for (i = 0; args[i]; i++) {
		if (isspace(args[i]) && !in_quote)
			break;
		if (!equals && args[i] == '=')
			equals = i;
		if (args[i] == '"')
			in_quote = !in_quote;
	}
	*param = args;
	if (!equals) {
		*val = NULL;
	} else {
		args[equals] = '\0';
		*val = args + equals + 1;
		if (**val == '"') {
			(*val)++;
			if (args[i - 1] == '"')
				args[i - 1] = '\0';
		}
	}
	if (quoted && i > 0 && args[i - 1] == '"')
		args[i - 1] = '\0';
	if (args[i]) {
		args[i] = '\0';
		args += i + 1;
	} else {
		args += i;
	}
	return skip_spaces(args);
}
EXPORT_SYMBOL(next_arg);

/* "xx:xx:xx:xx:xx:xx" into mac; mac untouched unless the whole string is valid */
bool mac_pton(const char *s, u8 *mac)
{
	const int n = 6;
	int i;

	if (strnlen(s, 3 * n - 1) < 3 * n - 1)
		return false;
	for (i = 0; i < n; i++) {
		if (!isxdigit(s[3 * i]) || !isxdigit(s[3 * i + 1]))
			return false;
		if (i < n - 1 && s[3 * i + 2] != ':')
			return false;
	}
	for (i = 0; i < n; i++)
		mac[i] = (hex_to_bin(s[3 * i]) << 4) | hex_to_bin(s[3 * i + 1]);
	return true;
}
EXPORT_SYMBOL(mac_pton);
