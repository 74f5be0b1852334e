/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_SOCKET_H
#define _QDK_SHIM_LINUX_SOCKET_H
#include_next <linux/socket.h>
typedef __kernel_sa_family_t sa_family_t;

/* the generic socket address, as the kernel's linux/socket.h has it */
struct sockaddr {
	sa_family_t	sa_family;
	union {
		char sa_data_min[14];
		struct {
			struct {} __empty_sa_data;
			char sa_data[];
		};
	};
};

#define AF_UNSPEC	0
#define AF_UNIX		1
#define AF_LOCAL	1
#define AF_INET		2
#define AF_INET6	10
#define AF_NETLINK	16
#define AF_PACKET	17
#define PF_UNSPEC	AF_UNSPEC
#define PF_UNIX		AF_UNIX
#define PF_LOCAL	AF_LOCAL
#define PF_INET		AF_INET
#define PF_INET6	AF_INET6
#define PF_NETLINK	AF_NETLINK
#define PF_PACKET	AF_PACKET

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/types.h>
#include <linux/compiler.h>
#endif
