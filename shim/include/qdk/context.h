/* SPDX-License-Identifier: GPL-2.0 */
/*
 * qdk/context.h - the shim's context checks: what the kernel's lockdep and
 * CONFIG_DEBUG_ATOMIC_SLEEP catch, on in every build. Not a kernel header.
 *
 * The lock operations of spinlock.h, rwlock.h, mutex.h and seqlock.h, the
 * RCU read side of rcupdate.h, local_bh_*() and local_irq_*(), might_sleep()
 * and every call that may sleep (an allocation whose gfp flags allow direct
 * reclaim, mutex_lock(), msleep(), synchronize_rcu() ...) report here, with
 * the lock (its lockdep_map) and the caller's address or file and line. The
 * state they keep (shim/lib/lockdep.c, the preemption count of
 * linux/preempt.h) is the kernel's: the locks this CPU holds, the RCU read
 * depth, whether interrupts are off.
 *
 * The shim calls a qdisc's ops, timers, tasklets and work items inside a
 * frame (qdk_ctx_enter()/qdk_ctx_leave()) in the context the kernel calls
 * them in: enqueue, dequeue and peek with bottom halves off and the root
 * lock held (__dev_xmit_skb(), qdisc_restart()), timers and tasklets in a
 * softirq, a hard hrtimer in a hardirq, init/change/dump/destroy and work
 * items in process context. Then:
 *
 *  - a call that may sleep where the preemption count is not zero, with
 *    interrupts off or inside an RCU read-side section is the kernel's
 *    "BUG: sleeping function called from invalid context";
 *  - a lock released that is not held is lockdep's "bad unlock balance";
 *  - a lock this CPU holds taken again is a recursion (the kernel hangs);
 *  - two locks taken in opposite orders anywhere in the run (directly or
 *    through other locks) is lockdep's "possible circular locking
 *    dependency", reported where the second order is made;
 *  - a frame that returns with a lock, an RCU read-side section, bottom
 *    halves or interrupts off it did not have on entry leaked them;
 *
 * and each stops the program at once (exit 2) with the caller's file and
 * line, the op or callback it ran in, the locks held and how the kernel
 * reports it (gdb: break qdk_ctx_bug). A failed lockdep_assert_held() is a
 * WARNING, as in the kernel.
 */
#ifndef _QDK_CONTEXT_H
#define _QDK_CONTEXT_H

struct lockdep_map;

/*
 * The address of the code that called the primitive (inlined: the call
 * site). As the kernel's x86 _THIS_IP_, an instruction rather than a
 * label's address, which the optimizer may move to the function's start.
 */
#define _QDK_THIS_IP_ ({ unsigned long __here;				\
	__asm__ volatile("lea 0(%%rip), %0" : "=r" (__here)); __here; })

/* in an out-of-line primitive: the call instruction of its caller */
#define _QDK_RET_IP_ ((unsigned long)__builtin_return_address(0) - 1)

/* a lock was taken (trylock: only when it succeeded); read: shared (rwlock read side) */
void qdk_ctx_acquire(struct lockdep_map *map, int trylock, int read, unsigned long ip);

/*
 * the same for a lock taken with a lockdep subclass (spin_lock_nested()):
 * the lock-order checks tell (key, subclass) classes apart
 */
void qdk_ctx_acquire_nested(struct lockdep_map *map, unsigned int subclass, int trylock,
			    int read, unsigned long ip);

/* a dynamic lock_class_key goes away: forget the orders of its locks */
void qdk_ctx_forget_key(const void *key);

/* the lock orders the run recorded so far (held, then taken): for tests */
int qdk_ctx_lock_orders(void);

/* a lock was released */
void qdk_ctx_release(struct lockdep_map *map, unsigned long ip);

/* a lock this CPU holds taken again (the kernel would hang): stops the program */
void qdk_ctx_recursion(const char *what, struct lockdep_map *map, unsigned long ip)
	__attribute__((__noreturn__));

/* lockdep_assert_held() and friends: held says what the shim's lock state knows */
void qdk_ctx_assert_held(struct lockdep_map *map, int held, unsigned long ip);

/*
 * RCU read side, by flavour: rcu_read_lock() (a nest depth: Debian's
 * PREEMPT_RCU), _bh() (bottom halves off), _sched() (preemption off),
 * srcu_read_lock() (its own counts: no context of its own). A number, not a
 * name: every enqueue and dequeue enters and leaves one.
 */
enum qdk_rcu_kind { QDK_RCU, QDK_RCU_BH, QDK_RCU_SCHED, QDK_SRCU };
void qdk_ctx_rcu_enter(enum qdk_rcu_kind kind, unsigned long ip);
void qdk_ctx_rcu_exit(enum qdk_rcu_kind kind, unsigned long ip);

/* might_sleep() and every call that may sleep (mutex_lock, msleep, synchronize_rcu ...) */
void qdk_ctx_might_sleep(const char *file, int line);

/*
 * __might_resched(): may sleep with OFFSETS still held, the preemption
 * count in the low 8 bits and the RCU nest depth above (cond_resched_lock()
 * holds its lock: PREEMPT_LOCK_OFFSET)
 */
void qdk_ctx_might_resched(const char *file, int line, unsigned int offsets);

/* the same, saying WHAT may sleep; at a file and line, or at a code address */
void qdk_ctx_might_sleep_in(const char *file, int line, const char *what);
void qdk_ctx_might_sleep_at(const char *what, unsigned long ip);

/* interrupts (bh 0) or bottom halves (bh 1) off / on again */
void qdk_ctx_irq_off(int bh, unsigned long ip);
void qdk_ctx_irq_on(int bh, unsigned long ip);


/*
 * A frame: the shim runs WHAT ("enqueue", "timer" ...) of qdisc KIND (or
 * NULL), the callback FN (0 for an op), in the context the caller set up
 * before qdk_ctx_enter() (locks, bottom halves, softirq). qdk_ctx_leave()
 * checks the frame left that context as it found it.
 */
struct qdk_ctx_frame {
	const char *what;
	const char *kind;
	unsigned long fn;
	unsigned int preempt;
	int irqs;
	int rcu;
	int held;
	struct qdk_ctx_frame *outer;
};

void qdk_ctx_enter(struct qdk_ctx_frame *f, const char *what, const char *kind, unsigned long fn);
void qdk_ctx_leave(struct qdk_ctx_frame *f);

/*
 * An op of the control path (init, change, dump, destroy) in its frame:
 * process context under RTNL, where it may sleep; the frame checks it
 * leaves no lock, RCU section or bottom halves behind.
 */
#define qdk_ctx_op(what, kind, call) ({					\
	struct qdk_ctx_frame __qdk_f;					\
	__auto_type __qdk_r = (qdk_ctx_enter(&__qdk_f, what, kind, 0), (call)); \
	qdk_ctx_leave(&__qdk_f);					\
	__qdk_r;							\
})
#define qdk_ctx_op_void(what, kind, call) do {				\
	struct qdk_ctx_frame __qdk_f;					\
	qdk_ctx_enter(&__qdk_f, what, kind, 0);				\
	call;								\
	qdk_ctx_leave(&__qdk_f);					\
} while (0)

/* where the context checks stop the program: a breakpoint for gdb */
void qdk_ctx_bug(void);

#endif
