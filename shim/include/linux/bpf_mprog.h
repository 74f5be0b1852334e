/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Multi-program attach points (the kernel's linux/bpf_mprog.h), as far as
 * tcx's entries (net/tcx.h) use them: a bundle of two entries that
 * alternate as the attached set, and the count of programs in it. No BPF
 * program attaches to a device here, so the count stays 0 and an entry
 * lives as long as a mini Qdisc (ingress, clsact) holds it.
 */
#ifndef _QDK_SHIM_LINUX_BPF_MPROG_H
#define _QDK_SHIM_LINUX_BPF_MPROG_H

#include <linux/atomic.h>
#include <linux/bug.h>
#include <linux/string.h>
#include <linux/types.h>

#define BPF_MPROG_MAX 64

struct bpf_prog;
struct bpf_link;

struct bpf_mprog_fp {
	struct bpf_prog *prog;
};

struct bpf_mprog_cp {
	struct bpf_link *link;
};

struct bpf_mprog_entry {
	struct bpf_mprog_fp fp_items[BPF_MPROG_MAX];
	struct bpf_mprog_bundle *parent;
};

struct bpf_mprog_bundle {
	struct bpf_mprog_entry a;
	struct bpf_mprog_entry b;
	struct bpf_mprog_cp cp_items[BPF_MPROG_MAX];
	struct bpf_prog *ref;
	atomic64_t revision;
	u32 count;
};

/* the entry that is not the attached one (the next set is built there) */
static inline struct bpf_mprog_entry *
bpf_mprog_peer(const struct bpf_mprog_entry *entry)
{
	if (entry == &entry->parent->a)
		return &entry->parent->b;
	else
		return &entry->parent->a;
}

static inline void bpf_mprog_bundle_init(struct bpf_mprog_bundle *bundle)
{
	memset(bundle, 0, sizeof(*bundle));
	atomic64_set(&bundle->revision, 1);
	bundle->a.parent = bundle;
	bundle->b.parent = bundle;
}

static inline void bpf_mprog_inc(struct bpf_mprog_entry *entry)
{
	entry->parent->count++;
}

static inline void bpf_mprog_dec(struct bpf_mprog_entry *entry)
{
	entry->parent->count--;
}

static inline int bpf_mprog_max(void)
{
	return BPF_MPROG_MAX - 1;
}

/* the programs attached at the entry's point */
static inline int bpf_mprog_total(struct bpf_mprog_entry *entry)
{
	int total = entry->parent->count;

	WARN_ON_ONCE(total > bpf_mprog_max());
	return total;
}

#endif
