/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Trace events (shim/lib/trace_events.c, trace_output.c): what the stages
 * of trace/trace_events.h make an event of and call.
 *
 * An event is on while its probe is attached to its tracepoint
 * (`qdk-replay --events SPEC`, qdk_trace_events_enable()). A hit reserves
 * a record, fills it (TP_fast_assign) and commits it, and the commit prints
 * it at once through the event's output (TP_printk), on the replay's
 * virtual clock, as the kernel's trace file shows it: the timestamp in
 * seconds, the event's name, its text. Nothing is kept: no ring buffer,
 * no filter, no trigger, no perf or BPF attachment.
 */
#ifndef _LINUX_TRACE_EVENTS_H
#define _LINUX_TRACE_EVENTS_H

#include <linux/list.h>
#include <linux/stdarg.h>
#include <linux/string.h>
#include <linux/trace_seq.h>
#include <linux/tracepoint.h>

/* a record's header, the kernel's (the shim fills type with 0) */
struct trace_entry {
	unsigned short		type;
	unsigned char		flags;
	unsigned char		preempt_count;
	int			pid;
};

/*
 * The shim's shape of an event (the kernel's keeps the system, probe and
 * fields in a shared struct trace_event_class): its system (TRACE_SYSTEM),
 * name, tracepoint, its class's probe and its output.
 */
struct trace_event_call {
	struct list_head	list;
	const char		*system;
	const char		*name;
	struct tracepoint	*tp;
	void			*probe;
	void			(*output)(struct trace_seq *s, struct trace_seq *p,
					  const void *entry);
	int			flags;
};

static inline const char *trace_event_name(struct trace_event_call *call)
{
	return call->name;
}

/* add an event to the list --events chooses from (stage 6's constructor) */
int trace_add_event_call(struct trace_event_call *call);
int trace_remove_event_call(struct trace_event_call *call);

/*
 * Stage 5's: a zeroed record of len bytes for call, NULL when it cannot be
 * had (longer than QDK_TRACE_EVENT_MAX, as the ring buffer refuses an
 * event over its page, or events nested deeper than four, as the kernel's
 * recursion guard drops them); the commit prints it and frees it.
 */
#define QDK_TRACE_EVENT_MAX	4000
void *qdk_trace_event_reserve(struct trace_event_call *call, size_t len);
void qdk_trace_event_commit(struct trace_event_call *call, void *entry);

/* __vstring's length: what vsnprintf() writes, with its NUL */
int __trace_event_vstr_len(const char *fmt, va_list *args);

/*
 * The __print_*() helpers: write into p, NUL-terminated, and return where
 * that text starts (an argument of TP_printk's format).
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array);
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array);
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array);
const char *trace_print_symbols_seq_u64(struct trace_seq *p, unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array);
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int buf_len, bool concatenate);
const char *trace_print_array_seq(struct trace_seq *p, const void *buf, int count,
				  size_t el_size);

#endif
