/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf/bpf_tracing.h - libbpf's <bpf/bpf_tracing.h> for a BPF program
 * compiled as user-space C. BPF_PROG(name, args...) is the plain C function
 * name(args...): the struct_ops member the program sets points at it, and
 * the kit's runtime calls it with the op's arguments (in the kernel a
 * trampoline unpacks them from a u64 array for the same body).
 * No target architecture is defined (bpf_target_*): the registers of a
 * kprobe's context mean nothing here.
 */
#ifndef __BPF_TRACING_H__
#define __BPF_TRACING_H__

#include <bpf/bpf_helpers.h>

#define BPF_PROG(name, args...) name(args)
#define BPF_PROG2(name, args...) name(args)

#endif
