// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_lock.c - bpf_spin_lock()/bpf_spin_unlock() (kernel/bpf/helpers.c):
 * interrupts off while the lock is held, as the kernel's
 * __bpf_spin_lock_irqsave() has them, reported to the shim's context
 * checks. A program holds at most one such lock, and may call only the
 * graph kfuncs under it, which the verifier enforces at load and the
 * runtime at the call (qdk_bpf_refused()).
 */
#include <qdk/context.h>
#include "bpf_rt.h"

struct bpf_spin_lock *qdk_bpf_lock_held;

void bpf_spin_lock(struct bpf_spin_lock *lock)
{
	unsigned long ip = QDK_BPF_CALLER;

	if (qdk_bpf_lock_held)
		qdk_bpf_refused(ip, __func__,
				"locking two bpf_spin_locks are not allowed");
	qdk_ctx_irq_off(0, ip);
	lock->val = 1;
	qdk_bpf_lock_held = lock;
}

void bpf_spin_unlock(struct bpf_spin_lock *lock)
{
	unsigned long ip = QDK_BPF_CALLER;

	if (qdk_bpf_lock_held != lock)
		qdk_bpf_refused(ip, __func__, qdk_bpf_lock_held ?
				"bpf_spin_unlock of a different lock" :
				"bpf_spin_unlock without taking a lock");
	lock->val = 0;
	qdk_bpf_lock_held = NULL;
	qdk_ctx_irq_on(0, ip);
}
