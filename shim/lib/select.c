// SPDX-License-Identifier: GPL-2.0
/*
 * select.c - a poll(2)'s wait table (the kernel's fs/select.c): each
 * poll_wait() of a driver's poll handler queues an entry on the named wait
 * queue; a wake-up there sets the table's triggered. The shim keeps the
 * inline entries only; a handler naming more queues sets error -ENOMEM.
 */
#include <linux/poll.h>

static int pollwake(struct wait_queue_entry *wait, unsigned int mode, int sync, void *key)
{
	struct poll_table_entry *entry = container_of(wait, struct poll_table_entry, wait);
	struct poll_wqueues *pwq = wait->private;

	/* a keyed wake-up for events nobody asked for wakes no one */
	if (key && !(key_to_poll(key) & entry->key))
		return 0;
	pwq->triggered = 1;
	return 1;
}

static void __pollwait(struct file *filp, wait_queue_head_t *wait_address, poll_table *p)
{
	struct poll_wqueues *pwq = container_of(p, struct poll_wqueues, pt);
	struct poll_table_entry *entry;

	if (pwq->inline_index >= N_INLINE_POLL_ENTRIES) {
		pwq->error = -ENOMEM;
		return;
	}
	entry = &pwq->inline_entries[pwq->inline_index++];
	entry->filp = filp;
	entry->wait_address = wait_address;
	entry->key = p->_key;
	init_waitqueue_func_entry(&entry->wait, pollwake);
	entry->wait.private = pwq;
	add_wait_queue(wait_address, &entry->wait);
}

void poll_initwait(struct poll_wqueues *pwq)
{
	init_poll_funcptr(&pwq->pt, __pollwait);
	pwq->polling_task = NULL;
	pwq->triggered = 0;
	pwq->error = 0;
	pwq->table = NULL;
	pwq->inline_index = 0;
}

void poll_freewait(struct poll_wqueues *pwq)
{
	int i;

	for (i = 0; i < pwq->inline_index; i++)
		remove_wait_queue(pwq->inline_entries[i].wait_address,
				  &pwq->inline_entries[i].wait);
	pwq->inline_index = 0;
}
