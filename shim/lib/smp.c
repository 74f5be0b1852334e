// SPDX-License-Identifier: GPL-2.0
/*
 * smp.c - kernel/smp.c on a machine of one CPU: CPU 0 runs what is asked
 * of it at once, with interrupts off; no other CPU exists (-ENXIO).
 */
#include <linux/smp.h>
#include <linux/export.h>
#include <linux/irqflags.h>

/* the CPU's interrupt flag (linux/irqflags.h): interrupts on at start */
unsigned long qdk_cpu_eflags = QDK_EFLAGS_IF;

unsigned int total_cpus = 1;
unsigned int setup_max_cpus = 1;
EXPORT_SYMBOL(setup_max_cpus);

int smp_call_function_single(int cpu, smp_call_func_t func, void *info, int wait)
{
	unsigned long flags;

	if (cpu != 0)
		return -ENXIO;
	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
	return 0;
}
EXPORT_SYMBOL(smp_call_function_single);

/*
 * The kernel refuses a csd still in flight with -EBUSY; here a csd is never
 * in flight once the call returns.
 */
int smp_call_function_single_async(int cpu, struct __call_single_data *csd)
{
	return smp_call_function_single(cpu, csd->func, csd->info, 0);
}
EXPORT_SYMBOL_GPL(smp_call_function_single_async);

/* the other CPUs: none */
void smp_call_function(smp_call_func_t func, void *info, int wait)
{
}
EXPORT_SYMBOL(smp_call_function);

/* func(par) on cpu, its result returned; the caller's own thread here */
int smp_call_on_cpu(unsigned int cpu, int (*func)(void *), void *par, bool phys)
{
	if (cpu != 0)
		return -ENXIO;
	return func(par);
}
EXPORT_SYMBOL_GPL(smp_call_on_cpu);

void kick_all_cpus_sync(void)
{
}
EXPORT_SYMBOL_GPL(kick_all_cpus_sync);

void wake_up_all_idle_cpus(void)
{
}
EXPORT_SYMBOL_GPL(wake_up_all_idle_cpus);

/* the kernel's struct cpumask starts with its bitmap: CPU 0 is bit 0 */
static bool mask_has_cpu0(const struct cpumask *mask)
{
	return *(const unsigned long *)mask & 1UL;
}

void smp_call_function_many(const struct cpumask *mask, smp_call_func_t func, void *info,
			    bool wait)
{
}
EXPORT_SYMBOL(smp_call_function_many);

int smp_call_function_any(const struct cpumask *mask, smp_call_func_t func, void *info,
			  int wait)
{
	if (!mask_has_cpu0(mask))
		return -ENXIO;
	return smp_call_function_single(0, func, info, wait);
}
EXPORT_SYMBOL_GPL(smp_call_function_any);

void on_each_cpu_cond_mask(smp_cond_func_t cond_func, smp_call_func_t func, void *info,
			   bool wait, const struct cpumask *mask)
{
	unsigned long flags;

	if (!mask_has_cpu0(mask) || (cond_func && !cond_func(0, info)))
		return;
	local_irq_save(flags);
	func(info);
	local_irq_restore(flags);
}
EXPORT_SYMBOL(on_each_cpu_cond_mask);

void generic_smp_call_function_single_interrupt(void)
{
}
