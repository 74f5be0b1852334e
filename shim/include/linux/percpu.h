/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU data on the shim's one CPU: a per-CPU variable or allocation is
 * one copy, which per_cpu_ptr(p, 0), this_cpu_ptr() and every this_cpu_*(),
 * __this_cpu_*() and raw_cpu_*() operation reach (another CPU's copy does
 * not exist: per_cpu_ptr() of another CPU warns). Dynamic per-CPU memory
 * (lib/percpu.c) is zeroed, aligned as asked, and counted as kmalloc's.
 */
#ifndef __LINUX_PERCPU_H
#define __LINUX_PERCPU_H

#include <linux/slab.h>
#include <linux/bug.h>
#include <linux/version.h>
#include <linux/alloc_tag.h>

/* the first chunk and reserved areas' sizes (mm/percpu.c's boot layout) */
#define PERCPU_MODULE_RESERVE		(8 << 10)
#define PCPU_MIN_UNIT_SIZE		PFN_ALIGN(32 << 10)
#define PCPU_MIN_ALLOC_SHIFT		2
#define PCPU_MIN_ALLOC_SIZE		(1 << PCPU_MIN_ALLOC_SHIFT)
#define PCPU_BITMAP_BLOCK_SIZE		PAGE_SIZE
#define PCPU_BITMAP_BLOCK_BITS		(PCPU_BITMAP_BLOCK_SIZE >> PCPU_MIN_ALLOC_SHIFT)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define PERCPU_DYNAMIC_SIZE_SHIFT	10
#define PERCPU_DYNAMIC_EARLY_SIZE	(20 << PERCPU_DYNAMIC_SIZE_SHIFT)
#define PERCPU_DYNAMIC_RESERVE		(28 << PERCPU_DYNAMIC_SIZE_SHIFT)
#else
#define PERCPU_DYNAMIC_EARLY_SLOTS	128
#define PERCPU_DYNAMIC_EARLY_SIZE	(12 << 10)
#define PERCPU_DYNAMIC_RESERVE		(28 << 10)
#endif

struct pcpu_group_info {
	int nr_units;
	unsigned long base_offset;
	unsigned int *cpu_map;
};

struct pcpu_alloc_info {
	size_t static_size;
	size_t reserved_size;
	size_t dyn_size;
	size_t unit_size;
	size_t atom_size;
	size_t alloc_size;
	size_t __ai_size;
	int nr_groups;
	struct pcpu_group_info groups[];
};

enum pcpu_fc {
	PCPU_FC_AUTO,
	PCPU_FC_EMBED,
	PCPU_FC_PAGE,
	PCPU_FC_NR,
};

typedef int (pcpu_fc_cpu_to_node_fn_t)(int cpu);
typedef int (pcpu_fc_cpu_distance_fn_t)(unsigned int from, unsigned int to);

/* static per-CPU variables: the one copy */
#define DEFINE_PER_CPU(type, name)		__typeof__(type) name
#define DECLARE_PER_CPU(type, name)		extern __typeof__(type) name
#define DEFINE_PER_CPU_SECTION(type, name, sec)	DEFINE_PER_CPU(type, name)
#define DECLARE_PER_CPU_SECTION(type, name, sec)	DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_ALIGNED(type, name)	\
	DEFINE_PER_CPU(type, name) __attribute__((__aligned__(64)))
#define DECLARE_PER_CPU_ALIGNED(type, name)	DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_SHARED_ALIGNED(type, name)	DEFINE_PER_CPU_ALIGNED(type, name)
#define DECLARE_PER_CPU_SHARED_ALIGNED(type, name)	DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_READ_MOSTLY(type, name)	DEFINE_PER_CPU(type, name)
#define DECLARE_PER_CPU_READ_MOSTLY(type, name)	DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_PAGE_ALIGNED(type, name)	\
	DEFINE_PER_CPU(type, name) __attribute__((__aligned__(4096)))
#define DECLARE_PER_CPU_PAGE_ALIGNED(type, name)	DECLARE_PER_CPU(type, name)
#define DEFINE_PER_CPU_FIRST(type, name)	DEFINE_PER_CPU(type, name)
#define DECLARE_PER_CPU_FIRST(type, name)	DECLARE_PER_CPU(type, name)
#define EXPORT_PER_CPU_SYMBOL(var)
#define EXPORT_PER_CPU_SYMBOL_GPL(var)

/* a copy's address: CPU 0's is the only one */
#define per_cpu_ptr(ptr, cpu)	({					\
	WARN_ONCE((cpu) != 0, "per_cpu_ptr() of CPU %d: one CPU\n", (int)(cpu)); \
	(ptr);								\
})
#define per_cpu(var, cpu)		(*per_cpu_ptr(&(var), cpu))
#define this_cpu_ptr(ptr)		(ptr)
#define raw_cpu_ptr(ptr)		(ptr)
#define get_cpu_ptr(var)		this_cpu_ptr(var)
#define put_cpu_ptr(var)		do { (void)(var); } while (0)
#define get_cpu_var(var)		(*this_cpu_ptr(&(var)))
#define put_cpu_var(var)		do { (void)&(var); } while (0)

/* operations on this CPU's copy (nothing preempts or interrupts them here) */
#define raw_cpu_read(pcp)		(pcp)
#define raw_cpu_write(pcp, val)		((void)((pcp) = (val)))
#define raw_cpu_add(pcp, val)		((void)((pcp) += (val)))
#define raw_cpu_sub(pcp, val)		((void)((pcp) -= (val)))
#define raw_cpu_inc(pcp)		raw_cpu_add(pcp, 1)
#define raw_cpu_dec(pcp)		raw_cpu_sub(pcp, 1)
#define raw_cpu_and(pcp, val)		((void)((pcp) &= (val)))
#define raw_cpu_or(pcp, val)		((void)((pcp) |= (val)))
#define raw_cpu_add_return(pcp, val)	((pcp) += (val))
#define raw_cpu_sub_return(pcp, val)	((pcp) -= (val))
#define raw_cpu_inc_return(pcp)		raw_cpu_add_return(pcp, 1)
#define raw_cpu_dec_return(pcp)		raw_cpu_sub_return(pcp, 1)
#define raw_cpu_xchg(pcp, nval)	({					\
	__typeof__(pcp) __old = (pcp);					\
	(pcp) = (nval);							\
	__old;								\
})
#define raw_cpu_cmpxchg(pcp, oval, nval)	({			\
	__typeof__(pcp) __old = (pcp);					\
	if (__old == (oval))						\
		(pcp) = (nval);						\
	__old;								\
})
#define raw_cpu_try_cmpxchg(pcp, ovalp, nval)	({			\
	__typeof__(pcp) *__ov = (ovalp);				\
	bool __ok = (pcp) == *__ov;					\
	if (__ok)							\
		(pcp) = (nval);						\
	else								\
		*__ov = (pcp);						\
	__ok;								\
})

#define __this_cpu_read(pcp)		raw_cpu_read(pcp)
#define __this_cpu_write(pcp, val)	raw_cpu_write(pcp, val)
#define __this_cpu_add(pcp, val)	raw_cpu_add(pcp, val)
#define __this_cpu_sub(pcp, val)	raw_cpu_sub(pcp, val)
#define __this_cpu_inc(pcp)		raw_cpu_inc(pcp)
#define __this_cpu_dec(pcp)		raw_cpu_dec(pcp)
#define __this_cpu_and(pcp, val)	raw_cpu_and(pcp, val)
#define __this_cpu_or(pcp, val)		raw_cpu_or(pcp, val)
#define __this_cpu_add_return(pcp, val)	raw_cpu_add_return(pcp, val)
#define __this_cpu_sub_return(pcp, val)	raw_cpu_sub_return(pcp, val)
#define __this_cpu_inc_return(pcp)	raw_cpu_inc_return(pcp)
#define __this_cpu_dec_return(pcp)	raw_cpu_dec_return(pcp)
#define __this_cpu_xchg(pcp, nval)	raw_cpu_xchg(pcp, nval)
#define __this_cpu_cmpxchg(pcp, o, n)	raw_cpu_cmpxchg(pcp, o, n)

#define this_cpu_read(pcp)		raw_cpu_read(pcp)
#define this_cpu_write(pcp, val)	raw_cpu_write(pcp, val)
#define this_cpu_add(pcp, val)		raw_cpu_add(pcp, val)
#define this_cpu_sub(pcp, val)		raw_cpu_sub(pcp, val)
#define this_cpu_inc(pcp)		raw_cpu_inc(pcp)
#define this_cpu_dec(pcp)		raw_cpu_dec(pcp)
#define this_cpu_and(pcp, val)		raw_cpu_and(pcp, val)
#define this_cpu_or(pcp, val)		raw_cpu_or(pcp, val)
#define this_cpu_add_return(pcp, val)	raw_cpu_add_return(pcp, val)
#define this_cpu_sub_return(pcp, val)	raw_cpu_sub_return(pcp, val)
#define this_cpu_inc_return(pcp)	raw_cpu_inc_return(pcp)
#define this_cpu_dec_return(pcp)	raw_cpu_dec_return(pcp)
#define this_cpu_xchg(pcp, nval)	raw_cpu_xchg(pcp, nval)
#define this_cpu_cmpxchg(pcp, o, n)	raw_cpu_cmpxchg(pcp, o, n)
#define this_cpu_try_cmpxchg(pcp, ovalp, nval)	raw_cpu_try_cmpxchg(pcp, ovalp, nval)

/* dynamic per-CPU memory (lib/percpu.c): zeroed, aligned, freed by free_percpu() */
void __percpu *__alloc_percpu_gfp_noprof(size_t size, size_t align, gfp_t gfp) __alloc_size(1);
extern void free_percpu(void __percpu *__pdata);
extern phys_addr_t per_cpu_ptr_to_phys(void *addr);
extern unsigned long pcpu_nr_pages(void);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* 6.12: the allocator behind them (reserved: the modules' static area, the same here) */
extern void __percpu *pcpu_alloc_noprof(size_t size, size_t align, bool reserved, gfp_t gfp)
	__alloc_size(1);
#endif
#define __alloc_percpu_gfp(...)	alloc_hooks(__alloc_percpu_gfp_noprof(__VA_ARGS__))
#define __alloc_percpu(_size, _align)	__alloc_percpu_gfp(_size, _align, GFP_KERNEL)
#define alloc_percpu_gfp(type, gfp)					\
	((typeof(type) __percpu *)__alloc_percpu_gfp(sizeof(type), __alignof__(type), gfp))
#define alloc_percpu(type)						\
	((typeof(type) __percpu *)__alloc_percpu(sizeof(type), __alignof__(type)))
#define alloc_percpu_noprof(type)					\
	((typeof(type) __percpu *)__alloc_percpu_gfp_noprof(sizeof(type),	\
							   __alignof__(type), GFP_KERNEL))

/* cleanup.h's __free(free_percpu) */
static inline void __free_free_percpu(void *p)
{
	void __percpu *_T = *(void __percpu **)p;

	free_percpu(_T);
}

#define for_each_possible_cpu(cpu)	for ((cpu) = 0; (cpu) < 1; (cpu)++)
#define for_each_online_cpu(cpu)	for ((cpu) = 0; (cpu) < 1; (cpu)++)
#define get_cpu()			0
#define put_cpu()			do { } while (0)
#include <linux/preempt.h>


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/smp.h>
#include <linux/init.h>
#include <linux/cleanup.h>
#include <linux/bitmap.h>
#endif
