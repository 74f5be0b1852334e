/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Random numbers from a seeded deterministic generator (qdk_seed): same
 * seed, same sequence; before it, the kernel's own draws when a trace
 * recorded them (its "random" directive, shim/lib/random.c). The getters
 * and helpers route as in 6.1, so each draw has the kernel's width.
 */
#ifndef _LINUX_RANDOM_H
#define _LINUX_RANDOM_H

#include <linux/types.h>
#include <linux/limits.h>
#include <linux/version.h>
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/once.h>

void get_random_bytes(void *buf, size_t len);
u8 get_random_u8(void);
u16 get_random_u16(void);
u32 get_random_u32(void);
u64 get_random_u64(void);
u32 __get_random_u32_below(u32 ceil);

static inline unsigned long get_random_long(void)
{
	return get_random_u64();
}

static inline u32 get_random_int(void)
{
	return get_random_u32();
}

/*
 * uniform in [0, ceil), as 6.1 does it: a constant ceil is served inline
 * from the narrowest draw that covers it (get_random_u8/u16/u32, retried
 * on rejection), any other by __get_random_u32_below(). Which getters run
 * matters when the replay hands out the kernel's recorded draws. A macro
 * over the constant path, so that -O0 builds (where an inline's parameter
 * is never a constant) route as the kernel's -O2 build does.
 */
static inline u32 __get_random_u32_below_const(u32 ceil)
{
	if (ceil <= 1)
		return 0;
	for (;;) {
		if (ceil <= 1U << 8) {
			u32 mult = ceil * get_random_u8();

			if (is_power_of_2(ceil) || (u8)mult >= (1U << 8) % ceil)
				return mult >> 8;
		} else if (ceil <= 1U << 16) {
			u32 mult = ceil * get_random_u16();

			if (is_power_of_2(ceil) || (u16)mult >= (1U << 16) % ceil)
				return mult >> 16;
		} else {
			u64 mult = (u64)ceil * get_random_u32();

			if (is_power_of_2(ceil) || (u32)mult >= -ceil % ceil)
				return mult >> 32;
		}
	}
}

#define get_random_u32_below(ceil)					\
	(__builtin_constant_p(ceil) ? __get_random_u32_below_const(ceil) :	\
	 __get_random_u32_below(ceil))

static inline u32 get_random_u32_above(u32 floor)
{
	return floor + 1 + get_random_u32_below(U32_MAX - floor);
}

static inline u32 get_random_u32_inclusive(u32 floor, u32 ceil)
{
	return floor + get_random_u32_below(ceil - floor + 1);
}

static inline int get_random_bytes_wait(void *buf, size_t nbytes)
{
	get_random_bytes(buf, nbytes);
	return 0;
}

#define get_random_once(buf, nbytes) \
	DO_ONCE(get_random_bytes, (buf), (nbytes))

/* last, as the kernel's up to 6.12 (7.x's users include it themselves) */
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
#include <linux/prandom.h>
#endif


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bug.h>
#include <linux/kernel.h>
#include <linux/list.h>
#endif
