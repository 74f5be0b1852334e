// SPDX-License-Identifier: GPL-2.0
/*
 * dev.c - what modules call of net/core/dev.c: the devices of a namespace
 * (lookups, references), netdevice notifiers, the netdev_*() messages,
 * freeing from any context, features, the queues in use, device state,
 * counters, stacked devices, protocol handlers, rx handlers and MTU, the
 * ingress and egress hooks' users, and the traffic classes of a device as
 * 6.1 keeps them: num_tc, the queue range of each class (tc_to_txq) and the
 * priority to class map. mqprio sets them; nothing here steers packets
 * (no XPS, no subordinate channels).
 *
 * Why one file past 800 lines: these are one file in the kernel too (12k
 * lines), and they share a device's state: the notifiers fire from state
 * changes, the counters and features are read by the stacked devices'
 * code, the queues' states by the traffic classes'.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/export.h>
#include <linux/netdevice.h>
#include <linux/version.h>

/* the class whose queue range holds txq, 0 without classes, -1 for none */
int netdev_txq_to_tc(struct net_device *dev, unsigned int txq)
{
	struct netdev_tc_txq *tc = &dev->tc_to_txq[0];
	int i;

	if (!dev->num_tc)
		return 0;
	for (i = 0; i < TC_MAX_QUEUE; i++, tc++) {
		if ((txq - tc->offset) < tc->count)
			return i;
	}
	return -1;
}
EXPORT_SYMBOL(netdev_txq_to_tc);

void netdev_reset_tc(struct net_device *dev)
{
	dev->num_tc = 0;
	memset(dev->tc_to_txq, 0, sizeof(dev->tc_to_txq));
	memset(dev->prio_tc_map, 0, sizeof(dev->prio_tc_map));
}
EXPORT_SYMBOL(netdev_reset_tc);

int netdev_set_tc_queue(struct net_device *dev, u8 tc, u16 count, u16 offset)
{
	if (tc >= dev->num_tc)
		return -EINVAL;
	dev->tc_to_txq[tc].count = count;
	dev->tc_to_txq[tc].offset = offset;
	return 0;
}
EXPORT_SYMBOL(netdev_set_tc_queue);

int netdev_set_num_tc(struct net_device *dev, u8 num_tc)
{
	if (num_tc > TC_MAX_QUEUE)
		return -EINVAL;
	dev->num_tc = num_tc;
	return 0;
}
EXPORT_SYMBOL(netdev_set_num_tc);

/* ---- devices of a namespace ---------------------------------------------- */

#include <linux/etherdevice.h>
#include <linux/inetdevice.h>
#include <linux/slab.h>
#include <linux/rtnetlink.h>
#include <linux/ctype.h>
#include <linux/if_link.h>
#include <linux/random.h>
#include <net/net_namespace.h>
#include <net/sch_generic.h>
#include <linux/net.h>
#include <linux/mutex.h>
#include <linux/uidgid.h>
#include "shim.h"
#include <qdk/unmodelled.h>

/* every namespace of the shim (struct net's __qdk_all): init_net, then usertc's */
static LIST_HEAD(qdk_net_list);

/* the namespace the replay's devices live in */
struct net init_net = {
	.dev_base_head = LIST_HEAD_INIT(init_net.dev_base_head),
	.passive = REFCOUNT_INIT(1),
	.ns.count = REFCOUNT_INIT(1),
	.list = LIST_HEAD_INIT(net_namespace_list),	/* lib/net_namespace.c */
	.__qdk_all = LIST_HEAD_INIT(init_net.__qdk_all),
	.user_ns = &init_user_ns,
	/* the sysctls' defaults, as for every namespace (qdk_net_new()) */
	.ipv4.sysctl_ip_prot_sock = 1024,			/* PROT_SOCK */
	.ipv4.sysctl_tcp_min_snd_mss = 48,			/* TCP_MIN_SND_MSS */
	.ipv6.sysctl.auto_flowlabels = 1,			/* IP6_AUTO_FLOW_LABEL_OPTOUT */
	.ipv6.sysctl.multipath_hash_fields = 0x0f,		/* addresses, protocol, label */
};
EXPORT_SYMBOL(init_net);

static void init_net_link(void)
{
	if (list_empty(&init_net.__qdk_all))
		list_add(&init_net.__qdk_all, &qdk_net_list);
}

/* a namespace of the shim's rtnetlink comes and goes (lib/rtnetlink.c) */
void qdk_net_link(struct net *net)
{
	init_net_link();
	list_add_tail(&net->__qdk_all, &qdk_net_list);
}

void qdk_net_unlink(struct net *net)
{
	list_del_init(&net->__qdk_all);
}

#define for_each_qdk_net(net) \
	for (init_net_link(), net = list_first_entry(&qdk_net_list, struct net, __qdk_all); \
	     &net->__qdk_all != &qdk_net_list; net = list_next_entry(net, __qdk_all))

static void netdev_adj_init(struct net_device *dev);

/* ---- netdevice notifiers ------------------------------------------------- */

static RAW_NOTIFIER_HEAD(netdev_chain);

static int call_netdevice_notifier(struct notifier_block *nb, unsigned long val,
				   struct net_device *dev)
{
	struct netdev_notifier_info info = { .dev = dev };

	return nb->notifier_call(nb, val, &info);
}

/* a new listener learns of dev: REGISTER, and UP when it is up */
static int call_netdevice_register_notifiers(struct notifier_block *nb,
					     struct net_device *dev)
{
	int err = notifier_to_errno(call_netdevice_notifier(nb, NETDEV_REGISTER, dev));

	if (err || !(dev->flags & IFF_UP))
		return err;
	call_netdevice_notifier(nb, NETDEV_UP, dev);
	return 0;
}

/* a listener leaving sees dev go down and away */
static void call_netdevice_unregister_notifiers(struct notifier_block *nb,
						struct net_device *dev)
{
	if (dev->flags & IFF_UP) {
		call_netdevice_notifier(nb, NETDEV_GOING_DOWN, dev);
		call_netdevice_notifier(nb, NETDEV_DOWN, dev);
	}
	call_netdevice_notifier(nb, NETDEV_UNREGISTER, dev);
}

/* every device of net, undone in reverse for the ones before a refusal */
static int call_netdevice_register_net_notifiers(struct notifier_block *nb, struct net *net)
{
	struct net_device *dev;
	int err;

	for_each_netdev(net, dev) {
		err = call_netdevice_register_notifiers(nb, dev);
		if (err)
			goto rollback;
	}
	return 0;

rollback:
	for_each_netdev_continue_reverse(net, dev)
		call_netdevice_unregister_notifiers(nb, dev);
	return err;
}

static void call_netdevice_unregister_net_notifiers(struct notifier_block *nb,
						    struct net *net)
{
	struct net_device *dev;

	for_each_netdev(net, dev)
		call_netdevice_unregister_notifiers(nb, dev);
}

int register_netdevice_notifier(struct notifier_block *nb)
{
	struct net *net;
	int err;

	rtnl_lock();
	err = raw_notifier_chain_register(&netdev_chain, nb);
	if (err)
		goto unlock;
	for_each_qdk_net(net) {
		err = call_netdevice_register_net_notifiers(nb, net);
		if (err)
			goto rollback;
	}
	goto unlock;

rollback:
	list_for_each_entry_continue_reverse(net, &qdk_net_list, __qdk_all)
		call_netdevice_unregister_net_notifiers(nb, net);
	raw_notifier_chain_unregister(&netdev_chain, nb);
unlock:
	rtnl_unlock();
	return err;
}
EXPORT_SYMBOL(register_netdevice_notifier);

int unregister_netdevice_notifier(struct notifier_block *nb)
{
	struct net *net;
	int err;

	rtnl_lock();
	err = raw_notifier_chain_unregister(&netdev_chain, nb);
	if (!err) {
		for_each_qdk_net(net)
			call_netdevice_unregister_net_notifiers(nb, net);
	}
	rtnl_unlock();
	return err;
}
EXPORT_SYMBOL(unregister_netdevice_notifier);

static int __register_netdevice_notifier_net(struct net *net, struct notifier_block *nb)
{
	int err = raw_notifier_chain_register(&net->netdev_chain, nb);

	if (err)
		return err;
	err = call_netdevice_register_net_notifiers(nb, net);
	if (err)
		raw_notifier_chain_unregister(&net->netdev_chain, nb);
	return err;
}

static int __unregister_netdevice_notifier_net(struct net *net, struct notifier_block *nb)
{
	int err = raw_notifier_chain_unregister(&net->netdev_chain, nb);

	if (!err)
		call_netdevice_unregister_net_notifiers(nb, net);
	return err;
}

int register_netdevice_notifier_net(struct net *net, struct notifier_block *nb)
{
	int err;

	rtnl_lock();
	err = __register_netdevice_notifier_net(net, nb);
	rtnl_unlock();
	return err;
}
EXPORT_SYMBOL(register_netdevice_notifier_net);

int unregister_netdevice_notifier_net(struct net *net, struct notifier_block *nb)
{
	int err;

	rtnl_lock();
	err = __unregister_netdevice_notifier_net(net, nb);
	rtnl_unlock();
	return err;
}
EXPORT_SYMBOL(unregister_netdevice_notifier_net);

/* a listener in dev's namespace, remembered on the device */
int register_netdevice_notifier_dev_net(struct net_device *dev, struct notifier_block *nb,
					struct netdev_net_notifier *nn)
{
	int err;

	rtnl_lock();
	err = __register_netdevice_notifier_net(dev_net(dev), nb);
	if (!err) {
		nn->nb = nb;
		list_add(&nn->list, &dev->net_notifier_list);
	}
	rtnl_unlock();
	return err;
}
EXPORT_SYMBOL(register_netdevice_notifier_dev_net);

int unregister_netdevice_notifier_dev_net(struct net_device *dev,
					  struct notifier_block *nb,
					  struct netdev_net_notifier *nn)
{
	int err;

	rtnl_lock();
	list_del(&nn->list);
	err = __unregister_netdevice_notifier_net(dev_net(dev), nb);
	rtnl_unlock();
	return err;
}
EXPORT_SYMBOL(unregister_netdevice_notifier_dev_net);

/* the device's namespace's listeners first, then everyone's; a stop ends it */
static int __call_netdevice_notifiers_info(unsigned long val,
					   struct netdev_notifier_info *info)
{
	struct net *net = dev_net(info->dev);
	int ret = NOTIFY_DONE;

	if (net)
		ret = raw_notifier_call_chain(&net->netdev_chain, val, info);
	if (ret & NOTIFY_STOP_MASK)
		return ret;
	return raw_notifier_call_chain(&netdev_chain, val, info);
}

int call_netdevice_notifiers_info(unsigned long val, struct netdev_notifier_info *info)
{
	ASSERT_RTNL();
	return __call_netdevice_notifiers_info(val, info);
}
EXPORT_SYMBOL(call_netdevice_notifiers_info);

int call_netdevice_notifiers(unsigned long val, struct net_device *dev)
{
	struct netdev_notifier_info info = { .dev = dev };

	return call_netdevice_notifiers_info(val, &info);
}
EXPORT_SYMBOL(call_netdevice_notifiers);

/*
 * The device life cycle's own events (qdk_netdev_register() ..., the
 * usertc links): the shim's callers do not always hold RTNL (a replay's
 * device, unit tests), so no assertion here.
 */
int qdk_netdev_event(unsigned long val, struct net_device *dev)
{
	struct netdev_notifier_info info = { .dev = dev };

	return __call_netdevice_notifiers_info(val, &info);
}

/* ---- messages ------------------------------------------------------------- */

static void __netdev_vprintk(const char *level, const struct net_device *dev,
			     const char *fmt, va_list args)
{
	char msg[1024];

	vsnprintf(msg, sizeof(msg), fmt, args);
	if (dev)
		printk("%s%s%s: %s", level, netdev_name(dev), netdev_reg_state(dev), msg);
	else
		printk("%s(NULL net_device): %s", level, msg);
}

void netdev_printk(const char *level, const struct net_device *dev, const char *format, ...)
{
	va_list ap;

	va_start(ap, format);
	__netdev_vprintk(level, dev, format, ap);
	va_end(ap);
}
EXPORT_SYMBOL(netdev_printk);

#define QDK_NETDEV_LEVEL(func, kern_level)					\
void func(const struct net_device *dev, const char *fmt, ...)			\
{										\
	va_list ap;								\
										\
	va_start(ap, fmt);							\
	__netdev_vprintk(kern_level, dev, fmt, ap);				\
	va_end(ap);								\
}										\
EXPORT_SYMBOL(func)

QDK_NETDEV_LEVEL(netdev_emerg, KERN_EMERG);
QDK_NETDEV_LEVEL(netdev_alert, KERN_ALERT);
QDK_NETDEV_LEVEL(netdev_crit, KERN_CRIT);
QDK_NETDEV_LEVEL(netdev_err, KERN_ERR);
QDK_NETDEV_LEVEL(netdev_warn, KERN_WARNING);
QDK_NETDEV_LEVEL(netdev_notice, KERN_NOTICE);
QDK_NETDEV_LEVEL(netdev_info, KERN_INFO);

/*
 * register_netdevice() as far as the shim's devices need it: present,
 * carrier on, registered, one reference (the namespace's), in net's list,
 * with an empty IPv4 configuration as inetdev_init() gives every device:
 * in_dev, storage of the caller's device record (so registering never
 * allocates), which lives as long as the device.
 */
void qdk_netdev_register(struct net_device *dev, struct net *net,
			 struct in_device *in_dev)
{
	memset(in_dev, 0, sizeof(*in_dev));
	in_dev->dev = dev;
	qdk_inetdev_init_conf(in_dev, net);
	refcount_set(&in_dev->refcnt, 1);
	rcu_assign_pointer(dev->ip_ptr, in_dev);
	netdev_adj_init(dev);
	set_bit(__LINK_STATE_PRESENT, &dev->state);
	set_bit(__LINK_STATE_START, &dev->state);
	refcount_set(&dev->dev_refcnt, 1);
	dev->reg_state = NETREG_REGISTERED;
	dev->nd_net = net;
	list_add_tail_rcu(&dev->dev_list, &net->dev_base_head);
	qdk_netdev_event(NETDEV_REGISTER, dev);
}

/* out of its namespace, its IPv4 addresses and configuration freed */
void qdk_netdev_unregister(struct net_device *dev)
{
	struct in_device *in_dev = rtnl_dereference(dev->ip_ptr);

	if (dev->reg_state != NETREG_REGISTERED)
		return;
	qdk_netdev_event(NETDEV_UNREGISTER, dev);
	list_del_rcu(&dev->dev_list);
	dev->reg_state = NETREG_UNREGISTERED;
	kfree(rcu_replace_pointer(dev->ifalias, NULL, true));
	if (in_dev) {
		struct in_ifaddr *ifa, *next;

		for (ifa = rtnl_dereference(in_dev->ifa_list); ifa; ifa = next) {
			next = rtnl_dereference(ifa->ifa_next);
			kfree(ifa);
		}
		RCU_INIT_POINTER(in_dev->ifa_list, NULL);
		RCU_INIT_POINTER(dev->ip_ptr, NULL);
		in_dev->dead = 1;
		if (refcount_read(&in_dev->refcnt) != 1)
			pr_emerg("unregister_netdevice: %s's in_device still has %d users\n",
				 dev->name, refcount_read(&in_dev->refcnt) - 1);
	}
	if (refcount_read(&dev->dev_refcnt) != 1)
		pr_emerg("unregister_netdevice: waiting for %s to become free. Usage count = %d\n",
			 dev->name, refcount_read(&dev->dev_refcnt));
}

struct net_device *__dev_get_by_name(struct net *net, const char *name)
{
	struct net_device *dev;

	for_each_netdev(net, dev)
		if (!strncmp(dev->name, name, IFNAMSIZ))
			return dev;
	return NULL;
}
EXPORT_SYMBOL(__dev_get_by_name);

struct net_device *dev_get_by_name_rcu(struct net *net, const char *name)
{
	return __dev_get_by_name(net, name);
}
EXPORT_SYMBOL(dev_get_by_name_rcu);

struct net_device *dev_get_by_name(struct net *net, const char *name)
{
	struct net_device *dev = dev_get_by_name_rcu(net, name);

	dev_hold(dev);
	return dev;
}
EXPORT_SYMBOL(dev_get_by_name);

struct net_device *__dev_get_by_index(struct net *net, int ifindex)
{
	struct net_device *dev;

	for_each_netdev(net, dev)
		if (dev->ifindex == ifindex)
			return dev;
	return NULL;
}
EXPORT_SYMBOL(__dev_get_by_index);

struct net_device *dev_get_by_index_rcu(struct net *net, int ifindex)
{
	return __dev_get_by_index(net, ifindex);
}
EXPORT_SYMBOL(dev_get_by_index_rcu);

struct net_device *dev_get_by_index(struct net *net, int ifindex)
{
	struct net_device *dev = dev_get_by_index_rcu(net, ifindex);

	dev_hold(dev);
	return dev;
}
EXPORT_SYMBOL(dev_get_by_index);

/* the first device whose flags, under mask, are flags */
struct net_device *__dev_get_by_flags(struct net *net, unsigned short flags,
				      unsigned short mask)
{
	struct net_device *dev;

	ASSERT_RTNL();
	for_each_netdev(net, dev)
		if (((dev->flags ^ flags) & mask) == 0)
			return dev;
	return NULL;
}
EXPORT_SYMBOL(__dev_get_by_flags);

/* a stopped queue restarts, and its qdisc gets to run */
void netif_tx_wake_queue(struct netdev_queue *dev_queue)
{
	if (test_and_clear_bit(__QUEUE_STATE_DRV_XOFF, &dev_queue->state)) {
		struct Qdisc *q = rcu_dereference(dev_queue->qdisc);

		if (q)
			__netif_schedule(q);
	}
}
EXPORT_SYMBOL(netif_tx_wake_queue);

void netif_tx_stop_all_queues(struct net_device *dev)
{
	unsigned int i;

	for (i = 0; i < dev->num_tx_queues; i++)
		netif_tx_stop_queue(netdev_get_tx_queue(dev, i));
}
EXPORT_SYMBOL(netif_tx_stop_all_queues);

/* the last transmit on any queue */
unsigned long dev_trans_start(struct net_device *dev)
{
	unsigned long res = READ_ONCE(netdev_get_tx_queue(dev, 0)->trans_start);
	unsigned int i;

	for (i = 1; i < dev->num_tx_queues; i++) {
		unsigned long val = READ_ONCE(netdev_get_tx_queue(dev, i)->trans_start);

		if (val && time_after(val, res))
			res = val;
	}
	return res;
}
EXPORT_SYMBOL(dev_trans_start);

/* no link watch: the carrier bit and the operational state at once */
void netif_carrier_on(struct net_device *dev)
{
	if (test_and_clear_bit(__LINK_STATE_NOCARRIER, &dev->state) &&
	    dev->reg_state != NETREG_UNINITIALIZED) {
		dev->operstate = netif_dormant(dev) ? IF_OPER_DORMANT : IF_OPER_UP;
		if (dev->reg_state == NETREG_REGISTERED)
			qdk_netdev_event(NETDEV_CHANGE, dev);
	}
}
EXPORT_SYMBOL(netif_carrier_on);

void netif_carrier_off(struct net_device *dev)
{
	if (!test_and_set_bit(__LINK_STATE_NOCARRIER, &dev->state) &&
	    dev->reg_state != NETREG_UNINITIALIZED) {
		dev->operstate = IF_OPER_DOWN;
		if (dev->reg_state == NETREG_REGISTERED)
			qdk_netdev_event(NETDEV_CHANGE, dev);
	}
}
EXPORT_SYMBOL(netif_carrier_off);

/*
 * A device with sizeof_priv bytes after it (netdev_priv()), txqs transmit
 * queues, set up by setup(); not in a namespace (the shim has no
 * register_netdev()). NULL for no queues or no memory.
 */
struct net_device *alloc_netdev_mqs(int sizeof_priv, const char *name,
				    unsigned char name_assign_type,
				    void (*setup)(struct net_device *),
				    unsigned int txqs, unsigned int rxqs)
{
	struct net_device *dev;
	unsigned int i;

	if (txqs < 1) {
		pr_err("alloc_netdev: Unable to allocate device with zero queues\n");
		return NULL;
	}
	if (rxqs < 1) {
		pr_err("alloc_netdev: Unable to allocate device with zero RX queues\n");
		return NULL;
	}
	dev = kzalloc(ALIGN(sizeof(*dev), NETDEV_ALIGN) + sizeof_priv, GFP_KERNEL);
	if (!dev)
		return NULL;
	dev->_tx = kcalloc(txqs, sizeof(*dev->_tx), GFP_KERNEL);
	if (!dev->_tx) {
		kfree(dev);
		return NULL;
	}
	for (i = 0; i < txqs; i++) {
		dev->_tx[i].dev = dev;
		dev->_tx[i].qdisc = &noop_qdisc;
		dev->_tx[i].qdisc_sleeping = &noop_qdisc;
		dev->_tx[i].xmit_lock_owner = -1;
		dql_init(&dev->_tx[i].dql, HZ);
	}
	dev->num_tx_queues = txqs;
	dev->real_num_tx_queues = txqs;
	dev->num_rx_queues = rxqs;
	dev->real_num_rx_queues = rxqs;
	dev->tso_max_size = TSO_LEGACY_MAX_SIZE;
	dev->tso_max_segs = TSO_MAX_SEGS;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	dev->gso_ipv4_max_size = GSO_LEGACY_MAX_SIZE;
	dev->gro_ipv4_max_size = GRO_LEGACY_MAX_SIZE;
#endif
	dev->gro_max_size = GRO_LEGACY_MAX_SIZE;
	INIT_LIST_HEAD(&dev->net_notifier_list);
	spin_lock_init(&dev->addr_list_lock);
	dev_mc_init(dev);
	dev_uc_init(dev);
	dev->qdisc = &noop_qdisc;
	dev->gso_max_size = GSO_LEGACY_MAX_SIZE;
	dev->gso_max_segs = GSO_MAX_SEGS;
	dev->priv_flags = IFF_XMIT_DST_RELEASE | IFF_XMIT_DST_RELEASE_PERM;
	refcount_set(&dev->dev_refcnt, 1);
	INIT_LIST_HEAD(&dev->dev_list);
	netdev_adj_init(dev);
	dev->nd_net = &init_net;
	setup(dev);
	if (!dev->tx_queue_len) {
		dev->priv_flags |= IFF_NO_QUEUE;
		dev->tx_queue_len = DEFAULT_TX_QUEUE_LEN;
	}
	strscpy(dev->name, name, IFNAMSIZ);
	return dev;
}
EXPORT_SYMBOL(alloc_netdev_mqs);

void free_netdev(struct net_device *dev)
{
	if (!dev)
		return;
	free_percpu(dev->core_stats);
	/* the kernel flushes them at unregister, which the shim does not have */
	if (!netdev_uc_empty(dev))
		dev_uc_flush(dev);
	if (!netdev_mc_empty(dev))
		dev_mc_flush(dev);
	kfree(rcu_dereference_protected(dev->ifalias, 1));
	kfree(dev->_tx);
	kfree(dev);
}
EXPORT_SYMBOL(free_netdev);

/* the names netdevice notifiers print for each event */
const char *netdev_cmd_to_name(int cmd)
{
	static const char *const names[] = {
		[NETDEV_UP] = "UP", [NETDEV_DOWN] = "DOWN",
		[NETDEV_REBOOT] = "REBOOT", [NETDEV_CHANGE] = "CHANGE",
		[NETDEV_REGISTER] = "REGISTER", [NETDEV_UNREGISTER] = "UNREGISTER",
		[NETDEV_CHANGEMTU] = "CHANGEMTU", [NETDEV_CHANGEADDR] = "CHANGEADDR",
		[NETDEV_PRE_CHANGEADDR] = "PRE_CHANGEADDR", [NETDEV_GOING_DOWN] = "GOING_DOWN",
		[NETDEV_CHANGENAME] = "CHANGENAME", [NETDEV_FEAT_CHANGE] = "FEAT_CHANGE",
		[NETDEV_BONDING_FAILOVER] = "BONDING_FAILOVER", [NETDEV_PRE_UP] = "PRE_UP",
		[NETDEV_PRE_TYPE_CHANGE] = "PRE_TYPE_CHANGE",
		[NETDEV_POST_TYPE_CHANGE] = "POST_TYPE_CHANGE",
		[NETDEV_POST_INIT] = "POST_INIT",
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
		[NETDEV_PRE_UNINIT] = "PRE_UNINIT",
		[NETDEV_XDP_FEAT_CHANGE] = "XDP_FEAT_CHANGE",
#endif
		[NETDEV_RELEASE] = "RELEASE", [NETDEV_NOTIFY_PEERS] = "NOTIFY_PEERS",
		[NETDEV_JOIN] = "JOIN", [NETDEV_CHANGEUPPER] = "CHANGEUPPER",
		[NETDEV_RESEND_IGMP] = "RESEND_IGMP", [NETDEV_PRECHANGEMTU] = "PRECHANGEMTU",
		[NETDEV_CHANGEINFODATA] = "CHANGEINFODATA",
		[NETDEV_BONDING_INFO] = "BONDING_INFO",
		[NETDEV_PRECHANGEUPPER] = "PRECHANGEUPPER",
		[NETDEV_CHANGELOWERSTATE] = "CHANGELOWERSTATE",
		[NETDEV_UDP_TUNNEL_PUSH_INFO] = "UDP_TUNNEL_PUSH_INFO",
		[NETDEV_UDP_TUNNEL_DROP_INFO] = "UDP_TUNNEL_DROP_INFO",
		[NETDEV_CHANGE_TX_QUEUE_LEN] = "CHANGE_TX_QUEUE_LEN",
		[NETDEV_CVLAN_FILTER_PUSH_INFO] = "CVLAN_FILTER_PUSH_INFO",
		[NETDEV_CVLAN_FILTER_DROP_INFO] = "CVLAN_FILTER_DROP_INFO",
		[NETDEV_SVLAN_FILTER_PUSH_INFO] = "SVLAN_FILTER_PUSH_INFO",
		[NETDEV_SVLAN_FILTER_DROP_INFO] = "SVLAN_FILTER_DROP_INFO",
		[NETDEV_OFFLOAD_XSTATS_ENABLE] = "OFFLOAD_XSTATS_ENABLE",
		[NETDEV_OFFLOAD_XSTATS_DISABLE] = "OFFLOAD_XSTATS_DISABLE",
		[NETDEV_OFFLOAD_XSTATS_REPORT_USED] = "OFFLOAD_XSTATS_REPORT_USED",
		[NETDEV_OFFLOAD_XSTATS_REPORT_DELTA] = "OFFLOAD_XSTATS_REPORT_DELTA",
	};

	if (cmd > 0 && cmd < (int)ARRAY_SIZE(names) && names[cmd])
		return names[cmd];
	return "UNKNOWN_NETDEV_EVENT";
}
EXPORT_SYMBOL_GPL(netdev_cmd_to_name);

/* ---- freeing from any context --------------------------------------------- */

/*
 * The kernel defers a free from hard interrupt context to the transmit
 * softirq; the shim is never in one, so both free at once, as consumed
 * (a completed transmit) or dropped.
 */
void __dev_kfree_skb_irq(struct sk_buff *skb, enum skb_free_reason reason)
{
	if (!skb)
		return;
	if (reason == SKB_REASON_CONSUMED)
		consume_skb(skb);
	else
		kfree_skb(skb);
}
EXPORT_SYMBOL(__dev_kfree_skb_irq);

void __dev_kfree_skb_any(struct sk_buff *skb, enum skb_free_reason reason)
{
	__dev_kfree_skb_irq(skb, reason);
}
EXPORT_SYMBOL(__dev_kfree_skb_any);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* the kernel frees them from net_tx_action(); here at once, with the reason */
void dev_kfree_skb_irq_reason(struct sk_buff *skb, enum skb_drop_reason reason)
{
	if (!skb)
		return;
	if (reason == SKB_CONSUMED)
		consume_skb(skb);
	else
		kfree_skb_reason(skb, reason);
}
EXPORT_SYMBOL(dev_kfree_skb_irq_reason);

void dev_kfree_skb_any_reason(struct sk_buff *skb, enum skb_drop_reason reason)
{
	dev_kfree_skb_irq_reason(skb, reason);
}
EXPORT_SYMBOL(dev_kfree_skb_any_reason);

struct net_device *netdev_get_by_index(struct net *net, int ifindex,
				       netdevice_tracker *tracker, gfp_t gfp)
{
	struct net_device *dev = dev_get_by_index(net, ifindex);

	if (dev)
		netdev_tracker_alloc(dev, tracker, gfp);
	return dev;
}
EXPORT_SYMBOL(netdev_get_by_index);

struct net_device *netdev_get_by_name(struct net *net, const char *name,
				      netdevice_tracker *tracker, gfp_t gfp)
{
	struct net_device *dev = dev_get_by_name(net, name);

	if (dev)
		netdev_tracker_alloc(dev, tracker, gfp);
	return dev;
}
EXPORT_SYMBOL(netdev_get_by_name);
#endif

/* ---- features ---------------------------------------------------------------- */

/*
 * An upper device's features after adding a lower one with features one:
 * the any-of features the lower has (within mask) join, the all-of ones it
 * lacks leave; a generic checksum makes the protocol checksums redundant.
 */
netdev_features_t netdev_increment_features(netdev_features_t all, netdev_features_t one,
					    netdev_features_t mask)
{
	if (mask & NETIF_F_HW_CSUM)
		mask |= NETIF_F_CSUM_MASK;
	mask |= NETIF_F_VLAN_CHALLENGED;
	all |= one & (NETIF_F_ONE_FOR_ALL | NETIF_F_CSUM_MASK) & mask;
	all &= one | ~NETIF_F_ALL_FOR_ALL;
	if (all & NETIF_F_HW_CSUM)
		all &= ~(NETIF_F_CSUM_MASK & ~NETIF_F_HW_CSUM);
	return all;
}
EXPORT_SYMBOL(netdev_increment_features);

netdev_features_t passthru_features_check(struct sk_buff *skb, struct net_device *dev,
					  netdev_features_t features)
{
	return features;
}
EXPORT_SYMBOL(passthru_features_check);

/* the largest TSO packet the device takes; GSO packets no larger */
void netif_set_tso_max_size(struct net_device *dev, unsigned int size)
{
	dev->tso_max_size = min(GSO_MAX_SIZE, size);
	if (size < READ_ONCE(dev->gso_max_size))
		WRITE_ONCE(dev->gso_max_size, size);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	if (size < READ_ONCE(dev->gso_ipv4_max_size))
		WRITE_ONCE(dev->gso_ipv4_max_size, size);
#endif
}
EXPORT_SYMBOL(netif_set_tso_max_size);

void netif_set_tso_max_segs(struct net_device *dev, unsigned int segs)
{
	dev->tso_max_segs = segs;
	if (segs < READ_ONCE(dev->gso_max_segs))
		WRITE_ONCE(dev->gso_max_segs, segs);
}
EXPORT_SYMBOL(netif_set_tso_max_segs);

void netif_inherit_tso_max(struct net_device *to, const struct net_device *from)
{
	netif_set_tso_max_size(to, from->tso_max_size);
	netif_set_tso_max_segs(to, from->tso_max_segs);
}
EXPORT_SYMBOL(netif_inherit_tso_max);

/* ---- queues in use ---------------------------------------------------------- */

/* traffic classes whose queues are no longer all in use are dropped */
static void netif_setup_tc(struct net_device *dev, unsigned int txq)
{
	struct netdev_tc_txq *tc = &dev->tc_to_txq[0];
	int i;

	if (tc->offset + tc->count > txq) {
		netdev_warn(dev, "Number of in use tx queues changed invalidating tc mappings. Priority traffic classification disabled!\n");
		dev->num_tc = 0;
		return;
	}
	for (i = 1; i < TC_BITMASK + 1; i++) {
		int q = netdev_get_prio_tc_map(dev, i);

		tc = &dev->tc_to_txq[q];
		if (tc->offset + tc->count > txq) {
			netdev_warn(dev, "Number of in use tx queues changed. Priority %i to tc mapping %i is no longer valid. Setting map to 0\n",
				    i, q);
			netdev_set_prio_tc_map(dev, i, 0);
		}
	}
}

/*
 * The transmit queues in use, 1..num_tx_queues. A registered device's
 * root qdisc hears of it (mq grafts or drops children), and the qdiscs of
 * queues no longer in use are reset.
 */
int netif_set_real_num_tx_queues(struct net_device *dev, unsigned int txq)
{
	bool disabling;

	if (txq < 1 || txq > dev->num_tx_queues)
		return -EINVAL;
	disabling = txq < dev->real_num_tx_queues;
	if (dev->reg_state == NETREG_REGISTERED || dev->reg_state == NETREG_UNREGISTERING) {
		struct Qdisc *root = rtnl_dereference(dev->qdisc);

		ASSERT_RTNL();
		if (dev->num_tc)
			netif_setup_tc(dev, txq);
		if (root && root->ops->change_real_num_tx)
			root->ops->change_real_num_tx(root, txq);
		dev->real_num_tx_queues = txq;
		if (disabling)
			qdisc_reset_all_tx_gt(dev, txq);
	} else {
		dev->real_num_tx_queues = txq;
	}
	return 0;
}
EXPORT_SYMBOL(netif_set_real_num_tx_queues);

int netif_set_real_num_rx_queues(struct net_device *dev, unsigned int rxq)
{
	if (rxq < 1 || rxq > dev->num_rx_queues)
		return -EINVAL;
	if (dev->reg_state == NETREG_REGISTERED)
		ASSERT_RTNL();
	dev->real_num_rx_queues = rxq;
	return 0;
}
EXPORT_SYMBOL(netif_set_real_num_rx_queues);

/* both, the rx count undone when the tx one is refused */
int netif_set_real_num_queues(struct net_device *dev, unsigned int txq, unsigned int rxq)
{
	unsigned int old_rxq = dev->real_num_rx_queues;
	int err;

	if (txq < 1 || txq > dev->num_tx_queues || rxq < 1 || rxq > dev->num_rx_queues)
		return -EINVAL;
	if (rxq > old_rxq) {
		err = netif_set_real_num_rx_queues(dev, rxq);
		if (err)
			return err;
	}
	if (txq != dev->real_num_tx_queues) {
		err = netif_set_real_num_tx_queues(dev, txq);
		if (err) {
			if (rxq > old_rxq)
				netif_set_real_num_rx_queues(dev, old_rxq);
			return err;
		}
	}
	if (rxq < old_rxq)
		netif_set_real_num_rx_queues(dev, rxq);
	return 0;
}
EXPORT_SYMBOL(netif_set_real_num_queues);

/* min(8, online CPUs): the shim has one CPU */
int netif_get_num_default_rss_queues(void)
{
	return min_t(int, 8, num_online_cpus());
}
EXPORT_SYMBOL(netif_get_num_default_rss_queues);

u16 dev_pick_tx_zero(struct net_device *dev, struct sk_buff *skb,
		     struct net_device *sb_dev)
{
	return 0;
}
EXPORT_SYMBOL(dev_pick_tx_zero);

u16 dev_pick_tx_cpu_id(struct net_device *dev, struct sk_buff *skb,
		       struct net_device *sb_dev)
{
	return (u16)raw_smp_processor_id() % dev->real_num_tx_queues;
}
EXPORT_SYMBOL(dev_pick_tx_cpu_id);

/* ---- device state ------------------------------------------------------------ */

/* gone from the bus (suspend, hot unplug): not present, queues stopped */
void netif_device_detach(struct net_device *dev)
{
	if (test_and_clear_bit(__LINK_STATE_PRESENT, &dev->state) && netif_running(dev))
		netif_tx_stop_all_queues(dev);
}
EXPORT_SYMBOL(netif_device_detach);

void netif_device_attach(struct net_device *dev)
{
	if (!test_and_set_bit(__LINK_STATE_PRESENT, &dev->state) && netif_running(dev))
		netif_tx_wake_all_queues(dev);
}
EXPORT_SYMBOL(netif_device_attach);

/* an upper device follows its lower one's dormant and carrier state */
void netif_stacked_transfer_operstate(const struct net_device *rootdev,
				      struct net_device *dev)
{
	if (rootdev->operstate == IF_OPER_DORMANT)
		netif_dormant_on(dev);
	else
		netif_dormant_off(dev);
	if (rootdev->operstate == IF_OPER_TESTING)
		netif_testing_on(dev);
	else
		netif_testing_off(dev);
	if (netif_carrier_ok(rootdev))
		netif_carrier_on(dev);
	else
		netif_carrier_off(dev);
}
EXPORT_SYMBOL(netif_stacked_transfer_operstate);

/* listeners hear NETDEV_CHANGE of an up device (no rtnetlink message here) */
void netdev_state_change(struct net_device *dev)
{
	if (dev->flags & IFF_UP) {
		struct netdev_notifier_change_info change_info = {
			.info.dev = dev,
		};

		call_netdevice_notifiers_info(NETDEV_CHANGE, &change_info.info);
	}
}
EXPORT_SYMBOL(netdev_state_change);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static void set_operstate(struct net_device *dev, int newstate)
{
	unsigned char old = READ_ONCE(dev->operstate);

	do {
		if (old == newstate)
			return;
	} while (!try_cmpxchg(&dev->operstate, &old, newstate));
	netdev_state_change(dev);
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void netif_set_operstate(struct net_device *dev, int newstate)
{
	set_operstate(dev, newstate);
}
EXPORT_SYMBOL(netif_set_operstate);
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
void netdev_set_operstate(struct net_device *dev, int newstate)
{
	set_operstate(dev, newstate);
}
EXPORT_SYMBOL(netdev_set_operstate);
#endif

static bool netdev_xmit_txqueue_skipped(void)
{
	return __this_cpu_read(softnet_data.xmit.skip_txqueue);
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
bool netdev_xmit_skip_txqueue(bool skip)
{
	bool prev = netdev_xmit_txqueue_skipped();

	__this_cpu_write(softnet_data.xmit.skip_txqueue, skip);
	return prev;
}
#else
void netdev_xmit_skip_txqueue(bool skip)
{
	__this_cpu_write(softnet_data.xmit.skip_txqueue, skip);
}
#endif
EXPORT_SYMBOL_GPL(netdev_xmit_skip_txqueue);

/* the transmit path's reading of it (qdk tests) */
bool qdk_xmit_txqueue_skipped(void)
{
	return netdev_xmit_txqueue_skipped();
}

void netdev_features_change(struct net_device *dev)
{
	call_netdevice_notifiers(NETDEV_FEAT_CHANGE, dev);
}
EXPORT_SYMBOL(netdev_features_change);

/* the flags user space sees: the set ones, with RUNNING/LOWER_UP/DORMANT live */
unsigned int dev_get_flags(const struct net_device *dev)
{
	unsigned int flags;

	flags = (dev->flags & ~(IFF_PROMISC | IFF_ALLMULTI | IFF_RUNNING | IFF_LOWER_UP |
				IFF_DORMANT)) |
		(dev->gflags & (IFF_PROMISC | IFF_ALLMULTI));
	if (netif_running(dev)) {
		if (netif_oper_up(dev))
			flags |= IFF_RUNNING;
		if (netif_carrier_ok(dev))
			flags |= IFF_LOWER_UP;
		if (netif_dormant(dev))
			flags |= IFF_DORMANT;
	}
	return flags;
}
EXPORT_SYMBOL(dev_get_flags);

int dev_get_iflink(const struct net_device *dev)
{
	if (dev->netdev_ops && dev->netdev_ops->ndo_get_iflink)
		return dev->netdev_ops->ndo_get_iflink(dev);
	return dev->ifindex;
}
EXPORT_SYMBOL(dev_get_iflink);

/* 1..IFNAMSIZ-1 characters, not . or .., no '/', ':' or white space */
bool dev_valid_name(const char *name)
{
	if (*name == '\0')
		return false;
	if (strnlen(name, IFNAMSIZ) == IFNAMSIZ)
		return false;
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	for (; *name; name++) {
		if (*name == '/' || *name == ':' || isspace(*name))
			return false;
	}
	return true;
}
EXPORT_SYMBOL(dev_valid_name);

bool netdev_name_in_use(struct net *net, const char *name)
{
	return __dev_get_by_name(net, name);
}
EXPORT_SYMBOL(netdev_name_in_use);

/*
 * name with one "%d": the lowest number free in dev's namespace, written
 * into dev->name; returns it. Without "%d" the name itself, if free.
 */
int dev_alloc_name(struct net_device *dev, const char *name)
{
	struct net *net = dev_net(dev);
	char buf[IFNAMSIZ];
	const char *p;
	int i;

	if (!dev_valid_name(name))
		return -EINVAL;
	p = strchr(name, '%');
	if (!p) {
		if (netdev_name_in_use(net, name))
			return -EEXIST;
		if (dev->name != name)
			strscpy(dev->name, name, IFNAMSIZ);
		return 0;
	}
	if (p[1] != 'd' || strchr(p + 2, '%'))
		return -EINVAL;
	for (i = 0; i < 32768; i++) {
		snprintf(buf, IFNAMSIZ, name, i);
		if (!netdev_name_in_use(net, buf)) {
			strscpy(dev->name, buf, IFNAMSIZ);
			return i;
		}
	}
	return -ENFILE;
}
EXPORT_SYMBOL(dev_alloc_name);

/* counted: the flag is on while the count is; overflow refused */
static int __dev_set_counted_flag(struct net_device *dev, unsigned int *count,
				  unsigned int flag, int inc)
{
	unsigned int old = *count;

	if (inc > 0 && *count + inc < *count)
		return -EOVERFLOW;
	if (inc < 0 && *count < (unsigned int)-inc)
		return -EOVERFLOW;
	*count += inc;
	if (*count)
		dev->flags |= flag;
	else
		dev->flags &= ~flag;
	if (!old != !*count && dev->netdev_ops && dev->netdev_ops->ndo_change_rx_flags)
		dev->netdev_ops->ndo_change_rx_flags(dev, flag);
	return 0;
}

int dev_set_promiscuity(struct net_device *dev, int inc)
{
	return __dev_set_counted_flag(dev, &dev->promiscuity, IFF_PROMISC, inc);
}
EXPORT_SYMBOL(dev_set_promiscuity);

int dev_set_allmulti(struct net_device *dev, int inc)
{
	return __dev_set_counted_flag(dev, &dev->allmulti, IFF_ALLMULTI, inc);
}
EXPORT_SYMBOL(dev_set_allmulti);

/* one random RSS key for every device, drawn at the first call */
void netdev_rss_key_fill(void *buffer, size_t len)
{
	static u8 netdev_rss_key[NETDEV_RSS_KEY_LEN];
	static bool drawn;

	BUG_ON(len > sizeof(netdev_rss_key));
	if (!drawn) {
		get_random_bytes(netdev_rss_key, sizeof(netdev_rss_key));
		drawn = true;
	}
	memcpy(buffer, netdev_rss_key, len);
}
EXPORT_SYMBOL(netdev_rss_key_fill);

/* ---- counters ------------------------------------------------------------------ */

/* field by field, the rest of stats64 zeroed */
void netdev_stats_to_stats64(struct rtnl_link_stats64 *stats64,
			     const struct net_device_stats *netdev_stats)
{
	size_t i, n = sizeof(*netdev_stats) / sizeof(unsigned long);
	const atomic_long_t *src = (const atomic_long_t *)netdev_stats;
	u64 *dst = (u64 *)stats64;

	BUILD_BUG_ON(sizeof(*netdev_stats) / sizeof(unsigned long) >
		     sizeof(*stats64) / sizeof(u64));
	for (i = 0; i < n; i++)
		dst[i] = atomic_long_read(&src[i]);
	memset(&dst[n], 0, sizeof(*stats64) - n * sizeof(u64));
}
EXPORT_SYMBOL(netdev_stats_to_stats64);

/* the driver's ndo_get_stats64(), else ndo_get_stats(), else dev->stats */
struct rtnl_link_stats64 *dev_get_stats(struct net_device *dev,
					struct rtnl_link_stats64 *storage)
{
	const struct net_device_ops *ops = dev->netdev_ops;
	const struct net_device_core_stats __percpu *p;

	if (ops && ops->ndo_get_stats64) {
		memset(storage, 0, sizeof(*storage));
		ops->ndo_get_stats64(dev, storage);
	} else if (ops && ops->ndo_get_stats) {
		netdev_stats_to_stats64(storage, ops->ndo_get_stats(dev));
	} else {
		netdev_stats_to_stats64(storage, &dev->stats);
	}
	/* the core's drop counters on top of the driver's */
	p = READ_ONCE(dev->core_stats);
	if (p) {
		const struct net_device_core_stats *core_stats;
		int i;

		for_each_possible_cpu(i) {
			core_stats = per_cpu_ptr(p, i);
			storage->rx_dropped += READ_ONCE(core_stats->rx_dropped);
			storage->tx_dropped += READ_ONCE(core_stats->tx_dropped);
			storage->rx_nohandler += READ_ONCE(core_stats->rx_nohandler);
			storage->rx_otherhost_dropped +=
				READ_ONCE(core_stats->rx_otherhost_dropped);
		}
	}
	return storage;
}
EXPORT_SYMBOL(dev_get_stats);

/* the per-CPU software counters added into s (one CPU here) */
void dev_fetch_sw_netstats(struct rtnl_link_stats64 *s,
			   const struct pcpu_sw_netstats __percpu *netstats)
{
	const struct pcpu_sw_netstats *stats = netstats;

	s->rx_packets += u64_stats_read(&stats->rx_packets);
	s->rx_bytes += u64_stats_read(&stats->rx_bytes);
	s->tx_packets += u64_stats_read(&stats->tx_packets);
	s->tx_bytes += u64_stats_read(&stats->tx_bytes);
}
EXPORT_SYMBOL(dev_fetch_sw_netstats);

void dev_lstats_read(struct net_device *dev, u64 *packets, u64 *bytes)
{
	const struct pcpu_lstats *lstats = dev->lstats;

	*packets = u64_stats_read(&lstats->packets);
	*bytes = u64_stats_read(&lstats->bytes);
}
EXPORT_SYMBOL(dev_lstats_read);

/* the transmit path's per-CPU state (netdev_xmit_more(), recursion depth) */
DEFINE_PER_CPU(struct softnet_data, softnet_data);
EXPORT_PER_CPU_SYMBOL(softnet_data);

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
/* RFS's global flow table: none until sysctl net.core.rps_sock_flow_entries */
struct rps_sock_flow_table __rcu *rps_sock_flow_table __read_mostly;
EXPORT_SYMBOL(rps_sock_flow_table);
u32 rps_cpu_mask __read_mostly;
EXPORT_SYMBOL(rps_cpu_mask);
#endif

/*
 * The core's drop counters, allocated when the first is counted; another
 * caller's allocation that got there first wins, ours is freed.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static
#endif
struct net_device_core_stats __percpu *netdev_core_stats_alloc(struct net_device *dev)
{
	struct net_device_core_stats __percpu *p;

	p = alloc_percpu_gfp(struct net_device_core_stats, GFP_ATOMIC | __GFP_NOWARN);
	if (p && cmpxchg(&dev->core_stats, NULL, p))
		free_percpu(p);
	return READ_ONCE(dev->core_stats);
}
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
EXPORT_SYMBOL(netdev_core_stats_alloc);
#else
/* one of the core's counters, offset bytes into struct net_device_core_stats */
void netdev_core_stats_inc(struct net_device *dev, u32 offset)
{
	struct net_device_core_stats __percpu *p = READ_ONCE(dev->core_stats);
	unsigned long __percpu *field;

	if (unlikely(!p)) {
		p = netdev_core_stats_alloc(dev);
		if (!p)
			return;
	}
	field = (unsigned long __percpu *)((void __percpu *)p + offset);
	this_cpu_inc(*field);
}
EXPORT_SYMBOL_GPL(netdev_core_stats_inc);
#endif

/* the device's own counters and its per-CPU software ones (dev->tstats) */
void dev_get_tstats64(struct net_device *dev, struct rtnl_link_stats64 *s)
{
	netdev_stats_to_stats64(s, &dev->stats);
	dev_fetch_sw_netstats(s, dev->tstats);
}
EXPORT_SYMBOL_GPL(dev_get_tstats64);

bool is_skb_forwardable(const struct net_device *dev, const struct sk_buff *skb)
{
	return __is_skb_forwardable(dev, skb, true);
}
EXPORT_SYMBOL_GPL(is_skb_forwardable);

static void do_netdev_rx_csum_fault(struct net_device *dev, struct sk_buff *skb)
{
	netdev_err(dev, "hw csum failure\n");
	skb_dump(KERN_ERR, skb, true);
	dump_stack();
}

/* a device's checksum that the stack found wrong: reported once */
void netdev_rx_csum_fault(struct net_device *dev, struct sk_buff *skb)
{
	static bool reported;

	if (!reported) {
		reported = true;
		do_netdev_rx_csum_fault(dev, skb);
	}
}
EXPORT_SYMBOL(netdev_rx_csum_fault);

/*
 * The device's receive filter after its address lists changed: a device
 * without unicast filtering goes promiscuous while it has secondary
 * unicast addresses; then the driver reprograms (ndo_set_rx_mode()). Not
 * while down or detached: opening it does this.
 */
void __dev_set_rx_mode(struct net_device *dev)
{
	const struct net_device_ops *ops = dev->netdev_ops;

	if (!(dev->flags & IFF_UP) || !netif_device_present(dev))
		return;
	if (!(dev->priv_flags & IFF_UNICAST_FLT)) {
		if (!netdev_uc_empty(dev) && !dev->uc_promisc) {
			dev_set_promiscuity(dev, 1);
			dev->uc_promisc = true;
		} else if (netdev_uc_empty(dev) && dev->uc_promisc) {
			dev_set_promiscuity(dev, -1);
			dev->uc_promisc = false;
		}
	}
	if (ops && ops->ndo_set_rx_mode)
		ops->ndo_set_rx_mode(dev);
}

/* ---- stacked devices: upper and lower adjacency -------------------------- */

/*
 * One entry of a device's adj_list.upper or .lower: the device named (held),
 * whether it is the master, how many links made it and the upper device's
 * private pointer (netdev_master_upper_dev_link()'s upper_priv).
 */
struct netdev_adjacent {
	struct net_device *dev;
	bool master;
	u16 ref_nr;
	void *private;
	struct list_head list;
};

/* a device not from alloc_netdev_mqs() (the shim's own) gets empty lists here */
static void netdev_adj_init(struct net_device *dev)
{
	if (dev->adj_list.upper.next)
		return;
	INIT_LIST_HEAD(&dev->adj_list.upper);
	INIT_LIST_HEAD(&dev->adj_list.lower);
	INIT_LIST_HEAD(&dev->ptype_all);
	INIT_LIST_HEAD(&dev->ptype_specific);
	dev->upper_level = 1;
	dev->lower_level = 1;
}

static struct netdev_adjacent *__netdev_find_adj(struct net_device *adj_dev,
						 struct list_head *adj_list)
{
	struct netdev_adjacent *adj;

	list_for_each_entry(adj, adj_list, list)
		if (adj->dev == adj_dev)
			return adj;
	return NULL;
}

/* the next entry after *iter, NULL at the list's head (iter: the entry's node) */
static struct netdev_adjacent *adj_next(struct list_head *head, struct list_head **iter)
{
	struct list_head *next = (*iter)->next;

	if (!next || next == head)
		return NULL;
	*iter = next;
	return list_entry(next, struct netdev_adjacent, list);
}

struct net_device *netdev_upper_get_next_dev_rcu(struct net_device *dev,
						 struct list_head **iter)
{
	struct netdev_adjacent *upper = adj_next(&dev->adj_list.upper, iter);

	return upper ? upper->dev : NULL;
}
EXPORT_SYMBOL(netdev_upper_get_next_dev_rcu);

struct net_device *netdev_next_lower_dev_rcu(struct net_device *dev,
					     struct list_head **iter)
{
	struct netdev_adjacent *lower = adj_next(&dev->adj_list.lower, iter);

	return lower ? lower->dev : NULL;
}
EXPORT_SYMBOL(netdev_next_lower_dev_rcu);

void *netdev_lower_get_next_private_rcu(struct net_device *dev, struct list_head **iter)
{
	struct netdev_adjacent *lower = adj_next(&dev->adj_list.lower, iter);

	return lower ? lower->private : NULL;
}
EXPORT_SYMBOL(netdev_lower_get_next_private_rcu);

/* the non-RCU walks: *iter is the entry to return, then the one after it */
static struct netdev_adjacent *adj_this(struct list_head *head, struct list_head **iter)
{
	struct list_head *this = *iter;

	if (!this || this == head)
		return NULL;
	*iter = this->next;
	return list_entry(this, struct netdev_adjacent, list);
}

void *netdev_lower_get_next_private(struct net_device *dev, struct list_head **iter)
{
	struct netdev_adjacent *lower = adj_this(&dev->adj_list.lower, iter);

	return lower ? lower->private : NULL;
}
EXPORT_SYMBOL(netdev_lower_get_next_private);

void *netdev_lower_get_next(struct net_device *dev, struct list_head **iter)
{
	struct netdev_adjacent *lower = adj_this(&dev->adj_list.lower, iter);

	return lower ? lower->dev : NULL;
}
EXPORT_SYMBOL(netdev_lower_get_next);

/*
 * Depth first, each device before those above (below) it, as the kernel's
 * walks with their stacks of MAX_NEST_DEV levels: fn's first non-zero answer
 * ends the walk and is returned.
 */
static int netdev_walk_adj(struct net_device *dev, bool up,
			   int (*fn)(struct net_device *dev, struct netdev_nested_priv *priv),
			   struct netdev_nested_priv *priv, int depth)
{
	struct list_head *head = up ? &dev->adj_list.upper : &dev->adj_list.lower;
	struct netdev_adjacent *adj;
	int ret;

	if (!head->next || depth > MAX_NEST_DEV)
		return 0;
	list_for_each_entry(adj, head, list) {
		ret = fn(adj->dev, priv);
		if (ret)
			return ret;
		ret = netdev_walk_adj(adj->dev, up, fn, priv, depth + 1);
		if (ret)
			return ret;
	}
	return 0;
}

int netdev_walk_all_upper_dev_rcu(struct net_device *dev,
				  int (*fn)(struct net_device *upper_dev,
					    struct netdev_nested_priv *priv),
				  struct netdev_nested_priv *priv)
{
	return netdev_walk_adj(dev, true, fn, priv, 1);
}
EXPORT_SYMBOL_GPL(netdev_walk_all_upper_dev_rcu);

int netdev_walk_all_lower_dev(struct net_device *dev,
			      int (*fn)(struct net_device *lower_dev,
					struct netdev_nested_priv *priv),
			      struct netdev_nested_priv *priv)
{
	return netdev_walk_adj(dev, false, fn, priv, 1);
}
EXPORT_SYMBOL_GPL(netdev_walk_all_lower_dev);

int netdev_walk_all_lower_dev_rcu(struct net_device *dev,
				  int (*fn)(struct net_device *lower_dev,
					    struct netdev_nested_priv *priv),
				  struct netdev_nested_priv *priv)
{
	return netdev_walk_adj(dev, false, fn, priv, 1);
}
EXPORT_SYMBOL_GPL(netdev_walk_all_lower_dev_rcu);

static int is_this_dev(struct net_device *dev, struct netdev_nested_priv *priv)
{
	return dev == priv->data;
}

static bool __netdev_has_upper_dev(struct net_device *dev, struct net_device *upper_dev)
{
	struct netdev_nested_priv priv = { .data = upper_dev };

	return netdev_walk_adj(dev, true, is_this_dev, &priv, 1);
}

/* upper_dev anywhere above dev, at any level */
bool netdev_has_upper_dev(struct net_device *dev, struct net_device *upper_dev)
{
	ASSERT_RTNL();
	return __netdev_has_upper_dev(dev, upper_dev);
}
EXPORT_SYMBOL(netdev_has_upper_dev);

bool netdev_has_upper_dev_all_rcu(struct net_device *dev, struct net_device *upper_dev)
{
	return __netdev_has_upper_dev(dev, upper_dev);
}
EXPORT_SYMBOL(netdev_has_upper_dev_all_rcu);

bool netdev_has_any_upper_dev(struct net_device *dev)
{
	return dev->adj_list.upper.next && !list_empty(&dev->adj_list.upper);
}
EXPORT_SYMBOL(netdev_has_any_upper_dev);

/* the master sits first in the upper list */
static struct net_device *__netdev_master_upper_dev_get(struct net_device *dev)
{
	struct netdev_adjacent *upper;

	if (!netdev_has_any_upper_dev(dev))
		return NULL;
	upper = list_first_entry(&dev->adj_list.upper, struct netdev_adjacent, list);
	return upper->master ? upper->dev : NULL;
}

struct net_device *netdev_master_upper_dev_get(struct net_device *dev)
{
	ASSERT_RTNL();
	return __netdev_master_upper_dev_get(dev);
}
EXPORT_SYMBOL(netdev_master_upper_dev_get);

struct net_device *netdev_master_upper_dev_get_rcu(struct net_device *dev)
{
	return __netdev_master_upper_dev_get(dev);
}
EXPORT_SYMBOL(netdev_master_upper_dev_get_rcu);

void *netdev_lower_get_first_private_rcu(struct net_device *dev)
{
	struct netdev_adjacent *lower;

	if (!dev->adj_list.lower.next || list_empty(&dev->adj_list.lower))
		return NULL;
	lower = list_first_entry(&dev->adj_list.lower, struct netdev_adjacent, list);
	return lower->private;
}
EXPORT_SYMBOL(netdev_lower_get_first_private_rcu);

void *netdev_lower_dev_get_private(struct net_device *dev, struct net_device *lower_dev)
{
	struct netdev_adjacent *lower;

	if (!lower_dev || !dev->adj_list.lower.next)
		return NULL;
	lower = __netdev_find_adj(lower_dev, &dev->adj_list.lower);
	return lower ? lower->private : NULL;
}
EXPORT_SYMBOL(netdev_lower_dev_get_private);

static int __netdev_adjacent_dev_insert(struct net_device *dev, struct net_device *adj_dev,
					struct list_head *dev_list, void *private,
					bool master)
{
	struct netdev_adjacent *adj = __netdev_find_adj(adj_dev, dev_list);

	if (adj) {
		adj->ref_nr++;
		return 0;
	}
	adj = kmalloc(sizeof(*adj), GFP_KERNEL);
	if (!adj)
		return -ENOMEM;
	adj->dev = adj_dev;
	adj->master = master;
	adj->ref_nr = 1;
	adj->private = private;
	dev_hold(adj_dev);
	if (master)
		list_add_rcu(&adj->list, dev_list);
	else
		list_add_tail_rcu(&adj->list, dev_list);
	return 0;
}

static void __netdev_adjacent_dev_remove(struct net_device *dev, struct net_device *adj_dev,
					 u16 ref_nr, struct list_head *dev_list)
{
	struct netdev_adjacent *adj = __netdev_find_adj(adj_dev, dev_list);

	if (!adj) {
		pr_err("Adjacency does not exist for device %s from %s\n",
		       dev->name, adj_dev->name);
		WARN_ON(1);
		return;
	}
	if (adj->ref_nr > ref_nr) {
		adj->ref_nr -= ref_nr;
		return;
	}
	list_del_rcu(&adj->list);
	dev_put(adj_dev);
	kfree(adj);	/* no reader outlives the call on the one CPU */
}

static void __netdev_adjacent_dev_unlink_neighbour(struct net_device *dev,
						   struct net_device *upper_dev)
{
	__netdev_adjacent_dev_remove(dev, upper_dev, 1, &dev->adj_list.upper);
	__netdev_adjacent_dev_remove(upper_dev, dev, 1, &upper_dev->adj_list.lower);
}

static int __netdev_adjacent_dev_link_neighbour(struct net_device *dev,
						struct net_device *upper_dev,
						void *private, bool master)
{
	int ret;

	ret = __netdev_adjacent_dev_insert(dev, upper_dev, &dev->adj_list.upper, private,
					   master);
	if (ret)
		return ret;
	ret = __netdev_adjacent_dev_insert(upper_dev, dev, &upper_dev->adj_list.lower,
					   private, false);
	if (ret) {
		__netdev_adjacent_dev_remove(dev, upper_dev, 1, &dev->adj_list.upper);
		return ret;
	}
	return 0;
}

/* a device's depth: one more than the deepest device directly above (below) */
static int netdev_update_level(struct net_device *dev, bool up)
{
	struct list_head *head = up ? &dev->adj_list.upper : &dev->adj_list.lower;
	struct netdev_adjacent *adj;
	u8 max_depth = 0;

	list_for_each_entry(adj, head, list) {
		u8 level = up ? adj->dev->upper_level : adj->dev->lower_level;

		if (max_depth < level)
			max_depth = level;
	}
	if (up)
		dev->upper_level = max_depth + 1;
	else
		dev->lower_level = max_depth + 1;
	return 0;
}

static int update_upper_level(struct net_device *dev, struct netdev_nested_priv *priv)
{
	return netdev_update_level(dev, true);
}

static int update_lower_level(struct net_device *dev, struct netdev_nested_priv *priv)
{
	return netdev_update_level(dev, false);
}

/* dev and what is below it see a new height; upper_dev and above a new depth */
static void netdev_update_levels(struct net_device *dev, struct net_device *upper_dev)
{
	netdev_update_level(dev, true);
	netdev_walk_adj(dev, false, update_upper_level, NULL, 1);
	netdev_update_level(upper_dev, false);
	netdev_walk_adj(upper_dev, true, update_lower_level, NULL, 1);
}

static int __netdev_upper_dev_link(struct net_device *dev, struct net_device *upper_dev,
				   bool master, void *upper_priv, void *upper_info,
				   struct netlink_ext_ack *extack)
{
	struct netdev_notifier_changeupper_info info = {
		.info = { .dev = dev, .extack = extack },
		.upper_dev = upper_dev,
		.master = master,
		.linking = true,
		.upper_info = upper_info,
	};
	struct net_device *master_dev;
	int ret;

	ASSERT_RTNL();
	netdev_adj_init(dev);
	netdev_adj_init(upper_dev);
	if (dev == upper_dev)
		return -EBUSY;
	/* no loops: dev must not already be above upper_dev */
	if (__netdev_has_upper_dev(upper_dev, dev))
		return -EBUSY;
	if (dev->lower_level + upper_dev->upper_level > MAX_NEST_DEV)
		return -EMLINK;
	if (!master) {
		if (__netdev_has_upper_dev(dev, upper_dev))
			return -EEXIST;
	} else {
		master_dev = __netdev_master_upper_dev_get(dev);
		if (master_dev)
			return master_dev == upper_dev ? -EEXIST : -EBUSY;
	}
	ret = notifier_to_errno(call_netdevice_notifiers_info(NETDEV_PRECHANGEUPPER,
							      &info.info));
	if (ret)
		return ret;
	ret = __netdev_adjacent_dev_link_neighbour(dev, upper_dev, upper_priv, master);
	if (ret)
		return ret;
	ret = notifier_to_errno(call_netdevice_notifiers_info(NETDEV_CHANGEUPPER,
							      &info.info));
	if (ret) {
		__netdev_adjacent_dev_unlink_neighbour(dev, upper_dev);
		return ret;
	}
	netdev_update_levels(dev, upper_dev);
	return 0;
}

int netdev_upper_dev_link(struct net_device *dev, struct net_device *upper_dev,
			  struct netlink_ext_ack *extack)
{
	return __netdev_upper_dev_link(dev, upper_dev, false, NULL, NULL, extack);
}
EXPORT_SYMBOL(netdev_upper_dev_link);

int netdev_master_upper_dev_link(struct net_device *dev, struct net_device *upper_dev,
				 void *upper_priv, void *upper_info,
				 struct netlink_ext_ack *extack)
{
	return __netdev_upper_dev_link(dev, upper_dev, true, upper_priv, upper_info,
				       extack);
}
EXPORT_SYMBOL(netdev_master_upper_dev_link);

void netdev_upper_dev_unlink(struct net_device *dev, struct net_device *upper_dev)
{
	struct netdev_notifier_changeupper_info info = {
		.info = { .dev = dev },
		.upper_dev = upper_dev,
		.linking = false,
	};

	ASSERT_RTNL();
	netdev_adj_init(dev);
	netdev_adj_init(upper_dev);
	info.master = __netdev_master_upper_dev_get(dev) == upper_dev;
	call_netdevice_notifiers_info(NETDEV_PRECHANGEUPPER, &info.info);
	__netdev_adjacent_dev_unlink_neighbour(dev, upper_dev);
	call_netdevice_notifiers_info(NETDEV_CHANGEUPPER, &info.info);
	netdev_update_levels(dev, upper_dev);
}
EXPORT_SYMBOL(netdev_upper_dev_unlink);

/* a lower device tells its upper ones (bonding: link up, tx enabled) */
void netdev_lower_state_changed(struct net_device *lower_dev, void *lower_state_info)
{
	struct netdev_notifier_changelowerstate_info info = {
		.info = { .dev = lower_dev },
		.lower_state_info = lower_state_info,
	};

	ASSERT_RTNL();
	call_netdevice_notifiers_info(NETDEV_CHANGELOWERSTATE, &info.info);
}
EXPORT_SYMBOL(netdev_lower_state_changed);

/* ---- protocol handlers, offloads, lookups by hardware address ------------ */

static struct list_head ptype_base[PTYPE_HASH_SIZE];
static LIST_HEAD(ptype_all);
static LIST_HEAD(offload_base);
static DEFINE_SPINLOCK(ptype_lock);
static DEFINE_SPINLOCK(offload_lock);

static struct list_head *ptype_head(const struct packet_type *pt)
{
	struct list_head *head;

	if (pt->type == htons(ETH_P_ALL))
		return pt->dev ? &pt->dev->ptype_all : &ptype_all;
	if (pt->dev)
		return &pt->dev->ptype_specific;
	head = &ptype_base[ntohs(pt->type) & PTYPE_HASH_MASK];
	if (!head->next)
		INIT_LIST_HEAD(head);
	return head;
}

/* the newest first, as the kernel's list_add_rcu() */
void dev_add_pack(struct packet_type *pt)
{
	struct list_head *head = ptype_head(pt);

	spin_lock(&ptype_lock);
	list_add_rcu(&pt->list, head);
	spin_unlock(&ptype_lock);
}
EXPORT_SYMBOL(dev_add_pack);

void __dev_remove_pack(struct packet_type *pt)
{
	struct list_head *head = ptype_head(pt);
	struct packet_type *pt1;

	spin_lock(&ptype_lock);
	list_for_each_entry(pt1, head, list) {
		if (pt == pt1) {
			list_del_rcu(&pt->list);
			spin_unlock(&ptype_lock);
			return;
		}
	}
	spin_unlock(&ptype_lock);
	pr_warn("dev_remove_pack: %p not found\n", pt);
}
EXPORT_SYMBOL(__dev_remove_pack);

void dev_remove_pack(struct packet_type *pt)
{
	__dev_remove_pack(pt);
	synchronize_net();
}
EXPORT_SYMBOL(dev_remove_pack);

/* before the first of a higher priority value (lower runs first) */
void dev_add_offload(struct packet_offload *po)
{
	struct packet_offload *elem;

	spin_lock(&offload_lock);
	list_for_each_entry(elem, &offload_base, list)
		if (po->priority < elem->priority)
			break;
	list_add_rcu(&po->list, elem->list.prev);
	spin_unlock(&offload_lock);
}
EXPORT_SYMBOL(dev_add_offload);

void dev_remove_offload(struct packet_offload *po)
{
	struct packet_offload *po1;

	spin_lock(&offload_lock);
	list_for_each_entry(po1, &offload_base, list) {
		if (po == po1) {
			list_del_rcu(&po->list);
			spin_unlock(&offload_lock);
			synchronize_net();
			return;
		}
	}
	spin_unlock(&offload_lock);
	pr_warn("dev_remove_offload: %p not found\n", po);
	synchronize_net();
}
EXPORT_SYMBOL(dev_remove_offload);

struct net_device *dev_getbyhwaddr_rcu(struct net *net, unsigned short type,
				       const char *hwaddr)
{
	struct net_device *dev;

	for_each_netdev_rcu(net, dev)
		if (dev->type == type && !memcmp(dev->dev_addr, hwaddr, dev->addr_len))
			return dev;
	return NULL;
}
EXPORT_SYMBOL(dev_getbyhwaddr_rcu);

struct net_device *dev_getbyhwaddr(struct net *net, unsigned short type, const char *hwaddr)
{
	ASSERT_RTNL();
	return dev_getbyhwaddr_rcu(net, type, hwaddr);
}
EXPORT_SYMBOL(dev_getbyhwaddr);

/* held: the caller puts it */
struct net_device *dev_getfirstbyhwtype(struct net *net, unsigned short type)
{
	struct net_device *dev, *ret = NULL;

	rcu_read_lock();
	for_each_netdev_rcu(net, dev)
		if (dev->type == type) {
			dev_hold(dev);
			ret = dev;
			break;
		}
	rcu_read_unlock();
	return ret;
}
EXPORT_SYMBOL(dev_getfirstbyhwtype);

/* ---- rx_handler, alias, MTU, subordinate channels ------------------------ */

bool netdev_is_rx_handler_busy(struct net_device *dev)
{
	ASSERT_RTNL();
	return dev && rtnl_dereference(dev->rx_handler);
}
EXPORT_SYMBOL_GPL(netdev_is_rx_handler_busy);

int netdev_rx_handler_register(struct net_device *dev, rx_handler_func_t *rx_handler,
			       void *rx_handler_data)
{
	if (netdev_is_rx_handler_busy(dev))
		return -EBUSY;
	if (dev->priv_flags & IFF_NO_RX_HANDLER)
		return -EINVAL;
	/* the data before the handler that reads it */
	rcu_assign_pointer(dev->rx_handler_data, rx_handler_data);
	rcu_assign_pointer(dev->rx_handler, rx_handler);
	return 0;
}
EXPORT_SYMBOL_GPL(netdev_rx_handler_register);

void netdev_rx_handler_unregister(struct net_device *dev)
{
	ASSERT_RTNL();
	RCU_INIT_POINTER(dev->rx_handler, NULL);
	synchronize_net();
	RCU_INIT_POINTER(dev->rx_handler_data, NULL);
}
EXPORT_SYMBOL_GPL(netdev_rx_handler_unregister);

static DEFINE_MUTEX(ifalias_mutex);

int dev_set_alias(struct net_device *dev, const char *alias, size_t len)
{
	struct dev_ifalias *new_alias = NULL;

	if (len >= IFALIASZ)
		return -EINVAL;
	if (len) {
		new_alias = kmalloc(sizeof(*new_alias) + len + 1, GFP_KERNEL);
		if (!new_alias)
			return -ENOMEM;
		memcpy(new_alias->ifalias, alias, len);
		new_alias->ifalias[len] = 0;
	}
	mutex_lock(&ifalias_mutex);
	new_alias = rcu_replace_pointer(dev->ifalias, new_alias,
					mutex_is_locked(&ifalias_mutex));
	mutex_unlock(&ifalias_mutex);
	kfree(new_alias);	/* the old one: no reader outlives the call here */
	return len;
}
EXPORT_SYMBOL(dev_set_alias);

static int __dev_set_mtu(struct net_device *dev, int new_mtu)
{
	const struct net_device_ops *ops = dev->netdev_ops;

	if (ops && ops->ndo_change_mtu)
		return ops->ndo_change_mtu(dev, new_mtu);
	WRITE_ONCE(dev->mtu, new_mtu);
	return 0;
}

static int call_netdevice_notifiers_mtu(unsigned long val, struct net_device *dev, u32 arg)
{
	struct netdev_notifier_info_ext info = {
		.info.dev = dev,
		.ext.mtu = arg,
	};

	return call_netdevice_notifiers_info(val, &info.info);
}

/*
 * Within the device's limits and present; NETDEV_PRECHANGEMTU may refuse it,
 * a NETDEV_CHANGEMTU notifier's refusal puts the old MTU back (and tells them).
 */
int dev_set_mtu(struct net_device *dev, int new_mtu)
{
	const char *msg = NULL;
	int err, orig_mtu;

	if (new_mtu == dev->mtu)
		return 0;
	if (new_mtu < 0 || new_mtu < dev->min_mtu)
		msg = "mtu less than device minimum";
	else if (dev->max_mtu > 0 && new_mtu > dev->max_mtu)
		msg = "mtu greater than device maximum";
	if (msg) {
		net_err_ratelimited("%s: %s\n", dev->name, msg);
		return -EINVAL;
	}
	if (!netif_device_present(dev))
		return -ENODEV;
	err = notifier_to_errno(call_netdevice_notifiers(NETDEV_PRECHANGEMTU, dev));
	if (err)
		return err;
	orig_mtu = dev->mtu;
	err = __dev_set_mtu(dev, new_mtu);
	if (!err) {
		err = notifier_to_errno(call_netdevice_notifiers_mtu(NETDEV_CHANGEMTU, dev,
								     orig_mtu));
		if (err) {
			__dev_set_mtu(dev, orig_mtu);
			call_netdevice_notifiers_mtu(NETDEV_CHANGEMTU, dev, new_mtu);
		}
	}
	return err;
}
EXPORT_SYMBOL(dev_set_mtu);

/* channels 1 - 32767; 0 puts the device back in its own ("native") mode */
int netdev_set_sb_channel(struct net_device *dev, u16 channel)
{
	if (netif_is_multiqueue(dev))
		return -ENODEV;
	if (channel > S16_MAX)
		return -EINVAL;
	dev->num_tc = -channel;
	return 0;
}
EXPORT_SYMBOL(netdev_set_sb_channel);

int netdev_bind_sb_channel_queue(struct net_device *dev, struct net_device *sb_dev,
				 u8 tc, u16 count, u16 offset)
{
	if (sb_dev->num_tc >= 0 || tc >= dev->num_tc)
		return -EINVAL;
	if (offset + count > dev->real_num_tx_queues)
		return -EINVAL;
	sb_dev->tc_to_txq[tc].count = count;
	sb_dev->tc_to_txq[tc].offset = offset;
	while (count--)
		netdev_get_tx_queue(dev, count + offset)->sb_dev = sb_dev;
	return 0;
}
EXPORT_SYMBOL(netdev_bind_sb_channel_queue);

void netdev_unbind_sb_channel(struct net_device *dev, struct net_device *sb_dev)
{
	struct netdev_queue *txq = &dev->_tx[dev->num_tx_queues];

	memset(sb_dev->tc_to_txq, 0, sizeof(sb_dev->tc_to_txq));
	memset(sb_dev->prio_tc_map, 0, sizeof(sb_dev->prio_tc_map));
	while (txq-- != &dev->_tx[0])
		if (txq->sb_dev == sb_dev)
			txq->sb_dev = NULL;
}
EXPORT_SYMBOL(netdev_unbind_sb_channel);

/* ---- the ingress and egress hooks' users (the kernel's static keys) ------ */

int qdk_ingress_needed, qdk_egress_needed;

void net_inc_ingress_queue(void)
{
	qdk_ingress_needed++;
}
EXPORT_SYMBOL_GPL(net_inc_ingress_queue);

void net_dec_ingress_queue(void)
{
	WARN_ON_ONCE(qdk_ingress_needed <= 0);
	qdk_ingress_needed--;
}
EXPORT_SYMBOL_GPL(net_dec_ingress_queue);

void net_inc_egress_queue(void)
{
	qdk_egress_needed++;
}
EXPORT_SYMBOL_GPL(net_inc_egress_queue);

void net_dec_egress_queue(void)
{
	WARN_ON_ONCE(qdk_egress_needed <= 0);
	qdk_egress_needed--;
}
EXPORT_SYMBOL_GPL(net_dec_egress_queue);

/* users of the hooks through tcx (net/tcx.h): BPF programs, none here */
int qdk_tcx_needed;

void tcx_inc(void)
{
	qdk_tcx_needed++;
}
EXPORT_SYMBOL_GPL(tcx_inc);

void tcx_dec(void)
{
	WARN_ON_ONCE(qdk_tcx_needed <= 0);
	qdk_tcx_needed--;
}
EXPORT_SYMBOL_GPL(tcx_dec);

/*
 * The device's ingress queue: made by the first ingress or clsact qdisc
 * (tc_modify_qdisc()), with noop on it; freed with the device.
 */
struct netdev_queue *dev_ingress_queue_create(struct net_device *dev)
{
	struct netdev_queue *queue = dev_ingress_queue(dev);

	if (queue)
		return queue;
	queue = kzalloc(sizeof(*queue), GFP_KERNEL);
	if (!queue)
		return NULL;
	queue->dev = dev;
	queue->xmit_lock_owner = -1;
	RCU_INIT_POINTER(queue->qdisc, &noop_qdisc);
	RCU_INIT_POINTER(queue->qdisc_sleeping, &noop_qdisc);
	rcu_assign_pointer(dev->ingress_queue, queue);
	return queue;
}
EXPORT_SYMBOL(dev_ingress_queue_create);

void unregister_netdevice_queue(struct net_device *dev, struct list_head *head)
{
	QDK_UNMODELLED(unregister_netdevice_queue,
		       "register_netdevice() is not modelled: no module device is registered");
}
