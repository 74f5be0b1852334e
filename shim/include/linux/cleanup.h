/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scope-based cleanup: gcc's cleanup attribute runs a destructor when a
 * variable goes out of scope. __free(name) frees a pointer, CLASS() makes a
 * constructed object, guard()/scoped_guard() hold a lock for a scope.
 */
#ifndef _LINUX_CLEANUP_H
#define _LINUX_CLEANUP_H

#include <linux/compiler.h>
#include <linux/container_of.h>	/* typeof_member() */
#include <linux/err.h>

/* DEFINE_FREE(name, type, free-expression on _T): __free(name) on a variable */
#define DEFINE_FREE(_name, _type, _free) \
	static inline void __free_##_name(void *p) { _type _T = *(_type *)p; _free; }
#define __free(_name)	__cleanup(__free_##_name)

/* take the pointer out of the variable's care */
#define no_free_ptr(p) \
	({ __auto_type __ptr = (p); (p) = NULL; __ptr; })
#define return_ptr(p)	return no_free_ptr(p)

/*
 * A type with a constructor (init over init_args) and a destructor (exit on
 * _T). lock_NAME_t names the type the constructor takes (7.x's name, which
 * its context analysis uses; here on every series).
 */
#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)	\
	typedef _type class_##_name##_t;				\
	typedef _type lock_##_name##_t;					\
	static inline void class_##_name##_destructor(_type *p)		\
	{ _type _T = *p; _exit; }					\
	static inline _type class_##_name##_constructor(_init_args)	\
	{ _type t = _init; return t; }

/* a variant of a class whose destructor does nothing while _cond holds on _T */
#define EXTEND_CLASS_COND(_name, ext, _cond, _init, _init_args...)	\
	typedef lock_##_name##_t lock_##_name##ext##_t;			\
	typedef class_##_name##_t class_##_name##ext##_t;		\
	static inline void class_##_name##ext##_destructor(class_##_name##_t *_T) \
	{ if (_cond) return; class_##_name##_destructor(_T); }		\
	static inline class_##_name##_t class_##_name##ext##_constructor(_init_args) \
	{ class_##_name##_t t = _init; return t; }

#define EXTEND_CLASS(_name, ext, _init, _init_args...)			\
	EXTEND_CLASS_COND(_name, ext, 0, _init, _init_args)

#define CLASS(_name, var)						\
	class_##_name##_t var __cleanup(class_##_name##_destructor) =	\
		class_##_name##_constructor

/* an object of the class from an expression rather than the constructor */
#define CLASS_INIT(_name, _var, _init_expr)				\
	class_##_name##_t _var __cleanup(class_##_name##_destructor) = (_init_expr)

/* take the pointer out of the variable's care, leaving NULL, without using it */
#define retain_and_null_ptr(p)	((void)no_free_ptr(p))

/*
 * Whether a guard may hold nothing (a trylock that failed). A guard's
 * lock_ptr() is what it holds (NULL for nothing or an error), lock_err() 0
 * when it holds the lock, else the error (-EBUSY for a plain failure).
 */
#define __DEFINE_CLASS_IS_CONDITIONAL(_name, _is_cond)			\
	static const bool class_##_name##_is_conditional __maybe_unused = _is_cond

#define DEFINE_CLASS_IS_UNCONDITIONAL(_name)				\
	__DEFINE_CLASS_IS_CONDITIONAL(_name, false);			\
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T) \
	{ return (void *)1; }

/* NULL or an error pointer: the guard holds nothing */
#define __GUARD_IS_ERR(_ptr)						\
	({ unsigned long __qdk_rc = (__force unsigned long)(_ptr);	\
	   unlikely(__qdk_rc - 1 >= -MAX_ERRNO - 1); })

#define __DEFINE_GUARD_LOCK_PTR(_name, _exp)				\
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T) \
	{								\
		void *__qdk_p = (void *)(__force unsigned long)*(_exp);	\
									\
		return IS_ERR(__qdk_p) ? NULL : __qdk_p;		\
	}								\
	static inline int class_##_name##_lock_err(class_##_name##_t *_T) \
	{								\
		long __qdk_rc = (__force unsigned long)*(_exp);		\
									\
		if (!__qdk_rc)						\
			return -EBUSY;					\
		return IS_ERR_VALUE(__qdk_rc) ? (int)__qdk_rc : 0;	\
	}

#define DEFINE_CLASS_IS_GUARD(_name)					\
	__DEFINE_CLASS_IS_CONDITIONAL(_name, false);			\
	__DEFINE_GUARD_LOCK_PTR(_name, _T)

#define DEFINE_CLASS_IS_COND_GUARD(_name)				\
	__DEFINE_CLASS_IS_CONDITIONAL(_name, true);			\
	__DEFINE_GUARD_LOCK_PTR(_name, _T)

/* a lock whose lock and unlock take the lock pointer _T */
#define DEFINE_GUARD(_name, _type, _lock, _unlock)			\
	DEFINE_CLASS(_name, _type, if (!__GUARD_IS_ERR(_T)) { _unlock; }, \
		     ({ _lock; _T; }), _type _T);			\
	DEFINE_CLASS_IS_GUARD(_name)

/*
 * The conditional flavour. With four arguments _lock is the locking call
 * and _cond says from its value _RET whether it took the lock (_RET == 0
 * for mutex_lock_interruptible()); with three, _lock's value is that test
 * (a trylock). A guard that failed holds ERR_PTR(_RET), or NULL.
 */
#define DEFINE_GUARD_COND_4(_name, _ext, _lock, _cond)			\
	__DEFINE_CLASS_IS_CONDITIONAL(_name##_ext, true);		\
	EXTEND_CLASS_COND(_name, _ext, __GUARD_IS_ERR(*_T),		\
		({ void *_t = _T; int _RET = (_lock);			\
		   if (_T && !(_cond)) _t = ERR_PTR(_RET); _t; }),	\
		class_##_name##_t _T)					\
	static inline void *class_##_name##_ext##_lock_ptr(class_##_name##_t *_T) \
	{ return class_##_name##_lock_ptr(_T); }			\
	static inline int class_##_name##_ext##_lock_err(class_##_name##_t *_T) \
	{ return class_##_name##_lock_err(_T); }

#define DEFINE_GUARD_COND_3(_name, _ext, _lock)				\
	DEFINE_GUARD_COND_4(_name, _ext, _lock, _RET)

/* the number of arguments (3 or 4) picks the flavour */
#define __QDK_GUARD_PICK(_1, _2, _3, _4, _n, ...)	_n
#define DEFINE_GUARD_COND(X...)						\
	__QDK_GUARD_PICK(X, DEFINE_GUARD_COND_4, DEFINE_GUARD_COND_3, , )(X)

#define guard(_name) \
	CLASS(_name, __UNIQUE_ID(guard))

#define __guard_ptr(_name)	class_##_name##_lock_ptr
#define __guard_err(_name)	class_##_name##_lock_err
#define __is_cond_ptr(_name)	class_##_name##_is_conditional

/* a conditional guard whose error the caller reads: ACQUIRE_ERR() is 0 when it holds */
#define ACQUIRE(_name, _var)		CLASS(_name, _var)
#define ACQUIRE_ERR(_name, _var)	__guard_err(_name)(_var)

/* an object of a class for the statement that follows */
#define scoped_class(_name, var, args...)				\
	for (CLASS(_name, var)(args), *__qdk_done = NULL;		\
	     !__qdk_done; __qdk_done = (void *)1)

/* the statement runs with the lock held; for a conditional guard only when it was taken */
#define scoped_guard(_name, args...)					\
	for (CLASS(_name, scope)(args), *__qdk_done = NULL;		\
	     !__qdk_done && (__guard_ptr(_name)(&scope) ||		\
			     !__is_cond_ptr(_name));			\
	     __qdk_done = (void *)1)

/* the body runs only when the conditional lock was taken; else _fail */
#define scoped_cond_guard(_name, _fail, args...)			\
	for (CLASS(_name, scope)(args), *__qdk_done = NULL;		\
	     !__qdk_done; __qdk_done = (void *)1)			\
		if (!__guard_ptr(_name)(&scope)) { _fail; } else

/*
 * Guards of locks that need more than a pointer (irqsave's flags) or none
 * (RCU): the class is a struct { type *lock; extra fields }, _T points to it.
 */
#define __DEFINE_UNLOCK_GUARD(_name, _type, _unlock, ...)		\
	typedef _type lock_##_name##_t;					\
	typedef struct {						\
		_type *lock;						\
		__VA_ARGS__;						\
	} class_##_name##_t;						\
	static inline void class_##_name##_destructor(class_##_name##_t *_T) \
	{ if (!__GUARD_IS_ERR(_T->lock)) { _unlock; } }			\
	__DEFINE_GUARD_LOCK_PTR(_name, &_T->lock)

#define __DEFINE_LOCK_GUARD_1(_name, _type, _lock)			\
	static inline class_##_name##_t class_##_name##_constructor(_type *l) \
	{								\
		class_##_name##_t _t = { .lock = l }, *_T = &_t;	\
		_lock;							\
		return _t;						\
	}

#define __DEFINE_LOCK_GUARD_0(_name, _lock)				\
	static inline class_##_name##_t class_##_name##_constructor(void) \
	{								\
		class_##_name##_t _t = { .lock = (void *)1 },		\
			*_T __maybe_unused = &_t;			\
		_lock;							\
		return _t;						\
	}

#define DEFINE_LOCK_GUARD_1(_name, _type, _lock, _unlock, ...)		\
	__DEFINE_CLASS_IS_CONDITIONAL(_name, false);			\
	__DEFINE_UNLOCK_GUARD(_name, _type, _unlock, __VA_ARGS__)	\
	__DEFINE_LOCK_GUARD_1(_name, _type, _lock)

#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...)			\
	__DEFINE_CLASS_IS_CONDITIONAL(_name, false);			\
	__DEFINE_UNLOCK_GUARD(_name, void, _unlock, __VA_ARGS__)	\
	__DEFINE_LOCK_GUARD_0(_name, _lock)

/* as DEFINE_GUARD_COND_4/_3, for the struct guards */
#define DEFINE_LOCK_GUARD_1_COND_4(_name, _ext, _lock, _cond)		\
	__DEFINE_CLASS_IS_CONDITIONAL(_name##_ext, true);		\
	EXTEND_CLASS_COND(_name, _ext, __GUARD_IS_ERR(_T->lock),	\
		({ class_##_name##_t _t = { .lock = l }, *_T = &_t;	\
		   int _RET = (_lock);					\
		   if (_T->lock && !(_cond)) _T->lock = ERR_PTR(_RET);	\
		   _t; }),						\
		typeof_member(class_##_name##_t, lock) l)		\
	static inline void *class_##_name##_ext##_lock_ptr(class_##_name##_t *_T) \
	{ return class_##_name##_lock_ptr(_T); }			\
	static inline int class_##_name##_ext##_lock_err(class_##_name##_t *_T) \
	{ return class_##_name##_lock_err(_T); }

#define DEFINE_LOCK_GUARD_1_COND_3(_name, _ext, _lock)			\
	DEFINE_LOCK_GUARD_1_COND_4(_name, _ext, _lock, _RET)

#define DEFINE_LOCK_GUARD_1_COND(X...)					\
	__QDK_GUARD_PICK(X, DEFINE_LOCK_GUARD_1_COND_4, DEFINE_LOCK_GUARD_1_COND_3, , )(X)

/*
 * 7.x's context analysis (clang's -Wthread-safety) annotates what a guard
 * acquires and releases; gcc has no such attributes, so these declare the
 * constructor and give the no-op cleanup helper the kernel's name.
 */
#define DECLARE_LOCK_GUARD_0_ATTRS(_name, _lock, _unlock)		\
	static inline class_##_name##_t class_##_name##_constructor(void); \
	static inline void class_##_name##_destructor(class_##_name##_t *_T);
#define DECLARE_LOCK_GUARD_1_ATTRS(_name, _lock, _unlock)		\
	static inline class_##_name##_t class_##_name##_constructor(lock_##_name##_t *_T); \
	static inline void __class_##_name##_cleanup_ctx(class_##_name##_t **_T) { }
#define WITH_LOCK_GUARD_1_ATTRS(_name, _T)	class_##_name##_constructor(_T)

/* a value that must be used: no_free_ptr()'s result */
static inline __must_check const volatile void *__must_check_fn(const volatile void *val)
{
	return val;
}

#endif
