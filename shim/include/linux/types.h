/* SPDX-License-Identifier: GPL-2.0 */
/* The kernel's type names on top of the uapi __u8..__u64. */
#ifndef _QDK_SHIM_LINUX_TYPES_H
#define _QDK_SHIM_LINUX_TYPES_H

#include <linux/compiler_types.h>
#include_next <linux/types.h>
#include <linux/compiler_types.h>
#include <linux/stddef.h>
#include <linux/version.h>

typedef __u8 u8;
typedef __s8 s8;
typedef __u16 u16;
typedef __s16 s16;
typedef __u32 u32;
typedef __s32 s32;
typedef __u64 u64;
typedef __s64 s64;

#define DECLARE_BITMAP(name, bits) \
	unsigned long name[((bits) + 63) / 64]

typedef _Bool bool;

typedef __kernel_size_t size_t;
typedef __kernel_ssize_t ssize_t;
typedef __kernel_ptrdiff_t ptrdiff_t;
typedef __kernel_clockid_t clockid_t;
typedef __kernel_clock_t clock_t;
typedef __kernel_off_t off_t;
typedef __kernel_loff_t loff_t;
typedef unsigned short umode_t;
typedef u32 __kernel_dev_t;
typedef __kernel_dev_t dev_t;
typedef unsigned int __poll_t;
typedef __kernel_pid_t pid_t;
typedef __kernel_time64_t time64_t;

/* the POSIX names of the uapi's kernel types */
typedef __kernel_fd_set fd_set;
typedef __kernel_ulong_t ino_t;
typedef __kernel_mode_t mode_t;
typedef u32 nlink_t;
typedef __kernel_daddr_t daddr_t;
typedef __kernel_key_t key_t;
typedef __kernel_suseconds_t suseconds_t;
typedef __kernel_timer_t timer_t;
typedef __kernel_mqd_t mqd_t;
typedef __kernel_uid32_t uid_t;
typedef __kernel_gid32_t gid_t;
typedef __kernel_uid16_t uid16_t;
typedef __kernel_gid16_t gid16_t;
typedef unsigned long uintptr_t;
typedef __kernel_old_uid_t old_uid_t;
typedef __kernel_old_gid_t old_gid_t;
typedef __kernel_caddr_t caddr_t;

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
typedef __int128 s128;
typedef unsigned __int128 u128;
typedef long intptr_t;
typedef s64 ktime_t;
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
typedef unsigned long long ullong;
/* the direction of an I/O (7.x moved them here from kernel.h) */
#define READ			0
#define WRITE			1
#endif

/* 64-bit integers 8-byte aligned whatever the architecture aligns them to */
#define aligned_u64		__aligned_u64
#define aligned_s64		__aligned_s64
#define aligned_be64		__aligned_be64
#define aligned_le64		__aligned_le64

typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned char unchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;

typedef __u8 u_int8_t;
typedef __s8 int8_t;
typedef __u16 u_int16_t;
typedef __s16 int16_t;
typedef __u32 u_int32_t;
typedef __s32 int32_t;
typedef __u8 uint8_t;
typedef __u16 uint16_t;
typedef __u32 uint32_t;
/*
 * The kernel makes uint64_t/int64_t "long long"; the shim's bridge to user
 * space (api.c) also sees <stdint.h>, where they are "long". Same size and
 * signedness; only printf format checking could tell the difference.
 */
typedef __UINT64_TYPE__ uint64_t;
typedef __UINT64_TYPE__ u_int64_t;
typedef __INT64_TYPE__ int64_t;

/* a page's offset in a file: a macro in the kernel too */
#define pgoff_t unsigned long
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
typedef unsigned long long uoff_t;
#endif
typedef u64 sector_t;
typedef u64 blkcnt_t;
typedef u64 dma_addr_t;
typedef u64 phys_addr_t;
typedef phys_addr_t resource_size_t;
typedef unsigned int gfp_t;
typedef unsigned int slab_flags_t;
typedef unsigned int fmode_t;
typedef unsigned long irq_hw_number_t;

typedef struct {
	int counter;
} atomic_t;

#define ATOMIC_INIT(i) { (i) }

typedef struct {
	s64 counter;
} atomic64_t;

typedef atomic64_t atomic_long_t;

struct list_head {
	struct list_head *next, *prev;
};

struct hlist_head {
	struct hlist_node *first;
};

struct hlist_node {
	struct hlist_node *next, **pprev;
};

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a reference count whose last put is RCU-safe (linux/rcuref.h) */
typedef struct {
	atomic_t refcnt;
} rcuref_t;

#define RCUREF_INIT(i)	{ .refcnt = ATOMIC_INIT(i - 1) }
#endif

/* what the ustat(2) system call fills */
struct ustat {
	__kernel_daddr_t	f_tfree;
	unsigned long		f_tinode;
	char			f_fname[6];
	char			f_fpack[6];
};

/* an RCU callback and task work: one struct under two names */
struct callback_head {
	struct callback_head *next;
	void (*func)(struct callback_head *head);
} __attribute__((aligned(sizeof(void *))));
#define rcu_head callback_head

typedef void (*rcu_callback_t)(struct rcu_head *head);
typedef void (*call_rcu_func_t)(struct rcu_head *head, rcu_callback_t func);

typedef void (*swap_r_func_t)(void *a, void *b, int size, const void *priv);
typedef void (*swap_func_t)(void *a, void *b, int size);
typedef int (*cmp_r_func_t)(const void *a, const void *b, const void *priv);
typedef int (*cmp_func_t)(const void *a, const void *b);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a block device's open mode and a file_operations' flags (linux/fs.h's too) */
typedef unsigned int __bitwise blk_mode_t;
typedef unsigned int __bitwise fop_flags_t;
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
struct task_struct;

/* one task waiting for a condition (linux/rcuwait.h) */
struct rcuwait {
	struct task_struct __rcu *task;
};
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* kvfree_rcu()'s link in an object (CONFIG_KVFREE_RCU_BATCHED) */
struct kvfree_rcu_head {
	struct kvfree_rcu_head *next;
};

/* a physical range */
struct phys_vec {
	phys_addr_t	paddr;
	size_t		len;
};

/* kcov's handle: empty without CONFIG_KCOV, as Debian builds */
struct kcov_common_handle_id {
};
#endif

#endif
