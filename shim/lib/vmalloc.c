// SPDX-License-Identifier: GPL-2.0
/*
 * vmalloc.c - virtually contiguous memory. An area is one kmalloc-family
 * object (so it is counted, can be made to fail and a leak names its
 * caller) holding its vm_struct, its struct pages and, page aligned, the
 * memory they describe; live areas are on a list that is_vmalloc_addr(),
 * vmalloc_to_page() and vfree() search. Each page holds one reference, as
 * vmalloc's pages do. Mapping pages the caller owns into one range (vmap(),
 * vm_map_ram()) needs page tables: those calls stop (qdk/unmodelled.h).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/notifier.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <qdk/context.h>
#include <qdk/unmodelled.h>

#include "shim.h"

struct qdk_vm_area {
	struct list_head node;
	struct vm_struct vm;
	struct page *page_ptrs[];	/* then the struct pages, then the memory */
};

static LIST_HEAD(vm_areas);
static unsigned long vm_nr_pages;

static struct qdk_vm_area *area_of(unsigned long a)
{
	struct qdk_vm_area *va;

	list_for_each_entry(va, &vm_areas, node) {
		unsigned long base = (unsigned long)va->vm.addr;

		if (a >= base && a < base + ((unsigned long)va->vm.nr_pages << PAGE_SHIFT))
			return va;
	}
	return NULL;
}

/* the page of vmalloc memory at address a, or NULL (lib/page_alloc.c's pfn_to_page()) */
struct page *qdk_vmalloc_page(unsigned long a)
{
	struct qdk_vm_area *va = area_of(a);

	return va ? va->vm.pages[(a - (unsigned long)va->vm.addr) >> PAGE_SHIFT] : NULL;
}

/*
 * Reserving a range of vmalloc space may sleep (alloc_vmap_area()): always
 * in 6.1 and 6.12, with flags that allow blocking in 7.x, which serves
 * GFP_NOWAIT and GFP_ATOMIC too. Reported at the allocator's caller.
 */
static void vmap_might_sleep(gfp_t gfp, unsigned long ip)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	if (!gfpflags_allow_blocking(gfp))
		return;
#endif
	qdk_alloc_might_sleep("vmalloc()", ip);
}

static void *area_alloc(unsigned long size, gfp_t gfp, unsigned long flags,
			const void *caller)
{
	unsigned int n, i;
	struct qdk_vm_area *va;
	struct page *pages;
	size_t hdr;

	vmap_might_sleep(gfp, (unsigned long)caller);
	if (!size || (size >> PAGE_SHIFT) >= UINT_MAX)
		return NULL;
	n = PAGE_ALIGN(size) >> PAGE_SHIFT;
	hdr = sizeof(*va) + n * (sizeof(struct page *) + sizeof(struct page));
	va = __kmalloc_noprof(hdr + PAGE_SIZE + ((size_t)n << PAGE_SHIFT), gfp & ~__GFP_ZERO);
	if (!va) {
		if (!(gfp & __GFP_NOWARN))
			pr_warn("vmalloc error: size %lu, failed to allocate pages\n", size);
		return NULL;
	}
	memset(va, 0, hdr);
	pages = (struct page *)&va->page_ptrs[n];
	va->vm.addr = (void *)PAGE_ALIGN((unsigned long)va + hdr);
	va->vm.size = ((unsigned long)n << PAGE_SHIFT) + PAGE_SIZE;	/* with its guard */
	va->vm.flags = VM_ALLOC | VM_UNINITIALIZED | flags;
	va->vm.pages = va->page_ptrs;
	va->vm.nr_pages = n;
	va->vm.caller = caller;
	for (i = 0; i < n; i++) {
		struct page *page = &pages[i];

		INIT_LIST_HEAD(&page->lru);
		page->virtual = va->vm.addr + ((size_t)i << PAGE_SHIFT);
		page->__qdk_head = page;
		atomic_set(&page->_mapcount, -1);
		atomic_set(&page->_refcount, 1);
		va->page_ptrs[i] = page;
	}
	if (gfp & __GFP_ZERO)
		memset(va->vm.addr, 0, (size_t)n << PAGE_SHIFT);
	va->vm.flags &= ~VM_UNINITIALIZED;
	list_add(&va->node, &vm_areas);
	vm_nr_pages += n;
	return va->vm.addr;
}

void *__vmalloc_node_noprof(unsigned long size, unsigned long align, gfp_t gfp_mask,
			    int node, const void *caller)
{
	/* page aligned, and a power-of-two alignment up to a page is met */
	WARN_ON_ONCE(align > PAGE_SIZE || !is_power_of_2(align));
	return area_alloc(size, gfp_mask, 0, caller);
}

void *vmalloc_user_noprof(unsigned long size)
{
	return area_alloc(size, GFP_KERNEL | __GFP_ZERO, VM_USERMAP,
			  __builtin_return_address(0));
}

/* 32-bit addressable memory: the shim has no zones, any memory does */
void *vmalloc_32_noprof(unsigned long size)
{
	return area_alloc(size, GFP_KERNEL, 0, __builtin_return_address(0));
}

void *vmalloc_32_user_noprof(unsigned long size)
{
	return area_alloc(size, GFP_KERNEL | __GFP_ZERO, VM_USERMAP,
			  __builtin_return_address(0));
}

bool is_vmalloc_addr(const void *x)
{
	return area_of((unsigned long)x) != NULL;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* no modules' own address range in user space: vmalloc's is the one */
int is_vmalloc_or_module_addr(const void *x)
{
	return is_vmalloc_addr(x);
}
#endif

struct page *vmalloc_to_page(const void *addr)
{
	return qdk_vmalloc_page((unsigned long)addr);
}

unsigned long vmalloc_to_pfn(const void *addr)
{
	struct page *page = vmalloc_to_page(addr);

	return page ? page_to_pfn(page) : 0;
}

struct vm_struct *find_vm_area(const void *addr)
{
	struct qdk_vm_area *va = area_of((unsigned long)addr);

	return va && va->vm.addr == addr ? &va->vm : NULL;
}

unsigned long vmalloc_nr_pages(void)
{
	return vm_nr_pages;
}

static void vfree_area(const void *addr)
{
	struct qdk_vm_area *va;

	if (!addr)
		return;
	va = area_of((unsigned long)addr);
	if (WARN(!va || va->vm.addr != addr,
		 "Trying to vfree() nonexistent vm area (%p)\n", addr))
		return;
	list_del(&va->node);
	vm_nr_pages -= va->vm.nr_pages;
	kfree(va);
}

/*
 * In an interrupt or with bottom halves off the kernel defers the free to
 * a work item (no sleep); elsewhere vfree() may sleep.
 */
void vfree(const void *addr)
{
	if (!in_interrupt())
		qdk_ctx_might_sleep_at("vfree()", _QDK_RET_IP_);
	vfree_area(addr);
}

/* freed at once: the kernel defers it to a work item, which changes nothing seen here */
void vfree_atomic(const void *addr)
{
	vfree_area(addr);
}

bool vmalloc_dump_obj(void *object)
{
	struct qdk_vm_area *va = area_of((unsigned long)object);

	if (!va)
		return false;
	pr_cont(" %u-page vmalloc region starting at %#lx allocated at %pS\n",
		va->vm.nr_pages, (unsigned long)va->vm.addr, va->vm.caller);
	return true;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a new area holding the old one's contents up to the smaller size */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void *vrealloc_node_align_noprof(const void *p, size_t size, unsigned long align,
				 gfp_t flags, int nid)
#else
void *vrealloc_noprof(const void *p, size_t size, gfp_t flags)
#endif
{
	struct qdk_vm_area *old = p ? area_of((unsigned long)p) : NULL;
	size_t old_size;
	void *n;

	if (!size) {
		qdk_alloc_might_sleep("vfree()", _QDK_RET_IP_);
		vfree_area(p);
		return NULL;
	}
	if (p && WARN(!old, "Trying to vrealloc() nonexistent vm area (%p)\n", p))
		return NULL;
	old_size = old ? (size_t)old->vm.nr_pages << PAGE_SHIFT : 0;
	if (old && size <= old_size) {
		if (flags & __GFP_ZERO)
			memset((char *)p + size, 0, old_size - size);
		return (void *)p;
	}
	n = area_alloc(size, flags, 0, __builtin_return_address(0));
	if (!n)
		return NULL;
	if (old) {
		memcpy(n, p, old_size);
		vfree_area(p);
	}
	return n;
}
#endif

void *vmap(struct page **pages, unsigned int count, unsigned long flags, pgprot_t prot)
{
	QDK_UNMODELLED(vmap, "mapping pages into one range needs page tables");
}

void vunmap(const void *addr)
{
	QDK_UNMODELLED(vunmap, "mapping pages into one range needs page tables");
}

void *vmap_pfn(unsigned long *pfns, unsigned int count, pgprot_t prot)
{
	QDK_UNMODELLED(vmap_pfn, "mapping pages into one range needs page tables");
}

void *vm_map_ram(struct page **pages, unsigned int count, int node)
{
	QDK_UNMODELLED(vm_map_ram, "mapping pages into one range needs page tables");
}

void vm_unmap_ram(const void *mem, unsigned int count)
{
	QDK_UNMODELLED(vm_unmap_ram, "mapping pages into one range needs page tables");
}

void vm_unmap_aliases(void)
{
	QDK_UNMODELLED(vm_unmap_aliases, "user space has no kernel page tables");
}

struct vm_struct *get_vm_area(unsigned long size, unsigned long flags)
{
	QDK_UNMODELLED(get_vm_area, "user space has no kernel address space to reserve");
}

struct vm_struct *__get_vm_area_caller(unsigned long size, unsigned long flags,
				       unsigned long start, unsigned long end,
				       const void *caller)
{
	QDK_UNMODELLED(__get_vm_area_caller, "user space has no kernel address space to reserve");
}

void free_vm_area(struct vm_struct *area)
{
	QDK_UNMODELLED(free_vm_area, "user space has no kernel address space to reserve");
}

int remap_vmalloc_range(struct vm_area_struct *vma, void *addr, unsigned long pgoff)
{
	QDK_UNMODELLED(remap_vmalloc_range, "the shim has no user address space");
}

int remap_vmalloc_range_partial(struct vm_area_struct *vma, unsigned long uaddr,
				void *kaddr, unsigned long pgoff, unsigned long size)
{
	QDK_UNMODELLED(remap_vmalloc_range_partial, "the shim has no user address space");
}

/*
 * The purge notifiers: a chain that nothing calls, as no free is lazy here.
 * The kernel's is a blocking chain, whose registration may sleep.
 */
static RAW_NOTIFIER_HEAD(vmap_notify_list);

int register_vmap_purge_notifier(struct notifier_block *nb)
{
	might_sleep();
	return raw_notifier_chain_register(&vmap_notify_list, nb);
}

int unregister_vmap_purge_notifier(struct notifier_block *nb)
{
	might_sleep();
	return raw_notifier_chain_unregister(&vmap_notify_list, nb);
}
