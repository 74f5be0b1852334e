/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vmalloc (lib/vmalloc.c): virtually contiguous memory made of pages. An
 * area is one kmalloc-family object (counted, failure-injected, its caller
 * named by a leak report as kmalloc's, linux/alloc_tag.h) holding its
 * struct pages and page-aligned memory, so is_vmalloc_addr(),
 * vmalloc_to_page() and vfree() find it. Node arguments are taken and
 * ignored (one NUMA node). Mapping other pages into one range (vmap(),
 * vm_map_ram()) and into user space is not modelled: those stop the call.
 */
#ifndef _LINUX_VMALLOC_H
#define _LINUX_VMALLOC_H

#include <linux/alloc_tag.h>
#include <linux/gfp.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/mm_types.h>
#include <linux/overflow.h>
#include <linux/rbtree.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/version.h>

struct vm_area_struct;
struct iov_iter;

/* what an area is (vm_struct.flags) */
#define VM_IOREMAP		0x00000001
#define VM_ALLOC		0x00000002
#define VM_MAP			0x00000004
#define VM_USERMAP		0x00000008
#define VM_DMA_COHERENT		0x00000010
#define VM_UNINITIALIZED	0x00000020
#define VM_NO_GUARD		0x00000040
#define VM_KASAN		0x00000080
#define VM_FLUSH_RESET_PERMS	0x00000100
#define VM_MAP_PUT_PAGES	0x00000200
#define VM_ALLOW_HUGE_VMAP	0x00000400
#define VM_DEFER_KMEMLEAK	0

#define IOREMAP_MAX_ORDER	(7 + PAGE_SHIFT)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* an area not all of whose pages are present (vm_area_map_pages()) */
#define VM_SPARSE		0x00001000
#endif

/* an area of vmalloc space */
struct vm_struct {
	struct vm_struct *next;
	void *addr;
	unsigned long size;
	unsigned long flags;
	struct page **pages;
	unsigned int page_order;
	unsigned int nr_pages;
	phys_addr_t phys_addr;
	const void *caller;
};

/*
 * A range of vmalloc space as the allocator's trees keep it: free (its
 * subtree's largest free size) or busy (its vm_struct).
 */
struct vmap_area {
	unsigned long va_start;
	unsigned long va_end;
	struct rb_node rb_node;
	struct list_head list;
	union {
		unsigned long subtree_max_size;
		struct vm_struct *vm;
	};
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	unsigned long flags;
#endif
};

/* the size of x86-64's vmalloc space (4-level paging: 32 TiB, less one byte) */
#define VMALLOC_TOTAL	((32UL << 40) - 1)

void *__vmalloc_node_noprof(unsigned long size, unsigned long align, gfp_t gfp_mask,
			    int node, const void *caller) __alloc_size(1);
void vfree(const void *addr);
extern void vfree_atomic(const void *addr);
extern void *vmalloc_user_noprof(unsigned long size) __alloc_size(1);
extern void *vmalloc_32_noprof(unsigned long size) __alloc_size(1);
extern void *vmalloc_32_user_noprof(unsigned long size) __alloc_size(1);
extern unsigned long vmalloc_nr_pages(void);
bool vmalloc_dump_obj(void *object);
extern struct vm_struct *find_vm_area(const void *addr);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* 7.x: vrealloc() with an alignment (a page's, or less, is always met) and a node */
void * __must_check vrealloc_node_align_noprof(const void *p, size_t size, unsigned long align,
					       gfp_t flags, int nid) __realloc_size(2);
#define vrealloc_node_noprof(_p, _s, _f, _nid)	vrealloc_node_align_noprof(_p, _s, 1, _f, _nid)
#define vrealloc_noprof(_p, _s, _f)		vrealloc_node_align_noprof(_p, _s, 1, _f, NUMA_NO_NODE)
#define vrealloc_node_align(...)	alloc_hooks(vrealloc_node_align_noprof(__VA_ARGS__))
#define vrealloc_node(...)		alloc_hooks(vrealloc_node_noprof(__VA_ARGS__))
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void * __must_check vrealloc_noprof(const void *p, size_t size, gfp_t flags)
	__realloc_size(2);
#endif

/* notified when lazily freed areas are purged: the shim frees at once, none are */
struct notifier_block;
int register_vmap_purge_notifier(struct notifier_block *nb);
int unregister_vmap_purge_notifier(struct notifier_block *nb);

static inline void *vmalloc_noprof(unsigned long size)
{
	return __vmalloc_node_noprof(size, 1, GFP_KERNEL, NUMA_NO_NODE,
				     __builtin_return_address(0));
}

static inline void *vzalloc_noprof(unsigned long size)
{
	return __vmalloc_node_noprof(size, 1, GFP_KERNEL | __GFP_ZERO, NUMA_NO_NODE,
				     __builtin_return_address(0));
}

static inline void *vmalloc_node_noprof(unsigned long size, int node)
{
	return __vmalloc_node_noprof(size, 1, GFP_KERNEL, node, __builtin_return_address(0));
}

static inline void *vzalloc_node_noprof(unsigned long size, int node)
{
	return __vmalloc_node_noprof(size, 1, GFP_KERNEL | __GFP_ZERO, node,
				     __builtin_return_address(0));
}

static inline void *__vmalloc_noprof(unsigned long size, gfp_t gfp_mask)
{
	return __vmalloc_node_noprof(size, 1, gfp_mask, NUMA_NO_NODE,
				     __builtin_return_address(0));
}

/* huge mappings are an optimisation of the page tables: plain pages here */
static inline void *vmalloc_huge_noprof(unsigned long size, gfp_t gfp_mask)
{
	return __vmalloc_noprof(size, gfp_mask);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void *vmalloc_huge_node_noprof(unsigned long size, gfp_t gfp_mask, int node)
{
	return __vmalloc_node_noprof(size, 1, gfp_mask, node, __builtin_return_address(0));
}
#endif

static inline void *__vmalloc_array_noprof(size_t n, size_t size, gfp_t flags)
{
	size_t bytes;

	if (unlikely(check_mul_overflow(n, size, &bytes)))
		return NULL;
	return __vmalloc_noprof(bytes, flags);
}

static inline void *vmalloc_array_noprof(size_t n, size_t size)
{
	return __vmalloc_array_noprof(n, size, GFP_KERNEL);
}

static inline void *__vcalloc_noprof(size_t n, size_t size, gfp_t flags)
{
	return __vmalloc_array_noprof(n, size, flags | __GFP_ZERO);
}

static inline void *vcalloc_noprof(size_t n, size_t size)
{
	return __vmalloc_array_noprof(n, size, GFP_KERNEL | __GFP_ZERO);
}

/*
 * x86's huge vmap mappings: the generic answers for the levels and sizes
 * x86 does not map huge (page tables do not exist here; these only inform)
 */
static inline bool arch_vmap_p4d_supported(pgprot_t prot)
{
	return false;
}

static inline unsigned long arch_vmap_pte_range_map_size(unsigned long addr, unsigned long end,
							 u64 pfn, unsigned int max_page_shift)
{
	return PAGE_SIZE;
}

static inline unsigned long arch_vmap_pte_range_unmap_size(unsigned long addr, pte_t *ptep)
{
	return PAGE_SIZE;
}

static inline int arch_vmap_pte_supported_shift(unsigned long size)
{
	return PAGE_SHIFT;
}

static inline pgprot_t arch_vmap_pgprot_tagged(pgprot_t prot)
{
	return prot;
}

/* an area's size with its guard page, as get_vm_area() reserves it */
static inline size_t get_vm_area_size(const struct vm_struct *area)
{
	if (!(area->flags & VM_NO_GUARD))
		return area->size - PAGE_SIZE;
	return area->size;
}

static inline bool is_vm_area_hugepages(const void *addr)
{
	return false;
}

static inline void set_vm_flush_reset_perms(void *addr)
{
	struct vm_struct *vm = find_vm_area(addr);

	if (vm)
		vm->flags |= VM_FLUSH_RESET_PERMS;
}

#define vmalloc(...)		alloc_hooks(vmalloc_noprof(__VA_ARGS__))
#define vzalloc(...)		alloc_hooks(vzalloc_noprof(__VA_ARGS__))
#define vmalloc_node(...)	alloc_hooks(vmalloc_node_noprof(__VA_ARGS__))
#define vzalloc_node(...)	alloc_hooks(vzalloc_node_noprof(__VA_ARGS__))
#define __vmalloc(...)		alloc_hooks(__vmalloc_noprof(__VA_ARGS__))
#define __vmalloc_node(...)	alloc_hooks(__vmalloc_node_noprof(__VA_ARGS__))
#define vmalloc_user(...)	alloc_hooks(vmalloc_user_noprof(__VA_ARGS__))
#define vmalloc_32(...)		alloc_hooks(vmalloc_32_noprof(__VA_ARGS__))
#define vmalloc_32_user(...)	alloc_hooks(vmalloc_32_user_noprof(__VA_ARGS__))
#define vmalloc_huge(...)	alloc_hooks(vmalloc_huge_noprof(__VA_ARGS__))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define vmalloc_huge_node(...)	alloc_hooks(vmalloc_huge_node_noprof(__VA_ARGS__))
#endif
#define vmalloc_array(...)	alloc_hooks(vmalloc_array_noprof(__VA_ARGS__))
#define __vmalloc_array(...)	alloc_hooks(__vmalloc_array_noprof(__VA_ARGS__))
#define vcalloc(...)		alloc_hooks(vcalloc_noprof(__VA_ARGS__))
#define __vcalloc(...)		alloc_hooks(__vcalloc_noprof(__VA_ARGS__))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#define vrealloc(...)		alloc_hooks(vrealloc_noprof(__VA_ARGS__))
#endif

/* other pages in one range, kernel address space, user mappings: not modelled */
extern void *vmap(struct page **pages, unsigned int count, unsigned long flags,
		  pgprot_t prot);
extern void vunmap(const void *addr);
void *vmap_pfn(unsigned long *pfns, unsigned int count, pgprot_t prot);
extern void *vm_map_ram(struct page **pages, unsigned int count, int node);
extern void vm_unmap_ram(const void *mem, unsigned int count);
extern void vm_unmap_aliases(void);
extern struct vm_struct *get_vm_area(unsigned long size, unsigned long flags);
extern struct vm_struct *__get_vm_area_caller(unsigned long size, unsigned long flags,
					      unsigned long start, unsigned long end,
					      const void *caller);
void free_vm_area(struct vm_struct *area);
extern int remap_vmalloc_range(struct vm_area_struct *vma, void *addr,
			       unsigned long pgoff);
extern int remap_vmalloc_range_partial(struct vm_area_struct *vma, unsigned long uaddr,
				       void *kaddr, unsigned long pgoff, unsigned long size);


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#endif
