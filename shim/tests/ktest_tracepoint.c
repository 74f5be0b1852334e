// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_tracepoint.c - tracepoints and trace events (linux/tracepoint.h,
 * trace/define_trace.h): probes attached by prio and taken off, the
 * tracepoint on only while one is, a condition's and TRACE_EVENT_FN's
 * callbacks, and each event's line as --events prints it: TP_printk with
 * strings, arrays, symbols, flags and hex, DEFINE_EVENT_PRINT's own
 * format, a record too long dropped.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "shim.h"
#include "../api/qdk_api.h"

#define CREATE_TRACE_POINTS
#include "ktest_trace.h"

#include "ktest.h"

static int reg_calls, unreg_calls;

int ktest_trace_reg(void)
{
	reg_calls++;
	return 0;
}

void ktest_trace_unreg(void)
{
	unreg_calls++;
}

static char order[16];

static void probe_a(void *data, const char *dev, u32 len, int verdict,
		    const u16 *bands, int nbands)
{
	strcat(order, "a");
	*(u32 *)data += len;
}

static void probe_b(void *data, const char *dev, u32 len, int verdict,
		    const u16 *bands, int nbands)
{
	strcat(order, "b");
}

static const u16 bands[] = { 1, 2, 3 };

KTEST(tracepoint, probes_by_prio_and_off_again)
{
	u32 sum = 0;
	int i;

	KT_ASSERT(!trace_ktest_enqueue_enabled(), "off with no probe");
	trace_ktest_enqueue("eth0", 100, 0, bands, 3);	/* nothing runs */
	KT_EQ(register_trace_ktest_enqueue(probe_a, &sum), 0);
	KT_EQ(register_trace_prio_ktest_enqueue(probe_b, NULL, TRACEPOINT_DEFAULT_PRIO + 1), 0);
	KT_ASSERT(trace_ktest_enqueue_enabled(), "on with probes");
	KT_EQ(tracepoint_probe_register_prio_may_exist(&__tracepoint_ktest_enqueue,
						       probe_a, &sum,
						       TRACEPOINT_DEFAULT_PRIO), -EEXIST);
	trace_ktest_enqueue("eth0", 100, 0, bands, 3);
	KT_STREQ(order, "ba");
	KT_EQ(sum, 100);
	/* QDK_TP_PROBES at most: the kernel's answer when it cannot allocate */
	for (i = 2; i < QDK_TP_PROBES; i++)
		KT_EQ(register_trace_ktest_enqueue(probe_b, &order[i]), 0);
	KT_EQ(register_trace_ktest_enqueue(probe_b, &order[0]), -ENOMEM);
	for (i = 2; i < QDK_TP_PROBES; i++)
		KT_EQ(unregister_trace_ktest_enqueue(probe_b, &order[i]), 0);
	KT_EQ(unregister_trace_ktest_enqueue(probe_b, NULL), 0);
	KT_EQ(unregister_trace_ktest_enqueue(probe_b, NULL), -ENOENT);
	KT_ASSERT(trace_ktest_enqueue_enabled(), "one probe left");
	KT_EQ(unregister_trace_ktest_enqueue(probe_a, &sum), 0);
	KT_ASSERT(!trace_ktest_enqueue_enabled(), "off again");
	order[0] = '\0';
	trace_ktest_enqueue("eth0", 100, 0, bands, 3);
	KT_STREQ(order, "");
	return 0;
}

static char lines[4][256];
static int n_lines;

static void take_line(const char *line)
{
	if (n_lines < 4)
		strscpy(lines[n_lines], line, sizeof(lines[0]));
	n_lines++;
}

/* line i is text, after the virtual clock's time as the trace file prints it */
static bool line_is(int i, const char *text)
{
	char want[256];
	u64 t = local_clock();

	snprintf(want, sizeof(want), "%5llu.%06llu: %s", t / 1000000000ULL,
		 t % 1000000000ULL / 1000, text);
	if (!strcmp(lines[i], want))
		return true;
	pr_err("line %d: \"%s\", not \"%s\"\n", i, lines[i], want);
	return false;
}

static int events(const char *spec)
{
	char bad[64];

	return qdk_trace_events_enable(spec, bad, sizeof(bad));
}

KTEST(tracepoint, events_print_as_the_trace_file)
{
	static u16 many[3000];
	char bad[64];

	qdk_trace_line_hook = take_line;
	KT_EQ(events("qdk_ktest:ktest_enqueue,ktest_sh*"), 2);
	KT_EQ(events("ktest_enqueue"), 0);		/* on already */
	trace_ktest_enqueue("eth0", 1000, 1, bands, 3);
	trace_ktest_short(NULL, 60, 0, bands, 0);
	KT_EQ(n_lines, 2);
	KT_ASSERT(line_is(0, "ktest_enqueue: dev=eth0 len=1000 drop tag=ab 01 "
			  "bands={0x1,0x2,0x3}"), "the class's TP_printk");
	KT_ASSERT(line_is(1, "ktest_short: (null):60"), "DEFINE_EVENT_PRINT's own");
	/* a record longer than a ring buffer page is dropped, with a warning */
	trace_ktest_enqueue("eth0", 1, 7, many, ARRAY_SIZE(many));
	KT_EQ(n_lines, 2);
	trace_ktest_enqueue("eth1", 1, 7, bands, 1);
	KT_EQ(n_lines, 3);
	KT_ASSERT(line_is(2, "ktest_enqueue: dev=eth1 len=1 0x7 tag=ab 01 bands={0x1}"),
		  "a value with no symbol in hex");

	KT_EQ(events("qdk_ktest:ktest_flags"), 1);
	trace_ktest_flags(0);				/* its condition says no */
	trace_ktest_flags(5);
	KT_EQ(n_lines, 4);
	KT_ASSERT(line_is(3, "ktest_flags: flags=ECN|0x4"), "flags, the rest in hex");

	KT_EQ(qdk_trace_events_enable("qdk_ktest:nosuch,all", bad, sizeof(bad)), -ENOENT);
	KT_STREQ(bad, "qdk_ktest:nosuch");
	KT_EQ(events("!qdk_ktest:*"), 0);
	KT_ASSERT(!trace_ktest_enqueue_enabled() && !trace_ktest_flags_enabled(), "all off");
	trace_ktest_flags(1);
	KT_EQ(n_lines, 4);
	qdk_trace_line_hook = NULL;
	return 0;
}

/* pointers by their order of first appearance; %pI4 and %pM print the bytes */
KTEST(tracepoint, pointers_print_the_same_in_every_run)
{
	static const u8 ip[4] = { 10, 0, 0, 1 }, mac[6] = { 2, 0, 0, 0, 0, 1 };
	char want[256];
	unsigned long a;
	int x, y;

	qdk_trace_line_hook = take_line;
	n_lines = 0;
	KT_EQ(events("ktest_ptr"), 1);
	trace_ktest_ptr(&x, &y, ip, mac);
	trace_ktest_ptr(&y, &x, ip, mac);
	KT_EQ(events("!ktest_ptr"), 0);
	qdk_trace_line_hook = NULL;
	KT_EQ(n_lines, 2);
	KT_EQ(sscanf(strstr(lines[0], "a="), "a=%lx", &a), 1);
	snprintf(want, sizeof(want), "ktest_ptr: a=%016lx b=%016lx again=%016lx null=(null) "
		 "knull=0000000000000000 ip=10.0.0.1 mac=02:00:00:00:00:01   2.2%% x   |",
		 a, a + 1, a);
	KT_ASSERT(line_is(0, want), "numbered in order, sixteen digits each");
	snprintf(want, sizeof(want), "ktest_ptr: a=%016lx b=%016lx again=%016lx null=(null) "
		 "knull=0000000000000000 ip=10.0.0.1 mac=02:00:00:00:00:01   2.2%% x   |",
		 a + 1, a, a + 1);
	KT_ASSERT(line_is(1, want), "the same numbers again");
	return 0;
}

KTEST(tracepoint, event_fn_callbacks_and_the_list)
{
	const char *systems[512], *names[512];
	size_t n, i;
	bool found = false;

	KT_EQ(events("ktest_counted"), 1);
	KT_EQ(reg_calls, 1);
	KT_EQ(unreg_calls, 0);
	KT_EQ(events("!ktest_counted"), 0);
	KT_EQ(unreg_calls, 1);
	n = qdk_trace_events(systems, names, ARRAY_SIZE(names));
	for (i = 0; i < n && i < ARRAY_SIZE(names); i++)
		found |= !strcmp(systems[i], "qdk_ktest") && !strcmp(names[i], "ktest_counted");
	KT_ASSERT(found, "listed as qdk_ktest:ktest_counted");
	trace_ktest_nop(1);
	KT_ASSERT(!trace_ktest_nop_enabled(), "a NOP event is never on");
	KT_EQ(qdk_trace_events_enable("ktest_nop", NULL, 0), -ENOENT);
	return 0;
}
