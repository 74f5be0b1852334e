/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Random numbers from a seeded deterministic generator (qdk_seed): same
 * seed, same sequence. The kernel's values cannot be reproduced; qdiscs
 * whose decisions depend on them are replayed with their recorded effects.
 */
#ifndef _LINUX_RANDOM_H
#define _LINUX_RANDOM_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <linux/once.h>
#include <linux/prandom.h>

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

/* uniform in [0, ceil), the kernel's rejection method */
static inline u32 get_random_u32_below(u32 ceil)
{
	return __get_random_u32_below(ceil);
}

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

#endif
