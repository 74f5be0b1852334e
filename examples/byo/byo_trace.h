/* SPDX-License-Identifier: GPL-2.0 */
/*
 * byo_trace.h - byo's trace events, as an out-of-tree module declares its
 * own: sch_byo.c includes this once with CREATE_TRACE_POINTS, and kbuild
 * finds it again through TRACE_INCLUDE_PATH (the Kbuild's -I$(src)).
 *
 *	echo 1 > /sys/kernel/tracing/events/byo/enable
 *	qdk-replay --events 'byo:*' verify byo.qtr
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM byo

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE byo_trace

#if !defined(_BYO_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _BYO_TRACE_H

#include <linux/tracepoint.h>
#include <linux/version.h>
#include <net/sch_generic.h>

/* a packet taken: its length and the send time it got */
TRACE_EVENT(byo_enqueue,
	TP_PROTO(const struct Qdisc *sch, unsigned int len, u64 send_ns),
	TP_ARGS(sch, len, send_ns),
	TP_STRUCT__entry(
		__string(dev, qdisc_dev(sch)->name)
		__field(u32, handle)
		__field(unsigned int, len)
		__field(u64, send_ns)
		__field(u32, qlen)
	),
	TP_fast_assign(
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
		__assign_str(dev);
#else
		__assign_str(dev, qdisc_dev(sch)->name);
#endif
		__entry->handle = sch->handle;
		__entry->len = len;
		__entry->send_ns = send_ns;
		__entry->qlen = sch->q.qlen;
	),
	TP_printk("dev=%s handle=%x: len=%u send_ns=%llu qlen=%u", __get_str(dev),
		  __entry->handle >> 16, __entry->len, __entry->send_ns, __entry->qlen)
);

/* a change of the schedule taken */
TRACE_EVENT(byo_change,
	TP_PROTO(u32 rate, u32 delay_us, u32 applied),
	TP_ARGS(rate, delay_us, applied),
	TP_STRUCT__entry(
		__field(u32, rate)
		__field(u32, delay_us)
		__field(u32, applied)
	),
	TP_fast_assign(
		__entry->rate = rate;
		__entry->delay_us = delay_us;
		__entry->applied = applied;
	),
	TP_printk("rate=%u delay_us=%u applied=%u", __entry->rate, __entry->delay_us,
		  __entry->applied)
);

#endif /* _BYO_TRACE_H */

#include <trace/define_trace.h>
