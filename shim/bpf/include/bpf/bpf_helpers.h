/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf/bpf_helpers.h - libbpf's <bpf/bpf_helpers.h> for a BPF program
 * compiled as user-space C against the kit's BPF runtime (shim/bpf/).
 *
 * What only the BPF loader reads (sections, BTF tags, ksym and kconfig
 * markers) is dropped or becomes an attribute gcc accepts; a helper is a
 * real function of the runtime (qdk/bpf_runtime.h); the open-coded
 * iterators (bpf_for, bpf_repeat, bpf_for_each) are the same for loops
 * libbpf builds, over the runtime's bpf_iter_* calls.
 */
#ifndef __BPF_HELPERS__
#define __BPF_HELPERS__

#include <qdk/bpf_runtime.h>

/* where the loader would put it: the kit registers .struct_ops itself (shim/bpf/bpf.mk) */
#define SEC(name)

#undef __always_inline
#define __always_inline inline __attribute__((always_inline))
#ifndef __noinline
#define __noinline __attribute__((noinline))
#endif
#ifndef __weak
#define __weak __attribute__((weak))
#endif
#define __hidden __attribute__((visibility("hidden")))

/* BTF tags the verifier reads: no meaning to gcc */
#define __kptr_untrusted
#define __kptr
#define __percpu_kptr
#define __uptr
#define __ksym
#define __kconfig
#define __arg_ctx
#define __arg_nonnull
#define __arg_nullable
#define __arg_trusted
#define __arg_untrusted
#define __arg_arena

/* map definitions (maps are not modelled yet: the members only) */
#define __uint(name, val) int (*name)[val]
#define __type(name, val) typeof(val) *name
#define __array(name, val) typeof(val) *name[]
#define __ulong(name, val) enum { ___bpf_concat(__unique_value, __COUNTER__) = val } name

#ifndef likely
#define likely(x) __builtin_expect(!!(x), 1)
#endif
#ifndef unlikely
#define unlikely(x) __builtin_expect(!!(x), 0)
#endif
#ifndef barrier
#define barrier() __asm__ __volatile__("" : : : "memory")
#endif
#ifndef barrier_var
#define barrier_var(var) __asm__ __volatile__("" : "+r"(var))
#endif
#ifndef offsetof
#define offsetof(type, member) __builtin_offsetof(type, member)
#endif
#ifndef container_of
#define container_of(ptr, type, member) \
	((type *)((void *)(ptr) - offsetof(type, member)))
#endif
#ifndef __bpf_unreachable
#define __bpf_unreachable() __builtin_unreachable()
#endif

#define ___bpf_concat(a, b) a ## b
#define ___bpf_apply(fn, n) ___bpf_concat(fn, n)

/* a weak ksym the kernel lacks is NULL */
#define bpf_ksym_exists(sym) (!!(sym))

#define bpf_printk(fmt, ...) ((void)0)

/*
 * bpf_for(i, start, end): i runs over [start, end) through a number
 * iterator, which the loop destroys however it is left (libbpf's shape).
 */
#ifndef bpf_for
#define bpf_for(i, start, end)							\
	for (struct bpf_iter_num ___it __attribute__((aligned(8),		\
			cleanup(bpf_iter_num_destroy))),			\
	     *___p __attribute__((unused)) =					\
			(bpf_iter_num_new(&___it, (start), (end)), (void *)0);	\
	     ({ int *___t = bpf_iter_num_next(&___it);				\
		___t && ((i) = *___t, (i) >= (start) && (i) < (end)); });)
#endif

/* bpf_repeat(n): the body n times */
#ifndef bpf_repeat
#define bpf_repeat(N)								\
	for (struct bpf_iter_num ___it __attribute__((aligned(8),		\
			cleanup(bpf_iter_num_destroy))),			\
	     *___p __attribute__((unused)) =					\
			(bpf_iter_num_new(&___it, 0, (N)), (void *)0);		\
	     bpf_iter_num_next(&___it);)
#endif

/* bpf_for_each(type, cur, args...): any bpf_iter_<type> the runtime has */
#ifndef bpf_for_each
#define bpf_for_each(type, cur, args...)					\
	for (struct bpf_iter_##type ___it __attribute__((aligned(8),		\
			cleanup(bpf_iter_##type##_destroy))),			\
	     *___p __attribute__((unused)) =					\
			(bpf_iter_##type##_new(&___it, ##args), (void *)0);	\
	     (((cur) = bpf_iter_##type##_next(&___it)));)
#endif

#endif
