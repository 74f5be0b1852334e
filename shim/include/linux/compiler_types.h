/* SPDX-License-Identifier: GPL-2.0 */
/* Annotations: sparse ones are empty, gcc attributes are real. */
#ifndef __LINUX_COMPILER_TYPES_H
#define __LINUX_COMPILER_TYPES_H

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

#endif
