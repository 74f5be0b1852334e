// SPDX-License-Identifier: GPL-2.0
/*
 * printk.c - printk()/WARN/BUG to stderr. The KERN_<level> prefix becomes a
 * readable "<N>" tag; KERN_CONT text is appended as is.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/jiffies.h>
#include <linux/ratelimit.h>

#include "host.h"

/*
 * Like a console booted "quiet" (console_loglevel 4): emergencies to
 * warnings are shown, KERN_NOTICE/INFO/DEBUG are not. Messages without a
 * level have the default level 4 and are shown. QDK_LOGLEVEL=N changes it.
 */
int console_printk[4] = {
	CONSOLE_LOGLEVEL_QUIET,		/* console_loglevel */
	MESSAGE_LOGLEVEL_DEFAULT,	/* default_message_loglevel */
	CONSOLE_LOGLEVEL_MIN,		/* minimum_console_loglevel */
	CONSOLE_LOGLEVEL_DEFAULT,	/* default_console_loglevel */
};
int oops_in_progress;
enum system_states system_state = SYSTEM_RUNNING;
static bool loglevel_from_env;
static bool last_shown = true;	/* for KERN_CONT pieces */

void console_verbose(void)
{
	if (console_loglevel)
		console_loglevel = CONSOLE_LOGLEVEL_MOTORMOUTH;
}

int vprintk(const char *fmt, va_list args)
{
	int level = default_message_loglevel;

	if (!loglevel_from_env) {
		loglevel_from_env = true;
		console_loglevel = qdk_host_loglevel(console_loglevel);
	}
	if (fmt[0] == KERN_SOH_ASCII && fmt[1]) {
		if (fmt[1] == 'c') {
			fmt += 2;
			if (last_shown)
				qdk_host_vlog(fmt, args);
			return 0;
		}
		if (fmt[1] >= '0' && fmt[1] <= '7')
			level = fmt[1] - '0';
		fmt += 2;
	}
	last_shown = level < console_loglevel;
	if (!last_shown)
		return 0;
	qdk_host_log("<%d>", level);
	qdk_host_vlog(fmt, args);
	return 0;
}

int printk(const char *fmt, ...)
{
	va_list args;
	int r;

	va_start(args, fmt);
	r = vprintk(fmt, args);
	va_end(args);
	return r;
}

int _printk(const char *fmt, ...)
{
	va_list args;
	int r;

	va_start(args, fmt);
	r = vprintk(fmt, args);
	va_end(args);
	return r;
}

int vprintk_emit(int facility, int level, const char *dict, const char *fmt, va_list args)
{
	/* a level given overrides the message's own */
	if (level >= 0 && level <= 7) {
		fmt = printk_skip_level(fmt);
		if (!loglevel_from_env) {
			loglevel_from_env = true;
			console_loglevel = qdk_host_loglevel(console_loglevel);
		}
		last_shown = level < console_loglevel;
		if (!last_shown)
			return 0;
		qdk_host_log("<%d>", level);
		qdk_host_vlog(fmt, args);
		return 0;
	}
	return vprintk(fmt, args);
}

bool printk_timed_ratelimit(unsigned long *caller_jiffies, unsigned int interval_msecs)
{
	unsigned long elapsed = jiffies - *caller_jiffies;

	if (*caller_jiffies && elapsed <= msecs_to_jiffies(interval_msecs))
		return false;
	*caller_jiffies = jiffies;
	return true;
}

void dump_stack_lvl(const char *log_lvl)
{
	printk("%sCPU: 0 PID: 1 Comm: tc (qdk shim)\n", log_lvl);
	printk("%sCall Trace:\n", log_lvl);
	qdk_host_backtrace();
}

void dump_stack(void)
{
	dump_stack_lvl(KERN_DEFAULT);
}

void qdk_bug(const char *file, int line)
{
	qdk_host_log("kernel BUG at %s:%d!\n", file, line);
	qdk_host_abort();
}

unsigned long qdk_warn_count;
void (*qdk_warn_hook)(const char *file, int line, const char *cond);

void qdk_warn(const char *file, int line, const char *cond)
{
	qdk_warn_count++;
	qdk_host_log("WARNING: at %s:%d: %s\n", file, line, cond);
	if (qdk_warn_hook)
		qdk_warn_hook(file, line, cond);
}

/* The RTNL mutex as state (see linux/rtnetlink.h); a count so it nests. */
static int rtnl_depth;

void rtnl_lock(void)
{
	rtnl_depth++;
}

void rtnl_unlock(void)
{
	WARN_ON(rtnl_depth <= 0);
	rtnl_depth--;
}

int rtnl_is_locked(void)
{
	return rtnl_depth > 0;
}

struct ratelimit_state printk_ratelimit_state =
	RATELIMIT_STATE_INIT(printk_ratelimit_state, DEFAULT_RATELIMIT_INTERVAL,
			     DEFAULT_RATELIMIT_BURST);

int ___ratelimit(struct ratelimit_state *rs, const char *func)
{
	unsigned long flags;
	int ok;

	if (!rs->interval)
		return 1;
	/* someone else is deciding (an interrupted caller): let it */
	if (!raw_spin_trylock_irqsave(&rs->lock, flags))
		return 0;
	if (!rs->begin)
		rs->begin = jiffies;
	/* a new interval: report what the last one suppressed, count afresh */
	if (time_is_before_jiffies(rs->begin + rs->interval)) {
		if (rs->missed && !(rs->flags & RATELIMIT_MSG_ON_RELEASE)) {
			printk_deferred(KERN_WARNING "%s: %d callbacks suppressed\n", func, rs->missed);
			rs->missed = 0;
		}
		rs->begin = jiffies;
		rs->printed = 0;
	}
	ok = rs->burst && rs->burst > rs->printed;
	if (ok)
		rs->printed++;
	else
		rs->missed++;
	raw_spin_unlock_irqrestore(&rs->lock, flags);
	return ok;
}

/* ---- trace_printk(): no ring buffer, the replay's log ---------------------- */

static bool tracing_enabled = true;

void tracing_on(void)
{
	tracing_enabled = true;
}
EXPORT_SYMBOL_GPL(tracing_on);

void tracing_off(void)
{
	tracing_enabled = false;
}
EXPORT_SYMBOL_GPL(tracing_off);

int tracing_is_on(void)
{
	return tracing_enabled;
}
EXPORT_SYMBOL_GPL(tracing_is_on);

void tracing_start(void)
{
	tracing_on();
}

void tracing_stop(void)
{
	tracing_off();
}

int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	if (!tracing_enabled)
		return 0;
	qdk_host_log("trace_printk: ");
	qdk_host_vlog(fmt, ap);
	return 0;
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	return __ftrace_vprintk(ip, fmt, ap);
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = __ftrace_vprintk(ip, fmt, ap);
	va_end(ap);
	return r;
}
EXPORT_SYMBOL_GPL(__trace_printk);

/* the kernel's binary form of the same: here the same function */
int __trace_bprintk(unsigned long ip, const char *fmt, ...)
	__attribute__((alias("__trace_printk")));
EXPORT_SYMBOL_GPL(__trace_bprintk);

/* the bytes written: size, or 0 with tracing off */
int __trace_puts(unsigned long ip, const char *str, int size)
{
	if (!tracing_enabled)
		return 0;
	qdk_host_log("trace_printk: %.*s", size, str);
	return size;
}
EXPORT_SYMBOL_GPL(__trace_puts);

int __trace_bputs(unsigned long ip, const char *str)
{
	return __trace_puts(ip, str, strlen(str)) ? 1 : 0;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

void trace_dump_stack(int skip)
{
	dump_stack();
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

/* the shim's buffer is the log: nothing kept to dump */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
}
EXPORT_SYMBOL_GPL(ftrace_dump);

