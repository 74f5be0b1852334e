/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The types lockdep works on. The shim has no lock validator: a lockdep_map
 * keeps the lock's name and class key so that the context hooks
 * (qdk/context.h) can name a lock, as CONFIG_DEBUG_LOCK_ALLOC's maps do.
 */
#ifndef __LINUX_LOCKDEP_TYPES_H
#define __LINUX_LOCKDEP_TYPES_H

#include <linux/types.h>

#define MAX_LOCKDEP_SUBCLASSES		8UL

enum lockdep_wait_type {
	LD_WAIT_INV = 0,	/* not checked, catch all */
	LD_WAIT_FREE,		/* wait free, rcu etc.. */
	LD_WAIT_SPIN,		/* spin loops, raw_spinlock_t etc.. */
	LD_WAIT_CONFIG = LD_WAIT_SPIN,
	LD_WAIT_SLEEP,		/* sleeping locks, mutex_t etc.. */
	LD_WAIT_MAX,		/* must be last */
};

enum lockdep_lock_type {
	LD_LOCK_NORMAL = 0,	/* normal, catch all */
	LD_LOCK_PERCPU,		/* percpu */
	LD_LOCK_WAIT_OVERRIDE,	/* annotation */
	LD_LOCK_MAX,
};

struct lock_class_key {
	int qdk_unused;
};

struct lockdep_map {
	struct lock_class_key	*key;
	const char		*name;
	u8			wait_type_outer;
	u8			wait_type_inner;
	u8			lock_type;
};

struct pin_cookie {
	unsigned int val;
};

#endif
