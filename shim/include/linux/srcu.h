/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sleepable RCU on the shim's model of RCU (rcupdate.h): readers get an
 * index and give it back; every grace period is over when an updater asks,
 * so synchronize_srcu() returns and call_srcu() runs its callback at once.
 * What the shim keeps per srcu_struct is the readers inside it and, from
 * 7.x, the read-side flavours used (normal, NMI-safe, fast, fast up/down)
 * and the fast readers' lock/unlock counters. Two things the kernel's debug
 * build catches warn here: a synchronize_srcu() from inside a read section
 * of the same srcu_struct (it would wait for itself for ever), and, in
 * 7.x, one srcu_struct read with two flavours (CONFIG_PROVE_RCU's check).
 * srcu_down_read()/srcu_up_read() may be released by another task, so they
 * count a reader without opening a read section for the context checks.
 */
#ifndef _LINUX_SRCU_H
#define _LINUX_SRCU_H

#include <linux/mutex.h>
#include <linux/rcupdate.h>
#include <linux/preempt.h>
#include <linux/rculist.h>	/* list_splice_init_srcu() */
#include <linux/string.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a fast reader's counters (srcutree.h): what srcu_read_lock_fast() hands out */
struct srcu_ctr {
	atomic_long_t srcu_locks;
	atomic_long_t srcu_unlocks;
};
#endif

struct srcu_struct {
	int			readers;	/* read sections open (and down_reads) */
	struct lockdep_map	dep_map;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	unsigned int		srcu_reader_flavor;	/* SRCU_READ_FLAVOR_* seen */
	struct srcu_ctr		__qdk_ctr;	/* the one CPU's fast counters */
#endif
};

#define __SRCU_STRUCT_INIT(_n)	{ .readers = 0, .dep_map = { .name = #_n }, }
#define DEFINE_SRCU(name)		struct srcu_struct name = __SRCU_STRUCT_INIT(name)
#define DEFINE_STATIC_SRCU(name)	static struct srcu_struct name = __SRCU_STRUCT_INIT(name)

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the flavours of read side; _SLOWGP ones make updaters use synchronize_rcu() */
#define SRCU_READ_FLAVOR_NORMAL		0x1
#define SRCU_READ_FLAVOR_NMI		0x2
#define SRCU_READ_FLAVOR_FAST		0x4
#define SRCU_READ_FLAVOR_FAST_UPDOWN	0x8
#define SRCU_READ_FLAVOR_ALL		(SRCU_READ_FLAVOR_NORMAL | SRCU_READ_FLAVOR_NMI | \
					 SRCU_READ_FLAVOR_FAST | SRCU_READ_FLAVOR_FAST_UPDOWN)
#define SRCU_READ_FLAVOR_SLOWGP		(SRCU_READ_FLAVOR_FAST | SRCU_READ_FLAVOR_FAST_UPDOWN)
#define DEFINE_SRCU_FAST(name)		DEFINE_SRCU(name)
#define DEFINE_STATIC_SRCU_FAST(name)	DEFINE_STATIC_SRCU(name)
#define DEFINE_SRCU_FAST_UPDOWN(name)	DEFINE_SRCU(name)
#define DEFINE_STATIC_SRCU_FAST_UPDOWN(name)	DEFINE_STATIC_SRCU(name)
#endif

static inline int __qdk_init_srcu_struct(struct srcu_struct *ssp, const char *name,
					 unsigned int flavor)
{
	memset(ssp, 0, sizeof(*ssp));
	ssp->dep_map.name = name;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	ssp->srcu_reader_flavor = flavor;
#endif
	return 0;
}

#define init_srcu_struct(ssp)	__qdk_init_srcu_struct((ssp), #ssp, 0)
static inline int __init_srcu_struct(struct srcu_struct *ssp, const char *name,
				     struct lock_class_key *key)
{
	return __qdk_init_srcu_struct(ssp, name, 0);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* without CONFIG_DEBUG_LOCK_ALLOC these are the functions init_srcu_struct*() call */
static inline int init_srcu_struct_generic(struct srcu_struct *ssp)
{
	return __qdk_init_srcu_struct(ssp, "srcu", 0);
}

/* an srcu_struct whose readers are all _fast (or _fast_updown) ones */
static inline int init_srcu_struct_fast(struct srcu_struct *ssp)
{
	return __qdk_init_srcu_struct(ssp, "srcu", SRCU_READ_FLAVOR_FAST);
}

static inline int init_srcu_struct_fast_updown(struct srcu_struct *ssp)
{
	return __qdk_init_srcu_struct(ssp, "srcu", SRCU_READ_FLAVOR_FAST_UPDOWN);
}
#endif

static inline void cleanup_srcu_struct(struct srcu_struct *ssp)
{
	/* the kernel warns about a read section still open */
	WARN_ON(ssp->readers);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* CONFIG_PROVE_RCU's check: one srcu_struct, one flavour of reader */
static inline void srcu_check_read_flavor(struct srcu_struct *ssp, int read_flavor)
{
	unsigned int old = ssp->srcu_reader_flavor;

	if (!old) {
		ssp->srcu_reader_flavor = read_flavor;
		return;
	}
	WARN_ONCE(old != (unsigned int)read_flavor,
		  "srcu: reader flavor %#x after %#x on one srcu_struct\n", read_flavor, old);
}
#define __qdk_srcu_flavor(ssp, f)	srcu_check_read_flavor((ssp), (f))
#else
#define __qdk_srcu_flavor(ssp, f)	do { (void)(ssp); } while (0)
#endif

/* NMI safety, as 6.12 tracks it: only with CONFIG_PROVE_RCU, which Debian's lacks */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define SRCU_NMI_UNKNOWN	0x0
#define SRCU_NMI_UNSAFE		0x1
#define SRCU_NMI_SAFE		0x2

static inline void srcu_check_nmi_safety(struct srcu_struct *ssp, bool nmi_safe)
{
}
#endif

/* the reader count alone: srcu_down_read()'s half, and __srcu_read_lock() */
static inline int __srcu_read_lock(struct srcu_struct *ssp)
{
	ssp->readers++;
	return 0;
}

static inline void __srcu_read_unlock(struct srcu_struct *ssp, int idx)
{
	WARN_ON_ONCE(ssp->readers <= 0);
	ssp->readers--;
}

static inline int __srcu_read_lock_nmisafe(struct srcu_struct *ssp)
{
	return __srcu_read_lock(ssp);
}

static inline void __srcu_read_unlock_nmisafe(struct srcu_struct *ssp, int idx)
{
	__srcu_read_unlock(ssp, idx);
}

/* a read section: counted, and reported to the context checks */
static __always_inline int __qdk_srcu_read_lock(struct srcu_struct *ssp, unsigned long ip)
{
	qdk_ctx_rcu_enter(QDK_SRCU, ip);
	return __srcu_read_lock(ssp);
}

static __always_inline void __qdk_srcu_read_unlock(struct srcu_struct *ssp, int idx,
						   unsigned long ip)
{
	WARN_ON_ONCE(idx & ~0x1);
	__srcu_read_unlock(ssp, idx);
	qdk_ctx_rcu_exit(QDK_SRCU, ip);
}

#define srcu_read_lock(ssp)						\
	({ __qdk_srcu_flavor((ssp), 0x1); __qdk_srcu_read_lock(ssp, _QDK_THIS_IP_); })
#define srcu_read_lock_notrace(ssp)	srcu_read_lock(ssp)
#define srcu_read_lock_nmisafe(ssp)					\
	({ __qdk_srcu_flavor((ssp), 0x2); __qdk_srcu_read_lock(ssp, _QDK_THIS_IP_); })
#define srcu_read_unlock(ssp, idx)					\
	do {								\
		__qdk_srcu_flavor((ssp), 0x1);				\
		__qdk_srcu_read_unlock(ssp, idx, _QDK_THIS_IP_);	\
	} while (0)
#define srcu_read_unlock_notrace(ssp, idx)	srcu_read_unlock(ssp, idx)
#define srcu_read_unlock_nmisafe(ssp, idx)				\
	do {								\
		__qdk_srcu_flavor((ssp), 0x2);				\
		__qdk_srcu_read_unlock(ssp, idx, _QDK_THIS_IP_);	\
	} while (0)

/*
 * A reader that another task may end (a semaphore's down/up): counted, but
 * no read section of this task for the context checks; not from an NMI.
 */
static inline int srcu_down_read(struct srcu_struct *ssp)
{
	WARN_ON_ONCE(in_nmi());
	__qdk_srcu_flavor(ssp, 0x1);
	return __srcu_read_lock(ssp);
}

static inline void srcu_up_read(struct srcu_struct *ssp, int idx)
{
	WARN_ON_ONCE(idx & ~0x1);
	WARN_ON_ONCE(in_nmi());
	__qdk_srcu_flavor(ssp, 0x1);
	__srcu_read_unlock(ssp, idx);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* fast readers: the counters of the current grace-period phase (one CPU, one pair) */
static inline struct srcu_ctr __percpu *__qdk_srcu_fast_lock(struct srcu_struct *ssp)
{
	atomic_long_inc(&ssp->__qdk_ctr.srcu_locks);
	ssp->readers++;
	return &ssp->__qdk_ctr;
}

static inline void __qdk_srcu_fast_unlock(struct srcu_struct *ssp, struct srcu_ctr __percpu *scp)
{
	WARN_ON_ONCE(scp != &ssp->__qdk_ctr);
	WARN_ON_ONCE(ssp->readers <= 0);
	atomic_long_inc(&scp->srcu_unlocks);
	ssp->readers--;
}

static __always_inline struct srcu_ctr __percpu *
__qdk_srcu_read_lock_fast(struct srcu_struct *ssp, int flavor, unsigned long ip)
{
	srcu_check_read_flavor(ssp, flavor);
	qdk_ctx_rcu_enter(QDK_SRCU, ip);
	return __qdk_srcu_fast_lock(ssp);
}

static __always_inline void __qdk_srcu_read_unlock_fast(struct srcu_struct *ssp,
							struct srcu_ctr __percpu *scp,
							int flavor, unsigned long ip)
{
	srcu_check_read_flavor(ssp, flavor);
	__qdk_srcu_fast_unlock(ssp, scp);
	qdk_ctx_rcu_exit(QDK_SRCU, ip);
}

#define srcu_read_lock_fast(ssp)					\
	__qdk_srcu_read_lock_fast((ssp), SRCU_READ_FLAVOR_FAST, _QDK_THIS_IP_)
#define srcu_read_lock_fast_notrace(ssp)	srcu_read_lock_fast(ssp)
#define srcu_read_lock_fast_updown(ssp)					\
	__qdk_srcu_read_lock_fast((ssp), SRCU_READ_FLAVOR_FAST_UPDOWN, _QDK_THIS_IP_)
#define srcu_read_unlock_fast(ssp, scp)					\
	__qdk_srcu_read_unlock_fast((ssp), (scp), SRCU_READ_FLAVOR_FAST, _QDK_THIS_IP_)
#define srcu_read_unlock_fast_notrace(ssp, scp)	srcu_read_unlock_fast(ssp, scp)
#define srcu_read_unlock_fast_updown(ssp, scp)				\
	__qdk_srcu_read_unlock_fast((ssp), (scp), SRCU_READ_FLAVOR_FAST_UPDOWN, _QDK_THIS_IP_)

/* the up/down form of the fast updown reader: no read section of this task */
static inline struct srcu_ctr __percpu *srcu_down_read_fast(struct srcu_struct *ssp)
{
	srcu_check_read_flavor(ssp, SRCU_READ_FLAVOR_FAST_UPDOWN);
	return __qdk_srcu_fast_lock(ssp);
}

static inline void srcu_up_read_fast(struct srcu_struct *ssp, struct srcu_ctr __percpu *scp)
{
	srcu_check_read_flavor(ssp, SRCU_READ_FLAVOR_FAST_UPDOWN);
	__qdk_srcu_fast_unlock(ssp, scp);
}

/* what srcu_dereference_check() asserts: nothing to check without sparse */
static inline void __srcu_read_lock_must_hold(const struct srcu_struct *ssp)
{
}
#endif

/* whether a read section of ssp is open (the kernel's lockdep answer) */
#define srcu_read_lock_held(ssp)	((ssp)->readers > 0)

#define srcu_lock_acquire(m)	do { (void)(m); } while (0)
#define srcu_lock_release(m)	do { (void)(m); } while (0)
#define srcu_lock_sync(m)	do { (void)(m); } while (0)

#define srcu_dereference_check(p, ssp, c)	((void)(ssp), (void)(c), READ_ONCE(p))
#define srcu_dereference(p, ssp)	srcu_dereference_check(p, ssp, 0)
#define srcu_dereference_notrace(p, ssp)	srcu_dereference_check(p, ssp, 1)

/* __srcu_read_lock()/__srcu_read_unlock() have their full barriers */
static inline void smp_mb__after_srcu_read_unlock(void)
{
}

static inline void smp_mb__after_srcu_read_lock(void)
{
}

/*
 * An updater inside a read section of the same srcu_struct would wait for
 * itself for ever (the kernel's lockdep reports it as a deadlock): the
 * warning names the caller's line.
 */
#define __qdk_srcu_sync_check(ssp)					\
	WARN_ONCE((ssp)->readers > 0,					\
		  "synchronize_srcu() inside a read section of the same srcu_struct: it would wait for ever\n")

static inline void call_srcu(struct srcu_struct *ssp, struct rcu_head *head, rcu_callback_t func)
{
	call_rcu(head, func);
}

#define synchronize_srcu(ssp)						\
	do { __qdk_srcu_sync_check(ssp); synchronize_rcu(); } while (0)
#define synchronize_srcu_expedited(ssp)	synchronize_srcu(ssp)
#define srcu_barrier(ssp)		do { (void)(ssp); rcu_barrier(); } while (0)

/* polled grace periods: every one is over already */
#define SRCU_GET_STATE_COMPLETED	0x1
#define NUM_ACTIVE_SRCU_POLL_OLDSTATE	2

static inline unsigned long get_completed_synchronize_srcu(void)
{
	return SRCU_GET_STATE_COMPLETED;
}

static inline unsigned long get_state_synchronize_srcu(struct srcu_struct *ssp)
{
	return SRCU_GET_STATE_COMPLETED;
}

static inline unsigned long start_poll_synchronize_srcu(struct srcu_struct *ssp)
{
	return SRCU_GET_STATE_COMPLETED;
}

static inline bool poll_state_synchronize_srcu(struct srcu_struct *ssp, unsigned long cookie)
{
	return true;
}

static inline bool same_state_synchronize_srcu(unsigned long oldstate1, unsigned long oldstate2)
{
	return oldstate1 == oldstate2;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0) && LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/*
 * 6.12's list_splice_init_rcu() for SRCU readers: list emptied for them,
 * their grace period waited for, then its entries spliced after head.
 */
static inline void list_splice_init_srcu(struct list_head *list, struct list_head *head,
					 struct srcu_struct *ssp)
{
	struct list_head *first = list->next;
	struct list_head *last = list->prev;
	struct list_head *next = head->next;

	if (list_empty(list))
		return;
	INIT_LIST_HEAD_RCU(list);
	synchronize_srcu(ssp);
	last->next = next;
	rcu_assign_pointer(list_next_rcu(head), first);
	first->prev = head;
	next->prev = last;
}
#endif

DEFINE_LOCK_GUARD_1(srcu, struct srcu_struct, _T->idx = srcu_read_lock(_T->lock),
		    srcu_read_unlock(_T->lock, _T->idx), int idx)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
DECLARE_LOCK_GUARD_1_ATTRS(srcu, __acquires_shared(_T), __releases_shared(_T))
DEFINE_LOCK_GUARD_1(srcu_fast, struct srcu_struct, _T->scp = srcu_read_lock_fast(_T->lock),
		    srcu_read_unlock_fast(_T->lock, _T->scp), struct srcu_ctr __percpu *scp)
DECLARE_LOCK_GUARD_1_ATTRS(srcu_fast, __acquires_shared(_T), __releases_shared(_T))
DEFINE_LOCK_GUARD_1(srcu_fast_notrace, struct srcu_struct,
		    _T->scp = srcu_read_lock_fast_notrace(_T->lock),
		    srcu_read_unlock_fast_notrace(_T->lock, _T->scp),
		    struct srcu_ctr __percpu *scp)
DECLARE_LOCK_GUARD_1_ATTRS(srcu_fast_notrace, __acquires_shared(_T), __releases_shared(_T))
DEFINE_LOCK_GUARD_1(srcu_fast_updown, struct srcu_struct,
		    _T->scp = srcu_read_lock_fast_updown(_T->lock),
		    srcu_read_unlock_fast_updown(_T->lock, _T->scp),
		    struct srcu_ctr __percpu *scp)
DECLARE_LOCK_GUARD_1_ATTRS(srcu_fast_updown, __acquires_shared(_T), __releases_shared(_T))
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/workqueue.h>
#endif
