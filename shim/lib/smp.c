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
