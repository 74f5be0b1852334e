/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _NET_IP_H
#define _NET_IP_H
#include <linux/ip.h>
#include <linux/in.h>
#include <net/checksum.h>

/* IP flags */
#define IP_CE		0x8000
#define IP_DF		0x4000
#define IP_MF		0x2000
#define IP_OFFSET	0x1FFF
#endif
