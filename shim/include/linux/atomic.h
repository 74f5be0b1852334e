/* SPDX-License-Identifier: GPL-2.0 */
/* Atomics as plain operations (single threaded shim). */
#ifndef _LINUX_ATOMIC_H
#define _LINUX_ATOMIC_H

#include <linux/types.h>
#include <linux/compiler.h>

#define ATOMIC_INIT(i)		{ (i) }
#define atomic_read(v)		READ_ONCE((v)->counter)
#define atomic_set(v, i)	WRITE_ONCE((v)->counter, (i))
#define atomic_add(i, v)	((void)((v)->counter += (i)))
#define atomic_sub(i, v)	((void)((v)->counter -= (i)))
#define atomic_inc(v)		((void)((v)->counter++))
#define atomic_dec(v)		((void)((v)->counter--))
#define atomic_inc_return(v)	(++(v)->counter)
#define atomic_dec_return(v)	(--(v)->counter)
#define atomic_add_return(i, v)	((v)->counter += (i))
#define atomic_sub_return(i, v)	((v)->counter -= (i))
#define atomic_dec_and_test(v)	(--(v)->counter == 0)
#define atomic_inc_and_test(v)	(++(v)->counter == 0)
#define atomic64_read(v)	READ_ONCE((v)->counter)
#define atomic64_set(v, i)	WRITE_ONCE((v)->counter, (i))
#define atomic64_add(i, v)	((void)((v)->counter += (i)))
#define atomic64_inc(v)		((void)((v)->counter++))
#define atomic64_sub(i, v)	((void)((v)->counter -= (i)))
#define atomic_long_read(v)	atomic64_read(v)
#define atomic_long_set(v, i)	atomic64_set(v, i)
#define atomic_long_inc(v)	atomic64_inc(v)
#define atomic_long_add(i, v)	atomic64_add(i, v)

#endif
