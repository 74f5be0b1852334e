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
#include <net/pkt_cls.h>
#include <linux/tcp.h>
#include <linux/udp.h>
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <net/tcx.h>
#endif
#include <linux/net.h>
#include <linux/mutex.h>
#include <linux/uidgid.h>
#include "shim.h"
#include "netns.h"
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
		qdk_inetdev_del_addrs(in_dev);
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
 * queues, set up by setup(); in no namespace until register_netdev()
 * puts it on the device list. NULL for no queues or no memory.
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
	INIT_LIST_HEAD(&dev->napi_list);
	INIT_LIST_HEAD(&dev->unreg_list);
	INIT_LIST_HEAD(&dev->close_list);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	mutex_init(&dev->lock);
	dev->napi_config = kcalloc(max(txqs, rxqs), sizeof(*dev->napi_config), GFP_KERNEL);
	if (!dev->napi_config) {
		kfree(dev->_tx);
		kfree(dev);
		return NULL;
	}
#endif
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
	/* unregistered within this RTNL section: freed when the batch is done */
	if (dev->reg_state == NETREG_UNREGISTERING) {
		dev->needs_free_netdev = true;
		return;
	}
	while (!list_empty(&dev->napi_list))
		netif_napi_del(list_first_entry(&dev->napi_list, struct napi_struct, dev_list));
	free_percpu(dev->core_stats);
	/* the kernel flushes them at unregister; a device never registered has them too */
	if (!netdev_uc_empty(dev))
		dev_uc_flush(dev);
	if (!netdev_mc_empty(dev))
		dev_mc_flush(dev);
	kfree(rcu_dereference_protected(dev->ifalias, 1));
	kfree(rcu_dereference_protected(dev->ingress_queue, 1));
	kfree(dev->_tx);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	kfree(dev->napi_config);
#endif
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
	INIT_LIST_HEAD(&dev->napi_list);
	INIT_LIST_HEAD(&dev->unreg_list);
	INIT_LIST_HEAD(&dev->close_list);
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

/* the driver's ndo_change_mtu(), else the field: no limits, no notifiers */
static int qdk_set_mtu(struct net_device *dev, int new_mtu)
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
	err = qdk_set_mtu(dev, new_mtu);
	if (!err) {
		err = notifier_to_errno(call_netdevice_notifiers_mtu(NETDEV_CHANGEMTU, dev,
								     orig_mtu));
		if (err) {
			qdk_set_mtu(dev, orig_mtu);
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


/* ---- registration ---------------------------------------------------------- */

static void qdk_dev_close_many(struct list_head *head, bool unlink);

/* the requested ifindex when free (else -EBUSY), or the next free one after the last */
static int dev_index_reserve(struct net *net, int ifindex)
{
	if (ifindex < 0)
		return -EINVAL;
	if (ifindex)
		return __dev_get_by_index(net, ifindex) ? -EBUSY : ifindex;
	do {
		if (++net->ifindex <= 0)
			net->ifindex = 1;
	} while (__dev_get_by_index(net, net->ifindex));
	return net->ifindex;
}

/* a "name%d" pattern gets the first free number; a plain name must be free */
static int dev_get_valid_name(struct net *net, struct net_device *dev, const char *name)
{
	if (strchr(name, '%'))
		return dev_alloc_name(dev, name) < 0 ? -ENFILE : 0;
	if (!dev_valid_name(name))
		return -EINVAL;
	if (netdev_name_in_use(net, name))
		return -EEXIST;
	return 0;
}

/*
 * A driver's device into its namespace: a valid free name, ndo_init(), an
 * ifindex, the software features, an empty IPv4 configuration, present,
 * noop qdiscs until it is opened, NETDEV_REGISTER. A listener's refusal
 * unregisters it again and is returned. Under RTNL.
 */
int register_netdevice(struct net_device *dev)
{
	const struct net_device_ops *ops = dev->netdev_ops;
	struct net *net = dev_net(dev);
	struct in_device *in_dev;
	unsigned int i;
	int ret;

	ASSERT_RTNL();
	if (WARN_ON(dev->reg_state != NETREG_UNINITIALIZED))
		return -EINVAL;
	ret = dev_get_valid_name(net, dev, dev->name);
	if (ret < 0)
		return ret;
	in_dev = kzalloc(sizeof(*in_dev), GFP_KERNEL);
	if (!in_dev)
		return -ENOMEM;
	if (ops && ops->ndo_init) {
		ret = ops->ndo_init(dev);
		if (ret) {
			kfree(in_dev);
			return ret > 0 ? -EIO : ret;
		}
	}
	ret = dev_index_reserve(net, dev->ifindex);
	if (ret < 0)
		goto err_uninit;
	dev->ifindex = ret;
	dev->hw_features |= NETIF_F_SOFT_FEATURES | NETIF_F_SOFT_FEATURES_OFF;
	dev->features |= NETIF_F_SOFT_FEATURES;
	dev->wanted_features = dev->features & dev->hw_features;
	in_dev->dev = dev;
	qdk_inetdev_init_conf(in_dev, net);
	refcount_set(&in_dev->refcnt, 1);
	rcu_assign_pointer(dev->ip_ptr, in_dev);
	dev->__qdk_in_dev = in_dev;
	netdev_adj_init(dev);
	/* dev_init_scheduler(): noop everywhere until dev_open() activates it */
	dev->qdisc = &noop_qdisc;
	for (i = 0; i < dev->num_tx_queues; i++) {
		dev->_tx[i].qdisc = &noop_qdisc;
		dev->_tx[i].qdisc_sleeping = &noop_qdisc;
	}
	set_bit(__LINK_STATE_PRESENT, &dev->state);
	dev->reg_state = NETREG_REGISTERED;
	list_add_tail_rcu(&dev->dev_list, &net->dev_base_head);
	ret = notifier_to_errno(call_netdevice_notifiers(NETDEV_REGISTER, dev));
	if (ret) {
		/* the caller frees it: not freed by the unregistration */
		dev->needs_free_netdev = false;
		unregister_netdevice_queue(dev, NULL);
	}
	return ret;

err_uninit:
	if (ops && ops->ndo_uninit)
		ops->ndo_uninit(dev);
	kfree(in_dev);
	return ret;
}
EXPORT_SYMBOL(register_netdevice);

int register_netdev(struct net_device *dev)
{
	int ret;

	rtnl_lock();
	ret = register_netdevice(dev);
	rtnl_unlock();
	return ret;
}
EXPORT_SYMBOL(register_netdev);

/* into the caller's batch (head), or unregistered at once (head NULL) */
void unregister_netdevice_queue(struct net_device *dev, struct list_head *head)
{
	ASSERT_RTNL();
	if (head) {
		list_move_tail(&dev->unreg_list, head);
	} else {
		LIST_HEAD(single);

		list_add(&dev->unreg_list, &single);
		unregister_netdevice_many(&single);
	}
}
EXPORT_SYMBOL(unregister_netdevice_queue);

/*
 * The batch closed, out of its namespace, its qdiscs released,
 * NETDEV_UNREGISTER, ndo_uninit(), its IPv4 configuration freed; then, as
 * the kernel's netdev_run_todo() does at rtnl_unlock() (here at once),
 * NETREG_UNREGISTERED, priv_destructor() and, with needs_free_netdev,
 * free_netdev(). A reference still held is reported as the kernel does.
 */
void unregister_netdevice_many(struct list_head *head)
{
	struct net_device *dev, *tmp;
	LIST_HEAD(close_head);

	ASSERT_RTNL();
	list_for_each_entry_safe(dev, tmp, head, unreg_list) {
		if (dev->reg_state == NETREG_UNINITIALIZED) {
			pr_debug("unregister_netdevice: device %s/%p never was registered\n",
				 dev->name, dev);
			WARN_ON(1);
			list_del(&dev->unreg_list);
		}
	}
	list_for_each_entry(dev, head, unreg_list)
		if (dev->flags & IFF_UP)
			list_add_tail(&dev->close_list, &close_head);
	qdk_dev_close_many(&close_head, true);
	list_for_each_entry(dev, head, unreg_list) {
		list_del_rcu(&dev->dev_list);
		dev->reg_state = NETREG_UNREGISTERING;
	}
	synchronize_net();
	list_for_each_entry(dev, head, unreg_list) {
		struct in_device *in_dev = rtnl_dereference(dev->ip_ptr);

		dev_shutdown(dev);
		call_netdevice_notifiers(NETDEV_UNREGISTER, dev);
		if (dev->netdev_ops && dev->netdev_ops->ndo_uninit)
			dev->netdev_ops->ndo_uninit(dev);
		WARN_ON(netdev_has_any_upper_dev(dev));
		if (in_dev) {
			qdk_inetdev_del_addrs(in_dev);
			RCU_INIT_POINTER(dev->ip_ptr, NULL);
			in_dev->dead = 1;
			if (in_dev == dev->__qdk_in_dev) {
				kfree(in_dev);
				dev->__qdk_in_dev = NULL;
			}
		}
		clear_bit(__LINK_STATE_PRESENT, &dev->state);
	}
	synchronize_net();
	list_for_each_entry_safe(dev, tmp, head, unreg_list) {
		list_del_init(&dev->unreg_list);
		if (refcount_read(&dev->dev_refcnt) != 1)
			pr_emerg("unregister_netdevice: waiting for %s to become free. Usage count = %d\n",
				 dev->name, refcount_read(&dev->dev_refcnt));
		dev->reg_state = NETREG_UNREGISTERED;
		if (dev->priv_destructor)
			dev->priv_destructor(dev);
		if (dev->needs_free_netdev)
			free_netdev(dev);
	}
	INIT_LIST_HEAD(head);
}
EXPORT_SYMBOL(unregister_netdevice_many);

void unregister_netdev(struct net_device *dev)
{
	rtnl_lock();
	unregister_netdevice(dev);
	rtnl_unlock();
}
EXPORT_SYMBOL(unregister_netdev);

static void devm_unregister_netdev(void *data)
{
	unregister_netdev(data);
}

/* registered for as long as dev (a device-model device) is bound */
int devm_register_netdev(struct device *dev, struct net_device *ndev)
{
	int ret;

	ret = register_netdev(ndev);
	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, devm_unregister_netdev, ndev);
}
EXPORT_SYMBOL(devm_register_netdev);

static void dummy_setup(struct net_device *dev)
{
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/* a device that only carries NAPI contexts: never registered, no queue */
struct net_device *alloc_netdev_dummy(int sizeof_priv)
{
	struct net_device *dev;

	dev = alloc_netdev_mqs(sizeof_priv, "dummy#", NET_NAME_UNKNOWN, dummy_setup, 1, 1);
	if (dev)
		dev->reg_state = NETREG_DUMMY;
	return dev;
}
EXPORT_SYMBOL_GPL(alloc_netdev_dummy);
#else
/* the caller's (zeroed or embedded) device made a NAPI carrier */
int init_dummy_netdev(struct net_device *dev)
{
	memset(dev, 0, sizeof(*dev));
	INIT_LIST_HEAD(&dev->dev_list);
	INIT_LIST_HEAD(&dev->napi_list);
	INIT_LIST_HEAD(&dev->unreg_list);
	INIT_LIST_HEAD(&dev->close_list);
	netdev_adj_init(dev);
	dummy_setup(dev);
	dev->reg_state = NETREG_DUMMY;
	set_bit(__LINK_STATE_PRESENT, &dev->state);
	set_bit(__LINK_STATE_START, &dev->state);
	return 0;
}
EXPORT_SYMBOL_GPL(init_dummy_netdev);
#endif

/* ---- up and down -------------------------------------------------------------- */

/*
 * NETDEV_PRE_UP may refuse; running while ndo_validate_addr() and ndo_open()
 * run, up with its qdiscs attached (defaults for a noop root) when they
 * succeed. The listeners hear NETDEV_UP from the caller.
 */
static int __dev_open(struct net_device *dev, struct netlink_ext_ack *extack)
{
	const struct net_device_ops *ops = dev->netdev_ops;
	struct netdev_notifier_info info;
	int ret;

	ASSERT_RTNL();
	if (!netif_device_present(dev))
		return -ENODEV;
	netdev_notifier_info_init(&info, dev);
	info.extack = extack;
	ret = notifier_to_errno(call_netdevice_notifiers_info(NETDEV_PRE_UP, &info));
	if (ret)
		return ret;
	set_bit(__LINK_STATE_START, &dev->state);
	if (ops && ops->ndo_validate_addr)
		ret = ops->ndo_validate_addr(dev);
	if (!ret && ops && ops->ndo_open)
		ret = ops->ndo_open(dev);
	if (ret) {
		clear_bit(__LINK_STATE_START, &dev->state);
		return ret;
	}
	dev->flags |= IFF_UP;
	__dev_set_rx_mode(dev);
	qdk_ns_dev_activate(dev);
	return 0;
}

int dev_open(struct net_device *dev, struct netlink_ext_ack *extack)
{
	int ret;

	if (dev->flags & IFF_UP)
		return 0;
	ret = __dev_open(dev, extack);
	if (ret < 0)
		return ret;
	call_netdevice_notifiers(NETDEV_UP, dev);
	return ret;
}
EXPORT_SYMBOL(dev_open);

/* the up devices of head (close_list) down: not running, qdiscs deactivated, ndo_stop() */
static void __dev_close_many(struct list_head *head)
{
	struct net_device *dev;

	ASSERT_RTNL();
	list_for_each_entry(dev, head, close_list) {
		call_netdevice_notifiers(NETDEV_GOING_DOWN, dev);
		clear_bit(__LINK_STATE_START, &dev->state);
	}
	list_for_each_entry(dev, head, close_list) {
		const struct net_device_ops *ops = dev->netdev_ops;

		qdk_ns_dev_deactivate(dev);
		if (ops && ops->ndo_stop)
			ops->ndo_stop(dev);
		dev->flags &= ~IFF_UP;
	}
}

static void qdk_dev_close_many(struct list_head *head, bool unlink)
{
	struct net_device *dev, *tmp;

	list_for_each_entry_safe(dev, tmp, head, close_list)
		if (!(dev->flags & IFF_UP))
			list_del_init(&dev->close_list);
	__dev_close_many(head);
	list_for_each_entry_safe(dev, tmp, head, close_list) {
		call_netdevice_notifiers(NETDEV_DOWN, dev);
		if (unlink)
			list_del_init(&dev->close_list);
	}
}

void dev_close(struct net_device *dev)
{
	if (dev->flags & IFF_UP) {
		LIST_HEAD(single);

		list_add(&dev->close_list, &single);
		qdk_dev_close_many(&single, true);
		list_del(&single);
	}
}
EXPORT_SYMBOL(dev_close);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void netif_close_many(struct list_head *head, bool unlink)
{
	qdk_dev_close_many(head, unlink);
}
EXPORT_SYMBOL(netif_close_many);

int netif_open(struct net_device *dev, struct netlink_ext_ack *extack)
{
	return dev_open(dev, extack);
}
EXPORT_SYMBOL(netif_open);

void netif_close(struct net_device *dev)
{
	dev_close(dev);
}
EXPORT_SYMBOL(netif_close);

unsigned int netif_get_flags(const struct net_device *dev)
{
	return dev_get_flags(dev);
}
EXPORT_SYMBOL(netif_get_flags);

int __netif_set_mtu(struct net_device *dev, int new_mtu)
{
	return qdk_set_mtu(dev, new_mtu);
}
EXPORT_SYMBOL(__netif_set_mtu);

int netif_set_mtu(struct net_device *dev, int new_mtu)
{
	return dev_set_mtu(dev, new_mtu);
}
EXPORT_SYMBOL(netif_set_mtu);
#else
void dev_close_many(struct list_head *head, bool unlink)
{
	qdk_dev_close_many(head, unlink);
}
EXPORT_SYMBOL(dev_close_many);
#endif

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int __dev_set_mtu(struct net_device *dev, int new_mtu)
{
	return qdk_set_mtu(dev, new_mtu);
}
EXPORT_SYMBOL(__dev_set_mtu);
#endif

/*
 * The flags user space sets (SIOCSIFFLAGS, IFLA_FLAGS): the changeable ones
 * taken, IFF_UP opening or closing, PROMISC and ALLMULTI counted in gflags;
 * listeners hear NETDEV_UP or NETDEV_DOWN, and NETDEV_CHANGE with the other
 * flags changed while up.
 */
int dev_change_flags(struct net_device *dev, unsigned int flags,
		     struct netlink_ext_ack *extack)
{
	unsigned int old_flags = dev->flags;
	unsigned int changes;
	int ret = 0;

	ASSERT_RTNL();
	dev->flags = (flags & (IFF_DEBUG | IFF_NOTRAILERS | IFF_NOARP | IFF_DYNAMIC |
			       IFF_MULTICAST | IFF_PORTSEL | IFF_AUTOMEDIA)) |
		     (dev->flags & (IFF_UP | IFF_VOLATILE | IFF_PROMISC | IFF_ALLMULTI));
	if ((old_flags ^ flags) & IFF_MULTICAST)
		__dev_set_rx_mode(dev);
	if ((old_flags ^ flags) & IFF_UP) {
		if (old_flags & IFF_UP) {
			LIST_HEAD(single);

			list_add(&dev->close_list, &single);
			__dev_close_many(&single);
			list_del(&single);
		} else {
			ret = __dev_open(dev, extack);
		}
	}
	if ((flags ^ dev->gflags) & IFF_PROMISC) {
		int inc = (flags & IFF_PROMISC) ? 1 : -1;

		dev->gflags ^= IFF_PROMISC;
		if (dev_set_promiscuity(dev, inc))
			dev->gflags ^= IFF_PROMISC;
	}
	if ((flags ^ dev->gflags) & IFF_ALLMULTI) {
		int inc = (flags & IFF_ALLMULTI) ? 1 : -1;

		dev->gflags ^= IFF_ALLMULTI;
		if (dev_set_allmulti(dev, inc))
			dev->gflags ^= IFF_ALLMULTI;
	}
	if (ret < 0)
		return ret;
	changes = old_flags ^ dev->flags;
	if (changes & IFF_UP)
		call_netdevice_notifiers(dev->flags & IFF_UP ? NETDEV_UP : NETDEV_DOWN, dev);
	if (dev->flags & IFF_UP &&
	    changes & ~(IFF_UP | IFF_PROMISC | IFF_ALLMULTI | IFF_VOLATILE)) {
		struct netdev_notifier_change_info change_info = {
			.info = { .dev = dev },
			.flags_changed = changes,
		};

		call_netdevice_notifiers_info(NETDEV_CHANGE, &change_info.info);
	}
	return ret;
}
EXPORT_SYMBOL(dev_change_flags);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int netif_change_flags(struct net_device *dev, unsigned int flags,
		       struct netlink_ext_ack *extack)
{
	return dev_change_flags(dev, flags, extack);
}
EXPORT_SYMBOL(netif_change_flags);
#endif

/* peers learn of a moved or failed-over device: gratuitous ARP, IGMP reports */
void __netdev_notify_peers(struct net_device *dev)
{
	ASSERT_RTNL();
	call_netdevice_notifiers(NETDEV_NOTIFY_PEERS, dev);
	call_netdevice_notifiers(NETDEV_RESEND_IGMP, dev);
}
EXPORT_SYMBOL(__netdev_notify_peers);

void netdev_notify_peers(struct net_device *dev)
{
	rtnl_lock();
	__netdev_notify_peers(dev);
	rtnl_unlock();
}
EXPORT_SYMBOL(netdev_notify_peers);

/*
 * The features wanted, as the driver's ndo_fix_features() allows them,
 * set by its ndo_set_features() (a refusal keeps the old ones): 1 when
 * they changed. The kernel's netdev_fix_features() dependency rules (TSO
 * without SG ...) are not applied: drivers' own fixes are.
 */
static int __netdev_update_features(struct net_device *dev)
{
	const struct net_device_ops *ops = dev->netdev_ops;
	netdev_features_t features;
	int err = 0;

	ASSERT_RTNL();
	features = netdev_get_wanted_features(dev);
	if (ops && ops->ndo_fix_features)
		features = ops->ndo_fix_features(dev, features);
	if (dev->features == features)
		return 0;
	if (ops && ops->ndo_set_features)
		err = ops->ndo_set_features(dev, features);
	else
		err = 0;
	if (err < 0) {
		netdev_err(dev, "set_features() failed (%d); wanted %pNF, left %pNF\n",
			   err, &features, &dev->features);
		return -1;
	}
	dev->features = features;
	return 1;
}

void netdev_update_features(struct net_device *dev)
{
	if (__netdev_update_features(dev))
		netdev_features_change(dev);
}
EXPORT_SYMBOL(netdev_update_features);

void netdev_change_features(struct net_device *dev)
{
	__netdev_update_features(dev);
	netdev_features_change(dev);
}
EXPORT_SYMBOL(netdev_change_features);

/* ---- NAPI ----------------------------------------------------------------------- */

static void napi_poll_tasklet(struct tasklet_struct *t);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void netif_napi_add_weight_locked(struct net_device *dev, struct napi_struct *napi,
				  int (*poll)(struct napi_struct *, int), int weight)
#else
void netif_napi_add_weight(struct net_device *dev, struct napi_struct *napi,
			   int (*poll)(struct napi_struct *, int), int weight)
#endif
{
	if (WARN_ON(test_and_set_bit(NAPI_STATE_LISTED, &napi->state)))
		return;
	INIT_LIST_HEAD(&napi->poll_list);
	INIT_HLIST_NODE(&napi->napi_hash_node);
	napi->skb = NULL;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	napi->gro.bitmask = 0;
	INIT_LIST_HEAD(&napi->gro.rx_list);
	napi->gro.rx_count = 0;
#else
	napi->gro_bitmask = 0;
	INIT_LIST_HEAD(&napi->rx_list);
	napi->rx_count = 0;
#endif
	napi->poll = poll;
	if (weight > NAPI_POLL_WEIGHT)
		netdev_err_once(dev, "%s() called with weight %d\n", __func__, weight);
	napi->weight = weight;
	napi->dev = dev;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	napi->list_owner = -1;
	napi->irq = -1;
#endif
	tasklet_setup(&napi->__qdk_poll, napi_poll_tasklet);
	list_add_tail_rcu(&napi->dev_list, &dev->napi_list);
	/* disabled until napi_enable(), as the kernel's */
	set_bit(NAPI_STATE_SCHED, &napi->state);
	set_bit(NAPI_STATE_NPSVC, &napi->state);
	if (dev->threaded)
		set_bit(NAPI_STATE_THREADED, &napi->state);
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
EXPORT_SYMBOL(netif_napi_add_weight_locked);
#else
EXPORT_SYMBOL(netif_napi_add_weight);
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void __netif_napi_del_locked(struct napi_struct *napi)
#else
void __netif_napi_del(struct napi_struct *napi)
#endif
{
	if (!test_and_clear_bit(NAPI_STATE_LISTED, &napi->state))
		return;
	tasklet_kill(&napi->__qdk_poll);
	list_del_rcu(&napi->dev_list);
	napi_free_frags(napi);
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
EXPORT_SYMBOL(__netif_napi_del_locked);

void netif_napi_set_irq_locked(struct napi_struct *napi, int irq)
{
	napi->irq = irq;
}
EXPORT_SYMBOL(netif_napi_set_irq_locked);
#else
EXPORT_SYMBOL(__netif_napi_del);
#endif

/* SCHED is taken here: false when disabling, or already scheduled (then MISSED) */
bool napi_schedule_prep(struct napi_struct *n)
{
	unsigned long val = READ_ONCE(n->state);

	if (unlikely(val & NAPIF_STATE_DISABLE))
		return false;
	if (val & NAPIF_STATE_SCHED) {
		set_bit(NAPI_STATE_MISSED, &n->state);
		return false;
	}
	set_bit(NAPI_STATE_SCHED, &n->state);
	return true;
}
EXPORT_SYMBOL(napi_schedule_prep);

/* the poll runs in the NET_RX softirq: here the context's tasklet, now */
void __napi_schedule(struct napi_struct *n)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	n->list_owner = smp_processor_id();
#endif
	tasklet_schedule(&n->__qdk_poll);
}
EXPORT_SYMBOL(__napi_schedule);

void __napi_schedule_irqoff(struct napi_struct *n)
{
	__napi_schedule(n);
}
EXPORT_SYMBOL(__napi_schedule_irqoff);

/*
 * The poll is done (work_done packets): SCHED released, or kept and the
 * poll scheduled again when napi_schedule() came meanwhile (MISSED); false
 * then, and for a context netpoll or a busy poller owns.
 */
bool napi_complete_done(struct napi_struct *n, int work_done)
{
	unsigned long val = READ_ONCE(n->state);

	if (unlikely(val & (NAPIF_STATE_NPSVC | NAPIF_STATE_IN_BUSY_POLL)))
		return false;
	WARN_ON_ONCE(!(val & NAPIF_STATE_SCHED));
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	n->list_owner = -1;
#endif
	clear_bit(NAPI_STATE_SCHED_THREADED, &n->state);
	clear_bit(NAPI_STATE_PREFER_BUSY_POLL, &n->state);
	if (val & NAPIF_STATE_MISSED) {
		clear_bit(NAPI_STATE_MISSED, &n->state);
		__napi_schedule(n);
		return false;
	}
	clear_bit(NAPI_STATE_SCHED, &n->state);
	return true;
}
EXPORT_SYMBOL(napi_complete_done);

/*
 * One round of net_rx_action() for n: poll(n, weight). A poll that used
 * its whole budget has more to do: it is polled again (its tasklet
 * rescheduled at the same time), unless a disable is pending, which
 * completes it. A poll that returns more than its budget is a driver bug.
 */
static void napi_poll_tasklet(struct tasklet_struct *t)
{
	struct napi_struct *n = container_of(t, struct napi_struct, __qdk_poll);
	int work;

	if (!test_bit(NAPI_STATE_SCHED, &n->state))
		return;
	work = n->poll(n, n->weight);
	if (WARN_ONCE(work > n->weight, "%pS exceeded budget in poll\n", n->poll))
		work = n->weight;
	if (work < n->weight)
		return;
	if (napi_disable_pending(n)) {
		napi_complete(n);
		return;
	}
	if (test_bit(NAPI_STATE_SCHED, &n->state))
		tasklet_schedule(&n->__qdk_poll);
}

/*
 * No poll runs after it: a scheduled one runs now (it sees the disable
 * pending), then the context holds SCHED and NPSVC until napi_enable().
 */
void napi_disable(struct napi_struct *n)
{
	int rounds = 0;

	might_sleep();
	set_bit(NAPI_STATE_DISABLE, &n->state);
	while (test_bit(NAPI_STATE_SCHED, &n->state) || test_bit(NAPI_STATE_NPSVC, &n->state)) {
		if (test_bit(NAPI_STATE_NPSVC, &n->state)) {
			WARN(1, "napi_disable() of a disabled NAPI context\n");
			break;
		}
		/* the scheduled poll, at once, as the kernel's waiting lets it run */
		tasklet_kill(&n->__qdk_poll);
		if (test_bit(NAPI_STATE_SCHED, &n->state) && ++rounds > 1000) {
			WARN(1, "napi_disable(): poll never completes\n");
			break;
		}
		if (test_bit(NAPI_STATE_SCHED, &n->state))
			napi_poll_tasklet(&n->__qdk_poll);
	}
	set_bit(NAPI_STATE_SCHED, &n->state);
	set_bit(NAPI_STATE_NPSVC, &n->state);
	clear_bit(NAPI_STATE_PREFER_BUSY_POLL, &n->state);
	clear_bit(NAPI_STATE_THREADED, &n->state);
	clear_bit(NAPI_STATE_DISABLE, &n->state);
}
EXPORT_SYMBOL(napi_disable);

/* may be scheduled again */
void napi_enable(struct napi_struct *n)
{
	WARN_ON(!test_bit(NAPI_STATE_SCHED, &n->state));
	clear_bit(NAPI_STATE_SCHED, &n->state);
	clear_bit(NAPI_STATE_NPSVC, &n->state);
	if (n->dev && n->dev->threaded)
		set_bit(NAPI_STATE_THREADED, &n->state);
}
EXPORT_SYMBOL(napi_enable);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
void napi_disable_locked(struct napi_struct *n)
{
	napi_disable(n);
}
EXPORT_SYMBOL(napi_disable_locked);

void napi_enable_locked(struct napi_struct *n)
{
	napi_enable(n);
}
EXPORT_SYMBOL(napi_enable_locked);
#endif

/* ---- receive ----------------------------------------------------------------------- */

static inline int deliver_skb(struct sk_buff *skb, struct packet_type *pt_prev,
			      struct net_device *orig_dev)
{
	refcount_inc(&skb->users);
	return pt_prev->func(skb, skb->dev, pt_prev, orig_dev);
}

static void deliver_ptype_list_skb(struct sk_buff *skb, struct packet_type **pt,
				   struct net_device *orig_dev, __be16 type,
				   struct list_head *ptype_list)
{
	struct packet_type *ptype, *pt_prev = *pt;

	if (!ptype_list->next)
		return;
	list_for_each_entry_rcu(ptype, ptype_list, list) {
		if (ptype->type != type)
			continue;
		if (pt_prev)
			deliver_skb(skb, pt_prev, orig_dev);
		pt_prev = ptype;
	}
	*pt = pt_prev;
}

/*
 * The tc hooks: the filters of an ingress or clsact qdisc's blocks, run on
 * a received packet before the protocol handlers (sch_handle_ingress()) and
 * on a sent one before its queue is picked (sch_handle_egress()), as the
 * kernel's dev.c runs them: the mini Qdisc's counters, tcf_classify() on its
 * block, and the verdict: ok and reclassify set tc_index and go on, shot
 * drops (counted, the hook's drop reason), stolen, queued and trap consume,
 * consumed (an action took the packet: act_mirred's redirect at ingress)
 * returns without it. From 6.12 the mini Qdisc hangs off the device's tcx
 * entry (tc_run()). No BPF program attaches to tcx here and no block is
 * offloaded, so neither tcx_run() nor the software bypass has anything to
 * skip. A BPF program's redirect (TC_ACT_REDIRECT) needs skb_do_redirect(),
 * which the shim lacks.
 */
static void tc_hook_redirect(const char *hook)
{
	qdk_unmodelled(hook, "TC_ACT_REDIRECT: the shim has no skb_do_redirect()",
		       (unsigned long)__builtin_return_address(0));
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
/*
 * 7.x's receive path counts a GSO packet (GRO's) with the headers of each
 * of its segments, as the transmit path does; an encapsulated or DODGY
 * one is counted as its bytes (the shim makes none).
 */
static void qdisc_pkt_len_segs_init(struct sk_buff *skb)
{
	const struct skb_shared_info *shinfo = skb_shinfo(skb);
	unsigned int hdr_len;

	qdisc_skb_cb(skb)->pkt_len = skb->len;
	qdisc_skb_cb(skb)->pkt_segs = shinfo->gso_size ? shinfo->gso_segs : 1;
	if (!shinfo->gso_size || skb->encapsulation ||
	    !skb_transport_header_was_set(skb))
		return;
	hdr_len = skb_transport_offset(skb);
	if (shinfo->gso_type & (SKB_GSO_TCPV4 | SKB_GSO_TCPV6)) {
		if (!pskb_may_pull(skb, hdr_len + sizeof(struct tcphdr)))
			return;
		hdr_len += __tcp_hdrlen((const struct tcphdr *)(skb->data + hdr_len));
	} else if (shinfo->gso_type & SKB_GSO_UDP_L4) {
		hdr_len += sizeof(struct udphdr);
	}
	qdisc_skb_cb(skb)->pkt_len += (shinfo->gso_segs - 1) * hdr_len;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
static int tc_run(struct tcx_entry *entry, struct sk_buff *skb,
		  enum skb_drop_reason *drop_reason)
{
	struct mini_Qdisc *miniq = rcu_dereference_bh(entry->miniq);
	struct tcf_result res;
	int ret;

	if (!miniq)
		return TC_ACT_UNSPEC;
	tc_skb_cb(skb)->mru = 0;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	qdisc_skb_cb(skb)->post_ct = false;
#else
	tc_skb_cb(skb)->post_ct = false;
#endif
	tcf_set_drop_reason(skb, *drop_reason);
	mini_qdisc_bstats_cpu_update(miniq, skb);
	ret = tcf_classify(skb, miniq->block, miniq->filter_list, &res, false);
	switch (ret) {
	case TC_ACT_SHOT:
		*drop_reason = tcf_get_drop_reason(skb);
		mini_qdisc_qstats_cpu_drop(miniq);
		break;
	case TC_ACT_OK:
	case TC_ACT_RECLASSIFY:
		skb->tc_index = TC_H_MIN(res.classid);
		break;
	}
	return ret;
}

/* the verdict's drop reason and NET_* answer: NULL when the hook took skb */
static struct sk_buff *tc_hook_verdict(struct sk_buff *skb, int sch_ret,
				       enum skb_drop_reason drop_reason,
				       int *ret, int drop, int success)
{
	switch (sch_ret) {
	case TC_ACT_REDIRECT:
		tc_hook_redirect(drop == NET_RX_DROP ? "sch_handle_ingress" :
				 "sch_handle_egress");
		break;
	case TC_ACT_SHOT:
		kfree_skb_reason(skb, drop_reason);
		*ret = drop;
		return NULL;
	case TC_ACT_STOLEN:
	case TC_ACT_QUEUED:
	case TC_ACT_TRAP:
		consume_skb(skb);
		fallthrough;
	case TC_ACT_CONSUMED:
		*ret = success;
		return NULL;
	}
	return skb;
}

static struct sk_buff *sch_handle_ingress(struct sk_buff *skb, int *ret)
{
	struct bpf_mprog_entry *entry = rcu_dereference_bh(skb->dev->tcx_ingress);
	enum skb_drop_reason drop_reason = SKB_DROP_REASON_TC_INGRESS;

	if (!entry)
		return skb;
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	qdisc_pkt_len_segs_init(skb);
#else
	qdisc_skb_cb(skb)->pkt_len = skb->len;
#endif
	tcx_set_ingress(skb, true);
	return tc_hook_verdict(skb, tc_run(tcx_entry(entry), skb, &drop_reason),
			       drop_reason, ret, NET_RX_DROP, NET_RX_SUCCESS);
}

/* qdisc_skb_cb(skb)->pkt_len and tc_at_ingress are the caller's */
static struct sk_buff *sch_handle_egress(struct sk_buff *skb, int *ret,
					 struct net_device *dev)
{
	struct bpf_mprog_entry *entry = rcu_dereference_bh(dev->tcx_egress);
	enum skb_drop_reason drop_reason = SKB_DROP_REASON_TC_EGRESS;

	if (!entry)
		return skb;
	return tc_hook_verdict(skb, tc_run(tcx_entry(entry), skb, &drop_reason),
			       drop_reason, ret, NET_XMIT_DROP, NET_XMIT_SUCCESS);
}
#else
/* 6.1: the mini Qdisc is the device's own, the verdict handled in place */
static struct sk_buff *tc_hook_run(struct sk_buff *skb, struct mini_Qdisc *miniq,
				   enum skb_drop_reason reason, int *ret, int drop,
				   int success)
{
	struct tcf_result cl_res;

	tc_skb_cb(skb)->mru = 0;
	tc_skb_cb(skb)->post_ct = false;
	tcf_set_drop_reason(skb, reason);
	mini_qdisc_bstats_cpu_update(miniq, skb);
	switch (tcf_classify(skb, miniq->block, miniq->filter_list, &cl_res, false)) {
	case TC_ACT_OK:
	case TC_ACT_RECLASSIFY:
		skb->tc_index = TC_H_MIN(cl_res.classid);
		break;
	case TC_ACT_SHOT:
		mini_qdisc_qstats_cpu_drop(miniq);
		*ret = drop;
		kfree_skb_reason(skb, tcf_get_drop_reason(skb) ?: reason);
		return NULL;
	case TC_ACT_STOLEN:
	case TC_ACT_QUEUED:
	case TC_ACT_TRAP:
		*ret = success;
		consume_skb(skb);
		return NULL;
	case TC_ACT_REDIRECT:
		tc_hook_redirect(drop == NET_RX_DROP ? "sch_handle_ingress" :
				 "sch_handle_egress");
		break;
	case TC_ACT_CONSUMED:
		if (drop == NET_RX_DROP) {
			*ret = success;
			return NULL;
		}
		break;
	}
	return skb;
}

static struct sk_buff *sch_handle_ingress(struct sk_buff *skb, int *ret)
{
	struct mini_Qdisc *miniq = rcu_dereference_bh(skb->dev->miniq_ingress);

	if (!miniq)
		return skb;
	qdisc_skb_cb(skb)->pkt_len = skb->len;
	skb->tc_at_ingress = 1;
	return tc_hook_run(skb, miniq, SKB_DROP_REASON_TC_INGRESS, ret,
			   NET_RX_DROP, NET_RX_SUCCESS);
}

/* qdisc_skb_cb(skb)->pkt_len and tc_at_ingress are the caller's */
static struct sk_buff *sch_handle_egress(struct sk_buff *skb, int *ret,
					 struct net_device *dev)
{
	struct mini_Qdisc *miniq = rcu_dereference_bh(dev->miniq_egress);

	if (!miniq)
		return skb;
	return tc_hook_run(skb, miniq, SKB_DROP_REASON_TC_EGRESS, ret,
			   NET_XMIT_DROP, NET_XMIT_SUCCESS);
}
#endif

/*
 * For the replay (api.c): one packet through a hook of its device, the
 * receive path's (skb->data at the network header) or the transmit path's
 * (at the MAC header, pkt_len set). NULL: the hook took it (dropped,
 * stolen), *ret saying how; else the packet goes on, the caller's again.
 */
struct sk_buff *qdk_tc_hook(struct sk_buff *skb, bool ingress, int *ret)
{
	rcu_read_lock_bh();
	if (ingress) {
		skb = sch_handle_ingress(skb, ret);
	} else {
		skb->tc_at_ingress = 0;
		skb = sch_handle_egress(skb, ret, skb->dev);
	}
	rcu_read_unlock_bh();
	return skb;
}

/*
 * __netif_receive_skb_core(): the packet taps (ETH_P_ALL, everyone's then
 * the device's), the device's rx_handler (a bridge, bond, macvlan), then
 * the handlers of skb->protocol; each but the last gets a reference of
 * its own. None: dropped (UNHANDLED_PROTO), counted in the device's
 * rx_dropped (rx_nohandler after an exact-match rx_handler). The tc
 * ingress hook runs before the rx_handler. No VLAN untagging, no RPS here.
 */
static int __netif_receive_skb(struct sk_buff *skb)
{
	struct net_device *orig_dev = skb->dev;
	struct packet_type *ptype, *pt_prev = NULL;
	bool deliver_exact = false;
	rx_handler_func_t *rx_handler;

	skb_reset_network_header(skb);
	if (!skb_transport_header_was_set(skb))
		skb_reset_transport_header(skb);
	skb_reset_mac_len(skb);
another_round:
	skb->skb_iif = skb->dev->ifindex;
	list_for_each_entry_rcu(ptype, &ptype_all, list) {
		if (pt_prev)
			deliver_skb(skb, pt_prev, orig_dev);
		pt_prev = ptype;
	}
	if (skb->dev->ptype_all.next) {
		list_for_each_entry_rcu(ptype, &skb->dev->ptype_all, list) {
			if (pt_prev)
				deliver_skb(skb, pt_prev, orig_dev);
			pt_prev = ptype;
		}
	}
	if (qdk_ingress_needed) {
		int ret = NET_RX_SUCCESS;

		if (pt_prev) {
			deliver_skb(skb, pt_prev, orig_dev);
			pt_prev = NULL;
		}
		skb = sch_handle_ingress(skb, &ret);
		if (!skb)
			return ret;
	}
	rx_handler = rcu_dereference(skb->dev->rx_handler);
	if (rx_handler) {
		if (pt_prev) {
			deliver_skb(skb, pt_prev, orig_dev);
			pt_prev = NULL;
		}
		switch (rx_handler(&skb)) {
		case RX_HANDLER_CONSUMED:
			return NET_RX_SUCCESS;
		case RX_HANDLER_ANOTHER:
			goto another_round;
		case RX_HANDLER_EXACT:
			deliver_exact = true;
			break;
		case RX_HANDLER_PASS:
			break;
		}
	}
	if (!deliver_exact)
		deliver_ptype_list_skb(skb, &pt_prev, orig_dev, skb->protocol,
				       &ptype_base[ntohs(skb->protocol) & PTYPE_HASH_MASK]);
	deliver_ptype_list_skb(skb, &pt_prev, orig_dev, skb->protocol, &orig_dev->ptype_specific);
	if (unlikely(skb->dev != orig_dev))
		deliver_ptype_list_skb(skb, &pt_prev, orig_dev, skb->protocol,
				       &skb->dev->ptype_specific);
	if (pt_prev)
		return pt_prev->func(skb, skb->dev, pt_prev, orig_dev);
	if (!deliver_exact)
		dev_core_stats_rx_dropped_inc(skb->dev);
	else
		dev_core_stats_rx_nohandler_inc(skb->dev);
	kfree_skb(skb);	/* the kernel's reason: UNHANDLED_PROTO */
	return NET_RX_DROP;
}

int netif_receive_skb(struct sk_buff *skb)
{
	int ret;

	rcu_read_lock();
	ret = __netif_receive_skb(skb);
	rcu_read_unlock();
	return ret;
}
EXPORT_SYMBOL(netif_receive_skb);

int netif_receive_skb_core(struct sk_buff *skb)
{
	return netif_receive_skb(skb);
}
EXPORT_SYMBOL(netif_receive_skb_core);

void netif_receive_skb_list(struct list_head *head)
{
	struct sk_buff *skb, *next;

	list_for_each_entry_safe(skb, next, head, list) {
		skb_list_del_init(skb);
		netif_receive_skb(skb);
	}
}
EXPORT_SYMBOL(netif_receive_skb_list);

/*
 * GRO merges nothing here: every packet is GRO_NORMAL, delivered at once
 * (the kernel batches those until the poll completes; same order).
 */
static gro_result_t qdk_gro_receive(struct sk_buff *skb)
{
	netif_receive_skb(skb);
	return GRO_NORMAL;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
gro_result_t gro_receive_skb(struct gro_node *gro, struct sk_buff *skb)
{
	return qdk_gro_receive(skb);
}
EXPORT_SYMBOL(gro_receive_skb);
#else
gro_result_t napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb)
{
	return qdk_gro_receive(skb);
}
EXPORT_SYMBOL(napi_gro_receive);
#endif

/*
 * The CPU's backlog: netif_rx() queues packets (at most netdev_max_backlog,
 * the sysctl's default) for its own NAPI poll, which delivers them as
 * netif_receive_skb() does, 64 (dev_rx_weight) a round.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 12, 0)
int netdev_max_backlog = 1000;
EXPORT_SYMBOL(netdev_max_backlog);
#define qdk_max_backlog()	READ_ONCE(netdev_max_backlog)
#else
#define qdk_max_backlog()	1000
#endif

static struct sk_buff_head backlog_queue;
static struct napi_struct backlog;
static unsigned int backlog_dropped;

static int process_backlog(struct napi_struct *napi, int quota)
{
	struct sk_buff *skb;
	int work = 0;

	while (work < quota && (skb = __skb_dequeue(&backlog_queue))) {
		rcu_read_lock();
		__netif_receive_skb(skb);
		rcu_read_unlock();
		work++;
	}
	if (work < quota)
		napi_complete_done(napi, work);
	return work;
}

static void backlog_init(void)
{
	if (backlog.poll)
		return;
	skb_queue_head_init(&backlog_queue);
	INIT_LIST_HEAD(&backlog.poll_list);
	backlog.poll = process_backlog;
	backlog.weight = 64;
	tasklet_setup(&backlog.__qdk_poll, napi_poll_tasklet);
}

int __netif_rx(struct sk_buff *skb)
{
	backlog_init();
	if (skb_queue_len(&backlog_queue) >= (u32)qdk_max_backlog()) {
		backlog_dropped++;
		dev_core_stats_rx_dropped_inc(skb->dev);
		kfree_skb(skb);	/* the kernel's reason: CPU_BACKLOG */
		return NET_RX_DROP;
	}
	__skb_queue_tail(&backlog_queue, skb);
	napi_schedule(&backlog);
	return NET_RX_SUCCESS;
}
EXPORT_SYMBOL(__netif_rx);

int netif_rx(struct sk_buff *skb)
{
	int ret;

	local_bh_disable();
	ret = __netif_rx(skb);
	local_bh_enable();
	return ret;
}
EXPORT_SYMBOL(netif_rx);

/* the packets dropped at a full backlog (softnet_data's dropped; qdk tests) */
unsigned int qdk_backlog_dropped(void)
{
	return backlog_dropped;
}

/* a packet handed to dev as received: scrubbed, its Ethernet header pulled */
int __dev_forward_skb(struct net_device *dev, struct sk_buff *skb)
{
	int ret = ____dev_forward_skb(dev, skb, true);

	if (likely(!ret)) {
		skb->protocol = eth_type_trans(skb, dev);
		skb_postpull_rcsum(skb, eth_hdr(skb), ETH_HLEN);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(__dev_forward_skb);

int dev_forward_skb(struct net_device *dev, struct sk_buff *skb)
{
	return __dev_forward_skb(dev, skb) ?: netif_rx(skb);
}
EXPORT_SYMBOL_GPL(dev_forward_skb);

/* receive timestamps are always taken here: the users' count only */
static atomic_t netstamp_needed = ATOMIC_INIT(0);

void net_enable_timestamp(void)
{
	atomic_inc(&netstamp_needed);
}
EXPORT_SYMBOL(net_enable_timestamp);

void net_disable_timestamp(void)
{
	WARN_ON_ONCE(atomic_dec_return(&netstamp_needed) < 0);
}
EXPORT_SYMBOL(net_disable_timestamp);

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
bool dev_nit_active_rcu(const struct net_device *dev)
#else
bool dev_nit_active(struct net_device *dev)
#endif
{
	return !list_empty(&ptype_all) || (dev->ptype_all.next && !list_empty(&dev->ptype_all));
}
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
EXPORT_SYMBOL_GPL(dev_nit_active_rcu);
#else
EXPORT_SYMBOL_GPL(dev_nit_active);
#endif

/* ---- transmit ---------------------------------------------------------------------- */

/* skb_tx_hash(): the recorded receive queue, else the flow hash, within the class's range */
static u16 qdk_skb_tx_hash(const struct net_device *dev, const struct net_device *sb_dev,
			   struct sk_buff *skb)
{
	u16 qoffset = 0;
	u16 qcount = dev->real_num_tx_queues;
	u32 hash;

	if (dev->num_tc) {
		u8 tc = netdev_get_prio_tc_map(dev, skb->priority);

		qoffset = sb_dev->tc_to_txq[tc].offset;
		qcount = sb_dev->tc_to_txq[tc].count;
		if (unlikely(!qcount)) {
			net_warn_ratelimited("%s: invalid qcount, qoffset %u for tc %u\n",
					     sb_dev->name, qoffset, tc);
			qoffset = 0;
			qcount = dev->real_num_tx_queues;
		}
	}
	if (skb_rx_queue_recorded(skb)) {
		hash = skb_get_rx_queue(skb);
		if (hash >= qoffset)
			hash -= qoffset;
		while (unlikely(hash >= qcount))
			hash -= qcount;
		return hash + qoffset;
	}
	return (u16)reciprocal_scale(skb_get_hash(skb), qcount) + qoffset;
}

/* no XPS maps, no socket's cached queue: the hash picks */
u16 netdev_pick_tx(struct net_device *dev, struct sk_buff *skb, struct net_device *sb_dev)
{
	return qdk_skb_tx_hash(dev, sb_dev ?: dev, skb);
}
EXPORT_SYMBOL(netdev_pick_tx);

static struct netdev_queue *qdk_core_pick_tx(struct net_device *dev, struct sk_buff *skb,
					     struct net_device *sb_dev)
{
	const struct net_device_ops *ops = dev->netdev_ops;
	int queue_index = 0;

	if (dev->real_num_tx_queues != 1) {
		if (ops && ops->ndo_select_queue)
			queue_index = ops->ndo_select_queue(dev, skb, sb_dev);
		else
			queue_index = netdev_pick_tx(dev, skb, sb_dev);
		queue_index = netdev_cap_txqueue(dev, queue_index);
	}
	skb_set_queue_mapping(skb, queue_index);
	return netdev_get_tx_queue(dev, queue_index);
}

/*
 * Transmit on skb->dev: a queue picked (ndo_select_queue() or the hash),
 * then its qdisc. A device without one (noqueue: virtual devices) hands
 * the packet to its driver under the queue's lock, while up and not
 * stopped, else drops it (-ENETDOWN). noop (a device not up) drops it
 * (NET_XMIT_CN). The shim has no qdisc_run(): a device with a real qdisc
 * stops the program (the replay drives qdiscs itself).
 */
int __dev_queue_xmit(struct sk_buff *skb, struct net_device *sb_dev)
{
	struct net_device *dev = skb->dev;
	struct netdev_queue *txq;
	struct Qdisc *q;
	int rc = -ENOMEM;

	skb_reset_mac_header(skb);
	rcu_read_lock_bh();
	if (qdk_egress_needed) {
		/* no GSO headers added: the replay sets a packet's own */
		qdk_qdisc_pkt_len_init(skb, skb->len);
		skb->tc_at_ingress = 0;
		skb = sch_handle_egress(skb, &rc, dev);
		if (!skb) {
			rcu_read_unlock_bh();
			return rc;
		}
	}
	txq = qdk_core_pick_tx(dev, skb, sb_dev);
	q = rcu_dereference_bh(txq->qdisc);
	if (q == &noop_qdisc) {
		rcu_read_unlock_bh();
		dev_core_stats_tx_dropped_inc(dev);
		kfree_skb(skb);
		return NET_XMIT_CN;
	}
	if (q->enqueue)
		qdk_unmodelled("__dev_queue_xmit",
			       "a packet into a device's qdisc: the shim has no qdisc_run()",
			       (unsigned long)__builtin_return_address(0));
	if (dev->flags & IFF_UP) {
		int cpu = smp_processor_id();

		if (READ_ONCE(txq->xmit_lock_owner) != cpu && !dev_xmit_recursion()) {
			HARD_TX_LOCK(dev, txq, cpu);
			if (!netif_xmit_stopped(txq)) {
				dev_xmit_recursion_inc();
				rc = netdev_start_xmit(skb, dev, txq, false);
				dev_xmit_recursion_dec();
				if (dev_xmit_complete(rc)) {
					HARD_TX_UNLOCK(dev, txq);
					rcu_read_unlock_bh();
					return rc;
				}
			}
			HARD_TX_UNLOCK(dev, txq);
			net_crit_ratelimited("Virtual device %s asks to queue packet!\n",
					     dev->name);
		} else {
			net_crit_ratelimited("Dead loop on virtual device %s, fix it urgently!\n",
					     dev->name);
		}
	}
	rc = -ENETDOWN;
	rcu_read_unlock_bh();
	dev_core_stats_tx_dropped_inc(dev);
	kfree_skb_list(skb);
	return rc;
}
EXPORT_SYMBOL(__dev_queue_xmit);

/*
 * To queue_id's driver, no qdisc: while running with carrier and the queue
 * neither frozen nor stopped by the driver (else NETDEV_TX_BUSY, the
 * packet still the caller's); dropped when down.
 */
int __dev_direct_xmit(struct sk_buff *skb, u16 queue_id)
{
	struct net_device *dev = skb->dev;
	int ret = NETDEV_TX_BUSY;
	struct netdev_queue *txq;

	if (unlikely(!netif_running(dev) || !netif_carrier_ok(dev))) {
		dev_core_stats_tx_dropped_inc(dev);
		kfree_skb_list(skb);
		return NET_XMIT_DROP;
	}
	skb_set_queue_mapping(skb, queue_id);
	txq = skb_get_tx_queue(dev, skb);
	local_bh_disable();
	dev_xmit_recursion_inc();
	HARD_TX_LOCK(dev, txq, smp_processor_id());
	if (!netif_xmit_frozen_or_drv_stopped(txq))
		ret = netdev_start_xmit(skb, dev, txq, false);
	HARD_TX_UNLOCK(dev, txq);
	dev_xmit_recursion_dec();
	local_bh_enable();
	return ret;
}
EXPORT_SYMBOL(__dev_direct_xmit);

/* a multicast or broadcast packet sent also looped back to this host */
int dev_loopback_xmit(struct net *net, struct sock *sk, struct sk_buff *skb)
{
	skb_reset_mac_header(skb);
	__skb_pull(skb, skb_network_offset(skb));
	skb->pkt_type = PACKET_LOOPBACK;
	if (skb->ip_summed == CHECKSUM_NONE)
		skb->ip_summed = CHECKSUM_UNNECESSARY;
	netif_rx(skb);
	return 0;
}
EXPORT_SYMBOL(dev_loopback_xmit);

/*
 * A transmitted packet shown to the packet taps (everyone's, then the
 * device's) that want outgoing packets: a clone each, PACKET_OUTGOING, its
 * network header at the mac header's end when the sender set none.
 */
void dev_queue_xmit_nit(struct sk_buff *skb, struct net_device *dev)
{
	struct list_head *lists[2] = { &ptype_all, &dev->ptype_all };
	struct packet_type *ptype;
	unsigned int i;

	rcu_read_lock();
	for (i = 0; i < ARRAY_SIZE(lists); i++) {
		if (!lists[i]->next)
			continue;
		list_for_each_entry_rcu(ptype, lists[i], list) {
			struct sk_buff *skb2;

			if (READ_ONCE(ptype->ignore_outgoing))
				continue;
			if (ptype->af_packet_priv && skb->sk == ptype->af_packet_priv)
				continue;
			skb2 = skb_clone(skb, GFP_ATOMIC);
			if (!skb2)
				break;
			skb_reset_mac_header(skb2);
			if (skb_network_header(skb2) < skb2->data ||
			    skb_network_header(skb2) > skb_tail_pointer(skb2))
				skb_reset_network_header(skb2);
			skb2->transport_header = skb2->network_header;
			skb2->pkt_type = PACKET_OUTGOING;
			ptype->func(skb2, skb->dev, ptype, skb->dev);
		}
	}
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(dev_queue_xmit_nit);

/* ---- hardware addresses --------------------------------------------------------- */

static DEFINE_MUTEX(dev_addr_sem);

/* NETDEV_PRE_CHANGEADDR: a listener (a bridge, a bond) may refuse addr */
static int qdk_pre_changeaddr_notify(struct net_device *dev, const char *addr,
				     struct netlink_ext_ack *extack)
{
	struct netdev_notifier_pre_changeaddr_info info = {
		.info.dev = dev,
		.info.extack = extack,
		.dev_addr = addr,
	};

	return notifier_to_errno(call_netdevice_notifiers_info(NETDEV_PRE_CHANGEADDR,
								&info.info));
}

/*
 * family and data: the new address, of the device's type; the driver's
 * ndo_set_mac_address() sets it (sa itself passed), listeners may refuse it
 * first and hear NETDEV_CHANGEADDR after. Under RTNL.
 */
static int qdk_set_mac_address(struct net_device *dev, unsigned short family,
			       const char *data, void *sa, struct netlink_ext_ack *extack)
{
	const struct net_device_ops *ops = dev->netdev_ops;
	int err;

	if (!ops || !ops->ndo_set_mac_address)
		return -EOPNOTSUPP;
	if (family != dev->type)
		return -EINVAL;
	if (!netif_device_present(dev))
		return -ENODEV;
	err = qdk_pre_changeaddr_notify(dev, data, extack);
	if (err)
		return err;
	if (memcmp(dev->dev_addr, data, dev->addr_len)) {
		err = ops->ndo_set_mac_address(dev, sa);
		if (err)
			return err;
	}
	dev->addr_assign_type = NET_ADDR_SET;
	call_netdevice_notifiers(NETDEV_CHANGEADDR, dev);
	return 0;
}

/* the address of dev_name in net (SIOCGIFHWADDR): zeros when it has none */
static int qdk_get_mac_address(struct sockaddr *sa, struct net *net, char *dev_name)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
	size_t size = sizeof(sa->sa_data);
#else
	size_t size = sizeof(sa->sa_data_min);
#endif
	struct net_device *dev;
	int ret = 0;

	mutex_lock(&dev_addr_sem);
	rcu_read_lock();
	dev = dev_get_by_name_rcu(net, dev_name);
	if (!dev) {
		ret = -ENODEV;
	} else {
		if (!dev->addr_len)
			memset(sa->sa_data, 0, size);
		else
			memcpy(sa->sa_data, dev->dev_addr, min_t(size_t, size, dev->addr_len));
		sa->sa_family = dev->type;
	}
	rcu_read_unlock();
	mutex_unlock(&dev_addr_sem);
	return ret;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int netif_pre_changeaddr_notify(struct net_device *dev, const char *addr,
				struct netlink_ext_ack *extack)
{
	return qdk_pre_changeaddr_notify(dev, addr, extack);
}
EXPORT_SYMBOL(netif_pre_changeaddr_notify);

int netif_set_mac_address(struct net_device *dev, struct sockaddr_storage *ss,
			  struct netlink_ext_ack *extack)
{
	return qdk_set_mac_address(dev, ss->ss_family, ss->__data, ss, extack);
}
EXPORT_SYMBOL(netif_set_mac_address);

int dev_set_mac_address(struct net_device *dev, struct sockaddr_storage *ss,
			struct netlink_ext_ack *extack)
{
	return netif_set_mac_address(dev, ss, extack);
}
EXPORT_SYMBOL(dev_set_mac_address);

int dev_set_mac_address_user(struct net_device *dev, struct sockaddr_storage *ss,
			     struct netlink_ext_ack *extack)
{
	int ret;

	mutex_lock(&dev_addr_sem);
	ret = netif_set_mac_address(dev, ss, extack);
	mutex_unlock(&dev_addr_sem);
	return ret;
}
EXPORT_SYMBOL(dev_set_mac_address_user);

int netif_get_mac_address(struct sockaddr *sa, struct net *net, char *dev_name)
{
	return qdk_get_mac_address(sa, net, dev_name);
}
EXPORT_SYMBOL(netif_get_mac_address);
#else
int dev_pre_changeaddr_notify(struct net_device *dev, const char *addr,
			      struct netlink_ext_ack *extack)
{
	return qdk_pre_changeaddr_notify(dev, addr, extack);
}
EXPORT_SYMBOL(dev_pre_changeaddr_notify);

int dev_set_mac_address(struct net_device *dev, struct sockaddr *sa,
			struct netlink_ext_ack *extack)
{
	return qdk_set_mac_address(dev, sa->sa_family, sa->sa_data, sa, extack);
}
EXPORT_SYMBOL(dev_set_mac_address);

int dev_set_mac_address_user(struct net_device *dev, struct sockaddr *sa,
			     struct netlink_ext_ack *extack)
{
	int ret;

	mutex_lock(&dev_addr_sem);
	ret = dev_set_mac_address(dev, sa, extack);
	mutex_unlock(&dev_addr_sem);
	return ret;
}
EXPORT_SYMBOL(dev_set_mac_address_user);

int dev_get_mac_address(struct sockaddr *sa, struct net *net, char *dev_name)
{
	return qdk_get_mac_address(sa, net, dev_name);
}
EXPORT_SYMBOL(dev_get_mac_address);

/* every NAPI context of dev polled by a thread of its own, or none */
int dev_set_threaded(struct net_device *dev, bool threaded)
{
	struct napi_struct *napi;

	if (dev->threaded == threaded)
		return 0;
	dev->threaded = threaded;
	list_for_each_entry(napi, &dev->napi_list, dev_list)
		assign_bit(NAPI_STATE_THREADED, &napi->state, threaded);
	return 0;
}
EXPORT_SYMBOL(dev_set_threaded);

DEFINE_RWLOCK(dev_base_lock);
EXPORT_SYMBOL(dev_base_lock);
#endif

/*
 * The switch (parent) id of dev's port: its driver's, else, with recurse,
 * the one all its lower devices share (-EOPNOTSUPP when they differ).
 */
static int qdk_get_port_parent_id(struct net_device *dev, struct netdev_phys_item_id *ppid,
				  bool recurse)
{
	const struct net_device_ops *ops = dev->netdev_ops;
	struct netdev_phys_item_id first = { };
	struct net_device *lower_dev;
	struct list_head *iter;
	int err;

	if (ops && ops->ndo_get_port_parent_id) {
		err = ops->ndo_get_port_parent_id(dev, ppid);
		if (err != -EOPNOTSUPP)
			return err;
	}
	if (!recurse)
		return -EOPNOTSUPP;
	err = -EOPNOTSUPP;
	netdev_for_each_lower_dev(dev, lower_dev, iter) {
		err = qdk_get_port_parent_id(lower_dev, ppid, true);
		if (err)
			break;
		if (!first.id_len)
			first = *ppid;
		else if (!netdev_phys_item_id_same(&first, ppid))
			return -EOPNOTSUPP;
	}
	return err;
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(7, 3, 0)
int netif_get_port_parent_id(struct net_device *dev, struct netdev_phys_item_id *ppid,
			     bool recurse)
{
	return qdk_get_port_parent_id(dev, ppid, recurse);
}
EXPORT_SYMBOL(netif_get_port_parent_id);
#else
int dev_get_port_parent_id(struct net_device *dev, struct netdev_phys_item_id *ppid,
			   bool recurse)
{
	return qdk_get_port_parent_id(dev, ppid, recurse);
}
EXPORT_SYMBOL(dev_get_port_parent_id);
#endif

/* both ports on the same switch */
bool netdev_port_same_parent_id(struct net_device *a, struct net_device *b)
{
	struct netdev_phys_item_id a_id = { };
	struct netdev_phys_item_id b_id = { };

	if (qdk_get_port_parent_id(a, &a_id, true) || qdk_get_port_parent_id(b, &b_id, true))
		return false;
	return netdev_phys_item_id_same(&a_id, &b_id);
}
EXPORT_SYMBOL(netdev_port_same_parent_id);

/* a driver's ethtool_ops where it set none */
void netdev_set_default_ethtool_ops(struct net_device *dev, const struct ethtool_ops *ops)
{
	if (!dev->ethtool_ops)
		dev->ethtool_ops = ops;
}
EXPORT_SYMBOL_GPL(netdev_set_default_ethtool_ops);

/* ---- moving a device under another upper device ---------------------------------- */

/* the upper device's private pointer of an adjacency entry (iter of the walks) */
void *netdev_adjacent_get_private(struct list_head *adj_list)
{
	return list_entry(adj_list, struct netdev_adjacent, list)->private;
}
EXPORT_SYMBOL(netdev_adjacent_get_private);

/*
 * An upper device dev (a macvlan, an IPvlan ...) moving from lower device
 * old_dev to new_dev: new_dev linked below it first; the commit unlinks
 * old_dev, an abort new_dev.
 */
int netdev_adjacent_change_prepare(struct net_device *old_dev, struct net_device *new_dev,
				   struct net_device *dev, struct netlink_ext_ack *extack)
{
	if (!new_dev)
		return 0;
	return netdev_upper_dev_link(new_dev, dev, extack);
}
EXPORT_SYMBOL(netdev_adjacent_change_prepare);

void netdev_adjacent_change_commit(struct net_device *old_dev, struct net_device *new_dev,
				   struct net_device *dev)
{
	if (!new_dev || !old_dev || new_dev == old_dev)
		return;
	netdev_upper_dev_unlink(old_dev, dev);
}
EXPORT_SYMBOL(netdev_adjacent_change_commit);

void netdev_adjacent_change_abort(struct net_device *old_dev, struct net_device *new_dev,
				  struct net_device *dev)
{
	if (!new_dev)
		return;
	netdev_upper_dev_unlink(new_dev, dev);
}
EXPORT_SYMBOL(netdev_adjacent_change_abort);
