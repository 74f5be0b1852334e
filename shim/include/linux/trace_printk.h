/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_printk() and its family: printf into the ftrace ring buffer, a
 * header of its own in 7.x that linux/kernel.h includes (6.1 and 6.12 keep
 * the same names in kernel.h itself; the shim's kernel.h includes this on
 * every series). The shim has no ring buffer: a message goes to the
 * replay's log as "trace_printk: ..." whatever the console level, as the
 * kernel's buffer keeps it whatever dmesg shows, unless tracing_off() has
 * stopped it (shim/lib/printk.c).
 */
#ifndef _QDK_SHIM_LINUX_TRACE_PRINTK_H
#define _QDK_SHIM_LINUX_TRACE_PRINTK_H

#include <linux/compiler.h>
#include <linux/stdarg.h>
#include <linux/string.h>

#ifndef _THIS_IP_
#define _THIS_IP_ ({ __label__ __here; __here: (unsigned long)&&__here; })
#endif

enum ftrace_dump_mode {
	DUMP_NONE,
	DUMP_ALL,
	DUMP_ORIG,
};

void tracing_on(void);
void tracing_off(void);
int tracing_is_on(void);
void tracing_start(void);
void tracing_stop(void);

__printf(2, 3) int __trace_printk(unsigned long ip, const char *fmt, ...);
__printf(2, 3) int __trace_bprintk(unsigned long ip, const char *fmt, ...);
int __trace_puts(unsigned long ip, const char *str, int size);
int __trace_bputs(unsigned long ip, const char *str);
__printf(2, 0) int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap);
__printf(2, 0) int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap);
void trace_dump_stack(int skip);
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode);

#define trace_printk(fmt, ...)	__trace_printk(_THIS_IP_, fmt, ##__VA_ARGS__)
#define trace_puts(str)		__trace_puts(_THIS_IP_, str, strlen(str))
#define ftrace_vprintk(fmt, vargs)	__ftrace_vprintk(_THIS_IP_, fmt, vargs)

#endif
