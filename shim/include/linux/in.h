/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/in.h - the uapi's IPv4 constants and address classes: the
 * ipv4_is_*() tests on a network-order address, and where a transport's
 * ports sit (proto_ports_offset()).
 */
#ifndef _QDK_SHIM_LINUX_IN_H
#define _QDK_SHIM_LINUX_IN_H

#include <linux/errno.h>
#include <linux/types.h>
#include <asm/byteorder.h>
#include_next <linux/in.h>

/* Offset of the ports (or SPI) from the transport header, -EINVAL if none */
static inline int proto_ports_offset(int proto)
{
	switch (proto) {
	case IPPROTO_TCP:
	case IPPROTO_UDP:
	case IPPROTO_DCCP:
	case IPPROTO_ESP:
	case IPPROTO_SCTP:
	case IPPROTO_UDPLITE:
		return 0;
	case IPPROTO_AH:
		return 4;	/* the SPI follows next header, length, reserved */
	default:
		return -EINVAL;
	}
}

/* true when addr (network order) is within prefix/mask (host order) */
#define __qdk_ipv4_in(addr, prefix, mask) \
	(((addr) & htonl(mask)) == htonl(prefix))

static inline bool ipv4_is_loopback(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0x7f000000, 0xff000000);	/* 127/8 */
}

static inline bool ipv4_is_multicast(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0xe0000000, 0xf0000000);	/* 224/4 */
}

static inline bool ipv4_is_local_multicast(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0xe0000000, 0xffffff00);	/* 224.0.0/24 */
}

static inline bool ipv4_is_lbcast(__be32 addr)
{
	return addr == htonl(INADDR_BROADCAST);	/* limited broadcast */
}

static inline bool ipv4_is_all_snoopers(__be32 addr)
{
	return addr == htonl(INADDR_ALLSNOOPERS_GROUP);
}

static inline bool ipv4_is_zeronet(__be32 addr)
{
	return addr == 0;
}

/* RFC 1918 private ranges, 169.254/16, 6to4 anycast, the test nets */
static inline bool ipv4_is_private_10(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0x0a000000, 0xff000000);
}

static inline bool ipv4_is_private_172(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0xac100000, 0xfff00000);
}

static inline bool ipv4_is_private_192(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0xc0a80000, 0xffff0000);
}

static inline bool ipv4_is_linklocal_169(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0xa9fe0000, 0xffff0000);
}

static inline bool ipv4_is_anycast_6to4(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0xc0586300, 0xffffff00);	/* 192.88.99/24 */
}

static inline bool ipv4_is_test_192(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0xc0000200, 0xffffff00);	/* 192.0.2/24 */
}

static inline bool ipv4_is_test_198(__be32 addr)
{
	return __qdk_ipv4_in(addr, 0xc6120000, 0xfffe0000);	/* 198.18/15 */
}

#endif
