// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_random.c - the random helper a BPF program calls:
 * bpf_get_prandom_u32(), which the kernel runs as bpf_user_rnd_u32() (a
 * per-CPU prandom state, kernel/bpf/core.c).
 *
 * Here it is a get_random_u32() draw of the shim: in a replay it hands out
 * the trace's recorded draws in order (the recorder records a BPF qdisc's
 * bpf_get_prandom_u32() values as u32 draws of its call, recorder/README.md
 * "BPF qdiscs"), in drive the seeded generator's. The kernel's generator is
 * not modelled: no replay depends on it, as every value it gave is in the
 * trace.
 */
#include <linux/random.h>
#include "bpf_rt.h"

u32 bpf_get_prandom_u32(void)
{
	return get_random_u32();
}
