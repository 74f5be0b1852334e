/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Generic netevent notifiers (the kernel's net/netevent.h): neighbour
 * updates, redirects and multipath changes, told to whoever registered
 * (shim/lib/netevent.c). Nothing in the shim raises them yet.
 */
#ifndef _QDK_SHIM_NET_NETEVENT_H
#define _QDK_SHIM_NET_NETEVENT_H

struct dst_entry;
struct neighbour;
struct notifier_block;

struct netevent_redirect {
	struct dst_entry *old;
	struct dst_entry *new;
	struct neighbour *neigh;
	const void *daddr;
};

enum netevent_notif_type {
	NETEVENT_NEIGH_UPDATE = 1, /* arg is struct neighbour ptr */
	NETEVENT_REDIRECT,	   /* arg is struct netevent_redirect ptr */
	NETEVENT_DELAY_PROBE_TIME_UPDATE, /* arg is struct neigh_parms ptr */
	NETEVENT_IPV4_MPATH_HASH_UPDATE, /* arg is struct net ptr */
	NETEVENT_IPV6_MPATH_HASH_UPDATE, /* arg is struct net ptr */
	NETEVENT_IPV4_FWD_UPDATE_PRIORITY_UPDATE, /* arg is struct net ptr */
};

int register_netevent_notifier(struct notifier_block *nb);
int unregister_netevent_notifier(struct notifier_block *nb);
int call_netevent_notifiers(unsigned long val, void *v);

#endif
