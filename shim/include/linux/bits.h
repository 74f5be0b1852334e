/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __LINUX_BITS_H
#define __LINUX_BITS_H

#include <linux/const.h>
#include <linux/build_bug.h>
#include <linux/types.h>

#define BITS_PER_LONG		64
#define BITS_PER_LONG_LONG	64
#define BITS_PER_BYTE		8
#define BIT(nr)			(1UL << (nr))
#define BIT_ULL(nr)		(1ULL << (nr))
#define BIT_MASK(nr)		(1UL << ((nr) % BITS_PER_LONG))
#define BIT_WORD(nr)		((nr) / BITS_PER_LONG)
#define BIT_ULL_MASK(nr)	(1ULL << ((nr) % BITS_PER_LONG_LONG))
#define BIT_ULL_WORD(nr)	((nr) / BITS_PER_LONG_LONG)
#define BITS_PER_TYPE(type)	(sizeof(type) * BITS_PER_BYTE)

/* 0, or a build error when h < l are constants (the kernel's check) */
#define GENMASK_INPUT_CHECK(h, l) \
	BUILD_BUG_ON_ZERO(__builtin_choose_expr(__builtin_constant_p((l) > (h)), (l) > (h), 0))

/* a mask of bits h..l in type t */
#define GENMASK_TYPE(t, h, l)						\
	((t)(GENMASK_INPUT_CHECK(h, l) +				\
	     ((t)~(t)0 << (l) & (t)~(t)0 >> (BITS_PER_TYPE(t) - 1 - (h)))))

#define GENMASK_U8(h, l)	GENMASK_TYPE(u8, h, l)
#define GENMASK_U16(h, l)	GENMASK_TYPE(u16, h, l)
#define GENMASK_U32(h, l)	GENMASK_TYPE(u32, h, l)
#define GENMASK_U64(h, l)	GENMASK_TYPE(u64, h, l)
#define GENMASK_U128(h, l)	GENMASK_TYPE(unsigned __int128, h, l)

/* bit nr in type, a build error when the type has no such bit */
#define BIT_INPUT_CHECK(type, nr) \
	BUILD_BUG_ON_ZERO(__builtin_choose_expr(__builtin_constant_p((nr) >= BITS_PER_TYPE(type)), \
						(nr) >= BITS_PER_TYPE(type), 0))
#define BIT_TYPE(type, nr) ((type)(BIT_INPUT_CHECK(type, nr) + BIT_ULL(nr)))

#define BIT_U8(nr)	BIT_TYPE(u8, nr)
#define BIT_U16(nr)	BIT_TYPE(u16, nr)
#define BIT_U32(nr)	BIT_TYPE(u32, nr)
#define BIT_U64(nr)	BIT_TYPE(u64, nr)

#define GENMASK(h, l) \
	(((~0UL) - (1UL << (l)) + 1) & (~0UL >> (BITS_PER_LONG - 1 - (h))))
#define GENMASK_ULL(h, l) \
	(((~0ULL) - (1ULL << (l)) + 1) & (~0ULL >> (BITS_PER_LONG_LONG - 1 - (h))))


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/build_bug.h>
#endif
