/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Lock types. The shim runs on one CPU, one call at a time, so a lock is its
 * state: taken or not (rwlock: readers, or a writer), which trylock, the
 * is_locked tests and lockdep_is_held() answer from. The dep_map is what
 * CONFIG_DEBUG_LOCK_ALLOC gives each lock: a name for the context hooks.
 */
#ifndef __LINUX_SPINLOCK_TYPES_H
#define __LINUX_SPINLOCK_TYPES_H

#include <linux/lockdep_types.h>

typedef struct raw_spinlock {
	unsigned int		locked;	/* 1 while held */
	struct lockdep_map	dep_map;
} raw_spinlock_t;

#define RAW_SPIN_DEP_MAP_INIT(lockname)	.dep_map = { .name = #lockname, .wait_type_inner = LD_WAIT_SPIN, },
#define SPIN_DEP_MAP_INIT(lockname)	.dep_map = { .name = #lockname, .wait_type_inner = LD_WAIT_CONFIG, },

#define __RAW_SPIN_LOCK_INITIALIZER(lockname) { .locked = 0, RAW_SPIN_DEP_MAP_INIT(lockname) }
#define __RAW_SPIN_LOCK_UNLOCKED(lockname)	\
	(raw_spinlock_t) __RAW_SPIN_LOCK_INITIALIZER(lockname)
#define DEFINE_RAW_SPINLOCK(x)	raw_spinlock_t x = __RAW_SPIN_LOCK_UNLOCKED(x)

typedef struct spinlock {
	union {
		struct raw_spinlock rlock;
		struct {
			u8 __padding[__builtin_offsetof(struct raw_spinlock, dep_map)];
			struct lockdep_map dep_map;
		};
	};
} spinlock_t;

#define ___SPIN_LOCK_INITIALIZER(lockname) { .locked = 0, SPIN_DEP_MAP_INIT(lockname) }
#define __SPIN_LOCK_INITIALIZER(lockname) \
	{ { .rlock = ___SPIN_LOCK_INITIALIZER(lockname) } }
#define __SPIN_LOCK_UNLOCKED(lockname) \
	(spinlock_t) __SPIN_LOCK_INITIALIZER(lockname)
#define DEFINE_SPINLOCK(x)	spinlock_t x = __SPIN_LOCK_UNLOCKED(x)

/* rwlock_types.h */
typedef struct qdk_rwlock {
	int			cnt;	/* readers holding it; -1: a writer */
	struct lockdep_map	dep_map;
} rwlock_t;

#define RW_DEP_MAP_INIT(lockname)	.dep_map = { .name = #lockname, .wait_type_inner = LD_WAIT_CONFIG, },
#define __RW_LOCK_UNLOCKED(lockname)	(rwlock_t) { .cnt = 0, RW_DEP_MAP_INIT(lockname) }
#define DEFINE_RWLOCK(x)	rwlock_t x = __RW_LOCK_UNLOCKED(x)

#endif
