/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktest_trace.h - the trace events of ktest_tracepoint.c, an event header
 * as a module writes one (its own folder on the include path, as an
 * out-of-tree Kbuild's -I$(src)).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM qdk_ktest

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE ktest_trace

#if !defined(_KTEST_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _KTEST_TRACE_H

#include <linux/tracepoint.h>
#include <linux/version.h>

#define KTEST_VERDICTS				\
	{ 0, "ok" },				\
	{ 1, "drop" },				\
	{ 2, "cn" }

DECLARE_EVENT_CLASS(ktest_pkt,
	TP_PROTO(const char *dev, u32 len, int verdict, const u16 *bands, int nbands),
	TP_ARGS(dev, len, verdict, bands, nbands),
	TP_STRUCT__entry(
		__string(dev, dev)
		__field(u32, len)
		__field(int, verdict)
		__array(u8, tag, 2)
		__dynamic_array(u16, bands, nbands)
	),
	TP_fast_assign(
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
		__assign_str(dev);
#else
		__assign_str(dev, dev);
#endif
		__entry->len = len;
		__entry->verdict = verdict;
		__entry->tag[0] = 0xab;
		__entry->tag[1] = 0x01;
		memcpy(__get_dynamic_array(bands), bands, nbands * sizeof(u16));
	),
	TP_printk("dev=%s len=%u %s tag=%s bands=%s", __get_str(dev), __entry->len,
		  __print_symbolic(__entry->verdict, KTEST_VERDICTS),
		  __print_hex(__entry->tag, 2),
		  __print_array(__get_dynamic_array(bands),
				__get_dynamic_array_len(bands) / sizeof(u16), sizeof(u16)))
);

DEFINE_EVENT(ktest_pkt, ktest_enqueue,
	TP_PROTO(const char *dev, u32 len, int verdict, const u16 *bands, int nbands),
	TP_ARGS(dev, len, verdict, bands, nbands)
);

DEFINE_EVENT_PRINT(ktest_pkt, ktest_short,
	TP_PROTO(const char *dev, u32 len, int verdict, const u16 *bands, int nbands),
	TP_ARGS(dev, len, verdict, bands, nbands),
	TP_printk("%s:%u", __get_str(dev), __entry->len)
);

TRACE_EVENT_CONDITION(ktest_flags,
	TP_PROTO(unsigned long flags),
	TP_ARGS(flags),
	TP_CONDITION(flags != 0),
	TP_STRUCT__entry(
		__field(unsigned long, flags)
	),
	TP_fast_assign(
		__entry->flags = flags;
	),
	TP_printk("flags=%s", __print_flags(__entry->flags, "|",
					    { 1, "ECN" }, { 2, "GSO" }))
);

TRACE_EVENT(ktest_ptr,
	TP_PROTO(const void *a, const void *b, const u8 *ip, const u8 *mac),
	TP_ARGS(a, b, ip, mac),
	TP_STRUCT__entry(
		__field(const void *, a)
		__field(const void *, b)
		__array(u8, ip, 4)
		__array(u8, mac, 6)
	),
	TP_fast_assign(
		__entry->a = a;
		__entry->b = b;
		memcpy(__entry->ip, ip, 4);
		memcpy(__entry->mac, mac, 6);
	),
	TP_printk("a=%p b=%pK again=%p null=%p knull=%pK ip=%pI4 mac=%pM %5.1f%% %-4s|",
		  __entry->a, __entry->b, __entry->a, NULL, NULL, __entry->ip, __entry->mac,
		  2.25, "x")
);

/* compiled out: its call does nothing, it is never on, no event is made */
TRACE_EVENT_NOP(ktest_nop,
	TP_PROTO(int n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(int, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n=%d", __entry->n)
);

int ktest_trace_reg(void);
void ktest_trace_unreg(void);

TRACE_EVENT_FN(ktest_counted,
	TP_PROTO(int n),
	TP_ARGS(n),
	TP_STRUCT__entry(
		__field(int, n)
	),
	TP_fast_assign(
		__entry->n = n;
	),
	TP_printk("n=%d", __entry->n),
	ktest_trace_reg, ktest_trace_unreg
);

#endif

#include <trace/define_trace.h>
