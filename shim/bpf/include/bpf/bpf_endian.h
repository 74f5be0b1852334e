/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf/bpf_endian.h - libbpf's <bpf/bpf_endian.h> for a BPF program compiled
 * as user-space C: the kernel's byte-order conversions (x86: little endian).
 */
#ifndef __BPF_ENDIAN__
#define __BPF_ENDIAN__

#include <asm/byteorder.h>

#define bpf_htons(x) ((__be16)__builtin_bswap16(x))
#define bpf_ntohs(x) ((__u16)__builtin_bswap16(x))
#define bpf_htonl(x) ((__be32)__builtin_bswap32(x))
#define bpf_ntohl(x) ((__u32)__builtin_bswap32(x))
#define bpf_cpu_to_be64(x) ((__be64)__builtin_bswap64(x))
#define bpf_be64_to_cpu(x) ((__u64)__builtin_bswap64(x))

#endif
