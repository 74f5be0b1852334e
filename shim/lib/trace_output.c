// SPDX-License-Identifier: GPL-2.0
/*
 * trace_output.c - the __print_*() helpers of an event's TP_printk()
 * (linux/trace_events.h), printing as kernel/trace/trace_output.c's do:
 * each writes into the scratch seq p, ends its text with a NUL there, and
 * returns where the text starts, for the format's %s.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/trace_events.h>

/* the names of the flags set, delim between them; what no name covers in hex */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	bool first = true;
	int i;

	for (i = 0; flag_array[i].name && flags; i++) {
		unsigned long mask = flag_array[i].mask;

		if ((flags & mask) != mask)
			continue;
		flags &= ~mask;
		if (!first && delim)
			trace_seq_puts(p, delim);
		first = false;
		trace_seq_puts(p, flag_array[i].name);
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%lx", flags);
	}
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_flags_seq);

/* the name of the value, else the value in hex */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; symbol_array[i].name; i++) {
		if (val == symbol_array[i].mask) {
			trace_seq_puts(p, symbol_array[i].name);
			break;
		}
	}
	if (!symbol_array[i].name)
		trace_seq_printf(p, "0x%lx", val);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_symbols_seq);

const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	bool first = true;
	int i;

	for (i = 0; flag_array[i].name && flags; i++) {
		unsigned long long mask = flag_array[i].mask;

		if ((flags & mask) != mask)
			continue;
		flags &= ~mask;
		if (!first && delim)
			trace_seq_puts(p, delim);
		first = false;
		trace_seq_puts(p, flag_array[i].name);
	}
	if (flags) {
		if (!first && delim)
			trace_seq_puts(p, delim);
		trace_seq_printf(p, "0x%llx", flags);
	}
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

const char *trace_print_symbols_seq_u64(struct trace_seq *p, unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; symbol_array[i].name; i++) {
		if (val == symbol_array[i].mask) {
			trace_seq_puts(p, symbol_array[i].name);
			break;
		}
	}
	if (!symbol_array[i].name)
		trace_seq_printf(p, "0x%llx", val);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);

/* two hex digits a byte, a space between them unless concatenate */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int buf_len, bool concatenate)
{
	const char *ret = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; i < buf_len; i++)
		trace_seq_printf(p, "%s%2.2x", concatenate || i == 0 ? "" : " ", buf[i]);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_hex_seq);

/* {0x1,0x2,...}: each element in hex, of 1, 2, 4 or 8 bytes */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf, int count,
				  size_t el_size)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const char *prefix = "";
	const u8 *ptr = buf;
	int i;

	trace_seq_putc(p, '{');
	for (i = 0; i < count; i++, ptr += el_size) {
		switch (el_size) {
		case 1:
			trace_seq_printf(p, "%s0x%x", prefix, *ptr);
			break;
		case 2:
			trace_seq_printf(p, "%s0x%x", prefix, *(const u16 *)ptr);
			break;
		case 4:
			trace_seq_printf(p, "%s0x%x", prefix, *(const u32 *)ptr);
			break;
		case 8:
			trace_seq_printf(p, "%s0x%llx", prefix,
					 (unsigned long long)*(const u64 *)ptr);
			break;
		default:
			trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size, *ptr);
		}
		prefix = ",";
	}
	trace_seq_putc(p, '}');
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_array_seq);

int __trace_event_vstr_len(const char *fmt, va_list *args)
{
	va_list ap;
	int ret;

	va_copy(ap, *args);
	ret = vsnprintf(NULL, 0, fmt, ap) + 1;
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_event_vstr_len);
