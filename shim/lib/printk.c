// SPDX-License-Identifier: GPL-2.0
/*
 * printk.c - printk()/WARN/BUG to stderr. The KERN_<level> prefix becomes a
 * readable "<N>" tag; KERN_CONT text is appended as is.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/bug.h>

#include "host.h"

int vprintk(const char *fmt, va_list args)
{
	if (fmt[0] == KERN_SOH_ASCII && fmt[1]) {
		if (fmt[1] != 'c')
			qdk_host_log("<%c>", fmt[1]);
		fmt += 2;
	}
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

void qdk_warn(const char *file, int line, const char *cond)
{
	qdk_host_log("WARNING: at %s:%d: %s\n", file, line, cond);
}
