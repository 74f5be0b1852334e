/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cpu_to_be16() and friends (x86 is little endian): the value, pointer (p)
 * and in-place (s) conversions of <uapi/linux/byteorder/little_endian.h>
 * under their kernel names, the add-in-place helpers and the array
 * conversions.
 */
#ifndef _LINUX_BYTEORDER_GENERIC_H
#define _LINUX_BYTEORDER_GENERIC_H

#include <linux/version.h>
#include <asm/byteorder.h>

#define cpu_to_le64 __cpu_to_le64
#define le64_to_cpu __le64_to_cpu
#define cpu_to_le32 __cpu_to_le32
#define le32_to_cpu __le32_to_cpu
#define cpu_to_le16 __cpu_to_le16
#define le16_to_cpu __le16_to_cpu
#define cpu_to_be64 __cpu_to_be64
#define be64_to_cpu __be64_to_cpu
#define cpu_to_be32 __cpu_to_be32
#define be32_to_cpu __be32_to_cpu
#define cpu_to_be16 __cpu_to_be16
#define be16_to_cpu __be16_to_cpu

/* through a pointer to the value */
#define cpu_to_le64p __cpu_to_le64p
#define le64_to_cpup __le64_to_cpup
#define cpu_to_le32p __cpu_to_le32p
#define le32_to_cpup __le32_to_cpup
#define cpu_to_le16p __cpu_to_le16p
#define le16_to_cpup __le16_to_cpup
#define cpu_to_be64p __cpu_to_be64p
#define be64_to_cpup __be64_to_cpup
#define cpu_to_be32p __cpu_to_be32p
#define be32_to_cpup __be32_to_cpup
#define cpu_to_be16p __cpu_to_be16p
#define be16_to_cpup __be16_to_cpup

/* converted where it is stored */
#define cpu_to_le64s __cpu_to_le64s
#define le64_to_cpus __le64_to_cpus
#define cpu_to_le32s __cpu_to_le32s
#define le32_to_cpus __le32_to_cpus
#define cpu_to_le16s __cpu_to_le16s
#define le16_to_cpus __le16_to_cpus
#define cpu_to_be64s __cpu_to_be64s
#define be64_to_cpus __be64_to_cpus
#define cpu_to_be32s __cpu_to_be32s
#define be32_to_cpus __be32_to_cpus
#define cpu_to_be16s __cpu_to_be16s
#define be16_to_cpus __be16_to_cpus

#undef ntohl
#undef ntohs
#undef htonl
#undef htons
#define ___htonl(x) __cpu_to_be32(x)
#define ___htons(x) __cpu_to_be16(x)
#define ___ntohl(x) __be32_to_cpu(x)
#define ___ntohs(x) __be16_to_cpu(x)
#define htonl(x) ___htonl(x)
#define ntohl(x) ___ntohl(x)
#define htons(x) ___htons(x)
#define ntohs(x) ___ntohs(x)

/* add val to a number kept in a fixed byte order, in that order */
static inline void le16_add_cpu(__le16 *var, u16 val)
{
	*var = cpu_to_le16((u16)(le16_to_cpu(*var) + val));
}

static inline void le32_add_cpu(__le32 *var, u32 val)
{
	*var = cpu_to_le32(le32_to_cpu(*var) + val);
}

static inline void le64_add_cpu(__le64 *var, u64 val)
{
	*var = cpu_to_le64(le64_to_cpu(*var) + val);
}

static inline void be16_add_cpu(__be16 *var, u16 val)
{
	*var = cpu_to_be16((u16)(be16_to_cpu(*var) + val));
}

static inline void be32_add_cpu(__be32 *var, u32 val)
{
	*var = cpu_to_be32(be32_to_cpu(*var) + val);
}

static inline void be64_add_cpu(__be64 *var, u64 val)
{
	*var = cpu_to_be64(be64_to_cpu(*var) + val);
}

/* words converted in place (the little-endian ones are no-ops on x86) */
static inline void le32_to_cpu_array(u32 *buf, unsigned int words)
{
	for (; words; words--, buf++)
		le32_to_cpus(buf);
}

static inline void cpu_to_le32_array(u32 *buf, unsigned int words)
{
	for (; words; words--, buf++)
		cpu_to_le32s(buf);
}

/* copies: src's words converted into dst */
static inline void cpu_to_be32_array(__be32 *dst, const u32 *src, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		dst[i] = cpu_to_be32(src[i]);
}

static inline void be32_to_cpu_array(u32 *dst, const __be32 *src, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		dst[i] = be32_to_cpu(src[i]);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
static inline void le64_to_cpu_array(u64 *buf, unsigned int words)
{
	for (; words; words--, buf++)
		le64_to_cpus(buf);
}

static inline void cpu_to_le64_array(u64 *buf, unsigned int words)
{
	for (; words; words--, buf++)
		cpu_to_le64s(buf);
}

static inline void memcpy_from_le32(u32 *dst, const __le32 *src, size_t words)
{
	size_t i;

	for (i = 0; i < words; i++)
		dst[i] = le32_to_cpu(src[i]);
}

static inline void memcpy_to_le32(__le32 *dst, const u32 *src, size_t words)
{
	size_t i;

	for (i = 0; i < words; i++)
		dst[i] = cpu_to_le32(src[i]);
}
#endif

#endif
