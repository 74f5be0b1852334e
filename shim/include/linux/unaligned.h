/* SPDX-License-Identifier: GPL-2.0 */
/* Unaligned loads and stores (x86: plain, through packed structs). */
#ifndef __LINUX_UNALIGNED_H
#define __LINUX_UNALIGNED_H

#include <linux/unaligned/packed_struct.h>
#include <linux/byteorder/generic.h>

static inline u16 get_unaligned_be16(const void *p)
{
	return be16_to_cpu((__force __be16)__get_unaligned_cpu16(p));
}

static inline u32 get_unaligned_be32(const void *p)
{
	return be32_to_cpu((__force __be32)__get_unaligned_cpu32(p));
}

static inline u64 get_unaligned_be64(const void *p)
{
	return be64_to_cpu((__force __be64)__get_unaligned_cpu64(p));
}

static inline u16 get_unaligned_le16(const void *p)
{
	return __get_unaligned_cpu16(p);
}

static inline u32 get_unaligned_le32(const void *p)
{
	return __get_unaligned_cpu32(p);
}

#define get_unaligned(ptr) ({					\
	__typeof__(*(ptr)) __v;					\
	__builtin_memcpy(&__v, (ptr), sizeof(__v));		\
	__v; })
#define put_unaligned(val, ptr) do {				\
	__typeof__(*(ptr)) __v = (val);				\
	__builtin_memcpy((ptr), &__v, sizeof(__v));		\
} while (0)

#endif
