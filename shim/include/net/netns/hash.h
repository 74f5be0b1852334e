/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A namespace's salt for the socket hash tables, so that two namespaces'
 * sockets hash apart.
 */
#ifndef __NET_NS_HASH_H__
#define __NET_NS_HASH_H__

#include <linux/netdevice.h>

static inline u32 net_hash_mix(const struct net *net)
{
	return net->hash_mix;
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/uidgid.h>
#endif
