// SPDX-License-Identifier: GPL-2.0
/*
 * softirq.c - tasklets (linux/interrupt.h) on the virtual clock: a
 * scheduled tasklet is an entry of the clock's queue due at the time it was
 * scheduled (qdk_time_defer()), which the queue runs before other entries
 * due then, as the tasklet softirq runs on the way out of the interrupt or
 * bh-disabled section that raised it.
 */
#include <linux/bottom_half.h>
#include <linux/bug.h>
#include <linux/interrupt.h>
#include <linux/string.h>

#include "shim.h"

void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data)
{
	memset(t, 0, sizeof(*t));
	t->func = func;
	t->data = data;
}

void tasklet_setup(struct tasklet_struct *t, void (*callback)(struct tasklet_struct *))
{
	memset(t, 0, sizeof(*t));
	t->callback = callback;
	t->use_callback = true;
}

void __tasklet_schedule(struct tasklet_struct *t)
{
	qdk_time_defer(&t->__qdk_node, QDK_TNODE_TASKLET);
}

void __tasklet_hi_schedule(struct tasklet_struct *t)
{
	__tasklet_schedule(t);
}

void qdk_tasklet_run(struct qdk_tnode *n)
{
	struct tasklet_struct *t = container_of(n, struct tasklet_struct, __qdk_node);

	/* disabled: it stays scheduled, off the queue, until enabled */
	if (atomic_read(&t->count))
		return;
	clear_bit(TASKLET_STATE_SCHED, &t->state);
	set_bit(TASKLET_STATE_RUN, &t->state);
	if (t->use_callback)
		t->callback(t);
	else
		t->func(t->data);
	clear_bit(TASKLET_STATE_RUN, &t->state);
}

void tasklet_enable(struct tasklet_struct *t)
{
	if (atomic_dec_return(&t->count) == 0 &&
	    test_bit(TASKLET_STATE_SCHED, &t->state) && !t->__qdk_node.queued)
		__tasklet_schedule(t);
}

/*
 * The kernel's tasklet_kill() waits while the tasklet is scheduled, so a
 * scheduled one runs first (here: now, at the current time); then it is
 * neither scheduled nor running, and may be scheduled again later. A
 * disabled, scheduled tasklet would make the kernel wait for ever: the shim
 * warns and unschedules it.
 */
void tasklet_kill(struct tasklet_struct *t)
{
	if (!test_bit(TASKLET_STATE_SCHED, &t->state))
		return;
	qdk_time_cancel(&t->__qdk_node);
	if (WARN_ON_ONCE(atomic_read(&t->count)))
		clear_bit(TASKLET_STATE_SCHED, &t->state);
	else
		qdk_tasklet_run(&t->__qdk_node);
}

void tasklet_unlock(struct tasklet_struct *t)
{
	clear_bit(TASKLET_STATE_RUN, &t->state);
}

/*
 * Running means this very call stack holds the RUN bit (a callback, or a
 * caller's tasklet_trylock()): the kernel would wait for ever.
 */
void tasklet_unlock_wait(struct tasklet_struct *t)
{
	WARN_ONCE(test_bit(TASKLET_STATE_RUN, &t->state),
		  "tasklet_unlock_wait() on a tasklet this CPU is running: it would wait for ever\n");
}

void tasklet_unlock_spin_wait(struct tasklet_struct *t)
{
	tasklet_unlock_wait(t);
}

/* bottom halves back on (linux/bottom_half.h): nothing pends to run here */
void __local_bh_enable_ip(unsigned long ip, unsigned int cnt)
{
	qdk_ctx_irq_on(1, ip);
}

void _local_bh_enable(void)
{
	qdk_ctx_irq_on(1, (unsigned long)__builtin_return_address(0));
}
