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
#include <qdk/context.h>
/* 6.7 moved the printf family there; the shim keeps 6.1's there too */
#include <linux/sprintf.h>
/* 7.x moved trace_printk() there; the shim keeps 6.1's and 6.12's there too */
#include <linux/trace_printk.h>

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
/*
 * Sleeping checks: what CONFIG_DEBUG_ATOMIC_SLEEP checks, at the caller's
 * line (qdk/context.h).
 */
static inline void __might_sleep(const char *file, int line)
{
	qdk_ctx_might_sleep(file, line);
}

static inline void __might_resched(const char *file, int line, unsigned int offsets)
{
	qdk_ctx_might_resched(file, line, offsets);
}

#define might_sleep()		__might_sleep(__FILE__, __LINE__)
#define might_resched()		do { } while (0)
#define might_sleep_if(cond)	do { if (cond) might_sleep(); } while (0)
#define cant_sleep()		do { } while (0)
#define cant_migrate()		do { } while (0)
#define sched_annotate_sleep()	do { } while (0)
#define non_block_start()	do { } while (0)
#define non_block_end()		do { } while (0)
/* one thread: nothing else wants the CPU (shim/lib/sched.c) */
int __cond_resched(void);
#define cond_resched()	__cond_resched()

/* a copy from or to user memory may fault, and so sleep (lib/usercopy.c) */
void __might_fault(const char *file, int line);
#define might_fault()		__might_fault(__FILE__, __LINE__)

#define READ			0
#define WRITE			1
#define REBUILD_DUE_TO_FTRACE_MCOUNT_RECORD
#define u64_to_user_ptr(x)	((void __user *)(uintptr_t)(u64)(x))
#define PTR_IF(cond, ptr)	((cond) ? (ptr) : NULL)
#define __COUNT_ARGS(_0, _1, _2, _3, _4, _5, _6, _7, _8, _9, _10, _11, _12, _n, X...) _n
#define COUNT_ARGS(X...) __COUNT_ARGS(, ##X, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
#ifndef __CONCAT		/* the C library's sys/cdefs.h has the same */
#define __CONCAT(a, b) a ## b
#endif
#define CONCATENATE(a, b) __CONCAT(a, b)

/* the shim runs after boot, until qdk_exit() */
enum system_states {
	SYSTEM_BOOTING,
	SYSTEM_SCHEDULING,
	SYSTEM_FREEING_INITMEM,
	SYSTEM_RUNNING,
	SYSTEM_HALT,
	SYSTEM_POWER_OFF,
	SYSTEM_RESTART,
	SYSTEM_SUSPEND,
};
extern enum system_states system_state;

/* hex digits (lib/hexdump.c) */
extern const char hex_asc[];
#define hex_asc_lo(x)	hex_asc[((x) & 0x0f)]
#define hex_asc_hi(x)	hex_asc[((x) & 0xf0) >> 4]
extern const char hex_asc_upper[];
#define hex_asc_upper_lo(x)	hex_asc_upper[((x) & 0x0f)]
#define hex_asc_upper_hi(x)	hex_asc_upper[((x) & 0xf0) >> 4]

static inline char *hex_byte_pack(char *buf, u8 byte)
{
	*buf++ = hex_asc_hi(byte);
	*buf++ = hex_asc_lo(byte);
	return buf;
}

static inline char *hex_byte_pack_upper(char *buf, u8 byte)
{
	*buf++ = hex_asc_upper_hi(byte);
	*buf++ = hex_asc_upper_lo(byte);
	return buf;
}

int hex_to_bin(unsigned char ch);
int __must_check hex2bin(u8 *dst, const char *src, size_t count);
char *bin2hex(char *dst, const void *src, size_t count);
bool mac_pton(const char *s, u8 *mac);

/* lib/cmdline.c's parsers */
int get_option(char **str, int *pint);
char *get_options(const char *str, int nints, int *ints);
unsigned long long memparse(const char *ptr, char **retptr);
char *next_arg(char *args, char **param, char **val);
#define cpu_relax()	barrier()
#define num_possible_cpus()	1U
#define num_online_cpus()	1U
#define smp_processor_id()	0
#define raw_smp_processor_id()	0

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
/* VERIFY_OCTAL_PERMISSIONS(), defined once in linux/sysfs.h (see there) */
#define __QDK_SYSFS_OCTAL_ONLY
#include <linux/sysfs.h>
#undef __QDK_SYSFS_OCTAL_ONLY
#endif



/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/stddef.h>
#include <asm/byteorder.h>
#endif
