/* SPDX-License-Identifier: GPL-2.0 */
/* Compiler attributes and access helpers with the kernel's names. */
#ifndef _LINUX_COMPILER_H
#define _LINUX_COMPILER_H

#include <linux/compiler_types.h>

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

#endif
