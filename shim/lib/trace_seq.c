// SPDX-License-Identifier: GPL-2.0
/*
 * trace_seq.c - writing into a trace_seq (linux/trace_seq.h), as the
 * kernel's lib/trace_seq.c does: a write that does not fit whole is not
 * made and marks the seq full, so a record's text is cut at a write, never
 * inside one, and the buffer always ends in a NUL.
 */
#include <linux/ctype.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/trace_seq.h>

/* room for n more bytes and the NUL after them? */
static bool seq_room(struct trace_seq *s, size_t n)
{
	if (s->full || s->len + n >= TRACE_SEQ_BUFFER_SIZE) {
		s->full = 1;
		return false;
	}
	return true;
}

/* append n bytes of str (no NUL), or mark s full */
static bool seq_add(struct trace_seq *s, const char *str, size_t n)
{
	if (!seq_room(s, n))
		return false;
	memcpy(s->buffer + s->len, str, n);
	s->len += n;
	s->buffer[s->len] = '\0';
	return true;
}

/*
 * A pointer as the trace file shows it, the same in every run: the kernel
 * prints a hash of the address (%p, and %pK with kptr_restrict 0), which
 * no two boots share; here the address's order of first appearance in
 * the run stands for it, as sixteen hex digits, so that two events naming
 * one skb say so, and the same trace and seed print the same lines. A NULL
 * %p is "(null)", as the kernel's; past POINTER_IDS addresses, or with an
 * extension the shim does not print (%pS, %pI6, ...), "(____ptrval____)",
 * what the kernel prints before its hash is ready. %pI4, %pi4, %pM and
 * %pm print the bytes as the kernel does.
 */
#define POINTER_IDS 4096

/* an open-addressed table, half full at most: address and its number */
static const void *pointer_slot[POINTER_IDS * 2];
static unsigned long pointer_num[POINTER_IDS * 2];
static unsigned long n_pointers;

static unsigned long pointer_id(const void *ptr)
{
	unsigned long i = ((unsigned long)ptr >> 4) * 2654435761u % (POINTER_IDS * 2);

	while (pointer_slot[i]) {
		if (pointer_slot[i] == ptr)
			return pointer_num[i];
		i = (i + 1) % (POINTER_IDS * 2);
	}
	if (n_pointers == POINTER_IDS)
		return 0;
	pointer_slot[i] = ptr;
	pointer_num[i] = ++n_pointers;
	return n_pointers;
}

static const char *pointer_text(char *buf, size_t len, const void *ptr, const char *ext,
				size_t ext_len)
{
	const unsigned char *b = ptr;
	unsigned long id;

	if (ext_len >= 2 && (ext[0] == 'I' || ext[0] == 'i') && ext[1] == '4' && ptr) {
		snprintf(buf, len, ext[0] == 'I' ? "%u.%u.%u.%u" : "%03u.%03u.%03u.%03u",
			 b[0], b[1], b[2], b[3]);
		return buf;
	}
	if (ext_len >= 1 && (ext[0] == 'M' || ext[0] == 'm') && ptr) {
		snprintf(buf, len, ext[0] == 'M' ? "%02x:%02x:%02x:%02x:%02x:%02x" :
			 "%02x%02x%02x%02x%02x%02x", b[0], b[1], b[2], b[3], b[4], b[5]);
		return buf;
	}
	if (ext_len && ext[0] != 'K')
		return "(____ptrval____)";
	if (!ptr && !ext_len)
		return "(null)";
	id = ptr ? pointer_id(ptr) : 0;
	if (ptr && !id)
		return "(____ptrval____)";
	snprintf(buf, len, "%016lx", id);
	return buf;
}

/*
 * The C library's formatting, conversion by conversion, for a format with
 * a %p: each argument is taken with the type its conversion names, and a
 * pointer's conversion with the kernel's extension letters after it (any
 * letters and digits, as vsprintf.c reads them) prints as above.
 */
static void seq_vprintf_pointers(struct trace_seq *s, const char *fmt, va_list args)
{
	while (*fmt && !s->full) {
		const char *pct = strchr(fmt, '%'), *c;
		char spec[32], buf[128], text[64];
		int n = 0, width = -1, prec = -1;
		char len1 = 0, len2 = 0;

		if (!pct) {
			seq_add(s, fmt, strlen(fmt));
			return;
		}
		seq_add(s, fmt, pct - fmt);
		c = pct + 1;
		c += strspn(c, "-+ #0'");
		if (*c == '*') {
			width = va_arg(args, int);
			c++;
		} else {
			c += strspn(c, "0123456789");
		}
		if (*c == '.') {
			c++;
			if (*c == '*') {
				prec = va_arg(args, int);
				c++;
			} else {
				c += strspn(c, "0123456789");
			}
		}
		if (strchr("hlLqjzt", *c) && *c) {
			len1 = *c++;
			if ((len1 == 'h' || len1 == 'l') && *c == len1)
				len2 = *c++;
		}
		if (!*c || (size_t)(c + 1 - pct) >= sizeof(spec) - 8) {
			seq_add(s, pct, strlen(pct));
			return;
		}
		/* the conversion alone, its * taken already */
		{
			size_t k = 0;
			const char *q;

			for (q = pct; q <= c; q++) {
				if (*q == '*')
					k += snprintf(spec + k, sizeof(spec) - k, "%d",
						      q > pct + 1 && q[-1] == '.' ? prec : width);
				else
					spec[k++] = *q;
			}
			spec[k] = '\0';
		}
		switch (*c) {
		case 'd': case 'i':
			if (len1 == 'l' && len2)
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, long long));
			else if (len1 == 'l' || len1 == 'z' || len1 == 't' || len1 == 'j')
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, long));
			else if (len1 == 'q' || len1 == 'L')
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, long long));
			else
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, int));
			break;
		case 'u': case 'o': case 'x': case 'X':
			if (len1 == 'l' && len2)
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, unsigned long long));
			else if (len1 == 'l' || len1 == 'z' || len1 == 't' || len1 == 'j')
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, unsigned long));
			else if (len1 == 'q' || len1 == 'L')
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, unsigned long long));
			else
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, unsigned int));
			break;
		case 'c':
			n = snprintf(buf, sizeof(buf), spec, va_arg(args, int));
			break;
		case 's': {
			const char *str = va_arg(args, const char *);
			int m = snprintf(NULL, 0, spec, str);

			if (m > 0 && (size_t)m < sizeof(buf)) {
				n = snprintf(buf, sizeof(buf), spec, str);
			} else if (m > 0) {
				char *big = s->buffer + s->len;

				if (seq_room(s, m)) {
					snprintf(big, m + 1, spec, str);
					s->len += m;
				}
				n = 0;
			}
			break;
		}
		case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
			if (len1 == 'L')
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, long double));
			else
				n = snprintf(buf, sizeof(buf), spec, va_arg(args, double));
			break;
		case 'p': {
			const void *ptr = va_arg(args, const void *);
			size_t ext = 0;
			const char *t;

			while (isalnum((unsigned char)c[1 + ext]))
				ext++;
			t = pointer_text(text, sizeof(text), ptr, c + 1, ext);
			c += ext;
			strscpy(spec + strlen(spec) - 1, "s", 2);
			n = snprintf(buf, sizeof(buf), spec, t);
			break;
		}
		case '%':
			n = snprintf(buf, sizeof(buf), "%%");
			break;
		default:	/* %n and the unknown: nothing printed, nothing taken */
			n = 0;
		}
		if (n > 0)
			seq_add(s, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
		fmt = c + 1;
	}
}

void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args)
{
	size_t room = TRACE_SEQ_BUFFER_SIZE - s->len;
	int n;

	if (s->full)
		return;
	if (strstr(fmt, "%p")) {
		seq_vprintf_pointers(s, fmt, args);
		return;
	}
	n = vsnprintf(s->buffer + s->len, room, fmt, args);
	if (n < 0 || (size_t)n >= room) {
		s->buffer[s->len] = '\0';
		s->full = 1;
		return;
	}
	s->len += n;
}
EXPORT_SYMBOL_GPL(trace_seq_vprintf);

void trace_seq_printf(struct trace_seq *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	trace_seq_vprintf(s, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL_GPL(trace_seq_printf);

void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len)
{
	if (!seq_room(s, len))
		return;
	memcpy(s->buffer + s->len, mem, len);
	s->len += len;
	s->buffer[s->len] = '\0';
}
EXPORT_SYMBOL_GPL(trace_seq_putmem);

void trace_seq_puts(struct trace_seq *s, const char *str)
{
	trace_seq_putmem(s, str, strlen(str));
}
EXPORT_SYMBOL_GPL(trace_seq_puts);

void trace_seq_putc(struct trace_seq *s, unsigned char c)
{
	trace_seq_putmem(s, &c, 1);
}
EXPORT_SYMBOL_GPL(trace_seq_putc);
