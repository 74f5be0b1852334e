/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Literal IPv4 and IPv6 addresses to binary (net/core/utils.c; the shim's
 * in lib/inet.c). inet_pton_with_scope() and inet_addr_is_any() are left
 * out: they work on the socket layer's sockaddr_storage, which the shim
 * has no sockets for.
 */
#ifndef _LINUX_INET_H
#define _LINUX_INET_H

#include <linux/types.h>
#include <net/net_namespace.h>
#include <linux/socket.h>

#define INET_ADDRSTRLEN		(16)
#define INET6_ADDRSTRLEN	(48)

__be32 in_aton(const char *str);
int in4_pton(const char *src, int srclen, u8 *dst, int delim, const char **end);
int in6_pton(const char *src, int srclen, u8 *dst, int delim, const char **end);

#endif /* _LINUX_INET_H */
