/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_UNALIGNED_PACKED_STRUCT_H
#define _LINUX_UNALIGNED_PACKED_STRUCT_H

#include <linux/types.h>

struct __una_u16 { u16 x; } __packed;
struct __una_u32 { u32 x; } __packed;
struct __una_u64 { u64 x; } __packed;

static inline u16 __get_unaligned_cpu16(const void *p)
{
	return ((const struct __una_u16 *)p)->x;
}

static inline u32 __get_unaligned_cpu32(const void *p)
{
	return ((const struct __una_u32 *)p)->x;
}

static inline u64 __get_unaligned_cpu64(const void *p)
{
	return ((const struct __una_u64 *)p)->x;
}

static inline void __put_unaligned_cpu16(u16 val, void *p)
{
	((struct __una_u16 *)p)->x = val;
}

static inline void __put_unaligned_cpu32(u32 val, void *p)
{
	((struct __una_u32 *)p)->x = val;
}

static inline void __put_unaligned_cpu64(u64 val, void *p)
{
	((struct __una_u64 *)p)->x = val;
}

#endif
