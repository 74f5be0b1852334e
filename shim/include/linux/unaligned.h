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

static inline u64 get_unaligned_le64(const void *p)
{
	return __get_unaligned_cpu64(p);
}

/* x86 is little-endian: the le stores are the CPU's, the be ones swap */
static inline void put_unaligned_le16(u16 val, void *p)
{
	__put_unaligned_cpu16(val, p);
}

static inline void put_unaligned_le32(u32 val, void *p)
{
	__put_unaligned_cpu32(val, p);
}

static inline void put_unaligned_le64(u64 val, void *p)
{
	__put_unaligned_cpu64(val, p);
}

static inline void put_unaligned_be16(u16 val, void *p)
{
	__put_unaligned_cpu16((__force u16)cpu_to_be16(val), p);
}

static inline void put_unaligned_be32(u32 val, void *p)
{
	__put_unaligned_cpu32((__force u32)cpu_to_be32(val), p);
}

static inline void put_unaligned_be64(u64 val, void *p)
{
	__put_unaligned_cpu64((__force u64)cpu_to_be64(val), p);
}

/*
 * 24- and 48-bit fields (SCSI, NVMe, some hardware descriptors): byte by
 * byte, most significant first for be, least significant first for le.
 */
static inline u32 __get_unaligned_be24(const u8 *p)
{
	return (u32)p[0] << 16 | (u32)p[1] << 8 | p[2];
}

static inline u32 get_unaligned_be24(const void *p)
{
	return __get_unaligned_be24(p);
}

static inline u32 __get_unaligned_le24(const u8 *p)
{
	return p[0] | (u32)p[1] << 8 | (u32)p[2] << 16;
}

static inline u32 get_unaligned_le24(const void *p)
{
	return __get_unaligned_le24(p);
}

static inline void __put_unaligned_be24(const u32 val, u8 *p)
{
	p[0] = val >> 16;
	p[1] = val >> 8;
	p[2] = val;
}

static inline void put_unaligned_be24(const u32 val, void *p)
{
	__put_unaligned_be24(val, p);
}

static inline void __put_unaligned_le24(const u32 val, u8 *p)
{
	p[0] = val;
	p[1] = val >> 8;
	p[2] = val >> 16;
}

static inline void put_unaligned_le24(const u32 val, void *p)
{
	__put_unaligned_le24(val, p);
}

static inline void __put_unaligned_be48(const u64 val, u8 *p)
{
	int i;

	for (i = 0; i < 6; i++)
		p[i] = val >> (40 - 8 * i);
}

static inline void put_unaligned_be48(const u64 val, void *p)
{
	__put_unaligned_be48(val, p);
}

static inline u64 __get_unaligned_be48(const u8 *p)
{
	u64 v = 0;
	int i;

	for (i = 0; i < 6; i++)
		v = v << 8 | p[i];
	return v;
}

static inline u64 get_unaligned_be48(const void *p)
{
	return __get_unaligned_be48(p);
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
