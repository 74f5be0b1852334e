/* SPDX-License-Identifier: GPL-2.0 */
/*
 * linux/notifier.h - notifier chains, as far as the netdevice chains need
 * them: a raw chain (the caller locks; RTNL for the netdevice chains) of
 * blocks sorted by priority, higher first, equal ones in registration
 * order (kernel/notifier.c's rules; the shim's in lib/notifier.c).
 */
#ifndef _LINUX_NOTIFIER_H
#define _LINUX_NOTIFIER_H

#include <linux/errno.h>
#include <linux/compiler.h>

struct notifier_block;

typedef int (*notifier_fn_t)(struct notifier_block *nb, unsigned long action,
			     void *data);

struct notifier_block {
	notifier_fn_t			notifier_call;
	struct notifier_block __rcu	*next;
	int				priority;
};

struct raw_notifier_head {
	struct notifier_block __rcu *head;
};

#define RAW_INIT_NOTIFIER_HEAD(name) do { (name)->head = NULL; } while (0)
#define RAW_NOTIFIER_INIT(name)	{ .head = NULL }
#define RAW_NOTIFIER_HEAD(name) \
	struct raw_notifier_head name = RAW_NOTIFIER_INIT(name)

int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *nb);
int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *nb);
int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val, void *v);

/* what a callback returns; STOP_MASK ends the walk */
#define NOTIFY_DONE		0x0000
#define NOTIFY_OK		0x0001
#define NOTIFY_STOP_MASK	0x8000
#define NOTIFY_BAD		(NOTIFY_STOP_MASK | 0x0002)
#define NOTIFY_STOP		(NOTIFY_OK | NOTIFY_STOP_MASK)

/* an errno carried in a notifier's return value, and back */
static inline int notifier_from_errno(int err)
{
	if (err)
		return NOTIFY_STOP_MASK | (NOTIFY_OK - err);
	return NOTIFY_OK;
}

static inline int notifier_to_errno(int ret)
{
	ret &= ~NOTIFY_STOP_MASK;
	return ret > NOTIFY_OK ? NOTIFY_OK - ret : 0;
}

/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/mutex.h>
#include <linux/srcu.h>
#include <linux/wait.h>
#include <linux/bitmap.h>
#endif
