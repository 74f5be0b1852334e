// SPDX-License-Identifier: GPL-2.0
/* string.c - kernel library functions the C library lacks. */
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

void *kmemdup(const void *src, size_t len, gfp_t gfp)
{
	void *p = kmalloc(len, gfp);

	if (p && len)
		memcpy(p, src, len);
	return p;
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
