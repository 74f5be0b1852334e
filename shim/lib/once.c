// SPDX-License-Identifier: GPL-2.0
/*
 * once.c - DO_ONCE()'s lock (lib/once.c): the first caller takes it and
 * runs the function holding it, later ones find the flag set. The kernel
 * also turns the call site's static key off afterwards, from a work item,
 * to spare later callers the test; the flag alone gives them the same
 * answer, so the shim's DO_ONCE() has no key and queues no work.
 */
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/once.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(once_lock);
static DEFINE_MUTEX(once_mutex);

/* true with once_lock held and interrupts off: the caller runs the function */
bool __do_once_start(bool *done, unsigned long *flags)
{
	spin_lock_irqsave(&once_lock, *flags);
	if (*done) {
		spin_unlock_irqrestore(&once_lock, *flags);
		return false;
	}
	return true;
}
EXPORT_SYMBOL(__do_once_start);

void __do_once_done(bool *done, struct static_key_true *once_key,
		    unsigned long *flags, struct module *mod)
{
	WRITE_ONCE(*done, true);
	spin_unlock_irqrestore(&once_lock, *flags);
}
EXPORT_SYMBOL(__do_once_done);

/* the same under a mutex: may sleep, so process context only */
bool __do_once_sleepable_start(bool *done)
{
	mutex_lock(&once_mutex);
	if (*done) {
		mutex_unlock(&once_mutex);
		return false;
	}
	return true;
}
EXPORT_SYMBOL(__do_once_sleepable_start);

void __do_once_sleepable_done(bool *done, struct static_key_true *once_key,
			      struct module *mod)
{
	WRITE_ONCE(*done, true);
	mutex_unlock(&once_mutex);
}
EXPORT_SYMBOL(__do_once_sleepable_done);
