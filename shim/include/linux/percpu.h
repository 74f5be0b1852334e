/* SPDX-License-Identifier: GPL-2.0 */
/* One CPU: a per-cpu object is the object itself. */
#ifndef __LINUX_PERCPU_H
#define __LINUX_PERCPU_H

#include <linux/slab.h>

#define DEFINE_PER_CPU(type, name)	__typeof__(type) name
#define DECLARE_PER_CPU(type, name)	extern __typeof__(type) name
#define per_cpu_ptr(ptr, cpu)		((void)(cpu), (ptr))
#define per_cpu(var, cpu)		(*per_cpu_ptr(&(var), cpu))
#define this_cpu_ptr(ptr)		(ptr)
#define raw_cpu_ptr(ptr)		(ptr)
#define this_cpu_read(pcp)		(pcp)
#define this_cpu_write(pcp, v)		((pcp) = (v))
#define this_cpu_add(pcp, v)		((pcp) += (v))
#define this_cpu_sub(pcp, v)		((pcp) -= (v))
#define this_cpu_inc(pcp)		((pcp)++)
#define this_cpu_dec(pcp)		((pcp)--)
#define __this_cpu_add(pcp, v)		((pcp) += (v))
#define __this_cpu_inc(pcp)		((pcp)++)
#define alloc_percpu(type)		((type *)kzalloc(sizeof(type), GFP_KERNEL))
#define alloc_percpu_gfp(type, gfp)	((type *)kzalloc(sizeof(type), gfp))
#define free_percpu(p)			kfree(p)
#define for_each_possible_cpu(cpu)	for ((cpu) = 0; (cpu) < 1; (cpu)++)
#define for_each_online_cpu(cpu)	for ((cpu) = 0; (cpu) < 1; (cpu)++)
#define get_cpu()			0
#define put_cpu()			do { } while (0)
#include <linux/preempt.h>


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/smp.h>
#include <linux/init.h>
#include <linux/cleanup.h>
#endif
