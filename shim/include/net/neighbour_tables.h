/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The neighbour tables' indices (the kernel's net/neighbour_tables.h, 7.x;
 * 6.1 and 6.12 keep them in net/neighbour.h, which includes this header on
 * every series).
 */
#ifndef _NET_NEIGHBOUR_TABLES_H
#define _NET_NEIGHBOUR_TABLES_H

#include <linux/version.h>

enum {
	NEIGH_ARP_TABLE = 0,
	NEIGH_ND_TABLE = 1,
#if LINUX_VERSION_CODE < KERNEL_VERSION(7, 3, 0)
	NEIGH_DN_TABLE = 2,	/* DECnet's, gone in 7.x */
#endif
	NEIGH_NR_TABLES,
	NEIGH_LINK_TABLE = NEIGH_NR_TABLES /* neigh_xmit()'s: no table, the link's address */
};

#endif
