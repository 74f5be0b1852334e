// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_bpf_random.c - bpf_get_prandom_u32() (shim/bpf/bpf_random.c): a u32
 * draw of the shim, the trace's in a replay, the seeded generator's else.
 */
#include <linux/random.h>

#include "ktest.h"
#include "shim.h"
#include "../api/qdk_api.h"

u32 bpf_get_prandom_u32(void);

/* bpf_get_prandom_u32() takes the draws a replay queues, as u32 draws */
KTEST(bpf_rt, prandom_is_a_u32_draw)
{
	u32 ref;

	qdk_random_seed(3);
	ref = get_random_u32();
	qdk_random_seed(3);
	KT_EQ(bpf_get_prandom_u32(), ref);
	KT_EQ(qdk_random_queue_u(4, 0x5eed1234, 1), 0);
	KT_EQ(qdk_random_queue_u(4, 7, 2), 0);
	KT_EQ(bpf_get_prandom_u32(), 0x5eed1234);
	KT_EQ(get_random_u32(), 7);
	return 0;
}
