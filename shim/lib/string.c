// SPDX-License-Identifier: GPL-2.0
/* string.c - kernel library functions the C library lacks. */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/bitops.h>
#include <linux/math.h>
#include <linux/slab.h>

ssize_t strscpy(char *dst, const char *src, size_t count)
{
	size_t i;

	if (count == 0)
		return -E2BIG;
	for (i = 0; i < count; i++) {
		dst[i] = src[i];
		if (!src[i])
			return i;
	}
	dst[count - 1] = '\0';
	return -E2BIG;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12's strscpy() macros call it by this name */
ssize_t sized_strscpy(char *dst, const char *src, size_t count)
{
	return strscpy(dst, src, count);
}
#endif

ssize_t strscpy_pad(char *dst, const char *src, size_t count)
{
	ssize_t written = strscpy(dst, src, count);

	if (written >= 0 && written + 1 < (ssize_t)count)
		memset(dst + written + 1, 0, count - written - 1);
	return written;
}

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len >= size ? size - 1 : len;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

/* dst's string, then src's, in size bytes in all: the length it would have had */
size_t strlcat(char *dst, const char *src, size_t size)
{
	size_t dlen = strlen(dst), slen = strlen(src), n;

	BUG_ON(dlen >= size);
	n = slen >= size - dlen ? size - dlen - 1 : slen;
	memcpy(dst + dlen, src, n);
	dst[dlen + n] = '\0';
	return dlen + slen;
}

/* c in the first count bytes of s, before its NUL (never the NUL itself) */
char *strnchr(const char *s, size_t count, int c)
{
	for (; count-- && *s; s++)
		if (*s == (char)c)
			return (char *)s;
	return NULL;
}

/* h's first occurrence of n within h's first len bytes */
char *strnstr(const char *h, const char *n, size_t len)
{
	size_t nlen = strlen(n);

	if (!nlen)
		return (char *)h;
	for (; len >= nlen; len--, h++)
		if (!memcmp(h, n, nlen))
			return (char *)h;
	return NULL;
}

char *skip_spaces(const char *str)
{
	while (isspace(*str))
		str++;
	return (char *)str;
}

/* s without its trailing white space (cut with a NUL), then its leading */
char *strim(char *s)
{
	size_t len = strlen(s);
	char *end;

	if (!len)
		return s;
	end = s + len - 1;
	while (end >= s && isspace(*end))
		end--;
	end[1] = '\0';
	return skip_spaces(s);
}

/* the first byte of s[0..n) that is not c, or NULL */
void *memchr_inv(const void *s, int c, size_t n)
{
	const u8 *p = s;

	for (; n--; p++)
		if (*p != (u8)c)
			return (void *)p;
	return NULL;
}

/* every old in s made new; s's end */
char *strreplace(char *s, char old, char new)
{
	for (; *s; s++)
		if (*s == old)
			*s = new;
	return s;
}

/* equal, or equal up to one newline at the end of either (a sysfs write) */
bool sysfs_streq(const char *s1, const char *s2)
{
	while (*s1 && *s1 == *s2) {
		s1++;
		s2++;
	}
	if (*s1 == *s2)
		return true;
	if (!*s1 && *s2 == '\n' && !s2[1])
		return true;
	return *s1 == '\n' && !s1[1] && !*s2;
}

/* string's index in array; a NULL entry ends it; -EINVAL */
int match_string(const char * const *array, size_t n, const char *string)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!array[i])
			break;
		if (!strcmp(array[i], string))
			return i;
	}
	return -EINVAL;
}

/* as match_string(), compared with sysfs_streq(); NULL entries are skipped */
int __sysfs_match_string(const char * const *array, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (array[i] && sysfs_streq(array[i], s))
			return i;
	return -EINVAL;
}

int vscnprintf(char *buf, size_t size, const char *fmt, va_list args)
{
	int i = vsnprintf(buf, size, fmt, args);

	if (likely(i < (int)size))
		return i;
	return size ? size - 1 : 0;
}

int scnprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list args;
	int i;

	va_start(args, fmt);
	i = vsnprintf(buf, size, fmt, args);
	va_end(args);
	if (likely(i < (int)size))
		return i;
	return size ? size - 1 : 0;
}

/* floor(sqrt(x)), bit by bit like lib/math/int_sqrt.c */
static u64 isqrt64(u64 x)
{
	u64 b, m, y = 0;

	if (x <= 1)
		return x;
	m = 1ULL << (__fls(x) & ~1ULL);
	while (m != 0) {
		b = y + m;
		y >>= 1;
		if (x >= b) {
			x -= b;
			y += m;
		}
		m >>= 2;
	}
	return y;
}

u32 int_sqrt(unsigned long x)
{
	return isqrt64(x);
}

u32 int_sqrt64(u64 x)
{
	return isqrt64(x);
}

static unsigned long find_bit(const unsigned long *addr, unsigned long size,
			      unsigned long start, unsigned long invert)
{
	unsigned long word;

	if (start >= size)
		return size;
	word = (addr[BIT_WORD(start)] ^ invert) & (~0UL << (start % BITS_PER_LONG));
	start -= start % BITS_PER_LONG;
	while (!word) {
		start += BITS_PER_LONG;
		if (start >= size)
			return size;
		word = addr[BIT_WORD(start)] ^ invert;
	}
	return min(start + __ffs(word), size);
}

unsigned long find_next_bit(const unsigned long *addr, unsigned long size,
			    unsigned long offset)
{
	return find_bit(addr, size, offset, 0UL);
}

unsigned long find_next_zero_bit(const unsigned long *addr, unsigned long size,
				 unsigned long offset)
{
	return find_bit(addr, size, offset, ~0UL);
}

unsigned long find_last_bit(const unsigned long *addr, unsigned long size)
{
	unsigned long idx, word;

	if (!size)
		return size;
	idx = (size - 1) / BITS_PER_LONG;
	word = addr[idx];
	if (size % BITS_PER_LONG)
		word &= ~0UL >> (BITS_PER_LONG - size % BITS_PER_LONG);
	for (;;) {
		if (word)
			return idx * BITS_PER_LONG + __fls(word);
		if (!idx--)
			return size;
		word = addr[idx];
	}
}

void *kmemdup(const void *src, size_t len, gfp_t gfp)
{
	void *p = kmalloc(len, gfp);

	if (p && len)
		memcpy(p, src, len);
	return p;
}

/* len bytes of s and a NUL */
char *kmemdup_nul(const char *s, size_t len, gfp_t gfp)
{
	char *buf;

	if (!s)
		return NULL;
	buf = kmalloc(len + 1, gfp);
	if (buf) {
		memcpy(buf, s, len);
		buf[len] = '\0';
	}
	return buf;
}

/* at most len bytes of s, NUL-terminated */
char *kstrndup(const char *s, size_t len, gfp_t gfp)
{
	return s ? kmemdup_nul(s, strnlen(s, len), gfp) : NULL;
}

/*
 * The kernel hands back a string in .rodata as it is; the shim cannot tell
 * where a string lives, so it always copies and kfree_const() always frees.
 */
const char *kstrdup_const(const char *s, gfp_t gfp)
{
	return kstrdup(s, gfp);
}

void kfree_const(const void *x)
{
	kfree(x);
}

char *kstrdup(const char *s, gfp_t gfp)
{
	size_t len;
	char *buf;

	if (!s)
		return NULL;
	len = strlen(s) + 1;
	buf = kmalloc(len, gfp);
	if (buf)
		memcpy(buf, s, len);
	return buf;
}

/* the first byte c in size bytes, or addr + size */
void *memscan(void *addr, int c, size_t size)
{
	unsigned char *p = addr;

	while (size) {
		if (*p == (unsigned char)c)
			return p;
		p++;
		size--;
	}
	return p;
}

/* the set bits in bytes bytes at ptr */
size_t memweight(const void *ptr, size_t bytes)
{
	const unsigned char *p = ptr;
	size_t ret = 0;

	while (bytes--)
		ret += hweight32(*p++);
	return ret;
}

/* 0 when equal, else not 0 (not an order) */
int bcmp(const void *a, const void *b, size_t len)
{
	return memcmp(a, b, len);
}

/* count bytes of src into dest, the rest of dest_len filled with pad */
void memcpy_and_pad(void *dest, size_t dest_len, const void *src, size_t count, int pad)
{
	if (dest_len > count) {
		memcpy(dest, src, count);
		memset((char *)dest + count, pad, dest_len - count);
	} else {
		memcpy(dest, src, dest_len);
	}
}

/* fs/libfs.c: copy from a buffer at *ppos, moving *ppos on */
ssize_t memory_read_from_buffer(void *to, size_t count, loff_t *ppos,
				const void *from, size_t available)
{
	loff_t pos = *ppos;

	if (pos < 0)
		return -EINVAL;
	if (pos >= available)
		return 0;
	if (count > available - pos)
		count = available - pos;
	memcpy(to, (const char *)from + pos, count);
	*ppos = pos + count;
	return count;
}

/* lib/argv_split.c: words split at white space, in one allocation each */
static int count_argc(const char *str)
{
	int count = 0;
	bool was_space;

	for (was_space = true; *str; str++) {
		if (isspace(*str)) {
			was_space = true;
		} else if (was_space) {
			was_space = false;
			count++;
		}
	}
	return count;
}

/* argv[0] heads the copy of the string the words were cut out of */
void argv_free(char **argv)
{
	if (!argv)
		return;
	argv--;
	kfree(argv[0]);
	kfree(argv);
}

char **argv_split(gfp_t gfp, const char *str, int *argcp)
{
	char *argv_str;
	bool was_space;
	char **argv, **argv_ret;
	int argc;

	argv_str = kstrndup(str, KMALLOC_MAX_SIZE - 1, gfp);
	if (!argv_str)
		return NULL;
	argc = count_argc(argv_str);
	argv = kmalloc_array(argc + 2, sizeof(*argv), gfp);
	if (!argv) {
		kfree(argv_str);
		return NULL;
	}
	*argv = argv_str;
	argv_ret = ++argv;
	for (was_space = true; *argv_str; argv_str++) {
		if (isspace(*argv_str)) {
			was_space = true;
			*argv_str = 0;
		} else if (was_space) {
			was_space = false;
			*argv++ = argv_str;
		}
	}
	*argv = NULL;
	if (argcp)
		*argcp = argc;
	return argv_ret;
}
