/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __NET_NET_NAMESPACE_H
#define __NET_NET_NAMESPACE_H
#include <linux/netdevice.h>
extern struct net init_net;

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/atomic.h>
#include <linux/refcount.h>
#include <linux/workqueue.h>
#include <linux/list.h>
#include <linux/idr.h>
#include <linux/skbuff.h>
#include <linux/sched.h>
#endif
