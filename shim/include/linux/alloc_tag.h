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

struct codetag {
	unsigned int flags;
	unsigned int lineno;
	const char *modname;
	const char *function;
	const char *filename;
};

struct alloc_tag {
	struct codetag ct;
};

/* The kernel keeps the current tag in current->alloc_tag; one thread here. */
extern struct alloc_tag *qdk_alloc_tag;

#ifdef KBUILD_MODNAME
#define QDK_CODETAG_MODNAME KBUILD_MODNAME
#else
#define QDK_CODETAG_MODNAME NULL
#endif

#define DEFINE_ALLOC_TAG(_alloc_tag)					\
	static struct alloc_tag _alloc_tag = {				\
		.ct = {							\
			.lineno = __LINE__,				\
			.modname = QDK_CODETAG_MODNAME,			\
			.function = __func__,				\
			.filename = __FILE__,				\
		},							\
	}

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
