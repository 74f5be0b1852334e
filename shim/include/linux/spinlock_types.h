/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_SPINLOCK_TYPES_H
#define __LINUX_SPINLOCK_TYPES_H

/* The shim runs one qdisc call at a time: locks only keep their types. */
typedef struct spinlock {
	int locked;
} spinlock_t;

typedef struct {
	int locked;
} rwlock_t;

typedef struct {
	unsigned int sequence;
} seqcount_t;

#define __SPIN_LOCK_UNLOCKED(name) { 0 }
#define DEFINE_SPINLOCK(x) spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

#endif
