/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_OVERFLOW_H
#define __LINUX_OVERFLOW_H

#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/types.h>
#include <linux/version.h>

#define check_add_overflow(a, b, d) __builtin_add_overflow(a, b, d)
#define check_sub_overflow(a, b, d) __builtin_sub_overflow(a, b, d)
#define check_mul_overflow(a, b, d) __builtin_mul_overflow(a, b, d)

static inline size_t size_mul(size_t a, size_t b)
{
	size_t bytes;

	if (check_mul_overflow(a, b, &bytes))
		return SIZE_MAX;
	return bytes;
}

static inline size_t size_add(size_t a, size_t b)
{
	size_t bytes;

	if (check_add_overflow(a, b, &bytes))
		return SIZE_MAX;
	return bytes;
}

#define array_size(a, b)	size_mul(a, b)
#define struct_size(p, member, count)					\
	size_add(sizeof(*(p)), size_mul(sizeof(*(p)->member), count))
#define flex_array_size(p, member, count)				\
	size_mul(count, sizeof(*(p)->member))

/* a type's (or a variable's type's) extremes */
#define __qdk_type_signed(T)	((__typeof__(T))-1 < (__typeof__(T))1)
#define __type_half_max(T)	((__typeof__(T))1 << (8 * sizeof(T) - 1 - __qdk_type_signed(T)))
#define type_max(T)	((__typeof__(T))((__type_half_max(T) - 1) + __type_half_max(T)))
#define type_min(T)	((__typeof__(T))((__typeof__(T))-type_max(T) - (__typeof__(T))1))

/* without a "comparison is always false" warning for unsigned x */
#define is_non_negative(a)	((a) > 0 || (a) == 0)
#define is_negative(a)		(!(is_non_negative(a)))

/* an overflow check's result: used (the kernel's is __must_check) */
static inline bool __must_check __must_check_overflow(bool overflow)
{
	return unlikely(overflow);
}

/*
 * *d = a << s; true (and *d the shifted value's truncation) when a is
 * negative, s is too wide, or bits are lost
 */
#define check_shl_overflow(a, s, d) __must_check_overflow(({		\
	__typeof__(a) _a = a;						\
	__typeof__(s) _s = s;						\
	__typeof__(d) _d = d;						\
	unsigned long long _a_full = _a;				\
	unsigned int _to_shift =					\
		is_non_negative(_s) && _s < 8 * sizeof(*d) ? _s : 0;	\
	*_d = (_a_full << _to_shift);					\
	(_to_shift != _s || is_negative(*_d) || is_negative(_a) ||	\
	 (*_d >> _to_shift) != _a);					\
}))

/* a - b, SIZE_MAX when either is SIZE_MAX or it would go below 0 */
static inline size_t size_sub(size_t minuend, size_t subtrahend)
{
	size_t bytes;

	if (minuend == SIZE_MAX || subtrahend == SIZE_MAX ||
	    check_sub_overflow(minuend, subtrahend, &bytes))
		return SIZE_MAX;
	return bytes;
}

#define array3_size(a, b, c)	size_mul(size_mul(a, b), c)
/* a constant count gives a constant size (DEFINE_FLEX()'s array bound) */
#define __qdk_is_constexpr(x)						\
	(sizeof(int) == sizeof(*(8 ? ((void *)((long)(x) * 0l)) : (int *)8)))
#define struct_size_t(type, member, count)				\
	__builtin_choose_expr(__qdk_is_constexpr(count),		\
		sizeof(type) + (count) * sizeof(*((type *)NULL)->member), \
		struct_size((type *)NULL, member, count))

/* whether n does not fit T (a type or a variable); constant for constants */
#define overflows_type(n, T)	__builtin_add_overflow_p((n), 0, (__typeof__(T))0)
#define castable_to_type(n, T)						\
	(__builtin_constant_p(n) ? !overflows_type(n, T) : __same_type(n, T))

/* [start, start + size) not inside [0, max); range_end: ending past max */
#define range_overflows(start, size, max) ({				\
	__typeof__(start) start__ = (start);				\
	__typeof__(size) size__ = (size);				\
	__typeof__(max) max__ = (max);					\
	(void)(&start__ == &size__);					\
	(void)(&start__ == &max__);					\
	start__ >= max__ || size__ > max__ - start__;			\
})
#define range_overflows_t(type, start, size, max)			\
	range_overflows((type)(start), (type)(size), (type)(max))
#define range_end_overflows(start, size, max) ({			\
	__typeof__(start) start__ = (start);				\
	__typeof__(size) size__ = (size);				\
	__typeof__(max) max__ = (max);					\
	(void)(&start__ == &size__);					\
	(void)(&start__ == &max__);					\
	start__ > max__ || size__ > max__ - start__;			\
})
#define range_end_overflows_t(type, start, size, max)			\
	range_end_overflows((type)(start), (type)(size), (type)(max))

/* arithmetic that wraps on purpose, in type */
#define wrapping_add(type, a, b) ({					\
	type __val;							\
	(void)__builtin_add_overflow(a, b, &__val);			\
	__val;								\
})
#define wrapping_sub(type, a, b) ({					\
	type __val;							\
	(void)__builtin_sub_overflow(a, b, &__val);			\
	__val;								\
})
#define wrapping_mul(type, a, b) ({					\
	type __val;							\
	(void)__builtin_mul_overflow(a, b, &__val);			\
	__val;								\
})
#define wrapping_assign_add(var, offset) ({				\
	__typeof__(var) *__ptr = &(var);				\
	*__ptr = wrapping_add(__typeof__(var), *__ptr, offset);		\
})
#define wrapping_assign_sub(var, offset) ({				\
	__typeof__(var) *__ptr = &(var);				\
	*__ptr = wrapping_sub(__typeof__(var), *__ptr, offset);		\
})

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
#define struct_offset(p, member)	(offsetof(__typeof__(*(p)), member))
#endif

/* an on-stack struct with count (a constant) elements of its flexible array */
#define _DEFINE_FLEX(type, name, member, count, initializer...)		\
	_Static_assert(__builtin_constant_p(count),			\
		       "onstack flex array members require compile-time const count"); \
	union {								\
		u8 bytes[struct_size_t(type, member, count)];		\
		type obj;						\
	} name##_u initializer;						\
	type *name = (type *)&name##_u
#define DEFINE_RAW_FLEX(type, name, member, count)			\
	_DEFINE_FLEX(type, name, member, count, = {})
#define DEFINE_FLEX(TYPE, NAME, MEMBER, COUNTER, COUNT)			\
	_DEFINE_FLEX(TYPE, NAME, MEMBER, COUNT, = { .obj.COUNTER = COUNT, })

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* the number of elements of a DEFINE_FLEX()/DEFINE_RAW_FLEX() variable's array */
#define STACK_FLEX_ARRAY_SIZE(name, array)					\
	((sizeof(name##_u) - offsetof(__typeof__(*(name)), array)) /		\
	 sizeof(*(name)->array) + __must_be_array((name)->array))

/*
 * The type of a flexible array's __counted_by() counter: the shim's
 * __counted_by() names none (as a compiler without the attribute), so
 * size_t, the kernel's answer then.
 */
#define typeof_flex_counter(FAM)	size_t
#define overflows_flex_counter_type(TYPE, FAM, COUNT)			\
	(overflows_type(COUNT, typeof_flex_counter(((TYPE *)NULL)->FAM)))
#endif

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/const.h>
#endif
