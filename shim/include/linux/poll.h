/* SPDX-License-Identifier: GPL-2.0 */
/*
 * poll(2)'s side of a driver: poll_table and poll_wait(), the EPOLL* event
 * bits (uapi linux/eventpoll.h). The shim's poller (qdk_file_poll(),
 * shim/lib/fs.c) passes a table whose queueing function adds one entry per
 * wait queue the handler names; a wake_up*() on one of them counts as the
 * wake that would end the process's sleep. A file without a poll handler
 * polls as DEFAULT_POLLMASK, as vfs_poll() has it.
 */
#ifndef _LINUX_POLL_H
#define _LINUX_POLL_H

#include <linux/fs.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/eventpoll.h>	/* uapi: EPOLL* */

#include <asm/poll.h>		/* uapi: POLL* */

/* select(2)'s and poll(2)'s stack budgets (fs/select.c) */
#define MAX_STACK_ALLOC		832
#define FRONTEND_STACK_ALLOC	256
#define SELECT_STACK_ALLOC	FRONTEND_STACK_ALLOC
#define POLL_STACK_ALLOC	FRONTEND_STACK_ALLOC
#define WQUEUES_STACK_ALLOC	(MAX_STACK_ALLOC - FRONTEND_STACK_ALLOC)
#define N_INLINE_POLL_ENTRIES	(WQUEUES_STACK_ALLOC / sizeof(struct poll_table_entry))

#define DEFAULT_POLLMASK (EPOLLIN | EPOLLOUT | EPOLLRDNORM | EPOLLWRNORM)

/* the longest timeout in seconds that fits jiffies */
#define MAX_INT64_SECONDS (((s64)(~((u64)0) >> 1) / HZ) - 1)

struct poll_table_struct;
typedef void (*poll_queue_proc)(struct file *, wait_queue_head_t *, struct poll_table_struct *);

typedef struct poll_table_struct {
	poll_queue_proc _qproc;
	__poll_t _key;
} poll_table;

static inline void poll_wait(struct file *filp, wait_queue_head_t *wait_address, poll_table *p)
{
	if (p && p->_qproc && wait_address)
		p->_qproc(filp, wait_address, p);
}

static inline bool poll_does_not_wait(const poll_table *p)
{
	return !p || !p->_qproc;
}

static inline __poll_t poll_requested_events(const poll_table *p)
{
	return p ? p->_key : ~(__poll_t)0;
}

static inline void init_poll_funcptr(poll_table *pt, poll_queue_proc qproc)
{
	pt->_qproc = qproc;
	pt->_key = ~(__poll_t)0;
}

static inline bool file_can_poll(struct file *file)
{
	return file->f_op->poll;
}

/* a file's events now; one without a poll handler is always ready */
static inline __poll_t vfs_poll(struct file *file, struct poll_table_struct *pt)
{
	if (unlikely(!file->f_op->poll))
		return DEFAULT_POLLMASK;
	return file->f_op->poll(file, pt);
}

/* one wait queue a poll(2) sleeps on */
struct poll_table_entry {
	struct file *filp;
	__poll_t key;
	wait_queue_entry_t wait;
	wait_queue_head_t *wait_address;
};

struct poll_table_page;
struct task_struct;

/*
 * A poll(2)'s state (fs/select.c, shim/lib/select.c): poll_initwait() makes
 * a table whose poll_wait() queues an entry on each wait queue named (the
 * inline ones only here: past them, error is -ENOMEM), a wake-up on one
 * sets triggered; poll_freewait() takes them all off.
 */
struct poll_wqueues {
	poll_table pt;
	struct poll_table_page *table;
	struct task_struct *polling_task;
	int triggered;
	int error;
	int inline_index;
	struct poll_table_entry inline_entries[N_INLINE_POLL_ENTRIES];
};

void poll_initwait(struct poll_wqueues *pwq);
void poll_freewait(struct poll_wqueues *pwq);

/* the EPOLL* bits as poll(2)'s POLL* ones and back (the same values on x86) */
#define __QDK_POLL_MAP(v, from, to)	((v) & (from) ? (to) : 0)
static inline __u16 mangle_poll(__poll_t val)
{
	__u16 v = (__force __u16)val;
	__u16 r = 0;

	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLIN, POLLIN);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLOUT, POLLOUT);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLPRI, POLLPRI);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLERR, POLLERR);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLNVAL, POLLNVAL);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLRDNORM, POLLRDNORM);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLRDBAND, POLLRDBAND);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLWRNORM, POLLWRNORM);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLWRBAND, POLLWRBAND);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLHUP, POLLHUP);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLRDHUP, POLLRDHUP);
	r |= __QDK_POLL_MAP(v, (__force __u16)EPOLLMSG, POLLMSG);
	return r;
}

static inline __poll_t demangle_poll(u16 val)
{
	__u16 r = 0;

	r |= __QDK_POLL_MAP(val, POLLIN, (__force __u16)EPOLLIN);
	r |= __QDK_POLL_MAP(val, POLLOUT, (__force __u16)EPOLLOUT);
	r |= __QDK_POLL_MAP(val, POLLPRI, (__force __u16)EPOLLPRI);
	r |= __QDK_POLL_MAP(val, POLLERR, (__force __u16)EPOLLERR);
	r |= __QDK_POLL_MAP(val, POLLNVAL, (__force __u16)EPOLLNVAL);
	r |= __QDK_POLL_MAP(val, POLLRDNORM, (__force __u16)EPOLLRDNORM);
	r |= __QDK_POLL_MAP(val, POLLRDBAND, (__force __u16)EPOLLRDBAND);
	r |= __QDK_POLL_MAP(val, POLLWRNORM, (__force __u16)EPOLLWRNORM);
	r |= __QDK_POLL_MAP(val, POLLWRBAND, (__force __u16)EPOLLWRBAND);
	r |= __QDK_POLL_MAP(val, POLLHUP, (__force __u16)EPOLLHUP);
	r |= __QDK_POLL_MAP(val, POLLRDHUP, (__force __u16)EPOLLRDHUP);
	r |= __QDK_POLL_MAP(val, POLLMSG, (__force __u16)EPOLLMSG);
	return (__force __poll_t)r;
}


/* what the kernel's header includes too (make shim-coverage ARGS=--includes) */
#include <linux/compiler.h>
#include <linux/ktime.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/kconfig.h>
#include <linux/notifier.h>
#endif
