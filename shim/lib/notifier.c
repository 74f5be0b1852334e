// SPDX-License-Identifier: GPL-2.0
/*
 * notifier.c - notifier chains (kernel/notifier.c): a list sorted by
 * priority (higher first, equal ones in registration order); registering a
 * block twice warns and fails with -EEXIST, a unique-priority registration
 * fails with -EBUSY on a tie; a walk stops at the first return with
 * NOTIFY_STOP_MASK and returns it. Raw chains lock nothing; atomic chains
 * change under their spinlock (irqs off) and walk under RCU; SRCU chains
 * change under their mutex, so they may sleep, and walk under SRCU; blocking
 * chains change under their rwsem's write side and walk under its read side
 * (not taken for an empty chain, as the kernel).
 */
#include <linux/notifier.h>
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include "shim.h"

static int chain_register(struct notifier_block **nl, struct notifier_block *n,
			  bool unique_priority)
{
	while (*nl) {
		if (unlikely(*nl == n)) {
			WARN(1, "notifier callback %ps already registered",
			     n->notifier_call);
			return -EEXIST;
		}
		if (n->priority > (*nl)->priority)
			break;
		if (n->priority == (*nl)->priority && unique_priority)
			return -EBUSY;
		nl = &(*nl)->next;
	}
	n->next = *nl;
	rcu_assign_pointer(*nl, n);
	return 0;
}

static int chain_unregister(struct notifier_block **nl, struct notifier_block *n)
{
	for (; *nl; nl = &(*nl)->next) {
		if (*nl == n) {
			rcu_assign_pointer(*nl, n->next);
			return 0;
		}
	}
	return -ENOENT;
}

/*
 * Call at most nr_to_call blocks (-1: all), counting the calls made in
 * *nr_calls if given; the last return value, NOTIFY_DONE for none.
 */
static int call_chain(struct notifier_block **nl, unsigned long val, void *v,
		      int nr_to_call, int *nr_calls)
{
	struct notifier_block *nb = rcu_dereference_raw(*nl), *next;
	int ret = NOTIFY_DONE;

	for (; nb && nr_to_call; nr_to_call--, nb = next) {
		next = rcu_dereference_raw(nb->next);
		ret = nb->notifier_call(nb, val, v);
		if (nr_calls)
			(*nr_calls)++;
		if (ret & NOTIFY_STOP_MASK)
			break;
	}
	return ret;
}

/* val_up to all; on a stop, val_down to the ones called before the stopper */
static int call_chain_robust(struct notifier_block **nl, unsigned long val_up,
			     unsigned long val_down, void *v)
{
	int ret, nr = 0;

	ret = call_chain(nl, val_up, v, -1, &nr);
	if (ret & NOTIFY_STOP_MASK)
		call_chain(nl, val_down, v, nr - 1, NULL);
	return ret;
}

int raw_notifier_chain_register(struct raw_notifier_head *nh, struct notifier_block *n)
{
	return chain_register(&nh->head, n, false);
}
EXPORT_SYMBOL(raw_notifier_chain_register);

int raw_notifier_chain_unregister(struct raw_notifier_head *nh, struct notifier_block *n)
{
	return chain_unregister(&nh->head, n);
}
EXPORT_SYMBOL(raw_notifier_chain_unregister);

int raw_notifier_call_chain(struct raw_notifier_head *nh, unsigned long val, void *v)
{
	return call_chain(&nh->head, val, v, -1, NULL);
}
EXPORT_SYMBOL(raw_notifier_call_chain);

int raw_notifier_call_chain_robust(struct raw_notifier_head *nh, unsigned long val_up,
				   unsigned long val_down, void *v)
{
	return call_chain_robust(&nh->head, val_up, val_down, v);
}
EXPORT_SYMBOL(raw_notifier_call_chain_robust);

static int atomic_register(struct atomic_notifier_head *nh, struct notifier_block *n,
			   bool unique_priority)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&nh->lock, flags);
	ret = chain_register(&nh->head, n, unique_priority);
	spin_unlock_irqrestore(&nh->lock, flags);
	return ret;
}

int atomic_notifier_chain_register(struct atomic_notifier_head *nh, struct notifier_block *n)
{
	return atomic_register(nh, n, false);
}
EXPORT_SYMBOL(atomic_notifier_chain_register);

int atomic_notifier_chain_register_unique_prio(struct atomic_notifier_head *nh,
					       struct notifier_block *n)
{
	return atomic_register(nh, n, true);
}
EXPORT_SYMBOL(atomic_notifier_chain_register_unique_prio);

/* the kernel waits for the walks under way (synchronize_rcu()): none here */
int atomic_notifier_chain_unregister(struct atomic_notifier_head *nh, struct notifier_block *n)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&nh->lock, flags);
	ret = chain_unregister(&nh->head, n);
	spin_unlock_irqrestore(&nh->lock, flags);
	synchronize_rcu();
	return ret;
}
EXPORT_SYMBOL(atomic_notifier_chain_unregister);

int atomic_notifier_call_chain(struct atomic_notifier_head *nh, unsigned long val, void *v)
{
	int ret;

	rcu_read_lock();
	ret = call_chain(&nh->head, val, v, -1, NULL);
	rcu_read_unlock();
	return ret;
}
EXPORT_SYMBOL(atomic_notifier_call_chain);

bool atomic_notifier_call_chain_is_empty(struct atomic_notifier_head *nh)
{
	return !rcu_access_pointer(nh->head);
}
EXPORT_SYMBOL(atomic_notifier_call_chain_is_empty);

static int blocking_register(struct blocking_notifier_head *nh, struct notifier_block *n,
			     bool unique_priority)
{
	int ret;

	down_write(&nh->rwsem);
	ret = chain_register(&nh->head, n, unique_priority);
	up_write(&nh->rwsem);
	return ret;
}

int blocking_notifier_chain_register(struct blocking_notifier_head *nh, struct notifier_block *n)
{
	return blocking_register(nh, n, false);
}
EXPORT_SYMBOL_GPL(blocking_notifier_chain_register);

int blocking_notifier_chain_register_unique_prio(struct blocking_notifier_head *nh,
						 struct notifier_block *n)
{
	return blocking_register(nh, n, true);
}
EXPORT_SYMBOL_GPL(blocking_notifier_chain_register_unique_prio);

int blocking_notifier_chain_unregister(struct blocking_notifier_head *nh,
				       struct notifier_block *n)
{
	int ret;

	down_write(&nh->rwsem);
	ret = chain_unregister(&nh->head, n);
	up_write(&nh->rwsem);
	return ret;
}
EXPORT_SYMBOL_GPL(blocking_notifier_chain_unregister);

int blocking_notifier_call_chain(struct blocking_notifier_head *nh, unsigned long val, void *v)
{
	int ret = NOTIFY_DONE;

	if (rcu_access_pointer(nh->head)) {
		down_read(&nh->rwsem);
		ret = call_chain(&nh->head, val, v, -1, NULL);
		up_read(&nh->rwsem);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(blocking_notifier_call_chain);

int blocking_notifier_call_chain_robust(struct blocking_notifier_head *nh,
					unsigned long val_up, unsigned long val_down, void *v)
{
	int ret = NOTIFY_DONE;

	if (rcu_access_pointer(nh->head)) {
		down_read(&nh->rwsem);
		ret = call_chain_robust(&nh->head, val_up, val_down, v);
		up_read(&nh->rwsem);
	}
	return ret;
}
EXPORT_SYMBOL_GPL(blocking_notifier_call_chain_robust);

void srcu_init_notifier_head(struct srcu_notifier_head *nh)
{
	mutex_init(&nh->mutex);
	if (init_srcu_struct(&nh->srcu) < 0)
		BUG();
	nh->head = NULL;
}
EXPORT_SYMBOL(srcu_init_notifier_head);

int srcu_notifier_chain_register(struct srcu_notifier_head *nh, struct notifier_block *n)
{
	int ret;

	mutex_lock(&nh->mutex);
	ret = chain_register(&nh->head, n, false);
	mutex_unlock(&nh->mutex);
	return ret;
}
EXPORT_SYMBOL(srcu_notifier_chain_register);

int srcu_notifier_chain_unregister(struct srcu_notifier_head *nh, struct notifier_block *n)
{
	int ret;

	mutex_lock(&nh->mutex);
	ret = chain_unregister(&nh->head, n);
	mutex_unlock(&nh->mutex);
	synchronize_srcu(&nh->srcu);
	return ret;
}
EXPORT_SYMBOL(srcu_notifier_chain_unregister);

int srcu_notifier_call_chain(struct srcu_notifier_head *nh, unsigned long val, void *v)
{
	int ret, idx;

	idx = srcu_read_lock(&nh->srcu);
	ret = call_chain(&nh->head, val, v, -1, NULL);
	srcu_read_unlock(&nh->srcu, idx);
	return ret;
}
EXPORT_SYMBOL(srcu_notifier_call_chain);
