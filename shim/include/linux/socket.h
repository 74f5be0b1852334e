/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _QDK_SHIM_LINUX_SOCKET_H
#define _QDK_SHIM_LINUX_SOCKET_H
#include_next <linux/socket.h>
#define AF_UNSPEC	0
#define PF_UNSPEC	AF_UNSPEC
#define AF_INET		2
#define AF_INET6	10
#endif
