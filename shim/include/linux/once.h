/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Calling a function once (lib/once.c; the shim's in shim/lib/once.c):
 * DO_ONCE() runs it under a global spinlock with interrupts off, so from
 * any context (the function must not sleep); DO_ONCE_SLEEPABLE() under a
 * global mutex, from process context. Each returns true for the call that
 * ran it. The kernel then turns the check into a static branch; the shim
 * has no jump labels, so the done flag alone answers (no key is passed).
 */
#ifndef _LINUX_ONCE_H
#define _LINUX_ONCE_H

#include <linux/types.h>
#include <linux/jump_label.h>

struct static_key_true;
struct module;

bool __do_once_start(bool *done, unsigned long *flags);
void __do_once_done(bool *done, struct static_key_true *once_key,
		    unsigned long *flags, struct module *mod);

bool __do_once_sleepable_start(bool *done);
void __do_once_sleepable_done(bool *done, struct static_key_true *once_key,
			      struct module *mod);

#define DO_ONCE(func, ...)						\
	({								\
		bool ___ret = false;					\
		static bool ___done;					\
		if (unlikely(!READ_ONCE(___done))) {			\
			unsigned long ___flags;				\
			___ret = __do_once_start(&___done, &___flags);	\
			if (unlikely(___ret)) {				\
				func(__VA_ARGS__);			\
				__do_once_done(&___done, NULL,		\
					       &___flags, NULL);	\
			}						\
		}							\
		___ret;							\
	})

#define DO_ONCE_SLEEPABLE(func, ...)					\
	({								\
		bool ___ret = false;					\
		static bool ___done;					\
		if (unlikely(!READ_ONCE(___done))) {			\
			___ret = __do_once_sleepable_start(&___done);	\
			if (unlikely(___ret)) {				\
				func(__VA_ARGS__);			\
				__do_once_sleepable_done(&___done, NULL, NULL); \
			}						\
		}							\
		___ret;							\
	})

#define get_random_once(buf, nbytes) \
	DO_ONCE(get_random_bytes, (buf), (nbytes))
#define get_random_sleepable_once(buf, nbytes)				\
	DO_ONCE_SLEEPABLE(get_random_bytes, (buf), (nbytes))

#endif
