// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_clock.c - the time helpers a BPF program reads, on the shim's virtual
 * clock: bpf_ktime_get_ns() (the kernel's ktime_get_mono_fast_ns()) and
 * bpf_jiffies64().
 */
#include <linux/ktime.h>
#include <linux/jiffies.h>
#include "bpf_rt.h"

u64 bpf_ktime_get_ns(void)
{
	return ktime_get_mono_fast_ns();
}

u64 bpf_jiffies64(void)
{
	return get_jiffies_64();
}
