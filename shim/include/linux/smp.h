/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cross-CPU calls on the shim's machine of one CPU (number 0, online, the
 * boot CPU): a call for "every CPU" runs the function once, here and now;
 * a call for "the other CPUs" runs nothing; a call for a CPU other than 0
 * fails with -ENXIO, as the kernel's does for an offline CPU. The function
 * runs before the call returns, so wait makes no difference.
 * (smp_processor_id() and friends: linux/kernel.h.)
 */
#ifndef __LINUX_SMP_H
#define __LINUX_SMP_H

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/list.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/irqflags.h>

typedef void (*smp_call_func_t)(void *info);
typedef bool (*smp_cond_func_t)(int cpu, void *info);

/* what smp_call_function_single_async() runs: the kernel's layout */
struct __call_single_node {
	struct llist_node *llist_next;
	union {
		unsigned int u_flags;
		int a_flags;
	};
	u16 src, dst;
};

struct __call_single_data {
	struct __call_single_node node;
	smp_call_func_t func;
	void *info;
};

typedef struct __call_single_data call_single_data_t;

#define CSD_INIT(_func, _info) \
	(struct __call_single_data){ .func = (_func), .info = (_info), }
#define INIT_CSD(_csd, _func, _info)		\
	do {					\
		*(_csd) = CSD_INIT((_func), (_info)); \
	} while (0)

/* a set of CPUs (linux/cpumask.h): a bitmap, CPU 0 its bit 0 */
struct cpumask;

extern unsigned int total_cpus;
extern unsigned int setup_max_cpus;

int smp_call_function_single(int cpuid, smp_call_func_t func, void *info, int wait);
int smp_call_function_single_async(int cpu, struct __call_single_data *csd);
void smp_call_function(smp_call_func_t func, void *info, int wait);
int smp_call_on_cpu(unsigned int cpu, int (*func)(void *), void *par, bool phys);
void kick_all_cpus_sync(void);
void wake_up_all_idle_cpus(void);

/* every online CPU (this one) runs func(info) with interrupts off */
static inline void on_each_cpu(smp_call_func_t func, void *info, int wait)
{
	unsigned long flags;

	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
}

/* ... those for which cond_func(cpu, info) says so */
static inline void on_each_cpu_cond(smp_cond_func_t cond_func,
				    smp_call_func_t func, void *info, bool wait)
{
	if (!cond_func || cond_func(0, info))
		on_each_cpu(func, info, wait);
}

static inline int get_boot_cpu_id(void)
{
	return 0;
}

/* mask's CPUs other than this one: none exists, so nothing runs */
void smp_call_function_many(const struct cpumask *mask, smp_call_func_t func, void *info,
			    bool wait);
/* one CPU of mask, this one first: here if mask has CPU 0, else -ENXIO */
int smp_call_function_any(const struct cpumask *mask, smp_call_func_t func, void *info,
			  int wait);
/* the CPUs of mask (this one, if it is there) for which cond_func says so */
void on_each_cpu_cond_mask(smp_cond_func_t cond_func, smp_call_func_t func, void *info,
			   bool wait, const struct cpumask *mask);

static inline void on_each_cpu_mask(const struct cpumask *mask, smp_call_func_t func,
				    void *info, bool wait)
{
	on_each_cpu_cond_mask(NULL, func, info, wait, mask);
}

/* what the IPI handler runs: this CPU's queued calls, never any here */
void generic_smp_call_function_single_interrupt(void);
#define generic_smp_call_function_interrupt \
	generic_smp_call_function_single_interrupt

/* get_cpu()/put_cpu(): linux/percpu.h */

/*
 * A reschedule IPI to another CPU: the machine has no other, and its one
 * task is never preempted, so there is nothing to do (as on a UP kernel).
 */
#define smp_send_reschedule(cpu)	((void)(cpu))

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a cross-CPU call waiting too long for its lock (CSD lock debugging is off) */
static inline bool csd_lock_is_stuck(void)
{
	return false;
}
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/compiler.h>
#endif /* __LINUX_SMP_H */
