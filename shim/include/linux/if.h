/* SPDX-License-Identifier: GPL-2.0 */
/* Only IFNAMSIZ: the uapi <linux/if.h> would pull libc's sys/socket.h. */
#ifndef _LINUX_IF_H
#define _LINUX_IF_H

#define IFNAMSIZ	16
#define IFALIASZ	256

#endif
