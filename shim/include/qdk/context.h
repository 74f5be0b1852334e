/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdk/context.h - the one place where the shim's locking, RCU and sleeping
 * primitives report what they do, for context checks (what the kernel's
 * lockdep and CONFIG_DEBUG_ATOMIC_SLEEP catch). Not a kernel header.
 *
 * Every hook is a named no-op today: the lock operations of spinlock.h,
 * rwlock, mutex.h, seqlock.h, the RCU read side of rcupdate.h, might_sleep()
 * and the sleeping calls of delay.h/wait.h call them with the lock (its
 * lockdep_map: name and key) and the caller's instruction pointer, so a
 * checker can fill them in without touching the primitives.
 */
#ifndef _QDK_CONTEXT_H
#define _QDK_CONTEXT_H

struct lockdep_map;

/* the address of the code that called the primitive (inlined: the call site) */
#define _QDK_THIS_IP_ ({ __label__ __here; __here: (unsigned long)&&__here; })

/* a lock was taken (trylock: only when it succeeded); read: shared (rwlock read side) */
static inline __attribute__((__always_inline__)) void
qdk_ctx_acquire(struct lockdep_map *map, int trylock, int read, unsigned long ip)
{
}

/* a lock was released */
static inline __attribute__((__always_inline__)) void
qdk_ctx_release(struct lockdep_map *map, unsigned long ip)
{
}

/* lockdep_assert_held() and friends: held says what the shim's lock state knows */
static inline __attribute__((__always_inline__)) void
qdk_ctx_assert_held(struct lockdep_map *map, int held, unsigned long ip)
{
}

/* RCU read side (kind: "rcu", "rcu_bh", "rcu_sched", "srcu") */
static inline __attribute__((__always_inline__)) void
qdk_ctx_rcu_enter(const char *kind, unsigned long ip)
{
}

static inline __attribute__((__always_inline__)) void
qdk_ctx_rcu_exit(const char *kind, unsigned long ip)
{
}

/* might_sleep() and every call that may sleep (mutex_lock, msleep, synchronize_rcu ...) */
static inline __attribute__((__always_inline__)) void
qdk_ctx_might_sleep(const char *file, int line)
{
}

/* interrupts (irq) or bottom halves (bh) off / on again */
static inline __attribute__((__always_inline__)) void
qdk_ctx_irq_off(int bh, unsigned long ip)
{
}

static inline __attribute__((__always_inline__)) void
qdk_ctx_irq_on(int bh, unsigned long ip)
{
}

#endif
