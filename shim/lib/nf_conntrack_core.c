// SPDX-License-Identifier: GPL-2.0
/*
 * nf_conntrack_core.c - the locks of net/netfilter/nf_conntrack_core.c a
 * conntrack helper module takes: the hash buckets' locks and the expectation
 * lock. No connection is ever tracked here, so no code of the shim's holds
 * them; a module that takes one is checked as for any spinlock
 * (qdk/context.h). nf_conntrack_lock() never has to wait for a global
 * lock-all phase (the kernel's table resize), which the shim does not have.
 */
#include <linux/spinlock.h>
#include <linux/export.h>
#include <net/netfilter/nf_conntrack_core.h>

spinlock_t nf_conntrack_locks[CONNTRACK_LOCKS] = {
	[0 ... CONNTRACK_LOCKS - 1] = __SPIN_LOCK_UNLOCKED(nf_conntrack_locks),
};
EXPORT_SYMBOL_GPL(nf_conntrack_locks);

DEFINE_SPINLOCK(nf_conntrack_expect_lock);
EXPORT_SYMBOL_GPL(nf_conntrack_expect_lock);

void nf_conntrack_lock(spinlock_t *lock) __acquires(lock)
{
	spin_lock(lock);
}
EXPORT_SYMBOL_GPL(nf_conntrack_lock);
