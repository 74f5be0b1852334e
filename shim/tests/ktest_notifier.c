// SPDX-License-Identifier: GPL-2.0
/*
 * ktest_notifier.c - notifier chains (kernel/notifier.c's rules): priority
 * order, duplicate and unique-priority registrations, the stop mask, the
 * robust walk's roll-back, atomic and SRCU chains.
 */
#include <linux/kernel.h>
#include <linux/notifier.h>

#include "ktest.h"
#include "shim.h"

/* each call appends its block's id (and the event) to a log */
static char nlog[64];
static int nlen;

struct kt_nb {
	struct notifier_block nb;
	char id;
	int ret;
};

static int kt_call(struct notifier_block *nb, unsigned long action, void *data)
{
	struct kt_nb *k = container_of(nb, struct kt_nb, nb);

	if (nlen < (int)sizeof(nlog) - 3) {
		nlog[nlen++] = k->id;
		nlog[nlen++] = '0' + (char)action;
		nlog[nlen] = '\0';
	}
	if (data)
		(*(int *)data)++;
	return k->ret;
}

static void nlog_reset(void)
{
	nlen = 0;
	nlog[0] = '\0';
}

#define KT_NB(name, _id, prio, _ret) \
	struct kt_nb name = { .nb = { .notifier_call = kt_call, .priority = prio }, \
			      .id = _id, .ret = _ret }

KTEST(notifier, raw_order_and_stop)
{
	RAW_NOTIFIER_HEAD(chain);
	KT_NB(a, 'a', 0, NOTIFY_OK);
	KT_NB(b, 'b', 10, NOTIFY_DONE);
	KT_NB(c, 'c', 0, NOTIFY_OK);
	KT_NB(d, 'd', -5, NOTIFY_OK);
	int calls = 0;

	KT_EQ(raw_notifier_call_chain(&chain, 1, NULL), NOTIFY_DONE);
	KT_EQ(raw_notifier_chain_register(&chain, &a.nb), 0);
	KT_EQ(raw_notifier_chain_register(&chain, &b.nb), 0);
	KT_EQ(raw_notifier_chain_register(&chain, &c.nb), 0);
	KT_EQ(raw_notifier_chain_register(&chain, &d.nb), 0);
	/* higher priority first, equal ones in registration order */
	nlog_reset();
	KT_EQ(raw_notifier_call_chain(&chain, 1, &calls), NOTIFY_OK);
	KT_STREQ(nlog, "b1a1c1d1");
	KT_EQ(calls, 4);
	/* a stop ends the walk and is returned */
	c.ret = NOTIFY_BAD;
	nlog_reset();
	KT_EQ(raw_notifier_call_chain(&chain, 2, NULL), NOTIFY_BAD);
	KT_STREQ(nlog, "b2a2c2");
	KT_EQ(notifier_to_errno(NOTIFY_BAD), -EPERM);
	KT_EQ(notifier_to_errno(notifier_from_errno(-ENOMEM)), -ENOMEM);
	/* robust: the blocks before the stopper hear val_down */
	nlog_reset();
	KT_EQ(raw_notifier_call_chain_robust(&chain, 3, 4, NULL), NOTIFY_BAD);
	KT_STREQ(nlog, "b3a3c3b4a4");
	c.ret = NOTIFY_OK;
	nlog_reset();
	KT_EQ(raw_notifier_call_chain_robust(&chain, 3, 4, NULL), NOTIFY_OK);
	KT_STREQ(nlog, "b3a3c3d3");
	KT_EQ(raw_notifier_chain_unregister(&chain, &a.nb), 0);
	KT_EQ(raw_notifier_chain_unregister(&chain, &a.nb), -ENOENT);
	nlog_reset();
	raw_notifier_call_chain(&chain, 5, NULL);
	KT_STREQ(nlog, "b5c5d5");
	return 0;
}

KTEST(notifier, atomic_chain)
{
	ATOMIC_NOTIFIER_HEAD(chain);
	KT_NB(a, 'a', 1, NOTIFY_OK);
	KT_NB(b, 'b', 1, NOTIFY_OK);
	KT_NB(c, 'c', 2, NOTIFY_STOP);
	unsigned long flags;

	KT_ASSERT(atomic_notifier_call_chain_is_empty(&chain), "empty");
	KT_EQ(atomic_notifier_chain_register(&chain, &a.nb), 0);
	/* the same priority twice: -EBUSY for a unique-priority registration */
	KT_EQ(atomic_notifier_chain_register_unique_prio(&chain, &b.nb), -EBUSY);
	KT_EQ(atomic_notifier_chain_register_unique_prio(&chain, &c.nb), 0);
	KT_ASSERT(!atomic_notifier_call_chain_is_empty(&chain), "not empty");
	/* callable with interrupts off: it takes no sleeping lock */
	nlog_reset();
	local_irq_save(flags);
	KT_EQ(atomic_notifier_call_chain(&chain, 7, NULL), NOTIFY_STOP);
	local_irq_restore(flags);
	KT_STREQ(nlog, "c7");
	KT_EQ(atomic_notifier_chain_unregister(&chain, &c.nb), 0);
	nlog_reset();
	KT_EQ(atomic_notifier_call_chain(&chain, 8, NULL), NOTIFY_OK);
	KT_STREQ(nlog, "a8");
	KT_ASSERT(!spin_is_locked(&chain.lock), "lock released");
	atomic_notifier_chain_unregister(&chain, &a.nb);
	return 0;
}

SRCU_NOTIFIER_HEAD_STATIC(st);

KTEST(notifier, srcu_chain)
{
	struct srcu_notifier_head chain;
	KT_NB(a, 'a', 0, NOTIFY_OK);
	KT_NB(b, 'b', 3, NOTIFY_OK);

	srcu_init_notifier_head(&chain);
	KT_EQ(srcu_notifier_chain_register(&chain, &a.nb), 0);
	KT_EQ(srcu_notifier_chain_register(&chain, &b.nb), 0);
	nlog_reset();
	KT_EQ(srcu_notifier_call_chain(&chain, 1, NULL), NOTIFY_OK);
	KT_STREQ(nlog, "b1a1");
	KT_EQ(srcu_notifier_chain_unregister(&chain, &b.nb), 0);
	KT_EQ(srcu_notifier_chain_unregister(&chain, &b.nb), -ENOENT);
	KT_ASSERT(!mutex_is_locked(&chain.mutex), "mutex released");
	srcu_cleanup_notifier_head(&chain);
	KT_EQ(srcu_notifier_chain_register(&st, &b.nb), 0);
	nlog_reset();
	srcu_notifier_call_chain(&st, 2, NULL);
	KT_STREQ(nlog, "b2");
	srcu_notifier_chain_unregister(&st, &b.nb);
	return 0;
}

static BLOCKING_NOTIFIER_HEAD(kt_blocking_chain);
static struct rw_semaphore *kt_chain_rwsem;
static int kt_read_held;

/* a blocking chain's callback runs under the rwsem's read side: it may sleep */
static int kt_blocking_call(struct notifier_block *nb, unsigned long action, void *data)
{
	kt_read_held = rwsem_is_locked(kt_chain_rwsem);
	might_sleep();
	return kt_call(nb, action, data);
}

KTEST(notifier, blocking_chain)
{
	struct blocking_notifier_head chain;
	KT_NB(a, 'a', 0, NOTIFY_OK);
	KT_NB(b, 'b', 5, NOTIFY_OK);
	KT_NB(c, 'c', 5, NOTIFY_BAD);

	BLOCKING_INIT_NOTIFIER_HEAD(&chain);
	kt_chain_rwsem = &chain.rwsem;
	a.nb.notifier_call = kt_blocking_call;
	/* an empty chain calls nothing: NOTIFY_DONE */
	KT_EQ(blocking_notifier_call_chain(&chain, 1, NULL), NOTIFY_DONE);
	KT_EQ(blocking_notifier_chain_register(&chain, &a.nb), 0);
	KT_EQ(blocking_notifier_chain_register_unique_prio(&chain, &b.nb), 0);
	KT_EQ(blocking_notifier_chain_register_unique_prio(&chain, &c.nb), -EBUSY);
	KT_EQ(blocking_notifier_chain_register(&chain, &c.nb), 0);
	nlog_reset();
	kt_read_held = 0;
	KT_EQ(blocking_notifier_call_chain(&chain, 1, NULL), NOTIFY_BAD);
	KT_STREQ(nlog, "b1c1");
	KT_EQ(blocking_notifier_chain_unregister(&chain, &c.nb), 0);
	KT_EQ(blocking_notifier_chain_unregister(&chain, &c.nb), -ENOENT);
	nlog_reset();
	KT_EQ(blocking_notifier_call_chain(&chain, 2, NULL), NOTIFY_OK);
	KT_STREQ(nlog, "b2a2");
	KT_ASSERT(kt_read_held, "called without the read side held");
	KT_ASSERT(!rwsem_is_locked(&chain.rwsem), "rwsem released");
	/* robust: the stopper's predecessors hear val_down */
	a.ret = NOTIFY_BAD;
	nlog_reset();
	KT_EQ(blocking_notifier_call_chain_robust(&chain, 3, 4, NULL), NOTIFY_BAD);
	KT_STREQ(nlog, "b3a3b4");
	/* a statically defined chain */
	KT_EQ(blocking_notifier_chain_register(&kt_blocking_chain, &b.nb), 0);
	nlog_reset();
	blocking_notifier_call_chain(&kt_blocking_chain, 6, NULL);
	KT_STREQ(nlog, "b6");
	blocking_notifier_chain_unregister(&kt_blocking_chain, &b.nb);
	blocking_notifier_chain_unregister(&chain, &a.nb);
	blocking_notifier_chain_unregister(&chain, &b.nb);
	return 0;
}
