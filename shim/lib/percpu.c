// SPDX-License-Identifier: GPL-2.0
/*
 * percpu.c - dynamic per-CPU memory for the one CPU: one zeroed copy from
 * the kmalloc family (counted; a leak names the caller), aligned as asked
 * by keeping the object's own address and the size just below the copy.
 */
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/slab.h>

static unsigned long percpu_bytes;

void __percpu *__alloc_percpu_gfp_noprof(size_t size, size_t align, gfp_t gfp)
{
	unsigned long raw, p;
	void *obj;

	/* the kernel's limits: a unit at most, a power-of-two alignment up to a page */
	if (unlikely(!size || size > PCPU_MIN_UNIT_SIZE || align > PAGE_SIZE ||
		     !is_power_of_2(align))) {
		WARN(!(gfp & __GFP_NOWARN), "illegal size (%zu) or align (%zu) for percpu allocation\n",
		     size, align);
		return NULL;
	}
	if (align < sizeof(void *))
		align = sizeof(void *);
	obj = __kmalloc_noprof(size + align + 2 * sizeof(void *), gfp | __GFP_ZERO);
	if (!obj)
		return NULL;
	raw = (unsigned long)obj;
	p = ALIGN(raw + 2 * sizeof(void *), align);
	((void **)p)[-2] = obj;
	((unsigned long *)p)[-1] = size;
	percpu_bytes += size;
	return (void __percpu *)p;
}

void free_percpu(void __percpu *ptr)
{
	void *obj;

	if (!ptr)
		return;
	obj = ((void **)ptr)[-2];
	percpu_bytes -= ((unsigned long *)ptr)[-1];
	kfree(obj);
}

/* no physical memory behind the shim's: the copy's address stands for it */
phys_addr_t per_cpu_ptr_to_phys(void *addr)
{
	return (phys_addr_t)(unsigned long)addr;
}

/* pages the per-CPU allocator holds (its first chunk aside) */
unsigned long pcpu_nr_pages(void)
{
	return DIV_ROUND_UP(percpu_bytes, PAGE_SIZE);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void __percpu *pcpu_alloc_noprof(size_t size, size_t align, bool reserved, gfp_t gfp)
{
	return __alloc_percpu_gfp_noprof(size, align, gfp);
}
#endif
