/* SPDX-License-Identifier: GPL-2.0 */
/* The grab bag qdiscs expect from <linux/kernel.h>, with its usual pulls. */
#ifndef _QDK_SHIM_LINUX_KERNEL_H
#define _QDK_SHIM_LINUX_KERNEL_H

#include_next <linux/kernel.h>
#include <linux/stdarg.h>
#include <linux/array_size.h>
#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/limits.h>
#include <linux/linkage.h>
#include <linux/bitops.h>
#include <linux/kstrtox.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/minmax.h>
#include <linux/err.h>
#include <linux/bug.h>
#include <linux/printk.h>
#include <linux/build_bug.h>
#include <linux/container_of.h>
#include <linux/typecheck.h>
#include <linux/byteorder/generic.h>
#include <linux/string.h>
#include <linux/version.h>
/* 6.7 moved the printf family there; the shim keeps 6.1's there too */
#include <linux/sprintf.h>

#define ALIGN(x, a)		__ALIGN_KERNEL((x), (a))
#define ALIGN_DOWN(x, a)	__ALIGN_KERNEL((x) - ((a) - 1), (a))
#define PTR_ALIGN(p, a)		((typeof(p))ALIGN((unsigned long)(p), (a)))
#define IS_ALIGNED(x, a)	(((x) & ((typeof(x))(a) - 1)) == 0)
#define upper_32_bits(n) ((u32)(((n) >> 16) >> 16))
#define lower_32_bits(n) ((u32)((n) & 0xffffffff))
#define upper_16_bits(n) ((u16)((n) >> 16))
#define lower_16_bits(n) ((u16)((n) & 0xffff))
#define STACK_MAGIC	0xdeadbeef
#define REPEAT_BYTE(x)	((~0ul / 0xff) * (x))
#define might_sleep()	do { } while (0)
#define might_resched()	do { } while (0)
#define cond_resched()	0
#define cpu_relax()	barrier()
#define num_possible_cpus()	1U
#define num_online_cpus()	1U
#define smp_processor_id()	0
#define raw_smp_processor_id()	0

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/*
 * A permission of a module parameter or sysfs file, checked at build time
 * (linux/sysfs.h's from 7.x): at most 0777, readable by the owner if by the
 * group, by the group if by others, writable by the owner if by the group,
 * never writable by others.
 */
#define VERIFY_OCTAL_PERMISSIONS(perms)					\
	(BUILD_BUG_ON_ZERO((perms) < 0) +				\
	 BUILD_BUG_ON_ZERO((perms) > 0777) +				\
	 BUILD_BUG_ON_ZERO((((perms) >> 6) & 4) < (((perms) >> 3) & 4)) + \
	 BUILD_BUG_ON_ZERO((((perms) >> 3) & 4) < ((perms) & 4)) +	\
	 BUILD_BUG_ON_ZERO((((perms) >> 6) & 2) < (((perms) >> 3) & 2)) + \
	 BUILD_BUG_ON_ZERO((perms) & 2) +				\
	 (perms))
#endif


#endif
