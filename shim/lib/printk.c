// SPDX-License-Identifier: GPL-2.0
/*
 * printk.c - printk()/WARN/BUG to stderr. The KERN_<level> prefix becomes a
 * readable "<N>" tag; KERN_CONT text is appended as is.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/bug.h>

#include "host.h"

/*
 * Like a console booted "quiet" (console_loglevel 4): emergencies to
 * warnings are shown, KERN_NOTICE/INFO/DEBUG are not. Messages without a
 * level have the default level 4 and are shown. QDK_LOGLEVEL=N changes it.
 */
static int console_loglevel = -1;
static bool last_shown = true;	/* for KERN_CONT pieces */

int vprintk(const char *fmt, va_list args)
{
	int level = 4;

	if (console_loglevel < 0)
		console_loglevel = qdk_host_loglevel(4);
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

void qdk_bug(const char *file, int line)
{
	qdk_host_log("kernel BUG at %s:%d!\n", file, line);
	qdk_host_abort();
}

unsigned long qdk_warn_count;

void qdk_warn(const char *file, int line, const char *cond)
{
	qdk_warn_count++;
	qdk_host_log("WARNING: at %s:%d: %s\n", file, line, cond);
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
