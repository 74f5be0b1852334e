/* SPDX-License-Identifier: GPL-2.0 */
/* Only IFNAMSIZ: the uapi <linux/if.h> would pull libc's sys/socket.h. */
#ifndef _LINUX_IF_H
#define _LINUX_IF_H

#define IFNAMSIZ	16
#define IFALIASZ	256

/* RFC 2863 operational status (IFLA_OPERSTATE) */
enum {
	IF_OPER_UNKNOWN,
	IF_OPER_NOTPRESENT,
	IF_OPER_DOWN,
	IF_OPER_LOWERLAYERDOWN,
	IF_OPER_TESTING,
	IF_OPER_DORMANT,
	IF_OPER_UP,
};

#endif
