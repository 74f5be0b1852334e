/* SPDX-License-Identifier: GPL-2.0 */
/*
 * RCU with one thread and no grace periods: a reader can never overlap an
 * updater, so every grace period has already ended when an updater asks.
 * Pointer accesses are plain (READ_ONCE/WRITE_ONCE); call_rcu() runs its
 * callback and kfree_rcu() frees at once; synchronize_rcu() and
 * rcu_barrier() return at once. The read side reports to the context hooks
 * (qdk/context.h); the updaters that may sleep report might_sleep there.
 */
#ifndef __LINUX_RCUPDATE_H
#define __LINUX_RCUPDATE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/bug.h>
#include <linux/cleanup.h>
#include <linux/lockdep.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/version.h>
#include <qdk/context.h>

#define ULONG_CMP_GE(a, b)	(ULONG_MAX / 2 >= (a) - (b))
#define ULONG_CMP_LT(a, b)	(ULONG_MAX / 2 < (a) - (b))
#define ulong2long(a)		(*(long *)(&(a)))
#define USHORT_CMP_GE(a, b)	(USHRT_MAX / 2 >= (unsigned short)((a) - (b)))
#define USHORT_CMP_LT(a, b)	(USHRT_MAX / 2 < (unsigned short)((a) - (b)))
#define NUM_ACTIVE_RCU_POLL_OLDSTATE	2
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the low bits of a grace-period sequence number are its state */
#define RCU_SEQ_CTR_SHIFT	2
#define RCU_SEQ_STATE_MASK	((1 << RCU_SEQ_CTR_SHIFT) - 1)
#endif
#define TRC_NEED_QS		0x1
#define TRC_NEED_QS_CHECKED	0x2

/* ---- the read side ---- */

#define rcu_read_lock()		qdk_ctx_rcu_enter(QDK_RCU, _QDK_THIS_IP_)
#define rcu_read_unlock()	qdk_ctx_rcu_exit(QDK_RCU, _QDK_THIS_IP_)
#define rcu_read_lock_bh()	qdk_ctx_rcu_enter(QDK_RCU_BH, _QDK_THIS_IP_)
#define rcu_read_unlock_bh()	qdk_ctx_rcu_exit(QDK_RCU_BH, _QDK_THIS_IP_)
#define rcu_read_lock_sched()	qdk_ctx_rcu_enter(QDK_RCU_SCHED, _QDK_THIS_IP_)
#define rcu_read_unlock_sched()	qdk_ctx_rcu_exit(QDK_RCU_SCHED, _QDK_THIS_IP_)
#define rcu_read_lock_sched_notrace()	rcu_read_lock_sched()
#define rcu_read_unlock_sched_notrace()	rcu_read_unlock_sched()
#define __rcu_read_lock()	rcu_read_lock()
#define __rcu_read_unlock()	rcu_read_unlock()
#define rcu_lock_acquire(map)	do { (void)(map); } while (0)
#define rcu_lock_release(map)	do { (void)(map); } while (0)
/* without lockdep the kernel answers 1: the caller may be a reader */
#define rcu_read_lock_held()		1
#define rcu_read_lock_bh_held()		1
#define rcu_read_lock_sched_held()	1
#define rcu_read_lock_any_held()	1
#define rcu_preempt_depth()		0
#define rcu_lockdep_current_cpu_online()	1
#define RCU_LOCKDEP_WARN(c, s)		do { (void)(c); } while (0)
#define rcu_sleep_check()		do { } while (0)
#define RCU_NONIDLE(a)			do { a; } while (0)

/* ---- pointers ---- */

#define rcu_check_sparse(p, space)	((void)0)
#define RCU_INITIALIZER(v)		(typeof(*(v)) __force __rcu *)(v)
#define RCU_POINTER_INITIALIZER(p, v)	.p = RCU_INITIALIZER(v)
#define rcu_dereference(p)		READ_ONCE(p)
#define rcu_dereference_bh(p)		READ_ONCE(p)
#define rcu_dereference_sched(p)	READ_ONCE(p)
#define rcu_dereference_raw(p)		READ_ONCE(p)
#define rcu_dereference_protected(p, c)	((void)(c), (p))
#define rcu_dereference_check(p, c)	((void)(c), READ_ONCE(p))
#define rcu_dereference_bh_check(p, c)	((void)(c), READ_ONCE(p))
#define rcu_dereference_sched_check(p, c)	((void)(c), READ_ONCE(p))
#define rcu_dereference_raw_check(p)	READ_ONCE(p)
#define rcu_access_pointer(p)		READ_ONCE(p)
#define rcu_pointer_handoff(p)		(p)
#define unrcu_pointer(p)		((typeof(*(p)) __force *)(p))
#define rcu_assign_pointer(p, v)	WRITE_ONCE(p, v)
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)
#define rcu_replace_pointer(rp, p, c)	({ typeof(rp) __old = (rp); (void)(c); (rp) = (p); __old; })
#define rtnl_dereference(p)		(p)
#define rcu_dereference_rtnl(p)		(p)

/* ---- updaters: every grace period is over already ---- */

/*
 * Functions, so that they can be passed (list_splice_init_rcu(..., synchronize_rcu));
 * a call goes through the macro, which reports the caller's line as might_sleep.
 */
static inline void synchronize_rcu(void)
{
	qdk_ctx_might_sleep(__FILE__, __LINE__);
}

static inline void synchronize_rcu_expedited(void)
{
	qdk_ctx_might_sleep(__FILE__, __LINE__);
}

static inline void synchronize_net(void)
{
	qdk_ctx_might_sleep(__FILE__, __LINE__);
}

#define synchronize_rcu()	qdk_ctx_might_sleep(__FILE__, __LINE__)
#define synchronize_rcu_expedited()	synchronize_rcu()
#define synchronize_net()	synchronize_rcu()
#define synchronize_rcu_tasks()	synchronize_rcu()
#define synchronize_rcu_tasks_rude()	synchronize_rcu()
#define rcu_barrier()		qdk_ctx_might_sleep(__FILE__, __LINE__)
#define rcu_barrier_tasks()	rcu_barrier()
#define rcu_barrier_tasks_rude()	rcu_barrier()
#define cond_synchronize_rcu(s)	do { (void)(s); } while (0)

static inline void call_rcu(struct rcu_head *head, rcu_callback_t func)
{
	head->func = func;
	func(head);
}

#define call_rcu_hurry(head, fn)	call_rcu(head, fn)
#define call_rcu_tasks(head, fn)	call_rcu(head, fn)
#define call_rcu_tasks_rude(head, fn)	call_rcu(head, fn)

/* the shim's grace periods: one cookie, always completed */
#define RCU_GET_STATE_COMPLETED	0x1
static inline unsigned long get_completed_synchronize_rcu(void)
{
	return RCU_GET_STATE_COMPLETED;
}

static inline unsigned long get_state_synchronize_rcu(void)
{
	return RCU_GET_STATE_COMPLETED;
}

static inline bool poll_state_synchronize_rcu(unsigned long oldstate)
{
	return true;
}

static inline bool same_state_synchronize_rcu(unsigned long oldstate1, unsigned long oldstate2)
{
	return oldstate1 == oldstate2;
}

static inline bool rcu_trace_implies_rcu_gp(void)
{
	return true;
}

/*
 * The full polled state: normal and expedited sequence numbers (6.1 and
 * 6.12's rcutree.h struct rcu_gp_oldstate, 7.x's struct rcu_gp_seq). Every
 * grace period is over here, so every snapshot is the completed one.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct rcu_gp_seq {
	unsigned long norm;
	unsigned long exp;
};
#define __qdk_rcu_gp_full	rcu_gp_seq
#define __qdk_rcu_gp_norm	norm
#define __qdk_rcu_gp_exp	exp
#else
struct rcu_gp_oldstate {
	unsigned long rgos_norm;
	unsigned long rgos_exp;
};
#define __qdk_rcu_gp_full	rcu_gp_oldstate
#define __qdk_rcu_gp_norm	rgos_norm
#define __qdk_rcu_gp_exp	rgos_exp
#endif

static inline void get_completed_synchronize_rcu_full(struct __qdk_rcu_gp_full *rgosp)
{
	rgosp->__qdk_rcu_gp_norm = RCU_GET_STATE_COMPLETED;
	rgosp->__qdk_rcu_gp_exp = RCU_GET_STATE_COMPLETED;
}

static inline void get_state_synchronize_rcu_full(struct __qdk_rcu_gp_full *rgosp)
{
	get_completed_synchronize_rcu_full(rgosp);
}

static inline void start_poll_synchronize_rcu_full(struct __qdk_rcu_gp_full *rgosp)
{
	get_completed_synchronize_rcu_full(rgosp);
}

static inline bool poll_state_synchronize_rcu_full(struct __qdk_rcu_gp_full *rgosp)
{
	return true;
}

static inline bool same_state_synchronize_rcu_full(struct __qdk_rcu_gp_full *rgosp1,
						   struct __qdk_rcu_gp_full *rgosp2)
{
	return rgosp1->__qdk_rcu_gp_norm == rgosp2->__qdk_rcu_gp_norm &&
	       rgosp1->__qdk_rcu_gp_exp == rgosp2->__qdk_rcu_gp_exp;
}

#define cond_synchronize_rcu_full(rgosp)	do { (void)(rgosp); } while (0)

/* the scheduler is up (RCU_SCHEDULER_RUNNING) from the start of a run */
extern int rcu_scheduler_active;

/*
 * Callback offloading (CONFIG_RCU_NOCB_CPU, Debian's): only a CPU offloaded
 * at boot can be offloaded again, and an online one never. The one CPU is
 * online and was not: offloading fails as the kernel's does, de-offloading
 * has nothing to do.
 */
static inline int rcu_nocb_cpu_offload(int cpu)
{
	might_sleep();
	if (cpu == 0)
		pr_info("NOCB: Cannot CB-offload online CPU %d\n", cpu);
	return -EINVAL;
}

static inline int rcu_nocb_cpu_deoffload(int cpu)
{
	might_sleep();
	return 0;
}

static inline void rcu_nocb_flush_deferred_wakeup(void)
{
}

#define RCU_NOCB_LOCKDEP_WARN(c, s)	RCU_LOCKDEP_WARN(c, s)

/* lockdep-only annotations, off in Debian's kernels (no CONFIG_PROVE_RCU) */
static inline int debug_lockdep_rcu_enabled(void)
{
	return 0;
}

#define rcu_try_lock_acquire(a)			do { (void)(a); } while (0)
#define lockdep_assert_in_rcu_read_lock()	do { } while (0)
#define lockdep_assert_in_rcu_read_lock_bh()	do { } while (0)
#define lockdep_assert_in_rcu_read_lock_sched()	do { } while (0)
#define lockdep_assert_in_rcu_reader()		do { } while (0)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a reader that also stays on its CPU (PREEMPT_RCU: migration off too) */
static __always_inline void rcu_read_lock_dont_migrate(void)
{
	migrate_disable();
	rcu_read_lock();
}

static inline void rcu_read_unlock_migrate(void)
{
	rcu_read_unlock();
	migrate_enable();
}
#endif

/*
 * rcu_head_init() marks a head unused; rcu_head_after_call_rcu() then says
 * whether call_rcu() has been given it (with that function), as the kernel's.
 */
static inline void rcu_head_init(struct rcu_head *rhp)
{
	rhp->func = (rcu_callback_t)~0L;
}

static inline bool rcu_head_after_call_rcu(struct rcu_head *rhp, rcu_callback_t f)
{
	rcu_callback_t func = READ_ONCE(rhp->func);

	if (func == f)
		return true;
	WARN_ON_ONCE(func != (rcu_callback_t)~0L);
	return false;
}

static inline void init_rcu_head(struct rcu_head *head)
{
}

static inline void destroy_rcu_head(struct rcu_head *head)
{
}

static inline void init_rcu_head_on_stack(struct rcu_head *head)
{
}

static inline void destroy_rcu_head_on_stack(struct rcu_head *head)
{
}

/* kfree_rcu(ptr, rhf) and the one-argument kvfree_rcu(ptr): freed at once */
#define KVFREE_GET_MACRO(_1, _2, NAME, ...)	NAME
#define kvfree_rcu_arg_2(ptr, rhf)	do { typeof(ptr) ___p = (ptr); if (___p) kvfree(___p); } while (0)
#define kvfree_rcu_arg_1(ptr)		do { might_sleep(); kvfree(ptr); } while (0)
#define kfree_rcu(ptr, rhf...)		kvfree_rcu(ptr, ## rhf)
#define kvfree_rcu(...)	KVFREE_GET_MACRO(__VA_ARGS__, kvfree_rcu_arg_2, kvfree_rcu_arg_1)(__VA_ARGS__)
#define kvfree_rcu_mightsleep(ptr)	kvfree_rcu_arg_1(ptr)
#define kfree_rcu_mightsleep(ptr)	kvfree_rcu_mightsleep(ptr)

/* quiescent states: nothing to report on one thread */
#define rcu_note_voluntary_context_switch(t)	do { } while (0)
#define rcu_tasks_qs(t, preempt)		do { } while (0)
#define rcu_tasks_classic_qs(t, preempt)	do { } while (0)
#define rcu_tasks_trace_qs(t)			do { } while (0)
#define cond_resched_tasks_rcu_qs()		do { } while (0)
#define rcu_softirq_qs_periodic(old_ts)		do { } while (0)
#define smp_mb__after_unlock_lock()		do { } while (0)
static inline void rcu_irq_work_resched(void)
{
}

DEFINE_LOCK_GUARD_0(rcu, rcu_read_lock(), rcu_read_unlock())


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/atomic.h>
#include <linux/irqflags.h>
#include <linux/bottom_half.h>
#endif
