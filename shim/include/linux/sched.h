/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The task a module runs in. The shim has one: the process, seen by the
 * module as the task "tc" (pid 1), which makes every call, from the
 * control path, the datapath and timers alike; current is always it.
 * Nothing else runs, so nothing can wake a sleeper: schedule() and
 * schedule_timeout() return at once with the task running again, as after
 * an immediate wake-up (schedule_timeout() with all of its time left), and
 * cond_resched() (linux/kernel.h) never gives the CPU away.
 */
#ifndef _LINUX_SCHED_H
#define _LINUX_SCHED_H

#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/compiler.h>
#include <linux/version.h>
#include <linux/string.h>
#include <linux/smp.h>
#include <linux/jiffies.h>
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/list.h>
#include <linux/rbtree.h>
#include <linux/spinlock.h>
#include <linux/seqlock.h>

/* task states: __state, and what set_current_state() takes */
#define TASK_RUNNING		0x00000000
#define TASK_INTERRUPTIBLE	0x00000001
#define TASK_UNINTERRUPTIBLE	0x00000002
#define __TASK_STOPPED		0x00000004
#define __TASK_TRACED		0x00000008
#define EXIT_DEAD		0x00000010
#define EXIT_ZOMBIE		0x00000020
#define EXIT_TRACE		(EXIT_ZOMBIE | EXIT_DEAD)
#define TASK_PARKED		0x00000040
#define TASK_DEAD		0x00000080
#define TASK_WAKEKILL		0x00000100
#define TASK_WAKING		0x00000200
#define TASK_NOLOAD		0x00000400
#define TASK_NEW		0x00000800
#define TASK_RTLOCK_WAIT	0x00001000
#define TASK_FREEZABLE		0x00002000
#define TASK_FROZEN		0x00008000
#define TASK_STATE_MAX		0x00010000
#define TASK_ANY		(TASK_STATE_MAX - 1)
#define TASK_KILLABLE		(TASK_WAKEKILL | TASK_UNINTERRUPTIBLE)
#define TASK_STOPPED		(TASK_WAKEKILL | __TASK_STOPPED)
#define TASK_TRACED		__TASK_TRACED
#define TASK_IDLE		(TASK_UNINTERRUPTIBLE | TASK_NOLOAD)
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)
#define TASK_REPORT		(TASK_RUNNING | TASK_INTERRUPTIBLE | \
				 TASK_UNINTERRUPTIBLE | __TASK_STOPPED | \
				 __TASK_TRACED | EXIT_DEAD | EXIT_ZOMBIE | \
				 TASK_PARKED)

#define task_is_running(task)	(READ_ONCE((task)->__state) == TASK_RUNNING)
#define task_is_traced(task)	((READ_ONCE((task)->jobctl) & JOBCTL_TRACED) != 0)
#define task_is_stopped(task)	((READ_ONCE((task)->jobctl) & JOBCTL_STOPPED) != 0)
#define JOBCTL_STOPPED		(1UL << 26)
#define JOBCTL_TRACED		(1UL << 27)

/* task flags (task_struct.flags), with each series' values */
#define PF_VCPU			0x00000001
#define PF_IDLE			0x00000002
#define PF_EXITING		0x00000004
#define PF_POSTCOREDUMP		0x00000008
#define PF_IO_WORKER		0x00000010
#define PF_WQ_WORKER		0x00000020
#define PF_FORKNOEXEC		0x00000040
#define PF_MCE_PROCESS		0x00000080
#define PF_SUPERPRIV		0x00000100
#define PF_DUMPCORE		0x00000200
#define PF_SIGNALED		0x00000400
#define PF_MEMALLOC		0x00000800
#define PF_NPROC_EXCEEDED	0x00001000
#define PF_USED_MATH		0x00002000
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define PF_USER_WORKER		0x00004000
#else
#define PF__HOLE__00004000	0x00004000
#endif
#define PF_NOFREEZE		0x00008000
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define PF_KCOMPACTD		0x00010000
#else
#define PF__HOLE__00010000	0x00010000
#endif
#define PF_KSWAPD		0x00020000
#define PF_MEMALLOC_NOFS	0x00040000
#define PF_MEMALLOC_NOIO	0x00080000
#define PF_LOCAL_THROTTLE	0x00100000
#define PF_KTHREAD		0x00200000
#define PF_RANDOMIZE		0x00400000
#define PF_NO_NOTIFY_SIGNAL	0x00800000
#define PF__HOLE__01000000	0x01000000
#define PF__HOLE__02000000	0x02000000
#define PF_NO_SETAFFINITY	0x04000000
#define PF_MCE_EARLY		0x08000000
#define PF_MEMALLOC_PIN		0x10000000
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define PF_BLOCK_TS		0x20000000
#else
#define PF__HOLE__20000000	0x20000000
#endif
#define PF__HOLE__40000000	0x40000000
#define PF_SUSPEND_TASK		0x80000000

/* the FPU state flag: a kernel thread never has user FPU state */
#define clear_stopped_child_used_math(child)	do { (child)->flags &= ~PF_USED_MATH; } while (0)
#define set_stopped_child_used_math(child)	do { (child)->flags |= PF_USED_MATH; } while (0)
#define clear_used_math()	clear_stopped_child_used_math(current)
#define set_used_math()		set_stopped_child_used_math(current)
#define conditional_stopped_child_used_math(condition, child) \
	do { (child)->flags &= ~PF_USED_MATH; (child)->flags |= (condition) ? PF_USED_MATH : 0; } while (0)
#define conditional_used_math(condition)	conditional_stopped_child_used_math(condition, current)
#define copy_to_stopped_child_used_math(child) \
	do { (child)->flags &= ~PF_USED_MATH; (child)->flags |= current->flags & PF_USED_MATH; } while (0)
/* 0 or PF_USED_MATH, never 1 */
#define tsk_used_math(p)	((p)->flags & PF_USED_MATH)
#define used_math()		tsk_used_math(current)

/* per-task atomic flags (task_struct.atomic_flags), bit numbers */
#define PFA_NO_NEW_PRIVS		0
#define PFA_SPREAD_PAGE			1
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#define PFA_SPREAD_SLAB			2
#endif
#define PFA_SPEC_SSB_DISABLE		3
#define PFA_SPEC_SSB_FORCE_DISABLE	4
#define PFA_SPEC_IB_DISABLE		5
#define PFA_SPEC_IB_FORCE_DISABLE	6
#define PFA_SPEC_SSB_NOEXEC		7

/* the scheduler's fixed-point units */
#define SCHED_FIXEDPOINT_SHIFT		10
#define SCHED_FIXEDPOINT_SCALE		(1L << SCHED_FIXEDPOINT_SHIFT)
#define SCHED_CAPACITY_SHIFT		SCHED_FIXEDPOINT_SHIFT
#define SCHED_CAPACITY_SCALE		(1L << SCHED_CAPACITY_SHIFT)
#define UTIL_EST_WEIGHT_SHIFT		2
#define UTIL_AVG_UNCHANGED		0x80000000
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* Debian's CONFIG_UCLAMP_BUCKETS_COUNT */
#define UCLAMP_BUCKETS			5
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define PERF_NR_CONTEXTS		4
#endif

/* __might_resched()'s offsets: the preemption count below, RCU depth above */
#define MIGHT_RESCHED_RCU_SHIFT		8
#define MIGHT_RESCHED_PREEMPT_MASK	((1U << MIGHT_RESCHED_RCU_SHIFT) - 1)
#define PREEMPT_LOCK_RESCHED_OFFSETS	PREEMPT_LOCK_OFFSET

#define MAX_SCHEDULE_TIMEOUT	LONG_MAX

enum {
	TASK_COMM_LEN = 16,
};

/* TASK_FREEZABLE_UNSAFE: its extra bit only with CONFIG_LOCKDEP, which Debian's lack */
#define __TASK_FREEZABLE_UNSAFE	0
#define TASK_FREEZABLE_UNSAFE	(TASK_FREEZABLE | __TASK_FREEZABLE_UNSAFE)
#define TASK_REPORT_IDLE	(TASK_REPORT + 1)
#define TASK_REPORT_MAX		(TASK_REPORT_IDLE << 1)
#define task_is_stopped_or_traced(task) \
	((READ_ONCE((task)->jobctl) & (JOBCTL_STOPPED | JOBCTL_TRACED)) != 0)
/* states only set_special_state() may set */
#define is_special_task_state(state) \
	((state) & (__TASK_STOPPED | __TASK_TRACED | TASK_PARKED | TASK_DEAD))
/* CONFIG_DEBUG_ATOMIC_SLEEP's checks of a state change: a special state the plain way */
#define debug_normal_state_change(state_value) \
	WARN_ON_ONCE(is_special_task_state(state_value))
#define debug_special_state_change(state_value) \
	WARN_ON_ONCE(!is_special_task_state(state_value))
/* PREEMPT_RT's sleeping spinlocks: not built (Debian's configs) */
#define debug_rtlock_wait_set_state()		do { } while (0)
#define debug_rtlock_wait_restore_state()	do { } while (0)
#define current_save_and_set_rtlock_wait_state()	do { } while (0)
#define current_restore_rtlock_saved_state()	do { } while (0)
#define get_current_state()	READ_ONCE(current->__state)

/* x86's thread_info (THREAD_INFO_IN_TASK): its flags word, first in the task */
struct thread_info {
	unsigned long	flags;
	unsigned long	syscall_work;
	u32		status;
	u32		cpu;
};
#ifndef TIF_NEED_RESCHED
#define TIF_NOTIFY_RESUME	1
#define TIF_SIGPENDING		2
#define TIF_NEED_RESCHED	3
#endif
#define task_thread_info(task)	(&(task)->thread_info)

/* the scheduler's per-entity state; a module reads a task's, never changes it */
struct load_weight {
	unsigned long	weight;
	u32		inv_weight;
};

struct util_est {
	unsigned int	enqueued;
	unsigned int	ewma;
};

struct sched_avg {
	u64		last_update_time;
	u64		load_sum;
	u64		runnable_sum;
	u32		util_sum;
	u32		period_contrib;
	unsigned long	load_avg;
	unsigned long	runnable_avg;
	unsigned long	util_avg;
	unsigned int	util_est;
};

struct sched_statistics {
	u64		wait_start;
	u64		wait_max;
	u64		wait_count;
	u64		wait_sum;
	u64		iowait_count;
	u64		iowait_sum;
	u64		sleep_start;
	u64		sleep_max;
	s64		sum_sleep_runtime;
	u64		block_start;
	u64		block_max;
	s64		sum_block_runtime;
	s64		exec_max;
	u64		slice_max;
	u64		nr_migrations_cold;
	u64		nr_failed_migrations_affine;
	u64		nr_failed_migrations_running;
	u64		nr_failed_migrations_hot;
	u64		nr_forced_migrations;
	u64		nr_wakeups;
	u64		nr_wakeups_sync;
	u64		nr_wakeups_migrate;
	u64		nr_wakeups_local;
	u64		nr_wakeups_remote;
	u64		nr_wakeups_affine;
	u64		nr_wakeups_affine_attempts;
	u64		nr_wakeups_passive;
	u64		nr_wakeups_idle;
};

struct sched_entity {
	struct load_weight	load;
	struct rb_node		run_node;
	u64			deadline;
	u64			min_vruntime;
	struct list_head	group_node;
	unsigned int		on_rq;
	u64			exec_start;
	u64			sum_exec_runtime;
	u64			prev_sum_exec_runtime;
	u64			vruntime;
	s64			vlag;
	u64			slice;
	u64			nr_migrations;
	int			depth;
	struct sched_entity	*parent;
	struct sched_avg	avg;
};

struct sched_rt_entity {
	struct list_head	run_list;
	unsigned long		timeout;
	unsigned long		watchdog_stamp;
	unsigned int		time_slice;
	unsigned short		on_rq;
	unsigned short		on_list;
	struct sched_rt_entity	*back;
	struct sched_rt_entity	*parent;
};

struct sched_dl_entity {
	struct rb_node		rb_node;
	u64			dl_runtime;
	u64			dl_deadline;
	u64			dl_period;
	u64			dl_bw;
	u64			dl_density;
	s64			runtime;
	u64			deadline;
	unsigned int		flags;
	unsigned int		dl_throttled : 1;
	unsigned int		dl_yielded : 1;
	unsigned int		dl_non_contending : 1;
	unsigned int		dl_overrun : 1;
	struct sched_dl_entity	*pi_se;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct rq_flags;
typedef struct task_struct *(*dl_server_pick_f)(struct sched_dl_entity *, struct rq_flags *rf);
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 0, 0)
typedef bool (*dl_server_has_tasks_f)(struct sched_dl_entity *);
#endif
/* uapi/linux/sched/types.h's, which 6.12 defines here */
struct sched_param {
	int sched_priority;
};
#endif

struct sched_info {
	unsigned long		pcount;
	unsigned long long	run_delay;
	unsigned long long	last_arrival;
	unsigned long long	last_queued;
};

struct prev_cputime {
	u64		utime;
	u64		stime;
	raw_spinlock_t	lock;
};

enum vtime_state {
	VTIME_INACTIVE = 0,
	VTIME_IDLE,
	VTIME_SYS,
	VTIME_USER,
	VTIME_GUEST,
};

struct vtime {
	seqcount_t		seqcount;
	unsigned long long	starttime;
	enum vtime_state	state;
	unsigned int		cpu;
	u64			utime;
	u64			stime;
	u64			gtime;
};

enum uclamp_id {
	UCLAMP_MIN = 0,
	UCLAMP_MAX,
	UCLAMP_CNT
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct uclamp_se {
	unsigned int value : 11;	/* bits_per(SCHED_CAPACITY_SCALE) */
	unsigned int bucket_id : 3;	/* bits_per(UCLAMP_BUCKETS) */
	unsigned int active : 1;
	unsigned int user_defined : 1;
};

struct task_ipi_mask {
	union {
		struct cpumask	*ipi_mask_ptr;
		unsigned long	ipi_mask_val;
	};
};

struct sched_cache_time {
	u64		runtime;
	unsigned long	epoch;
};

/* Debian's 7.x has no CONFIG_SCHED_CACHE: the empty group */
struct sched_cache_group { };
#endif

/* the RCU-preempt state of a reader that was preempted or blocked */
union rcu_special {
	struct {
		u8	blocked;
		u8	need_qs;
		u8	exp_hint;
		u8	need_mb;
	} b;
	u32 s;
};

enum perf_event_task_context {
	perf_invalid_context = -1,
	perf_hw_context = 0,
	perf_sw_context,
	perf_nr_task_contexts,
};

/* a task on a wake_q (sched/wake_q.h): the next one, or the list's end */
struct wake_q_node {
	struct wake_q_node *next;
};

/* x86-64 has no highmem: kmap_local() keeps no per-task slots */
struct kmap_ctrl {
};

struct pid;
struct pid_namespace;

/* x86-64's kernel stack: THREAD_SIZE, four pages */
union thread_union {
	unsigned long stack[(4096 << 2) / sizeof(long)];
};

/* what a module reads of a task */
struct task_struct {
	struct thread_info	thread_info;
	unsigned int	__state;
	unsigned int	saved_state;
	void		*stack;
	unsigned int	flags;
	unsigned int	ptrace;
	int		on_cpu;
	int		on_rq;
	int		recent_used_cpu;
	int		wake_cpu;
	int		prio;
	int		static_prio;
	int		normal_prio;
	unsigned int	rt_priority;
	struct sched_entity	se;
	struct sched_rt_entity	rt;
	struct sched_dl_entity	dl;
	unsigned int	policy;
	int		nr_cpus_allowed;
	struct sched_info	sched_info;
	int		exit_state;
	int		exit_code;
	int		exit_signal;
	unsigned long	jobctl;
	unsigned int	personality;
	unsigned long	atomic_flags;
	pid_t		pid;
	pid_t		tgid;
	struct task_struct *real_parent;
	struct task_struct *parent;
	struct task_struct *group_leader;
	struct pid	*thread_pid;
	struct list_head	children;
	struct list_head	sibling;
	u64		utime;
	u64		stime;
	u64		gtime;
	struct prev_cputime	prev_cputime;
	unsigned long	nvcsw;
	unsigned long	nivcsw;
	u64		start_time;
	u64		start_boottime;
	unsigned long	min_flt;
	unsigned long	maj_flt;
	char		comm[TASK_COMM_LEN];
	/* the user address space: none, as a kernel thread's */
	struct mm_struct *mm;
	struct mm_struct *active_mm;
	union rcu_special	rcu_read_unlock_special;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	/* the mutex the task waits for (proxy execution), under blocked_lock */
	struct mutex	*blocked_on;
	raw_spinlock_t	blocked_lock;
#endif
	struct wake_q_node	wake_q;
	void		*journal_info;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
	/* restartable sequences the task registered (rseq(2)): none here */
	struct rseq __user *rseq;
	u32		rseq_sig;
	unsigned long	rseq_event_mask;	/* RSEQ_EVENT_*, set atomically */
#endif
};

/*
 * The task's state as /proc and sysrq report it: an index into "RSDTtXZPI"
 * (TASK_IDLE reported as I, a frozen or rtlock wait as D).
 */
static inline unsigned int __task_state_index(unsigned int tsk_state, unsigned int tsk_exit_state)
{
	unsigned int state = (tsk_state | tsk_exit_state) & TASK_REPORT;

	if ((tsk_state & TASK_IDLE) == TASK_IDLE)
		state = TASK_REPORT_IDLE;
	if (tsk_state & (TASK_RTLOCK_WAIT | TASK_FROZEN))
		state = TASK_UNINTERRUPTIBLE;
	return fls(state);
}

static inline unsigned int task_state_index(struct task_struct *tsk)
{
	return __task_state_index(READ_ONCE(tsk->__state), tsk->exit_state);
}

static inline char task_index_to_char(unsigned int state)
{
	static const char state_char[] = "RSDTtXZPI";

	BUILD_BUG_ON(1 + ilog2(TASK_REPORT_MAX) != sizeof(state_char) - 1);
	return state_char[state];
}

static inline char task_state_to_char(struct task_struct *tsk)
{
	return task_index_to_char(task_state_index(tsk));
}

/* the thread flags: x86's bit operations on thread_info.flags */
static inline void set_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	set_bit(flag, &task_thread_info(tsk)->flags);
}

static inline void clear_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	clear_bit(flag, &task_thread_info(tsk)->flags);
}

static inline void update_tsk_thread_flag(struct task_struct *tsk, int flag, bool value)
{
	if (value)
		set_tsk_thread_flag(tsk, flag);
	else
		clear_tsk_thread_flag(tsk, flag);
}

static inline int test_and_set_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	return test_and_set_bit(flag, &task_thread_info(tsk)->flags);
}

static inline int test_and_clear_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	return test_and_clear_bit(flag, &task_thread_info(tsk)->flags);
}

static inline int test_tsk_thread_flag(struct task_struct *tsk, int flag)
{
	return test_bit(flag, &task_thread_info(tsk)->flags);
}

static inline void set_tsk_need_resched(struct task_struct *tsk)
{
	set_tsk_thread_flag(tsk, TIF_NEED_RESCHED);
}

static inline void clear_tsk_need_resched(struct task_struct *tsk)
{
	clear_tsk_thread_flag(tsk, TIF_NEED_RESCHED);
}

static inline bool test_tsk_need_resched(struct task_struct *tsk)
{
	return test_tsk_thread_flag(tsk, TIF_NEED_RESCHED);
}

/* the atomic flags: TASK_PFA_TEST/SET/CLEAR make task_NAME()/task_set_NAME()/task_clear_NAME() */
#define TASK_PFA_TEST(name, func)					\
	static inline bool task_##func(struct task_struct *p)		\
	{ return test_bit(PFA_##name, &p->atomic_flags); }
#define TASK_PFA_SET(name, func)					\
	static inline void task_set_##func(struct task_struct *p)	\
	{ set_bit(PFA_##name, &p->atomic_flags); }
#define TASK_PFA_CLEAR(name, func)					\
	static inline void task_clear_##func(struct task_struct *p)	\
	{ clear_bit(PFA_##name, &p->atomic_flags); }

TASK_PFA_TEST(NO_NEW_PRIVS, no_new_privs)
TASK_PFA_SET(NO_NEW_PRIVS, no_new_privs)
TASK_PFA_TEST(SPREAD_PAGE, spread_page)
TASK_PFA_SET(SPREAD_PAGE, spread_page)
TASK_PFA_CLEAR(SPREAD_PAGE, spread_page)
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
TASK_PFA_TEST(SPREAD_SLAB, spread_slab)
TASK_PFA_SET(SPREAD_SLAB, spread_slab)
TASK_PFA_CLEAR(SPREAD_SLAB, spread_slab)
#endif
TASK_PFA_TEST(SPEC_SSB_DISABLE, spec_ssb_disable)
TASK_PFA_SET(SPEC_SSB_DISABLE, spec_ssb_disable)
TASK_PFA_CLEAR(SPEC_SSB_DISABLE, spec_ssb_disable)
TASK_PFA_TEST(SPEC_SSB_NOEXEC, spec_ssb_noexec)
TASK_PFA_SET(SPEC_SSB_NOEXEC, spec_ssb_noexec)
TASK_PFA_CLEAR(SPEC_SSB_NOEXEC, spec_ssb_noexec)
TASK_PFA_TEST(SPEC_SSB_FORCE_DISABLE, spec_ssb_force_disable)
TASK_PFA_SET(SPEC_SSB_FORCE_DISABLE, spec_ssb_force_disable)
TASK_PFA_TEST(SPEC_IB_DISABLE, spec_ib_disable)
TASK_PFA_SET(SPEC_IB_DISABLE, spec_ib_disable)
TASK_PFA_CLEAR(SPEC_IB_DISABLE, spec_ib_disable)
TASK_PFA_TEST(SPEC_IB_FORCE_DISABLE, spec_ib_force_disable)
TASK_PFA_SET(SPEC_IB_FORCE_DISABLE, spec_ib_force_disable)

/* the one task (lib/sched.c) */
struct task_struct *get_current(void);
#define current get_current()

#define __set_current_state(state_value)			\
	WRITE_ONCE(current->__state, (state_value))
#define set_current_state(state_value)				\
	do {							\
		WRITE_ONCE(current->__state, (state_value));	\
		smp_mb();					\
	} while (0)
#define set_special_state(state_value)				\
	WRITE_ONCE(current->__state, (state_value))

void schedule(void);
long schedule_timeout(long timeout);
long schedule_timeout_interruptible(long timeout);
long schedule_timeout_killable(long timeout);
long schedule_timeout_uninterruptible(long timeout);
long schedule_timeout_idle(long timeout);
void io_schedule(void);
void yield(void);
int wake_up_process(struct task_struct *tsk);
long io_schedule_timeout(long timeout);
int yield_to(struct task_struct *p, bool preempt);
void kick_process(struct task_struct *tsk);
int __cond_resched(void);

static __always_inline int _cond_resched(void)
{
	return __cond_resched();
}

/*
 * cond_resched_lock() and the rwlock ones: a point where the task may give
 * the CPU away, dropping the lock it holds for the time; may sleep with just
 * that lock held (__might_resched()'s offsets). 1 when it rescheduled.
 */
int __cond_resched_lock(spinlock_t *lock);
int __cond_resched_rwlock_read(rwlock_t *lock);
int __cond_resched_rwlock_write(rwlock_t *lock);
#define cond_resched_lock(lock) ({					\
	__might_resched(__FILE__, __LINE__, PREEMPT_LOCK_RESCHED_OFFSETS); \
	__cond_resched_lock(lock);					\
})
#define cond_resched_rwlock_read(lock) ({				\
	__might_resched(__FILE__, __LINE__, PREEMPT_LOCK_RESCHED_OFFSETS); \
	__cond_resched_rwlock_read(lock);				\
})
#define cond_resched_rwlock_write(lock) ({				\
	__might_resched(__FILE__, __LINE__, PREEMPT_LOCK_RESCHED_OFFSETS); \
	__cond_resched_rwlock_write(lock);				\
})

/*
 * The task's own reschedule flag: set_tsk_need_resched(current) makes
 * need_resched() true until the next cond_resched() or schedule(), though
 * no other task runs then.
 */
static __always_inline bool need_resched(void)
{
	return unlikely(test_tsk_need_resched(get_current()));
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void set_need_resched_current(void)
{
	set_tsk_need_resched(get_current());
}
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/*
 * 6.1 keeps these here (6.12: linux/preempt.h; 6.12 and 7.x keep
 * cond_resched_rcu() in linux/rcupdate_wait.h). The boot's preemption
 * model of Debian's 6.1 (PREEMPT_DYNAMIC): voluntary (lib/sched.c).
 */
bool preempt_model_none(void);
bool preempt_model_voluntary(void);
bool preempt_model_full(void);

static inline bool preempt_model_rt(void)
{
	return false;
}

static inline bool preempt_model_preemptible(void)
{
	return preempt_model_full() || preempt_model_rt();
}

/*
 * Leave the RCU read-side section to reschedule, as CONFIG_DEBUG_ATOMIC_SLEEP
 * builds do: cond_resched() checks nothing else is held.
 */
static inline void cond_resched_rcu(void)
{
	rcu_read_unlock();
	cond_resched();
	rcu_read_lock();
}
#endif

/* the IPI that tells a CPU to reschedule: the one CPU folds nothing */
static __always_inline void scheduler_ipi(void)
{
}

/* the nice value of a priority (static_prio 120 is nice 0) */
static inline int task_nice(const struct task_struct *p)
{
	return p->static_prio - 120;
}

int can_nice(const struct task_struct *p, const int nice);
void set_user_nice(struct task_struct *p, long nice);
void sched_set_fifo(struct task_struct *p);
void sched_set_fifo_low(struct task_struct *p);
void sched_set_normal(struct task_struct *p, int nice);
struct sched_attr;
int sched_setattr_nocheck(struct task_struct *p, const struct sched_attr *attr);
struct cpumask;
int set_cpus_allowed_ptr(struct task_struct *p, const struct cpumask *new_mask);

/* clear flags, then set those of orig_flags among them (memalloc_*_restore()) */
static inline void current_restore_flags(unsigned long orig_flags, unsigned long flags)
{
	get_current()->flags &= ~flags;
	get_current()->flags |= orig_flags & flags;
}

/* bound to one CPU: every task on the shim's one CPU is */
static __always_inline bool is_percpu_thread(void)
{
	return true;
}

/* a lock owner that runs on a CPU: the one task is always on it */
static inline bool owner_on_cpu(struct task_struct *owner)
{
	return READ_ONCE(owner->on_cpu);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static inline bool task_is_runnable(struct task_struct *p)
{
	return p->on_rq;
}

static __always_inline bool is_user_task(struct task_struct *task)
{
	return task->mm && !(task->flags & (PF_KTHREAD | PF_USER_WORKER));
}

static inline int sched_core_idle_cpu(int cpu)
{
	/* the one CPU runs the task */
	return 0;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the mutex a task blocks on, under its blocked_lock (proxy execution's bookkeeping) */
static inline struct mutex *__get_task_blocked_on(struct task_struct *p)
{
	lockdep_assert_held_once(&p->blocked_lock);
	return p->blocked_on;
}

static inline void __set_task_blocked_on(struct task_struct *p, struct mutex *m)
{
	WARN_ON_ONCE(!m);
	WARN_ON_ONCE(p != get_current());
	lockdep_assert_held_once(&p->blocked_lock);
	/* the same mutex again is fine, another one is a bug */
	WARN_ON_ONCE(p->blocked_on && p->blocked_on != m);
	p->blocked_on = m;
}

static inline void __clear_task_blocked_on(struct task_struct *p, struct mutex *m)
{
	lockdep_assert_held_once(&p->blocked_lock);
	WARN_ON_ONCE(m && p->blocked_on && p->blocked_on != m);
	p->blocked_on = NULL;
}

static inline void clear_task_blocked_on(struct task_struct *p, struct mutex *m)
{
	unsigned long flags;

	raw_spin_lock_irqsave(&p->blocked_lock, flags);
	__clear_task_blocked_on(p, m);
	raw_spin_unlock_irqrestore(&p->blocked_lock, flags);
}

/* Debian's 7.x is built without CONFIG_SCHED_PROXY_EXEC */
static inline bool sched_proxy_exec(void)
{
	return false;
}

/* no page tables, so never in lazy MMU mode */
static inline bool __task_lazy_mmu_mode_active(struct task_struct *tsk)
{
	return false;
}

static inline bool is_lazy_mmu_mode_active(void)
{
	return false;
}

/* the concurrency id of the task's mm on its CPU: one CPU, one id */
static __always_inline int task_mm_cid(struct task_struct *t)
{
	return 0;
}

/* the sched_set_state and set_need_resched tracepoints: nothing attaches */
void __trace_set_current_state(int state_value);
void __trace_set_need_resched(struct task_struct *curr, int tif);
#define trace_set_current_state(state_value)	do { (void)(state_value); } while (0)

/* guard(migrate)() (6.12: linux/preempt.h) */
DEFINE_LOCK_GUARD_0(migrate, migrate_disable(), migrate_enable())
#endif

/* core scheduling: not built */
static inline void sched_core_free(struct task_struct *tsk)
{
}

static inline void sched_core_fork(struct task_struct *p)
{
}

/* one pid namespace: every task's numbers are its own */
static inline int pid_alive(const struct task_struct *p)
{
	return p->thread_pid != NULL || p->pid != 0;
}

static inline struct pid *task_pid(struct task_struct *task)
{
	return task->thread_pid;
}

pid_t __task_pid_nr_ns(struct task_struct *task, int type, struct pid_namespace *ns);

static inline pid_t task_pid_nr_ns(struct task_struct *tsk, struct pid_namespace *ns)
{
	return tsk->pid;
}

static inline pid_t task_tgid_nr_ns(struct task_struct *tsk, struct pid_namespace *ns)
{
	return tsk->tgid;
}

/* the one task leads its own process group and session */
static inline pid_t task_pgrp_nr_ns(struct task_struct *tsk, struct pid_namespace *ns)
{
	return tsk->tgid;
}

static inline pid_t task_pgrp_vnr(struct task_struct *tsk)
{
	return tsk->tgid;
}

static inline pid_t task_pgrp_nr(struct task_struct *tsk)
{
	return tsk->tgid;
}

static inline pid_t task_session_nr_ns(struct task_struct *tsk, struct pid_namespace *ns)
{
	return tsk->tgid;
}

static inline pid_t task_session_vnr(struct task_struct *tsk)
{
	return tsk->tgid;
}

/* the parent's tgid, 0 for a task whose pid is gone */
static inline pid_t task_ppid_nr_ns(const struct task_struct *tsk, struct pid_namespace *ns)
{
	return pid_alive(tsk) ? READ_ONCE(tsk->real_parent)->tgid : 0;
}

static inline pid_t task_ppid_nr(const struct task_struct *tsk)
{
	return task_ppid_nr_ns(tsk, NULL);
}

static inline pid_t task_pid_nr(struct task_struct *tsk)
{
	return tsk->pid;
}

static inline pid_t task_tgid_nr(struct task_struct *tsk)
{
	return tsk->tgid;
}

/* one pid namespace: the virtual numbers are the global ones */
static inline pid_t task_pid_vnr(struct task_struct *tsk)
{
	return tsk->pid;
}

static inline pid_t task_tgid_vnr(struct task_struct *tsk)
{
	return tsk->tgid;
}

static inline int is_global_init(struct task_struct *tsk)
{
	return tsk->tgid == 1;
}

static inline bool is_idle_task(const struct task_struct *p)
{
	return !!(p->flags & PF_IDLE);
}

static inline unsigned int task_cpu(const struct task_struct *p)
{
	return 0;
}

void __set_task_comm(struct task_struct *tsk, const char *from, bool exec);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define set_task_comm(tsk, from) ({				\
	BUILD_BUG_ON(sizeof(from) != TASK_COMM_LEN);		\
	__set_task_comm(tsk, from, false);			\
})
#else
static inline void set_task_comm(struct task_struct *tsk, const char *from)
{
	__set_task_comm(tsk, from, false);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define get_task_comm(buf, tsk) ({				\
	BUILD_BUG_ON(sizeof(buf) < TASK_COMM_LEN);		\
	strscpy_pad(buf, (tsk)->comm, sizeof(buf));				\
	buf;							\
})
#else
char *__get_task_comm(char *to, size_t len, struct task_struct *tsk);
#define get_task_comm(buf, tsk) ({				\
	BUILD_BUG_ON(sizeof(buf) != TASK_COMM_LEN);		\
	__get_task_comm(buf, sizeof(buf), tsk);			\
})
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/*
 * Restartable sequences (6.1 keeps them here, 6.12 in linux/rseq.h): what
 * happened to a task inside one, so that returning to user space restarts
 * it. The shim's one task makes no system calls, so it never registers an
 * area (current->rseq stays NULL) and no event asks for a resume.
 */
#include <linux/rseq.h>		/* the uapi: RSEQ_CS_FLAG_* */
#include <linux/irqflags.h>

struct ksignal;
struct pt_regs;

/* uapi/linux/sched.h's, whose include guard this header shares */
#ifndef CLONE_VM
#define CLONE_VM	0x00000100	/* the address space is shared */
#endif

enum rseq_event_mask_bits {
	RSEQ_EVENT_PREEMPT_BIT	= RSEQ_CS_FLAG_NO_RESTART_ON_PREEMPT_BIT,
	RSEQ_EVENT_SIGNAL_BIT	= RSEQ_CS_FLAG_NO_RESTART_ON_SIGNAL_BIT,
	RSEQ_EVENT_MIGRATE_BIT	= RSEQ_CS_FLAG_NO_RESTART_ON_MIGRATE_BIT,
};

enum rseq_event_mask {
	RSEQ_EVENT_PREEMPT	= (1U << RSEQ_EVENT_PREEMPT_BIT),
	RSEQ_EVENT_SIGNAL	= (1U << RSEQ_EVENT_SIGNAL_BIT),
	RSEQ_EVENT_MIGRATE	= (1U << RSEQ_EVENT_MIGRATE_BIT),
};

/* the event mask's writers exclude each other with interrupts off (MEMBARRIER) */
#define RSEQ_EVENT_GUARD	irq

static inline void rseq_set_notify_resume(struct task_struct *t)
{
	if (t->rseq)
		set_tsk_thread_flag(t, TIF_NOTIFY_RESUME);
}

/* the return to user space of a task with an area: abort its sequence */
void __rseq_handle_notify_resume(struct ksignal *sig, struct pt_regs *regs);

static inline void rseq_handle_notify_resume(struct ksignal *ksig, struct pt_regs *regs)
{
	if (current->rseq)
		__rseq_handle_notify_resume(ksig, regs);
}

static inline void rseq_signal_deliver(struct ksignal *ksig, struct pt_regs *regs)
{
	scoped_guard(RSEQ_EVENT_GUARD)
		__set_bit(RSEQ_EVENT_SIGNAL_BIT, &current->rseq_event_mask);
	rseq_handle_notify_resume(ksig, regs);
}

/* with preemption off */
static inline void rseq_preempt(struct task_struct *t)
{
	__set_bit(RSEQ_EVENT_PREEMPT_BIT, &t->rseq_event_mask);
	rseq_set_notify_resume(t);
}

/* with preemption off */
static inline void rseq_migrate(struct task_struct *t)
{
	__set_bit(RSEQ_EVENT_MIGRATE_BIT, &t->rseq_event_mask);
	rseq_set_notify_resume(t);
}

/* a child sharing the address space (CLONE_VM) registers its own area */
static inline void rseq_fork(struct task_struct *t, unsigned long clone_flags)
{
	if (clone_flags & CLONE_VM) {
		t->rseq = NULL;
		t->rseq_sig = 0;
		t->rseq_event_mask = 0;
	} else {
		t->rseq = current->rseq;
		t->rseq_sig = current->rseq_sig;
		t->rseq_event_mask = current->rseq_event_mask;
	}
}

static inline void rseq_execve(struct task_struct *t)
{
	t->rseq = NULL;
	t->rseq_sig = 0;
	t->rseq_event_mask = 0;
}

/* the system call exit's check (CONFIG_DEBUG_RSEQ only) */
static inline void rseq_syscall(struct pt_regs *regs)
{
}
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/mutex.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/rcupdate.h>
#include <linux/refcount.h>
#include <linux/seqlock.h>
#endif /* _LINUX_SCHED_H */
