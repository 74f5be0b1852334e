/* SPDX-License-Identifier: GPL-2.0 */
/* Compiler attributes and access helpers with the kernel's names. */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#include <linux/compiler_types.h>
#include <linux/version.h>

#define likely(x)	__builtin_expect(!!(x), 1)
#define unlikely(x)	__builtin_expect(!!(x), 0)
#define barrier()	__asm__ __volatile__("" : : : "memory")
#define smp_mb()	__atomic_thread_fence(__ATOMIC_SEQ_CST)
#define smp_rmb()	barrier()
#define smp_wmb()	barrier()
#define smp_mb__before_atomic()	barrier()
#define smp_mb__after_atomic()	barrier()
#define smp_store_release(p, v)	do { barrier(); WRITE_ONCE(*(p), v); } while (0)
#define smp_load_acquire(p)	({ typeof(*(p)) ___v = READ_ONCE(*(p)); barrier(); ___v; })

#define READ_ONCE(x)	(*(const volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, val)					\
	do { *(volatile typeof(x) *)&(x) = (val); } while (0)

#define __same_type(a, b) __builtin_types_compatible_p(typeof(a), typeof(b))
#define __must_be_array(a) BUILD_BUG_ON_ZERO(__same_type((a), &(a)[0]))
#define OPTIMIZER_HIDE_VAR(var) __asm__ ("" : "=r" (var) : "0" (var))
#define data_race(expr) (expr)

#define likely_notrace(x)	likely(x)
#define unlikely_notrace(x)	unlikely(x)
/* the compiler may not assume anything about the memory behind ptr */
#define barrier_data(ptr)	__asm__ __volatile__("" : : "r"(ptr) : "memory")
#define annotate_unreachable()
#define KENTRY(sym)		extern typeof(sym) sym;
#define prevent_tail_call_optimization()	smp_mb()
#define absolute_pointer(val)	RELOC_HIDE((void *)(val), 0)
#define RELOC_HIDE(ptr, off)					\
	({ unsigned long __ptr;					\
	   __asm__ ("" : "=r"(__ptr) : "0"(ptr));		\
	   (typeof(ptr)) (__ptr + (off)); })
#define is_signed_type(type)	(((type)(-1)) < (__force type)1)
#ifndef __is_constexpr
/* 1 when x is an integer constant expression (no evaluation of x) */
#define __is_constexpr(x)						\
	(sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))
#endif
#define is_unsigned_type(type)	(!is_signed_type(type))
/* a place the program never reaches: the compiler may assume so */
#define unreachable()		do { barrier(); __builtin_unreachable(); } while (0)
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* x is a constant expression and true (false for anything known only at run time) */
#define const_true(x)		__builtin_choose_expr(__is_constexpr(x), x, false)
/* the type of exp without its qualifiers (const, volatile) where gcc can say so */
#if defined(__GNUC__) && __GNUC__ >= 14
#define TYPEOF_UNQUAL(exp)	__typeof_unqual__(exp)
#else
#define TYPEOF_UNQUAL(exp)	__typeof__(exp)
#endif
/* a reference keeping a symbol's CFI type: no kCFI in user space */
#define KCFI_REFERENCE(sym)
#endif
#define statically_true(x)	(__builtin_constant_p(x) && (x))
#define ARCH_SEL(a, b)		a

/* a pointer stored as the offset from its own address */
static inline void *offset_to_ptr(const int *off)
{
	return (void *)((unsigned long)off + *off);
}

#endif
