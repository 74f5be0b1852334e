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

/*
 * Entropy sources: the shim's generator is seeded (shim/README.md,
 * "Randomness is seeded"), so what a driver mixes in is taken and leaves the
 * stream as it is, keeping a replay's draws the same (lib/random.c).
 */
struct notifier_block;
void add_device_randomness(const void *buf, size_t len);
void add_hwgenerator_randomness(const void *buf, size_t len, size_t entropy
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
				, bool sleep_after
#endif
				);
void add_input_randomness(unsigned int type, unsigned int code, unsigned int value);
void add_interrupt_randomness(int irq);
static inline void add_latent_entropy(void) { }
/* the generator is seeded before any module runs: always ready */
bool rng_is_initialized(void);
int wait_for_random_bytes(void);
int register_random_vmfork_notifier(struct notifier_block *nb);
int unregister_random_vmfork_notifier(struct notifier_block *nb);

/* a stack canary: its low byte 0, so a string overrun stops at it */
#define CANARY_MASK	0xffffffffffffff00UL

static inline unsigned long get_random_canary(void)
{
	return get_random_long() & CANARY_MASK;
}

/* no RDRAND/RDSEED this early: the callers fall back to the generator */
static inline bool arch_get_random_longs_early(unsigned long *v, size_t max_longs)
{
	return false;
}

static inline size_t arch_get_random_seed_longs_early(unsigned long *v, size_t max_longs)
{
	return 0;
}

static inline int get_random_bytes_wait(void *buf, size_t nbytes)
{
	int ret = wait_for_random_bytes();

	get_random_bytes(buf, nbytes);
	return ret;
}

#define declare_get_random_var_wait(name, ret_type)			\
	static inline int get_random_ ## name ## _wait(ret_type *out)	\
	{								\
		int ret = wait_for_random_bytes();			\
									\
		if (unlikely(ret))					\
			return ret;					\
		*out = get_random_ ## name();				\
		return 0;						\
	}
declare_get_random_var_wait(u8, u8)
declare_get_random_var_wait(u16, u16)
declare_get_random_var_wait(u32, u32)
declare_get_random_var_wait(u64, u32)
declare_get_random_var_wait(long, unsigned long)

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
