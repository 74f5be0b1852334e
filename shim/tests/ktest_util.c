// SPDX-License-Identifier: GPL-2.0
/* ktest_util.c - helpers for the kernel-side cases: a device and a qdisc. */
#include <linux/kernel.h>
#include <linux/netdevice.h>
#include <linux/rtnetlink.h>
#include <net/pkt_sched.h>

#include "ktest.h"
#include "shim.h"

static const struct net_device_ops test_netdev_ops;

struct test_dev {
	struct net_device dev;
	struct netdev_queue txq;
};

struct Qdisc *qdk_test_qdisc(const char *kind)
{
	struct Qdisc_ops *ops = qdk_lookup_ops(kind);
	struct test_dev *td;
	struct Qdisc *sch;

	if (!ops)
		return NULL;
	td = kzalloc(sizeof(*td), GFP_KERNEL);
	if (!td)
		return NULL;
	strscpy(td->dev.name, "qdktest", IFNAMSIZ);
	td->dev.mtu = 1500;
	td->dev.netdev_ops = &test_netdev_ops;
	td->dev.flags = IFF_UP | IFF_RUNNING;
	td->dev.hard_header_len = ETH_HLEN;
	td->dev.tx_queue_len = 1000;
	td->dev.num_tx_queues = 1;
	td->dev._tx = &td->txq;
	td->txq.dev = &td->dev;
	/* creating and destroying a qdisc is control path: RTNL held */
	rtnl_lock();
	sch = qdisc_create_dflt(&td->txq, ops, TC_H_ROOT, NULL);
	rtnl_unlock();
	if (!sch) {
		kfree(td);
		return NULL;
	}
	sch->handle = 0x80010000;
	td->txq.qdisc = sch;
	td->txq.qdisc_sleeping = sch;
	td->dev.qdisc = sch;
	return sch;
}

void qdk_test_qdisc_put(struct Qdisc *sch)
{
	struct test_dev *td = container_of(qdisc_dev(sch), struct test_dev, dev);

	rtnl_lock();
	qdisc_put(sch);
	rtnl_unlock();
	kfree(td);
}
