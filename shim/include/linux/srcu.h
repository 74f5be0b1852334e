/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sleepable RCU on the shim's model of RCU (rcupdate.h): readers get an
 * index and give it back; every grace period is over when an updater asks,
 * so synchronize_srcu() returns and call_srcu() runs its callback at once.
 */
#ifndef _LINUX_SRCU_H
#define _LINUX_SRCU_H

#include <linux/mutex.h>
#include <linux/rcupdate.h>

struct srcu_struct {
	int			readers;	/* read sections open */
	struct lockdep_map	dep_map;
};

#define __SRCU_STRUCT_INIT(_n)	{ .readers = 0, .dep_map = { .name = #_n }, }
#define DEFINE_SRCU(name)		struct srcu_struct name = __SRCU_STRUCT_INIT(name)
#define DEFINE_STATIC_SRCU(name)	static struct srcu_struct name = __SRCU_STRUCT_INIT(name)

static inline int init_srcu_struct(struct srcu_struct *ssp)
{
	ssp->readers = 0;
	ssp->dep_map.name = "srcu";
	return 0;
}

static inline void cleanup_srcu_struct(struct srcu_struct *ssp)
{
	/* the kernel warns about a read section still open */
	WARN_ON(ssp->readers);
}

static __always_inline int __qdk_srcu_read_lock(struct srcu_struct *ssp, unsigned long ip)
{
	qdk_ctx_rcu_enter("srcu", ip);
	ssp->readers++;
	return 0;
}

static __always_inline void __qdk_srcu_read_unlock(struct srcu_struct *ssp, int idx,
						   unsigned long ip)
{
	WARN_ON_ONCE(idx & ~0x1);
	ssp->readers--;
	qdk_ctx_rcu_exit("srcu", ip);
}

#define srcu_read_lock(ssp)		__qdk_srcu_read_lock(ssp, _QDK_THIS_IP_)
#define __srcu_read_lock(ssp)		srcu_read_lock(ssp)
#define srcu_read_lock_notrace(ssp)	srcu_read_lock(ssp)
#define srcu_read_lock_nmisafe(ssp)	srcu_read_lock(ssp)
#define srcu_read_unlock(ssp, idx)	__qdk_srcu_read_unlock(ssp, idx, _QDK_THIS_IP_)
#define srcu_read_unlock_nmisafe(ssp, idx)	srcu_read_unlock(ssp, idx)
#define __srcu_read_unlock(ssp, idx)	srcu_read_unlock(ssp, idx)
#define srcu_read_unlock_notrace(ssp, idx)	srcu_read_unlock(ssp, idx)
#define smp_mb__after_srcu_read_unlock()	do { } while (0)
#define srcu_read_lock_held(ssp)	((ssp)->readers > 0)
#define srcu_dereference_check(p, ssp, c)	((void)(ssp), (void)(c), READ_ONCE(p))
#define srcu_dereference(p, ssp)	srcu_dereference_check(p, ssp, 0)
#define srcu_dereference_notrace(p, ssp)	srcu_dereference_check(p, ssp, 1)

static inline void call_srcu(struct srcu_struct *ssp, struct rcu_head *head, rcu_callback_t func)
{
	call_rcu(head, func);
}

#define synchronize_srcu(ssp)		do { (void)(ssp); synchronize_rcu(); } while (0)
#define synchronize_srcu_expedited(ssp)	synchronize_srcu(ssp)
#define srcu_barrier(ssp)		do { (void)(ssp); rcu_barrier(); } while (0)

/* polled grace periods: every one is over already */
static inline unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp)
{
	return 0;
}

static inline unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp)
{
	return 0;
}

static inline bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie)
{
	return true;
}

DEFINE_LOCK_GUARD_1(srcu, struct srcu_struct, _T->idx = srcu_read_lock(_T->lock),
		    srcu_read_unlock(_T->lock, _T->idx), int idx)


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/workqueue.h>
#endif
