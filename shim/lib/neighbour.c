// SPDX-License-Identifier: GPL-2.0
/*
 * neighbour.c - net/core/neighbour.c's exports. The shim has no neighbour
 * tables (no ARP, no ND: nothing resolves an address in user space), so
 * whatever needs one stops as unmodelled (qdk/unmodelled.h); only a
 * neighbour reached through a route would get here, and no skb the shim
 * makes carries a route (net/dst.h). neigh_direct_output() and
 * neigh_rand_reach_time(), which need no table, are the kernel's.
 */
#include <linux/export.h>
#include <linux/netdevice.h>
#include <linux/random.h>
#include <linux/version.h>
#include <net/neighbour.h>
#include <qdk/unmodelled.h>

void neigh_table_init(int index, struct neigh_table *tbl)
{
	QDK_UNMODELLED(neigh_table_init, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_table_init);

int neigh_table_clear(int index, struct neigh_table *tbl)
{
	QDK_UNMODELLED(neigh_table_clear, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_table_clear);

struct neighbour *neigh_lookup(struct neigh_table *tbl, const void *pkey,
			       struct net_device *dev)
{
	QDK_UNMODELLED(neigh_lookup, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_lookup);

struct neighbour *__neigh_create(struct neigh_table *tbl, const void *pkey,
				 struct net_device *dev, bool want_ref)
{
	QDK_UNMODELLED(__neigh_create, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(__neigh_create);

void neigh_destroy(struct neighbour *neigh)
{
	QDK_UNMODELLED(neigh_destroy, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_destroy);

int __neigh_event_send(struct neighbour *neigh, struct sk_buff *skb,
		       const bool immediate_ok)
{
	QDK_UNMODELLED(__neigh_event_send, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(__neigh_event_send);

int neigh_update(struct neighbour *neigh, const u8 *lladdr, u8 new, u32 flags,
		 u32 nlmsg_pid)
{
	QDK_UNMODELLED(neigh_update, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_update);

void __neigh_set_probe_once(struct neighbour *neigh)
{
	QDK_UNMODELLED(__neigh_set_probe_once, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(__neigh_set_probe_once);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
bool neigh_remove_one(struct neighbour *ndel)
#else
bool neigh_remove_one(struct neighbour *ndel, struct neigh_table *tbl)
#endif
{
	QDK_UNMODELLED(neigh_remove_one, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_remove_one);

void neigh_changeaddr(struct neigh_table *tbl, struct net_device *dev)
{
	QDK_UNMODELLED(neigh_changeaddr, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_changeaddr);

int neigh_ifdown(struct neigh_table *tbl, struct net_device *dev)
{
	QDK_UNMODELLED(neigh_ifdown, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_ifdown);

int neigh_carrier_down(struct neigh_table *tbl, struct net_device *dev)
{
	QDK_UNMODELLED(neigh_carrier_down, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_carrier_down);

int neigh_resolve_output(struct neighbour *neigh, struct sk_buff *skb)
{
	QDK_UNMODELLED(neigh_resolve_output, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_resolve_output);

int neigh_connected_output(struct neighbour *neigh, struct sk_buff *skb)
{
	QDK_UNMODELLED(neigh_connected_output, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_connected_output);

/* no header to add, no address to resolve: straight to the device */
int neigh_direct_output(struct neighbour *neigh, struct sk_buff *skb)
{
	return dev_queue_xmit(skb);
}
EXPORT_SYMBOL(neigh_direct_output);

struct neighbour *neigh_event_ns(struct neigh_table *tbl, u8 *lladdr, void *saddr,
				 struct net_device *dev)
{
	QDK_UNMODELLED(neigh_event_ns, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_event_ns);

struct neigh_parms *neigh_parms_alloc(struct net_device *dev, struct neigh_table *tbl)
{
	QDK_UNMODELLED(neigh_parms_alloc, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_parms_alloc);

void neigh_parms_release(struct neigh_table *tbl, struct neigh_parms *parms)
{
	QDK_UNMODELLED(neigh_parms_release, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_parms_release);

/* a reachable time drawn uniformly from [base/2, 3*base/2) (RFC 4861), 0 for 0 */
unsigned long neigh_rand_reach_time(unsigned long base)
{
	return base ? get_random_u32_below(base) + (base >> 1) : 0;
}
EXPORT_SYMBOL(neigh_rand_reach_time);

void pneigh_enqueue(struct neigh_table *tbl, struct neigh_parms *p,
		    struct sk_buff *skb)
{
	QDK_UNMODELLED(pneigh_enqueue, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(pneigh_enqueue);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
struct pneigh_entry *pneigh_lookup(struct neigh_table *tbl, struct net *net,
				   const void *key, struct net_device *dev)
#else
struct pneigh_entry *pneigh_lookup(struct neigh_table *tbl, struct net *net,
				   const void *key, struct net_device *dev,
				   int creat)
#endif
{
	QDK_UNMODELLED(pneigh_lookup, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(pneigh_lookup);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int pneigh_create(struct neigh_table *tbl, struct net *net, const void *key,
		  struct net_device *dev, u32 flags, u8 protocol, bool permanent)
{
	QDK_UNMODELLED(pneigh_create, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(pneigh_create);
#else
struct pneigh_entry *__pneigh_lookup(struct neigh_table *tbl, struct net *net,
				     const void *key, struct net_device *dev)
{
	QDK_UNMODELLED(__pneigh_lookup, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL_GPL(__pneigh_lookup);
#endif

int pneigh_delete(struct neigh_table *tbl, struct net *net, const void *key,
		  struct net_device *dev)
{
	QDK_UNMODELLED(pneigh_delete, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(pneigh_delete);

void neigh_app_ns(struct neighbour *n)
{
	QDK_UNMODELLED(neigh_app_ns, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_app_ns);

void neigh_for_each(struct neigh_table *tbl,
		    void (*cb)(struct neighbour *n, void *cookie), void *cookie)
{
	QDK_UNMODELLED(neigh_for_each, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_for_each);

void __neigh_for_each_release(struct neigh_table *tbl,
			      int (*cb)(struct neighbour *n))
{
	QDK_UNMODELLED(__neigh_for_each_release, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(__neigh_for_each_release);

int neigh_xmit(int fam, struct net_device *dev, const void *addr, struct sk_buff *skb)
{
	QDK_UNMODELLED(neigh_xmit, "no neighbour tables (no ARP or ND)");
}
EXPORT_SYMBOL(neigh_xmit);
