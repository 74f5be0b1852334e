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

/* DEFINE_FREE(name, type, free-expression on _T): __free(name) on a variable */
#define DEFINE_FREE(_name, _type, _free) \
	static inline void __free_##_name(void *p) { _type _T = *(_type *)p; _free; }
#define __free(_name)	__cleanup(__free_##_name)

/* take the pointer out of the variable's care */
#define no_free_ptr(p) \
	({ __auto_type __ptr = (p); (p) = NULL; __ptr; })
#define return_ptr(p)	return no_free_ptr(p)

/* a type with a constructor (init over init_args) and a destructor (exit on _T) */
#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)	\
	typedef _type class_##_name##_t;				\
	static inline void class_##_name##_destructor(_type *p)		\
	{ _type _T = *p; _exit; }					\
	static inline _type class_##_name##_constructor(_init_args)	\
	{ _type t = _init; return t; }

#define EXTEND_CLASS(_name, ext, _init, _init_args...)			\
	typedef class_##_name##_t class_##_name##ext##_t;		\
	static inline void class_##_name##ext##_destructor(class_##_name##_t *p) \
	{ class_##_name##_destructor(p); }				\
	static inline class_##_name##_t class_##_name##ext##_constructor(_init_args) \
	{ class_##_name##_t t = _init; return t; }

#define CLASS(_name, var)						\
	class_##_name##_t var __cleanup(class_##_name##_destructor) =	\
		class_##_name##_constructor

/* take the pointer out of the variable's care, leaving NULL, without using it */
#define retain_and_null_ptr(p)	((void)no_free_ptr(p))

/* a lock whose lock and unlock take the lock pointer _T; _lock_ptr(): what it holds */
#define DEFINE_GUARD(_name, _type, _lock, _unlock)			\
	DEFINE_CLASS(_name, _type, if (_T) { _unlock; }, ({ _lock; _T; }), _type _T); \
	static const bool class_##_name##_is_conditional __maybe_unused = false; \
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T) \
	{ return (void *)(__force unsigned long)*_T; }

/* the conditional flavour: _cond is a trylock; the guard holds nothing when it failed */
#define DEFINE_GUARD_COND(_name, _ext, _condlock)			\
	EXTEND_CLASS(_name, _ext,					\
		     ({ void *_t = _T; if (_T && !(_condlock)) _t = NULL; _t; }), \
		     class_##_name##_t _T)					\
	static const bool class_##_name##_ext##_is_conditional __maybe_unused = true; \
	static inline void *class_##_name##_ext##_lock_ptr(class_##_name##_t *_T) \
	{ return class_##_name##_lock_ptr(_T); }

#define guard(_name) \
	CLASS(_name, __UNIQUE_ID(guard))

#define __guard_ptr(_name)	class_##_name##_lock_ptr

/* an object of a class for the statement that follows */
#define scoped_class(_name, var, args...)				\
	for (CLASS(_name, var)(args), *__qdk_done = NULL;		\
	     !__qdk_done; __qdk_done = (void *)1)

/* the statement runs with the lock held; for a conditional guard only when it was taken */
#define scoped_guard(_name, args...)					\
	for (CLASS(_name, scope)(args), *__qdk_done = NULL;		\
	     !__qdk_done && (class_##_name##_lock_ptr(&scope) ||		\
			     !class_##_name##_is_conditional);		\
	     __qdk_done = (void *)1)

/* the body runs only when the conditional lock was taken; else _fail */
#define scoped_cond_guard(_name, _fail, args...)			\
	for (CLASS(_name, scope)(args), *__qdk_done = NULL;		\
	     !__qdk_done; __qdk_done = (void *)1)			\
		if (!*(void **)&scope) { _fail; } else

/*
 * Guards of locks that need more than a pointer (irqsave's flags) or none
 * (RCU): the class is a struct { type *lock; extra fields }, _T points to it.
 */
#define __DEFINE_UNLOCK_GUARD(_name, _type, _unlock, ...)		\
	typedef struct {						\
		_type *lock;						\
		__VA_ARGS__;						\
	} class_##_name##_t;						\
	static inline void class_##_name##_destructor(class_##_name##_t *_T) \
	{ if (_T->lock) { _unlock; } }					\
	static const bool class_##_name##_is_conditional __maybe_unused = false; \
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T) \
	{ return (void *)_T->lock; }

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
	__DEFINE_UNLOCK_GUARD(_name, _type, _unlock, __VA_ARGS__)	\
	__DEFINE_LOCK_GUARD_1(_name, _type, _lock)

#define DEFINE_LOCK_GUARD_0(_name, _lock, _unlock, ...)			\
	__DEFINE_UNLOCK_GUARD(_name, void, _unlock, __VA_ARGS__)	\
	__DEFINE_LOCK_GUARD_0(_name, _lock)

#define DEFINE_LOCK_GUARD_1_COND(_name, _ext, _condlock)		\
	EXTEND_CLASS(_name, _ext,					\
		     ({ class_##_name##_t _t = { .lock = l }, *_T = &_t; \
			if (_T->lock && !(_condlock)) _T->lock = NULL;	\
			_t; }),						\
		     typeof_member(class_##_name##_t, lock) l)		\
	static const bool class_##_name##_ext##_is_conditional __maybe_unused = true; \
	static inline void *class_##_name##_ext##_lock_ptr(class_##_name##_t *_T) \
	{ return class_##_name##_lock_ptr(_T); }

#endif
