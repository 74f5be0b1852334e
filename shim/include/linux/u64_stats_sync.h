/* SPDX-License-Identifier: GPL-2.0 */
/* 64-bit counters, the x86_64 flavour (no seqcount needed). */
#ifndef _LINUX_U64_STATS_SYNC_H
#define _LINUX_U64_STATS_SYNC_H

#include <linux/types.h>
#include <linux/compiler.h>

struct u64_stats_sync {
};

typedef struct {
	u64 v;
} u64_stats_t;

static inline u64 u64_stats_read(const u64_stats_t *p)
{
	return p->v;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* copy a struct of u64_stats_t counters out as plain u64s (64 bits: a memcpy) */
static inline void *u64_stats_copy(void *dst, const void *src, size_t len)
{
	BUILD_BUG_ON(len % sizeof(u64_stats_t));
	return memcpy(dst, src, len);
}
#endif

static inline void u64_stats_set(u64_stats_t *p, u64 val)
{
	p->v = val;
}

static inline void u64_stats_add(u64_stats_t *p, unsigned long val)
{
	p->v += val;
}

static inline void u64_stats_inc(u64_stats_t *p)
{
	p->v++;
}

static inline void u64_stats_sub(u64_stats_t *p, s64 val)
{
	p->v -= val;
}

/* 64-bit: a reader sees a counter whole, so no sequence and no irq masking */
static inline unsigned long __u64_stats_irqsave(void)
{
	return 0;
}

static inline void __u64_stats_irqrestore(unsigned long flags)
{
}

static inline void __u64_stats_update_begin(struct u64_stats_sync *syncp)
{
}

static inline void __u64_stats_update_end(struct u64_stats_sync *syncp)
{
}

static inline unsigned int __u64_stats_fetch_begin(const struct u64_stats_sync *syncp)
{
	return 0;
}

static inline bool __u64_stats_fetch_retry(const struct u64_stats_sync *syncp,
					   unsigned int start)
{
	return false;
}

static inline unsigned long u64_stats_update_begin_irqsave(struct u64_stats_sync *syncp)
{
	unsigned long flags = __u64_stats_irqsave();

	__u64_stats_update_begin(syncp);
	return flags;
}

static inline void u64_stats_update_end_irqrestore(struct u64_stats_sync *syncp,
						   unsigned long flags)
{
	__u64_stats_update_end(syncp);
	__u64_stats_irqrestore(flags);
}

#define u64_stats_init(syncp)			do { } while (0)
#define u64_stats_update_begin(syncp)		do { } while (0)
#define u64_stats_update_end(syncp)		do { } while (0)
#define u64_stats_fetch_begin(syncp)		0
#define u64_stats_fetch_retry(syncp, start)	false
#define u64_stats_fetch_begin_irq(syncp)	0
#define u64_stats_fetch_retry_irq(syncp, start)	false


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/seqlock.h>
#endif
