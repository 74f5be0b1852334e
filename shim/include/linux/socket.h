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
#define PF_UNSPEC	AF_UNSPEC
#define AF_INET		2
#define AF_INET6	10
#endif
