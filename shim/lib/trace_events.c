// SPDX-License-Identifier: GPL-2.0
/*
 * trace_events.c - the modules' trace events (linux/trace_events.h), as
 * kernel/trace/trace_events.c lists them and its set_event file turns them
 * on, and their records: one is reserved, filled and committed at each hit
 * of an event that is on, and the commit prints it at once, as a line of
 * the kernel's trace file without its task and CPU columns:
 *
 *     TIMESTAMP: NAME: TEXT
 *
 * TIMESTAMP is the virtual clock (local_clock(), the kernel's default
 * trace clock) in seconds with microseconds, NAME the event's, TEXT what
 * its TP_printk() wrote. The lines go where printk()'s do (standard error),
 * in the order of the calls, so the same trace and seed print the same
 * lines.
 */
#include <linux/errno.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/list.h>
#include <linux/printk.h>
#include <linux/sched/clock.h>
#include <linux/string.h>
#include <linux/trace_events.h>

#include "host.h"
#include "shim.h"
#include "../api/qdk_api.h"

static LIST_HEAD(ftrace_events);

int trace_add_event_call(struct trace_event_call *call)
{
	struct trace_event_call *e;

	list_for_each_entry(e, &ftrace_events, list)
		if (!strcmp(e->system, call->system) && !strcmp(e->name, call->name))
			return -EBUSY;
	list_add_tail(&call->list, &ftrace_events);
	return 0;
}
EXPORT_SYMBOL_GPL(trace_add_event_call);

int trace_remove_event_call(struct trace_event_call *call)
{
	if (call->flags)
		return -EBUSY;
	list_del(&call->list);
	return 0;
}
EXPORT_SYMBOL_GPL(trace_remove_event_call);

/* ---- records ----------------------------------------------------------- */

/*
 * Four records at most at once: an event whose output or assignment hits
 * another event nests, as the kernel's normal, softirq, irq and NMI
 * contexts each have their own; deeper is dropped, as its recursion
 * guard drops it.
 */
#define EVENT_NEST 4

static union {
	struct trace_entry ent;
	char bytes[QDK_TRACE_EVENT_MAX];
} records[EVENT_NEST];
static int nest;
static unsigned long dropped;

void *qdk_trace_event_reserve(struct trace_event_call *call, size_t len)
{
	if (len > QDK_TRACE_EVENT_MAX || nest == EVENT_NEST) {
		if (!dropped++)
			pr_warn("qdk: %s: %s, dropped\n", call->name,
				len > QDK_TRACE_EVENT_MAX ? "event record too long" :
				"events nested too deep");
		return NULL;
	}
	memset(&records[nest], 0, len);
	return &records[nest++];
}
EXPORT_SYMBOL_GPL(qdk_trace_event_reserve);

/* the text of a record (s) and its helpers' scratch (p), per nesting level */
static struct trace_seq seqs[EVENT_NEST][2];

/* where the lines go instead of standard error (the shim's own tests) */
void (*qdk_trace_line_hook)(const char *line);

void qdk_trace_event_commit(struct trace_event_call *call, void *entry)
{
	struct trace_seq *s = &seqs[nest - 1][0], *p = &seqs[nest - 1][1];
	char line[TRACE_SEQ_BUFFER_SIZE + 128];
	u64 t = local_clock();

	trace_seq_init(s);
	trace_seq_init(p);
	call->output(s, p, entry);
	snprintf(line, sizeof(line), "%5llu.%06llu: %s: %s", t / 1000000000ULL,
		 t % 1000000000ULL / 1000, call->name, s->buffer);
	if (qdk_trace_line_hook)
		qdk_trace_line_hook(line);
	else
		qdk_host_log("%s\n", line);
	nest--;
}
EXPORT_SYMBOL_GPL(qdk_trace_event_commit);

/* ---- turning them on ---------------------------------------------------- */

/* a glob of '*' (any run) and '?' (any one), the rest literal */
static bool glob_match_qdk(const char *pat, const char *str)
{
	const char *star = NULL, *back = NULL;

	while (*str) {
		if (*pat == '*') {
			star = ++pat;
			back = str;
		} else if (*pat == '?' || *pat == *str) {
			pat++;
			str++;
		} else if (star) {
			pat = star;
			str = ++back;
		} else {
			return false;
		}
	}
	while (*pat == '*')
		pat++;
	return !*pat;
}

static bool event_matches(const struct trace_event_call *call, const char *pat,
			  size_t len)
{
	char buf[128];
	const char *colon;

	if (len >= sizeof(buf))
		return false;
	memcpy(buf, pat, len);
	buf[len] = '\0';
	if (!strcmp(buf, "all"))
		return true;
	colon = strchr(buf, ':');
	if (!colon)
		return glob_match_qdk(buf, call->name);
	buf[colon - buf] = '\0';
	return glob_match_qdk(buf, call->system) && glob_match_qdk(colon + 1, call->name);
}

static int event_set(struct trace_event_call *call, bool on)
{
	int err;

	if (call->flags == on)
		return 0;
	if (on)
		err = tracepoint_probe_register(call->tp, call->probe, call);
	else
		err = tracepoint_probe_unregister(call->tp, call->probe, call);
	if (!err)
		call->flags = on;
	return err;
}

int qdk_trace_events_enable(const char *spec, char *bad, size_t bad_len)
{
	struct trace_event_call *call;
	const char *pat = spec;
	int n = 0;

	while (*pat) {
		size_t len = strcspn(pat, ",");
		bool on = *pat != '!', any = false;

		if (!on) {
			pat++;
			len--;
		}
		list_for_each_entry(call, &ftrace_events, list) {
			int err;

			if (!event_matches(call, pat, len))
				continue;
			any = true;
			if (call->flags == on)
				continue;
			err = event_set(call, on);
			if (err)
				return err;
			n += on;
		}
		if (!any) {
			snprintf(bad, bad_len, "%.*s", (int)len, pat);
			return -ENOENT;
		}
		pat += len;
		if (*pat == ',')
			pat++;
	}
	return n;
}

size_t qdk_trace_events(const char **systems, const char **names, size_t max)
{
	struct trace_event_call *call;
	size_t n = 0;

	list_for_each_entry(call, &ftrace_events, list) {
		if (n < max) {
			systems[n] = call->system;
			names[n] = call->name;
		}
		n++;
	}
	return n;
}
