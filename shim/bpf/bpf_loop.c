// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_loop.c - a BPF program's bounded loops, as kernel/bpf/bpf_iter.c has
 * them: the number iterator behind bpf_for() and bpf_repeat(), and the
 * bpf_loop() helper, with the kernel's limits and return values.
 */
#include <linux/errno.h>
#include "bpf_rt.h"

/* kernel/bpf's BPF_MAX_LOOPS: the most iterations a loop may ask for */
#define QDK_BPF_MAX_LOOPS (8 * 1024 * 1024)

struct bpf_iter_num_kern {
	int cur;	/* current value, inclusive */
	int end;	/* final value, exclusive */
} __aligned(8);

int bpf_iter_num_new(struct bpf_iter_num *it, int start, int end)
{
	struct bpf_iter_num_kern *s = (void *)it;

	BUILD_BUG_ON(sizeof(struct bpf_iter_num_kern) != sizeof(struct bpf_iter_num));
	/* an empty iterator on a bad range: the first next() ends the loop */
	if (start > end) {
		s->cur = s->end = 0;
		return -EINVAL;
	}
	if ((s64)end - (s64)start > QDK_BPF_MAX_LOOPS) {
		s->cur = s->end = 0;
		return -E2BIG;
	}
	s->cur = start - 1;
	s->end = end;
	return 0;
}

int *bpf_iter_num_next(struct bpf_iter_num *it)
{
	struct bpf_iter_num_kern *s = (void *)it;

	if ((s64)(s->cur + 1) >= s->end) {
		s->cur = s->end = 0;
		return NULL;
	}
	s->cur++;
	return &s->cur;
}

void bpf_iter_num_destroy(struct bpf_iter_num *it)
{
	struct bpf_iter_num_kern *s = (void *)it;

	s->cur = s->end = 0;
}

/*
 * callback_fn(index, ctx) for index 0 .. nr_loops - 1 until it returns
 * non-zero; returns the number of calls made
 */
long bpf_loop(u32 nr_loops, void *callback_fn, void *callback_ctx, u64 flags)
{
	long (*cb)(u64 index, void *ctx) = callback_fn;
	u32 ret, i;

	qdk_bpf_no_lock("bpf_loop", QDK_BPF_CALLER);
	if (flags)
		return -EINVAL;
	if (nr_loops > QDK_BPF_MAX_LOOPS)
		return -E2BIG;
	for (i = 0; i < nr_loops; i++) {
		/* the verifier allows 0 or 1: an int callback's upper half is not read */
		ret = (u32)cb((u64)i, callback_ctx);
		if (ret)
			return i + 1;
	}
	return i;
}
