/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Allocation tags, as the kernel's memory allocation profiling has them
 * (CONFIG_MEM_ALLOC_PROFILING, Linux 6.10+): an allocator the qdisc calls
 * (kmalloc(), kzalloc(), kmem_cache_alloc(), alloc_skb(), ...) is a macro
 * wrapping its *_noprof function in alloc_hooks(), which makes a static tag
 * naming the call site (file, line, function, module) current for the
 * duration of the call. The shim's allocators store the current tag with
 * each object, so a leak report names where the leaked object came from.
 *
 * An allocator calling another inside the shim uses the *_noprof variant,
 * as the kernel does, so the tag stays the outer caller's.
 */
#ifndef _LINUX_ALLOC_TAG_H
#define _LINUX_ALLOC_TAG_H

#include <linux/compiler.h>
#include <linux/container_of.h>
#include <linux/types.h>
#include <linux/version.h>
#include <linux/jump_label.h>

struct codetag {
	unsigned int flags;
	unsigned int lineno;
	const char *modname;
	const char *function;
	const char *filename;
};

/* linux/codetag.h: a tag whose counts are known to be off */
#define CODETAG_FLAG_INACCURATE	(1 << 0)

/* what an allocated object keeps of its tag (slab's obj_ext, a page's ext) */
union codetag_ref {
	struct codetag *ct;
};

/* a call site's live bytes and allocations (one CPU: one copy) */
struct alloc_tag_counters {
	u64 bytes;
	u64 calls;
};

struct alloc_tag {
	struct codetag ct;
	struct alloc_tag_counters *counters;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* where the kernel's and a module's tags are laid out (7.x) */
struct alloc_tag_kernel_section {
	struct alloc_tag *first_tag;
	unsigned long count;
};

struct alloc_tag_module_section {
	union {
		unsigned long start_addr;
		struct alloc_tag *first_tag;
	};
	unsigned long end_addr;
	unsigned long size;
};
#endif

/* The kernel keeps the current tag in current->alloc_tag; one thread here. */
extern struct alloc_tag *qdk_alloc_tag;

#ifdef KBUILD_MODNAME
#define QDK_CODETAG_MODNAME KBUILD_MODNAME
#else
#define QDK_CODETAG_MODNAME NULL
#endif

#define DEFINE_ALLOC_TAG(_alloc_tag)					\
	static struct alloc_tag_counters _alloc_tag##_cntrs;		\
	static struct alloc_tag _alloc_tag = {				\
		.ct = {							\
			.lineno = __LINE__,				\
			.modname = QDK_CODETAG_MODNAME,			\
			.function = __func__,				\
			.filename = __FILE__,				\
		},							\
		.counters = &_alloc_tag##_cntrs,			\
	}

/*
 * Profiling is on in the shim (its allocators always keep their caller's
 * tag, for the leak report), though Debian's kernels build without it:
 * these report what the shim does.
 */
static inline bool mem_alloc_profiling_enabled(void)
{
	return true;
}

static inline bool mem_alloc_profiling_permanently_disabled(void)
{
	return false;
}

/* without MEM_ALLOC_PROFILING_DEBUG: an empty reference is a NULL one */
static inline bool is_codetag_empty(union codetag_ref *ref)
{
	return false;
}

static inline void set_codetag_empty(union codetag_ref *ref)
{
	if (ref)
		ref->ct = NULL;
}

static inline struct alloc_tag *ct_to_alloc_tag(struct codetag *ct)
{
	return container_of(ct, struct alloc_tag, ct);
}

/* an object of bytes allocated at tag: ref keeps the tag, the tag counts it */
static inline void alloc_tag_add(union codetag_ref *ref, struct alloc_tag *tag, size_t bytes)
{
	if (!ref || !tag)
		return;
	ref->ct = &tag->ct;
	if (tag->counters) {
		tag->counters->bytes += bytes;
		tag->counters->calls++;
	}
}

/* the object freed: its tag counts it no more, ref is cleared */
static inline void alloc_tag_sub(union codetag_ref *ref, size_t bytes)
{
	struct alloc_tag *tag;

	if (!ref || !ref->ct)
		return;
	tag = ct_to_alloc_tag(ref->ct);
	if (tag->counters) {
		tag->counters->bytes -= bytes;
		tag->counters->calls--;
	}
	ref->ct = NULL;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void alloc_tag_set_inaccurate(struct alloc_tag *tag)
{
	tag->ct.flags |= CODETAG_FLAG_INACCURATE;
}

static inline bool alloc_tag_is_inaccurate(struct alloc_tag *tag)
{
	return !!(tag->ct.flags & CODETAG_FLAG_INACCURATE);
}
#endif

/* the current allocation's tag into p */
#define alloc_tag_record(p)	((p) = qdk_alloc_tag)

static inline struct alloc_tag *alloc_tag_save(struct alloc_tag *tag)
{
	struct alloc_tag *old = qdk_alloc_tag;

	qdk_alloc_tag = tag;
	return old;
}

static inline void alloc_tag_restore(struct alloc_tag *tag,
				     struct alloc_tag *old)
{
	qdk_alloc_tag = old;
}

#define alloc_hooks_tag(_tag, _do_alloc)				\
({									\
	struct alloc_tag *__maybe_unused _old = alloc_tag_save(_tag);	\
	typeof(_do_alloc) _res = _do_alloc;				\
	alloc_tag_restore(_tag, _old);					\
	_res;								\
})

#define alloc_hooks(_do_alloc)						\
({									\
	DEFINE_ALLOC_TAG(_alloc_tag);					\
	alloc_hooks_tag(&_alloc_tag, _do_alloc);			\
})

#endif
