/* SPDX-License-Identifier: GPL-2.0 */
/* Only the device types: the uapi <linux/if_arp.h> needs libc's struct sockaddr. */
#ifndef _LINUX_IF_ARP_H
#define _LINUX_IF_ARP_H

#define ARPHRD_ETHER	1
#define ARPHRD_LOOPBACK	772


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/skbuff.h>
#endif
