/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A trace_seq: the text an event's output writes (shim/lib/trace_seq.c,
 * the kernel's lib/trace_seq.c). A page of it, as the kernel's; what does
 * not fit is cut and the seq marked full, never written past.
 */
#ifndef _LINUX_TRACE_SEQ_H
#define _LINUX_TRACE_SEQ_H

#include <linux/compiler.h>
#include <linux/stdarg.h>
#include <linux/types.h>

#define TRACE_SEQ_BUFFER_SIZE	4096

struct trace_seq {
	char		buffer[TRACE_SEQ_BUFFER_SIZE];
	unsigned int	len;		/* bytes written, the NULs of print helpers included */
	int		full;
};

static inline void trace_seq_init(struct trace_seq *s)
{
	s->len = 0;
	s->full = 0;
	s->buffer[0] = '\0';
}

static inline int trace_seq_used(struct trace_seq *s)
{
	return s->len;
}

/* where the next write goes (a print helper's result starts there) */
static inline char *trace_seq_buffer_ptr(struct trace_seq *s)
{
	return s->buffer + s->len;
}

static inline bool trace_seq_has_overflowed(struct trace_seq *s)
{
	return s->full;
}

__printf(2, 3) void trace_seq_printf(struct trace_seq *s, const char *fmt, ...);
__printf(2, 0) void trace_seq_vprintf(struct trace_seq *s, const char *fmt, va_list args);
void trace_seq_puts(struct trace_seq *s, const char *str);
void trace_seq_putc(struct trace_seq *s, unsigned char c);
void trace_seq_putmem(struct trace_seq *s, const void *mem, unsigned int len);

#endif
