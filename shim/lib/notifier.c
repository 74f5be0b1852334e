// SPDX-License-Identifier: GPL-2.0
/*
 * notifier.c - raw notifier chains (kernel/notifier.c): a list sorted by
 * priority; registering a block twice warns and fails with -EEXIST, a walk
 * stops at the first return with NOTIFY_STOP_MASK and returns it.
 */
#include <linux/notifier.h>
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/rcupdate.h>
#include "shim.h"

int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *n)
{
	struct notifier_block **nl = &nh->head;

	while (*nl) {
		if (unlikely(*nl == n)) {
			WARN(1, "notifier callback %ps already registered",
			     n->notifier_call);
			return -EEXIST;
		}
		if (n->priority > (*nl)->priority)
			break;
		nl = &(*nl)->next;
	}
	n->next = *nl;
	rcu_assign_pointer(*nl, n);
	return 0;
}
EXPORT_SYMBOL(raw_notifier_chain_register);

int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *n)
{
	struct notifier_block **nl;

	for (nl = &nh->head; *nl; nl = &(*nl)->next) {
		if (*nl == n) {
			rcu_assign_pointer(*nl, n->next);
			return 0;
		}
	}
	return -ENOENT;
}
EXPORT_SYMBOL(raw_notifier_chain_unregister);

int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val, void *v)
{
	struct notifier_block *nb = rcu_dereference_raw(nh->head), *next;
	int ret = NOTIFY_DONE;

	for (; nb; nb = next) {
		next = rcu_dereference_raw(nb->next);
		ret = nb->notifier_call(nb, val, v);
		if (ret & NOTIFY_STOP_MASK)
			break;
	}
	return ret;
}
EXPORT_SYMBOL(raw_notifier_call_chain);
