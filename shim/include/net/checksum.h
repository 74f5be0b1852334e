/* SPDX-License-Identifier: GPL-2.0 */
/* Internet checksum helpers (RFC 1071 / RFC 1624 incremental updates). */
#ifndef _CHECKSUM_H
#define _CHECKSUM_H

#include <linux/types.h>
#include <linux/byteorder/generic.h>
#include <linux/compiler.h>
#include <linux/version.h>

static inline __sum16 csum_fold(__wsum csum)
{
	u32 sum = (__force u32)csum;

	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return (__force __sum16)~sum;
}

static inline __wsum csum_add(__wsum csum, __wsum addend)
{
	u32 res = (__force u32)csum;

	res += (__force u32)addend;
	return (__force __wsum)(res + (res < (__force u32)addend));
}

static inline __wsum csum_sub(__wsum csum, __wsum addend)
{
	return csum_add(csum, ~addend);
}

static inline __wsum csum_unfold(__sum16 n)
{
	return (__force __wsum)n;
}

static inline __sum16 csum16_add(__sum16 csum, __be16 addend)
{
	u16 res = (__force u16)csum;

	res += (__force u16)addend;
	return (__force __sum16)(res + (res < (__force u16)addend));
}

static inline __sum16 csum16_sub(__sum16 csum, __be16 addend)
{
	return csum16_add(csum, ~addend);
}

/* 16-bit one's complement sum of len bytes, folded to 32 bits. */
__wsum csum_partial(const void *buff, int len, __wsum sum);

/* checksum of an IPv4 header of ihl 32-bit words (0 when it is valid) */
static inline __sum16 ip_fast_csum(const void *iph, unsigned int ihl)
{
	const unsigned char *p = iph;
	u64 sum = 0;
	unsigned int i;
	u32 w;

	for (i = 0; i < ihl; i++) {
		__builtin_memcpy(&w, p + 4 * i, 4);
		sum += w;
	}
	sum = (sum & 0xffffffff) + (sum >> 32);
	sum = (sum & 0xffffffff) + (sum >> 32);
	return csum_fold((__force __wsum)(u32)sum);
}

static inline void csum_replace4(__sum16 *sum, __be32 from, __be32 to)
{
	__wsum tmp = csum_sub(~csum_unfold(*sum), (__force __wsum)from);

	*sum = csum_fold(csum_add(tmp, (__force __wsum)to));
}

static inline void csum_replace2(__sum16 *sum, __be16 old, __be16 new)
{
	u32 s = (u16)~*sum;

	s += (u16)~old;
	s += new;
	s = (s & 0xffff) + (s >> 16);
	s = (s & 0xffff) + (s >> 16);
	*sum = ~(u16)s;
}

/* the sum of a block that starts at an odd offset, aligned to 16 bits */
static inline __wsum csum_shift(__wsum sum, int offset)
{
	u32 v = (__force u32)sum;

	return offset & 1 ? (__force __wsum)((v >> 8) | (v << 24)) : sum;
}

static inline __wsum csum_block_add(__wsum csum, __wsum csum2, int offset)
{
	return csum_add(csum, csum_shift(csum2, offset));
}

/* gone from 7.x's header; lib/skbuff.c's skb_checksum() still combines with it */
static inline __wsum csum_block_add_ext(__wsum csum, __wsum csum2, int offset,
					int len)
{
	return csum_block_add(csum, csum2, offset);
}

static inline __wsum csum_block_sub(__wsum csum, __wsum csum2, int offset)
{
	return csum_block_add(csum, ~csum2, offset);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)	/* gone in 7.x */
static inline __wsum csum_partial_ext(const void *buff, int len, __wsum sum)
{
	return csum_partial(buff, len, sum);
}
#endif

#define CSUM_MANGLED_0 ((__force __sum16)0xffff)

static inline void csum_replace_by_diff(__sum16 *sum, __wsum diff)
{
	*sum = csum_fold(csum_add(diff, ~csum_unfold(*sum)));
}

static inline void csum_replace(__wsum *csum, __wsum old, __wsum new)
{
	*csum = csum_add(csum_sub(*csum, old), new);
}

/* remote checksum offload: the checksum from start written at offset */
static inline __wsum remcsum_adjust(void *ptr, __wsum csum, int start, int offset)
{
	__sum16 *psum = (__sum16 *)((u8 *)ptr + offset);
	__wsum delta;

	csum = csum_sub(csum, csum_partial(ptr, start, 0));
	delta = csum_sub((__force __wsum)csum_fold(csum), (__force __wsum)*psum);
	*psum = csum_fold(csum);
	return delta;
}

static inline void remcsum_unadjust(__sum16 *psum, __wsum delta)
{
	*psum = csum_fold(csum_sub(delta, (__force __wsum)*psum));
}

static inline __wsum wsum_negate(__wsum val)
{
	return (__force __wsum)-((__force u32)val);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/* a 32-bit sum folded to 16 bits with end-around carry, not inverted */
static inline unsigned short csum_from32to16(unsigned int sum)
{
	sum += (sum >> 16) | (sum << 16);
	return (unsigned short)(sum >> 16);
}
#endif

/*
 * asm/checksum.h's pseudo-header sums, as x86-64 computes them: saddr,
 * daddr and the length and protocol (in network order as a 16-bit pair)
 * added to sum with end-around carry.
 */
static inline __wsum csum_tcpudp_nofold(__be32 saddr, __be32 daddr, __u32 len,
					__u8 proto, __wsum sum)
{
	u64 s = (__force u32)sum;

	s += (__force u32)saddr;
	s += (__force u32)daddr;
#ifdef __BIG_ENDIAN
	s += proto + len;
#else
	s += (proto + len) << 8;
#endif
	s = (s & 0xffffffff) + (s >> 32);
	s = (s & 0xffffffff) + (s >> 32);
	return (__force __wsum)(u32)s;
}

static inline __sum16 csum_tcpudp_magic(__be32 saddr, __be32 daddr, __u32 len,
					__u8 proto, __wsum sum)
{
	return csum_fold(csum_tcpudp_nofold(saddr, daddr, len, proto, sum));
}

struct sk_buff;

/*
 * A transport checksum updated for a changed address or port
 * (net/core/utils.c, lib/inet.c): the field itself unless the checksum is
 * left to the device (CHECKSUM_PARTIAL: only the pseudo-header sum there,
 * when pseudohdr), and a CHECKSUM_COMPLETE skb->csum too.
 */
void inet_proto_csum_replace4(__sum16 *sum, struct sk_buff *skb,
			      __be32 from, __be32 to, bool pseudohdr);
void inet_proto_csum_replace16(__sum16 *sum, struct sk_buff *skb,
			       const __be32 *from, const __be32 *to,
			       bool pseudohdr);
void inet_proto_csum_replace_by_diff(__sum16 *sum, struct sk_buff *skb,
				     __wsum diff, bool pseudohdr, bool ipv6);

static __always_inline
void inet_proto_csum_replace2(__sum16 *sum, struct sk_buff *skb,
			      __be16 from, __be16 to, bool pseudohdr)
{
	inet_proto_csum_replace4(sum, skb, (__force __be32)from,
				 (__force __be32)to, pseudohdr);
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/bitmap.h>
#include <linux/once.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/rculist.h>
#include <linux/wait.h>
#include <linux/errno.h>
#include <asm/byteorder.h>
#include <linux/uaccess.h>
#endif
