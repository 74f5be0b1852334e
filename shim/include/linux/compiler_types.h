/* SPDX-License-Identifier: GPL-2.0 */
/* Annotations: sparse ones are empty, gcc attributes are real. */
#ifndef __LINUX_COMPILER_TYPES_H
#define __LINUX_COMPILER_TYPES_H
#include <linux/version.h>

#define __user
#define __kernel
#define __iomem
#define __percpu
#define __rcu
#define __force
#define __bitwise
#define __safe
#define __private
#define __must_hold(x)
#define __acquires(x)
#define __releases(x)
#define __acquire(x)	(void)0
#define __release(x)	(void)0
#define __cond_lock(x, c) (c)
#define __cond_acquires(x)
#define __cond_releases(x)

#define __always_inline		inline __attribute__((__always_inline__))
#define noinline		__attribute__((__noinline__))
#define __noinline		noinline
#define __cold			__attribute__((__cold__))
#define __hot			__attribute__((__hot__))
#define __pure			__attribute__((__pure__))
#define __packed		__attribute__((__packed__))
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __aligned_largest	__attribute__((__aligned__))
#define __maybe_unused		__attribute__((__unused__))
#define __always_unused		__attribute__((__unused__))
#define __used			__attribute__((__used__))
#define __must_check		__attribute__((__warn_unused_result__))
#define __noreturn		__attribute__((__noreturn__))
#define __weak			__attribute__((__weak__))
#define __printf(a, b)		__attribute__((__format__(printf, a, b)))
#define __scanf(a, b)		__attribute__((__format__(scanf, a, b)))
#define __section(s)		__attribute__((__section__(s)))
#define __malloc		__attribute__((__malloc__))
#define __cleanup(func)		__attribute__((__cleanup__(func)))
#define __alloc_size(...)
#define __realloc_size(...)
#define __counted_by(m)
#define __no_sanitize_address
#define notrace
#define __visible
#define __latent_entropy
#define __randomize_layout
#define __no_randomize_layout
#define randomized_struct_fields_start	struct {
#define randomized_struct_fields_end	};
#define __compiletime_error(msg)
#define __nocast
#define __cacheline_aligned	__aligned(64)
#define ____cacheline_aligned	__aligned(64)
#define ____cacheline_aligned_in_smp	__aligned(64)
#define __cacheline_aligned_in_smp	__aligned(64)
#define __read_mostly
#define __ro_after_init
#define __init
#define __exit
#define __initdata
#define __exitdata
#define __initconst
#define __devinit
#define __net_init
#define __net_exit
#define __rcu_read_lock_held	1
#define fallthrough		__attribute__((__fallthrough__))
#define __stringify_1(x...)	#x
#define __stringify(x...)	__stringify_1(x)
#define ___PASTE(a, b)		a##b
#define __PASTE(a, b)		___PASTE(a, b)
#define __UNIQUE_ID(prefix)	__PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)
#define __native_word(t) (sizeof(t) == 1 || sizeof(t) == 2 || \
			  sizeof(t) == 4 || sizeof(t) == 8)
#define __scalar_type_to_expr_cases(type)			\
		unsigned type:	(unsigned type)0,		\
		signed type:	(signed type)0
#define __unqual_scalar_typeof(x) typeof(x)
#define __diag_push()
#define __diag_pop()
#define __diag_ignore(...)
#define __diag_ignore_all(...)

/* C23 spells type inference auto; before it the kernel maps auto to gcc's */
#if __STDC_VERSION__ < 202311L
#define auto			__auto_type
#endif

/* BTF tags exist only for a pahole-built kernel's type info: nothing here */
#define BTF_TYPE_TAG(value)

/* a member sparse marks __private, read or written on purpose */
#define ACCESS_PRIVATE(p, member)	(*((typeof((p)->member) __force *)&(p)->member))

/*
 * The kernel's inline: gnu89 semantics (an extern inline function is never
 * emitted) and no warning for an unused one.
 */
#define inline			inline __attribute__((__gnu_inline__, __unused__))
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* asm goto with outputs (every gcc the shim builds with has it) */
#define asm_goto_output(x...)	asm volatile goto(x)
/* asm constraints: a general operand, a register or memory */
#define ASM_INPUT_G		"g"
#define ASM_INPUT_RM		"rm"
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define ASM_OUTPUT_RM		"=rm"
/* kept out of line so a tracer sees the call */
#define noinline_for_tracing	noinline
/* an array parameter of at least n elements: [at_least n] (gcc checks it) */
#define at_least		static
#endif

/* the branch profiler's records (CONFIG_PROFILE_*_BRANCHES; unused in the shim) */
struct ftrace_branch_data {
	const char *func;
	const char *file;
	unsigned int line;
	union {
		struct {
			unsigned long correct;
			unsigned long incorrect;
		};
		struct {
			unsigned long miss;
			unsigned long hit;
		};
		unsigned long miss_hit[2];
	};
};

struct ftrace_likely_data {
	struct ftrace_branch_data data;
	unsigned long constant;
};

/* an asm statement the compiler sizes as small when it decides inlining */
#define asm_inline		asm __inline

/* kept out of line so that its stack frame is not merged into the caller's */
#define noinline_for_stack	noinline

/* code that must not be traced or instrumented (entry code) */
#define noinstr			noinline notrace __no_sanitize_address

/*
 * A build error when condition is a constant and false; a condition only
 * known at run time compiles (the kernel's relies on the optimiser and an
 * error attribute; the shim, as its BUILD_BUG_ON(), on a negative array).
 */
#define compiletime_assert(condition, msg)				\
	do {								\
		(void)sizeof(char[1 - 2 * !(condition)]);		\
	} while (0)

/* a plain load or store of t is one access: a 1, 2, 4 or 8 byte type */
#define compiletime_assert_atomic_type(t)				\
	compiletime_assert(__native_word(t),				\
			   "Need native word sized stores/loads for atomicity.")

#endif
