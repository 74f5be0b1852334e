/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wait queues (shim/lib/fs.c). A wait_queue_head_t holds entries; wake_up*()
 * calls each entry's function with the mode and the key (the poll events of
 * wake_up_poll()), as __wake_up() does: poll(2) through `qdk-replay dev`
 * and qdk_file_poll() adds such entries and counts the wakes. Nothing can
 * sleep in the shim (one thread): wait_event*() whose condition is false
 * returns as though a signal had ended the wait (-ERESTARTSYS), and the
 * uninterruptible wait_event() warns and returns.
 */
#ifndef _LINUX_WAIT_H
#define _LINUX_WAIT_H

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>

struct wait_queue_entry;
typedef int (*wait_queue_func_t)(struct wait_queue_entry *wq_entry, unsigned int mode,
				 int flags, void *key);

struct wait_queue_entry {
	unsigned int flags;
	void *private;
	wait_queue_func_t func;
	struct list_head entry;
};
typedef struct wait_queue_entry wait_queue_entry_t;

struct wait_queue_head {
	spinlock_t lock;
	struct list_head head;
};
typedef struct wait_queue_head wait_queue_head_t;

#define TASK_INTERRUPTIBLE	0x0001
#define TASK_UNINTERRUPTIBLE	0x0002
#define TASK_NORMAL		(TASK_INTERRUPTIBLE | TASK_UNINTERRUPTIBLE)

#define __WAIT_QUEUE_HEAD_INITIALIZER(name) {				\
	.lock = __SPIN_LOCK_UNLOCKED(name.lock),			\
	.head = LIST_HEAD_INIT(name.head) }

#define DECLARE_WAIT_QUEUE_HEAD(name) \
	struct wait_queue_head name = __WAIT_QUEUE_HEAD_INITIALIZER(name)

static inline void init_waitqueue_head(struct wait_queue_head *wq_head)
{
	spin_lock_init(&wq_head->lock);
	INIT_LIST_HEAD(&wq_head->head);
}

static inline int waitqueue_active(struct wait_queue_head *wq_head)
{
	return !list_empty(&wq_head->head);
}

static inline bool wq_has_sleeper(struct wait_queue_head *wq_head)
{
	return waitqueue_active(wq_head);
}

static inline void add_wait_queue(struct wait_queue_head *wq_head,
				  struct wait_queue_entry *wq_entry)
{
	list_add(&wq_entry->entry, &wq_head->head);
}

static inline void remove_wait_queue(struct wait_queue_head *wq_head,
				     struct wait_queue_entry *wq_entry)
{
	list_del(&wq_entry->entry);
}

/* every entry's function with mode and key; nr_exclusive is moot (no sleepers) */
void __wake_up(struct wait_queue_head *wq_head, unsigned int mode, int nr_exclusive,
	       void *key);

#define wake_up(x)			__wake_up(x, TASK_NORMAL, 1, NULL)
#define wake_up_nr(x, nr)		__wake_up(x, TASK_NORMAL, nr, NULL)
#define wake_up_all(x)			__wake_up(x, TASK_NORMAL, 0, NULL)
#define wake_up_interruptible(x)	__wake_up(x, TASK_INTERRUPTIBLE, 1, NULL)
#define wake_up_interruptible_all(x)	__wake_up(x, TASK_INTERRUPTIBLE, 0, NULL)
#define wake_up_poll(x, m)						\
	__wake_up(x, TASK_NORMAL, 1, (void *)(unsigned long)(m))
#define wake_up_interruptible_poll(x, m)				\
	__wake_up(x, TASK_INTERRUPTIBLE, 1, (void *)(unsigned long)(m))

/* the condition, or the wait a signal would end: nothing else can make it true */
#define wait_event_interruptible(wq_head, condition)			\
	((condition) ? 0 : -ERESTARTSYS)
#define wait_event_killable(wq_head, condition)				\
	wait_event_interruptible(wq_head, condition)
#define wait_event_interruptible_timeout(wq_head, condition, timeout)	\
	((condition) ? ((timeout) ? (long)(timeout) : 1L) : (long)-ERESTARTSYS)
#define wait_event(wq_head, condition)					\
	do { WARN_ON_ONCE(!(condition)); } while (0)

#endif
